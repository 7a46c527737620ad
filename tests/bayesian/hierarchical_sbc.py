"""Simulation-based calibration of the hierarchical t sampler (two algorithms), with fixed
priors (the data-dependent bounds baycomp uses cannot be drawn from): see tests/bayesian/sbc.py.

Run as a script for the figure of docs/validation.md:
    python3 -m tests.bayesian.hierarchical_sbc 500 docs/figures/sbc_hierarchical.png
"""

from __future__ import annotations

import sys

import numpy as np

from algocompare.bayesian._diagnostics import ess_bulk
from algocompare.bayesian._hierarchical import HierarchicalPriors, sample_hierarchical_t
from tests.bayesian.sbc import run_sbc

PRIORS = HierarchicalPriors(delta_bound=2.0, std0_high=2.0, sigma_high=3.0)
NAMES = ["delta0", "std0", "nu", "alpha", "beta", "delta[0]", "sigma[0]", "delta[last]"]


def model(q: int = 8, n: int = 5, rho: float = 0.1, n_draws: int = 400, warmup: int = 300, chains: int = 2,
          L: int = 99):
    """prior, simulate and posterior callables for :func:`run_sbc`."""
    def prior(rng):
        alpha, beta = rng.uniform(*PRIORS.alpha_range), rng.uniform(*PRIORS.beta_range)
        nu = 1 + rng.gamma(alpha, 1 / beta)
        delta0, std0 = rng.uniform(-PRIORS.delta_bound, PRIORS.delta_bound), rng.uniform(0, PRIORS.std0_high)
        delta = delta0 + std0 * rng.standard_t(nu, q)
        sigma = rng.uniform(0, PRIORS.sigma_high, q)
        return np.concatenate([[delta0, std0, nu, alpha, beta], delta, sigma])

    def simulate(theta, rng):
        delta, sigma = theta[5:5 + q], theta[5 + q:]
        noise = np.sqrt(1 - rho) * rng.standard_normal((q, n)) + np.sqrt(rho) * rng.standard_normal((q, 1))
        return delta[:, None] + sigma[:, None] * noise

    def posterior(x, rng):
        # Chains long enough for 2 L near-independent draws: rerun twice as long (fresh chains)
        # when the slowest checked parameter (usually nu) has fewer; the rerun depends on the data
        # only, so the draws kept are still draws of the posterior.
        length = n_draws
        for _ in range(4):
            d = sample_hierarchical_t(x, rho, PRIORS, n_draws=length, warmup=warmup, chains=chains, rng=rng)
            draws = np.stack([d["delta0"], d["std0"], d["nu"], d["alpha"], d["beta"], d["delta"][..., 0],
                              d["sigma"][..., 0], d["delta"][..., -1]], axis=-1)
            if np.min(ess_bulk(draws)) >= 2 * (L + 1):
                break
            length *= 2
        return draws

    return dict(prior=prior, simulate=simulate, posterior=posterior)


def checked(theta_full: np.ndarray, q: int) -> np.ndarray:
    """The checked parameters (NAMES) of a full parameter vector."""
    return theta_full[[0, 1, 2, 3, 4, 5, 5 + q, 4 + q]]


def run(n_replications: int, *, q: int = 8, n: int = 5, rho: float = 0.1, n_draws: int = 400, warmup: int = 300,
        chains: int = 2, L: int = 99, bins: int = 10, rng: int = 2027):
    parts = model(q, n, rho, n_draws, warmup, chains, L)
    full = {}

    def prior(g):
        full["theta"] = parts["prior"](g)
        return checked(full["theta"], q)

    def simulate(_, g):
        return parts["simulate"](full["theta"], g)

    return run_sbc(prior=prior, simulate=simulate, posterior=parts["posterior"], names=NAMES,
                   n_replications=n_replications, n_draws=L, bins=bins, rng=rng)


if __name__ == "__main__":
    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
    print(result.summary())
    if len(sys.argv) > 2:
        result.plot(sys.argv[2])
