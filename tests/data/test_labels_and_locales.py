"""Issue 25: numeric label columns and decimal-comma, ';'-separated files."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.cli import main


def _cec2017_numbered(tmp_path, name="F", **csv):
    """The bundled cec2017_d10 table with its function numbers (1, 3, 4, ...) in a first column ``name``."""
    blocks = ac.load_dataset("cec2017_d10").blocks()
    frame = blocks.reset_index(drop=True)
    frame.insert(0, name, blocks.index.to_numpy())
    path = tmp_path / "cec2017.csv"
    frame.to_csv(path, index=False, **csv)
    return path, blocks


# ---------------------------------------------------------------------- item 1: numeric label columns
@pytest.mark.parametrize("name", ["F", "No.", "id", "fid", "Func#"])
def test_a_column_numbering_the_functions_labels_the_rows(tmp_path, name):
    path, blocks = _cec2017_numbered(tmp_path, name)
    res = ac.read(path)
    assert list(res.algorithms) == list(blocks.columns) and list(res.instances) == list(blocks.index)
    assert f"rows labelled by column {name!r}" in res.notes[-1]
    # it was compared as an algorithm, which moved jSO's mean rank
    np.testing.assert_allclose(res.mean_ranks()["jSO"], ac.load_dataset("cec2017_d10").mean_ranks()["jSO"])


def test_integer_results_beside_an_unnamed_integer_column_are_refused_with_both_readings(tmp_path, capsys):
    path = tmp_path / "counts.csv"
    path.write_text("X,A,B\n3,1,2\n1,2,2\n2,3,1\n5,4,1\n")
    with pytest.raises(ValueError, match=r"column 'X' holds distinct integers .* Pass instance='X' .* "
                                         r"or instance=False"):
        ac.read(path)
    assert main(["analyze", str(path)]) == 2
    line = capsys.readouterr().err.strip()
    assert len(line.splitlines()) == 1 and "--instance X" in line and "--instance none" in line
    assert list(ac.read(path, instance="X").algorithms) == ["A", "B"]
    assert list(ac.read(path, instance=False).algorithms) == ["X", "A", "B"]
    for choice in ("X", "none"):  # both suggestions work as given
        assert main(["consensus", str(path), "--instance", choice, "--method", "borda"]) == 0


def test_a_named_number_column_and_integer_results(tmp_path):
    path = tmp_path / "numbered.csv"
    path.write_text("No.,A,B,C\n1,4,2,3\n2,1,2,3\n3,3,2,1\n4,2,1,3\n")
    assert list(ac.read(path).instances) == [1, 2, 3, 4]
    index = tmp_path / "index.csv"  # a DataFrame's index written by to_csv: no header
    pd.DataFrame({"A": [4, 1, 3], "B": [2, 2, 2], "C": [3, 3, 1]}, index=[7, 3, 5]).to_csv(index)
    assert list(ac.read(index).instances) == [7, 3, 5] and list(ac.read(index).algorithms) == ["A", "B", "C"]
    plain = tmp_path / "plain.csv"  # no label column: the first column repeats a value
    plain.write_text("A,B,C\n1,2,3\n1,3,2\n2,1,3\n")
    assert list(ac.read(plain).algorithms) == ["A", "B", "C"]


# ---------------------------------------------------------------------- item 2: decimal commas
def test_semicolon_decimal_comma_file_with_commas_in_its_names(tmp_path):
    path = tmp_path / "euro.csv"
    path.write_text("instance;CMA-ES (IPOP, restarts);L-SHADE (linear pop. reduction)\n"
                    "f1;1,5;2,25\nf2;1.234,5;2,1\nf3;0,5;0,75\n")
    res = ac.read(path)  # was: "a row has more cells than its header"
    assert list(res.algorithms) == ["CMA-ES (IPOP, restarts)", "L-SHADE (linear pop. reduction)"]
    assert res.values().tolist() == [[1.5, 2.25], [1234.5, 2.1], [0.5, 0.75]]
    assert "decimal commas" in res.notes[-1]


def test_the_cec_table_written_by_a_european_spreadsheet_reads_as_the_original(tmp_path):
    path, blocks = _cec2017_numbered(tmp_path, sep=";", decimal=",")
    res = ac.read(path)
    np.testing.assert_allclose(res.blocks().to_numpy(), blocks.to_numpy())


def test_delimiter_and_decimal_options(tmp_path, capsys):
    path = tmp_path / "odd.txt"
    path.write_text("instance|A|B\nf1|1,5|2\nf2|2|1,25\nf3|0,5|1\n")
    res = ac.read(path, delimiter="|", decimal=",")
    assert res.values().tolist() == [[1.5, 2.0], [2.0, 1.25], [0.5, 1.0]]
    assert main(["consensus", str(path), "--delimiter", "|", "--decimal", ",", "--method", "borda"]) == 0
    ragged = tmp_path / "ragged.csv"
    ragged.write_text("instance,A,B\nf1,1,2,5\nf2,2,1\nf3,1,3\n")
    with pytest.raises(ValueError, match=r"\(cells split at ','\).*delimiter=';'.*decimal=','"):
        ac.read(ragged)
    with pytest.raises(ValueError, match="decimal=.;. is not valid; choose one of"):
        ac.read(path, decimal=";")


def test_a_decimal_comma_in_a_column_with_other_text_is_named(tmp_path):
    path = tmp_path / "mixed.csv"
    path.write_text("instance;A;B\nf1;1,5;2\nf2;2;x\nf3;0,5;1\n")
    with pytest.raises(ValueError, match=r"non-numeric value 'x' in column 'B'"):
        ac.read(path)
    frame = pd.DataFrame({"A": ["1,5", "oops", "2"], "B": [1.0, 2.0, 3.0]}, index=["f1", "f2", "f3"])
    with pytest.raises(ValueError, match=r"'1,5' .* decimal comma .* decimal=','"):
        ac.Results.from_wide(frame)


@pytest.mark.parametrize("columns", [("F", "Function"), ("Function", "No.")])
def test_numbers_beside_the_names_are_labels_too(tmp_path, columns):
    path, blocks = _cec2017_numbered(tmp_path, "F")
    frame = pd.read_csv(path)
    frame.insert(1, "Function", [f"f{i} (CEC 2017)" for i in frame["F"]])
    frame = frame.rename(columns={"F": "No."}) if columns[1] == "No." else frame
    frame = frame[[*columns, *blocks.columns]]
    frame.to_csv(path, index=False)
    res = ac.read(path)  # the numbers were compared as an algorithm, or the names refused as non-numeric cells
    assert list(res.algorithms) == list(blocks.columns) and res.instances[0] == "f1 (CEC 2017)"
    number = columns[0] if columns[0] != "Function" else columns[1]
    assert f"column {number!r} numbers them: not an algorithm" in res.notes[-1]
    np.testing.assert_allclose(res.values(), blocks.to_numpy())
