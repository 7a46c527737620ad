"""Convergence of mean ranks over the budget: one line per algorithm, the significant checkpoints marked."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.anytime._budget_grid import BudgetGridResult
from algocompare.plots._customary import register_customary_figure
from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import finish, legend_below

__all__ = ["plot_rank_convergence"]

# line styles and markers beside the colours: the lines stay apart in grey print and for colour-blind readers
_STYLES = ("-", "--", "-.", ":")
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: the shading of the checkpoints where the omnibus (adjusted) test rejects
_SIGNIFICANT_COLOR = "0.88"


def plot_rank_convergence(result: BudgetGridResult, ax: Any = None, *, order: Any = None) -> Any:
    """Draw the mean rank of each algorithm against the budget, significant checkpoints shaded.

    One line per algorithm (mean rank over instances, 1 = best, at the top) against the budgets of
    the grid on a log axis; the checkpoints where the omnibus test rejects after the adjustment over
    the grid are shaded grey (the title says so), so that the reader sees from which budget on the
    algorithms differ.

    Parameters
    ----------
    result : BudgetGridResult
        From :func:`~algocompare.compare_over_budgets`.
    ax : matplotlib Axes, optional
        Where to draw; a new 3.3 × 2.6 in figure by default (a column of a two-column paper).
    order : sequence, optional
        The algorithms' order in the legend (default: best mean rank at the last budget first).

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    algocompare.compare_over_budgets : the comparison.
    algocompare.convergence_page : Page's test of two algorithms' convergence (no budget grid).

    References
    ----------
    .. [1] Westfall, P. H., Young, S. S. (1993). *Resampling-Based Multiple Testing*. Wiley.
       ISBN 978-0-471-55761-6

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.anytime._budget_null import null_runs
    >>> from algocompare.plots import plot_rank_convergence
    >>> result = ac.compare_over_budgets(null_runs(k=3, n_instances=8, seed=1), n_resamples=99, rng=1)
    >>> ax = plot_rank_convergence(result)
    >>> ax.get_xscale(), len(ax.get_lines())
    ('log', 3)
    """
    if not isinstance(result, BudgetGridResult):
        raise TypeError(f"plot_rank_convergence expects a BudgetGridResult (compare_over_budgets), "
                        f"got {type(result).__name__}.")
    ranks = result.mean_ranks
    budgets = ranks.index.to_numpy(dtype=float)
    if order is None:
        order = ranks.columns[np.argsort(ranks.iloc[-1].to_numpy(), kind="stable")]
    ax = axes_or_new(ax, (3.3, 2.6))
    _shade_significant(ax, budgets, result.omnibus["reject"].to_numpy(dtype=bool))
    for i, algorithm in enumerate(order):
        ax.plot(budgets, ranks[algorithm].to_numpy(), label=str(algorithm), linewidth=1.4,
                linestyle=_STYLES[i % len(_STYLES)], marker=_MARKERS[i % len(_MARKERS)], markersize=3.5)
    k = ranks.shape[1]
    ax.set_xscale("log")
    if budgets.size == 1:
        ax.set_xlim(budgets[0] / 2, budgets[0] * 2)
    else:
        ax.set_xlim(budgets[0], budgets[-1])
    ax.set_ylim(k + 0.1, 0.9)  # rank 1 (best) at the top
    ax.set_yticks(np.arange(1, k + 1))
    ax.set_xlabel("evaluations")
    ax.set_ylabel("mean rank")
    level = f"p_adj ≤ {result.alpha:g}"
    shaded = f"grey: {level}" if result.omnibus["reject"].any() else f"none with {level}"
    ax.set_title(f"{result.n_instances} instances; {shaded}", fontsize="medium")
    ax.grid(True, which="major", alpha=0.3)
    legend_below(ax, ncols=2 if k <= 4 else 3)  # in columns: a key in one column would not fit a panel
    return finish(ax)


def _shade_significant(ax: Any, budgets: np.ndarray, reject: np.ndarray) -> None:
    """Grey spans over the checkpoints where the omnibus rejects, each reaching halfway (on the log
    axis) to its neighbours (the title says what the shading means)."""
    if not reject.any():
        return
    logs = np.log(budgets)
    half = np.diff(logs) / 2 if budgets.size > 1 else np.array([np.log(2.0)])
    left = np.exp(logs - np.concatenate([[half[0]], half]))
    right = np.exp(logs + np.concatenate([half, [half[-1]]]))
    for j in np.flatnonzero(reject):
        ax.axvspan(left[j], right[j], color=_SIGNIFICANT_COLOR, linewidth=0, zorder=0)


register_customary_figure(BudgetGridResult, plot_rank_convergence,
                          title="Mean ranks over the budget (grey: omnibus significant after adjustment over the grid)",
                          algorithms=lambda result: list(result.algorithms))
