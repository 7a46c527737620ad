"""Fault-injecting algorithms for the runner tests (importable by worker processes).

``Faulty(folder)`` computes what :func:`algorithms_fixture.slow` computes, records the pid of
the process that ran it (``folder/pids``) and, while a plan file ``folder/plan`` exists,
injects a fault once the run counter ``folder/count`` passes ``after``::

    {"kind": "raise" | "hang" | "exit" | "kill-self" | "kill-parent" | "term-parent", "after": 25,
     "once": true}

A hang lasts until the plan file is removed (an abandoned thread then finishes).

The object (and so the study's fingerprint) stays the same whether a fault is planned or not,
so a study can be resumed after the plan is removed, as a user resumes after fixing the
cause outside the algorithm.
"""

import json
import os
import signal
import time

from tests.experiment.algorithms_fixture import slow


def interruptible() -> None:
    """``preexec_fn`` of a study started to be interrupted: Ctrl-C (SIGINT) as at a terminal.

    A job started in the background of a non-interactive shell (``nohup pytest &``, some CI
    runners) inherits SIGINT ignored, and Python then installs no KeyboardInterrupt handler: a
    SIGINT sent to the study would do nothing, and the test would test the shell, not the runner.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _bump(path):
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        os.write(fd, b"x")
    finally:
        os.close(fd)
    return os.path.getsize(path)


def plan(folder, kind, after, once=True):
    with open(os.path.join(folder, "plan"), "w") as fh:
        json.dump({"kind": kind, "after": after, "once": once}, fh)


def unplan(folder):
    os.remove(os.path.join(folder, "plan"))


def pids(folder):
    path = os.path.join(folder, "pids")
    if not os.path.exists(path):
        return set()
    with open(path) as fh:
        return {int(x) for x in fh.read().split()}


def faulted(folder):
    """The instances on which a fault was injected, in order."""
    path = os.path.join(folder, "faulted")
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        return [int(x) for x in fh.read().split()]


class Faulty:
    def __init__(self, folder, delay=0.0):
        self.folder, self.delay = str(folder), delay

    def __call__(self, instance, rng):
        fd = os.open(os.path.join(self.folder, "pids"), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        os.write(fd, f"{os.getpid()}\n".encode())
        os.close(fd)
        value = slow(instance, rng)
        if self.delay:
            time.sleep(self.delay)
        plan_path = os.path.join(self.folder, "plan")
        if os.path.exists(plan_path):
            with open(plan_path) as fh:
                fault = json.load(fh)
            if _bump(os.path.join(self.folder, "count")) > fault["after"] and self._claim(fault):
                with open(os.path.join(self.folder, "faulted"), "a") as fh:
                    fh.write(f"{instance}\n")
                self._inject(fault["kind"], plan_path)
        return value

    def _claim(self, fault):
        if not fault["once"]:
            return True
        try:
            os.close(os.open(os.path.join(self.folder, "claimed"), os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return False
        return True

    @staticmethod
    def _inject(kind, plan_path):
        if kind == "raise":
            raise RuntimeError("injected failure")
        if kind == "hang":  # until the plan is removed (a thread cannot be killed; a process is)
            deadline = time.monotonic() + 3600
            while os.path.exists(plan_path) and time.monotonic() < deadline:
                time.sleep(0.05)
        if kind == "exit":
            os._exit(3)
        if kind == "kill-self":
            os.kill(os.getpid(), signal.SIGKILL)
        if kind in ("kill-parent", "term-parent"):
            os.kill(os.getppid(), signal.SIGKILL if kind == "kill-parent" else signal.SIGTERM)
            time.sleep(3600)


#: the kernel's process table (Linux procfs), read to see process states and parents
PROC_TABLE = os.path.join(os.sep, "proc")


def _stat_path(pid) -> str:
    return os.path.join(PROC_TABLE, str(pid), "stat")


def alive(pid):
    """Whether ``pid`` is a live process (a zombie waiting for a reaper counts as dead)."""
    try:
        with open(_stat_path(pid)) as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False
    except OSError:  # pragma: no cover - no procfs
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def children(pid):
    """The processes whose parent is ``pid`` (Linux procfs; empty elsewhere)."""
    found = set()
    for entry in os.listdir(PROC_TABLE) if os.path.isdir(PROC_TABLE) else ():
        if entry.isdigit():
            try:
                with open(_stat_path(entry)) as fh:
                    if int(fh.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.add(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return found


def survivors(candidates, grace=5.0):
    """The processes of ``candidates`` still alive after up to ``grace`` seconds."""
    deadline = time.monotonic() + grace
    left = {p for p in candidates if alive(p)}
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = {p for p in left if alive(p)}
    return left


def marked(token):
    """The live processes whose command line contains ``token`` (Linux procfs; empty elsewhere)."""
    found = set()
    for entry in os.listdir(PROC_TABLE) if os.path.isdir(PROC_TABLE) else ():
        if entry.isdigit():
            try:
                with open(os.path.join(PROC_TABLE, entry, "cmdline"), "rb") as fh:
                    if token.encode() in fh.read() and alive(int(entry)):
                        found.add(int(entry))
            except OSError:
                pass
    return found


def wait_for(condition, limit=60.0, what="the condition"):
    """Poll ``condition()`` until it is true, failing after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {limit} s"
        time.sleep(0.02)


def _square(x):
    return x * x


def pooled(instance, rng):
    """An algorithm with a fork-based multiprocessing pool, which ends its processes with SIGTERM."""
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(1) as pool:
        value = pool.apply(_square, (instance,))
    return float(rng.normal(value, 1.0))
