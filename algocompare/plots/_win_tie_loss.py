"""The multi-comparison matrix of a win/tie/loss result (Ismail-Fawaz et al. 2023).

Each cell compares the row algorithm with the column one: its mean difference (row − column,
averaged over the instances), its significant wins / ties / losses over the instances (the
per-instance tests on the runs) and the two-sided Wilcoxon signed-rank p-value of the instance
means. The colour is the net share of significant wins, (W − L) / instances, from −1 (the row
always significantly worse) to +1: a scale-free measure, where aeon colours by the mean difference,
which mixes the scales of the instances.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.plots._customary import register_customary_figure
from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import MIN_POINTS, finish, in_grid, legend_below, name_ticks, panel_inches

__all__ = ["plot_win_tie_loss", "plot_win_tie_loss_scatter"]

#: Colour map of the net wins: blue where the row algorithm wins, red where it loses.
NET_WINS_CMAP = "RdBu"


def _short(value: float) -> str:
    if not np.isfinite(value):
        return "–"
    if value == 0:
        return "0"
    text = f"{value:.3g}" if 1e-2 <= abs(value) < 1e3 else f"{value:.1e}"
    return text.replace("e+0", "e").replace("e-0", "e-").replace("e+", "e")


def _p(value: float) -> str:
    if not np.isfinite(value):
        return "p –"
    return "p<.001" if value < 0.001 else f"p={value:.3f}".replace("0.", ".", 1)


def _cells(result: Any, order: list[str]) -> tuple[list[str], list[str], dict[tuple[str, str], Any]]:
    """Row names, column names and, per (row, column), (net, text, significant)."""
    n = len(result.means)
    mean, wins, ties, losses, pvalue = (result.matrix(v) for v in ("mean_difference", "wins", "ties", "losses",
                                                                     "pvalue"))
    if result.reference is not None:
        rows = [result.reference]
        columns = [a for a in order if a != result.reference]
    else:
        rows = columns = order
    cells = {}
    for a in rows:
        for b in columns:
            if a == b:
                continue
            w, t, lo = int(wins.loc[a, b]), int(ties.loc[a, b]), int(losses.loc[a, b])
            text = f"{_short(mean.loc[a, b])}\n{w}/{t}/{lo}\n{_p(pvalue.loc[a, b])}"
            cells[a, b] = ((w - lo) / n, text, bool(pvalue.loc[a, b] <= result.alpha))
    return rows, columns, cells


def plot_win_tie_loss(result: Any, ax: Any = None, *, order: Any = None, fontsize: float | None = None,
                      colorbar: bool = True) -> Any:
    """The multi-comparison matrix: per cell the mean difference, W/T/L and p (row against column).

    With a reference algorithm the matrix is its one row, turned into a column (one cell per
    competitor, top to bottom) so that it reads in a journal column.

    Parameters
    ----------
    result : WinTieLossResult
        From :func:`algocompare.win_tie_loss`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    order : list, optional
        The algorithms in the order to show (e.g. by mean rank, as the report does); default
        the result's.
    fontsize : float, optional
        Of the text in the cells (default fitted to the cell, at least 7 pt).
    colorbar : bool
        Draw the colour bar of the net wins.

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    algocompare.win_tie_loss : the result it draws.
    plot_pairwise_matrix : the Bayesian all-pairs matrix.

    Notes
    -----
    Cell text: the mean difference (row − column, averaged over the instances), "W/T/L" (the
    instances where the row algorithm is significantly better / not different / worse), and
    the two-sided Wilcoxon signed-rank p of the instance means, bold when p <= alpha (not adjusted
    for the number of pairs); cells too small for three lines show W/T/L alone, and cells too small
    for that their colour alone. Colour: (W − L) / instances.

    References
    ----------
    .. [1] Ismail-Fawaz, A., Dempster, A., Tan, C. W., Herrmann, M., Miller, L., Schmidt, D. F.,
       Berretti, S., Weber, J., Devanne, M., Forestier, G., Webb, G. I. (2023). An approach to
       multiple comparison benchmark evaluations that is stable under manipulation of the
       comparate set. arXiv:2305.11921. https://arxiv.org/abs/2305.11921

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=4, n_runs=10, rng=1)
    >>> ax = ac.plots.plot_win_tie_loss(ac.win_tie_loss(sim.results))
    >>> [t.get_text() for t in ax.get_xticklabels()], ax.texts[0].get_text().splitlines()[1]
    (['A1', 'A2', 'A3'], '2/2/0')
    """
    from matplotlib.colors import Normalize

    names = [str(a) for a in (order if order is not None else result.algorithms)]
    if sorted(names) != sorted(result.algorithms):
        raise ValueError(f"order must list the algorithms {list(result.algorithms)} once each; got {names}.")
    rows, columns, cells = _cells(result, names)
    reference = result.reference is not None
    if reference:  # one row of the matrix, set as a column: competitors top to bottom
        grid = [(b, 0, cells[rows[0], b]) for b in columns]
        n_rows, n_cols = len(columns), 1
        size = (3.3, max(1.6, 0.55 * n_rows + 0.9))
    else:
        position = {name: i for i, name in enumerate(names)}
        grid = [(a, position[b], value) for (a, b), value in cells.items()]
        n_rows = n_cols = len(names)
        side = max(3.3, 0.75 * n_cols + 1.3)
        size = (side, side * 0.9)
    ax = axes_or_new(ax, size)
    norm = Normalize(-1.0, 1.0)
    image = np.full((n_rows, n_cols), np.nan)
    width_in, height_in = panel_inches(ax)
    # the cells get what the names, the colour bar and the titles leave: about 60% of the width, 70% of the height
    cell_points = min(0.6 * width_in / n_cols, 0.7 * height_in / n_rows) * 72.0
    size_pt = fontsize or max(MIN_POINTS, min(9.0, cell_points / 6.0))
    # cells too small for three lines keep the W/T/L line alone (the counts the table is about)
    compact = cell_points < 3 * 1.25 * size_pt + 4
    for label, j, (net, text, significant) in grid:
        if compact and reference and 0.6 * width_in * 72.0 > 26 * 0.6 * size_pt:  # a wide cell: one line
            text = "   ".join(text.splitlines())
        elif compact:  # the counts alone: no p to be bold about
            text, significant = text.splitlines()[1], False
        i = columns.index(label) if reference else names.index(label)
        image[i, j] = net
        colour = "white" if abs(net) > 0.6 else "black"
        ax.text(j, i, text, ha="center", va="center", fontsize=size_pt, color=colour, linespacing=1.1,
                fontweight="bold" if significant else "normal", gid="cell-label")
    mapped = ax.imshow(np.ma.masked_invalid(image), cmap=NET_WINS_CMAP, norm=norm, interpolation="none",
                       aspect="auto")
    if not reference:  # the diagonal: no comparison
        for i in range(n_rows):
            ax.add_patch(_diagonal(i))
    ax.set_xticks(np.arange(-0.5, n_cols), minor=True)
    ax.set_yticks(np.arange(-0.5, n_rows), minor=True)
    ax.grid(which="minor", color="white", lw=1.5)
    ax.tick_params(which="minor", length=0)
    ax.tick_params(which="major", length=0)
    small = in_grid(ax) or width_in < 5.0
    label_size = MIN_POINTS if small else 8.0
    share = 0.3 if width_in >= 5.0 else 0.22  # in a column or a grid's cell, names take less (shorter first)
    if reference:
        name_ticks(ax, "y", range(n_rows), columns, share=share)
        ax.set_xticks([])
        ax.set_xlabel(f"{rows[0]} against each: mean diff., W/T/L, p", fontsize=label_size)
    else:
        name_ticks(ax, "x", range(n_cols), names, rotation=90, share=share)
        name_ticks(ax, "y", range(n_rows), names, share=share)
        ax.set_xlabel("cell: row − column mean diff., row's W/T/L, p", fontsize=label_size)
    ax.set_xlim(-0.5, n_cols - 0.5)
    ax.set_ylim(n_rows - 0.5, -0.5)
    for side in ax.spines.values():
        side.set_visible(False)
    also = []
    if colorbar:  # inside the Axes' own space (an inset beside it): it moves with the Axes, in a grid too
        bar = ax.figure.colorbar(mapped, cax=ax.inset_axes((1.04, 0.0, 0.05, 1.0)), ticks=[-1, 0, 1])
        bar.set_label("(W − L) / instances", fontsize=label_size)
        bar.ax.tick_params(labelsize=MIN_POINTS)
        also.append(bar.ax)
    adjustment = "unadjusted" if result.p_adjust == "none" else result.p_adjust
    ax.set_title(f"{result.test_label} per instance ({adjustment})", fontsize=MIN_POINTS + (0.5 if small else 2))
    finish(ax, also=also)
    _hide_what_overflows(ax)
    return ax


def _hide_what_overflows(ax: Any) -> None:
    """Hide the cell texts, all of them, when one is wider or taller than its cell once the figure is laid
    out (the colours stay): a matrix with counts in some cells only would read as missing counts."""
    renderer = ax.figure.canvas.get_renderer()
    corner = ax.transData.transform([(0.0, 0.0), (1.0, 1.0)])
    cell_w, cell_h = abs(corner[1, 0] - corner[0, 0]), abs(corner[1, 1] - corner[0, 1])
    texts = [t for t in ax.texts if t.get_gid() == "cell-label"]
    boxes = [t.get_window_extent(renderer) for t in texts if t.get_visible()]
    if any(b.width > 0.85 * cell_w or b.height > 0.9 * cell_h for b in boxes):  # a margin: no text touches the next
        for text in texts:
            text.set_visible(False)


#: Marker, colour and legend text of each mark in the one-vs-one scatter (colour-blind safe, and
#: the marker alone tells them apart in greyscale).
_SCATTER_STYLE = {"+": ("o", "#2166ac", "{a} better"), "=": ("s", "#999999", "no difference"),
                  "−": ("^", "#b2182b", "{b} better")}


def plot_win_tie_loss_scatter(result: Any, algorithm_b: Any = None, ax: Any = None, *,
                              algorithm_a: Any = None) -> Any:
    """The one-vs-one scatter: one point per instance, the mean of ``algorithm_b``'s runs across,
    ``algorithm_a``'s up, marked by the per-instance decision.

    Points below the diagonal are instances where ``algorithm_a`` has the lower mean (better when
    minimising); the marker says whether the test on the runs found the difference significant
    ("+": ``algorithm_a`` better, "−": worse, "=": neither). Axes are logarithmic when every mean
    is positive and they span more than two decades (errors on benchmark functions); means of 0
    (errors at the optimum) are then drawn a decade below the smallest positive one, and the axis
    label says where.

    Parameters
    ----------
    result : WinTieLossResult
        From :func:`algocompare.win_tie_loss`.
    algorithm_b : str, optional
        The competitor; default the first one (with a reference) or the second algorithm.
    ax : matplotlib Axes, optional
        Where to draw; default a new 3.3-in figure.
    algorithm_a : str, optional
        Default the reference (or the first algorithm).

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    plot_win_tie_loss : the multi-comparison matrix of the same result.

    References
    ----------
    .. [1] Ismail-Fawaz, A., Dempster, A., Tan, C. W., Herrmann, M., Miller, L., Schmidt, D. F.,
       Berretti, S., Weber, J., Devanne, M., Forestier, G., Webb, G. I. (2023). An approach to
       multiple comparison benchmark evaluations that is stable under manipulation of the
       comparate set. arXiv:2305.11921. https://arxiv.org/abs/2305.11921

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=6, n_runs=10, rng=1)
    >>> ax = ac.plots.plot_win_tie_loss_scatter(ac.win_tie_loss(sim.results, "A1"), "A2")
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('A2 (mean)', 'A1 (mean)')
    """
    a = str(algorithm_a if algorithm_a is not None else (result.reference or result.algorithms[0]))
    others = [n for n in result.algorithms if n != a]
    b = str(algorithm_b if algorithm_b is not None else others[0])
    table = result.table
    forward = table[(table["algorithm_a"] == a) & (table["algorithm_b"] == b)]
    backward = table[(table["algorithm_a"] == b) & (table["algorithm_b"] == a)]
    if len(forward):
        x, y, marks = forward["mean_b"].to_numpy(), forward["mean_a"].to_numpy(), list(forward["mark"])
    elif len(backward):
        flip = {"+": "−", "−": "+", "=": "="}
        x, y, marks = backward["mean_a"].to_numpy(), backward["mean_b"].to_numpy(), [flip[m] for m in backward["mark"]]
    else:
        raise ValueError(f"{a!r} against {b!r} is not a pair of this result; its algorithms are "
                         f"{list(result.algorithms)}.")
    values = np.r_[x, y]
    finite = values[np.isfinite(values)]
    positive = finite[finite > 0]
    log = bool(finite.size and finite.min() >= 0 and positive.size and positive.max() / positive.min() > 100)
    floor = None
    if log and finite.min() == 0:  # errors at the optimum: drawn on a floor a decade below the smallest positive
        floor = 10.0 ** np.floor(np.log10(positive.min()) - 1)
        x, y = np.where(x == 0, floor, x), np.where(y == 0, floor, y)
    ax = axes_or_new(ax, (3.3, 3.3))
    for mark, (marker, colour, text) in _SCATTER_STYLE.items():
        chosen = np.array([m == mark for m in marks])
        label = f"{text.format(a=a, b=b)} ({int(chosen.sum())})"
        ax.scatter(x[chosen], y[chosen], marker=marker, s=22, color=colour, edgecolor="white", linewidth=0.4,
                   label=label, zorder=3)
    if log:
        ax.set_xscale("log")
        ax.set_yscale("log")
    shown = np.r_[x, y][np.isfinite(np.r_[x, y])]
    low, high = (shown.min(), shown.max()) if shown.size else (0.0, 1.0)
    ax.plot([low, high], [low, high], color="0.4", lw=0.8, zorder=1)
    zero = "" if floor is None else f"; 0 drawn at {floor:.0e}"
    ax.set_xlabel(f"{b} (mean{zero})", fontsize=8)
    ax.set_ylabel(f"{a} (mean{zero})", fontsize=8)
    ax.tick_params(labelsize=MIN_POINTS)
    adjustment = "unadjusted" if result.p_adjust == "none" else result.p_adjust
    ax.set_title(f"{result.test_label} per instance ({adjustment})", fontsize=8)
    legend_below(ax, fontsize=MIN_POINTS, ncols=1)
    return finish(ax)


def _diagonal(i: int) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((i - 0.5, i - 0.5), 1, 1, facecolor="0.92", edgecolor="none")


def _algorithms(result: Any) -> list[str]:
    return list(result.algorithms)


def _register() -> None:
    from algocompare.frequentist._win_tie_loss import WinTieLossResult

    register_customary_figure(WinTieLossResult, plot_win_tie_loss, title="Multi-comparison matrix (win/tie/loss)",
                              algorithms=_algorithms)


_register()
