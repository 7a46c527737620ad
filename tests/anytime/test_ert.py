"""ert: COCO's expected running time, against cocopp's values on the IOHprofiler sample."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.anytime import AnytimeResults, read_iohprofiler

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "anytime" / "iohprofiler"

# cocopp 2.9.1, toolsstats.sp on the runs of tests/data/anytime/iohprofiler parsed without
# algocompare (tests/reference/ert_cocopp.py prints this list)
COCOPP_ERT = [  # algorithm, instance, target, ERT, success rate, successes
    ('OnePlusOne', 'F1_D2', 10.0, 11.0, 1.0, 4),
    ('OnePlusOne', 'F1_D2', 1.0, 26.0, 1.0, 4),
    ('OnePlusOne', 'F1_D2', 0.1, 41.75, 1.0, 4),
    ('OnePlusOne', 'F1_D2', 0.01, 65.0, 1.0, 4),
    ('OnePlusOne', 'F1_D5', 10.0, 16.0, 1.0, 4),
    ('OnePlusOne', 'F1_D5', 1.0, 58.0, 1.0, 4),
    ('OnePlusOne', 'F1_D5', 0.1, 111.25, 1.0, 4),
    ('OnePlusOne', 'F1_D5', 0.01, 146.5, 1.0, 4),
    ('OnePlusOne', 'F2_D2', 10.0, 370.0, 0.25, 1),
    ('OnePlusOne', 'F2_D2', 1.0, float("inf"), 0.0, 0),
    ('OnePlusOne', 'F2_D2', 0.1, float("inf"), 0.0, 0),
    ('OnePlusOne', 'F2_D2', 0.01, float("inf"), 0.0, 0),
    ('OnePlusOne', 'F2_D5', 10.0, float("inf"), 0.0, 0),
    ('OnePlusOne', 'F2_D5', 1.0, float("inf"), 0.0, 0),
    ('OnePlusOne', 'F2_D5', 0.1, float("inf"), 0.0, 0),
    ('OnePlusOne', 'F2_D5', 0.01, float("inf"), 0.0, 0),
    ('RandomSearch', 'F1_D2', 10.0, 3.0, 1.0, 4),
    ('RandomSearch', 'F1_D2', 1.0, 38.0, 0.75, 3),
    ('RandomSearch', 'F1_D2', 0.1, 248.0, 0.25, 1),
    ('RandomSearch', 'F1_D2', 0.01, float("inf"), 0.0, 0),
    ('RandomSearch', 'F1_D5', 10.0, 41.0, 1.0, 4),
    ('RandomSearch', 'F1_D5', 1.0, float("inf"), 0.0, 0),
    ('RandomSearch', 'F1_D5', 0.1, float("inf"), 0.0, 0),
    ('RandomSearch', 'F1_D5', 0.01, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D2', 10.0, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D2', 1.0, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D2', 0.1, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D2', 0.01, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D5', 10.0, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D5', 1.0, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D5', 0.1, float("inf"), 0.0, 0),
    ('RandomSearch', 'F2_D5', 0.01, float("inf"), 0.0, 0),
]


def test_ert_and_success_rates_agree_with_cocopp():
    reference = pd.DataFrame(COCOPP_ERT, columns=["algorithm", "instance", "target", "ert", "success_rate",
                                                  "successes"])
    targets = sorted(reference.target.unique(), reverse=True)
    ours = ac.ert(read_iohprofiler(SAMPLE), targets).table
    merged = reference.merge(ours, on=["algorithm", "instance", "target"], suffixes=("_cocopp", ""))
    assert len(merged) == len(reference) == len(ours) == 32
    finite = np.isfinite(merged.ert_cocopp)
    assert (np.isinf(merged.ert) == ~finite).all()
    np.testing.assert_allclose(merged.ert[finite], merged.ert_cocopp[finite], rtol=1e-9, atol=0)
    np.testing.assert_allclose(merged.success_rate, merged.success_rate_cocopp, rtol=1e-12)
    np.testing.assert_array_equal(merged.successes, merged.successes_cocopp)
    # the sample has both: targets every run reaches, and targets no run reaches
    assert (merged.success_rate == 1).any() and (merged.success_rate == 0).any()
    assert ((merged.success_rate > 0) & (merged.success_rate < 1)).any()


def test_ert_by_hand_with_maximization_and_budgets():
    # three runs: reach 10 at 7 and at 30; the third never does and used 50 evaluations
    runs = AnytimeResults.from_runs([("A", "p", 1, [1, 7], [2.0, 10.0], 20), ("A", "p", 2, [5, 30], [3.0, 12.0], 30),
                                     ("A", "p", 3, [1, 40], [1.0, 9.0], 50)], direction="maximize")
    table = ac.ert(runs, [10.0, 100.0]).table
    assert table.ert.tolist()[0] == pytest.approx((7 + 30 + 50) / 2)
    assert np.isinf(table.ert.tolist()[1]) and table.success_rate.tolist() == [2 / 3, 0.0]
    assert table.evaluations.tolist() == [87.0, 100.0]
    result = ac.ert(runs, 10.0)
    assert result.kind == "ert" and "ERT" in str(result) and result.to_frame().shape == (1, 8)


def test_bad_input():
    with pytest.raises(TypeError, match="ert expects AnytimeResults"):
        ac.ert(ac.load_dataset("ice_cream"), [1.0])
    runs = AnytimeResults.from_runs([("A", "p", 1, [1], [1.0], None)])
    with pytest.raises(ValueError, match="no NaN"):
        ac.ert(runs, [1.0, float("nan")])
    with pytest.raises(ValueError, match="one or more numbers"):
        ac.ert(runs, [])


# cocopp 2.9.1 toolsstats.drawSP (simulated restarts, 400,000 run lengths) on the same sample:
# percentiles 9, 10, 11, 49, 50, 51, 89, 90, 91 (tests/reference/ert_bootstrap_cocopp.py prints this list)
COCOPP_DRAWSP = [  # algorithm, instance, target, percentiles
    ('OnePlusOne', 'F1_D2', 10.0, [6.0, 6.0, 6.0, 7.0, 10.5, 14.0, 17.0, 17.0, 17.0]),
    ('OnePlusOne', 'F1_D2', 1.0, [16.0, 16.0, 16.0, 18.0, 24.5, 31.0, 39.0, 39.0, 39.0]),
    ('OnePlusOne', 'F1_D2', 0.1, [33.0, 33.0, 33.0, 39.0, 41.5, 44.0, 51.0, 51.0, 51.0]),
    ('OnePlusOne', 'F1_D2', 0.01, [34.0, 34.0, 34.0, 67.0, 70.5, 74.0, 85.0, 85.0, 85.0]),
    ('OnePlusOne', 'F1_D5', 10.0, [6.0, 6.0, 6.0, 6.0, 8.5, 11.0, 41.0, 41.0, 41.0]),
    ('OnePlusOne', 'F1_D5', 1.0, [43.0, 43.0, 43.0, 46.0, 57.0, 68.0, 75.0, 75.0, 75.0]),
    ('OnePlusOne', 'F1_D5', 0.1, [78.0, 78.0, 78.0, 101.0, 111.5, 122.0, 144.0, 144.0, 144.0]),
    ('OnePlusOne', 'F1_D5', 0.01, [104.0, 104.0, 104.0, 119.0, 142.0, 165.0, 198.0, 198.0, 198.0]),
    ('OnePlusOne', 'F2_D2', 10.0, [70.0, 70.0, 70.0, 270.0, 270.0, 270.0, 770.0, 870.0, 870.0]),
    ('RandomSearch', 'F1_D2', 10.0, [1.0, 1.0, 1.0, 2.0, 2.5, 3.0, 6.0, 6.0, 6.0]),
    ('RandomSearch', 'F1_D2', 1.0, [1.0, 1.0, 1.0, 10.0, 25.5, 41.0, 81.0, 90.0, 103.0]),
    ('RandomSearch', 'F1_D2', 0.1, [68.0, 68.0, 68.0, 168.0, 168.0, 188.0, 508.0, 528.0, 548.0]),
    ('RandomSearch', 'F1_D5', 10.0, [18.0, 18.0, 18.0, 29.0, 37.0, 45.0, 72.0, 72.0, 72.0]),
]


def _bootstrapped(n_resamples, rng=7):
    return ac.ert(read_iohprofiler(SAMPLE), [10.0, 1.0, 0.1, 0.01], percentiles=(10, 50, 90),
                  n_resamples=n_resamples, rng=rng).table.set_index(["algorithm", "instance", "target"])


def test_bootstrapped_runlengths_agree_with_cocopp_drawsp_within_monte_carlo_error():
    # 40,000 simulated run lengths: a percentile's Monte Carlo s.e. is below 0.33 points at 10 %,
    # so ours falls between cocopp's neighbouring percentiles (p - 1, p + 1), about 3 s.e.
    ours = _bootstrapped(40_000)
    assert len(COCOPP_DRAWSP) == 13
    for algorithm, instance, target, q in COCOPP_DRAWSP:
        row = ours.loc[(algorithm, instance, target)]
        for k, p in enumerate((10, 50, 90)):
            low, high = q[3 * k], q[3 * k + 2]
            assert low - 1e-9 <= row[f"runlength_p{p}"] <= high + 1e-9, (algorithm, instance, target, p)
    # partial success: the run lengths include restarts, so the 90 % exceeds every single run's budget
    partial = ours.loc[("OnePlusOne", "F2_D2", 10.0)]
    assert partial.success_rate == 0.25 and partial.runlength_p90 > 370


def test_bootstrapped_runlengths_are_exact_when_all_or_no_runs_succeed():
    table = _bootstrapped(4000)  # a multiple of the 4 runs: every run is drawn 1000 times
    exact = {(a, i, t): q for a, i, t, q in COCOPP_DRAWSP}
    complete = table[table.success_rate == 1]
    assert len(complete) == 10
    for key, row in complete.iterrows():
        np.testing.assert_allclose(row[["runlength_p10", "runlength_p50", "runlength_p90"]].astype(float),
                                   [exact[key][1], exact[key][4], exact[key][7]], rtol=0, atol=1e-9)
    none = table[table.success_rate == 0]
    assert len(none) == 19 and np.isinf(none[["runlength_p10", "runlength_p50", "runlength_p90"]]).all().all()
    # the same seed gives the same numbers; the ERT columns do not change with the bootstrap
    again = _bootstrapped(4000)
    pd.testing.assert_frame_equal(table, again)
    plain = ac.ert(read_iohprofiler(SAMPLE), [10.0, 1.0, 0.1, 0.01]).table.set_index(["algorithm", "instance", "target"])
    pd.testing.assert_frame_equal(table[plain.columns], plain)


def test_bootstrapped_runlengths_mean_is_the_ert():
    # the expected simulated run length is the ERT: (budget 50 + 50 + 50 + evaluations 10) / 1 success
    runs = AnytimeResults.from_runs([("A", "p", r, [1, 50], [5.0, 5.0], 50) for r in (1, 2, 3)]
                                    + [("A", "p", 4, [1, 10], [5.0, 1.0], 10)])
    from algocompare.anytime._ert import _cells, _simulated_runlengths
    success = np.isfinite(runs.runtimes([2.0]))
    spent = np.where(success, runs.runtimes([2.0]), runs.budgets()[:, None])
    evals, flags = _cells(runs.runs()[["algorithm", "instance"]], success, spent)
    sample = _simulated_runlengths(evals, flags, np.array([4]), 200_000, np.random.default_rng(3))
    assert ac.ert(runs, 2.0).table.ert.item() == 160.0
    assert abs(sample.mean() - 160.0) < 3 * sample.std() / np.sqrt(sample.size)
    assert set(np.unique(sample) % 50) == {10}  # each is 10 plus a number of whole budgets


@pytest.mark.parametrize("kwargs, message", [({"percentiles": (10, 120)}, "percentiles"),
                                             ({"percentiles": ()}, "percentiles"),
                                             ({"percentiles": (10,), "n_resamples": 0}, "n_resamples")])
def test_bootstrap_options_are_checked(kwargs, message):
    runs = AnytimeResults.from_runs([("A", "p", 1, [1, 7], [2.0, 1.0], 20)])
    with pytest.raises(ValueError, match=message):
        ac.ert(runs, 1.5, **kwargs)
