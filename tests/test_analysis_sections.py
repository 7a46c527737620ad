"""Issue 25, one coherent reading: the sections of ``analyze`` say which adjustment they used
(and why, when it is not the one asked for), carry effect sizes, report the parametric path
when its assumptions hold, and print the statistic their tables show."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.frequentist._parametric_analysis import p_text, paired_t_posthoc, sphericity_choice
from algocompare.posthoc import _analysis as posthoc_analysis
from tests._refdata import ref_path

LONG = ref_path("results_long.csv")


def normal_table(seed: int = 1, n: int = 20, shifts=(0.0, 0.3, 0.6, 1.2)) -> ac.Results:
    """Instances × algorithms with normal errors and equal variances: the parametric tests apply."""
    rng = np.random.default_rng(seed)
    values = 10 + rng.normal(0, 1, size=(n, 1)) + np.asarray(shifts) + rng.normal(0, 0.5, size=(n, len(shifts)))
    return ac.Results.from_wide(pd.DataFrame(values, columns=[f"A{j}" for j in range(len(shifts))],
                                             index=[f"f{i}" for i in range(n)]))


def _sections(data, **options):
    return {s.key: s for s in run_analysis(data, AnalysisOptions(**options))}


def test_p_adjust_applies_to_all_pairs_when_a_control_is_set():
    section = _sections(ac.load_dataset("cec2005_d10"), p_adjust="hochberg")["posthoc"]
    assert section.results["all_pairs"].p_adjust == "hochberg"  # was always shaffer with a control
    assert section.results["control"].p_adjust == "hochberg"
    assert section.data["p_adjust"]["all_pairs"] == {"requested": "hochberg", "used": "hochberg", "reason": ""}


def test_bergmann_with_a_control_says_it_uses_holm_for_the_control_and_why():
    section = _sections(ac.load_dataset("cec2005_d10"), p_adjust="bergmann")["posthoc"]
    control = section.data["p_adjust"]["control"]
    assert control["used"] == "holm" and "family of all pairs" in control["reason"]
    assert section.results["all_pairs"].p_adjust == "bergmann"  # k = 11: exact Bergmann-Hommel
    assert "holm (bergmann was asked for: bergmann is defined only for the family of all pairs" in section.text


def test_bergmann_above_its_exact_limit_says_it_uses_shaffer_and_why():
    data = ac.load_dataset("cec2017_d10")  # k = 14 > MAX_EXACT_K = 13, where ac.posthoc(..., "bergmann") raises
    with pytest.raises(ValueError):
        ac.posthoc(data, control=None, p_adjust="bergmann")
    sections = _sections(data, control=None, p_adjust="bergmann")
    used = sections["posthoc"].data["p_adjust"]["all_pairs"]
    assert used["used"] == "shaffer" and "at most 13 algorithms" in used["reason"] and "k = 14" in used["reason"]
    assert "shaffer (bergmann was asked for" in sections["posthoc"].text
    assert any("use shaffer, not the requested bergmann" in s for s in ac.report.reading(data, list(sections.values())))


def test_posthoc_tables_carry_effect_sizes_with_intervals_and_magnitudes():
    data = ac.load_dataset("cec2005_d10")
    section = _sections(data)["posthoc"]
    for result in section.results.values():
        table = result.table
        expected = ac.effects.paired_effect_sizes(data, list(zip(table["algorithm_a"], table["algorithm_b"], strict=False)))
        np.testing.assert_allclose(table["effect_size"], expected["effect_size"], rtol=1e-12)
        np.testing.assert_allclose(table["ci_low"], expected["ci_low"], rtol=1e-12)
        assert list(table["magnitude"]) == list(expected["magnitude"])
        # one orientation for the test and the effect: z > 0 and r > 0 both mean algorithm_a better
        strong = table["pvalue"] < 0.01
        assert (np.sign(table.loc[strong, "statistic"]) == np.sign(table.loc[strong, "effect_size"])).all()
    assert "effect_size" in section.data["control"]["table"][0] and section.data["effect_size"] == "rank_biserial"
    assert "effect size [95 % CI]" in section.text


def test_effect_sizes_are_batched_the_same_as_in_one_piece(monkeypatch):
    data = ac.load_dataset("cec2005_d10")
    whole = _sections(data, control=None)["posthoc"].results["all_pairs"].table
    monkeypatch.setattr(posthoc_analysis, "BATCH_CELLS", 60)  # 2 pairs of 25 instances per batch
    batched = _sections(data, control=None)["posthoc"].results["all_pairs"].table
    pd.testing.assert_frame_equal(whole, batched)


def test_parametric_path_when_the_assumptions_hold():
    data = normal_table()
    assert ac.check_assumptions(data).parametric_ok
    sections = _sections(data)
    section = sections["parametric"]
    assert sections["frequentist"].data["leading_family"] == "parametric"
    pairs = section.results["all_pairs"].table
    values = data.blocks()
    for row in pairs.itertuples():  # t > 0: algorithm_a better (lower), as the rank z tests
        reference = ac.paired_ttest(values[row.algorithm_b], values[row.algorithm_a])
        assert row.statistic == pytest.approx(reference.statistic, rel=1e-10)
        assert row.pvalue == pytest.approx(reference.pvalue, rel=1e-10)
    np.testing.assert_allclose(pairs["pvalue_adj"], ac.adjust_pvalues(pairs["pvalue"].to_numpy(), "holm"))
    dz = ac.effects.paired_effect_sizes(data, list(zip(pairs["algorithm_a"], pairs["algorithm_b"], strict=False)), measure="d_z")
    np.testing.assert_allclose(pairs["effect_size"], dz["effect_size"], rtol=1e-12)
    assert section.results["control"].control == "A0" and section.data["rm_anova"]["correction"] == "none"
    assert "Leading family: parametric" in section.text and "Paired t-tests (19 df)" in section.text


def test_parametric_path_uses_the_requested_adjustment():
    section = _sections(normal_table(), control=None, p_adjust="shaffer")["parametric"]
    pairs = section.results["all_pairs"].table
    np.testing.assert_allclose(pairs["pvalue_adj"], ac.adjust_pvalues(pairs["pvalue"].to_numpy(), "shaffer"))
    assert "control" not in section.results


def test_no_parametric_path_when_the_assumptions_fail():
    sections = _sections(ac.load_dataset("cec2017_d10"))
    assert "parametric" not in sections
    assert "Leading family: rank-based" in sections["frequentist"].text


def test_paired_t_with_constant_differences():
    data = ac.Results.from_wide(pd.DataFrame({"A": [1.0, 2, 3, 4], "B": [2.0, 3, 4, 5], "C": [1.0, 2, 3, 4]}))
    table = paired_t_posthoc(data, None, "holm", 0.05).table.set_index(["algorithm_a", "algorithm_b"])
    assert table.loc[("A", "B"), "statistic"] == np.inf and table.loc[("A", "B"), "pvalue"] == 0
    assert table.loc[("A", "C"), "statistic"] == 0 and table.loc[("A", "C"), "pvalue"] == 1


def test_sphericity_correction_follows_mauchly():
    anova = ac.rm_anova(ac.load_dataset("cec2017_d10"))  # Mauchly p underflows to 0
    correction, p, why = sphericity_choice(anova, 0.05)
    assert correction == "Greenhouse-Geisser" and p == anova.pvalue_gg and "p < 1e-300" in why
    assert p_text(0.0) == "p < 1e-300" and p_text(0.01234) == "p = 0.0123"


def test_no_mauchly_p_equal_to_zero_in_the_text():
    text = _sections(ac.load_dataset("cec2017_d10"))["frequentist"].text
    assert "p = 0)" not in text and "p = 0;" not in text and "Mauchly p < 1e-300" in text


def test_permutation_text_prints_the_statistic_of_its_table():
    section = _sections(ac.read(LONG))["permutation"]
    test = section.results["test"]
    frame = test.to_frame() if hasattr(test, "to_frame") else None
    assert f"F = {test.statistic:.4f}" in section.text  # was "S = 293357" where the table says 65.2159
    if frame is not None and "statistic" in frame:
        assert float(frame["statistic"].iloc[0]) == pytest.approx(test.statistic)
    assert "conditions on the instances" in section.text and "5 runs per cell as replicates" in section.text
    assert "5 of 6 pairs differ" in section.text


def test_control_table_columns_are_aligned():
    text = _sections(ac.read(LONG))["posthoc"].text
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "versus CMA-ES" in line)
    block = lines[start:start + 4]
    header_end = block[0].index("p-value") + len("p-value")
    for line in block[1:]:  # every p-value ends under the header's last letter
        assert line[header_end - 1] != " " and line[header_end] == " "


@pytest.mark.parametrize("direction", ["minimize", "maximize"])
def test_incomplete_table_effect_sizes_use_the_instances_where_both_have_a_value(direction):
    rng = np.random.default_rng(3)
    values = rng.normal(size=(15, 4)) + np.arange(4) * 0.4
    values[2, 1], values[5, 3], values[9, 0] = np.nan, np.nan, np.nan
    frame = pd.DataFrame(values, columns=list("ABCD"), index=[f"f{i}" for i in range(15)])
    data = ac.Results.from_wide(frame, direction=direction, nan_policy="keep")
    section = _sections(data)["posthoc_incomplete"]
    assert section.question.startswith("Question: which pairs")
    for result in section.results.values():
        for row in result.table.itertuples():
            both = frame[[row.algorithm_a, row.algorithm_b]].dropna()  # 13 or 14 instances, not the 12 complete
            expected = ac.effects.paired_effect_sizes(both, [(row.algorithm_a, row.algorithm_b)], direction=direction)
            assert row.effect_size == pytest.approx(expected["effect_size"].iloc[0], rel=1e-12)
            assert row.magnitude == expected["magnitude"].iloc[0]


def test_post_hoc_tables_name_their_effect_size_measure():
    rank = _sections(ac.load_dataset("cec2005_d10"))["posthoc"].results["control"]
    parametric = _sections(normal_table())["parametric"].results["all_pairs"]
    assert rank.to_frame().attrs["effect_size"] == "rank_biserial" and "rank-biserial r" in rank.method
    assert parametric.to_frame().attrs["effect_size"] == "d_z" and "effect size d_z" in parametric.method


def test_nemenyi_on_the_parametric_path_is_tukeys_hsd():
    data = normal_table()
    section = _sections(data, control=None, p_adjust="nemenyi")["parametric"]
    used = section.data["p_adjust"]["all_pairs"]
    assert used["requested"] == "nemenyi" and used["used"] == "tukey" and "Tukey's HSD" in used["reason"]
    table = section.results["all_pairs"].table
    # the residual mean square from the RM-ANOVA's F: MSE = MS_algorithms / F
    values, anova = data.blocks(), ac.rm_anova(data)
    n, k = values.shape
    means = values.mean()
    mse = n * float(((means - means.mean()) ** 2).sum()) / (k - 1) / anova.statistic
    for row in table.itertuples():
        t = (means[row.algorithm_b] - means[row.algorithm_a]) / np.sqrt(2 * mse / n)
        assert row.statistic == pytest.approx(t, rel=1e-9)
        q = stats.studentized_range.sf(np.sqrt(2) * abs(t), k, anova.df2)
        assert row.pvalue_adj == pytest.approx(max(q, row.pvalue), rel=1e-6)


def test_tukey_with_two_algorithms_is_the_rm_anova():
    data = normal_table(shifts=(0.0, 0.4))
    table = paired_t_posthoc(data, None, "tukey", 0.05).table
    anova = ac.rm_anova(data)
    assert table["statistic"].iloc[0] ** 2 == pytest.approx(anova.statistic, rel=1e-9)  # t² = F
    assert table["pvalue_adj"].iloc[0] == pytest.approx(anova.pvalue, rel=1e-6)


# -- issue 26: each section provides its own reading sentences ---------------------------------------

def _section_readings(data, **options):
    return {s.key: s.reading for s in run_analysis(data, AnalysisOptions(progress=False, **options))}


def test_every_provider_writes_its_own_reading_sentences():
    readings = {**_section_readings(normal_table()), **_section_readings(ac.read(LONG), n_resamples=100),
                **_section_readings(ac.load_dataset("cec2005_d10"), bayesian=True, n_samples=500)}
    assert set(readings) == {"frequentist", "posthoc", "parametric", "permutation", "win_tie_loss", "bayesian",
                             "consensus"}
    assert all(readings.values()), [key for key, sentences in readings.items() if not sentences]
    assert readings["frequentist"][-1].startswith("The assumption checks recommend the")
    assert readings["posthoc"][0].startswith("With G-CMA-ES as control (Friedman post-hoc, holm adjustment")
    assert readings["parametric"][0].startswith("The repeated-measures ANOVA")
    assert readings["permutation"][0].startswith("On these instances, the synchronized permutation test")
    assert readings["bayesian"][0].startswith("The Bayesian test (signed-rank, rope ±0)")
    assert readings["win_tie_loss"][0].startswith("Instance by instance (two-sided Wilcoxon rank-sum test of the runs")
    assert [s.split(":")[0] for s in readings["consensus"]] == ["Borda count consensus",
                                                                  "Kemeny (symmetric difference, ell=1) consensus"]


def test_incomplete_table_sections_write_their_reading_and_say_which_adjustment_replaced_the_request():
    values = ac.load_dataset("cec2005_d10").blocks().copy()
    values.iloc[0, 1] = values.iloc[3, 4] = np.nan
    data = ac.Results.from_wide(values, nan_policy="keep")
    readings = _section_readings(data, p_adjust="shaffer")
    assert readings["incomplete"][0].startswith("At α = 0.05, Skillings-Mack test")
    adjusted = [s for s in readings["posthoc_incomplete"] if "not the requested shaffer" in s]
    assert adjusted == ["Post-hoc comparisons on the incomplete table: the skillings mack control comparisons use "
                        "holm, not the requested shaffer: shaffer is defined only for the family of all pairs; the "
                        "comparisons with a control use Holm's step-down procedure."]


def test_parametric_reading_without_pairwise_tests_falls_back_to_its_first_line():
    rng = np.random.default_rng(2)
    k, n = 105, 30
    values = 10 + rng.normal(0, 1, size=(n, 1)) + np.linspace(0, 1, k) + rng.normal(0, 0.5, size=(n, k))
    data = ac.Results.from_wide(pd.DataFrame(values, columns=[f"A{j}" for j in range(k)]))
    section = {s.key: s for s in run_analysis(data, AnalysisOptions(control=None, progress=False))}["parametric"]
    assert section.reading[0].startswith("The repeated-measures ANOVA")
    assert section.reading[1:] == (f"{section.title}: {section.text.splitlines()[0]}",)
