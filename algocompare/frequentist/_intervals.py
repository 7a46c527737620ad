"""Non-parametric confidence intervals for a difference of medians and confidence curves.

Campbell & Gardner (1988) / Carrasco et al. (2020, §3.4): the 100(1 − α)% interval runs
from the K-th smallest to the K-th largest of the pairwise differences, K taken from the
null distribution of the Wilcoxon statistic. Berrar's (2017) confidence curve stacks these
intervals for every level: the nested intervals (D_(K), D_(M−K+1)), K = 1, 2, …, with the
level α_K = 2 P(W <= K − 1) at which each is the exact interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._deprecation import renamed_field
from algocompare._options import check_confidence_level
from algocompare._results import BaseResult
from algocompare._samples import BY_ARGUMENT, read_samples, takes_two_samples
from algocompare._scaling import headroom_scaled, scaled_back
from algocompare.frequentist._pairwise import signed_rank_null

__all__ = ["median_difference_ci", "confidence_curve", "MedianDifferenceCI", "ConfidenceCurveResult"]

CI_METHODS = ("auto", "exact", "approx")
#: Carrasco et al. (2020, §3.4): the normal approximation of K for samples larger than 20.
EXACT_MAX_SIZE = 20


@dataclass(frozen=True, kw_only=True)
class MedianDifferenceCI(BaseResult):
    """Interval ``(ci_low, ci_high)`` for the difference of medians, with the Hodges–Lehmann
    ``estimate`` (median of the differences), K and the achieved confidence (``low`` and
    ``high`` are deprecated aliases of the bounds).

    Attributes
    ----------
    estimate : float
        Median of the pairwise differences (or of the Walsh averages), in the data's units.
    ci_low, ci_high : float
        The K-th smallest and K-th largest difference.
    confidence_level : float
        The nominal coverage asked for.
    achieved_level : float
        The coverage the discrete distribution achieves with this K.
    k : int
        K.
    n_differences : int
        The number of differences (m n, or n(n + 1)/2 Walsh averages).
    paired : bool
        Whether the samples were paired.
    exact : bool
        Whether K comes from the exact distribution.

    See Also
    --------
    median_difference_ci : the function that returns it.

    References
    ----------
    .. [1] Campbell, M. J., Gardner, M. J. (1988). Calculating confidence intervals for some
       non-parametric analyses. *British Medical Journal* 296(6634), 1454–1456.
       doi:10.1136/bmj.296.6634.1454

    Examples
    --------
    >>> import algocompare as ac
    >>> ci = ac.median_difference_ci([5.1, 6.3, 7.2, 8.0, 9.4], [1.2, 2.2, 3.1, 4.4, 5.0])
    >>> ci.k, ci.n_differences, ci.exact
    (3, 25, True)
    """

    kind: ClassVar[str] = "interval"

    estimate: float
    ci_low: float
    ci_high: float
    confidence_level: float
    achieved_level: float
    k: int
    n_differences: int
    paired: bool
    exact: bool

    low = renamed_field("ci_low")
    high = renamed_field("ci_high")


@dataclass(frozen=True, kw_only=True)
class ConfidenceCurveResult(BaseResult):
    """Berrar's confidence curve: ``curve`` has columns ci_low, ci_high and pvalue (the
    level α of the interval (ci_low, ci_high)); ``pvalue_at_zero`` is where the curve
    crosses 0.

    Attributes
    ----------
    estimate : float
        Median of the differences, where the curve peaks.
    pvalue_at_zero : float
        The level of the widest interval that excludes 0 (1 when none does).
    paired : bool
        Whether the samples were paired.
    exact : bool
        Whether the levels come from the exact distribution.
    curve : pandas.DataFrame
        Columns k, ci_low, ci_high, pvalue; ``plot()`` draws it.

    See Also
    --------
    confidence_curve : the function that returns it.

    References
    ----------
    .. [1] Berrar, D. (2017). Confidence curves: an alternative to null hypothesis significance
       testing for the comparison of classifiers. *Machine Learning* 106(6), 911–949.
       doi:10.1007/s10994-016-5612-6

    Examples
    --------
    >>> import algocompare as ac
    >>> cc = ac.confidence_curve([5.1, 6.3, 7.2, 8.0, 9.4], [1.2, 2.2, 3.1, 4.4, 5.0])
    >>> list(cc.curve.columns)
    ['k', 'ci_low', 'ci_high', 'pvalue']
    """

    kind: ClassVar[str] = "interval"

    estimate: float
    pvalue_at_zero: float
    paired: bool
    exact: bool
    curve: pd.DataFrame

    def to_frame(self) -> pd.DataFrame:
        return self.curve.copy()


def _differences(x: Any, y: Any, paired: bool, nan_policy: str) -> tuple[np.ndarray, int, int, dict, int]:
    """Sorted pairwise differences (Walsh averages of x − y when paired), the sizes, the
    result's ``dropped_pairs`` or ``dropped_values`` field (what ``nan_policy="omit"`` dropped)
    and the exponent e of the differences' units: near the float limit they are taken on
    the values divided by 2**e = 8 (exact, :func:`algocompare._scaling.headroom_scaled`), so
    x − y and d_i + d_j stay finite; :func:`~algocompare._scaling.scaled_back` restores them."""
    samples = read_samples(x, y, paired=paired, nan_policy=nan_policy)
    (a, b), exponent = headroom_scaled(samples.x, samples.y)
    if paired:
        d = a - b
        i, j = np.triu_indices(d.size)
        return np.sort((d[i] + d[j]) / 2), d.size, d.size, samples.recorded, exponent
    return np.sort(np.subtract.outer(a, b).ravel()), a.size, b.size, samples.recorded, exponent


def _rank_sum_cdf(m: int, n: int) -> np.ndarray:
    """P(U <= u), u = 0..mn, of the Mann–Whitney U for sample sizes m and n (no ties)."""
    # counts[a][b][u]: arrangements of a x's and b y's with U = u; recurrence on the last value
    table: list[list[np.ndarray]] = [[np.ones(1)] * (n + 1) for _ in range(m + 1)]
    for a in range(m + 1):
        for b in range(n + 1):
            if a == 0 or b == 0:
                table[a][b] = np.ones(1)
                continue
            counts = np.zeros(a * b + 1)
            top_x = table[a - 1][b]  # largest value is an x: it beats all b y's
            counts[b:b + top_x.size] += top_x
            top_y = table[a][b - 1]
            counts[:top_y.size] += top_y
            table[a][b] = counts
    pmf = table[m][n] / math.comb(m + n, m)
    return np.cumsum(pmf)


def _null_cdf(m: int, n: int, paired: bool) -> np.ndarray:
    if paired:
        pmf = signed_rank_null(np.arange(1, m + 1))[::2]  # integer ranks: even doubled sums only
        return np.cumsum(pmf)
    return _rank_sum_cdf(m, n)


def _null_moments(m: int, n: int, paired: bool) -> tuple[float, float]:
    if paired:
        return m * (m + 1) / 4, math.sqrt(m * (m + 1) * (2 * m + 1) / 24)
    return m * n / 2, math.sqrt(m * n * (m + n + 1) / 12)


def _use_exact(method: str, m: int, n: int) -> bool:
    v.check_option("method", method, CI_METHODS)
    return method == "exact" or (method == "auto" and max(m, n) <= EXACT_MAX_SIZE)


@takes_two_samples(BY_ARGUMENT)
def median_difference_ci(x: Any, y: Any, *, confidence_level: float = 0.95, paired: bool = False,
                         method: str = "auto", nan_policy: str = "raise") -> MedianDifferenceCI:
    """Non-parametric confidence interval for the difference of two medians (x − y).

    Campbell & Gardner (1988), as proposed by Carrasco et al. (2020, §3.4) for two
    algorithms' l runs on one benchmark: with the M = mn differences x_i − y_j sorted,
    the interval is (D_(K), D_(M−K+1)) where

    * exact (``method="exact"``, or ``"auto"`` with samples of at most 20): K is the
      α/2 quantile of the Mann–Whitney U distribution (at least 1), as R's
      ``wilcox.test(x, y, conf.int=TRUE, exact=TRUE)``;
    * approx: K = mn/2 − z_{1−α/2} sqrt(mn(m + n + 1)/12), rounded up to the next integer.

    ``paired=True`` gives the one-sample analogue on the Walsh averages of x − y with K
    from the signed-rank distribution (R's ``wilcox.test(x, y, paired=TRUE, conf.int=TRUE)``).

    Parameters
    ----------
    x, y : array-like
        Two samples (at least 2 values each): independent, or paired by position with
        ``paired=True``.
    confidence_level : float
        Nominal coverage (default 0.95); the coverage achieved by the discrete distribution is
        reported as ``achieved_level``.
    paired : bool
        Independent samples (default) or the Walsh averages of paired differences.
    method : {"auto", "exact", "approx"}
        How K is found, as above.

    Returns
    -------
    MedianDifferenceCI
        ``estimate`` (median of the differences), ``ci_low``, ``ci_high`` (in the data's
        units), ``achieved_level``, ``k`` and ``n_differences``.

    See Also
    --------
    confidence_curve : the intervals at every level.
    rank_sum, wilcoxon : the tests these intervals invert.

    References
    ----------
    .. [1] Campbell, M. J., Gardner, M. J. (1988). Calculating confidence intervals for some
       non-parametric analyses. *British Medical Journal* 296(6634), 1454–1456.
       doi:10.1136/bmj.296.6634.1454
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> ci = ac.median_difference_ci([5.1, 6.3, 7.2, 8.0, 9.4], [1.2, 2.2, 3.1, 4.4, 5.0])
    >>> round(ci.ci_low, 3), round(ci.ci_high, 3)   # R wilcox.test(x, y, conf.int=TRUE): 1.3 6.8
    (1.3, 6.8)
    """
    alpha = 1 - check_confidence_level(confidence_level)
    diffs, m, n, dropped, exponent = _differences(x, y, paired, nan_policy)
    total = diffs.size
    exact = _use_exact(method, m, n)
    if exact:
        cdf = _null_cdf(m, n, paired)
        k = max(int(np.searchsorted(cdf, alpha / 2 - 1e-12)), 1)  # qwilcox / qsignrank
        achieved = 1 - 2 * cdf[k - 1]  # coverage 1 - 2 P(W <= K - 1)
    else:
        mean, sd = _null_moments(m, n, paired)
        k = max(math.ceil(mean - stats.norm.isf(alpha / 2) * sd), 1)
        achieved = 1 - 2 * float(stats.norm.cdf((k - 1 + 0.5 - mean) / sd))
    k = min(k, (total + 1) // 2)
    return MedianDifferenceCI(
        method="Non-parametric CI for the difference of medians (Campbell & Gardner)",
        estimate=scaled_back(float(np.median(diffs)), exponent), ci_low=scaled_back(float(diffs[k - 1]), exponent),
        ci_high=scaled_back(float(diffs[total - k]), exponent),
        confidence_level=float(confidence_level), achieved_level=float(achieved), k=int(k),
        n_differences=int(total), paired=bool(paired), exact=bool(exact), **dropped)


@takes_two_samples(BY_ARGUMENT)
def confidence_curve(x: Any, y: Any, *, paired: bool = False, method: str = "auto",
                     nan_policy: str = "raise") -> ConfidenceCurveResult:
    """Berrar's (2017) confidence curve for the difference of medians (x − y).

    The non-parametric version of Carrasco et al. (2020, §3.4.1): for K = 1, 2, …, the
    interval (D_(K), D_(M−K+1)) of :func:`median_difference_ci` is the 100(1 − α_K)%
    interval with α_K = 2 P(W <= K − 1) (exact, or the normal approximation for samples
    above 20). Plotted, the x-axis is the hypothesised difference and the y-axis the
    p-value; ``result.plot()`` draws it.

    Parameters
    ----------
    x, y : array-like
        Two samples (at least 2 values each): independent, or paired by position with
        ``paired=True``.
    paired : bool
        Independent samples (default) or the Walsh averages of paired differences.
    method : {"auto", "exact", "approx"}
        As in :func:`median_difference_ci`.

    Returns
    -------
    ConfidenceCurveResult
        ``estimate``, ``pvalue_at_zero`` (the level of the widest interval that excludes 0) and
        the ``curve`` (k, ci_low, ci_high, pvalue), drawn by ``result.plot()``.

    See Also
    --------
    median_difference_ci : one interval of the curve.

    References
    ----------
    .. [1] Berrar, D. (2017). Confidence curves: an alternative to null hypothesis significance
       testing for the comparison of classifiers. *Machine Learning* 106(6), 911–949.
       doi:10.1007/s10994-016-5612-6
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665
    .. [3] Campbell, M. J., Gardner, M. J. (1988). Calculating confidence intervals for some
       non-parametric analyses. *British Medical Journal* 296(6634), 1454–1456.
       doi:10.1136/bmj.296.6634.1454

    Examples
    --------
    >>> import algocompare as ac
    >>> cc = ac.confidence_curve([5.1, 6.3, 7.2, 8.0, 9.4], [1.2, 2.2, 3.1, 4.4, 5.0])
    >>> cc.estimate
    4.0
    """
    diffs, m, n, dropped, exponent = _differences(x, y, paired, nan_policy)
    diffs = scaled_back(diffs, exponent)  # the curve in the data's units (inf beyond the float range)
    total = diffs.size
    exact = _use_exact(method, m, n)
    ks = np.arange(1, (total + 1) // 2 + 1)
    if exact:
        cdf = _null_cdf(m, n, paired)
        below = cdf[ks - 1]  # P(W <= K - 1)
    else:
        mean, sd = _null_moments(m, n, paired)
        below = stats.norm.cdf((ks - 1 + 0.5 - mean) / sd)
    levels = np.minimum(1.0, 2 * below)
    curve = pd.DataFrame({"k": ks, "ci_low": diffs[ks - 1], "ci_high": diffs[total - ks], "pvalue": levels})
    # nested intervals: the widest one that excludes 0 gives the p-value of "no difference"
    outside = ((curve["ci_low"] > 0) | (curve["ci_high"] < 0)).to_numpy()
    p_zero = float(levels[np.argmax(outside)]) if outside.any() else 1.0
    return ConfidenceCurveResult(method="Confidence curve (non-parametric)", estimate=float(np.median(diffs)),
                                 pvalue_at_zero=p_zero, paired=bool(paired), exact=bool(exact), curve=curve,
                                 **dropped)
