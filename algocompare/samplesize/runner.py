"""Run a comparative study with the Campelo–Takahashi sampling plan (thesis Algorithm 2).

``run_experiment`` computes N* (:func:`calc_instances`), samples min(N*, available)
instances without replacement, runs each algorithm on each instance with the sequential
plan of :func:`calc_nreps`, and tests the per-instance differences at the end (paired t,
Wilcoxon or sign test on phi_j; Holm-adjusted for several comparisons, Campelo & Wanner
2020).

Unlike CAISEr's ``run_experiment``, the study is reproducible and survives interruption:

* run r of algorithm k on instance i always receives the generator
  ``SeedSequence(entropy, spawn_key=(i, k, r))`` (and the 32-bit seed drawn from it for
  command-line programs), and every decision depends only on the values of one instance,
  so the same ``rng`` gives the same data whatever the execution order or worker count;
* runs are dispatched through a :class:`concurrent.futures.Executor` (default: a local
  process pool; a ``dask.distributed.Client`` runs them on its cluster), several
  instances at a time;
* every finished run is appended to ``results_file`` (CSV; a ``.parquet`` file is written
  at the end from a CSV journal) and ``resume=PATH`` replays the recorded runs instead of
  repeating them.
"""

from __future__ import annotations

import concurrent.futures as cf
import csv
import multiprocessing
import os
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Sequence

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._results import Result, internal
from algocompare.data.results import Results
from algocompare.samplesize.instances import calc_instances
from algocompare.samplesize.repetitions import (SamplingPlan, algorithm_names, as_value, check_sampling,
                                                integer_seed, run_seed, seed_entropy)
from algocompare.samplesize.standard_error import check_design, comparison_pairs

__all__ = ["run_experiment", "ExperimentResult", "RunFailed"]

TESTS = ("t", "wilcoxon", "sign")
ALTERNATIVES = ("two-sided", "greater", "less")
COLUMNS = ["instance", "algorithm", "run", "value", "seed", "instance_index", "algorithm_index", "entropy"]
_ORDER_KEY = 2**32 - 1  # spawn key of the instance-order stream (distinct from any run key)


class RunFailed(RuntimeError):
    """An algorithm run kept failing; the message names the instance, algorithm, run and seed."""


# -- one run (executed in a worker) ------------------------------------------------------
def execute_run(algorithm: Any, name: Any, instance: Any, entropy: int, key: tuple[int, int, int]) -> float:
    """Run one algorithm once with the generator of ``key`` = (instance, algorithm, run)."""
    seq = run_seed(entropy, *key)
    if isinstance(algorithm, str):
        command = algorithm.format(instance=instance, seed=integer_seed(seq), run=key[2], algorithm=name)
        done = subprocess.run(shlex.split(command), capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"command {command!r} exited with code {done.returncode}: "
                               f"{done.stderr.strip()[-500:]}")
        lines = [line for line in done.stdout.splitlines() if line.strip()]
        if not lines:
            raise RuntimeError(f"command {command!r} printed nothing; its last output line must be the value.")
        return as_value(lines[-1].strip(), name, instance)
    return as_value(algorithm(instance, np.random.default_rng(seq)), name, instance)


# -- the results file --------------------------------------------------------------------
class RunLog:
    """Append-only CSV of finished runs (the journal of a Parquet file)."""

    def __init__(self, path: str | os.PathLike | None):
        self.target = Path(path) if path is not None else None
        self.csv = None
        if self.target is not None:
            self.csv = self.target.with_name(self.target.name + ".partial.csv") if self.is_parquet else self.target
            new = not self.csv.exists() or self.csv.stat().st_size == 0
            self._handle = open(self.csv, "a", newline="")
            self._writer = csv.writer(self._handle)
            if new:
                self._writer.writerow(COLUMNS)
                self._handle.flush()

    @property
    def is_parquet(self) -> bool:
        return self.target is not None and self.target.suffix.lower() in (".parquet", ".pq")

    def write(self, row: list[Any]) -> None:
        if self.csv is not None:
            self._writer.writerow(row)
            self._handle.flush()

    def close(self, complete: bool) -> None:
        if self.csv is None:
            return
        self._handle.close()
        if complete and self.is_parquet:
            read_log(self.csv).to_parquet(self.target, index=False)
            self.csv.unlink()


def read_log(path: str | os.PathLike) -> pd.DataFrame:
    """The finished runs recorded in a results file (CSV, Parquet or a Parquet journal)."""
    path = Path(path)
    journal = path.with_name(path.name + ".partial.csv")
    frames = []
    if path.suffix.lower() in (".parquet", ".pq"):
        if path.exists():
            frames.append(pd.read_parquet(path))
        if journal.exists():
            frames.append(pd.read_csv(journal, dtype={"entropy": str}))
    elif path.exists():
        frames.append(pd.read_csv(path, dtype={"entropy": str}))
    if not frames:
        raise FileNotFoundError(f"no results file to resume from at {str(path)!r}.")
    log = pd.concat(frames, ignore_index=True)
    missing = [c for c in COLUMNS if c not in log.columns]
    if missing:
        raise ValueError(f"{str(path)!r} is not a run_experiment results file (missing columns {missing}).")
    return log


def _cached_runs(log: pd.DataFrame, entropy: int) -> dict[tuple[int, int, int], float]:
    if (log["entropy"].astype(str) != str(entropy)).any():
        raise ValueError("the results file was written with a different rng seed; resume with the same rng "
                         "(or rng=None to take the seed from the file).")
    keys = zip(log["instance_index"].astype(int), log["algorithm_index"].astype(int), log["run"].astype(int))
    return {key: float(val) for key, val in zip(keys, log["value"].to_numpy(float))}


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


def _resolve_executor(executor: Any) -> tuple[cf.Executor, bool]:
    """The executor to use and whether we own it (and must shut it down)."""
    if executor is None:
        # forkserver (not fork): safe when the caller runs threads; workers fork from a
        # server that has already imported this module.
        context = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
        if os.name == "posix":
            context.set_forkserver_preload([__name__])
        return cf.ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=context), True
    if hasattr(executor, "get_executor") and not isinstance(executor, cf.Executor):  # dask Client
        return executor.get_executor(), False
    if isinstance(executor, cf.Executor):
        return executor, False
    raise TypeError(f"executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
                    f"got {type(executor).__name__}.")


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
class ExperimentResult(Result):
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
    """Scheduler state: one sampling plan per instance, futures in flight, the results log."""

    def __init__(self, executor, algs, names, items, labels, entropy, plan_options, cache, log, retries, bar):
        self.executor, self.algs, self.names, self.items, self.labels = executor, algs, names, items, labels
        self.entropy, self.plan_options, self.cache, self.log = entropy, plan_options, cache, log
        self.retries, self.bar = retries, bar
        self.plans: dict[int, SamplingPlan] = {}
        self.inflight: dict[cf.Future, tuple[int, int, int, int]] = {}

    def start(self, index: int) -> None:
        self.plans[index] = SamplingPlan(
            len(self.algs), boot_rng=np.random.SeedSequence(self.entropy, spawn_key=(index, len(self.algs))),
            **self.plan_options)
        self._launch(index)
        self._settle(index)

    def _launch(self, index: int) -> None:
        for alg, run in self.plans[index].pending():
            key = (index, alg, run)
            if key in self.cache:
                self.plans[index].record(alg, run, self.cache.pop(key))
            else:
                self._submit(key, attempt=1)

    def _submit(self, key: tuple[int, int, int], attempt: int) -> None:
        index, alg, _ = key
        future = self.executor.submit(execute_run, self.algs[alg], self.names[alg], self.items[index],
                                      self.entropy, key)
        self.inflight[future] = (*key, attempt)

    def _settle(self, index: int) -> None:
        plan = self.plans[index]
        while not plan.pending():
            if not plan.advance():
                return
            self._launch(index)

    def wait(self) -> None:
        done, _ = cf.wait(list(self.inflight), return_when=cf.FIRST_COMPLETED)
        for future in done:
            index, alg, run, attempt = self.inflight.pop(future)
            try:
                value = future.result()
            except Exception as err:  # noqa: BLE001 - re-raised with context below
                if attempt <= self.retries:
                    self._submit((index, alg, run), attempt + 1)
                    continue
                seed = integer_seed(run_seed(self.entropy, index, alg, run))
                raise RunFailed(
                    f"algorithm {self.names[alg]!r} failed on instance {self.labels[index]!r} (run {run}, seed "
                    f"{seed}) after {attempt} attempt(s): {type(err).__name__}: {err}") from err
            self.log.write([self.labels[index], self.names[alg], run, repr(value),
                            integer_seed(run_seed(self.entropy, index, alg, run)), index, alg, str(self.entropy)])
            if self.bar is not None:
                self.bar.update(1)
            self.plans[index].record(alg, run, value)
            self._settle(index)

    def cancel(self) -> None:
        for future in self.inflight:
            future.cancel()


def run_experiment(instances: Sequence[Any] | dict, algorithms: Sequence[Any] | dict, d: float, se_max: float, *,
                   power: float = 0.8, alpha: float = 0.05, power_target: str = "mean", dif: str = "simple",
                   comparisons: str = "all-vs-all", alternative: str = "two-sided", test: str = "t",
                   method: str = "param", n0: int = 20, nmax: int | None = None, force_balanced: bool = False,
                   n_resamples: int = 499, direction: str = "minimize", executor: Any = None,
                   results_file: str | os.PathLike | None = None, resume: str | os.PathLike | None = None,
                   retries: int = 0, progress: bool = False, rng: Any = None) -> ExperimentResult:
    """Run a comparative study with the sample sizes of Campelo & Takahashi.

    Parameters
    ----------
    instances : list or dict
        The available problem instances Γ_S (a dict gives their labels). Each is passed
        to the algorithms as is (to a command template as ``{instance}``).
    algorithms : list or dict
        Each a picklable callable ``(instance, rng) -> float`` or a command-line template
        with ``{instance}``, ``{seed}``, ``{run}``, ``{algorithm}`` fields whose last output
        line is the value.
    d, power, alpha, power_target, test : see :func:`calc_instances`.
    se_max, dif, comparisons, method, n0, force_balanced : see :func:`calc_nreps`.
    nmax : int, optional
        Maximum runs per instance, all algorithms together (default 100 per algorithm,
        as CAISEr).
    alternative : {"two-sided", "greater", "less"}
        Of the final tests on phi_j (for N*, "greater" and "less" are one-sided).
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Where runs execute; default a local process pool with one worker per CPU.
    results_file : path, optional
        CSV (or Parquet) file to which each finished run is appended as it completes.
    resume : path, optional
        A results file of an interrupted study with the same settings; its runs are reused
        and new ones appended to it (unless ``results_file`` names another file).
    retries : int
        Extra attempts for a failing run before :class:`RunFailed` is raised.
    progress : bool
        Show a tqdm bar of finished runs.
    rng : None, int or Generator
        Source of every run's seed; with ``resume`` and ``rng=None`` the file's seed is used.

    Returns
    -------
    ExperimentResult
        ``tests`` (estimate, CI, statistic, p-value, Holm-adjusted p-value, reject per
        comparison), ``instances`` (per instance and pair: phi, SE, CI, n per algorithm,
        ``nmax_reached``), ``runs`` (long :class:`~algocompare.Results`), ``n_star``,
        ``underpowered``.

    Notes
    -----
    Thesis Algorithm 2; Campelo & Wanner (2020) for several algorithms. Per-instance CIs are
    phi ± z_{1−alpha/2}·SE.

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
    cache: dict = {}
    if resume is not None:
        log_frame = read_log(resume)
        entropy = int(log_frame["entropy"].iloc[0]) if rng is None and len(log_frame) else seed_entropy(rng)
        cache = _cached_runs(log_frame, entropy)
        results_file = resume if results_file is None else results_file
    else:
        entropy = seed_entropy(rng)
    n_comparisons = len(comparison_pairs(len(algs), comparisons))
    plan_n = calc_instances(d, power=power, alpha=alpha,
                            alternative="two-sided" if alternative == "two-sided" else "one-sided", test=test,
                            comparisons=n_comparisons, power_target=power_target)
    order = np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(_ORDER_KEY,))).permutation(len(items))
    chosen = [int(i) for i in order[: min(plan_n.n_instances, len(items))]]

    pool, owned = _resolve_executor(executor)
    log = RunLog(results_file)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(desc="runs", unit="run")
    plan_options = dict(se_max=se_max, dif=dif, comparisons=comparisons, method=method, n0=n0, nmax=nmax,
                        force_balanced=bool(force_balanced), n_resamples=n_resamples)
    study = _Study(pool, algs, names, items, labels, entropy, plan_options, cache, log, retries, bar)
    complete = False
    try:
        for index in chosen:
            study.start(index)
        while study.inflight:
            study.wait()
        complete = True
    finally:
        study.cancel()
        log.close(complete)
        if bar is not None:
            bar.close()
        if owned:
            pool.shutdown(wait=complete, cancel_futures=True)
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
