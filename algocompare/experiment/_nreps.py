"""Runs of each algorithm on one instance until their differences are known to ``se_max``.

:func:`calc_nreps` is a study of one instance: the sampling rule of Campelo & Takahashi's
Algorithm 1 (:class:`~algocompare.samplesize._repetitions.SamplingPlan`) executed by the
scheduler of :func:`~algocompare.experiment.run_experiment`
(:class:`~algocompare.experiment._scheduler.Study`), as instance 0, with the seeds of
:mod:`~algocompare.experiment._seeds`. Without a ``timeout`` the runs are plain calls in this
thread (:class:`~algocompare.experiment._executors.InlineBackend`); with one, they execute in
one worker process that is killed when a run is over time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from algocompare import _validation as v
from algocompare._deprecation import renamed_value
from algocompare._options import N_RESAMPLES_INNER
from algocompare._progress import progress_bar
from algocompare.experiment._executors import InlineBackend, PoolBackend, unserialisable
from algocompare.experiment._inputs import algorithm_names, check_timeout
from algocompare.experiment._results_file import RunLog
from algocompare.experiment._scheduler import Study
from algocompare.experiment._seeds import seed_entropy
from algocompare.samplesize._repetitions import RepetitionsResult, check_sampling, repetitions_result
from algocompare.samplesize._standard_error import OLD_COMPARISONS, check_design

__all__ = ["calc_nreps"]


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
    dif, method, comparisons : see :func:`~algocompare.calc_se`. With ``dif="perc"`` a reference mean
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
        which is killed when a run is over time: :class:`~algocompare.experiment.RunFailed`
        names the run and its seed; a run that raises or whose worker dies is reported the
        same way. Without a timeout the algorithms are called in this thread, and what a
        run raises reaches the caller unchanged.
    progress : bool, optional
        A tqdm bar of runs done / planned so far, with the largest SE: ``None`` (default) on
        a terminal once the work has lasted a second, ``True`` always, ``False`` never.
    rng : None, int or Generator
        Source of the per-run seeds: run r of algorithm k receives
        ``SeedSequence(entropy, spawn_key=(0, k, r))``, the seed of run r of algorithm k on
        instance 0 of :func:`run_experiment` (:mod:`algocompare.experiment._seeds`).

    Returns
    -------
    RepetitionsResult
        ``n_runs`` (per algorithm, input order), ``phi``, ``se`` (floats for two
        algorithms), ``nmax_reached``, ``observations`` and the ``pairs`` table.

    Raises
    ------
    RunFailed
        With ``timeout``: a run was over time, raised or its worker process died.
    TypeError
        A command-line template among the algorithms (use :func:`run_experiment`), or, with
        ``timeout``, an algorithm or instance that cannot be serialised.

    See Also
    --------
    algocompare.calc_se : the standard errors the stopping rule reads.
    algocompare.calc_instances : the number of instances N* of a study.
    run_experiment : a whole study, this plan on each of N* instances.

    Notes
    -----
    Thesis Algorithm 1 with eqs. 9 and 15 [1]_; Campelo & Wanner [2]_ for K > 2; CAISEr
    1.0's ``calc_nreps`` sampling rule (see
    :mod:`algocompare.samplesize._repetitions`). Algorithms are called in CAISEr's order: n0
    runs of the first, n0 of the second, ..., then one run at a time. This is a study of one
    instance: the scheduler of :func:`run_experiment` runs it.

    References
    ----------
    .. [1] F. Campelo and F. Takahashi, "Sample size estimation for power and accuracy in the
       experimental comparison of algorithms", Journal of Heuristics 25, 305-338 (2019).
       https://doi.org/10.1007/s10732-018-9396-7
    .. [2] F. Campelo and E. F. Wanner, "Sample size calculations for the experimental
       comparison of multiple algorithms on multiple problem instances", Journal of
       Heuristics 26, 851-883 (2020). https://doi.org/10.1007/s10732-020-09454-w

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
    timeout = check_timeout(timeout)
    named = {**{f"algorithm {n!r}": a for n, a in zip(names, algs, strict=True)}, "the instance": instance}
    if timeout is not None and (reason := unserialisable(named)):
        raise TypeError(f"{reason}; with timeout= the runs execute in a worker process.")
    study = Study(backend=InlineBackend() if timeout is None else PoolBackend(1), algorithms=algs, names=names,
                  items=[instance], labels=[instance], entropy=entropy, log=RunLog(None, {}), timeout=timeout,
                  plan_options=dict(se_max=se_max, dif=dif, comparisons=comparisons, method=method, n0=n0, nmax=nmax,
                                    force_balanced=bool(force_balanced), n_resamples=n_resamples),
                  bar=progress_bar(progress, total=0, desc="runs", unit="run"), se_in_bar=True)
    study.run([0])
    return repetitions_result(study.plans[0], instance, names)
