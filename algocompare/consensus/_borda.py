"""Positional consensus: Borda count and the winner-takes-one score (Bartz-Beielstein et al., §3).

The consensus orders the items by their total score, equal scores tied:
A_i ≻ A_j iff s_i > s_j and A_i ~ A_j iff s_i = s_j, with s_i = sum_k w_k s(A_i, r_k).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from algocompare._batching import row_batches
from algocompare._options import documented_table_options
from algocompare._validation import check_option
from algocompare.consensus._rankings import as_profile, at_least_counts, check_consensus_options, levels_to_groups
from algocompare.consensus._results import BordaResult

__all__ = ["borda"]

_SCORES = ("borda", "winner")
_TIES = ("relations", "strict")


@documented_table_options
def borda(rankings: Any, *, weights: Any = None, score: str = "borda", ties: str = "relations",
          agg: str = "mean", direction: str | None = None, nan_policy: str = "raise") -> BordaResult:
    """Borda count consensus (de Borda 1781) of rankings, or the winner-takes-one score.

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first),
        or a table of instances × algorithms (a Results, a wide DataFrame or an array):
        each instance ranks the algorithms by their values, equal values tied.
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    score : {"borda", "winner"}
        "borda", or "winner" (one point to the best group of each ranking, zero otherwise;
        the chapter's counter-example, shown for contrast).
    ties : {"relations", "strict"}
        How the Borda score counts tied items.

        * "relations" (default): s(A_i, r) = #{j : A_j ≼ A_i}, reflexive, so tied items
          count for each other and the best of n untied items scores n — the Borda/Kendall
          score of the R package relations (``relation_scores(x, "Borda")``, summed with
          the weights, as ``relation_consensus(x, "Borda")``).
        * "strict": s^BC(A_i, r) = #{j != i : A_i ≻ A_j} (Bartz-Beielstein et al., §3);
          without ties it is the relations score minus one per ranking, giving the same
          consensus.
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    BordaResult
        ``consensus`` (a list of groups, best first), ``scores`` per item,
        ``optimal_rankings`` (``[consensus]``), ``n_rankings``, ``dropped_instances``.

    See Also
    --------
    kemeny : the symmetric-difference consensus.
    consensus : either method on a results table.

    References
    ----------
    .. [1] Borda, J.-C. de (1781). Mémoire sur les élections au scrutin. *Histoire de
       l'Académie Royale des Sciences*, Paris.
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [3] Saari, D. G., Merlin, V. R. (2000). A geometric examination of Kemeny's rule.
       *Social Choice and Welfare* 17(3), 403–438.

    Examples
    --------
    >>> res = borda([["a", "b", "c"], ["c", "b", "a"]], ties="strict")
    >>> res.scores.tolist(), res.consensus
    ([2.0, 2.0, 2.0], [['a', 'b', 'c']])
    """
    check_option("score", score, _SCORES)
    check_option("ties", ties, _TIES)
    check_consensus_options("borda", direction, nan_policy)
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    strictly = ties != "relations"
    name = "winner-takes-one" if score == "winner" else "Borda count (strict)" if strictly else "Borda count"

    def points(levels: np.ndarray) -> np.ndarray:
        return levels == 0 if score == "winner" else at_least_counts(levels, strictly=strictly)

    levels = profile.levels
    totals = np.zeros(levels.shape[1])
    for rows in row_batches(*levels.shape):  # each ranking's points, a batch at a time (issue 19)
        totals += profile.weights[rows] @ points(levels[rows]).astype(float)
    scale = max(1.0, float(np.abs(totals).max()))
    rounded = np.round(totals / scale, 12)  # equal up to rounding error: tied
    consensus = levels_to_groups(profile.items, np.unique(-rounded, return_inverse=True)[1].ravel())
    return BordaResult(method=f"{name} consensus", items=profile.items, consensus=consensus,
                       optimal_rankings=[consensus], n_rankings=len(profile.levels),
                       scores=pd.Series(totals, index=list(profile.items), name="score"),
                       score=score, ties=ties, profile=profile, dropped_instances=profile.dropped)
