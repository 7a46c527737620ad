"""Issue 19: a long table is built and grouped on integer cell codes, not by hashing its
label columns. Every view equals what pandas' groupby on the labels gives (the former
implementation), whatever the row order, and the labels are shared objects."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac


def _shuffled_runs(seed: int = 0, n: int = 7, k: int = 4, runs: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({"instance": np.repeat([f"p{i}" for i in range(n)], k * runs),
                          "algorithm": np.tile(np.repeat([f"A{j}" for j in range(k)], runs), n),
                          "run": np.tile(np.arange(runs), n * k) * 10,
                          "value": np.round(rng.normal(size=n * k * runs), 1)})
    return frame.iloc[rng.permutation(len(frame))].reset_index(drop=True)


def test_views_equal_pandas_groupby_on_the_labels():
    frame = _shuffled_runs()
    res = ac.Results.from_long(frame, run="run")
    instances, algorithms = list(pd.unique(frame["instance"])), list(pd.unique(frame["algorithm"]))
    assert list(res.instances) == instances and list(res.algorithms) == algorithms  # order of appearance
    # each cell's runs together and in run order, as Results holds them (pandas' group sums
    # depend on how the groups interleave, by an ulp)
    ordered = frame.sort_values(["instance", "algorithm", "run"])
    grouped = ordered.groupby(["instance", "algorithm"])["value"]
    for agg in ("mean", "median"):
        expected = grouped.agg(agg).unstack().reindex(index=instances, columns=algorithms)
        np.testing.assert_array_equal(res.blocks(agg).to_numpy(), expected.to_numpy())
    np.testing.assert_array_equal(res.run_counts().to_numpy(), grouped.size().unstack()
                                  .reindex(index=instances, columns=algorithms).to_numpy())
    for (i, inst) in enumerate(instances):
        for (j, alg) in enumerate(algorithms):
            cell = ordered[(ordered["instance"] == inst) & (ordered["algorithm"] == alg)]["value"]
            np.testing.assert_array_equal(res.runs()[i, j], cell.to_numpy())
    per_algorithm = ordered.groupby("algorithm")["value"].describe().reindex(algorithms)
    described = res.describe()
    for ours, theirs in (("n", "count"), ("mean", "mean"), ("sd", "std"), ("best", "min"), ("worst", "max"),
                         ("median", "50%"), ("q1", "25%"), ("q3", "75%")):
        np.testing.assert_allclose(described[ours].to_numpy(), per_algorithm[theirs].to_numpy(), rtol=1e-14)
    per_cell = res.describe(per_instance=True)
    assert per_cell.index.names == ["instance", "algorithm"] and len(per_cell) == len(instances) * len(algorithms)
    np.testing.assert_allclose(per_cell["mean"].to_numpy(), grouped.mean().reindex(per_cell.index).to_numpy())


def test_long_frame_holds_each_label_once():
    res = ac.Results.from_long(_shuffled_runs(), run="run")
    labels = res._frame()["instance"].to_numpy()
    assert labels.dtype == object and len({id(x) for x in labels}) == res.n_instances
    assert res.to_long()["instance"].dtype == pd.DataFrame({"x": ["a"]})["x"].dtype  # typed as pandas types text


def test_runs_numbered_in_order_of_appearance_without_a_run_column():
    frame = _shuffled_runs(seed=3).drop(columns="run")
    res = ac.Results.from_long(frame)
    first = frame[(frame["instance"] == res.instances[0]) & (frame["algorithm"] == res.algorithms[0])]
    np.testing.assert_array_equal(res.runs()[0, 0], first["value"].to_numpy())


def test_repeated_run_names_the_first_repeated_row():
    frame = _shuffled_runs(seed=1)
    frame.loc[5, ["instance", "algorithm", "run"]] = frame.loc[9, ["instance", "algorithm", "run"]].to_numpy()
    frame.loc[2, ["instance", "algorithm", "run"]] = frame.loc[11, ["instance", "algorithm", "run"]].to_numpy()
    row = frame.loc[9] if frame.duplicated(["instance", "algorithm", "run"]).idxmax() == 9 else frame.loc[11]
    with pytest.raises(ValueError, match=f"run {row['run']} of algorithm '{row['algorithm']}' on instance "
                                         f"'{row['instance']}' appears more than once"):
        ac.Results.from_long(frame, run="run")


def test_run_labels_of_mixed_types_are_ordered_not_refused():
    frame = pd.DataFrame({"instance": ["i"] * 4 + ["j"] * 4, "algorithm": ["A", "A", "B", "B"] * 2,
                          "run": ["x", 1, 1, "x"] * 2, "value": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]})
    res = ac.Results.from_long(frame, run="run")
    np.testing.assert_array_equal(res.runs()[0], [[2.0, 1.0], [3.0, 4.0]])  # the number before the text


@pytest.mark.parametrize("nan_policy", ["keep", "omit"])
def test_missing_cells_with_codes(nan_policy):
    frame = _shuffled_runs(seed=2)
    frame = frame[~((frame["instance"] == "p3") & (frame["algorithm"] == "A1"))]
    res = ac.Results.from_long(frame, run="run", nan_policy=nan_policy)
    if nan_policy == "keep":
        assert list(res.missing_cells) == [("p3", "A1")] and res.run_counts().loc["p3", "A1"] == 0
        assert np.isnan(res.blocks().loc["p3", "A1"])
    else:
        assert "p3" not in res.instances and res.run_counts().to_numpy().min() == 3
    kept = frame[frame["instance"].isin(res.instances)]
    expected = kept.groupby(["instance", "algorithm"])["value"].mean().unstack()
    pd.testing.assert_frame_equal(res.blocks(), expected.reindex(index=list(res.instances),
                                                                 columns=list(res.algorithms)),
                                  check_names=False, check_index_type=False, check_column_type=False)


def test_blocks_is_a_view_that_cannot_change_the_results():
    res = ac.Results.from_wide(pd.DataFrame({"A": [1.0, 2.0, 3.0], "B": [2.0, 1.0, 0.5]}))
    table = res.blocks()
    table.iloc[0, 0] = 99.0  # copy-on-write (or a copy under pandas 2 without it)
    assert res.blocks().iloc[0, 0] == 1.0 and res.values()[0, 0] == 1.0
