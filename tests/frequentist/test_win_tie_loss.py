"""The "+/=/−" table (win_tie_loss) and the registry of two-sample tests on runs."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.frequentist._two_sample import TWO_SAMPLE_TESTS, two_sample_test

# two algorithms' runs on one instance, hard-coded (25 and 20 values)
X = np.array([3.12, 2.87, 3.55, 2.95, 3.40, 3.05, 2.78, 3.61, 3.22, 2.99, 3.31, 3.08, 2.91, 3.47, 3.15,
              3.02, 2.84, 3.38, 3.26, 3.11, 2.97, 3.52, 3.19, 3.06, 2.89])
Y = np.array([3.41, 3.27, 3.66, 3.18, 3.59, 3.35, 3.09, 3.72, 3.48, 3.30, 3.55, 3.21, 3.44, 3.63, 3.37,
              3.25, 3.51, 3.14, 3.68, 3.33])


def long_frame(runs: dict[str, dict[str, list[float]]]) -> pd.DataFrame:
    rows = [{"instance": inst, "algorithm": alg, "run": r, "value": val}
            for inst, algs in runs.items() for alg, values in algs.items() for r, val in enumerate(values)]
    return pd.DataFrame(rows)


HAND = long_frame({"f1": {"A": [1, 2, 3, 4], "B": [5, 6, 7, 8]},
                   "f2": {"A": [5, 6, 7, 8], "B": [1, 2, 3, 4]},
                   "f3": {"A": [1, 5, 2, 6], "B": [2, 6, 1, 5]}})


# ------------------------------------------------------------------------- the registry
def test_rank_sum_entry_is_scipys_mannwhitneyu_and_r_wilcox_test():
    outcome = two_sample_test(X, Y, "rank_sum")
    ref = stats.mannwhitneyu(X, Y, alternative="two-sided")
    assert outcome.statistic == ref.statistic and np.isclose(outcome.pvalue, ref.pvalue, rtol=1e-12)
    assert outcome.direction == -1  # X tends to be smaller
    # hand-checkable: U = 0 of 16 pairs, exact two-sided p = 2 / C(8, 4) = 2/70 (R: wilcox.test(1:4, 5:8))
    small = two_sample_test(np.array([1.0, 2, 3, 4]), np.array([5.0, 6, 7, 8]))
    assert small.statistic == 0 and small.pvalue == pytest.approx(2 / 70, abs=1e-15) and small.direction == -1


@pytest.mark.parametrize(("key", "equal_var"), [("welch", False), ("t", True)])
def test_independent_t_entries_are_scipys_ttest_ind(key, equal_var):
    outcome = two_sample_test(X, Y, key)
    ref = stats.ttest_ind(X, Y, equal_var=equal_var)
    assert np.isclose(outcome.statistic, ref.statistic, rtol=1e-10)
    assert np.isclose(outcome.pvalue, ref.pvalue, rtol=1e-10)
    assert outcome.direction == -1


def test_paired_entries_are_scipys_wilcoxon_and_ttest_rel():
    x, y = X[:20], Y + 0.001 * np.arange(20)  # no tied |differences|: scipy's exact distribution is the untied one
    assert np.unique(np.abs(x - y)).size == 20
    signed = two_sample_test(x, y, "signed_rank")
    ref = stats.wilcoxon(x, y, zero_method="wilcox", method="exact")
    assert np.isclose(signed.pvalue, ref.pvalue, rtol=1e-10)
    assert signed.direction == -1
    paired = two_sample_test(x, y, "paired_t")
    ref_t = stats.ttest_rel(x, y)
    assert np.isclose(paired.statistic, ref_t.statistic) and np.isclose(paired.pvalue, ref_t.pvalue)


def test_every_entry_is_symmetric_in_its_direction():
    for entry in TWO_SAMPLE_TESTS:
        x, y = X[:20], Y
        forward, back = two_sample_test(x, y, entry.key), two_sample_test(y, x, entry.key)
        assert np.isclose(forward.pvalue, back.pvalue), entry.key
        assert forward.direction == -back.direction == -1, entry.key


@pytest.mark.parametrize("key", list(TWO_SAMPLE_TESTS.keys()))
def test_constant_samples_have_a_defined_decision(key):
    zeros = np.zeros(6)  # the signed-rank test's smallest exact p with 6 pairs is 2/64
    same = two_sample_test(zeros, zeros, key)
    assert same.pvalue == 1.0 and same.direction == 0
    apart = two_sample_test(zeros, zeros + 1, key)
    assert apart.pvalue <= 0.05 and apart.direction == -1


def test_two_sample_test_refuses_bad_input():
    with pytest.raises(ValueError, match="test='sign' is not valid; choose one of 'rank_sum'"):
        two_sample_test(X, Y, "sign")
    with pytest.raises(ValueError, match="pairs the runs by run number; got 25 and 20"):
        two_sample_test(X, Y, "signed_rank")
    with pytest.raises(ValueError, match="at least 2 runs per sample"):
        two_sample_test(X[:1], Y, "welch")


# ----------------------------------------------------------------------------- the table
def test_hand_checkable_marks_and_counts():
    res = ac.Results.from_long(HAND, run="run")
    r = ac.win_tie_loss(res, "A", p_adjust="none")
    # f1: A's runs all lower (p = 2/70 <= 0.05, A better when minimising); f2 the mirror; f3 equal
    assert r.marks["B"].tolist() == ["+", "−", "="]
    row = r.counts.iloc[0]
    assert (row.wins, row.ties, row.losses) == (1, 1, 1)
    assert r.table["pvalue"].round(6).tolist() == [round(2 / 70, 6), round(2 / 70, 6), 1.0]
    assert r.table["difference"].tolist() == [-4.0, 4.0, 0.0]
    # maximising turns every mark round: "+" is always the reference's significant win
    up = ac.win_tie_loss(ac.Results.from_long(HAND, run="run", direction="maximize"), "A", p_adjust="none")
    assert up.marks["B"].tolist() == ["−", "+", "="]
    assert "A is significantly better (higher values)" in up.caption


def test_the_adjustment_is_across_the_instances_of_one_pair():
    res = ac.Results.from_long(HAND, run="run")
    r = ac.win_tie_loss(res, "A")  # Holm over 3 instances: 3 * 2/70 = 0.086 > 0.05
    assert r.p_adjust == "holm"
    assert np.allclose(r.table["pvalue_adj"], ac.adjust_pvalues(r.table["pvalue"].to_numpy(), "holm"))
    assert r.marks["B"].tolist() == ["=", "=", "="]
    assert "Holm-adjusted across the instances" in r.caption


def test_reference_form_and_all_pairs_agree():
    sim = ac.simulate_runs([10.0, 12.0, 10.5, 14.0], n_instances=6, n_runs=15, rng=3)
    ref = ac.win_tie_loss(sim.results, "A2")
    every = ac.win_tie_loss(sim.results)
    assert ref.algorithms[0] == "A2" and list(ref.means.columns) == ["A2", "A1", "A3", "A4"]
    assert len(every.counts) == 6
    wins = every.matrix("wins")
    assert np.allclose(wins.fillna(0), every.matrix("losses").T.fillna(0))
    assert np.allclose(every.matrix("mean_difference").fillna(0), -every.matrix("mean_difference").T.fillna(0))
    for row in ref.counts.itertuples():
        # the reference's row of the matrix: the same per-instance tests, the same family per pair
        assert wins.loc["A2", row.algorithm_b] == row.wins
        assert every.matrix("losses").loc["A2", row.algorithm_b] == row.losses
    total = ref.counts[["wins", "ties", "losses"]].sum(axis=1)
    assert (total == 6).all()


def test_counts_are_the_marks_and_the_export_is_plain_json():
    sim = ac.simulate_runs([10.0, 13.0, 10.0], n_instances=5, n_runs=12, rng=7)
    r = ac.win_tie_loss(sim.results, "A1", test="welch", p_adjust="hochberg")
    for row in r.counts.itertuples():
        column = r.marks[row.algorithm_b]
        assert (column == "+").sum() == row.wins and (column == "−").sum() == row.losses
    data = r.to_dict()
    assert data["test"] == "welch" and data["p_adjust"] == "hochberg" and len(data["table"]) == 10
    assert "A1 is significantly better (lower values)" in str(r) and "+/=/−" in str(r)
    assert r.to_frame().equals(r.table)


def test_paired_tests_pair_runs_by_run_number():
    sim = ac.simulate_runs([10.0, 11.0], n_instances=4, n_runs=10, rng=2)
    r = ac.win_tie_loss(sim.results, "A1", test="signed_rank", p_adjust="none")
    runs = sim.results.runs()
    for i, row in enumerate(r.table.itertuples()):
        assert np.isclose(row.pvalue, stats.wilcoxon(runs[i, 0], runs[i, 1]).pvalue)
    assert r.paired


def test_win_tie_loss_refuses_bad_input():
    res = ac.Results.from_long(HAND, run="run")
    with pytest.raises(ValueError, match="one value per instance"):
        ac.win_tie_loss(ac.load_dataset("ice_cream"))
    with pytest.raises(ValueError, match="unknown reference 'Z'"):
        ac.win_tie_loss(res, "Z")
    with pytest.raises(ValueError, match="p_adjust='bergmann' is not valid"):
        ac.win_tie_loss(res, "A", p_adjust="bergmann")
    with pytest.raises(ValueError, match="test='kruskal' is not valid"):
        ac.win_tie_loss(res, "A", test="kruskal")
    with pytest.raises(ValueError, match="alpha"):
        ac.win_tie_loss(res, "A", alpha=1.5)


def test_missing_runs_raise_unless_omitted_and_the_drop_is_recorded():
    runs = ac.simulate_runs([10.0, 12.0], n_instances=4, n_runs=6, rng=2).results.runs().copy()
    runs[1, 0, 2] = np.nan
    with pytest.raises(ValueError, match="missing value"):
        ac.win_tie_loss(ac.Results.from_array(runs, algorithms=["A", "B"]), "A")
    kept = ac.win_tie_loss(ac.Results.from_array(runs, algorithms=["A", "B"], nan_policy="omit"), "A")
    assert kept.dropped_instances == (1,) and len(kept.means) == 3 and len(kept.table) == 3


def test_matrix_cell_values_follow_aeons_conventions_but_two_sided():
    """aeon's create_multi_comparison_matrix: mean difference = mean over the data sets of row - column,
    p = scipy.stats.wilcoxon(x, y, zero_method="pratt", alternative="greater"); ours is the two-sided p."""
    sim = ac.simulate_runs([10.0, 11.0, 12.0], n_instances=8, n_runs=10, rng=5)
    r = ac.win_tie_loss(sim.results)
    means = sim.results.blocks()
    for row in r.counts.itertuples():
        a, b = means[row.algorithm_a].to_numpy(), means[row.algorithm_b].to_numpy()
        assert np.isclose(row.mean_difference, np.mean(a) - np.mean(b))
        two_sided = stats.wilcoxon(a, b, zero_method="pratt", method="exact").pvalue
        assert np.isclose(row.pvalue, two_sided)
        greater = stats.wilcoxon(a, b, zero_method="pratt", alternative="greater", method="exact").pvalue
        less = stats.wilcoxon(a, b, zero_method="pratt", alternative="less", method="exact").pvalue
        assert np.isclose(row.pvalue, min(1.0, 2 * min(greater, less)))  # aeon's one-sided p, either side, doubled


def test_invariant_to_orders_and_minimize_equals_maximize_negated():
    sim = ac.simulate_runs([10.0, 13.0, 10.5, 11.0], n_instances=6, n_runs=12, rng=9)
    runs, names = sim.results.runs(), list(sim.results.algorithms)
    base = ac.win_tie_loss(sim.results, "A2")
    key = base.counts.set_index("algorithm_b")[["wins", "ties", "losses"]]
    shuffled = ac.Results.from_array(runs[::-1][:, ::-1], algorithms=names[::-1],
                                     instances=list(sim.results.instances)[::-1])
    other = ac.win_tie_loss(shuffled, "A2").counts.set_index("algorithm_b")[["wins", "ties", "losses"]]
    assert key.equals(other.loc[key.index])
    flipped = ac.win_tie_loss(ac.Results.from_array(-runs, algorithms=names, instances=list(sim.results.instances),
                                                    direction="maximize"), "A2")
    assert flipped.marks.equals(base.marks)
    assert np.allclose(flipped.table["pvalue"], base.table["pvalue"])


def test_to_html_is_the_paper_table_with_its_note():
    sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=4, n_runs=10, rng=1)
    result = ac.win_tie_loss(sim.results, "A1")
    html = result.to_html()
    assert "<caption>A1 against each algorithm (Wilcoxon rank-sum, +/=/−)</caption>" in html
    assert html.count("<tr>") == 1 + 4 + 1  # header, instances, counts
    assert '<p class="note">Mean ± sd of the runs. + / = / −: A1 is significantly better' in html
    assert result._repr_html_().count("<tr>") == 6


@pytest.mark.parametrize("rounding", [None, 0])
@pytest.mark.parametrize("n_runs", [(12, 11), (5, 5), (5, 12)])
def test_batch_rank_sum_is_the_registry_function_row_by_row(rounding, n_runs):
    """The vectorised path gives rank_sum's numbers instance by instance: exact or normal approximation as
    rank_sum's method="auto" chooses for each instance (sizes, ties)."""
    entry = TWO_SAMPLE_TESTS["rank_sum"]
    rng = np.random.default_rng(8)
    x, y = rng.normal(0, 2, (40, n_runs[0])), rng.normal(0.5, 2, (40, n_runs[1]))
    if rounding is not None:
        x, y = np.round(x, rounding), np.round(y, rounding)
    x[0], y[0] = 3.0, 3.0  # every value equal
    statistic, pvalue, sign = entry.batch(x, y)
    for i in range(40):
        one = entry.function(x[i], y[i])
        assert (statistic[i], sign[i]) == (one.statistic, one.direction)
        assert pvalue[i] == pytest.approx(one.pvalue, rel=1e-12, abs=1e-300)
