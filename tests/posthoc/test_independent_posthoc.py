"""Independent-sample post-hoc tests on one instance's runs: dunn, conover_iman, dscf, kruskal_nemenyi, mannwhitney.

Reference values: PMCMRplus' kwAllPairsDunnTest, kwAllPairsConoverTest, dscfAllPairsTest and
kwAllPairsNemenyiTest restated in base R, and R's wilcox.test (tests/reference/k_sample.R ->
tests/frequentist/k_sample_reference.py); scikit-posthocs 0.11 (posthoc_dunn, posthoc_conover,
posthoc_dscf, posthoc_nemenyi, posthoc_mannwhitney) as an independent implementation.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.posthoc._adjust import ADJUSTMENTS, CORRECTIONS
from algocompare.posthoc._registry import GROUP_TESTS, POSTHOC_TESTS
from tests.frequentist.k_sample_reference import DATASETS, REFERENCE

NAMES = sorted(DATASETS)


def _column(result, column):
    return result.table[column].to_numpy(float)


@pytest.mark.parametrize("name", NAMES)
def test_dunn_equals_pmcmrplus_kwallpairsdunntest(name):
    data, ref = DATASETS[name], REFERENCE[name]
    raw = ac.posthoc(data, test="dunn", p_adjust="none")
    # R: z = (R_j - R_i)/sigma, i < j; ours is positive when algorithm_a (i) is better (lower mean rank)
    np.testing.assert_allclose(_column(raw, "statistic"), ref["dunn_z"], rtol=1e-12)
    np.testing.assert_allclose(_column(raw, "pvalue"), ref["dunn_p"], rtol=1e-10)
    for method in ("holm", "bonferroni", "hochberg"):
        adjusted = ac.posthoc(data, test="dunn", p_adjust=method)
        np.testing.assert_allclose(_column(adjusted, "pvalue_adj"), ref[f"dunn_{method}"], rtol=1e-10)


@pytest.mark.parametrize("name", NAMES)
def test_conover_iman_equals_pmcmrplus_kwallpairsconovertest(name):
    data, ref = DATASETS[name], REFERENCE[name]
    holm = ac.posthoc(data, test="conover_iman", p_adjust="holm")
    np.testing.assert_allclose(_column(holm, "statistic"), ref["conover_t"], rtol=1e-12)
    np.testing.assert_allclose(_column(holm, "pvalue"), ref["conover_p"], rtol=1e-10)
    np.testing.assert_allclose(_column(holm, "pvalue_adj"), ref["conover_holm"], rtol=1e-10)
    # PMCMRplus' default p.adjust.method = "single-step": ptukey(sqrt(2)|t|, k, N - k)
    single = ac.posthoc(data, test="conover_iman", p_adjust="nemenyi")
    np.testing.assert_allclose(_column(single, "pvalue_adj"), ref["conover_single_step"], rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("name", NAMES)
def test_dscf_equals_pmcmrplus_dscfallpairstest(name):
    data, ref = DATASETS[name], REFERENCE[name]
    result = ac.posthoc(data, test="dscf")  # its default adjustment is the single step
    assert result.p_adjust == "nemenyi"
    # PMCMRplus' statistic is sqrt(2)(U_min - mn/2)/sigma = -sqrt(2)|z|
    np.testing.assert_allclose(-np.sqrt(2) * np.abs(_column(result, "statistic")), ref["dscf_stat"], rtol=1e-12)
    np.testing.assert_allclose(_column(result, "pvalue_adj"), ref["dscf_p"], rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_kruskal_nemenyi_equals_pmcmrplus_kwallpairsnemenyitest(name):
    data, ref = DATASETS[name], REFERENCE[name]
    tukey = ac.posthoc(data, test="kruskal_nemenyi")
    assert tukey.p_adjust == "nemenyi"
    np.testing.assert_allclose(_column(tukey, "pvalue_adj"), ref["nemenyi_tukey"], rtol=1e-8, atol=1e-12)
    chisq = ac.posthoc(data, test="kruskal_nemenyi", dist="chisquare")
    np.testing.assert_allclose(_column(chisq, "pvalue_adj"), ref["nemenyi_chisq"], rtol=1e-10)


@pytest.mark.parametrize("name", NAMES)
def test_mannwhitney_equals_r_wilcox_test_normal_approximation(name):
    data, ref = DATASETS[name], REFERENCE[name]
    result = ac.posthoc(data, test="mannwhitney", p_adjust="none", method="asymptotic")
    np.testing.assert_allclose(_column(result, "pvalue"), ref["mannwhitney_p"], rtol=1e-10)


def _long(data):
    return pd.DataFrame([(a, x) for a, v in data.items() for x in v], columns=["algorithm", "value"])


@pytest.mark.parametrize("name", NAMES)
def test_pvalues_equal_scikit_posthocs(name):
    sp = pytest.importorskip("scikit_posthocs")
    data = DATASETS[name]
    long = _long(data)
    checks = {
        ("dunn", "none", ()): lambda: sp.posthoc_dunn(long, "value", "algorithm"),
        ("dunn", "holm", ()): lambda: sp.posthoc_dunn(long, "value", "algorithm", p_adjust="holm"),
        ("conover_iman", "none", ()): lambda: sp.posthoc_conover(long, "value", "algorithm"),
        ("conover_iman", "bonferroni", ()): lambda: sp.posthoc_conover(long, "value", "algorithm", p_adjust="bonferroni"),
        ("dscf", "nemenyi", ()): lambda: sp.posthoc_dscf(long, "value", "algorithm"),
        ("kruskal_nemenyi", "nemenyi", ()): lambda: sp.posthoc_nemenyi(long, "value", "algorithm", dist="tukey"),
        ("kruskal_nemenyi", "nemenyi", (("dist", "chisquare"),)): lambda: sp.posthoc_nemenyi(long, "value",
                                                                                              "algorithm"),
        ("mannwhitney", "none", ()): lambda: sp.posthoc_mannwhitney(long, "value", "algorithm"),
        ("mannwhitney", "holm", ()): lambda: sp.posthoc_mannwhitney(long, "value", "algorithm", p_adjust="holm"),
    }
    for (test, adjust, options), reference in checks.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scikit-posthocs warns about ties in the Tukey Nemenyi test
            expected = reference()
        ours = ac.posthoc(data, test=test, p_adjust=adjust, **dict(options)).matrix("pvalue_adj")
        off = ~np.eye(len(ours), dtype=bool)  # scikit-posthocs puts 1 on the diagonal, algocompare NaN
        np.testing.assert_allclose(ours.to_numpy()[off], expected.loc[ours.index, ours.columns].to_numpy()[off],
                                   rtol=1e-9, atol=1e-13, err_msg=f"{test} {adjust}")


@pytest.mark.parametrize("test", ["dunn", "conover_iman", "dscf", "kruskal_nemenyi", "mannwhitney"])
def test_every_adjustment_runs_or_is_refused_with_its_reason(test):
    data = DATASETS["d5"]
    for method in CORRECTIONS:
        full = ac.posthoc(data, test=test, p_adjust=method)
        assert full.p_adjust == method
        assert np.all(_column(full, "pvalue_adj") >= _column(full, "pvalue") - 1e-12) or method == "nemenyi"
        assert np.all((_column(full, "pvalue_adj") >= 0) & (_column(full, "pvalue_adj") <= 1))
        if ADJUSTMENTS[method].needs_all_pairs:
            with pytest.raises(ValueError, match="family of all pairwise comparisons"):
                ac.posthoc(data, test=test, p_adjust=method, control="A")
        else:
            assert len(ac.posthoc(data, test=test, p_adjust=method, control="A").table) == 4


def test_signs_mean_ranks_and_common_standard_error():
    data = DATASETS["d5"]  # equal sizes
    dunn = ac.posthoc(data, test="dunn", control="D")
    # D has the largest values (worst when minimising): every statistic negative
    assert np.all(_column(dunn, "statistic") < 0)
    np.testing.assert_allclose(dunn.mean_ranks.to_numpy(), ac.kruskal_wallis(data).mean_ranks.to_numpy())
    assert dunn.common_se and dunn.standard_error > 0
    # the critical difference agrees with the decisions of Nemenyi's single step
    nem = ac.posthoc(data, test="dunn", p_adjust="nemenyi")
    differences = np.abs(nem.mean_ranks.to_numpy()[:, None] - nem.mean_ranks.to_numpy()[None, :])
    iu = np.triu_indices(5, 1)
    np.testing.assert_array_equal(differences[iu] > nem.critical_difference, nem.table["reject"].to_numpy())
    unequal = ac.posthoc(DATASETS["d4"], test="dunn")
    assert not unequal.common_se and unequal.critical_difference is None and unequal.standard_error is None
    for test in ("conover_iman", "dscf", "mannwhitney"):
        assert not ac.posthoc(data, test=test).common_se
    assert not ac.posthoc(data, test="kruskal_nemenyi", dist="chisquare").common_se
    maximised = ac.posthoc(data, test="dunn", control="D", direction="maximize")
    np.testing.assert_allclose(_column(maximised, "statistic"), -_column(dunn, "statistic"), rtol=1e-12)


def test_runs_of_one_instance_from_results_and_method_text():
    sim = ac.simulate_runs([10.0, 10.5, 12.0], n_instances=3, n_runs=6, rng=2)
    r = ac.posthoc(sim.results, test="conover_iman", instance="I3")
    runs = {a: s.to_numpy() for a, s in sim.results.instance_runs("I3").items()}
    np.testing.assert_allclose(_column(r, "pvalue_adj"), _column(ac.posthoc(runs, test="conover_iman"), "pvalue_adj"))
    assert r.method.endswith("18 runs of instance I3") and r.n_instances == 1
    with pytest.raises(ValueError, match="choose one with instance="):
        ac.posthoc(sim.results, test="dunn")
    with pytest.raises(TypeError, match="instance= applies to the tests on one instance's runs"):
        ac.posthoc(sim.results, test="friedman", instance="I3")


def test_the_cli_and_the_block_views_offer_only_the_block_tests():
    assert set(GROUP_TESTS) == {"dunn", "conover_iman", "dscf", "kruskal_nemenyi", "mannwhitney"}
    assert not set(GROUP_TESTS) & set(POSTHOC_TESTS)
    from algocompare.analysis import posthoc_section

    assert not set(GROUP_TESTS) & set(posthoc_section.POSTHOC_TESTS)


def test_tied_identical_runs_give_no_difference():
    same = {"a": [1.0, 1.0, 1.0], "b": [1.0, 1.0], "c": [1.0, 1.0, 1.0]}
    for test in GROUP_TESTS:
        r = ac.posthoc(same, test=test, p_adjust="none")
        assert np.all(_column(r, "pvalue") == 1.0), test
