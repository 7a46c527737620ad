"""Issue 18, items 3 and 4: every bad input ends in one line that says what to do, and every
subcommand names what --nan-policy omit dropped.

Command line: exit code 2 and a single line on stderr; API: the exception message.
"""

from __future__ import annotations

import argparse
import json
import re

import numpy as np
import pytest

import algocompare as ac
from algocompare.cli import build_parser, main
from algocompare.cli._common import command_line_spelling


def _one_line_error(capsys, argv) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("algocompare: error: "), captured.err
    return lines[0]


def _long_rows(columns=("instance", "algorithm", "value"), algorithms=("A", "B"), runs=1, seed=0):
    rng = np.random.default_rng(seed)
    rows = [",".join(columns)]
    for problem in ("p1", "p2", "p3", "p4"):
        for alg in algorithms:
            for run in range(runs):
                cells = {"instance": problem, "algorithm": alg, "value": f"{rng.random():.4f}", "run": str(run)}
                rows.append(",".join(cells[c] for c in columns))
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("text", ["", "\n\n   \n"], ids=["empty", "blank"])
@pytest.mark.parametrize("command", [["analyze"], ["consensus"], ["severity", "--a", "A", "--b", "B", "--delta", "1"]])
def test_empty_or_blank_file(tmp_path, capsys, text, command):
    path = tmp_path / "results.csv"
    path.write_text(text)
    line = _one_line_error(capsys, [command[0], str(path), *command[1:]])
    assert "is empty" in line and "header" in line
    with pytest.raises(ValueError, match="is empty: it has no header and no rows"):
        ac.read(path)


def test_utf8_bom_is_stripped(tmp_path, capsys):
    path = tmp_path / "long.csv"
    path.write_text(_long_rows(), encoding="utf-8-sig")
    res = ac.read(path)
    assert res.n_instances == 4 and list(res.algorithms) == ["A", "B"]
    wide = tmp_path / "wide.csv"
    wide.write_text("instance,A,B\nf1,1,2\nf2,2,1\nf3,1,3\n", encoding="utf-8-sig")
    assert list(ac.read(wide).instances) == ["f1", "f2", "f3"]
    assert main(["consensus", str(path), "--method", "borda"]) == 0


def test_long_file_with_other_column_names_gets_the_options(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    text = _long_rows(("instance", "algorithm", "run", "value"), runs=2)
    path.write_text(text.replace("instance,algorithm,run,value", "problem,solver,seed,score", 1))
    with pytest.raises(ValueError, match=r"layout='long', algorithm='solver', instance='problem', "
                                         r"value='score', run='seed'"):
        ac.read(path)
    line = _one_line_error(capsys, ["analyze", str(path)])
    assert "--layout long --algorithm solver --instance problem --value score --run seed" in line
    assert "duplicate" not in line
    # the hint works as given
    argv = ["consensus", str(path), "--layout", "long", "--algorithm", "solver", "--instance", "problem",
            "--value", "score", "--run", "seed"]
    assert main(argv) == 0


def test_one_column_file_is_one_column(tmp_path, capsys):
    path = tmp_path / "one.csv"
    path.write_text("A\n1\n2\n3\n")
    # one column, not split at a delimiter guessed from its letters
    with pytest.raises(ValueError, match=r"only 1 algorithm \('A'\)"):
        ac.read(path)
    line = _one_line_error(capsys, ["analyze", str(path)])
    assert "'A'" in line and "Unnamed" not in line


def test_samplesize_outside_the_search_range(capsys):
    line = _one_line_error(capsys, ["samplesize", "--d", "1e-4"])
    assert "10,000,000" in line and "--d" in line and "different signs" not in line


@pytest.mark.parametrize("layout", ["wide", "long"])
def test_numeric_labels_given_as_text(tmp_path, capsys, layout):
    path = tmp_path / "numeric.csv"
    if layout == "long":
        path.write_text(_long_rows(algorithms=("1", "2", "3")))
        assert ac.read(path).algorithms[0] == 1  # pandas reads the labels as numbers
    else:
        path.write_text("instance,1,2,3\nf1,1,2,3\nf2,2,1,3\nf3,3,2,1\nf4,1,3,2\n")
    assert main(["analyze", str(path), "--control", "2", "--json"]) == 0
    control = json.loads(capsys.readouterr().out)["posthoc"]["control"]
    assert str(control["control"]) == "2" and {row["algorithm_a"] for row in control["table"]} == {control["control"]}


def test_severity_numeric_algorithm_labels(tmp_path, capsys):
    rows = ["algorithm,value"] + [f"{a},{v}" for a in (1, 2) for v in np.linspace(a, a + 1, 10)]
    path = tmp_path / "runs.csv"
    path.write_text("\n".join(rows) + "\n")
    assert main(["severity", str(path), "--a", "1", "--b", "2", "--delta", "0.5"]) == 0


def test_messages_use_the_command_line_spelling(tmp_path, capsys):
    path = tmp_path / "missing.csv"
    path.write_text("instance,A,B\nf1,1,\nf2,2,3\nf3,1,2\n")
    line = _one_line_error(capsys, ["consensus", str(path)])
    assert "--nan-policy omit" in line and "nan_policy" not in line
    with pytest.raises(ValueError, match="nan_policy='omit'"):  # the API keeps the Python spelling
        ac.read(path)
    assert command_line_spelling("pass layout='long', algorithm='solver', value=; or run=.") == \
        "pass --layout long --algorithm solver --value; or --run."
    assert command_line_spelling("instance='my problem'") == "--instance 'my problem'"


# ---------------------------------------------------------------------- issue 18, item 3: drops printed
def test_consensus_names_the_dropped_instances(tmp_path, capsys):
    path = tmp_path / "missing.csv"
    path.write_text("instance,A,B,C\nf1,1,,3\nf2,2,3,1\nf3,1,2,3\nf4,3,,2\n")
    assert main(["consensus", str(path), "--nan-policy", "omit"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "2 instance(s) dropped for missing values: f1, f4"
    assert main(["consensus", str(path), "--nan-policy", "omit", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dropped_instances"] == ["f1", "f4"]


def test_analyze_json_names_the_dropped_instances(tmp_path, capsys):
    path = tmp_path / "missing.csv"
    path.write_text("instance,A,B,C\nf1,1,,3\nf2,2,3,1\nf3,1,2,3\nf4,3,1,2\nf5,2,1,3\n")
    assert main(["analyze", str(path), "--nan-policy", "omit", "--json", "--control", "none"]) == 0
    assert json.loads(capsys.readouterr().out)["dropped_instances"] == ["f1"]


def test_severity_names_the_dropped_runs(tmp_path, capsys):
    a = [3.1, 2.8, 4.0, "", 2.9, 3.7, 3.3, 3.0]
    b = [2.5, 2.6, 3.1, 3.4, 2.2, "", 3.1, 2.4]
    rows = ["algorithm,value,run"] + [f"{alg},{val},{i}" for alg, runs in (("A", a), ("B", b))
                                      for i, val in enumerate(runs)]
    path = tmp_path / "runs.csv"
    path.write_text("\n".join(rows) + "\n")
    line = _one_line_error(capsys, ["severity", str(path), "--a", "A", "--b", "B", "--delta", "0.5"])
    assert "A run 3, B run 5" in line and "--nan-policy omit" in line
    argv = ["severity", str(path), "--a", "A", "--b", "B", "--delta", "0.5", "--nan-policy", "omit"]
    assert main([*argv, "--paired"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 run(s) dropped for missing values: A run 3, B run 5"
    assert out[1].startswith("2 run pair(s) dropped for missing values:") and "run 3" in out[1] and "run 5" in out[1]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dropped_runs"] == ["A run 3", "B run 5"]


# ---------------------------------------------------------------------- more bad files, one line each
@pytest.mark.parametrize("name, content, expected", [
    ("latin.csv", b"instance,A,B\nf1,1,2\nf\xe92,2,1\nf3,1,3\n", "is not UTF-8 text (byte 0xe9"),
    ("binary.csv", b"\x00\x01\x02binary", "is not a text table"),
    ("ragged.csv", b"instance,A,B\nf1,1,2,5\nf2,2,1\nf3,1,3\n", "more cells than its header has column names"),
    ("empty.xlsx", b"", "is empty: it has no header and no rows"),
    ("empty.parquet", b"", "is empty: it has no header and no rows"),
    ("garbage.xlsx", b"not a workbook", "is not an Excel workbook"),
])
def test_unreadable_files(tmp_path, capsys, name, content, expected):
    path = tmp_path / name
    path.write_bytes(content)
    assert expected in _one_line_error(capsys, ["analyze", str(path)])
    with pytest.raises(ValueError, match=expected.replace("(", r"\(")):
        ac.read(path)


def test_a_directory_is_not_a_file(tmp_path, capsys):
    folder = tmp_path / "results.csv"
    folder.mkdir()
    assert "is a directory" in _one_line_error(capsys, ["consensus", str(folder)])


def test_decimal_commas_and_trailing_delimiters_are_read(tmp_path):
    euro = tmp_path / "euro.csv"
    euro.write_text("instance;A;B\nf1;1,5;2,3\nf2;2,1;1,0\nf3;0,5;0,7\n")
    res = ac.read(euro)
    assert res.values().tolist() == [[1.5, 2.3], [2.1, 1.0], [0.5, 0.7]] and "decimal commas" in res.notes[-1]
    trailing = tmp_path / "trailing.csv"
    trailing.write_text("instance,A,B,\nf1,1,2,\nf2,2,1,\nf3,1,3,\n")
    assert list(ac.read(trailing).algorithms) == ["A", "B"]


def test_long_file_with_the_algorithm_column_first(tmp_path, capsys):
    path = tmp_path / "runs.csv"
    path.write_text("solver,problem,score\nA,p1,1\nB,p1,2\nA,p2,2\nB,p2,3\nA,p3,1\nB,p3,0\n")
    line = _one_line_error(capsys, ["analyze", str(path)])
    assert "--layout long --algorithm solver --instance problem --value score." in line


def test_a_bad_cell_in_a_wide_file_is_not_taken_for_a_long_file(tmp_path, capsys):
    path = tmp_path / "wide.csv"
    path.write_text("instance,A,B\nf1,1,2\nf1,x,1\nf3,1,3\n")
    assert "duplicate instance labels: 'f1'" in _one_line_error(capsys, ["analyze", str(path)])


def test_power_curve_names_its_own_option(capsys):
    line = _one_line_error(capsys, ["power-curve", "--instances", "1"])
    assert "--instances must be at least 2" in line and "n_instances" not in line


# ---------------------------------------------------------------------- issue 25, item 3: did you mean
def test_a_label_typed_in_another_case_is_matched(capsys):
    assert main(["analyze", "--dataset", "cec2017_d10", "--control", "jso", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["posthoc"]["control"]["control"] == "jSO"


def test_a_mistyped_label_gets_the_close_labels(capsys, tmp_path):
    line = _one_line_error(capsys, ["analyze", "--dataset", "cec2017_d10", "--control", "jS0"])
    assert "unknown control algorithm 'jS0' (did you mean 'jSO'?)" in line
    line = _one_line_error(capsys, ["analyze", "--dataset", "cec2017_d10", "--control", "nothing-like-it"])
    assert "did you mean" not in line and "'jSO'" in line  # nothing close: only the list
    res = ac.load_dataset("cec2017_d10")
    with pytest.raises(ValueError, match=r"did you mean 'MOS11' or 'MOS12' or 'MOS13'"):
        ac.posthoc(res, control="mos1")  # the API suggests, it does not guess
    path = tmp_path / "runs.csv"
    path.write_text(_long_rows(runs=3))
    argv = ["severity", str(path), "--a", "a", "--b", "B", "--delta", "0.1"]
    assert main([*argv, "--on", "P2", "--json"]) == 0  # algorithm 'a' is 'A', instance 'P2' is 'p2'
    assert json.loads(capsys.readouterr().out)["algorithm_a"] == "A"
    assert "unknown instance --on 'p22' (did you mean 'p2'?)" in _one_line_error(capsys, [*argv, "--on", "p22"])
    with pytest.raises(ValueError, match=r"unknown instance 'P2' \(did you mean 'p2'\?\)"):
        ac.read(path).instance_runs("P2")
    with pytest.raises(ValueError, match=r"unknown algorithm\(s\) \['jso'\] \(did you mean 'jSO'\?\)"):
        res.select(algorithms=["jso", "EBO"])


# ---------------------------------------------------------------------- issue 25, item 4: suggestions valid
_SUGGESTION = re.compile(r"(?:algocompare ([a-z-]+) )?(--[a-z][a-z-]*)(?: ([^\s,;()]+))?")


def _subparser(command: str):
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[command]


def _suggestions_are_accepted(command: str, line: str) -> list[str]:
    """Every ``--option [value]`` the error line suggests, checked against the parser of the
    subcommand it is suggested for (the failing one, unless the line names another)."""
    checked = []
    for other, option, value in _SUGGESTION.findall(line.split("error: ", 1)[1]):
        parser = _subparser(other or command)
        action = next((a for a in parser._actions if option in a.option_strings), None)
        assert action is not None, f"{other or command} has no option {option}: {line}"
        value = value.rstrip(".")
        if action.choices is not None and value and not value.startswith("-"):
            assert value in action.choices, f"{other or command} {option} refuses {value!r}: {line}"
        checked.append(f"{option} {value}".strip())
    return checked


def test_every_suggested_option_is_valid_for_its_subcommand(tmp_path, capsys):
    missing = tmp_path / "missing.csv"
    missing.write_text("instance,A,B,C\nf1,1,,3\nf2,2,3,1\nf3,1,2,3\n")
    renamed = tmp_path / "renamed.csv"
    renamed.write_text(_long_rows(("instance", "algorithm", "run", "value"), runs=2).replace(
        "instance,algorithm,run,value", "problem,solver,seed,score", 1))
    runs = tmp_path / "runs.csv"
    lines = _long_rows(("instance", "algorithm", "run", "value"), runs=3).splitlines()
    lines[1] = lines[1].rsplit(",", 1)[0] + ","  # one run without a value
    runs.write_text("\n".join(lines) + "\n")
    cases = [
        ("consensus", [str(missing)]), ("consensus", [str(missing), "--method", "borda"]),
        ("analyze", [str(missing), "--nan-policy", "raise"]), ("consensus", [str(renamed)]),
        ("analyze", [str(renamed)]),
        ("severity", [str(runs), "--a", "A", "--b", "B", "--delta", "1"]),
        ("severity", [str(runs), "--a", "A", "--b", "B", "--delta", "1", "--nan-policy", "omit"]),
        ("severity", [str(renamed), "--a", "A", "--b", "B", "--delta", "1"]),
        ("samplesize", ["--d", "1e-4"]), ("power-curve", ["--instances", "1"]),
        ("power-curve", ["--instances", "30", "--d-max", "0"]),
        ("analyze", ["--dataset", "cec2017_d10", "--control", "jS0"]),
        ("analyze", ["--dataset", "ice_cream", "--maximize"]), ("consensus", [str(missing), "--dataset", "ice_cream"]),
        ("severity", [str(runs), "--a", "A", "--b", "a", "--delta", "1", "--nan-policy", "omit", "--on", "p1"]),
        ("severity", [str(runs), "--a", "A", "--b", "B", "--delta", "1", "--per-instance"]),
        ("severity", [str(runs), "--a", "A", "--b", "B", "--delta", "1", "--nan-policy", "omit", "--per-instance",
                      "--on", "p2"]),
        ("severity", [str(runs), "--a", "A", "--b", "B", "--delta", "1", "--nan-policy", "omit", "--on", "p22"]),
    ]
    checked = {}
    for command, argv in cases:
        line = _one_line_error(capsys, [command, *argv])
        checked[(command, argv[-1])] = _suggestions_are_accepted(command, line)
    # the consensus hint was --nan-policy keep, which consensus refuses (issue 25)
    assert checked[("consensus", str(missing))] == ["--nan-policy omit", "--nan-policy keep"]
    assert "--nan-policy keep" in checked[("analyze", "raise")]
    assert checked[("severity", "omit")] == ["--on", "--per-instance"]
    assert "--algorithm" in checked[("severity", "1")]


# ---------------------------------------------------------------------- issue 25, item 8: tidy text and JSON
def test_severity_text_leaves_out_what_was_not_asked(tmp_path, capsys):
    text = str(ac.severity(1.2, sd=1, n=10))  # no delta, z test
    assert "None" not in text and "delta" not in text and "  df " not in text and "  n               10\n" in text
    assert "severity_at_delta" in str(ac.severity(1.2, sd=1, n=10, test="t", delta=0.5))
    path = tmp_path / "runs.csv"
    path.write_text(_long_rows(runs=6))
    assert main(["severity", str(path), "--a", "A", "--b", "B", "--delta", "0.1", "--on", "p1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "noncentral t" in lines[1]
    table = lines[2:]
    assert {len(line) for line in table} == {len(table[0])}  # values right-aligned in one column
    assert all(line.startswith("  ") and "None" not in line for line in table)


def test_power_curve_with_one_comparison_prints_one_power_column(capsys):
    assert main(["power-curve", "--instances", "30"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["d", "power"] and len(out[2].split()) == 2
    assert main(["power-curve", "--instances", "30", "--n-comparisons", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "3 comparisons (Holm)" in out[0] and out[1].split() == ["d", "mean_power", "median_power", "worst_power",
                                                                   "best_power"]


def test_power_curve_json_has_the_grid_as_decimals(capsys):
    assert main(["power-curve", "--instances", "30", "--d-max", "0.6", "--json"]) == 0
    text = capsys.readouterr().out
    data = json.loads(text)
    assert [row["d"] for row in data["curve"][:3]] == [0.006, 0.012, 0.018]  # was 0.018000000000000002
    assert all(len(repr(row["d"])) <= 6 for row in data["curve"])
    assert data["n_comparisons"] == 1 and data["test"] == "t"


def test_power_curve_legend_says_line_and_band():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = ac.plots.plot_power_curve(ac.instance_power_curve(30, [0.2, 0.5, 0.8], n_comparisons=3))
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels == ["mean power, N = 30 (t)", "range of 3 comparisons"]
    ax = ac.plots.plot_power_curve(ac.instance_power_curve(30, [0.2, 0.5, 0.8]))
    assert [text.get_text() for text in ax.get_legend().get_texts()] == ["power, N = 30 (t)"]
    plt.close("all")


def test_consensus_scores_are_right_aligned(capsys):
    assert main(["consensus", "--method", "borda"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert len({len(row) for row in rows}) == 1 and rows[-1].endswith(" 58")  # MOS12's 58 under the hundreds
