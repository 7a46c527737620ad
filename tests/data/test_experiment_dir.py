"""read_experiment_dir: a folder of result files made in tmp_path, parsed by a file-name pattern."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac

RUNS = {("de", "f1"): [1.0, 1.2, 1.1], ("de", "f2"): [3.0, 2.8, 2.9],
        ("pso", "f1"): [0.9, 1.1, 1.0], ("pso", "f2"): [2.5, 2.7, 2.6]}


def _write(folder: Path, name: str, frame: pd.DataFrame) -> None:
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    frame.to_csv(folder / name, index=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for (alg, inst), runs in RUNS.items():
        _write(tmp_path, f"{alg}_{inst}.csv", pd.DataFrame({"error": runs}))
    return tmp_path


def test_reads_the_same_results_as_from_long(folder: Path) -> None:
    res = ac.read_experiment_dir(folder)
    long = pd.DataFrame([(a, i, r + 1, x) for (a, i), runs in RUNS.items() for r, x in enumerate(runs)],
                        columns=["algorithm", "instance", "run", "value"])
    expected = ac.Results.from_long(long, run="run")
    pd.testing.assert_frame_equal(res.blocks(), expected.blocks())
    np.testing.assert_array_equal(res.runs(), expected.runs())
    assert "read 4 file(s)" in res.notes[-1]


def test_fields_parse_shortest_and_extra_fields_join_the_instance(tmp_path: Path) -> None:
    # scmamp readExperimentDir-like names: algorithm, dimension, instance; "f_1" keeps its underscore
    for alg in ("de", "pso"):
        for dim in (10, 30):
            for inst in ("f_1", "f_2"):
                _write(tmp_path, f"{alg}-{dim}-{inst}.txt", pd.DataFrame({"value": [dim + len(alg) + 0.5]}))
    res = ac.read_experiment_dir(tmp_path, "{algorithm}-{dimension}-{instance}.txt")
    assert sorted(res.instances) == ["10/f_1", "10/f_2", "30/f_1", "30/f_2"]
    assert sorted(res.algorithms) == ["de", "pso"]
    long = res.to_long()
    assert set(long["dimension"]) == {"10", "30"}  # the fields stay columns (e.g. to group by)
    assert res.blocks().loc["30/f_2", "pso"] == 33.5


def test_run_field_and_duplicate_cells_name_the_files(tmp_path: Path) -> None:
    for run in (1, 2):
        for alg in ("a", "b"):
            _write(tmp_path, f"{alg}_f1_{run}.csv", pd.DataFrame({"v": [float(run)]}))
    res = ac.read_experiment_dir(tmp_path, "{algorithm}_{instance}_{run}.csv")
    assert res.runs().shape == (1, 2, 2)
    _write(tmp_path, "a_f1_01.csv", pd.DataFrame({"v": [9.0]}))  # run 01 is run 1
    with pytest.raises(ValueError, match=r"run 1 of algorithm 'a' on instance 'f1' is given 2 times "
                                         r"\(files 'a_f1_01.csv', 'a_f1_1.csv'\)"):
        ac.read_experiment_dir(tmp_path, "{algorithm}_{instance}_{run}.csv")


def test_recursive_with_folders_in_the_pattern(tmp_path: Path) -> None:
    for (alg, inst), runs in RUNS.items():
        _write(tmp_path / alg, f"{inst}.csv", pd.DataFrame({"error": runs}))
    res = ac.read_experiment_dir(tmp_path, "{algorithm}/{instance}.csv", recursive=True)
    assert res.blocks().loc["f2", "de"] == pytest.approx(2.9)
    with pytest.raises(ValueError, match="4 file.* 'de/f1.csv'"):  # a field does not span a folder
        ac.read_experiment_dir(tmp_path, "{algorithm}_{instance}.csv", recursive=True)


def test_instance_and_run_columns_inside_the_files(tmp_path: Path) -> None:
    for alg in ("a", "b"):
        _write(tmp_path, f"{alg}.csv", pd.DataFrame({"instance": ["f1", "f1", "f2", "f2"], "run": [1, 2, 1, 2],
                                                     "fitness": [1.0, 2.0, 3.0, 4.0 + (alg == "b")]}))
    res = ac.read_experiment_dir(tmp_path, "{algorithm}.csv", direction="maximize")
    assert res.direction == "maximize" and res.blocks().loc["f2", "b"] == 4.0  # runs 3.0 and 5.0
    bad = pd.DataFrame({"instance": ["f1", "f1"], "run": [1, 1], "fitness": [1.0, 2.0]})
    _write(tmp_path, "c.csv", bad)
    with pytest.raises(ValueError, match=r"run 1 of algorithm 'c' on instance 'f1' is given 2 times \(files 'c.csv'\)"):
        ac.read_experiment_dir(tmp_path, "{algorithm}.csv")


def test_files_that_do_not_match_are_listed_or_skipped_on_request(folder: Path) -> None:
    (folder / "README.txt").write_text("notes")
    (folder / "de-f3.csv").write_text("error\n1.0\n")
    (folder / ".hidden").write_text("x")
    with pytest.raises(ValueError, match=r"2 file\(s\) .* do not match pattern '\{algorithm\}_\{instance\}.csv': "
                                         r"'README.txt', 'de-f3.csv'; .* on_mismatch='skip'"):
        ac.read_experiment_dir(folder)
    res = ac.read_experiment_dir(folder, on_mismatch="skip")
    assert res.n_instances == 2 and "skipped 2 that do not match: 'README.txt', 'de-f3.csv'" in res.notes[-1]


@pytest.mark.parametrize("pattern,match", [("{instance}.csv", "no {algorithm} field and the files have no"),
                                           ("{algorithm}_{x-y}.csv", "is not a name"),
                                           ("{algorithm}_{algorithm}.csv", "names a field twice"),
                                           ("{algorithm}.parquet", "no file .* matches")])
def test_bad_patterns(folder: Path, pattern: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        ac.read_experiment_dir(folder, pattern, on_mismatch="skip")


def test_bad_contents_and_arguments(tmp_path: Path) -> None:
    for alg in ("a", "b"):
        _write(tmp_path, f"{alg}_f1.csv", pd.DataFrame({"x": [1.0], "y": [2.0]}))
    with pytest.raises(ValueError, match="2 numeric columns .* pass value="):
        ac.read_experiment_dir(tmp_path)
    with pytest.raises(ValueError, match="no column 'z'"):
        ac.read_experiment_dir(tmp_path, value="z")
    assert ac.read_experiment_dir(tmp_path, value="y").blocks().iloc[0, 0] == 2.0
    _write(tmp_path, "c_f1.csv", pd.DataFrame({"instance": ["f1"], "x": [1.0]}))
    with pytest.raises(ValueError, match="column 'instance' that its file name also gives"):
        ac.read_experiment_dir(tmp_path, value="x")
    with pytest.raises(ValueError, match=r"2 file\(s\) give no instance for some rows: 'a_f1.csv', 'b_f1.csv'"):
        ac.read_experiment_dir(tmp_path, "{algorithm}_f1.csv", value="x")  # c_f1.csv has an instance column
    (tmp_path / "c_f1.csv").unlink()
    with pytest.raises(ValueError, match="no field or column 'instance'"):
        ac.read_experiment_dir(tmp_path, "{algorithm}_f1.csv", value="x")
    with pytest.raises(ValueError, match="not a folder"):
        ac.read_experiment_dir(tmp_path / "a_f1.csv")
    with pytest.raises(ValueError, match="on_mismatch"):
        ac.read_experiment_dir(tmp_path, on_mismatch="ignore")


def test_headerless_files_and_the_algorithm_in_a_column(tmp_path: Path) -> None:
    # one number per line, no header (scmamp's col.names): columns=["value"]
    for (alg, inst), runs in RUNS.items():
        (tmp_path / f"{alg}-{inst}.txt").write_text("\n".join(map(str, runs)) + "\n")
    res = ac.read_experiment_dir(tmp_path, "{algorithm}-{instance}.txt", columns=["value"])
    assert res.runs().shape == (2, 2, 3) and res.blocks().loc["f2", "pso"] == pytest.approx(2.6)
    with pytest.raises(ValueError, match="has 1 column\\(s\\) but columns= names 2"):
        ac.read_experiment_dir(tmp_path, "{algorithm}-{instance}.txt", columns=["value", "time"])
    other = tmp_path / "by_instance"
    for inst in ("f1", "f2"):  # the algorithm in a column, the instance in the name, space-separated
        lines = [f"{alg} {x}" for (alg, i), runs in RUNS.items() if i == inst for x in runs]
        _write_text(other / f"{inst}.dat", lines)
    res2 = ac.read_experiment_dir(other, "{instance}.dat", columns=["algorithm", "value"])
    pd.testing.assert_frame_equal(res2.blocks(), res.blocks())


def _write_text(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
