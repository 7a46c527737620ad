"""Bayesian correlated t-test: equal to baycomp 1.0.3 and to scmamp's formulas; calibrated under its model."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from tests._refdata import ref_path
from tests.frequentist.test_cross_validation import equicorrelated_differences


def _scores() -> pd.DataFrame:
    return pd.read_csv(ref_path("baycomp_accuracies.csv"), comment="#")


def _pair(data: pd.DataFrame, dataset: str, a: str, b: str) -> tuple[np.ndarray, np.ndarray]:
    block = data[data["dataset"] == dataset]
    return tuple(block[block["classifier"] == c].sort_values("fold")["accuracy"].to_numpy() for c in (a, b))


def test_equal_to_baycomp_correlated_ttest():
    # tests/reference/correlated_t_baycomp.py: baycomp.CorrelatedTTest(x, y, rope, runs).probs() on baycomp's
    # example accuracies. baycomp works on y - x: its p_left is our p_right.
    data = _scores()
    reference = pd.read_csv(ref_path("correlated_t_baycomp.csv"))
    assert len(reference) == 90
    for row in reference.itertuples():
        x, y = _pair(data, row.dataset, row.x, row.y)
        r = ac.bayesian_correlated_ttest(x, y, rope=row.rope, runs=row.runs)
        assert r.location == pytest.approx(-row.mean, rel=1e-12)
        assert r.scale ** 2 == pytest.approx(row.var, rel=1e-12)
        assert r.df == row.df
        assert (r.p_left, r.p_rope, r.p_right) == pytest.approx((row.p_right, row.p_rope, row.p_left), abs=1e-12)


def test_equal_to_scmamp_formulas():
    # tests/reference/correlated_t.R: scmamp's bCorrelatedTtest restated (x - y, rho, rope = c(-r, r))
    data = _scores()
    reference = pd.read_csv(ref_path("correlated_t_scmamp.csv"))
    for row in reference.itertuples():
        x, y = _pair(data, row.dataset, row.x, row.y)
        r = ac.bayesian_correlated_ttest(x, y, rope=row.rope, rho=row.rho)
        assert r.scale == pytest.approx(row.scale, rel=1e-12)
        assert r.probabilities == pytest.approx((row.p_left, row.p_rope, row.p_right), abs=1e-12)


def test_baycomp_own_unit_cases():
    # baycomp tests/test_single.py, test_compute_statistics: x = [4, 2, 6], y = [5, 7, 3]: mean(y - x) = 1,
    # var = (4^2 + 4^2)/2 * (1/3 + 1/2), df 2; with runs=2 on [4, 2, 6, 4] / [5, 7, 3, 5]: (4^2 + 4^2)/3 * (1/4 + 1)
    r = ac.bayesian_correlated_ttest([4, 2, 6], [5, 7, 3])
    assert (r.location, r.scale ** 2, r.df) == pytest.approx((-1, 16 * (1 / 3 + 1 / 2), 2))
    r = ac.bayesian_correlated_ttest([4, 2, 6, 4], [5, 7, 3, 5], runs=2)
    assert (r.location, r.scale ** 2, r.df) == pytest.approx((-1, 32 / 3 * (1 / 4 + 1), 3))


@pytest.mark.parametrize("difference, rope, expected", [
    # baycomp test_probs_var_0 (Posterior(mean, 0, 1, rope).probs() on y - x, reversed here)
    (42, 2, (0, 0, 1)), (2, 2, (0, 1, 0)), (0.5, 2, (0, 1, 0)), (-2, 2, (0, 1, 0)), (-42, 2, (1, 0, 0)),
    (42, 0, (0, 0, 1)), (0, 0, (0.5, 0, 0.5)), (-42, 0, (1, 0, 0)),
])
def test_equal_differences_are_a_point_mass(difference, rope, expected):
    r = ac.bayesian_correlated_ttest(np.full(5, difference + 1.0), np.ones(5), rope=rope)
    assert r.scale == 0 and r.probabilities == expected
    assert np.all(r.sample(10, rng=0) == difference)


def test_rope_zero_has_no_rope_mass_and_decides():
    x, y = _pair(_scores(), "anneal", "nbc", "aode")
    r = ac.bayesian_correlated_ttest(x, y, runs=10)
    assert r.p_rope == 0 and r.p_left + r.p_right == pytest.approx(1)
    assert r.decision == "left" and r.winner == "x lower"


def test_samples_and_interval_follow_the_posterior():
    x, y = _pair(_scores(), "labor", "nbc", "j48")
    r = ac.bayesian_correlated_ttest(x, y, rope=1.0, runs=10)
    draws = r.sample(200_000, rng=1)
    se = np.sqrt(r.p_left * (1 - r.p_left) / draws.size)
    assert np.mean(draws < -1.0) == pytest.approx(r.p_left, abs=4 * se)
    low, high = r.interval(0.9)
    assert stats.t.cdf((high - r.location) / r.scale, r.df) == pytest.approx(0.95)
    assert np.mean((draws >= low) & (draws <= high)) == pytest.approx(0.9, abs=0.003)


def test_one_way_to_give_the_correlation():
    x, y = np.arange(10.0), np.arange(10.0)[::-1]
    for kwargs in ({"rho": 0.1, "runs": 1}, {"rho": 0.1, "test_train_ratio": 0.2}):
        with pytest.raises(ValueError, match="one of"):
            ac.bayesian_correlated_ttest(x, y, **kwargs)
    with pytest.raises(ValueError, match="rho"):
        ac.bayesian_correlated_ttest(x, y, rho=1.0)
    assert ac.bayesian_correlated_ttest(x, y, rho=0.1).test_train_ratio == pytest.approx(1 / 9)


def _posterior_ranks(reps: int, seed: int, n: int = 30, rho: float = 0.1) -> np.ndarray:
    """Posterior CDF at the true mean, for means and scales drawn from a prior and data from the
    model (equicorrelated normal differences): uniform when the posterior is calibrated."""
    rng = np.random.default_rng(seed)
    mu = rng.normal(0.0, 2.0, reps)
    sd = rng.gamma(2.0, 0.5, reps)
    out = np.empty(reps)
    for i in range(reps):
        d = equicorrelated_differences(rng, 1, n, rho, mean=mu[i], sd=sd[i])[0]
        r = ac.bayesian_correlated_ttest(d, np.zeros(n), rho=rho)
        out[i] = stats.t.cdf((mu[i] - r.location) / r.scale, r.df)
    return out


def test_posterior_calibration_fast():
    ranks = _posterior_ranks(1000, seed=11)
    counts = np.histogram(ranks, bins=10, range=(0, 1))[0]
    assert stats.chisquare(counts).pvalue > 0.001
    coverage = np.mean((ranks > 0.025) & (ranks < 0.975))
    assert abs(coverage - 0.95) < 3 * np.sqrt(0.95 * 0.05 / 1000)


@pytest.mark.slow
def test_posterior_calibration_full():
    # simulation-based calibration (Talts et al. 2018) under the model: 20 bins, 20,000 draws
    ranks = _posterior_ranks(20_000, seed=12)
    counts = np.histogram(ranks, bins=20, range=(0, 1))[0]
    assert stats.chisquare(counts).pvalue > 0.001
    assert abs(np.mean((ranks > 0.025) & (ranks < 0.975)) - 0.95) < 3 * np.sqrt(0.95 * 0.05 / 20_000)


def test_plot_shades_the_regions(tmp_path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x, y = _pair(_scores(), "squash-unstored", "nbc", "j48")
    r = ac.bayesian_correlated_ttest(pd.Series(x, name="nbc"), pd.Series(y, name="j48"), rope=0.5, runs=10)
    fig, axes = plt.subplots(2, 2, figsize=(7.16, 5))
    ax = r.plot(ax=axes[0, 0])
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts == [f"nbc lower: p = {r.p_left:.3f}", f"rope (±0.5): p = {r.p_rope:.3f}",
                     f"j48 lower: p = {r.p_right:.3f}"]
    assert len(ax.collections) == 3  # left, rope and right areas
    plt.close(fig)
    no_rope = ac.bayesian_correlated_ttest(x, y, runs=10).plot()
    assert len(no_rope.get_legend().get_texts()) == 2
    plt.close(no_rope.figure)
