"""Damaged logs, as a crash, a full disk or a copy cut short leave them, for the IOHprofiler, COCO
and CEC readers: what is data (a run cut short is a run with fewer evaluations; its budget is what
its meta-data say it used) and what is a one-line error naming the file and the line.

Also the chunked parser against the line-by-line one: the same runs whatever the chunk size, and
the line of a problem found in a later chunk."""

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from algocompare.anytime import _iohprofiler, read_cec, read_coco, read_iohprofiler

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime"
IOH, EXDATA = DATA / "iohprofiler", DATA / "coco" / "exdata"
DAT = Path("OnePlusOne") / "data_f1_Sphere" / "IOHprofiler_f1_DIM2.dat"      # 4 runs, 21 lines
META = Path("OnePlusOne") / "IOHprofiler_f1_Sphere.json"
COCO_DAT = Path("RS") / "data_f1" / "bbobexp_f1_DIM2.dat"                    # 3 trials


@pytest.fixture(autouse=True, params=["chunked", "small-by-line"])
def parser(request, monkeypatch):
    """Every case through both readings of a .dat file: the sample files are small (read line by
    line), so the chunked parser is forced on them too (files of any size go through it)."""
    if request.param == "chunked":
        monkeypatch.setattr(_iohprofiler, "_SMALL", 0)
    return request.param


@pytest.fixture
def ioh(tmp_path):
    shutil.copytree(IOH, tmp_path / "logs")
    return tmp_path / "logs"


@pytest.fixture
def coco(tmp_path):
    shutil.copytree(EXDATA, tmp_path / "exdata")
    return tmp_path / "exdata"


def _one_line_error(reader, folder, pattern):
    with pytest.raises(ValueError, match=pattern) as caught:
        reader(folder)
    assert "\n" not in str(caught.value)


def _lines(path):
    return path.read_text().splitlines()


def _write(path, lines, newline_at_end=True):
    path.write_text("\n".join(lines) + ("\n" if newline_at_end else ""))


# --- IOHprofiler -------------------------------------------------------------------------------

def test_a_run_cut_short_by_a_crash_is_a_shorter_run_with_the_budget_the_meta_data_give(ioh):
    lines = _lines(ioh / DAT)
    headers = [i for i, line in enumerate(lines) if line.startswith("evaluations")]
    last_run = lines[headers[-1]:]
    assert len(last_run) > 3
    _write(ioh / DAT, lines[:headers[-1]] + last_run[:3])      # the last run keeps its first 2 records
    runs = read_iohprofiler(ioh).runs()
    cut = runs[(runs.algorithm == "OnePlusOne") & (runs.instance == "F1_D2")].iloc[-1]
    assert cut.records == 2 and cut.budget == 100          # the .json's evals: what the run used
    assert cut.last_evaluations == float(last_run[2].split()[0])


def test_a_last_line_cut_in_the_middle_is_an_error_naming_file_and_line(ioh):
    lines = _lines(ioh / DAT)
    _write(ioh / DAT, lines[:-1] + [lines[-1].split()[0]], newline_at_end=False)   # "37" of "37 0.0123"
    _one_line_error(read_iohprofiler, ioh, rf"IOHprofiler_f1_DIM2.dat, line {len(lines)}: expected numbers")


def test_a_dat_shorter_than_its_json_and_an_empty_dat(ioh):
    lines = _lines(ioh / DAT)
    headers = [i for i, line in enumerate(lines) if line.startswith("evaluations")]
    _write(ioh / DAT, lines[:headers[2]])                       # two of the four runs
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat: 2 runs, but .*IOHprofiler_f1_Sphere.json "
                                           r"lists 4; one of them is truncated")
    (ioh / DAT).write_text("")
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat: 0 runs, but .*lists 4")


def test_a_header_repeated_inside_a_run(ioh):
    # ioh writes one header per run; a header in the middle of a run makes a run more than the
    # .json lists, and a header with no record after it (the crash came right after it) is a run
    # with no record: both errors name the line
    lines = _lines(ioh / DAT)
    _write(ioh / DAT, lines[:3] + [lines[0]] + lines[3:])
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat: 5 runs, but .* lists 4")
    _write(ioh / DAT, lines[:3] + [lines[0], lines[0]] + lines[3:])
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat, line 4: a run with no record")


def test_non_numbers_nan_and_binary_garbage_name_the_line(ioh):
    lines = _lines(ioh / DAT)
    e = lines[7].split()[0]
    for bad, message in ((f"{e} abc", "expected numbers"), (f"{e} nan", r"a missing value \(nan\)"),
                         (f"{e} 0.5 extra-field", None), ("1 0.5", "evaluations 1 after")):
        damaged = lines[:7] + [bad] + lines[8:]
        _write(ioh / DAT, damaged)
        if message is None:      # a further field is not read: the line is data
            assert read_iohprofiler(ioh).n_records == sum(1 for p in IOH.rglob("*.dat") for x in _lines(p)
                                                          if x[0].isdigit())
            continue
        _one_line_error(read_iohprofiler, ioh, rf"IOHprofiler_f1_DIM2.dat, line 8: {message}")
    (ioh / DAT).write_bytes("\n".join(lines[:7]).encode() + b"\n\xff\xfe\x00\x01 2\n" + "\n".join(lines[8:]).encode())
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat, line 8: expected numbers")


def test_evaluations_zero_or_infinite_name_the_run(ioh):
    lines = _lines(ioh / DAT)
    _write(ioh / DAT, [lines[0], "0 " + lines[1].split()[1]] + lines[2:])
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat, line 1: the run's evaluations go from 0 to")
    headers = [i for i, line in enumerate(lines) if line.startswith("evaluations")]
    _write(ioh / DAT, lines[:headers[1] - 1] + ["inf 0.001"] + lines[headers[1]:])
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat, line 1: .* to inf; they must be positive finite")


def test_missing_or_empty_meta_data_and_a_missing_dat(ioh):
    (ioh / META).write_text("")
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_Sphere.json, line 1: not valid JSON")
    meta = json.loads((IOH / META).read_text())
    meta["scenarios"] = []
    (ioh / META).write_text(json.dumps(meta))
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_Sphere.json: the meta-data list no run")
    shutil.copy(IOH / META, ioh / META)
    (ioh / DAT).unlink()
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat: the .dat file the meta-data name is missing")


def test_a_json_budget_below_the_records_is_an_error(ioh):
    meta = json.loads((ioh / META).read_text())
    meta["scenarios"][0]["runs"][0]["evals"] = 3
    (ioh / META).write_text(json.dumps(meta))
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat, line 1: the run's last record is at \d+ "
                                           r"evaluations, but .*json says it used 3")


# --- the chunked parser against the line-by-line one ----------------------------------------------

@pytest.mark.parametrize("chunk", [7, 64, 1000, 1 << 25])
def test_chunked_parsing_equals_the_line_by_line_reading(monkeypatch, chunk):
    monkeypatch.setattr(_iohprofiler, "_CHUNK", chunk)
    files = sorted(IOH.rglob("*.dat")) + sorted(EXDATA.rglob("*.dat"))
    assert len(files) == 16
    for path in files:
        fast, slow = _iohprofiler._dat_runs_fast(path), _iohprofiler._dat_runs_by_line(path)
        assert fast is not None and len(fast) == len(slow) > 0
        for (e1, y1, line1), (e2, y2, line2) in zip(fast, slow, strict=True):
            np.testing.assert_array_equal(e1, e2)
            np.testing.assert_array_equal(y1, y2)      # the same doubles: pandas' round-trip parser
            assert line1 == line2


def test_the_flat_record_arrays_grown_in_place_hold_every_run(monkeypatch):
    # the samples hold fewer records than the first allocation: start at 3 to grow it many times
    expected = read_iohprofiler(IOH).to_long()
    monkeypatch.setattr(_iohprofiler._Records, "initial", 3)
    grown = read_iohprofiler(IOH)
    assert grown.to_long().equals(expected) and grown.n_records == len(expected) > 500
    pieces = [values.to_numpy() for _, values in expected.groupby(["algorithm", "instance", "run"],
                                                                   sort=False).value]
    assert grown.values_at([1e9]).ravel().tolist() == [p.min() for p in pieces]


def test_unusual_but_valid_lines_go_the_slow_way_and_are_read(ioh):
    lines = _lines(ioh / DAT)
    _write(ioh / DAT, [lines[0], "", "  " + lines[1]] + [x.replace(" ", "\t") for x in lines[2:]])
    assert _iohprofiler._dat_runs_fast(ioh / DAT) is None
    reread = read_iohprofiler(ioh).to_long()
    np.testing.assert_array_equal(reread.to_numpy(), read_iohprofiler(IOH).to_long().to_numpy())


def test_windows_line_endings_are_read_the_same(ioh):
    for dat in ioh.rglob("*.dat"):
        dat.write_bytes(dat.read_bytes().replace(b"\n", b"\r\n"))
    assert read_iohprofiler(ioh).to_long().equals(read_iohprofiler(IOH).to_long())


def test_a_problem_in_a_later_chunk_is_named_by_its_line(ioh, monkeypatch):
    monkeypatch.setattr(_iohprofiler, "_CHUNK", 50)
    lines = _lines(ioh / DAT)
    _write(ioh / DAT, lines[:18] + [lines[18].split()[0]] + lines[19:])
    _one_line_error(read_iohprofiler, ioh, r"IOHprofiler_f1_DIM2.dat, line 19: expected numbers")


# --- COCO ----------------------------------------------------------------------------------------

def test_coco_info_with_a_trial_cut_off(coco):
    info = coco / "RS" / "bbobexp_f1.info"
    lines = _lines(info)
    _write(info, lines[:-1] + [lines[-1][:lines[-1].rindex(",") + 4]])     # "…, 3:5" of "3:500|4.0e+00"
    _one_line_error(read_coco, coco / "RS", rf"bbobexp_f1.info, line {len(lines)}: '3:' is not a run")


def test_coco_info_missing_its_data_line_and_a_dat_with_fewer_trials(coco):
    info = coco / "RS" / "bbobexp_f1.info"
    _write(info, _lines(info)[:-1])                 # the last header with no data line after it
    _one_line_error(read_coco, coco / "RS", r"bbobexp_f1.info: a header with no data line after it")
    shutil.copy(EXDATA / "RS" / "bbobexp_f1.info", info)
    lines = _lines(coco / COCO_DAT)
    headers = [i for i, line in enumerate(lines) if line.startswith("%")]
    _write(coco / COCO_DAT, lines[:headers[-1]])
    _one_line_error(read_coco, coco / "RS", r"bbobexp_f1_DIM2.dat: 2 runs, but .*bbobexp_f1.info lists 3")


def test_coco_empty_dat_empty_info_non_number(coco):
    (coco / COCO_DAT).write_text("")
    _one_line_error(read_coco, coco / "RS", r"bbobexp_f1_DIM2.dat: 0 runs, but .*lists 3")
    shutil.copy(EXDATA / COCO_DAT, coco / COCO_DAT)
    (coco / "RS" / "bbobexp_f1.info").write_text("")
    _one_line_error(read_coco, coco / "RS", r"bbobexp_f1.info: the meta-data list no run")
    shutil.copy(EXDATA / "RS" / "bbobexp_f1.info", coco / "RS" / "bbobexp_f1.info")
    lines = _lines(coco / COCO_DAT)
    lines[2] = lines[2].replace("e", "x", 1)
    _write(coco / COCO_DAT, lines)
    _one_line_error(read_coco, coco / "RS", r"bbobexp_f1_DIM2.dat, line 3: expected numbers")


# --- CEC -------------------------------------------------------------------------------------------

def _cec(folder, matrix, name="jSO_F1_D10.txt"):
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text("\n".join(" ".join(f"{x:.6e}" for x in row) for row in matrix) + "\n")
    return path


def test_cec_a_file_cut_short(tmp_path):
    errors = np.linspace(100, 1, 14)[:, None] * np.arange(1, 4)
    path = _cec(tmp_path / "cec", errors)
    text = path.read_text()
    path.write_text("\n".join(text.splitlines()[:8]) + "\n")                 # whole rows missing
    _one_line_error(read_cec, tmp_path / "cec", r"jSO_F1_D10.txt: 8 rows of errors for 14 checkpoints; the file is "
                                                r"truncated")
    rows = text.splitlines()
    path.write_text("\n".join(rows[:-1] + [" ".join(rows[-1].split()[:2])]))   # the last row cut after 2 runs
    _one_line_error(read_cec, tmp_path / "cec", r"jSO_F1_D10.txt, line 14: 2 values where the lines above have 3")
    path.write_text("")
    _one_line_error(read_cec, tmp_path / "cec", r"jSO_F1_D10.txt: the file holds no numbers")
    path.write_text(text.replace("e+01", "e+0x", 1))
    _one_line_error(read_cec, tmp_path / "cec", r"jSO_F1_D10.txt, line \d+: '[^']*e\+0x' is not a number")
    path.write_text(text.replace(text.split()[5], "nan", 1))
    _one_line_error(read_cec, tmp_path / "cec", r"jSO_F1_D10.txt, line 2: a missing value \(nan\)")
