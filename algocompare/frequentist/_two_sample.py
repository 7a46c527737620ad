"""The registry of two-sample tests on runs: one algorithm's runs against another's on one instance.

Each :class:`TwoSampleTest` is a key, a display label, ``function(x, y)`` returning a
:class:`TwoSampleOutcome` (statistic, two-sided p-value, direction), whether it pairs the runs by
run number, and its reference. :func:`algocompare.win_tie_loss` (the field's "+/=/−" table) runs
any registered test on every instance; registering a new entry makes it available there at once.

The entries reuse the package's tests where they are exactly right: ``rank_sum`` is
:func:`algocompare.rank_sum` (scipy's ``mannwhitneyu``, tie-corrected, continuity-corrected normal
approximation or the exact distribution for small untied samples), ``signed_rank`` is
:func:`algocompare.wilcoxon` with R's zero handling (``zero_method="wilcox"``, exact up to 50
non-zero differences) and ``paired_t`` is :func:`algocompare.paired_ttest`. The independent t
tests (``welch``, ``t``) call ``scipy.stats.ttest_ind`` on values scaled by an exact power of two
(the p-value is scale-invariant; data near 1e±300 neither over- nor underflow).

One rule for the degenerate samples every competition produces (errors floored at the optimum)
where a t statistic does not exist — neither sample varies (``welch``, ``t``), or the paired
differences are all equal (``paired_t``): equal values give p = 1 (no difference) and different
constants p = 0 (a certain difference, its direction the sign of x − y). The rank tests are
defined there (all values equal: p = 1; two different constants: the rank-sum test's tied
normal approximation, the signed-rank test's exact distribution).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from scipy import stats

from algocompare._registry import Registry
from algocompare._scaling import unit_scaled
from algocompare.frequentist._pairwise import paired_ttest, rank_sum, wilcoxon

__all__ = ["TWO_SAMPLE_TESTS", "TwoSampleOutcome", "TwoSampleTest", "two_sample_test"]


class TwoSampleOutcome(NamedTuple):
    """What a two-sample test says about ``x`` against ``y``.

    ``direction`` is +1 when ``x`` tends to be larger than ``y``, −1 when smaller, 0 when the
    statistic sits exactly at its null centre (on the values as given: the caller orients them).
    """

    statistic: float
    pvalue: float
    direction: int


@dataclass(frozen=True)
class TwoSampleTest:
    """One entry of :data:`TWO_SAMPLE_TESTS`.

    Attributes
    ----------
    key : str
        The name users pass (``test="rank_sum"``).
    label : str
        The name captions and the report print.
    function : callable
        ``function(x, y) -> TwoSampleOutcome`` on two 1-D float arrays without NaN (equal lengths
        for a paired test).
    paired : bool
        Whether the runs are paired by run number (same seed).
    min_size : int
        The fewest runs per sample the test accepts.
    reference : str
        Where the test comes from.
    batch : callable, optional
        ``batch(x, y) -> (statistics, pvalues, directions)`` on arrays (instances × runs) without NaN,
        the same numbers as ``function`` row by row, in one vectorised call (a table of thousands of
        instances); used for balanced runs without missing values.
    """

    key: str
    label: str
    function: Callable[[np.ndarray, np.ndarray], TwoSampleOutcome]
    paired: bool
    min_size: int
    reference: str
    batch: Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]] | None = None


def _constant_outcome(x: np.ndarray, y: np.ndarray) -> TwoSampleOutcome | None:
    """The outcome when neither sample varies (no statistic exists), else None."""
    if np.ptp(x) == 0 and np.ptp(y) == 0:
        sign = int(np.sign(x[0] - y[0]))
        return TwoSampleOutcome(math.nan, 1.0 if sign == 0 else 0.0, sign)
    return None


def _rank_sum(x: np.ndarray, y: np.ndarray) -> TwoSampleOutcome:
    res = rank_sum(x, y)  # defined for tied and constant samples too (all values equal: U at its centre, p = 1)
    # U of x counts the pairs with x > y: above its null centre n_x n_y / 2, x tends to be larger
    return TwoSampleOutcome(res.statistic, res.pvalue, int(np.sign(res.statistic - x.size * y.size / 2)))


def _rank_sum_batch(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_rank_sum` for many instances at once: scipy's ``mannwhitneyu`` along the runs, with
    ``rank_sum``'s ``method="auto"`` decided instance by instance as scipy decides it for one pair of
    samples: exact when a sample has at most 8 runs and the instance has no tie, else the
    tie-corrected normal approximation with continuity correction."""
    n_x, n_y = x.shape[-1], y.shape[-1]
    values = np.sort(np.concatenate([x, y], axis=-1), axis=-1)
    tied = (np.diff(values, axis=-1) == 0).any(axis=-1)
    exact = ~tied if min(n_x, n_y) <= 8 else np.zeros(len(x), bool)
    u, pvalue = np.empty(len(x)), np.empty(len(x))
    for rows, method in ((exact, "exact"), (~exact, "asymptotic")):
        if rows.any():
            res = stats.mannwhitneyu(x[rows], y[rows], alternative="two-sided", method=method, axis=-1)
            u[rows], pvalue[rows] = res.statistic, res.pvalue
    pvalue = np.where(np.isnan(pvalue), 1.0, pvalue)  # every value equal: U at its centre, p = 1 (as rank_sum)
    return u, pvalue, np.sign(u - n_x * n_y / 2).astype(int)


def _independent_t(x: np.ndarray, y: np.ndarray, equal_var: bool) -> TwoSampleOutcome:
    constant = _constant_outcome(x, y)
    if constant is not None:
        return constant
    (a, b), _ = unit_scaled(x, y)  # t and p are scale-invariant; the variances neither over- nor underflow
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        res = stats.ttest_ind(a, b, equal_var=equal_var)
    return TwoSampleOutcome(float(res.statistic), float(res.pvalue), int(np.sign(a.mean() - b.mean())))


def _welch(x: np.ndarray, y: np.ndarray) -> TwoSampleOutcome:
    return _independent_t(x, y, equal_var=False)


def _student(x: np.ndarray, y: np.ndarray) -> TwoSampleOutcome:
    return _independent_t(x, y, equal_var=True)


def _signed_rank(x: np.ndarray, y: np.ndarray) -> TwoSampleOutcome:
    res = wilcoxon(x, y, zero_method="wilcox")
    return TwoSampleOutcome(res.statistic, res.pvalue, int(np.sign(res.r_plus - res.r_minus)))


def _paired_t(x: np.ndarray, y: np.ndarray) -> TwoSampleOutcome:
    d = x - y
    if np.ptp(d) == 0:  # every difference the same: no t statistic
        sign = int(np.sign(d[0]))
        return TwoSampleOutcome(math.nan, 1.0 if sign == 0 else 0.0, sign)
    res = paired_ttest(x, y)
    return TwoSampleOutcome(res.statistic, res.pvalue, int(np.sign(res.mean_difference)))


#: The two-sample tests of :func:`algocompare.win_tie_loss`, by key.
TWO_SAMPLE_TESTS: Registry[TwoSampleTest] = Registry("test")
for _entry in (
    TwoSampleTest("rank_sum", "Wilcoxon rank-sum", _rank_sum, False, 2,
                  "Mann, H. B. & Whitney, D. R. (1947). Ann. Math. Statist. 18(1), 50-60. "
                  "doi:10.1214/aoms/1177730491", batch=_rank_sum_batch),
    TwoSampleTest("welch", "Welch t", _welch, False, 2,
                  "Welch, B. L. (1947). The generalization of 'Student's' problem when several different population "
                  "variances are involved. Biometrika 34(1-2), 28-35. doi:10.1093/biomet/34.1-2.28"),
    TwoSampleTest("t", "Student t", _student, False, 2,
                  "Student (1908). The probable error of a mean. Biometrika 6(1), 1-25. doi:10.1093/biomet/6.1.1"),
    TwoSampleTest("signed_rank", "Wilcoxon signed-rank", _signed_rank, True, 2,
                  "Wilcoxon, F. (1945). Individual comparisons by ranking methods. Biometrics Bulletin 1(6), 80-83. "
                  "doi:10.2307/3001968"),
    TwoSampleTest("paired_t", "paired t", _paired_t, True, 2,
                  "Student (1908). The probable error of a mean. Biometrika 6(1), 1-25. doi:10.1093/biomet/6.1.1"),
):
    TWO_SAMPLE_TESTS.register(_entry)


def two_sample_test(x: np.ndarray, y: np.ndarray, test: str = "rank_sum") -> TwoSampleOutcome:
    """Run the registered two-sample test ``test`` on the runs ``x`` and ``y`` of one instance.

    Parameters
    ----------
    x, y : numpy.ndarray
        1-D runs without NaN (equal lengths, paired by position, for a paired test).
    test : str
        A key of :data:`TWO_SAMPLE_TESTS`.

    Returns
    -------
    TwoSampleOutcome
        Statistic, two-sided p-value and direction (+1: x tends to be larger).

    Examples
    --------
    >>> outcome = two_sample_test(np.array([1.0, 2.0, 3.0, 4.0]), np.array([5.0, 6.0, 7.0, 8.0]))
    >>> outcome.statistic, round(outcome.pvalue, 4), outcome.direction   # R: wilcox.test(x, y): W = 0
    (0.0, 0.0286, -1)
    """
    entry = TWO_SAMPLE_TESTS[test]
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if min(x.size, y.size) < entry.min_size:
        raise ValueError(f"test={test!r} needs at least {entry.min_size} runs per sample; got {x.size} and {y.size}.")
    if entry.paired and x.size != y.size:
        raise ValueError(f"test={test!r} pairs the runs by run number; got {x.size} and {y.size} runs.")
    return entry.function(x, y)
