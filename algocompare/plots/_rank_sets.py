"""The simultaneous rank intervals on the rank axis, the algorithms that may be the best highlighted."""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy.stats import rankdata

from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import MIN_POINTS, finish, name_ticks

__all__ = ["plot_rank_intervals"]

BEST_COLOUR = "#1f4e9c"
OTHER_COLOUR = "0.45"


def plot_rank_intervals(result: Any, ax: Any = None, *, title: str | None = None) -> Any:
    """The rank intervals of :func:`algocompare.rank_intervals`: one row per algorithm (best mean rank on
    top), a bar from its lowest to its highest possible rank at the joint level, a dot at its observed
    rank; the algorithms that may be the best in blue and bold, the others in grey.

    Parameters
    ----------
    result : RankIntervalsResult
        From :func:`algocompare.rank_intervals`.
    ax : matplotlib Axes, optional
        Where to draw; a new figure sized to k when None.
    title : str, optional
        The Axes title; default names the joint level.

    Returns
    -------
    matplotlib Axes
        The bars carry ``gid="rank-interval"`` (best set: ``"rank-interval-best"``).

    See Also
    --------
    algocompare.rank_intervals : the intervals.
    algocompare.plots.cd_diagram : the post-hoc decisions they come from.

    References
    ----------
    .. [1] Al Mohamad, D., Goeman, J. J. & van Zwet, E. W. (2022). Simultaneous confidence
       intervals for ranks with application to ranking institutions. Biometrics 78, 238–247.
       doi:10.1111/biom.13419

    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.plot_rank_intervals(ac.rank_intervals(ac.load_dataset("cec2005_d10")))
    >>> [t.get_text() for t in ax.get_yticklabels()][:2], bool(ax.get_xlim()[0] < 1)
    (['G-CMA-ES', 'L-SaDE'], True)
    """
    frame = result.to_frame()  # mean-rank order, best first
    k = len(frame)
    names = [str(n) for n in frame.index]
    observed = rankdata(frame["mean_rank"].to_numpy(float))  # the observed rank, ties averaged
    best = frame["may_be_best"].to_numpy(bool)
    ax = axes_or_new(ax, (4.2, max(1.6, 0.28 * k + 1.0)))
    y = np.arange(k)
    for rows, colour, gid in ((best, BEST_COLOUR, "rank-interval-best"), (~best, OTHER_COLOUR, "rank-interval")):
        if rows.any():
            low, high = frame["ci_low"].to_numpy(float)[rows], frame["ci_high"].to_numpy(float)[rows]
            ax.hlines(y[rows], low - 0.3, high + 0.3, colors=colour, linewidth=5.0 if k <= 30 else 2.5, alpha=0.55,
                      gid=gid)
            ax.plot(observed[rows], y[rows], "o", color=colour, ms=4 if k <= 30 else 2.5, zorder=3)
    ax.set_ylim(k - 0.5, -0.5)
    ax.set_xlim(0.4, k + 0.6)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000) if k / s <= 12)
    # 1 (the best rank) is always labelled: odd ranks at a step of 2, then 1, 5, 10, ... (1 and 2 would touch)
    ax.set_xticks(range(1, k + 1, step) if step <= 2 else [1, *range(step, k + 1, step)])
    ax.set_xlabel("rank (1 = best)", fontsize=max(MIN_POINTS, 9.0))
    ax.grid(axis="x", color="0.9", linewidth=0.6)
    ax.set_axisbelow(True)
    name_ticks(ax, "y", y, names)
    for label, is_best in zip(ax.get_yticklabels(), best, strict=True):
        label.set_color(BEST_COLOUR if is_best else "black")
        label.set_fontweight("bold" if is_best else "normal")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    level = f"{result.confidence_level:.0%}"
    ax.set_title(title or f"{level} simultaneous rank intervals; blue: may be the best", fontsize=9.0)
    return finish(ax)
