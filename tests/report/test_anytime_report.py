"""The anytime paper table (ert_table) and the anytime HTML report."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import algocompare as ac
from tests.report.test_latex_papers import PREAMBLES, needs_tex

DATA_IOH = Path(__file__).parent.parent / "data" / "anytime" / "iohprofiler"


def _runs(k=4, functions=8, n=15, seed=3):
    """k algorithms whose errors fall faster the later the algorithm (the last is best everywhere)."""
    rng = np.random.default_rng(seed)
    names = ["jSO", "LSHADE-cnEpSin", "EBOwithCMAR", "DES"][:k]
    runs = []
    for f in range(1, functions + 1):
        for a, name in enumerate(names):
            for r in range(n):
                values = np.sort(rng.lognormal(np.log(10.0 ** (2 - np.arange(5) * (1 + 0.3 * a)) * f), 1.0))[::-1]
                runs.append((name, f"F{f}_D10", r + 1, [10, 100, 1000, 10_000, 100_000], values, 100_000))
    return ac.AnytimeResults.from_runs(runs)


def test_ert_table_cells_are_ert_over_the_best_with_best_in_bold():
    result = ac.ert(_runs(k=3, functions=2), [10.0, 0.1, 1e-7])
    frame, bold = ac.ert_table_frame(result)
    table = result.table.set_index(["instance", "algorithm", "target"])["ert"]
    assert list(frame.columns) == ["algorithm", "1e1", "1e−1", "1e−7", "succ"]
    row = 0
    for instance in ("F1_D10", "F2_D10"):
        best = {t: min(table[(instance, a, t)] for a in ("jSO", "LSHADE-cnEpSin", "EBOwithCMAR"))
                for t in (10.0, 0.1, 1e-7)}
        assert frame.iloc[row, 0] == instance
        assert frame.iloc[row, 1] == (f"{best[10.0]:.0f}" if best[10.0] >= 9.95 else f"{best[10.0]:.1f}")
        assert frame.iloc[row, 3] == "∞" and not np.isfinite(best[1e-7])  # no run reaches 1e-7
        for i, algorithm in enumerate(("jSO", "LSHADE-cnEpSin", "EBOwithCMAR"), start=row + 1):
            assert frame.iloc[i, 0].strip() == algorithm
            ratio = table[(instance, algorithm, 0.1)] / best[0.1]
            shown = frame.iloc[i, 2]
            assert shown == "∞" if not np.isfinite(ratio) else abs(float(shown) - ratio) <= 0.05 * ratio + 0.05
            assert bold[i, 2] == (table[(instance, algorithm, 0.1)] == best[0.1])
            cell = result.table.query("instance == @instance and algorithm == @algorithm and target == 1e-7")
            assert frame.iloc[i, 4] == f"{int(cell['successes'].iloc[0])}/{int(cell['runs'].iloc[0])}"
        assert not bold[row].any() and not bold[:, 3].any()  # the best-ERT rows and the unreached target
        row += 4


def test_ert_table_refuses_other_inputs_and_options():
    result = ac.ert(_runs(k=2, functions=1), [1.0])
    with pytest.raises(TypeError, match="ERTResult"):
        ac.ert_table(result.table)
    with pytest.raises(ValueError, match="output must be"):
        ac.ert_table(result, output="pdf")
    with pytest.raises(ValueError, match="width must be"):
        ac.ert_table(result, width="wide")
    page = ac.ert_table(result, output="html")
    assert page.startswith("<table")
    # names left, every other cell (numbers, ∞, successes) aligned as a number
    assert re.findall(r"<td>", page) == ["<td>"] * 3  # the instance row and the two algorithms' names
    assert page.count('<td class="num">') == 3 * 2


@pytest.mark.parametrize("width", ["column", "page"])
@pytest.mark.parametrize("preamble", ["ieee", "acm"])
@needs_tex
def test_ert_table_compiles_in_two_column_papers(tmp_path, preamble, width):
    tex = ac.ert_table(ac.ert(_runs(), [10.0, 0.1, 1e-3, 1e-5, 1e-7]), width=width)
    assert tex.startswith(r"\begin{table}" if width == "column" else r"\begin{table*}")
    (tmp_path / "ert.tex").write_text(tex)
    title = r"\title{Tables}\maketitle" if "acmart" in PREAMBLES[preamble] else ""
    (tmp_path / "paper.tex").write_text("\n".join([PREAMBLES[preamble], r"\usepackage{booktabs}", r"\usepackage{array}",
                                                   r"\begin{document}", title, r"\input{ert}", r"\end{document}", ""]))
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=tmp_path,
                         check=False, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    log = (tmp_path / "paper.log").read_text(errors="replace")
    overfull = [float(w) for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)]
    assert not [w for w in overfull if w > 1.0]
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "paper.pdf", "-"], cwd=tmp_path, capture_output=True, text=True).stdout
        assert "LSHADE-cnEpSin" in text and "0/15" in text


def test_anytime_report_sections_and_numbers():
    runs = _runs(k=3, functions=3, n=5)
    targets = [10.0, 0.1, 1e-3]
    page = ac.render_anytime_report(runs, targets=targets, budget=1000, figures=False)
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    for heading in ("What was read", "Expected running time and success", "Comparison at 1000 evaluations"):
        assert f"<h2>{heading}</h2>" in page
    assert ac.ert_table(ac.ert(runs, targets), output="html") in page
    friedman = ac.friedman(runs.at_budget(1000))
    assert f"p = {friedman.pvalue:.4g}" in page
    assert "3 algorithms, 3 instances, 45 runs (5 per algorithm and instance)" in page
    auc = ac.friedman(ac.ecdf_auc(runs, targets))
    assert "<h2>Area under the runtime ECDF</h2>" in page and f"p = {auc.pvalue:.4g}" in page
    # the hardest target of the table some run reached: 1e-3 here (22 of 45 runs reach it)
    assert ac.ert(runs, [1e-3]).table["successes"].sum() == 22
    logrank = ac.logrank_test(runs.at_target(1e-3), n_resamples=9999, rng=0)
    assert "<h2>Runtimes to 0.001, unsuccessful runs censored</h2>" in page and f"p = {logrank.pvalue:.4g}" in page
    assert f"{logrank.n_censored} of 45 runs did not reach 0.001" in page


def test_anytime_report_defaults_and_refusal(tmp_path):
    runs = _runs(k=2, functions=2, n=3)
    path = ac.write_anytime_report(runs, tmp_path / "r.html", figures=False)
    page = path.read_text(encoding="utf-8")
    assert f"Comparison at {ac.common_budget(runs):g} evaluations" in page
    with pytest.raises(TypeError, match="AnytimeResults"):
        ac.render_anytime_report(runs.at_budget(1000))


def test_cli_report_with_figures(tmp_path):
    from algocompare.cli import main

    path = tmp_path / "anytime.html"
    assert main(["anytime", "--example", "--report", str(path), "--n-resamples", "99"]) == 0
    page = path.read_text(encoding="utf-8")
    assert "<h2>Expected running time and success</h2>" in page
    assert page.count("<svg") >= 1  # the figures the package draws for anytime data


def test_anytime_report_reads_in_a_browser_at_390_768_1280(tmp_path):
    """The page never scrolls sideways, no number or name breaks across lines, figure text stays
    legible, in headless Chromium (the measurements of the analysis report's browser test)."""
    from tests.report import test_report_browser as browser_test

    if browser_test.CHROMIUM is None:
        pytest.skip("no headless browser (chromium) installed")
    path = ac.write_anytime_report(ac.read_anytime(DATA_IOH), tmp_path / "anytime.html", n_resamples=199)
    browser = browser_test._Browser(browser_test.CHROMIUM)
    try:
        measured = {w: browser.evaluate(browser.open(path.as_uri(), w), browser_test.MEASURE) for w in (390, 768, 1280)}
    finally:
        browser.close()
    for width, found in measured.items():
        assert found["window"] == width and found["page"] <= width
        assert found["cells"] > 50 and found["broken"] == [] and found["multiline"] == []
        for box, overflow in found["overflowing"]:
            assert box.split(".", 1)[1] in ("table-wrap", "figure-scroll", "section-text") and overflow == "auto", box
        assert found["glyphs"], "the figures were drawn"
        for natural, shown in found["glyphs"]:
            assert min(browser_test.MIN_TEXT_PX, natural) - 0.05 <= shown <= natural + 0.05


def test_per_instance_targets_give_each_instance_its_own_columns():
    runs = _runs(k=2, functions=2, n=4)
    targets = {"F1_D10": [10.0, 1.0], "F2_D10": [20.0, 2.0]}
    result = ac.table_ert(runs, targets)
    direct = {i: ac.ert(runs, t).table.query("instance == @i") for i, t in targets.items()}
    for instance, table in direct.items():
        mine = result.table[result.table["instance"] == instance].reset_index(drop=True)
        assert mine["target"].tolist() == table["target"].tolist()
        np.testing.assert_array_equal(mine["ert"], table["ert"])
    frame, _ = ac.ert_table_frame(result, ["easy", "hard"])
    assert list(frame.columns) == ["algorithm", "easy", "hard", "succ"]
    assert list(ac.ert_table_frame(result)[0].columns) == ["algorithm", "target 1", "target 2", "succ"]
    with pytest.raises(ValueError, match="as many targets"):
        ac.ert_table_frame(result, ["only one"])
    with pytest.raises(ValueError, match="lack the instance"):
        ac.table_ert(runs, {"F1_D10": [1.0]})
