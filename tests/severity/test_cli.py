"""The ``algocompare severity`` command."""

import json

import numpy as np
import pandas as pd
import pytest

from algocompare.cli import main
from algocompare.severity import severity_analysis

CG = [12.1, 9.8, 11.5, 10.2, 13.0, 9.1, 10.8, 12.6, 11.1, 10.0]
NM = [10.3, 9.9, 10.1, 9.0, 11.2, 8.8, 10.5, 10.9, 9.6, 9.7]


@pytest.fixture
def runs(tmp_path):
    rows = [("CG", i, v) for i, v in enumerate(CG)] + [("NM", i, v) for i, v in enumerate(NM)]
    path = tmp_path / "runs.csv"
    pd.DataFrame(rows, columns=["algorithm", "run", "value"]).to_csv(path, index=False)
    return path


def test_paired_json_matches_api(runs, capsys):
    assert main(["severity", str(runs), "--a", "CG", "--b", "NM", "--delta", "1", "--paired", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    ref = severity_analysis(CG, NM, delta=1, paired=True)
    assert out["pvalue"] == pytest.approx(ref.pvalue)
    assert out["severity_at_delta"] == pytest.approx(ref.severity_at_delta)


def test_table_and_figure(runs, tmp_path, capsys):
    figure = tmp_path / "sev.svg"
    assert main(["severity", str(runs), "--a", "CG", "--b", "NM", "--delta", "0.5", "--figure", str(figure)]) == 0
    text = capsys.readouterr().out
    assert "severity at Delta" in text and figure.exists() and figure.stat().st_size > 1000


def test_maximize_flips_orientation(runs, capsys):
    assert main(["severity", str(runs), "--a", "CG", "--b", "NM", "--delta", "1", "--json", "--maximize"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["estimate"] == pytest.approx(np.mean(NM) - np.mean(CG))


def test_user_errors(runs, tmp_path, capsys):
    assert main(["severity", str(runs), "--a", "CG", "--b", "XX", "--delta", "1"]) == 2
    assert "unknown algorithm" in capsys.readouterr().err
    several = tmp_path / "several.csv"
    frame = pd.read_csv(runs)
    pd.concat([frame.assign(instance="f1"), frame.assign(instance="f2")]).to_csv(several, index=False)
    assert main(["severity", str(several), "--a", "CG", "--b", "NM", "--delta", "1"]) == 2
    assert "--instance" in capsys.readouterr().err
    assert main(["severity", str(several), "--a", "CG", "--b", "NM", "--delta", "1", "--instance", "f2"]) == 0
