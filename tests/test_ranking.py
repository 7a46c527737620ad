"""algocompare.ranking: the rank transforms shared by the omnibus tests and their post-hoc statistics."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import rankdata

from algocompare.ranking import (
    aligned_ranks,
    exact_row_means,
    quade_weights,
    ranks_and_tie_terms,
    tie_terms,
    within_instance_ranks,
)


def _rational_means(values: np.ndarray) -> np.ndarray:
    """The exactly rounded row means, from exact rational arithmetic (the reference)."""
    k = values.shape[1]
    return np.array([float(sum(map(Fraction, row)) / k) for row in values.tolist()])


def test_row_means_are_the_exactly_rounded_means_on_realistic_tables():
    rng = np.random.default_rng(0)
    values = np.round(rng.normal(size=(5000, 20)) * rng.lognormal(size=(5000, 1)) * 10, 3)
    np.testing.assert_array_equal(exact_row_means(values), _rational_means(values))
    accuracies = np.round(rng.uniform(0.6, 0.9, size=(2000, 7)), 2)  # the 0.80 - mean vs 0.79 - mean' case
    np.testing.assert_array_equal(exact_row_means(accuracies), _rational_means(accuracies))


@settings(max_examples=200, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(1, 6), st.integers(2, 9)),
              elements=st.floats(-1e6, 1e6, allow_nan=False, allow_subnormal=False)),
       st.randoms(use_true_random=False))
def test_row_means_do_not_depend_on_the_column_order(values, random):
    order = list(range(values.shape[1]))
    random.shuffle(order)
    np.testing.assert_array_equal(exact_row_means(values), exact_row_means(values[:, order]))
    # the error bound of a sorted extended-precision sum: cancellation (1 + 1e-299 - 1) can
    # lose what lies below 2^-64 of the row's largest magnitude, nothing more
    bound = values.shape[1] * 2.0 ** -63 * np.abs(values).max(axis=1) + 2.0 ** -52 * np.abs(_rational_means(values))
    assert (np.abs(exact_row_means(values) - _rational_means(values)) <= bound).all()


def test_aligned_ranks_rank_all_cells_jointly_after_removing_row_means():
    values = np.array([[0.80, 0.79, 0.81], [0.79, 0.78, 0.80], [0.76, 0.78, 0.88]])
    expected = rankdata((values - _rational_means(values)[:, None]).ravel()).reshape(values.shape)
    np.testing.assert_array_equal(aligned_ranks(values), expected)
    # 0.80 - mean(0.80, 0.79, 0.81) and 0.79 - mean(0.79, 0.78, 0.80) are both exactly 0: a tie,
    # which a plain floating-point row sum (0.80 + 0.79 + 0.81 = 2.4000000000000004) would break
    assert aligned_ranks(values)[0, 0] == aligned_ranks(values)[1, 0]


def test_within_instance_ranks_and_quade_weights():
    values = np.array([[3.0, 1.0, 2.0], [5.0, 5.0, 1.0], [2.0, 2.0, 2.0]])
    np.testing.assert_array_equal(within_instance_ranks(values), [[3, 1, 2], [2.5, 2.5, 1], [2, 2, 2]])
    np.testing.assert_array_equal(quade_weights(values), [2, 3, 1])  # ranges 2, 4, 0


# within_instance_ranks, tie_terms and aligned_ranks rank with one argsort per row; the
# reference is scipy.stats.rankdata (ranks) and a direct count of equal values (ties).
_tied_tables = arrays(np.float64, st.tuples(st.integers(1, 8), st.integers(1, 9)),
                      elements=st.sampled_from([-1.5, -0.0, 0.0, 0.25, 1.0, 3.0]) | st.floats(-1e3, 1e3))


def _counted_tie_terms(values: np.ndarray) -> np.ndarray:
    return np.array([sum(t ** 3 - t for t in np.unique(row, return_counts=True)[1]) for row in values], dtype=float)


@settings(max_examples=300, deadline=None)
@given(_tied_tables)
def test_fast_ranks_equal_rankdata_and_counted_ties(values):
    np.testing.assert_array_equal(within_instance_ranks(values), rankdata(values, axis=1))
    np.testing.assert_array_equal(tie_terms(values), _counted_tie_terms(values))
    ranks, ties = ranks_and_tie_terms(values)
    np.testing.assert_array_equal(ranks, rankdata(values, axis=1))
    np.testing.assert_array_equal(ties, _counted_tie_terms(values))
    aligned = values - exact_row_means(values)[:, None]
    np.testing.assert_array_equal(aligned_ranks(values), rankdata(aligned.ravel()).reshape(values.shape))


def test_fast_ranks_keep_rankdata_nan_rows():
    values = np.array([[1.0, np.nan, 2.0], [2.0, 2.0, 1.0]])
    np.testing.assert_array_equal(within_instance_ranks(values), rankdata(values, axis=1))
    assert np.isnan(tie_terms(values)[0]) and tie_terms(values)[1] == 6.0


def test_rank_transforms_do_not_overflow_near_the_float_limit():
    import warnings

    import algocompare as ac

    values = np.random.default_rng(2).normal(size=(12, 4))
    huge = values * 2.0 ** 1021  # exact scaling: every rank statistic must be identical
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow RuntimeWarning
        np.testing.assert_array_equal(aligned_ranks(huge), aligned_ranks(values))
        np.testing.assert_array_equal(quade_weights(huge), quade_weights(values))
        for test in ("friedman", "aligned_ranks", "quade", "wilcoxon"):
            np.testing.assert_array_equal(ac.posthoc(huge, test=test).table["pvalue"],
                                          ac.posthoc(values, test=test).table["pvalue"])


def test_blockwise_row_means_equal_one_block(monkeypatch):
    """exact_row_means sorts blocks of rows (bounded memory); the block size changes nothing."""
    from algocompare import _batching

    rng = np.random.default_rng(3)
    values = np.round(rng.normal(size=(1001, 13)) * 100, 3)
    whole = exact_row_means(values)
    monkeypatch.setattr(_batching, "BATCH_CELLS", 50)  # 3 rows per block, a ragged last block
    np.testing.assert_array_equal(exact_row_means(values), whole)
    np.testing.assert_array_equal(whole, _rational_means(values))


def test_rank_transforms_use_a_few_times_the_memory_of_the_table():
    """Issue 19: the rank transforms of a 20,000 × 50 table (8 MB, rounded so that most
    aligned values tie) peak at a few times the table, not tens of times."""
    import tracemalloc

    rng = np.random.default_rng(0)
    values = np.round(rng.normal(size=(20_000, 50)), 2)
    from algocompare.ranking import aligned_rank_sums, rank_sums

    # the sums the omnibus tests take: batches of rows (a constant ~7 MB) and one sort of all cells
    for transform, limit in ((within_instance_ranks, 3.0), (aligned_ranks, 4.5), (rank_sums, 1.0),
                             (aligned_rank_sums, 3.0)):
        tracemalloc.start()
        try:
            transform(values)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak <= limit * values.nbytes, (transform.__name__, peak / values.nbytes)


# ---------------------------------------------------------------- batched sums (issue 19)
_TABLES = [np.round(np.random.default_rng(1).normal(size=(300, 7)), 1),  # many ties
           np.random.default_rng(2).normal(size=(40, 3)), np.ones((4, 3)), np.array([[1.0, 2.0]])]


def test_rank_sums_are_the_sums_of_the_full_ranks_whatever_the_batches(monkeypatch):
    from algocompare import _batching
    from algocompare.ranking import rank_sums

    for values in _TABLES:
        ranks, ties = ranks_and_tie_terms(values)
        for cells in (10, 1 << 18):  # a few rows per batch, and one batch
            monkeypatch.setattr(_batching, "BATCH_CELLS", cells)
            sums, total = rank_sums(values)
            np.testing.assert_array_equal(sums, ranks.sum(axis=0))
            assert total == ties.sum()


def test_aligned_rank_sums_equal_the_sums_of_the_aligned_ranks():
    from algocompare.ranking import aligned_rank_sums

    for values in _TABLES + [np.array([[1.0, np.nan], [2.0, 3.0]])]:
        ranks = aligned_ranks(values)
        columns, rows, squares = aligned_rank_sums(values)
        np.testing.assert_array_equal(columns, ranks.sum(axis=0))
        np.testing.assert_array_equal(rows, ranks.sum(axis=1))
        np.testing.assert_allclose(squares, (ranks ** 2).sum(), rtol=1e-15)


def test_batched_views_do_not_depend_on_the_batch_size(monkeypatch):
    """Omnibus statistics, mean ranks, describe, Shapiro-Wilk per algorithm and Borda are
    computed a batch of rows (or columns) at a time: one batch and batches of a few rows
    give the same values."""
    import pandas as pd

    import algocompare as ac
    from algocompare import _batching

    table = pd.DataFrame(np.round(np.random.default_rng(3).normal(size=(120, 6)), 1))
    found = {}
    for cells in (1 << 18, 13):
        monkeypatch.setattr(_batching, "BATCH_CELLS", cells)
        res = ac.Results.from_wide(table)
        found[cells] = [ac.omnibus(res).table, res.mean_ranks(), res.describe(),
                        ac.normality(res, test="shapiro").table, ac.borda(res).scores, ac.quade(res).quade_mean_ranks]
    for one, many in zip(found[1 << 18], found[13], strict=False):
        if isinstance(one, pd.Series):
            pd.testing.assert_series_equal(one, many, rtol=1e-14)
        else:
            pd.testing.assert_frame_equal(one, many, rtol=1e-14)


def test_flat_ranks_equal_rankdata_whatever_the_batches(monkeypatch):
    """The sorted values, the run starts and ends are taken a batch at a time (issue 19):
    runs that cross batch boundaries, a batch of one cell, a single value."""
    from algocompare import _batching
    from algocompare.ranking import _flat_ranks

    rng = np.random.default_rng(5)
    arrays = [np.round(rng.normal(size=50), 0), rng.normal(size=30), np.ones(9), np.array([1.0]),
              np.array([2.0, 1.0]), np.repeat([3.0, 1.0, 2.0], [4, 1, 6])]
    for cells in (1 << 18, 7, 3, 1):
        monkeypatch.setattr(_batching, "BATCH_CELLS", cells)
        for values in arrays:
            np.testing.assert_array_equal(_flat_ranks(values), rankdata(values))
