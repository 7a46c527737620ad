"""read_iohprofiler on real IOHexperimenter logs (tests/data/anytime/iohprofiler, made by
tests/reference/ioh_sample.py with ioh 0.4.2) and on damaged copies of them."""

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from algocompare.anytime import read_iohprofiler

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "anytime" / "iohprofiler"


def test_the_sample_is_read_whole():
    runs = read_iohprofiler(SAMPLE)
    assert set(runs.algorithms) == {"RandomSearch", "OnePlusOne"}
    assert set(runs.instances) == {"F1_D2", "F1_D5", "F2_D2", "F2_D5"}
    assert runs.n_runs == 32 and runs.direction == "minimize"
    table = runs.runs()
    # random search: 50 D evaluations, then 20 D, per problem instance (ioh_sample.py)
    rs = table[(table.algorithm == "RandomSearch") & (table.instance == "F1_D5")]
    assert rs.budget.tolist() == [250, 100, 250, 100]
    dat_lines = sum(1 for p in SAMPLE.rglob("*.dat") for line in p.read_text().splitlines()
                    if line and line[0].isdigit())
    assert runs.n_records == dat_lines


def test_each_run_ends_at_the_best_the_meta_data_report():
    # the reader takes the values from the .dat files and only the budgets from the .json files:
    # the json's best (y, evals) of each run is an independent check of the values read
    runs = read_iohprofiler(SAMPLE)
    long = runs.to_long()
    checked = 0
    for meta_path in SAMPLE.rglob("*.json"):
        meta = json.loads(meta_path.read_text())
        instance_prefix = f"F{meta['function_id']}_D"
        for scenario in meta["scenarios"]:
            instance = f"{instance_prefix}{scenario['dimension']}"
            for number, run in enumerate(scenario["runs"], start=1):
                rows = long[(long.algorithm == meta["algorithm"]["name"]) & (long.instance == instance)
                            & (long.run == number)]
                best = rows.value.min()
                assert best == pytest.approx(run["best"]["y"], rel=1e-9, abs=1e-10)
                assert rows.evaluations[rows.value == best].iloc[0] == run["best"]["evals"]
                assert rows.budget.iloc[0] == run["evals"]
                checked += 1
    assert checked == 32


def test_at_budget_and_at_target_on_the_sample():
    runs = read_iohprofiler(SAMPLE)
    with pytest.raises(ValueError, match=r"stopped at 40 evaluations, before 50"):
        runs.at_budget(50)
    res = runs.at_budget(40)
    assert res.n_instances == 4 and res.has_runs
    t = runs.at_target(1e-2)
    assert 0 < t.success.sum() < t.success.size


def _copy(tmp_path):
    target = tmp_path / "logs"
    shutil.copytree(SAMPLE, target)
    return target


def test_a_truncated_dat_line_names_file_and_line(tmp_path):
    logs = _copy(tmp_path)
    dat = logs / "OnePlusOne" / "data_f1_Sphere" / "IOHprofiler_f1_DIM2.dat"
    lines = dat.read_text().splitlines()
    lines[5] = lines[5].split()[0]   # a line cut after its first field
    dat.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"IOHprofiler_f1_DIM2.dat, line 6: expected numbers") as caught:
        read_iohprofiler(logs)
    assert "\n" not in str(caught.value)


def test_a_dat_file_missing_its_last_run(tmp_path):
    logs = _copy(tmp_path)
    dat = logs / "RandomSearch" / "data_f2_Ellipsoid" / "IOHprofiler_f2_DIM5.dat"
    text = dat.read_text()
    dat.write_text(text[:text.rindex("evaluations")])
    with pytest.raises(ValueError, match=r"IOHprofiler_f2_DIM5.dat: 3 runs, but .*IOHprofiler_f2_Ellipsoid.json "
                                         r"lists 4; one of them is truncated"):
        read_iohprofiler(logs)


def test_truncated_json_and_missing_dat(tmp_path):
    logs = _copy(tmp_path)
    meta = logs / "OnePlusOne" / "IOHprofiler_f2_Ellipsoid.json"
    meta.write_text(meta.read_text()[:300])
    with pytest.raises(ValueError, match=r"IOHprofiler_f2_Ellipsoid.json, line \d+: not valid JSON"):
        read_iohprofiler(logs)
    shutil.rmtree(logs)
    logs = _copy(tmp_path)
    (logs / "OnePlusOne" / "data_f1_Sphere" / "IOHprofiler_f1_DIM5.dat").unlink()
    with pytest.raises(ValueError, match=r"IOHprofiler_f1_DIM5.dat: the .dat file the meta-data name is missing"):
        read_iohprofiler(logs)
    with pytest.raises(ValueError, match="no meta-data"):
        read_iohprofiler(logs / "OnePlusOne" / "data_f1_Sphere")


def test_the_info_format(tmp_path):
    # IOHexperimenter < 0.3.3 (IOHanalyzer's documented format): a header line of key = value
    # pairs, a comment line, and a line with the .dat path and each run as instance:evaluations|best
    (tmp_path / "data_f3").mkdir()
    (tmp_path / "data_f3" / "IOHprofiler_f3_DIM16.dat").write_text(
        '"function evaluation" "current f(x)" "best-so-far f(x)" "current af(x)+b" "best af(x)+b"\n'
        "1 4 4 4 4\n3 7 7 7 7\n9 12 12 12 12\n"
        '"function evaluation" "current f(x)" "best-so-far f(x)" "current af(x)+b" "best af(x)+b"\n'
        "1 5 5 5 5\n2 3 5 3 5\n6 16 16 16 16\n")
    (tmp_path / "IOHprofiler_f3_i1.info").write_text(
        "suite = 'PBO', funcId = 3, DIM = 16, maximization = 'T', algId = '(1+1) EA', algInfo = ''\n"
        "%\n"
        "data_f3/IOHprofiler_f3_DIM16.dat, 1:20|12, 1:6|16\n")
    runs = read_iohprofiler(tmp_path)
    assert runs.direction == "maximize" and runs.algorithms == ("(1+1) EA",) and runs.instances == ("F3_D16",)
    long = runs.to_long()
    np.testing.assert_array_equal(long.value, [4, 7, 12, 5, 5, 16])   # the best-so-far column
    np.testing.assert_array_equal(long.budget, [20, 20, 20, 6, 6, 6])
    assert runs.at_target(12).evaluations.tolist() == [9, 6]
    (tmp_path / "IOHprofiler_f3_i1.info").write_text(
        "suite = 'PBO', funcId = 3, DIM = 16, algId = 'EA'\n%\ndata_f3/IOHprofiler_f3_DIM16.dat, 1:20|12, 1:6\n")
    with pytest.raises(ValueError, match=r"IOHprofiler_f3_i1.info, line 3: '1:6' is not a run"):
        read_iohprofiler(tmp_path)
