"""Splitting a long vectorised computation (permutations, posterior draws, the rows of a
large table) into batches, so memory stays bounded, with an optional progress bar."""

from __future__ import annotations

from collections.abc import Iterator

from algocompare._progress import progress_bar


def batches(total: int, size: int, *, progress: bool | None = False, desc: str = "",
            unit: str = "it") -> Iterator[slice]:
    """Consecutive slices covering ``range(total)`` in blocks of at most ``size``, with a
    bar advancing by each block's length as :func:`algocompare._progress.progress_bar`
    says for ``progress``."""
    size = max(1, int(size))
    blocks = [slice(start, min(start + size, total)) for start in range(0, total, size)]
    bar = progress_bar(progress, total=total, desc=desc, unit=unit)
    if bar is None:
        yield from blocks
        return
    with bar:
        for block in blocks:
            yield block
            bar.update(block.stop - block.start)


#: cells per batch of :func:`row_batches`: about 2 MB of float64, so that a computation's
#: temporaries stay small next to a large table (issue 19) and the loop's overhead is negligible
BATCH_CELLS = 1 << 18


def row_batches(n_rows: int, n_columns: int) -> Iterator[slice]:
    """Consecutive slices of the rows of an ``n_rows`` × ``n_columns`` table, each of about
    :data:`BATCH_CELLS` cells (at least one row)."""
    return batches(n_rows, BATCH_CELLS // max(n_columns, 1))


def flat_batches(n_cells: int) -> Iterator[slice]:
    """Consecutive slices of a flat array of ``n_cells``, each of :data:`BATCH_CELLS` cells."""
    return batches(n_cells, BATCH_CELLS)
