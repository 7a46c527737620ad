"""k algorithms on one problem: k-sample tests on the runs of one instance.

Kruskal–Wallis, the k-sample Anderson–Darling test (Scholz & Stephens 1987) and the
parametric pair, one-way ANOVA and Welch's ANOVA. Each takes the runs as k independent
samples (sizes may differ): a :class:`~algocompare.Results` with runs and ``instance=``, a
long DataFrame (``algorithm``, ``value``), a dict ``{algorithm: runs}`` or a list of 1-D
arrays, read once by :func:`algocompare.data._convert.as_groups`. The post-hoc tests that
follow them are entries of the post-hoc registry (``posthoc(runs, test="dunn", ...)``,
:mod:`algocompare.posthoc._independent`); every instance at once is
:func:`algocompare.per_instance`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._options import N_RESAMPLES
from algocompare._results import TestResult
from algocompare._scaling import unit_scaled
from algocompare.data._convert import Groups, as_groups
from algocompare.frequentist._ad_pvalue import ad_asymptotic_pvalue

__all__ = ["kruskal_wallis", "anderson_darling", "one_way_anova", "welch_anova", "KSampleResult",
           "KruskalWallisResult", "AndersonDarlingResult", "AnovaResult", "pooled_ranks"]

_AD_METHODS = ("asymptotic", "monte_carlo")
_PERMUTATION_CELLS = 4_000_000  # permuted label cells held at once by the Monte Carlo AD test


@dataclass(frozen=True, kw_only=True)
class KSampleResult(TestResult):
    """Common fields of the k-sample tests on the runs of one instance.

    Attributes
    ----------
    statistic, pvalue : float
        The test statistic and its p-value.
    alternative : str
        Always ``"two-sided"`` (the k-sample tests have no direction).
    instance : object or None
        The instance whose runs were compared (None for samples given directly).
    sizes : pandas.Series
        Runs per algorithm, in input order.

    See Also
    --------
    KruskalWallisResult, AndersonDarlingResult, AnovaResult : The k-sample tests.

    References
    ----------
    .. [1] Kruskal, W. H. & Wallis, W. A. (1952). Use of ranks in one-criterion variance
       analysis. Journal of the American Statistical Association 47, 583-621.
       doi:10.1080/01621459.1952.10483441

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.kruskal_wallis({"A": [1, 2, 3], "B": [4, 5, 6, 7]})
    >>> r.sizes.to_dict()
    {'A': 3, 'B': 4}
    """

    kind: ClassVar[str] = "omnibus"

    instance: Any
    sizes: pd.Series


@dataclass(frozen=True, kw_only=True)
class KruskalWallisResult(KSampleResult):
    """Kruskal–Wallis test: tie-corrected H with a chi-square p-value on k − 1 df.

    Attributes
    ----------
    statistic : float
        H = [12/(N(N+1)) Σ R_i²/n_i − 3(N+1)] / C, C = 1 − Σ(t³ − t)/(N³ − N).
    pvalue : float
        P(χ²_{k−1} >= H).
    alternative : str
        ``"two-sided"``.
    df : int
        k − 1.
    instance : object or None
        The instance compared.
    sizes : pandas.Series
        Runs per algorithm.
    mean_ranks : pandas.Series
        Mean of each algorithm's ranks among all N runs (1..N, mid-ranks for ties; 1 = best).
    tie_correction : float
        C (1 without ties).

    See Also
    --------
    kruskal_wallis : The function that returns it.

    References
    ----------
    .. [1] Kruskal, W. H. & Wallis, W. A. (1952). Use of ranks in one-criterion variance
       analysis. Journal of the American Statistical Association 47, 583-621.
       doi:10.1080/01621459.1952.10483441

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.kruskal_wallis({"A": [1, 2, 3], "B": [4, 5, 6, 7]})
    >>> r.df, r.mean_ranks.to_dict()
    (1, {'A': 2.0, 'B': 5.5})
    """

    df: int
    mean_ranks: pd.Series
    tie_correction: float


@dataclass(frozen=True, kw_only=True)
class AndersonDarlingResult(KSampleResult):
    """k-sample Anderson–Darling test (Scholz & Stephens 1987).

    Attributes
    ----------
    statistic : float
        The standardised statistic T = (A² − (k − 1)) / σ_N (kSamples' ``T.AD``, PMCMRplus'
        ``TkN``).
    pvalue : float
        Asymptotic (kSamples ``ad.pval``) or Monte Carlo ((b + 1)/(m + 1)) p-value.
    alternative : str
        ``"two-sided"``.
    df : int
        m = k − 1.
    a2 : float
        A²_kN (version 1) or A²_akN (version 2, mid-ranks).
    sigma : float
        σ_N, the standard deviation of A² under the null (continuous case).
    version : int
        1: Scholz & Stephens' eq. (6), for data with or without ties (PMCMRplus
        ``adKSampleTest``, kSamples' first line); 2: eq. (7), mid-ranks (scipy's default).
    pvalue_method : str
        ``"asymptotic"`` or ``"monte_carlo"``.
    n_resamples : int or None
        Rearrangements drawn for the Monte Carlo p-value.
    instance : object or None
        The instance compared.
    sizes : pandas.Series
        Runs per algorithm.

    See Also
    --------
    anderson_darling : The function that returns it.

    References
    ----------
    .. [1] Scholz, F. W. & Stephens, M. A. (1987). K-sample Anderson-Darling tests. Journal of
       the American Statistical Association 82, 918-924. doi:10.1080/01621459.1987.10478517

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.anderson_darling({"A": [1, 2, 3, 4, 5], "B": [6, 7, 8, 9, 10]})
    >>> r.version, r.df, r.pvalue_method
    (1, 1, 'asymptotic')
    """

    df: int
    a2: float
    sigma: float
    version: int
    pvalue_method: str
    n_resamples: int | None = None


@dataclass(frozen=True, kw_only=True)
class AnovaResult(KSampleResult):
    """One-way ANOVA F test, or Welch's (1951) test for unequal variances.

    Attributes
    ----------
    statistic : float
        F (ANOVA: between / within mean squares; Welch: his F*).
    pvalue : float
        P(F_{df} >= statistic).
    alternative : str
        ``"two-sided"``.
    df : tuple of float
        (k − 1, N − k) for ANOVA; (k − 1, (k² − 1)/(3Λ)) for Welch.
    equal_var : bool
        True for ANOVA, False for Welch's test.
    means : pandas.Series
        Mean run value per algorithm (on the values as given, not oriented).
    instance : object or None
        The instance compared.
    sizes : pandas.Series
        Runs per algorithm.

    See Also
    --------
    one_way_anova, welch_anova : The functions that return it.

    References
    ----------
    .. [1] Welch, B. L. (1951). On the comparison of several mean values: an alternative
       approach. Biometrika 38, 330-336. doi:10.1093/biomet/38.3-4.330

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.welch_anova({"A": [1.0, 2, 3], "B": [4.0, 6, 9, 7]})
    >>> r.equal_var, round(r.df[0], 1)
    (False, 1.0)
    """

    df: tuple
    equal_var: bool
    means: pd.Series


# ----------------------------------------------------------------------------- Kruskal–Wallis

def pooled_ranks(groups: Groups) -> tuple[np.ndarray, np.ndarray, float]:
    """Ranks of all N runs together (mid-ranks for ties), the group of each run, and Σ(t³ − t)."""
    values = np.concatenate(groups.samples)
    labels = np.repeat(np.arange(len(groups.samples)), groups.sizes)
    ranks = stats.rankdata(values)
    _, counts = np.unique(values, return_counts=True)
    return ranks, labels, float(np.sum(counts.astype(float) ** 3 - counts))


def kruskal_wallis(data: Any, *, instance: Any = None, direction: str | None = None,
                   nan_policy: str = "raise") -> KruskalWallisResult:
    """Kruskal–Wallis test: do k algorithms' runs on one instance come from one distribution?

    H = [12/(N(N+1)) Σ_i R_i²/n_i − 3(N+1)] / C on the ranks of all N runs (mid-ranks for
    ties), with the tie correction C = 1 − Σ(t³ − t)/(N³ − N) always applied, and the
    chi-square p-value on k − 1 degrees of freedom: the values of R's ``kruskal.test`` and
    PMCMRplus ``kruskalTest`` (default ``dist = "Chisquare"``) and of ``scipy.stats.kruskal``
    (computed here in numpy, with the mean ranks; the same numbers, tests cross-check them).
    When every run has the same value there is no evidence of a difference: H = 0, p = 1
    (scipy returns NaN).

    Parameters
    ----------
    data : Results, DataFrame, dict or sequence of 1-D arrays
        The runs: a :class:`~algocompare.Results` with runs (pick the instance with
        ``instance=``; required when there are several), a long DataFrame with columns
        ``algorithm`` and ``value`` (and ``instance``), a dict ``{algorithm: runs}`` or a
        list of 1-D arrays (named "1", "2", ...). Sizes may differ.
    instance : object, optional
        The instance whose runs are compared.
    direction : {"minimize", "maximize"}, optional
        Which way is better (orients the mean ranks: rank 1 = best); the test is two-sided.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops missing run values (recorded in ``dropped_values``).

    Returns
    -------
    KruskalWallisResult
        H, p-value, df, sizes and mean ranks.

    See Also
    --------
    anderson_darling : Sensitive to any difference of distributions, not only location.
    algocompare.posthoc : ``test="dunn"``, ``"conover_iman"``, ``"dscf"``, ``"kruskal_nemenyi"``.
    per_instance : The test on every instance at once.

    Notes
    -----
    The chi-square approximation is the convention of every peer; with fewer than about five
    runs per algorithm it is approximate (the null simulation of the Validation page shows
    its size with 5 to 30 runs).

    References
    ----------
    .. [1] Kruskal, W. H. & Wallis, W. A. (1952). Use of ranks in one-criterion variance
       analysis. Journal of the American Statistical Association 47, 583-621.
       doi:10.1080/01621459.1952.10483441

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.kruskal_wallis({"A": [2.9, 3.0, 2.5, 2.6, 3.2], "B": [3.8, 2.7, 4.0, 2.4],
    ...                        "C": [2.8, 3.4, 3.7, 2.2, 2.0]})
    >>> round(r.statistic, 4), round(r.pvalue, 4), r.df
    (0.7714, 0.68, 2)
    """
    groups = as_groups(data, instance=instance, direction=direction, nan_policy=nan_policy)
    ranks, labels, ties = pooled_ranks(groups)
    n, k = ranks.size, len(groups.samples)
    sizes = groups.sizes
    if n <= k:
        raise ValueError(f"{n} runs for {k} algorithms; the Kruskal-Wallis test needs more runs than algorithms.")
    sums = np.bincount(labels, weights=ranks, minlength=k)
    correction = 1.0 - ties / (n ** 3 - n)
    if correction <= 0.0:  # every run has the same value
        statistic, pvalue = 0.0, 1.0
    else:
        h = 12.0 / (n * (n + 1.0)) * np.sum(sums ** 2 / sizes) - 3.0 * (n + 1.0)
        statistic = max(float(h / correction), 0.0)
        pvalue = float(stats.chi2.sf(statistic, k - 1))
    return KruskalWallisResult(
        method="Kruskal-Wallis rank sum test", statistic=statistic, pvalue=pvalue, df=k - 1,
        instance=groups.instance, sizes=_series(groups, sizes, "size"),
        mean_ranks=_series(groups, sums / sizes, "mean_rank"), tie_correction=float(correction),
        dropped_values=groups.dropped)


# ----------------------------------------------------------------------------- Anderson–Darling

def anderson_darling(data: Any, *, instance: Any = None, version: int = 1, method: str = "asymptotic",
                     n_resamples: int = N_RESAMPLES, rng: Any = None, direction: str | None = None,
                     nan_policy: str = "raise") -> AndersonDarlingResult:
    """k-sample Anderson–Darling test (Scholz & Stephens 1987) on the runs of one instance.

    Tests whether the k samples come from one distribution, against any difference (not
    only of location). ``version=1`` (default) is Scholz & Stephens' A²_kN of their eq. (6),
    valid with or without ties, the statistic of PMCMRplus ``adKSampleTest`` and the first
    line of kSamples ``ad.test``; ``version=2`` is A²_akN of eq. (7), built on mid-ranks
    (kSamples' second line, ``scipy.stats.anderson_ksamp(midrank=True)``). Both are
    standardised, T = (A² − (k − 1)) / σ_N, with σ_N² of their eq. (4).

    The p-value is not scipy's: ``anderson_ksamp`` interpolates in the original table and caps
    it to [0.001, 0.25], which is not a p-value. ``method="asymptotic"`` (default) gives the
    p-value of kSamples ``ad.pval`` (and so of PMCMRplus ``adKSampleTest``): the extended
    table of quantiles read by two smoothing splines (:mod:`algocompare.frequentist._ad_pvalue`;
    same values to 1e-8 for k <= 50). ``method="monte_carlo"`` draws ``n_resamples``
    rearrangements of the N runs among the algorithms and returns (b + 1)/(m + 1), b the
    number of rearrangements whose A² is at least the observed one (conditional on the ties).

    Parameters
    ----------
    data : Results, DataFrame, dict or sequence of 1-D arrays
        The runs, as for :func:`kruskal_wallis`.
    instance : object, optional
        The instance whose runs are compared.
    version : {1, 2}
        Which statistic (see above).
    method : {"asymptotic", "monte_carlo"}
        How the p-value is computed.
    n_resamples : int
        Rearrangements for ``method="monte_carlo"``.
    rng : None, int or numpy.random.Generator
        Seed of the Monte Carlo rearrangements.
    direction : {"minimize", "maximize"}, optional
        Accepted for symmetry with the other tests: the test is two-sided and computed on the
        values as given, as kSamples does (with ties, version 1 is not symmetric under x → −x,
        its empirical distribution functions being right-continuous; version 2 is).
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops missing run values (recorded in ``dropped_values``).

    Returns
    -------
    AndersonDarlingResult
        T, its p-value, A², σ_N, the version and how the p-value was computed.

    See Also
    --------
    kruskal_wallis : The rank test of location.
    scipy.stats.anderson_ksamp : The same statistics, with a capped p-value.

    Notes
    -----
    At least 4 runs in all are needed (σ_N² has (N − 1)(N − 2)(N − 3) in its denominator).
    When every run has the same value, A² = 0 and the p-value says no evidence (the Monte
    Carlo p-value is 1).

    References
    ----------
    .. [1] Scholz, F. W. & Stephens, M. A. (1987). K-sample Anderson-Darling tests. Journal of
       the American Statistical Association 82, 918-924. doi:10.1080/01621459.1987.10478517
    .. [2] Scholz, F. & Zhu, A. (2019). kSamples: K-Sample Rank Tests and their Combinations.
       R package version 1.2-9. https://CRAN.R-project.org/package=kSamples

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = {"A": [2.9, 3.0, 2.5, 2.6, 3.2], "B": [3.8, 2.7, 4.0, 2.4], "C": [2.8, 3.4, 3.7, 2.2, 2.0]}
    >>> r = ac.anderson_darling(runs)
    >>> round(r.a2, 4), round(r.statistic, 4), round(r.pvalue, 4)
    (1.8559, -0.1586, 0.4611)
    >>> ac.anderson_darling(runs, method="monte_carlo", n_resamples=999, rng=1).pvalue_method
    'monte_carlo'
    """
    v.check_option("version", version, (1, 2))
    v.check_option("method", method, _AD_METHODS)
    groups = as_groups(data, instance=instance, direction=direction, nan_policy=nan_policy)
    # on the values as given, as kSamples: with ties version 1 is not symmetric under x -> -x
    values = np.concatenate(groups.samples) * (-1.0 if groups.direction == "maximize" else 1.0)
    labels = np.repeat(np.arange(len(groups.samples)), groups.sizes)
    n, k = values.size, len(groups.samples)
    if n < 4:
        raise ValueError(f"{n} runs in all; the k-sample Anderson-Darling test needs at least 4.")
    a2 = float(_ad_statistics(values, labels[None, :], groups.sizes, version)[0])
    sigma = math.sqrt(_ad_variance(n, groups.sizes))
    statistic = (a2 - (k - 1)) / sigma
    resamples = None
    if method == "asymptotic":
        pvalue = ad_asymptotic_pvalue(statistic, k - 1, version)
    else:
        resamples = v.check_positive_int("n_resamples", n_resamples)
        pvalue = _ad_monte_carlo(values, labels, groups.sizes, version, a2, resamples, np.random.default_rng(rng))
    return AndersonDarlingResult(
        method=f"k-sample Anderson-Darling test (version {version}, {method.replace('_', ' ')} p-value)",
        statistic=float(statistic), pvalue=float(pvalue), df=k - 1, a2=a2, sigma=sigma, version=int(version),
        pvalue_method=method, n_resamples=resamples, instance=groups.instance,
        sizes=_series(groups, groups.sizes, "size"), dropped_values=groups.dropped)


def _ad_statistics(values: np.ndarray, labels: np.ndarray, sizes: np.ndarray, version: int) -> np.ndarray:
    """A²_kN (version 1, eq. 6) or A²_akN (version 2, eq. 7) for each row of group labels.

    ``labels`` is (R, N): the group of each of the N values, one arrangement per row; the
    distinct values z*_1 < ... < z*_L with multiplicities l_j give B_j = l_1 + ... + l_j and
    M_ij = the number of group i's values <= z*_j.
    """
    n, k = values.size, sizes.size
    distinct, where = np.unique(values, return_inverse=True)
    size_l = distinct.size
    counts = np.zeros((labels.shape[0], k, size_l))  # f_ij per arrangement
    rows = np.repeat(np.arange(labels.shape[0]), n)
    np.add.at(counts, (rows, labels.ravel(), np.tile(where, labels.shape[0])), 1.0)
    ties = counts[0].sum(axis=0)  # l_j, the same in every arrangement
    b = np.cumsum(ties)
    m = np.cumsum(counts, axis=2)
    inverse_sizes = (1.0 / sizes)[None, :, None]
    if version == 1:
        b, m, ties, counts = b[:-1], m[:, :, :-1], ties[:-1], counts[:, :, :-1]
        terms = ties * (n * m - sizes[None, :, None] * b) ** 2 / (b * (n - b))
        return (inverse_sizes * terms).sum(axis=(1, 2)) / n
    b_mid = b - ties / 2.0
    m_mid = m - counts / 2.0
    denominator = b_mid * (n - b_mid) - n * ties / 4.0
    safe = denominator > 0  # 0 only when every value is the same (L = 1)
    terms = np.where(safe, ties * (n * m_mid - sizes[None, :, None] * b_mid) ** 2 / np.where(safe, denominator, 1.0),
                     0.0)
    return (n - 1.0) / n ** 2 * (inverse_sizes * terms).sum(axis=(1, 2))


def _ad_variance(n: int, sizes: np.ndarray) -> float:
    """σ_N² of A²_kN under the null, Scholz & Stephens (1987) eq. (4) (continuous case)."""
    k = sizes.size
    big_h = float(np.sum(1.0 / sizes))
    h = float(np.sum(1.0 / np.arange(1, n)))
    i = np.arange(1, n - 1)
    tail = np.cumsum(1.0 / np.arange(n - 1, 0, -1))[::-1]  # tail[j] = Σ_{l=j+1}^{n-1} 1/l, j = 0..n-2
    g = float(np.sum(tail[i] / (n - i)))
    a = (4 * g - 6) * (k - 1) + (10 - 6 * g) * big_h
    b = (2 * g - 4) * k ** 2 + 8 * h * k + (2 * g - 14 * h - 4) * big_h - 8 * h + 4 * g - 6
    c = (6 * h + 2 * g - 2) * k ** 2 + (4 * h - 4 * g + 6) * k + (2 * h - 6) * big_h + 4 * h
    d = (2 * h + 6) * k ** 2 - 4 * h * k
    return (a * n ** 3 + b * n ** 2 + c * n + d) / ((n - 1.0) * (n - 2.0) * (n - 3.0))


def _ad_monte_carlo(values: np.ndarray, labels: np.ndarray, sizes: np.ndarray, version: int, observed: float,
                    n_resamples: int, rng: np.random.Generator) -> float:
    """(b + 1)/(m + 1) over random rearrangements of the labels, in batches of bounded memory."""
    per_batch = max(1, _PERMUTATION_CELLS // (sizes.size * max(np.unique(values).size, 1)))
    tolerance = 1e-12 * max(abs(observed), 1.0)  # equal statistics computed in another order count as equal
    exceed, done = 0, 0
    while done < n_resamples:
        batch = min(per_batch, n_resamples - done)
        arrangements = rng.permuted(np.broadcast_to(labels, (batch, labels.size)), axis=1)
        exceed += int(np.sum(_ad_statistics(values, arrangements, sizes, version) >= observed - tolerance))
        done += batch
    return (exceed + 1.0) / (n_resamples + 1.0)


# ----------------------------------------------------------------------------- ANOVA and Welch

def one_way_anova(data: Any, *, instance: Any = None, direction: str | None = None,
                  nan_policy: str = "raise") -> AnovaResult:
    """One-way ANOVA F test of k algorithms' mean run values on one instance (equal variances).

    F = [Σ n_i (x̄_i − x̄)²/(k − 1)] / [Σ_i Σ_j (x_ij − x̄_i)²/(N − k)] on (k − 1, N − k) df:
    the values of ``scipy.stats.f_oneway`` and R's ``oneway.test(var.equal = TRUE)``.
    The values are scaled by a power of two first (:mod:`algocompare._scaling`), so that
    runs near the float limits neither overflow nor underflow. Without any spread within
    the algorithms, F is infinite (p = 0) when the means differ and 0 (p = 1) when they do not.

    Parameters
    ----------
    data : Results, DataFrame, dict or sequence of 1-D arrays
        The runs, as for :func:`kruskal_wallis`.
    instance : object, optional
        The instance whose runs are compared.
    direction : {"minimize", "maximize"}, optional
        Accepted for symmetry with the other tests; F does not depend on it.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops missing run values (recorded in ``dropped_values``).

    Returns
    -------
    AnovaResult
        F, p-value, df and the means.

    See Also
    --------
    welch_anova : Without the equal-variance assumption (the safer default for runs).
    kruskal_wallis : The rank test.

    References
    ----------
    .. [1] Fisher, R. A. (1925). Statistical Methods for Research Workers. Oliver & Boyd.
       https://psychclassics.yorku.ca/Fisher/Methods/

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.one_way_anova({"A": [2.9, 3.0, 2.5, 2.6, 3.2], "B": [3.8, 2.7, 4.0, 2.4],
    ...                       "C": [2.8, 3.4, 3.7, 2.2, 2.0]})
    >>> round(r.statistic, 4), round(r.pvalue, 4), r.df
    (0.5601, 0.5866, (2.0, 11.0))
    """
    return _anova(data, instance, direction, nan_policy, equal_var=True)


def welch_anova(data: Any, *, instance: Any = None, direction: str | None = None,
                nan_policy: str = "raise") -> AnovaResult:
    """Welch's (1951) test of equal means without the equal-variance assumption.

    With w_i = n_i / s_i², W = Σ w_i, x̃ = Σ w_i x̄_i / W and Λ = Σ (1 − w_i/W)²/(n_i − 1):
    F* = [Σ w_i (x̄_i − x̃)²/(k − 1)] / [1 + 2(k − 2)Λ/(k² − 1)] on (k − 1, (k² − 1)/(3Λ)) df:
    the values of R's ``oneway.test(var.equal = FALSE)`` and of
    ``scipy.stats.f_oneway(equal_var=False)``. Every algorithm needs at least 2 runs and a
    spread of its runs (a zero variance makes w_i infinite: the test is then refused).

    Parameters
    ----------
    data : Results, DataFrame, dict or sequence of 1-D arrays
        The runs, as for :func:`kruskal_wallis`.
    instance : object, optional
        The instance whose runs are compared.
    direction : {"minimize", "maximize"}, optional
        Accepted for symmetry with the other tests; F* does not depend on it.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops missing run values (recorded in ``dropped_values``).

    Returns
    -------
    AnovaResult
        F*, p-value, the two df and the means.

    See Also
    --------
    one_way_anova : With equal variances.
    kruskal_wallis : The rank test.

    References
    ----------
    .. [1] Welch, B. L. (1951). On the comparison of several mean values: an alternative
       approach. Biometrika 38, 330-336. doi:10.1093/biomet/38.3-4.330

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.welch_anova({"A": [2.9, 3.0, 2.5, 2.6, 3.2], "B": [3.8, 2.7, 4.0, 2.4],
    ...                     "C": [2.8, 3.4, 3.7, 2.2, 2.0]})
    >>> round(r.statistic, 4), round(r.pvalue, 4), round(r.df[1], 3)
    (0.3919, 0.6932, 5.519)
    """
    return _anova(data, instance, direction, nan_policy, equal_var=False)


def _anova(data: Any, instance: Any, direction: str | None, nan_policy: str, *, equal_var: bool) -> AnovaResult:
    groups = as_groups(data, instance=instance, direction=direction, nan_policy=nan_policy)
    sign = -1.0 if groups.direction == "maximize" else 1.0  # as_groups oriented them; means are shown as given
    samples, exponent = unit_scaled(*groups.samples)
    sizes = groups.sizes.astype(float)
    n, k = float(sizes.sum()), len(samples)
    means = np.array([s.mean() for s in samples])
    if equal_var:
        statistic, df = _fisher(samples, means, sizes, n, k)
    else:
        statistic, df = _welch(groups, samples, means, sizes, k)
    pvalue = 1.0 if statistic == 0 else float(stats.f.sf(statistic, *df))
    name = "One-way ANOVA (equal variances)" if equal_var else "Welch's ANOVA (unequal variances)"
    return AnovaResult(method=name, statistic=float(statistic), pvalue=pvalue, df=tuple(float(d) for d in df),
                       equal_var=equal_var, means=_series(groups, sign * np.ldexp(means, exponent), "mean"),
                       instance=groups.instance, sizes=_series(groups, groups.sizes, "size"),
                       dropped_values=groups.dropped)


def _fisher(samples: tuple, means: np.ndarray, sizes: np.ndarray, n: float, k: int) -> tuple[float, tuple]:
    if n <= k:
        raise ValueError(f"{int(n)} runs for {k} algorithms; the one-way ANOVA needs more runs than algorithms.")
    grand = float(np.sum(sizes * means) / n)
    between = float(np.sum(sizes * (means - grand) ** 2)) / (k - 1)
    within = float(sum(np.sum((s - m) ** 2) for s, m in zip(samples, means, strict=True))) / (n - k)
    if within == 0.0:
        return (math.inf if between > 0 else 0.0), (k - 1, n - k)
    return between / within, (k - 1, n - k)


def _welch(groups: Groups, samples: tuple, means: np.ndarray, sizes: np.ndarray, k: int) -> tuple[float, tuple]:
    small = [v.show(a) for a, s in zip(groups.names, sizes, strict=True) if s < 2]
    if small:
        raise ValueError(f"Welch's ANOVA needs at least 2 runs per algorithm; {', '.join(small)} has fewer.")
    variances = np.array([s.var(ddof=1) for s in samples])
    flat = [v.show(a) for a, s2 in zip(groups.names, variances, strict=True) if not s2 > 0]
    if flat:
        raise ValueError(f"the runs of {', '.join(flat)} have no spread (variance 0): Welch's weights n/s^2 are "
                         "infinite; use kruskal_wallis or one_way_anova.")
    w = sizes / variances
    total = float(w.sum())
    centre = float(np.sum(w * means) / total)
    lam = float(np.sum((1.0 - w / total) ** 2 / (sizes - 1.0)))
    numerator = float(np.sum(w * (means - centre) ** 2)) / (k - 1)
    statistic = numerator / (1.0 + 2.0 * (k - 2) * lam / (k ** 2 - 1.0))
    return statistic, (k - 1, (k ** 2 - 1.0) / (3.0 * lam))


def _series(groups: Groups, values: Any, name: str) -> pd.Series:
    return pd.Series(np.asarray(values), index=pd.Index(list(groups.names), name="algorithm"), name=name)
