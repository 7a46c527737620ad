"""bayesian_hierarchical (algocompare/bayesian/_hierarchical.py) and its samplers (_gibbs.py)."""

import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.bayesian._gibbs import slice_step, truncated_gamma, truncated_normal
from algocompare.bayesian._hierarchical import HierarchicalPriors, bayesian_hierarchical, sample_hierarchical_t

DATA = Path(__file__).parents[1] / "data"


def long_results(a: np.ndarray, b: np.ndarray, names=("A", "B")) -> ac.Results:
    """Runs (instances x runs) of two algorithms as a long Results."""
    rows = [(name, f"i{i}", r, v) for name, values in zip(names, (a, b), strict=True)
            for i, row in enumerate(values) for r, v in enumerate(row)]
    return ac.Results.from_long(pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"]), run="run")


# --- the building blocks ------------------------------------------------------------------

def test_truncated_gamma_follows_the_truncated_distribution():
    rng = np.random.default_rng(0)
    for shape, rate, low, high in [(2.5, 1.0, 0.5, 3.0), (0.7, 2.0, 0.0, 0.1), (3.0, 50.0, 0.2, np.inf),
                                   (1.5, 0.01, 0.01, 0.1)]:
        draws = truncated_gamma(np.full(4000, shape), np.full(4000, rate), low, high, rng)
        dist = stats.gamma(shape, scale=1 / rate)
        lo, hi = dist.cdf(low), dist.cdf(high)
        cdf = lambda t, dist=dist, lo=lo, hi=hi: (dist.cdf(t) - lo) / (hi - lo)  # noqa: E731
        assert draws.min() >= low and draws.max() <= high
        assert stats.kstest(draws, cdf).pvalue > 0.001


def test_truncated_normal_far_in_a_tail():
    rng = np.random.default_rng(1)
    for mean, low, high in [(0.0, -1.0, 1.0), (12.0, -1.0, 1.0), (-30.0, -1.0, 2.0)]:
        draws = truncated_normal(np.full(4000, mean), np.ones(4000), low, high, rng)
        dist = stats.truncnorm(low - mean, high - mean, loc=mean)
        assert np.all((draws >= low) & (draws <= high))
        assert stats.kstest(draws, dist.cdf).pvalue > 0.001


def test_slice_step_leaves_the_target_invariant():
    rng = np.random.default_rng(2)
    target = stats.gamma(3.0)              # started from the target, one step must stay on it

    def log_density(u, idx):
        return target.logpdf(np.exp(u)) + u

    x = np.log(target.rvs(size=2000, random_state=rng))
    for _ in range(5):
        x = slice_step(x, log_density, rng, width=1.0)
    assert stats.kstest(np.exp(x), target.cdf).pvalue > 0.001
    expected = stats.truncexpon(b=2.0, loc=1.0, scale=0.5)  # density ~ exp(-2 a) on [1, 2]
    bounded = slice_step(expected.rvs(size=2000, random_state=rng), lambda a, idx: -2 * a, rng, low=1.0, high=2.0)
    assert bounded.min() >= 1 and bounded.max() <= 2
    assert stats.kstest(bounded, expected.cdf).pvalue > 0.001


def test_quadratic_form_of_the_correlated_runs():
    """The sampler's sufficient statistics equal Stan's (x - d 1)^T M^-1 (x - d 1)."""
    rng = np.random.default_rng(3)
    n, rho, d = 7, 0.3, 0.4
    x = rng.normal(size=n)
    m = (1 - rho) * np.eye(n) + rho * np.ones((n, n))
    direct = (x - d) @ np.linalg.solve(m, x - d)
    ss = ((x - x.mean()) ** 2).sum()
    assert direct == pytest.approx(ss / (1 - rho) + n * (x.mean() - d) ** 2 / (1 + (n - 1) * rho), rel=1e-12)


# --- agreement with baycomp's HierarchicalTest (PyStan) -----------------------------------

def _baycomp_cases():
    path = DATA / "baycomp_hierarchical.json"
    return json.loads(path.read_text())["cases"] if path.exists() else []


def _scores(frame, classifier, rows, n_scores):
    part = frame[frame.classifier == classifier].sort_values("row")
    return part[part.row.isin(rows)][[f"s{i}" for i in range(n_scores)]].to_numpy(float)


@pytest.mark.parametrize("case", _baycomp_cases(), ids=lambda c: c["name"])
def test_agrees_with_baycomp(case):
    frame = pd.read_csv(DATA / "baycomp_hierarchical_accuracies.csv", comment="#")
    x = _scores(frame, case["x"], case["rows"], case["n_scores"])
    y = _scores(frame, case["y"], case["rows"], case["n_scores"])
    rho = case["runs"] / case["n_scores"]                       # baycomp: rho = 1 / n_folds
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)              # zero-variance instances, as baycomp
        r = bayesian_hierarchical(long_results(x, y), "A", "B", rope=case["rope"], rho=rho, n_samples=8000,
                                  rng=11)
    ours = np.array([r.p_right, r.p_rope, r.p_left])             # baycomp's left is y - x < -rope: A higher
    ours_means = np.array([r.mean_right, r.mean_rope, r.mean_left])
    for rep in case["repetitions"]:
        theirs = np.array(rep["probs"])
        # Monte Carlo error of a share of ~8000 correlated draws on each side: 4 standard errors at ESS 2000
        tolerance = 4 * np.sqrt(np.maximum(theirs * (1 - theirs), 0.01) * (1 / 2000 + 1 / 2000))
        assert np.all(np.abs(ours - theirs) <= tolerance), (ours, theirs, tolerance)
        assert np.allclose(ours_means, rep["sample_means"], atol=0.02), (ours_means, rep["sample_means"])


# --- behaviour ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def shifted():
    rng = np.random.default_rng(5)
    effects = rng.normal(0.8, 0.3, 12)
    a = rng.normal(10, 1, (12, 6))
    b = a - effects[:, None] + rng.normal(0, 1, (12, 6))
    return a, b


def test_result_reads_the_posterior(shifted):
    a, b = shifted
    r = bayesian_hierarchical(long_results(a, b), "A", "B", rope=0.1, n_samples=2000, rng=0)
    assert r.p_right > 0.9 and r.decision in ("right", "undecided")
    assert r.mean_p_right > 0.95 and r.delta0_low < r.delta0 < r.delta0_high
    assert (r.left, r.right, r.n_instances, r.n_runs, r.n_samples, r.chains) == ("A lower", "B lower", 12, 6, 2000, 4)
    assert r.samples.shape == (2000, 3) and np.allclose(r.samples.sum(axis=1), 1)
    assert len(r.diagnostics) == 5 + 2 * 12 and r.max_rhat < 1.01 and r.min_ess > 400
    # shrinkage: each instance's posterior mean lies between its own mean and the overall mean
    inst = r.instances
    lo = np.minimum(inst.mean_diff, r.delta0) - 0.05
    hi = np.maximum(inst.mean_diff, r.delta0) + 0.05
    assert np.all((inst.delta >= lo) & (inst.delta <= hi))
    assert np.allclose(inst[["p_left", "p_rope", "p_right"]].sum(axis=1), 1)
    swapped = bayesian_hierarchical(long_results(a, b), "B", "A", rope=0.1, n_samples=2000, rng=0)
    assert swapped.p_left == pytest.approx(r.p_right, abs=0.03) and swapped.delta0 == pytest.approx(-r.delta0, abs=0.05)
    assert r.to_dict()["p_left"] == r.p_left


@pytest.mark.filterwarnings("ignore:MCMC sampling")     # short chains on purpose
def test_deterministic_with_a_seed(shifted):
    a, b = shifted
    one = bayesian_hierarchical(long_results(a, b), "A", "B", rope=0.1, n_samples=400, warmup=100, rng=3)
    two = bayesian_hierarchical(long_results(a, b), "A", "B", rope=0.1, n_samples=400, warmup=100, rng=3)
    assert np.array_equal(one.samples, two.samples)


def test_poor_convergence_warns(shifted):
    a, b = shifted
    with pytest.warns(UserWarning, match=r"may not have converged.*R-hat.*effective sample size.*n_samples"):
        bayesian_hierarchical(long_results(a, b), "A", "B", n_samples=40, warmup=0, rng=0)


@pytest.mark.filterwarnings("ignore:MCMC sampling")
def test_zero_variance_instance_is_warned_and_noised_as_baycomp(shifted):
    a, b = shifted
    b = b.copy()
    b[3] = a[3] - 0.5                          # identical differences on instance i3
    with pytest.warns(UserWarning, match=r"i3.*symmetric noise within the rope"):
        bayesian_hierarchical(long_results(a, b), "A", "B", rope=0.1, n_samples=400, warmup=100, rng=0)


def test_bad_input():
    a = np.arange(12.0).reshape(3, 4)
    data = long_results(a, a + 1 + np.random.default_rng(0).normal(size=a.shape))
    with pytest.raises(ValueError, match="rho must be in"):
        bayesian_hierarchical(data, "A", "B", rho=1.0)
    with pytest.raises(ValueError, match="unknown algorithm a"):
        bayesian_hierarchical(data, "X", "B")
    with pytest.raises(ValueError, match="two different algorithms"):
        bayesian_hierarchical(data, "A", "A")
    with pytest.raises(ValueError, match="needs the runs"):
        bayesian_hierarchical(pd.DataFrame({"A": [1.0, 2, 3], "B": [2.0, 3, 5]}), "A", "B")
    with pytest.raises(ValueError, match="zero variance within every instance"):
        bayesian_hierarchical(long_results(a, a + 1), "A", "B")
    with pytest.raises(ValueError, match="at least 2 instances"):
        bayesian_hierarchical(long_results(a[:1], a[:1] + np.arange(4.0)), "A", "B")


def test_sampler_recovers_a_known_mean():
    """Many instances, many runs: delta0's posterior concentrates on the true mean."""
    rng = np.random.default_rng(8)
    delta = 0.7 + 0.2 * rng.standard_normal(60)
    x = delta[:, None] + rng.standard_normal((60, 30))
    d = sample_hierarchical_t(x, 0.0, HierarchicalPriors.baycomp(x), n_draws=500, warmup=200, chains=2, rng=rng)
    assert d["delta0"].mean() == pytest.approx(0.7, abs=0.08)
    assert d["std0"].mean() == pytest.approx(0.2, abs=0.1)
    assert d["sigma"].mean() == pytest.approx(1.0, abs=0.05)


def test_shrinkage_figure(shifted):
    import matplotlib
    matplotlib.use("Agg")
    a, b = shifted
    r = bayesian_hierarchical(long_results(a, b), "A", "B", rope=0.1, n_samples=1000, rng=0)
    ax = ac.plots.plot_shrinkage(r)
    dots = [line for line in ax.get_lines() if line.get_marker() == "o"]
    observed, posterior = (line.get_xdata() for line in dots)
    order = r.instances.sort_values("delta")
    assert np.allclose(observed, order.mean_diff) and np.allclose(posterior, order.delta)
    assert [t.get_text() for t in ax.get_yticklabels()] == list(order.instance)
    assert len(ac.plots.plot_shrinkage(r, max_instances=5).get_yticklabels()) == 5
    assert r.plot().get_title() == r.method                      # the simplex is its customary figure
    with pytest.raises(TypeError, match="bayesian_hierarchical result"):
        ac.plots.plot_shrinkage(ac.bayesian_sign([1, 2, 3], [2, 3, 5]))


def test_direction_and_missing_runs():
    """maximize: the oriented differences (b - a as given), regions named 'higher'; nan_policy='omit'
    drops the instance with a missing run and records it."""
    rng = np.random.default_rng(5)
    rows = [(alg, f"I{i}", r, float(rng.normal(i + (0.8 if alg == "A" else 0.0), 1.0)))
            for i in range(6) for alg in "AB" for r in range(8)]
    frame = pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"])
    low = ac.bayesian_hierarchical(ac.Results.from_long(frame, run="run"), "A", "B", rng=3)
    high = ac.bayesian_hierarchical(ac.Results.from_long(frame, run="run", direction="maximize"), "A", "B", rng=3)
    assert (low.left, high.left) == ("A lower", "A higher")
    assert low.p_right > 0.5 and high.p_left > 0.5  # A has the larger values: worse minimising, better maximising
    assert high.delta0 == pytest.approx(-low.delta0, rel=0.2)
    frame.loc[0, "value"] = np.nan
    holed = ac.Results.from_long(frame, run="run", nan_policy="keep")
    with pytest.raises(ValueError, match="missing"):
        ac.bayesian_hierarchical(holed, "A", "B", rng=3)
    kept = ac.bayesian_hierarchical(holed, "A", "B", nan_policy="omit", rng=3)
    assert kept.dropped_instances == ("I0",) and kept.n_instances == 5
