"""Distances between rankings: the dissimilarities of the R package relations, on weak orders.

A ranking (weak order) is read as its incidence x[a, b] = [a ≽ b] (reflexive pairs
included), or as the *state* of each unordered pair {a, b} (a before b in the items' order):
a ≻ b, b ≻ a or a ~ b. The distances (relations' ``relation_dissimilarity(method=...)``):

* ``"symdiff"``: the number of incidences that differ — a reversed pair 2, a tie against a
  strict preference 1 (Kemeny & Snell 1962).
* ``"cks"``: Cook, Kress & Seiford (1986), relations' P/I form sum |P_x - P_y| + sum |I_x - I_y| / 2
  with P = strict preference and I = comparability. On complete orders I is all ones, so it
  equals the symmetric difference (it differs only on partial orders, which rankings are not).
* ``"jaccard"``: 1 - |x ∩ y| / |x ∪ y| of the incidence sets.
* ``"footrule"``: Spearman's footrule, sum_a |rank_x(a) - rank_y(a)| with mid-ranks for ties
  (rank 1 = best): relations' Cook–Seiford distance ``"CS"`` and its ``"score"`` distance with
  the default scores (``"ranks"``) and Delta = 1.
* ``"score"``: (sum_a |s_x(a) - s_y(a)|^p)^(1/p) of per-item scores: ``"ranks"`` (mid-ranks),
  ``"borda"`` (#{b : b ≼ a}) or ``"copeland"`` (#{b : b ≺ a} - #{b : b ≻ a}).
* ``"pc"``: the paired-comparison distance of relations, sum over pairs of a discrepancy
  delta(state_x, state_y) (``delta`` = "symdiff", "CKS", "KS", "EM", "JMB", "discrete" or six
  numbers); on complete orders only the cost of a reversed pair and of a tie against a strict
  preference matter.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from algocompare._validation import check_option
from algocompare.consensus._rankings import as_profile

__all__ = ["ranking_distance", "ranking_distances"]

DISTANCES = ("symdiff", "cks", "jaccard", "footrule", "score", "pc")
_SCORES = ("ranks", "borda", "copeland")

#: relations' .relation_dissimilarity_PC_delta: discrepancies between the states of a pair, in the
#: order (incomparable vs a≻b, incomparable vs b≻a, incomparable vs a~b, a≻b vs b≻a, a≻b vs a~b,
#: b≻a vs a~b); states are numbered 1 (incomparable), 2 (a≻b), 3 (b≻a), 4 (a~b).
PC_DELTAS = {
    "symdiff": (1, 1, 2, 2, 1, 1),
    "cks": (2, 2, 1, 2, 1, 1),
    "ks": (1, 1, 0, 2, 1, 1),
    "em": (1, 1, 1, 2, 1, 1),
    "jmb": (4 / 3, 4 / 3, 4 / 3, 5 / 3, 1, 1),
    "discrete": (1, 1, 1, 1, 1, 1),
}


def pc_discrepancy(delta: Any) -> tuple[float, float]:
    """(reversal, tie) costs of a PC discrepancy on complete orders: delta's a≻b vs b≻a and a≻b vs a~b.

    ``delta`` is a name of :data:`PC_DELTAS` (any case) or six non-negative numbers; the two
    tie costs (a≻b vs a~b, b≻a vs a~b) must be equal, else the distance depends on the items'
    order.
    """
    values: tuple[float, ...]
    if isinstance(delta, str):
        check_option("delta", delta.lower(), tuple(PC_DELTAS))
        values = PC_DELTAS[delta.lower()]
    else:
        values = tuple(float(v) for v in np.ravel(delta))
        if len(values) != 6 or not all(np.isfinite(values)) or min(values) < 0:
            raise ValueError(f"delta must name a discrepancy ({', '.join(map(repr, PC_DELTAS))}) or give six "
                             f"non-negative numbers, got {delta!r}.")
    if values[4] != values[5]:
        raise ValueError(f"delta={delta!r} gives a tie against a≻b ({values[4]:g}) and against b≻a ({values[5]:g}) "
                         "different costs, so the distance would depend on the order of the items; give them "
                         "equal values.")
    if values[3] <= 0:
        raise ValueError(f"delta={delta!r} gives a reversed pair no cost; it must be positive.")
    return float(values[3]), float(values[4])


def pair_states(levels: np.ndarray) -> np.ndarray:
    """(rankings, pairs) state of each unordered pair a < b: 0 for a ≻ b, 1 for b ≻ a, 2 for a ~ b."""
    a, b = np.triu_indices(levels.shape[1], k=1)
    diff = levels[:, b] - levels[:, a]  # positive: a is better
    return np.where(diff > 0, 0, np.where(diff < 0, 1, 2)).astype(np.int8)


def mid_ranks(levels: np.ndarray) -> np.ndarray:
    """Mid-rank of each item (1 = best; tied items share the mean of their positions)."""
    better = (levels[:, None, :] < levels[:, :, None]).sum(axis=2)
    tied = (levels[:, None, :] == levels[:, :, None]).sum(axis=2)
    return better + (tied + 1) / 2.0


def item_scores(levels: np.ndarray, score: str) -> np.ndarray:
    """relations' relation_scores of each ranking: "ranks", "borda" or "copeland"."""
    if score == "ranks":
        return mid_ranks(levels)
    worse_or_tied = (levels[:, None, :] >= levels[:, :, None]).sum(axis=2)  # #{b : b ≼ a}, a itself included
    if score == "borda":
        return worse_or_tied.astype(float)
    better_or_tied = (levels[:, None, :] <= levels[:, :, None]).sum(axis=2)
    return (worse_or_tied - better_or_tied).astype(float)


def state_table(reversal: float, tie: float) -> np.ndarray:
    return np.array([[0.0, reversal, tie], [reversal, 0.0, tie], [tie, tie, 0.0]])


def _cross(levels_x: np.ndarray, levels_y: np.ndarray, method: str, score: str, p: float,
           delta: Any) -> np.ndarray:
    """The distances of every ranking of x to every ranking of y (len(x) × len(y))."""
    if method in ("symdiff", "cks", "pc"):
        reversal, tie = (2.0, 1.0) if method != "pc" else pc_discrepancy(delta)
        table = state_table(reversal, tie)
        sx, sy = pair_states(levels_x), pair_states(levels_y)
        onehot_y = [(sy == s).astype(float) for s in range(3)]
        return sum((sx == s).astype(float) @ (table[s, t] * onehot_y[t]).T
                   for s in range(3) for t in range(3) if table[s, t])
    if method == "jaccard":
        ix = (levels_x[:, :, None] <= levels_x[:, None, :]).reshape(len(levels_x), -1).astype(float)
        iy = (levels_y[:, :, None] <= levels_y[:, None, :]).reshape(len(levels_y), -1).astype(float)
        both = ix @ iy.T
        either = ix.sum(1)[:, None] + iy.sum(1)[None, :] - both
        return 1.0 - both / either  # reflexive pairs: never an empty union
    from scipy.spatial.distance import cdist

    kind = "ranks" if method == "footrule" else score
    sx, sy = item_scores(levels_x, kind), item_scores(levels_y, kind)
    power = 1.0 if method == "footrule" else p
    return cdist(sx, sy, "cityblock") if power == 1 else cdist(sx, sy, "minkowski", p=power)


#: relations' names of the distances (``relation_dissimilarity(method=...)``, any case) → ours
_RELATIONS_NAMES = {"sd": "symdiff", "cs": "footrule", "manhattan": "symdiff"}


def canonical(method: Any) -> Any:
    """Our name of a distance given as ours or as relations' ("CKS", "Jaccard", "CS", "SD", ...)."""
    if isinstance(method, str) and method not in DISTANCES:
        lowered = method.lower()
        return _RELATIONS_NAMES.get(lowered, lowered)
    return method


def _check(method: str, score: str, p: float, delta: Any) -> None:
    check_option("method", method, DISTANCES)
    check_option("score", score, _SCORES)
    if not (np.isfinite(p) and p >= 1):
        raise ValueError(f"p must be a number >= 1 (the p-norm of the score differences), got {p!r}.")
    if method == "pc":
        pc_discrepancy(delta)


def ranking_distance(a: Any, b: Any, method: str = "symdiff", *, score: str = "ranks", p: float = 1.0,
                     delta: Any = "symdiff") -> float:
    """Distance between two rankings of the same items (relations' ``relation_dissimilarity``).

    Parameters
    ----------
    a, b : ranking
        Two rankings of the same items, each a list of items or of groups of tied items, best
        first.
    method : {"symdiff", "cks", "jaccard", "footrule", "score", "pc"}
        The distance (see Notes); relations' names are accepted too, in any case ("SD",
        "CKS", "Jaccard", "CS" for the footrule, "PC", "manhattan" — the symmetric difference
        on crisp relations).
    score : {"ranks", "borda", "copeland"}
        The per-item score of ``method="score"`` (relations' ``relation_scores``).
    p : float
        The p-norm (>= 1) of ``method="score"`` (relations' ``Delta``).
    delta : str or sequence of 6 numbers
        The discrepancies of ``method="pc"``: "symdiff", "CKS", "KS", "EM", "JMB", "discrete"
        (relations' names) or six numbers in relations' order.

    Returns
    -------
    float
        The distance (0 for equal rankings).

    See Also
    --------
    ranking_distances : every pairwise distance of a list of rankings.
    symdiff_distance : the symmetric difference, as an integer.
    cluster_rankings : groups of similar rankings.

    Notes
    -----
    With x[a, b] = [a ≽ b] (reflexive pairs included) and mid-ranks r (1 = best):

    * "symdiff": #{(a, b) : x[a, b] ≠ y[a, b]} — a reversed pair 2, a tie against a strict
      preference 1.
    * "cks" (Cook, Kress & Seiford 1986): sum |P_x - P_y| + sum |I_x - I_y| / 2 with
      P[a, b] = min(x[b, a], 1 - x[a, b]) and I = max(x, xᵀ), relations' form. Rankings are
      complete, so I is all ones and "cks" equals "symdiff" (it differs on partial orders).
    * "jaccard": 1 - sum min(x, y) / sum max(x, y).
    * "footrule" (Spearman's footrule; relations' Cook–Seiford "CS"): sum_a |r_x(a) - r_y(a)|.
    * "score": (sum_a |s_x(a) - s_y(a)|^p)^(1/p), s = mid-ranks ("ranks", relations' default:
      with p = 1 it is the footrule), Borda scores #{b : b ≼ a} or Copeland scores
      #{b : b ≺ a} - #{b : b ≻ a}.
    * "pc": sum over unordered pairs of delta(state_x, state_y) (relations' paired-comparison
      distance); on rankings only delta(a≻b, b≻a) and delta(a≻b, a~b) occur. "symdiff", "CKS",
      "KS" and "EM" all give 2 and 1 there (the symmetric difference); "JMB" 5/3 and 1;
      "discrete" 1 and 1.

    All are metrics on rankings (Jaccard: on sets; the score distances are pseudo-metrics when
    two rankings share their scores, which for mid-ranks only happens when they are equal).

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19
    .. [2] Cook, W. D., Kress, M., Seiford, L. M. (1986). Information and preference in partial
       orders: a bimatrix representation. *Psychometrika* 51(2), 197–207. doi:10.1007/BF02293980
    .. [3] Cook, W. D., Seiford, L. M. (1978). Priority ranking and consensus formation.
       *Management Science* 24(16), 1721–1732. doi:10.1287/mnsc.24.16.1721
    .. [4] Diaconis, P., Graham, R. L. (1977). Spearman's footrule as a measure of disarray.
       *Journal of the Royal Statistical Society B* 39(2), 262–268.
       doi:10.1111/j.2517-6161.1977.tb01624.x

    Examples
    --------
    >>> ranking_distance(["a", "b", "c"], ["c", "b", "a"], "footrule")
    4.0
    >>> round(ranking_distance(["a", "b", "c"], [["a", "b"], "c"], "jaccard"), 4)  # 1 - 6/7
    0.1429
    """
    method = canonical(method)
    _check(method, score, p, delta)
    levels = as_profile([a, b]).levels
    return float(_cross(levels[:1], levels[1:], method, score, p, delta)[0, 0])


def ranking_distances(rankings: Any, method: str = "symdiff", *, score: str = "ranks", p: float = 1.0,
                      delta: Any = "symdiff", agg: str = "mean", direction: str | None = None,
                      nan_policy: str = "raise") -> pd.DataFrame:
    """Every pairwise distance of a list of rankings, or of a table's per-instance rankings.

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    method, score, p, delta
        The distance and its options (see :func:`ranking_distance`).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a DataFrame or an array is taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances.

    Returns
    -------
    pandas.DataFrame
        Square, symmetric, zero diagonal; rows and columns are the rankings' labels (the
        instances of a table, else positions).

    See Also
    --------
    ranking_distance : one distance, with the definitions.
    cluster_rankings : hierarchical clustering on these distances.

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> ranking_distances([["a", "b", "c"], ["b", "a", "c"], ["c", "b", "a"]]).to_numpy().tolist()
    [[0.0, 2.0, 6.0], [2.0, 0.0, 4.0], [6.0, 4.0, 0.0]]
    """
    from algocompare.consensus._rankings import check_consensus_options

    method = canonical(method)
    _check(method, score, p, delta)
    check_consensus_options("ranking_distances", direction, nan_policy)
    profile = as_profile(rankings, agg=agg, direction=direction, nan_policy=nan_policy)
    return distance_frame(profile, method, score=score, p=p, delta=delta)


#: rankings whose distance matrix is computed at most (5,000: 200 MB of float64)
MAX_RANKINGS = 5_000


def distance_frame(profile: Any, method: str, *, score: str = "ranks", p: float = 1.0,
                   delta: Any = "symdiff") -> pd.DataFrame:
    """The distance matrix of a profile's rankings, a block of rows at a time (bounded memory)."""
    levels = profile.levels
    if len(levels) > MAX_RANKINGS:
        raise ValueError(f"a distance matrix of {len(levels):,} rankings has {len(levels) ** 2:,} entries "
                         f"({8 * len(levels) ** 2 / 1e9:.1f} GB); at most {MAX_RANKINGS:,} rankings: pass a sample "
                         "of the instances, or summarise them with consensus().")
    block = max(1, 2_000_000 // max(levels.shape[1] ** 2, 1))
    rows = [_cross(levels[start:start + block], levels, method, score, p, delta)
            for start in range(0, len(levels), block)]
    d = np.concatenate(rows) if rows else np.zeros((0, 0))
    d = np.maximum((d + d.T) / 2.0, 0.0)  # exact symmetry and no -0.0 from rounding
    np.fill_diagonal(d, 0.0)
    labels = list(profile.labels)
    return pd.DataFrame(d, index=labels, columns=labels)
