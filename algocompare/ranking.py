"""Rank transforms of a blocks table shared by the omnibus tests and their post-hoc statistics.

All functions take an *oriented* instances × algorithms array (lower is better, see
``Results.blocks(oriented=True)``) and rank so that rank 1 is the best.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from scipy.stats import rankdata

from algocompare._batching import flat_batches, row_batches
from algocompare._scaling import headroom_scaled

__all__ = ["within_instance_ranks", "tie_terms", "ranks_and_tie_terms", "rank_blocks", "rank_sums",
           "aligned_ranks", "aligned_rank_sums", "exact_row_means", "quade_weights", "below_overflow"]


def _row_ranks(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Average ranks within each row of a NaN-free 2-D array, and its groups of ties.

    One argsort per row instead of the several sorts of ``scipy.stats.rankdata(axis=1)``.
    A sorted row holds ranks 1..k; only the cells of tied groups are then revisited: a
    group filling sorted positions s..s+t-1 (0-based) gets rank s + (t + 1)/2 for all its
    members, a half-integer, so the ranks are exactly rankdata's. Also returns the size
    t >= 2 of every tied group and the row it lies in.

    Memory: besides the ranks, one index array (int32 when it fits), one sorted copy and a
    boolean mask at a time, about 2.6 times the input at its peak (issue 19).
    """
    n, k = values.shape
    order = np.argsort(values, axis=1)
    if n * k < 2 ** 31:
        order = order.astype(np.int32)
    ordered = np.take_along_axis(values, order, axis=1)
    repeated = np.zeros((n, k), dtype=bool)  # equal to the previous value of its sorted row
    np.equal(ordered[:, 1:], ordered[:, :-1], out=repeated[:, 1:])
    del ordered
    ranks = np.empty((n, k))
    np.put_along_axis(ranks, order, np.arange(1.0, k + 1)[None, :], axis=1)
    members = np.flatnonzero(repeated)  # sorted positions (row * k + column) of the repeats
    if not members.size:
        return ranks, np.zeros(0, dtype=int), np.zeros(0, dtype=int)
    grouped = np.zeros(n * k, dtype=bool)  # every cell of a tied group: the repeats and their first
    grouped[members] = True
    grouped[members - 1] = True
    del members
    cells = np.flatnonzero(grouped)
    del grouped
    opens = ~repeated.ravel()[cells]  # the first cell of each group
    del repeated
    group = np.cumsum(opens) - 1
    sizes = np.bincount(group)
    starts = cells[opens]
    rows = cells // k
    ranks[rows, order.ravel()[cells]] = (starts % k + (sizes + 1) / 2)[group]
    return ranks, sizes, starts // k


def _rankable(values: np.ndarray) -> bool:
    return values.ndim == 2 and values.size > 0 and not np.isnan(values).any()


def within_instance_ranks(values: np.ndarray) -> np.ndarray:
    """Ranks within each row (instance); ties get the average rank (Friedman 1937).

    Equal to ``scipy.stats.rankdata(values, axis=1)`` (a row with a NaN is all NaN).
    """
    values = np.asarray(values, dtype=float)
    if not _rankable(values):
        return rankdata(values, axis=1)
    return _row_ranks(values)[0]


def tie_terms(values: np.ndarray) -> np.ndarray:
    """Σ (t³ − t) over the groups of t tied values of each row (the Friedman tie correction)."""
    return ranks_and_tie_terms(values)[1]


def ranks_and_tie_terms(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`within_instance_ranks` and :func:`tie_terms` from one sort of each row."""
    values = np.asarray(values, dtype=float)
    if not _rankable(values):
        sizes = rankdata(values, axis=1, method="max") - rankdata(values, axis=1, method="min") + 1
        return rankdata(values, axis=1), (sizes ** 2 - 1).sum(axis=1)  # a group of t: t members × (t² − 1)
    ranks, sizes, rows = _row_ranks(values)
    return ranks, np.bincount(rows, weights=sizes ** 3 - sizes, minlength=values.shape[0])


def rank_blocks(values: np.ndarray) -> Iterator[tuple[slice, np.ndarray, np.ndarray]]:
    """:func:`ranks_and_tie_terms` of ``values`` a block of rows (about a quarter of a
    million cells, :func:`~algocompare._batching.row_batches`) at a time: (rows, their
    ranks, their tie terms).

    For statistics that only add up ranks over instances (Friedman's rank sums, Quade's
    weighted sums): the ranks of a whole 25,000 × 100 table and the sorting work behind
    them (about 80 MB) are never held at once (issue 19).
    """
    values = np.asarray(values, dtype=float)
    for rows in row_batches(*values.shape):
        yield (rows, *ranks_and_tie_terms(values[rows]))


def rank_sums(values: np.ndarray) -> tuple[np.ndarray, float]:
    """Column sums of :func:`within_instance_ranks` and the total Σ(t³ − t) of the tied
    groups, from :func:`rank_blocks`. Both are exact (ranks are multiples of 1/2), so
    they do not depend on the blocks."""
    sums = np.zeros(np.shape(values)[1])
    ties = 0.0
    for _, ranks, terms in rank_blocks(values):
        sums += ranks.sum(axis=0)
        ties += float(terms.sum())
    return sums, ties


def below_overflow(values: np.ndarray) -> np.ndarray:
    """``values / 8`` (exact) when the largest magnitude is within a factor 8 of the float
    limit, so that the differences and ranges the rank tests take cannot overflow; the
    ranks are those of the original values. Otherwise ``values`` unchanged
    (:func:`algocompare._scaling.headroom_scaled`)."""
    return headroom_scaled(values)[0][0]


def exact_row_means(values: np.ndarray) -> np.ndarray:
    """Row means that do not depend on the column order, as R's long-double ``rowMeans``.

    A floating-point sum depends on the order of its terms, and a 1e-16 difference in an
    instance's mean makes or breaks a tie between aligned values (e.g. 0.80 − mean and
    0.79 − mean'). Each row is sorted, summed in extended precision (``numpy.longdouble``,
    64-bit mantissa on x86, as R's ``rowMeans`` accumulates) and divided by k before the
    single rounding to double: the result depends only on the row's values, and on
    realistic data equals the exactly rounded rational mean (tested against ``Fraction``
    arithmetic) — vectorised, about 150 times faster than summing Fractions. Rows are
    taken in blocks of about a million cells, so the sorted extended-precision copy stays
    small whatever the table's size.
    """
    values = np.asarray(values, dtype=float)
    n, k = values.shape
    means = np.empty(n)
    for rows in row_batches(n, k):
        ordered = np.sort(values[rows], axis=1).astype(np.longdouble)
        means[rows] = ordered.sum(axis=1) / k
    return means


def aligned_ranks(values: np.ndarray) -> np.ndarray:
    """Friedman aligned ranks (Hodges & Lehmann 1962; García et al. 2010, §2.2).

    Each instance's location (its mean over algorithms, :func:`exact_row_means`) is
    subtracted, and all k·N aligned observations are ranked together, ties averaged.
    Values within a factor 8 of the float limit are first scaled by 1/8 (exact), so the
    differences cannot overflow; the ranks do not change.
    """
    values, aligned = _aligned(values)
    ranks = _flat_ranks(aligned) if _rankable(values) else rankdata(aligned)
    return ranks.reshape(values.shape)


def _aligned(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The table (scaled by :func:`below_overflow`) and its aligned values, flat: each
    value minus its instance's :func:`exact_row_means`."""
    values = below_overflow(np.asarray(values, dtype=float))
    return values, (values - exact_row_means(values)[:, None]).ravel()


def aligned_rank_sums(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Column sums, row sums and the sum of squares of :func:`aligned_ranks`: what the
    aligned-ranks statistic takes, without the ranks matrix (issue 19). The sums are exact
    (ranks are multiples of 1/2); the sum of squares is rounded as one dot product.

    Memory: the aligned values with their sort order (``argsort``'s int64) at the peak,
    twice the table; then the order as int32 and the ranks in sorted order, the rest in
    batches (:func:`~algocompare._batching.flat_batches`)."""
    values, aligned = _aligned(values)
    n, k = values.shape
    if not _rankable(values):
        ranks = rankdata(aligned).reshape(n, k)
        return ranks.sum(axis=0), ranks.sum(axis=1), float((ranks ** 2).sum())
    order = np.argsort(aligned)
    opens = _run_opens(aligned, order)
    del aligned
    order = _narrow(order)
    sorted_ranks = _average_ranks(opens)
    del opens
    columns, rows = np.zeros(k), np.zeros(n)
    for cells in flat_batches(order.size):
        where = order[cells]
        columns += np.bincount(where % k, weights=sorted_ranks[cells], minlength=k)
        rows += np.bincount(where // k, weights=sorted_ranks[cells], minlength=n)
    return columns, rows, float(np.dot(sorted_ranks, sorted_ranks))


def _flat_ranks(values: np.ndarray) -> np.ndarray:
    """Average ranks of a NaN-free 1-D array, equal to ``scipy.stats.rankdata``."""
    order = np.argsort(values)
    opens = _run_opens(values, order)
    order = _narrow(order)
    sorted_ranks = _average_ranks(opens)
    del opens
    ranks = np.empty(values.size)
    ranks[order] = sorted_ranks
    return ranks


def _narrow(order: np.ndarray) -> np.ndarray:
    """Sort indices as int32 when they fit (half the memory of ``argsort``'s int64)."""
    return order.astype(np.int32) if order.size < 2 ** 31 else order


def _run_opens(values: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Where each run of equal values of ``values[order]`` (sorted) opens, a boolean mask;
    the sorted values are taken a batch at a time, never all at once."""
    opens = np.empty(values.size, dtype=bool)
    opens[:1] = True
    for cells in flat_batches(values.size):
        before = max(cells.start - 1, 0)
        ordered = values[order[before:cells.stop]]
        np.not_equal(ordered[1:], ordered[:-1], out=opens[before + 1:cells.stop])
    return opens


def _average_ranks(opens: np.ndarray) -> np.ndarray:
    """The average ranks (as ``scipy.stats.rankdata``) of a sorted array whose runs of equal
    values open where ``opens`` is true (:func:`_run_opens`).

    A run at positions s..e (0-based) gets (s + e + 2)/2: s from running maxima forwards
    over where runs open, e from running minima backwards over where they close, each a
    batch at a time with the running value carried over. One float array (the ranks) and
    batch-sized temporaries, whether few or most values tie (the aligned values of a table
    rounded to a few decimals); no array the size of the groups.
    """
    n = opens.size
    ranks = np.empty(n)
    blocks = list(flat_batches(n))
    carried = 0.0  # where the run at the end of the previous batch opens
    for cells in blocks:
        first = np.where(opens[cells], np.arange(cells.start, cells.stop, dtype=float), -np.inf)
        np.maximum.accumulate(first, out=first)
        ranks[cells] = np.maximum(first, carried)
        carried = ranks[cells.stop - 1]
    carried = n - 1.0  # where the run at the start of the next batch closes
    for cells in reversed(blocks):
        closes = np.append(opens[cells.start + 1:cells.stop + 1], True)[:cells.stop - cells.start]
        last = np.where(closes, np.arange(cells.start, cells.stop, dtype=float), np.inf)[::-1]
        np.minimum.accumulate(last, out=last)
        last = np.minimum(last[::-1], carried)
        carried = last[0]
        ranks[cells] = (ranks[cells] + last + 2.0) / 2.0
    return ranks


def quade_weights(values: np.ndarray) -> np.ndarray:
    """Quade's instance weights Q_i: the ranks of the instance ranges, ties averaged (Quade 1979);
    ranges are taken on values scaled by 1/8 when they could overflow (the ranks do not change)."""
    values = below_overflow(np.asarray(values, dtype=float))
    return rankdata(values.max(axis=1) - values.min(axis=1))
