"""The HTML report, LaTeX and figure export, and `algocompare analyze --report` end to end."""

import shutil
import subprocess
from html.parser import HTMLParser

import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, Section
from algocompare.cli import main
from algocompare.report import export_figures, export_tables, render_report, write_report

VOID = {"meta", "br", "img", "hr", "input", "link", "col", "area", "base", "source", "wbr", "track", "embed", "param"}


class _Checker(HTMLParser):
    """Checks that every non-void element is closed in order; records ids and external references."""

    def __init__(self):
        super().__init__()
        self.stack, self.ids, self.external, self.errors, self.svgs = [], set(), [], [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs and self.stack.count("svg") == 0:
            self.ids.add(attrs["id"])
        for key in ("src", "href", "xlink:href"):
            if key in attrs and not str(attrs[key]).startswith(("#", "data:")):
                self.external.append(attrs[key])
        self.svgs += tag == "svg"
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unexpected </{tag}> with open {self.stack[-3:]}")
        else:
            self.stack.pop()


def _parse(text):
    checker = _Checker()
    checker.feed(text)
    checker.close()
    assert not checker.errors, checker.errors[:3]
    assert checker.stack == []
    assert checker.external == []  # self-contained: nothing fetched from the network or disk
    return checker


@pytest.fixture(scope="module")
def data():
    return ac.load_dataset("cec2005_d10")


def _sections(data):
    """Sections standing for every area: real post-hoc results, and a plain table."""
    control = ac.posthoc(data, control="G-CMA-ES", p_adjust="holm")
    pairs = ac.posthoc(data, p_adjust="nemenyi")  # largest rejected adjusted p-value 0.0459
    return [Section("frequentist", "Omnibus tests", "Friedman chi2 = 41.985", results={}),
            Section("posthoc", "Post-hoc comparisons", "text with <angle> & ampersand",
                    results={"control": control, "pairs": pairs}),
            Section("bayesian", "Bayesian tests", "posterior", results={"table": pd.DataFrame({"p": [0.1]})})]


def test_report_contains_every_section_and_parses(data, tmp_path):
    sections = _sections(data)
    path = write_report(data, tmp_path / "report.html", sections=sections)
    text = path.read_text(encoding="utf-8")
    checker = _parse(text)
    assert {"summary", "frequentist", "posthoc", "bayesian", "reading"} <= checker.ids
    for title in ("Data summary", "Omnibus tests", "Post-hoc comparisons", "Bayesian tests", "Reading the results",
                  "Critical-difference diagram", "Bonferroni–Dunn chart", "Adjusted p-values", "Caveats"):
        assert title in text
    assert "text with &lt;angle&gt; &amp; ampersand" in text
    assert "<b>0.0459</b>" in text  # rejected hypotheses in bold
    # summary violin + (CD + Bonferroni-Dunn) for the control result + (CD + heatmap) for all pairs
    assert checker.svgs == 5
    assert "practical significance" in text


def test_report_of_the_real_analysis_without_figures(data):
    text = render_report(data, AnalysisOptions(), figures=False)
    _parse(text)
    assert "<svg" not in text and "Reading the results" in text


def test_export_tables_and_figures(data, tmp_path):
    sections = _sections(data)
    tables = export_tables(data, sections, tmp_path / "tex")
    names = sorted(p.name for p in tables)
    assert names == ["posthoc_control.tex", "posthoc_pairs.tex", "reading.tex", "summary.tex", "tables.md",
                     "tables.tex"]
    pairs_tex = (tmp_path / "tex" / "posthoc_pairs.tex").read_text()
    assert r"\toprule" in pairs_tex and "better than" in pairs_tex  # 11 algorithms in a column: differing pairs
    export_tables(data, sections, tmp_path / "page", width="page")  # at page width, the matrix of APVs
    assert r"\textbf{.0459}" in (tmp_path / "page" / "posthoc_pairs.tex").read_text()  # rejected in bold
    figures = export_figures(data, sections, tmp_path / "fig", fmt="png")
    assert sorted(p.name for p in figures) == ["posthoc_control_bonferroni-dunn.png", "posthoc_control_cd-diagram.png",
                                                "posthoc_pairs_cd-diagram.png", "posthoc_pairs_pvalue-heatmap.png",
                                                "ranks.png"]
    assert all(p.stat().st_size > 1000 for p in figures)
    with pytest.raises(ValueError, match="format"):
        export_figures(data, sections, tmp_path / "fig", fmt="gif")


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no TeX engine (pdflatex) installed")
def test_latex_tables_compile(data, tmp_path):
    export_tables(data, _sections(data), tmp_path)
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "tables.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]


def test_cli_analyze_writes_report_tables_and_figures(tmp_path, capsys):
    csv = tmp_path / "table.csv"
    ac.load_dataset("cec2005_d10").to_wide().to_csv(csv)
    code = main(["analyze", str(csv), "--report", str(tmp_path / "out.html"), "--latex", str(tmp_path / "tex"),
                 "--figures", str(tmp_path / "fig"), "--figure-format", "svg", "--json"])
    assert code == 0
    out = capsys.readouterr()
    import json

    json.loads(out.out)  # --json output stays clean; messages go to stderr
    assert "report written" in out.err
    _parse((tmp_path / "out.html").read_text(encoding="utf-8"))
    assert (tmp_path / "tex" / "tables.tex").exists()
    assert any(p.suffix == ".svg" for p in (tmp_path / "fig").iterdir())
