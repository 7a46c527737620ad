"""Equivalence of two algorithms: the two one-sided tests (TOST) of Schuirmann (1987).

Equivalence is the alternative: the difference μ_x − μ_y lies inside the equivalence interval
``(low, high)``, in the data's units. Each bound is tested one-sided — H0₁: Δ ≤ low against
Δ > low, H0₂: Δ ≥ high against Δ < high — and equivalence is shown at level α when both reject,
so the p-value is the larger of the two (Schuirmann 1987; Lakens 2017). Equivalently, the
(1 − 2α) confidence interval of Δ lies inside the bounds.

``method="t"``: paired or two-sample t tests (Welch's by default for independent samples);
``method="wilcoxon"``: the rank version, Wilcoxon signed-rank tests of the shifted paired
differences, or Mann–Whitney tests of the shifted x (for a shift in location).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy import stats

from algocompare._options import check_alpha
from algocompare._results import TestResult
from algocompare._samples import BY_ARGUMENT, read_samples, takes_two_samples
from algocompare._scaling import scaled_back, unit_scaled
from algocompare._validation import check_option

__all__ = ["TOSTResult", "tost", "TOST_METHODS"]

#: The one-sided tests TOST is made of.
TOST_METHODS = ("t", "wilcoxon")


@dataclass(frozen=True, kw_only=True)
class TOSTResult(TestResult):
    """The two one-sided tests (TOST) of equivalence of two algorithms.

    Attributes
    ----------
    statistic : float
        The one-sided statistic whose p-value is the larger (t, or the Wilcoxon/Mann–Whitney
        statistic).
    pvalue : float
        max(``pvalue_lower``, ``pvalue_upper``): small values show equivalence.
    alternative : str
        ``"equivalence"``: low < μ_x − μ_y < high.
    bound_low, bound_high : float
        The equivalence bounds, in the data's units.
    statistic_lower, statistic_upper : float
        The statistics of the tests of H0: Δ ≤ low and of H0: Δ ≥ high.
    pvalue_lower, pvalue_upper : float
        Their one-sided p-values.
    difference : float
        The estimate of Δ: mean of x − y (``method="t"``), or the Hodges–Lehmann estimate
        (``"wilcoxon"``: median of the Walsh averages of the paired differences, or of the
        pairwise differences of independent samples).
    ci_low, ci_high : float
        The t interval of Δ at ``confidence_level`` (NaN for ``method="wilcoxon"``).
    confidence_level : float
        1 − 2·``alpha``: the interval lies within the bounds exactly when TOST rejects.
    alpha : float
        The level of the test.
    reject : bool
        ``pvalue <= alpha``: the algorithms are shown equivalent within the bounds.
    df : float
        Degrees of freedom of the t tests (NaN for ``method="wilcoxon"``).
    paired : bool
        Paired or independent samples.
    test_method : str
        A key of :data:`TOST_METHODS`.
    n_x, n_y : int
        Sample sizes.

    See Also
    --------
    tost : the function that returns it.

    References
    ----------
    .. [1] Schuirmann, D. J. (1987). A comparison of the two one-sided tests procedure and the
       power approach for assessing the equivalence of average bioavailability. *Journal of
       Pharmacokinetics and Biopharmaceutics* 15(6), 657–680. doi:10.1007/BF01068419

    Examples
    --------
    >>> r = tost([4, 7, 8, 6, 3, 2], [6, 8, 7, 10, 11, 9], bound=1)
    >>> round(r.pvalue, 6), r.df  # pingouin.tost(a, b): pval 0.965097, dof 10
    (0.965097, 10.0)
    """

    kind: ClassVar[str] = "equivalence"

    bound_low: float
    bound_high: float
    statistic_lower: float
    statistic_upper: float
    pvalue_lower: float
    pvalue_upper: float
    difference: float
    ci_low: float
    ci_high: float
    confidence_level: float
    alpha: float
    reject: bool
    df: float
    paired: bool
    test_method: str
    n_x: int
    n_y: int


def _bounds(bound: Any) -> tuple[float, float]:
    """(low, high) from a positive half-width or a (low, high) pair."""
    if np.ndim(bound) == 0:
        try:
            width = float(bound)
        except (TypeError, ValueError):
            width = math.nan
        if not (width > 0 and math.isfinite(width)):
            raise ValueError(f"bound must be a positive finite half-width or a pair (low, high), got {bound!r}.")
        return -width, width
    pair = np.asarray(bound, dtype=float)
    if pair.shape != (2,) or not np.all(np.isfinite(pair)) or not pair[0] < pair[1]:
        raise ValueError(f"bound must be a positive half-width or a pair (low, high) with low < high, got {bound!r}.")
    return float(pair[0]), float(pair[1])


def _t_parts(a: np.ndarray, b: np.ndarray, paired: bool, equal_var: bool) -> tuple[float, float, float]:
    """Estimate of Δ, its standard error and the degrees of freedom."""
    if paired:
        d = a - b
        return float(d.mean()), float(d.std(ddof=1) / math.sqrt(d.size)), float(d.size - 1)
    na, nb = a.size, b.size
    va, vb = a.var(ddof=1), b.var(ddof=1)
    if equal_var:
        pooled = ((na - 1) * va + (nb - 1) * vb) / (na + nb - 2)
        return float(a.mean() - b.mean()), float(math.sqrt(pooled * (1 / na + 1 / nb))), float(na + nb - 2)
    wa, wb = va / na, vb / nb
    df = (wa + wb) ** 2 / (wa**2 / (na - 1) + wb**2 / (nb - 1)) if wa + wb > 0 else float(na + nb - 2)
    return float(a.mean() - b.mean()), float(math.sqrt(wa + wb)), float(df)


def _standard_deviation(a: np.ndarray, b: np.ndarray, paired: bool) -> float:
    """sd of the differences (paired) or the pooled sd, in the data's units, for standardised bounds."""
    (sa, sb), exponent = unit_scaled(a, b)
    if paired:
        sd = float(np.std(sa - sb, ddof=1))
    else:
        na, nb = sa.size, sb.size
        sd = math.sqrt(((na - 1) * sa.var(ddof=1) + (nb - 1) * sb.var(ddof=1)) / (na + nb - 2))
    if not sd > 0:
        raise ValueError("bound_units='sd' needs a standard deviation above 0 (the data are constant); "
                         "give the bounds in the data's units.")
    return float(scaled_back(sd, exponent))


def _hodges_lehmann(a: np.ndarray, b: np.ndarray, paired: bool) -> float:
    if paired:
        d = a - b
        i, j = np.triu_indices(d.size)
        return float(np.median((d[i] + d[j]) / 2))
    return float(np.median(np.subtract.outer(a, b)))


@takes_two_samples(BY_ARGUMENT)
def tost(x: Any, y: Any, *, bound: Any, bound_units: str = "data", paired: bool = False, method: str = "t",
         equal_var: bool = True, alpha: float = 0.05, nan_policy: str = "raise") -> TOSTResult:
    """Two one-sided tests (TOST): are two algorithms equivalent within ``bound``?

    Parameters
    ----------
    x, y : array-like
        The two algorithms' results: paired by instance (``paired=True``) or independent runs.
    bound : float or (float, float)
        The equivalence interval of μ_x − μ_y in the data's units: a half-width ``w`` for
        ``(−w, w)``, or ``(low, high)``.
    bound_units : {"data", "sd"}
        ``"data"`` (default): the bounds are in the data's units. ``"sd"``: they are
        standardised effect sizes (d_z for paired data, Cohen's d otherwise) and are turned into
        the data's units by multiplying with the sample's standard deviation (of the differences,
        or pooled), as Lakens (2017) and TOSTER do; ``bound_low``/``bound_high`` report the raw
        bounds. The sd is estimated, so the test is then approximate (Lakens 2017 advises raw
        bounds where a meaningful one exists).
    paired : bool
        Paired differences (one per instance) or independent samples.
    method : {"t", "wilcoxon"}
        ``"t"`` (default): one-sided t tests, as pingouin's ``tost``; ``"wilcoxon"``: their rank
        versions, by this package's :func:`wilcoxon` (signed-rank tests of the paired
        differences minus each bound) or :func:`rank_sum` (Wilcoxon–Mann–Whitney tests of x
        minus each bound against y), with their defaults for ties, zeros and the exact or
        normal distribution.
    equal_var : bool
        Independent samples with ``method="t"``: Student's pooled t (``True``, default:
        Schuirmann's test and pingouin's ``tost`` default, ``correction=False``) or Welch's t
        (``False``; pingouin's ``correction=True``), which Lakens (2017) recommends when the
        variances may differ, above all with unequal sizes.
    alpha : float
        Level of the test (default 0.05): ``reject`` is ``pvalue <= alpha``, and the interval of
        Δ is reported at 1 − 2·alpha, which lies within the bounds exactly when TOST rejects.

    Returns
    -------
    TOSTResult
        ``pvalue`` = max of the two one-sided p-values, ``reject``, each test's statistic and
        p-value, the estimate and the (1 − 2·alpha) interval of Δ.

    See Also
    --------
    paired_ttest, wilcoxon, rank_sum : the tests of a difference (TOST tests its absence).
    median_difference_ci : an interval of the median difference.

    Notes
    -----
    The size of TOST at a bound is at most α and tends to α as n grows (the two tests cannot
    both reject when the bounds are narrow against the standard error). On null simulations
    at Δ = high (normal data, sd 1, bounds ±0.5, 2000 replications, Monte Carlo s.e. 0.005) it
    is 0.056 and 0.059 (paired t, n = 30 and 100), 0.040 and 0.050 (Welch), 0.045 and 0.049
    (signed-rank), 0.031 and 0.059 (Mann–Whitney), and far below α at n = 10, where the
    bounds are within the tests' noise (docs "Validation"). pingouin's
    ``tost`` computes the t version; it is reimplemented here for the rank version, Welch's
    df with paired=False on equal sizes, pair bounds (low, high) and the data's scaling.

    References
    ----------
    .. [1] Schuirmann, D. J. (1987). A comparison of the two one-sided tests procedure and the
       power approach for assessing the equivalence of average bioavailability. *Journal of
       Pharmacokinetics and Biopharmaceutics* 15(6), 657–680. doi:10.1007/BF01068419
    .. [2] Lakens, D. (2017). Equivalence tests: a practical primer for t tests, correlations, and
       meta-analyses. *Social Psychological and Personality Science* 8(4), 355–362.
       doi:10.1177/1948550617697177
    .. [3] Wellek, S. (2010). *Testing Statistical Hypotheses of Equivalence and Noninferiority*,
       2nd ed. Chapman & Hall/CRC. doi:10.1201/EBK1439808184

    Examples
    --------
    >>> a, b = [4, 7, 8, 6, 3, 2], [6, 8, 7, 10, 11, 9]
    >>> round(tost(a, b, bound=0.5, paired=True).pvalue, 6)  # pingouin.tost(a, b, bound=0.5, paired=True)
    0.954854
    >>> r = tost([10.1, 9.8, 10.3, 10.0, 9.9, 10.2], [10.0, 9.9, 10.2, 10.1, 9.8, 10.1], bound=0.3, paired=True)
    >>> r.reject, bool(r.bound_low < r.ci_low and r.ci_high < r.bound_high)
    (True, True)
    """
    check_option("method", method, TOST_METHODS)
    alpha = check_alpha(alpha)
    confidence_level = 1 - 2 * alpha
    if not confidence_level > 0:
        raise ValueError(f"alpha must be below 0.5 for TOST (its interval has coverage 1 - 2 alpha), got {alpha!r}.")
    check_option("bound_units", bound_units, ("data", "sd"))
    low, high = _bounds(bound)
    samples = read_samples(x, y, paired=paired, nan_policy=nan_policy)
    if bound_units == "sd":
        low, high = (edge * _standard_deviation(samples.x, samples.y, paired) for edge in (low, high))
    (a, b, edges), exponent = unit_scaled(samples.x, samples.y, np.array([low, high]))
    lo, hi = float(edges[0]), float(edges[1])
    if method == "t":
        estimate, se, df = _t_parts(a, b, paired, bool(equal_var))
        if not se > 0:
            raise ValueError("the standard error of the difference is 0 (constant differences); the t tests are "
                             "undefined: use method='wilcoxon' or check the data.")
        t_low, t_high = (estimate - lo) / se, (estimate - hi) / se
        p_low, p_high = float(stats.t.sf(t_low, df)), float(stats.t.cdf(t_high, df))
        crit = float(stats.t.isf((1 - confidence_level) / 2, df))
        ci = (scaled_back(estimate - crit * se, exponent), scaled_back(estimate + crit * se, exponent))
        kind = "paired t" if paired else ("Student t" if equal_var else "Welch t")
    else:  # the package's own rank tests, so that their handling of ties and zeros is TOST's too
        from algocompare.frequentist._pairwise import rank_sum, wilcoxon

        first: Any
        second: Any
        if paired:
            zero = np.zeros(a.size)
            first = wilcoxon(a - b - lo, zero, alternative="greater")
            second = wilcoxon(a - b - hi, zero, alternative="less")
        else:
            first = rank_sum(a - lo, b, alternative="greater")
            second = rank_sum(a - hi, b, alternative="less")
        t_low, t_high = float(first.statistic), float(second.statistic)
        p_low, p_high = float(first.pvalue), float(second.pvalue)
        estimate, df, ci = _hodges_lehmann(a, b, paired), math.nan, (math.nan, math.nan)
        kind = "Wilcoxon signed-rank" if paired else "Mann-Whitney"
    statistic = t_low if p_low >= p_high else t_high
    return TOSTResult(
        method=f"TOST equivalence test ({kind}, bounds {low:g} to {high:g})", statistic=float(statistic),
        pvalue=max(p_low, p_high), alternative="equivalence", bound_low=low, bound_high=high,
        statistic_lower=float(t_low),
        statistic_upper=float(t_high), pvalue_lower=p_low, pvalue_upper=p_high,
        difference=float(scaled_back(estimate, exponent)), ci_low=float(ci[0]), ci_high=float(ci[1]),
        confidence_level=confidence_level, alpha=alpha, reject=bool(max(p_low, p_high) <= alpha), df=df,
        paired=bool(paired), test_method=method, n_x=int(a.size),
        n_y=int(b.size), **samples.recorded)
