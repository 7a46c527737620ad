"""Which figures each result gets in the report and in ``--figures``: one registration point.

A :class:`FigureView` says for which results it applies and how to draw it. The defaults
give every result its customary figure (``result.plot()``: the figure that
:func:`algocompare.plots.customary_figure` finds for its type), all-pairs post-hoc results a
p-value heatmap and control post-hoc results a Bonferroni–Dunn chart. Later areas add
views with :func:`register_figure`.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from algocompare._kinds import kind_of

__all__ = ["FigureView", "register_figure", "figure_views", "iter_results", "draw", "in_rank_order", "svg_markup",
           "render_svgs", "save"]

@dataclass(frozen=True)
class FigureView:
    """A figure drawn for the results where ``applies(result)`` is true.

    Attributes
    ----------
    key : str
        Its name (files of ``analyze --figures`` are named after it; ``"figure"`` is the
        result's customary figure).
    title : str
        What it shows, for its caption in the report.
    applies : callable
        ``applies(result) -> bool``: the results it is drawn for (by type or typed fields).
    draw : callable
        ``draw(result)``: creates its own figure and returns its Axes, array of Axes or Figure.
    cost : float
        Relative drawing cost; the costliest figures are handed to the rendering workers first.

    See Also
    --------
    register_figure : makes and registers a view.
    figure_views : the views of a result.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> [(v.key, v.cost > 0) for v in ac.figure_views(ac.posthoc(ac.load_dataset("ice_cream")))]
    [('figure', True), ('pvalue_heatmap', True)]
    """

    key: str
    title: str
    applies: Callable[[Any], bool]
    draw: Callable[[Any], Any]  # result -> Axes, array of Axes or Figure
    #: relative drawing cost; the costliest figures are handed to the workers first
    cost: float = 1.0


_VIEWS: list[FigureView] = []


def register_figure(key: str, title: str, applies: Callable[[Any], bool], draw: Callable[[Any], Any],
                    cost: float = 1.0) -> FigureView:
    """Add a figure to the report for every result where ``applies(result)`` holds.

    ``draw(result)`` must create its own figure and return its Axes (or Figure). A view
    registered with an existing key replaces it. ``cost`` is a rough relative drawing
    time (a text-heavy figure costs more) used to balance the rendering workers.

    Parameters
    ----------
    key : str
        The view's name; a view already registered under it is replaced.
    title : str
        What the figure shows, for its caption.
    applies : callable
        ``applies(result) -> bool``: the results it is drawn for.
    draw : callable
        ``draw(result)``: returns the Axes (or Figure) of a figure it created.
    cost : float
        Relative drawing cost (default 1).

    Returns
    -------
    FigureView
        The view registered.
    See Also
    --------
    figure_views : the views that apply to a result.
    algocompare.plots.register_customary_figure : a result type's own figure (``result.plot()``).

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665


    Examples
    --------
    A bar chart of the mean ranks for every post-hoc result, then switched off again (a
    view registered under the same key replaces it):

    >>> import algocompare as ac
    >>> ph = ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry")
    >>> view = ac.register_figure("mean_ranks", "Mean ranks", lambda r: isinstance(r, ac.PosthocResult),
    ...                           lambda r: r.mean_ranks.plot.barh())
    >>> [v.key for v in ac.figure_views(ph)]
    ['figure', 'bonferroni_dunn', 'mean_ranks']
    >>> _ = ac.register_figure("mean_ranks", "Mean ranks", lambda r: False, view.draw)
    >>> [v.key for v in ac.figure_views(ph)]
    ['figure', 'bonferroni_dunn']
    """
    view = FigureView(key, title, applies, draw, cost)
    _VIEWS[:] = [v for v in _VIEWS if v.key != key] + [view]
    return view


def customary(result: Any) -> Any:
    """The customary figure of ``result`` (:class:`algocompare.plots.CustomaryFigure`), or None."""
    from algocompare.plots import customary_figure

    return customary_figure(result)


def _is_posthoc(result: Any) -> bool:
    """A post-hoc result (``kind == "posthoc"``), or (deprecated, 0.1) a result whose figure is the
    CD diagram by its ``_plot_function`` name."""
    from algocompare.plots import cd_diagram

    if kind_of(result) == "posthoc":
        return True
    figure = customary(result)
    return figure is not None and figure.draw is cd_diagram


def _customary(result: Any) -> Any:
    from algocompare.posthoc._registry import INCOMPLETE_TESTS

    if not (_is_posthoc(result) and result.test in INCOMPLETE_TESTS):
        return result.plot()
    # the CD diagram's caption names the procedure; the title names the test and the missing cells
    missing = result.n_missing
    return result.plot(title=f"{result.label} post-hoc" + (f", {missing} missing cells" if missing else ""))


def _one_cut_line(result: Any) -> bool:
    """A Bonferroni–Dunn chart has one cut line: it needs one standard error for every pair (results
    made outside the post-hoc registry, where it is unknown, get Demšar's)."""
    from algocompare.posthoc._registry import shares_one_se

    return shares_one_se(result) is not False


def _heatmap(result: Any) -> Any:
    from algocompare.plots import pvalue_heatmap

    return pvalue_heatmap(result)


def _bonferroni_dunn(result: Any) -> Any:
    from algocompare.plots import bonferroni_dunn_chart

    return bonferroni_dunn_chart(result, sort=True)  # mean-rank order, as every other view


register_figure("figure", "Figure", lambda r: customary(r) is not None, _customary)
register_figure("bonferroni_dunn", "Bonferroni–Dunn chart",
                lambda r: _is_posthoc(r) and r.control is not None and _one_cut_line(r), _bonferroni_dunn)
register_figure("pvalue_heatmap", "Adjusted p-values", lambda r: _is_posthoc(r) and r.control is None, _heatmap,
                cost=4.0)


def view_title(view: FigureView, result: Any) -> str:
    """The caption's title: the customary figure's own title for the view ``"figure"``."""
    return customary(result).title if view.key == "figure" else view.title


def figure_views(result: Any) -> list[FigureView]:
    """The registered views that apply to ``result``, in registration order.

    Parameters
    ----------
    result : object
        A result object (or any object a section holds).

    Returns
    -------
    list of FigureView
        What the report and ``analyze --figures`` draw for it.
    See Also
    --------
    register_figure : adds a view.
    export_figures : draws them all to files.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665


    Examples
    --------
    >>> import algocompare as ac
    >>> ph = ac.posthoc(ac.load_dataset("ice_cream"))   # all pairs
    >>> [(v.key, v.title) for v in ac.figure_views(ph)]
    [('figure', 'Figure'), ('pvalue_heatmap', 'Adjusted p-values')]
    """
    return [view for view in _VIEWS if view.applies(result)]


def iter_results(sections: list[Any]) -> Iterator[tuple[Any, str, Any]]:
    """(section, name, result) for every result object of every section."""
    for section in sections:
        for name, result in (section.results or {}).items():
            yield section, str(name), result


def _figure_of(drawn: Any) -> Any:
    """The Figure of what a view drew: a Figure, an Axes, or an array or list of Axes."""
    from matplotlib.artist import Artist
    from matplotlib.figure import FigureBase

    if isinstance(drawn, FigureBase):
        return drawn
    if isinstance(drawn, Artist):
        return drawn.figure
    first = next(iter(getattr(drawn, "flat", drawn)))  # an array or list of Axes
    return first.figure


def draw(view: FigureView, result: Any) -> Any:
    """Draw ``view`` for ``result``; returns the matplotlib Figure (caller closes it)."""
    return _figure_of(view.draw(result))


def in_rank_order(view: FigureView, result: Any, order: list[str]) -> FigureView:
    """``view`` drawn with the algorithms in ``order`` (the data's mean-rank order, as the
    report and every table show them) where its figure lists algorithms in an order it is
    given (the Bayesian all-pairs matrix); ``view`` itself otherwise, or when ``order`` does
    not name exactly the figure's algorithms.

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("cec2005_d10").select(algorithms=["DE", "BLX-MA", "G-CMA-ES"])
    >>> pairs = ac.bayesian_pairwise(res, rope=0.1, n_samples=500, rng=0)
    >>> order = [str(a) for a in res.mean_ranks().sort_values().index]
    >>> view = in_rank_order(figure_views(pairs)[0], pairs, order)
    >>> fig = draw(view, pairs)
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()] == order
    True
    """
    figure = customary(result) if view.key == "figure" else None
    if figure is None or figure.algorithms is None:
        return view
    names = [str(a) for a in figure.algorithms(result)]
    known = [a for a in order if a in names]
    if len(known) != len(names):
        return view
    return FigureView(view.key, view.title, view.applies, lambda r: figure.draw(r, order=known), view.cost)


def close(fig: Any) -> None:
    from algocompare.plots._figure import close as close_figure

    close_figure(fig)


_XML_PROLOGUE = re.compile(r"^.*?(?=<svg)", re.S)


def svg_markup(fig: Any) -> str:
    """The figure as inline ``<svg>`` markup: text as paths, so it needs no fonts or network."""
    import matplotlib

    buffer = io.StringIO()
    # A figure with a layout engine already fits its labels; the tight bounding box would
    # draw it a second time.
    tight = {"bbox_inches": "tight", "pad_inches": 0.08} if fig.get_layout_engine() is None else {}
    with matplotlib.rc_context({"svg.fonttype": "path"}):
        fig.savefig(buffer, format="svg", **tight)
    return _XML_PROLOGUE.sub("", buffer.getvalue(), count=1)


def _svg_of(job: tuple[FigureView, Any]) -> str:
    fig = draw(*job)
    try:
        return svg_markup(fig)
    finally:
        close(fig)


_PENDING: list[tuple[FigureView, Any]] = []


def _svg_of_pending(index: int) -> str:
    return _svg_of(_PENDING[index])


def render_svgs(jobs: list[tuple[FigureView, Any]], workers: int | None = None) -> list[str]:
    """SVG markup of each ``(view, result)`` job, in order.

    Drawing is single-threaded CPU work (two thirds of a report's time), so on systems that
    fork, the jobs are shared among forked worker processes, which inherit the loaded
    libraries and the jobs themselves. Not where pyplot or IPython is in use (a notebook
    kernel must not fork), nor for a single job.
    """
    import multiprocessing

    from algocompare.plots._figure import pyplot_in_use

    workers = min(len(jobs), os.cpu_count() or 1) if workers is None else workers
    if workers < 2 or pyplot_in_use() or "fork" not in multiprocessing.get_all_start_methods():
        return [_svg_of(job) for job in jobs]
    import matplotlib.figure  # noqa: F401  (loaded once here, inherited by every worker)

    import algocompare.plots  # noqa: F401

    _PENDING[:] = jobs
    order = sorted(range(len(jobs)), key=lambda i: -jobs[i][0].cost)  # longest first
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            svgs = dict(zip(order, pool.map(_svg_of_pending, order, chunksize=1), strict=False))
    finally:
        _PENDING.clear()
    return [svgs[i] for i in range(len(jobs))]


#: largest raster written by :func:`save` (pixels, e.g. 2,000 × 2,000): figures of 100
#: algorithms are up to 16 × 42 inches, 27 million pixels and 0.6 GB of drawing memory each
#: at 200 dpi (an imshow costs about 20 bytes per pixel more when it is saved)
MAX_PIXELS = 4_000_000


def save(fig: Any, path: Any, fmt: str) -> None:
    """Write ``fig`` to ``path`` as svg, png (200 dpi, less for a figure that would exceed
    :data:`MAX_PIXELS`) or pdf."""
    width, height = fig.get_size_inches()
    dpi = min(200.0, (MAX_PIXELS / max(width * height, 1e-9)) ** 0.5)
    fig.savefig(path, format=fmt, bbox_inches="tight", pad_inches=0.08, dpi=dpi)
