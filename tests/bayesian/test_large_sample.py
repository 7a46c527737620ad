"""The large-sample (normal) posterior of the signed-rank test and the scaled-up all-pairs analysis.

Reference: the exact posterior sampled by Monte Carlo (``signed_rank_win_shares``, itself
checked against baycomp in test_paired.py), on differences drawn once from fixed seeds.
"""

from __future__ import annotations

import concurrent.futures as cf
import itertools

import numpy as np
import pytest

import algocompare as ac
from algocompare.bayesian import bayesian_pairwise
from algocompare.bayesian._large_sample import LARGE_SAMPLE_FROM, normal_posterior, region_shares
from algocompare.bayesian._result import report_shares
from algocompare.bayesian._signed_rank import signed_rank_means, signed_rank_win_shares, walsh_indicators


def _differences(n: int, kind: str, shift: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    z = (rng.standard_t(2, size=n) if kind == "t2" else rng.normal(size=n)) + shift
    if kind == "zeros":  # most instances tied, as on competition tables
        z[rng.random(n) < 0.6] = 0.0
    if kind == "rounded":
        z = np.round(z * 4) / 4
    return z


def _sampled(z: np.ndarray, rope: float, n_samples: int) -> np.ndarray:
    shares = signed_rank_win_shares(z[None], rope, 0.5, n_samples, np.random.default_rng(1))[0]
    return np.array(report_shares(shares, rope))


def _check(n: int, kinds, shifts, ropes, n_samples: int, error: float) -> None:
    for seed, (kind, shift, rope) in enumerate(itertools.product(kinds, shifts, ropes)):
        z = _differences(n, kind, shift, seed)
        normal = region_shares(*normal_posterior(z, rope, 0.5), rope)
        sampled = _sampled(z, rope, n_samples)
        mc_se = np.sqrt(np.maximum(sampled * (1 - sampled), 0.25 / n_samples) / n_samples)
        assert np.all(np.abs(normal - sampled) <= error + 3 * mc_se), (kind, shift, rope, normal, sampled)


def test_normal_posterior_matches_sampled_posterior_at_the_switch_size():
    _check(LARGE_SAMPLE_FROM, ("normal", "zeros"), (0.0, 0.2), (0.0, 0.5), 20_000, 0.005)


@pytest.mark.slow
def test_normal_posterior_error_grid():
    # the grid behind the documented error (LARGE_SAMPLE_FROM): 0.01 at n = 200, 0.005 at n = 500
    kinds, shifts, ropes = ("normal", "t2", "zeros", "rounded"), (0.0, 0.1, 0.2, 0.3), (0.0, 0.1, 0.5)
    _check(200, kinds, shifts, ropes, 100_000, 0.01)
    _check(500, kinds, shifts, ropes, 100_000, 0.005)


def test_normal_posterior_moments_by_brute_force():
    # E[theta] and the first-order covariance from the explicit n x n Walsh matrices
    z = _differences(40, "rounded", 0.1, 3)
    rope, s = 0.25, 0.5
    means, cov = normal_posterior(z, rope, s)
    alpha = np.concatenate(([s], np.ones(z.size)))
    a, m = alpha.sum(), alpha / alpha.sum()
    moments = (a * np.outer(m, m) + np.diag(m)) / (a + 1)  # E[w_i w_j] of Dir(alpha)
    left, right = walsh_indicators(z, rope)
    exact_left, exact_right = (moments * left).sum(), (moments * right).sum()
    np.testing.assert_allclose(means, [exact_left, 1 - exact_left - exact_right, exact_right], rtol=1e-12)
    np.testing.assert_allclose(signed_rank_means(z, rope, s), means, rtol=1e-12)
    grads = 2 * np.vstack([left @ m, right @ m])
    weights_cov = (np.diag(m) - np.outer(m, m)) / (a + 1)
    np.testing.assert_allclose(cov, grads @ weights_cov @ grads.T, rtol=1e-10, atol=1e-15)


def test_region_shares_degenerate_posteriors():
    # every difference far beyond the rope: right wins with certainty, the covariance is 0
    z = np.full(300, 5.0)
    np.testing.assert_allclose(region_shares(*normal_posterior(z, 0.1, 0.5), 0.1), [0, 0, 1], atol=1e-12)
    z = np.zeros(300)  # all on the rope's centre
    np.testing.assert_allclose(region_shares(*normal_posterior(z, 0.1, 0.5), 0.1), [0, 1, 0], atol=1e-12)


def test_early_stop_keeps_decided_pairs_accurate_and_rows_independent():
    rng = np.random.default_rng(0)
    zs = np.vstack([rng.normal(size=30) + 2.0, rng.normal(size=30) * 0.1, rng.normal(size=30) + 0.2])
    full = signed_rank_win_shares(zs, 0.0, 0.5, 20_000, np.random.default_rng(5))
    stopped = signed_rank_win_shares(zs, 0.0, 0.5, 20_000, np.random.default_rng(5), precision=0.0005)
    alone = signed_rank_win_shares(zs[2:], 0.0, 0.5, 20_000, np.random.default_rng(5), precision=0.0005)
    np.testing.assert_array_equal(stopped[0], [0, 0, 1])  # decided: stopped early, still all draws right
    np.testing.assert_array_equal(stopped[2], full[2])  # undecided: all 20,000 draws, the same ones
    np.testing.assert_array_equal(alone[0], stopped[2])  # a row's draws do not depend on the other rows
    assert np.abs(stopped - full).max() < 0.02


def _table(n: int, k: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, k)) + np.linspace(0, 0.4, k)


@pytest.mark.parametrize("n, method", [(30, "sample"), (LARGE_SAMPLE_FROM, "normal")])
def test_pairwise_identical_on_one_or_several_workers(n, method):
    values = _table(n, 5)
    serial = bayesian_pairwise(values, rope=0.1, n_samples=3000, rng=4, method=method).to_frame()
    with cf.ThreadPoolExecutor(3) as pool:
        parallel = bayesian_pairwise(values, rope=0.1, n_samples=3000, rng=4, method=method,
                                     executor=pool).to_frame()
    assert serial.equals(parallel)


def test_pairwise_auto_switches_to_normal_and_agrees_with_sampling():
    values = _table(LARGE_SAMPLE_FROM, 4, seed=2)
    auto = bayesian_pairwise(values, rope=0.05, rng=1).to_frame()
    normal = bayesian_pairwise(values, rope=0.05, rng=1, method="normal").to_frame()
    sampled = bayesian_pairwise(values, rope=0.05, n_samples=40_000, rng=1, method="sample",
                                precision=None).to_frame()
    assert auto.equals(normal)
    cols = ["p_left", "p_rope", "p_right"]
    assert np.abs(normal[cols].to_numpy() - sampled[cols].to_numpy()).max() < 0.006 + 3 * 0.0025
    np.testing.assert_allclose(normal[["mean_left", "mean_rope", "mean_right"]],
                               sampled[["mean_left", "mean_rope", "mean_right"]], rtol=1e-12)


def test_pairwise_bad_method_and_precision():
    with pytest.raises(ValueError, match="method"):
        bayesian_pairwise(_table(10, 3), method="exact")
    with pytest.raises(ValueError, match="precision"):
        bayesian_pairwise(_table(10, 3), precision=0.0)


def test_pairwise_progress_bar_is_silent_when_not_asked(capsys):
    bayesian_pairwise(ac.Results.from_array(_table(12, 3)), n_samples=1000, rng=0)
    assert capsys.readouterr().err == ""


def test_pairwise_identical_on_a_dask_client():
    distributed = pytest.importorskip("distributed")
    values = _table(30, 4)
    serial = bayesian_pairwise(values, rope=0.1, n_samples=2000, rng=6).to_frame()
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        on_dask = bayesian_pairwise(values, rope=0.1, n_samples=2000, rng=6, executor=client).to_frame()
    assert serial.equals(on_dask)


def test_pairwise_rejects_an_unknown_executor():
    with pytest.raises(TypeError, match="executor"):
        bayesian_pairwise(_table(10, 3), n_samples=100, executor="threads")
