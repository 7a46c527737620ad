"""Number of runs of each algorithm on one instance (Campelo & Takahashi, Algorithm 1).

Runs are added one at a time until the standard error of every difference of interest is
below ``se_max``: start with ``n0`` runs of each algorithm; while some SE exceeds
``se_max`` and fewer than ``nmax`` runs (all algorithms together, the initial ones
included) were made, take the pair with the worst SE and run once the member that the
optimal ratio (eqs. 9 and 15) says is under-sampled — the first of the pair when
n_a/n_b <= r_opt, else the second (CAISEr 1.0's ``calc_nreps``). With
``force_balanced=True`` every algorithm runs once per step.

This module holds the statistics: the sampling rule as a state machine
(:class:`SamplingPlan`) and its result. Running the algorithms is the experiment engine's
job: :func:`~algocompare.experiment.calc_nreps` runs one instance's plan,
:func:`~algocompare.experiment.run_experiment` one plan per instance of a study, through the
same scheduler and with the same seeds (:mod:`algocompare.experiment._seeds`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare import _validation as v
from algocompare._options import N_RESAMPLES_INNER
from algocompare._results import BaseResult, internal, renamed_columns
from algocompare.samplesize._standard_error import pairwise_arrays

__all__ = ["SamplingPlan", "RepetitionsResult", "check_sampling", "repetitions_result"]


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
            side = "algorithm_a" if self.table["ratio"][w] <= self.table["ratio_opt"][w] else "algorithm_b"
            chosen = [int(self.table[side][w])]
        self._pending = [(alg, len(self.values[alg])) for alg in chosen]
        return True

    @property
    def estimates(self) -> dict[str, np.ndarray]:
        """The pairs of the last decision: ``algorithm_a``, ``algorithm_b`` (indices), ``phi``, ``se``,
        ``ratio``, ..."""
        if self.table is None:
            raise RuntimeError("no estimates before the first batch of runs is recorded and advance() is called.")
        return self.table

    @property
    def nmax_reached(self) -> bool:
        se = self.table["se"] if self.table is not None else np.array([np.inf])
        return bool(np.any(se > self.se_max) and self.total_runs >= self.nmax)


def check_sampling(se_max, n0, nmax, n_algorithms: int) -> tuple[float, int, float]:
    se_max = v.check_positive("se_max", se_max)
    n0 = v.check_positive_int("n0", n0, minimum=2)
    if not (isinstance(nmax, float) and np.isinf(nmax)):
        nmax = v.check_positive_int("nmax", nmax)
    if nmax < n_algorithms * n0:
        raise ValueError(f"nmax={nmax} is below the {n_algorithms} x n0 = {n_algorithms * n0} initial runs; "
                         "raise nmax or lower n0.")
    return se_max, n0, nmax


@dataclass(frozen=True, kw_only=True)
class RepetitionsResult(BaseResult):
    """Runs per algorithm on one instance and the resulting estimates.

    Attributes
    ----------
    instance : str
        The instance (as text).
    algorithms : list
        The algorithm names, in the order given.
    n_runs : numpy.ndarray
        Runs made of each algorithm.
    phi, se : float or numpy.ndarray
        The estimated difference of each pair and its standard error (floats for two
        algorithms).
    se_max : float
        The target standard error.
    nmax_reached : bool
        Whether the run budget ``nmax`` ended the sampling before every SE reached ``se_max``.
    dif, comparisons : str
        As given (see :func:`~algocompare.calc_se`).
    pairs : pandas.DataFrame
        The pairs table of the last decision (what :meth:`to_frame` returns, with names).
    observations : dict
        ``{algorithm name: numpy array of its runs}``, in run order.

    See Also
    --------
    algocompare.calc_nreps : the function that returns it.
    algocompare.calc_se : the standard errors.

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
    >>> from algocompare import calc_nreps
    >>> def a(instance, rng): return rng.normal(10, 1)
    >>> def b(instance, rng): return rng.normal(12, 3)
    >>> res = calc_nreps("f1", [a, b], se_max=0.5, n0=10, rng=1)
    >>> sorted(res.observations) == res.algorithms == ["a", "b"], bool(res.se <= res.se_max)
    (True, True)
    """

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
        frame["algorithm_a"] = [self.algorithms[i] for i in frame["algorithm_a"]]
        frame["algorithm_b"] = [self.algorithms[i] for i in frame["algorithm_b"]]
        return renamed_columns(frame)  # alg_a / alg_b until 0.4, with a warning


def repetitions_result(plan: SamplingPlan, instance: Any, names: list) -> RepetitionsResult:
    table = pd.DataFrame(plan.table)
    squeeze = (lambda col: float(table[col].iloc[0])) if len(table) == 1 else (lambda col: table[col].to_numpy())
    return RepetitionsResult(
        method="Runs per algorithm (Campelo & Takahashi, Algorithm 1)", instance=str(instance),
        algorithms=list(names), n_runs=np.array([len(x) for x in plan.values]), phi=squeeze("phi"),
        se=squeeze("se"), se_max=plan.se_max, nmax_reached=plan.nmax_reached, dif=plan.dif,
        comparisons=plan.comparisons, pairs=table,
        observations={name: np.asarray(x) for name, x in zip(names, plan.values, strict=False)})
