"""Hostile-input edges (issue 26): integers beyond 2**53, a truncated .xlsx, power-curve at
the float limit. Each ends in a correct result or a one-line error naming the fix."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.cli import main

BIG = 2 ** 53  # 2**53 + 1 is the first integer a double cannot hold


def _one_line(error: pytest.ExceptionInfo) -> str:
    text = str(error.value)
    assert "\n" not in text
    return text


def test_integers_beyond_2_53_in_a_file_are_refused_naming_the_column(tmp_path):
    path = tmp_path / "big.csv"
    path.write_text(f"instance,A,B\ni1,{BIG + 1},{BIG + 3}\ni2,{BIG + 3},{BIG + 1}\ni3,{BIG + 5},{BIG + 7}\n")
    with pytest.raises(ValueError, match=r"column 'A' holds the integer 9007199254740993, beyond 2\*\*53") as info:
        ac.read(path)
    assert "subtract a common offset" in _one_line(info)
    # read as floats these would tie (9007199254740992 == 9007199254740992.0): the ranks would be wrong
    assert float(BIG + 1) == float(BIG)


def test_integers_beyond_2_53_in_a_long_table_and_arrays_and_samples(tmp_path):
    long = pd.DataFrame({"instance": ["i1", "i1", "i2", "i2"], "algorithm": ["A", "B", "A", "B"],
                         "value": [BIG + 1, BIG + 2, BIG + 3, 1]})
    with pytest.raises(ValueError, match="column 'value' holds the integer"):
        ac.Results.from_long(long)
    with pytest.raises(ValueError, match="the array holds the integer 9007199254740995"):
        ac.Results.from_array(np.array([[BIG, BIG + 3], [BIG + 2, 5]]))
    with pytest.raises(ValueError, match="column 'x' holds the integer"):
        ac.paired_ttest([BIG + 1, 3, 4], [1, 2, 2])


def test_integers_beyond_64_bits_are_refused_too(tmp_path):
    """pandas holds them as Python ints (object columns): the layout guess called them text,
    and a wide reading turned them into floats without a word."""
    path = tmp_path / "huge.csv"
    path.write_text(f"instance,A,B\ni1,{2 ** 64 + 1},{2 ** 64 + 3}\ni2,{2 ** 64 + 5},{2 ** 64 + 1}\ni3,1,2\n")
    for options in ({}, {"layout": "wide"}):
        with pytest.raises(ValueError, match="column 'A' holds the integer 18446744073709551617, beyond 2"):
            ac.read(path, **options)
    as_text = pd.DataFrame({"A": [str(2 ** 60 + 1), "3"], "B": ["1", "2"]}, index=["a", "b"])
    with pytest.raises(ValueError, match="column 'A' holds the integer 1152921504606846977"):
        ac.Results.from_wide(as_text)
    decimals = pd.DataFrame({"A": ["1.5", "3"], "B": ["1", "2"]}, index=["a", "b"])
    assert ac.Results.from_wide(decimals).values().tolist() == [[1.5, 1.0], [3.0, 2.0]]


def test_integers_a_double_holds_exactly_pass_unchanged(tmp_path):
    path = tmp_path / "fine.csv"
    path.write_text(f"instance,A,B\ni1,{BIG},{10 ** 20}\ni2,{BIG - 1},{2 ** 60}\ni3,3,4\n")
    results = ac.read(path)
    assert results.values()[:, 0].tolist() == [BIG, BIG - 1, 3]
    assert results.values()[:, 1].tolist() == [1e20, 2.0 ** 60, 4]
    small = ac.Results.from_array(np.array([[1, 2], [3, 4], [5, 7]]))
    assert small.values().tolist() == [[1, 2], [3, 4], [5, 7]]


@pytest.fixture
def truncated_workbook(tmp_path):
    pytest.importorskip("openpyxl", reason="writing the workbook needs openpyxl")
    whole = tmp_path / "whole.xlsx"
    pd.DataFrame({"instance": ["a", "b", "c"], "A": [1.0, 2, 3], "B": [2.0, 3, 1]}).to_excel(whole, index=False)
    truncated = tmp_path / "results.xlsx"
    truncated.write_bytes(whole.read_bytes()[:1500])
    return truncated


def test_truncated_workbook_api(truncated_workbook):
    for read in (ac.read, ac.read_frame):
        with pytest.raises(ValueError, match=r"is not a readable Excel workbook \(truncated or damaged\); save it "
                                             r"again from Excel") as info:
            read(truncated_workbook)
        _one_line(info)


@pytest.mark.parametrize("command", [["analyze"], ["consensus"], ["severity", "--a", "A", "--b", "B", "--delta", "1"]])
def test_truncated_workbook_every_subcommand(truncated_workbook, command, capsys):
    code = main([command[0], str(truncated_workbook), *command[1:]])
    err = capsys.readouterr().err.strip()
    assert code != 0
    assert err.count("\n") == 0 and "is not a readable Excel workbook (truncated or damaged)" in err
    assert "Traceback" not in err and "BadZipFile" not in err


def test_power_curve_at_the_float_limit_prints_strict_json(capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert main(["power-curve", "--instances", "20", "--d-max", "1e308", "--json"]) == 0
    text = capsys.readouterr().out

    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")

    data = json.loads(text, parse_constant=refuse)  # NaN / Infinity tokens would be refused here
    assert data["curve"] and "NaN" not in text and "Infinity" not in text
    # d * sqrt(n) overflows to inf there: the power of such a difference is 1, not unknown (null)
    assert all(row["mean_power"] == 1.0 for row in data["curve"])


def test_t_power_far_in_the_tails_is_a_number():
    """scipy's non-central t gives NaN far in a tail: a two-sided power of NaN at ncp = 38."""
    assert float(ac.t_power(38.0, 19, 0.05)) == 1.0
    assert float(ac.t_power(1e15, 19, 0.05, alternative="greater")) == 1.0
    assert float(ac.t_power(-1e15, 19, 0.05, alternative="greater")) == 0.0
    assert float(ac.t_power(np.inf, 19, 0.05, alternative="less")) == 0.0
    assert np.isnan(ac.t_power(np.nan, 19, 0.05))
    crit = stats.t.isf(0.025, 19)  # where scipy gives a number, that number
    assert float(ac.t_power(3.0, 19, 0.05)) == float(stats.nct.sf(crit, 19, 3.0) + stats.nct.cdf(-crit, 19, 3.0))
