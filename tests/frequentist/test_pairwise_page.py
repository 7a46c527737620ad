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
    # issue 28: the exact binomial is now method="exact" (the default is the mid-p value)
    # R: binom.test(3, 11) for X - Y (3 positive, 8 negative, 1 zero dropped)
    assert ac.sign_test(X, Y, zero_method="wilcox", method="exact").pvalue == pytest.approx(0.2265625, rel=1e-12)
    # R: binom.test(c(10, 2))
    assert ac.sign_test(np.r_[np.ones(10), -np.ones(2)], np.zeros(12), method="exact").pvalue == \
        pytest.approx(0.03857421875, rel=1e-12)
    split = ac.sign_test(X, Y, zero_method="split", method="exact")  # one zero: odd, ignored (García §3.2)
    assert split.n == 11 and split.statistic == 3


def test_sign_test_default_is_the_conditional_midp():
    # R: 2 * (pbinom(2, 11, 0.5) + dbinom(3, 11, 0.5) / 2) = 299/2048 (zeros dropped: 3 of 11)
    r = ac.sign_test(X, Y)
    assert (r.zero_method, r.n, r.statistic) == ("wilcox", 11, 3.0)
    assert r.pvalue == pytest.approx(299 / 2048, rel=1e-12)
    # one-sided: R: pbinom(2, 11, 0.5) + dbinom(3, 11, 0.5) / 2 and its mirror
    assert ac.sign_test(X, Y, alternative="less").pvalue == pytest.approx(149.5 / 2048, rel=1e-12)
    assert ac.sign_test(X, Y, alternative="greater").pvalue == pytest.approx(1 - 149.5 / 2048, rel=1e-12)
    # mid-p is never above the exact p-value
    assert r.pvalue < ac.sign_test(X, Y, method="exact").pvalue
    with pytest.raises(ValueError, match="method"):
        ac.sign_test(X, Y, method="randomised")


def test_sign_test_zero_split_is_an_explicit_option():
    # 30 tied instances and 10 of 10 positive: dropping the zeros rejects, splitting them does not
    x, y = np.r_[np.ones(10), np.zeros(30)], np.zeros(40)
    assert ac.sign_test(x, y).pvalue < 0.01
    assert ac.sign_test(x, y, zero_method="split", method="exact").pvalue > 0.01


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


# ------------------------------------------------------------------ Page with ties (issue 28)

TIED = np.array([[1., 1, 1, 1], [1, 2, 3, 3], [2, 2, 3, 4], [1, 3, 2, 3], [1, 2, 3, 4], [2, 4, 2, 3], [5, 5, 6, 6]])


def _enumerated_page(data: np.ndarray) -> tuple[float, float, float]:
    """L, P(L* >= L) and Var L* when each row's mid-ranks are permuted over the columns: all k! per row."""
    import itertools
    from collections import Counter

    ranks = np.vstack([stats.rankdata(row) for row in data])
    k = ranks.shape[1]
    weights = np.arange(1, k + 1)
    total, variance = Counter({0.0: 1.0}), 0.0
    for row in ranks:
        values = [float(weights @ row[list(p)]) for p in itertools.permutations(range(k))]
        variance += float(np.var(values))
        step = Counter()
        for s, prob in total.items():
            for value in values:
                step[s + value] += prob / len(values)
        total = step
    statistic = float(weights @ ranks.sum(axis=0))
    return statistic, sum(p for s, p in total.items() if s >= statistic - 1e-9), variance


def test_page_with_ties_is_conditional_on_the_rank_patterns():
    statistic, p_enumerated, variance = _enumerated_page(TIED)
    res = ac.page_trend(TIED)
    assert res.tie_correction and res.exact and "conditional on ties" in res.method
    assert res.statistic == statistic
    assert res.pvalue == pytest.approx(p_enumerated, rel=1e-12)
    mean = TIED.shape[0] * 4 * 5 ** 2 / 4
    assert res.z == pytest.approx((statistic - mean) / np.sqrt(variance), rel=1e-12)
    approx = ac.page_trend(TIED, method="approx")
    assert not approx.exact and approx.pvalue == pytest.approx(stats.norm.sf(res.z), rel=1e-12)


def test_page_untied_convention_is_kept_as_an_option():
    # tie_correction=False is Page's untied table and variance, what scipy computes on mid-ranks
    for method, scipy_method in (("exact", "exact"), ("approx", "asymptotic")):
        res = ac.page_trend(TIED, method=method, tie_correction=False)
        assert not res.tie_correction
        assert res.pvalue == pytest.approx(stats.page_trend_test(TIED, method=scipy_method).pvalue, rel=1e-9)
    # ... and conservative: the untied variance is larger than the conditional one
    assert ac.page_trend(TIED, tie_correction=False).pvalue > ac.page_trend(TIED).pvalue


def test_page_without_ties_is_unchanged_by_the_tie_correction():
    data = np.random.default_rng(4).normal(size=(9, 5)) + 0.2 * np.arange(5)
    for method in ("auto", "exact", "approx"):
        a, b = ac.page_trend(data, method=method), ac.page_trend(data, method=method, tie_correction=False)
        assert (a.pvalue, a.z, a.method) == (b.pvalue, b.z, b.method)


def test_page_conditional_with_every_instance_tied_never_rejects():
    res = ac.page_trend(np.ones((6, 4)))
    assert res.pvalue == 1.0 and res.z == 0.0
