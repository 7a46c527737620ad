"""Copeland's consensus: items ordered by a net score of wins minus losses.

Two readings exist and both are offered (``variant``):

* "relations" (default, the R package relations' ``relation_consensus(method="Copeland")``):
  each ranking gives item a the score #{b : b ≺ a} - #{b : b ≻ a} (the items it beats minus
  those that beat it; ties count for neither), summed with the weights;
* "pairwise" (Copeland 1951, the social-choice rule): a wins a pairwise contest against b when
  more weight ranks a ≻ b than b ≻ a; the score is wins minus losses over the other items.
  It is Condorcet-consistent: a Condorcet winner has the highest score, alone.

The consensus orders the items by their score, equal scores tied (a weak order).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from algocompare._options import documented_table_options
from algocompare._validation import check_option
from algocompare.consensus._rankings import as_profile, at_least_counts, check_consensus_options, levels_to_groups
from algocompare.consensus._results import RuleConsensusResult

__all__ = ["copeland"]

_VARIANTS = ("relations", "pairwise")


def order_by_scores(items: tuple, totals: np.ndarray) -> list[list[Any]]:
    """Items by decreasing score, scores equal up to rounding error tied."""
    scale = max(1.0, float(np.abs(totals).max())) if len(totals) else 1.0
    rounded = np.round(totals / scale, 12)
    return levels_to_groups(items, np.unique(-rounded, return_inverse=True)[1].ravel())


def _net_per_ranking(profile: Any) -> np.ndarray:
    """sum_r w_r (#{b : b ≺_r a} - #{b : b ≻_r a}) per item."""
    levels = profile.levels
    worse = at_least_counts(levels, strictly=True)
    k = levels.shape[1]
    better = k - at_least_counts(levels)  # items strictly above a
    return profile.weights @ (worse - better).astype(float)


def _net_pairwise(profile: Any) -> np.ndarray:
    """wins - losses of each item in the pairwise majority contests (N[a, b] vs N[b, a])."""
    n_geq = profile.at_least_as_good()
    margin = n_geq - n_geq.T  # weight of a ≻ b minus weight of b ≻ a
    tol = 1e-12 * max(1.0, profile.total_weight)
    return (margin > tol).sum(axis=1).astype(float) - (margin < -tol).sum(axis=1)


@documented_table_options
def copeland(rankings: Any, *, variant: str = "relations", weights: Any = None, agg: str = "mean",
             direction: str | None = None, nan_policy: str = "raise") -> RuleConsensusResult:
    """Copeland's consensus: the items by net score, wins minus losses (equal scores tied).

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    variant : {"relations", "pairwise"}
        "relations" (default): the per-ranking net score #{b : b ≺ a} - #{b : b ≻ a}, summed
        with the weights (relations' ``relation_consensus(method="Copeland")``); "pairwise":
        the number of pairwise majority contests a wins minus those it loses (Copeland 1951).
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    RuleConsensusResult
        ``consensus`` (items by decreasing score, equal scores tied) and ``scores``.

    See Also
    --------
    borda : the Borda count, of which relations' Copeland is an affine function on linear orders.
    condorcet : the pairwise-majority ordering, where one exists.

    Notes
    -----
    On linear orders of k items relations' Copeland score is 2 × (Borda score) - (k + 1) per
    ranking, so it gives the Borda consensus; the two differ when rankings have ties.
    "pairwise" elects the Condorcet winner whenever one exists; a pairwise contest split
    exactly in half counts for neither item.

    References
    ----------
    .. [1] Copeland, A. H. (1951). A "reasonable" social welfare function. Seminar on
       applications of mathematics to the social sciences, University of Michigan (mimeo).
    .. [2] Saari, D. G., Merlin, V. R. (1996). The Copeland method I: relationships and the
       dictionary. *Economic Theory* 8(1), 51–76. doi:10.1007/BF01212012
    .. [3] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> r = copeland([["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"], ["a", "c", "b"]], variant="pairwise")
    >>> r.consensus, r.scores.tolist()
    ([['a'], ['c'], ['b']], [1.0, -1.0, 0.0])
    """
    check_option("variant", variant, _VARIANTS)
    check_consensus_options("copeland", direction, nan_policy)
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    totals = _net_per_ranking(profile) if variant == "relations" else _net_pairwise(profile)
    ranking = order_by_scores(profile.items, totals)
    method = "Copeland consensus" + (" (pairwise contests)" if variant == "pairwise" else "")
    return RuleConsensusResult(method=method, items=profile.items, consensus=ranking, optimal_rankings=[ranking],
                               n_rankings=len(profile.levels), profile=profile, rule="copeland",
                               orders="linear" if len(ranking) == len(profile.items) else "weak",
                               scores=pd.Series(totals, index=list(profile.items), name="score"),
                               dropped_instances=profile.dropped)
