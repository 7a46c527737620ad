"""Hypothesis properties of the Results model."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import algocompare as ac

tables = st.integers(2, 6).flatmap(
    lambda k: st.integers(2, 8).flatmap(
        lambda n: arrays(np.float64, (n, k), elements=st.integers(-5, 5).map(float))))


@settings(max_examples=60, deadline=None)
@given(tables)
def test_ranks_invariant_to_monotone_transforms(values):
    res = ac.Results.from_array(values)
    transformed = ac.Results.from_array(np.exp(values / 3.0) * 7 + 2)
    np.testing.assert_array_equal(res.ranks().to_numpy(), transformed.ranks().to_numpy())


@settings(max_examples=60, deadline=None)
@given(tables)
def test_minimize_equals_maximize_of_negated(values):
    low = ac.Results.from_array(values, direction="minimize")
    high = ac.Results.from_array(-values, direction="maximize")
    np.testing.assert_array_equal(low.ranks().to_numpy(), high.ranks().to_numpy())


@settings(max_examples=60, deadline=None)
@given(tables, st.randoms(use_true_random=False))
def test_column_order_does_not_matter(values, random):
    df = pd.DataFrame(values, columns=[f"A{j}" for j in range(values.shape[1])])
    order = list(df.columns)
    random.shuffle(order)
    a = ac.Results.from_wide(df).mean_ranks()
    b = ac.Results.from_wide(df[order]).mean_ranks()
    pd.testing.assert_series_equal(a, b.reindex(a.index))


@settings(max_examples=60, deadline=None)
@given(tables)
def test_mean_ranks_sum_to_k_plus_one_over_two_times_k(values):
    k = values.shape[1]
    assert np.isclose(ac.Results.from_array(values).mean_ranks().sum(), k * (k + 1) / 2)
