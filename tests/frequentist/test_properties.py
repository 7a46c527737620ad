"""Hypothesis properties of the omnibus tests (DESIGN.md, 'Tests and benchmarks')."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import algocompare as ac

tables = st.integers(3, 6).flatmap(
    lambda k: st.integers(3, 10).flatmap(
        lambda n: arrays(np.float64, (n, k), elements=st.integers(-20, 20).map(float))))

OMNIBUS = (ac.friedman, ac.iman_davenport, ac.aligned_ranks, ac.quade)


def _varies(values: np.ndarray) -> bool:
    # a table whose every row is constant carries no information; the tests say so elsewhere
    return bool((np.ptp(values, axis=1) > 0).any())


@settings(max_examples=40, deadline=None)
@given(tables)
def test_pvalues_lie_in_the_unit_interval(values):
    if not _varies(values):
        return
    for test in OMNIBUS:
        result = test(values)
        assert 0.0 <= result.pvalue <= 1.0, test.__name__


@settings(max_examples=40, deadline=None)
@given(tables)
def test_friedman_and_iman_davenport_are_invariant_to_monotone_transforms(values):
    if not _varies(values):
        return
    transformed = np.exp(values / 7.0) * 3.0 - 1.0
    for test in (ac.friedman, ac.iman_davenport):
        a, b = test(values), test(transformed)
        np.testing.assert_allclose([a.statistic, a.pvalue], [b.statistic, b.pvalue], rtol=1e-12)


@settings(max_examples=40, deadline=None)
@given(tables, st.randoms(use_true_random=False))
def test_results_do_not_depend_on_column_order(values, random):
    if not _varies(values):
        return
    order = list(range(values.shape[1]))
    random.shuffle(order)
    for test in OMNIBUS:
        a, b = test(values), test(values[:, order])
        np.testing.assert_allclose([a.statistic, a.pvalue], [b.statistic, b.pvalue], rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(a.mean_ranks.to_numpy()[order], b.mean_ranks.to_numpy(), rtol=1e-12)
