"""Pairwise tests, Page's test and intervals against García et al. (2009), base R and scipy."""

import numpy as np
import pytest
from scipy import stats

import algocompare as ac
from tests._refdata import published

X = np.array([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5, 2.2, 3.9, 4.4, 0.7])
Y = np.array([2.5, 1.9, 4.1, 3.3, 2.6, 1.1, 8.2, 1.4, 2.9, 4.6, 4.0, 1.3])
X2 = np.array([0.5, 1.5, 1.5, -2, 3, 0, 0, 4, -1, 2.5, 2.5, 6, 0.5, 7])


@pytest.mark.parametrize("group", ["f15-f25", "f1-f25"])
def test_garcia_tables_11_12(group):
    garcia = published("garcia2009_cec2005_d10")
    res = ac.load_dataset("cec2005_d10")
    if group == "f15-f25":
        res = res.select(instances=[f"f{i}" for i in range(15, 26)])
    table = res.blocks()
    for name, ref in garcia["tables11_12_wilcoxon_Rplus_Rminus_p"][group].items():
        split = ac.wilcoxon(table[name], table["G-CMA-ES"], zero_method="split")
        assert (split.r_plus, split.r_minus) == (ref["R+"], ref["R-"])  # Tables 11-12, exact halves
        p = ac.wilcoxon(table[name], table["G-CMA-ES"], zero_method="wilcox", method="approx").pvalue
        assert p == pytest.approx(ref["p"], abs=5e-4)  # printed to 3 decimals


# R: wilcox.test(x, y, paired=TRUE, exact=FALSE, correct=...)
@pytest.mark.parametrize("x, y, correct, v, p", [
    (X, Y, False, 12, 0.061754973561895), (X, Y, True, 12, 0.0682165731633087),
    (X2, np.zeros(14), False, 69, 0.0184672600114814), (X2, np.zeros(14), True, 69, 0.0205121646407209)])
def test_wilcoxon_against_base_r(x, y, correct, v, p):
    res = ac.wilcoxon(x, y, zero_method="wilcox", correction=correct, method="approx")
    assert res.statistic == v and res.pvalue == pytest.approx(p, rel=1e-10)


def test_wilcoxon_one_sided_against_base_r():
    # R: wilcox.test(X, Y, paired=TRUE, exact=FALSE, correct=TRUE, alternative="greater"/"less")
    kw = dict(zero_method="wilcox", correction=True, method="approx")
    assert ac.wilcoxon(X, Y, alternative="greater", **kw).pvalue == pytest.approx(0.972095768372867, rel=1e-10)
    assert ac.wilcoxon(X, Y, alternative="less", **kw).pvalue == pytest.approx(0.0341082865816544, rel=1e-10)


def test_wilcoxon_exact_matches_scipy_without_ties():
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=14), rng.normal(size=14)
    for alternative in ("two-sided", "greater", "less"):
        ref = stats.wilcoxon(x, y, method="exact", alternative=alternative)
        assert ac.wilcoxon(x, y, zero_method="wilcox", alternative=alternative).pvalue == pytest.approx(ref.pvalue)


def test_sign_test_against_base_r():
    # R: binom.test(3, 11) for X - Y (3 positive, 8 negative, 1 zero dropped)
    assert ac.sign_test(X, Y, zero_method="wilcox").pvalue == pytest.approx(0.2265625, rel=1e-12)
    # R: binom.test(c(10, 2))
    assert ac.sign_test(np.r_[np.ones(10), -np.ones(2)], np.zeros(12), zero_method="wilcox").pvalue == \
        pytest.approx(0.03857421875, rel=1e-12)
    split = ac.sign_test(X, Y, zero_method="split")  # one zero: odd number, ignored (García §3.2)
    assert split.n == 11 and split.statistic == 3


def test_paired_ttest_and_rank_sum():
    t = ac.paired_ttest(X, Y)
    ref = stats.ttest_rel(X, Y)
    assert t.statistic == pytest.approx(ref.statistic) and t.cohens_d == pytest.approx(ref.statistic / np.sqrt(12))
    u = ac.rank_sum(X, Y)
    assert u.pvalue == pytest.approx(stats.mannwhitneyu(X, Y).pvalue)


def test_fwer():
    assert ac.fwer_of_pairwise([0.05] * 10).pvalue == pytest.approx(1 - 0.95 ** 10)  # García eq. 1


def test_page_against_scipy():
    rng = np.random.default_rng(0)
    for n, k in [(4, 3), (9, 6), (12, 8)]:
        data = rng.normal(size=(n, k)) + 0.3 * np.arange(k)
        for method, scipy_method in (("exact", "exact"), ("approx", "asymptotic")):
            ref = stats.page_trend_test(data, method=scipy_method)
            res = ac.page_trend(data, method=method)
            assert res.statistic == ref.statistic
            assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9)


def test_page_exact_distribution_properties():
    from algocompare.frequentist._page import page_null_distribution
    support, pmf = page_null_distribution(30, 10)
    assert pmf.sum() == pytest.approx(1.0)
    mean = float(support @ pmf)
    assert mean == pytest.approx(30 * 10 * 11 ** 2 / 4)
    assert float(((support - mean) ** 2) @ pmf) == pytest.approx(30 * 100 * 11 * 99 / 144)


def test_convergence_page_derrac_modification():
    a = np.array([[9., 7, 5, 4], [8, 6, 0, 0], [7, 6, 4, 3]])
    b = np.array([[9., 6, 3, 1], [8, 5, 3, 2], [7, 5, 2, 1]])
    plain = ac.convergence_page(a, b)
    modified = ac.convergence_page(a, b, optimum=0.0)
    # row 2: A optimal from cut 3 on -> ranks (1, 2, 3, 4) instead of ranks of (0, 1, -3, -2)
    assert modified.statistic - plain.statistic == (1 + 4 + 9 + 16) - (3 * 1 + 4 * 2 + 1 * 3 + 2 * 4)


# R: wilcox.test(x, y, conf.int=TRUE, exact=TRUE[, paired=TRUE][, conf.level=0.9])$conf.int
XC = [3.1, 4.5, 2.2, 6.7, 5.5, 4.1, 3.3, 7.9, 5.0, 2.8, 4.9, 6.1]
YC = [2.0, 3.9, 2.5, 5.1, 4.2, 3.0, 3.6, 6.0, 4.4, 1.9, 4.0, 5.2]


@pytest.mark.parametrize("kw, low, high", [({}, -0.6, 2.2), ({"paired": True}, 0.40, 1.25),
                                           ({"confidence_level": 0.9}, -0.3, 2.0)])
def test_median_difference_ci_against_base_r(kw, low, high):
    ci = ac.median_difference_ci(XC, YC, **kw)
    assert ci.ci_low == pytest.approx(low) and ci.ci_high == pytest.approx(high)


def test_confidence_curve_crosses_zero_at_the_wilcoxon_p():
    cc = ac.confidence_curve(XC, YC, paired=True)
    assert cc.pvalue_at_zero == pytest.approx(ac.wilcoxon(XC, YC, zero_method="wilcox", method="exact").pvalue)
