"""Rejection rates of the permutation procedures on data simulated by the Campelo–Takahashi
model: the calibration study of the permutation tests (type-I error under the null, power
under a shift), shared by the test suite and ``benchmarks/bench_permutation.py``."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare._options import check_alpha
from algocompare._parallel import map_ordered
from algocompare.data._simulate import simulate_runs
from algocompare.permutation._msd import msd_intervals
from algocompare.permutation._omnibus import permutation_test

__all__ = ["rejection_rates"]

PROCEDURES = ("design1", "csp", "usp", "f_interaction", "f_additive", "msd_permutation")


def rejection_rates(effect: float = 0.0, *, n_datasets: int, n_algorithms: int = 3, n_instances: int = 5,
                    n_runs: int = 5, n_resamples: int = 200, distribution: str = "normal", alpha: float = 0.05,
                    rng: Any = None, executor: Any = None, progress: bool | None = None) -> dict[str, float]:
    """Fraction of simulated data sets each permutation procedure rejects at ``alpha``.

    Data from :func:`algocompare.simulate_runs` with equal algorithm means, no
    algorithm-specific instance effects (``sigma_across=0``) and heteroscedastic instances
    (within-instance sd from U(1, 5)); the last algorithm's mean is shifted by ``effect``
    (in units of the within sd's lower bound), so ``effect=0`` gives the type-I error and
    a positive effect the power. Procedures: Design 1 on the instance means (``design1``),
    the constrained and unconstrained synchronized permutation tests (``csp``, ``usp``),
    the F tests of the constrained test's interaction and additive models and the
    permutation MSD of Algorithm 2 (any pair rejected: ``msd_permutation``).

    Each data set has its own seed, drawn from ``rng``, so the data sets can run on
    ``executor`` (a ``concurrent.futures`` executor or a ``dask.distributed.Client``, as
    :func:`algocompare.run_experiment` takes) with the same rates as in this process;
    ``progress`` shows a bar over the data sets (``None``: on a terminal, after a second).

    Examples
    --------
    >>> rates = rejection_rates(0.0, n_datasets=5, n_resamples=99, rng=0)
    >>> sorted(rates) == sorted(PROCEDURES), all(0 <= r <= 1 for r in rates.values())
    (True, True)
    """
    alpha = check_alpha(alpha)
    seeds = np.random.default_rng(rng).integers(0, 2 ** 63, size=n_datasets)
    means = tuple([0.0] * (n_algorithms - 1) + [effect])
    pieces = [(int(seed), means, n_instances, n_runs, n_resamples, distribution, alpha) for seed in seeds]
    decisions = map_ordered(_decisions, pieces, executor=executor, progress=progress, desc="data sets")
    return {key: sum(d[key] for d in decisions) / n_datasets for key in PROCEDURES}


def _decisions(piece: tuple) -> dict[str, bool]:
    """Whether each procedure rejects on one simulated data set (a piece for an executor)."""
    seed, means, n_instances, n_runs, n_resamples, distribution, alpha = piece
    rng = np.random.default_rng(seed)
    results = simulate_runs(list(means), n_instances=n_instances, n_runs=n_runs, sigma_across=0.0,
                            distribution=distribution, rng=rng).results
    design1 = permutation_test(results.blocks(), method="monte_carlo", n_resamples=n_resamples, rng=rng)
    csp = permutation_test(results, variant="constrained", rng=rng, n_resamples=n_resamples)
    usp = permutation_test(results, variant="unconstrained", method="monte_carlo", n_resamples=n_resamples,
                           rng=rng)
    msd = msd_intervals(results, method="monte_carlo", n_resamples=n_resamples, rng=rng)
    return {"design1": design1.pvalue <= alpha, "csp": csp.pvalue <= alpha, "usp": usp.pvalue <= alpha,
            "f_interaction": csp.f_pvalue_interaction <= alpha, "f_additive": csp.f_pvalue_additive <= alpha,
            "msd_permutation": bool(msd.to_frame()["reject"].any())}
