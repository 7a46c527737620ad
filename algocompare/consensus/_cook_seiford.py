"""Cook–Seiford consensus: the linear order nearest the rankings in total footrule distance.

Cook & Seiford (1978) choose the linear order c minimising sum_r w_r sum_a |c(a) - r(a)|, with
r(a) the position of a in ranking r (mid-ranks for ties, relations' generalised Cook–Seiford
distance, ``relation_consensus(method="CS")``). The objective separates over (item, position)
pairs: placing a at position j costs C[a, j] = sum_r w_r |j - r(a)|, so the optimum is a linear
sum assignment problem, solved exactly by ``scipy.optimize.linear_sum_assignment``. Every
optimum is listed by branching: fix an item at each position whose restricted assignment still
reaches the optimum.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy.optimize import linear_sum_assignment

from algocompare._options import documented_table_options
from algocompare.consensus._ranking_distances import mid_ranks
from algocompare.consensus._rankings import as_profile, check_consensus_options
from algocompare.consensus._results import RuleConsensusResult

__all__ = ["cook_seiford"]


def assignment_costs(profile: Any) -> np.ndarray:
    """C[a, j] = sum_r w_r |j - r(a)|, positions j = 1..k, r(a) the mid-rank of a in ranking r."""
    ranks = mid_ranks(profile.levels)  # rankings × items
    k = ranks.shape[1]
    positions = np.arange(1, k + 1, dtype=float)
    cost = np.zeros((k, k))
    for start in range(0, len(ranks), max(1, 1_000_000 // max(k * k, 1))):  # bounded memory
        block = ranks[start:start + max(1, 1_000_000 // max(k * k, 1))]
        weights = profile.weights[start:start + len(block)]
        cost += np.einsum("r,raj->aj", weights, np.abs(positions[None, None, :] - block[:, :, None]))
    return cost


def _optimal_assignments(cost: np.ndarray, max_solutions: int, tol: float) -> tuple[list[np.ndarray], float, bool]:
    """Every optimal assignment item → position (up to ``max_solutions``), the optimum, and completeness."""
    rows, cols = linear_sum_assignment(cost)
    best = float(cost[rows, cols].sum())
    k = len(cost)
    solutions: list[np.ndarray] = []
    complete = True

    def search(fixed: dict[int, int], spent: float) -> None:
        nonlocal complete
        if len(solutions) >= max_solutions:
            complete = False
            return
        free_items = [a for a in range(k) if a not in fixed]
        if not free_items:
            position = np.empty(k, dtype=int)
            for a, j in fixed.items():
                position[a] = j
            solutions.append(position)
            return
        item = free_items[0]
        taken = set(fixed.values())
        free_positions = [j for j in range(k) if j not in taken]
        rest_items = free_items[1:]
        for j in free_positions:
            others = [q for q in free_positions if q != j]
            rest = 0.0
            if rest_items:
                sub = cost[np.ix_(rest_items, others)]
                r, c = linear_sum_assignment(sub)
                rest = float(sub[r, c].sum())
            if spent + cost[item, j] + rest <= best + tol:
                search({**fixed, item: j}, spent + cost[item, j])

    search({}, 0.0)
    return solutions, best, complete


@documented_table_options
def cook_seiford(rankings: Any, *, max_solutions: int = 100, weights: Any = None, agg: str = "mean",
                 direction: str | None = None, nan_policy: str = "raise") -> RuleConsensusResult:
    """Cook–Seiford consensus: the linear order(s) minimising the total footrule distance (an assignment).

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    max_solutions : int
        The optimal linear orders listed at most (default 100); ``complete`` says whether all
        were.
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    RuleConsensusResult
        ``consensus`` (the first optimal linear order), ``optimal_rankings`` (every optimum,
        up to ``max_solutions``), ``objective`` (the minimal sum_r w_r sum_a |c(a) - r(a)|)
        and ``complete``.

    See Also
    --------
    ranking_distance : the footrule distance (``method="footrule"``).
    kemeny : the consensus in symmetric-difference distance.

    Notes
    -----
    Positions of tied items are their mid-ranks, as in relations' generalised Cook–Seiford
    distance (``relation_dissimilarity(method="CS")``); the consensus is a linear order
    (relations' "CS"). The assignment is solved exactly by
    ``scipy.optimize.linear_sum_assignment`` (Crouse 2016), in O(k³) for k items; listing every
    optimum solves one smaller assignment per branch.

    References
    ----------
    .. [1] Cook, W. D., Seiford, L. M. (1978). Priority ranking and consensus formation.
       *Management Science* 24(16), 1721–1732. doi:10.1287/mnsc.24.16.1721
    .. [2] Cook, W. D., Seiford, L. M. (1982). On the Borda–Kendall consensus method for
       priority ranking problems. *Management Science* 28(6), 621–637. doi:10.1287/mnsc.28.6.621
    .. [3] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> r = cook_seiford([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]])
    >>> r.consensus, r.objective
    ([['a'], ['b'], ['c']], 4.0)
    """
    if isinstance(max_solutions, bool) or not isinstance(max_solutions, (int, np.integer)) or max_solutions < 1:
        raise ValueError(f"max_solutions must be a positive integer, got {max_solutions!r}.")
    check_consensus_options("cook_seiford", direction, nan_policy)
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    cost = assignment_costs(profile)
    tol = 1e-9 * max(1.0, float(np.abs(cost).sum()))
    positions, best, complete = _optimal_assignments(cost, int(max_solutions), tol)
    orders = [[[profile.items[a]] for a in np.argsort(pos)] for pos in positions]
    return RuleConsensusResult(method="Cook–Seiford consensus (footrule, assignment)", items=profile.items,
                               consensus=orders[0], optimal_rankings=orders, n_rankings=len(profile.levels),
                               profile=profile, rule="cook_seiford", orders="linear", objective=best,
                               complete=complete, dropped_instances=profile.dropped)
