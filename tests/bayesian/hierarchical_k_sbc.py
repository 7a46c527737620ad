"""Simulation-based calibration of the k-algorithm hierarchical sampler (fixed priors; see
tests/bayesian/sbc.py and algocompare/bayesian/_hierarchical_k.py).

Run as a script for the figure of docs/validation.md:
    python3 -m tests.bayesian.hierarchical_k_sbc 300 docs/figures/sbc_hierarchical_k.png
"""

from __future__ import annotations

import sys

import numpy as np

from algocompare.bayesian._diagnostics import ess_bulk
from algocompare.bayesian._hierarchical_k import KPriors, sample_hierarchical_k
from tests.bayesian.sbc import run_sbc

PRIORS = KPriors(delta0_scale=1.0, std0_high=2.0, sigma_high=3.0, mu_scale=2.0)
NAMES = ["delta0[0]", "delta0[1]-delta0[2]", "std0", "nu", "alpha", "mu[0]", "delta[0,0]", "sigma[0,1]"]


def run(n_replications: int, *, q: int = 6, k: int = 3, n: int = 4, n_draws: int = 400, warmup: int = 300,
        chains: int = 2, L: int = 99, bins: int = 10, rng: int = 2028):
    full = {}

    def prior(g):
        alpha, beta = g.uniform(*PRIORS.alpha_range), g.uniform(*PRIORS.beta_range)
        nu = 1 + g.gamma(alpha, 1 / beta)
        z = PRIORS.delta0_scale * g.standard_normal(k)
        delta0 = z - z.mean()                                     # N(0, s0^2 I) given sum zero
        std0 = g.uniform(0, PRIORS.std0_high)
        mu = PRIORS.mu_scale * g.standard_normal(q)
        delta = delta0 + std0 * g.standard_t(nu, (q, k))
        sigma = g.uniform(0, PRIORS.sigma_high, (q, k))
        full.update(mu=mu, delta=delta, sigma=sigma)
        return np.array([delta0[0], delta0[1] - delta0[2], std0, nu, alpha, mu[0], delta[0, 0], sigma[0, 1]])

    def simulate(_, g):
        return (full["mu"][:, None, None] + full["delta"][..., None]
                + full["sigma"][..., None] * g.standard_normal((q, k, n)))

    def posterior(y, g):
        length = n_draws
        for _ in range(4):                    # longer chains when the slowest parameter needs them
            d = sample_hierarchical_k(y, PRIORS, n_draws=length, warmup=warmup, chains=chains, rng=g)
            draws = np.stack([d["delta0"][..., 0], d["delta0"][..., 1] - d["delta0"][..., 2], d["std0"], d["nu"],
                              d["alpha"], d["mu"][..., 0], d["delta"][..., 0, 0], d["sigma"][..., 0, 1]], axis=-1)
            if np.min(ess_bulk(draws)) >= 2 * (L + 1):
                break
            length *= 2
        return draws

    return run_sbc(prior=prior, simulate=simulate, posterior=posterior, names=NAMES, n_replications=n_replications,
                   n_draws=L, bins=bins, rng=rng)


if __name__ == "__main__":
    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
    print(result.summary())
    if len(sys.argv) > 2:
        result.plot(sys.argv[2])
