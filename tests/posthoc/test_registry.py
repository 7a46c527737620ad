"""The post-hoc registry: one entry per test, read by posthoc(), the figures, the report and the CLI.

A toy test (a pairwise sign test) is registered by a fixture and removed after, and seen
through every reader.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binomtest

import algocompare as ac
from algocompare.posthoc import _registry as registry
from algocompare.posthoc._adjust import ADJUSTMENTS, CORRECTIONS, FAMILY_CORRECTIONS, PAIRWISE_CORRECTIONS
from algocompare.posthoc._registry import INCOMPLETE_TESTS, POSTHOC_TESTS, RANK_TESTS, PosthocTest

CEC = ac.load_dataset("cec2005_d10")


def sign_pairs(values, a, b, context):
    """Wins of algorithm_a minus wins of algorithm_b (lower value wins), two-sided sign-test p."""
    wins_a = (values[:, a] < values[:, b]).sum(axis=0)
    wins_b = (values[:, b] < values[:, a]).sum(axis=0)
    p = [binomtest(int(x), int(x + y)).pvalue if x + y else 1.0 for x, y in zip(wins_a, wins_b, strict=True)]
    return (wins_a - wins_b).astype(float), np.array(p)


@pytest.fixture
def toy_test():
    entry = registry.register(PosthocTest(key="toy_sign", label="Toy sign", description="pairwise toy sign tests",
                                          statistic=sign_pairs, reference="Dixon & Mood (1946)"))
    yield entry
    registry.unregister("toy_sign")


def test_a_registered_test_runs_through_posthoc_and_is_gone_after(toy_test):
    assert "toy_sign" in POSTHOC_TESTS and "toy_sign" not in RANK_TESTS
    result = ac.posthoc(CEC, test="toy_sign", control="G-CMA-ES", p_adjust="holm")
    assert result.test == "toy_sign" and result.label == "Toy sign" and not result.common_se
    assert result.method == "pairwise toy sign tests, holm adjustment, control G-CMA-ES"
    values = CEC.blocks()
    row = result.table.set_index("algorithm_b").loc["CoEVO"]
    wins = int((values["G-CMA-ES"] < values["CoEVO"]).sum()), int((values["CoEVO"] < values["G-CMA-ES"]).sum())
    assert row["statistic"] == wins[0] - wins[1]
    assert row["pvalue"] == pytest.approx(binomtest(wins[0], sum(wins)).pvalue, rel=1e-12)
    assert result.critical_difference is None and result.standard_error is None
    # the Friedman mean ranks order the algorithms (the default summary)
    assert result.mean_ranks.equals(ac.posthoc(CEC).mean_ranks)


def test_a_registered_test_is_named_by_its_label_in_the_cd_diagram(toy_test):
    result = ac.posthoc(CEC, test="toy_sign")
    caption = [t.get_text() for t in result.plot().texts if t.get_gid() == "caption"]
    assert "(Toy sign tests)" in caption[0]


def test_registry_views_are_live():
    assert "toy_sign" not in POSTHOC_TESTS
    # the first tests in their order of registration; later issues add theirs after them
    assert tuple(POSTHOC_TESTS)[:8] == ("friedman", "aligned_ranks", "quade", "friedman_exact", "wilcoxon",
                                        "conover", "durbin", "skillings_mack")
    assert {"miller", "siegel", "friedman_dunnett", "paired_t", "tukey", "dunnett"} <= set(POSTHOC_TESTS)
    assert tuple(RANK_TESTS)[:5] == ("friedman", "aligned_ranks", "quade", "miller", "siegel")
    assert INCOMPLETE_TESTS == ("durbin", "skillings_mack")
    with pytest.raises(ValueError, match="already registered"):
        registry.register(registry.get("friedman"))


def test_every_entry_has_a_label_description_and_reference():
    for entry in registry.REGISTRY:
        assert entry.label and entry.description and entry.reference, entry.key
        assert not (entry.common_se and entry.allows_missing), entry.key


def test_unknown_test_and_unknown_option_are_one_line_errors_listing_the_valid_ones():
    with pytest.raises(ValueError, match=r"test='nope' is not valid; choose one of 'friedman'"):
        ac.posthoc(CEC, test="nope")
    with pytest.raises(TypeError, match=r"got unexpected option\(s\) ties; its options are: zero_method, "
                                        r"use_continuity, method, alternative\.$"):
        ac.posthoc(CEC, test="wilcoxon", ties="midranks")
    with pytest.raises(TypeError, match="its options are: none"):
        ac.posthoc(CEC, test="conover", zero_method="wilcox")


@pytest.mark.parametrize("test, label, common_se", [
    ("friedman", "Friedman", True), ("aligned_ranks", "aligned-ranks", True), ("quade", "Quade", True),
    ("friedman_exact", "exact Friedman", False), ("wilcoxon", "Wilcoxon signed-rank", False),
    ("conover", "Conover", False)])
def test_results_carry_the_registry_label_and_common_se(test, label, common_se):
    options = {"ties": "midranks"} if test == "friedman_exact" else {}
    result = ac.posthoc(CEC, test=test, control="G-CMA-ES", p_adjust="bonferroni", **options)
    assert (result.label, result.common_se, result.n_missing) == (label, common_se, 0)
    assert (result.critical_difference is not None) == common_se == (result.standard_error is not None)
    assert "label" not in result.to_dict() and "common_se" not in result.to_dict()  # --json unchanged


def test_incomplete_results_carry_the_number_of_missing_cells():
    values = np.random.default_rng(1).normal(size=(12, 5))
    values[0, 1] = values[3, 2] = values[7, 4] = np.nan
    result = ac.posthoc(ac.Results.from_array(values, nan_policy="keep"), test="skillings_mack")
    assert (result.label, result.common_se, result.n_missing) == ("Skillings–Mack", False, 3)
    assert result.method.endswith(", 3 missing cell(s)")


def test_use_continuity_reaches_wilcoxon():
    corrected = ac.posthoc(CEC, test="wilcoxon", control="G-CMA-ES", use_continuity=True, method="approx")
    plain = ac.posthoc(CEC, test="wilcoxon", control="G-CMA-ES", method="approx")
    x, y = CEC.blocks()["BLX-GL50"], CEC.blocks()["G-CMA-ES"]
    row = corrected.table.set_index("algorithm_b").loc["BLX-GL50"]
    # the post-hoc entry keeps zero_method="split" (wilcoxon()'s own default is "wilcox" since issue 28)
    expected = ac.wilcoxon(x, y, zero_method="split", correction=True, method="approx").pvalue
    assert row["pvalue"] == pytest.approx(expected, rel=1e-12)
    assert not np.allclose(corrected.table["pvalue"], plain.table["pvalue"])


def test_correction_of_either_type_warns_and_names_the_new_parameter():
    with pytest.warns(DeprecationWarning, match="use use_continuity="):
        old = ac.posthoc(CEC, test="wilcoxon", control="G-CMA-ES", correction=True, method="approx")
    new = ac.posthoc(CEC, test="wilcoxon", control="G-CMA-ES", use_continuity=True, method="approx")
    assert old.table.equals(new.table)
    with pytest.warns(DeprecationWarning, match="use p_adjust="):
        old = ac.posthoc(CEC, control="G-CMA-ES", correction="hochberg")
    assert old.p_adjust == "hochberg"
    with pytest.raises(TypeError, match="pass only use_continuity="):
        ac.posthoc(CEC, test="wilcoxon", correction=True, use_continuity=False)
    with pytest.raises(TypeError, match="its options are: none"), pytest.warns(DeprecationWarning):
        ac.posthoc(CEC, test="friedman", correction=True)  # no continuity correction in a z test on ranks


def test_adjustment_table_is_what_adjust_pvalues_accepts():
    assert tuple(CORRECTIONS) == tuple(a.key for a in ADJUSTMENTS)
    assert PAIRWISE_CORRECTIONS == ("shaffer", "shaffer_dynamic", "bergmann")
    assert "nemenyi" not in FAMILY_CORRECTIONS and set(FAMILY_CORRECTIONS) | {"nemenyi"} | set(
        PAIRWISE_CORRECTIONS) == set(CORRECTIONS)
    p = np.array([0.01, 0.04, 0.03, 0.2, 0.5, 0.001])  # the 6 pairs of 4 algorithms
    for entry in ADJUSTMENTS:
        assert entry.label and entry.reference and entry.procedure in (
            "single-step", "step-down", "step-up", "two-step", "closed")
        adjusted = ac.adjust_pvalues(p, entry.key)
        assert np.all(adjusted >= p) and np.all(adjusted <= 1)
    with pytest.raises(ValueError, match="p_adjust='nope' is not valid"):
        ac.adjust_pvalues(p, "nope")
    with pytest.raises(ValueError, match="defined for the family of all pairwise comparisons"):
        ac.posthoc(CEC, control="G-CMA-ES", p_adjust="shaffer")


def test_shares_one_se_for_results_of_the_registry_older_results_and_others():
    import dataclasses

    from algocompare.plots import bonferroni_dunn_chart
    from algocompare.posthoc._registry import shares_one_se
    from algocompare.report import figure_views

    friedman = ac.posthoc(CEC, control="G-CMA-ES")
    wilcoxon = ac.posthoc(CEC, test="wilcoxon", control="G-CMA-ES")
    assert shares_one_se(friedman) is True and shares_one_se(wilcoxon) is False
    older = dataclasses.replace(wilcoxon, label="", common_se=False)  # a result pickled before the registry
    assert shares_one_se(older) is False
    elsewhere = dataclasses.replace(friedman, test="paired_t", label="", common_se=False)  # the parametric tests
    assert shares_one_se(elsewhere) is None
    assert "bonferroni_dunn" in [v.key for v in figure_views(elsewhere)]  # Demšar's standard error, as before
    assert "bonferroni_dunn" not in [v.key for v in figure_views(wilcoxon)]
    with pytest.raises(ValueError, match="pairs of the Wilcoxon signed-rank post-hoc test have none in common"):
        bonferroni_dunn_chart(wilcoxon)
