"""Critical-difference diagram (Demšar 2006) and Bonferroni–Dunn chart (García et al. 2009).

Both figures draw what a post-hoc result already holds (mean ranks, critical difference,
cliques); nothing is recomputed here.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.patches import Patch

from algocompare._kinds import kind_of
from algocompare.plots._figure import axes_or_new, use_layout
from algocompare.plots._fit import (
    FLOOR_POINTS,
    MIN_POINTS,
    claim_cell,
    cramped,
    finish,
    fit_names,
    in_grid,
    legend_below,
    name_ticks,
    names_key,
    panel_inches,
    record_names,
    text_points,
    wrap_name,
)

# names_key: the key to the names any figure abbreviated (exported here, with the figures of names)
__all__ = ["cd_diagram", "bonferroni_dunn_chart", "clique_levels", "names_key"]

#: Height of one label row of the CD diagram, in inches.
_ROW_IN = 0.24
#: Horizontal space per unit of mean rank when the diagram creates its own figure, in inches.
_UNIT_IN = 0.42
#: Share of the width of the user's Axes that the labels of both sides may take; the rank axis
#: keeps the rest (1.2 in of a 3.3-in column).
_LABELS_SHARE = 0.64
#: Widths of text are measured with this margin: hinting makes text up to 8% wider or narrower
#: at the resolution a figure is saved at than at the one it was laid out at.
_TEXT_SLACK = 1.08
#: Widest figure the diagram makes for itself, in inches (a page; beyond it a report shrinks the text).
_MAX_WIDTH_IN = 10.0
#: Bar colours of the Bonferroni–Dunn chart and what they say about the algorithm.
_BAR_MEANING = (("#2b6a99", "control"), ("#9bb6cc", "not worse than the control at any level"),
                ("#e8a09a", "worse at the larger α only"), ("#c0504d", "worse at every α"))
#: Gap between a clique bar's end and the next bar on the same level, in rank units.
_CLIQUE_GAP = 0.12
#: How far a clique bar extends beyond its outermost members, in rank units.
_CLIQUE_OVERHANG = 0.04


def _sorted_mean_ranks(result: Any) -> tuple[list[str], np.ndarray]:
    if kind_of(result) != "posthoc":
        raise TypeError("cd_diagram needs a post-hoc result (from algocompare.posthoc, or a result class whose "
                        f'kind is "posthoc" with the fields of PosthocResult); got {type(result).__name__}.')
    ranks = result.mean_ranks.sort_values(kind="stable")
    return [str(n) for n in ranks.index], ranks.to_numpy(float)


def clique_levels(spans: Sequence[tuple[float, float]], gap: float = _CLIQUE_GAP) -> list[int]:
    """Assign each interval ``(left, right)`` a level so that no two on one level overlap.

    Greedy interval-graph colouring by left end: optimal (uses as many levels as the
    largest number of mutually overlapping bars). Intervals on one level are at least
    ``gap`` apart.

    Parameters
    ----------
    spans : sequence of (float, float)
        The intervals, as (left, right) pairs.
    gap : float
        Smallest distance between two intervals drawn on one level.

    Returns
    -------
    list of int
        The level of each interval, in the input's order (0 = the first level).

    See Also
    --------
    cd_diagram : draws the cliques on these levels.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> clique_levels([(1, 3), (2, 4), (3.5, 5)])
    [0, 1, 0]
    """
    order = sorted(range(len(spans)), key=lambda i: (spans[i][0], spans[i][1]))
    level_ends: list[float] = []
    levels = [0] * len(spans)
    for i in order:
        left, right = spans[i]
        for level, end in enumerate(level_ends):
            if left >= end + gap:
                levels[i] = level
                level_ends[level] = right
                break
        else:
            levels[i] = len(level_ends)
            level_ends.append(right)
    return levels


def _clique_bars(result: Any, names: list[str], ranks: np.ndarray,
                 alpha: float | None) -> list[tuple[float, float, list[float], bool]]:
    """(left, right, member ranks, contiguous) for every clique of two or more algorithms."""
    position = dict(zip(names, ranks, strict=False))
    bars = []
    for clique in result.cliques(alpha):
        members = sorted(position[str(n)] for n in clique)
        if len(members) < 2:
            continue
        left, right = members[0], members[-1]
        outside = [r for n, r in position.items() if n not in {str(c) for c in clique}]
        contiguous = not any(left < r < right for r in outside)
        bars.append((left - _CLIQUE_OVERHANG, right + _CLIQUE_OVERHANG, members, contiguous))
    return bars


def _nice_range(low: float, high: float) -> tuple[float, float]:
    """An axis range around [low, high] with round ends (for scores other than ranks 1..k)."""
    step = 10.0 ** math.floor(math.log10(max(high - low, 1e-9)))
    return math.floor(low / step) * step, math.ceil(high / step) * step


def _rank_axis(ax: Any, lo: float, hi: float, unit_px: float, fontsize: float) -> None:
    """The rank axis with ticks at a step of 1, 2, 5, 10, ... ranks, labelled where they fit
    (``fontsize`` is that of the tick labels)."""
    line = dict(color="black", lw=1.0, solid_capstyle="butt")
    ax.plot([lo, hi], [0, 0], gid="rank-axis", **line)
    digits = len(str(int(hi)))
    apart_px = (0.9 * digits + 1.2) * fontsize * ax.figure.dpi / 72  # labels' centres at least this far apart
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10**4, 10**5, 10**6)
                if s * unit_px >= apart_px or s >= hi - lo)
    first = math.ceil(lo / step) * step if step > 1 else lo
    ticks = [float(t) for t in np.arange(first, hi + 1e-9, step)]  # empty when the step exceeds the axis
    if not ticks or ticks[0] != lo:
        ticks.insert(0, lo)
    if ticks[-1] != hi and step >= hi - lo:
        ticks.append(hi)
    labelled = None
    for tick in ticks:
        ax.plot([tick, tick], [0, -0.35], **line)
        # Labelled where it is far enough from the last label (1 and 5 on a narrow axis would collide).
        if labelled is None or (tick - labelled) * unit_px >= apart_px:
            ax.text(tick, -0.45, f"{tick:g}", ha="center", va="bottom", fontsize=fontsize)
            labelled = tick
    if step == 1:
        for half in np.arange(lo + 0.5, hi, 1.0):
            ax.plot([half, half], [0, -0.18], **line)


def _procedure_name(result: Any) -> str:
    """The adjustment's label from :data:`algocompare.posthoc._adjust.ADJUSTMENTS` (others as named)."""
    from algocompare.posthoc._adjust import ADJUSTMENTS

    p_adjust = result.p_adjust
    own_step = result.procedure_label
    if own_step:  # the test's own single step (Tukey's HSD, Dunnett's test), not Nemenyi's
        return own_step
    if isinstance(p_adjust, str) and p_adjust in ADJUSTMENTS:
        return ADJUSTMENTS[p_adjust].label
    name = str(p_adjust or "post-hoc").replace("_", "-")
    return "Bonferroni–Dunn" if name.lower() == "bonferroni-dunn" else name


def cd_diagram(result: Any, ax: Any = None, *, alpha: float | None = None, reverse: bool = False,
               show_cd: bool = True, caption: bool = True, fontsize: float = 10.0,
               title: str | None = None, letters: bool | str = False, stability: Any = None,
               fragile: float = 0.0) -> Any:
    """Critical-difference diagram of a post-hoc result (Demšar 2006, Sect. 3.2.2).

    The rank axis runs from 1 to k with **rank 1 (best) on the left** (``reverse=True``
    puts it on the right). Each algorithm is joined to the axis at its mean rank and
    labelled with its name and its mean rank to two decimals; the better half is labelled
    on the rank-1 side. Thick bars join the algorithms of each clique returned by
    ``result.cliques(alpha)`` — the maximal groups that the post-hoc procedure does not
    separate — so the figure always agrees with the post-hoc table, whatever the
    procedure (Nemenyi, Holm, Shaffer, Bergmann–Hommel, ...). Bars are placed on levels so
    that no two overlap; a clique whose span also covers an algorithm outside it is
    drawn dashed with a dot at each member. When the procedure has a single critical
    difference (Nemenyi, Bonferroni–Dunn), a bar of that length in rank units is drawn
    above the axis with its value.

    Parameters
    ----------
    result : PosthocResult
        From :func:`algocompare.posthoc`; needs ``mean_ranks``, ``cliques(alpha)`` and
        ``critical_difference``.
    ax : matplotlib Axes, optional
        Draw into this Axes. By default a figure is created whose size fits the labels
        (long names are never truncated) and the number of algorithms (k = 2 to 30+).
    alpha : float, optional
        Significance level of the cliques; default the result's ``alpha``.
    reverse : bool
        Put rank 1 on the right.
    show_cd : bool
        Draw the critical-difference bar when the procedure has one.
    caption : bool
        Write under the diagram which procedure and alpha the bars show.
    fontsize : float
        Size of the labels in points.
    title : str, optional
        Axes title.
    letters : bool or {"mean_rank", "input"}
        Write each algorithm's compact letters (:meth:`PosthocResult.letters`) after its
        name, e.g. ``G-CMA-ES [a] (3.34)``: algorithms sharing a letter do not differ. True
        (or ``"mean_rank"``) names the groups from the best algorithm along the axis, as the
        tables (``all_pairs_table(..., letters=True)``) do; ``"input"`` in the result's order
        (multcompView's, ``result.letters()``). For any all-pairs result, with or without a
        critical difference; a result against a control has none (ValueError).
    stability : StabilityResult, optional
        The result of :func:`algocompare.posthoc_stability` for the same post-hoc procedure:
        each fragile decision (flipping in more than ``fragile`` of the leave-one-algorithm-out
        or leave-one-instance-out re-analyses) is drawn as a thin red dotted bar between its two
        algorithms, with end ticks, stacked with the clique bars; the caption says so.
    fragile : float
        The share of re-analyses above which a decision is fragile (default 0: any flip).

    Returns
    -------
    matplotlib Axes
        Artists carry ``gid`` values for inspection: ``"cd-bar"`` (Line2D), ``"clique"``
        (Line2D, one per clique), ``"algorithm-label"`` (Text), ``"rank-axis"`` and
        ``"fragile"`` (Line2D, one per fragile decision, with ``stability``).

    See Also
    --------
    bonferroni_dunn_chart : the comparisons with a control as bars.
    clique_levels : how the clique bars are stacked.
    algocompare.posthoc : the result it draws.
    algocompare.critical_difference : the critical difference of the bar.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    The labels carry the mean ranks of García et al. (2009), Table 8 (G-CMA-ES 3.34, ...):

    >>> import algocompare as ac
    >>> ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="nemenyi")
    >>> ax = ac.plots.cd_diagram(ph)
    >>> [t.get_text() for t in ax.texts if t.get_gid() == "algorithm-label"][:3]
    ['G-CMA-ES (3.34)', 'L-SaDE (4.92)', 'DMS-L-PSO (5.02)']
    """
    names, ranks = _sorted_mean_ranks(result)
    alpha = result.alpha if alpha is None else alpha
    k = len(names)
    tags = _letter_tags(result, names, alpha, letters)
    cd = result.critical_difference if show_cd else None
    cd = float(cd) if cd is not None and math.isfinite(cd) else None
    bars = _clique_bars(result, names, ranks, alpha)
    fragile_spans = _fragile_spans(result, stability, fragile, names, ranks)
    levels = clique_levels([(b[0], b[1]) for b in bars] + fragile_spans)
    fragile_levels, levels = levels[len(bars):], levels[:len(bars)]
    n_levels = max(levels + fragile_levels, default=-1) + 1

    described = _test_description(result) if caption else ""
    caption_text = _caption_text(result, bool(bars), alpha, described) if caption else ""
    if caption and letters:
        caption_text += "\nAlgorithms sharing a letter do not differ significantly."
    if caption and stability is not None:
        caption_text += "\n" + _fragile_caption(len(fragile_spans), fragile)
    # Friedman mean ranks lie in [1, k]; other scores (mean aligned ranks) get their own range.
    if 1.0 <= ranks[0] and ranks[-1] <= k:
        axis_lo, axis_hi = 1.0, float(k)
    else:
        axis_lo, axis_hi = _nice_range(ranks[0], ranks[-1])
    span = axis_hi - axis_lo
    texts = None
    own_figure = ax is None
    if own_figure:
        caption_pt = _caption_points(fontsize) * (caption_text.count("\n") + 1) if caption else 0.0
        rows = _Rows(k, n_levels, cd is not None, caption_pt / (_ROW_IN * 72))
        ax = axes_or_new(None, (max(3.2, _UNIT_IN * span) + 3.0, rows.height * _ROW_IN))
    else:
        use_layout(ax.figure)
        # in a grid the diagram takes its whole cell, whatever the panels beside it do; alone,
        # the layout engine places the (still empty) Axes first
        ax.set_axis_off()  # before the layout: the diagram draws its own axis, inside the Axes
        claim_cell(ax, top_pt=1.6 * 10.0 if title else 0.0)
        ax.figure.draw_without_rendering()
        fontsize, texts, caption_text, rows = _fit_box(ax, names, ranks, fontsize, n_levels, cd is not None,
                                                       caption_text, reverse, tags)
    fig = ax.figure
    ax.set_axis_off()
    small = max(MIN_POINTS, 0.9 * fontsize)

    # Labels first: their widths decide how much room each side needs.
    label_kw = dict(fontsize=fontsize, va="center", clip_on=False, gid="algorithm-label")
    left_side = not reverse
    if texts is None:  # its own figure: full names on one line
        texts = [_FittedLabel(_FittedLabel.one_line(name, rank, (i < rows.n_left) == left_side, True, tag), name,
                              (i < rows.n_left) == left_side)
                 for i, (name, rank, tag) in enumerate(zip(names, ranks, tags, strict=False))]
    labels = []
    for label in texts:
        ha = "right" if label.left else "left"
        labels.append(ax.text(0, 0, label.text, ha=ha, multialignment=ha, **label_kw))
    record_names(ax, names, [label.shown for label in texts])
    renderer = fig._get_renderer()  # one for every label: each call without it makes a canvas of its own
    # with a margin: text set at another resolution (savefig's dpi) is up to 8% wider or narrower
    # (on its own figure the figure's width follows the labels: no margin needed)
    slack = 1.0 if own_figure else _TEXT_SLACK
    width_px = [slack * t.get_window_extent(renderer).width for t in labels]
    pad_px = fontsize * fig.dpi / 72 * 1.6  # room for the horizontal leader lines
    # Two columns: the inner holds a side's 1st, 3rd, ... label, the outer its 2nd, 4th, ...
    side_rows = [i if i < rows.n_left else k - 1 - i for i in range(k)]
    inner = [max((w for w, r, i in zip(width_px, side_rows, range(k), strict=False)
                  if (i < rows.n_left) == best and r % 2 == 0), default=0.0) for best in (True, False)]
    gap_px = fontsize * fig.dpi / 72
    if rows.two_columns:
        need_best, need_worst = (inner[b] + gap_px
                                 + max((w for w, r, i in zip(width_px, side_rows, range(k), strict=False)
                                        if (i < rows.n_left) == best and r % 2 == 1), default=0.0)
                                 for b, best in ((0, True), (1, False)))
    else:
        need_best = max(width_px[:rows.n_left], default=0.0)
        need_worst = max(width_px[rows.n_left:], default=0.0)
    if own_figure:
        # Our own figure: the axes fill it, and its size follows the labels and k; the axis gets
        # at most what keeps the figure 10 inches wide (a page), never less than 2.5 inches.
        labels_in = (need_best + need_worst + 2 * pad_px) / fig.dpi + 0.2
        axis_in = max(min(max(3.2, _UNIT_IN * span), 12.0, _MAX_WIDTH_IN - labels_in), 2.5)
        width_in = axis_in + labels_in
        fig.set_size_inches(width_in, rows.height * _ROW_IN)
        ax.set_position([0.1 / width_in, 0, 1 - 0.2 / width_in, 1])
    ax_px = ax.get_window_extent().width
    unit_px = max((ax_px - need_best - need_worst - 2 * pad_px) / max(span, 1e-9), 1e-6)
    # The best labels sit beyond axis_lo and the worst beyond axis_hi, whichever side is shown left.
    lo = axis_lo - (need_best + pad_px) / unit_px
    hi = axis_hi + (need_worst + pad_px) / unit_px
    ax.set_xlim((lo, hi) if left_side else (hi, lo))
    ax.set_ylim(rows.bottom, rows.top)
    lead = 0.6 * pad_px / unit_px  # leader line beyond the axis ends, in rank units
    _rank_axis(ax, axis_lo, axis_hi, unit_px, small)

    if cd is not None:
        ax.plot([axis_lo, axis_lo + cd], [-1.9, -1.9], color="black", lw=1.6, gid="cd-bar")
        for end in (axis_lo, axis_lo + cd):
            ax.plot([end, end], [-2.05, -1.75], color="black", lw=1.0)
        ax.text(axis_lo + cd / 2, -2.05, f"CD = {cd:.2f}", ha="center", va="bottom", fontsize=small)

    for (left, right, members, contiguous), y in zip(bars, rows.clique_y(levels), strict=False):
        ax.plot([left, right], [y, y], color="black", lw=3.2, solid_capstyle="butt", gid="clique",
                ls="-" if contiguous else (0, (2, 1)))
        if not contiguous:
            ax.plot(members, [y] * len(members), "o", color="black", ms=4)

    for (left, right), y in zip(fragile_spans, rows.clique_y(fragile_levels), strict=True):
        ax.plot([left, right], [y, y], color="#d62728", lw=1.3, ls=(0, (1.5, 1.2)), gid="fragile",
                solid_capstyle="butt")
        ax.plot([left, right], [y, y], "|", color="#d62728", ms=5, mew=1.2)

    # Elbow leader lines from each mean rank down to its label row.
    for i, (label, rank) in enumerate(zip(labels, ranks, strict=False)):
        best_half = i < rows.n_left
        row = side_rows[i]
        y = rows.centres[i]
        outer = (inner[0 if best_half else 1] + gap_px) / unit_px if rows.two_columns and row % 2 else 0.0
        end = axis_lo - lead - outer if best_half else axis_hi + lead + outer
        ax.plot([rank, rank, end], [0, y, y], color="0.25", lw=0.8)
        label.set_position((end - 0.15 * lead if best_half else end + 0.15 * lead, y))

    if caption:
        ax.text((lo + hi) / 2, rows.caption_y, caption_text, ha="center", va="top", fontsize=_caption_points(fontsize),
                color="0.3", clip_on=False, gid="caption")
    if title:
        ax.set_title(title)
    return ax


def fragile_pairs(result: Any, stability: Any, threshold: float) -> list[tuple[str, str]]:
    """The (algorithm_a, algorithm_b) names of the decisions ``stability`` finds fragile, after checking that it
    is the stability of ``result``'s procedure (the figures that take ``stability=`` share this)."""
    from algocompare._kinds import kind_of

    if kind_of(stability) != "stability":
        raise TypeError("stability= takes the result of algocompare.posthoc_stability, got "
                        f"{type(stability).__name__}.")
    if (stability.test, stability.p_adjust, stability.control) != (result.test, result.p_adjust, result.control) \
            or sorted(map(str, stability.algorithms)) != sorted(map(str, result.mean_ranks.index)):
        raise ValueError("stability= is of another post-hoc procedure or other algorithms: run posthoc_stability with "
                         "the same data, test, control and p_adjust as the post-hoc result drawn.")
    rows = stability.fragile(threshold)
    return list(zip(rows["algorithm_a"].astype(str), rows["algorithm_b"].astype(str), strict=True))


def _fragile_spans(result: Any, stability: Any, threshold: float, names: list[str],
                   ranks: np.ndarray) -> list[tuple[float, float]]:
    """The (left, right) mean ranks of each fragile decision of ``stability`` (none without it)."""
    if stability is None:
        return []
    position = dict(zip(names, ranks, strict=True))
    spans = [sorted((position[a], position[b])) for a, b in fragile_pairs(result, stability, threshold)]
    return [(left - _CLIQUE_OVERHANG / 2, right + _CLIQUE_OVERHANG / 2) for left, right in spans]


def _fragile_caption(n: int, threshold: float) -> str:
    share = "any leave-one-out re-analysis" if threshold == 0 else f"over {threshold:.0%} of leave-one-out re-analyses"
    if n == 0:
        return f"No decision flips in {share}."
    return f"Red dotted: decisions that flip in {share} ({n})."


def _letter_tags(result: Any, names: list[str], alpha: float, letters: bool | str) -> list[str]:
    """Each algorithm's compact letters as "[ab]", in the order of ``names`` ("" for each without letters)."""
    if letters is False or letters is None:
        return [""] * len(names)
    order = "mean_rank" if letters is True else letters
    if order not in ("input", "mean_rank"):
        raise ValueError(f"letters={letters!r}: use True (or 'mean_rank') or 'input' to show the compact letters, "
                         "False for none.")
    shown = result.letters(alpha, order=order)
    by_name = {str(a): tag for a, tag in shown.items()}
    return [f"[{by_name[str(name)]}]" for name in names]


def _caption_text(result: Any, has_bars: bool, alpha: float, described: str) -> str:
    from algocompare.posthoc._adjust import FDR_CORRECTIONS

    level = f"({'false discovery rate, ' if result.p_adjust in FDR_CORRECTIONS else ''}α = {alpha:g})"
    text = (f"Bars join algorithms that {_procedure_name(result)} {level} does not separate."
            if has_bars else f"{_procedure_name(result)} {level} separates every pair.")
    return text + (f"\n({described})" if described else "")


def _caption_points(fontsize: float) -> float:
    """The caption's size: a little smaller than the labels, 7 pt at least, 6 pt beside 6-pt labels."""
    return max(min(MIN_POINTS, fontsize), 0.8 * fontsize)


class _Rows:
    """Vertical layout of the diagram in label rows (y grows downwards): CD bar, tick labels,
    axis at 0, clique levels, the labels of each side one under the other, then the caption.

    A row is the height of one line of label text. ``lines`` gives each algorithm's label its
    number of lines (default one each); ``pitch`` 0.5 puts each side's labels in two staggered
    columns, half a row apart."""

    def __init__(self, k: int, n_levels: int, has_cd: bool, caption_rows: float, pitch: float = 1.0,
                 lines: Sequence[int] | None = None) -> None:
        self.n_left = math.ceil(k / 2)
        self.pitch = pitch
        self.top = -3.0 if has_cd else -1.3
        start = 0.55 + 0.42 * n_levels - 0.05  # top edge of the first label of each side
        heights = [n + 0.2 * (n - 1) for n in (lines or [1] * k)]
        #: centre of each algorithm's label, in the order of the algorithms (best first)
        self.centres = [0.0] * k
        ends = [start, start]  # bottom edge reached by each side
        for side, members in ((0, range(self.n_left)), (1, range(k - 1, self.n_left - 1, -1))):
            for row, i in enumerate(members):
                if pitch < 1.0:
                    self.centres[i] = start + 0.5 + row * pitch
                    ends[side] = self.centres[i] + 0.5
                else:
                    self.centres[i] = ends[side] + heights[i] / 2
                    ends[side] += heights[i]
        self.caption_y = max(ends) + 0.5
        self.bottom = self.caption_y + (caption_rows + 0.3 if caption_rows else -0.2)

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def two_columns(self) -> bool:
        return self.pitch < 1.0

    @staticmethod
    def clique_y(levels: list[int]) -> list[float]:
        return [0.55 + 0.42 * lev for lev in levels]


class _FittedLabel:
    """A label of the diagram: its ``text`` (name and, where there is room, mean rank, over one
    or more lines), the name as ``shown`` (whole, or cut at its end) and its side."""

    def __init__(self, text: str, shown: str, left: bool) -> None:
        self.text, self.shown, self.left = text, shown, left

    @staticmethod
    def one_line(name: str, rank: float, left: bool, with_rank: bool, tag: str = "") -> str:
        """The label's text: the name, its letters (``tag``, e.g. "[ab]") and the mean rank on the axis' side."""
        named = f"{name} {tag}" if tag else name
        if not with_rank:
            return named
        return f"{named} ({rank:.2f})" if left else f"({rank:.2f}) {named}"


def _fit_box(ax: Any, names: list[str], ranks: np.ndarray, fontsize: float, n_levels: int, has_cd: bool,
             caption_text: str, reverse: bool = False,
             tags: Sequence[str] | None = None) -> tuple[float, list[_FittedLabel], str, _Rows]:
    """Font size, labels and wrapped caption that fit the caller's Axes.

    The rank axis keeps 36% of the width; each side's labels share the rest. Full names are
    kept as long as they can be: on one line, then wrapped at spaces and brackets over two
    or three lines, at the given size and then smaller down to 6 pt, with the mean rank in
    the label and then without it (the axis shows where each name sits). Only when no name
    fits even so are names cut at their end (``ax.algocompare_names`` keeps the full
    names, :func:`algocompare.plots.names_key` makes a key for the caption). On Axes too
    short for a row per label, each side's labels go in two staggered columns (names only).
    """
    fig = ax.figure
    box = ax.get_window_extent()
    to_pt = 72.0 / fig.dpi
    width_pt, height_pt = box.width * to_pt, box.height * to_pt
    k = len(names)
    tags = list(tags) if tags is not None else [""] * k
    widths: dict[tuple[str, float], float] = {}

    def measure(text: str, size: float) -> float:
        if (text, size) not in widths:
            widths[text, size] = _TEXT_SLACK * text_points(fig, text, size)[0]
        return widths[text, size]

    left_side = not reverse
    n_left = math.ceil(k / 2)

    def fits(size: float, pitch: float, lines: Sequence[int] | None = None) -> tuple[str, float, _Rows, float]:
        caption = _wrap_points(fig, caption_text, _caption_points(size), 0.98 * width_pt)
        caption_pt = (caption.count("\n") + 1) * _caption_points(size) * 1.25 if caption else 0.0
        base = _Rows(k, n_levels, has_cd, 0.0, pitch, lines)
        return caption, caption_pt, base, (height_pt - caption_pt) / (base.height + 0.3)

    def labels(size: float, side_pt: float, max_lines: int, with_rank: bool) -> list[_FittedLabel] | None:
        fitted = []
        for i, (name, rank, tag) in enumerate(zip(names, ranks, tags, strict=False)):
            left = (i < n_left) == left_side
            lines = wrap_name(measure, _FittedLabel.one_line(name, rank, left, with_rank, tag), size, side_pt,
                              max_lines)
            if lines is None:
                return None
            fitted.append(_FittedLabel("\n".join(lines), name, left))
        return fitted

    sizes = [float(x) for x in np.arange(fontsize, FLOOR_POINTS - 1e-9, -0.5)]
    # The mean ranks and fewer lines before larger text, down to 7 pt; then the same down to 6 pt.
    # Each label takes as many lines as it needs, up to the number tried.
    for floor in (min(MIN_POINTS, fontsize), FLOOR_POINTS):
        for max_lines, with_rank in ((1, True), (2, True), (1, False), (2, False), (3, True), (3, False)):
            for size in (s for s in sizes if s >= floor):
                side_pt = (_LABELS_SHARE * width_pt - 2 * 1.6 * size) / 2
                fitted = labels(size, side_pt, max_lines, with_rank)
                if fitted is None:
                    continue
                lines = [label.text.count("\n") + 1 for label in fitted]
                caption, caption_pt, base, row_pt = fits(size, 1.0, lines)
                if row_pt >= 1.2 * size:
                    rows = _Rows(k, n_levels, has_cd, caption_pt / row_pt if caption else 0.0, 1.0, lines)
                    return size, fitted, caption, rows
    # Nothing fits whole: names cut at their end, at 6 pt, one row per label where the height
    # allows, else in two staggered columns a side (names only, the axis gives the ranks).
    size = FLOOR_POINTS
    caption, caption_pt, base, row_pt = fits(size, 1.0)
    pitch = 1.0 if row_pt >= 1.2 * size else 0.5
    if pitch < 1.0:
        caption, caption_pt, base, row_pt = fits(size, pitch)
    if row_pt < 1.1 * size:
        warnings.warn(f"the critical-difference diagram of {k} algorithms needs Axes about "
                      f"{(base.height + 0.3) * 1.25 * FLOOR_POINTS / 72 + caption_pt / 72:.1f} in high to keep its "
                      f"labels apart at {FLOOR_POINTS:g} pt; these are {height_pt / 72:.1f} in.", stacklevel=3)
    rows = _Rows(k, n_levels, has_cd, caption_pt / max(row_pt, 1e-9) if caption else 0.0, pitch)
    side_pt = (_LABELS_SHARE * width_pt - 2 * 1.6 * size) / 2
    rank_pt = measure("(00.00) ", size)
    # the mean rank only where it leaves most of the room to the name
    with_rank = not rows.two_columns and rank_pt <= 0.4 * side_pt
    room = side_pt / 2 - size if rows.two_columns else side_pt - (rank_pt if with_rank else 0.0)
    room -= max((measure(f" {tag}", size) for tag in tags if tag), default=0.0)  # the letters stay whole
    short = fit_names(fig, names, size, max(room / _TEXT_SLACK, 10.0))
    fitted = [_FittedLabel(_FittedLabel.one_line(name, rank, (i < n_left) == left_side, with_rank, tag), name,
                           (i < n_left) == left_side)
              for i, (name, rank, tag) in enumerate(zip(short, ranks, tags, strict=False))]
    return float(size), fitted, caption, rows


def _wrap_points(fig: Any, text: str, size: float, width_pt: float) -> str:
    """``text`` with its lines broken at spaces to at most ``width_pt`` points."""
    import textwrap

    lines = []
    for line in text.split("\n"):
        for chars in range(len(line), 9, -1):
            wrapped = textwrap.wrap(line, chars, break_long_words=False) or [""]
            if max(text_points(fig, w, size)[0] for w in wrapped) <= width_pt:
                break
        lines += wrapped
    return "\n".join(lines)


def _bonferroni_dunn_cd(result: Any, k: int, alpha: float) -> float:
    """z_{1 - alpha/(2(k-1))} times the result's standard error of a difference of mean ranks.

    Results without one (hand-made results, the parametric paired tests) get Demšar's untied
    sqrt(k(k+1)/(6N)); a post-hoc result whose pairs have no common standard error
    (:func:`~algocompare.posthoc._registry.shares_one_se` false: the Wilcoxon, Conover, exact
    Friedman tests, the tests of a table with missing cells) has no chart.
    """
    from algocompare.posthoc._critical import critical_value
    from algocompare.posthoc._registry import shares_one_se

    if shares_one_se(result) is False:
        name = result.label or result.test
        raise ValueError(f"the Bonferroni–Dunn chart needs one standard error for every pair; the pairs of the "
                         f"{name} post-hoc test have none in common: draw its CD diagram (result.plot()) instead.")
    se = result.standard_error
    if se is None:
        se = math.sqrt(k * (k + 1) / (6.0 * int(result.n_instances)))
    return float(critical_value(k, alpha, "bonferroni_dunn") * se)


def _test_description(result: Any) -> str:
    """'Friedman tests, permutation standard error' (the registry's label) or '' when the result does not say."""
    label = result.label or result.test
    if not label:
        return ""
    se = result.se
    return f"{label} tests" + (f", {se} standard error" if se else "")


def bonferroni_dunn_chart(result: Any, ax: Any = None, *, control: str | None = None,
                          alphas: Sequence[float] = (0.05, 0.10), sort: bool = True,
                          title: str | None = None) -> Any:
    """Bonferroni–Dunn chart (García et al. 2009, Figs. 6–7).

    One bar per algorithm with its mean rank (lower = better); for each level in
    ``alphas`` a horizontal cut line at the control's mean rank plus the Bonferroni–Dunn
    critical difference (García et al. 2009, Appendix A.3; Demšar 2006, Eq. 5). Bars that
    reach above a line belong to algorithms worse than the control at that level: red
    above every line, light red above some, blue-grey below all; the control is dark blue.

    Parameters
    ----------
    result : PosthocResult
        Needs ``mean_ranks``, ``n_instances`` and (optionally) ``control``.
    ax : matplotlib Axes, optional
    control : str, optional
        The control algorithm; default the result's control, else the best mean rank.
    alphas : sequence of float
        Levels of the cut lines (García: 0.05 and 0.10).
    sort : bool
        Order bars by mean rank (default, as every figure and table of the package); False
        keeps the result's algorithm order.
    title : str, optional

    Returns
    -------
    matplotlib Axes
        The cut lines carry ``gid="cut-line"`` and a label with alpha and height; the bars
        ``gid="rank-bar"``.

    See Also
    --------
    cd_diagram : the all-pairs view.
    algocompare.posthoc : the result it draws (with ``control=``).

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> ph = ac.posthoc(ac.load_dataset("cec2005_d10"), control="G-CMA-ES")
    >>> ax = ac.plots.bonferroni_dunn_chart(ph)
    >>> ax.get_title(), ax.get_ylabel(), len(ax.patches)   # one bar per algorithm
    ('Bonferroni–Dunn chart', 'mean rank (lower is better)', 11)
    """
    ranks = result.mean_ranks.sort_values(kind="stable") if sort else result.mean_ranks
    names = [str(n) for n in ranks.index]
    values = ranks.to_numpy(float)
    control = control or result.control or names[int(np.argmin(values))]
    if str(control) not in names:
        raise ValueError(f"control {control!r} is not one of the algorithms: {', '.join(names)}.")
    base = float(values[names.index(str(control))])
    k = len(names)
    cuts = sorted(((float(a), base + _bonferroni_dunn_cd(result, k, float(a))) for a in alphas), key=lambda c: c[1])
    ax = axes_or_new(ax, (max(4.0, 0.55 * k + 1.5) + 1.0, 5.2))
    heights = [c[1] for c in cuts]

    def colour(name: str, value: float) -> str:
        if name == str(control):
            return _BAR_MEANING[0][0]
        above = sum(value > h for h in heights)  # lines this bar exceeds
        return _BAR_MEANING[1 if above == 0 else (3 if above == len(heights) else 2)][0]

    colors = [colour(n_, v) for n_, v in zip(names, values, strict=False)]
    bars = ax.bar(range(k), values, color=colors, edgecolor="black", lw=0.6, gid="rank-bar")
    panel_w, panel_h = panel_inches(ax)
    # Numbers wider than their bars stand upright above them, so that they never run together.
    label_pt = text_points(ax.figure, "00.00", MIN_POINTS)[0]
    upright = label_pt > 0.8 * panel_w * 72 / max(k, 1) * 0.75
    for bar, value in zip(bars, values, strict=False):
        # On a white ground: a cut line passing behind the number does not strike it through.
        ax.annotate(f"{value:.2f}", (bar.get_x() + bar.get_width() / 2, value), xytext=(0, 2),
                    textcoords="offset points", ha="center", va="bottom", fontsize=MIN_POINTS, zorder=4,
                    rotation=90 if upright else 0, gid="bar-label",
                    bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.85))
    styles = ["--", ":", "-.", (0, (5, 2, 1, 2))]
    compact = panel_w < 5.0  # a panel of a grid or a column: short legend entries side by side
    for (alpha, height), style in zip(cuts, styles, strict=False):
        label = (f"α = {alpha:g}: {height:.2f}" if compact
                 else f"α = {alpha:g}: {base:.2f} + CD {height - base:.2f} = {height:.2f}")
        ax.axhline(height, color="black", ls=style, lw=1.1, gid="cut-line", zorder=3, label=label)
    rotate = k > 6 or max(len(n) for n in names) > 12
    # alone at column width, whole names before a tall chart: up to 42% of the height (given
    # back below when they squeeze the chart)
    stretch = 0.42 if rotate and compact and not in_grid(ax) else None

    def label_names(stretch: float | None) -> None:
        name_ticks(ax, "x", range(k), names, rotation=90 if rotate else 0,
                   share=(0.22 if compact else 0.3) if rotate else 0.9 / k, stretch=stretch)

    label_names(stretch)
    ax.set_ylabel("mean rank (lower is better)")
    top = max(values.max(), max((c[1] for c in cuts), default=0))
    # head room for the numbers over the bars: upright ones take their width
    room = (label_pt + 4) / max(0.55 * panel_h * 72, 1.0) if upright else 0.12
    ax.set_ylim(0, top * (1 + room) + 0.3)
    ax.set_xlim(-0.6, k - 0.4)
    handles, texts = ax.get_legend_handles_labels()
    handles += [Patch(fc=c, ec="black", lw=0.6) for c, _ in _BAR_MEANING]
    if compact:  # the control's bar is the dark one, its name on the axis
        texts += ["control", "not worse", f"worse at α = {max(alphas):g} only", "worse at every α"]
    else:
        texts += [f"control ({fit_names(ax.figure, [str(control)], MIN_POINTS, 0.3 * panel_w * 72)[0]})"]
        texts += [meaning for _, meaning in _BAR_MEANING[1:]]
    legend_below(ax, handles, texts, ncols=2 if panel_w > 2.8 else 1,
                 fontsize=MIN_POINTS if compact else "small")  # a column's chart keeps its height
    ax.set_title(title or "Bonferroni–Dunn chart", fontsize=10)
    finish(ax)
    if stretch is not None and cramped(ax):  # whole names leave no chart: the names cut instead
        label_names(None)
        finish(ax)
    return _head_room(ax)


def _head_room(ax: Any) -> Any:
    """Raise the top of the value axis until the numbers over the bars end inside the Axes
    (upright numbers are as tall as they are wide; the Axes' height is known only once laid out)."""
    limits = ax.get_ylim()
    for attempt in range(4):
        renderer = ax.figure._get_renderer()
        numbers = [t for t in ax.texts if t.get_gid() == "bar-label" and t.get_visible()]
        box = ax.get_window_extent(renderer)
        over = max((t.get_window_extent(renderer).y1 for t in numbers), default=box.y1) - (box.y1 - 4)
        if over <= 0:
            return ax
        if over > 0.4 * box.height or attempt == 3:
            break
        bottom, top = ax.get_ylim()
        ax.set_ylim(bottom, top + (top - bottom) * over / max(box.height - over, 1.0) * 1.3)
        finish(ax)
    # a chart too short for them (a 3.3 x 2.6-in figure): the numbers go, the axis tells the ranks
    peak = max([p.get_height() for p in ax.patches if p.get_gid() == "rank-bar"]
               + [line.get_ydata()[0] for line in ax.lines if line.get_gid() == "cut-line"])
    ax.set_ylim(limits[0], peak * 1.12 + 0.3)
    for number in ax.texts:
        if number.get_gid() == "bar-label":
            number.set_visible(False)
    return finish(ax)


def plot_stability(result: Any, ax: Any = None, *, fragile: float = 0.0, **kwargs: Any) -> Any:
    """The critical-difference diagram of a stability result's post-hoc procedure, fragile decisions marked.

    Parameters
    ----------
    result : StabilityResult
        From :func:`algocompare.posthoc_stability` (it keeps the post-hoc result of the whole table).
    ax : matplotlib Axes, optional
        Where to draw; a new figure when None.
    fragile : float
        The share of leave-one-out re-analyses above which a decision is fragile (default 0: any flip).
    **kwargs
        Passed to :func:`cd_diagram`; a result against a control is drawn as :func:`bonferroni_dunn_chart`
        cannot mark pairs, so as a CD diagram too.

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    cd_diagram : with ``stability=``.
    algocompare.posthoc_stability : the result.

    References
    ----------
    .. [1] Benavoli, A., Corani, G. & Mangili, F. (2016). Should we really use post-hoc tests
       based on mean-ranks? Journal of Machine Learning Research 17(5), 1–10.
       https://jmlr.org/papers/v17/benavoli16a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> s = ac.posthoc_stability(ac.load_dataset("cec2005_d10"), progress=False)
    >>> ax = ac.plots.plot_stability(s)
    >>> sum(1 for line in ax.lines if line.get_gid() == "fragile") == len(s.fragile())
    True
    """
    return cd_diagram(result.posthoc, ax, stability=result, fragile=fragile, **kwargs)
