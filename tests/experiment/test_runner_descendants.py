"""No descendant left (issue 30, item 2): the programs a run starts end with the run and the study.

An algorithm starts an external program — a command template ``sh -c "sleep ..."`` (the shell
and its ``sleep`` child) or a Python function around ``subprocess.run([...])``, the usual
wrapper of a solver binary. Whether the study is killed (SIGKILL, SIGTERM), interrupted
(SIGINT), or a run times out or kills its own worker, no process whose command line carries
the test's marker may survive. Processes are found in ``/proc`` (Linux); every wait polls with
a deadline.
"""

import os
import random
import signal
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from algocompare.experiment import RunFailed, run_experiment
from tests.experiment import faults

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not os.path.isdir(faults.PROC_TABLE) or os.name != "posix",
                                reason="processes are listed through Linux's /proc")

STUDY = textwrap.dedent("""
    import subprocess, sys
    from algocompare.experiment import run_experiment
    marker, kind = sys.argv[1], sys.argv[2]

    def solver(instance, rng):  # a Python wrapper around a solver binary
        subprocess.run(["sh", "-c", f"sleep {marker}; true"], check=True)
        return 1.0

    command = f"sh -c 'sleep {marker}; true'"
    algorithm = command if kind == "command" else solver
    run_experiment(["p1", "p2", "p3"], {"a": algorithm, "b": algorithm}, d=1.0, se_max=0.5, n0=2, rng=1)
""")


def _marker():
    # a sleep duration no other process uses: GNU sleep and busybox accept fractions
    return f"1000.{random.SystemRandom().randrange(10**8):08d}"


def _assert_none_left(marker):
    left = faults.survivors(faults.marked(marker), grace=10.0)
    for pid in left:  # do not leave them to the next test either
        os.kill(pid, signal.SIGKILL)
    assert left == set(), f"{len(left)} program(s) started by a run outlived the study"


@pytest.mark.parametrize("kind, how", [("command", signal.SIGKILL), ("subprocess", signal.SIGKILL),
                                       ("subprocess", signal.SIGTERM), ("command", signal.SIGINT)])
def test_programs_die_with_the_study(kind, how):
    marker = _marker()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-c", STUDY, marker, kind], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=faults.interruptible)
    try:
        # runs under way (one per worker, at most two here), each a shell and its sleep
        started = 2 * min(2, os.cpu_count() or 1)
        faults.wait_for(lambda: len(faults.marked(marker)) >= started or proc.poll() is not None,
                        what=f"{started} programs")
        assert proc.poll() is None, "the study ended before it was killed"
        proc.send_signal(how)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    _assert_none_left(marker)


def _solver_that_hangs(marker):
    def solver(instance, rng):
        subprocess.run(["sh", "-c", f"sleep {marker}; true"], check=True)
        return 1.0
    return solver


def _solver_that_dies(marker):
    def solver(instance, rng):
        subprocess.Popen(["sh", "-c", f"sleep {marker}; true"])
        os._exit(3)  # the worker dies and leaves its program running
    return solver


@pytest.mark.parametrize("make", [_solver_that_hangs, lambda marker: f"sh -c 'sleep {marker}; true'"])
def test_programs_die_with_a_run_over_its_timeout(make):
    marker = _marker()
    with pytest.raises(RunFailed, match="timed out after 1 s"):
        run_experiment(["p1", "p2"], {"a": make(marker), "b": make(marker)}, d=1.0, se_max=0.5, n0=2, rng=1,
                       timeout=1.0)
    _assert_none_left(marker)


def test_programs_die_with_a_worker_that_dies():
    marker = _marker()
    with pytest.raises(RunFailed, match="exited with code 3"):
        run_experiment(["p1", "p2"], {"a": _solver_that_dies(marker), "b": _solver_that_dies(marker)}, d=1.0,
                       se_max=0.5, n0=2, rng=1)
    _assert_none_left(marker)


def test_a_run_may_end_its_own_forked_processes():
    # a multiprocessing pool in the algorithm SIGTERMs its forked processes when it closes: that
    # must stay a local matter, not end the worker's group (each run was taken for a kill)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # no "killed from outside; running it again"
        res = run_experiment([1, 2, 3], {"a": faults.pooled, "b": faults.pooled}, d=1.0, se_max=0.5, n0=2, nmax=4,
                             rng=1)
    assert res.total_runs == 12
