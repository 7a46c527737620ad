"""Independent pieces of one computation, run in this process or on an executor, in order.

The Monte Carlo work that splits into independent pieces (Bayesian pairs, permutation
resamples of many pairs) takes ``executor=`` like :func:`algocompare.run_experiment`:
``None`` runs here, or any :class:`concurrent.futures.Executor` (threads, processes,
Dask's ``client.get_executor()``) or a ``dask.distributed.Client``. Each piece carries
its own random state, so the results are identical on 1 or N workers.
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable, Sequence
from typing import Any

from algocompare._progress import progress_bar


def map_ordered(function: Callable[[Any], Any], pieces: Sequence[Any], *, executor: Any = None,
                progress: bool | None = False, desc: str = "", unit: str = "it") -> list[Any]:
    """``[function(piece) for piece in pieces]``, here or on ``executor``, with a bar as
    :func:`algocompare._progress.progress_bar` says for ``progress``.

    ``function`` must be importable (a module-level function) when the executor runs
    other processes.
    """
    bar = progress_bar(progress, total=len(pieces), desc=desc, unit=unit)
    try:
        if executor is None:
            out = []
            for piece in pieces:
                out.append(function(piece))
                if bar is not None:
                    bar.update(1)
            return out
        pool = _as_executor(executor)
        futures = {pool.submit(function, piece): i for i, piece in enumerate(pieces)}
        out = [None] * len(pieces)
        for future in cf.as_completed(futures):
            out[futures[future]] = future.result()
            if bar is not None:
                bar.update(1)
        return out
    finally:
        if bar is not None:
            bar.close()


def _as_executor(executor: Any) -> cf.Executor:
    if isinstance(executor, cf.Executor):
        return executor
    if hasattr(executor, "get_executor"):  # a dask.distributed Client
        return executor.get_executor()
    raise TypeError(f"executor must be None, a concurrent.futures.Executor or a dask.distributed.Client, "
                    f"got {type(executor).__name__}.")
