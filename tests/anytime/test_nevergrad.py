"""read_nevergrad on Nevergrad 1.0.12 benchmark CSVs (made by tests/reference/nevergrad_sample.py
through nevergrad.benchmark.xpbase.Experiment), against Nevergrad's own per-budget summary of them
(plotting.XpPlotter.make_data after plotting.remove_errors, restated below by that script)."""

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.anytime import read_nevergrad

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime" / "nevergrad"
ARTIFICIAL = DATA / "artificial.csv"
ERRORS = DATA / "errors.csv"

# nevergrad 1.0.12, plotting.XpPlotter.make_data(remove_errors(rows of one function and dimension)):
# (name, dimension, optimizer): [(budget, median loss, std of the loss (ddof 1), count)]
NEVERGRAD_MEDIAN = {
    ('sphere', 2, 'DE'): [(10, 0.7896905176493481, 3.4998076986079427, 3), (50, 0.08469105968256892, 0.12034413327747863, 3), (200, 0.0007117963425583107, 0.03292942580019886, 3)],  # noqa: E501
    ('sphere', 2, 'RandomSearch'): [(10, 0.7896905176493481, 3.4998076986079427, 3), (50, 0.005441653146806372, 0.42542346160645006, 3), (200, 0.005441653146806372, 0.42542346160645006, 3)],  # noqa: E501
    ('sphere', 2, 'OnePlusOne'): [(10, 1.388240115126684, 3.249473303906955, 3), (50, 0.021403961897311332, 0.013289636319921824, 3), (200, 7.227619580182417e-11, 8.149348704104747e-11, 3)],  # noqa: E501
    ('sphere', 5, 'DE'): [(10, 3.0140641964728205, 0.832507597188721, 3), (50, 1.2223321742957873, 0.6907628570760561, 3), (200, 0.32994172850096437, 0.3398687230849401, 3)],  # noqa: E501
    ('sphere', 5, 'RandomSearch'): [(10, 3.0140641964728205, 0.832507597188721, 3), (50, 1.2223321742957873, 0.7683659054265242, 3), (200, 0.6590755687606025, 0.10073045273814601, 3)],  # noqa: E501
    ('sphere', 5, 'OnePlusOne'): [(10, 3.0357734183702787, 1.0161279950820399, 3), (50, 0.18854817672981922, 0.5631028866718666, 3), (200, 3.610247540495611e-05, 1.8688936027946014e-05, 3)],  # noqa: E501
    ('rastrigin', 2, 'DE'): [(10, 11.793904256347918, 10.524108386466569, 3), (50, 5.136391996586051, 8.184626910144296, 3), (200, 1.1766457001684363, 0.8835100919495575, 3)],  # noqa: E501
    ('rastrigin', 2, 'RandomSearch'): [(10, 11.793904256347918, 10.524108386466569, 3), (50, 1.060853067436424, 2.598910631922503, 3), (200, 1.060853067436424, 1.9961485283706975, 3)],  # noqa: E501
    ('rastrigin', 2, 'OnePlusOne'): [(10, 6.959571774065814, 12.762007920034753, 3), (50, 2.0080561737985816, 3.7536895002973427, 3), (200, 1.9899181147954648, 3.766848427870265, 3)],  # noqa: E501
    ('rastrigin', 5, 'DE'): [(10, 35.73263701169216, 4.201293190136114, 3), (50, 23.931300636989704, 5.220896470713948, 3), (200, 11.670508432201594, 3.413393797985779, 3)],  # noqa: E501
    ('rastrigin', 5, 'RandomSearch'): [(10, 35.73263701169216, 4.201293190136114, 3), (50, 28.589576164160945, 4.755255185611089, 3), (200, 20.601161415619217, 4.194331535049577, 3)],  # noqa: E501
    ('rastrigin', 5, 'OnePlusOne'): [(10, 35.187867954263325, 4.597213613199681, 3), (50, 15.770197554630577, 6.165244314913749, 3), (200, 5.9725409097997915, 1.1504785295766236, 3)],  # noqa: E501
}


@pytest.mark.parametrize("budget", [10, 50, 200])
def test_each_row_is_a_run_with_one_record_at_its_elapsed_budget(budget):
    runs = read_nevergrad(ARTIFICIAL, budget=budget)
    assert runs.n_runs == runs.n_records == 36 and runs.direction == "minimize"
    assert set(runs.algorithms) == {"OnePlusOne", "RandomSearch", "DE"}
    # the default instance: every varying descriptor column, in the file's column order
    assert "name=sphere, block_dimension=2, useful_dimensions=2, dimension=2" in runs.instances
    assert len(runs.instances) == 4
    csv = pd.read_csv(ARTIFICIAL)
    csv = csv[csv.budget == budget]
    long = runs.to_long()
    np.testing.assert_array_equal(long.value, csv.loss)  # file order is kept
    np.testing.assert_array_equal(long.evaluations, csv.elapsed_budget)
    assert (long.budget == budget).all() and list(long.run[:3]) == [1, 2, 3]


def test_losses_at_the_budget_give_nevergrads_own_summary():
    compared = 0
    for budget in (10, 50, 200):
        results = read_nevergrad(ARTIFICIAL, budget=budget, instance=["name", "dimension"]).at_budget(budget)
        long = results.to_long()
        for (name, dimension, optimizer), points in NEVERGRAD_MEDIAN.items():
            median, std, count = next((m, s, n) for b, m, s, n in points if b == budget)
            losses = _losses(results, long, f"name={name}, dimension={dimension}", optimizer)
            assert len(losses) == count
            assert np.median(losses) == pytest.approx(median, rel=1e-12, abs=1e-300)
            assert np.std(losses, ddof=1) == pytest.approx(std, rel=1e-9, abs=1e-300)
            compared += 1
    assert compared == 36


def _losses(results, long, instance, algorithm):
    rows = long[(long["instance"] == instance) & (long["algorithm"] == algorithm)]
    return rows["value"].to_numpy()


def test_the_fixed_budget_matrix_iohanalyzer_builds():
    # IOHanalyzer (R/readFiles.R, read_nevergrad; restated here in pandas, as R's IOHanalyzer cannot be
    # installed): one data set per (optimizer_name, dimension, name), an FV matrix with a row per budget
    # (sorted) holding the losses of that budget's rows in file order; no runtimes. Our runs at each
    # budget, with instance=["name", "dimension"], are those rows in the same order.
    csv = pd.read_csv(ARTIFICIAL)
    by_budget = {b: read_nevergrad(ARTIFICIAL, budget=b, instance=["name", "dimension"]).to_long()
                 for b in (10, 50, 200)}
    for (optimizer, dimension, name), rows in csv.groupby(["optimizer_name", "dimension", "name"]):
        fv = np.vstack([rows.loc[rows.budget == b, "loss"].to_numpy() for b in sorted(rows.budget.unique())])
        ours = np.vstack([
            long.loc[(long.algorithm == optimizer) & (long.instance == f"name={name}, dimension={dimension}"),
                     "value"].to_numpy() for _, long in sorted(by_budget.items())])
        np.testing.assert_array_equal(ours, fv)
        assert fv.shape == (3, 3)


def test_a_test_of_the_package_runs_on_the_losses():
    results = read_nevergrad(ARTIFICIAL, budget=200, instance=["name", "dimension"]).at_budget(200)
    assert results.n_instances == 4 and results.n_algorithms == 3
    friedman = ac.friedman(results)
    assert friedman.n_instances == 4 and friedman.n_algorithms == 3 and 0 < friedman.pvalue <= 1


def test_several_budgets_are_refused_without_budget():
    with pytest.raises(ValueError, match=r"artificial.csv: budgets \['10', '50', '200'\]; .* budget="):
        read_nevergrad(ARTIFICIAL)
    with pytest.raises(ValueError, match=r"artificial.csv: no experiment with budget 20; the budgets are \['10', '50', '200'\]\.$"):
        read_nevergrad(ARTIFICIAL, budget=20)


def test_instance_columns_chosen_by_the_user():
    runs = read_nevergrad(ARTIFICIAL, budget=10, instance="name")
    assert runs.instances == ("name=sphere", "name=rastrigin") and runs.n_runs == 36
    assert runs.runs().run.max() == 6  # two dimensions x three seeds per optimizer and function
    with pytest.raises(ValueError, match=r"artificial.csv, line 2: no function descriptor 'noise'"):
        read_nevergrad(ARTIFICIAL, budget=10, instance=["name", "noise"])
    with pytest.raises(ValueError, match=r"artificial.csv, line 2: no function descriptor 'loss'"):
        read_nevergrad(ARTIFICIAL, budget=10, instance="loss")  # an outcome, not a descriptor


def test_failed_experiments_raise_or_are_dropped_with_a_warning():
    with pytest.raises(ValueError, match=r"errors.csv, line 2: the experiment has no loss \(error 'RuntimeError'\)"):
        read_nevergrad(ERRORS)
    with pytest.warns(UserWarning, match=r"left out 4 failed experiment\(s\) .*errors.csv:2, errors.csv:3"):
        runs = read_nevergrad(ERRORS, errors="drop")
    assert runs.n_runs == 2 and runs.instances == ("function_class=Flaky",)
    with pytest.raises(ValueError, match=r"errors must be 'raise' or 'drop'"):
        read_nevergrad(ERRORS, errors="ignore")


def test_a_folder_is_read_by_pattern():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        runs = read_nevergrad(DATA, pattern="art*.csv", budget=50, progress=False)
    assert runs.n_runs == 36
    with pytest.raises(ValueError, match=r"no Nevergrad CSV \(\*.txt\) found"):
        read_nevergrad(DATA, pattern="*.txt")


def _copy(tmp_path, edit):
    lines = ARTIFICIAL.read_text().splitlines(keepends=True)
    path = tmp_path / "xp.csv"
    path.write_text("".join(edit(lines)))
    return path


def test_a_truncated_last_line(tmp_path):
    path = _copy(tmp_path, lambda lines: lines[:-1] + [lines[-1][:-15]])  # cut inside the last row, no line end
    with pytest.raises(ValueError, match=r"xp.csv, line 109: .*; the line is truncated or malformed"):
        read_nevergrad(path, budget=200)
    path = _copy(tmp_path, lambda lines: lines[:-1] + [lines[-1][:-3]])  # cut inside the last field only
    with pytest.raises(ValueError, match=r"xp.csv, line 109: 30 fields for the header's 30 and no line end"):
        read_nevergrad(path, budget=200)


def test_a_row_with_fewer_fields(tmp_path):
    path = _copy(tmp_path, lambda lines: lines[:5] + [",".join(lines[5].split(",")[:-2]) + "\n"] + lines[6:])
    with pytest.raises(ValueError, match=r"xp.csv, line 6: 28 fields for the header's 30; the line is truncated"):
        read_nevergrad(path, budget=10)


def test_a_non_number(tmp_path):
    path = _copy(tmp_path, lambda lines: lines[:3] + ["oops" + lines[3][lines[3].index(","):]] + lines[4:])
    with pytest.raises(ValueError, match=r"xp.csv, line 4: column 'loss' is 'oops', not a number"):
        read_nevergrad(path, budget=10)


def test_a_missing_column(tmp_path):
    path = _copy(tmp_path, lambda lines: [lines[0].replace("optimizer_name", "optimizer")] + lines[1:])
    with pytest.raises(ValueError, match=r"xp.csv, line 1: the header has no column 'optimizer_name'"):
        read_nevergrad(path, budget=10)


def test_an_empty_file_and_a_header_only(tmp_path):
    path = tmp_path / "xp.csv"
    path.write_text("")
    with pytest.raises(ValueError, match=r"xp.csv: the file is empty; expected a Nevergrad benchmark CSV"):
        read_nevergrad(path)
    path.write_text(ARTIFICIAL.read_text().splitlines(keepends=True)[0])
    with pytest.raises(ValueError, match=r"xp.csv: a header but no experiment rows"):
        read_nevergrad(path)


def test_an_elapsed_budget_above_the_budget(tmp_path):
    def edit(lines):
        fields = lines[1].split(",")
        fields[1] = "11"  # elapsed_budget of a budget-10 run
        return lines[:1] + [",".join(fields)] + lines[2:]

    with pytest.raises(ValueError, match=r"xp.csv, line 2: elapsed_budget 11 is outside \(0, budget = 10\]"):
        read_nevergrad(_copy(tmp_path, edit), budget=10)


def test_a_missing_elapsed_budget_column_uses_the_budget(tmp_path):
    frame = pd.read_csv(ARTIFICIAL).drop(columns="elapsed_budget")
    frame.to_csv(tmp_path / "xp.csv", index=False)
    runs = read_nevergrad(tmp_path / "xp.csv", budget=50)
    assert (runs.to_long().evaluations == 50).all()
