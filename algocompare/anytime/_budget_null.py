"""Simulated anytime runs for the calibration of :func:`~algocompare.compare_over_budgets`.

Shared by the tests (``tests/anytime/test_budget_grid.py``) and the benchmark
(``benchmarks/calibration_budget_grid.py``), so that both simulate the same law.
"""

from __future__ import annotations

import numpy as np

from algocompare.anytime._model import AnytimeResults

__all__ = ["null_runs"]


def null_runs(*, k: int = 3, n_instances: int = 10, n_runs: int = 3, n_budgets: int = 10, faster: float = 0.0,
              seed: int | np.random.Generator | None = None) -> AnytimeResults:
    """Runs of k algorithms whose trajectories share one law (``faster=0``), or where 'A1' converges faster.

    Each run logs its error at ``n_budgets`` log-spaced checkpoints from 1 to 10⁵ evaluations (the
    same for every run, as in a CEC competition). Its log10 error starts at the instance's level
    (instance effects: N(2, 1)) and falls by independent exponential steps (12 decades over the
    grid on average, times 1 + ``faster`` for algorithm 'A1'): a random decreasing trajectory. An error
    below 10⁻⁸ is recorded as 0 (the optimum reached), so late checkpoints have ties at the optimum
    as competitions' tables do.

    Parameters
    ----------
    k, n_instances, n_runs, n_budgets : int
        Algorithms ('A0', 'A1', ...), instances, runs per (instance, algorithm), checkpoints.
    faster : float
        How much faster 'A1' converges (0: the null hypothesis, all algorithms alike).
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    AnytimeResults

    Examples
    --------
    >>> from algocompare.anytime._budget_null import null_runs
    >>> null_runs(k=2, n_instances=2, n_runs=1, seed=0).n_runs
    4
    """
    rng = np.random.default_rng(seed)
    evaluations = np.unique(np.round(np.geomspace(1, 1e5, n_budgets)))
    rate = np.full(k, 12.0 / evaluations.size)
    if k > 1:
        rate[1] *= 1.0 + faster
    level = rng.normal(2.0, 1.0, n_instances)
    steps = rng.exponential(1.0, (n_instances, k, n_runs, evaluations.size)) * rate[None, :, None, None]
    log_error = level[:, None, None, None] - np.cumsum(steps, axis=-1)
    error = np.where(log_error < -8.0, 0.0, 10.0 ** log_error)
    runs = [(f"A{j}", f"f{h}", r + 1, evaluations, error[h, j, r], evaluations[-1])
            for h in range(n_instances) for j in range(k) for r in range(n_runs)]
    return AnytimeResults.from_runs(runs)
