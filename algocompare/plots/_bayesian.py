"""Figures of the Bayesian tests: the posterior simplex (Carrasco et al. 2020, Fig. 4) and
the all-pairs matrix (Figs. 7-10)."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.patches import Rectangle

from algocompare._deprecation import renamed_parameters
from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import (
    FLOOR_POINTS,
    MIN_POINTS,
    cramped,
    finish,
    fit_names,
    in_grid,
    legend_below,
    name_ticks,
    panel_inches,
    record_names,
    text_points,
    wrap_name,
)

__all__ = ["plot_simplex", "plot_pairwise_matrix", "plot_posterior_t", "plot_shrinkage"]

_SQRT3_2 = np.sqrt(3) / 2
REGION_COLOURS = {"win": "#1b9e77", "rope": "#7570b3", "loss": "#d95f02"}


def _to_plane(theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Barycentric (left, rope, right) -> plane: left at (0, 0), right at (1, 0), rope on top."""
    return theta[:, 2] + theta[:, 1] / 2, theta[:, 1] * _SQRT3_2


@renamed_parameters(seed="rng", alpha="opacity")
def plot_simplex(result: Any, ax: Any = None, *, n_points: int = 5000, rng: Any = 0, point_size: float = 3,
                 opacity: float = 0.3, color: str = "#1f4e79") -> Any:
    """Posterior draws of (theta_left, theta_rope, theta_right) in a triangle.

    Each vertex is the certainty of one region (left = ``result.left``, right =
    ``result.right``, top = rope); the dashed lines from the centre split the triangle
    where each region is the most probable, so the share of points in each part is
    ``p_left``, ``p_rope``, ``p_right``. At most ``n_points`` draws are shown, chosen at
    random by ``rng`` (None, an int seed or a numpy Generator; default 0, the same
    figure every time). ``seed=`` and ``alpha=`` are deprecated aliases of ``rng=`` and
    ``opacity=``.

    Parameters
    ----------
    result : BayesianPairedResult
        A Bayesian test of two algorithms with posterior samples (e.g.
        :func:`algocompare.bayesian_signed_rank`).
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    n_points : int
        The posterior draws shown at most.
    rng : None, int or numpy Generator
        Chooses the draws shown when there are more than ``n_points``.
    point_size : float
        The points' size (matplotlib ``s``).
    opacity : float
        The points' matplotlib alpha.
    color : str
        The points' colour.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    plot_pairwise_matrix : every pair of algorithms at once.
    algocompare.bayesian_signed_rank : the test.

    References
    ----------
    .. [1] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html


    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.bayesian_signed_rank([0.1, 0.4, 0.3, 0.9, 0.2], [0.3, 0.5, 0.2, 1.2, 0.6], rope=0.05, rng=1)
    >>> ax = ac.plots.plot_simplex(r, n_points=500)   # or r.plot()
    >>> ax.get_title(), [t.get_text().split("\\n")[0] for t in ax.texts]
    ('Bayesian signed-rank test', ['x lower', 'y lower', 'rope (±0.05)'])
    """
    if result.samples is None:
        raise ValueError("this result has no posterior samples to plot.")
    ax = axes_or_new(ax, (5.5, 5))
    samples = np.asarray(result.samples)
    if len(samples) > n_points:
        samples = samples[np.random.default_rng(rng).choice(len(samples), n_points, replace=False)]
    px, py = _to_plane(samples)
    ax.scatter(px, py, s=point_size, alpha=opacity, color=color, linewidths=0, rasterized=True)
    ax.plot([0, 1, 0.5, 0], [0, 0, _SQRT3_2, 0], color="black", lw=1)
    centre = np.array([0.5, _SQRT3_2 / 3])
    for mid in ([0.5, 0.0], [0.25, _SQRT3_2 / 2], [0.75, _SQRT3_2 / 2]):
        ax.plot([centre[0], mid[0]], [centre[1], mid[1]], color="grey", lw=0.8, ls="--")
    # The two vertex names share the triangle's base (it spans 1/1.3 of the Axes' width, about
    # square): whole on up to three lines where they fit, else cut at their end.
    panel_w, panel_h = panel_inches(ax)
    size = max(MIN_POINTS, min(10.0, panel_w * 72 / 30))
    base_pt = min(0.9 * panel_w, 0.85 * panel_h) * 72 / 1.3
    room = 0.5 * 1.1 * base_pt - size
    names = [str(result.left), str(result.right)]
    shown: list = [None]
    for name_size in (float(z) for z in np.arange(size, FLOOR_POINTS - 1e-9, -0.5)):  # smaller before cut
        shown = [wrap_name(lambda t, z: 1.08 * text_points(ax.figure, t, z)[0], n, name_size, room, 3)
                 for n in names]
        if all(lines is not None for lines in shown):
            break
    if any(lines is None for lines in shown):
        shown = [[n] for n in fit_names(ax.figure, names, name_size, room)]
    left, right = ("\n".join(lines) for lines in shown)
    record_names(ax, names, [left, right])
    ax.text(-0.05, -0.04, f"{left}\np = {result.p_left:.3f}", ha="left", va="top", fontsize=name_size,
            multialignment="left")
    ax.text(1.05, -0.04, f"{right}\np = {result.p_right:.3f}", ha="right", va="top", fontsize=name_size,
            multialignment="right")
    ax.text(0.55, _SQRT3_2, f"rope (±{result.rope:g})\np = {result.p_rope:.3f}", ha="left", va="top",
            fontsize=size)  # beside the top vertex, clear of the title
    ax.set_xlim(-0.15, 1.15)
    ax.set_ylim(-0.08 - 0.1 * (max(left.count("\n"), right.count("\n")) + 2), _SQRT3_2 + 0.15)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(result.method, fontsize=size)
    return finish(ax)


def plot_pairwise_matrix(result: Any, ax: Any = None, *, fontsize: float | None = None,
                         colours: dict[str, str] | None = None, order: Any = None) -> Any:
    """All-pairs matrix: tile (row a, column b) coloured by the most probable region from
    a's point of view (win, rope, loss), opacity and written number = its probability.

    Parameters
    ----------
    result : BayesianPairwiseResult
        From :func:`algocompare.bayesian_pairwise`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    fontsize : float, optional
        Of the numbers in the tiles (default fitted to the tile size).
    colours : dict, optional
        Colour of each region, keyed as :data:`REGION_COLOURS` (the defaults).
    order : list, optional
        The algorithms from the top row down (e.g. by mean rank, as the report does, so that
        wins gather above the diagonal); default the result's order.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    plot_simplex : the posterior of one pair.
    algocompare.bayesian_pairwise : the tests.

    References
    ----------
    .. [1] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665


    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("cec2005_d10").select(algorithms=["G-CMA-ES", "DE", "BLX-MA"])
    >>> ax = ac.plots.plot_pairwise_matrix(ac.bayesian_pairwise(res, rope=0.1, n_samples=2000, rng=0))
    >>> ax.get_title(), [t.get_text() for t in ax.get_xticklabels()]
    ('Bayesian signed-rank test, all pairs', ['G-CMA-ES', 'DE', 'BLX-MA'])
    """
    colours = {**REGION_COLOURS, **(colours or {})}
    regions = result.matrix("region")
    best = result.matrix("best")
    if order is not None:
        order = [str(a) for a in order]
        if sorted(order) != sorted(str(a) for a in regions.index):
            raise ValueError(f"order must list the algorithms {list(regions.index)} once each; got {order}.")
        regions, best = regions.loc[order, order], best.loc[order, order]
    labels = list(regions.index)
    k = len(labels)
    side = max(4.0, 0.55 * k + 1.5)
    ax = axes_or_new(ax, (side + 2.0, side), layout="constrained")  # room for the outside legend
    image = np.ones((k, k, 4))
    for i, a in enumerate(labels):
        for j, b in enumerate(labels):
            if i == j:
                continue
            region, p = regions.loc[a, b], best.loc[a, b]
            rgba = to_rgba(colours[region], alpha=0.25 + 0.75 * float(p))
            image[i, j] = rgba
            ax.text(j, i, f"{p:.2f}", ha="center", va="center", fontsize=fontsize or max(MIN_POINTS, 12 - 0.3 * k),
                    gid="cell-label")  # hidden by finish() where the cells are too small
    column = not in_grid(ax) and panel_inches(ax)[0] < 5.0
    # alone at column width: cells not square, whole names may take up to 42% of the figure
    # each way (given back below when the rows of whole names do not all fit)
    ax.imshow(image, interpolation="none", aspect="auto" if column else "equal")  # cells, not a picture
    stretch = 0.42 if column else None

    def label_names(stretch: float | None) -> None:
        limits = ax.get_xlim(), ax.get_ylim()
        name_ticks(ax, "x", range(k), labels, rotation=90, stretch=stretch)
        name_ticks(ax, "y", range(k), labels, stretch=stretch)
        ax.set_xlim(limits[0])
        ax.set_ylim(limits[1])

    label_names(stretch)
    ax.set_xticks(np.arange(-0.5, k), minor=True)
    ax.set_yticks(np.arange(-0.5, k), minor=True)
    ax.grid(which="minor", color="white", lw=1)
    ax.tick_params(which="minor", length=0)
    handles = [Rectangle((0, 0), 1, 1, color=colours[r]) for r in ("win", "rope", "loss")]
    texts = ["row better", f"rope (±{result.rope:g})", "column better"]
    if column:  # the names take the width a legend beside the matrix would: below it, one row
        legend_below(ax, handles, texts, ncols=3, fontsize=MIN_POINTS)
    else:
        ax.legend(handles, texts, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=8)
    ax.set_title(result.method, fontsize=7.5 if column else 10)
    finish(ax)
    if stretch is not None and cramped(ax):  # whole names that cannot all be shown: the names cut instead
        label_names(None)
        finish(ax)
    return ax


def plot_posterior_t(result: Any, ax: Any = None, *, level: float = 0.999, color: str = "#1f4e79") -> Any:
    """The Student-t posterior of a mean difference, with the rope shaded and each region's probability.

    The curve is the posterior density of mu (the mean of x − y); the area under it is
    filled in each region's colour (left: ``result.left``, rope, right: ``result.right``),
    the rope's bounds are dashed lines, and the legend under the Axes gives each region's
    posterior probability. When every difference was equal (``scale == 0``) the posterior
    is a point mass, drawn as a bar at the mean.

    Parameters
    ----------
    result : BayesianCorrelatedTResult
        A posterior with ``location``, ``scale``, ``df``, ``rope`` and the region probabilities
        (:func:`algocompare.bayesian_correlated_ttest`).
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    level : float
        Central posterior mass the x range shows (it always includes the rope).
    color : str
        Colour of the density curve.

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    algocompare.bayesian_correlated_ttest : the test.
    plot_simplex : the posterior of the sign and signed-rank tests.

    References
    ----------
    .. [1] Corani, G., Benavoli, A. (2015). A Bayesian approach for comparing cross-validated
       algorithms on multiple data sets. *Machine Learning* 100(2), 285–304.
       doi:10.1007/s10994-015-5486-z
    .. [2] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html

    Examples
    --------
    >>> import algocompare as ac
    >>> x = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.78, 0.85, 0.80, 0.81]
    >>> y = [0.78, 0.79, 0.80, 0.77, 0.81, 0.80, 0.79, 0.80, 0.76, 0.80]
    >>> ax = ac.plots.plot_posterior_t(ac.bayesian_correlated_ttest(x, y, rope=0.01))   # or result.plot()
    >>> [t.get_text() for t in ax.get_legend().get_texts()][1]
    'rope (±0.01): p = 0.082'
    """
    from scipy import stats

    from algocompare.bayesian._correlated_t import BayesianCorrelatedTResult

    if not isinstance(result, BayesianCorrelatedTResult):
        raise TypeError(f"plot_posterior_t draws the Student-t posterior of bayesian_correlated_ttest's result; got "
                        f"{type(result).__name__} (its own figure is result.plot()).")
    ax = axes_or_new(ax, (5.5, 3.2))
    panel_w, _ = panel_inches(ax)
    size = max(MIN_POINTS, min(10.0, panel_w * 72 / 30))
    loc, scale, rope = float(result.location), float(result.scale), float(result.rope)
    labels = [f"{result.left}: p = {result.p_left:.3f}", f"rope (±{rope:g}): p = {result.p_rope:.3f}",
              f"{result.right}: p = {result.p_right:.3f}"]
    colours = [REGION_COLOURS["win"], REGION_COLOURS["rope"], REGION_COLOURS["loss"]]
    if scale > 0:
        tail = float(stats.t.ppf(0.5 + level / 2, result.df)) * scale
        low, high = min(loc - tail, -1.2 * rope), max(loc + tail, 1.2 * rope)
        grid = np.linspace(low, high, 801)
        density = stats.t.pdf((grid - loc) / scale, result.df) / scale
        ax.plot(grid, density, color=color, lw=1.2)
        masks = (grid <= -rope, (grid >= -rope) & (grid <= rope), grid >= rope)
        handles = [ax.fill_between(grid, density, where=mask, color=c, alpha=0.45, lw=0)
                   for mask, c in zip(masks, colours, strict=True)]
    else:  # a point mass: every difference was the same
        width = max(abs(loc), rope, 1.0) * 0.02
        low, high = min(loc - 10 * width, -1.2 * rope), max(loc + 10 * width, 1.2 * rope)
        region = 0 if loc < -rope else 2 if loc > rope else 1
        handles = [Rectangle((0, 0), 1, 1, color=c, alpha=0.45) for c in colours]
        ax.bar([loc], [1.0], width=width, color=colours[region], alpha=0.45)
    if rope > 0:
        for bound in (-rope, rope):
            ax.axvline(bound, color="black", lw=0.8, ls="--")
    else:
        ax.axvline(0.0, color="black", lw=0.8, ls="--")
        handles, labels = [handles[0], handles[2]], [labels[0], labels[2]]
    ax.set_xlim(low, high)
    ax.set_ylim(bottom=0)
    ax.set_yticks([])
    ax.set_ylabel("posterior density", fontsize=size)
    ax.set_xlabel(f"mean difference {result.x_name} − {result.y_name}", fontsize=size)
    ax.tick_params(labelsize=size)
    ax.set_title(result.method, fontsize=size)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    legend_below(ax, handles, labels, fontsize=size)
    return finish(ax)


def plot_shrinkage(result: Any, ax: Any = None, *, max_instances: int = 40) -> Any:
    """Per-instance shrinkage of the hierarchical model: each instance's observed mean
    difference (open circle) and its posterior mean with a 95 % interval (dot and bar), the
    posterior mean of delta0 (solid line) and the rope (shaded).

    Instances are sorted by their posterior mean; with more than ``max_instances`` an evenly
    spaced selection of them is shown (the title says how many).

    Parameters
    ----------
    result : BayesianHierarchicalResult
        From :func:`algocompare.bayesian_hierarchical`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    max_instances : int
        The most instances drawn.

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    algocompare.bayesian_hierarchical : the model.
    plot_simplex : its probabilities for the next instance.

    References
    ----------
    .. [1] Corani, G., Benavoli, A., Demšar, J., Mangili, F., Zaffalon, M. (2017). Statistical
       comparison of classifiers through Bayesian hierarchical modelling. *Machine Learning*
       106, 1817–1837. https://doi.org/10.1007/s10994-017-5641-9

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.simulate_runs([10, 10.5], n_instances=8, n_runs=5, rng=0).results
    >>> r = ac.bayesian_hierarchical(data, "A1", "A2", rope=0.1, n_samples=2000, rng=0)
    >>> ax = ac.plots.plot_shrinkage(r)
    >>> len(ax.get_yticklabels())
    8
    """
    from algocompare.bayesian._hierarchical import BayesianHierarchicalResult

    if not isinstance(result, BayesianHierarchicalResult):
        raise TypeError(f"plot_shrinkage draws a bayesian_hierarchical result; got {type(result).__name__}.")
    table = result.instances.sort_values("delta").reset_index(drop=True)
    shown = len(table)
    if shown > max_instances:
        table = table.iloc[np.linspace(0, shown - 1, max_instances).round().astype(int)].reset_index(drop=True)
    rows = np.arange(len(table))
    ax = axes_or_new(ax, (5.0, max(2.5, 0.22 * len(table) + 1.2)))
    panel_w, _ = panel_inches(ax)
    size = max(MIN_POINTS, min(9.0, panel_w * 72 / 30))
    if result.rope > 0:
        ax.axvspan(-result.rope, result.rope, color=REGION_COLOURS["rope"], alpha=0.15, lw=0,
                   label=f"rope (±{result.rope:g})")
    ax.axvline(result.delta0, color="black", lw=1.0, label="delta0 (posterior mean)")
    ax.hlines(rows, table["delta_low"], table["delta_high"], color="#1f4e79", lw=1.0)
    ax.plot(table["mean_diff"], rows, "o", mfc="none", mec="0.45", ms=4, label="observed mean")
    ax.plot(table["delta"], rows, "o", color="#1f4e79", ms=3.5, label="posterior mean, 95 %")
    ax.set_yticks(rows)
    ax.set_yticklabels([str(v) for v in table["instance"]], fontsize=max(MIN_POINTS, size - 1))
    ax.set_xlabel(f"difference {result.x_name} − {result.y_name}", fontsize=size)
    ax.tick_params(axis="x", labelsize=size)
    title = "Shrinkage per instance" + (f" ({len(table)} of {shown})" if shown > len(table) else "")
    ax.set_title(title, fontsize=size)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    handles, labels = ax.get_legend_handles_labels()
    legend_below(ax, handles, labels, fontsize=max(MIN_POINTS, size - 1))
    return finish(ax)
