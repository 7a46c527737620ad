"""Parametric post-hoc tests for repeated measures: paired t tests, Tukey's HSD and Dunnett's
many-to-one test on the residual of the repeated-measures ANOVA.

The pair statistics of the registry entries ``"paired_t"``, ``"tukey"`` and ``"dunnett"``
(:mod:`algocompare.posthoc._registry`), and the single steps of the last two. The parametric
path of ``algocompare analyze`` (:mod:`algocompare.frequentist._parametric_analysis`) uses
the same functions. Every statistic is positive when algorithm_a is better (lower oriented
mean).

* Paired t: t = mean(d)/(sd(d)/√N) of d = value_b − value_a, N − 1 df, as
  ``scipy.stats.ttest_rel`` and pingouin ``pairwise_tests(within=..., subject=...)``
  (``parametric=True``, ``padjust``); any adjustment of :func:`algocompare.adjust_pvalues`.
* The RM-ANOVA t: t = (ȳ_b − ȳ_a)/√(2 MSE/N), MSE the residual mean square of the two-way
  model y = algorithm + instance, df = (N − 1)(k − 1): R's ``TukeyHSD(aov(y ~ alg +
  instance))`` and ``multcomp::glht(..., mcp(alg = "Tukey" | "Dunnett"))``, scmamp's
  ``tukeyPost`` (which, however, takes the MSE of a one-way ANOVA without the instance effect).
  Tukey's single step: P(Q_{k,df} >= √2 |t|), the studentized range of k means; Dunnett's:
  P(max_j |T_j| >= |t|) for the k − 1 comparisons with a control, correlation 1/2
  (:func:`algocompare.posthoc._dunnett.dunnett_sf`).

pingouin computes the paired t tests exactly (its ``pairwise_tests``), but on a long table,
one pair at a time with a DataFrame each (about 2 ms a pair: 1.8 s for the 4,950 pairs of
100 algorithms, against a few ms here) and without the oriented sign; it is used in the tests
as the independent implementation.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from scipy import stats

from algocompare._scaling import standardised, unit_scaled
from algocompare.posthoc._dunnett import dunnett_sf

__all__ = ["paired_t_pairs", "rm_anova_t_pairs", "residual_mean_square", "tukey_single_step",
           "dunnett_pairs", "dunnett_single_step"]

#: pairs of differences held at once by :func:`paired_t_pairs` (cells)
BATCH_CELLS = 250_000


def paired_t_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                   context: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """Paired t of d = value_b − value_a (t > 0: algorithm_a better) and its two-sided p on N − 1 df.

    A pair with constant differences has t = ±inf and p = 0 (or t = 0 and p = 1 when they are
    all zero). The pairs are taken in batches: never all the differences at once. The values are
    first scaled by a power of two (exact), so that t is the same for data scaled by 1e±300.
    """
    n = values.shape[0]
    (values,), _ = unit_scaled(values, always=True)  # a power of two, exact: no overflow at 1e300, no underflow
    statistic = np.empty(a.size)
    step = max(1, BATCH_CELLS // n)
    for start in range(0, a.size, step):
        diffs = values[:, b[start:start + step]] - values[:, a[start:start + step]]
        mean, sd = diffs.mean(axis=0), diffs.std(axis=0, ddof=1)
        statistic[start:start + step] = standardised(mean, sd / math.sqrt(n))
    return statistic, np.minimum(1.0, 2.0 * stats.t.sf(np.abs(statistic), n - 1))


def residual_mean_square(values: np.ndarray) -> tuple[np.ndarray, float, int]:
    """(algorithm means, MSE, df) of the two-way model y = algorithm + instance, on unit-scaled values.

    The values are scaled by a power of two (exact) so that the residual sum of squares cannot
    overflow; the means and the MSE are in those units, which t does not depend on.
    """
    n, k = values.shape
    (scaled,), _ = unit_scaled(values, always=True)
    residual = scaled - scaled.mean(axis=0) - scaled.mean(axis=1, keepdims=True) + scaled.mean()
    df = (n - 1) * (k - 1)
    return scaled.mean(axis=0), float((residual ** 2).sum()) / df, df


def rm_anova_t_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                     context: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """t = (ȳ_b − ȳ_a)/√(2 MSE/N) on the RM-ANOVA residual, two-sided p on (N − 1)(k − 1) df."""
    n = values.shape[0]
    means, mse, df = residual_mean_square(values)
    statistic = standardised(means[b] - means[a], math.sqrt(2.0 * max(mse, 0.0) / n))
    return statistic, np.minimum(1.0, 2.0 * stats.t.sf(np.abs(statistic), df))


def _df(context: Any) -> int:
    n, k = context.summary.n_instances, len(context.results.algorithms)
    return (n - 1) * (k - 1)


def tukey_single_step(statistic: np.ndarray, k: int, context: Any) -> np.ndarray:
    """Tukey's HSD: P(Q_{k,df} >= √2 |t|), df = (N − 1)(k − 1) (the studentized range of k means)."""
    return studentized_range_p(statistic, k, _df(context))


def studentized_range_p(statistic: np.ndarray, k: int, df: int) -> np.ndarray:
    """P(Q_{k,df} >= √2 |t|) by ``scipy.stats.studentized_range``, capped at 1."""
    return np.minimum(1.0, stats.studentized_range.sf(np.sqrt(2.0) * np.abs(statistic), k, df))


def dunnett_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                  context: Any) -> tuple[np.ndarray, np.ndarray]:
    """The RM-ANOVA t of each algorithm against the control; all pairs are refused."""
    if a.size and np.any(a != a[0]):
        raise ValueError("test='dunnett' compares each algorithm with a control; pass control=<algorithm name> "
                         "or control='best' (for all pairs use test='tukey').")
    return rm_anova_t_pairs(values, a, b, context)


def dunnett_single_step(statistic: np.ndarray, k: int, context: Any) -> np.ndarray:
    """Dunnett's single step: P(max_j |T_j| >= |t|) over the k − 1 comparisons with the control,
    multivariate t with correlation 1/2 on (N − 1)(k − 1) df."""
    return dunnett_sf(statistic, k - 1, _df(context))
