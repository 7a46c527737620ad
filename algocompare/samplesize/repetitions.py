"""Number of runs of each algorithm on one instance (Campelo & Takahashi, Algorithm 1).

Runs are added one at a time until the standard error of every difference of interest is
below ``se_max``: start with ``n0`` runs of each algorithm; while some SE exceeds
``se_max`` and fewer than ``nmax`` runs (all algorithms together, the initial ones
included) were made, take the pair with the worst SE and run once the member that the
optimal ratio (eqs. 9 and 15) says is under-sampled — the first of the pair when
n_a/n_b <= r_opt, else the second (CAISEr 1.0's ``calc_nreps``). With
``force_balanced=True`` every algorithm runs once per step.

Randomness: run r of algorithm k on instance i receives a Generator seeded with
``SeedSequence(entropy, spawn_key=(i, k, r))``, so results do not depend on the order in
which runs are executed (the experiment runner relies on this).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare import _validation as v
from algocompare._deprecation import renamed_value
from algocompare._options import N_RESAMPLES_INNER
from algocompare._progress import progress_bar
from algocompare._results import BaseResult, internal
from algocompare.samplesize.standard_error import OLD_COMPARISONS, check_design, pairwise_arrays
from algocompare.samplesize.workers import RunFailed, WorkerPool, dumps

__all__ = ["calc_nreps", "RepetitionsResult"]


def seed_entropy(rng: Any) -> int:
    """A reproducible integer entropy from ``rng`` (None, int, SeedSequence or Generator)."""
    if isinstance(rng, np.random.SeedSequence):
        return int(rng.entropy)
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        if rng < 0:
            raise ValueError(f"rng seed must be >= 0, got {rng}.")
        return int(rng)
    if rng is None:
        return int(np.random.SeedSequence().entropy)
    if isinstance(rng, np.random.Generator):
        return int(rng.integers(0, 2**63))
    raise TypeError(f"rng must be None, an int seed or a numpy Generator, got {type(rng).__name__}.")


def run_seed(entropy: int, instance: int, algorithm: int, run: int) -> np.random.SeedSequence:
    """The seed sequence of one run, independent of execution order."""
    return np.random.SeedSequence(entropy, spawn_key=(instance, algorithm, run))


def integer_seed(seq: np.random.SeedSequence) -> int:
    """A 32-bit integer for command-line programs and the results file."""
    return int(seq.generate_state(1, np.uint32)[0])


class SamplingPlan:
    """The sequential sampling of Algorithm 1 as a state machine.

    ``pending()`` lists the runs (algorithm, run index) that must finish before the next
    decision; ``record()`` stores a value; ``advance()`` decides the next runs once all
    pending ones are recorded and returns False when the instance is done.
    """

    def __init__(self, n_algorithms: int, *, se_max: float, dif: str, comparisons: str, method: str, n0: int,
                 nmax: float, force_balanced: bool, n_resamples: int = N_RESAMPLES_INNER, boot_rng: Any = None):
        self.k = n_algorithms
        self.se_max, self.dif, self.comparisons, self.method = se_max, dif, comparisons, method
        self.nmax, self.force_balanced, self.n_resamples = nmax, force_balanced, n_resamples
        self.boot_rng = np.random.default_rng(boot_rng)
        self.values: list[list[float]] = [[] for _ in range(n_algorithms)]
        self.table: dict[str, np.ndarray] | None = None
        self._pending = [(alg, run) for alg in range(n_algorithms) for run in range(n0)]
        self._received: dict[tuple[int, int], float] = {}

    def pending(self) -> list[tuple[int, int]]:
        return [key for key in self._pending if key not in self._received]

    def record(self, algorithm: int, run: int, value: float) -> None:
        self._received[(algorithm, run)] = float(value)

    @property
    def total_runs(self) -> int:
        return sum(len(x) for x in self.values)

    def advance(self) -> bool:
        """Commit the finished batch; plan the next one. False when sampling has stopped."""
        if self.pending():
            raise RuntimeError("advance() called before all pending runs were recorded.")
        for alg, run in self._pending:  # in plan order, as CAISEr appends them
            self.values[alg].append(self._received.pop((alg, run)))
        self._pending = []
        self.table = pairwise_arrays([np.asarray(x) for x in self.values], self.dif, self.comparisons,
                                     self.method, self.n_resamples, self.boot_rng)
        se = self.table["se"]
        if not (np.any(se > self.se_max) and self.total_runs < self.nmax):
            return False
        if self.force_balanced:
            chosen = list(range(self.k))
        else:
            w = int(np.argmax(se))
            side = "alg_a" if self.table["ratio"][w] <= self.table["ratio_opt"][w] else "alg_b"
            chosen = [int(self.table[side][w])]
        self._pending = [(alg, len(self.values[alg])) for alg in chosen]
        return True

    @property
    def nmax_reached(self) -> bool:
        se = self.table["se"] if self.table is not None else np.array([np.inf])
        return bool(np.any(se > self.se_max) and self.total_runs >= self.nmax)


def check_timeout(timeout: Any) -> float | None:
    return None if timeout is None else v.check_positive("timeout", timeout)


def check_sampling(se_max, n0, nmax, n_algorithms: int) -> tuple[float, int, float]:
    se_max = v.check_positive("se_max", se_max)
    n0 = v.check_positive_int("n0", n0, minimum=2)
    if not (isinstance(nmax, float) and np.isinf(nmax)):
        nmax = v.check_positive_int("nmax", nmax)
    if nmax < n_algorithms * n0:
        raise ValueError(f"nmax={nmax} is below the {n_algorithms} x n0 = {n_algorithms * n0} initial runs; "
                         "raise nmax or lower n0.")
    return se_max, n0, nmax


def algorithm_names(algorithms: Any) -> tuple[list[Any], list[Any]]:
    """Names and algorithms from a mapping or a sequence (names A1, A2, ... or callables' names)."""
    if isinstance(algorithms, dict):
        names, algs = list(algorithms), list(algorithms.values())
    elif isinstance(algorithms, (list, tuple)):
        algs = list(algorithms)
        names = [getattr(a, "__name__", None) if callable(a) else None for a in algs]
        if None in names or "<lambda>" in names or len(set(names)) != len(names):
            names = [f"A{i + 1}" for i in range(len(algs))]
    else:
        raise TypeError(f"algorithms must be a list or dict of algorithms, got {type(algorithms).__name__}.")
    if len(algs) < 2:
        raise ValueError(f"at least two algorithms are needed, got {len(algs)}.")
    for name, alg in zip(names, algs, strict=False):
        if not (callable(alg) or isinstance(alg, str)):
            raise TypeError(f"algorithm {name!r} must be a callable (instance, rng) -> float or a command "
                            f"template string, got {type(alg).__name__}.")
    return names, algs


def as_value(result: Any, name: Any, instance: Any) -> float:
    try:
        value = float(result)
    except (TypeError, ValueError):
        raise TypeError(f"algorithm {name!r} returned {result!r} on instance {instance!r}; "
                        "it must return one number.") from None
    if not np.isfinite(value):
        raise ValueError(f"algorithm {name!r} returned {value} on instance {instance!r}; values must be finite.")
    return value


@dataclass(frozen=True, kw_only=True)
class RepetitionsResult(BaseResult):
    """Runs per algorithm on one instance and the resulting estimates."""

    kind: ClassVar[str] = "design"

    instance: str
    algorithms: list
    n_runs: np.ndarray
    phi: Any
    se: Any
    se_max: float
    nmax_reached: bool
    dif: str
    comparisons: str
    pairs: pd.DataFrame = internal()
    observations: dict = internal()

    def to_frame(self) -> pd.DataFrame:
        frame = self.pairs.copy()
        frame["alg_a"] = [self.algorithms[i] for i in frame["alg_a"]]
        frame["alg_b"] = [self.algorithms[i] for i in frame["alg_b"]]
        return frame


def calc_nreps(instance: Any, algorithms: Sequence[Callable] | dict, se_max: float, dif: str = "simple",
               method: str = "param", n0: int = 20, nmax: int | float = 1000, force_balanced: bool = False, *,
               comparisons: str = "all-vs-all", n_resamples: int = N_RESAMPLES_INNER, timeout: float | None = None,
               progress: bool | None = None, rng: Any = None) -> RepetitionsResult:
    """Run algorithms on one instance until the SE of their differences is below ``se_max``.

    Parameters
    ----------
    instance : any
        Passed to each algorithm.
    algorithms : list or dict of callables ``(instance, rng) -> float``
        Each call is one run; ``rng`` is a numpy Generator specific to the run.
    se_max : float
        Target standard error se* of every difference of interest.
    dif, method, comparisons : see :func:`calc_se`. With ``dif="perc"`` a reference mean
        of 0 after any step raises ValueError (the percent difference is undefined), never
        se = 0 as if converged.
    n_resamples : int
        Bootstrap resamples of each standard error with ``method="boot"`` (default 999,
        the package's rule for a standard error estimated again and again; 499 until 0.2).
    n0 : int
        Initial runs per algorithm (>= 2).
    nmax : int or inf
        Maximum total runs on the instance, all algorithms together, initial ones included.
    force_balanced : bool
        Run every algorithm once per step instead of following the optimal ratio.
    timeout : float, optional
        Seconds one run may take. The runs then execute in one worker process (algorithms
        serialised by value with cloudpickle; state they keep between calls lives there),
        which is killed when a run is over time: :class:`RunFailed` names the run. Failures
        of a run are reported as :class:`RunFailed` too.
    progress : bool, optional
        A tqdm bar of runs done / planned so far, with the largest SE: ``None`` (default) on
        a terminal once the work has lasted a second, ``True`` always, ``False`` never.
    rng : None, int or Generator
        Source of the per-run seeds (``SeedSequence(entropy, spawn_key=(0, k, r))``).

    Returns
    -------
    RepetitionsResult
        ``n_runs`` (per algorithm, input order), ``phi``, ``se`` (floats for two
        algorithms), ``nmax_reached``, ``observations`` and the ``pairs`` table.

    Notes
    -----
    Thesis Algorithm 1 with eqs. 9 and 15; Campelo & Wanner (2020) for K > 2; CAISEr 1.0's
    ``calc_nreps`` sampling rule (see the module docstring). Algorithms are called in
    CAISEr's order: n0 runs of the first, n0 of the second, ..., then one run at a time.

    Examples
    --------
    >>> def a(instance, rng): return rng.normal(10, 1)
    >>> def b(instance, rng): return rng.normal(12, 3)
    >>> res = calc_nreps("f1", [a, b], se_max=0.5, n0=10, rng=1)
    >>> bool(res.se <= 0.5), int(res.n_runs[1] > res.n_runs[0])
    (True, 1)
    """
    comparisons = renamed_value("calc_nreps", "comparisons", comparisons, OLD_COMPARISONS)
    check_design(dif, comparisons, method)
    n_resamples = v.check_positive_int("n_resamples", n_resamples, minimum=2)
    names, algs = algorithm_names(algorithms)
    if any(isinstance(a, str) for a in algs):
        raise TypeError("calc_nreps runs Python callables; use run_experiment for command-line algorithms.")
    se_max, n0, nmax = check_sampling(se_max, n0, nmax, len(algs))
    entropy = seed_entropy(rng)
    plan = SamplingPlan(len(algs), se_max=se_max, dif=dif, comparisons=comparisons, method=method, n0=n0,
                        nmax=nmax, force_balanced=bool(force_balanced), n_resamples=n_resamples,
                        boot_rng=np.random.SeedSequence(entropy, spawn_key=(0, len(algs))))
    timeout = check_timeout(timeout)
    if timeout is not None and (reason := _unserialisable(algs, names, instance)):
        raise TypeError(f"{reason}; with timeout= the runs execute in a worker process.")
    bar = progress_bar(progress, total=0, desc="runs", unit="run")
    pool = WorkerPool(1, preload=(__name__,)) if timeout is not None else None
    try:
        while True:
            pending = plan.pending()
            if bar is not None:
                bar.total += len(pending)
            for alg, run in pending:
                args = (algs[alg], names[alg], instance, entropy, alg, run)
                plan.record(alg, run, _one_run(*args) if pool is None else _run_in(pool, args, timeout))
                if bar is not None:
                    bar.update(1)
            if not plan.advance():
                break
            if bar is not None:
                bar.set_postfix_str(f"largest se {np.max(plan.table['se']):.3g} > {plan.se_max:g}", refresh=False)
    finally:
        if pool is not None:
            pool.close()
        if bar is not None:
            bar.close()
    return repetitions_result(plan, instance, names)


def _one_run(algorithm: Callable, name: Any, instance: Any, entropy: int, alg: int, run: int) -> float:
    gen = np.random.default_rng(run_seed(entropy, 0, alg, run))
    return as_value(algorithm(instance, gen), name, instance)


def _unserialisable(algs: list, names: list, instance: Any) -> str | None:
    for what, obj in [*((f"algorithm {n!r}", a) for n, a in zip(names, algs, strict=False)), ("the instance", instance)]:
        try:
            dumps(obj)
        except Exception as err:  # noqa: BLE001 - any pickling failure
            return f"{what} cannot be serialised ({type(err).__name__}: {err})"
    return None


def _run_in(pool: WorkerPool, args: tuple, timeout: float) -> float:
    """One run in the worker process; RunFailed naming the run when it fails or is over time."""
    kind, value = pool.call(dumps((_one_run, args)), timeout)
    if kind == "ok":
        return value
    name, instance, entropy, alg, run = args[1:]
    why = {"timeout": f"timed out after {timeout:g} s (the worker was stopped)",
           "died": f"its worker process exited with status {value}"}.get(kind, value)
    raise RunFailed(f"algorithm {name!r} failed on instance {instance!r} (run {run}, seed "
                    f"{integer_seed(run_seed(entropy, 0, alg, run))}): {why}")


def repetitions_result(plan: SamplingPlan, instance: Any, names: list) -> RepetitionsResult:
    table = pd.DataFrame(plan.table)
    squeeze = (lambda col: float(table[col].iloc[0])) if len(table) == 1 else (lambda col: table[col].to_numpy())
    return RepetitionsResult(
        method="Runs per algorithm (Campelo & Takahashi, Algorithm 1)", instance=str(instance),
        algorithms=list(names), n_runs=np.array([len(x) for x in plan.values]), phi=squeeze("phi"),
        se=squeeze("se"), se_max=plan.se_max, nmax_reached=plan.nmax_reached, dif=plan.dif,
        comparisons=plan.comparisons, pairs=table,
        observations={name: np.asarray(x) for name, x in zip(names, plan.values, strict=False)})
