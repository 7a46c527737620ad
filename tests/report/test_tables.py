"""LaTeX and HTML tables that fit a page: longtable, splitting, vertical single results,
p-values as math, one algorithm order; the bundled datasets' export compiled by pdflatex."""

import re
import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.report.order import in_order
from algocompare._tables import LONG_ROWS, frame_to_html, frame_to_latex, latex_escape, result_frame


def test_pvalues_in_scientific_notation_are_math_and_rejections_bold():
    frame = pd.DataFrame({"test": ["A", "B"], "pvalue": [1.041e-16, 0.2], "df": [364.0, 13.0]})
    bold = np.array([[False, True, False], [False, False, False]])
    tex = frame_to_latex(frame, bold=bold, index=False)
    assert r"{\boldmath$1.041\times10^{-16}$}" in tex
    assert "e-16" not in tex
    assert "& 364 \\\\" in tex and "364.0000" not in tex  # a column of whole numbers prints without decimals
    html = frame_to_html(frame, bold=bold, index=False)
    assert "<b>1.041×10<sup>−16</sup></b>" in html


def test_text_is_escaped_for_the_default_encoding():
    assert latex_escape("a > b, α = 5% & p_adj") == r"a $>$ b, $\alpha$ = 5\% \& p\_adj"


def test_a_single_result_is_set_vertically():
    result = ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10)
    frame, bold = result_frame(result)
    assert frame.shape[0] == 1 and frame.shape[1] >= 10
    tex = frame_to_latex(frame, bold=bold, index=False)
    body = tex[tex.index(r"\midrule"):tex.index(r"\bottomrule")]
    assert body.count(r"\\") == frame.shape[1]  # one line per field
    assert re.search(r"\\begin\{tabular\}\{l[lr]\}", tex)


def test_long_tables_become_longtables_with_every_row():
    frame = pd.DataFrame({"pair": [f"P{i}" for i in range(91)], "p": np.linspace(0.001, 1, 91)})
    tex = frame_to_latex(frame, index=False, caption="All pairs")
    assert r"\begin{longtable}" in tex and r"\begin{table}" not in tex
    assert all(f"P{i} &" in tex for i in range(91))
    short = frame_to_latex(frame.head(LONG_ROWS), index=False)
    assert r"\begin{table}" in short


def test_wide_tables_are_split_into_parts_that_repeat_the_labels():
    frame = pd.DataFrame(np.full((5, 14), 12345.6789), columns=[f"value{i}" for i in range(14)],
                         index=pd.Index([f"alg{i}" for i in range(5)], name="algorithm"))
    tex = frame_to_latex(frame, caption="Wide")
    assert tex.count(r"\begin{tabular}") > 1 and "(part 1 of" in tex
    for part in tex.split(r"\end{table}")[:-1]:
        assert "alg0 &" in part  # every part repeats the row labels
    assert sum(tex.count(f"value{i} ") + tex.count(f"value{i} \\") for i in range(14)) >= 14


def test_rows_follow_the_mean_rank_order():
    frame = pd.DataFrame({"algorithm_a": ["A", "A", "B"], "algorithm_b": ["B", "C", "C"], "p": [0.1, 0.2, 0.3]})
    ordered, bold = in_order(frame, np.eye(3, 3, dtype=bool), ["C", "B", "A"])
    assert list(zip(ordered["algorithm_a"], ordered["algorithm_b"])) == [("B", "C"), ("A", "C"), ("A", "B")]
    assert bold.tolist() == np.eye(3, 3, dtype=bool)[[2, 1, 0]].tolist()
    assert list(ordered.index) == [0, 1, 2]
    borda = pd.DataFrame({"item": ["A", "B", "C"], "score": [1, 2, 3]})
    assert in_order(borda, np.zeros((3, 2), bool), ["C", "B", "A"])[0]["item"].tolist() == ["C", "B", "A"]
    unknown = pd.DataFrame({"test": ["Friedman", "Quade"]})
    assert in_order(unknown, np.zeros((2, 1), bool), ["C"])[0] is unknown


def _compile(directory):
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "tables.tex"], cwd=directory,
                         capture_output=True, text=True, timeout=180)
    return run, (directory / "tables.log").read_text(errors="replace")


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no TeX engine (pdflatex) installed")
@pytest.mark.parametrize("name", ["cec2005_d10", "cec2017_d10", "ice_cream"])
def test_bundled_datasets_export_compiles_within_the_text_width(name, tmp_path):
    data = ac.load_dataset(name)
    sections = run_analysis(data, AnalysisOptions(bayesian=True, rope=0.1, n_samples=1000, n_resamples=200))
    ac.export_tables(data, sections, tmp_path)
    run, log = _compile(tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]
    overfull = [float(w) for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)]
    assert all(w <= 1.0 for w in overfull), overfull
    assert "Float too large" not in log  # nothing pushed off the page
    pairs = (tmp_path / "posthoc_all-pairs.tex").read_text()
    k = data.n_algorithms
    assert pairs.count(r" \\") - pairs.count(r"\toprule") >= k * (k - 1) // 2  # every pair is a row
