"""Paper tables of the rank intervals and of the stability of post-hoc decisions (issue 28, part G)."""

from __future__ import annotations

import re
import subprocess

import pytest

import algocompare as ac
from algocompare.report._paper import paper_table, rank_intervals_table, stability_table
from tests.report.test_latex_papers import PREAMBLES, needs_pdftotext, needs_tex

CEC = ac.load_dataset("cec2005_d10")
INTERVALS = ac.rank_intervals(CEC)
STABILITY = ac.posthoc_stability(CEC, progress=False)


def test_rank_interval_table_bolds_the_best_set():
    table = rank_intervals_table(INTERVALS)
    assert paper_table(INTERVALS).caption == table.caption == "Simultaneous rank intervals"
    assert table.frame.loc["CoEVO", "rank interval"] == f"{INTERVALS.ci_low['CoEVO']}–{INTERVALS.ci_high['CoEVO']}"
    bold_rows = [name for name, bold in zip(table.frame.index, table.bold[:, 1], strict=True) if bold]
    assert bold_rows == INTERVALS.best_set()


def test_stability_table_lists_the_fragile_decisions_most_fragile_first():
    table = stability_table(STABILITY)
    fragile = STABILITY.fragile()
    assert len(table.frame) == len(fragile) > 0
    shares = [max(float(a), float(i)) for a, i in zip(table.frame["flips (algorithm out)"],
                                                      table.frame["flips (instance out)"], strict=True)]
    assert shares == sorted(shares, reverse=True)
    # bold marks the better algorithm of each rejected pair, never one of a pair not rejected
    for row, bold in zip(table.frame.itertuples(index=False), table.bold, strict=True):
        assert bold[:2].sum() == (row.rejected == "yes")
    # none fragile: every pair is listed
    wilcoxon = ac.posthoc_stability(CEC.to_wide().iloc[:, :4], test="wilcoxon", p_adjust="none", progress=False)
    if len(wilcoxon.fragile()) == 0:
        assert len(stability_table(wilcoxon).frame) == len(wilcoxon.table)


@needs_tex
@needs_pdftotext
@pytest.mark.parametrize("preamble", ["ieee", "acm"])
def test_tables_compile_in_ieee_and_acm_papers(preamble, tmp_path):
    body = "\n".join([INTERVALS.to_latex(), STABILITY.to_latex(), STABILITY.to_latex(width="page")])
    title = r"\title{Tables}\maketitle" if "acmart" in PREAMBLES[preamble] else ""
    (tmp_path / "paper.tex").write_text("\n".join([PREAMBLES[preamble], r"\usepackage{booktabs}", r"\usepackage{array}",
                                                   r"\begin{document}", title, body, r"\end{document}", ""]))
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=tmp_path,
                         check=False, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout[-2000:]
    log = (tmp_path / "paper.log").read_text(errors="replace")
    assert not [w for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log) if float(w) > 1.0]
    text = " ".join(subprocess.run(["pdftotext", "paper.pdf", "-"], cwd=tmp_path, check=False, capture_output=True,
                                   text=True).stdout.split())
    squeezed = text.replace(" ", "").lower()  # IEEEtran sets captions in small caps ("S IMULTANEOUS")
    assert "simultaneousrankintervals" in squeezed and "stabilityofthepost-hocdecisions" in squeezed
    assert "G-CMA-ES" in text and "flips" in text
