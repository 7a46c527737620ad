"""Distribution views: box/violin plots per algorithm or per instance, histogram + normal Q-Q.

The histogram and Q-Q pair is the graphical normality check of García et al. (2009,
Sect. 3.1, Figs. 1–5).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import cramped, finish, in_grid, name_ticks, panel_inches

__all__ = ["distribution_plot", "runs_distribution", "histogram_qq", "normality_plots"]

_SCALES = ("raw", "ranks")
_KINDS = ("box", "violin")


def _results(data: Any, direction: str | None = None) -> Any:
    from algocompare.data._convert import as_results

    return as_results(data, direction=direction)


def _draw(ax: Any, samples: list[np.ndarray], names: Sequence[str], kind: str, axis: str = "linear",
          values: np.ndarray | None = None) -> bool:
    """Box or violin plot of ``samples`` at positions 0..n-1, labelled ``names``; on a log or
    symlog ``axis`` (:func:`_axis_scale` of ``values``) the violins' densities are taken in the
    axis' own (transformed) space. Whether the names were given extra room (:func:`_name_axis`)."""
    positions = np.arange(len(samples))
    if kind == "violin":
        # A kernel density needs spread: constant samples are drawn as a line.
        spread = [i for i, s in enumerate(samples) if len(s) > 1 and np.ptp(s) > 0]
        if spread:
            shapes = _violin_shapes([samples[i] for i in spread], _axis_transform(axis, values))
            ax.violin(shapes, positions=positions[spread], showmedians=True, widths=0.8)
        for i in sorted(set(range(len(samples))) - set(spread)):
            ax.plot([i - 0.3, i + 0.3], [samples[i][0]] * 2, color="black", lw=1.5)
    else:
        ax.boxplot(samples, positions=positions, widths=0.6, patch_artist=True,
                   boxprops=dict(facecolor="#c6dbef"), medianprops=dict(color="black"),
                   flierprops=dict(marker=".", markersize=4))
    ax.set_xlim(-0.6, len(samples) - 0.4)
    return _name_axis(ax, positions, names, stretch=True)


def _name_axis(ax: Any, positions: np.ndarray, names: Sequence[str], stretch: bool) -> bool:
    """Label the boxes with ``names``; alone at column width (and ``stretch``), whole names may
    take up to 42% of the height before they are cut. Whether they were given that room."""
    rotate = len(names) > 6 or max((len(str(n)) for n in names), default=0) > 10
    share = 0.42 if stretch and rotate and not in_grid(ax) and panel_inches(ax)[0] < 5.0 else None
    name_ticks(ax, "x", positions, names, rotation=90 if rotate else 0, share=0.3 if rotate else 0.8 / len(names),
               stretch=share)
    return share is not None


#: distinct values above which a violin's density is taken from this many equal bins
_DENSITY_BINS = 2048


def _density(values: np.ndarray, coords: np.ndarray) -> np.ndarray:
    """The Gaussian kernel density of matplotlib's ``violinplot`` (Scott's bandwidth,
    variance with ddof = 1) at ``coords``, summed over the distinct values weighted by their
    counts instead of over every value: ranks of 25,000 instances have at most k distinct
    values (100 violins took 4.5 s, now milliseconds). Above 2,048 distinct values the
    values are binned in 2,048 equal bins, a shift far below the bandwidth (a 25,000-value
    sample: bins of 0.002 sd, bandwidth 0.14 sd)."""
    n = values.size
    variance = np.var(values, ddof=1) * n ** -0.4  # Scott's factor n^(-1/5), squared
    points, counts = np.unique(values, return_counts=True)
    if points.size > _DENSITY_BINS:
        counts, edges = np.histogram(values, bins=_DENSITY_BINS)
        points = (edges[:-1] + edges[1:]) / 2
    kernel = np.exp(-((coords[:, None] - points[None, :]) ** 2) / (2 * variance))
    return kernel @ counts / (np.sqrt(2 * np.pi * variance) * n)


def _axis_transform(axis: str, values: np.ndarray | None) -> Any:
    """The value axis' transform (a matplotlib Transform with ``inverted()``), None when linear."""
    from matplotlib.scale import LogTransform, SymmetricalLogTransform

    if axis == "log":
        return LogTransform(10)
    if axis == "symlog" and values is not None:  # symlog is chosen from the values (_axis_scale)
        return SymmetricalLogTransform(10, _linthresh(values), 1.0)
    return None


def _violin_shapes(samples: list[np.ndarray], transform: Any = None) -> list[dict]:
    """matplotlib's violin statistics with :func:`_density`; on a log or symlog axis
    (``transform``, the axis' own) the density of the transformed values, drawn back at the
    values, so that a violin spanning decades has the shape of its data on that axis (a
    linear-space density there is a blob at the top, or a flat slab on a symlog axis)."""
    from matplotlib import cbook

    if transform is None:
        return cbook.violin_stats(samples, _density)
    def forward(x: np.ndarray) -> np.ndarray:
        return transform.transform(np.asarray(x, float).reshape(-1, 1)).ravel()

    shapes = cbook.violin_stats([forward(s) for s in samples], _density)
    inverse = transform.inverted()
    for shape, sample in zip(shapes, samples, strict=False):
        shape["coords"] = inverse.transform(shape["coords"].reshape(-1, 1)).ravel()
        shape.update(mean=sample.mean(), median=np.median(sample), min=sample.min(), max=sample.max())
    return shapes


def _linthresh(values: np.ndarray) -> float:
    """The linear range of a symlog axis: up to the smallest positive value."""
    return float(values[values > 0].min())


def _axis_scale(values: np.ndarray, log: bool | None) -> str:
    """"log" for positive values spanning > 3 decades, "symlog" when zeros are among them,
    else "linear" (``log=False`` forces linear; ``log=True`` asks for log where possible)."""
    positive = values[values > 0]
    wide = positive.size > 1 and positive.max() / positive.min() > 1e3
    if log is False or (log is None and not (wide and values.min() >= 0)):
        return "linear"
    if positive.size == values.size:
        return "log"
    return "symlog" if positive.size else "linear"


def _set_scale(ax: Any, scale: str, values: np.ndarray) -> None:
    if scale == "log":
        ax.set_yscale("log")
    elif scale == "symlog":
        ax.set_yscale("symlog", linthresh=_linthresh(values))
        ax.set_ylim(bottom=0)  # no room for negative values the data do not have


def distribution_plot(data: Any, ax: Any = None, *, kind: str = "box", scale: str = "raw",
                      instance: Any = None, log: bool | None = None, sort: bool = True,
                      title: str | None = None) -> Any:
    """Box or violin plot of each algorithm's results.

    Without ``instance`` each box holds one value per instance (the aggregated table,
    mean of the runs); ``scale="ranks"`` shows the within-instance ranks instead, which
    are comparable across instances of very different scales. With ``instance`` (data
    with runs) each box holds that instance's runs.

    Parameters
    ----------
    data : Results, DataFrame or array
        The results table (instances x algorithms, or runs).
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    kind : {"box", "violin"}
    scale : {"raw", "ranks"}
    instance : label, optional
        Show the runs of this instance.
    log : bool, optional
        Logarithmic value axis; default when every value is positive and they span more
        than three orders of magnitude.
    sort : bool
        Order the algorithms by mean rank (best first).
    title : str, optional
        The Axes title (default none).

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    runs_distribution : one panel per instance with its runs.
    algocompare.report.render_report : the report draws the violins of the ranks.

    References
    ----------
    .. [1] Hintze, J. L., Nelson, R. D. (1998). Violin plots: a box plot-density trace synergism.
       *The American Statistician* 52(2), 181–184. doi:10.1080/00031305.1998.10480559
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4


    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.distribution_plot(ac.load_dataset("cec2005_d10"), kind="violin", scale="ranks")
    >>> ax.get_ylabel(), [t.get_text() for t in ax.get_xticklabels()][:3]   # sorted by mean rank
    ('rank within instance (1 = best)', ['G-CMA-ES', 'L-SaDE', 'DMS-L-PSO'])
    """
    from algocompare._validation import check_option

    check_option("kind", kind, _KINDS)
    check_option("scale", scale, _SCALES)
    res = _results(data)
    names = list(res.mean_ranks().sort_values(kind="stable").index) if sort else list(res.algorithms)
    if instance is not None:
        if not res.has_runs:
            raise ValueError("instance= needs data with runs (one row per run); these data have one value per cell.")
        if instance not in res.instances:
            raise ValueError(f"instance {instance!r} is not in the data.")
        long = res.to_long()
        cell = long[long["instance"] == instance]
        samples = [cell.loc[cell["algorithm"] == n, "value"].to_numpy(float) for n in names]
        ylabel = f"value on {instance} (runs)"
    elif scale == "ranks":
        ranks = res.ranks()
        samples = [ranks[n].to_numpy(float) for n in names]
        ylabel = "rank within instance (1 = best)"
    else:
        blocks = res.blocks()
        samples = [blocks[n].to_numpy(float) for n in names]
        ylabel = "value" + (" (mean of runs)" if res.has_runs else "")
    ax = axes_or_new(ax, (max(4.0, 0.5 * len(names) + 1.5), 3.8), layout="constrained")
    values = np.concatenate(samples)
    axis = _axis_scale(values, log) if scale == "raw" else "linear"
    stretched = _draw(ax, samples, names, kind, axis, values)
    _set_scale(ax, axis, values)
    ax.set_ylabel(ylabel)
    ax.set_title(title or f"Distribution per algorithm ({res.direction})", fontsize=10)
    finish(ax)
    if stretched and cramped(ax):  # whole names leave no room for the boxes: the names cut instead
        _name_axis(ax, np.arange(len(names)), names, stretch=False)
        finish(ax)
    return ax


def runs_distribution(data: Any, *, kind: str = "box", instances: Sequence[Any] | None = None,
                      ncols: int = 4, log: bool | None = None, ax: Any = None) -> Any:
    """One panel per instance with the runs of every algorithm (data with runs).

    Parameters
    ----------
    data : Results
        Results with runs (several values per algorithm and instance).
    kind : {"box", "violin"}
        The plot of each algorithm's runs.
    instances : sequence of labels, optional
        The instances to show (default all).
    ncols : int
        Panels per row.
    log : bool, optional
        Logarithmic value axes; default when every value is positive and they span more than
        three orders of magnitude.
    ax : matplotlib Axes, optional
        One Axes whose place the panels share (default a new figure).

    Returns
    -------
    matplotlib Figure
    See Also
    --------
    distribution_plot : one box per algorithm, over the instances.

    References
    ----------
    .. [1] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.
    .. [2] Hintze, J. L., Nelson, R. D. (1998). Violin plots: a box plot-density trace synergism.
       *The American Statistician* 52(2), 181–184. doi:10.1080/00031305.1998.10480559


    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10, 12], n_instances=3, n_runs=5, rng=0)
    >>> fig = ac.plots.runs_distribution(sim.results)
    >>> [ax.get_title() for ax in fig.axes]
    ['I1', 'I2', 'I3']
    """
    from algocompare.plots._figure import split_axes, subplots, use_layout

    res = _results(data)
    if not res.has_runs:
        raise ValueError("runs_distribution needs data with runs (one row per run).")
    instances = list(res.instances if instances is None else instances)
    # Panels at most 7 in wide and rows at most 14 in (two pages side by side); names beyond
    # that are abbreviated or thinned rather than the figure growing without bound.
    width = min(max(3.0, 0.45 * res.n_algorithms + 1.2), 7.0)
    ncols = max(1, min(ncols, len(instances), int(14.0 // width)))
    nrows = math.ceil(len(instances) / ncols)
    if ax is None:
        fig, axes = subplots(nrows, ncols, figsize=(width * ncols, 3.2 * nrows), squeeze=False, layout="constrained")
    else:
        use_layout(ax.figure)
        fig, axes = ax.figure, split_axes(ax, ncols, nrows).reshape(nrows, ncols)
    for panel, inst in zip(axes.flat, instances, strict=False):
        distribution_plot(res, panel, kind=kind, instance=inst, log=log, sort=False, title=str(inst))
        panel.set_ylabel("")
    for panel in axes.flat[len(instances):]:
        panel.set_visible(False)
    finish(axes[0, 0])
    return fig


def histogram_qq(sample: Any, axes: Sequence[Any] | None = None, *, name: str | None = None,
                 bins: Any = "auto") -> Any:
    """Histogram with the fitted normal density, and the normal Q-Q plot (García et al. 2009, Figs. 1–5).

    The Q-Q plot puts the ordered sample against the normal quantiles at Filliben's plotting
    positions (scipy.stats.probplot) with the least-squares line; points bending away
    from the line show skewness or heavy tails.

    Parameters
    ----------
    sample : array-like
        One sample (e.g. the runs of one algorithm on one function).
    axes : pair of Axes, optional
        Where to draw the histogram and the Q-Q plot; default a new 1 × 2 figure.
    name : str, optional
        Used in the titles.
    bins : int, sequence or str
        The histogram's bins (as :func:`numpy.histogram_bin_edges`; default ``"auto"``).

    Returns
    -------
    ndarray of two Axes
    See Also
    --------
    normality_plots : the pair for each algorithm.
    algocompare.normality : the tests of normality.

    References
    ----------
    .. [1] Wilk, M. B., Gnanadesikan, R. (1968). Probability plotting methods for the analysis of
       data. *Biometrika* 55(1), 1–17. doi:10.1093/biomet/55.1.1
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4


    Examples
    --------
    >>> import algocompare as ac
    >>> axes = ac.plots.histogram_qq(ac.load_dataset("cec2005_d10").blocks()["DE"], name="DE")
    >>> [ax.get_title() for ax in axes]
    ['Histogram — DE', 'Normal Q-Q — DE']
    """
    from scipy import stats

    from algocompare._validation import as_sample
    from algocompare.plots._figure import split_axes, subplots, use_layout
    from algocompare.plots._fit import fit_names

    x = as_sample(sample, name or "sample", min_size=3)
    if axes is None:
        _, axes = subplots(1, 2, figsize=(7.5, 3.0), layout="constrained")
    elif np.size(axes) == 1:
        axes = split_axes(np.ravel(axes)[0], 2)
    ax_hist, ax_qq = np.ravel(axes)
    use_layout(ax_hist.figure)
    if name:  # in a title over half the figure: abbreviated beyond 40% of its width
        (name,) = fit_names(ax_hist.figure, [str(name)], 10.0, 0.2 * ax_hist.figure.get_figwidth() * 72)
    ax_hist.hist(x, bins=bins, density=True, color="#9ecae1", edgecolor="black", lw=0.5)
    mean, sd = float(np.mean(x)), float(np.std(x, ddof=1))
    if sd > 0:
        grid = np.linspace(x.min() - sd, x.max() + sd, 200)
        ax_hist.plot(grid, stats.norm.pdf(grid, mean, sd), color="black", lw=1.2, label="normal fit")
    ax_hist.set_title(f"Histogram{f' — {name}' if name else ''}", fontsize=10)
    ax_hist.set_ylabel("density")
    (theoretical, ordered), (slope, intercept, _) = stats.probplot(x, dist="norm")
    ax_qq.plot(theoretical, ordered, "o", ms=3.5, color="#2171b5")
    ax_qq.plot(theoretical, slope * theoretical + intercept, color="black", lw=1.0)
    ax_qq.set_xlabel("normal quantiles")
    ax_qq.set_ylabel("sample quantiles")
    ax_qq.set_title(f"Normal Q-Q{f' — {name}' if name else ''}", fontsize=10)
    return finish(np.asarray(axes, dtype=object))


def normality_plots(data: Any, *, algorithms: Sequence[Any] | None = None, instance: Any = None,
                    bins: Any = "auto", ax: Any = None) -> Any:
    """Histogram + Q-Q pair for each algorithm, one row each (García et al. 2009, Figs. 4–5).

    Without ``instance`` the sample of an algorithm is its value on every instance (the
    aggregated table, as in García's Figs. 4–5); with ``instance`` it is that instance's
    runs (Figs. 1–3).

    Parameters
    ----------
    data : Results, DataFrame or array
        The results table.
    algorithms : sequence of labels, optional
        The algorithms to show (default all).
    instance : label, optional
        Show the runs of this instance (data with runs).
    bins : int, sequence or str
        The histograms' bins (default ``"auto"``).
    ax : matplotlib Axes, optional
        One Axes whose place the panels share (default a new figure).

    Returns
    -------
    matplotlib Figure
    See Also
    --------
    histogram_qq : the pair for one sample.
    algocompare.check_assumptions : the tests behind the parametric path.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Wilk, M. B., Gnanadesikan, R. (1968). Probability plotting methods for the analysis of
       data. *Biometrika* 55(1), 1–17. doi:10.1093/biomet/55.1.1


    Examples
    --------
    >>> import algocompare as ac
    >>> fig = ac.plots.normality_plots(ac.load_dataset("cec2005_d10"), algorithms=["DE", "EDA"])
    >>> [ax.get_title() for ax in fig.axes]
    ['Histogram — DE', 'Normal Q-Q — DE', 'Histogram — EDA', 'Normal Q-Q — EDA']
    """
    from algocompare.plots._figure import split_axes, subplots, use_layout

    res = _results(data)
    names = list(res.algorithms if algorithms is None else algorithms)
    if instance is not None:
        long = res.to_long()
        cell = long[long["instance"] == instance]
        samples = {n: cell.loc[cell["algorithm"] == n, "value"].to_numpy(float) for n in names}
    else:
        blocks = res.blocks()
        samples = {n: blocks[n].to_numpy(float) for n in names}
    if ax is None:
        fig, axes = subplots(len(names), 2, figsize=(7.5, 2.6 * len(names)), squeeze=False, layout="constrained")
    else:
        use_layout(ax.figure)
        fig, axes = ax.figure, split_axes(ax, 2, len(names)).reshape(len(names), 2)
    for row, n in zip(axes, names, strict=False):
        histogram_qq(samples[n], row, name=str(n), bins=bins)
    return fig
