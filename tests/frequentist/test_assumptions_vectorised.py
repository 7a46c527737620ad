"""The vectorised Shapiro–Wilk of normality(per="cell") gives what one call per cell gives."""

from __future__ import annotations

import numpy as np
import pytest

import algocompare as ac
from algocompare.frequentist._assumptions import _normality_row, _shapiro_padded


def _shapiro_many(samples: dict) -> dict:
    """Each sample's row of the padded matrix that normality() passes to _shapiro_padded."""
    sizes = np.array([sample.size for sample in samples.values()])
    matrix = np.full((len(samples), sizes.max()), np.nan)
    for row, sample in enumerate(samples.values()):
        matrix[row, :sample.size] = sample
    return dict(zip(samples, zip(*_shapiro_padded(matrix, sizes), strict=False), strict=False))


def test_vectorised_shapiro_equals_one_call_per_sample():
    rng = np.random.default_rng(0)
    samples = {(i,): rng.normal(size=int(rng.integers(2, 12))) * 10.0 ** int(rng.integers(-5, 300))
               for i in range(300)}  # sizes below the minimum, and magnitudes near the float limit
    samples[("constant",)] = np.ones(6)
    found = _shapiro_many(samples)
    for key, sample in samples.items():
        np.testing.assert_array_equal(np.array(found[key]), np.array(_normality_row(sample, "shapiro")))


@pytest.mark.parametrize("test", ["levene", "levene_median", "bartlett"])
def test_variance_tests_of_every_instance_at_once_equal_one_scipy_call_each(test):
    """Issue 19: balanced runs are tested for equal variances on every instance at once;
    statistics, p-values and notes equal the per-instance scipy path, degenerate cases
    included (constant instances, zero-variance groups, two runs per group, 1e306)."""
    from algocompare.frequentist import _assumptions as assumptions

    rng = np.random.default_rng(0)
    tied = rng.normal(size=(50, 4, 5))
    tied[::3] = 1.0
    tied[1::7, 0, :] = 2.0
    for runs in (rng.normal(size=(60, 5, 6)), np.round(rng.normal(size=(40, 3, 2)), 1), tied,
                 rng.normal(size=(20, 3, 4)) * 1e306):
        statistic, pvalue, notes = assumptions._variance_rows(runs, test)
        for i, instance in enumerate(runs):
            expected = assumptions._variance_row(list(instance), test)
            assert notes[i] == expected[2]
            np.testing.assert_allclose([statistic[i], pvalue[i]], expected[:2], rtol=1e-11, equal_nan=True)


def test_homoscedasticity_per_instance_uses_the_batched_path_only_for_balanced_runs():
    sim = ac.simulate_runs([10.0, 12.0, 11.0], n_instances=6, n_runs=5, rng=3).results
    batched = ac.homoscedasticity(sim, per="instance").table
    long = sim._frame().reset_index(drop=True)
    unbalanced = ac.Results.from_long(long.drop(index=[0]), run="run")  # one run fewer in one cell
    looped = ac.homoscedasticity(unbalanced, per="instance").table
    assert list(batched.columns) == list(looped.columns) and len(batched) == len(looped) == 18
    np.testing.assert_allclose(batched["statistic"].iloc[3:], looped["statistic"].iloc[3:], rtol=1e-12)


def test_normality_per_cell_equals_one_call_per_cell_and_keeps_every_sample():
    """Issue 19: the cells' runs stay one padded array (unbalanced runs included); each row
    of the table equals one call on that cell's runs, and ``samples`` gives each cell's runs."""
    sim = ac.simulate_runs([10.0, 12.0, 11.0], n_instances=5, n_runs=6, rng=4).results
    long = sim.to_long()
    unbalanced = ac.Results.from_long(long.drop(index=[0, 1, 2, 3]), run="run")  # a cell with 2 runs
    for res in (sim, unbalanced):
        result = ac.normality(res, test=["shapiro", "dagostino"], per="cell")
        runs = res.runs(unbalanced="pad")
        assert len(result.samples) == res.n_instances * res.n_algorithms
        rows = result.table.set_index(["algorithm", "instance", "test"])
        for i, instance in enumerate(res.instances):
            for j, algorithm in enumerate(res.algorithms):
                cell = runs[i, j][~np.isnan(runs[i, j])]
                np.testing.assert_array_equal(result.samples[f"{algorithm} / {instance}"], cell)
                for test in ("shapiro", "dagostino"):
                    row = rows.loc[(algorithm, instance, test)]
                    assert row["n"] == cell.size
                    np.testing.assert_array_equal([row["statistic"], row["pvalue"]], _normality_row(cell, test))
    assert list(result.samples)[:2] == [f"{a} / {unbalanced.instances[0]}" for a in unbalanced.algorithms[:2]]
