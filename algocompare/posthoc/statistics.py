"""Rank-based post-hoc statistics: each algorithm's score and the standard error of a difference.

For the three rank tests the pairwise statistic is z = (s_b - s_a) / se, two-sided normal
p-value 2 (1 - Phi(|z|)), with the scores s and se of García et al. (2010, §3, pp. 2051-2054):

* Friedman: s_j = mean within-instance rank R_j, se = sqrt(k(k+1) / (6N))
  (Demšar 2006, §3.2.2; García et al. 2009, Appendix A.3).
* Friedman aligned ranks: s_j = mean aligned rank (all kN observations ranked jointly
  after subtracting each instance's mean), se = sqrt(k(N+1) / 6).
* Quade: s_j = W_j / (N(N+1)/2) with W_j = sum_i Q_i r_ij (Q_i the rank of instance i's
  range), se = sqrt(k(k+1)(2N+1)(k-1) / (18 N (N+1))).

Scores use rank 1 = best (lower oriented value), so a positive z means algorithm_a is
better than algorithm_b. The p-values do not depend on this orientation.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


from algocompare.ranking import aligned_ranks, quade_weights, within_instance_ranks

__all__ = ["RankScores", "rank_scores", "RANK_TESTS"]

RANK_TESTS = ("friedman", "aligned_ranks", "quade")


@dataclass(frozen=True)
class RankScores:
    """Per-algorithm scores (lower = better) and the standard error of a score difference."""

    scores: np.ndarray
    se: float
    #: the score totals whose differences are exact in floating point (ties stay ties)
    totals: np.ndarray
    #: divisor turning a difference of totals into a difference of scores
    scale: float


def rank_scores(values: np.ndarray, test: str) -> RankScores:
    """Scores and standard error for ``test`` on an oriented instances × algorithms array."""
    n, k = values.shape
    if test == "friedman":
        totals = within_instance_ranks(values).sum(axis=0)
        scale = float(n)
        se = np.sqrt(k * (k + 1) / (6.0 * n))
    elif test == "aligned_ranks":
        totals = aligned_ranks(values).sum(axis=0)
        scale = float(n)
        se = np.sqrt(k * (n + 1) / 6.0)
    elif test == "quade":
        weights = quade_weights(values)
        totals = (weights[:, None] * within_instance_ranks(values)).sum(axis=0)
        scale = n * (n + 1) / 2.0
        se = np.sqrt(k * (k + 1) * (2 * n + 1) * (k - 1) / (18.0 * n * (n + 1)))
    else:  # pragma: no cover - checked by the caller
        raise ValueError(f"unknown rank test {test!r}")
    return RankScores(scores=totals / scale, se=float(se), totals=totals, scale=scale)


def pair_z(scores: RankScores, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """z of each pair (a, b): positive when a has the better (lower) score.

    The difference is taken on the totals (sums of half-integer ranks, exact in floating
    point) so that equal rank differences give bit-identical statistics.
    """
    return (scores.totals[b] - scores.totals[a]) / scores.scale / scores.se
