"""The Results model: constructors, views, ranks, missing values and bad input."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import rankdata

import algocompare as ac

WIDE = pd.DataFrame(
    {"A": [1.0, 4.0, 2.0, 3.0], "B": [2.0, 4.0, 1.0, 5.0], "C": [3.0, 1.0, 2.0, 0.5]},
    index=pd.Index(["p1", "p2", "p3", "p4"], name="instance"),
)


def test_wide_long_and_array_give_identical_ranks():
    long = WIDE.reset_index().melt(id_vars="instance", var_name="algorithm", value_name="value")
    from_wide = ac.Results.from_wide(WIDE)
    from_long = ac.Results.from_long(long)
    from_array = ac.Results.from_array(WIDE.to_numpy(), algorithms=list(WIDE.columns), instances=list(WIDE.index))
    for other in (from_long, from_array):
        pd.testing.assert_frame_equal(from_wide.ranks(), other.ranks(), check_names=False)
    assert from_long.algorithms == ("A", "B", "C") and from_long.instances == ("p1", "p2", "p3", "p4")


def test_ranks_agree_with_scipy_rankdata_both_directions():
    res = ac.Results.from_wide(WIDE)
    expected = np.vstack([rankdata(row) for row in WIDE.to_numpy()])
    np.testing.assert_array_equal(res.ranks().to_numpy(), expected)
    res_max = ac.Results.from_wide(WIDE, direction="maximize")
    expected_max = np.vstack([rankdata(-row) for row in WIDE.to_numpy()])
    np.testing.assert_array_equal(res_max.ranks().to_numpy(), expected_max)
    # ties get the average rank: row p2 has A = B = 4 (worst two when minimising)
    assert list(res.ranks().loc["p2"]) == [2.5, 2.5, 1.0]


def test_instance_column_labels_rows():
    df = WIDE.reset_index()
    res = ac.Results.from_wide(df)
    assert res.instances == ("p1", "p2", "p3", "p4") and res.algorithms == ("A", "B", "C")
    res2 = ac.Results.from_wide(df.rename(columns={"instance": "function"}), instance="function")
    assert res2.instances == res.instances


def test_blocks_mean_and_median_and_runs():
    long = pd.DataFrame({
        "algorithm": ["A"] * 6 + ["B"] * 6,
        "instance": (["i1"] * 3 + ["i2"] * 3) * 2,
        "value": [1, 2, 9, 4, 5, 6, 2, 2, 2, 1, 1, 1.0],
        "dimension": [10] * 12,
    })
    res = ac.Results.from_long(long)
    assert res.has_runs and res.extra_columns == ("dimension",)
    assert res.blocks().loc["i1", "A"] == 4.0 and res.blocks("median").loc["i1", "A"] == 2.0
    runs = res.runs()
    assert runs.shape == (2, 2, 3)
    np.testing.assert_array_equal(runs[0, 0], [1, 2, 9])
    assert "dimension" in res.to_long().columns


def test_unbalanced_runs_raise_unless_policy():
    long = pd.DataFrame({"algorithm": ["A", "A", "B", "A", "B"], "instance": ["i1", "i1", "i1", "i2", "i2"],
                         "value": [1.0, 2.0, 3.0, 4.0, 5.0]})
    res = ac.Results.from_long(long)
    with pytest.raises(ValueError, match="unbalanced runs"):
        res.runs()
    assert res.runs(unbalanced="truncate").shape == (2, 2, 1)
    padded = res.runs(unbalanced="pad")
    assert padded.shape == (2, 2, 2) and np.isnan(padded[0, 1, 1])


def test_oriented_blocks_negate_for_maximize():
    res = ac.Results.from_wide(WIDE, direction="maximize")
    pd.testing.assert_frame_equal(res.blocks(oriented=True), -res.blocks())
    assert res.best().loc["p1"] == 3.0


def test_select_and_describe():
    res = ac.Results.from_wide(WIDE)
    sub = res.select(algorithms=["C", "A"], instances=["p2", "p1"])
    assert sub.algorithms == ("C", "A") and sub.instances == ("p2", "p1")
    assert list(sub.blocks().columns) == ["C", "A"]
    desc = res.describe()
    assert list(desc.index) == ["A", "B", "C"]
    assert desc.loc["A", "best"] == 1.0 and desc.loc["A", "worst"] == 4.0
    assert desc.loc["A", "mean"] == pytest.approx(2.5) and desc.loc["A", "sd"] == pytest.approx(np.std([1, 4, 2, 3], ddof=1))
    desc_max = ac.Results.from_wide(WIDE, direction="maximize").describe()
    assert desc_max.loc["A", "best"] == 4.0


def test_results_are_immutable():
    res = ac.Results.from_wide(WIDE)
    with pytest.raises(AttributeError, match="immutable"):
        res._direction = "maximize"
    blocks = res.blocks()
    blocks.iloc[0, 0] = 99.0
    assert res.blocks().iloc[0, 0] == 1.0


def test_nan_policy_omit_drops_whole_instances_and_records_them():
    df = WIDE.copy()
    df.loc["p3", "B"] = np.nan
    with pytest.raises(ValueError, match=r"missing value.*'B' on 'p3'"):
        ac.Results.from_wide(df)
    res = ac.Results.from_wide(df, nan_policy="omit")
    assert res.instances == ("p1", "p2", "p4") and res.dropped_instances == ("p3",) and res.n_dropped == 1


def test_missing_cell_in_long_data_is_reported():
    long = pd.DataFrame({"algorithm": ["A", "B", "A"], "instance": ["i1", "i1", "i2"], "value": [1.0, 2.0, 3.0]})
    with pytest.raises(ValueError, match=r"'B' on 'i2'"):
        ac.Results.from_long(long)
    assert ac.Results.from_long(long, nan_policy="omit").instances == ("i1",)


@pytest.mark.parametrize("bad, message", [
    (np.inf, "infinite value"),
    ("abc", "non-numeric value 'abc' in column 'B' at row 'p2'"),
])
def test_bad_cells(bad, message):
    df = WIDE.astype(object)
    df.loc["p2", "B"] = bad
    with pytest.raises(ValueError, match=message):
        ac.Results.from_wide(df)


def test_duplicate_labels():
    df = pd.DataFrame([[1.0, 2.0], [3.0, 4.0]], columns=["A", "A"])
    with pytest.raises(ValueError, match="duplicate algorithm labels: 'A'"):
        ac.Results.from_wide(df)
    df = pd.DataFrame([[1.0, 2.0], [3.0, 4.0]], columns=["A", "B"], index=["p", "p"])
    with pytest.raises(ValueError, match="duplicate instance labels: 'p'"):
        ac.Results.from_wide(df)
    long = pd.DataFrame({"algorithm": ["A", "A"], "instance": ["i", "i"], "run": [1, 1], "value": [1.0, 2.0]})
    with pytest.raises(ValueError, match="run 1 of algorithm 'A' on instance 'i' appears more than once"):
        ac.Results.from_long(long, run="run")


def test_single_algorithm_and_single_instance():
    with pytest.raises(ValueError, match="only 1 algorithm"):
        ac.Results.from_wide(WIDE[["A"]])
    one = ac.Results.from_wide(WIDE.iloc[:1])
    from algocompare.data._convert import as_blocks
    with pytest.raises(ValueError, match="only 1 instance"):
        as_blocks(one)


def test_wrong_column_names_in_long_data():
    long = pd.DataFrame({"alg": ["A"], "problem": ["i"], "y": [1.0]})
    with pytest.raises(ValueError, match=r"column\(s\) not found: 'algorithm' \(the algorithm column\), 'value' \(the value column\)"):
        ac.Results.from_long(long)


def test_as_results_rejects_wrong_types():
    from algocompare.data._convert import as_results
    with pytest.raises(TypeError, match="2-D array"):
        as_results([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="Results, a wide DataFrame"):
        as_results("results.csv")


def test_paired_validation():
    from algocompare._validation import as_paired
    with pytest.raises(ValueError, match="equal length"):
        as_paired([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match="missing value"):
        as_paired([1, np.nan, 3], [1, 2, 3])
    x, y = as_paired([1, np.nan, 3], [1, 2, 3], nan_policy="omit")
    np.testing.assert_array_equal(x, [1, 3])
    with pytest.raises(ValueError, match="non-numeric value 'a'"):
        as_paired([1, "a", 3], [1, 2, 3])


def test_multi_column_instances_keep_extra_factors():
    long = pd.DataFrame({
        "algorithm": ["A", "B"] * 4, "function": ["f1"] * 4 + ["f2"] * 4,
        "dimension": [10, 10, 30, 30] * 2, "value": np.arange(8.0),
    })
    res = ac.Results.from_long(long, instance=["function", "dimension"])
    assert res.instances == (("f1", 10), ("f1", 30), ("f2", 10), ("f2", 30))
    # the table of blocks keeps one level of (function, dimension) labels (it raised in pandas'
    # MultiIndex before), so every test runs on such data
    blocks = res.blocks()
    assert blocks.index.nlevels == 1 and blocks.index.name == "instance"
    assert list(blocks.index) == list(res.instances)
    np.testing.assert_array_equal(blocks.to_numpy(), [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]])
    assert ac.friedman(res).n_instances == 4


def test_instance_runs_one_instance_by_run_label():
    long = pd.DataFrame({"algorithm": ["A", "A", "B", "B", "A", "B"], "instance": ["i1"] * 4 + ["i2"] * 2,
                         "run": [1, 2, 1, 2, 1, 1], "value": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]})
    res = ac.Results.from_long(long, run="run", direction="maximize", nan_policy="omit")
    with pytest.raises(ValueError, match="2 instances"):
        res.instance_runs()
    runs = res.instance_runs("i1")
    assert list(runs) == ["A", "B"] and list(runs["A"].index) == [1, 2]
    np.testing.assert_array_equal(runs["B"].to_numpy(), [3.0, 4.0])
    np.testing.assert_array_equal(res.instance_runs("i1", oriented=True)["B"].to_numpy(), [-3.0, -4.0])
    with pytest.raises(ValueError, match="unknown instance 'i9'"):
        res.instance_runs("i9")


@pytest.mark.parametrize("direction", ["minimize", "maximize"])
@pytest.mark.parametrize("labels", [(["p1", "p2", "p3", "p4"], ["A", "B", "C"]), ([10, 20, 30, 40], [1, 2, 3]),
                                    ([0.5, 1.5, 2.5, 3.5], ["A", "B", "C"])])
def test_complete_wide_table_keeps_the_views_of_the_long_route(direction, labels):
    # a complete one-run table is held as a matrix (no long frame); every view must be what
    # the long route (from_long groups the runs) gives on the same cells
    instances, algorithms = labels
    wide = pd.DataFrame(WIDE.to_numpy(), index=pd.Index(instances, name="instance"), columns=algorithms)
    long = wide.reset_index().melt(id_vars="instance", var_name="algorithm", value_name="value")
    long["run"] = 0
    fast, slow = ac.Results.from_wide(wide, direction), ac.Results.from_long(long, run="run", direction=direction)
    assert fast._matrix is not None and slow._matrix is None
    for agg in ("mean", "median"):
        pd.testing.assert_frame_equal(fast.blocks(agg, oriented=True), slow.blocks(agg, oriented=True))
        pd.testing.assert_frame_equal(fast.ranks(agg), slow.ranks(agg))
        pd.testing.assert_series_equal(fast.mean_ranks(agg), slow.mean_ranks(agg))
    pd.testing.assert_frame_equal(fast.run_counts(), slow.run_counts())
    pd.testing.assert_frame_equal(fast.to_long(), slow.to_long(), check_like=True)  # from_long puts run last
    pd.testing.assert_frame_equal(fast.describe(per_instance=True), slow.describe(per_instance=True))
    np.testing.assert_array_equal(fast.runs(oriented=True), slow.runs(oriented=True))
    assert repr(fast) == repr(slow) and fast.has_runs == slow.has_runs
    chosen = dict(algorithms=algorithms[:0:-1], instances=instances[3:0:-1])
    pd.testing.assert_frame_equal(fast.select(**chosen).to_long(), slow.select(**chosen).to_long(), check_like=True)
    pd.testing.assert_frame_equal(fast.select(**chosen).blocks(), slow.select(**chosen).blocks())
    runs = fast.instance_runs(instances[1]), slow.instance_runs(instances[1])
    for a in algorithms:
        pd.testing.assert_series_equal(runs[0][a], runs[1][a])


def test_matrix_held_by_results_is_a_private_copy():
    values = WIDE.to_numpy().copy()
    res = ac.Results.from_array(values)
    values[0, 0] = 99.0
    assert res.blocks().iloc[0, 0] == 1.0
    with pytest.raises(ValueError):
        res._matrix[0, 0] = 5.0  # read-only: a view cannot change it either


@pytest.mark.parametrize("frame", [
    pd.DataFrame({"A": [1 + 2j, 2.0, 3.0], "B": [1.0, 2.0, 3.0]}),
    pd.DataFrame({"A": [1 + 2j, 2.0, 3.0], "B": [1.0, 2.0, 3.0]}, dtype=object),
])
def test_complex_cells_are_refused_naming_the_column(frame):
    # Before: numpy's ComplexWarning and the imaginary part silently dropped.
    with pytest.raises(TypeError, match="column 'A' holds complex numbers"):
        ac.Results.from_wide(frame)


def test_complex_samples_are_refused():
    with pytest.raises(TypeError, match="holds complex numbers"):
        ac.wilcoxon([1 + 1j, 2.0, 3.0, 4.0], [1.0, 2.0, 4.0, 5.0])


def test_describe_near_the_float_limit_equals_the_rescaled_summary():
    # Before: the mean was NaN, the median and sd inf (sums overflowed), with RuntimeWarnings.
    small = np.random.default_rng(1).uniform(-1.7, 1.7, size=(8, 3))
    expected = ac.Results.from_array(small).describe()
    with np.errstate(all="raise"):
        got = ac.Results.from_array(small * 1e308).describe()
    np.testing.assert_allclose(got.drop(columns="n").to_numpy() / 1e308,
                               expected.drop(columns="n").to_numpy(), rtol=1e-12)


def test_blocks_of_runs_near_the_float_limit_equal_the_rescaled_means():
    # Before: the mean over runs overflowed to inf, and every test on the blocks was wrong
    # (Friedman 0 instead of 2.67 on a 12 x 3 x 4 study).
    rng = np.random.default_rng(3)
    long = pd.DataFrame([(a, f"p{i}", r, rng.uniform(0.2, 1.79)) for a in "abc" for i in range(5) for r in range(4)],
                        columns=["algorithm", "instance", "run", "value"])
    scale = 2.0**1023
    small = ac.Results.from_long(long, run="run")
    with np.errstate(all="raise"):
        big = ac.Results.from_long(long.assign(value=long["value"] * scale), run="run")
        for agg in ("mean", "median"):
            np.testing.assert_array_equal(big.blocks(agg).to_numpy() / scale, small.blocks(agg).to_numpy())


def test_complex_arrays_are_refused_naming_the_column():
    values = np.array([[1.0, 2.0], [2.0, 3.0 + 1.0j], [3.0, 4.0]])
    with pytest.raises(TypeError, match="array column 'B' holds complex numbers"):
        ac.Results.from_array(values, algorithms=["A", "B"])
    with pytest.raises(TypeError, match="holds complex numbers"):
        ac.friedman(values.real + 0j)  # a complex dtype, even without imaginary parts


@pytest.mark.parametrize("direction", ["minimize", "maximize"])
def test_describe_of_a_wide_table_equals_the_long_path(direction):
    """Issue 19: describe() of a one-value-per-cell table works column by column on the
    matrix; it equals the grouped long-table summary (to rounding of the sums), also with
    missing cells kept and near the float limit."""
    table = ac.load_dataset("cec2005_d10").blocks().copy()
    table.iloc[3, 2] = np.nan
    for data in (table, table / table.abs().max().max() * 1.7e308):
        wide = ac.Results.from_wide(data, direction=direction, nan_policy="keep")
        long = ac.Results.from_long(wide._frame().reset_index(drop=True), run="run", direction=direction,
                                    nan_policy="keep")
        expected = long.describe()
        got = wide.describe()
        assert got.index.equals(expected.index) and got.columns.equals(expected.columns)
        np.testing.assert_array_equal(got["n"], expected["n"])
        np.testing.assert_allclose(got.to_numpy(float), expected.to_numpy(float), rtol=1e-14)
