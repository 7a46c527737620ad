"""Effect sizes for two algorithms' results, with confidence intervals.

Standardised mean differences (Bartz-Beielstein et al. eqs. 5.11–5.13; García et al. 2009
§3.2) and the dominance-based effect sizes used for non-normal results (Vargha & Delaney
2000; Cliff 1993, 1996; Kerby 2014). Every function returns an :class:`EffectSize` with
``estimate``, ``ci_low``, ``ci_high``.

Sign convention: positive means ``x`` tends to be **larger** than ``y``. For minimisation
(lower is better) a positive value therefore favours ``y``.

Every function takes ``confidence_level`` (the coverage of the interval, default 0.95;
``confidence=`` is its deprecated spelling) and ``nan_policy`` (``"raise"`` or ``"omit"``,
recorded in ``dropped_pairs``/``dropped_values``), and ``ci_method="bootstrap"`` for a
percentile or BCa bootstrap interval (``bootstrap_method``, ``n_resamples``, ``rng``;
:mod:`algocompare.effects._bootstrap`). Every result carries its verbal ``magnitude``
(:func:`algocompare.effects.magnitude`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy import optimize, special, stats

from algocompare import _options
from algocompare import _validation as v
from algocompare._deprecation import renamed_field, renamed_parameters
from algocompare._results import BaseResult
from algocompare._samples import BY_ARGUMENT, INDEPENDENT, PAIRED, read_samples, takes_two_samples
from algocompare._scaling import scaled_back, unit_scaled
from algocompare.effects._bootstrap import VECTORISED, bootstrap_interval
from algocompare.effects._magnitude import magnitude as magnitude_label

__all__ = ["EffectSize", "cohens_d", "hedges_g", "d_z", "cohens_d_prime", "vargha_delaney_a12",
           "cliffs_delta", "rank_biserial"]

CI_METHODS = ("noncentral", "normal", "bootstrap")



@dataclass(frozen=True, kw_only=True)
class EffectSize(BaseResult):
    """An effect size with its confidence interval (NaN bounds where none is standard).

    ``ci_low``/``ci_high`` bound the interval of coverage ``confidence_level``.

    Attributes
    ----------
    estimate : float
        The effect size.
    ci_low, ci_high : float
        The interval's bounds.
    confidence_level : float
        Its coverage.
    n_x, n_y : int
        Sizes of the samples (of the pairs, twice, for paired measures).
    ci_method : str
        How the interval was computed.
    magnitude : str
        The verbal magnitude of ``estimate`` (negligible, small, medium, large): Cohen's
        thresholds for the standardised mean differences, Romano et al.'s for Cliff's delta and
        the rank-biserial correlation, Vargha & Delaney's for A12 (:func:`magnitude`).

    See Also
    --------
    cohens_d, hedges_g, d_z, cohens_d_prime, cliffs_delta, vargha_delaney_a12, rank_biserial :
        the functions that return it.
    magnitude : Cohen's and Vargha & Delaney's labels of an estimate.

    References
    ----------
    .. [1] Lakens, D. (2013). Calculating and reporting effect sizes to facilitate cumulative
       science: a practical primer for t-tests and ANOVAs. *Frontiers in Psychology* 4, 863.
       doi:10.3389/fpsyg.2013.00863

    Examples
    --------
    >>> import algocompare as ac
    >>> e = ac.cliffs_delta([10, 10, 20, 20, 20, 30, 30, 30, 40, 50], [10, 20, 30, 40, 40, 50])
    >>> e.estimate, e.n_x, e.n_y, e.magnitude
    (-0.25, 10, 6, 'small')
    """

    kind: ClassVar[str] = "effect_size"

    estimate: float
    ci_low: float
    ci_high: float
    confidence_level: float
    n_x: int
    n_y: int
    ci_method: str
    magnitude: str = ""

    #: Deprecated alias of ``confidence_level`` (one release).
    confidence = renamed_field("confidence_level")


def _confidence(confidence_level: float) -> float:
    return _options.check_confidence_level(confidence_level)


def _bootstrap(measure: str, a: np.ndarray, b: np.ndarray, *, paired: bool, confidence_level: float,
               options: dict[str, Any]) -> tuple[float, float, str]:
    """The bootstrap interval of the effect size ``measure`` (a key of ``VECTORISED``, whose vectorised
    statistic gives the function's estimate on the data) and the interval's label."""
    lo, hi = bootstrap_interval(VECTORISED[measure], a, b, paired=paired, confidence_level=confidence_level,
                                **options)
    name = "BCa" if options["bootstrap_method"] == "bca" else "percentile"
    return lo, hi, f"bootstrap {name}, {options['n_resamples']} resamples" + (" of pairs" if paired else "")


def pooled_sd(a: np.ndarray, b: np.ndarray) -> float:
    """Pooled standard deviation, Bartz-Beielstein et al. eq. 5.12 (in the data's units; the
    variances are taken on values scaled by a power of two, so they neither over- nor underflow)."""
    (a, b), exponent = unit_scaled(a, b)
    na, nb = a.size, b.size
    return scaled_back(math.sqrt(((na - 1) * a.var(ddof=1) + (nb - 1) * b.var(ddof=1)) / (na + nb - 2)), exponent)


def _unit_scaled(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """``arrays`` times the same power of two (exact), the largest magnitude in [0.5, 1)
    (:func:`algocompare._scaling.unit_scaled`): the standardised differences do not change,
    and their squares neither underflow (values near 1e-170: the standard deviation was 0
    and d infinite) nor overflow (near 1e308)."""
    return unit_scaled(*arrays, always=True)[0]


#: Most steps that widen the bracket of a non-central t inversion: each doubles it, so 64 reach
#: any t a double holds; a bracket still without the root means the distribution's tail
#: cannot be evaluated there (the loop ran for ever on an infinite t).
_MAX_WIDENINGS = 64


def _noncentral_t_interval(t_obs: float, df: float, confidence_level: float) -> tuple[float, float]:
    """Bounds on the non-centrality parameter of t (Steiger & Fouladi 1997 inversion)."""
    tail = (1 - confidence_level) / 2
    if not math.isfinite(t_obs):
        raise ValueError(f"the t statistic is {t_obs}: its non-central t interval is undefined (a standard "
                         "deviation of 0 or a difference that overflows); pass ci_method='normal' or rescale the data.")

    def bound(target_sf: float) -> float:
        def gap(ncp: float) -> float:
            return float(stats.nct.sf(t_obs, df, ncp)) - target_sf

        width = 2.0 + abs(t_obs)
        lo, hi = t_obs - width, t_obs + width
        for _ in range(_MAX_WIDENINGS):
            low_out, high_out = gap(lo) > 0, gap(hi) < 0
            if not (low_out or high_out):
                break
            width *= 2
            lo, hi = (lo - width if low_out else lo), (hi + width if high_out else hi)
        else:
            raise ValueError(f"the non-central t interval of t = {t_obs:g} with {df:g} degrees of freedom could not "
                             "be bracketed (the distribution's tail underflows there); pass ci_method='normal'.")
        if not (gap(lo) <= 0 <= gap(hi)):  # NaN from the distribution: say so rather than loop or guess
            raise ValueError(f"the non-central t distribution could not be evaluated at t = {t_obs:g}, "
                             f"{df:g} degrees of freedom; pass ci_method='normal'.")
        return float(optimize.brentq(gap, lo, hi, xtol=1e-12))

    return bound(tail), bound(1 - tail)


def _standardized_interval(d: float, scale: float, df: float, se_normal: float, confidence_level: float,
                           ci_method: str) -> tuple[float, float]:
    """CI of d = t·scale: non-central t inversion, or d ± t_crit·SE (Hedges & Olkin 1985)."""
    v.check_option("ci_method", ci_method, CI_METHODS)
    if ci_method == "noncentral":
        lo, hi = _noncentral_t_interval(d / scale, df, confidence_level)
        return lo * scale, hi * scale
    crit = stats.t.isf((1 - confidence_level) / 2, df)
    return d - crit * se_normal, d + crit * se_normal


@renamed_parameters(confidence="confidence_level")
@takes_two_samples(INDEPENDENT)
def cohens_d(x, y, *, confidence_level: float = 0.95, ci_method: str = "noncentral",
             bootstrap_method: str = "bca", n_resamples: int = 9999, rng: Any = None,
                 nan_policy: str = "raise") -> EffectSize:
    """Cohen's d of two independent samples with the pooled sd (eqs. 5.11–5.12).

    ``d = (mean(x) − mean(y)) / S_p``. The interval inverts the non-central t distribution
    of Student's t = d / sqrt(1/n_x + 1/n_y) (``ci_method="noncentral"``, exact under
    normality), or is ``d ± t_{df} SE`` with the Hedges & Olkin (1985) SE
    ``sqrt((n_x+n_y)/(n_x n_y) + d²/(2(n_x+n_y)))`` (``"normal"``, as pingouin's
    ``compute_esci``), or a bootstrap interval (``"bootstrap"``, each sample resampled).

    Parameters
    ----------
    x, y : array-like
        Two independent samples (at least 2 values each).
    confidence_level : float
        Coverage of the interval (default 0.95).
    ci_method : {"noncentral", "normal", "bootstrap"}
        Inversion of the non-central t distribution (exact under normality), the normal
        approximation with the Hedges & Olkin standard error, or the bootstrap.
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: the bias-corrected and accelerated interval (default)
        or the percentile interval, with scipy.stats.bootstrap's (and so pingouin's
        ``compute_bootci``'s) conventions (:mod:`algocompare.effects._bootstrap`).
    n_resamples : int
        Bootstrap resamples (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.

    Returns
    -------
    EffectSize
        ``estimate`` with ``ci_low`` and ``ci_high`` at ``confidence_level``, the sample sizes
        ``n_x`` and ``n_y`` and the interval's ``ci_method``.

    See Also
    --------
    hedges_g : the bias-corrected d.
    d_z : the paired counterpart.
    magnitude : Cohen's labels (negligible, small, medium, large).

    References
    ----------
    .. [1] Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed.
       Lawrence Erlbaum, Hillsdale, NJ.
    .. [2] Hedges, L. V., Olkin, I. (1985). *Statistical Methods for Meta-Analysis*. Academic
       Press, Orlando.
    .. [3] Steiger, J. H., Fouladi, R. T. (1997). Noncentrality interval estimation and the
       evaluation of statistical models. In Harlow, Mulaik, Steiger (eds.), *What If There Were
       No Significance Tests?*, 221–257. Lawrence Erlbaum, Mahwah, NJ.
    .. [4] Lakens, D. (2013). Calculating and reporting effect sizes to facilitate cumulative
       science: a practical primer for t-tests and ANOVAs. *Frontiers in Psychology* 4, 863.
       doi:10.3389/fpsyg.2013.00863

    Examples
    --------
    >>> round(cohens_d([3, 4, 6, 7, 5, 6, 7, 3, 5, 4, 2], [4, 6, 6, 7, 6, 5, 5, 2, 3, 4, 1]).estimate, 4)
    0.1538
    """
    confidence_level = _confidence(confidence_level)
    samples = read_samples(x, y, paired=False, nan_policy=nan_policy)
    a, b = _unit_scaled(samples.x, samples.y)
    na, nb = a.size, b.size
    sp = pooled_sd(a, b)
    if sp == 0:
        raise ValueError("both samples are constant (pooled standard deviation 0); Cohen's d is undefined.")
    d = (a.mean() - b.mean()) / sp
    label = ci_method
    if ci_method == "bootstrap":
        lo, hi, label = _bootstrap("cohen_d", a, b, paired=False, confidence_level=confidence_level,
                                   options=dict(bootstrap_method=bootstrap_method, n_resamples=n_resamples, rng=rng))
    else:
        se = math.sqrt((na + nb) / (na * nb) + d**2 / (2 * (na + nb)))
        lo, hi = _standardized_interval(d, math.sqrt(1 / na + 1 / nb), na + nb - 2, se, confidence_level, ci_method)
    return EffectSize(method="Cohen's d (pooled sd)", estimate=float(d), ci_low=lo, ci_high=hi,
                      confidence_level=confidence_level, n_x=na, n_y=nb, ci_method=label,
                      magnitude=str(magnitude_label(d, "cohen_d")), **samples.recorded)


BIAS_CORRECTIONS = ("approx", "exact")


def hedges_correction(df: float, bias_correction: str = "approx") -> float:
    """Small-sample bias correction J of Cohen's d.

    ``"approx"``: ``J = 1 − 3/(4 df − 1)`` (Hedges & Olkin 1985), which with
    ``df = n_A + n_B − 2`` is Bartz-Beielstein et al.'s eq. 5.13, ``1 − 3/(4(n_A+n_B) − 9)``.
    ``"exact"``: ``J = Γ(df/2) / (sqrt(df/2) Γ((df−1)/2))`` (Hedges 1981).
    """
    v.check_option("bias_correction", bias_correction, BIAS_CORRECTIONS)
    if bias_correction == "approx":
        return 1 - 3 / (4 * df - 1)
    return float(np.exp(special.gammaln(df / 2) - special.gammaln((df - 1) / 2)) / math.sqrt(df / 2))


@renamed_parameters(correction="bias_correction", confidence="confidence_level")
@takes_two_samples(INDEPENDENT)
def hedges_g(x, y, *, bias_correction: str = "approx", confidence_level: float = 0.95,
             ci_method: str = "noncentral", bootstrap_method: str = "bca", n_resamples: int = 9999, rng: Any = None,
             nan_policy: str = "raise") -> EffectSize:
    """Hedges' g = J · Cohen's d of two independent samples.

    Parameters
    ----------
    x, y : array-like
        The two independent samples.
    bias_correction : {"approx", "exact"}
        The small-sample bias correction J (``correction=`` is its deprecated spelling).
        ``"approx"`` is eq. 5.13 of Bartz-Beielstein et al. — printed as
        ``1 − 3/(4(n_A+n_B) − 9) × d``, which must be read as ``(1 − 3/(4(n_A+n_B) − 9)) · d``:
        the chapter's CG-vs-NM numbers (d = 0.415, g = 0.4134 with 100 runs each) are
        J·d, not ``1 − 3d/(4N − 9)``. It equals pingouin's ``compute_effsize(eftype="hedges")``.
        ``"exact"`` uses the gamma-function J of Hedges (1981).
    confidence_level : float
        Coverage of the interval, which is Cohen's d interval multiplied by J.
    ci_method : {"noncentral", "normal", "bootstrap"}
        As in :func:`cohens_d` (J is a constant of the sample sizes, so the bootstrap interval
        of g is J times that of d, percentile and BCa alike).
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: the bias-corrected and accelerated interval (default)
        or the percentile interval, with scipy.stats.bootstrap's (and so pingouin's
        ``compute_bootci``'s) conventions (:mod:`algocompare.effects._bootstrap`).
    n_resamples : int
        Bootstrap resamples (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.
    nan_policy : {"raise", "omit"}

    Returns
    -------
    EffectSize
        ``estimate`` with ``ci_low`` and ``ci_high`` at ``confidence_level``, the sample sizes
        ``n_x`` and ``n_y`` and the interval's ``ci_method``.

    See Also
    --------
    cohens_d : the uncorrected d.

    References
    ----------
    .. [1] Hedges, L. V. (1981). Distribution theory for Glass's estimator of effect size and
       related estimators. *Journal of Educational Statistics* 6(2), 107–128.
       doi:10.3102/10769986006002107
    .. [2] Hedges, L. V., Olkin, I. (1985). *Statistical Methods for Meta-Analysis*. Academic
       Press, Orlando.
    .. [3] Lakens, D. (2013). Calculating and reporting effect sizes to facilitate cumulative
       science: a practical primer for t-tests and ANOVAs. *Frontiers in Psychology* 4, 863.
       doi:10.3389/fpsyg.2013.00863

    Examples
    --------
    >>> round(hedges_g([3, 4, 6, 7, 5, 6, 7, 3, 5, 4, 2], [4, 6, 6, 7, 6, 5, 5, 2, 3, 4, 1]).estimate, 4)
    0.1479
    """
    v.check_option("bias_correction", bias_correction, BIAS_CORRECTIONS)
    d = cohens_d(x, y, confidence_level=confidence_level, ci_method=ci_method, bootstrap_method=bootstrap_method,
                 n_resamples=n_resamples, rng=rng, nan_policy=nan_policy)
    j = hedges_correction(d.n_x + d.n_y - 2, bias_correction)
    label = "eq. 5.13, J = 1 - 3/(4(nA+nB) - 9)" if bias_correction == "approx" else "exact gamma-function J"
    return EffectSize(method=f"Hedges' g ({label})", estimate=j * d.estimate, ci_low=j * d.ci_low,
                      ci_high=j * d.ci_high, confidence_level=d.confidence_level, n_x=d.n_x, n_y=d.n_y,
                      ci_method=d.ci_method, magnitude=str(magnitude_label(j * d.estimate, "hedges_g")),
                      dropped_values=d.dropped_values)


def _paired_differences(x, y, nan_policy: str) -> tuple[np.ndarray, dict]:
    """x - y (unit-scaled) and the result's ``dropped_pairs`` field (what ``nan_policy="omit"`` dropped)."""
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    a, b = _unit_scaled(samples.x, samples.y)
    diff = a - b
    if np.all(diff == diff[0]):
        raise ValueError("the paired differences are all equal (standard deviation 0); the effect size is undefined.")
    return diff, samples.recorded


@renamed_parameters(confidence="confidence_level")
@takes_two_samples(PAIRED)
def d_z(x, y, *, confidence_level: float = 0.95, ci_method: str = "noncentral",
        bootstrap_method: str = "bca", n_resamples: int = 9999, rng: Any = None,
                 nan_policy: str = "raise") -> EffectSize:
    """Standardised mean difference of paired data: ``d_z = mean(x − y) / sd(x − y)``.

    The interval inverts the non-central t distribution of the paired t statistic
    ``d_z sqrt(n)`` (``"noncentral"``), or is ``d_z ± t_{n−1} sqrt(1/n + d_z²/(2n))``
    (``"normal"``, pingouin's paired formula), or is a bootstrap interval of resampled pairs
    (``"bootstrap"``).

    Parameters
    ----------
    x, y : array-like
        Paired values (one per instance; at least 2 pairs).
    confidence_level : float
        Coverage of the interval (default 0.95).
    ci_method : {"noncentral", "normal", "bootstrap"}
        Inversion of the non-central t distribution (exact under normality), the normal
        approximation with the Hedges & Olkin standard error, or the bootstrap of pairs.
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: the bias-corrected and accelerated interval (default)
        or the percentile interval, with scipy.stats.bootstrap's (and so pingouin's
        ``compute_bootci``'s) conventions (:mod:`algocompare.effects._bootstrap`).
    n_resamples : int
        Bootstrap resamples (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.

    Returns
    -------
    EffectSize
        ``estimate`` with ``ci_low`` and ``ci_high`` at ``confidence_level``, the sample sizes
        ``n_x`` and ``n_y`` and the interval's ``ci_method``.

    See Also
    --------
    cohens_d_prime : García et al.'s d' = t/√n, which equals d_z.
    paired_ttest : the test of the same mean difference.
    paired_effect_sizes : d_z or another measure for every pair of algorithms.

    References
    ----------
    .. [1] Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed.
       Lawrence Erlbaum, Hillsdale, NJ.
    .. [2] Lakens, D. (2013). Calculating and reporting effect sizes to facilitate cumulative
       science: a practical primer for t-tests and ANOVAs. *Frontiers in Psychology* 4, 863.
       doi:10.3389/fpsyg.2013.00863
    .. [3] Steiger, J. H., Fouladi, R. T. (1997). Noncentrality interval estimation and the
       evaluation of statistical models. In Harlow, Mulaik, Steiger (eds.), *What If There Were
       No Significance Tests?*, 221–257. Lawrence Erlbaum, Mahwah, NJ.

    Examples
    --------
    >>> round(d_z([1.2, 0.8, 5.0, 3.3], [2.5, 1.9, 4.1, 3.0]).estimate, 4)
    -0.2802
    """
    confidence_level = _confidence(confidence_level)
    diff, recorded = _paired_differences(x, y, nan_policy)
    n = diff.size
    dz = diff.mean() / diff.std(ddof=1)
    label = ci_method
    if ci_method == "bootstrap":
        lo, hi, label = _bootstrap("d_z", diff, np.zeros_like(diff), paired=True, confidence_level=confidence_level,
                                   options=dict(bootstrap_method=bootstrap_method, n_resamples=n_resamples, rng=rng))
    else:
        se = math.sqrt(1 / n + dz**2 / (2 * n))
        lo, hi = _standardized_interval(dz, 1 / math.sqrt(n), n - 1, se, confidence_level, ci_method)
    return EffectSize(method="d_z (paired standardised mean difference)", estimate=float(dz), ci_low=lo,
                      ci_high=hi, confidence_level=confidence_level, n_x=n, n_y=n, ci_method=label,
                      magnitude=str(magnitude_label(dz, "d_z")), **recorded)


@renamed_parameters(confidence="confidence_level")
@takes_two_samples(PAIRED)
def cohens_d_prime(x, y, *, paired: bool = True, confidence_level: float = 0.95, ci_method: str = "noncentral",
                   bootstrap_method: str = "bca", n_resamples: int = 9999, rng: Any = None,
                 nan_policy: str = "raise") -> EffectSize:
    """Cohen's index ``d' = t / sqrt(n)`` (García et al. 2009, §3.2).

    ``t`` is the paired t statistic (``paired=True``; then d' equals :func:`d_z`) or
    Student's two-sample t (``paired=False``), and ``n`` the number of results per
    algorithm (both samples must then have the same size). García et al. read d' near 0.5
    as a real difference and below 0.25 as negligible. The interval inverts the
    non-central t distribution of ``t``, or is a bootstrap interval.

    Parameters
    ----------
    x, y : array-like
        The two algorithms' results, paired by position (the same number of each).
    paired : bool
        The paired t statistic (default) or Student's two-sample t.
    confidence_level : float
        Coverage of the interval (default 0.95).
    ci_method : {"noncentral", "bootstrap"}
        Inversion of the non-central t distribution, or the bootstrap (of pairs when
        ``paired``, of each sample otherwise).
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: the bias-corrected and accelerated interval (default)
        or the percentile interval, with scipy.stats.bootstrap's (and so pingouin's
        ``compute_bootci``'s) conventions (:mod:`algocompare.effects._bootstrap`).
    n_resamples : int
        Bootstrap resamples (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.

    Returns
    -------
    EffectSize
        ``estimate`` with ``ci_low`` and ``ci_high`` at ``confidence_level``, the sample sizes
        ``n_x`` and ``n_y`` and the interval's ``ci_method``.

    See Also
    --------
    d_z : equal to d' with ``paired=True``.
    paired_ttest : whose ``cohens_d`` field is d'.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed.
       Lawrence Erlbaum, Hillsdale, NJ.

    Examples
    --------
    >>> round(cohens_d_prime([1.2, 0.8, 5.0, 3.3], [2.5, 1.9, 4.1, 3.0]).estimate, 4)
    -0.2802
    """
    v.check_option("ci_method", ci_method, ("noncentral", "bootstrap"))
    if paired:
        res = d_z(x, y, confidence_level=confidence_level, ci_method=ci_method, bootstrap_method=bootstrap_method,
                  n_resamples=n_resamples, rng=rng, nan_policy=nan_policy)
        return EffectSize(method="Cohen's d' = t/sqrt(n) (paired t)", estimate=res.estimate, ci_low=res.ci_low,
                          ci_high=res.ci_high, confidence_level=res.confidence_level, n_x=res.n_x, n_y=res.n_y,
                          ci_method=res.ci_method, magnitude=res.magnitude, dropped_pairs=res.dropped_pairs)
    confidence_level = _confidence(confidence_level)
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)  # equal sizes: d' needs one n
    a, b = _unit_scaled(samples.x, samples.y)
    n = a.size
    sp = pooled_sd(a, b)
    if sp == 0:
        raise ValueError("both samples are constant (pooled standard deviation 0); d' is undefined.")
    t = (a.mean() - b.mean()) / (sp * math.sqrt(2 / n))
    estimate = float(t / math.sqrt(n))
    if ci_method == "bootstrap":
        lo, hi, label = _bootstrap("d_prime_independent", a, b, paired=False, confidence_level=confidence_level,
                                   options=dict(bootstrap_method=bootstrap_method, n_resamples=n_resamples, rng=rng))
    else:
        lo, hi = (bound / math.sqrt(n) for bound in _noncentral_t_interval(t, 2 * n - 2, confidence_level))
        label = "noncentral"
    return EffectSize(method="Cohen's d' = t/sqrt(n) (Student's two-sample t)", estimate=estimate,
                      ci_low=lo, ci_high=hi, confidence_level=confidence_level,
                      n_x=n, n_y=n, ci_method=label, magnitude=str(magnitude_label(estimate, "cohen_d")),
                      **samples.recorded)


def _dominance(a: np.ndarray, b: np.ndarray) -> tuple[float, np.ndarray, np.ndarray, float]:
    """Cliff's delta, its row and column means and the sum of squared deviations.

    Counts with binary search on the sorted samples, so the n_a × n_b dominance matrix
    is never formed.
    """
    sa, sb = np.sort(a), np.sort(b)
    below_b = np.searchsorted(sb, a, side="left")          # y < x_i
    above_b = b.size - np.searchsorted(sb, a, side="right")  # y > x_i
    row = (below_b - above_b) / b.size
    below_a = np.searchsorted(sa, b, side="left")           # x < y_j
    above_a = a.size - np.searchsorted(sa, b, side="right")   # x > y_j
    col = (above_a - below_a) / a.size
    delta = float(row.mean())
    n_gt, n_lt = float(below_b.sum()), float(above_b.sum())
    n_eq = a.size * b.size - n_gt - n_lt
    ssr = n_gt * (1 - delta) ** 2 + n_eq * delta**2 + n_lt * (1 + delta) ** 2
    return delta, row, col, ssr


def _cliff_variance(a: np.ndarray, b: np.ndarray, variance: str) -> tuple[float, float]:
    n1, n2 = a.size, b.size
    delta, row, col, ssr = _dominance(a, b)
    if variance == "unbiased":  # Cliff (1993)
        var = (n2**2 * np.sum((row - delta) ** 2) + n1**2 * np.sum((col - delta) ** 2) - ssr) / (
            n1 * n2 * (n1 - 1) * (n2 - 1))
    else:  # consistent, Cliff (1996)
        s_row = np.sum((row - delta) ** 2) / (n1 - 1)
        s_col = np.sum((col - delta) ** 2) / (n2 - 1)
        s_cell = ssr / ((n1 - 1) * (n2 - 1))
        var = ((n2 - 1) * s_row + (n1 - 1) * s_col + s_cell) / (n1 * n2)
    return delta, max(float(var), 0.0)


def _cliff_interval(delta: float, var: float, crit: float) -> tuple[float, float]:
    """Cliff's (1996) asymmetric interval, which stays inside [−1, 1]."""
    d = delta * (1 - 1 / 1e12) if abs(delta) == 1 else delta
    root = crit * math.sqrt(var) * math.sqrt((1 - d**2) ** 2 + crit**2 * var)
    denom = 1 - d**2 + crit**2 * var
    lo, hi = (d - d**3 - root) / denom, (d - d**3 + root) / denom
    if delta == 1:
        hi = 1.0
    if delta == -1:
        lo = -1.0
    return float(lo), float(hi)


@renamed_parameters(confidence="confidence_level")
@takes_two_samples(INDEPENDENT)
def cliffs_delta(x, y, *, confidence_level: float = 0.95, variance: str = "unbiased", ci_distribution: str = "t",
                 ci_method: str = "cliff", bootstrap_method: str = "bca", n_resamples: int = 9999, rng: Any = None,
                 nan_policy: str = "raise") -> EffectSize:
    """Cliff's delta = P(X > Y) − P(X < Y) of two independent samples (Cliff 1993).

    The interval is Cliff's (1996) asymmetric interval with the ``"unbiased"`` (Cliff
    1993) or ``"consistent"`` (Cliff 1996) variance estimate, and a Student t
    (df = n_x + n_y − 2, Feng & Cliff 2004) or normal critical value — the options of
    R's ``effsize::cliff.delta``. Counting uses sorting, O(n log n).

    Parameters
    ----------
    x, y : array-like
        Two independent samples (at least 2 values each).
    confidence_level : float
        Coverage of the interval (default 0.95).
    variance : {"unbiased", "consistent"}
        The variance estimate of delta: Cliff's (1993) unbiased one or the consistent one of
        Cliff (1996).
    ci_distribution : {"t", "normal"}
        Critical value of the interval: Student t with n_x + n_y − 2 df or normal.
    ci_method : {"cliff", "bootstrap"}
        Cliff's (1996) interval (default; ``variance`` and ``ci_distribution`` apply), or the
        bootstrap of each sample.
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: the bias-corrected and accelerated interval (default)
        or the percentile interval, with scipy.stats.bootstrap's (and so pingouin's
        ``compute_bootci``'s) conventions (:mod:`algocompare.effects._bootstrap`).
    n_resamples : int
        Bootstrap resamples (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.

    Returns
    -------
    EffectSize
        ``estimate`` with ``ci_low`` and ``ci_high`` at ``confidence_level``, the sample sizes
        ``n_x`` and ``n_y`` and the interval's ``ci_method``.

    See Also
    --------
    vargha_delaney_a12 : the same information as a probability, (1 + delta) / 2.
    rank_biserial : equal to delta for independent samples.
    rank_sum : the test of the same dominance.

    References
    ----------
    .. [1] Cliff, N. (1993). Dominance statistics: ordinal analyses to answer ordinal
       questions. *Psychological Bulletin* 114(3), 494–509. doi:10.1037/0033-2909.114.3.494
    .. [2] Vargha, A., Delaney, H. D. (2000). A critique and improvement of the CL common
       language effect size statistics of McGraw and Wong. *Journal of Educational and Behavioral
       Statistics* 25(2), 101–132. doi:10.3102/10769986025002101

    Examples
    --------
    >>> cliffs_delta([10, 10, 20, 20, 20, 30, 30, 30, 40, 50], [10, 20, 30, 40, 40, 50]).estimate
    -0.25
    """
    confidence_level = _confidence(confidence_level)
    v.check_option("variance", variance, ("unbiased", "consistent"))
    v.check_option("ci_distribution", ci_distribution, ("t", "normal"))
    v.check_option("ci_method", ci_method, ("cliff", "bootstrap"))
    samples = read_samples(x, y, paired=False, nan_policy=nan_policy)
    a, b = samples.x, samples.y
    delta, var = _cliff_variance(a, b, variance)
    if ci_method == "bootstrap":
        lo, hi, label = _bootstrap("cliffs_delta", a, b, paired=False, confidence_level=confidence_level,
                                   options=dict(bootstrap_method=bootstrap_method, n_resamples=n_resamples, rng=rng))
    else:
        tail = (1 - confidence_level) / 2
        crit = stats.t.isf(tail, a.size + b.size - 2) if ci_distribution == "t" else stats.norm.isf(tail)
        lo, hi = _cliff_interval(delta, var, crit)
        label = f"Cliff (1996), {variance} variance, {ci_distribution}"
    return EffectSize(method="Cliff's delta", estimate=delta, ci_low=lo, ci_high=hi, confidence_level=confidence_level,
                      n_x=a.size, n_y=b.size, ci_method=label, magnitude=str(magnitude_label(delta, "cliffs_delta")),
                      **samples.recorded)


@renamed_parameters(confidence="confidence_level")
@takes_two_samples(INDEPENDENT)
def vargha_delaney_a12(x, y, *, confidence_level: float = 0.95, variance: str = "unbiased",
                       ci_distribution: str = "t", ci_method: str = "cliff", bootstrap_method: str = "bca",
                       n_resamples: int = 9999, rng: Any = None, nan_policy: str = "raise") -> EffectSize:
    """Vargha–Delaney A12 = P(X > Y) + ½ P(X = Y) (Vargha & Delaney 2000).

    A12 = (1 + Cliff's delta) / 2; its interval is Cliff's delta interval mapped the same
    way (``variance``, ``ci_distribution`` and ``ci_method`` as in :func:`cliffs_delta`; the
    bootstrap intervals map exactly, being equivariant under increasing maps). Equals pingouin's
    CLES for ``alternative="greater"``. 0.5 means no difference; Vargha & Delaney call 0.56,
    0.64 and 0.71 small, medium and large.

    Parameters
    ----------
    x, y : array-like
        Two independent samples (at least 2 values each).
    confidence_level : float
        Coverage of the interval (default 0.95).
    variance : {"unbiased", "consistent"}
        The variance estimate of delta: Cliff's (1993) unbiased one or the consistent one of
        Cliff (1996).
    ci_distribution : {"t", "normal"}
        Critical value of the interval: Student t with n_x + n_y − 2 df or normal.
    ci_method : {"cliff", "bootstrap"}
        As in :func:`cliffs_delta`.
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: the bias-corrected and accelerated interval (default)
        or the percentile interval, with scipy.stats.bootstrap's (and so pingouin's
        ``compute_bootci``'s) conventions (:mod:`algocompare.effects._bootstrap`).
    n_resamples : int
        Bootstrap resamples (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.

    Returns
    -------
    EffectSize
        ``estimate`` with ``ci_low`` and ``ci_high`` at ``confidence_level``, the sample sizes
        ``n_x`` and ``n_y`` and the interval's ``ci_method``.

    See Also
    --------
    cliffs_delta : delta = 2 A12 − 1.
    rank_sum : whose ``effect_size`` is A12 of x.

    References
    ----------
    .. [1] Vargha, A., Delaney, H. D. (2000). A critique and improvement of the CL common
       language effect size statistics of McGraw and Wong. *Journal of Educational and Behavioral
       Statistics* 25(2), 101–132. doi:10.3102/10769986025002101
    .. [2] Cliff, N. (1993). Dominance statistics: ordinal analyses to answer ordinal
       questions. *Psychological Bulletin* 114(3), 494–509. doi:10.1037/0033-2909.114.3.494

    Examples
    --------
    >>> vargha_delaney_a12([10, 10, 20, 20, 20, 30, 30, 30, 40, 50], [10, 20, 30, 40, 40, 50]).estimate
    0.375
    """
    delta = cliffs_delta(x, y, confidence_level=confidence_level, variance=variance, ci_distribution=ci_distribution,
                         ci_method=ci_method, bootstrap_method=bootstrap_method, n_resamples=n_resamples, rng=rng,
                         nan_policy=nan_policy)
    a12 = (1 + delta.estimate) / 2
    return EffectSize(method="Vargha-Delaney A12", estimate=a12, ci_low=(1 + delta.ci_low) / 2,
                      ci_high=(1 + delta.ci_high) / 2, confidence_level=delta.confidence_level, n_x=delta.n_x,
                      n_y=delta.n_y, ci_method=delta.ci_method, magnitude=str(magnitude_label(a12, "a12")),
                      dropped_values=delta.dropped_values)


@renamed_parameters(confidence="confidence_level")
@takes_two_samples(BY_ARGUMENT)
def rank_biserial(x, y, *, paired: bool = False, confidence_level: float = 0.95, ci_method: str = "analytic",
                  bootstrap_method: str = "bca", n_resamples: int = 9999, rng: Any = None,
                 nan_policy: str = "raise") -> EffectSize:
    """Rank-biserial correlation, for independent samples or matched pairs.

    * ``paired=False``: Glass's r = 2 (mean rank of x − mean rank of y) / (n_x + n_y),
      which equals Cliff's delta (``1 − 2U_y/(n_x n_y)``); interval as :func:`cliffs_delta`.
    * ``paired=True``: Kerby's (2014) matched-pairs r = (R+ − R−) / (R+ + R−) from the
      signed ranks of the non-zero differences x − y (as pingouin's ``wilcoxon`` RBC);
      the interval is tanh(atanh(r) ± z·SE) with SE = sqrt(n(n+1)(2n+1)/6) / (n(n+1)/2),
      the signed-rank statistic's standard deviation scaled to r.

    Parameters
    ----------
    x, y : array-like
        Two samples: independent (``paired=False``) or paired by position (``paired=True``).
    paired : bool
        Glass's independent-samples r (default) or Kerby's matched-pairs r.
    confidence_level : float
        Coverage of the interval (default 0.95).
    ci_method : {"analytic", "bootstrap"}
        The intervals above (default), or the bootstrap (of pairs when ``paired``).
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: the bias-corrected and accelerated interval (default)
        or the percentile interval, with scipy.stats.bootstrap's (and so pingouin's
        ``compute_bootci``'s) conventions (:mod:`algocompare.effects._bootstrap`).
    n_resamples : int
        Bootstrap resamples (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.

    Returns
    -------
    EffectSize
        ``estimate`` with ``ci_low`` and ``ci_high`` at ``confidence_level``, the sample sizes
        ``n_x`` and ``n_y`` and the interval's ``ci_method``.

    See Also
    --------
    cliffs_delta : equal to r for independent samples.
    wilcoxon : the test whose signed ranks the matched-pairs r summarises.

    References
    ----------
    .. [1] Glass, G. V. (1966). Note on rank biserial correlation. *Educational and
       Psychological Measurement* 26(3), 623–631. doi:10.1177/001316446602600307
    .. [2] Kerby, D. S. (2014). The simple difference formula: an approach to teaching
       nonparametric correlation. *Comprehensive Psychology* 3, 11.IT.3.1. doi:10.2466/11.IT.3.1
    .. [3] Cliff, N. (1993). Dominance statistics: ordinal analyses to answer ordinal
       questions. *Psychological Bulletin* 114(3), 494–509. doi:10.1037/0033-2909.114.3.494

    Examples
    --------
    >>> rank_biserial([1.2, 0.8, 5.0, 3.3], [2.5, 1.9, 4.1, 3.0], paired=True).estimate
    -0.4
    """
    v.check_option("ci_method", ci_method, ("analytic", "bootstrap"))
    if not paired:
        delta = cliffs_delta(x, y, confidence_level=confidence_level, ci_method="cliff" if ci_method == "analytic"
                             else "bootstrap", bootstrap_method=bootstrap_method, n_resamples=n_resamples, rng=rng,
                             nan_policy=nan_policy)
        return EffectSize(method="rank-biserial correlation (independent samples)", estimate=delta.estimate,
                          ci_low=delta.ci_low, ci_high=delta.ci_high, confidence_level=delta.confidence_level,
                          n_x=delta.n_x, n_y=delta.n_y, ci_method=delta.ci_method,
                          magnitude=str(magnitude_label(delta.estimate, "rank_biserial")),
                          dropped_values=delta.dropped_values)
    confidence_level = _confidence(confidence_level)
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    a, b = samples.x, samples.y
    diff = a - b
    diff = diff[diff != 0]
    if diff.size == 0:
        raise ValueError("all paired differences are zero; the matched-pairs rank-biserial correlation is undefined.")
    ranks = stats.rankdata(np.abs(diff))
    total = ranks.sum()
    r = float((ranks[diff > 0].sum() - ranks[diff < 0].sum()) / total)
    if ci_method == "bootstrap":  # resample all pairs, zeros included, as the estimate reads them
        lo, hi, label = _bootstrap("rank_biserial", a, b, paired=True, confidence_level=confidence_level,
                                   options=dict(bootstrap_method=bootstrap_method, n_resamples=n_resamples, rng=rng))
    else:
        n = diff.size
        se = math.sqrt(n * (n + 1) * (2 * n + 1) / 6) / (n * (n + 1) / 2)
        crit = stats.norm.isf((1 - confidence_level) / 2)
        centre = np.arctanh(np.clip(r, -1 + 1e-15, 1 - 1e-15))
        lo, hi, label = float(np.tanh(centre - crit * se)), float(np.tanh(centre + crit * se)), \
            "Fisher z, signed-rank SE"
    return EffectSize(method="rank-biserial correlation (matched pairs, Kerby 2014)", estimate=r,
                      ci_low=lo, ci_high=hi, confidence_level=confidence_level, n_x=a.size, n_y=b.size,
                      ci_method=label, magnitude=str(magnitude_label(r, "rank_biserial")), **samples.recorded)
