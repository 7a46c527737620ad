"""Omnibus tests against García et al. (2009), base R and pingouin."""

import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from tests._refdata import published

# Hard-coded tables with within-row ties (lower is better).
M1 = np.array([[1.20, 2.50, 2.50, 3.10], [0.80, 1.90, 2.20, 2.00], [5.00, 4.10, 6.30, 7.20],
               [3.30, 3.30, 3.90, 4.40], [2.10, 2.60, 1.70, 3.00], [0.40, 1.10, 1.30, 0.90],
               [7.70, 8.20, 9.90, 8.10], [1.50, 1.40, 2.80, 2.60]])
M2 = np.array([[3, 1, 2, 2, 5], [4, 4, 1, 2, 3], [1, 1, 1, 2, 2], [5, 3, 4, 1, 2], [2, 2, 2, 2, 1],
               [9, 7, 8, 6, 5], [1, 3, 2, 4, 5], [2, 2, 3, 3, 1], [6, 4, 4, 4, 1], [0, 0, 1, 0, 2]], float)
# Accuracies (higher is better) with ties, also in the ranges.
M3 = np.array([[0.91, 0.88, 0.91, 0.85], [0.75, 0.80, 0.78, 0.80], [0.66, 0.66, 0.66, 0.70],
               [0.95, 0.93, 0.94, 0.90], [0.81, 0.79, 0.83, 0.77], [0.70, 0.72, 0.72, 0.69]])


@pytest.fixture(scope="module")
def cec():
    return ac.load_dataset("cec2005_d10")


@pytest.fixture(scope="module")
def garcia():
    return published("garcia2009_cec2005_d10")


def _group(res, group):
    if group == "f15-f25":
        return res.select(instances=[f"f{i}" for i in range(15, 26)])
    return res


@pytest.mark.parametrize("group", ["f15-f25", "f1-f25"])
def test_garcia_table7_and_table8(cec, garcia, group):
    res = _group(cec, group)
    # García et al. 2009, Table 7: Friedman and Iman-Davenport statistics (3 decimals)
    # (the paper's statistics are untied: tie_correction=False)
    untied = ac.friedman(res, tie_correction=False).statistic
    assert untied == pytest.approx(garcia["table7_friedman_chi2"][group], abs=5e-4)
    f_untied = ac.iman_davenport(res, tie_correction=False).statistic
    assert f_untied == pytest.approx(garcia["table7_iman_davenport_F"][group], abs=5e-4)
    # Table 8: average rankings (typos corrected, see tests/data/README.md)
    ranks = ac.friedman(res).mean_ranks
    for name, value in garcia["table8_mean_ranks"][group].items():
        decimals = len(str(value).split(".")[1])
        assert ranks[name] == pytest.approx(value, abs=0.5 * 10 ** -decimals)


# R 4.x: friedman.test(m) and quade.test(m) on the matrices above
R_VALUES = {
    "M1": (M1, 11.3461538461538, 0.00999405306043766, 4.78947368421053, 0.0107338528385726),
    "M2": (M2, 1.38728323699422, 0.846402212408089, 0.740592963540598, 0.570576769881074),
    "M3": (M3, 2.43396226415094, 0.487343870860589, 1.08098336948662, 0.387088413429122),
}


@pytest.mark.parametrize("name", list(R_VALUES))
@pytest.mark.parametrize("direction", ["minimize", "maximize"])
def test_tie_corrected_against_base_r(name, direction):
    m, f_stat, f_p, q_stat, q_p = R_VALUES[name]
    res = ac.Results.from_wide(pd.DataFrame(m), direction=direction)
    f = ac.friedman(res, tie_correction=True)
    q = ac.quade(res, tie_correction=True)
    assert f.statistic == pytest.approx(f_stat, rel=1e-12) and f.pvalue == pytest.approx(f_p, rel=1e-10)
    assert q.statistic == pytest.approx(q_stat, rel=1e-12) and q.pvalue == pytest.approx(q_p, rel=1e-10)


@pytest.mark.parametrize("m", [M1, M2, M3])
def test_friedman_matches_scipy(m):
    ref = stats.friedmanchisquare(*m.T)  # scipy applies the tie correction
    res = ac.friedman(m, tie_correction=True)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-10)


def _by_definition(m):
    """Independent loop implementations of the formulas (García et al. 2010; scmamp)."""
    n, k = m.shape
    r = np.array([stats.rankdata(row) for row in m])
    chi2 = 12 * n / (k * (k + 1)) * (sum(r.mean(0) ** 2) - k * (k + 1) ** 2 / 4)
    ff = (n - 1) * chi2 / (n * (k - 1) - chi2)
    aligned = (m - np.array([math.fsum(r) / k for r in m])[:, None]).ravel()
    ar = stats.rankdata(aligned).reshape(n, k)
    num = (k - 1) * (sum(ar.sum(0) ** 2) - (k * n * n / 4) * (k * n + 1) ** 2)
    den = k * n * (k * n + 1) * (2 * k * n + 1) / 6 - sum(ar.sum(1) ** 2) / k
    q = stats.rankdata([row.max() - row.min() for row in m])
    s = q[:, None] * (r - (k + 1) / 2)
    a = n * (n + 1) * (2 * n + 1) * k * (k + 1) * (k - 1) / 72
    b = sum(s.sum(0) ** 2) / n
    return chi2, ff, num / den, (n - 1) * b / (a - b)


@pytest.mark.parametrize("m", [M1, M2, M3])
def test_untied_option_follows_the_papers(m):
    chi2, ff, t_aligned, f_quade = _by_definition(m)
    assert ac.friedman(m, tie_correction=False).statistic == pytest.approx(chi2, rel=1e-12)
    assert ac.iman_davenport(m, tie_correction=False).statistic == pytest.approx(ff, rel=1e-12)
    aligned = ac.aligned_ranks(m, tie_correction=False)
    assert aligned.statistic == pytest.approx(t_aligned, rel=1e-12)
    assert aligned.pvalue == pytest.approx(stats.chi2.sf(t_aligned, m.shape[1] - 1), rel=1e-12)
    quade = ac.quade(m, tie_correction=False)
    assert quade.statistic == pytest.approx(f_quade, rel=1e-12)
    n, k = m.shape
    assert quade.pvalue == pytest.approx(stats.f.sf(f_quade, k - 1, (k - 1) * (n - 1)), rel=1e-12)


@pytest.mark.parametrize("m", [M1, M2, M3])
def test_defaults_are_tie_corrected(m):
    # Friedman: scipy.stats.friedmanchisquare (tie-corrected); Quade: R's quade.test (R_VALUES)
    assert ac.friedman(m).statistic == pytest.approx(stats.friedmanchisquare(*m.T).statistic, rel=1e-12)
    assert ac.friedman(m).tie_correction and ac.quade(m).tie_correction and ac.aligned_ranks(m).tie_correction
    n, k = m.shape
    chi2 = ac.friedman(m).statistic
    assert ac.iman_davenport(m).statistic == pytest.approx((n - 1) * chi2 / (n * (k - 1) - chi2), rel=1e-12)
    # aligned ranks: the permutation form (k - 1) SS_algorithms / SS_within-instances of the
    # aligned ranks (Hodges & Lehmann 1962; Lehmann 1975, §6.3), which allows ties
    aligned = (m - np.array([math.fsum(r) / k for r in m])[:, None]).ravel()
    ar = stats.rankdata(aligned).reshape(n, k)
    between = ((ar.sum(0) - n * (k * n + 1) / 2) ** 2).sum()
    within = ((ar - ar.mean(1, keepdims=True)) ** 2).sum()
    assert ac.aligned_ranks(m).statistic == pytest.approx((k - 1) * between / within, rel=1e-12)
    for _name, (matrix, *_, q_stat, _q_p) in R_VALUES.items():
        if matrix is m:
            assert ac.quade(m).statistic == pytest.approx(q_stat, rel=1e-12)


def test_tie_correction_changes_nothing_without_ties():
    m = np.random.default_rng(4).normal(size=(12, 5))
    for test in (ac.friedman, ac.iman_davenport, ac.aligned_ranks, ac.quade):
        assert test(m).statistic == pytest.approx(test(m, tie_correction=False).statistic, rel=1e-12)


def test_quade_without_ties_both_conventions_agree():
    m = np.array([[1.0, 2.5, 3.1], [2.2, 0.4, 5.6], [3.3, 4.1, 1.2], [0.5, 2.9, 9.4], [7.1, 6.0, 6.6]])
    assert ac.quade(m).statistic == pytest.approx(ac.quade(m, tie_correction=True).statistic, rel=1e-12)


def test_tiny_pvalues_are_not_rounded_to_zero():
    m = np.tile(np.arange(10.0), (30, 1))
    m[0, :2] = m[0, 1::-1]  # chi2 = 269.6 on 9 df: p about 1e-52, from the survival function
    assert 0 < ac.friedman(m).pvalue < 1e-40
    assert ac.friedman(m).pvalue == pytest.approx(stats.chi2.sf(ac.friedman(m).statistic, 9), rel=1e-9)


def test_perfect_agreement_gives_infinite_f():
    m = np.tile(np.arange(4.0), (6, 1))
    res = ac.iman_davenport(m)
    # F is infinite; the p-value is the exact probability that 5 more instances repeat the
    # first one's ranking when all 4! orderings are equally likely
    assert math.isinf(res.statistic) and res.pvalue == pytest.approx((1 / 24) ** 5, rel=1e-12)


def test_perfect_agreement_pvalue_is_exact_and_calibrated_for_two_algorithms():
    # k = 2, N = 5: all five signs agree with probability 2/32 under the null, so the
    # p-value of that outcome is 1/16 (the F distribution's 0 rejected 6 % of null tables)
    m = np.tile([0.0, 1.0], (5, 1))
    assert ac.iman_davenport(m).pvalue == pytest.approx(1 / 16)
    tied = np.array([[0.0, 0.0, 1.0]] * 3)  # tied pairs: 3 distinct orderings per instance
    assert ac.iman_davenport(tied).pvalue == pytest.approx((1 / 3) ** 2)
    assert ac.friedman(m).kendall_w == pytest.approx(1.0)


def test_rm_anova_matches_pingouin(cec):
    import pingouin as pg  # a core dependency: a missing one must fail, not skip
    long = cec.to_long()
    ref = pg.rm_anova(data=long, dv="value", within="algorithm", subject="instance", correction=True)
    res = ac.rm_anova(cec)
    assert res.statistic == pytest.approx(float(ref["F"].iloc[0]), rel=1e-9)
    assert res.pvalue == pytest.approx(float(ref["p_unc"].iloc[0]), rel=1e-9)
    assert res.pvalue_gg == pytest.approx(float(ref["p_GG_corr"].iloc[0]), rel=1e-7)
    assert res.epsilon_gg == pytest.approx(float(ref["eps"].iloc[0]), rel=1e-7)
    small = ac.Results.from_wide(pd.DataFrame(M2, columns=list("ABCDE")))
    sph = pg.sphericity(small.to_long(), dv="value", within="algorithm", subject="instance")
    res = ac.rm_anova(small)
    assert res.sphericity_w == pytest.approx(sph.W, rel=1e-9)
    assert res.sphericity_pvalue == pytest.approx(sph.pval, rel=1e-9)


def test_omnibus_table(cec):
    res = ac.omnibus(cec)
    assert list(res.to_frame()["test"]) == ["Friedman", "Iman-Davenport", "Friedman aligned ranks", "Quade",
                                            "Repeated-measures ANOVA"]
    assert res["friedman"].statistic == pytest.approx(stats.friedmanchisquare(*cec.blocks().to_numpy().T).statistic)
    assert ac.omnibus(cec, tie_correction=False)["friedman"].statistic == pytest.approx(41.985, abs=5e-4)
    json.dumps(res.to_dict(), allow_nan=False)


def test_mean_ranks_are_best_first_in_both_directions():
    res = ac.friedman(ac.Results.from_wide(pd.DataFrame(M3, columns=list("ABCD")), direction="maximize"))
    expected = stats.rankdata(-M3, axis=1).mean(axis=0)  # rank 1 = highest accuracy
    np.testing.assert_allclose(res.mean_ranks.to_numpy(), expected)
    aligned = ac.aligned_ranks(M1).mean_aligned_ranks
    assert aligned.mean() == pytest.approx((M1.size + 1) / 2)


# scmamp's friedmanAlignedRanksTest formula transcribed in base R (R's mean(), rank()):
# far <- function(data) {k <- ncol(data); N <- nrow(data); m <- apply(data, 1, mean);
#   r <- matrix(rank(as.vector(data - matrix(rep(m, k), ncol=k))), ncol=k); ... }
@pytest.mark.parametrize("m, t, p", [(M1, 12.9611047180667, 0.00472147817243909),
                                     (M2, 1.55862055577664, 0.816209290859314),
                                     (M3, 2.16683151994725, 0.538511040544769)])
def test_aligned_ranks_against_r_transcription(m, t, p):
    res = ac.aligned_ranks(m, tie_correction=False)
    assert res.statistic == pytest.approx(t, rel=1e-12) and res.pvalue == pytest.approx(p, rel=1e-10)


# Degenerate and extreme tables (issue 18): a defined answer with its reason, never a silent nan.

ALL_TIES = np.repeat((np.arange(12.0)[:, None] * 0.1) % 0.5, 3, axis=1)  # every instance ties


def test_rm_anova_all_ties_is_undefined_with_a_reason():
    # Before: statistic nan with an arbitrary Greenhouse-Geisser epsilon (0.47, rounding
    # noise) and "keep H0" in analyze; the assumption check recommended parametric tests.
    r = ac.rm_anova(ALL_TIES)
    assert math.isnan(r.statistic) and math.isnan(r.pvalue) and math.isnan(r.epsilon_gg)
    assert "undefined" in r.note
    a = ac.check_assumptions(ALL_TIES)
    assert a.recommendation == "non-parametric" and any("no variation" in s for s in a.reasons)


def test_rm_anova_exact_additive_table_is_infinite_with_a_reason():
    # y_ij = a_i + b_j: no residual variation, only rounding noise (before: F = 1.5e15).
    r = ac.rm_anova(ALL_TIES + np.array([0.1, 0.2, 0.3]))
    assert r.statistic == math.inf and r.pvalue == 0.0 and "infinite" in r.note
    assert ac.rm_anova(ac.load_dataset("cec2005_d10")).note == ""


def test_rm_anova_near_the_float_limit_equals_the_rescaled_table():
    # Before: NaN statistic, sphericity "rejected (p = 0)", about 10 RuntimeWarnings.
    small = np.random.default_rng(1).uniform(-1.7, 1.7, size=(8, 3))
    with np.errstate(all="raise"):
        big = ac.rm_anova(small * 2.0**1023)  # a power of two: the same table, exactly
    ref = ac.rm_anova(small)
    assert big.statistic == ref.statistic and big.pvalue_gg == ref.pvalue_gg
    assert big.sphericity_pvalue == ref.sphericity_pvalue
    np.testing.assert_allclose(big.means / 2.0**1023, ref.means, rtol=1e-15)


def test_analyze_section_prints_no_decision_on_an_undefined_anova():
    from algocompare.analysis import AnalysisOptions
    from algocompare.frequentist._analysis import section

    text = section(ac.Results.from_array(ALL_TIES), AnalysisOptions()).text
    anova = next(line for line in text.splitlines() if line.startswith("Repeated-measures ANOVA"))
    assert anova.endswith("no decision") and "RM-ANOVA: F undefined" in text
    assert "non-parametric tests recommended" in text


def test_rank_tests_and_checks_near_the_float_limit_equal_the_rescaled_table():
    # Before: Quade's instance ranges overflowed (F 0.296 instead of 0.413), Levene gave NaN
    # ("could not be tested"), with RuntimeWarnings.
    small = np.random.default_rng(1).uniform(-1.7, 1.7, size=(8, 3))
    big = small * 2.0**1023  # the same table, exactly, at the float limit
    with np.errstate(all="raise"):
        for test in (ac.aligned_ranks, ac.quade, ac.friedman):
            assert test(big).statistic == test(small).statistic
        levene = ac.homoscedasticity(big, test="levene").table["statistic"][0]
        shapiro = ac.normality(big, test="shapiro").table["statistic"].to_numpy()
    assert levene == ac.homoscedasticity(small, test="levene").table["statistic"][0]
    np.testing.assert_array_equal(shapiro, ac.normality(small, test="shapiro").table["statistic"].to_numpy())


def test_levene_with_constant_absolute_deviations_is_not_a_rejection():
    # Two instances: every algorithm's two values deviate equally from their mean, so
    # Levene's within-group sum of squares is 0. scipy: F = inf, p = 0; before, the
    # assumption check said "rejected (smallest p = 0)" without explanation.
    from scipy import stats

    table = np.array([[1.0, 2.0, 0.0], [3.0, 2.5, 5.0]])
    with np.errstate(divide="ignore"):
        assert stats.levene(*table.T).pvalue == 0.0  # the convention we depart from, documented
    row = ac.homoscedasticity(table, test="levene").table.iloc[0]
    assert row["statistic"] == math.inf and math.isnan(row["pvalue"]) and not row["reject"]
    assert "absolute deviations constant" in row["note"]
    reasons = ac.check_assumptions(table).reasons
    assert any("(Brown-Forsythe): could not be tested (absolute deviations constant" in r for r in reasons)
    assert not any("smallest p = 0" in r for r in reasons)


@pytest.mark.parametrize("n", [5, 6])
def test_iman_davenport_size_with_two_algorithms_and_few_instances(n):
    # Null simulation: with k = 2 every table that agrees on all instances has F = inf; its
    # exact p-value (2^-(N-1)) keeps the size at or below alpha (the F distribution's p = 0
    # rejected 2^-(N-1) of the tables at every alpha: 6.25 % for N = 5)
    rng = np.random.default_rng(3)
    pvalues = np.array([ac.iman_davenport(rng.normal(size=(n, 2))).pvalue for _ in range(1000)])
    for alpha in (0.01, 0.05):
        assert (pvalues <= alpha).mean() <= alpha + 3 * np.sqrt(alpha * (1 - alpha) / 1000)
