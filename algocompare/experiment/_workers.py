"""Worker processes that run algorithm calls one at a time, can be stopped, and die with their parent.

The experiment runner's default executor (and ``calc_nreps(timeout=...)``) use this instead of
:class:`concurrent.futures.ProcessPoolExecutor` because a study needs four things that pool
cannot give: the run a dead worker was running (one dead worker breaks the whole pool), a
way to stop one hung run (kill its worker and start another), functions from a notebook, the
REPL or ``__main__`` (tasks are serialised by value with cloudpickle, and workers never
re-import the calling script, so no ``if __name__ == "__main__":`` guard is needed), and no
process left behind: workers are plain subprocesses (no fork server, no resource tracker),
each in a session and process group of its own that also holds every program its run starts
(a command template, ``subprocess.run([...])`` in an algorithm, ``sh -c "..."`` and its
children). The whole group is SIGKILLed when a run is stopped (timeout), when the pool closes
(return, exception, Ctrl-C) and when the parent dies (SIGKILL, SIGTERM): on Linux
``prctl(PR_SET_PDEATHSIG, SIGTERM)`` tells the worker, whose SIGTERM handler kills its group;
elsewhere a thread does when its parent changes. A program that leaves the group on purpose
(``setsid``, ``start_new_session=True``, a daemon) is out of reach.

Protocol: each worker reads tasks from one pipe and writes answers to another (its stdout
and stderr stay the parent's, so an algorithm may print). A message is an 8-byte length
followed by a pickle. The first parent message is the parent's ``sys.path`` and the modules
to import; the worker answers ``"ready"``. A task is ``cloudpickle((function, args))``; the
answer is ``("ok", value)`` or ``("error", "Type: message")``. A worker that dies closes its
answer pipe, which is how the parent learns which run it was running.
"""

from __future__ import annotations

import ctypes
import importlib
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import cloudpickle

__all__ = ["RunFailed"]

_HEADER = struct.Struct("!Q")
_PR_SET_PDEATHSIG = 1
# The death signal is set before the (slow) package import, so a worker never outlives an early
# kill. It is SIGTERM, whose handler SIGKILLs the worker's whole process group (the worker leads
# it): the run and every program the run started (a solver binary, `sh -c "..."` and its
# children) end with the runner, however the runner ended.
_BOOT = ("import ctypes, os, signal, sys\n"
         "signal.signal(signal.SIGTERM, lambda *_: os.killpg(0, signal.SIGKILL))\n"
         "if sys.platform.startswith('linux'):\n"
         "    ctypes.CDLL(None).prctl(1, signal.SIGTERM, 0, 0, 0)\n"
         "if os.getppid() != int(sys.argv[3]):\n"
         "    os.killpg(0, signal.SIGKILL)\n"
         "from algocompare.experiment._workers import serve\n"
         "serve()\n")
#: Exit statuses that mean the worker was killed from outside (operating system, user), not
#: by the run it was running: such a run is started again with the same seed.
EXTERNAL_KILLS = (-signal.SIGKILL, -signal.SIGTERM)
_in_worker = False
_worker_pid = -1  # the worker's own pid (a process it forks inherits the module's state)


class RunFailed(RuntimeError):
    """An algorithm run kept failing; the message names the instance, algorithm, run and seed.

    Raised by :func:`~algocompare.experiment.run_experiment` when a run fails on its last
    attempt (an exception, a worker process that exits, a run over its ``timeout``), when
    the executor breaks, and by :func:`~algocompare.experiment.calc_nreps` with a
    ``timeout``. A :class:`RuntimeError`; the runs recorded so far stay in the results file,
    from which the study can be resumed.

    Attributes
    ----------
    args : tuple
        The message (one string): ``algorithm 'b' failed on instance 3 (run 7, seed
        2916514731) after 2 attempt(s): ...``.

    See Also
    --------
    algocompare.experiment.run_experiment : its ``retries`` and ``timeout``.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7

    Examples
    --------
    >>> from algocompare import RunFailed, calc_nreps
    >>> def fails(instance, rng): raise ValueError("no such file")
    >>> def fine(instance, rng): return rng.normal()
    >>> try:
    ...     calc_nreps("f1", [fails, fine], se_max=0.5, n0=3, timeout=60, rng=1)
    ... except RunFailed as err:
    ...     print(str(err)[:51])
    algorithm 'fails' failed on instance 'f1' (run 0, s
    """


def dumps(obj: Any) -> bytes:
    """Serialise by value what cannot be imported by reference (functions of ``__main__``)."""
    return cloudpickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


def call_serialised(payload: bytes, submission: str = "") -> Any:
    """Run ``cloudpickle((function, args))`` (how tasks travel through a foreign executor).

    ``submission`` is unused here: a unique value per submission keeps an executor that
    caches results by their arguments (Dask's ``pure=True``) from answering a resubmitted
    run with the result of the earlier attempt.
    """
    function, args = cloudpickle.loads(payload)
    return function(*args)


# -- both sides: messages ----------------------------------------------------------------
def _read_exact(fd: int, size: int) -> bytes:
    chunks = []
    while size:
        chunk = os.read(fd, size)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_message(fd: int) -> bytes:
    (size,) = _HEADER.unpack(_read_exact(fd, _HEADER.size))
    return _read_exact(fd, size)


def write_message(fd: int, data: bytes) -> None:
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


# -- the worker side ---------------------------------------------------------------------
def _set_death_signal(sig: int = signal.SIGKILL) -> bool:
    """Ask Linux to send ``sig`` to this process when its parent dies; False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _end_group(*_: Any) -> None:
    """SIGKILL this worker's process group: the worker and every program its run started.

    A process the run forked without exec (a ``multiprocessing`` pool, which ends its
    processes with SIGTERM) inherits this handler: there SIGTERM keeps its usual meaning.
    """
    if os.getpid() != _worker_pid:
        _default_sigterm()
        os.kill(os.getpid(), signal.SIGTERM)
        return
    os.killpg(os.getpgrp(), signal.SIGKILL)


def _default_sigterm() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.2)
    _end_group()


def command_preexec() -> Callable[[], object] | None:
    """For ``subprocess`` in a worker: the program dies with the worker (None outside workers).

    Only in a worker, which is single-threaded on Linux (``preexec_fn`` is unsafe with threads).
    """
    if not (_in_worker and sys.platform.startswith("linux")):
        return None
    return _set_death_signal


def serve() -> None:
    """The worker's main loop (``python -c`` entry point; argv: task fd, answer fd, parent pid)."""
    global _in_worker, _worker_pid
    task_fd, answer_fd, parent = (int(x) for x in sys.argv[1:4])
    _in_worker, _worker_pid = True, os.getpid()
    signal.signal(signal.SIGTERM, _end_group)  # as _BOOT: the parent's death ends the run's programs too
    os.register_at_fork(after_in_child=_default_sigterm)  # a forked child of the run ends on SIGTERM alone
    if not _set_death_signal(signal.SIGTERM):
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the death signal was set
        _end_group()
    sys.path[:], preload = pickle.loads(read_message(task_fd))
    for module in preload:
        importlib.import_module(module)
    write_message(answer_fd, pickle.dumps("ready"))
    while True:
        try:
            task = read_message(task_fd)
        except EOFError:  # the parent closed the pool
            return
        write_message(answer_fd, _answer(task))


def _answer(task: bytes) -> bytes:
    try:
        return pickle.dumps(("ok", call_serialised(task)))
    except BaseException as err:  # noqa: BLE001 - everything (SystemExit too) is the run's failure
        return pickle.dumps(("error", f"{type(err).__name__}: {err}"))


# -- the parent side ---------------------------------------------------------------------
class _Worker:
    def __init__(self, preload: list[str]):
        task_r, self.task_w = os.pipe()
        self.answer_r, answer_w = os.pipe()
        # a session of its own: a terminal's Ctrl-C reaches only the parent, which stops the
        # workers, and killpg reaches the programs a worker started
        self.process = subprocess.Popen(
            [sys.executable, "-c", _BOOT, str(task_r), str(answer_w), str(os.getpid())],
            pass_fds=(task_r, answer_w), stdin=subprocess.DEVNULL, start_new_session=True)
        os.close(task_r)
        os.close(answer_w)
        self.ready = False
        self.task: int | None = None
        self.started = 0.0
        try:
            write_message(self.task_w, pickle.dumps((list(sys.path), preload)))
        except BrokenPipeError:  # it died at once; its closed answer pipe reports it
            pass

    def kill(self) -> int:
        """SIGKILL the worker's process group, reap it and return its exit status."""
        if self.process.returncode is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        status = self.process.wait()
        for fd in (self.task_w, self.answer_r):
            try:
                os.close(fd)
            except OSError:
                pass
        return status


def exit_description(status: int) -> str:
    if status < 0:
        try:
            return f"was killed by signal {signal.Signals(-status).name}"
        except ValueError:
            return f"was killed by signal {-status}"
    return f"exited with code {status}"


class WorkerPool:
    """``n_workers`` subprocesses, each running one task at a time.

    ``submit(payload)`` queues ``cloudpickle((function, args))`` and returns a task id;
    ``wait(timeout)`` returns the finished tasks as ``(task id, kind, value)`` with kind
    ``"ok"`` (value: the result), ``"error"`` (the exception as text) or ``"died"`` (value:
    the worker's exit status); ``kill(task)`` stops a task by killing its worker;
    ``close()`` kills every worker.
    """

    def __init__(self, n_workers: int, *, preload: tuple[str, ...] = ()):
        self._preload = list(preload)
        self._queue: deque[tuple[int, bytes]] = deque()
        self._next_id = 0
        self._workers: list[_Worker] = []
        for _ in range(n_workers):
            self._workers.append(_Worker(self._preload))

    @property
    def n_workers(self) -> int:
        return len(self._workers)

    def submit(self, payload: bytes) -> int:
        self._next_id += 1
        self._queue.append((self._next_id, payload))
        self._dispatch()
        return self._next_id

    def started(self, task: int) -> float | None:
        """When (``time.monotonic``) the task reached a worker; None while queued."""
        worker = self._running(task)
        return None if worker is None else worker.started

    def wait(self, timeout: float | None) -> list[tuple[int, str, Any]]:
        finished: list[tuple[int, str, Any]] = []
        deadline = None if timeout is None else time.monotonic() + timeout
        while not finished:
            listening = {w.answer_r: w for w in self._workers if w.task is not None or not w.ready}
            if not listening:
                return finished
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            poller = select.poll()  # not select(): no limit on descriptor numbers
            for fd in listening:
                poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
            for fd, _ in poller.poll(None if left is None else 1000 * left):
                finished += self._receive(listening[fd])
            self._dispatch()
            if deadline is not None and time.monotonic() >= deadline:
                break
        return finished

    def kill(self, task: int) -> None:
        """Stop a task: drop it from the queue or kill the worker running it (and replace it)."""
        self._queue = deque(item for item in self._queue if item[0] != task)
        worker = self._running(task)
        if worker is not None:
            self._replace(worker)
            self._dispatch()

    def close(self) -> None:
        self._queue.clear()
        for worker in self._workers:
            worker.kill()
        self._workers = []

    def _running(self, task: int) -> _Worker | None:
        return next((w for w in self._workers if w.task == task), None)

    def _dispatch(self) -> None:
        for worker in self._workers:
            if not self._queue:
                return
            if worker.ready and worker.task is None:
                task, payload = self._queue.popleft()
                worker.task, worker.started = task, time.monotonic()
                try:
                    write_message(worker.task_w, payload)
                except OSError:  # it died while idle; its answer pipe reports the death
                    pass

    def _receive(self, worker: _Worker) -> list[tuple[int, str, Any]]:
        try:
            message = pickle.loads(read_message(worker.answer_r))
        except EOFError:
            task, was_ready, status = worker.task, worker.ready, self._replace(worker)
            if task is not None:
                return [(task, "died", status)]
            if not was_ready and status not in EXTERNAL_KILLS:  # it could not start: another would fail too
                raise RuntimeError(f"a worker process {exit_description(status)} while starting (see its error "
                                   "output above).") from None
            return []  # died idle: nothing was lost
        if message == "ready":
            worker.ready = True
            return []
        task, worker.task = worker.task, None
        return [(task, *message)]

    def _replace(self, worker: _Worker) -> int:
        status = worker.kill()
        self._workers[self._workers.index(worker)] = _Worker(self._preload)
        return status

    def call(self, payload: bytes, timeout: float | None) -> tuple[str, Any]:
        """Run one task and wait for it; kind ``"timeout"`` when it ran longer than ``timeout``."""
        task = self.submit(payload)
        while True:
            started = self.started(task)
            left = None if timeout is None or started is None else started + timeout - time.monotonic()
            if left is not None and left <= 0:
                self.kill(task)
                return "timeout", None
            for done, kind, value in self.wait(0.5 if left is None else min(left, 0.5)):
                if done == task:
                    return kind, value
