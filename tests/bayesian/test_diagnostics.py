"""MCMC diagnostics (algocompare.bayesian._diagnostics) and the SBC harness (tests/bayesian/sbc.py)."""

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm, rankdata

from algocompare.bayesian._diagnostics import ChainDiagnostics, diagnose, ess_bulk, ess_tail, split_rhat, warn_if_poor
from tests.bayesian.sbc import run_sbc, thinned

DATA = Path(__file__).parents[1] / "data" / "mcmc_draws.csv"

# rstan 2.21.7 Rhat / ess_bulk / ess_tail on tests/data/mcmc_draws.csv
# (tests/reference/mcmc_diagnostics_rstan.R prints them).
RSTAN = {
    "iid": (1.0020726402, 1070.246178, 1165.511336),
    "ar07": (1.0197716853, 171.098721, 271.193336),
    "ar09_shifted": (1.1168346827, 30.917108, 114.822487),
    "heavy": (0.9999874495, 1252.037888, 1170.970763),
}


def rstan_draws():
    frame = pd.read_csv(DATA)
    return np.stack([frame[frame.chain == c][list(RSTAN)].to_numpy() for c in range(4)])


def test_agrees_with_rstan():
    draws = rstan_draws()
    rhat, bulk, tail = split_rhat(draws), ess_bulk(draws), ess_tail(draws)
    for j, (r, b, t) in enumerate(RSTAN.values()):
        # rstan scores ranks by (r - 1/2)/S, the paper by (r - 3/8)/(S + 1/4): a 0.1 % difference.
        assert rhat[j] == pytest.approx(r, abs=2e-4)
        assert bulk[j] == pytest.approx(b, rel=2e-3)
        assert tail[j] == pytest.approx(t, rel=1e-8)     # indicators: no ranks, same formula


# --- ArviZ 0.x's scalar loops (arviz/stats/diagnostics.py: _ess, _rhat, _split_chains,
# _z_scale, _ess_quantile), restated to check the vectorised Geyer truncation exactly.
def _arviz_ess(ary):
    if np.ptp(ary) < np.finfo(float).resolution:
        return ary.size
    n_chain, n_draw = ary.shape
    centred = ary - ary.mean(1, keepdims=True)
    f = np.fft.rfft(centred, n=2 * n_draw, axis=1)
    acov = np.fft.irfft(f * np.conjugate(f), n=2 * n_draw, axis=1)[:, :n_draw] / n_draw
    mean_var = np.mean(acov[:, 0]) * n_draw / (n_draw - 1.0)
    var_plus = mean_var * (n_draw - 1.0) / n_draw
    if n_chain > 1:
        var_plus += np.var(ary.mean(1), ddof=1)
    rho = np.zeros(n_draw)
    even, odd = 1.0, 1.0 - (mean_var - np.mean(acov[:, 1])) / var_plus
    rho[0], rho[1] = even, odd
    t = 1
    while t < n_draw - 3 and even + odd > 0.0:
        even = 1.0 - (mean_var - np.mean(acov[:, t + 1])) / var_plus
        odd = 1.0 - (mean_var - np.mean(acov[:, t + 2])) / var_plus
        if even + odd >= 0:
            rho[t + 1], rho[t + 2] = even, odd
        t += 2
    max_t = t - 2
    if even > 0:
        rho[max_t + 1] = even
    t = 1
    while t <= max_t - 2:
        if rho[t + 1] + rho[t + 2] > rho[t - 1] + rho[t]:
            rho[t + 1] = rho[t + 2] = (rho[t - 1] + rho[t]) / 2.0
        t += 2
    tau = -1.0 + 2.0 * np.sum(rho[:max_t + 1]) + np.sum(rho[max_t + 1:max_t + 2])
    return ary.size / max(tau, 1 / np.log10(ary.size))


def _split(a):
    h = a.shape[1] // 2
    return np.vstack([a[:, :h], a[:, -h:]])


def _z(a):
    return norm.ppf((rankdata(a, method="average").reshape(a.shape) - 0.375) / (a.size + 0.25))


def _arviz_rhat(a):
    def plain(x):
        n = x.shape[1]
        return np.sqrt((n * np.var(x.mean(1), ddof=1) / np.mean(np.var(x, 1, ddof=1)) + n - 1) / n)
    s = _split(a)
    return max(plain(_z(s)), plain(_z(np.abs(s - np.median(s)))))


def ar1(rng, phi, chains, n, p):
    x = np.zeros((chains, n, p))
    e = rng.normal(size=(chains, n, p))
    for t in range(1, n):
        x[:, t] = phi * x[:, t - 1] + e[:, t]
    return x


@pytest.mark.parametrize("phi, chains, n", [(0, 4, 400), (0.5, 4, 401), (0.9, 2, 300), (0.99, 4, 200),
                                            (-0.3, 3, 100), (0.95, 1, 101), (0, 2, 5), (0.5, 2, 7)])
def test_vectorised_equals_arviz_loops(phi, chains, n):
    draws = ar1(np.random.default_rng(3), phi, chains, n, 3)
    draws[..., 2] += np.arange(chains)[:, None] * 0.3
    for j in range(3):
        d = draws[..., j]
        assert split_rhat(draws)[j] == pytest.approx(_arviz_rhat(d), rel=1e-12)
        assert ess_bulk(draws)[j] == pytest.approx(_arviz_ess(_z(_split(d))), rel=1e-10)
        tail = min(_arviz_ess(_split((d <= np.quantile(d, q)).astype(float))) for q in (0.05, 0.95))
        assert ess_tail(draws)[j] == pytest.approx(tail, rel=1e-10)


def test_known_answers():
    rng = np.random.default_rng(5)
    iid = rng.normal(size=(4, 2000))
    assert split_rhat(iid) == pytest.approx(1.0, abs=3e-3)
    assert ess_bulk(iid) == pytest.approx(8000, rel=0.1)
    # AR(1) with phi: ESS of the mean = N (1 - phi) / (1 + phi)
    ar = ar1(rng, 0.8, 4, 5000, 1)[..., 0]
    assert ess_bulk(ar) == pytest.approx(20000 / 9, rel=0.15)
    # chains stuck at different places: R-hat far above 1
    stuck = rng.normal(size=(4, 500)) + np.arange(4)[:, None]
    assert split_rhat(stuck) > 1.5
    # a trend within each chain is caught by splitting
    trend = rng.normal(size=(4, 500)) + np.linspace(0, 3, 500)
    assert split_rhat(trend) > 1.1
    # a chain that differs only in scale is caught by the folded (tail) R-hat
    scale = rng.normal(size=(4, 1000)) * np.array([1, 1, 1, 3])[:, None]
    assert split_rhat(scale) > 1.05


def test_vectorised_shapes_and_constant():
    draws = np.random.default_rng(0).normal(size=(3, 50, 2, 5))
    draws[:, :, 1, 4] = 2.0
    d = diagnose(draws)
    assert d.rhat.shape == d.ess_bulk.shape == d.ess_tail.shape == (2, 5)
    assert d.rhat[1, 4] == 1.0 and d.ess_bulk[1, 4] == 150
    with pytest.raises(ValueError, match="chains"):
        split_rhat(np.zeros(10))
    with pytest.raises(ValueError, match="at least 4 draws"):
        ess_bulk(np.zeros((2, 3)))


def test_warning_names_worst_parameter_and_fix():
    good = ChainDiagnostics(rhat=np.array([1.0, 1.001]), ess_bulk=np.array([900.0, 1000]),
                            ess_tail=np.array([800.0, 700]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not warn_if_poor(good, ["mu", "sigma"])
    bad = ChainDiagnostics(rhat=np.array([1.0, 1.05, 1.02]), ess_bulk=np.array([900.0, 100, 300]),
                           ess_tail=np.array([800.0, 50, 500]))
    with pytest.warns(UserWarning) as record:
        assert warn_if_poor(bad, ["mu", "sigma", "nu"], what="the hierarchical model")
    assert len(record) == 1
    message = str(record[0].message)
    assert "'sigma'" in message and "1.050" in message and "= 50" in message
    assert "1 other parameter" in message and "n_samples" in message and "chains" in message
    low_ess = ChainDiagnostics(rhat=np.array([1.0, 1.0]), ess_bulk=np.array([390.0, 1000]),
                               ess_tail=np.array([800.0, 1000]))
    with pytest.warns(UserWarning, match="'a'.*= 390"):
        warn_if_poor(low_ess, ["a", "b"])
    with pytest.raises(ValueError, match="one name per parameter"):
        warn_if_poor(low_ess, ["a"])


# --- the SBC harness: exact conjugate posterior passes, a wrong one fails -------------------

def _normal_model(scale_error):
    """mu ~ N(0, 1), y_i ~ N(mu, 1), i = 1..5; posterior N(sum y / 6, 1/6), drawn exactly
    (scale_error = 1) or with a wrong spread."""
    def posterior(y, rng):
        sd = np.sqrt(1 / 6) * scale_error
        return rng.normal(y.sum() / 6, sd, size=(2, 200, 1))
    return dict(prior=lambda rng: rng.normal(size=1), simulate=lambda th, rng: rng.normal(th[0], 1, size=5),
                posterior=posterior, names=["mu"])


def test_sbc_harness_passes_exact_posterior():
    result = run_sbc(**_normal_model(1.0), n_replications=400, n_draws=99, rng=2)
    assert result.passed, result.summary()
    assert result.counts.sum() == 400 and result.ranks.max() <= 99


@pytest.mark.parametrize("scale_error", [0.6, 1.6])
def test_sbc_harness_fails_wrong_posterior(scale_error):
    result = run_sbc(**_normal_model(scale_error), n_replications=400, n_draws=99, rng=2)
    assert not result.passed, result.summary()


def test_thinning_needs_enough_draws():
    draws = ar1(np.random.default_rng(0), 0.99, 2, 200, 1)
    with pytest.raises(ValueError, match="sample more"):
        thinned(draws, 99)
