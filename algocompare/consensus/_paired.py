"""Paired-comparison consensus: relations' "PC/F" and "CKS/F" rules over linear or weak orders.

The consensus c minimises sum_r w_r d(c, r) with d the paired-comparison distance of
relations — a discrepancy delta(state_c, state_r) summed over the unordered pairs — or the
Cook–Kress–Seiford distance. On rankings (complete orders) a pair's state is a ≻ b, b ≻ a or
a ~ b, so only two discrepancies matter: a reversed pair costs ``r``, a tie against a strict
preference ``t`` (symdiff, CKS, KS, EM: 2 and 1; JMB: 5/3 and 1; discrete: 1 and 1).

* Over **linear orders** the consensus never ties a pair, so its cost is r × (weight of the
  reversed pairs) + t × (weight of the rankings tying a pair), and the second term does not
  depend on c: every PC rule (r > 0) and the CKS rule have the optima of the Kemeny
  (symmetric-difference) consensus. They are computed by :func:`kemeny` and their objective
  recomputed in their own distance.
* Over **weak orders** the ratio r / t matters. CKS (2, 1) is again the Kemeny consensus; other
  discrepancies are solved exactly by the dynamic program over subsets of the weak-order
  Kemeny solver (``_weak_dp``) with the pair costs strict[a, b] = r (W - N[a, b]) +
  t (N[a, b] + N[b, a] - W) and tie[a, b] = t (2W - N[a, b] - N[b, a]).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from algocompare._options import documented_table_options
from algocompare._validation import check_option
from algocompare.consensus._ranking_distances import pair_states, pc_discrepancy, state_table
from algocompare.consensus._rankings import as_profile, check_consensus_options, levels_to_groups
from algocompare.consensus._results import RuleConsensusResult

__all__ = ["paired_comparison_consensus"]

#: weak-order PC consensus by the subset dynamic program: O(3^k) work (about a second at 15 items)
MAX_WEAK_ITEMS = 15


def _objective(profile: Any, ranking_levels: np.ndarray, reversal: float, tie: float) -> float:
    """sum_r w_r d_PC(c, r): the discrepancy of each pair's state in c against its state in each ranking."""
    table = state_table(reversal, tie)
    states_c = pair_states(ranking_levels[None, :])[0]
    states_r = pair_states(profile.levels)
    return float(profile.weights @ table[states_c[None, :], states_r].sum(axis=1))


@documented_table_options
def paired_comparison_consensus(rankings: Any, *, delta: Any = "symdiff", orders: str = "linear",
                                max_solutions: int = 100, time_limit: float | None = 10.0, weights: Any = None,
                                agg: str = "mean", direction: str | None = None,
                                nan_policy: str = "raise") -> RuleConsensusResult:
    """Paired-comparison (PC) or Cook–Kress–Seiford (``delta="CKS"``) consensus over linear or weak orders.

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    delta : str or sequence of 6 numbers
        The pair discrepancies of relations' PC distance: "symdiff", "CKS", "KS", "EM", "JMB",
        "discrete", or six numbers in relations' order (see :func:`ranking_distance`).
    orders : {"linear", "weak"}
        The admissible consensus orders (relations' families "L" and "W").
    max_solutions : int
        The optimal orders listed at most.
    time_limit : float or None
        Seconds for the linear-order solver (:func:`kemeny`); None for no limit.
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    RuleConsensusResult
        ``consensus``, every optimum found in ``optimal_rankings`` (``complete`` says whether
        all), and ``objective`` = sum_r w_r d_PC(c, r).

    See Also
    --------
    kemeny : the symmetric-difference consensus these coincide with on linear orders.
    ranking_distance : the PC and CKS distances (``method="pc"``, ``"cks"``).

    Notes
    -----
    relations' "CKS/F" minimises the Cook–Kress–Seiford distance, which equals the symmetric
    difference on complete orders: on rankings "CKS/L" and "CKS/W" are "symdiff/L" and
    "symdiff/W", the Kemeny consensus (here ``delta="CKS"``). Over linear orders every PC rule
    has the Kemeny optima (see the module notes); the ``objective`` is the PC distance's.
    Weak orders beyond 15 items are refused for discrepancies other than the symmetric
    difference's (the dynamic program is O(3^k)).

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19
    .. [2] Cook, W. D., Kress, M., Seiford, L. M. (1986). Information and preference in partial
       orders: a bimatrix representation. *Psychometrika* 51(2), 197–207. doi:10.1007/BF02293980
    .. [3] Emond, E. J., Mason, D. W. (2002). A new rank correlation coefficient with
       application to the consensus ranking problem. *Journal of Multi-Criteria Decision
       Analysis* 11(1), 17–28. doi:10.1002/mcda.313

    Examples
    --------
    >>> profile = [["a", "b", "c"], [["a", "b"], "c"], [["a", "b", "c"]]]
    >>> paired_comparison_consensus(profile, delta="discrete", orders="weak").consensus
    [['a', 'b'], ['c']]
    """
    from algocompare.consensus import _weak_dp
    from algocompare.consensus._kemeny import kemeny

    check_option("orders", orders, ("linear", "weak"))
    reversal, tie = pc_discrepancy(delta)
    if isinstance(max_solutions, bool) or not isinstance(max_solutions, (int, np.integer)) or max_solutions < 1:
        raise ValueError(f"max_solutions must be a positive integer, got {max_solutions!r}.")
    check_consensus_options("paired_comparison_consensus", direction, nan_policy)
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    name = f"{delta if isinstance(delta, str) else 'PC'}"
    label = (f"{'CKS' if name.lower() == 'cks' else 'paired-comparison'} consensus "
             f"({'' if name.lower() == 'cks' else f'delta={name}, '}{orders} orders)")
    if orders == "linear" or 2 * tie == reversal:  # the Kemeny optima (module notes)
        res = kemeny(profile.rankings(), orders=orders, weights=profile.weights, time_limit=time_limit,
                     max_solutions=max_solutions)
        if not res.optimal:
            raise ValueError(f"the consensus of {len(profile.items)} items was not proven optimal within "
                             f"time_limit={time_limit!r}; pass a longer time_limit (or None).")
        rankings_found, complete = res.optimal_rankings, res.complete
    else:
        k = len(profile.items)
        if k > MAX_WEAK_ITEMS:
            raise ValueError(f"a paired-comparison consensus over weak orders of {k} items: at most "
                             f"{MAX_WEAK_ITEMS} (an O(3^k) dynamic program); use orders='linear' or delta='symdiff'.")
        tol = 1e-9 * max(1.0, profile.total_weight) * max(1, k * k)
        found, _, complete = _weak_dp.all_optima(profile.at_least_as_good(), profile.total_weight, max_solutions,
                                                 time.monotonic() + 3600.0, tol, discrepancy=(reversal, tie))
        rankings_found = [levels_to_groups(profile.items, levels) for levels in found]
    index = {item: i for i, item in enumerate(profile.items)}
    first = np.empty(len(profile.items), dtype=int)
    for level, group in enumerate(rankings_found[0]):
        for item in group:
            first[index[item]] = level
    return RuleConsensusResult(method=label, items=profile.items, consensus=rankings_found[0],
                               optimal_rankings=list(rankings_found), n_rankings=len(profile.levels),
                               profile=profile, rule="cks" if name.lower() == "cks" else "pc", orders=orders,
                               objective=_objective(profile, first, reversal, tie), complete=complete,
                               dropped_instances=profile.dropped)
