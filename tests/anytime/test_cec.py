"""read_cec: CEC competition files (checkpoints × runs) into AnytimeResults."""

import numpy as np
import pytest

import algocompare as ac
from algocompare.anytime import cec_checkpoints, read_cec

# CEC 2017 (Awad et al. 2016, section 'Experimental setting'): errors recorded after
# (0.01, 0.02, 0.03, 0.05, 0.1, 0.2, ..., 0.9, 1.0) × MaxFES, MaxFES = 10000 × D, 51 runs
FRACTIONS_2017 = [0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]


def _errors(seed, runs=3, rows=14):
    rng = np.random.default_rng(seed)
    return np.sort(rng.lognormal(2, 1, (rows, runs)), axis=0)[::-1]  # decreasing along the budget


def _write(path, matrix, sep=" "):
    path.write_text("\n".join(sep.join(f"{x:.6e}" for x in row) for row in matrix) + "\n")


def test_folder_of_cec2017_files(tmp_path):
    data = {("jSO", 1, 10): _errors(1), ("jSO", 3, 30): _errors(2), ("LSHADE", 1, 10): _errors(3),
            ("LSHADE", 3, 30): _errors(6)}
    for (alg, f, d), m in data.items():
        _write(tmp_path / f"{alg}_F{f}_D{d}.txt", m)
    (tmp_path / "README.md").write_text("not a result file\n")
    runs = read_cec(tmp_path)
    assert set(runs.algorithms) == {"jSO", "LSHADE"} and set(runs.instances) == {"F1_D10", "F3_D30"}
    long = runs.to_long()
    one = long[(long.algorithm == "jSO") & (long.instance == "F3_D30") & (long.run == 2)]
    np.testing.assert_array_equal(one.evaluations, np.round(np.array(FRACTIONS_2017) * 300_000))
    np.testing.assert_allclose(one.value, data[("jSO", 3, 30)][:, 1], rtol=1e-6)
    assert (one.budget == 300_000).all()
    res = runs.at_budget(30_000)   # 0.3 × MaxFES on D = 10
    cell = res.to_long().set_index(["algorithm", "instance", "run"]).value
    assert cell[("LSHADE", "F1_D10", 3)] == pytest.approx(data[("LSHADE", 1, 10)][6, 2], rel=1e-6)


def test_plain_numbers_in_names_commas_and_transposed_files(tmp_path):
    m = _errors(4, runs=2, rows=16)
    _write(tmp_path / "j2020_7_10.txt", m, sep=",")
    _write(tmp_path / "j2020_8_10.txt", m.T)
    runs = read_cec([tmp_path / "j2020_7_10.txt"], competition="cec2020")
    assert runs.instances == ("F7_D10",) and runs.n_runs == 2
    # CEC 2020 (Yue et al. 2019): D^(k/5 - 3) × MaxFES, k = 0..15, MaxFES(D = 10) = 1,000,000
    np.testing.assert_array_equal(runs.to_long().evaluations[:16], np.round([10 ** (k / 5 + 3) for k in range(16)]))
    transposed = read_cec([tmp_path / "j2020_8_10.txt"], competition="cec2020", layout="runs_by_checkpoints")
    np.testing.assert_allclose(transposed.to_long().value, runs.to_long().value)


def test_checkpoints_of_the_competitions():
    np.testing.assert_array_equal(cec_checkpoints("cec2017", 50), np.array(FRACTIONS_2017) * 500_000)
    assert cec_checkpoints("cec2022", 20)[-1] == 1_000_000 and cec_checkpoints("cec2022", 10)[-1] == 200_000
    assert cec_checkpoints("cec2020", 5)[5] == 2000   # 5^(1 - 3) × 50,000
    with pytest.raises(ValueError, match="cec2022 has no budget for dimension 30"):
        cec_checkpoints("cec2022", 30)
    with pytest.raises(ValueError, match="unknown competition 'cec1999'"):
        cec_checkpoints("cec1999", 10)


def test_own_checkpoints(tmp_path):
    _write(tmp_path / "A_F1_D2.txt", _errors(5, rows=3))
    runs = read_cec(tmp_path, checkpoints=lambda d: [10 * d, 100 * d, 1000 * d])
    assert runs.to_long().evaluations.tolist()[:3] == [20, 200, 2000]


@pytest.mark.parametrize("text, message", [
    ("1 2 3\n4 5\n", r"A_F1_D10.txt, line 2: 2 values where the lines above have 3; the file is truncated"),
    ("1 2 3\n4 x 6\n", r"A_F1_D10.txt, line 2: 'x' is not a number"),
    ("1 2 3\n\n4 nan 6\n", r"A_F1_D10.txt, line 3: a missing value"),
    ("1 2 3\n" * 13, r"A_F1_D10.txt: 13 rows of errors for 14 checkpoints; the file is truncated"),
    ("", r"A_F1_D10.txt: the file holds no numbers"),
])
def test_malformed_files_give_one_line_errors_naming_file_and_line(tmp_path, text, message):
    (tmp_path / "A_F1_D10.txt").write_text(text)
    with pytest.raises(ValueError, match=message) as caught:
        read_cec(tmp_path)
    assert "\n" not in str(caught.value)


def test_names_that_do_not_match(tmp_path):
    (tmp_path / "notes.txt").write_text("1\n")
    with pytest.raises(ValueError, match="no file name matches the pattern"):
        read_cec(tmp_path)
    with pytest.raises(ValueError, match="the name does not match the pattern"):
        read_cec([tmp_path / "notes.txt"])
    with pytest.raises(ValueError, match="lacks the named group"):
        read_cec(tmp_path, pattern=r"(?P<algorithm>\w+)\.txt")


def test_the_results_feed_the_tests(tmp_path):
    for alg, scale in (("A", 1.0), ("B", 2.0), ("C", 3.0)):
        for f in range(1, 6):
            _write(tmp_path / f"{alg}_F{f}_D10.txt", _errors(f) * scale)
    res = read_cec(tmp_path).at_budget(100_000)
    assert res.n_instances == 5 and res.has_runs
    assert ac.friedman(res).pvalue < 0.05   # A < B < C on every function

