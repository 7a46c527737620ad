"""Rank-based post-hoc statistics: each algorithm's score and the standard error of a difference.

For the three rank tests the pairwise statistic is z = (s_b - s_a) / se, two-sided normal
p-value 2 (1 - Phi(|z|)). The scores are those of García et al. (2010, §3, pp. 2051-2054):

* Friedman: s_j = mean within-instance rank R_j.
* Friedman aligned ranks: s_j = mean aligned rank (all kN observations ranked jointly
  after subtracting each instance's mean).
* Quade: s_j = W_j / (N(N+1)/2) with W_j = sum_i Q_i r_ij (Q_i the rank of instance i's
  range).

Each score is a total over instances divided by c (N, N and N(N+1)/2). Two standard errors
of a difference s_a - s_b are offered (``se=``):

* ``"permutation"`` (default): the exact standard deviation of s_a - s_b under the null
  hypothesis that the k values of each instance are exchangeable, conditional on the
  observed scores. Within instance i the k scores x_i1..x_ik are permuted at random, so
  Var(x_ia) = v_i (their population variance) and Cov(x_ia, x_ib) = -v_i / (k - 1); hence
  Var(s_a - s_b) = (2k / (k - 1)) sum_i v_i / c^2, the same for every pair. Without ties it
  equals the classic Friedman formula; with ties it is smaller (a fully tied instance has
  v_i = 0 and carries no information); for aligned ranks and Quade it is the variance the
  scores really have.
* ``"classic"``: the closed forms that published tables and the R package scmamp use —
  Friedman sqrt(k(k+1)/(6N)) (Demšar 2006, §3.2.2), aligned ranks sqrt(k(kN+1)/6)
  (scmamp's ``friedmanAlignedRanksPost``; García et al. 2010 print sqrt(k(N+1)/6), where N
  must count all kN aligned observations) and Quade sqrt(k(k+1)(2N+1)(k-1)/(18N(N+1)))
  (García et al. 2010; scmamp's ``quadePost``). The Friedman form ignores ties; the
  aligned-ranks form treats the kN aligned values as exchangeable across instances, which
  they are not (per-pair size 0.10 at k = 3 and growing with k); the Quade form is
  sqrt((k-1)/2) times too large (right only at k = 3): with Var(r_a - r_b) = k(k+1)/6 in an
  instance and sum_i Q_i^2 = N(N+1)(2N+1)/6, Var(T_a - T_b) = k(k+1)(2N+1)/(9N(N+1)).

Scores use rank 1 = best (lower oriented value), so a positive z means algorithm_a is
better than algorithm_b. The p-values do not depend on this orientation.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from algocompare.ranking import aligned_ranks, quade_weights, rank_blocks

__all__ = ["RankScores", "rank_scores", "SCORES", "SE_METHODS"]

#: the scores :func:`rank_scores` computes (the z tests of the post-hoc registry use them)
SCORES = ("friedman", "aligned_ranks", "quade")
SE_METHODS = ("permutation", "classic")


@dataclass(frozen=True)
class RankScores:
    """Per-algorithm scores (lower = better) and the standard error of a score difference."""

    scores: np.ndarray
    se: float
    #: the score totals whose differences are exact in floating point (ties stay ties)
    totals: np.ndarray
    #: divisor turning a difference of totals into a difference of scores
    scale: float
    #: how ``se`` was obtained: "permutation" or "classic"
    se_method: str


def _instance_scores(values: np.ndarray, test: str) -> Iterator[tuple[slice, np.ndarray]]:
    """The instances × algorithms scores whose column totals define the test, a block of
    instances at a time (:func:`~algocompare.ranking.rank_blocks`; aligned ranks rank all
    cells together, so they come as one block)."""
    if test == "aligned_ranks":
        yield slice(None), aligned_ranks(values)
        return
    weights = quade_weights(values) if test == "quade" else None
    for rows, ranks, _ in rank_blocks(values):
        yield rows, ranks if weights is None else weights[rows, None] * ranks


def _scale(test: str, n: int) -> float:
    """c: the divisor of a score total (N, or N(N + 1)/2 for Quade's weights)."""
    return n * (n + 1) / 2.0 if test == "quade" else float(n)


def _classic_se(test: str, n: int, k: int) -> float:
    if test == "friedman":
        return float(np.sqrt(k * (k + 1) / (6.0 * n)))
    if test == "aligned_ranks":
        return float(np.sqrt(k * (k * n + 1) / 6.0))
    return float(np.sqrt(k * (k + 1) * (2 * n + 1) * (k - 1) / (18.0 * n * (n + 1))))


def permutation_se(variances: np.ndarray, k: int, scale: float) -> float:
    """sqrt((2k/(k-1)) sum_i v_i) / c: the null standard error of a difference of column means.

    ``variances`` holds v_i, the population variance of the scores of row i (of k), c = ``scale``.
    """
    return float(np.sqrt(2.0 * k / (k - 1) * variances.sum()) / scale)


def rank_scores(values: np.ndarray, test: str, se: str = "permutation") -> RankScores:
    """Scores and standard error for ``test`` on an oriented instances × algorithms array."""
    n, k = values.shape
    scale = _scale(test, n)
    totals, variances = np.zeros(k), np.empty(n)
    for rows, scores in _instance_scores(values, test):
        totals += scores.sum(axis=0)  # exact: multiples of 1/4
        variances[rows] = scores.var(axis=1)
    if se == "permutation":
        se_value = permutation_se(variances, k, scale)
    elif se == "classic":
        se_value = _classic_se(test, n, k)
    else:  # pragma: no cover - checked by the caller
        raise ValueError(f"unknown standard error {se!r}")
    return RankScores(scores=totals / scale, se=se_value, totals=totals, scale=scale, se_method=se)


def pair_z(scores: RankScores, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """z of each pair (a, b): positive when a has the better (lower) score.

    The difference is taken on the totals (sums of half-integer ranks, exact in floating
    point) so that equal rank differences give bit-identical statistics. When every
    instance is fully tied the standard error is 0 and so is every difference: z = 0.
    """
    difference = (scores.totals[b] - scores.totals[a]) / scores.scale
    if scores.se == 0.0:
        return np.zeros_like(difference)
    return difference / scores.se
