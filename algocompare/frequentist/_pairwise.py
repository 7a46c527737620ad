"""Pairwise tests over instances: sign test, Wilcoxon signed-rank, paired t, rank-sum, FWER.

Sign conventions: every test works on the differences ``d = x - y``. ``alternative="greater"``
means that x tends to be larger than y. When x and y are errors of a minimisation, a
positive difference is a *win of y*; García et al. (2009) put the control second, so R+
(the sum of the ranks of the positive differences) counts the instances the control wins.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy import stats

from algocompare import _validation as v
from algocompare._deprecation import renamed_field, renamed_parameters, renamed_value
from algocompare._options import check_confidence_level
from algocompare._results import BaseResult, TestResult
from algocompare._samples import INDEPENDENT, PAIRED, read_samples, takes_two_samples
from algocompare._scaling import headroom_scaled, scaled_back, unit_scaled
from algocompare.frequentist._common import check_alternative, discrete_pvalue, normal_pvalue

__all__ = ["sign_test", "wilcoxon", "paired_ttest", "rank_sum", "fwer_of_pairwise",
           "SignTestResult", "WilcoxonResult", "PairedTTestResult", "RankSumResult", "FWERResult"]

ZERO_METHODS = ("split", "wilcox", "pratt")
SIGN_ZERO_METHODS = ("wilcox", "split")
SIGN_METHODS = ("midp", "exact")
WILCOXON_METHODS = ("auto", "exact", "approx")
#: the signed-rank test also offers the mid-p value of its exact conditional distribution
SIGNED_RANK_METHODS = WILCOXON_METHODS + ("midp",)
#: ``method="auto"`` uses the exact distribution up to this many non-zero differences.
EXACT_LIMIT = 50


# --------------------------------------------------------------------------- sign test
@dataclass(frozen=True, kw_only=True)
class SignTestResult(TestResult):
    """Sign test: ``statistic`` is the number of positive differences (x > y), ties included
    as configured; ``n`` the number of trials of the binomial.

    Attributes
    ----------
    statistic : float
        Positives (plus half the zeros with ``zero_method='split'``).
    pvalue : float
        The p-value under ``alternative``.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis.
    n : int
        Trials of the binomial (positives + negatives as counted).
    n_positive, n_negative : float
        Differences counted positive and negative.
    n_ties : int
        Zero differences.
    zero_method : {"split", "wilcox"}
        What the zeros counted for.

    See Also
    --------
    sign_test : the function that returns it.

    References
    ----------
    .. [1] Dixon, W. J., Mood, A. M. (1946). The statistical sign test. *Journal of the American
       Statistical Association* 41(236), 557–566. doi:10.1080/01621459.1946.10501898
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.sign_test([3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 9], zero_method="wilcox")
    >>> r.n_positive, r.n_negative, r.n
    (5.0, 1.0, 6)
    """

    kind: ClassVar[str] = "pairwise"

    n: int
    n_positive: float
    n_negative: float
    n_ties: int
    zero_method: str

    ties = renamed_field("zero_method")


@renamed_parameters(ties="zero_method")
@takes_two_samples(PAIRED)
def sign_test(x: Any, y: Any, *, zero_method: str = "wilcox", method: str = "midp", alternative: str = "two-sided",
              nan_policy: str = "raise") -> SignTestResult:
    """Sign test for two paired samples (one value per instance), conditional on the zeros.

    Parameters
    ----------
    x, y : array-like
        Paired values; the differences ``x - y`` are counted.
    zero_method : {"wilcox", "split"}
        What zero differences count for, named as in :func:`wilcoxon` and scipy.
        ``"wilcox"`` (default): they are removed and the test is conditional on their number,
        as R's ``binom.test(c(pos, neg))`` (Dixon & Mood 1946; Coakley & Heise 1996).
        ``"split"`` (García et al. 2009, §3.2; Sheskin 2006): they are shared equally
        between positives and negatives, one is ignored if their number is odd — the field's
        convention, very conservative when many instances are tied (see Notes). (Formerly
        ``ties="split"``/``ties="drop"``; ``ties=`` and ``"drop"`` are deprecated aliases.)
    method : {"midp", "exact"}
        ``"midp"`` (default): the mid-p value, the binomial tails less half the probability
        of the observed count (Lancaster 1961). ``"exact"``: the binomial tails of
        ``scipy.stats.binomtest`` (two-sided: the sum of the probabilities not larger than
        that of the observed count, as R's ``binom.test``), never above alpha but well below
        it when few differences are non-zero.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: P(x > y) > 1/2.

    Returns
    -------
    SignTestResult
        ``statistic`` = number of positive differences (with ties split: plus half the
        ties), ``n`` the trials of the binomial, ``pvalue``.

    See Also
    --------
    wilcoxon : the signed-rank test, which also weighs the sizes of the differences.
    multiple_sign_test : a control against several algorithms.

    Notes
    -----
    Why these defaults (changed in issue 28; the former default was ``zero_method="split",
    method="exact"``). On null tables with competition ties (``benchmarks/bench_calibration.py``,
    N = 40, about 60 % of the instances tied, 4,000 tables, α = 0.05) splitting the zeros never
    rejects (size 0.000): the tied instances add n/2 to both counts and pull every count
    towards n/2. Dropping them gives the exact conditional test, valid whatever the share of
    ties, but with only about 16 non-zero differences its binomial is coarse: size 0.024–0.029.
    The mid-p value averages the coarseness out: 0.043–0.047 at N = 40 (0.032–0.044 at
    N = 20, 0.042–0.050 at N = 100), and on continuous data 0.040–0.049 at N = 40. For one fixed
    number n of non-zero differences the mid-p size can exceed alpha (0.077 at n = 16, 0.065
    at n = 36); ``method="exact"`` never does. Figures: ``docs/validation.md``.

    References
    ----------
    .. [1] Dixon, W. J., Mood, A. M. (1946). The statistical sign test. *Journal of the American
       Statistical Association* 41(236), 557–566. doi:10.1080/01621459.1946.10501898
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [3] Lancaster, H. O. (1961). Significance tests in discrete distributions. *Journal of the
       American Statistical Association* 56(294), 223–234. doi:10.1080/01621459.1961.10482105
    .. [4] Coakley, C. W., Heise, M. A. (1996). Versions of the sign test in the presence of
       ties. *Biometrics* 52(4), 1242–1251. doi:10.2307/2532840

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.sign_test([3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 9], method="exact").pvalue
    0.21875
    >>> ac.sign_test([3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 9]).pvalue   # mid-p: 2 (1/64 + 6/64 / 2)
    0.125
    """
    zero_method = renamed_value("sign_test", "zero_method", zero_method, {"drop": "wilcox"})
    v.check_option("zero_method", zero_method, SIGN_ZERO_METHODS)
    v.check_option("method", method, SIGN_METHODS)
    check_alternative(alternative)
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    d = samples.x - samples.y
    pos, neg = int((d > 0).sum()), int((d < 0).sum())
    zeros = d.size - pos - neg
    if zero_method == "split":
        pos, neg = pos + zeros // 2, neg + zeros // 2
    n = pos + neg
    if n == 0:
        pvalue = 1.0
    elif method == "midp":
        pvalue = _binomial_midp(pos, n, alternative)
    else:
        pvalue = float(stats.binomtest(pos, n, 0.5, alternative=alternative).pvalue)
    zeros_text = "zero differences split" if zero_method == "split" else "zero differences dropped"
    name = f"Sign test ({zeros_text}{', mid-p' if method == 'midp' else ''})"
    return SignTestResult(method=name, statistic=float(pos), pvalue=pvalue,
                          alternative=alternative, n=n, n_positive=float(pos), n_negative=float(neg),
                          n_ties=zeros, zero_method=zero_method, **samples.recorded)


def _binomial_midp(count: int, n: int, alternative: str) -> float:
    """Mid-p of Binomial(n, 1/2) at ``count``: each tail less half the point probability
    (Lancaster 1961); two-sided doubles the smaller tail (the distribution is symmetric)."""
    half = 0.5 * float(stats.binom.pmf(count, n, 0.5))
    lower = float(stats.binom.cdf(count, n, 0.5)) - half
    upper = float(stats.binom.sf(count - 1, n, 0.5)) - half
    return discrete_pvalue(lower, upper, alternative)


# ---------------------------------------------------------------------- Wilcoxon signed rank
@dataclass(frozen=True, kw_only=True)
class WilcoxonResult(TestResult):
    """Wilcoxon signed-rank test.

    ``statistic`` is R+ (the sum of the ranks of the positive differences x - y, R's ``V``);
    ``t`` is min(R+, R-) (the statistic of the printed tables); ``z`` the normal deviate
    (NaN for the exact method).

    Attributes
    ----------
    statistic : float
        R+.
    pvalue : float
        The p-value under ``alternative``.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis.
    r_plus, r_minus : float
        Sums of the ranks of the positive and the negative differences.
    t : float
        min(R+, R−).
    z : float
        Normal deviate of the approximation (NaN when exact).
    n : int
        Pairs (zeros included).
    n_zeros : int
        Zero differences.
    zero_method : {"split", "wilcox", "pratt"}
        How the zeros were treated.
    correction : bool
        Whether the continuity correction was applied.
    exact : bool
        Whether the p-value is from the exact distribution.

    See Also
    --------
    wilcoxon : the function that returns it.

    References
    ----------
    .. [1] Wilcoxon, F. (1945). Individual comparisons by ranking methods. *Biometrics
       Bulletin* 1(6), 80–83. doi:10.2307/3001968
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.wilcoxon([1.1, 2.5, 3.3, 4.0, 5.9, 0.2], [1.0, 2.0, 3.0, 4.0, 5.0, 1.0])
    >>> r.t, r.n_zeros, r.exact
    (4.0, 1, True)
    """

    kind: ClassVar[str] = "pairwise"

    r_plus: float
    r_minus: float
    t: float
    z: float
    n: int
    n_zeros: int
    zero_method: str
    correction: bool
    exact: bool


def _signed_ranks(d: np.ndarray, zero_method: str) -> tuple[np.ndarray, np.ndarray]:
    """Ranks of |d| under the zero convention; returns (ranks of non-zero d, ranks of zeros)."""
    nonzero = d != 0
    if zero_method == "wilcox":
        return stats.rankdata(np.abs(d[nonzero])), np.empty(0)
    ranks = stats.rankdata(np.abs(d))
    return ranks[nonzero], ranks[~nonzero]


def signed_rank_null(ranks: np.ndarray) -> np.ndarray:
    """Exact permutation distribution of the sum of ``ranks`` with random signs.

    Ranks may be mid-ranks (multiples of 1/2); the returned array is the probability of
    each value of ``2 * R+`` (index = doubled sum). One pass per rank, O(n · sum).
    """
    doubled = np.rint(2 * np.asarray(ranks, dtype=float)).astype(np.int64)
    pmf = np.zeros(int(doubled.sum()) + 1)
    pmf[0] = 1.0
    top = 0
    for a in doubled:  # one convolution per observation, not per permutation
        pmf[a:top + a + 1] += pmf[:top + 1].copy()
        pmf[:top + a + 1] *= 0.5
        top += a
    return pmf


@takes_two_samples(PAIRED)
def wilcoxon(x: Any, y: Any, *, zero_method: str = "wilcox", correction: bool = False,
             method: str = "auto", alternative: str = "two-sided",
             nan_policy: str = "raise") -> WilcoxonResult:
    """Wilcoxon signed-rank test for two paired samples (one value per instance).

    Parameters
    ----------
    x, y : array-like
        Paired values; the test is on ``d = x - y``.
    zero_method : {"wilcox", "split", "pratt"}
        ``"wilcox"`` (default since issue 28, as R's ``wilcox.test`` and scipy; the p-values
        printed in García's tables): zeros are dropped and the rest re-ranked, and the test
        is conditional on their number, as :func:`sign_test`'s default. ``"split"`` (García
        et al. 2009, §3.2 — reproduces the R+/R- of their Tables 11–12; the default before
        issue 28): all |d| are ranked, the ranks of zero differences are shared equally
        between R+ and R-; the p-value is Pratt's (the split ranks are the same on both
        sides). ``"pratt"``: zeros are ranked, then their ranks dropped.
    correction : bool
        Continuity correction of ±0.5 in the normal approximation (R's ``correct=TRUE``).
    method : {"auto", "exact", "midp", "approx"}
        ``"exact"``: the exact permutation distribution of R+ given the observed (mid-)ranks
        (the conditional distribution, valid with ties and zeros). ``"midp"``: its mid-p
        value (the tails less half the probability of the observed R+; Lancaster 1961),
        less conservative when few differences are non-zero (see Notes). ``"approx"``: normal
        approximation with the conditional mean and variance of R+ — with
        ``zero_method="wilcox"`` these are R's and scipy's tie-corrected
        n(n+1)/4 and n(n+1)(2n+1)/24 - Σ(t³-t)/48. ``"auto"`` (default): at most 50 non-zero
        differences, the exact distribution — its mid-p value where zero or tied differences
        make it coarse (there R and scipy use the normal approximation), else the exact p-value,
        which is R's and scipy's; more than 50, approx.
    alternative : {"two-sided", "greater", "less"}

    Returns
    -------
    WilcoxonResult
        ``statistic`` = R+, plus ``r_minus``, ``t`` = min(R+, R-), ``z``, ``pvalue``.

    See Also
    --------
    sign_test : counts the signs only.
    paired_ttest : the parametric counterpart.
    rank_biserial : its effect size (``paired=True``).
    median_difference_ci : the interval of the median difference (``paired=True``).

    Notes
    -----
    Calibration with ties (issue 28; ``benchmarks/bench_calibration.py``, null tables with
    competition ties, about 60 % of the instances tied, 2,000 tables, α = 0.05): the default
    (mid-p on these tied tables) rejects 0.048–0.061 at N = 40 and 0.048–0.056 at N = 20;
    ``method="exact"`` 0.043–0.054 and 0.029–0.037 (about 8 non-zero differences at N = 20:
    the exact distribution is coarse). At N = 10 with these ties (3–4 non-zero differences)
    no level near α exists: 0.015 (exact 0.003). On continuous data the default is the exact
    p-value and rejects 0.041–0.047 for N = 8–12, 0.053 at N = 40. ``zero_method="split"``
    gives the same p-values as ``"pratt"``. Figures: ``docs/validation.md``.

    References
    ----------
    .. [1] Wilcoxon, F. (1945). Individual comparisons by ranking methods. *Biometrics
       Bulletin* 1(6), 80–83. doi:10.2307/3001968
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [3] Derrac, J., García, S., Molina, D., Herrera, F. (2011). A practical tutorial on the
       use of nonparametric statistical tests as a methodology for comparing evolutionary and
       swarm intelligence algorithms. *Swarm and Evolutionary Computation* 1(1), 3–18.
       doi:10.1016/j.swevo.2011.02.002
    .. [4] Pratt, J. W. (1959). Remarks on zeros and ties in the Wilcoxon signed rank
       procedures. *Journal of the American Statistical Association* 54(287), 655–667.
       doi:10.1080/01621459.1959.10501526
    .. [5] Lancaster, H. O. (1961). Significance tests in discrete distributions. *Journal of the
       American Statistical Association* 56(294), 223–234. doi:10.1080/01621459.1961.10482105

    Examples
    --------
    >>> import algocompare as ac
    >>> x, y = [1.1, 2.5, 3.3, 4.0, 5.9, 0.2], [1.0, 2.0, 3.0, 4.0, 5.0, 1.0]
    >>> r = ac.wilcoxon(x, y)                        # the zero dropped, five pairs re-ranked
    >>> r.r_plus, r.r_minus
    (11.0, 4.0)
    >>> r = ac.wilcoxon(x, y, zero_method="split")   # García et al.'s R+ and R-
    >>> r.r_plus, r.r_minus
    (15.5, 5.5)
    """
    v.check_option("zero_method", zero_method, ZERO_METHODS)
    v.check_option("method", method, SIGNED_RANK_METHODS)
    check_alternative(alternative)
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    (a, b), _ = headroom_scaled(samples.x, samples.y)  # one exact scale for both: ranks of |d| unchanged
    d = a - b
    ranks, zero_ranks = _signed_ranks(d, zero_method)
    signs = d[d != 0] > 0
    half_zero = zero_ranks.sum() / 2 if zero_method == "split" else 0.0
    r_plus = float(ranks[signs].sum() + half_zero)
    r_minus = float(ranks[~signs].sum() + half_zero)
    n_nonzero = int(ranks.size)
    exact = method in ("exact", "midp") or (method == "auto" and n_nonzero <= EXACT_LIMIT)
    # "auto" takes the mid-p where zeros or tied |d| make the conditional distribution coarse
    # (R and scipy fall back to the normal approximation there); untied data keep R's exact p
    tied = d.size > n_nonzero or np.unique(ranks).size < n_nonzero
    mid_p = method == "midp" or (method == "auto" and exact and tied)
    z = math.nan
    if n_nonzero == 0:
        pvalue = 1.0
    elif exact:
        pmf = signed_rank_null(ranks)
        observed = int(round(2 * (r_plus - half_zero)))
        half = 0.5 * float(pmf[observed]) if mid_p else 0.0  # mid-p: half the observed value's mass
        # tails summed directly (never 1 - cdf), so tiny p-values keep their digits
        pvalue = discrete_pvalue(float(pmf[:observed + 1].sum()) - half, float(pmf[observed:].sum()) - half,
                                 alternative)
    else:
        z = _wilcoxon_z(r_plus - half_zero, ranks, correction, alternative)
        pvalue = normal_pvalue(z, alternative)
    name = "Wilcoxon signed-rank test" + ((" (exact, mid-p)" if mid_p else " (exact)") if exact
                                          else " (normal approximation)")
    return WilcoxonResult(method=name, statistic=r_plus, pvalue=pvalue, alternative=alternative,
                          r_plus=r_plus, r_minus=r_minus, t=min(r_plus, r_minus), z=z, n=int(d.size),
                          n_zeros=int((d == 0).sum()), zero_method=zero_method,
                          correction=bool(correction), exact=exact, **samples.recorded)


def _wilcoxon_z(r_plus: float, ranks: np.ndarray, correction: bool, alternative: str) -> float:
    """Normal deviate of R+ (over non-zero differences) with its conditional moments."""
    mean = ranks.sum() / 2
    sd = math.sqrt((ranks ** 2).sum() / 4)
    diff = r_plus - mean
    if correction:
        if alternative == "two-sided":
            diff -= 0.5 * np.sign(diff)
        else:
            diff -= 0.5 if alternative == "greater" else -0.5
    return float(diff / sd) if sd > 0 else 0.0


# ----------------------------------------------------------------------------- paired t
@dataclass(frozen=True, kw_only=True)
class PairedTTestResult(TestResult):
    """Paired t-test with Cohen's d' = t / sqrt(n) (García et al. 2009, §3.2).

    Attributes
    ----------
    statistic : float
        t of the differences x − y.
    pvalue : float
        The p-value under ``alternative``.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis.
    df : int
        n − 1.
    mean_difference : float
        Mean of x − y, in the data's units.
    cohens_d : float
        d' = t / √n, the mean difference in standard deviations of the differences.
    ci_low, ci_high : float
        Interval of the mean difference at ``confidence_level``.
    confidence_level : float
        Coverage of the interval.

    See Also
    --------
    paired_ttest : the function that returns it.

    References
    ----------
    .. [1] Student (1908). The probable error of a mean. *Biometrika* 6(1), 1–25.
       doi:10.1093/biomet/6.1.1
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.paired_ttest([2, 4, 6, 9], [1, 2, 3, 5])
    >>> r.df, r.mean_difference
    (3, 2.5)
    """

    kind: ClassVar[str] = "pairwise"

    df: int
    mean_difference: float
    cohens_d: float
    ci_low: float
    ci_high: float
    confidence_level: float

    cohen_d = renamed_field("cohens_d")


@takes_two_samples(PAIRED)
def paired_ttest(x: Any, y: Any, *, alternative: str = "two-sided", confidence_level: float = 0.95,
                 nan_policy: str = "raise") -> PairedTTestResult:
    """Paired t-test on ``d = x - y`` (``scipy.stats.ttest_rel``) with Cohen's d'.

    García et al. (2009, §3.2) measure the effect as d' = t/√n, the mean difference in
    units of the standard deviation of the differences.

    Parameters
    ----------
    x, y : array-like
        Paired values (one per instance); the test is on ``d = x - y``.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: the mean of ``d`` is positive.
    confidence_level : float
        Coverage of the interval of the mean difference (default 0.95).

    Returns
    -------
    PairedTTestResult
        ``statistic`` t, ``pvalue``, ``df`` = n − 1, ``mean_difference`` with ``ci_low`` and
        ``ci_high`` (in the data's units), and ``cohens_d`` = d' = t/√n.

    See Also
    --------
    wilcoxon : the non-parametric counterpart.
    d_z : the standardised mean difference with its interval.
    severity_analysis : the post-data severity of the same test.

    Notes
    -----
    The values are scaled by an exact power of two before the variance is taken, so data near
    1e300 or 1e-300 give the same t and p (:mod:`algocompare._scaling`).

    References
    ----------
    .. [1] Student (1908). The probable error of a mean. *Biometrika* 6(1), 1–25.
       doi:10.1093/biomet/6.1.1
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.paired_ttest([2, 4, 6, 9], [1, 2, 3, 5])   # R t.test(x, y, paired=TRUE): t = 3.872983
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (3.873, 0.0305)
    """
    check_alternative(alternative)
    check_confidence_level(confidence_level)
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    # t and p are scale-invariant; the mean difference and its interval are scaled back
    (a, b), exponent = unit_scaled(samples.x, samples.y)
    d = a - b
    n = d.size
    sd = d.std(ddof=1)
    if sd == 0:
        raise ValueError("all paired differences are equal; the t statistic is undefined.")
    res = stats.ttest_rel(a, b, alternative=alternative)
    ci = res.confidence_interval(confidence_level)
    return PairedTTestResult(method="Paired t-test", statistic=float(res.statistic), pvalue=float(res.pvalue),
                             alternative=alternative, df=n - 1, mean_difference=scaled_back(float(d.mean()), exponent),
                             cohens_d=float(res.statistic) / math.sqrt(n), ci_low=scaled_back(float(ci.low), exponent),
                             ci_high=scaled_back(float(ci.high), exponent), confidence_level=confidence_level,
                             **samples.recorded)


# --------------------------------------------------------------------------- rank sum
@dataclass(frozen=True, kw_only=True)
class RankSumResult(TestResult):
    """Wilcoxon–Mann–Whitney rank-sum test: ``statistic`` is U of x (R's ``W``).

    Attributes
    ----------
    statistic : float
        U of x.
    pvalue : float
        The p-value under ``alternative``.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis.
    n_x, n_y : int
        Sample sizes.
    u_y : float
        U of y = n_x n_y − U.
    effect_size : float
        U / (n_x n_y) = P(x > y) + P(x = y) / 2.
    exact : bool
        Whether the p-value is from the exact distribution.
    use_continuity : bool
        Whether the continuity correction was applied.

    See Also
    --------
    rank_sum : the function that returns it.

    References
    ----------
    .. [1] Mann, H. B., Whitney, D. R. (1947). On a test of whether one of two random variables
       is stochastically larger than the other. *Annals of Mathematical Statistics* 18(1), 50–60.
       doi:10.1214/aoms/1177730491
    .. [2] Wilcoxon, F. (1945). Individual comparisons by ranking methods. *Biometrics
       Bulletin* 1(6), 80–83. doi:10.2307/3001968

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.rank_sum([1, 2, 3, 4], [5, 6, 7, 8])
    >>> r.statistic, r.u_y, r.effect_size
    (0.0, 16.0, 0.0)
    """

    kind: ClassVar[str] = "pairwise"

    n_x: int
    n_y: int
    u_y: float
    effect_size: float
    exact: bool
    use_continuity: bool

    correction = renamed_field("use_continuity")


@renamed_parameters(correction="use_continuity")
@takes_two_samples(INDEPENDENT)
def rank_sum(x: Any, y: Any, *, alternative: str = "two-sided", method: str = "auto",
             use_continuity: bool = True, nan_policy: str = "raise") -> RankSumResult:
    """Mann–Whitney U (Wilcoxon rank-sum) test of two independent samples.

    For two algorithms' runs on one instance. Computed by ``scipy.stats.mannwhitneyu``
    (same statistic and p-values as R's ``wilcox.test(x, y)``). ``effect_size`` is the
    probability of superiority U/(n_x n_y) (P(x > y) + P(x = y)/2). ``use_continuity``
    (scipy's name; formerly ``correction=``, a deprecated alias) applies the continuity
    correction of the normal approximation, as R's ``correct=TRUE``.

    Parameters
    ----------
    x, y : array-like
        Two independent samples (e.g. two algorithms' runs on one instance).
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: x tends to be larger than y.
    method : {"auto", "exact", "approx"}
        The exact distribution of U, the normal approximation, or exact for samples of at most
        8 without ties.
    use_continuity : bool
        Continuity correction of the normal approximation (default True).

    Returns
    -------
    RankSumResult
        ``statistic`` U of x, ``u_y``, ``pvalue``, ``effect_size`` U/(n_x n_y) and whether the
        p-value is ``exact``.

    See Also
    --------
    wilcoxon : the paired counterpart.
    vargha_delaney_a12, cliffs_delta : its effect sizes, with intervals.
    median_difference_ci : the interval of the difference of medians.

    References
    ----------
    .. [1] Mann, H. B., Whitney, D. R. (1947). On a test of whether one of two random variables
       is stochastically larger than the other. *Annals of Mathematical Statistics* 18(1), 50–60.
       doi:10.1214/aoms/1177730491
    .. [2] Wilcoxon, F. (1945). Individual comparisons by ranking methods. *Biometrics
       Bulletin* 1(6), 80–83. doi:10.2307/3001968

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.rank_sum([1, 2, 3, 4], [5, 6, 7, 8]).pvalue
    0.02857142857142857
    """
    check_alternative(alternative)
    v.check_option("method", method, WILCOXON_METHODS)
    samples = read_samples(x, y, paired=False, nan_policy=nan_policy, min_size=1)
    a, b = samples.x, samples.y
    if a.size + b.size < 3:
        raise ValueError("the rank-sum test needs at least 3 values in total.")
    scipy_method = {"auto": "auto", "exact": "exact", "approx": "asymptotic"}[method]
    res = stats.mannwhitneyu(a, b, alternative=alternative, method=scipy_method, use_continuity=use_continuity)
    u = float(res.statistic)
    ties = np.unique(np.r_[a, b]).size < a.size + b.size
    exact = method == "exact" or (method == "auto" and max(a.size, b.size) <= 8 and not ties)
    return RankSumResult(method="Wilcoxon rank-sum (Mann-Whitney) test", statistic=u, pvalue=float(res.pvalue),
                         alternative=alternative, n_x=a.size, n_y=b.size, u_y=a.size * b.size - u,
                         effect_size=u / (a.size * b.size), exact=exact, use_continuity=bool(use_continuity),
                         **samples.recorded)


# ------------------------------------------------------------------------------- FWER
@dataclass(frozen=True, kw_only=True)
class FWERResult(BaseResult):
    """Family-wise error of a set of independent pairwise comparisons.

    Attributes
    ----------
    pvalue : float
        1 − Π(1 − p_i).
    n_comparisons : int
        m, the number of p-values.

    See Also
    --------
    fwer_of_pairwise : the function that returns it.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.fwer_of_pairwise([0.05, 0.05, 0.05]).n_comparisons
    3
    """

    kind: ClassVar[str] = "simulation"

    pvalue: float
    n_comparisons: int


def fwer_of_pairwise(pvalues: Any) -> FWERResult:
    """The family-wise p-value of m pairwise comparisons: 1 - Π(1 - p_i).

    García et al. (2009), eq. (1): the probability of at least one false rejection when
    the pairwise p-values are treated as independent — why pairwise tests cannot be used
    for a multiple comparison. Computed as ``-expm1(Σ log1p(-p_i))`` (exact for tiny p).

    Parameters
    ----------
    pvalues : array-like
        The m pairwise p-values, each in [0, 1].

    Returns
    -------
    FWERResult
        ``pvalue`` = 1 − Π(1 − p_i) and ``n_comparisons`` = m.

    See Also
    --------
    posthoc : comparisons that control the family-wise error.
    adjust_pvalues : Holm, Hochberg, Bonferroni and other adjustments.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> round(ac.fwer_of_pairwise([0.05, 0.05]).pvalue, 4)
    0.0975
    """
    p = v.as_sample(pvalues, "pvalues")
    if ((p < 0) | (p > 1)).any():
        raise ValueError("pvalues must lie between 0 and 1.")
    total = float(-np.expm1(np.log1p(-p).sum())) if (p < 1).all() else 1.0
    return FWERResult(method="Family-wise error of pairwise tests (García et al. 2009, eq. 1)",
                      pvalue=total, n_comparisons=int(p.size))
