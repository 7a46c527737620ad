"""compare_over_budgets: k algorithms over a budget grid, the error controlled over budgets × pairs."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.anytime import area_over_budgets, budget_grid, compare_over_budgets
from algocompare.anytime._budget_null import null_runs


def _runs(table: dict, budget: float = 100.0, direction: str = "minimize") -> ac.AnytimeResults:
    """{(algorithm, instance, run): (evaluations, values)} as AnytimeResults."""
    return ac.AnytimeResults.from_runs([(a, i, r, e, y, budget) for (a, i, r), (e, y) in table.items()],
                                       direction=direction)


# ----------------------------------------------------------------------------- the statistics

def test_friedman_statistic_and_mean_ranks_at_every_budget_match_friedman_at_budget_with_ties():
    runs = null_runs(k=4, n_instances=9, n_runs=2, n_budgets=12, seed=5)
    result = compare_over_budgets(runs, n_resamples=99, rng=0)
    tied_budgets = 0
    for budget in result.budgets:
        at = runs.at_budget(budget)
        reference = ac.friedman(at)
        assert result.omnibus.loc[budget, "statistic"] == pytest.approx(reference.statistic, rel=1e-12)
        np.testing.assert_allclose(result.mean_ranks.loc[budget].to_numpy(), reference.mean_ranks.to_numpy(),
                                   rtol=1e-12)
        tied_budgets += bool((at.blocks() == 0).sum(axis=1).ge(2).any())
    assert tied_budgets >= 2  # the check covered budgets with ties at the optimum


def test_pair_statistic_is_nemenyi_z_on_untied_ranks():
    rng = np.random.default_rng(1)
    table = {(f"A{j}", f"f{h}", 1): ([1, 10, 100], np.sort(rng.random(3))[::-1]) for j in range(3) for h in range(7)}
    runs = _runs(table)
    result = compare_over_budgets(runs, [1, 10, 100], n_resamples=99, rng=0)
    se = np.sqrt(3 * 4 / (6 * 7))
    expected = result.pairs["mean_rank_difference"].abs() / se
    np.testing.assert_allclose(result.pairs["statistic"], expected, rtol=1e-12)
    direct = ac.friedman(runs.at_budget(10)).mean_ranks
    row = result.pairs.query("budget == 10 and algorithm_a == 'A0' and algorithm_b == 'A2'")
    assert row["mean_rank_difference"].item() == pytest.approx(direct["A0"] - direct["A2"])


def test_a_budget_where_every_instance_is_tied_has_statistics_zero_and_p_one():
    table = {(a, f"f{h}", 1): ([1, 10], [1.0 + h + (a == "A"), 0.0]) for a in "ABC" for h in range(5)}
    result = compare_over_budgets(_runs(table), [1, 10], n_resamples=99, rng=0)
    assert result.omnibus.loc[10.0, "statistic"] == 0 and result.omnibus.loc[10.0, "pvalue"] == 1
    assert (result.pairs.query("budget == 10")["statistic"] == 0).all()


def test_the_same_relabelling_at_every_budget_a_repeated_budget_costs_nothing():
    """Two budgets with the same data: max-T over both is the one budget's test (independent
    relabellings per budget, or Bonferroni, would double the p-value)."""
    rng = np.random.default_rng(2)
    table = {(f"A{j}", f"f{h}", 1): ([1, 50], [rng.random() + 0.3 * (j == 0), 0.0]) for j in range(3)
             for h in range(8)}
    runs = _runs(table)
    once = compare_over_budgets(runs, [10], n_resamples=999, rng=7)
    twice = compare_over_budgets(runs, [10, 20], n_resamples=999, rng=7)
    assert twice.omnibus["pvalue_adj"].tolist() == [once.omnibus["pvalue_adj"].item()] * 2
    np.testing.assert_array_equal(twice.pairs.query("budget == 20")["pvalue_adj"],
                                  once.pairs["pvalue_adj"])
    bonferroni = compare_over_budgets(runs, [10, 20], n_resamples=999, rng=7, p_adjust="bonferroni")
    assert bonferroni.omnibus["pvalue_adj"].iloc[0] == pytest.approx(min(1, 2 * once.omnibus["pvalue"].item()))


def test_step_down_adjusted_p_values_are_monotone_in_the_statistic_and_never_below_the_raw_ones():
    result = compare_over_budgets(null_runs(k=4, n_instances=10, faster=0.8, seed=3), n_resamples=499, rng=1)
    pairs = result.pairs.sort_values("statistic", ascending=False)
    assert (np.diff(pairs["pvalue_adj"].to_numpy()) >= 0).all()
    assert (result.pairs["pvalue_adj"] >= result.pairs["pvalue"]).all()
    holm = compare_over_budgets(null_runs(k=4, n_instances=10, faster=0.8, seed=3), n_resamples=499, rng=1,
                                p_adjust="holm")
    np.testing.assert_array_equal(holm.pairs["pvalue"], result.pairs["pvalue"])  # same draws, same raw p
    assert (result.pairs["pvalue_adj"] <= holm.pairs["pvalue_adj"] + 1e-12).mean() > 0.9


def test_first_budget_from_which_a_pair_stays_significant():
    # A beats B and C from evaluation 10 on every instance; B and C alike
    rng = np.random.default_rng(4)
    table = {}
    for h in range(12):
        base = rng.random(3) + 5
        table[("A", f"f{h}", 1)] = ([1, 10, 100], [base[0], 0.1, 0.01])
        table[("B", f"f{h}", 1)] = ([1, 10, 100], [base[1], 1.0 + rng.random(), 0.5 + rng.random()])
        table[("C", f"f{h}", 1)] = ([1, 10, 100], [base[2], 1.0 + rng.random(), 0.5 + rng.random()])
    result = compare_over_budgets(_runs(table), [1, 10, 100], n_resamples=999, rng=0)
    first = result.first_significant.set_index(["algorithm_a", "algorithm_b"])
    assert first.loc[("A", "B"), "first_budget"] == 10 and first.loc[("A", "B"), "better"] == "A"
    assert first.loc[("A", "C"), "first_budget"] == 10
    assert np.isnan(first.loc[("B", "C"), "first_budget"])
    assert not result.omnibus.loc[1.0, "reject"] and result.omnibus.loc[10.0, "reject"]


def test_maximize_is_minimize_of_the_negated_values():
    runs = null_runs(k=3, n_instances=6, faster=1.0, seed=6)
    long = runs.to_long()
    flipped = ac.AnytimeResults.from_long(long.assign(value=-long["value"]), direction="maximize")
    a = compare_over_budgets(runs, n_resamples=199, rng=2)
    b = compare_over_budgets(flipped, n_resamples=199, rng=2)
    pd.testing.assert_frame_equal(a.pairs, b.pairs)
    pd.testing.assert_frame_equal(a.mean_ranks, b.mean_ranks)


def test_median_aggregation_differs_from_the_mean_and_is_the_median_of_the_runs():
    table = {("A", f"f{h}", r): ([1], [v]) for h in range(3) for r, v in enumerate([0.0, 0.0, 9.0])}
    table.update({("B", f"f{h}", r): ([1], [1.0]) for h in range(3) for r in range(3)})
    runs = _runs(table)
    assert (compare_over_budgets(runs, [1], agg="mean", n_resamples=9, rng=0).mean_ranks.loc[1.0, "A"]) == 2
    assert (compare_over_budgets(runs, [1], agg="median", n_resamples=9, rng=0).mean_ranks.loc[1.0, "A"]) == 1


# ----------------------------------------------------------------------------- grid and early stops

def test_default_grid_is_the_shared_checkpoints_else_log_spaced_within_every_runs_range():
    runs = null_runs(k=2, n_instances=3, n_budgets=8, seed=0)
    np.testing.assert_array_equal(budget_grid(runs), np.unique(np.round(np.geomspace(1, 1e5, 8))))
    table = {("A", "f1", 1): ([2, 30, 400], [3.0, 2.0, 1.0]), ("B", "f1", 1): ([3, 50], [3.0, 1.0]),
             ("A", "f2", 1): ([1, 7], [3.0, 2.0]), ("B", "f2", 1): ([5, 9], [3.0, 2.0])}
    runs = ac.AnytimeResults.from_runs([(a, i, r, e, y, 500 if a == "A" else 200) for (a, i, r), (e, y) in
                                        table.items()])
    grid = budget_grid(runs)
    assert grid[0] == 5 and grid[-1] == 200 and grid.size == 10
    np.testing.assert_array_equal(grid, np.round(grid))  # whole evaluations
    np.testing.assert_allclose(grid, np.geomspace(5, 200, 10), atol=0.5)


def test_runs_that_stopped_early_are_refused_or_kept_explicitly():
    table = {("A", f"f{h}", 1): ([1, 10], [2.0, 1.0]) for h in range(3)}
    table.update({("B", f"f{h}", 1): ([1, 10], [3.0, 0.5]) for h in range(3)})
    runs = ac.AnytimeResults.from_runs([(a, i, r, e, y, 50 if (a, i) == ("B", "f1") else 100)
                                        for (a, i, r), (e, y) in table.items()])
    with pytest.raises(ValueError, match=r"stopped at 50 evaluations, before the budget 100.*past_budget='last'"):
        compare_over_budgets(runs, [10, 100], n_resamples=9)
    kept = compare_over_budgets(runs, [10, 100], n_resamples=9, past_budget="last", rng=0)
    assert kept.mean_ranks.loc[100.0, "B"] == 1
    assert budget_grid(runs)[-1] == 10  # the default grid ends where every run still runs


@pytest.mark.parametrize(("change", "message"), [
    ({"budgets": [0.5, 10]}, r"has no record at or before 0.5 evaluations"),
    ({"budgets": [10, 5]}, r"increasing and distinct"),
    ({"p_adjust": "tukey"}, r"p_adjust"),
    ({"agg": "max"}, r"agg"),
    ({"n_resamples": 0}, r"n_resamples"),
])
def test_bad_input_one_line_errors(change, message):
    table = {(a, f"f{h}", 1): ([1, 10], [2.0 + (a == "A"), 1.0]) for a in "AB" for h in range(3)}
    with pytest.raises(ValueError, match=message) as info:
        compare_over_budgets(_runs(table), **{"budgets": [1, 10], **change})
    assert "\n" not in str(info.value)


def test_missing_cell_and_wrong_type_are_refused():
    table = {(a, f"f{h}", 1): ([1, 10], [2.0, 1.0]) for a in "AB" for h in range(3) if (a, h) != ("B", 2)}
    with pytest.raises(ValueError, match=r"algorithm 'B' has no run on instance 'f2'"):
        compare_over_budgets(_runs(table), [1, 10])
    with pytest.raises(TypeError, match="AnytimeResults"):
        compare_over_budgets(pd.DataFrame(), [1])


# ----------------------------------------------------------------------------- the area test

def test_area_scores_are_mean_normalised_ranks_over_the_grid():
    table = {("A", "f1", 1): ([1, 10, 100], [5.0, 1.0, 0.0]), ("A", "f1", 2): ([1, 10, 100], [4.0, 3.0, 0.0]),
             ("B", "f1", 1): ([1, 10, 100], [6.0, 2.0, 1.0]), ("B", "f1", 2): ([1, 10, 100], [3.0, 2.5, 2.0])}
    scores = area_over_budgets(_runs(table), [1, 10, 100]).runs()  # (instance, algorithm, run)
    # budget 1: ranks 3, 2, 4, 1; budget 10: 1, 4, 2, 3; budget 100: 1.5, 1.5, 3, 4 → (r - 1)/3
    expected = np.array([[(2 + 0 + 0.5) / 9, (1 + 3 + 0.5) / 9], [(3 + 1 + 2) / 9, (0 + 2 + 3) / 9]])
    np.testing.assert_allclose(scores[0], expected)
    result = compare_over_budgets(null_runs(k=3, n_instances=8, faster=2.0, seed=1), n_resamples=99, rng=0)
    assert result.area.kind == "omnibus" and result.area.pvalue < 0.01


# ----------------------------------------------------------------------------- the result

def test_result_exports_to_plain_json_and_one_frame():
    result = compare_over_budgets(null_runs(k=3, n_instances=5, seed=1), n_resamples=99, rng=0)
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["p_adjust"] == "westfall_young" and len(data["pairs"]) == 3 * result.budgets.size
    frame = result.to_frame()
    assert list(frame.columns) == ["budget", "algorithm_a", "algorithm_b", "mean_rank_difference", "pvalue",
                                   "pvalue_adj", "reject"]
    assert len(frame) == 3 * result.budgets.size
    assert "first budget from which each pair stays significant" in str(result)


# ----------------------------------------------------------------------------- calibration (fast)

def _family_wise_rejections(p_adjust: str, reps: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    rejected = np.empty(reps, dtype=bool)
    for i in range(reps):
        runs = null_runs(k=3, n_instances=10, n_runs=2, n_budgets=8, seed=rng)
        result = compare_over_budgets(runs, n_resamples=199, rng=rng, p_adjust=p_adjust, progress=False)
        rejected[i] = result.pairs["reject"].any()
    return rejected


def test_null_family_wise_error_over_the_grid_is_controlled_and_per_budget_testing_inflates_it():
    reps = 200
    bound = 0.05 + 3 * np.sqrt(0.05 * 0.95 / reps)
    assert _family_wise_rejections("westfall_young", reps, seed=11).mean() <= bound
    assert _family_wise_rejections("none", reps, seed=11).mean() > bound


def test_power_when_one_algorithm_converges_faster():
    rng = np.random.default_rng(12)
    hits = [compare_over_budgets(null_runs(k=3, n_instances=10, n_runs=2, n_budgets=8, faster=1.0, seed=rng),
                                 n_resamples=199, rng=rng, progress=False).omnibus["reject"].any() for _ in range(30)]
    assert np.mean(hits) >= 0.8


def test_partial_null_pairs_without_the_faster_algorithm_are_not_rejected_more_than_alpha():
    """A1 converges faster; the pairs among the others are true nulls, and the step-down max-T
    (relabelling all algorithms) keeps their family-wise error (300 sets: 0.01 measured)."""
    rng = np.random.default_rng(13)
    reps = 100
    wrong = []
    for _ in range(reps):
        result = compare_over_budgets(null_runs(k=4, n_instances=10, n_runs=2, n_budgets=8, faster=1.0, seed=rng),
                                      n_resamples=199, rng=rng, progress=False)
        pairs = result.pairs
        true_null = (pairs["algorithm_a"] != "A1") & (pairs["algorithm_b"] != "A1")
        wrong.append(pairs.loc[true_null, "reject"].any())
    assert np.mean(wrong) <= 0.05 + 3 * np.sqrt(0.05 * 0.95 / reps)


def test_paper_table_names_the_max_t_and_fits_a_column():
    """Compiled in IEEEtran (conference) and acmart (sigconf) and looked at: one column, 7 columns."""
    result = compare_over_budgets(null_runs(k=3, n_instances=8, n_budgets=5, faster=1.0, seed=1), n_resamples=199,
                                  rng=1)
    tex = result.to_latex()
    assert tex.startswith("\\begin{table}[") and "table*" not in tex
    assert "APV\\\\(max-T)" in tex and "westfall" not in tex.split("\\midrule")[0].split("\\caption")[0]
    assert result.to_markdown().splitlines()[0] == "| budget | A | B | mean rank difference | p | APV (max-T) | rejected |"
