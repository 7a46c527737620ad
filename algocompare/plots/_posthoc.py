"""P-value views of a post-hoc result: heatmap of adjusted p-values and significance sign plot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import MIN_POINTS, cramped, finish, in_grid, name_ticks, panel_inches

__all__ = ["pvalue_heatmap", "sign_plot"]


def _ordered_matrix(result: Any, value: str) -> tuple[pd.DataFrame, pd.Series]:
    """The square matrix of ``value`` with algorithms in mean-rank order (best first)."""
    ranks = result.mean_ranks.sort_values(kind="stable")
    matrix = result.matrix(value)
    if isinstance(matrix, pd.Series):  # comparisons with a control: its row and column only
        square = pd.DataFrame(np.nan, index=ranks.index, columns=ranks.index)
        square.loc[matrix.index, result.control] = matrix.to_numpy(float)
        square.loc[result.control, matrix.index] = matrix.to_numpy(float)
        matrix = square
    matrix = matrix.astype(float)
    order = [n for n in ranks.index if n in matrix.index]
    return matrix.loc[order, order], ranks.loc[order]


def _pvalue_text(p: float) -> str:
    if p < 0.001:
        return "<.001"
    return f"{p:.3f}".lstrip("0") if p < 1 else "1"


def _square_size(k: int) -> tuple[float, float]:
    side = min(max(3.0, 0.5 * k + 1.6), 16.0)
    return side + 1.2, side


def pvalue_heatmap(result: Any, ax: Any = None, *, value: str = "pvalue_adj", alpha: float | None = None,
                   annotate: bool | None = None, vmin: float = 1e-4, colorbar: bool = True,
                   title: str | None = None, stability: Any = None, fragile: float = 0.0) -> Any:
    """Heatmap of the post-hoc p-values, lower triangle, algorithms in mean-rank order.

    Colours follow log10(p) between ``vmin`` and 1; each tested pair is annotated with its
    p-value (three decimals, ``<.001`` below 0.001), rejected hypotheses
    (``p <= alpha``) in bold with a black frame — the same decision as the post-hoc
    table. Pairs that were not tested (e.g. comparisons not involving the control)
    stay blank.

    Parameters
    ----------
    result : PosthocResult
        Needs ``matrix(value)`` and ``mean_ranks``.
    value : str
        Matrix to show: ``"pvalue_adj"`` (default) or ``"pvalue"``.
    alpha : float, optional
        Level for the bold frames; default the result's ``alpha``.
    annotate : bool, optional
        Write the p-values in the cells; default when k <= 20.
    vmin : float
        Smallest p-value of the colour scale.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when None.
    colorbar : bool
        Draw the colour bar.
    title : str, optional
        The Axes title; default names the adjustment and the level.
    stability : StabilityResult, optional
        The result of :func:`algocompare.posthoc_stability` for the same post-hoc procedure:
        the cells of fragile decisions (flipping in more than ``fragile`` of the leave-one-out
        re-analyses) are hatched in red (``gid="fragile"``), and the title says so.
    fragile : float
        The share of re-analyses above which a decision is fragile (default 0: any flip).

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    sign_plot : the same pairs as significance levels.
    algocompare.posthoc : the result it draws.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] García, S., Herrera, F. (2008). An extension on "Statistical comparisons of
       classifiers over multiple data sets" for all pairwise comparisons. *Journal of Machine
       Learning Research* 9, 2677–2694. https://jmlr.org/papers/v9/garcia08a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="nemenyi")
    >>> ax = ac.plots.pvalue_heatmap(ph)
    >>> ax.get_title(), [t.get_text() for t in ax.get_xticklabels()][:3]   # mean-rank order
    ('p-values (nemenyi); framed: p ≤ 0.05', ['G-CMA-ES', 'L-SaDE', 'DMS-L-PSO'])
    """
    from matplotlib.collections import PatchCollection
    from matplotlib.colors import LogNorm
    from matplotlib.patches import Rectangle

    alpha = result.alpha if alpha is None else alpha
    matrix, _ = _ordered_matrix(result, value)
    names = [str(n) for n in matrix.index]
    k = len(names)
    values = matrix.to_numpy(float)
    shown = np.tril(np.ones((k, k), bool), -1) & np.isfinite(values)
    if not shown.any():  # a one-sided (control) matrix may be filled in the upper triangle only
        values = np.where(np.isfinite(values), values, values.T)
        shown = np.tril(np.ones((k, k), bool), -1) & np.isfinite(values)
    masked = np.ma.masked_array(np.clip(values, vmin, 1.0), ~shown)
    ax = axes_or_new(ax, _square_size(k))
    column = not in_grid(ax) and panel_inches(ax)[0] < 5.0
    # interpolation "none": SVG and PDF embed the k × k cells as they are (crisp, a few kB) instead
    # of an image resampled at the output resolution (a 100-algorithm map: +110 MB and 1 MB of SVG)
    image = ax.imshow(masked, cmap="viridis", norm=LogNorm(vmin=vmin, vmax=1.0),
                      aspect="auto" if column else "equal", interpolation="none")
    annotate = k <= 20 if annotate is None else annotate
    size = max(MIN_POINTS, min(9.0, 120.0 / k))  # cells too small for it lose their numbers (finish)
    frames = []
    for i, j in zip(*np.nonzero(shown), strict=False):
        p = values[i, j]
        reject = p <= alpha
        if annotate:
            color = "white" if np.log10(max(p, vmin)) < np.log10(vmin) / 2 else "black"
            ax.text(j, i, _pvalue_text(p), ha="center", va="center", fontsize=size, color=color,
                    fontweight="bold" if reject else "normal", gid="pvalue-label")
        if reject:
            frames.append(Rectangle((j - 0.5, i - 0.5), 1, 1))
    # one collection: 4,950 pairs as separate patches took 5 s to add and draw (100 algorithms)
    ax.add_collection(PatchCollection(frames, facecolor="none", edgecolor="black", linewidth=1.2, gid="rejected"),
                      autolim=False)
    hatched = _fragile_cells(result, stability, fragile, names, shown)
    if hatched:
        ax.add_collection(PatchCollection([Rectangle((j - 0.5, i - 0.5), 1, 1) for i, j in hatched],
                                          facecolor="none", edgecolor="#d62728", hatch="////", linewidth=0.0,
                                          gid="fragile"), autolim=False)
    note = "; hatched: fragile" if stability is not None else ""
    # in a panel of a grid or a column, names take less of it (shorter before fewer)
    share = 0.3 if panel_inches(ax)[0] >= 5.0 else 0.22
    # alone at column width, whole names before a square matrix: up to 42% of the figure each way
    # (given back below when the rows of whole names do not all fit)
    stretch = 0.42 if column else None

    def label_names(stretch: float | None) -> None:
        limits = ax.get_xlim(), ax.get_ylim()
        name_ticks(ax, "x", range(k), names, rotation=90, share=share, stretch=stretch)
        name_ticks(ax, "y", range(k), names, share=share, stretch=stretch)
        ax.set_xlim(limits[0])  # setting ticks widens the view to them: the triangle's stays
        ax.set_ylim(limits[1])

    label_names(stretch)
    ax.set_xlim(-0.5, k - 1.5)  # the lower triangle: rows 2..k, columns 1..k-1
    ax.set_ylim(k - 0.5, 0.5)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if colorbar and column and k >= 4:
        bar = _colorbar_in_corner(ax, image, value, alpha, vmin)
    elif colorbar:
        # inside the Axes' own space (an inset beside it): it moves with the Axes, in a grid too
        bar = ax.figure.colorbar(image, cax=ax.inset_axes((1.04, 0.0, 0.05, 1.0)))
        bar.set_label(("adjusted p-value" if value == "pvalue_adj" else "p-value") if share == 0.3 else
                      ("adj. p" if value == "pvalue_adj" else "p"))
        bar.ax.axhline(alpha, color="red", lw=1.5)
        # Plain decade labels: the default mathtext ones cost a parse on every draw.
        decades = 10.0 ** np.arange(np.floor(np.log10(vmin)), 1)
        bar.ax.minorticks_off()
        name_ticks(bar.ax, "y", decades, [f"{d:g}" for d in decades])  # thinned on a short colour bar
    label = result.p_adjust
    if column:  # one short line: the rows of names need the height
        shown = "adj. p" if value == "pvalue_adj" else "p"
        ax.set_title(title or f"{shown}{f' ({label})' if label else ''}; framed: p ≤ {alpha:g}{note}", fontsize=7.5)
    else:
        ax.set_title(title or f"p-values{f' ({label})' if label else ''}; framed: p ≤ {alpha:g}{note}", fontsize=10)
    finish(ax, also=[bar.ax] if colorbar else [])
    if stretch is not None and cramped(ax):  # whole names that cannot all be shown: the names cut instead
        label_names(None)
        finish(ax, also=[bar.ax] if colorbar else [])
    return ax


def _fragile_cells(result: Any, stability: Any, threshold: float, names: list[str],
                   shown: np.ndarray) -> list[tuple[int, int]]:
    """(row, column) of the drawn cells whose decision ``stability`` finds fragile (none without it)."""
    if stability is None:
        return []
    from algocompare.plots._cd_diagram import fragile_pairs

    where = {name: i for i, name in enumerate(names)}
    cells = [(where[a], where[b]) for a, b in fragile_pairs(result, stability, threshold)]
    return [(i, j) if shown[i, j] else (j, i) for i, j in cells]


def _colorbar_in_corner(ax: Any, image: Any, value: str, alpha: float, vmin: float) -> Any:
    """A small colour bar in the empty upper-right triangle of the matrix, its numbers on its
    left at 7 pt: at column width the names take the room a bar beside the matrix would."""
    import matplotlib

    bar = ax.figure.colorbar(image, cax=ax.inset_axes((0.88, 0.5, 0.045, 0.38)))
    bar.ax.yaxis.set_ticks_position("left")
    bar.ax.set_title("adj. p" if value == "pvalue_adj" else "p", fontsize=MIN_POINTS)
    bar.ax.axhline(alpha, color="red", lw=1.5)
    decades = 10.0 ** np.arange(np.floor(np.log10(vmin)), 1)
    bar.ax.minorticks_off()
    with matplotlib.rc_context({"ytick.labelsize": MIN_POINTS}):
        name_ticks(bar.ax, "y", decades, [f"{d:g}" for d in decades])  # thinned on a short colour bar
    return bar


def sign_plot(result: Any, ax: Any = None, *, value: str = "pvalue_adj",
              levels: Sequence[float] = (0.001, 0.01, 0.05), title: str | None = None) -> Any:
    """Significance sign plot: every pair coloured by the level its p-value reaches.

    Cell (row A, column B) shows ``+`` when A has the better (lower) mean rank than B and
    ``−`` when worse; its colour is the smallest level in ``levels`` that the p-value
    does not exceed, or grey ("NS") when above them all. Algorithms are in mean-rank order.

    Parameters
    ----------
    result : PosthocResult
        Needs ``matrix(value)`` and ``mean_ranks``.
    ax : matplotlib Axes, optional
        Where to draw; a new figure when None.
    value : str
        Matrix to show: ``"pvalue_adj"`` (default) or ``"pvalue"``.
    levels : sequence of float
        The significance levels, increasing.
    title : str, optional
        The Axes title.

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    pvalue_heatmap : the p-values themselves.
    algocompare.posthoc : the result it draws.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] García, S., Herrera, F. (2008). An extension on "Statistical comparisons of
       classifiers over multiple data sets" for all pairwise comparisons. *Journal of Machine
       Learning Research* 9, 2677–2694. https://jmlr.org/papers/v9/garcia08a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="holm")
    >>> ax = ac.plots.sign_plot(ph)
    >>> ax.get_title(), [t.get_text() for t in ax.get_yticklabels()][:3]
    ('Significance (+: row better than column)', ['G-CMA-ES', 'L-SaDE', 'DMS-L-PSO'])
    """
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    levels = sorted(float(level) for level in levels)
    matrix, ranks = _ordered_matrix(result, value)
    names = [str(n) for n in matrix.index]
    k = len(names)
    values = matrix.to_numpy(float)
    category = np.full((k, k), np.nan)
    tested = np.isfinite(values)
    category[tested] = np.searchsorted(levels, values[tested], side="left")  # 0 = strongest level
    palette = ["#08306b", "#2171b5", "#6baed6", "#9ecae1", "#c6dbef"][:len(levels)] + ["#e0e0e0"]
    ax = axes_or_new(ax, _square_size(k))
    ax.imshow(np.ma.masked_invalid(category), cmap=ListedColormap(palette), vmin=-0.5,
              vmax=len(levels) + 0.5, aspect="equal", interpolation="none")
    rank_values = ranks.to_numpy(float)
    size = max(MIN_POINTS, min(10.0, 140.0 / k))
    for i, j in zip(*np.nonzero(tested), strict=False):
        if i == j:
            continue
        sign = "+" if rank_values[i] < rank_values[j] else ("−" if rank_values[i] > rank_values[j] else "=")
        dark = category[i, j] < min(2, len(levels))
        ax.text(j, i, sign, ha="center", va="center", fontsize=size, color="white" if dark else "black",
                gid="cell-label")
    share = 0.3 if panel_inches(ax)[0] >= 5.0 else 0.22
    name_ticks(ax, "x", range(k), names, rotation=90, share=share)
    name_ticks(ax, "y", range(k), names, share=share)
    handles = [Patch(color=c, label=f"p ≤ {lev:g}") for c, lev in zip(palette, levels, strict=False)]
    handles.append(Patch(color=palette[-1], label="NS"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False, fontsize=8)
    ax.set_title(title or "Significance (+: row better than column)", fontsize=10)
    return finish(ax)
