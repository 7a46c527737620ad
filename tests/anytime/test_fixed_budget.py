"""fixed_budget and ert_curve: IOHanalyzer's fixed-budget summary, bootstrap intervals, ERT bands."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.anytime import AnytimeResults, ert, ert_curve, fixed_budget, read_iohprofiler

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime"


def test_fixed_budget_agrees_with_iohanalyzer_restated_in_r():
    # tests/reference/fixed_budget_iohanalyzer.R: IOHanalyzer's get_FV_summary in base R, reading the .dat files
    reference = pd.read_csv(DATA / "fixed_budget_iohanalyzer.csv")
    runs = read_iohprofiler(DATA / "iohprofiler")
    checked = 0
    for (algorithm, instance), expected in reference.groupby(["algorithm", "instance"]):
        mine = fixed_budget(runs, expected["budget"].to_numpy(), n_resamples=10, rng=0).table
        mine = mine[(mine["algorithm"] == algorithm) & (mine["instance"] == instance)]
        assert mine["runs"].tolist() == expected["runs"].tolist()
        for column in ["mean", "median", "sd", "q2", "q5", "q10", "q25", "q50", "q75", "q90", "q95", "q98"]:
            np.testing.assert_allclose(mine[column].to_numpy(), expected[column].to_numpy(), rtol=1e-12, atol=1e-9,
                                       err_msg=f"{algorithm} {instance} {column}")
            checked += len(expected)
    assert checked == 12 * len(reference) == 12 * 163


def test_runs_that_stopped_keep_their_final_value_and_are_counted():
    # the sample has RandomSearch runs with a budget of 40 among runs of 100
    runs = read_iohprofiler(DATA / "iohprofiler")
    table = fixed_budget(runs, [40, 41, 100], n_resamples=10, rng=0).table
    cell = table[(table["algorithm"] == "RandomSearch") & (table["instance"] == "F1_D2")]
    assert cell["stopped"].tolist() == [0, 2, 2]
    final = runs.values_at([1000])[:, 0]  # every run's final value
    rows = np.flatnonzero((runs.runs()["algorithm"] == "RandomSearch") & (runs.runs()["instance"] == "F1_D2"))
    assert cell["mean"].iloc[2] == pytest.approx(final[rows].mean())


def test_before_the_first_record_a_run_is_left_out():
    runs = AnytimeResults.from_runs([("A", "f", 1, [1, 10], [5.0, 2.0], 10), ("A", "f", 2, [5, 10], [4.0, 1.0], 10)])
    table = fixed_budget(runs, [1, 5, 10], n_resamples=50, rng=0).table
    assert table["runs"].tolist() == [1, 2, 2]
    np.testing.assert_allclose(table["mean"], [5.0, 4.5, 1.5])
    assert np.isnan(table["sd"].iloc[0])  # one run: no sd, as R's sd of one value


def test_maximization_uses_the_running_maximum():
    runs = AnytimeResults.from_runs([("A", "f", 1, [1, 2, 3], [1.0, 5.0, 3.0], 3)], direction="maximize")
    assert fixed_budget(runs, [1, 2, 3], n_resamples=10, rng=0).table["mean"].tolist() == [1.0, 5.0, 5.0]


def test_bootstrap_intervals_match_a_plain_loop_and_cover():
    rng = np.random.default_rng(5)
    records = [("A", "f", r, [1, 10, 100], sorted(rng.exponential(size=3))[::-1], 100) for r in range(30)]
    runs = AnytimeResults.from_runs(records)
    result = fixed_budget(runs, [10, 100], n_resamples=2000, rng=7).table
    # an independent percentile bootstrap of the mean, loop over resamples
    values = runs.values_at([10, 100])
    loop = np.random.default_rng(11)
    means = np.array([values[loop.integers(0, 30, 30)].mean(axis=0) for _ in range(4000)])
    np.testing.assert_allclose(result["mean_ci_low"], np.quantile(means, 0.025, axis=0), atol=0.03)
    np.testing.assert_allclose(result["mean_ci_high"], np.quantile(means, 0.975, axis=0), atol=0.03)
    assert (result["mean_ci_low"] < result["mean"]).all() and (result["mean"] < result["mean_ci_high"]).all()
    assert (result["median_ci_low"] <= result["median"]).all() and (result["median"] <= result["median_ci_high"]).all()
    again = fixed_budget(runs, [10, 100], n_resamples=2000, rng=7).table
    pd.testing.assert_frame_equal(result, again)  # seeded


def test_bootstrap_interval_of_the_mean_covers_at_its_level():
    # runs whose values at the budget are exponential(1): the interval should cover the true mean 1
    rng = np.random.default_rng(3)
    records = [("A", f"f{i}", r, [1], [rng.exponential()], 1) for i in range(200) for r in range(40)]
    table = fixed_budget(AnytimeResults.from_runs(records), [1], n_resamples=999, rng=1).table
    coverage = ((table["mean_ci_low"] <= 1.0) & (1.0 <= table["mean_ci_high"])).mean()
    assert 0.88 <= coverage <= 0.99  # 200 intervals: 0.95 ± 3 s.e. (0.015), percentile bootstrap slightly low


def test_default_grid_is_log_spaced_over_the_logged_range():
    runs = read_iohprofiler(DATA / "iohprofiler")
    budgets = fixed_budget(runs, n_resamples=10, rng=0).table["budget"].unique()
    assert budgets[0] == 1.0 and budgets[-1] == 250.0
    ratios = np.diff(np.log(budgets[budgets >= 20]))
    assert ratios.std() < 0.2 * ratios.mean()  # rounding aside, equal steps in log


def test_ert_curve_agrees_with_ert_and_its_band_with_a_plain_bootstrap():
    runs = read_iohprofiler(DATA / "iohprofiler")
    targets = [10.0, 1.0, 0.1]
    curve = ert_curve(runs, targets, n_resamples=3000, rng=2).table
    table = ert(runs, targets).table
    merged = curve.merge(table, on=["algorithm", "instance", "target"], suffixes=("", "_ert"))
    assert len(merged) == len(table) == 24
    np.testing.assert_array_equal(merged["ert"], merged["ert_ert"])
    finite = np.isfinite(merged["ert"])
    assert (merged.loc[finite, "ci_low"] <= merged.loc[finite, "ert"]).all()
    assert (merged.loc[finite, "ert"] <= merged.loc[finite, "ci_high"]).all()
    assert np.isinf(merged.loc[~finite, "ci_low"]).all()  # never reached: no finite band
    # OnePlusOne on F2_D2 at target 10: one success in 4 runs, a resample without it has ERT inf
    cell = curve[(curve["algorithm"] == "OnePlusOne") & (curve["instance"] == "F2_D2") & (curve["target"] == 10.0)]
    assert np.isinf(cell["ci_high"].iloc[0]) and np.isfinite(cell["ci_low"].iloc[0])


def test_ert_curve_band_by_hand():
    # two runs: one reaches the target at 10, the other never (budget 100). Resamples: both the
    # first (ERT 10, 1/4), both the second (inf, 1/4), one of each (110, 1/2)
    runs = AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
                                     ("A", "f1", 2, [1, 10], [5.0, 4.0], 100)])
    table = ert_curve(runs, [3.0], n_resamples=4000, confidence_level=0.4, rng=0).table
    assert table["ert"].iloc[0] == 110.0
    assert table["ci_low"].iloc[0] == 110.0 and table["ci_high"].iloc[0] == 110.0
    wide = ert_curve(runs, [3.0], n_resamples=4000, confidence_level=0.9, rng=0).table
    assert wide["ci_low"].iloc[0] == 10.0 and np.isinf(wide["ci_high"].iloc[0])


def test_results_export_and_are_exported():
    runs = read_iohprofiler(DATA / "iohprofiler")
    assert ac.fixed_budget is fixed_budget and ac.ert_curve is ert_curve
    for result in (fixed_budget(runs, [10], n_resamples=10, rng=0), ert_curve(runs, [1.0], n_resamples=10, rng=0)):
        assert isinstance(result.to_frame(), pd.DataFrame)
        assert result.method in str(result)
        import json
        json.dumps(result.to_dict())


@pytest.mark.parametrize("call, error", [
    (lambda runs: fixed_budget(pd.DataFrame()), TypeError),
    (lambda runs: fixed_budget(runs, [0]), ValueError),
    (lambda runs: fixed_budget(runs, [10], quantiles=[1.5]), ValueError),
    (lambda runs: fixed_budget(runs, [10], confidence_level=1.0), ValueError),
    (lambda runs: fixed_budget(runs, [10], n_resamples=0), ValueError),
    (lambda runs: ert_curve(runs, [np.nan]), ValueError),
    (lambda runs: ert_curve([1, 2]), TypeError),
])
def test_bad_input(call, error):
    runs = AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100)])
    with pytest.raises(error):
        call(runs)


def test_bootstrap_median_equals_the_median_of_each_resample():
    from algocompare.anytime._fixed_budget import _bootstrap_median, _resample_counts

    rng = np.random.default_rng(2)
    for n in (1, 2, 5, 8):
        values = rng.normal(size=(n, 4)).round(1)  # ties
        values[0, 0] = np.nan  # a run without a record yet at the first budget
        if n > 1:
            values[:, 1] = np.nan  # nobody has a record yet
        counts = _resample_counts(rng, n, 300)
        expected = np.array([[np.nan if np.isnan(np.repeat(values[:, b], c.astype(int))).all()
                              else np.nanmedian(np.repeat(values[:, b], c.astype(int))) for b in range(4)]
                             for c in counts])
        np.testing.assert_array_equal(_bootstrap_median(values, counts), expected)
