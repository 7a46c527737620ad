"""Simultaneous all-pairwise intervals: minimum significant differences (MSD).

Chiarandini, Basso & Stützle (2005), §2 and Algorithm 2 (Compute_all-pairwise_MSD).

Permutation MSD
    Compute_pairwise_MSD(i, j) shifts the runs of i to X_hit - Xbar_hi + Xbar_hj - MSD,
    so that S0(MSD) = sum_h (Xbar_hi(MSD) - Xbar_hj) = -b MSD, and compares it with its
    synchronized permutation distribution. Under a rearrangement that exchanges nu of the
    r runs, the shift moves with the exchanged runs:
    S*(MSD) = Delta* - b MSD (r - 2 nu)/r, where Delta* is the permuted difference of the
    centred runs R_hit = X_hit - Xbar_hi. So S*(MSD) <= S0(MSD) exactly when
    |Delta*| >= 2 b nu MSD / r (two-sided), i.e. when MSD <= d* = r |Delta*| / (2 b nu)
    (d* = +inf for the identity, nu = 0, which is always in its own tail).
    Algorithm 2 searches for the one MSD that holds for all c = k(k - 1)/2 pairs at once;
    with the same (synchronized) rearrangement for every pair that search has a closed
    form: MSD is the (1 - alpha) quantile of max_{i<j} d*_ij over the rearrangements
    (the smallest MSD for which at most a fraction alpha of them has a pair beyond it).
    Design 1 ("removing the third index"): the exchange of a pair's two values in a set of
    instances, the same set for every pair; d* is the largest difference between the
    algorithms' mean centred value over the exchanged instances.
Parametric MSD
    Tukey's HSD q_{1-alpha; k, df} sqrt(MSE / n) and Scheffé's
    sqrt((k - 1) F_{1-alpha; k-1, df} 2 MSE / n), n = b r values per algorithm, MSE of
    eq. (1) / eq. (2).
Rank-based MSD
    All values of an instance are ranked jointly (Friedman; with runs, all k r values).
    Conover (1999, §5.8): t_{1-alpha/2; df} sqrt(2 MSE_R / n) with MSE_R the error mean
    square of the two-way ANOVA of the ranks (for one run per cell this equals Conover's
    formula t [2 b (A - C)(1 - T/(b(k-1))) / ((b-1)(k-1))]^(1/2) / b on mean ranks);
    ``rank_method="tukey"`` uses the studentized range instead.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._options import N_RESAMPLES, check_alpha
from algocompare.permutation import _resampling as rs
from algocompare.permutation._enumeration import all_subsets
from algocompare.permutation._input import prepare
from algocompare.permutation._result import MSDResult
from algocompare.permutation._synchronized import (
    MSE_VARIANTS,
    VARIANTS,
    csp_chunks,
    error_mean_square,
    exchange_draws,
    exchanged_totals,
    n_synchronized,
)

__all__ = ["msd_intervals", "parametric_msd", "rank_msd"]

PARAMETRIC = ("tukey", "scheffe")
RANK_METHODS = ("conover", "tukey")


@lru_cache(maxsize=256)
def studentized_range_quantile(level: float, k: int, df: float) -> float:
    """q_{level; k, df} (scipy integrates numerically, slowly: cache the few values a study needs)."""
    return float(stats.studentized_range.ppf(level, k, df))


def parametric_msd(mse_value: float, df: int, k: int, n: int, alpha: float) -> tuple[float, float]:
    """(Tukey HSD, Scheffé) minimum significant differences for means of n values each."""
    tukey = studentized_range_quantile(1 - alpha, k, df) * math.sqrt(mse_value / n)
    scheffe = math.sqrt((k - 1) * stats.f.ppf(1 - alpha, k - 1, df) * 2 * mse_value / n)
    return float(tukey), float(scheffe)


def joint_ranks(runs: np.ndarray) -> np.ndarray:
    """Ranks of all k r values of each instance, jointly (rank 1 = lowest = best; ties averaged)."""
    b, k, r = runs.shape
    return stats.rankdata(runs.reshape(b, k * r), axis=1).reshape(b, k, r)


def rank_msd(runs: np.ndarray, alpha: float, mse: str, method: str = "conover") -> tuple[float, np.ndarray]:
    """Rank-based MSD on mean ranks, and the mean ranks; see the module docstring."""
    b, k, r = runs.shape
    ranks = joint_ranks(runs)
    mse_r, df = error_mean_square(ranks, mse if r > 1 else "additive")
    if method == "conover":
        msd = stats.t.ppf(1 - alpha / 2, df) * math.sqrt(2 * mse_r / (b * r))
    else:
        msd = studentized_range_quantile(1 - alpha, k, df) * math.sqrt(mse_r / (b * r))
    return float(msd), ranks.mean(axis=(0, 2))


def _quantile_msd(d: np.ndarray, alpha: float) -> float:
    """Smallest MSD exceeded by at most a fraction alpha of the d* values.

    The identity arrangement (no exchange) always lies in its own tail: its d* is +inf.
    When alpha < 1 / (number of arrangements) no finite MSD exists and +inf is returned.
    """
    d = np.sort(d)
    allowed = int(math.floor(alpha * len(d) + 1e-9))
    return float(d[len(d) - allowed - 1])


def _design1_d(values: np.ndarray, swapped: np.ndarray) -> np.ndarray:
    centred = values - values.mean(axis=0)
    n_swapped = swapped.sum(axis=1)
    means = (swapped @ centred) / np.maximum(n_swapped, 1)[:, None]
    return np.where(n_swapped > 0, means.max(axis=1) - means.min(axis=1), np.inf)


def _design2_d(runs: np.ndarray, leave: np.ndarray, come: np.ndarray, nu: np.ndarray) -> np.ndarray:
    b, k, r = runs.shape
    centred = runs - runs.mean(axis=2, keepdims=True)
    p, q = exchanged_totals(centred, leave, come)
    first, second = np.triu_indices(k, 1)
    gaps = np.abs(p[:, first] - q[:, second]).max(axis=1)
    return np.where(nu > 0, gaps / (2.0 * b * np.maximum(nu, 1)), np.inf)


def permutation_msd(runs: np.ndarray, kind: str, *, alpha: float, variant: str, method: str, n_resamples: int,
                    rng: np.random.Generator, max_exact: int,
                    progress: bool | None = None) -> tuple[float, bool, np.ndarray]:
    """Family-wise permutation MSD (Algorithm 2); returns (MSD, exact, d* values)."""
    b, k, r = runs.shape
    if kind == "blocks":
        values = runs[:, :, 0]
        space = rs.count_as_float(b * math.log(2.0), lambda: 2 ** b)
        enumerate_all = lambda: _design1_d(values, all_subsets(b).astype(float))  # noqa: E731
        draw = lambda gen, n: _design1_d(values, (gen.random((n, b)) < 0.5).astype(float))  # noqa: E731
        per_draw = b * k
    else:
        space = n_synchronized(r, b, "constrained") if variant == "constrained" else math.inf

        def enumerate_all() -> np.ndarray:
            return np.concatenate([_design2_d(runs, *chunk) for chunk in csp_chunks(r, k)])

        def draw(gen: np.random.Generator, n: int) -> np.ndarray:
            return _design2_d(runs, *exchange_draws(gen, n, b, r, variant))

        per_draw = k * k + 2 * r * (1 if variant == "constrained" else b)
    if method != "monte_carlo" and space <= max_exact:
        d = enumerate_all()
        return _quantile_msd(d, alpha), True, d
    if method == "exact":
        raise rs.infeasible(space, max_exact)
    draws = [draw(rng, n) for n in rs.batch_sizes(n_resamples, per_draw, progress=progress)]
    d = np.concatenate([*draws, [np.inf]])  # the observed arrangement, as in (b + 1) / (m + 1)
    return _quantile_msd(d, alpha), False, d


def msd_intervals(data: Any, *, alpha: float = 0.05, method: str = "auto", n_resamples: int = N_RESAMPLES,
                  variant: str = "constrained", mse: str = "interaction", parametric: str = "tukey",
                  rank_method: str = "conover", design: str = "auto", max_exact: int | None = None,
                  rng: Any = None, progress: bool | None = None, direction: str | None = None,
                  nan_policy: str = "raise") -> MSDResult:
    """Simultaneous all-pairwise MSD intervals: parametric, permutation and rank-based.

    Chiarandini, Basso & Stützle (2005), §2, Algorithm 2 and Fig. 3. See the module
    docstring for the three MSDs. ``plot()`` on the result draws Fig. 3: estimated
    effects with error bars ± MSD/2 in three panels; two algorithms differ when their
    bars do not overlap.

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        One value per cell (Design 1) or several runs per cell (Design 2).
    alpha : float
        Family-wise level (all c = k(k-1)/2 intervals at once; Conover's rank MSD is
        comparison-wise, protected by the Friedman test, as in the paper's ref. [3]).
    method : {"auto", "exact", "monte_carlo"}
        For the permutation MSD: enumerate all rearrangements (Design 1: the 2^b sets of
        exchanged instances; Design 2 constrained: the C(2r, r) label choices) when at
        most ``max_exact``, else draw ``n_resamples``.
    n_resamples : int
        Monte Carlo rearrangements for the permutation MSD (default 9999,
        :data:`algocompare._options.N_RESAMPLES`; the paper used B = 2000).
    variant : {"constrained", "unconstrained"}
        Synchronized permutations of Design 2 (see :func:`permutation_test`).
    mse : {"interaction", "additive"}
        The MSE of eq. (2) for the parametric and rank MSDs of Design 2.
    parametric : {"tukey", "scheffe"}
        Which parametric MSD the first panel shows (both are computed).
    rank_method : {"conover", "tukey"}
        The rank-based MSD: Conover's t on the Friedman ranks or the studentized range.
    design : {"auto", "blocks", "runs"}
        As :func:`permutation_test`.
    max_exact : int, optional
        Largest exact enumeration of the permutation MSD (default as
        :func:`permutation_test`).
    rng : None, int or numpy.random.Generator
        Seed or generator of the Monte Carlo rearrangements.
    progress : bool, optional
        A progress bar over the Monte Carlo batches: ``None`` (default) on a terminal once the
        work has lasted a second, ``True`` always, ``False`` never.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a Results knows it; a DataFrame or an array is
        taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances, recorded in the result's
        ``dropped_instances``.

    Returns
    -------
    MSDResult
        The estimated effects and mean ranks, the four MSDs (Tukey, Scheffé, permutation,
        rank) and the pairwise decisions (``to_frame()``).

    See Also
    --------
    permutation_test : the omnibus permutation test.
    posthoc : adjusted pairwise p-values from ranks.
    algocompare.plots.msd_plot : Fig. 3 of the paper (``result.plot()``).

    References
    ----------
    .. [1] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.
    .. [2] Hsu, J. C. (1996). *Multiple Comparisons: Theory and Methods*. Chapman & Hall,
       London.
    .. [3] Conover, W. J. (1999). *Practical Nonparametric Statistics*, 3rd ed. John Wiley &
       Sons, New York.

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10, 10, 14], n_instances=4, n_runs=5, rng=1)
    >>> res = ac.msd_intervals(sim.results, rng=0)
    >>> round(res.msd_permutation, 3), round(res.msd_tukey, 3), res.permutation_exact
    (2.293, 2.654, True)
    """
    alpha = check_alpha(alpha)
    method, n_resamples, max_exact = rs.check_method(method, n_resamples, max_exact)
    v.check_option("variant", variant, VARIANTS)
    v.check_option("mse", mse, MSE_VARIANTS)
    v.check_option("parametric", parametric, PARAMETRIC)
    v.check_option("rank_method", rank_method, RANK_METHODS)
    prepared = prepare(data, design=design, direction=direction, nan_policy=nan_policy)
    runs = prepared.runs
    b, k, r = runs.shape
    mse_used = mse if r > 1 else "additive"
    mse_value, df = error_mean_square(runs, mse_used)
    tukey, scheffe = parametric_msd(mse_value, df, k, b * r, alpha)
    perm, exact, d = permutation_msd(runs, prepared.kind, alpha=alpha, variant=variant, method=method,
                                     n_resamples=n_resamples, rng=np.random.default_rng(rng), max_exact=max_exact,
                                     progress=progress)
    rank, mean_ranks = rank_msd(runs, alpha, mse_used, rank_method)
    sign = -1.0 if prepared.direction == "maximize" else 1.0  # effects in the data's own units
    index = pd.Index(prepared.algorithms, name="algorithm")
    return MSDResult(
        method=f"Simultaneous {1 - alpha:.0%} MSD intervals, "
               + ("Design 1" if prepared.kind == "blocks" else f"Design 2 ({variant})"),
        alpha=alpha, design=prepared.kind, variant=variant if prepared.kind == "runs" else None, mse=mse_used,
        parametric=parametric, rank_method=rank_method,
        effects=pd.Series(sign * runs.mean(axis=(0, 2)), index=index, name="mean"),
        mean_ranks=pd.Series(mean_ranks, index=index, name="mean_rank"),
        msd_tukey=tukey, msd_scheffe=scheffe, msd_permutation=perm, msd_rank=rank, mse_value=mse_value,
        df_error=int(df), permutation_exact=exact, n_resamples=float(len(d) if exact else len(d) - 1),
        direction=prepared.direction,
        null_msd=d, dropped_instances=prepared.dropped)
