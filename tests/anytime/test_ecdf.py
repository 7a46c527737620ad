"""runtime_ecdf and ecdf_targets: against cocopp on the COCO sample and IOHanalyzer's definition."""

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.anytime import AnytimeResults, read_coco, read_iohprofiler

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime"


def test_ecdf_agrees_with_cocopp_on_the_coco_sample():
    # cocopp 2.9.1's own functions (detEvals, randint_derandomized as pprldmany draws without
    # restarts), 51 bbob targets, per data set and averaged: tests/reference/ecdf_cocopp.py
    reference = pd.read_csv(DATA / "ecdf_cocopp.csv")
    ecdf = ac.runtime_ecdf(read_coco(DATA / "coco" / "exdata"))
    assert ecdf.runtimes.groupby("instance")["target"].nunique().eq(51).all()
    assert len(reference) == 160
    for (algorithm, instance), expected in reference.groupby(["algorithm", "instance"]):
        ours = ecdf.values(expected.budget.to_numpy(), instance=None if instance == "all" else instance)
        np.testing.assert_allclose(ours.loc[algorithm].to_numpy(), expected.ecdf.to_numpy(), rtol=0, atol=1e-9,
                                   err_msg=f"{algorithm} {instance}")
    # the sample has unsuccessful (run, target) pairs and instances with differing budgets
    assert np.isinf(ecdf.runtimes.runtime).any() and ecdf.runtimes.budget.nunique() > 1
    assert 0 < reference.ecdf.max() < 1


def test_simulated_restarts_agree_with_cocopp_drawsp_within_monte_carlo_error():
    # cocopp's bbob default: drawSP run lengths with simulated restarts, 9,000 per (data set,
    # target) (tests/reference/ecdf_cocopp.py); ours 3,000, a multiple of the 3 runs
    reference = pd.read_csv(DATA / "ecdf_cocopp_restarts.csv")
    runs = read_coco(DATA / "coco" / "exdata")
    restarted = ac.runtime_ecdf(runs, restarts=True, n_resamples=3000, rng=5)
    plain = ac.runtime_ecdf(runs)
    for (algorithm, instance), expected in reference.groupby(["algorithm", "instance"]):
        which = None if instance == "all" else instance
        ours = restarted.values(expected.budget.to_numpy(), instance=which).loc[algorithm].to_numpy()
        p = expected.ecdf.to_numpy()
        bound = 4 * np.sqrt(p * (1 - p) * (1 / 3000 + 1 / 9000)) + 1e-12  # 4 s.e. of one target's fraction
        assert np.all(np.abs(ours - p) <= bound), (algorithm, instance, ours - p)
    # below every run's budget nothing is restarted: equal to the runs as logged, exactly
    small = [1, 2, 3, 5, 10, 20, 30]
    pd.testing.assert_frame_equal(restarted.values(small), plain.values(small))
    # above the budgets the restarts go on reaching targets; the runs as logged stay where they stopped
    assert (restarted.values([10_000]) > plain.values([10_000]) + 0.01).all().all()
    assert restarted.runtimes.groupby(["algorithm", "instance", "target"]).size().eq(3000).all()
    with pytest.raises(ValueError, match="n_resamples"):
        ac.runtime_ecdf(runs, restarts=True, n_resamples=0)


def _iohprofiler_runs():
    """(algorithm, "F<f>_D<d>", budget, [(evaluations, raw_y), ...]) read with json and line splitting."""
    runs = []
    for meta_path in sorted((DATA / "iohprofiler").rglob("*.json")):
        meta = json.loads(meta_path.read_text())
        for scenario in meta["scenarios"]:
            records = []
            for line in (meta_path.parent / scenario["path"]).read_text().splitlines():
                fields = line.split()
                if fields and fields[0] == "evaluations":
                    records.append([])
                elif fields:
                    records[-1].append((float(fields[0]), float(fields[1])))
            label = f"F{meta['function_id']}_D{scenario['dimension']}"
            for run, record in zip(scenario["runs"], records, strict=True):
                runs.append((meta["algorithm"]["name"], label, float(run["evals"]), record))
    return runs


def _iohanalyzer_targets(runs, label, n=10):
    """IOHanalyzer get_ECDF_targets(type = "log-linear"): seq_FV over all values found on the instance."""
    found = np.concatenate([np.minimum.accumulate([y for _, y in rec]) for _, lab, _, rec in runs if lab == label])
    low, high = np.log10(max(1e-12, found.min())), np.log10(max(1e-12, found.max()))
    return 10 ** np.array([low + i * (high - low) / (n - 1) for i in range(n)])


def test_ecdf_agrees_with_iohanalyzer_definition_on_the_iohprofiler_sample():
    # IOHanalyzer's ECDF.DataSetList: every (run, target) runtime of the algorithm, NA -> Inf,
    # R's ecdf of them (pooled over instances); restated here from the raw files
    runs = _iohprofiler_runs()
    labels = sorted({label for _, label, _, _ in runs})
    targets = {label: _iohanalyzer_targets(runs, label) for label in labels}
    ours_targets = ac.ecdf_targets(read_iohprofiler(DATA / "iohprofiler"), "log-linear")
    for label in labels:
        np.testing.assert_allclose(np.sort(ours_targets[label]), np.sort(targets[label]), rtol=1e-12)
    ecdf = ac.runtime_ecdf(read_iohprofiler(DATA / "iohprofiler"), "log-linear")
    budgets = [1, 2, 5, 10, 20, 40, 60, 100, 1000]
    for algorithm in ("OnePlusOne", "RandomSearch"):
        hits = []
        for name, label, _, record in runs:
            if name != algorithm:
                continue
            best = np.minimum.accumulate([y for _, y in record])
            for target in targets[label]:
                reached = [e for (e, _), b in zip(record, best, strict=True) if b <= target]
                hits.append(reached[0] if reached else np.inf)
        expected = [np.mean(np.array(hits) <= b) for b in budgets]
        np.testing.assert_allclose(ecdf.values(budgets, pooled=True).loc[algorithm], expected, rtol=0, atol=1e-12)
    # every instance has equally many runs x targets here, so pooling = averaging per instance
    pd.testing.assert_frame_equal(ecdf.values(budgets, pooled=True), ecdf.values(budgets))


def test_bbob_and_linear_targets():
    runs = AnytimeResults.from_runs([("A", "f", 1, [1, 5], [8.0, 2.0], 10), ("B", "f", 1, [1, 9], [6.0, 4.0], 10)])
    np.testing.assert_allclose(ac.ecdf_targets(runs)["f"][[0, 5, 50]], [100.0, 10.0, 1e-8], rtol=1e-12)
    np.testing.assert_allclose(ac.ecdf_targets(runs, "linear", n_targets=4)["f"], [8.0, 6.0, 4.0, 2.0])
    maximized = AnytimeResults.from_runs([("A", "f", 1, [1, 5], [2.0, 8.0], 10)], direction="maximize")
    np.testing.assert_allclose(ac.ecdf_targets(maximized, "linear", n_targets=3)["f"], [2.0, 5.0, 8.0])
    with pytest.raises(ValueError, match="maximized"):
        ac.ecdf_targets(maximized)
    with pytest.raises(ValueError, match="choice"):
        ac.ecdf_targets(runs, "iohanalyzer")
    with pytest.raises(ValueError, match="n_targets"):
        ac.ecdf_targets(runs, "linear", n_targets=1)


def test_ecdf_by_hand_per_instance_average_and_pooling():
    # f: A reaches 1 of 2 targets at 5; g: A has two runs, reaching both targets at 3 and none
    runs = AnytimeResults.from_runs([("A", "f", 1, [1, 5], [8.0, 2.0], 10), ("A", "g", 1, [3], [0.0], 10),
                                     ("A", "g", 2, [1], [9.0], 10), ("B", "f", 1, [1], [9.0], 10),
                                     ("B", "g", 1, [1], [9.0], 10), ("B", "g", 2, [1], [9.0], 10)])
    ecdf = ac.runtime_ecdf(runs, {"f": [3.0, 1.0], "g": [3.0, 1.0]})
    assert ecdf.value(5, instance="f")["A"] == 0.5 and ecdf.value(5, instance="g")["A"] == 0.5
    assert ecdf.value(4)["A"] == pytest.approx((0.0 + 0.5) / 2)            # cocopp: mean over instances
    assert ecdf.value(4, pooled=True)["A"] == pytest.approx(2 / 6)          # IOHanalyzer: pooled pairs
    assert ecdf.value(100)["B"] == 0.0
    frame = ecdf.to_frame()
    assert set(frame.instance) == {"all", "f", "g"} and frame.ecdf.between(0, 1).all()
    assert ecdf.kind == "ecdf" and "ECDF" in str(ecdf)
    with pytest.raises(ValueError, match="no instance"):
        ecdf.value(5, instance="h")
    with pytest.raises(ValueError, match="every instance"):
        ac.runtime_ecdf(runs, {"f": [1.0]})
    with pytest.raises(TypeError, match="AnytimeResults"):
        ac.runtime_ecdf(pd.DataFrame(), "bbob")


def test_per_dimension_aggregation_agrees_with_cocopp_on_the_coco_sample():
    # cocopp 2.9.1 pprldmany's aggregation per dimension (DataSetList.dictByDim, the functions of a
    # dimension averaged), the runs as logged: tests/reference/ecdf_cocopp.py
    reference = pd.read_csv(DATA / "ecdf_cocopp_by_dimension.csv")
    assert sorted(reference.dimension.unique()) == [2, 5] and len(reference) == 64
    ecdf = ac.runtime_ecdf(read_coco(DATA / "coco" / "exdata"), by="dimension")
    assert ecdf.by == "dimension" and set(ecdf.runtimes.group) == {2, 5}
    frame = ecdf.to_frame(sorted(reference.budget.unique()))
    for (algorithm, dimension), expected in reference.groupby(["algorithm", "dimension"]):
        ours = ecdf.values(expected.budget.to_numpy(), group=dimension).loc[algorithm].to_numpy()
        np.testing.assert_allclose(ours, expected.ecdf.to_numpy(), rtol=0, atol=1e-9, err_msg=f"{algorithm} {dimension}")
        rows = frame[(frame.algorithm == algorithm) & (frame.group == dimension) & (frame.instance == "all")]
        np.testing.assert_allclose(rows.ecdf.to_numpy(), expected.ecdf.to_numpy(), rtol=0, atol=1e-9)
    # the dimensions differ (so a wrong grouping would show), and the per-instance rows carry their group
    assert not np.allclose(reference[reference.dimension == 2].ecdf, reference[reference.dimension == 5].ecdf)
    per_instance = frame[frame.instance != "all"].drop_duplicates("instance")
    assert dict(zip(per_instance.instance, per_instance.group, strict=True)) == {
        "F1_D2": 2, "F1_D5": 5, "F2_D2": 2, "F2_D5": 5}
    plain = ac.runtime_ecdf(read_coco(DATA / "coco" / "exdata"))
    pd.testing.assert_frame_equal(ecdf.values([10, 100]), plain.values([10, 100]))
    assert "group" not in plain.to_frame([10]).columns


def test_grouping_by_a_function_and_its_errors():
    runs = AnytimeResults.from_runs([("A", "F1_D2", 1, [1, 10], [5.0, 2.0], 10),
                                     ("A", "F2_D2", 1, [1, 10], [5.0, 5.0], 10),
                                     ("A", "F1_D5", 1, [1, 10], [5.0, 1.0], 10)])
    by_function = ac.runtime_ecdf(runs, [4.0, 1.5], by=lambda label: label.split("_")[0])
    assert by_function.value(10, group="F1").tolist() == [0.75]  # (0.5 + 1) / 2
    assert by_function.value(10, group="F2").tolist() == [0.0]
    with pytest.raises(ValueError, match=r"instance 'f1' has no '_D<dimension>' suffix.*pass by= a function"):
        ac.runtime_ecdf(AnytimeResults.from_runs([("A", "f1", 1, [1], [1.0], None)]), [1.0], by="dimension")
    with pytest.raises(ValueError, match="by must be None, 'dimension' or a function"):
        ac.runtime_ecdf(runs, [1.0], by="function")
    with pytest.raises(ValueError, match="no group .None. for instance 'F1_D2'"):
        ac.runtime_ecdf(runs, [1.0], by=lambda label: None)
    with pytest.raises(ValueError, match="no groups"):
        ac.runtime_ecdf(runs, [1.0]).values([1], group=2)
    with pytest.raises(ValueError, match="not both"):
        by_function.values([1], group="F1", instance="F1_D2")
