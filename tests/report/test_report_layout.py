"""The report reads in one pass: one algorithm order, long tables folded, a warning where a
default hides a choice, a reading of every section, nothing beyond a 1280 px window."""

import re
import shutil
import subprocess
from html.parser import HTMLParser

import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.report._reading import reading
from tests.plots.layout_cases import data as long_named_data

OPTIONS = AnalysisOptions(bayesian=True, n_samples=1000, n_resamples=200)


class _Tables(HTMLParser):
    """Header and cell texts of every table."""

    def __init__(self):
        super().__init__()
        self.tables, self._cell, self._row = [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"header": [], "rows": []})
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append((tag, self._cell.strip()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if all(t == "th" for t, _ in self._row):
                self.tables[-1]["header"] = [c for _, c in self._row]
            else:
                self.tables[-1]["rows"].append([c for _, c in self._row])
            self._row = None


@pytest.fixture(scope="module")
def report():
    data = ac.load_dataset("cec2017_d10")
    sections = run_analysis(data, OPTIONS)
    return data, sections, ac.render_report(data, OPTIONS, sections=sections, figures=False)


def test_every_table_lists_the_algorithms_in_mean_rank_order(report):
    data, _, text = report
    position = {a: i for i, a in enumerate(data.mean_ranks().sort_values(kind="stable").index)}
    parser = _Tables()
    parser.feed(text)
    checked = 0
    for table in parser.tables:
        header = table["header"]
        for single in ("algorithm", "item"):
            if single in header:
                names = [row[header.index(single)] for row in table["rows"]]
                assert [position[n] for n in names] == sorted(position[n] for n in names), (header, names)
                checked += 1
        for first, second in (("algorithm_a", "algorithm_b"), ("A", "B")):  # field names or table headers
            if first in header:
                a, b = header.index(first), header.index(second)
                keys = [tuple(sorted((position[r[a]], position[r[b]]))) for r in table["rows"]]
                assert keys == sorted(keys), header
                checked += 1
    assert checked >= 5  # summary, control, all pairs, Bayesian pairs, Borda


def test_long_tables_are_folded_and_rope_zero_is_warned(report):
    _, _, text = report
    assert re.search(r"<details><summary>Table of 91 rows</summary>", text)
    assert "No region of practical equivalence was set (rope = 0)" in text
    assert "in order of mean rank, best first" in text


def test_the_reading_covers_every_section(report):
    data, sections, _ = report
    sentences = " ".join(reading(data, sections))
    assert "Bayesian test" in sentences and "rope = 0" in sentences
    assert "Borda count" in sentences and "Kemeny" in sentences
    assert "assumption checks recommend" in sentences


@pytest.mark.skipif(shutil.which("chromium") is None, reason="no headless browser (chromium) installed")
def test_report_with_long_names_stays_inside_1280_px(tmp_path):
    data = long_named_data(14)
    text = ac.render_report(data, OPTIONS)
    # The page's width and the boxes whose content is wider than they are, other than the
    # scroll boxes a wide table, figure or console text sits in (cut, as a screenshot shows it).
    script = ("<script>var cut = 0; document.querySelectorAll('body *').forEach(function (e) {"
              " var scrolls = ['table-wrap', 'figure-scroll', 'section-text'].indexOf(e.className) >= 0"
              " && getComputedStyle(e).overflowX === 'auto';"
              " if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && !scrolls) { cut += 1; } });"
              " document.title = 'W' + document.documentElement.scrollWidth + 'x'"
              " + document.documentElement.clientWidth + 'c' + cut;</script></body>")
    probe = text.replace("</body>", script)
    page = tmp_path / "report.html"
    page.write_text(probe, encoding="utf-8")
    run = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,4000",
                          f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
                         check=False, capture_output=True, text=True, timeout=120)
    scroll, client, cut = map(int, re.search(r"<title>W(\d+)x(\d+)c(\d+)</title>", run.stdout).groups())
    assert scroll <= client  # no horizontal scrolling of the page: every line inside the window
    assert cut == 0  # and no table, text or figure cut at its box's edge without a scroll bar


def test_the_bayesian_matrix_and_msd_intervals_follow_the_report_order():
    from algocompare.report import _figures as figures
    from algocompare.report._figures import in_rank_order as _ordered_view
    from algocompare.report._order import algorithm_order

    data = ac.load_dataset("cec2005_d10").select(algorithms=["BLX-MA", "DE", "G-CMA-ES", "EDA"])
    order = algorithm_order(data)
    assert order[0] == "G-CMA-ES" and order != sorted(order)
    result = ac.bayesian_pairwise(data, rope=0.5, n_samples=500, rng=0)
    (view,) = [v for v in figures.figure_views(result) if v.key == "figure"]
    ax = _ordered_view(view, result, order).draw(result)
    assert [t.get_text() for t in ax.get_yticklabels()] == order
    sim = ac.simulate_runs([10, 12, 11], n_instances=4, n_runs=5, rng=1).results
    msd = ac.msd_intervals(sim, n_resamples=99, rng=0)
    (view,) = [v for v in figures.figure_views(msd) if v.key == "figure"]
    axes = _ordered_view(view, msd, algorithm_order(sim)).draw(msd)
    assert [t.get_text() for t in axes[0].get_yticklabels()] == algorithm_order(sim)  # from the top down


def _rules(style):
    """{selector: {property: value}} of a style sheet (outside @media; one rule per selector list)."""
    style = re.sub(r"/\*.*?\*/", "", style, flags=re.DOTALL)
    style = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", style)
    rules = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", style):
        declarations = (d.split(":", 1) for d in body.split(";") if ":" in d)
        rules[" ".join(selector.split())] = {k.strip(): " ".join(v.split()) for k, v in declarations}
    return rules


def test_the_style_keeps_tokens_whole_and_scrolls_what_is_wide():
    from algocompare.report._html import _STYLE

    # The old rule broke "20" into "2" over "0" and headers into "statisti" over "c".
    assert "anywhere" not in _STYLE and "break-all" not in _STYLE
    rules = _rules(_STYLE)
    assert rules["th, td"]["white-space"] == "nowrap"  # numbers, names and headers on one line
    assert rules["th, td"]["overflow-wrap"] == "normal"
    assert rules["td.text"]["white-space"] == "normal" and rules[".word"]["white-space"] == "nowrap"
    assert rules[".table-wrap, .figure-scroll"]["overflow-x"] == "auto"
    assert rules["pre.section-text"] == {**rules["pre.section-text"], "white-space": "pre", "overflow-x": "auto"}
    assert "max-width" not in rules.get("table", {})  # a wide table scrolls instead of squeezing its cells
    assert rules["figure svg"]["max-width"] == "100%" and rules["figure svg"]["height"] == "auto"


def test_long_free_text_cells_wrap_at_spaces_only():
    from algocompare.report._html import _mark_long_text

    order = "NL-SHADE-RSP &gt; L-SHADE (linear pop. reduction) &gt; CMA-ES (IPOP, restarts) &gt; jSO"
    marked = _mark_long_text(f"<tr><td>jSO</td><td class=\"num\">1704301.7038</td><td>{order}</td></tr>")
    assert marked.startswith('<tr><td>jSO</td><td class="num">1704301.7038</td><td class="text">')
    # every word a browser could break at a hyphen, slash or bracket is kept whole
    assert ('<span class="word">NL-SHADE-RSP</span> &gt; <span class="word">L-SHADE</span> '
            '<span class="word">(linear</span> pop. <span class="word">reduction)</span>') in marked
    assert _mark_long_text('<td class="num">0.12 0.34 0.56 0.78 0.90 1.23 4.56 7.89 10.11</td>').count("text") == 0
    bold = _mark_long_text('<td class="x"><b>Skillings-Mack test (tie-corrected; 2 missing cells)</b></td>')
    assert bold.startswith('<td class="text x"><b><span class="word">Skillings-Mack</span>')


def test_figures_shrink_only_until_their_smallest_text_is_8_px():
    from algocompare.report._html import _legible

    def svg(points, size):
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{points}pt" height="100pt" viewBox="0 0 {points} 100">'
                f'<g transform="translate(1 2) scale({size / 100:g} -{size / 100:g})"><use/></g>'
                '<g transform="translate(1 2) scale(0.12 -0.12)"><use/></g></svg>')

    # 10-pt text is 13.3 px at the natural size: it may shrink to 0.6 of it, 8 px
    assert _legible(svg(600, 10)).startswith('<svg style="min-width: 480px" xmlns=')
    # 6-pt text is 8 px only at the natural size (600 pt = 800 px)
    assert 'style="min-width: 800px"' in _legible(svg(600, 6))
    assert 'style="min-width: 800px"' in _legible(svg(600, 4))  # never enlarged beyond the natural size


def test_every_table_and_figure_of_a_report_sits_in_its_own_scroll_box():
    text = ac.render_report(ac.load_dataset("ice_cream"), title="Ice cream")
    body = re.sub(r"<svg\b.*?</svg>", "<svg></svg>", text.split("<body>", 1)[1], flags=re.DOTALL)
    assert body.count("<table") == len(re.findall(r'<div class="table-wrap">(?:<details>.*?)?<table', body)) > 0
    figures = re.findall(r'<figure><div class="figure-scroll">(<svg[^>]*>)', text)
    assert len(figures) == text.count("<figure>") > 0
    assert all(re.match(r'<svg style="min-width: \d+px"', svg) for svg in figures)


def test_console_prose_wraps_at_spaces_and_aligned_lines_keep_their_columns():
    from algocompare.report._html import _STYLE, _console_html

    text = ("Question: which pairs differ? The z tests (Shapiro-Wilk) treat the instances as a sample.\n"
            "test          statistic    p-value\nFriedman        180.3949  1.410e-31")
    lines = _console_html(text).split("\n")
    assert lines[0].startswith('<span class="prose">Question: which pairs ') and lines[0].endswith("</span>")
    assert ' The z tests <span class="word">(Shapiro-Wilk)</span> treat the instances as a sample.' in lines[0]
    assert lines[1:] == ["test          statistic    p-value", "Friedman        180.3949  1.410e-31"]
    assert _rules(_STYLE)["pre.section-text .prose"]["white-space"] == "pre-wrap"
    assert "&lt;b&gt;" in _console_html("<b> & x")  # still escaped


def test_one_result_of_many_values_is_set_vertically():
    from algocompare.report._html import _one_result_vertically

    frame = pd.DataFrame({"method": ["Synchronized permutation test"], "statistic": [65.2159], "p": [0.0079],
                          "alternative": ["two-sided"], "resamples": [252]})
    table = ac.frame_to_html(frame, bold=[[False, False, True, False, False]], index=False)
    vertical = _one_result_vertically(table)
    assert vertical.startswith('<table class="fields ') and "<thead>" not in vertical
    parser = _Tables()
    parser.feed(vertical)
    assert parser.tables[0]["rows"] == [["method", "Synchronized permutation test"], ["statistic", "65.2159"],
                                        ["p", "0.0079"], ["alternative", "two-sided"], ["resamples", "252"]]
    assert "<b>0.0079</b>" in vertical  # the cells keep their marks
    assert _one_result_vertically(ac.frame_to_html(frame.iloc[:, :4], index=False)).count("<thead>") == 1
    assert _one_result_vertically(ac.frame_to_html(pd.concat([frame, frame]), index=False)).count("<thead>") == 1
