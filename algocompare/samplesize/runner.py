"""Run a comparative study with the Campelo–Takahashi sampling plan (thesis Algorithm 2).

``run_experiment`` computes N* (:func:`calc_instances`), samples min(N*, available)
instances without replacement, runs each algorithm on each instance with the sequential
plan of :func:`calc_nreps`, and tests the per-instance differences at the end (paired t,
Wilcoxon or sign test on phi_j; Holm-adjusted for several comparisons, Campelo & Wanner
2020).

Unlike CAISEr's ``run_experiment``, the study is reproducible, survives interruption and
never mixes data:

* run r of algorithm k on instance i always receives the generator
  ``SeedSequence(entropy, spawn_key=(i, k, r))`` (and the 32-bit seed drawn from it for
  command-line programs); a retry after a failure draws the fresh
  ``SeedSequence(entropy, spawn_key=(i, k, r, attempt))``. Every decision depends only on
  the values of one instance, so the same ``rng`` gives the same data whatever the
  execution order, worker count or executor;
* runs execute on the default worker pool (:mod:`~algocompare.samplesize.workers`: one
  process per CPU, functions from notebooks and ``__main__`` serialised by value, a hung run
  killed at its ``timeout``, every worker dying with the runner), on threads, on any
  :class:`concurrent.futures.Executor` or on a ``dask.distributed.Client``
  (:mod:`~algocompare.samplesize.executors`);
* every attempted run is appended to ``results_file`` as one checked line after the study's
  fingerprint (:mod:`~algocompare.samplesize.results_file`,
  :mod:`~algocompare.samplesize.fingerprint`); ``resume=PATH`` replays the recorded runs
  only when the study is the same, and says what differs otherwise.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import time
import warnings
from collections import Counter, deque
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import __version__
from algocompare import _validation as v
from algocompare._results import BaseResult, internal
from algocompare.data.results import Results
from algocompare.samplesize import fingerprint
from algocompare.samplesize.executors import resolve
from algocompare.samplesize.instances import calc_instances
from algocompare.samplesize.repetitions import (SamplingPlan, algorithm_names, as_value, check_sampling,
                                                check_timeout, integer_seed, progress_bar, seed_entropy)
from algocompare.samplesize.results_file import RunLog, read_recorded
from algocompare.samplesize.standard_error import check_design, comparison_pairs
from algocompare.samplesize.workers import EXTERNAL_KILLS, RunFailed, command_preexec, exit_description

__all__ = ["run_experiment", "ExperimentResult", "RunFailed"]

TESTS = ("t", "wilcoxon", "sign")
ALTERNATIVES = ("two-sided", "greater", "less")
_ORDER_KEY = 2**32 - 1  # spawn key of the instance-order stream (distinct from any run key)
LOST_LIMIT = 3  # a run whose worker is killed from outside more often than this fails


def attempt_seed(entropy: int, key: tuple[int, int, int], attempt: int) -> np.random.SeedSequence:
    """Attempt 0 of run ``key`` = (instance, algorithm, run) uses the run's seed; retries fresh ones."""
    return np.random.SeedSequence(entropy, spawn_key=key if attempt == 0 else (*key, attempt))


# -- one run (executed in a worker) ------------------------------------------------------
def execute_run(algorithm: Any, name: Any, instance: Any, entropy: int, key: tuple[int, int, int],
                attempt: int = 0) -> float:
    """Run one algorithm once with the generator of ``key`` = (instance, algorithm, run) and attempt."""
    seq = attempt_seed(entropy, key, attempt)
    if isinstance(algorithm, str):
        command = algorithm.format(instance=instance, seed=integer_seed(seq), run=key[2], algorithm=name)
        done = subprocess.run(shlex.split(command), capture_output=True, text=True, check=False,
                              preexec_fn=command_preexec())
        if done.returncode != 0:
            raise RuntimeError(f"command {command!r} exited with code {done.returncode}: "
                               f"{done.stderr.strip()[-500:]}")
        lines = [line for line in done.stdout.splitlines() if line.strip()]
        if not lines:
            raise RuntimeError(f"command {command!r} printed nothing; its last output line must be the value.")
        return as_value(lines[-1].strip(), name, instance)
    return as_value(algorithm(instance, np.random.default_rng(seq)), name, instance)


# -- options -----------------------------------------------------------------------------
def _instance_labels(instances: Any) -> tuple[list[Any], list[Any]]:
    if isinstance(instances, dict):
        labels, items = list(instances), list(instances.values())
    elif isinstance(instances, (list, tuple, range, np.ndarray, pd.Index, pd.Series)):
        items = list(instances)
        simple = all(isinstance(x, (str, int, np.integer)) for x in items)
        labels = items if simple and len(set(items)) == len(items) else [f"I{i + 1}" for i in range(len(items))]
    else:
        raise TypeError(f"instances must be a list or dict of instances, got {type(instances).__name__}.")
    if len(items) < 2:
        raise ValueError(f"at least two instances are needed, got {len(items)}.")
    return labels, items


# -- the final tests ---------------------------------------------------------------------
def _holm(pvalues: np.ndarray) -> np.ndarray:
    try:
        from algocompare.posthoc import adjust_pvalues
    except ImportError:  # pragma: no cover - posthoc area not built
        order = np.argsort(pvalues)
        m = pvalues.size
        adj = np.maximum.accumulate(np.minimum(1.0, (m - np.arange(m)) * pvalues[order]))
        out = np.empty_like(adj)
        out[order] = adj
        return out
    return np.asarray(adjust_pvalues(pvalues, "holm"), dtype=float)


def _paired_test(phi: np.ndarray, test: str, alternative: str, alpha: float) -> dict[str, float]:
    """Test H0: the mean (t) or median (Wilcoxon, sign) of phi_j is zero."""
    n = phi.size
    low = high = float("nan")
    if test == "t":
        res = stats.ttest_1samp(phi, 0.0, alternative=alternative)
        ci = res.confidence_interval(1 - alpha)
        estimate, statistic, pvalue, low, high = phi.mean(), res.statistic, res.pvalue, ci.low, ci.high
    elif test == "wilcoxon":
        res = stats.wilcoxon(phi, alternative=alternative)
        estimate, statistic, pvalue = np.median(phi), res.statistic, res.pvalue
    else:
        nonzero = phi[phi != 0]
        statistic = int((nonzero > 0).sum())
        pvalue = stats.binomtest(statistic, nonzero.size, 0.5, alternative=alternative).pvalue if nonzero.size else 1.0
        estimate = np.median(phi)
    return {"estimate": float(estimate), "ci_low": float(low), "ci_high": float(high),
            "statistic": float(statistic), "pvalue": float(pvalue), "n": n}


@dataclass(frozen=True, kw_only=True)
class ExperimentResult(BaseResult):
    """A finished study: runs, per-instance estimates and the final test(s)."""

    _plot_function: ClassVar[str] = "plot_experiment"

    n_star: int
    n_instances: int
    n_available: int
    underpowered: bool
    total_runs: int
    test: str
    alternative: str
    alpha: float
    d: float
    power: float
    se_max: float
    dif: str
    comparisons: str
    entropy: str
    tests: pd.DataFrame
    instances: pd.DataFrame
    runs: Results = internal()

    @property
    def statistic(self) -> float:
        """Statistic of the first (for two algorithms, the only) comparison."""
        return float(self.tests["statistic"].iloc[0])

    @property
    def pvalue(self) -> float:
        return float(self.tests["pvalue_adj"].iloc[0])

    def to_frame(self) -> pd.DataFrame:
        """The final test of each comparison (estimate, CI, statistic, raw and Holm p-values)."""
        return self.tests.copy()

    def __str__(self) -> str:
        head = (f"{self.method}\n  N* = {self.n_star}, instances used {self.n_instances} of {self.n_available}"
                f"{' (UNDERPOWERED)' if self.underpowered else ''}, {self.total_runs} runs\n")
        return head + self.tests.to_string(index=False)


# -- the experiment ----------------------------------------------------------------------
class _Study:
    """Scheduler state: one sampling plan per instance, a queue of runs, runs in flight, the log."""

    def __init__(self, backend, algs, names, items, labels, entropy, plan_options, cache, log, retries, timeout,
                 bar):
        self.backend, self.algs, self.names, self.items, self.labels = backend, algs, names, items, labels
        self.entropy, self.plan_options, self.cache, self.log = entropy, plan_options, cache, log
        self.retries, self.timeout, self.bar = retries, timeout, bar
        self.plans: dict[int, SamplingPlan] = {}
        self.queue: deque[tuple[tuple[int, int, int], int]] = deque()  # (run key, attempt)
        self.inflight: dict[Any, tuple[tuple[int, int, int], int]] = {}
        self.lost: Counter = Counter()
        self.finished = 0

    # planning
    def start(self, index: int) -> None:
        self.plans[index] = SamplingPlan(
            len(self.algs), boot_rng=np.random.SeedSequence(self.entropy, spawn_key=(index, len(self.algs))),
            **self.plan_options)
        self._launch(index)
        self._settle(index)

    def _launch(self, index: int) -> None:
        pending = self.plans[index].pending()
        if self.bar is not None:
            self.bar.total = (self.bar.total or 0) + len(pending)
        for alg, run in pending:
            key = (index, alg, run)
            if key in self.cache:
                self._record(key, self.cache.pop(key))
            else:
                self.queue.append((key, 0))

    def _record(self, key: tuple[int, int, int], value: float) -> None:
        if self.bar is not None:
            self.bar.update(1)
        self.plans[key[0]].record(key[1], key[2], value)

    def _settle(self, index: int) -> None:
        plan = self.plans[index]
        while not plan.pending():
            if not plan.advance():
                self.finished += 1
                if self.bar is not None:
                    self.bar.set_postfix_str(f"{self.finished}/{len(self.plans)} instances done", refresh=False)
                return
            self._launch(index)

    # execution
    @property
    def busy(self) -> bool:
        return bool(self.queue or self.inflight)

    def step(self) -> None:
        """Submit what fits, wait for the next finished (or overdue) runs and act on them."""
        # a run's clock starts at submission, so with a timeout no run may wait in a foreign queue
        limit = self.backend.capacity * (1 if self.timeout is not None or self.backend.can_stop else 4)
        while self.queue and len(self.inflight) < limit:
            key, attempt = self.queue.popleft()
            try:
                handle = self.backend.submit(execute_run, (self.algs[key[1]], self.names[key[1]],
                                                           self.items[key[0]], self.entropy, key, attempt))
            except Exception as err:  # noqa: BLE001 - a broken or shut-down executor
                raise RunFailed(f"the executor refused {self._describe(key, attempt)}: {type(err).__name__}: "
                                f"{err}") from err
            self.inflight[handle] = (key, attempt)
        failure = None
        for handle, kind, value in self.backend.wait(self._time_left()):
            key, attempt = self.inflight.pop(handle)
            try:
                self._outcome(key, attempt, kind, value)
            except RunFailed as err:  # record the other finished runs first
                failure = failure or err
        if failure is not None:
            raise failure
        self._stop_overdue()

    def _time_left(self) -> float | None:
        if self.timeout is None:
            return None
        now = time.monotonic()
        starts = [s for s in (self.backend.started(h) for h in self.inflight) if s is not None]
        return max(0.0, min(starts) + self.timeout - now) if starts else 0.5

    def _stop_overdue(self) -> None:
        if self.timeout is None:
            return
        now = time.monotonic()
        for handle in list(self.inflight):
            started = self.backend.started(handle)
            if started is not None and now - started >= self.timeout:
                key, attempt = self.inflight.pop(handle)
                self.backend.stop(handle)
                self._failed(key, attempt, "timeout", f"timed out after {self.timeout:g} s"
                             + ("" if self.backend.can_stop else " (abandoned: this executor cannot stop it)"))

    def _outcome(self, key: tuple[int, int, int], attempt: int, kind: str, value: Any) -> None:
        if kind == "ok":
            self._write(key, attempt, "ok", repr(float(value)), "")
            self._record(key, float(value))
            self._settle(key[0])
        elif kind == "error":
            self._failed(key, attempt, "error", value)
        elif kind == "died" and value in EXTERNAL_KILLS:
            self._failed(key, attempt, "lost", f"its worker process {exit_description(value)} from outside")
        elif kind == "died":
            self._failed(key, attempt, "died", f"its worker process {exit_description(value)} while running it "
                                               "(os._exit, a crash or lack of memory)")
        else:  # "broken": the executor can run nothing more
            running = "; ".join(self._describe(k, a) for k, a in [(key, attempt), *self.inflight.values()])
            raise RunFailed(f"the executor broke while running {running}: {value}")

    def _failed(self, key: tuple[int, int, int], attempt: int, status: str, message: str) -> None:
        self._write(key, attempt, status, "", message)
        if status == "lost":
            self.lost[key] += 1
            if self.lost[key] <= LOST_LIMIT:
                warnings.warn(f"{self._describe(key, attempt)}: {message}; running it again with the same seed.",
                              RuntimeWarning, stacklevel=5)
                self.queue.appendleft((key, attempt))
                return
            message += f" ({self.lost[key]} times)"
        elif attempt < self.retries:
            fresh = integer_seed(attempt_seed(self.entropy, key, attempt + 1))
            warnings.warn(f"{self._describe(key, attempt)} failed: {message}; retrying with the fresh seed {fresh} "
                          f"(attempt {attempt + 2} of {self.retries + 1}).", RuntimeWarning, stacklevel=5)
            self.queue.appendleft((key, attempt + 1))
            return
        raise RunFailed(f"algorithm {self.names[key[1]]!r} failed on instance {self.labels[key[0]]!r} (run {key[2]}, "
                        f"seed {self._seed(key, attempt)}) after {attempt + 1} attempt(s): {message}")

    def _seed(self, key: tuple[int, int, int], attempt: int) -> int:
        return integer_seed(attempt_seed(self.entropy, key, attempt))

    def _describe(self, key: tuple[int, int, int], attempt: int) -> str:
        return (f"run {key[2]} of algorithm {self.names[key[1]]!r} on instance {self.labels[key[0]]!r} (attempt "
                f"{attempt + 1}, seed {self._seed(key, attempt)})")

    def _write(self, key: tuple[int, int, int], attempt: int, status: str, value: str, message: str) -> None:
        index, alg, run = key
        self.log.write([self.labels[index], self.names[alg], run, attempt, status, value, self._seed(key, attempt),
                        index, alg, message[:300]])


def _cached_runs(rows: list[list[str]]) -> dict[tuple[int, int, int], float]:
    """Values of the recorded successful runs by (instance, algorithm, run) index."""
    cache: dict[tuple[int, int, int], float] = {}
    for row in rows:
        if row[4] == "ok":
            cache.setdefault((int(row[7]), int(row[8]), int(row[2])), float(row[5]))
    return cache


def _study_fingerprint(entropy, names, algs, versions, labels, items, design) -> dict:
    if versions is None:
        versions = {}
    if not isinstance(versions, dict):
        raise TypeError(f"versions must be a dict {{algorithm name: version}}, got {type(versions).__name__}.")
    unknown = [name for name in versions if name not in names]
    if unknown:
        raise ValueError(f"versions names unknown algorithm(s) {unknown}; the algorithms are {names}.")
    return fingerprint.make(entropy=entropy, names=names, algorithms=algs, versions=versions, labels=labels,
                            items=items, design=design, package=__version__)


def _open_log(results_file, resume, rng, names, algs, versions, labels, items, design):
    """Seed, recorded runs and the log; refuses to resume another study or to overwrite a file."""
    recorded = None
    if resume is not None:
        recorded = read_recorded(resume)
        if recorded.fingerprint is not None and rng is None:
            entropy = int(recorded.fingerprint["seed"])
        else:
            entropy = seed_entropy(rng)
    else:
        entropy = seed_entropy(rng)
    current = _study_fingerprint(entropy, names, algs, versions, labels, items, design)
    if recorded is not None and recorded.fingerprint is not None:
        differ = fingerprint.differences(recorded.fingerprint, current)
        if differ:
            raise ValueError(f"cannot resume from {str(resume)!r}: it records another study. "
                             + "; ".join(differ) + ". Resume with the recorded settings, or start a new "
                             "results_file (nothing was run or written).")
    target = resume if results_file is None else results_file
    log = RunLog(target, current, resumed=recorded, resumed_path=resume)
    return entropy, ({} if recorded is None else _cached_runs(recorded.rows)), log


def run_experiment(instances: Sequence[Any] | dict, algorithms: Sequence[Any] | dict, d: float, se_max: float, *,
                   power: float = 0.8, alpha: float = 0.05, power_target: str = "mean", dif: str = "simple",
                   comparisons: str = "all-vs-all", alternative: str = "two-sided", test: str = "t",
                   method: str = "param", n0: int = 20, nmax: int | None = None, force_balanced: bool = False,
                   n_resamples: int = 499, direction: str = "minimize", executor: Any = None,
                   results_file: str | os.PathLike | None = None, resume: str | os.PathLike | None = None,
                   versions: dict | None = None, retries: int = 0, timeout: float | None = None,
                   progress: bool | None = None, rng: Any = None) -> ExperimentResult:
    """Run a comparative study with the sample sizes of Campelo & Takahashi.

    Parameters
    ----------
    instances : list or dict
        The available problem instances Γ_S (a dict gives their labels). Each is passed
        to the algorithms as is (to a command template as ``{instance}``).
    algorithms : list or dict
        Each a callable ``(instance, rng) -> float`` or a command-line template with
        ``{instance}``, ``{seed}``, ``{run}``, ``{algorithm}`` fields whose last output line
        is the value. Functions defined in a notebook, the REPL or a script's ``__main__``
        work (no ``if __name__ == "__main__":`` guard is needed with the default executor).
    d, power, alpha, power_target, test : see :func:`calc_instances`.
    se_max, dif, comparisons, method, n0, force_balanced : see :func:`calc_nreps`.
    nmax : int, optional
        Maximum runs per instance, all algorithms together (default 100 per algorithm,
        as CAISEr).
    alternative : {"two-sided", "greater", "less"}
        Of the final tests on phi_j (for N*, "greater" and "less" are one-sided).
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Where runs execute. Default: a pool of worker processes, one per CPU, that receives
        the algorithms serialised by value (cloudpickle), kills a run over its ``timeout``
        and names the run whose worker died; when an algorithm or instance cannot be
        serialised, threads of this process are used instead, with a warning. Other
        executors: a ``ThreadPoolExecutor`` (no serialisation), any other
        ``concurrent.futures.Executor`` or a Dask client (tasks serialised by value).
    results_file : path, optional
        A new CSV (or Parquet) file: the study's fingerprint, then every attempted run as
        it finishes. An existing non-empty file is refused (use ``resume``).
    resume : path, optional
        The results file of an interrupted study; its successful runs are reused and new
        ones appended to it (or, with ``results_file``, all are written to that new file).
        Refused, with the list of differences, unless algorithms (names, order, code or
        version), instances (labels, order, content), design options, seed and package
        version are the recorded ones. A cut last record is dropped and its run made again.
    versions : dict, optional
        ``{algorithm name: version}`` recorded instead of the hash of that algorithm's code
        (for an algorithm that calls code the hash cannot see, or whose text changed
        without changing its results).
    retries : int
        Extra attempts for a failing run (an exception, a worker that exits, a timeout),
        each with a fresh seed ``SeedSequence(entropy, spawn_key=(i, k, r, attempt))``,
        announced by a RuntimeWarning and recorded; then :class:`RunFailed` is raised. A run
        whose worker is killed from outside (SIGKILL, SIGTERM: out of memory, an operator)
        is started again with the same seed, up to 3 times, and does not count as a retry.
    timeout : float, optional
        Seconds a run may take (from when it reaches a worker). A run over time is recorded
        as ``timeout`` and counts as a failure; the default worker pool kills it, threads
        and other executors can only abandon it.
    progress : bool, optional
        A tqdm bar of runs done / runs planned so far, with the instances done. Default:
        shown when standard error is a terminal; ``False`` never, ``True`` always.
    rng : None, int or Generator
        Source of every run's seed; with ``resume`` and ``rng=None`` the file's seed is used.

    Returns
    -------
    ExperimentResult
        ``tests`` (estimate, CI, statistic, p-value, Holm-adjusted p-value, reject per
        comparison), ``instances`` (per instance and pair: phi, SE, CI, n per algorithm,
        ``nmax_reached``), ``runs`` (long :class:`~algocompare.Results`), ``n_star``,
        ``underpowered``.

    Raises
    ------
    RunFailed
        A run failed on its last attempt (the message names algorithm, instance, run and
        seed, and why), or the executor broke.
    ValueError
        ``resume`` records another study (the message lists what differs: e.g. ``algorithm
        order: recorded ['a', 'b'], now ['b', 'a']``, ``code of algorithm 'b' differs``,
        ``instances: recorded [...], now [...]``, ``se_max: recorded 0.5, now 0.6``,
        ``rng seed: recorded 42, now 7``); ``results_file`` already exists; another running
        study is writing the file; the file is not a results file or a record in its middle
        is damaged.

    Notes
    -----
    Thesis Algorithm 2; Campelo & Wanner (2020) for several algorithms. Per-instance CIs are
    phi ± z_{1−alpha/2}·SE. The results file format and the fingerprint are described in
    :mod:`algocompare.samplesize.results_file` and :mod:`algocompare.samplesize.fingerprint`.
    Every worker process the runner starts ends with it: on return, on an exception or
    Ctrl-C (SIGINT), and when the runner is killed (SIGTERM, SIGKILL), through a parent-death
    signal (Linux) or a watchdog thread.

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> def a(instance, rng): return rng.normal(instance, 1)
    >>> def b(instance, rng): return rng.normal(instance + 1, 2)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     res = run_experiment(list(range(1, 40)), [a, b], d=1.0, se_max=0.5, n0=5, executor=pool, rng=1)
    >>> res.n_star, bool(res.tests["reject"].iloc[0])
    (10, True)
    """
    check_design(dif, comparisons, method)
    v.check_option("test", test, TESTS)
    v.check_option("alternative", alternative, ALTERNATIVES)
    v.check_direction(direction)
    names, algs = algorithm_names(algorithms)
    labels, items = _instance_labels(instances)
    se_max, n0, nmax = check_sampling(se_max, n0, 100 * len(algs) if nmax is None else nmax, len(algs))
    retries = v.check_positive_int("retries", retries, minimum=0)
    timeout = check_timeout(timeout)
    n_comparisons = len(comparison_pairs(len(algs), comparisons))
    plan_n = calc_instances(d, power=power, alpha=alpha,
                            alternative="two-sided" if alternative == "two-sided" else "one-sided", test=test,
                            comparisons=n_comparisons, power_target=power_target)
    design = dict(d=float(d), power=float(power), alpha=float(alpha), power_target=power_target, test=test,
                  alternative=alternative, se_max=float(se_max), dif=dif, comparisons=comparisons, method=method,
                  n0=n0, nmax=nmax, force_balanced=bool(force_balanced), n_resamples=int(n_resamples))
    entropy, cache, log = _open_log(results_file, resume, rng, names, algs, versions, labels, items, design)
    order = np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(_ORDER_KEY,))).permutation(len(items))
    chosen = [int(i) for i in order[: min(plan_n.n_instances, len(items))]]
    plan_options = dict(se_max=se_max, dif=dif, comparisons=comparisons, method=method, n0=n0, nmax=nmax,
                        force_balanced=bool(force_balanced), n_resamples=n_resamples)
    complete, backend, bar = False, None, None
    try:
        backend = resolve(executor, {**{f"algorithm {n!r}": a for n, a in zip(names, algs)},
                                     **{f"instance {labels[i]!r}": items[i] for i in chosen}})
        bar = progress_bar(progress, "runs")
        study = _Study(backend, algs, names, items, labels, entropy, plan_options, cache, log, retries, timeout,
                       bar)
        for index in chosen:
            study.start(index)
        while study.busy:
            study.step()
        complete = True
    finally:
        if backend is not None:
            backend.close(complete)
        log.close(complete)
        if bar is not None:
            bar.close()
    return _assemble(study, chosen, plan_n, locals_=dict(
        alpha=alpha, test=test, alternative=alternative, d=d, power=power, se_max=se_max, dif=dif,
        comparisons=comparisons, direction=direction, n_available=len(items), entropy=entropy))


def _assemble(study: _Study, chosen: list[int], plan_n, locals_: dict) -> ExperimentResult:
    names, labels, alpha = study.names, study.labels, locals_["alpha"]
    z = stats.norm.isf(alpha / 2)
    rows, runs = [], []
    for index in chosen:
        plan = study.plans[index]
        table = plan.table
        for p in range(len(table["phi"])):
            a, b = int(table["alg_a"][p]), int(table["alg_b"][p])
            phi, se = float(table["phi"][p]), float(table["se"][p])
            rows.append({"instance": labels[index], "alg_a": names[a], "alg_b": names[b], "phi": phi, "se": se,
                         "ci_low": phi - z * se, "ci_high": phi + z * se, "n_a": len(plan.values[a]),
                         "n_b": len(plan.values[b]), "n_total": plan.total_runs,
                         "nmax_reached": plan.nmax_reached})
        for k, values in enumerate(plan.values):
            runs += [(labels[index], names[k], r, x) for r, x in enumerate(values)]
    per_instance = pd.DataFrame(rows)
    tests = []
    for (a, b), group in per_instance.groupby(["alg_a", "alg_b"], sort=False):
        tests.append({"alg_a": a, "alg_b": b,
                      **_paired_test(group["phi"].to_numpy(float), locals_["test"], locals_["alternative"], alpha)})
    tests = pd.DataFrame(tests)
    tests["pvalue_adj"] = _holm(tests["pvalue"].to_numpy(float))
    tests["reject"] = tests["pvalue_adj"] <= alpha
    long = pd.DataFrame(runs, columns=["instance", "algorithm", "run", "value"])
    results = Results.from_long(long, run="run", direction=locals_["direction"])
    test_name = {"t": "paired t", "wilcoxon": "Wilcoxon signed-rank", "sign": "sign"}[locals_["test"]]
    return ExperimentResult(
        method=f"Comparative experiment (Campelo & Takahashi), {test_name} test on phi_j",
        n_star=plan_n.n_instances, n_instances=len(chosen), n_available=locals_["n_available"],
        underpowered=plan_n.n_instances > locals_["n_available"], total_runs=len(long), test=locals_["test"],
        alternative=locals_["alternative"], alpha=alpha, d=float(locals_["d"]), power=float(locals_["power"]),
        se_max=locals_["se_max"], dif=locals_["dif"], comparisons=locals_["comparisons"],
        entropy=str(locals_["entropy"]), tests=tests, instances=per_instance, runs=results)
