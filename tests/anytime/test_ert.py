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
