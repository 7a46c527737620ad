"""Long profiles (issue 19): the per-instance rankings of a large table are read, scored and
compared in vectorised, bounded-memory steps, with the values of the direct definitions."""

from __future__ import annotations

import tracemalloc

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import algocompare as ac
from algocompare.consensus import _distance as distance
from algocompare.consensus._rankings import as_profile, at_least_counts, dense_levels, row_dense_levels

_tables = arrays(np.float64, st.tuples(st.integers(1, 12), st.integers(1, 9)),
                 elements=st.sampled_from([-1.0, -0.0, 0.0, 0.5, 2.0]) | st.floats(-50, 50))


@settings(max_examples=200, deadline=None)
@given(_tables)
def test_row_levels_and_counts_equal_their_definitions(values):
    levels = row_dense_levels(values)
    np.testing.assert_array_equal(levels, np.array([dense_levels(row) for row in values]).reshape(values.shape))
    np.testing.assert_array_equal(at_least_counts(levels), (levels[:, None, :] >= levels[:, :, None]).sum(axis=2))
    np.testing.assert_array_equal(at_least_counts(levels, strictly=True),
                                  (levels[:, None, :] > levels[:, :, None]).sum(axis=2))


def test_blocked_distances_equal_one_block(monkeypatch):
    rng = np.random.default_rng(2)
    profile = as_profile(np.round(rng.normal(size=(301, 9)), 1))
    consensus = profile.levels[0]
    whole = distance._distances(consensus, profile)
    expected = (distance._incidences(consensus)[None] != distance._incidences(profile.levels)).sum(axis=(1, 2))
    np.testing.assert_array_equal(whole, expected)
    monkeypatch.setattr(distance, "_BLOCK_INCIDENCES", 200)  # two rankings per block, a ragged last block
    np.testing.assert_array_equal(distance._distances(consensus, profile), expected)


def _peak(function) -> int:
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_borda_and_kemeny_of_a_long_table_use_a_few_times_its_memory():
    """20,000 instances × 40 algorithms (6.4 MB): no rankings × items × items array (256 MB)."""
    rng = np.random.default_rng(0)
    table = np.round(rng.normal(size=(20_000, 40)) + np.linspace(0, 2, 40), 2)
    results = ac.Results.from_array(table)
    assert _peak(lambda: ac.borda(results)) <= 8 * table.nbytes
    assert _peak(lambda: ac.kemeny(results, time_limit=2.0)) <= 8 * table.nbytes
