"""bayesian_hierarchical_pairs: the hierarchical t model of k algorithms (_hierarchical_k.py)."""

import numpy as np
import pandas as pd
import pytest
from scipy import special, stats

import algocompare as ac
from algocompare.bayesian._gibbs import slice_step, truncated_gamma
from algocompare.bayesian._hierarchical_k import (
    KPriors,
    _sum_zero_normal,
    bayesian_hierarchical_pairs,
    pair_predictive,
    sample_hierarchical_k,
)


def long_results(y: np.ndarray, names=None) -> ac.Results:
    """Runs y (instances, algorithms, runs) as a long Results."""
    q, k, n = y.shape
    names = names or [f"A{j}" for j in range(k)]
    rows = [(names[j], f"i{i}", r, y[i, j, r]) for i in range(q) for j in range(k) for r in range(n)]
    return ac.Results.from_long(pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"]), run="run")


@pytest.fixture(scope="module")
def three():
    rng = np.random.default_rng(4)
    q, n = 15, 6
    effects = np.array([-0.6, 0.0, 0.6])
    y = (5 * rng.standard_normal(q)[:, None, None] + effects[None, :, None]
         + 0.2 * rng.standard_normal((q, 3))[..., None] + rng.standard_normal((q, 3, n)))
    return y


def test_pairs_and_best(three):
    r = bayesian_hierarchical_pairs(long_results(three), rope=0.05, rng=0)
    assert list(r.table[["algorithm_a", "algorithm_b"]].itertuples(index=False, name=None)) == \
        [("A0", "A1"), ("A0", "A2"), ("A1", "A2")]
    assert r.p_best.idxmax() == "A0" and r.p_best["A0"] > 0.9 and r.p_best.sum() == pytest.approx(1)
    row = r.table.iloc[1]                                   # A0 vs A2: 1.2 apart, lower is better
    assert row.p_left > 0.9 and row.mean_p_left > 0.99 and row["diff"] == pytest.approx(-1.2, abs=0.35)
    assert np.allclose(r.table[["p_left", "p_rope", "p_right"]].sum(axis=1), 1)
    assert r.effects["effect"].sum() == pytest.approx(0, abs=1e-9)   # sum-zero mean effects
    assert r.max_rhat < 1.01 and r.min_ess > 400
    assert r.matrix("region").loc["A0", "A2"] == "win"


@pytest.mark.filterwarnings("ignore:MCMC sampling")
def test_two_algorithms_agree_in_direction_with_the_two_algorithm_model(three):
    y = three[:, :2]
    pairs = bayesian_hierarchical_pairs(long_results(y), rope=0.05, n_samples=2000, rng=1)
    two = ac.bayesian_hierarchical(long_results(y), "A0", "A1", rope=0.05, n_samples=2000, rng=1)
    assert pairs.table.iloc[0].mean_p_left == pytest.approx(two.mean_p_left, abs=0.05)
    assert pairs.table.iloc[0]["diff"] == pytest.approx(two.delta0, abs=0.15)


def test_sum_zero_normal_is_the_conditioned_gaussian():
    rng = np.random.default_rng(0)
    mean, precision = np.array([0.5, -1.0, 2.0]), np.array([1.0, 4.0, 0.5])
    draws = _sum_zero_normal(np.tile(mean, (20000, 1)), np.tile(precision, (20000, 1)), rng)
    cov = np.diag(1 / precision)
    ones = np.ones(3)
    gain = cov @ ones / (ones @ cov @ ones)
    exact_mean = mean - gain * mean.sum()
    exact_cov = cov - np.outer(gain, ones @ cov)
    assert np.allclose(draws.sum(axis=1), 0, atol=1e-12)
    assert np.allclose(draws.mean(axis=0), exact_mean, atol=0.03)
    assert np.allclose(np.cov(draws.T), exact_cov, atol=0.03)


def test_pair_predictive_matches_simulation():
    rng = np.random.default_rng(1)
    diff0, std0, nu, rope = np.array([0.3]), np.array([0.8]), np.array([4.0]), 0.2
    got = pair_predictive(diff0, std0, nu, rope)[0]
    sim = diff0 + std0 * (stats.t.rvs(nu, size=400000, random_state=rng) - stats.t.rvs(nu, size=400000, random_state=rng))
    expected = [(sim < -rope).mean(), (np.abs(sim) <= rope).mean(), (sim > rope).mean()]
    assert np.allclose(got, expected, atol=0.005)


def test_sampler_recovers_effects():
    rng = np.random.default_rng(3)
    q, k, n = 40, 3, 10
    effects = np.array([-0.5, 0.1, 0.4])
    y = rng.normal(0, 3, q)[:, None, None] + effects[None, :, None] + 0.3 * rng.standard_normal((q, k, 1)) \
        + rng.standard_normal((q, k, n))
    d = sample_hierarchical_k(y, KPriors.from_data(y), n_draws=400, warmup=200, chains=2, rng=rng)
    assert np.allclose(d["delta0"].mean(axis=(0, 1)), effects, atol=0.15)
    assert np.median(d["sigma"]) == pytest.approx(1.0, abs=0.1)    # posterior mean of sigma lies above the sd


def test_bad_input():
    with pytest.raises(ValueError, match="needs the runs"):
        bayesian_hierarchical_pairs(pd.DataFrame({"A": [1.0, 2, 3], "B": [2.0, 3, 5]}))
    with pytest.raises(ValueError, match="zero variance within every cell"):
        bayesian_hierarchical_pairs(long_results(np.ones((3, 2, 4))))
    with pytest.raises(ValueError, match="at least 2 instances"):
        bayesian_hierarchical_pairs(long_results(np.random.default_rng(0).normal(size=(1, 3, 4))))


def _plain_gibbs(y, priors, sweeps, chains, burn, rng):
    """The k model's plain (not collapsed) Gibbs sampler: an independent route to its posterior."""
    q, k, n = y.shape
    ybar = y.mean(2)
    ss = ((y - ybar[..., None]) ** 2).sum(2)
    mu = np.tile(ybar.mean(1), (chains, 1))
    delta = ybar - ybar.mean(1, keepdims=True) + np.zeros((chains, q, k))
    delta0, std0 = np.zeros((chains, k)), np.ones(chains)
    lnu1, alpha, beta = np.full(chains, np.log(10.0)), np.full(chains, 1.5), np.full(chains, 0.05)
    out = []
    for sweep in range(sweeps):
        nu = (1 + np.exp(lnu1))[:, None, None]
        z2 = ((delta - delta0[:, None]) / std0[:, None, None]) ** 2
        lam = rng.gamma((nu + 1) / 2, 1.0, (chains, q, k)) / ((nu + z2) / 2)
        quad = ss + n * (ybar - mu[:, :, None] - delta) ** 2
        prec = truncated_gamma(np.full((chains, q, k), (n - 1) / 2), quad / 2, priors.sigma_high ** -2, np.inf, rng)
        data_p, prior_p = n * prec, lam / std0[:, None, None] ** 2
        delta = (((ybar - mu[:, :, None]) * data_p + delta0[:, None] * prior_p) / (data_p + prior_p)
                 + rng.standard_normal((chains, q, k)) / np.sqrt(data_p + prior_p))
        mu_p = data_p.sum(2) + priors.mu_scale ** -2
        mu = (data_p * (ybar - delta)).sum(2) / mu_p + rng.standard_normal((chains, q)) / np.sqrt(mu_p)
        p0 = prior_p.sum(1) + priors.delta0_scale ** -2
        delta0 = _sum_zero_normal((prior_p * delta).sum(1) / p0, p0, rng)
        b = (lam * (delta - delta0[:, None]) ** 2).sum((1, 2)) / 2
        std0 = truncated_gamma(np.full(chains, (q * k - 1) / 2), b, priors.std0_high ** -2, np.inf, rng) ** -0.5
        zz = (((delta - delta0[:, None]) / std0[:, None, None]) ** 2).reshape(chains, -1)

        def log_nu(u, idx, zz=zz, alpha=alpha, beta=beta):
            v = 1 + np.exp(u)
            t = special.gammaln((v + 1) / 2) - special.gammaln(v / 2) - 0.5 * np.log(v)
            return alpha[idx] * u - beta[idx] * (v - 1) + q * k * t - (v + 1) / 2 * np.log1p(zz[idx] / v[:, None]).sum(1)

        lnu1 = slice_step(lnu1, log_nu, rng, width=2.0, low=-700.0)

        def log_alpha(a, idx, lnu1=lnu1, beta=beta):
            return a * np.log(beta[idx]) + (a - 1) * lnu1[idx] - special.gammaln(a)

        alpha = slice_step(alpha, log_alpha, rng, low=1.0, high=2.0)
        beta = truncated_gamma(alpha + 1, np.exp(lnu1), 0.01, 0.1, rng)
        if sweep >= burn:
            out.append(np.c_[delta0[:, 0], delta0[:, 1] - delta0[:, 2], std0, alpha, mu[:, 0]])
    return np.concatenate(out)


@pytest.mark.slow
def test_collapsed_sampler_equals_plain_gibbs():
    """The partially collapsed sampler and the plain Gibbs sampler (every conditional given all
    the rest) draw from the same posterior: quantiles of five parameters agree."""
    priors = KPriors(delta0_scale=1.0, std0_high=2.0, sigma_high=3.0, mu_scale=2.0)
    rng = np.random.default_rng(5)
    q, k, n = 6, 3, 4
    y = (rng.normal(0, 2, q)[:, None, None] + np.array([0.5, 0, -0.5])[None, :, None]
         + 0.6 * rng.standard_t(3, (q, k, 1)) + rng.uniform(0.3, 2, (q, k, 1)) * rng.standard_normal((q, k, n)))
    plain = _plain_gibbs(y, priors, 12000, 8, 2000, rng)
    d = sample_hierarchical_k(y, priors, n_draws=5000, warmup=1000, chains=8, rng=rng)
    collapsed = np.c_[d["delta0"][..., 0].ravel(), (d["delta0"][..., 1] - d["delta0"][..., 2]).ravel(),
                      d["std0"].ravel(), d["alpha"].ravel(), d["mu"][..., 0].ravel()]
    for j in range(5):
        assert np.allclose(np.quantile(plain[:, j], [0.1, 0.5, 0.9]), np.quantile(collapsed[:, j], [0.1, 0.5, 0.9]),
                           atol=0.04), j
