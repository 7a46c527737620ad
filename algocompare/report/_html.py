"""The one-file HTML report of an analysis: every section, its tables and its figures.

The file is self-contained: styles inline, figures embedded as SVG with text drawn as
paths, no scripts and no external resources, so it opens offline in any browser.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pandas as pd

from algocompare._kinds import kind_of
from algocompare._results import BaseResult
from algocompare._tables import LONG_ROWS, frame_to_html, result_frame
from algocompare.bayesian._pairwise import BayesianPairwiseResult
from algocompare.bayesian._result import BayesianPairedResult
from algocompare.report import _figures as fig_views
from algocompare.report._order import algorithm_order, in_order, summary_frame
from algocompare.report._paper import paper_html, paper_table
from algocompare.report._reading import CAVEATS, reading

__all__ = ["render_report", "write_report"]

#: The report's styles. Tokens never break: numbers, names and headers stay on one line
#: (``white-space: nowrap``; no ``overflow-wrap: anywhere``, which split "20" into "2" over
#: "0"), and what is too wide for the window scrolls inside its own box (``.table-wrap``,
#: ``.figure-scroll``, console text) so the page itself never scrolls sideways. Only a
#: long free-text cell (``td.text``, marked by :func:`_mark_long_text`) wraps, at spaces.
_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto;
       max-width: 1200px; padding: 1.5em 2em 4em; color: #1b1b1b; line-height: 1.45; overflow-wrap: break-word; }
h1 { font-size: 1.7em; margin-bottom: 0.2em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em;
     margin-top: 2em; } h3 { margin-top: 1.4em; font-size: 1.08em; }
nav ol { columns: 2; } .meta { color: #555; }
pre.section-text { background: #f6f8fa; padding: 0.8em 1em; font-size: 0.88em; border-radius: 4px;
       white-space: pre; overflow-x: auto; overflow-wrap: normal; }
pre.section-text .prose { white-space: pre-wrap; }
.table-wrap, .figure-scroll { overflow-x: auto; max-width: 100%; }
.table-wrap { margin: 0.6em 0 1em;
       /* shadows at an edge with more table behind it: a hint that the table scrolls */
       background: linear-gradient(to right, #fff 30%, rgba(255, 255, 255, 0)) left / 2em 100% no-repeat local,
                   linear-gradient(to left, #fff 30%, rgba(255, 255, 255, 0)) right / 2em 100% no-repeat local,
                   radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.18), rgba(0, 0, 0, 0)) left / 0.8em 100%
                   no-repeat scroll,
                   radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.18), rgba(0, 0, 0, 0)) right / 0.8em 100%
                   no-repeat scroll; }
table { border-collapse: collapse; font-size: 0.88em; font-variant-numeric: tabular-nums; }
table caption { caption-side: top; text-align: left; font-weight: 600; padding-bottom: 0.3em;
                position: sticky; left: 0; max-width: calc(100vw - 2em); }
th, td { padding: 0.2em 0.55em; text-align: right; white-space: nowrap; overflow-wrap: normal; word-break: normal;
         hyphens: none; }
.word { white-space: nowrap; } sup { line-height: 0; }  /* 10^-16 does not make its row taller */
td.text { white-space: normal; text-align: left; min-width: 18em; max-width: 40em; }
.warning { background: #fff4e5; border-left: 4px solid #e8a33d; padding: 0.5em 0.8em; }
details > summary { cursor: pointer; color: #1f4e79; margin: 0.4em 0; }
th { border-top: 2px solid #333; border-bottom: 1px solid #333; }
tbody tr:last-child td { border-bottom: 2px solid #333; }
td:first-child, th:first-child { text-align: left; }
/* where the table writer marks numbers (class num), every other column is text: left-aligned */
table:has(.num) td:not(.num), table:has(.num) th:not(.num) { text-align: left; }
/* one result set vertically: field | value, values left-aligned, a rule above as a header would draw */
table.fields td { text-align: left; } table.fields tbody tr:first-child td { border-top: 2px solid #333; }
table.fields td:first-child { color: #444; }
figure { margin: 1em 0; } figure svg { display: block; max-width: 100%; height: auto; }
figcaption { color: #444; font-size: 0.9em; margin-top: 0.3em; }
.reading li, .caveats li { margin-bottom: 0.4em; } .note { color: #666; font-size: 0.9em; }
@media (max-width: 640px) {
  body { padding: 1em 0.75em 3em; } h1 { font-size: 1.45em; } nav ol { columns: 1; }
  th, td { padding: 0.2em 0.5em; } td.text { min-width: 14em; }
}
"""


#: Figures are drawn at their natural size where the window allows; on a narrower screen
#: they shrink only until their smallest text is this many CSS pixels high, and then
#: scroll sideways inside their box (a phone shows a wide CD diagram legibly, in part,
#: rather than whole at 4-px text).
MIN_TEXT_PX = 8.0

#: A table cell of free text longer than this (a consensus order "A > B > ...", a test's
#: description) may wrap at its spaces; shorter cells (numbers, names) stay on one line.
LONG_TEXT = 40

_SVG_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)pt"')
_GLYPH_SCALE = re.compile(r"scale\((0?\.[0-9]+) -\1\)")
_TD = re.compile(r"<td(\s[^>]*)?>(.*?)</td>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
_ROW = re.compile(r"<tr>(.*?)</tr>", re.DOTALL)
_CELL = re.compile(r"<t[hd]((?:\s[^>]*)?)>(.*?)</t[hd]>", re.DOTALL)
_BREAKABLE_WORD = re.compile(r"[^\s<>]*[^\sA-Za-z0-9.,;:'<>&][^\s<>]*")
_NUMBER = re.compile(r"[-+−]?[0-9.,]+(?:e[-+]?[0-9]+)?%?")


def _mark_long_text(page: str) -> str:
    """``class="text"`` on each table cell of free text longer than :data:`LONG_TEXT`
    characters with spaces in it, the only cells allowed to wrap (at spaces)."""
    def mark(match: re.Match) -> str:
        attrs, content = match.group(1) or "", match.group(2)
        text = html.unescape(_TAG.sub("", content)).strip()
        if len(text) <= LONG_TEXT or " " not in text or all(_NUMBER.fullmatch(t) for t in text.split()):
            return match.group(0)
        if 'class="' in attrs:
            attrs = attrs.replace('class="', 'class="text ', 1)
        else:
            attrs += ' class="text"'
        return f"<td{attrs}>{_unbreakable_words(content)}</td>"

    return _TD.sub(mark, page)


def _unbreakable_words(content: str) -> str:
    """Each word of ``content`` that a browser could break after a hyphen, slash or bracket
    ("NL-SHADE-RSP", "(Brown-Forsythe)") in a ``<span class="word">``, set without breaks;
    tags are left as they are."""
    parts = re.split(r"(<[^>]+>)", content)
    return "".join(part if part.startswith("<") else _BREAKABLE_WORD.sub(r'<span class="word">\g<0></span>', part)
                   for part in parts)


def _legible(svg: str) -> str:
    """The figure's ``<svg>`` with a minimum width at which its smallest text is
    :data:`MIN_TEXT_PX` high, never more than its natural width.

    Notes
    -----
    The natural width is the ``width`` attribute, in points (4/3 CSS pixel each). Text is
    drawn as paths: matplotlib scales each glyph by its size in points / 100, so the
    smallest ``scale(s -s)`` gives the smallest font; without one, 10 pt is assumed.
    """
    match = _SVG_WIDTH.search(svg)
    if match is None:
        return svg
    sizes = [100 * float(scale) for scale in _GLYPH_SCALE.findall(svg)]
    smallest = min(sizes, default=10.0) * 4 / 3  # CSS pixels at the natural size
    scale = min(1.0, MIN_TEXT_PX / smallest)
    minimum = float(match.group(1)) * 4 / 3 * scale
    return f'{svg[:match.start()]}<svg style="min-width: {minimum:.0f}px"{svg[match.start() + 4:]}'


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "item"


class _FigureJobs:
    """Figures of a report, collected while the HTML is written and rendered at the end
    (all at once, so that :func:`figures.render_svgs` can share them between processes)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Any, Any]] = []

    def add(self, view: Any, result: Any, caption: str) -> str:
        self.jobs.append((view, result))
        return (f'<figure><div class="figure-scroll"><!--figure-{len(self.jobs) - 1}--></div>'
                f"<figcaption>{html.escape(caption)}</figcaption></figure>")

    def fill(self, text: str) -> str:
        svgs = [_legible(svg) for svg in fig_views.render_svgs(self.jobs)]
        return re.sub(r"<!--figure-(\d+)-->", lambda m: svgs[int(m.group(1))], text)


def _one_result_vertically(table: str) -> str:
    """A table of one row of five or more values set as rows of field | value, as the LaTeX
    and Markdown tables set it (the permutation test's one row of 25 values was 2,600 px
    wide); any other table as it is. Cells keep their content and classes."""
    rows = _ROW.findall(table)
    if len(rows) != 2 or "<thead>" not in table or "</tbody>" not in table:
        return table
    fields, values = (_CELL.findall(row) for row in rows)
    if len(fields) != len(values) or len(fields) < 5:
        return table
    body = "".join(f"<tr><td>{field}</td><td{attrs}>{value}</td></tr>"
                   for (_, field), (attrs, value) in zip(fields, values, strict=False))
    start, end = table.index("<thead>"), table.index("</tbody>") + len("</tbody>")
    vertical = f"{table[:start]}<tbody>{body}</tbody>{table[end:]}"
    return vertical.replace('<table class="', '<table class="fields ', 1)


def _table_html(result: Any, precision: int, order: list[str]) -> str:
    """The result's table, rows in the report's algorithm order; a long one folded."""
    if isinstance(result, pd.Series):
        result = result.to_frame()
    if kind_of(result) == "win_tie_loss":  # the table papers print (mean ± sd with +/=/−), not the tidy rows
        table, _, note = paper_html(paper_table(result)).partition('\n<p class="note">')
        return f'<div class="table-wrap">{table}</div>' + (f'\n<p class="note">{note}' if note else "")
    frame, bold = result_frame(result)
    frame, bold = in_order(frame, bold, order)
    table = frame_to_html(frame, precision, bold=bold, index=not isinstance(frame.index, pd.RangeIndex))
    wrapped = f'<div class="table-wrap">{_one_result_vertically(table)}</div>'
    if len(frame) > LONG_ROWS:
        return f"<details><summary>Table of {len(frame)} rows</summary>{wrapped}</details>"
    return wrapped


#: The Bayesian results whose tests have a region of practical equivalence (``rope``).
_WITH_ROPE = (BayesianPairedResult, BayesianPairwiseResult)


def _notes_html(result: Any) -> str:
    """Warnings where a default hides a choice."""
    if isinstance(result, _WITH_ROPE) and float(result.rope) == 0:
        return ('<p class="warning">No region of practical equivalence was set (rope = 0), so p_rope is zero '
                "by construction and the test can only declare a winner. Set one in the data's units with "
                "<code>--rope</code> (or <code>rope=</code>): the largest difference you would call negligible.</p>")
    return ""


def _result_html(name: str, result: Any, precision: int, figures: _FigureJobs | None,
                 order: list[str] | None = None) -> str:
    title = result.method if isinstance(result, BaseResult) else name
    order = order or []
    parts = [f"<h3>{html.escape(title)}</h3>", _notes_html(result)]
    if isinstance(result, (pd.DataFrame, pd.Series, BaseResult)):
        parts.append(_table_html(result, precision, order))
    if figures is not None:
        for view in fig_views.figure_views(result):
            parts.append(figures.add(fig_views.in_rank_order(view, result, order), result,
                                     f"{fig_views.view_title(view, result)}: {title}"))
    return "\n".join(p for p in parts if p)


def _summary_html(data: Any, precision: int, figures: _FigureJobs | None) -> str:
    better = "lower" if data.direction == "minimize" else "higher"
    runs = " with several runs per cell" if data.has_runs else ""
    parts = [f"<p>{data.n_instances} instances × {data.n_algorithms} algorithms{runs}; "
             f"direction: {data.direction} ({better} values are better). Rank 1 is the best. Throughout the "
             "report, tables and figures list the algorithms in order of mean rank, best first.</p>"]
    parts += [f'<p class="note">{html.escape(note)}</p>' for note in data.notes]
    if data.n_dropped:
        dropped = ", ".join(map(str, data.dropped_instances))
        parts.append(f"<p>{data.n_dropped} instance(s) dropped for missing values: {html.escape(dropped)}</p>")
    if data.n_missing:
        from algocompare.frequentist._incomplete_analysis import missing_summary

        summary = "; ".join(line.strip() for line in missing_summary(data))
        parts.append(f"<p>Missing cells: {html.escape(summary)}. They are analysed with the Skillings–Mack "
                     "test (and Durbin's test for a balanced incomplete block design); mean ranks stretch the "
                     "ranks of an instance with k<sub>i</sub> algorithms to 1..k.</p>")
    table = summary_frame(data)
    caption = "Descriptive statistics per algorithm (sorted by mean rank)"
    parts.append(f'<div class="table-wrap">{frame_to_html(table, precision, caption=caption)}</div>')
    from algocompare.analysis import MAX_ALL_PAIRS

    if figures is not None and data.n_algorithms > MAX_ALL_PAIRS:  # 10,000 violins: 190 s, 1.8 GB, unreadable
        parts.append(f"<p>The rank distribution figure is drawn for at most {MAX_ALL_PAIRS} algorithms "
                     f"(here {data.n_algorithms}).</p>")
    elif figures is not None and not data.n_missing:  # the distribution plot needs every cell
        from algocompare.plots import distribution_plot

        view = fig_views.FigureView("ranks", "Ranks", lambda r: True,
                                    lambda r: distribution_plot(r, kind="violin", scale="ranks"))
        parts.append(figures.add(view, data, "Within-instance ranks of each algorithm (1 = best), "
                                         "algorithms in mean-rank order."))
    return "\n".join(parts)


def _console_html(text: str) -> str:
    """The console text of a section, escaped; each line of prose (no two spaces in a row
    after its indent, unlike a table's aligned columns) in a ``<span class="prose">`` that
    wraps at spaces only, while aligned lines keep their columns and scroll sideways."""
    def line_html(line: str) -> str:
        escaped = html.escape(line)
        return f'<span class="prose">{_unbreakable_words(escaped)}</span>' if "  " not in line.strip() else escaped

    return "\n".join(line_html(line) for line in text.split("\n"))


def _section_html(section: Any, precision: int, figures: _FigureJobs | None, order: list[str] | None = None) -> str:
    parts = [f'<section id="{_slug(section.key)}">', f"<h2>{html.escape(section.title)}</h2>"]
    if section.text:
        pre = f'<pre class="section-text">{_console_html(section.text)}</pre>'
        # Long console output repeats the tables below: folded, one click away.
        if section.text.count("\n") > 15:
            pre = f"<details><summary>Text output ({section.text.count(chr(10)) + 1} lines)</summary>{pre}</details>"
        parts.append(pre)
    for name, result in (section.results or {}).items():
        drawn = section.figures is None or name in section.figures
        parts.append(_result_html(str(name), result, precision, figures if drawn else None, order))
    parts.append("</section>")
    return "\n".join(parts)


def _reading_html(data: Any, sections: list[Any], alpha: float) -> str:
    items = "".join(f"<li>{html.escape(s)}</li>" for s in reading(data, sections, alpha))
    caveats = "".join(f"<li>{html.escape(c)}</li>" for c in CAVEATS)
    return (f'<section id="reading"><h2>Reading the results</h2><ul class="reading">{items}</ul>'
            f'<h3>Caveats</h3><ul class="caveats">{caveats}</ul></section>')


def render_report(data: Any, options: Any = None, *, sections: list[Any] | None = None,
                  title: str = "Statistical comparison of algorithms", precision: int = 4,
                  figures: bool = True) -> str:
    """The HTML report of an analysis of ``data`` as one string.

    Parameters
    ----------
    data : Results, DataFrame or array
        The results table analysed.
    options : AnalysisOptions, optional
        Alpha, control, p_adjust, ... (default ``AnalysisOptions()``).
    sections : list of Section, optional
        Sections already computed by :func:`algocompare.analysis.run_analysis`; computed
        here when omitted.
    title : str
    precision : int
        Decimals of the tables.
    figures : bool
        Embed the figures (SVG).

    Returns
    -------
    str
        A complete HTML5 document: data summary, one part per section (text, tables with
        rejected hypotheses in bold, figures), a plain-language reading and its caveats.

    Notes
    -----
    The page reads on a phone as on a laptop (checked in headless Chromium at 390, 768 and
    1280 px): numbers, names and headers never break across lines; a table, figure or
    console text wider than the window scrolls sideways in its own box; long free text in a
    table cell wraps at spaces; a result of one row of many values is set as field | value
    rows; a figure shrinks only until its smallest text is :data:`MIN_TEXT_PX` high.
    See Also
    --------
    write_report : writes it to a file.
    export_tables : the tables of the analysis for a paper.
    algocompare.analysis.run_analysis : the sections.

    References
    ----------
    .. [1] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html


    Examples
    --------
    >>> import algocompare as ac
    >>> page = ac.render_report(ac.load_dataset("ice_cream"), title="Ice cream", figures=False)
    >>> page.splitlines()[0], "<h1>Ice cream</h1>" in page, "Reading the results" in page
    ('<!DOCTYPE html>', True, True)
    """
    from algocompare import __version__
    from algocompare.analysis import AnalysisOptions, adjustment_summary, run_analysis
    from algocompare.data._convert import as_results

    data = as_results(data, nan_policy="keep")
    options = options or AnalysisOptions()
    sections = run_analysis(data, options) if sections is None else list(sections)
    jobs = _FigureJobs() if figures else None
    toc = [("summary", "Data summary"), *((_slug(s.key), s.title) for s in sections),
           ("reading", "Reading the results")]
    body = [f"<h1>{html.escape(title)}</h1>",
            f'<p class="meta">algocompare {__version__} · α = {options.alpha:g} · '
            f"p-value adjustment: {html.escape(adjustment_summary(sections, str(options.p_adjust)))}</p>",
            "<nav><ol>" + "".join(f'<li><a href="#{key}">{html.escape(t)}</a></li>' for key, t in toc) + "</ol></nav>",
            '<section id="summary"><h2>Data summary</h2>', _summary_html(data, precision, jobs), "</section>"]
    order = algorithm_order(data)
    body += [_section_html(s, precision, jobs, order) for s in sections]
    body.append(_reading_html(data, sections, options.alpha))
    document = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
                + _mark_long_text("\n".join(body)) + "\n</body>\n</html>\n")
    return jobs.fill(document) if jobs is not None else document


def write_report(data: Any, path: str | Path, options: Any = None, **kwargs: Any) -> Path:
    """Write :func:`render_report` to ``path`` (UTF-8); returns the path.

    Parameters
    ----------
    data : Results, DataFrame or array
        The results table analysed.
    path : str or Path
        The HTML file to write (replaced if it exists).
    options : AnalysisOptions, optional
        Alpha, control, p_adjust, ... (default ``AnalysisOptions()``).
    **kwargs
        Passed to :func:`render_report` (``sections``, ``title``, ``precision``, ``figures``).

    Returns
    -------
    Path
        ``path``.
    See Also
    --------
    render_report : the page as a string.

    References
    ----------
    .. [1] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665


    Examples
    --------
    >>> import pathlib, tempfile, algocompare as ac
    >>> path = ac.write_report(ac.load_dataset("ice_cream"), pathlib.Path(tempfile.mkdtemp()) / "report.html")
    >>> path.name, path.read_text(encoding="utf-8").count("<svg") > 0
    ('report.html', True)
    """
    path = Path(path)
    path.write_text(render_report(data, options, **kwargs), encoding="utf-8")
    return path
