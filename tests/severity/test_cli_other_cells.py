"""Issue 30: severity refused an instance because another instance missed a value, and its
suggested remedy did not help; only the runs the analysis reads are checked now."""

import json

import numpy as np
import pandas as pd
import pytest

from algocompare.cli import main


@pytest.fixture
def path(tmp_path):
    rng = np.random.default_rng(0)
    rows = [{"instance": inst, "algorithm": alg, "run": r, "value": rng.normal() + (alg == "B")}
            for inst in ("f1", "f2") for alg in ("A", "B", "C") for r in range(8)]
    frame = pd.DataFrame(rows)
    frame.loc[(frame.instance == "f2") & (frame.algorithm == "B") & (frame.run == 3), "value"] = np.nan
    frame.loc[(frame.instance == "f1") & (frame.algorithm == "C") & (frame.run == 5), "value"] = np.nan
    out = tmp_path / "runs.csv"
    frame.to_csv(out, index=False)
    return out


def _run(capsys, *argv):
    code = main(["severity", *map(str, argv), "--delta", "0.5", "--json"])
    captured = capsys.readouterr()
    return code, captured


def test_missing_value_on_another_instance_is_not_refused(path, capsys):
    code, captured = _run(capsys, path, "--a", "A", "--b", "B", "--on", "f1")
    assert code == 0, captured.err
    out = json.loads(captured.out)
    assert out["dropped_runs"] == [] and out["n_x"] == out["n_y"] == 8


def test_missing_value_of_another_algorithm_is_not_refused(path, capsys):
    code, captured = _run(capsys, path, "--a", "A", "--b", "B", "--per-instance", "--nan-policy", "raise")
    # the per-instance means read B on f2: its missing run is refused (C's on f1 is not mentioned)
    assert code != 0 and "B run 3" in captured.err and "C run" not in captured.err


def test_missing_value_of_the_analysed_instance_refused_then_omitted(path, capsys):
    code, captured = _run(capsys, path, "--a", "A", "--b", "B", "--on", "f2")
    assert code != 0 and "B run 3" in captured.err and "--nan-policy omit" in captured.err
    code, captured = _run(capsys, path, "--a", "A", "--b", "B", "--on", "f2", "--nan-policy", "omit")
    assert code == 0, captured.err
    out = json.loads(captured.out)
    assert out["dropped_runs"] == ["B run 3"] and out["n_y"] == 7
