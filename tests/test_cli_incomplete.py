"""`algocompare analyze` and the report on a table with missing cells (issue 20)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.cli import main
from tests.frequentist.incomplete_tables import CONOVER, NORMAL20, R


def _write(tmp_path, table: np.ndarray, name: str = "incomplete.csv") -> str:
    frame = pd.DataFrame(table, columns=[chr(ord("A") + j) for j in range(table.shape[1])])
    frame.insert(0, "instance", [f"f{i}" for i in range(len(table))])
    path = tmp_path / name
    frame.to_csv(path, index=False)
    return str(path)


def test_analyze_reports_skillings_mack_and_the_missing_cells(tmp_path, capsys):
    path = _write(tmp_path, NORMAL20)
    assert main(["analyze", path, "--untied"]) == 0
    out = capsys.readouterr().out
    assert "23 missing cell(s)" in out and "23 of 120 cells missing (19.2 %) on 11 of 20 instances" in out
    assert "cells: F on f4, B on f5" in out
    line = next(text for text in out.splitlines() if text.startswith("Skillings-Mack"))
    assert f"{R['normal20.sm'][0]:.4f}" in line and f"{R['normal20.sm'][1]:.4f}" in line   # PMCMRplus, untied
    assert "Durbin's test needs a balanced incomplete block design" in out
    assert "--nan-policy omit" in out and "Skillings-Mack post-hoc" in out
    assert "Friedman test" not in out


def test_analyze_json_and_durbin_on_a_bibd(tmp_path, capsys):
    path = _write(tmp_path, CONOVER)
    assert main(["analyze", path, "--json", "--control", "none"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["n_missing"] == 28 and {"instance": "f0", "algorithm": "C"} in data["missing_cells"]
    tests = data["incomplete"]["tests"]
    assert tests["durbin"]["statistic"] == pytest.approx(12.0) and data["incomplete"]["bibd"]
    assert tests["skillings_mack"]["pvalue"] == pytest.approx(R["conover.sm"][1], rel=1e-9)
    assert set(data["posthoc_incomplete"]) - {"p_adjust"} == {"skillings_mack_all_pairs", "durbin_all_pairs"}
    assert data["posthoc_incomplete"]["p_adjust"]["durbin_all_pairs"]["used"] == "holm"
    assert "frequentist" not in data and "consensus" not in data


def test_analyze_nan_policy_omit_and_raise(tmp_path, capsys):
    path = _write(tmp_path, NORMAL20)
    assert main(["analyze", path, "--nan-policy", "omit"]) == 0
    out = capsys.readouterr().out
    assert "11 instance(s) dropped for missing values" in out and "Friedman" in out
    assert main(["analyze", path, "--nan-policy", "raise"]) == 2
    err = capsys.readouterr().err
    # the command line spells the option as it is typed there (issue 18)
    assert "durbin or skillings_mack" in err and "--nan-policy omit" in err and "nan_policy=" not in err


def test_report_tables_and_figures_of_an_incomplete_table(tmp_path, capsys):
    path = _write(tmp_path, NORMAL20)
    report, tex, figs = tmp_path / "r.html", tmp_path / "tex", tmp_path / "figs"
    assert main(["analyze", path, "--report", str(report), "--latex", str(tex), "--figures", str(figs),
                 "--figure-format", "png"]) == 0
    page = report.read_text(encoding="utf-8")
    assert "Missing cells: 23 of 120 cells missing" in page and "Skillings-Mack test" in page
    assert page.count("<svg") >= 3   # CD diagrams of both comparisons, p-value heatmap of all pairs
    assert "Skillings-Mack test (tie-corrected" in page and "does not reject" in page
    names = sorted(p.name for p in figs.iterdir())
    assert names == ["posthoc-incomplete_skillings-mack-all-pairs_cd-diagram.png",
                     "posthoc-incomplete_skillings-mack-all-pairs_pvalue-heatmap.png",
                     "posthoc-incomplete_skillings-mack-control_cd-diagram.png"]   # no Bonferroni-Dunn chart
    assert (tex / "incomplete_skillings-mack.tex").exists()


def test_run_analysis_sections_of_an_incomplete_table():
    res = ac.Results.from_array(CONOVER, nan_policy="keep")
    sections = run_analysis(res, AnalysisOptions(control=None))
    assert [s.key for s in sections] == ["incomplete", "posthoc_incomplete"]
    assert list(sections[0].results) == ["skillings_mack", "durbin"]
    assert list(sections[1].results) == ["skillings_mack_all_pairs", "durbin_all_pairs"]
    complete = run_analysis(ac.load_dataset("ice_cream"), AnalysisOptions(control=None))
    assert "incomplete" not in [s.key for s in complete]


def test_report_figures_of_the_incomplete_post_hoc():
    import matplotlib.pyplot as plt

    control = ac.posthoc(NORMAL20, test="skillings_mack", control="best")
    views = {view.key: view for view in ac.figure_views(control)}
    assert "bonferroni_dunn" not in views   # no single standard error: no single cut line
    ax = views["figure"].draw(control)
    assert ax.get_title() == "Skillings–Mack post-hoc, 23 missing cells"
    plt.close(ax.figure)
