"""Splitting a long vectorised computation (permutations, posterior draws) into batches,
so memory stays bounded, with an optional progress bar."""

from __future__ import annotations

from collections.abc import Iterator


def batches(total: int, size: int, *, progress: bool = False, desc: str = "", unit: str = "it") -> Iterator[slice]:
    """Consecutive slices covering ``range(total)`` in blocks of at most ``size``.

    ``progress=True`` shows a tqdm bar advancing by each block's length.
    """
    size = max(1, int(size))
    blocks = [slice(start, min(start + size, total)) for start in range(0, total, size)]
    if not progress:
        yield from blocks
        return
    from tqdm.auto import tqdm

    with tqdm(total=total, desc=desc, unit=unit) as bar:
        for block in blocks:
            yield block
            bar.update(block.stop - block.start)
