"""read_coco on COCO exdata (bbob logger, made by tests/reference/coco_sample.py with
coco-experiment 2.8.2), and ERT against cocopp's own reading of the same folder."""

import shutil
from pathlib import Path

import numpy as np
import pytest

import algocompare as ac
from algocompare.anytime import read_coco

EXDATA = Path(__file__).resolve().parents[1] / "data" / "anytime" / "coco" / "exdata"
TARGETS = (10.0, 1.0, 0.1, 0.01)

# cocopp 2.9.1: pproc.DataSetList(exdata/<algorithm>) and DataSet.detERT(TARGETS) — cocopp reads
# the files itself (tests/reference/coco_sample.py prints this list)
INF = float("inf")
COCOPP_ERT = [  # algorithm, function, dimension, ERT at TARGETS
    ('RS', 1, 2, [4.0, 56.333333333333336, 408.0, INF]),
    ('RS', 2, 2, [INF, INF, INF, INF]),
    ('RS', 1, 5, [24.666666666666668, INF, INF, INF]),
    ('RS', 2, 5, [INF, INF, INF, INF]),
    ('RS_short', 1, 2, [2.6666666666666665, 33.0, 124.0, 124.0]),
    ('RS_short', 2, 2, [INF, INF, INF, INF]),
    ('RS_short', 1, 5, [132.5, INF, INF, INF]),
    ('RS_short', 2, 5, [INF, INF, INF, INF]),
]


def test_read_coco_reads_every_trial_with_its_budget():
    runs = read_coco(EXDATA)
    assert set(runs.algorithms) == {"RS", "RS_short"}
    assert set(runs.instances) == {"F1_D2", "F1_D5", "F2_D2", "F2_D5"}
    assert runs.n_runs == 24 and runs.direction == "minimize"
    table = runs.runs().set_index(["algorithm", "instance", "run"])
    assert table.loc[("RS", "F1_D5", 1), "budget"] == 500 and table.loc[("RS_short", "F2_D2", 3), "budget"] == 60


def test_ert_agrees_with_cocopp_reading_the_same_files():
    table = ac.ert(read_coco(EXDATA), TARGETS).table.set_index(["algorithm", "instance", "target"])
    compared = 0
    for algorithm, function, dimension, erts in COCOPP_ERT:
        for target, expected in zip(TARGETS, erts, strict=True):
            ours = table.loc[(algorithm, f"F{function}_D{dimension}", target), "ert"]
            if np.isinf(expected):
                assert np.isinf(ours)
            else:
                assert ours == pytest.approx(expected, rel=1e-9, abs=0)
            compared += 1
    assert compared == 32 and np.isfinite(table.ert).sum() == 9


def test_a_truncated_coco_file(tmp_path):
    logs = tmp_path / "exdata"
    shutil.copytree(EXDATA, logs)
    dat = logs / "RS" / "data_f1" / "bbobexp_f1_DIM2.dat"
    lines = dat.read_text().splitlines()
    dat.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:3] + "\n")   # the last line cut short
    with pytest.raises(ValueError, match=rf"bbobexp_f1_DIM2.dat, line {len(lines)}: expected numbers"):
        read_coco(logs / "RS")
