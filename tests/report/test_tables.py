"""LaTeX and HTML tables that fit a paper's column: splitting by rows into continued floats (never
a longtable), wrapping, vertical single results, p-values as math, human headers, one algorithm
order; the bundled datasets' export compiled by pdflatex in a two-column article."""

import re
import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare._tables import (
    COLUMN_WIDTH_PT,
    frame_to_html,
    frame_to_latex,
    frame_to_markdown,
    latex_escape,
    result_frame,
)
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.report._order import in_order


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
    assert latex_escape("a > b, α = 5% & p_adj") == r"a $>$ b, $\alpha$ = 5\% \& p{\ttfamily\char95}adj"
    # the typewriter font's ASCII characters, so that the PDF's text has them (OT1's \_ is a rule)
    assert latex_escape("x^2~y") == r"x{\ttfamily\char94}2{\ttfamily\char126}y"


def test_a_single_result_is_set_vertically():
    result = ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10)
    frame, bold = result_frame(result)
    assert frame.shape[0] == 1 and frame.shape[1] >= 10
    tex = frame_to_latex(frame, bold=bold, index=False)
    body = tex[tex.index(r"\midrule"):tex.index(r"\bottomrule")]
    assert body.count(r"\\") == frame.shape[1]  # one line per field
    assert re.search(r"\\begin\{tabular\}\{(l|>\{[^}]*\}p\{[\d.]+pt\})", tex)


def test_long_tables_are_split_by_rows_into_continued_floats_never_a_longtable():
    frame = pd.DataFrame({"pair": [f"P{i}" for i in range(91)], "p": np.linspace(0.001, 1, 91)})
    tex = frame_to_latex(frame, index=False, caption="All pairs")
    assert "longtable" not in tex
    floats = tex.count(r"\begin{table}")
    assert floats >= 2 and tex.count("(continued)") == floats - 1
    assert all(f"P{i} &" in tex for i in range(91))
    short = frame_to_latex(frame.head(20), index=False)
    assert short.count(r"\begin{table}") == 1 and "(continued)" not in short


def test_page_width_is_a_table_star_and_a_bad_width_is_refused():
    frame = pd.DataFrame({"p": [0.1]}, index=["A"])
    assert r"\begin{table*}" in frame_to_latex(frame, width="page")
    with pytest.raises(ValueError, match="width='wide'.*'column'"):
        frame_to_latex(frame, width="wide")


def test_wide_tables_are_set_smaller_then_wrapped_to_fit_the_column():
    names = ["L-SHADE (linear pop. reduction)", "CMA-ES (IPOP, restarts)", "BIPOP-aCMA-ES w/ surrogate"]
    frame = pd.DataFrame({"mean_rank": [1.5, 2.0, 2.5], "pvalue": [0.01, 0.2, 0.3], "pvalue_adj": [0.03, 0.4, 0.4]},
                         index=pd.Index(names, name="algorithm"))
    frame.attrs["p_adjust"] = "holm"
    tex = frame_to_latex(frame)
    assert tex.count(r"\begin{table}") == 1 and "(continued)" not in tex  # one float, not parts
    widths = [float(w) for w in re.findall(r"p\{([\d.]+)pt\}", tex)]
    assert widths, "the names are wrapped"
    assert sum(widths) < COLUMN_WIDTH_PT / 2  # the numbers keep the rest of the column
    assert all(name in tex for name in names)  # names whole, never abbreviated when they wrap
    assert r"\hyphenpenalty=10000\exhyphenpenalty=10000" in tex  # and never hyphenated


def test_a_table_too_wide_for_a_column_but_not_a_page_becomes_a_table_star():
    frame = pd.DataFrame(np.full((4, 6), 12345.6789), columns=[f"value{i}" for i in range(6)],
                         index=pd.Index([f"alg{i}" for i in range(4)], name="algorithm"))
    tex = frame_to_latex(frame, caption="Six values")
    assert tex.count(r"\begin{table*}") == 1 and "(continued)" not in tex


def test_a_table_that_cannot_fit_splits_its_columns_as_a_last_resort():
    frame = pd.DataFrame(np.full((5, 14), 12345.6789), columns=[f"value{i}" for i in range(14)],
                         index=pd.Index([f"alg{i}" for i in range(5)], name="algorithm"))
    tex = frame_to_latex(frame, caption="Wide")
    assert tex.count(r"\begin{tabular}") > 1 and "Wide (continued)" in tex
    for part in tex.split(r"\end{table}")[:-1]:
        assert "alg0 &" in part  # every part repeats the row labels
    assert all(f"value{i}" in tex for i in range(14))


def test_human_headers_in_latex_html_and_markdown():
    result = ac.posthoc(ac.load_dataset("cec2005_d10"), control="G-CMA-ES", p_adjust="holm")
    frame, bold = result_frame(result)
    for text in (result.to_latex(), frame_to_html(frame, bold=bold, index=False),
                 frame_to_markdown(frame, bold=bold, index=False), result.to_markdown()):
        flat = text.replace(r"\\(Holm)", " (Holm)")  # a stacked LaTeX header: APV over (Holm)
        assert "APV (Holm)" in flat and "statistic" in text
        assert "pvalue" not in text and "algorithm_a" not in text and "algorithm\\_a" not in text
    html = frame_to_html(frame, bold=bold, index=False)
    assert '<th class="num">APV (Holm)</th>' in html and '<td class="num">' in html
    assert "<td>G-CMA-ES</td>" in html  # names are not numbers
    bayes = ac.bayesian_pairwise(ac.load_dataset("ice_cream"), rope=0.1, n_samples=500, rng=0)
    assert "P(left)" in bayes.to_markdown() and "p_left" not in bayes.to_markdown()


def test_rows_follow_the_mean_rank_order():
    frame = pd.DataFrame({"algorithm_a": ["A", "A", "B"], "algorithm_b": ["B", "C", "C"], "p": [0.1, 0.2, 0.3]})
    ordered, bold = in_order(frame, np.eye(3, 3, dtype=bool), ["C", "B", "A"])
    assert list(zip(ordered["algorithm_a"], ordered["algorithm_b"], strict=False)) == [("B", "C"), ("A", "C"), ("A", "B")]
    assert bold.tolist() == np.eye(3, 3, dtype=bool)[[2, 1, 0]].tolist()
    assert list(ordered.index) == [0, 1, 2]
    borda = pd.DataFrame({"item": ["A", "B", "C"], "score": [1, 2, 3]})
    assert in_order(borda, np.zeros((3, 2), bool), ["C", "B", "A"])[0]["item"].tolist() == ["C", "B", "A"]
    unknown = pd.DataFrame({"test": ["Friedman", "Quade"]})
    assert in_order(unknown, np.zeros((2, 1), bool), ["C"])[0] is unknown


def _compile(directory):
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "tables.tex"], cwd=directory,
                         check=False, capture_output=True, text=True, timeout=180)
    return run, (directory / "tables.log").read_text(errors="replace")


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no TeX engine (pdflatex) installed")
@pytest.mark.parametrize("name", ["cec2005_d10", "cec2017_d10", "ice_cream"])
def test_bundled_datasets_export_compiles_in_a_two_column_article(name, tmp_path):
    data = ac.load_dataset(name)
    sections = run_analysis(data, AnalysisOptions(bayesian=True, rope=0.1, n_samples=1000, n_resamples=200))
    ac.export_tables(data, sections, tmp_path)
    assert r"\documentclass[twocolumn]{article}" in (tmp_path / "tables.tex").read_text()
    run, log = _compile(tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]
    overfull = [float(w) for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)]
    assert all(w <= 1.0 for w in overfull), overfull
    assert "Float too large" not in log  # nothing pushed off the page
    assert not any("longtable" in p.read_text() for p in tmp_path.glob("*.tex"))
    k = data.n_algorithms
    pairs = (tmp_path / "posthoc_all-pairs.tex").read_text()
    assert pairs.count(r" \\") - pairs.count(r"\toprule") <= k  # a compact matrix or list, not one row per pair
