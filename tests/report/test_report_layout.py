"""The report reads in one pass: one algorithm order, long tables folded, a warning where a
default hides a choice, a reading of every section, nothing beyond a 1280 px window."""

import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.report.reading import reading
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
        if "algorithm_a" in header:
            a, b = header.index("algorithm_a"), header.index("algorithm_b")
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
    # The page's width and the number of boxes whose content is wider than they are (hidden
    # behind a scroll bar, as a screenshot would show it cut).
    script = ("<script>var cut = 0; document.querySelectorAll('body *').forEach(function (e) {"
              " if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) { cut += 1; } });"
              " document.title = 'W' + document.documentElement.scrollWidth + 'x'"
              " + document.documentElement.clientWidth + 'c' + cut;</script></body>")
    probe = text.replace("</body>", script)
    page = tmp_path / "report.html"
    page.write_text(probe, encoding="utf-8")
    run = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,4000",
                          "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    scroll, client, cut = map(int, re.search(r"<title>W(\d+)x(\d+)c(\d+)</title>", run.stdout).groups())
    assert scroll <= client  # no horizontal scrolling: every line inside the window
    assert cut == 0  # and no table, text or figure cut at its box's edge


def test_the_bayesian_matrix_and_msd_intervals_follow_the_report_order():
    from algocompare.report import figures
    from algocompare.report.html import _ordered_view
    from algocompare.report.order import algorithm_order

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
