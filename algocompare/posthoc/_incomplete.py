"""Pairwise statistics for tables with missing cells (``posthoc(test="durbin" | "skillings_mack")``).

Both take what the omnibus result already holds (:func:`incomplete_pairs`); nothing is
re-ranked here.

* Durbin: Conover's (1999, p. 388) all-pairs t statistics for a balanced incomplete block
  design, t = (R_b − R_a) / se with se = sqrt((A − C) 2r/(bk − b − t + 1) (1 − T1/(b(k − 1))))
  and b k − b − t + 1 df (:attr:`DurbinResult.rank_sum_se`); same p-values as PMCMRplus
  ``durbinAllPairsTest`` and scikit-posthocs ``posthoc_durbin``.
* Skillings–Mack: z = (A_b − A_a) / sqrt(Σ_aa + Σ_bb − 2 Σ_ab) on the adjusted rank sums,
  the variance of the difference taken from the test's null covariance matrix Σ, which is
  exact under the null; normal p-values. Every pair gets its own standard error, because
  pairs meet in different numbers of instances.

Both statistics are positive when ``algorithm_a`` is better (lower rank sum).
"""

from __future__ import annotations

import numpy as np
from scipy.stats import norm
from scipy.stats import t as t_dist

from algocompare._scaling import standardised
from algocompare.frequentist._incomplete import DurbinResult, SkillingsMackResult

__all__ = ["durbin_pairs", "skillings_mack_pairs", "incomplete_pairs"]


def durbin_pairs(rank_sums: np.ndarray, se: float, df: float, a: np.ndarray,
                 b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """t statistics and two-sided p-values of the pairs (a, b) (index arrays).

    ``se`` and ``df`` are :attr:`DurbinResult.rank_sum_se` and :attr:`DurbinResult.df2`.
    """
    difference = rank_sums[b] - rank_sums[a]
    statistic = standardised(difference, se)  # se 0: every instance ranks alike
    return statistic, 2.0 * t_dist.sf(np.abs(statistic), df)


def skillings_mack_pairs(adjusted: np.ndarray, covariance: np.ndarray, a: np.ndarray,
                         b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """z statistics and two-sided p-values of the pairs (a, b) (index arrays).

    ``adjusted`` and ``covariance`` are :attr:`SkillingsMackResult.adjusted_rank_sums` and
    :attr:`SkillingsMackResult.covariance` as arrays.
    """
    variance = covariance[a, a] + covariance[b, b] - 2.0 * covariance[a, b]
    with np.errstate(divide="ignore", invalid="ignore"):
        statistic = (adjusted[b] - adjusted[a]) / np.sqrt(variance)
    statistic = np.where(np.isfinite(statistic), statistic, 0.0)  # no shared information: no evidence
    return statistic, np.minimum(1.0, 2.0 * norm.sf(np.abs(statistic)))


def incomplete_pairs(result: DurbinResult | SkillingsMackResult, a: np.ndarray,
                     b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pair statistics of a Durbin or Skillings-Mack result."""
    if isinstance(result, DurbinResult):
        return durbin_pairs(result.rank_sums.to_numpy(float), result.rank_sum_se, result.df2, a, b)
    return skillings_mack_pairs(result.adjusted_rank_sums.to_numpy(float), result.covariance.to_numpy(float), a, b)
