"""Design 2: r runs per algorithm and instance, synchronized permutations.

Chiarandini, Basso & Stützle (2005), §2 "Design 2" and Algorithm 1; Pesarin (2001);
Basso, Pesarin, Salmaso & Solari (2009, ch. 5) for the two variants.

For a pair of algorithms (i, j) on instance h the 2r runs are pooled (the r runs of i
first, labels 1..r, then those of j, labels r+1..2r); a rearrangement gives r of the
pooled labels to i and the others to j, and S_ij|h = sum of the new i runs - sum of the
new j runs. The statistic is

    S = sum_{i<j} ( sum_h S_ij|h )^2,

as the paper's text defines it. (The pseudo-code of Algorithm 1 adds
``(sum_t X*_iht - sum_t X*_jht)^2`` inside the instance loop, i.e. squares before summing
over instances; that sum of squares keeps the instance x algorithm interaction, which
the synchronized test is built to be free of. We follow the text.)

Variants
--------
``"constrained"`` (CSP, the paper's Algorithm 1)
    One choice of r of the 2r pooled labels is applied to every pair and every instance:
    C(2r, r) equally likely outcomes. Writing ``e`` for the labels of i that leave and
    ``u`` for the labels of j that come, sum_h S*_ij|h = p_i - q_j with
    ``p_i = s_i - 2 A_i . e`` and ``q_j = s_j - 2 A_j . u``, where ``A_it = sum_h X_hit``
    and ``s_i = sum_t A_it``: the sum over instances is taken once, before permuting.
``"unconstrained"`` (USP, Basso et al. 2009)
    The number nu of exchanged labels is the same in every instance (and pair), but which
    labels are exchanged is chosen independently in each instance. All
    sum_nu C(r, nu)^(2b) outcomes are equally likely (nu is drawn with probability
    proportional to C(r, nu)^(2b)). With few runs (r <= 4) the CSP cannot reach small
    p-values (its smallest is 2 / C(2r, r), 1/3 for r = 2); the USP can.

Algorithm 1 pools the runs of the first algorithm of each pair (in the order of
``Results.algorithms``) before those of the second, so the CSP distribution can depend on
that order (reversing it leaves the distribution unchanged); we keep the paper's
convention, and the input order, rather than re-sorting the algorithms.

Under both, the instance x algorithm interaction (with the usual zero-sum constraints)
cancels in sum_h S*_ij|h, so the test of the algorithm main effect is exact with or
without interaction.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from algocompare.permutation import _resampling as rs
from algocompare.permutation._enumeration import (
    combinations_mask,
    combine_tails,
    enumeration_size,
    quadratic_tail,
    tail_of_samples,
)

__all__ = ["VARIANTS", "MSE_VARIANTS", "pair_statistic", "pair_form", "anova_runs", "error_mean_square",
           "synchronized_null", "exchange_draws", "n_synchronized"]

VARIANTS = ("constrained", "unconstrained")
MSE_VARIANTS = ("additive", "interaction")


def pair_statistic(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """sum_{i<j} (p_i - q_j)^2 along the last axis, in O(k) per row."""
    k = p.shape[-1]
    idx = np.arange(k)
    square = np.sum(p ** 2 * (k - 1 - idx), axis=-1) + np.sum(q ** 2 * idx, axis=-1)
    before = np.cumsum(p, axis=-1) - p  # sum of p_i over i < j
    return square - 2.0 * np.sum(q * before, axis=-1)


def pair_form(k: int) -> np.ndarray:
    """The matrix M with z'Mz = sum_{i<j} (p_i - q_j)^2 for z = (p, q)."""
    idx = np.arange(k)
    form = np.zeros((2 * k, 2 * k))
    form[idx, idx] = k - 1 - idx
    form[k + idx, k + idx] = idx
    upper = np.triu(np.ones((k, k)), 1)
    form[:k, k:] = -upper
    form[k:, :k] = -upper.T
    return form


def error_mean_square(runs: np.ndarray, mse: str) -> tuple[float, int]:
    """MSE of eq. (2) and its degrees of freedom for runs of shape (b, k, r).

    ``mse="additive"``: residuals of the model instance + algorithm, df bkr - b - k + 1
    (R: ``aov(value ~ algorithm + instance)``; with r = 1 this is eq. (1));
    ``mse="interaction"``: within-cell error, df bk(r - 1) (R:
    ``aov(value ~ algorithm * instance)``).
    """
    b, k, r = runs.shape
    if mse == "additive":
        resid = (runs - runs.mean(axis=(1, 2))[:, None, None] - runs.mean(axis=(0, 2))[None, :, None]
                 + runs.mean())
        df = b * k * r - b - k + 1
    else:
        if r < 2:
            raise ValueError("mse='interaction' needs at least 2 runs per algorithm and instance.")
        resid = runs - runs.mean(axis=2, keepdims=True)
        df = b * k * (r - 1)
    return float(np.sum(resid ** 2)) / df, df


def _f_ratio(msa: float, mse: float, df1: float, df2: float) -> tuple[float, float, float, float]:
    scale = max(msa, 1e-300)
    if mse <= 1e-14 * scale:
        f = np.inf if msa > 0 else np.nan
        return f, df1, df2, (0.0 if msa > 0 else np.nan)
    f = msa / mse
    return float(f), df1, df2, float(stats.f.sf(f, df1, df2))


def anova_runs(runs: np.ndarray, mse: str) -> tuple[float, float, float, float]:
    """F = MSA / MSE (eq. 1 with the MSE of eq. 2); returns (F, df1, df2, p)."""
    b, k, r = runs.shape
    ssa = b * r * np.sum((runs.mean(axis=(0, 2)) - runs.mean()) ** 2)
    mse_value, df2 = error_mean_square(runs, mse)
    return _f_ratio(ssa / (k - 1), mse_value, k - 1, df2)


def n_synchronized(r: int, b: int, variant: str) -> float:
    """Number of equally likely outcomes: C(2r, r) (CSP) or sum_nu C(r, nu)^(2b) (USP)."""
    if variant == "constrained":
        return rs.count_as_float(math.lgamma(2 * r + 1) - 2 * math.lgamma(r + 1), lambda: math.comb(2 * r, r))
    # the sum is at most r + 1 times its largest term, C(r, r // 2)^(2b)
    log_bound = math.log(r + 1) + 2 * b * math.log(math.comb(r, r // 2))
    return rs.count_as_float(log_bound, lambda: sum(math.comb(r, nu) ** (2 * b) for nu in range(r + 1)))


def _usp_nu_probabilities(r: int, b: int) -> np.ndarray:
    logs = np.array([2 * b * math.log(math.comb(r, nu)) for nu in range(r + 1)])
    weights = np.exp(logs - logs.max())
    return weights / weights.sum()


def exchange_draws(rng: np.random.Generator, size: int, b: int, r: int,
                   variant: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Random synchronized rearrangements.

    Returns ``(leave, come, nu)``: boolean masks over the r labels of the first algorithm
    that leave it and of the second that come to it, of shape (size, r) for the CSP and
    (size, b, r) for the USP, and the number nu exchanged (size,).
    """
    if variant == "constrained":
        base = np.zeros((size, 2 * r), dtype=bool)
        base[:, :r] = True
        stay_or_come = rng.permuted(base, axis=1)
        leave = ~stay_or_come[:, :r]
        return leave.astype(float), stay_or_come[:, r:].astype(float), leave.sum(axis=1)
    nu = rng.choice(r + 1, size=size, p=_usp_nu_probabilities(r, b))
    leave = rs.random_subsets(rng, (size, b), r, nu[:, None])
    come = rs.random_subsets(rng, (size, b), r, nu[:, None])
    return leave.astype(float), come.astype(float), nu


def exchanged_totals(runs: np.ndarray, leave: np.ndarray, come: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(p, q) of each rearrangement: p_i = s_i - 2 (runs of i that leave), q_j = s_j - 2 (runs of j that come)."""
    totals = runs.sum(axis=(0, 2))
    if leave.ndim == 2:  # CSP: one label choice for all instances, sum over instances first
        by_label = runs.sum(axis=0)  # (k, r): A_it
        # einsum rather than @: for these thin products it beats a (threaded) BLAS call
        return (totals - 2.0 * np.einsum("nt,it->ni", leave, by_label),
                totals - 2.0 * np.einsum("nt,it->ni", come, by_label))
    return (totals - 2.0 * np.einsum("nht,hit->ni", leave, runs),
            totals - 2.0 * np.einsum("nht,hit->ni", come, runs))


def csp_chunks(r: int, k: int):
    """Every constrained rearrangement as (leave, come, nu), in chunks of bounded size."""
    stay_or_come = combinations_mask(2 * r, r)
    step = max(1, rs.BATCH_ELEMENTS // (2 * r + k * k))
    for start in range(0, len(stay_or_come), step):
        chunk = stay_or_come[start:start + step]
        leave = ~chunk[:, :r]
        yield leave.astype(float), chunk[:, r:].astype(float), leave.sum(axis=1)


def _exact_tail(runs: np.ndarray, variant: str, observed: float, max_exact: int):
    b, k, r = runs.shape
    totals = runs.sum(axis=(0, 2))
    offset, form = np.concatenate([totals, totals]), pair_form(k)
    if variant == "constrained":
        if math.comb(2 * r, r) > max_exact:
            return None
        return combine_tails([tail_of_samples(pair_statistic(*exchanged_totals(runs, leave, come)), observed)
                              for leave, come, _ in csp_chunks(r, k)])
    # USP: for each nu, the instances' label choices are independent blocks.
    parts = []
    for nu in range(r + 1):
        subsets = combinations_mask(r, nu).astype(float)  # (C(r, nu), r)
        blocks = []
        for h in range(b):
            leave = -2.0 * subsets @ runs[h].T  # (C, k)
            both = np.concatenate([np.repeat(leave, len(subsets), axis=0),
                                   np.tile(leave, (len(subsets), 1))], axis=1)
            blocks.append(both)
        if enumeration_size(blocks) > 1e15:
            return None
        tail = quadratic_tail(blocks, offset, form, observed, max_work=max_exact)
        if tail is None:
            return None
        parts.append(tail)
    return combine_tails(parts)


def synchronized_null(runs: np.ndarray, *, variant: str, method: str, n_resamples: int, rng: np.random.Generator,
                      max_exact: int, progress: bool | None = False) -> rs.NullOutcome:
    """p-value of S under synchronized permutations (exact or Monte Carlo)."""
    b, k, r = runs.shape
    totals = runs.sum(axis=(0, 2))
    observed = float(pair_statistic(totals, totals))
    n_perm = n_synchronized(r, b, variant)
    if method != "monte_carlo":
        tail = _exact_tail(runs, variant, observed, max_exact)
        if tail is not None:
            return rs.exact(tail, n_perm)
        if method == "exact":
            raise rs.infeasible(n_perm, max_exact)

    def draw(gen: np.random.Generator, size: int) -> np.ndarray:
        leave, come, _ = exchange_draws(gen, size, b, r, variant)
        return pair_statistic(*exchanged_totals(runs, leave, come))

    per_draw = 2 * r * (1 if variant == "constrained" else b) + k * k
    return rs.monte_carlo(draw, observed, n_resamples, rng, per_draw=per_draw, n_permutations=n_perm,
                          space_min_pvalue=2.0 / n_perm, progress=progress)
