"""read_anytime / detect_format: the format of a folder or file found, the format's reader called,
one-line errors for folders of no or several formats."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from algocompare.anytime import detect_format, read_anytime, read_cec, read_coco, read_iohprofiler

DATA = Path(__file__).parent.parent / "data" / "anytime"


def _same(a, b) -> None:
    pd.testing.assert_frame_equal(a.to_long(), b.to_long())
    assert a.direction == b.direction


def test_coco_exdata_detected_and_read_as_read_coco():
    folder = DATA / "coco" / "exdata"
    assert detect_format(folder) == "coco"
    _same(read_anytime(folder), read_coco(folder))


def test_iohprofiler_detected_and_read_as_read_iohprofiler():
    folder = DATA / "iohprofiler"
    assert detect_format(folder) == "iohprofiler"
    _same(read_anytime(folder), read_iohprofiler(folder))


def test_old_iohprofiler_info_is_not_taken_for_coco(tmp_path):
    (tmp_path / "f1.dat").write_text('"function evaluation" "current f(x)" "best-so-far f(x)"\n1 5 5\n3 2 2\n')
    (tmp_path / "IOHprofiler_f1.info").write_text("suite = 'PBO', funcId = 1, DIM = 16, algId = 'ea'\n%\n"
                                                  "f1.dat, 1:10|2\n")
    assert detect_format(tmp_path) == "iohprofiler"
    assert read_anytime(tmp_path).at_target(2.0).evaluations.tolist() == [3.0]


def test_cec_files_detected_and_read_as_read_cec(tmp_path):
    rng = np.random.default_rng(1)
    for name in ("jSO_F1_D10.txt", "LSHADE_F1_D10.txt", "jSO_F2_D10.txt", "LSHADE_F2_D10.txt"):
        np.savetxt(tmp_path / name, np.sort(rng.random((14, 3)), axis=0)[::-1])
    assert detect_format(tmp_path) == "cec"
    assert detect_format(tmp_path / "jSO_F1_D10.txt") == "cec"
    _same(read_anytime(tmp_path), read_cec(tmp_path))


def test_long_csv_detected_and_direction_passed(tmp_path):
    long = pd.DataFrame({"algorithm": ["A", "A", "B", "B"], "instance": "f1", "run": 1,
                         "evaluations": [1, 10, 1, 5], "value": [3.0, 5.0, 2.0, 4.0]})
    long.to_csv(tmp_path / "runs.csv", index=False)
    assert detect_format(tmp_path / "runs.csv") == "long"
    runs = read_anytime(tmp_path, direction="maximize")
    assert runs.direction == "maximize"
    assert runs.at_budget(5).blocks().loc["f1"].to_dict() == {"A": 3.0, "B": 4.0}


def test_several_formats_one_line_error_naming_them_and_the_fix(tmp_path):
    shutil.copytree(DATA / "coco", tmp_path / "coco")
    np.savetxt(tmp_path / "jSO_F1_D10.txt", np.ones((14, 2)))
    with pytest.raises(ValueError, match=r"found COCO exdata .*CEC competition files .*pass format=") as info:
        read_anytime(tmp_path)
    assert "\n" not in str(info.value)
    # the format= the message offers reads it
    assert read_anytime(tmp_path, format="cec").n_runs == 2


def test_nothing_known_one_line_error(tmp_path):
    (tmp_path / "notes.txt").write_text("hello\n")
    with pytest.raises(ValueError, match=r"no anytime logs found .*pass format="):
        read_anytime(tmp_path)
    with pytest.raises(ValueError, match="no such file or folder"):
        read_anytime(tmp_path / "missing")
    with pytest.raises(ValueError, match="unknown format 'ioh'"):
        read_anytime(tmp_path, format="ioh")


def test_direction_refused_for_platform_logs():
    with pytest.raises(ValueError, match="leave direction= out"):
        read_anytime(DATA / "coco" / "exdata", direction="maximize")


def test_nevergrad_csv_detected(tmp_path):
    pd.DataFrame({"optimizer_name": ["OnePlusOne"], "loss": [1.0], "budget": [100]}).to_csv(tmp_path / "ng.csv",
                                                                                          index=False)
    assert detect_format(tmp_path) == "nevergrad"


def test_nevergrad_and_coco_biobj_read_by_their_readers(tmp_path):
    from algocompare.anytime import read_coco_biobj, read_nevergrad

    shutil.copy(DATA / "nevergrad" / "artificial.csv", tmp_path / "artificial.csv")
    assert detect_format(tmp_path) == "nevergrad"
    _same(read_anytime(tmp_path, budget=50), read_nevergrad(tmp_path, budget=50))
    with pytest.raises(ValueError, match="budget="):
        read_anytime(tmp_path)  # several budgets: read_nevergrad's one-line error
    with pytest.raises(ValueError, match="budget= is for Nevergrad"):
        read_anytime(DATA / "coco" / "exdata", budget=50)
    folder = DATA / "coco_biobj" / "exdata"
    assert detect_format(folder) == "coco_biobj"
    _same(read_anytime(folder), read_coco_biobj(folder))


def test_cec_competition_option_and_refusals(tmp_path):
    np.savetxt(tmp_path / "jSO_F1_D10.txt", np.ones((16, 2)))  # CEC 2020's 16 checkpoints
    with pytest.raises(ValueError, match="16 rows of errors for 14 checkpoints"):
        read_anytime(tmp_path)
    _same(read_anytime(tmp_path, competition="cec2020"), read_cec(tmp_path, competition="cec2020"))
    with pytest.raises(ValueError, match="competition= is for CEC"):
        read_anytime(DATA / "coco" / "exdata", competition="cec2020")
    pd.DataFrame({"algorithm": ["A"], "instance": "f1", "run": 1, "evaluations": [1], "value": [3.0]}).to_csv(
        tmp_path / "long.csv", index=False)
    with pytest.raises(ValueError, match="budget= is for Nevergrad"):
        read_anytime(tmp_path / "long.csv", budget=10)
