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
    # issue 25: --instance names the instance column, as in every subcommand; --on the instance
    err = capsys.readouterr().err
    assert "--on" in err and "--per-instance" in err
    assert main(["severity", str(several), "--a", "CG", "--b", "NM", "--delta", "1", "--on", "f2"]) == 0
    # the former use, a label of the 'instance' column, still selects that instance
    assert main(["severity", str(several), "--a", "CG", "--b", "NM", "--delta", "1", "--instance", "f2"]) == 0


# ------------------------------------------------------------------ issue 25, item 5
def _renamed(tmp_path, runs):
    """The runs on two instances, in a file whose columns have other names than algorithm/value."""
    frame = pd.read_csv(runs)
    both = pd.concat([frame.assign(problem="f1"), frame.assign(problem="f2", value=frame["value"] + 1)])
    path = tmp_path / "renamed.csv"
    both.rename(columns={"algorithm": "solver", "value": "error", "run": "seed"}).to_csv(path, index=False)
    return path


def test_columns_are_named_by_options(runs, tmp_path, capsys):
    path = _renamed(tmp_path, runs)
    argv = ["severity", str(path), "--a", "CG", "--b", "NM", "--delta", "1", "--json"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "no column 'algorithm'" in err and "--algorithm" in err
    assert main([*argv, "--algorithm", "solvr"]) == 2
    assert "did you mean 'solver'" in capsys.readouterr().err
    columns = ["--algorithm", "solver", "--value", "error", "--instance", "problem", "--run", "seed"]
    assert main([*argv, *columns, "--on", "f2", "--paired"]) == 0
    out = json.loads(capsys.readouterr().out)
    ref = severity_analysis(CG, NM, delta=1, paired=True)  # f2 is f1 shifted by 1 for both: same differences
    assert out["estimate"] == pytest.approx(ref.estimate) and out["pvalue"] == pytest.approx(ref.pvalue)
    # a column named 'value' beside the chosen one is left alone
    frame = pd.read_csv(path).assign(value=0.0)
    frame.to_csv(path, index=False)
    assert main([*argv, *columns, "--on", "f2", "--paired"]) == 0
    assert json.loads(capsys.readouterr().out)["estimate"] == pytest.approx(ref.estimate)


def test_per_instance_mode_pairs_the_instance_means(tmp_path, capsys):
    rng = np.random.default_rng(3)
    rows = [(alg, f"p{i}", r, 10 * i + shift + rng.normal()) for i in range(8)
            for alg, shift in (("A", 1.0), ("B", 0.0)) for r in range(5)]
    frame = pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"])
    path = tmp_path / "instances.csv"
    frame.to_csv(path, index=False)
    assert main(["severity", str(path), "--a", "A", "--b", "B", "--delta", "0.5", "--per-instance", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    means = frame.groupby(["instance", "algorithm"])["value"].mean().unstack()
    ref = severity_analysis(means["A"], means["B"], delta=0.5, paired=True)
    assert out["paired"] is True and out["n"] == 8 and out["sample"].startswith("per-instance means")
    assert out["estimate"] == pytest.approx(ref.estimate, rel=1e-12)
    assert out["severity_at_delta"] == pytest.approx(ref.severity_at_delta, rel=1e-12)
    assert main(["severity", str(path), "--a", "A", "--b", "B", "--delta", "0.5", "--per-instance"]) == 0
    assert "per-instance means, paired by instance" in capsys.readouterr().out
    assert main(["severity", str(path), "--a", "A", "--b", "B", "--delta", "0.5", "--per-instance", "--on", "p1"]) == 2
    assert "leave out --on" in capsys.readouterr().err


def test_per_instance_mode_names_instances_without_both_algorithms(tmp_path, capsys):
    rows = [(alg, f"p{i}", 1.0 * i + (alg == "A") * (1 + 0.1 * (i % 3))) for i in range(6) for alg in ("A", "B")
            if not (i == 4 and alg == "B")]
    path = tmp_path / "gaps.csv"
    pd.DataFrame(rows, columns=["algorithm", "instance", "value"]).to_csv(path, index=False)
    argv = ["severity", str(path), "--a", "A", "--b", "B", "--delta", "0.5", "--per-instance"]
    assert main(argv) == 2
    assert "p4" in capsys.readouterr().err
    assert main([*argv, "--nan-policy", "omit"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "1 instance(s) dropped for missing values: p4"


def test_sampling_model_option(runs, capsys):
    argv = ["severity", str(runs), "--a", "CG", "--b", "NM", "--delta", "1", "--json"]
    for sampling in ("noncentral", "shifted"):
        assert main([*argv, "--sampling", sampling]) == 0
        out = json.loads(capsys.readouterr().out)
        ref = severity_analysis(CG, NM, delta=1, paired=False, sampling=sampling)
        assert out["sampling"] == sampling and out["supported"] == pytest.approx(ref.supported, rel=1e-12)
