"""The blocked post-hoc tests of issue 28: Miller, Siegel–Castellan, Friedman many-to-one (Dunnett),
paired t, Tukey and Dunnett on the RM-ANOVA residual.

References: R (tests/reference/blocked_posthoc.R, restating PMCMRplus and running TukeyHSD,
multcomp/mvtnorm and pairwise.t.test), scikit-posthocs and pingouin (independent
implementations), scipy.stats.dunnett (the multivariate-t probabilities).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.posthoc._dunnett import dunnett_sf
from tests.posthoc.blocked_reference import REFERENCE, TABLES

CASES = sorted(TABLES)


def _table(name: str) -> pd.DataFrame:
    values = np.array(TABLES[name], dtype=float)
    return pd.DataFrame(values, columns=[f"A{j + 1}" for j in range(values.shape[1])])


@pytest.mark.parametrize("name", CASES)
def test_miller_and_siegel_match_pmcmrplus_restated_in_r(name):
    data, ref = _table(name), REFERENCE[name]
    miller = ac.posthoc(data, test="miller", se="classic")
    siegel = ac.posthoc(data, test="siegel", se="classic")
    np.testing.assert_allclose(miller.table.pvalue_adj, ref["miller"], rtol=1e-10)
    np.testing.assert_allclose(siegel.table.pvalue_adj, ref["siegel"], rtol=1e-10)
    assert miller.p_adjust == "none" and siegel.p_adjust == "holm"


@pytest.mark.parametrize("name", CASES)
def test_miller_and_siegel_match_scikit_posthocs(name):
    sp = pytest.importorskip("scikit_posthocs")
    data = _table(name)
    k = data.shape[1]
    upper = np.triu_indices(k, 1)
    miller = sp.posthoc_miller_friedman(data.to_numpy()).to_numpy()[upper]
    siegel = sp.posthoc_siegel_friedman(data.to_numpy(), p_adjust="holm").to_numpy()[upper]
    np.testing.assert_allclose(ac.posthoc(data, test="miller", se="classic").table.pvalue, miller, rtol=1e-10)
    np.testing.assert_allclose(ac.posthoc(data, test="siegel", se="classic").table.pvalue_adj, siegel, rtol=1e-10)


def test_miller_and_siegel_default_se_is_tie_aware_and_untied_tables_agree():
    untied = _table("continuous")
    for test in ("miller", "siegel"):
        a, b = ac.posthoc(untied, test=test), ac.posthoc(untied, test=test, se="classic")
        np.testing.assert_allclose(a.table.pvalue_adj, b.table.pvalue_adj, rtol=1e-12)
    tied = _table("ties")  # ties shrink the permutation standard error: larger |z|, smaller p
    a, b = ac.posthoc(tied, test="miller"), ac.posthoc(tied, test="miller", se="classic")
    assert np.all(np.abs(a.table.statistic) > np.abs(b.table.statistic))
    assert np.all(a.table.pvalue <= b.table.pvalue)


@pytest.mark.parametrize("name", CASES)
def test_friedman_many_to_one_matches_pmcmrplus_frdManyOneNemenyiTest(name):
    data, ref = _table(name), REFERENCE[name]
    result = ac.posthoc(data, test="friedman_dunnett", control="A1", se="classic")
    # PMCMRplus: z = (R_j - R_1)/se, positive when the control is better (lower ranks): our sign
    np.testing.assert_allclose(result.table.statistic, ref["many_one_z"], rtol=1e-12)
    np.testing.assert_allclose(result.table.pvalue_adj, ref["many_one"], rtol=1e-7, atol=1e-9)


@pytest.mark.parametrize("name", CASES)
def test_tukey_matches_r_tukeyhsd_on_the_two_way_anova(name):
    data, ref = _table(name), REFERENCE[name]
    result = ac.posthoc(data, test="tukey")
    np.testing.assert_allclose(result.table.pvalue_adj, ref["tukey"], rtol=1e-6, atol=1e-9)
    # TukeyHSD's diff is mean_b - mean_a: positive when algorithm_a is better (lower), our sign
    assert np.array_equal(np.sign(result.table.statistic), np.sign(np.round(ref["tukey_diff"], 12)))


@pytest.mark.parametrize("name", CASES)
def test_dunnett_matches_multcomp_and_mvtnorm(name):
    data, ref = _table(name), REFERENCE[name]
    result = ac.posthoc(data, test="dunnett", control="A1")
    # multcomp's t: mean_j - mean_1 over its se; ours is positive when the control is better: the same
    np.testing.assert_allclose(result.table.statistic, ref["dunnett_t"], rtol=1e-10)
    np.testing.assert_allclose(result.table.pvalue_adj, ref["dunnett"], rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("name", CASES)
def test_paired_t_matches_r_pairwise_t_test_and_pingouin(name):
    data, ref = _table(name), REFERENCE[name]
    holm = ac.posthoc(data, test="paired_t")
    np.testing.assert_allclose(holm.table.pvalue, ref["paired_none"], rtol=1e-10)
    np.testing.assert_allclose(holm.table.pvalue_adj, ref["paired_holm"], rtol=1e-10)
    pg = pytest.importorskip("pingouin")
    long = data.rename_axis("instance").reset_index().melt(id_vars="instance", var_name="alg", value_name="y")
    table = pg.pairwise_tests(data=long, dv="y", within="alg", subject="instance", padjust="holm")
    np.testing.assert_allclose(holm.table.pvalue, table["p_unc"], rtol=1e-10)
    np.testing.assert_allclose(holm.table.pvalue_adj, table["p_corr"], rtol=1e-10)
    # pingouin's T is of A - B; ours of B - A (positive: algorithm_a better, lower)
    np.testing.assert_allclose(holm.table.statistic, -table["T"], rtol=1e-10)


def test_parametric_path_of_analyze_uses_the_registry_entries():
    from algocompare.frequentist._parametric_analysis import paired_t_posthoc

    data = _table("continuous")
    for p_adjust, test in (("holm", "paired_t"), ("tukey", "tukey")):
        path = paired_t_posthoc(data, None, p_adjust, 0.05)
        entry = ac.posthoc(data, test=test)
        pd.testing.assert_frame_equal(path.table, entry.table)


# ----------------------------------------------------------------------------- Dunnett's distribution

def test_dunnett_sf_matches_scipy_dunnett_for_equal_groups():
    rng = np.random.default_rng(7)
    groups = [rng.normal(size=6) for _ in range(5)]  # equal sizes: correlation 1/2, df = 30 - 5
    reference = stats.dunnett(*groups[1:], control=groups[0], rng=np.random.default_rng(1))
    np.testing.assert_allclose(dunnett_sf(reference.statistic, 4, df=25), reference.pvalue, atol=2e-4)


def test_dunnett_sf_limits_and_monotonicity():
    # m = 1: the two-sided t (or normal) p-value; df -> inf: the normal case
    np.testing.assert_allclose(dunnett_sf([2.1], 1, df=12), 2 * stats.t.sf(2.1, 12), rtol=1e-14)
    np.testing.assert_allclose(dunnett_sf([1.0, 2.5], 5, df=1e7), dunnett_sf([1.0, 2.5], 5), rtol=1e-5)
    p = dunnett_sf(np.linspace(0, 8, 33), 6, df=20)
    assert p[0] == 1.0 and np.all(np.diff(p) < 0) and p[-1] > 0
    # above the per-comparison p, below Šidák's bound (Šidák's inequality for |T_j|) and so Bonferroni's
    single = 2 * stats.t.sf(2.5, 20)
    assert single < dunnett_sf([2.5], 6, df=20)[0] < 1 - (1 - single) ** 6 < 6 * single
    assert dunnett_sf([np.inf, 50.0], 4).tolist() == [0.0, 0.0]  # below 1e-300 for z


#: (c, m, df): P(max_j |T_j| >= c) by nested adaptive quadrature (tests/reference/dunnett_quad.py)
QUADRATURE = {(2.0, 4, 30): 0.1648942108862687, (20.0, 4, 20): 4.217622274846102e-14,
              (4.0, 4, 5): 0.029576956069641558, (9.0, 5, np.inf): 1.128588063483892e-18}


@pytest.mark.parametrize("case", sorted(QUADRATURE))
def test_dunnett_sf_matches_nested_quadrature(case):
    c, m, df = case  # tiny p-values keep their relative precision (1e-18 for z, 4e-14 on 20 df)
    np.testing.assert_allclose(dunnett_sf([c], m, df=df)[0], QUADRATURE[case], rtol=1e-9)


# ----------------------------------------------------------------------------- options, control, errors

def test_control_is_required_by_the_many_to_one_tests_and_refused_nowhere_else():
    data = _table("continuous")
    for test in ("dunnett", "friedman_dunnett"):
        with pytest.raises(ValueError, match="compares each algorithm with a control"):
            ac.posthoc(data, test=test)
    for test in ("miller", "siegel", "paired_t", "tukey"):
        result = ac.posthoc(data, test=test, control="A1")
        assert list(result.table.algorithm_b) == ["A2", "A3", "A4"]
    best = ac.posthoc(data, test="dunnett", control="best")
    assert best.control == best.mean_ranks.idxmin()


def test_dunnett_is_less_conservative_than_tukey_against_a_control():
    data = _table("continuous")
    dunnett = ac.posthoc(data, test="dunnett", control="A1")
    tukey = ac.posthoc(data, test="tukey", control="A1")
    np.testing.assert_allclose(dunnett.table.statistic, tukey.table.statistic, rtol=1e-14)
    assert np.all(dunnett.table.pvalue_adj <= tukey.table.pvalue_adj)


def test_properties_for_figures():
    data = _table("continuous")
    assert ac.posthoc(data, test="miller").common_se and ac.posthoc(data, test="siegel").common_se
    for test, control in (("paired_t", None), ("tukey", None), ("dunnett", "A1"), ("friedman_dunnett", "A1")):
        result = ac.posthoc(data, test=test, control=control)
        assert not result.common_se and result.critical_difference is None, test
    with pytest.raises(ValueError, match="se="):
        ac.posthoc(data, test="tukey", se="classic")


def test_analyze_runs_every_new_test_and_the_many_to_one_tests_without_all_pairs():
    from algocompare._sections import AnalysisOptions
    from algocompare.data._convert import as_blocks
    from algocompare.posthoc._analysis import section

    data = as_blocks(_table("continuous"))
    for test in ("miller", "siegel", "friedman_dunnett", "paired_t", "tukey", "dunnett"):
        found = section(data, AnalysisOptions(posthoc_test=test, control="A1")).results
        assert found["control"].test == test
        assert ("all_pairs" in found) == (test not in ("friedman_dunnett", "dunnett")), test


def test_captions_name_the_tests_own_single_step():
    import matplotlib

    matplotlib.use("Agg")
    from algocompare.plots import cd_diagram

    data = _table("continuous")
    expected = {("tukey", None): "Tukey's HSD", ("dunnett", "A1"): "Dunnett's test",
                ("friedman_dunnett", "A1"): "Dunnett's test", ("miller", None): "Miller's χ² bound"}
    for (test, control), name in expected.items():
        result = ac.posthoc(data, test=test, control=control)
        assert result.procedure_label == name
        ax = cd_diagram(result)
        assert name in " ".join([t.get_text() for t in ax.texts] + [ax.get_xlabel(), ax.get_title()]), test
    assert ac.posthoc(data, test="tukey", p_adjust="holm").procedure_label is None
    assert ac.posthoc(data, test="siegel").procedure_label is None


@pytest.mark.parametrize("test, control", [("paired_t", None), ("tukey", None), ("dunnett", "A1"),
                                           ("miller", None), ("siegel", None), ("friedman_dunnett", "A1")])
def test_same_answer_on_data_scaled_by_1e300_and_1e_minus_300(test, control):
    data = _table("continuous")
    base = ac.posthoc(data, test=test, control=control).table
    for scale in (1e300, 1e-300):
        scaled = ac.posthoc(data * scale, test=test, control=control).table
        np.testing.assert_allclose(scaled.statistic, base.statistic, rtol=1e-12)
        np.testing.assert_allclose(scaled.pvalue_adj, base.pvalue_adj, rtol=1e-12, atol=1e-15)


def test_paper_tables_name_the_tests_own_single_step_in_the_apv_header():
    from algocompare.report._paper import _adjustment

    data = _table("continuous")
    assert _adjustment(ac.posthoc(data, test="tukey")) == "Tukey's HSD"
    assert _adjustment(ac.posthoc(data, test="dunnett", control="A1")) == "Dunnett's test"
    assert _adjustment(ac.posthoc(data, test="paired_t")) == "Holm"
