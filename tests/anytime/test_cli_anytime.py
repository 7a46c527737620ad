"""``algocompare anytime``: what it reads, its numbers (equal to the API's), outputs and errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

import algocompare as ac
from algocompare.cli import main

DATA = Path(__file__).parent.parent / "data" / "anytime"


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_example_runs_and_is_the_bundled_iohprofiler_logs(capsys):
    summary = _json(capsys, ["anytime", "--example", "--json", "--n-resamples", "99"])
    runs = ac.read_iohprofiler(DATA / "iohprofiler")
    assert summary["format"] == "iohprofiler"
    assert summary["algorithms"] == list(runs.algorithms) and summary["n_runs"] == runs.n_runs == 32
    assert summary["budget"] == float(runs.budgets().min())
    # each instance its own targets: the values 90, 75, 50, 25, 10 % of its runs reached by the end
    expected = ac.table_targets(runs, by_instance=True)
    assert summary["targets"] == {i: [float(t) for t in ts] for i, ts in expected.items()}
    final = runs.values_at(runs.budgets().max())[:, 0]
    f1 = final[(runs.runs()["instance"] == "F1_D2").to_numpy()]
    assert summary["targets"]["F1_D2"][2] == float(f"{np.median(f1):.3g}")
    table = ac.table_ert(runs, expected).table
    got = {(r["algorithm"], r["instance"], r["target"]): r["ert"] for r in summary["ert"]}
    assert len(got) == 2 * 4 * 5
    for row in table.itertuples():
        assert got[(row.algorithm, row.instance, row.target)] == (pytest.approx(row.ert) if np.isfinite(row.ert)
                                                                  else None)
    assert summary["censored"] is None  # no one target for all instances, and the note says so
    assert summary["notes"] == ["each instance has targets of its own, so the log-rank test of runtimes to one target "
                                "is left out; give --targets for it"]
    assert summary["over_budgets"] is None or summary["over_budgets"]["hypotheses"] > 0


def test_coco_numbers_equal_the_api(capsys):
    folder = DATA / "coco" / "exdata"
    summary = _json(capsys, ["anytime", str(folder), "--json", "--n-resamples", "99"])
    runs = ac.read_coco(folder)
    assert summary["format"] == "coco"
    assert summary["targets"] == [1e1, 1e-1, 1e-3, 1e-5, 1e-7]  # cocopp's table targets for f - f_opt
    table = ac.ert(runs, summary["targets"]).table
    got = {(r["algorithm"], r["instance"], r["target"]): r["ert"] for r in summary["ert"]}
    for row in table.itertuples():
        expected = row.ert if np.isfinite(row.ert) else None
        assert got[(row.algorithm, row.instance, row.target)] == (None if expected is None else pytest.approx(expected))
    friedman = ac.friedman(runs.at_budget(summary["budget"]))
    assert summary["comparison"]["friedman"]["pvalue"] == pytest.approx(friedman.pvalue)
    assert summary["comparison"]["friedman"]["statistic"] == pytest.approx(friedman.statistic)


def test_targets_and_budget_options(capsys):
    folder = DATA / "coco" / "exdata"
    summary = _json(capsys, ["anytime", str(folder), "--json", "--targets", "100,1", "--budget", "50",
                             "--n-resamples", "99"])
    assert summary["targets"] == [100.0, 1.0] and summary["comparison"]["budget"] == 50.0
    assert {r["target"] for r in summary["ert"]} == {100.0, 1.0}


def test_text_output_names_what_was_read_and_the_tables(capsys):
    assert main(["anytime", str(DATA / "coco" / "exdata"), "--n-resamples", "99"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("coco logs: 2 algorithms (RS, RS_short), 4 instances, 24 runs")
    assert "1e−7" in out and "Friedman chi2" in out and "RS_short" in out


def test_latex_file(tmp_path, capsys):
    path = tmp_path / "ert.tex"
    assert main(["anytime", str(DATA / "coco" / "exdata"), "--latex", str(path), "--n-resamples", "99"]) == 0
    tex = path.read_text()
    assert tex.startswith(r"\begin{table}") and r"\toprule" in tex and "RS{\\ttfamily\\char95}short" in tex


@pytest.mark.parametrize("argv, message", [
    (["anytime"], "give the FOLDER"),
    (["anytime", "--example", "somewhere"], "not both"),
    (["anytime", "{missing}"], "no such file or folder"),
    (["anytime", "--example", "--targets", "1e1,x"], "--targets must be numbers"),
])
def test_errors_are_one_line_with_exit_code_2(argv, message, tmp_path, capsys):
    # a folder that does not exist: named inside the test's own temporary folder
    argv = [arg.format(missing=tmp_path / "no-such-folder") for arg in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_several_formats_name_the_option(tmp_path, capsys):
    shutil.copytree(DATA / "coco", tmp_path / "coco")
    shutil.copytree(DATA / "iohprofiler", tmp_path / "iohprofiler")
    assert main(["anytime", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "pass --format ('coco' or 'iohprofiler')" in err and err.count("\n") == 1


def test_auc_and_censored_summaries_equal_the_api(capsys):
    folder = DATA / "coco" / "exdata"
    summary = _json(capsys, ["anytime", str(folder), "--json", "--n-resamples", "199", "--seed", "3"])
    runs = ac.read_coco(folder)
    scores = ac.ecdf_auc(runs, summary["targets"])
    assert summary["auc"]["mean"] == pytest.approx(scores.blocks().mean(axis=0).to_dict())
    assert summary["auc"]["friedman"]["pvalue"] == pytest.approx(ac.friedman(scores).pvalue)
    # the hardest table target some run reached: 1e-1 on this sample (none reaches 1e-3)
    assert summary["censored"]["target"] == 0.1
    logrank = ac.logrank_test(runs.at_target(0.1), n_resamples=199, rng=3)
    assert summary["censored"]["pvalue"] == pytest.approx(logrank.pvalue)
    assert summary["censored"]["n_censored"] == logrank.n_censored == 22


def test_competition_option_reads_cec2020_files(tmp_path, capsys):
    rng = np.random.default_rng(0)
    for name in ("jSO_F1_D10.txt", "DES_F1_D10.txt", "jSO_F2_D10.txt", "DES_F2_D10.txt"):
        np.savetxt(tmp_path / name, np.sort(rng.random((16, 3)), axis=0)[::-1])
    assert main(["anytime", str(tmp_path)]) == 2
    assert "--competition" in capsys.readouterr().err  # the reader's competition= spelled as the option
    summary = _json(capsys, ["anytime", str(tmp_path), "--competition", "cec2020", "--json", "--n-resamples", "99"])
    assert summary["format"] == "cec" and summary["budgets"]["max"] == 1_000_000.0  # CEC 2020 MaxFES at D = 10
