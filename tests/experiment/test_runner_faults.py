"""Fault injection for run_experiment (issue 18, item 5).

Studies are killed, hung, broken, truncated and resumed with changed settings; the final data
must equal an uninterrupted run with the same seed, every mismatch must be refused with a
message that says what differs, and no process the runner started may outlive it. The
reference is a run on one thread; faults come from ``tests/experiment/faults.py`` (the same
algorithm object with or without a planned fault, so the study's fingerprint is unchanged).
The tests marked ``slow`` repeat the random kills many times (``--run-slow``).
"""

import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from algocompare.experiment import RunFailed, calc_nreps, read_log, run_experiment
from tests.experiment import algorithms_fixture as fx
from tests.experiment import faults

INSTANCES = list(range(12))
SETTINGS = dict(d=1.0, se_max=0.6, n0=4, nmax=60, power=0.8)
ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent("""
    import sys
    from tests.experiment import algorithms_fixture as fx, faults
    from algocompare.experiment import run_experiment
    folder, path, mode, delay = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    algorithms = {"fast": fx.fast, "slow": faults.Faulty(folder, delay=delay)}
    settings = dict(d=1.0, se_max=0.6, n0=4, nmax=60, power=0.8)
    if mode == "new":
        run_experiment(list(range(12)), algorithms, rng=42, results_file=path, **settings)
    else:
        run_experiment(list(range(12)), algorithms, rng=None, resume=path, **settings)
    print("complete")
""")


def _data(res):
    return res.runs.to_long().sort_values(["instance", "algorithm", "run"]).reset_index(drop=True)


def _algorithms(folder, delay=0.005):
    # the delay is part of the Faulty object, hence of the fingerprint: one value everywhere
    return {"fast": fx.fast, "slow": faults.Faulty(folder, delay=delay)}


@pytest.fixture(scope="module")
def reference():
    with ThreadPoolExecutor(1) as pool:
        return run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42, **SETTINGS)


def _resume_in_threads(folder, path, **kw):
    with ThreadPoolExecutor(2) as pool:
        return run_experiment(INSTANCES, _algorithms(folder), executor=pool, resume=path, **{**SETTINGS, **kw})


def _assert_complete(path, res, reference):
    pd.testing.assert_frame_equal(_data(res), _data(reference))
    ok = read_log(path).query("status == 'ok'")
    assert len(ok) == reference.total_runs
    assert not ok.duplicated(["instance_index", "algorithm_index", "run"]).any()


def _ok_records(path):
    try:
        return max(0, path.read_bytes().count(b"\n") - 2)
    except FileNotFoundError:
        return 0


def _child(folder, path, mode="new"):
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(path), mode, "0.005"], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=faults.interruptible)


def _wait_for_progress(proc, path, before, limit=120.0):
    """Until the study has recorded more than ``before`` successful runs, or has ended."""
    deadline = time.monotonic() + limit
    while proc.poll() is None and _ok_records(path) <= before:
        assert time.monotonic() < deadline, "the study made no progress"
        time.sleep(0.02)


def _wait_for_records(proc, path, n, limit=60.0):
    deadline = time.monotonic() + limit
    while _ok_records(path) < n:
        assert proc.poll() is None, f"the study ended early: {proc.communicate()}"
        assert time.monotonic() < deadline, "the study made no progress"
        time.sleep(0.02)


def _no_orphans(folder, extra=()):
    assert faults.survivors((faults.pids(folder) | set(extra)) - {os.getpid()}) == set()


# -- the parent is killed ----------------------------------------------------------------
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_parent_killed_then_resumed(reference, tmp_path, how):
    path = tmp_path / "runs.csv"
    proc = _child(tmp_path, path)
    _wait_for_records(proc, path, random.Random(how).randint(20, 200))
    workers = faults.children(proc.pid)  # busy or idle
    assert len(workers) == (os.cpu_count() or 1) or not os.path.isdir(faults.PROC_TABLE)
    proc.send_signal(how)
    proc.communicate(timeout=30)
    assert proc.returncode != 0
    _no_orphans(tmp_path, workers)  # the worker pool ended with its parent, however it ended
    _assert_complete(path, _resume_in_threads(tmp_path, path, rng=None), reference)


def test_parent_killed_by_its_own_run(reference, tmp_path):
    # a run SIGKILLs the runner from inside a worker: the workers follow it at once
    path = tmp_path / "runs.csv"
    faults.plan(tmp_path, "kill-parent", after=60)
    proc = _child(tmp_path, path)
    proc.communicate(timeout=120)
    assert proc.returncode == -signal.SIGKILL
    _no_orphans(tmp_path)
    faults.unplan(tmp_path)
    _assert_complete(path, _resume_in_threads(tmp_path, path, rng=None), reference)


def test_command_programs_die_with_the_parent(tmp_path):
    # a command-line algorithm's program (here `sleep`) must not outlive a killed runner
    pidfile = tmp_path / "cmd-pids"
    script = textwrap.dedent(f"""
        from algocompare.experiment import run_experiment
        cmd = "sh -c 'echo $$ >> {pidfile}; exec sleep 60'"
        run_experiment(["p1", "p2", "p3"], {{"a": cmd, "b": cmd}}, d=1.0, se_max=0.5, n0=2, rng=1)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT)
    deadline = time.monotonic() + 60
    while not (pidfile.exists() and len(pidfile.read_text().split()) >= 2):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    commands = {int(x) for x in pidfile.read_text().split()}
    assert faults.survivors(commands) == set()


# -- workers die, hang or fail -----------------------------------------------------------
@pytest.mark.filterwarnings("ignore:.*from outside; running it again:RuntimeWarning")  # if it was busy
def test_worker_killed_from_outside_is_rerun_with_its_seed(reference, tmp_path):
    path = tmp_path / "runs.csv"
    algorithms = _algorithms(tmp_path)
    victims = []

    def kill_a_worker():
        deadline = time.monotonic() + 60
        while _ok_records(path) < 60 and time.monotonic() < deadline:
            time.sleep(0.01)
        workers = sorted(faults.pids(tmp_path) - {os.getpid()})
        victims.append(random.Random(1).choice(workers))
        os.kill(victims[-1], signal.SIGKILL)

    killer = threading.Thread(target=kill_a_worker)
    killer.start()
    res = run_experiment(INSTANCES, algorithms, rng=42, results_file=path, **SETTINGS)
    killer.join()
    _assert_complete(path, res, reference)
    assert not faults.alive(victims[0])
    _no_orphans(tmp_path)


def test_run_that_kills_its_worker(reference, tmp_path):
    path = tmp_path / "runs.csv"
    faults.plan(tmp_path, "kill-self", after=40)
    with pytest.warns(RuntimeWarning, match=r"was killed by signal SIGKILL from outside; running it again with "
                                            r"the same seed"):
        res = run_experiment(INSTANCES, _algorithms(tmp_path), rng=42, results_file=path, **SETTINGS)
    _assert_complete(path, res, reference)
    lost = read_log(path).query("status == 'lost'")
    assert len(lost) == 1 and lost["instance"].iloc[0] == str(faults.faulted(tmp_path)[0])
    _no_orphans(tmp_path)


def test_dying_run_is_named_then_resumed(reference, tmp_path):
    path = tmp_path / "runs.csv"
    faults.plan(tmp_path, "exit", after=50)
    with pytest.raises(RunFailed) as info:
        run_experiment(INSTANCES, _algorithms(tmp_path), rng=42, results_file=path, **SETTINGS)
    culprit = faults.faulted(tmp_path)
    assert len(culprit) == 1
    assert f"'slow' failed on instance {culprit[0]} " in str(info.value)
    assert "worker process exited with code 3 while running it" in str(info.value)
    died = read_log(path).query("status == 'died'")
    assert list(died["instance_index"]) == [culprit[0]]
    _no_orphans(tmp_path)
    faults.unplan(tmp_path)
    _assert_complete(path, _resume_in_threads(tmp_path, path, rng=42), reference)


def test_hung_run_times_out_and_is_killed(reference, tmp_path):
    path = tmp_path / "runs.csv"
    faults.plan(tmp_path, "hang", after=30)
    started = time.monotonic()
    with pytest.raises(RunFailed, match=r"'slow' failed on instance \d+ .*timed out after 1 s"):
        run_experiment(INSTANCES, _algorithms(tmp_path), rng=42, results_file=path, timeout=1, **SETTINGS)
    assert time.monotonic() - started < 30
    assert list(read_log(path).query("status == 'timeout'")["instance_index"]) == faults.faulted(tmp_path)
    _no_orphans(tmp_path)  # the hung worker was killed
    faults.unplan(tmp_path)
    _assert_complete(path, _resume_in_threads(tmp_path, path, rng=None), reference)


def test_hung_run_retried_in_threads_is_abandoned(tmp_path):
    faults.plan(tmp_path, "hang", after=10)
    with ThreadPoolExecutor(3) as pool:
        try:
            with pytest.warns(RuntimeWarning, match=r"timed out after 0.5 s \(abandoned.*retrying with the fresh "
                                                    r"seed"):
                res = run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, rng=42, timeout=0.5,
                                     retries=1, results_file=tmp_path / "runs.csv", **SETTINGS)
        finally:
            faults.unplan(tmp_path)  # the abandoned thread wakes up and ends
    assert res.total_runs > 0
    assert (read_log(tmp_path / "runs.csv")["status"] == "timeout").sum() == 1


def test_broken_foreign_process_pool_is_explained(tmp_path):
    """A worker of a foreign process pool exits: the pool breaks, and the study names the runs in flight and
    the usual cause, whichever it meets first: a failed future, or the refusal of its next submission (the
    pool marks itself broken before it fails the futures; under load the study submitted in between, was
    refused without the explanation, and this test failed). Both orders are forced below, on events."""
    faults.plan(tmp_path, "exit", after=20)
    with ProcessPoolExecutor(2) as pool:
        with pytest.raises(RunFailed, match=r"executor broke while running run \d+ of algorithm .*"
                                            r"if __name__ == \"__main__\":"):
            run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, rng=42, retries=1, **SETTINGS)


class _BreaksAtSubmission(ThreadPoolExecutor):
    """A pool whose ``refuse_from``-th submission is refused as a broken process pool's is, while the runs
    submitted before it are still in flight: the order of events that made the test above flaky, forced."""

    def __init__(self, refuse_from):
        super().__init__(2)
        self.refuse_from, self.submissions = refuse_from, 0

    def submit(self, *args, **kwargs):
        self.submissions += 1
        if self.submissions >= self.refuse_from:
            raise BrokenProcessPool("A child process terminated abruptly, the process pool is not usable anymore")
        return super().submit(*args, **kwargs)


def test_pool_broken_while_runs_are_in_flight_is_explained():
    with _BreaksAtSubmission(refuse_from=3) as pool:  # the third run is refused before the first two report
        with pytest.raises(RunFailed, match=r"executor broke while running run \d+ of algorithm 'fast' .*; run \d+ "
                                            r"of algorithm 'fast' .*BrokenProcessPool.*if __name__ == \"__main__\":"):
            run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42, **SETTINGS)


def test_process_pool_broken_before_the_study_is_explained():
    with ProcessPoolExecutor(1) as pool:
        dead = pool.submit(os._exit, 3)
        assert isinstance(dead.exception(), BrokenProcessPool)  # waits for the event: the pool knows it is broken
        with pytest.raises(RunFailed, match=r"executor was broken before run 0 of algorithm 'fast' on instance "
                                            r"\d+ .*BrokenProcessPool.*if __name__ == \"__main__\":"):
            run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42, **SETTINGS)


# -- the results file --------------------------------------------------------------------
@pytest.fixture(scope="module")
def finished_file(reference, tmp_path_factory):
    folder = tmp_path_factory.mktemp("finished")
    path = folder / "runs.csv"
    with ThreadPoolExecutor(2) as pool:
        run_experiment(INSTANCES, _algorithms(folder), executor=pool, rng=42, results_file=path, **SETTINGS)
    return folder, path


def test_truncated_file_resumes_to_the_same_data(reference, finished_file, tmp_path):
    folder, full = finished_file
    data = full.read_bytes()
    header = data.index(b"\n")
    # a cut inside the fingerprint line is refused (test_cut_fingerprint_line_is_refused)
    cuts = [header + 1, header + 5, data.index(b"\n", header + 1) + 1, len(data) // 3, len(data) - 7]
    cuts += random.Random(18).sample(range(header + 1, len(data)), 3)
    for cut in cuts:
        path = tmp_path / f"cut{cut}.csv"
        path.write_bytes(data[:cut])
        _assert_complete(path, _resume_in_threads(folder, path, rng=42), reference)
        assert path.read_bytes().count(b"\n") == data.count(b"\n")  # the cut record was replaced, not kept


def test_damaged_record_inside_the_file_is_refused(finished_file, tmp_path):
    folder, full = finished_file
    lines = full.read_bytes().split(b"\n")
    lines[10] = lines[10].replace(b",ok,", b",ok,1")
    path = tmp_path / "damaged.csv"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(ValueError, match="line 11 is damaged"):
        _resume_in_threads(folder, path, rng=42)


@pytest.mark.parametrize("change, message", [
    (dict(algorithms=lambda f: {"slow": faults.Faulty(f), "fast": fx.fast}),
     r"algorithm order: recorded \['fast', 'slow'\], now \['slow', 'fast'\]"),
    (dict(algorithms=lambda f: {"fast": fx.fast, "slow": fx.third}),
     r"code of algorithm 'slow' differs from the recorded one"),
    (dict(instances=INSTANCES[1:] + [12]), r"instances: recorded \[0, 1, 2, .*now \[1, 2, 3"),
    (dict(instances=INSTANCES[::-1]), r"instance order: recorded"),
    (dict(instances={i: i + (i == 5) for i in INSTANCES}), r"content of instance\(s\) \[5\]"),
    (dict(se_max=0.5), r"se_max: recorded 0.6, now 0.5"),
    (dict(n0=5), r"n0: recorded 4, now 5"),
    (dict(rng=7), r"rng seed: recorded 42, now 7"),
])
def test_resume_refuses_another_study(finished_file, tmp_path, change, message):
    folder, full = finished_file
    path = tmp_path / "runs.csv"
    shutil.copy(full, path)
    kwargs = {**SETTINGS, "rng": None, **{k: v for k, v in change.items() if k not in ("algorithms", "instances")}}
    algorithms = change.get("algorithms", _algorithms)(folder)
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match=message) as info:
        run_experiment(change.get("instances", INSTANCES), algorithms, executor=pool, resume=path, **kwargs)
    assert "cannot resume from" in str(info.value) and "nothing was run or written" in str(info.value)
    assert path.read_bytes() == full.read_bytes()


CONFIGURED_STUDY = textwrap.dedent("""
    import sys, time
    import numpy as np
    from algocompare.experiment import run_experiment

    PARAMS = {"sd": 2.5, "noise": [1.0, {"scale": 1.0}]}
    OFFSETS = [1.0, 0.0]
    WEIGHTS = np.array([1.0, 1.0])

    def fast(instance, rng):
        return float(rng.normal(10.0 + instance, 1.0))

    def tuned(instance, rng):
        time.sleep(0.01)
        centre = 10.0 + instance + OFFSETS[0] * WEIGHTS[0]
        return float(rng.normal(centre, PARAMS["sd"] * PARAMS["noise"][1]["scale"]))

    mode, path = sys.argv[1], sys.argv[2]
    where = dict(results_file=path, rng=42) if mode == "new" else dict(resume=path)
    run_experiment(list(range(12)), {"fast": fast, "tuned": tuned}, d=1.0, se_max=0.6, n0=4, nmax=60, **where)
    print("complete")
""")


CONFIGURATION_EDITS = [
    (('"sd": 2.5', '"sd": 2.0'), "global PARAMS"),  # one entry of a module-level dict
    (('{"scale": 1.0}', '{"scale": 1.5}'), "global PARAMS"),  # nested inside it
    (("OFFSETS = [1.0, 0.0]", "OFFSETS = [1.5, 0.0]"), "global OFFSETS"),  # a list
    (("np.array([1.0, 1.0])", "np.array([0.5, 1.0])"), "global WEIGHTS"),  # a NumPy array
]


def test_configuration_changed_between_kill_and_resume_is_refused(tmp_path):
    # issue 30: such a resume was accepted and mixed runs of two configurations in one file
    script, path = tmp_path / "study.py", tmp_path / "runs.csv"
    script.write_text(CONFIGURED_STUDY)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, str(script), "new", str(path)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_for_records(proc, path, 20)
    proc.kill()
    proc.communicate(timeout=30)
    recorded = path.read_bytes()
    for edit, setting in CONFIGURATION_EDITS:
        assert edit[0] in CONFIGURED_STUDY
        script.write_text(CONFIGURED_STUDY.replace(*edit))
        done = subprocess.run([sys.executable, str(script), "resume", str(path)], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode != 0 and "complete" not in done.stdout, edit
        message = done.stderr.strip().splitlines()[-1]
        assert f"code of algorithm 'tuned' differs from the recorded one (its {setting} changed;" in message
        assert "'fast'" not in message and "versions={name: version}" in message
        assert path.read_bytes() == recorded  # nothing was run or written


def test_existing_file_without_resume_is_refused(finished_file, tmp_path):
    folder, full = finished_file
    before = full.read_bytes()
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="already exists; pass resume="):
        run_experiment(INSTANCES, _algorithms(folder), executor=pool, rng=42, results_file=full, **SETTINGS)
    assert full.read_bytes() == before


def test_file_in_use_by_a_running_study_is_refused(finished_file, tmp_path):
    fcntl = pytest.importorskip("fcntl")
    folder, full = finished_file
    path = tmp_path / "runs.csv"
    path.write_bytes(full.read_bytes()[:-30])
    with open(path, "ab") as other_study:
        fcntl.flock(other_study.fileno(), fcntl.LOCK_EX)
        with pytest.raises(ValueError, match="is being written by another running study"):
            _resume_in_threads(folder, path, rng=42)
    assert path.read_bytes() == full.read_bytes()[:-30]  # its cut last record was left to its writer


def test_versions_replace_the_code_hash(reference, tmp_path):
    # the user vouches that "slow" gives the same results: a rewritten function may continue the study
    path = tmp_path / "runs.csv"
    with ThreadPoolExecutor(2) as pool:
        faults.plan(tmp_path, "raise", after=40)
        with pytest.raises(RunFailed):
            run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, rng=42, results_file=path,
                           versions={"slow": "1.0"}, **SETTINGS)
        with pytest.raises(ValueError, match=r"version of algorithm 'slow' differs .*version:1.0 vs version:1.1"):
            run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, resume=path,
                           versions={"slow": "1.1"}, **SETTINGS)
        res = run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, resume=path,
                             versions={"slow": "1.0"}, **SETTINGS)
    _assert_complete(path, res, reference)


def test_empty_and_foreign_files(reference, tmp_path):
    # issue 30: resuming an empty file used to start a new study with a new seed; it is refused
    empty = tmp_path / "empty.csv"
    empty.touch()
    with ThreadPoolExecutor(2) as pool:
        for rng in (None, 42):
            with pytest.raises(ValueError, match=r"cannot resume from '.*empty.csv': the file is empty, so it "
                                                 r"records no study .*pass results_file='.*empty.csv' instead"):
                run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, rng=rng, resume=empty, **SETTINGS)
        assert empty.read_bytes() == b""
        res = run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, rng=42, results_file=empty, **SETTINGS)
        _assert_complete(empty, res, reference)  # what the message says to do works
        other = tmp_path / "other.csv"
        other.write_text("instance,algorithm,value\n1,a,2.0\n")
        with pytest.raises(ValueError, match="is not a run_experiment results file"):
            run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, resume=other, **SETTINGS)
        other.write_text("instance,algorithm,value")  # no line end
        with pytest.raises(ValueError, match="is not a run_experiment results file"):
            run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, resume=other, **SETTINGS)
        with pytest.raises(FileNotFoundError, match="no results file to resume from"):
            run_experiment(INSTANCES, _algorithms(tmp_path), executor=pool, resume=tmp_path / "no.csv", **SETTINGS)


def test_cut_fingerprint_line_is_refused(finished_file, tmp_path):
    # issue 30: a file whose first line (the fingerprint, with the seed) is cut records no study;
    # resuming it used to start over with a new seed
    folder, full = finished_file
    data = full.read_bytes()
    end = data.index(b"\n")
    for cut in (1, 10, 25, end // 2, end - 1, end):
        path = tmp_path / f"cut{cut}.csv"
        path.write_bytes(data[:cut])
        for rng in (None, 42):
            with pytest.raises(ValueError, match=r"cannot resume from '.*': its study fingerprint line is cut .*"
                                                 r"delete the file and start the study again with results_file="):
                _resume_in_threads(folder, path, rng=rng)
        assert path.read_bytes() == data[:cut]  # nothing was written


def test_resume_into_a_new_file_copies_the_records(reference, finished_file, tmp_path):
    folder, full = finished_file
    partial = tmp_path / "partial.csv"
    partial.write_bytes(full.read_bytes()[: len(full.read_bytes()) // 2])
    target = tmp_path / "new.csv"
    with ThreadPoolExecutor(2) as pool:
        res = run_experiment(INSTANCES, _algorithms(folder), executor=pool, resume=partial, results_file=target,
                             rng=None, **SETTINGS)
    _assert_complete(target, res, reference)


# -- interactive use ---------------------------------------------------------------------
SCRIPT = textwrap.dedent("""
    import numpy as np
    import algocompare as ac

    def a(instance, rng):
        return rng.normal(instance, 1.0)

    def b(instance, rng):
        return rng.normal(instance + 1.0, 2.0)

    res = ac.run_experiment(list(range(1, 30)), [a, b], d=1.0, se_max=0.5, n0=5, nmax=40, rng=3)
    print(res.total_runs, repr(float(res.runs.to_long()["value"].sum())))
""")


def _script_functions():
    def a(instance, rng):
        return rng.normal(instance, 1.0)

    def b(instance, rng):
        return rng.normal(instance + 1.0, 2.0)

    return [a, b]


def _expected_script_output():
    with ThreadPoolExecutor(1) as pool:
        res = run_experiment(list(range(1, 30)), _script_functions(), d=1.0, se_max=0.5, n0=5, nmax=40, rng=3,
                             executor=pool)
    return f"{res.total_runs} {float(res.runs.to_long()['value'].sum())!r}"


def test_script_without_main_guard_runs_in_worker_processes(tmp_path):
    script = tmp_path / "study.py"
    script.write_text(SCRIPT)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == _expected_script_output()


@pytest.mark.slow
def test_repl_functions_run_in_worker_processes(tmp_path):
    done = subprocess.run([sys.executable, "-"], input=SCRIPT, capture_output=True, text=True, cwd=tmp_path,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == _expected_script_output()


def test_unserialisable_algorithm_falls_back_to_threads(reference):
    lock = threading.Lock()

    def slow(instance, rng):
        with lock:
            return fx.slow(instance, rng)

    with pytest.warns(RuntimeWarning, match=r"algorithm 'slow' cannot be serialised .*running the study in \d+ "
                                            r"thread\(s\)"):
        res = run_experiment(INSTANCES, {"fast": fx.fast, "slow": slow}, rng=42, **SETTINGS)
    pd.testing.assert_frame_equal(_data(res), _data(reference))


# -- calc_nreps --------------------------------------------------------------------------
def _hangs_sometimes(instance, rng):
    value = rng.normal()
    if os.environ.get("ALGOCOMPARE_TEST_HANG") and abs(value) > 1.0:
        time.sleep(3600)
    return value


def test_calc_nreps_timeout_and_progress(capsys, monkeypatch):
    plain = calc_nreps(3, [fx.fast, fx.slow], se_max=0.5, n0=5, rng=4)
    timed = calc_nreps(3, [fx.fast, fx.slow], se_max=0.5, n0=5, rng=4, timeout=30)
    assert list(timed.n_runs) == list(plain.n_runs)
    np.testing.assert_array_equal(timed.observations["slow"], plain.observations["slow"])
    assert capsys.readouterr().err == ""  # not a terminal: no bar
    calc_nreps(3, [fx.fast, fx.slow], se_max=0.5, n0=5, rng=4, progress=True)
    assert f"{plain.n_runs.sum()}/{plain.n_runs.sum()}" in capsys.readouterr().err
    monkeypatch.setenv("ALGOCOMPARE_TEST_HANG", "1")
    started = time.monotonic()
    with pytest.raises(RunFailed, match=r"'_hangs_sometimes' failed on instance 3 \(run \d+, seed \d+\) after 1 "
                                        r"attempt\(s\): timed out after 0.5 s"):
        calc_nreps(3, [_hangs_sometimes, fx.fast], se_max=0.01, n0=5, rng=4, timeout=0.5)
    assert time.monotonic() - started < 20


def test_runner_progress_bar(capsys):
    with ThreadPoolExecutor(2) as pool:
        res = run_experiment(INSTANCES, [fx.fast, fx.slow], executor=pool, rng=42, progress=True, **SETTINGS)
        assert f"{res.total_runs}/{res.total_runs}" in capsys.readouterr().err
        run_experiment(INSTANCES, [fx.fast, fx.slow], executor=pool, rng=42, **SETTINGS)
        assert capsys.readouterr().err == ""


def _stderr_on_a_terminal(script: str) -> bytes:
    """What ``script`` writes to standard error when that is a 100-column terminal."""
    pty = pytest.importorskip("pty")
    main, secondary = pty.openpty()
    fcntl, termios = pytest.importorskip("fcntl"), pytest.importorskip("termios")
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stderr=secondary, stdout=subprocess.DEVNULL)
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks)


def test_progress_bar_shown_by_default_on_a_terminal():
    """progress=None: a bar on a terminal once the work has lasted algocompare._progress.DELAY
    seconds (0 here, so this quick run shows it); with the default delay it stays silent."""
    run = ("from algocompare.experiment import calc_nreps\n"
           "from tests.experiment import algorithms_fixture as fx\n"
           "calc_nreps(3, [fx.fast, fx.slow], se_max=0.5, n0=5, rng=4)\n")
    shown = _stderr_on_a_terminal("import algocompare._progress as p\np.DELAY = 0.0\n" + run)
    n_runs = calc_nreps(3, [fx.fast, fx.slow], se_max=0.5, n0=5, rng=4).n_runs.sum()
    assert b"runs: 100%" in shown and f"{n_runs}/{n_runs}".encode() in shown
    assert b"runs" not in _stderr_on_a_terminal(run)  # well under a second: no bar


# -- Dask ----------------------------------------------------------------------------------
def _dask_cluster():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=50)
    return cluster, distributed.Client(cluster)


def _kill_dask_workers(folder, path, at, stop, victims):
    for n in at:
        while _ok_records(path) < n and not stop.is_set():
            time.sleep(0.01)
        workers = sorted(p for p in faults.pids(folder) - {os.getpid()} if faults.alive(p))
        if stop.is_set() or not workers:
            return
        victims.append(random.Random(n).choice(workers))
        os.kill(victims[-1], signal.SIGKILL)


DASK_SETTINGS = dict(d=1.0, se_max=1.0, n0=3, nmax=30, power=0.8)  # a smaller study: Dask's overhead per run


def _dask_worker_loss(folder, at):
    with ThreadPoolExecutor(1) as pool:
        reference = run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42,
                                   **DASK_SETTINGS)
    path = folder / "runs.csv"
    cluster, client = _dask_cluster()
    stop, victims = threading.Event(), []
    killer = threading.Thread(target=_kill_dask_workers, args=(folder, path, at, stop, victims))
    try:
        killer.start()
        res = run_experiment(INSTANCES, _algorithms(folder), executor=client, rng=42, results_file=path,
                             **DASK_SETTINGS)
    finally:
        stop.set()
        killer.join()
        client.close()
        cluster.close()
    _assert_complete(path, res, reference)
    assert len(victims) == len(at)  # every planned worker loss happened during the study
    assert faults.survivors(faults.pids(folder) - {os.getpid()}) == set()  # closing the cluster ended them


def test_dask_worker_loss(tmp_path):
    _dask_worker_loss(tmp_path, at=[40])


# -- the long version ------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_random_parent_kills_until_done(reference, tmp_path, seed):
    chance = random.Random(seed)
    path = tmp_path / "runs.csv"
    mode = "new"
    for _ in range(20):
        before = _ok_records(path)
        proc = _child(tmp_path, path, mode=mode)
        if chance.random() < 0.2:  # now and then while it starts (imports, fingerprint)
            time.sleep(chance.uniform(0.05, 1.0))
        else:  # else once it has recorded a new run (an event: starting takes seconds on a busy machine)
            _wait_for_progress(proc, path, before)
            time.sleep(chance.uniform(0.0, 2.0))
        if proc.poll() is not None:
            out, err = proc.communicate()
            assert proc.returncode == 0 and "complete" in out, err
            break
        proc.send_signal(chance.choice([signal.SIGKILL, signal.SIGKILL, signal.SIGTERM, signal.SIGINT]))
        proc.communicate(timeout=30)
        _no_orphans(tmp_path)
        if path.exists() and chance.random() < 0.3:  # and the last bytes are lost too
            data = path.read_bytes()
            path.write_bytes(data[: len(data) - chance.randint(1, 60)])
        if path.exists() and b"\n" not in path.read_bytes():  # killed before its fingerprint was written:
            path.unlink()  # a resume is refused (nothing recorded); start again, as the refusal says
        mode = "resume" if path.exists() else "new"
    _no_orphans(tmp_path)
    _assert_complete(path, _resume_in_threads(tmp_path, path, rng=42), reference)


@pytest.mark.slow
def test_many_truncations(reference, finished_file, tmp_path):
    folder, full = finished_file
    data = full.read_bytes()
    for cut in random.Random(5).sample(range(len(data)), 40):
        path = tmp_path / f"cut{cut}.csv"
        path.write_bytes(data[:cut])
        if cut <= data.index(b"\n"):  # no complete fingerprint line: refused, started anew as the message says
            with pytest.raises(ValueError, match="is empty|fingerprint line is cut"):
                _resume_in_threads(folder, path, rng=42)
            path.unlink()
            with ThreadPoolExecutor(2) as pool:
                res = run_experiment(INSTANCES, _algorithms(folder), executor=pool, results_file=path, rng=42,
                                     **SETTINGS)
            _assert_complete(path, res, reference)
            continue
        _assert_complete(path, _resume_in_threads(folder, path, rng=42), reference)


@pytest.mark.slow
def test_dask_repeated_worker_loss(tmp_path):
    _dask_worker_loss(tmp_path, at=[20, 60, 100])
