"""Compact letters in the all-pairs tables: a letters column, in LaTeX that compiles in IEEEtran and acmart."""

from __future__ import annotations

import re
import subprocess

import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.report._paper import all_pairs_table, paper_latex
from tests.report.test_latex_papers import PREAMBLES, needs_pdftotext, needs_tex


def test_letters_column_in_both_layouts():
    ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="holm")
    for width in ("column", "page"):  # the list of differing pairs at column width, the matrix on the page
        table = all_pairs_table(ph, width, letters=True)
        assert table.frame.columns[2] == "letters"
        assert table.frame["letters"].tolist() == ph.letters(order="mean_rank").tolist()
        assert "sharing a letter" in table.note
        assert not table.bold[:, 2].any()
    matrix = all_pairs_table(ph, "page", letters=True)
    rejected = ph.reject().loc[matrix.frame["algorithm"], matrix.frame["algorithm"]].to_numpy()
    assert matrix.bold[1, 3] == rejected[1, 0]  # p-value cells keep their bold after the new column
    by_input = all_pairs_table(ph, "page", letters="input").frame.set_index("algorithm")["letters"]
    assert by_input.to_dict() == ph.letters().to_dict()
    assert "letters" not in all_pairs_table(ph, "page").frame.columns
    with pytest.raises(ValueError, match="letters"):
        all_pairs_table(ph, letters="alphabetical")


def test_letters_in_the_latex():
    tex = paper_latex(all_pairs_table(ac.posthoc(ac.load_dataset("ice_cream")), letters=True))
    assert "letters" in tex and "longtable" not in tex


@needs_tex
@needs_pdftotext
@pytest.mark.parametrize("preamble", ["ieee", "acm"])
def test_letters_tables_compile_in_ieee_and_acm_papers(preamble, tmp_path):
    data = ac.load_dataset("cec2005_d10")
    sections = run_analysis(data, AnalysisOptions(n_resamples=99, progress=False))
    paths = ac.export_tables(data, sections, tmp_path, letters=True)
    written = (tmp_path / "posthoc_all-pairs.tex").read_text()
    assert "letters" in written
    inputs = "\n".join(rf"\input{{{p.stem}}}" for p in paths if p.suffix == ".tex" and p.stem != "tables")
    title = r"\title{Tables}\maketitle" if "acmart" in PREAMBLES[preamble] else ""
    (tmp_path / "paper.tex").write_text("\n".join([PREAMBLES[preamble], r"\usepackage{booktabs}", r"\usepackage{array}",
                                                   r"\begin{document}", title, inputs, r"\end{document}", ""]))
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=tmp_path,
                         check=False, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout[-2000:]
    log = (tmp_path / "paper.log").read_text(errors="replace")
    assert not [w for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log) if float(w) > 1.0]
    text = " ".join(subprocess.run(["pdftotext", "paper.pdf", "-"], cwd=tmp_path, check=False, capture_output=True,
                                   text=True).stdout.split())
    assert "sharing a letter" in text and "G-CMA-ES" in text
