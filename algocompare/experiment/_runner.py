"""Run a comparative study with the Campelo–Takahashi sampling plan (thesis Algorithm 2).

``run_experiment`` computes N* (:func:`calc_instances`), samples min(N*, available)
instances without replacement, runs each algorithm on each instance with the sequential
plan of :func:`calc_nreps`, and tests the per-instance differences at the end (paired t,
Wilcoxon or sign test on phi_j; Holm-adjusted for several comparisons, Campelo & Wanner
2020).

Unlike CAISEr's ``run_experiment``, the study is reproducible, survives interruption and
never mixes data:

* every run draws its seed from one rule (:mod:`~algocompare.experiment._seeds`: run r of
  algorithm k on instance i the generator ``SeedSequence(entropy, spawn_key=(i, k, r))``, a
  retry after a failure ``(i, k, r, attempt)``). Every decision depends only on the values of
  one instance, so the same ``rng`` gives the same data whatever the execution order, worker
  count or executor;
* runs execute on the default worker pool (:mod:`~algocompare.experiment._workers`: one
  process per CPU, functions from notebooks and ``__main__`` serialised by value, a hung run
  killed at its ``timeout``, every worker dying with the runner), on threads, on any
  :class:`concurrent.futures.Executor` or on a ``dask.distributed.Client``
  (:mod:`~algocompare.experiment._executors`);
* every attempted run is appended to ``results_file`` as one checked line after the study's
  fingerprint (:mod:`~algocompare.experiment._results_file`,
  :mod:`~algocompare.experiment._fingerprint`); ``resume=PATH`` replays the recorded runs
  only when the study is the same, and says what differs otherwise.

The work is split by job: one run in a worker (:mod:`~algocompare.experiment._runs`), the
scheduling of runs, retries and timeouts (:mod:`~algocompare.experiment._scheduler`, also the
loop of :func:`~algocompare.experiment.calc_nreps`), the journal
(:mod:`~algocompare.experiment._journal`) and the final tests
(:mod:`~algocompare.samplesize._final_tests`); this module holds the public
:func:`run_experiment` and :class:`ExperimentResult`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _options
from algocompare import _validation as v
from algocompare._deprecation import renamed_value, warn_renamed
from algocompare._options import N_RESAMPLES_INNER
from algocompare._progress import progress_bar
from algocompare._results import BaseResult, internal, renamed_columns
from algocompare.data._results import Results
from algocompare.experiment._executors import resolve
from algocompare.experiment._inputs import algorithm_names, check_timeout, instance_labels
from algocompare.experiment._journal import open_journal
from algocompare.experiment._scheduler import Study
from algocompare.experiment._seeds import instance_order_seed
from algocompare.experiment._workers import RunFailed
from algocompare.samplesize._final_tests import TEST_NAMES, TESTS, final_tests
from algocompare.samplesize._instances import calc_instances
from algocompare.samplesize._repetitions import check_sampling
from algocompare.samplesize._standard_error import OLD_COMPARISONS, check_design, comparison_pairs

__all__ = ["run_experiment", "ExperimentResult", "RunFailed"]


@dataclass(frozen=True, kw_only=True)
class ExperimentResult(BaseResult):
    """A finished study: runs, per-instance estimates and the final test of each comparison.

    ``tests`` has one row per comparison (pair of algorithms): ``algorithm_a``, ``algorithm_b``,
    ``estimate``, ``ci_low``, ``ci_high``, ``statistic``, ``pvalue``, ``n``, ``pvalue_adj``
    (Holm) and ``reject``; :meth:`test_statistics` and :meth:`test_pvalues` give its columns
    indexed by pair. ``instances`` has one row per instance and pair (phi, its SE and the
    interval phi ± z·SE). Both intervals are at ``confidence_level`` = 1 − alpha.

    Attributes
    ----------
    n_star : int
        N*, the instances the design asks for (:func:`~algocompare.calc_instances`).
    n_instances : int
        Instances studied: min(N*, available), drawn in a seeded random order.
    n_available : int
        Instances given.
    underpowered : bool
        Fewer instances were available than N*.
    total_runs : int
        Runs made (successful ones, all instances and algorithms).
    test, alternative : str
        The final test (``"t"``, ``"wilcoxon"``, ``"sign"``) and its alternative.
    alpha, confidence_level : float
        The family-wise level of the final tests and 1 − alpha.
    d, power, se_max : float
        The design: effect size d*, target power and the standard error se*.
    dif, comparisons : str
        The difference estimated and the family of pairs.
    entropy : str
        The seed every run's seed derives from (:mod:`algocompare.experiment._seeds`; a
        string, as it may exceed 64 bits): ``rng=int(entropy)`` repeats the study.
    tests : pandas.DataFrame
        The final test of each comparison (above).
    instances : pandas.DataFrame
        The per-instance estimates of each pair (above).
    runs : Results
        Every run, long (instance, algorithm, run, value), ready for the package's analyses.

    See Also
    --------
    algocompare.experiment.run_experiment : the function that returns it.
    algocompare.plots.plot_experiment : its figure (``result.plot()``).

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from algocompare import run_experiment
    >>> def a(instance, rng): return rng.normal(instance, 1)
    >>> def b(instance, rng): return rng.normal(instance + 1, 2)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     res = run_experiment([1, 2, 3], [a, b], d=1.0, se_max=1.0, n0=5, executor=pool, rng=1)
    >>> res.n_star, res.n_instances, res.underpowered, res.runs.n_algorithms
    (10, 3, True, 2)
    """

    kind: ClassVar[str] = "experiment"

    n_star: int
    n_instances: int
    n_available: int
    underpowered: bool
    total_runs: int
    test: str
    alternative: str
    alpha: float
    confidence_level: float
    d: float
    power: float
    se_max: float
    dif: str
    comparisons: str
    entropy: str
    tests: pd.DataFrame
    instances: pd.DataFrame
    runs: Results = internal()

    def _by_pair(self, column: str) -> pd.Series:
        index = pd.MultiIndex.from_frame(self.tests[["algorithm_a", "algorithm_b"]])
        return pd.Series(self.tests[column].to_numpy(float), index=index, name=column)

    def test_statistics(self) -> pd.Series:
        """The final test's statistic of each comparison, indexed by (``algorithm_a``, ``algorithm_b``)."""
        return self._by_pair("statistic")

    def test_pvalues(self, adjusted: bool = True) -> pd.Series:
        """The final test's p-value of each comparison: Holm-adjusted (default) or raw."""
        return self._by_pair("pvalue_adj" if adjusted else "pvalue")

    @property
    def statistic(self) -> float:
        """Deprecated: the statistic of the first comparison; use :meth:`test_statistics`."""
        warn_renamed("the property .statistic (first comparison)", ".test_statistics() (every comparison)",
                     "ExperimentResult")
        return float(self.tests["statistic"].iloc[0])

    @property
    def pvalue(self) -> float:
        """Deprecated: the adjusted p-value of the first comparison; use :meth:`test_pvalues`."""
        warn_renamed("the property .pvalue (first comparison, adjusted)", ".test_pvalues() (every comparison)",
                     "ExperimentResult")
        return float(self.tests["pvalue_adj"].iloc[0])

    def to_frame(self) -> pd.DataFrame:
        """The final test of each comparison (estimate, CI, statistic, raw and Holm p-values)."""
        return self.tests.copy()

    def __str__(self) -> str:
        head = (f"{self.method}\n  N* = {self.n_star}, instances used {self.n_instances} of {self.n_available}"
                f"{' (UNDERPOWERED)' if self.underpowered else ''}, {self.total_runs} runs\n")
        return head + self.tests.to_string(index=False)


def run_experiment(instances: Sequence[Any] | dict, algorithms: Sequence[Any] | dict, d: float, se_max: float, *,
                   power: float = 0.8, alpha: float = 0.05, power_target: str = "mean", dif: str = "simple",
                   comparisons: str = "all-vs-all", alternative: str = "two-sided", test: str = "t",
                   method: str = "param", n0: int = 20, nmax: int | None = None, force_balanced: bool = False,
                   n_resamples: int = N_RESAMPLES_INNER, direction: str | None = None, executor: Any = None,
                   results_file: str | os.PathLike | None = None, resume: str | os.PathLike | None = None,
                   versions: dict | None = None, retries: int = 0, timeout: float | None = None,
                   progress: bool | None = None, rng: Any = None) -> ExperimentResult:
    """Run a comparative study with the sample sizes of Campelo & Takahashi.

    A study recorded in ``results_file`` is resumed (``resume=``) only when it is the same
    study: its fingerprint holds each algorithm's code, defaults, closure, ``partial``
    arguments, object state and the settings it reads from its own module or the user's
    (numbers, strings, dicts, lists, arrays and what they hold), and a change is refused
    with what changed named. **Code in other modules that an algorithm calls (an edited
    library, helper module or solver) is not seen**: for such an algorithm give
    ``versions={name: version}`` and change the version whenever that code changes. Every
    process a run starts (a command, a solver called through ``subprocess``) ends with the
    run and with the study.

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
    d, power, alpha, power_target : see :func:`calc_instances`.
    se_max, dif, comparisons, method, n0, force_balanced : see :func:`calc_nreps`.
        ``comparisons`` is ``"all-vs-all"`` (every pair) or ``"all-vs-one"`` (the first
        algorithm against each other one; ``"all-vs-first"`` is its deprecated spelling).
    test : {"t", "wilcoxon", "sign"}
        The final test of each comparison on the per-instance differences phi_j: the
        package's :func:`~algocompare.paired_ttest`, :func:`~algocompare.wilcoxon` or
        :func:`~algocompare.sign_test` of phi_j against 0 (zero differences split; the sign
        test with its exact binomial); N* is inflated for the Wilcoxon and sign tests as in
        :func:`calc_instances`.
    nmax : int, optional
        Maximum runs per instance, all algorithms together (default 100 per algorithm,
        as CAISEr).
    alternative : {"two-sided", "greater", "less"}
        Of the final tests on phi_j = mean(a) − mean(b) (for N*, "greater" and "less" are
        one-sided).
    n_resamples : int
        Bootstrap resamples of each standard error with ``method="boot"`` (default 999, the
        package's rule for a standard error estimated again and again; 499 until 0.2).
    direction : {"minimize", "maximize"}, optional
        Recorded in the returned ``runs`` (:class:`~algocompare.Results`), so that analyses
        of them rank correctly. Default None: ``"minimize"`` (there are no data yet to take
        it from). phi_j and the final tests are on the values as returned, whatever the
        direction.
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
        Refused, with the list of differences, unless algorithms (names, order, code and
        settings, or version), instances (labels, order, content), design options, seed and package
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
        A tqdm bar of runs done / runs planned so far, with the instances done: ``None``
        (default) on a terminal once the work has lasted a second, ``True`` always,
        ``False`` never.
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
        ``rng seed: recorded 42, now 7``); ``resume`` is empty or its fingerprint line is cut
        (nothing recorded, so the seed is unknown: start with ``results_file``);
        ``results_file`` already exists; another running
        study is writing the file; the file is not a results file or a record in its middle
        is damaged.

    See Also
    --------
    algocompare.calc_instances : N*, the number of instances.
    algocompare.experiment.calc_nreps : the runs on one instance, the same scheduler and seeds.
    algocompare.experiment.read_log : the records of ``results_file``.
    algocompare.plots.plot_experiment : the study's figure.

    Notes
    -----
    Campelo & Takahashi [1]_ (thesis Algorithm 2); Campelo & Wanner [2]_ for several
    algorithms. Per-instance CIs are phi ± z_{1−alpha/2}·SE. Every seed comes from one rule
    (:mod:`algocompare.experiment._seeds`). The results file format and the fingerprint are described in
    :mod:`algocompare.experiment._results_file` and :mod:`algocompare.experiment._fingerprint`.
    Every worker process the runner starts ends with it: on return, on an exception or
    Ctrl-C (SIGINT), and when the runner is killed (SIGTERM, SIGKILL), through a parent-death
    signal (Linux) or a watchdog thread. Each worker runs in a process group of its own, and
    the programs a run starts (``subprocess.run([...])``, ``sh -c "..."`` and their children)
    are killed with that group: on a timeout, when the study ends or is stopped, and when the
    runner dies. With threads, a foreign executor or Dask, runs share their process, and a
    program a run started is not stopped for it.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

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
    comparisons = renamed_value("run_experiment", "comparisons", comparisons, OLD_COMPARISONS)
    check_design(dif, comparisons, method)
    v.check_option("test", test, TESTS)
    _options.check_alternative(alternative)
    direction = "minimize" if direction is None else v.check_direction(direction)
    n_resamples = v.check_positive_int("n_resamples", n_resamples, minimum=2)
    names, algs = algorithm_names(algorithms)
    labels, items = instance_labels(instances)
    se_max, n0, run_limit = check_sampling(se_max, n0, 100 * len(algs) if nmax is None else nmax, len(algs))
    retries = v.check_positive_int("retries", retries, minimum=0)
    timeout = check_timeout(timeout)
    n_comparisons = len(comparison_pairs(len(algs), comparisons))
    plan_n = calc_instances(d, power=power, alpha=alpha, alternative=alternative, test=test,
                            n_comparisons=n_comparisons, power_target=power_target)
    design = dict(d=float(d), power=float(power), alpha=float(alpha), power_target=power_target, test=test,
                  alternative=alternative, se_max=float(se_max), dif=dif, comparisons=comparisons, method=method,
                  n0=n0, nmax=run_limit, force_balanced=bool(force_balanced), n_resamples=int(n_resamples))
    entropy, cache, log = open_journal(results_file, resume, rng, names, algs, versions, labels, items, design)
    order = np.random.default_rng(instance_order_seed(entropy)).permutation(len(items))
    chosen = [int(i) for i in order[: min(plan_n.n_instances, len(items))]]
    plan_options = dict(se_max=se_max, dif=dif, comparisons=comparisons, method=method, n0=n0, nmax=run_limit,
                        force_balanced=bool(force_balanced), n_resamples=n_resamples)
    try:
        backend = resolve(executor, {**{f"algorithm {n!r}": a for n, a in zip(names, algs, strict=True)},
                                     **{f"instance {labels[i]!r}": items[i] for i in chosen}})
    except BaseException:
        log.close(False)
        raise
    study = Study(backend=backend, algorithms=algs, names=names, items=items, labels=labels, entropy=entropy,
                  plan_options=plan_options, cache=cache, log=log, retries=retries, timeout=timeout,
                  bar=progress_bar(progress, total=0, desc="runs", unit="run"))
    study.run(chosen)
    per_instance, long = _collect(study, chosen, alpha)
    return ExperimentResult(
        method=f"Comparative experiment (Campelo & Takahashi), {TEST_NAMES[test]} test on phi_j",
        n_star=plan_n.n_instances, n_instances=len(chosen), n_available=len(items),
        underpowered=plan_n.n_instances > len(items), total_runs=len(long), test=test, alternative=alternative,
        alpha=float(alpha), confidence_level=1 - float(alpha), d=float(d), power=float(power), se_max=se_max,
        dif=dif, comparisons=comparisons, entropy=str(entropy),
        tests=renamed_columns(final_tests(per_instance, test, alternative, alpha)),
        instances=renamed_columns(per_instance),
        runs=Results.from_long(long, run="run", direction=direction))


def _collect(study: Study, chosen: list[int], alpha: float) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The per-instance table (phi, SE, CI phi ± z_{1−alpha/2}·SE, runs per algorithm) and the runs."""
    names, labels = study.names, study.labels
    z = stats.norm.isf(alpha / 2)
    rows, runs = [], []
    for index in chosen:
        plan = study.plans[index]
        table = plan.estimates
        for p in range(len(table["phi"])):
            a, b = int(table["algorithm_a"][p]), int(table["algorithm_b"][p])
            phi, se = float(table["phi"][p]), float(table["se"][p])
            rows.append({"instance": labels[index], "algorithm_a": names[a], "algorithm_b": names[b], "phi": phi,
                         "se": se,
                         "ci_low": phi - z * se, "ci_high": phi + z * se, "n_a": len(plan.values[a]),
                         "n_b": len(plan.values[b]), "n_total": plan.total_runs,
                         "nmax_reached": plan.nmax_reached})
        for k, values in enumerate(plan.values):
            runs += [(labels[index], names[k], r, x) for r, x in enumerate(values)]
    return pd.DataFrame(rows), pd.DataFrame(runs, columns=["instance", "algorithm", "run", "value"])
