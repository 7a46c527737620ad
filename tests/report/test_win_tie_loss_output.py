"""The "+/=/−" table in the form papers print it: LaTeX in IEEEtran and acmart, HTML, Markdown."""

from __future__ import annotations

import numpy as np
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.frequentist._win_tie_loss import COUNTS_ROW, NBSP, cell_number
from algocompare.report._paper import paper_html, paper_markdown, paper_table, win_tie_loss_table
from tests.report.test_latex_papers import compile_tables, needs_pdftotext, needs_tex

NAMES = ["jSO", "L-SHADE (linear pop. reduction)", "CMA-ES (IPOP, restarts)", "PSO"]


def competition(n_functions: int = 30, n_runs: int = 25, seed: int = 3) -> ac.Results:
    """Errors as competitions report them: five decades, floored at the optimum (values below 1e-8 are 0)."""
    rng = np.random.default_rng(seed)
    location = rng.uniform(-20, 8, n_functions)[:, None, None]
    effect = np.array([0.0, 0.2, 0.6, 1.5])[None, :, None]
    values = np.exp(location + effect + 0.4 * rng.standard_normal((n_functions, len(NAMES), n_runs)))
    values[values < 1e-8] = 0.0
    return ac.Results.from_array(values, algorithms=NAMES, instances=[f"F{i + 1}" for i in range(n_functions)])


def test_cells_are_mean_sd_with_the_mark_and_the_counts_are_the_last_row():
    res = competition(6)
    result = ac.win_tie_loss(res, "jSO")
    table = win_tie_loss_table(result)
    frame = table.frame
    assert list(frame.columns) == NAMES and list(frame.index) == [f"F{i}" for i in range(1, 7)] + [COUNTS_ROW]
    runs = res.runs()
    mean, sd = runs[0, 1].mean(), runs[0, 1].std(ddof=1)
    mark = result.marks.loc["F1", NAMES[1]]
    assert frame.loc["F1", NAMES[1]].replace(NBSP, " ") == f"{cell_number(mean)} ± {cell_number(sd)} {mark}"
    assert frame.loc["F1", "jSO"].count("±") == 1 and frame.loc["F1", "jSO"][-1].isdigit()  # no mark: the reference
    row = result.counts.set_index("algorithm_b").loc["PSO"]
    assert frame.loc[COUNTS_ROW, "PSO"] == f"{row.wins}/{row.ties}/{row.losses}"
    # whose win "+" is, in the note under the table
    assert "jSO is significantly better (lower values)" in table.note


def test_result_to_latex_html_and_markdown_print_the_paper_form():
    result = ac.win_tie_loss(competition(5), "jSO")
    tex = result.to_latex()
    assert r"$\pm$" in tex and "+/=/$-$" in tex and "longtable" not in tex
    html = paper_html(paper_table(result))
    assert "±" in html and "<caption>" in html and "jSO is significantly better" in html
    assert "| +/=/− |" in paper_markdown(paper_table(result))


def test_all_pairs_table_is_the_square_matrix_of_counts():
    result = ac.win_tie_loss(competition(5))
    frame = win_tie_loss_table(result).frame
    assert frame.shape == (4, 4) and frame.loc["jSO", "jSO"] == "—"
    a, b = "jSO", "PSO"
    w, t, lo = map(int, frame.loc[a, b].split("/"))
    assert frame.loc[b, a] == f"{lo}/{t}/{w}"


@needs_tex
@needs_pdftotext
@pytest.mark.parametrize("preamble", ["ieee", "acm"])
@pytest.mark.parametrize("width", ["column", "page"])
def test_the_table_compiles_in_ieee_and_acm_papers(preamble, width, tmp_path):
    """30 functions x 4 algorithms with long names: a column table (or table* when it cannot fit) and the
    page-wide one; pdflatex exits 0, no overfull box, every algorithm in the PDF's text."""
    data = competition()
    sections = run_analysis(data, AnalysisOptions(n_resamples=99, progress=False))
    assert any(s.key == "win_tie_loss" for s in sections)
    problems, text = compile_tables(tmp_path, data, sections, preamble, width=width)
    assert not problems, problems
    assert "significantly better" in text and "+/=/" in text
    written = (tmp_path / "win-tie-loss_win-tie-loss.tex").read_text()
    assert "longtable" not in written and r"$\pm$" in written


def test_report_shows_the_paper_table_and_the_matrix():
    data = competition(8)
    html = ac.render_report(data, AnalysisOptions(n_resamples=99, progress=False), figures=True)
    section = html[html.index('<section id="win-tie-loss"'):]
    section = section[:section.index("</section>")]
    assert "±" in section and "+/=/−" in section and "<svg" in section
