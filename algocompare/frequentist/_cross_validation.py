"""Two learners cross-validated on one data set: Nadeau & Bengio's corrected resampled t-test.

The scores of the k folds (or r × k folds of r repetitions) share training data, so they are
positively correlated and the paired t-test's variance s²/n is far too small (its size is
several times alpha). Nadeau & Bengio (2003) inflate it to (1/n + n_test/n_train) s².
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

from scipy import stats

from algocompare._options import check_confidence_level
from algocompare._results import TestResult
from algocompare._samples import PAIRED, read_samples, takes_two_samples
from algocompare._scaling import scaled_back, standardised, unit_scaled
from algocompare._validation import check_nonnegative, check_positive_int
from algocompare.frequentist._common import check_alternative

__all__ = ["corrected_ttest", "CorrectedTTestResult", "resolve_test_train_ratio", "corrected_moments"]


@dataclass(frozen=True, kw_only=True)
class CorrectedTTestResult(TestResult):
    """Nadeau & Bengio's corrected resampled t-test of two learners on one data set.

    Attributes
    ----------
    statistic : float
        t = mean(d) / sqrt((1/n + n_test/n_train) s²) of the per-fold differences d = x − y
        (±inf when every difference is the same non-zero value, 0 when all are 0).
    pvalue : float
        The p-value under ``alternative``, from Student's t with n − 1 degrees of freedom.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis; ``"greater"``: x scores higher than y.
    df : int
        n − 1.
    n : int
        Number of paired scores (folds, over all repetitions).
    test_train_ratio : float
        n_test / n_train of one fold, the correction's factor.
    mean_difference : float
        Mean of x − y, in the data's units.
    standard_error : float
        sqrt((1/n + n_test/n_train) s²), in the data's units.
    ci_low, ci_high : float
        Interval of the mean difference at ``confidence_level`` (mean ± t quantile × standard error).
    confidence_level : float
        Coverage of the interval.

    See Also
    --------
    corrected_ttest : the function that returns it.
    bayesian_correlated_ttest : its Bayesian counterpart.

    References
    ----------
    .. [1] Nadeau, C., Bengio, Y. (2003). Inference for the generalization error. *Machine
       Learning* 52(3), 239–281. doi:10.1023/A:1024068626366

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.corrected_ttest([0.81, 0.79, 0.84, 0.80, 0.83], [0.78, 0.79, 0.80, 0.77, 0.81])
    >>> r.df, round(r.test_train_ratio, 2)
    (4, 0.25)
    """

    kind: ClassVar[str] = "pairwise"

    df: int
    n: int
    test_train_ratio: float
    mean_difference: float
    standard_error: float
    ci_low: float
    ci_high: float
    confidence_level: float


def resolve_test_train_ratio(n: int, test_train_ratio: float | None, runs: int | None,
                             rho: float | None = None) -> float:
    """n_test / n_train from one of the arguments: ``runs`` repetitions of k = n / runs folds give
    1 / (k - 1) (baycomp's rule), ``rho`` = n_test / (n_test + n_train) gives rho / (1 - rho)
    (scmamp's); none given is one k-fold cross-validation (k = n)."""
    if sum(a is not None for a in (test_train_ratio, runs, rho)) > 1:
        raise ValueError("give one of test_train_ratio, runs or rho, not several (runs r of k-fold "
                         "cross-validation means test_train_ratio = 1/(k - 1) and rho = 1/k).")
    if rho is not None:
        rho = check_nonnegative("rho", rho)
        if rho >= 1:
            raise ValueError(f"rho={rho} is not a correlation below 1; give n_test / (n_test + n_train), e.g. 0.1 "
                             "for 10 folds.")
        return rho / (1.0 - rho)
    if test_train_ratio is not None:
        return check_nonnegative("test_train_ratio", test_train_ratio)  # 0: the uncorrected paired t
    runs = 1 if runs is None else check_positive_int("runs", runs)
    if n % runs:
        raise ValueError(f"{n} scores cannot be {runs} runs of the same number of folds; give the scores of "
                         "every fold of every run, or test_train_ratio.")
    folds = n // runs
    if folds < 2:
        raise ValueError(f"{n} scores in {runs} runs leave fewer than 2 folds per run; give runs <= n / 2.")
    return 1.0 / (folds - 1)


def corrected_moments(x: Any, y: Any, ratio: float) -> tuple[float, float, int]:
    """Mean of d = x - y, its Nadeau–Bengio corrected standard error sd(d) sqrt(1/n + ratio), and
    the power-of-two exponent e they are in units of (:func:`algocompare._scaling.unit_scaled`):
    what the corrected t-test and the Bayesian correlated t-test (its posterior location and scale)
    both start from."""
    (a, b), exponent = unit_scaled(x, y)
    d = a - b
    return float(d.mean()), float(d.std(ddof=1)) * math.sqrt(1.0 / d.size + ratio), exponent


@takes_two_samples(PAIRED)
def corrected_ttest(x: Any, y: Any, *, test_train_ratio: float | None = None, runs: int | None = None,
                    rho: float | None = None, alternative: str = "two-sided", confidence_level: float = 0.95,
                    nan_policy: str = "raise") -> CorrectedTTestResult:
    """Corrected resampled t-test (Nadeau & Bengio 2003) of two learners' cross-validation scores.

    With d = x − y the per-fold differences (n of them, over every repetition), s² their
    sample variance and n_test / n_train the ratio of one fold's test and training sizes::

        t = mean(d) / sqrt((1/n + n_test/n_train) s²),   df = n − 1

    Parameters
    ----------
    x, y : array_like
        Scores of the two learners on the same folds (same order): r repetitions × k folds
        give n = r·k values each.
    test_train_ratio : float, optional
        n_test / n_train of one fold: 1/(k − 1) for k-fold cross-validation, e.g. 1/9 for 10
        folds, 0.25 for an 80/20 random split repeated n times.
    runs : int, optional
        Instead of ``test_train_ratio``: the number r of repetitions of k-fold
        cross-validation (k = n / r), giving 1/(k − 1), as baycomp's ``runs``. When neither is
        given, ``runs=1``: the n scores are one k-fold cross-validation with k = n.
    rho : float, optional
        Instead: the correlation n_test / (n_test + n_train) of two folds' scores (scmamp's
        ``rho``; 1/k for k folds), giving n_test / n_train = rho / (1 − rho).
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: the mean of x − y is positive.
    confidence_level : float
        Coverage of the interval of the mean difference (default 0.95).

    Returns
    -------
    CorrectedTTestResult
        ``statistic``, ``pvalue``, ``df`` = n − 1, ``mean_difference`` with ``standard_error``,
        ``ci_low`` and ``ci_high``, and the ``test_train_ratio`` used.

    See Also
    --------
    bayesian_correlated_ttest : the Bayesian correlated t-test on the same scores.
    paired_ttest : the uncorrected test (for independent pairs, e.g. one score per data set).

    Notes
    -----
    The correction is a heuristic (Nadeau & Bengio 2003, sec. 4.1): it assumes the correlation
    of two folds' scores is n_test / (n_test + n_train). Under that correlation the test has its
    nominal size, while the paired t-test rejects several times too often (``docs/validation.md``).
    It is the statistic of Bouckaert & Frank (2004) and of baycomp's and scmamp's correlated
    t-tests; when all differences are equal the scale is 0 and t is ±inf (p = 0) for a non-zero
    difference, 0 (p = 1) for none. Values are scaled by a power of two before the variance,
    so data near 1e±300 give the same t and p.

    References
    ----------
    .. [1] Nadeau, C., Bengio, Y. (2003). Inference for the generalization error. *Machine
       Learning* 52(3), 239–281. doi:10.1023/A:1024068626366
    .. [2] Bouckaert, R. R., Frank, E. (2004). Evaluating the replicability of significance tests
       for comparing learning algorithms. *PAKDD 2004*, LNCS 3056, 3–12. doi:10.1007/978-3-540-24775-3_3

    Examples
    --------
    >>> import algocompare as ac
    >>> x = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.78, 0.85, 0.80, 0.81]
    >>> y = [0.78, 0.79, 0.80, 0.77, 0.81, 0.80, 0.79, 0.80, 0.76, 0.80]
    >>> r = ac.corrected_ttest(x, y)              # one 10-fold cross-validation: ratio 1/9
    >>> round(r.statistic, 4), round(r.pvalue, 4)   # R: t <- mean(d) / (sd(d) * sqrt(1/10 + 1/9))
    (2.6506, 0.0265)
    """
    check_alternative(alternative)
    check_confidence_level(confidence_level)
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    n = samples.x.size
    ratio = resolve_test_train_ratio(n, test_train_ratio, runs, rho)
    mean, se, exponent = corrected_moments(samples.x, samples.y, ratio)
    t = float(standardised(mean, se))
    df = n - 1
    if alternative == "two-sided":
        p = 2 * stats.t.sf(abs(t), df)
    else:
        p = stats.t.sf(t, df) if alternative == "greater" else stats.t.cdf(t, df)
    half = float(stats.t.ppf(0.5 + confidence_level / 2, df)) * se
    return CorrectedTTestResult(
        method=f"Corrected resampled t-test (Nadeau-Bengio, n_test/n_train {ratio:.4g})", statistic=t,
        pvalue=float(min(1.0, p)), alternative=alternative, df=df, n=n, test_train_ratio=ratio,
        mean_difference=scaled_back(mean, exponent), standard_error=scaled_back(se, exponent),
        ci_low=scaled_back(mean - half, exponent), ci_high=scaled_back(mean + half, exponent),
        confidence_level=confidence_level, **samples.recorded)

