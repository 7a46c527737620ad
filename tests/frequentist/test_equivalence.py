"""TOST equivalence test (issue 28, part D): pingouin 0.7.0's ``tost`` as the reference for the t
version, scipy's one-sided tests for the rank version, and a null simulation at the bound."""

from __future__ import annotations

import numpy as np
import pingouin as pg
import pytest
from scipy import stats

import algocompare as ac

A = [4, 7, 8, 6, 3, 2]
B = [6, 8, 7, 10, 11, 9]
RNG = np.random.default_rng(2813)
X = RNG.normal(0.0, 1.0, 12)
Y = RNG.normal(0.3, 2.0, 20)


@pytest.mark.parametrize(("kwargs", "pingouin_kwargs", "pvalue", "df"), [
    ({"bound": 1, "equal_var": True}, {"bound": 1}, 0.965097, 10),                          # pg.tost docstring
    ({"bound": 0.5, "paired": True}, {"bound": 0.5, "paired": True}, 0.954854, 5),          # pg.tost docstring
])
def test_tost_matches_pingouin_docstring(kwargs, pingouin_kwargs, pvalue, df):
    result = ac.tost(A, B, **kwargs)
    reference = pg.tost(A, B, **pingouin_kwargs)
    assert result.pvalue == pytest.approx(pvalue, abs=5e-7)
    assert result.pvalue == pytest.approx(reference.at["TOST", "pval"], rel=1e-12)
    assert result.df == df


def test_welch_tost_matches_pingouin_with_the_correction():
    reference = pg.tost(X, Y, bound=1, correction=True)
    result = ac.tost(X, Y, bound=1, equal_var=False)
    assert result.pvalue == pytest.approx(reference.at["TOST", "pval"], rel=1e-12)
    assert result.df == pytest.approx(reference.at["TOST", "dof"], rel=1e-12)


@pytest.mark.parametrize(("x", "y"), [(X, Y), (X, Y[:12]), (A, B)])
def test_default_is_pingouins_default(x, y):
    reference = pg.tost(x, y, bound=0.8)  # correction=False: Student's pooled t
    result = ac.tost(x, y, bound=0.8)
    assert result.pvalue == pytest.approx(reference.at["TOST", "pval"], rel=1e-12)
    assert result.df == pytest.approx(reference.at["TOST", "dof"], rel=1e-12)


def test_asymmetric_bounds_and_the_interval_agree_with_the_decision():
    d = X[:10] - Y[:10]
    result = ac.tost(X[:10], Y[:10], bound=(-2.5, 1.5), paired=True)
    se = d.std(ddof=1) / np.sqrt(10)
    assert result.statistic_lower == pytest.approx((d.mean() + 2.5) / se)
    assert result.pvalue_upper == pytest.approx(stats.t.cdf((d.mean() - 1.5) / se, 9))
    assert result.pvalue == max(result.pvalue_lower, result.pvalue_upper)
    inside = result.bound_low < result.ci_low and result.ci_high < result.bound_high
    assert inside == result.reject == (result.pvalue <= 0.05)  # the 90 % interval inside <=> TOST rejects
    assert result.confidence_level == pytest.approx(0.90)
    loose = ac.tost(X[:10], Y[:10], bound=(-2.5, 1.5), paired=True, alpha=0.25)
    assert loose.confidence_level == pytest.approx(0.5) and loose.ci_high - loose.ci_low < result.ci_high - result.ci_low
    assert result.difference == pytest.approx(d.mean())


@pytest.mark.parametrize("paired", [True, False])
def test_rank_tost_is_two_one_sided_tests_of_the_package(paired):
    x, y = (X, Y[:12]) if paired else (X, Y)
    result = ac.tost(x, y, bound=1.2, paired=paired, method="wilcoxon")
    if paired:
        first = ac.wilcoxon(x - y + 1.2, np.zeros(12), alternative="greater").pvalue
        second = ac.wilcoxon(x - y - 1.2, np.zeros(12), alternative="less").pvalue
        assert first == pytest.approx(stats.wilcoxon(x - y + 1.2, alternative="greater").pvalue)  # no ties here
    else:
        first = ac.rank_sum(x + 1.2, y, alternative="greater").pvalue
        second = ac.rank_sum(x - 1.2, y, alternative="less").pvalue
    assert (result.pvalue_lower, result.pvalue_upper) == pytest.approx((first, second), rel=1e-12)
    assert result.pvalue == max(first, second)


# Rscript tests/reference/tost.R: max of the two one-sided base-R tests
R_A = [4, 7, 8, 6, 3, 2, 5.5, 6.1]
R_B = [6, 8, 7, 10, 11, 9, 5.0, 6.6]


@pytest.mark.parametrize(("kwargs", "pvalue"), [
    ({"bound": (-3, 2.5), "paired": True}, 0.38169469256905),               # t.test(paired = TRUE, mu = ...)
    ({"bound": 4, "equal_var": False}, 0.100600195710405),                  # t.test(mu = ...), Welch
    ({"bound": 4}, 0.10059919610944),                                       # t.test(var.equal = TRUE)
    ({"bound": 4, "method": "wilcoxon"}, 0.102951605366034),                # wilcox.test(mu = ...), normal, ties
])
def test_tost_matches_two_one_sided_base_r_tests(kwargs, pvalue):
    assert ac.tost(R_A, R_B, **kwargs).pvalue == pytest.approx(pvalue, rel=1e-10)


@pytest.mark.parametrize(("bound", "message"), [(0, "positive"), ((1, -1), "low < high"), ("x", "positive")])
def test_bad_bounds_are_refused(bound, message):
    with pytest.raises(ValueError, match=message) as info:
        ac.tost(A, B, bound=bound)
    assert "\n" not in str(info.value)


def test_constant_differences_are_refused_for_the_t_version():
    with pytest.raises(ValueError, match="standard error of the difference is 0"):
        ac.tost([1.0, 2.0, 3.0], [0.0, 1.0, 2.0], bound=1, paired=True)


def test_null_size_at_the_bound_is_at_most_alpha_and_near_it():
    rng = np.random.default_rng(2814)
    n, m = 60, 500
    rejections = [ac.tost(d, np.zeros(n), bound=0.5, paired=True).pvalue <= 0.05
                  for d in rng.normal(0.5, 1.0, (m, n))]  # true difference exactly at the upper bound
    size, se = np.mean(rejections), np.sqrt(0.05 * 0.95 / m)
    assert size <= 0.05 + 3 * se and size >= 0.05 - max(0.015, 3 * se) - 0.01, size


def test_standardised_bounds_are_multiplied_by_the_sd():
    d = np.asarray(R_A) - np.asarray(R_B)
    standardised = ac.tost(R_A, R_B, bound=0.5, bound_units="sd", paired=True)
    raw = ac.tost(R_A, R_B, bound=0.5 * d.std(ddof=1), paired=True)
    assert (standardised.bound_low, standardised.bound_high) == pytest.approx((raw.bound_low, raw.bound_high))
    assert standardised.pvalue == pytest.approx(raw.pvalue)
    pooled = np.sqrt((np.var(R_A, ddof=1) + np.var(R_B, ddof=1)) / 2)  # equal sizes
    independent = ac.tost(R_A, R_B, bound=(-0.3, 0.6), bound_units="sd")
    assert (independent.bound_low, independent.bound_high) == pytest.approx((-0.3 * pooled, 0.6 * pooled))
    with pytest.raises(ValueError, match="bound_units"):
        ac.tost(R_A, R_B, bound=1, bound_units="percent")

