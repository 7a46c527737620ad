"""read_coco_biobj on COCO exdata of the bbob-biobj logger (made by tests/reference/coco_biobj_sample.py
with coco-experiment 2.8.2), against cocopp 2.9.1's reading of the same folder (restated in
tests/data/anytime/coco_biobj/cocopp_values.json by that script): runtimes per trial, success
counts, ERT and budgets."""

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

import algocompare as ac
from algocompare.anytime import read_coco, read_coco_biobj

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime" / "coco_biobj"
EXDATA = DATA / "exdata"
COCOPP = json.loads((DATA / "cocopp_values.json").read_text())
GRID = np.array(COCOPP["grid"])  # cocopp's alignment levels ±10^(i/10) and 0
DAT = Path("RS") / "1-separable_1-separable" / "bbob-biobj_f01_d02_hyp.dat"
INFO = Path("RS") / "1-separable_1-separable_hyp.info"


def _ours(runs, algorithm, function, dimension):
    table = runs.runs()
    return ((table.algorithm == algorithm) & (table.instance == f"F{function}_D{dimension}")).to_numpy()


def test_reads_every_trial_with_its_budget_as_cocopp_does():
    runs = read_coco_biobj(EXDATA)
    assert set(runs.algorithms) == {"RS", "RS_short"} and runs.direction == "minimize"
    assert set(runs.instances) == {f"F{f}_D{d}" for f in (1, 2, 20) for d in (2, 3)}
    assert runs.n_runs == 36 and len(COCOPP["datasets"]) == 12
    budgets = runs.runs().budget.to_numpy()
    for dataset in COCOPP["datasets"]:
        assert budgets[_ours(runs, dataset["algorithm"], dataset["function"], dataset["dimension"])].tolist() \
            == dataset["maxevals"]


def test_runtimes_and_successes_equal_cocopp_detevals_on_its_target_grid():
    runs = read_coco_biobj(EXDATA)
    grid = runs.runtimes(GRID)
    for dataset in COCOPP["datasets"]:
        theirs = np.array(dataset["detEvals_grid"]).T  # trials x targets, nan when unsuccessful
        ours = grid[_ours(runs, dataset["algorithm"], dataset["function"], dataset["dimension"])]
        np.testing.assert_array_equal(ours, np.where(np.isnan(theirs), np.inf, theirs))
        assert np.isfinite(ours).sum(axis=0).tolist() == dataset["detSuccesses_grid"]
    assert np.isfinite(grid).sum() > 100 and np.isinf(grid).sum() > 100  # successes and failures both tested


def test_ert_agrees_with_cocopp_to_1e_9():
    table = ac.ert(read_coco_biobj(EXDATA), GRID).table.set_index(["algorithm", "instance", "target"])
    finite = 0
    for dataset in COCOPP["datasets"]:
        for target, expected in zip(GRID, dataset["detERT_grid"], strict=True):
            ours = table.loc[(dataset["algorithm"], f"F{dataset['function']}_D{dataset['dimension']}", target), "ert"]
            if np.isinf(expected):
                assert np.isinf(ours)
            else:
                assert ours == pytest.approx(expected, rel=1e-9, abs=0)
                finite += 1
    assert finite == 179


def test_cocopp_snaps_an_off_grid_target_down_to_its_grid():
    # cocopp's pprldmany targets 10 ** np.arange(0, -5.1, -0.1): float noise puts some a hair below
    # the grid level 10^(i/10); cocopp then answers for the next finer level (detEvals: "the closest
    # target that is not larger than the given target"). ac.ert at that level gives cocopp's value.
    runs = read_coco_biobj(EXDATA)
    targets = np.array(COCOPP["targets"])
    below = [GRID[GRID <= t] for t in targets]
    snapped = np.array([b.max() if b.size else np.nan for b in below])  # nan: no level at or below t
    table = ac.ert(runs, np.unique(snapped[~np.isnan(snapped)])).table.set_index(["algorithm", "instance", "target"])
    exact = ac.ert(runs, targets).table.set_index(["algorithm", "instance", "target"])
    differs = compared = 0
    for dataset in COCOPP["datasets"]:
        instance = f"F{dataset['function']}_D{dataset['dimension']}"
        for target, level, expected in zip(targets, snapped, dataset["detERT"], strict=True):
            if np.isnan(level):
                assert np.isinf(expected)
                continue
            ours = table.loc[(dataset["algorithm"], instance, level), "ert"]
            assert ours == expected or ours == pytest.approx(expected, rel=1e-9, abs=0)
            compared += 1
            differs += exact.loc[(dataset["algorithm"], instance, target), "ert"] != ours
    assert compared > 600 and differs > 0  # the snapping matters on this data


def test_bbob_biobj_and_bbob_readers_refuse_each_other():
    with pytest.raises(ValueError, match=r"bbobexp_f1.info, line 1: not a bbob-biobj header"):
        read_coco_biobj(Path(__file__).resolve().parents[1] / "data" / "anytime" / "coco" / "exdata" / "RS")


@pytest.fixture
def logs(tmp_path):
    shutil.copytree(EXDATA, tmp_path / "exdata")
    return tmp_path / "exdata"


def test_the_extended_suite_is_read_alike(logs):
    info = logs / INFO
    info.write_text(info.read_text().replace("suite = 'bbob-biobj'", "suite = 'bbob-biobj-ext'"))
    ext, plain = read_coco_biobj(logs / "RS"), read_coco_biobj(EXDATA / "RS")
    assert ext.n_runs == plain.n_runs == 18
    np.testing.assert_array_equal(ext.runtimes(GRID), plain.runtimes(GRID))


def test_a_truncated_last_line_of_a_dat_file(logs):
    dat = logs / DAT
    text = dat.read_text()
    dat.write_text(text[:-20])  # cut inside the last record, no line end
    with pytest.raises(ValueError, match=rf"{DAT.name}, line {text.count(chr(10))}: the last line has no line end"):
        read_coco_biobj(logs / "RS")


def test_a_non_number_in_a_dat_file(logs):
    dat = logs / DAT
    lines = dat.read_text().splitlines(keepends=True)
    lines[6] = "9\tnot-a-number\t2e-01\n"
    dat.write_text("".join(lines))
    with pytest.raises(ValueError, match=rf"{DAT.name}, line 7: expected 'evaluations indicator \.\.\.' numbers"):
        read_coco_biobj(logs / "RS")


def test_a_dat_file_with_a_trial_less_than_the_info_file(logs):
    dat = logs / DAT
    text = dat.read_text()
    dat.write_text(text[:text.rindex("%\n% index")])  # the last trial lost, cut at a line end
    with pytest.raises(ValueError, match=rf"{DAT.name}: 2 trials, but .*{INFO.name}, line 3 lists 3"):
        read_coco_biobj(logs / "RS")


def test_a_truncated_info_file(logs):
    info = logs / INFO
    text = info.read_text()
    info.write_text(text[:text.index("2:100|") + 9])  # cut inside the second trial of the first data line
    with pytest.raises(ValueError, match=rf"{INFO.name}, line 3: expected .* the file is truncated or malformed"):
        read_coco_biobj(logs / "RS")


def test_an_info_line_without_its_fields(logs):
    info = logs / INFO
    lines = info.read_text().splitlines(keepends=True)
    lines[3] = "function = 2, bbob-biobj_f02_d02_hyp.dat, 1:100|1.5e-02\n"  # no dim
    info.write_text("".join(lines))
    with pytest.raises(ValueError, match=rf"{INFO.name}, line 4: expected \"function = <id>, dim = <d>"):
        read_coco_biobj(logs / "RS")


def test_an_empty_info_file(logs):
    (logs / INFO).write_text("")
    with pytest.raises(ValueError, match=rf"{INFO.name}.*: the .info files list no trial"):
        read_coco_biobj(logs / INFO)


def test_a_missing_dat_file(logs):
    (logs / DAT).unlink()
    with pytest.raises(ValueError, match=rf"{DAT.name}: the .dat file the .info file names is missing"):
        read_coco_biobj(logs / "RS")


def test_read_coco_does_not_silently_read_biobj_logs():
    with pytest.raises(ValueError):
        read_coco(EXDATA / "RS")
