"""Where the runs of a study execute: one interface over the worker pool, threads, any
:class:`concurrent.futures.Executor`, a ``dask.distributed.Client`` and the calling thread.

A backend has ``capacity`` (runs it can execute at once; the runner never submits more, so
a run's clock starts when it is submitted), ``submit(function, args)`` returning a handle,
``started(handle)``, ``wait(timeout)`` returning ``(handle, kind, value)`` with kind ``ok``,
``error``, ``died`` (value: the worker's exit status) or ``broken`` (the executor cannot run
anything any more; ``submit`` raises :class:`Broken` then), ``stop(handle)`` for a run over
its time limit and ``close()``.

Only the default worker pool can stop a hung run (it kills the worker); a thread, a foreign
process pool or a Dask task keeps running after its run was given up.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import time
import uuid
import warnings
from collections.abc import Callable
from typing import Any

from algocompare.experiment._workers import WorkerPool, call_serialised, dumps

MAIN_GUARD_HINT = ("a worker process of the executor died, which breaks a concurrent.futures process pool. With "
                   "the 'spawn' or 'forkserver' start methods this also happens when the script that calls "
                   "run_experiment has no `if __name__ == \"__main__\":` guard (each worker re-runs the script): "
                   "add the guard, or use the default executor (executor=None), which needs no guard and names "
                   "the run whose worker died.")


def unserialisable(named: dict[str, Any]) -> str | None:
    """Why one of the objects cannot be sent to another process (None when all can)."""
    for name, obj in named.items():
        try:
            dumps(obj)
        except Exception as err:  # noqa: BLE001 - any pickling failure
            return f"{name} cannot be serialised ({type(err).__name__}: {err})"
    return None


class Broken(RuntimeError):
    """The executor can run nothing more (raised by ``submit``; ``wait`` reports it as ``broken``)."""


def broken_reason(err: BaseException) -> str:
    """Why a process pool broke, and the usual cause."""
    return f"{type(err).__name__}: {err}; {MAIN_GUARD_HINT}"


class InlineBackend:
    """Runs in the calling thread, one at a time in the order submitted, when the scheduler waits.

    :func:`~algocompare.experiment.calc_nreps` without a ``timeout``: the algorithm is called
    as a plain function would be, so what it raises reaches the caller unchanged.
    """

    can_stop = False
    capacity = 1

    def __init__(self) -> None:
        self.submitted: dict[int, tuple[Callable, tuple]] = {}
        self.handles = 0

    def submit(self, function: Callable, args: tuple) -> int:
        self.handles += 1
        self.submitted[self.handles] = (function, args)
        return self.handles

    def started(self, handle: int) -> float | None:
        return None

    def wait(self, timeout: float | None) -> list[tuple[Any, str, Any]]:
        out = []
        for handle in sorted(self.submitted):
            function, args = self.submitted.pop(handle)
            out.append((handle, "ok", function(*args)))
        return out

    def stop(self, handle: int) -> None:  # pragma: no cover - never overdue: no timeout inline
        self.submitted.pop(handle, None)

    def close(self, complete: bool) -> None:
        self.submitted.clear()


class PoolBackend:
    """The default: :class:`~algocompare.experiment._workers.WorkerPool`."""

    can_stop = True

    def __init__(self, n_workers: int):
        self.capacity = n_workers
        self.pool = WorkerPool(n_workers, preload=("algocompare.experiment._runs",))

    def submit(self, function: Callable, args: tuple) -> int:
        return self.pool.submit(dumps((function, args)))

    def started(self, handle: int) -> float | None:
        return self.pool.started(handle)

    def wait(self, timeout: float | None) -> list[tuple[Any, str, Any]]:
        return self.pool.wait(timeout)

    def stop(self, handle: int) -> None:
        self.pool.kill(handle)

    def close(self, complete: bool) -> None:
        self.pool.close()


class ExecutorBackend:
    """A concurrent.futures executor (threads, processes, Dask's ``client.get_executor()``)."""

    can_stop = False

    def __init__(self, executor: cf.Executor, capacity: int, *, serialise: bool, owned: bool):
        self.executor, self.capacity, self.serialise, self.owned = executor, max(1, capacity), serialise, owned
        self.submitted: dict[cf.Future, float] = {}

    def submit(self, function: Callable, args: tuple) -> cf.Future:
        try:
            future = (self.executor.submit(call_serialised, dumps((function, args)), uuid.uuid4().hex)
                      if self.serialise else self.executor.submit(function, *args))
        except cf.BrokenExecutor as err:  # it broke before the futures in flight said so
            raise Broken(broken_reason(err)) from err
        self.submitted[future] = time.monotonic()
        return future

    def started(self, handle: cf.Future) -> float | None:
        return self.submitted.get(handle)

    def wait(self, timeout: float | None) -> list[tuple[Any, str, Any]]:
        done, _ = cf.wait(list(self.submitted), timeout=timeout, return_when=cf.FIRST_COMPLETED)
        out = []
        for future in done:
            del self.submitted[future]
            if future.cancelled():
                continue
            err = future.exception()
            if err is None:
                out.append((future, "ok", future.result()))
            elif isinstance(err, cf.BrokenExecutor):
                out.append((future, "broken", broken_reason(err)))
            else:
                out.append((future, "error", f"{type(err).__name__}: {err}"))
        return out

    def stop(self, handle: cf.Future) -> None:
        handle.cancel()
        self.submitted.pop(handle, None)

    def close(self, complete: bool) -> None:
        for future in self.submitted:
            future.cancel()
        if self.owned:
            self.executor.shutdown(wait=complete, cancel_futures=True)


def resolve(executor: Any, named: dict[str, Any]) -> PoolBackend | ExecutorBackend:
    """The backend for ``executor``; ``named`` (algorithms, instances) must reach other processes.

    The default is a worker pool with one process per CPU; when something in ``named``
    cannot be serialised it falls back to threads of this process and warns.
    """
    n_cpus = os.cpu_count() or 1
    if executor is None:
        reason = unserialisable(named)
        if reason is not None:
            warnings.warn(f"{reason}; running the study in {n_cpus} thread(s) of this process instead of worker "
                          "processes (a run over its timeout cannot be stopped there).", RuntimeWarning,
                          stacklevel=3)
            return ExecutorBackend(cf.ThreadPoolExecutor(n_cpus), n_cpus, serialise=False, owned=True)
        if os.name != "posix":  # pragma: no cover - the worker pool needs POSIX pipes and sessions
            return ExecutorBackend(cf.ProcessPoolExecutor(n_cpus), n_cpus, serialise=True, owned=True)
        return PoolBackend(n_cpus)
    if hasattr(executor, "get_executor") and not isinstance(executor, cf.Executor):  # dask Client
        capacity = sum(executor.nthreads().values()) or 1
        # pure=False: a resubmitted run is a new task, not the cached (failed) one
        return ExecutorBackend(executor.get_executor(pure=False), capacity, serialise=True, owned=False)
    if isinstance(executor, cf.ThreadPoolExecutor):
        return ExecutorBackend(executor, executor._max_workers, serialise=False, owned=False)
    if isinstance(executor, cf.Executor):
        reason = unserialisable(named)
        if reason is not None:
            raise TypeError(f"{reason}, so it cannot run on {type(executor).__name__}; use executor=None (which "
                            "falls back to threads) or a ThreadPoolExecutor.")
        return ExecutorBackend(executor, getattr(executor, "_max_workers", n_cpus), serialise=True, owned=False)
    raise TypeError(f"executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
                    f"got {type(executor).__name__}.")
