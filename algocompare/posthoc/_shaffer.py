"""Shaffer's static procedure for all pairwise comparisons (Shaffer 1986).

Among the m = k(k-1)/2 hypotheses "algorithm a performs like algorithm b", not every
number of true hypotheses is possible: the true ones form the within-block pairs of a
partition of the algorithms, so their number lies in

    S(k) = union_{j=1..k} { C(j, 2) + x : x in S(k - j) },   S(0) = S(1) = {0}

(Shaffer 1986; Carrasco et al. 2020, §3.3.2). After i-1 rejections at most
t_i = max{s in S(k) : s <= m - i + 1} hypotheses can still be true, and Shaffer's static
APV is APV_i = min(1, max_{j<=i} t_j p_j) (García & Herrera 2008, §4); hypotheses with
equal p-values share the largest APV of their group (:mod:`algocompare.posthoc._adjust`).
"""

from __future__ import annotations

from functools import cache

import numpy as np

__all__ = ["true_hypothesis_counts", "shaffer_multipliers", "shaffer_static"]


@cache
def _possible_counts(k: int) -> np.ndarray:
    """Boolean array b of length C(k,2)+1 with b[s] true iff s is in S(k)."""
    table = [np.array([True])]  # S(0) = {0}
    for n in range(1, k + 1):
        possible = np.zeros(n * (n - 1) // 2 + 1, dtype=bool)
        for j in range(1, n + 1):
            shift = j * (j - 1) // 2
            previous = table[n - j]
            possible[shift:shift + previous.size] |= previous
        table.append(possible)
    result = table[k]
    result.setflags(write=False)
    return result


def true_hypothesis_counts(k: int) -> np.ndarray:
    """S(k): the possible numbers of simultaneously true pairwise hypotheses, ascending.

    >>> true_hypothesis_counts(4).tolist()
    [0, 1, 2, 3, 6]
    """
    return np.flatnonzero(_possible_counts(int(k)))


def shaffer_multipliers(k: int) -> np.ndarray:
    """t_1 >= ... >= t_m, Shaffer's multipliers for the ascending p-values of k algorithms."""
    m = k * (k - 1) // 2
    possible = _possible_counts(int(k))
    # largest possible count <= v, for v = 0..m
    index = np.where(possible, np.arange(m + 1), 0)
    largest_at_most = np.maximum.accumulate(index)
    return largest_at_most[m - np.arange(m)]


def shaffer_static(p_pairs: np.ndarray, k: int) -> np.ndarray:
    """Shaffer's static values t_j p_j of the k(k-1)/2 pairwise p-values (any order).

    p_j is the j-th smallest p-value. These are the APVs before the running maximum, the
    cap at 1 and the tie rule that :func:`algocompare.posthoc._adjust.tie_consistent` applies
    to every method: ``adjust_pvalues(p, "shaffer")`` gives the APVs.
    """
    p_pairs = np.asarray(p_pairs, dtype=float)
    order = np.argsort(p_pairs, kind="stable")
    values = np.empty_like(p_pairs)
    values[order] = shaffer_multipliers(k) * p_pairs[order]
    return values
