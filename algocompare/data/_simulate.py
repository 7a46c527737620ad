"""The simulation model of Campelo & Takahashi (thesis, chapter 4, eqs. 25–29)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from algocompare import _validation as v
from algocompare.data._results import Results

__all__ = ["simulate_runs", "Simulation"]

DISTRIBUTIONS = ("normal", "exponential")


@dataclass(frozen=True)
class Simulation:
    """Simulated runs with the truth that generated them.

    Attributes
    ----------
    results : Results
        The runs, a long table with a ``run`` column.
    true_means : pandas.DataFrame
        mu_ij, the true mean of each algorithm (column) on each instance (row).
    within_sd : pandas.Series
        sigma_WI,j, the within-instance standard deviation of each instance.

    See Also
    --------
    simulate_runs : the function that returns it.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in
       the experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10, 12], n_instances=4, n_runs=2, rng=1)
    >>> sim.true_means.shape, len(sim.within_sd)
    ((4, 2), 4)
    """

    results: Results
    #: mu_ij = mu_i + tau_ij: the true mean of each algorithm on each instance (instances × algorithms).
    true_means: pd.DataFrame
    #: sigma_WI,j: the within-instance standard deviation of each instance.
    within_sd: pd.Series


def _noise(rng: np.random.Generator, scale: np.ndarray, size: tuple[int, ...], distribution: str) -> np.ndarray:
    if distribution == "normal":
        return rng.normal(0.0, 1.0, size) * scale
    # Shifted exponential with mean 0 and sd `scale` (eqs. 28–29).
    return rng.exponential(1.0, size) * scale - scale


def simulate_runs(means: Sequence[float] | dict[Any, float], n_instances: int, n_runs: int = 10, *,
                  sigma_across: float = 3.0, sigma_within: float | tuple[float, float] | Sequence[float] = (1.0, 5.0),
                  distribution: str = "normal", direction: str | None = None,
                  rng: Any = None) -> Simulation:
    """Simulate runs y_ijk = mu_i + tau_ij + eps_ijk (Campelo & Takahashi, eq. 25).

    Parameters
    ----------
    means : sequence or dict
        mu_i, the grand mean of each algorithm on the problem class (a dict names the
        algorithms; otherwise they are named ``"A1"``, ``"A2"``, ...). The thesis uses
        10, 9.9 and 15.
    n_instances, n_runs : int
        Number of instances j and runs k per algorithm and instance.
    sigma_across : float
        sigma_AI, the across-instance sd of tau_ij (eq. 26; the thesis uses 3, variance 9).
    sigma_within : float, (low, high) or sequence
        sigma_WI,j per instance: a constant, drawn from U(low, high) per instance (the
        thesis' U(1, 5)), or one value per instance.
    distribution : {"normal", "exponential"}
        Gaussian tau and eps (eqs. 26–27) or shifted exponentials with mean zero
        (eqs. 28–29).
    direction : {"minimize", "maximize"}, optional
        The direction recorded in the simulated ``Results``; ``None`` (default) is
        ``"minimize"``.
    rng : None, int or numpy.random.Generator
        Seed or generator of the draws.

    Returns
    -------
    Simulation
        ``results`` (a long Results with a ``run`` column), ``true_means`` (mu_ij) and
        ``within_sd`` (sigma_WI,j).

    See Also
    --------
    calc_nreps, calc_instances : the sample sizes the simulation is used to check.
    Results : the table the runs come in.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in
       the experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs({"A": 10, "B": 9.9, "C": 15}, n_instances=5, n_runs=3, rng=0)
    >>> sim.results
    <Results: 5 instances × 3 algorithms, 3 run(s) per cell, minimize>
    >>> sim.true_means.shape, bool(sim.within_sd.between(1, 5).all())
    ((5, 3), True)
    """
    v.check_option("distribution", distribution, DISTRIBUTIONS)
    n_instances = v.check_positive_int("n_instances", n_instances)
    n_runs = v.check_positive_int("n_runs", n_runs)
    sigma_across = v.check_nonnegative("sigma_across", sigma_across)
    rng = np.random.default_rng(rng)
    if isinstance(means, dict):
        algorithms, mu = list(means), np.asarray(list(means.values()), dtype=float)
    else:
        mu = np.asarray(means, dtype=float)
        algorithms = [f"A{i + 1}" for i in range(mu.size)]
    if mu.ndim != 1 or mu.size < 2:
        raise ValueError("means must give at least two algorithms' grand means.")
    instances = [f"I{j + 1}" for j in range(n_instances)]
    if np.ndim(sigma_within) == 0:
        sd_within = np.full(n_instances, v.check_nonnegative("sigma_within", sigma_within))
    elif isinstance(sigma_within, tuple) and len(sigma_within) == 2:
        low, high = sigma_within
        if not 0 <= low <= high:
            raise ValueError(f"sigma_within=(low, high) needs 0 <= low <= high, got {sigma_within}.")
        sd_within = rng.uniform(low, high, n_instances)
    else:
        sd_within = np.asarray(sigma_within, dtype=float)
        if sd_within.shape != (n_instances,) or (sd_within < 0).any():
            raise ValueError(f"sigma_within needs {n_instances} non-negative values, one per instance.")
    k = mu.size
    tau = _noise(rng, np.full((n_instances, k), sigma_across), (n_instances, k), distribution)
    true = mu[None, :] + tau
    eps = _noise(rng, sd_within[:, None, None], (n_instances, k, n_runs), distribution)
    runs = true[:, :, None] + eps
    results = Results.from_array(runs, direction="minimize" if direction is None else direction,
                                 algorithms=algorithms, instances=instances)
    truth = pd.DataFrame(true, index=pd.Index(instances, name="instance"),
                         columns=pd.Index(algorithms, name="algorithm"))
    return Simulation(results=results, true_means=truth,
                      within_sd=pd.Series(sd_within, index=truth.index, name="within_sd"))
