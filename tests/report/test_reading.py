"""Issue 25: the reading says which question each section answers and its scope, why two
sections may disagree, which family leads, and the statistics the tables show."""

from __future__ import annotations

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.report import reading
from tests._refdata import ref_path
from tests.test_analysis_sections import normal_table

LONG = ref_path("results_long.csv")


def _reading(data, **options):
    return reading(data, run_analysis(data, AnalysisOptions(**options)), 0.05)


def test_runs_reading_explains_why_friedman_and_the_permutation_test_disagree():
    data = ac.read(LONG)
    sentences = _reading(data)
    text = " ".join(sentences)
    # the README's example: Friedman p = 0.056, 0 of 6 pairs; permutation p = 0.0079, 5 of 6 pairs
    why = next(s for s in sentences if s.startswith("Why the sections disagree"))
    assert "p = 0.0560, 0 of 6 pairs differ" in why and "p = 0.0079, 5 of 6 pairs differ" in why
    assert "sample of problems" in why and "conditions on these instances" in why and "5 runs per cell" in why
    # each section's question and scope
    assert "treat the 10 instances as a sample from a population of problems" in text
    assert "conditions on the instances" in text and "runs per cell as replicates" in text
    # the statistic of the permutation table, not another one
    test = next(s for s in run_analysis(data) if s.key == "permutation").results["test"]
    assert f"F = {test.statistic:.4f}" in text and "293357" not in text


def test_bayesian_scope_is_posterior_probabilities():
    text = " ".join(_reading(ac.load_dataset("ice_cream"), bayesian=True, n_samples=2000, progress=False))
    assert "posterior probabilities, not p-values" in text


def test_reading_names_the_leading_family():
    assert any("parametric family (RM-ANOVA, its pairwise tests, d_z) leads" in s for s in _reading(normal_table()))
    rank = _reading(ac.load_dataset("cec2005_d10"))
    assert any("recommend the rank-based family" in s for s in rank)
    assert not any("parametric family" in s and "leads" in s for s in rank)


def test_reading_names_the_test_and_adjustment_of_each_post_hoc_family():
    sentences = _reading(normal_table(), p_adjust="finner")
    assert any("(paired t-tests, finner adjustment" in s for s in sentences)
    assert any("(Friedman post-hoc, finner adjustment" in s for s in sentences)
    assert any("repeated-measures ANOVA without a sphericity correction" in s for s in sentences)


def test_reading_without_runs_has_no_disagreement_sentence():
    sentences = _reading(ac.load_dataset("cec2005_d10"))
    assert not any(s.startswith("Why the sections disagree") for s in sentences)
    assert any(s.startswith("Post-hoc comparisons: which pairs of algorithms differ") for s in sentences)


def test_report_header_prints_the_adjustment_used():
    data = ac.load_dataset("cec2005_d10")
    page = ac.render_report(data, AnalysisOptions(p_adjust="bergmann"), figures=False)
    assert ("p-value adjustment: holm for the comparisons with the control, bergmann for all pairs "
            "(bergmann requested)") in page
    plain = ac.render_report(data, AnalysisOptions(p_adjust="finner"), figures=False)
    assert "p-value adjustment: finner</p>" in plain


def test_reading_says_why_omnibus_tests_disagree():
    # results_long: Friedman p = 0.056 keeps H0, Iman-Davenport, aligned ranks, Quade and RM-ANOVA reject it
    sentences = _reading(ac.read(LONG))
    why = next(s for s in sentences if s.startswith("Friedman (p = 0.0560) does not reject it"))
    assert "weigh the evidence differently" in why and "only the order within each instance" in why
    # every omnibus test rejects on the normal table: no such sentence
    assert not any("weigh the evidence differently" in s for s in _reading(normal_table()))


def test_reading_of_hand_built_sections_without_data():
    from algocompare.analysis import Section

    data = ac.read(LONG)
    sections = [Section("frequentist", "Omnibus tests", "Friedman chi2 = 7.56", results={}),
                Section("posthoc", "Post-hoc comparisons", "text", results={}),
                Section("permutation", "Permutation", "S = 1", results={}),
                Section("parametric", "Parametric", "F = 1", results={})]
    sentences = reading(data, sections, 0.05)
    assert sentences[0].startswith("CMA-ES has the best mean rank")
    assert not any(s.startswith("Why the sections disagree") for s in sentences)


def test_reading_takes_each_sections_sentences_from_the_section():
    """Issue 26: the report writes no section's findings itself; it reads ``Section.reading``."""
    from algocompare.analysis import Section

    data = ac.read(LONG)
    own = Section("posthoc", "Post-hoc comparisons", "first line\nsecond", question="which pairs differ?",
                  reading=("Two pairs differ.", "The adjustment is Holm's."))
    bare = Section("consensus", "Consensus", "\nA > B\n")
    sentences = reading(data, [own, bare], 0.05)
    assert sentences[1:5] == ["Post-hoc comparisons: which pairs differ?", "Two pairs differ.",
                              "The adjustment is Holm's.", "Consensus: A > B"]
    # the real sections: the reading is their question, then their own sentences, in report order
    sections = run_analysis(data, AnalysisOptions(n_resamples=100, progress=False))
    expected = [s for section in sections for s in (f"{section.title}: {section.question.removeprefix('Question: ')}",
                                                    *section.reading)]
    assert reading(data, sections, 0.05)[1:1 + len(expected)] == expected
