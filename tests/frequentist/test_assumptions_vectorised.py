"""The vectorised Shapiro–Wilk of normality(per="cell") gives what one call per cell gives."""

from __future__ import annotations

import numpy as np
import pytest

import algocompare as ac

from algocompare.frequentist.assumptions import _normality_row, _shapiro_many


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
    from algocompare.frequentist import assumptions

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
