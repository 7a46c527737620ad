"""Design 1: one run per algorithm and instance, permutations within instances.

Chiarandini, Basso & Stützle (2005), §2, "Design 1": under H0 the k values of an
instance are exchangeable, so all (k!)^b rearrangements of the rows are equally likely.
The statistic is the F ratio of eq. (1) or the equivalent S' = sum_i (sum_h X_hi)^2
(Good 2000). Row sums are fixed under these rearrangements, so F is an increasing
function of S' and both give the same permutation p-value; the distribution is computed
for S'.

Exact enumeration uses that T = (sum_h X_h,pi_h(i))_i is a sum over instances of
independent, uniformly permuted rows: the distribution of T is the convolution of the
rows' k! arrangements (merged when values repeat, as ranks or integer costs do), and
S' = |T|^2 is evaluated by meet in the middle (:mod:`.enumeration`). Fixing the first
row (its k! arrangements only relabel the algorithms and leave S' unchanged) divides the
work by k!.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from algocompare.permutation import _resampling as rs
from algocompare.permutation._enumeration import quadratic_tail
from algocompare.permutation._synchronized import anova_runs

__all__ = ["sum_squares_statistic", "anova_blocks", "design1_null", "friedman_blocks"]


def sum_squares_statistic(values: np.ndarray) -> float:
    """S' = sum over algorithms of (sum over instances of X_hi)^2 (Good 2000; the paper, §2)."""
    return float(np.sum(values.sum(axis=0) ** 2))


def anova_blocks(values: np.ndarray) -> tuple[float, float, float, float]:
    """F of eq. (1): MSA / MSE of the two-way additive model; returns (F, df1, df2, p).

    Same as ``summary(aov(value ~ algorithm + instance))`` in R. F is +inf when the
    residual sum of squares is zero and the algorithm means differ, NaN when both vanish.
    """
    return anova_runs(values[:, :, None], "additive")


def friedman_blocks(oriented: np.ndarray) -> tuple[float, float]:
    """Friedman chi-square and p-value with the tie correction (as ``scipy.stats.friedmanchisquare``)."""
    from algocompare.frequentist import friedman

    result = friedman(oriented, tie_correction=True)
    return float(result.statistic), float(result.pvalue)


def _row_arrangements(row: np.ndarray) -> np.ndarray:
    return row[np.array(list(itertools.permutations(range(row.size))))]


def design1_null(values: np.ndarray, *, method: str, n_resamples: int, rng: np.random.Generator,
                 max_exact: int, progress: bool | None = False) -> rs.NullOutcome:
    """p-value of S' under within-instance permutations (exact or Monte Carlo)."""
    b, k = values.shape
    observed = sum_squares_statistic(values)
    log_space = (b - 1) * math.lgamma(k + 1)
    n_permutations = rs.count_as_float(b * math.lgamma(k + 1), lambda: math.factorial(k) ** b)
    if method != "monte_carlo" and k <= 7:
        # A fixed first row: the other (k!)^(b-1) arrangements carry the whole distribution.
        blocks = [_row_arrangements(row) for row in values[1:]]
        tail = quadratic_tail(blocks, values[0].astype(float), np.eye(k), observed, max_work=max_exact)
        if tail is not None:
            return rs.exact(tail, n_permutations)
    if method == "exact":
        raise rs.infeasible(n_permutations, max_exact)

    def draw(gen: np.random.Generator, size: int) -> np.ndarray:
        perm = gen.random((size, b, k)).argsort(axis=2)
        totals = np.take_along_axis(np.broadcast_to(values, (size, b, k)), perm, axis=2).sum(axis=1)
        return np.einsum("nk,nk->n", totals, totals)

    space_min = math.exp(-log_space)
    return rs.monte_carlo(draw, observed, n_resamples, rng, per_draw=b * k, n_permutations=n_permutations,
                          space_min_pvalue=space_min, progress=progress)
