"""AnytimeResults: the long format in and out, at_budget, at_target, and the one-line errors."""

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.anytime import AnytimeResults


def _long():
    # A: two runs on f1, one on f2; B: the same; values logged as current values (not monotone)
    rows = [
        ("A", "f1", 1, 1, 10.0), ("A", "f1", 1, 5, 4.0), ("A", "f1", 1, 9, 6.0), ("A", "f1", 1, 20, 1.0),
        ("A", "f1", 2, 1, 8.0), ("A", "f1", 2, 30, 3.0),
        ("B", "f1", 1, 1, 7.0), ("B", "f1", 1, 12, 5.0),
        ("B", "f1", 2, 2, 9.0), ("B", "f1", 2, 4, 2.0),
        ("A", "f2", 1, 1, 1.0), ("B", "f2", 1, 1, 2.0),
    ]
    return pd.DataFrame(rows, columns=["algorithm", "instance", "run", "evaluations", "value"])


def test_long_round_trip_keeps_every_record_and_budget():
    long = _long().assign(budget=lambda d: d.groupby(["algorithm", "instance", "run"]).evaluations.transform("max") + 5)
    runs = AnytimeResults.from_long(long)
    back = runs.to_long()
    assert runs.n_records == len(long) and runs.n_runs == 6
    again = AnytimeResults.from_long(back).to_long()
    pd.testing.assert_frame_equal(back, again)
    merged = back.merge(long, on=["algorithm", "instance", "run", "evaluations"], suffixes=("", "_in"))
    assert len(merged) == len(long)
    np.testing.assert_array_equal(merged.value, merged.value_in)
    np.testing.assert_array_equal(merged.budget, merged.budget_in)


def test_interleaved_rows_give_the_same_runs():
    long = _long()
    shuffled = long.iloc[[0, 6, 1, 4, 7, 2, 8, 3, 5, 9, 10, 11]]
    a = AnytimeResults.from_long(long).to_long().sort_values(["algorithm", "instance", "run", "evaluations"])
    b = AnytimeResults.from_long(shuffled).to_long().sort_values(["algorithm", "instance", "run", "evaluations"])
    pd.testing.assert_frame_equal(a.reset_index(drop=True), b.reset_index(drop=True))


def test_at_budget_is_the_running_best_at_or_before_the_budget():
    runs = AnytimeResults.from_long(_long())
    res = runs.at_budget(9, past_budget="last")
    assert isinstance(res, ac.Results) and res.has_runs
    cells = res.to_long().set_index(["algorithm", "instance", "run"]).value
    # A f1 run 1: records 10, 4, 6 by 9 evaluations -> best 4 (the 6 does not undo the 4)
    assert cells[("A", "f1", 1)] == 4.0
    assert cells[("A", "f1", 2)] == 8.0   # next record only at 30
    assert cells[("B", "f1", 1)] == 7.0
    assert cells[("B", "f1", 2)] == 2.0   # stopped at 4 < 9: final value, noted
    assert any("stopped before 9" in note for note in res.notes)
    # the Results is what the tests take
    assert ac.friedman(runs.at_budget(4, past_budget="last")).pvalue <= 1


def test_at_budget_refuses_runs_that_stopped_early_or_start_late():
    runs = AnytimeResults.from_long(_long())
    with pytest.raises(ValueError, match=r"stopped at 4 evaluations, before 9 .*past_budget='last'"):
        runs.at_budget(9)
    with pytest.raises(ValueError, match=r"run 2 of algorithm 'B' on instance 'f1' has no record at or before 1 "):
        runs.at_budget(1)
    with pytest.raises(ValueError, match="positive finite"):
        runs.at_budget(0)


def test_maximize_is_minimize_of_the_negated_values():
    long = _long()
    up = AnytimeResults.from_long(long.assign(value=-long.value), direction="maximize")
    down = AnytimeResults.from_long(long)
    a = up.at_budget(12, past_budget="last").to_long().value.to_numpy()
    b = down.at_budget(12, past_budget="last").to_long().value.to_numpy()
    np.testing.assert_array_equal(a, -b)
    np.testing.assert_array_equal(up.at_target(-4.0).evaluations, down.at_target(4.0).evaluations)


def test_at_target_marks_unsuccessful_runs_with_their_budget():
    runs = AnytimeResults.from_long(_long())
    t = runs.at_target(3.0)
    frame = t.to_frame().set_index(["algorithm", "instance", "run"])
    assert frame.loc[("A", "f1", 1), "evaluations"] == 20   # 10, 4, 6, 1: first <= 3 at 20
    assert frame.loc[("A", "f1", 2), "evaluations"] == 30   # exactly the target counts
    assert frame.loc[("B", "f1", 2), "evaluations"] == 4
    assert np.isinf(frame.loc[("B", "f1", 1), "evaluations"]) and not frame.loc[("B", "f1", 1), "success"]
    assert frame.loc[("B", "f1", 1), "budget"] == 12
    assert t.to_dict()["runs"][2]["evaluations"] is None
    with pytest.raises(ValueError, match=r"1 of 6 runs never reached the target 3; pass penalty="):
        t.to_results()
    par = t.to_results(penalty=10).to_long().set_index(["algorithm", "instance", "run"]).value
    assert par[("B", "f1", 1)] == 120 and par[("A", "f1", 1)] == 20


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.assign(evaluations=d.evaluations.where(d.index != 2, 5)), r"a duplicate record at row 2: .*run 1 at 5 evaluations"),
    (lambda d: d.assign(evaluations=d.evaluations.where(d.index != 2, 3)), r"evaluations going back at 3 .*\(row 2\)"),
    (lambda d: pd.concat([d, d.iloc[[4]]], ignore_index=True), r"a duplicate record at row 12: .*run 2 at 1 evaluations"),
    (lambda d: d.assign(value=d.value.where(d.index != 7, np.nan)), r"the value at 12 evaluations \(row 7\) is missing"),
    (lambda d: d.assign(evaluations=d.evaluations.where(d.index != 0, 0)), r"evaluations 0 \(row 0\) is not a posit"),
    (lambda d: d.drop(columns="run"), r"'run' \(the run column\)"),
    (lambda d: d.assign(algorithm=d.algorithm.where(d.index != 3, None)), r"missing algorithm label at row 3"),
])
def test_bad_long_tables_give_one_line_errors(edit, message):
    with pytest.raises(ValueError, match=message) as caught:
        AnytimeResults.from_long(edit(_long()))
    assert "\n" not in str(caught.value)


def test_unknown_direction_and_bad_budget():
    with pytest.raises(ValueError, match="direction"):
        AnytimeResults.from_long(_long(), direction="lower")
    with pytest.raises(ValueError, match=r"budget 3 is below its last record's evaluations 20"):
        AnytimeResults.from_long(_long().assign(budget=3))
    with pytest.raises(ValueError, match="given twice"):
        AnytimeResults.from_runs([("A", "f", 1, [1], [1.0], None), ("A", "f", 1, [2], [1.0], None)])


def _random_runs(seed: int) -> list[tuple]:
    rng = np.random.default_rng(seed)
    runs = []
    for algorithm in "AB":
        for instance in ("f1", "f2", "f3"):
            for run in range(5):
                n = int(rng.integers(1, 30))
                evaluations = np.cumsum(rng.integers(1, 5, n))
                runs.append((algorithm, instance, run, evaluations, rng.normal(size=n),
                             evaluations[-1] + int(rng.integers(0, 5))))
    return runs


@pytest.mark.parametrize("direction", ["minimize", "maximize"])
def test_at_target_is_each_runs_first_record_whose_running_best_reaches_it(direction):
    raw = _random_runs(2)
    runs = AnytimeResults.from_runs(raw, direction)
    sign = 1.0 if direction == "minimize" else -1.0
    for target in (-2.0, -0.5, 0.0, 0.7, 5.0):
        expected = []
        for _, _, _, evaluations, values, _ in raw:
            reached = np.flatnonzero(np.minimum.accumulate(sign * values) <= sign * target)
            expected.append(evaluations[reached[0]] if reached.size else np.inf)
        assert np.array_equal(runs.at_target(target).evaluations, expected)


@pytest.mark.parametrize("direction", ["minimize", "maximize"])
def test_runtimes_grid_equals_one_target_at_a_time(direction):
    runs = AnytimeResults.from_runs(_random_runs(1), direction)
    targets = np.r_[np.linspace(-3, 3, 41), 10.0, -10.0]
    expected = np.column_stack([runs.at_target(t).evaluations for t in targets])
    assert np.array_equal(runs.runtimes(targets), expected)


@pytest.mark.parametrize("direction", ["minimize", "maximize"])
def test_values_at_grid_is_the_running_best_of_the_last_record_at_or_before(direction):
    raw = _random_runs(2)
    runs = AnytimeResults.from_runs(raw, direction)
    budgets = np.array([0.5, 1, 2, 3.5, 10, 50, 120])
    got = runs.values_at(budgets)
    accumulate = np.minimum.accumulate if direction == "minimize" else np.maximum.accumulate
    for k, (_, _, _, evaluations, values, _) in enumerate(raw):
        best = accumulate(values)
        for j, budget in enumerate(budgets):
            seen = evaluations <= budget
            if seen.any():
                assert got[k, j] == best[seen][-1]
            else:
                assert np.isnan(got[k, j])


def test_grids_refuse_nan_and_non_positive_budgets():
    runs = AnytimeResults.from_runs(_random_runs(3))
    with pytest.raises(ValueError, match="targets must be"):
        runs.runtimes([1.0, np.nan])
    with pytest.raises(ValueError, match="budgets must be positive"):
        runs.values_at([0.0, 5.0])


def test_select_keeps_exactly_the_chosen_runs_with_their_records():
    raw = _random_runs(4)
    runs = AnytimeResults.from_runs(raw)
    picked = runs.select(algorithms=["B", "A"], instances=["f3", "f1"])
    expected = [r for r in raw if r[0] in ("A", "B") and r[1] in ("f1", "f3")]
    assert picked.algorithms == tuple(a for a in runs.algorithms if a in ("A", "B"))
    assert picked.instances == ("f1", "f3")
    got = picked.runs()
    assert list(zip(got["algorithm"], got["instance"], got["run"], strict=True)) == [r[:3] for r in expected]
    assert np.array_equal(picked.budgets(), [r[5] for r in expected])
    rebuilt = AnytimeResults.from_runs(expected)
    pd.testing.assert_frame_equal(picked.to_long(), rebuilt.to_long())
    assert np.array_equal(picked.runtimes([0.0, -1.0]), rebuilt.runtimes([0.0, -1.0]))
    assert runs.select().to_long().equals(runs.to_long())
    assert runs.select(algorithms="A").algorithms == ("A",)


def test_first_and_shared_evaluations_read_the_records_as_the_long_table_has_them():
    runs = AnytimeResults.from_runs(_random_runs(6))
    long = runs.to_long()
    firsts = long.groupby(["algorithm", "instance", "run"], sort=False)["evaluations"].first().to_numpy()
    assert np.array_equal(runs._first_evaluations(), firsts)
    counts = long["evaluations"].value_counts()
    assert np.array_equal(runs._shared_evaluations(), np.sort(counts.index[counts == runs.n_runs].to_numpy()))
    checkpoints = AnytimeResults.from_runs([("A", "f1", 1, [1, 5, 10], [3.0, 2.0, 1.0], None),
                                            ("B", "f1", 1, [2, 5, 10, 20], [3.0, 2.0, 1.0, 0.0], None)])
    assert checkpoints._first_evaluations().tolist() == [1.0, 2.0]
    assert checkpoints._shared_evaluations().tolist() == [5.0, 10.0]


def test_select_refuses_an_unknown_label_naming_what_exists():
    runs = AnytimeResults.from_runs(_random_runs(5))
    with pytest.raises(ValueError, match=r"unknown instance 'f9'; the instances are \['f1', 'f2', 'f3'\]"):
        runs.select(instances=["f1", "f9"])
    with pytest.raises(ValueError, match="unknown algorithm 'Z'"):
        runs.select(algorithms=["Z"])
    two = AnytimeResults.from_runs([("A", "f1", 1, [1], [1.0], None), ("B", "f2", 1, [1], [1.0], None)])
    with pytest.raises(ValueError, match="no run of algorithms"):
        two.select(algorithms=["A"], instances=["f2"])


def test_from_long_with_several_instance_columns_labels_instances_by_tuples_as_results_does():
    long = pd.DataFrame({"algorithm": ["A"] * 3 + ["B"] * 3, "function": ["f1", "f1", "f2"] * 2,
                         "dimension": [2, 2, 5] * 2, "run": 1, "evaluations": [1, 5, 1] * 2,
                         "value": [3.0, 1.0, 2.0, 4.0, 4.0, 1.0]})
    runs = AnytimeResults.from_long(long, instance=["function", "dimension"])
    assert runs.instances == (("f1", 2), ("f2", 5))
    assert runs.runs()["instance"].tolist() == [("f1", 2), ("f2", 5)] * 2
    assert runs.at_target(2.0).evaluations.tolist() == [5.0, 1.0, np.inf, 1.0]
    one_row_per_run = long.groupby(["algorithm", "function", "dimension"], as_index=False).last()
    expected = ac.Results.from_long(one_row_per_run, instance=["function", "dimension"], run="run")
    assert runs.at_budget(1, past_budget="last").instances == expected.instances
    assert AnytimeResults.from_long(runs.to_long()).instances == runs.instances
    with pytest.raises(ValueError, match=r"instance \('f1', 2\), run 1 at 1 evaluations is given twice"):
        AnytimeResults.from_long(pd.concat([long, long.iloc[:1]]), instance=["function", "dimension"])
    gap = long.astype({"dimension": float})
    gap.loc[2, "dimension"] = np.nan
    with pytest.raises(ValueError, match="missing instance label at row 2"):
        AnytimeResults.from_long(gap, instance=["function", "dimension"])
    with pytest.raises(ValueError, match=r"'size' \(the instance column\)"):
        AnytimeResults.from_long(long, instance=["function", "size"])
