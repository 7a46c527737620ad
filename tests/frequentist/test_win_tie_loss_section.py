"""The win/tie/loss section of ``algocompare analyze`` (data with runs only)."""

from __future__ import annotations

import json

import algocompare as ac
from algocompare.analysis import AnalysisOptions
from algocompare.frequentist import _win_tie_loss_analysis as provider
from tests._refdata import ref_path


def _runs():
    return ac.simulate_runs([10.0, 14.0, 10.0, 12.0], n_instances=6, n_runs=12, rng=4).results


def test_the_control_is_the_reference_and_best_is_the_best_mean_rank():
    data = _runs()
    named = provider.section(data, AnalysisOptions(control="A3", progress=False))
    assert named.data["reference"] == "A3" and named.results["win_tie_loss"].reference == "A3"
    best = provider.section(data, AnalysisOptions(progress=False))
    assert best.data["reference"] == str(data.mean_ranks().idxmin())
    assert best.reading[0].startswith("Instance by instance (two-sided Wilcoxon rank-sum test of the runs, Holm")
    json.dumps(best.data, allow_nan=False)


def test_no_control_gives_every_pair_and_data_without_runs_no_section():
    pairs = provider.section(_runs(), AnalysisOptions(control=None, progress=False))
    assert pairs.data["reference"] is None and len(pairs.data["counts"]) == 6
    assert provider.section(ac.load_dataset("ice_cream"), AnalysisOptions()) is None


def test_an_adjustment_for_pairs_of_algorithms_falls_back_to_holm_and_says_so():
    section = provider.section(_runs(), AnalysisOptions(p_adjust="bergmann", progress=False))
    assert section.data["adjustment"] == {"requested": "bergmann", "used": "holm"}
    assert "bergmann adjusts a family of pairs of algorithms" in section.text
    hochberg = provider.section(_runs(), AnalysisOptions(p_adjust="hochberg", progress=False))
    assert hochberg.results["win_tie_loss"].p_adjust == "hochberg"


def test_too_few_runs_for_any_adjusted_decision_is_said():
    # 5 runs per cell: the smallest two-sided rank-sum p is 2/252 = 0.0079; Holm over 10 instances needs 0.005
    section = provider.section(ac.read(ref_path("results_long.csv")), AnalysisOptions(progress=False))
    assert section.data["unattainable"].startswith("With 5 runs per algorithm the smallest two-sided rank-sum p is "
                                                   "0.007937")
    assert section.reading[-1] == section.data["unattainable"]
    unadjusted = provider.section(ac.read(ref_path("results_long.csv")), AnalysisOptions(p_adjust="none"))
    assert unadjusted.data["unattainable"] is None


def test_many_algorithms_without_a_control_get_the_table_against_the_best():
    data = ac.simulate_runs([10.0 + 0.1 * i for i in range(provider.MAX_MATRIX + 1)], n_instances=3, n_runs=5,
                            rng=1).results
    section = provider.section(data, AnalysisOptions(control=None, progress=False))
    assert section.data["reference"] == str(data.mean_ranks().idxmin())
    assert f"more than {provider.MAX_MATRIX} for the all-pairs matrix" in section.text
