"""Bayesian Plackett–Luce model (issue 27, deliverable 5): exactness against numerical integration,
the mode against base R fits (tests/reference/plackett_luce.R), scmamp's vignette numbers,
a small simulation-based calibration (the long one is marked slow), result and input handling."""

from __future__ import annotations

import itertools
import json
import warnings

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.bayesian._plackett_luce import (
    _laplace_proposal,
    plackett_luce_log_posterior,
    plackett_luce_mode,
    rank_orders,
)
from tests._refdata import ref_path
from tests.bayesian.sbc import run_sbc


def _quiet(*args, **kwargs):
    """The model without the convergence warning (tests that check it do so explicitly)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return ac.bayesian_plackett_luce(*args, **kwargs)


def _orders(ranks: np.ndarray) -> np.ndarray:
    return np.argsort(ranks, axis=1, kind="stable")


# ------------------------------------------------------------ exact posterior of three algorithms
def _grid_posterior(values: np.ndarray, prior: np.ndarray, size: int = 600):
    """Posterior mean of w and P(w_a largest) by a midpoint rule on the simplex (k = 3), with the
    likelihood of a tied instance the sum of the Plackett–Luce probabilities of its orders."""
    step = 1.0 / size
    a, b = np.meshgrid((np.arange(size) + 0.5) * step, (np.arange(size) + 0.5) * step, indexing="ij")
    inside = a + b < 1
    w = np.stack([a[inside], b[inside], 1 - a[inside] - b[inside]], axis=1)
    log_density = ((prior - 1) * np.log(w)).sum(axis=1)
    for row in values:
        likelihood = np.zeros(len(w))
        for order in itertools.permutations(range(3)):
            if all(row[order[j]] <= row[order[j + 1]] for j in range(2)):   # agrees with the row (ties: any order)
                ww = w[:, order]
                likelihood += ww[:, 0] / ww.sum(axis=1) * ww[:, 1] / (ww[:, 1] + ww[:, 2])
        log_density += np.log(likelihood)
    density = np.exp(log_density - log_density.max())
    density /= density.sum()
    largest = (w == w.max(axis=1, keepdims=True))
    return density @ w, density @ largest


STRICT = np.array([[1, 2, 3], [1, 3, 2], [2, 1, 3], [3, 1, 2], [1, 2, 3], [2, 3, 1]], dtype=float)
TIED = np.array([[1, 1, 2], [1, 2, 2], [2, 1, 3], [3, 1, 2], [1, 2, 3], [2, 2, 1], [1, 2, 2]], dtype=float)


@pytest.mark.parametrize("values, prior, ties", [(STRICT, [1.0, 1.0, 1.0], "random"),
                                                 (STRICT, [2.0, 0.7, 1.5], "random"),
                                                 (TIED, [1.0, 1.0, 1.0], "latent")])
def test_posterior_equals_numerical_integration(values, prior, ties):
    mean, p_best = _grid_posterior(values, np.array(prior))
    result = _quiet(values, prior=prior, ties=ties, n_samples=4000, chains=4, rng=3, progress=False)
    # Monte Carlo standard error of a mean here is below 0.002 (ESS > 10000); grid error ~ 1e-4
    np.testing.assert_allclose(result.weights.to_numpy(), mean, atol=0.006)
    np.testing.assert_allclose(result.p_best.to_numpy(), p_best, atol=0.015)


def test_latent_ties_differ_from_a_random_tie_break():
    # the latent model's posterior is the integral above, not that of one tie-break: a check that
    # the tied rows are really treated as unobserved orders
    mean, _ = _grid_posterior(TIED, np.ones(3))
    broken = _grid_posterior(np.array([[1, 2, 3], [1, 2, 3], [2, 1, 3], [3, 1, 2], [1, 2, 3], [2, 3, 1],
                                       [1, 2, 3]], dtype=float), np.ones(3))[0]
    assert np.max(np.abs(mean - broken)) > 0.03


# ------------------------------------------------------------ the mode against base R
#: Rscript tests/reference/plackett_luce.R (R 4.2.2) on tests/data/plackett_luce_rankings.csv:
#: Hunter's MM and optim(BFGS) agree to 1e-8; the MM values are restated here.
R_MODE = {1.0: [0.3279572665, 0.2220736573, 0.2225199953, 0.1248286462, 0.1026204347],
          2.0: [0.3217851689, 0.2223833713, 0.2227803819, 0.1274432710, 0.1056078068]}
R_LOGLIK_AT_MLE = -180.45374405


def _reference_rankings() -> pd.DataFrame:
    return pd.read_csv(ref_path("plackett_luce_rankings.csv"), index_col="instance")


@pytest.mark.parametrize("prior", [1.0, 2.0])
def test_mode_equals_base_r_fits(prior):
    ranks = _reference_rankings()
    mode = plackett_luce_mode(_orders(ranks.to_numpy()), prior)
    np.testing.assert_allclose(mode, R_MODE[prior], atol=2e-8)
    result = _quiet(ranks, prior=prior, n_samples=200, rng=0, progress=False)
    np.testing.assert_allclose(result.mode.to_numpy(), R_MODE[prior], atol=2e-8)


def test_log_posterior_at_the_mle_equals_r():
    ranks = _reference_rankings().to_numpy()
    value = plackett_luce_log_posterior(R_MODE[1.0], _orders(ranks))
    assert value == pytest.approx(R_LOGLIK_AT_MLE, abs=1e-6)


def test_no_posterior_draw_is_denser_than_the_mode():
    ranks = _reference_rankings()
    result = _quiet(ranks, n_samples=2000, rng=1, progress=False)
    orders = _orders(ranks.to_numpy())
    draws = result.samples.reshape(-1, ranks.shape[1])
    assert plackett_luce_log_posterior(draws, orders).max() <= plackett_luce_log_posterior(result.mode, orders)


def test_posterior_concentrates_on_the_mle():
    # 25 copies of the 40 rankings: the posterior sd shrinks 5x and its mean tends to the MLE
    ranks = _reference_rankings()
    many = pd.concat([ranks] * 25, ignore_index=True)
    result = _quiet(many, n_samples=600, rng=2, progress=False)
    np.testing.assert_allclose(result.weights.to_numpy(), R_MODE[1.0], atol=2.5e-3)
    assert result.converged


def test_mode_is_nan_when_an_algorithm_is_never_chosen_with_a_flat_prior():
    always_last = np.array([[1, 2, 3], [2, 1, 3], [1, 2, 3]], dtype=float)
    assert np.isnan(plackett_luce_mode(_orders(always_last))).all()
    assert np.isfinite(plackett_luce_mode(_orders(always_last), prior=1.5)).all()


def test_laplace_proposal_is_centred_at_the_posterior_mode_of_the_log_ratios():
    # the mode of loglik + sum(alpha log w) is the Dirichlet(alpha + 1) posterior mode
    orders = _orders(_reference_rankings().to_numpy())
    proposal = _laplace_proposal(orders, np.ones(5))
    w = np.exp(np.append(proposal.centre, 0.0))
    np.testing.assert_allclose(w / w.sum(), plackett_luce_mode(orders, 2.0), atol=1e-8)


# ------------------------------------------------------------ Stan (scmamp's sampler)
#: PyStan 3.10 (NUTS, 4 chains x 1000 draws after 1000 warm-up), the model as scmamp's pl_model.stan:
#: stan-venv/bin/python tests/reference/plackett_luce_stan.py. Posterior mean and sd of each weight.
STAN = {
    "plackett_luce_blum100_ranks.csv": {
        "mean": [0.015423, 0.004984, 0.004784, 0.005254, 0.004769, 0.005390, 0.918035, 0.041360],
        "sd": [0.002967, 0.000995, 0.000968, 0.001043, 0.000965, 0.001073, 0.014862, 0.007720]},
    "plackett_luce_rankings.csv": {
        "mean": [0.322053, 0.222822, 0.222530, 0.127535, 0.105061],
        "sd": [0.047423, 0.038168, 0.035425, 0.024159, 0.022129],
        "p_best": [0.8538, 0.0838, 0.0625, 0.0, 0.0]},
}


@pytest.mark.parametrize("name", sorted(STAN))
def test_posterior_agrees_with_stan(name):
    ranks = pd.read_csv(ref_path(name))
    ranks = ranks.drop(columns=[c for c in ranks.columns if c == "instance"])
    result = _quiet(ranks, n_samples=1000, rng=0, progress=False)
    mean, sd = np.array(STAN[name]["mean"]), np.array(STAN[name]["sd"])
    # both are Monte Carlo estimates: Stan's with about 1000 effective draws or more, ours with result.ess
    z = (result.weights.to_numpy() - mean) / (sd * np.sqrt(1 / result.ess.to_numpy() + 1 / 1000))
    assert np.abs(z).max() < 4, z
    ours_sd = result.samples.reshape(-1, ranks.shape[1]).std(axis=0, ddof=1)
    np.testing.assert_allclose(ours_sd, sd, rtol=0.12)
    if "p_best" in STAN[name]:
        np.testing.assert_allclose(result.p_best.to_numpy(), STAN[name]["p_best"], atol=0.04)


# ------------------------------------------------------------ scmamp's vignette
#: scmamp vignette "Bayesian analysis of the algorithm rankings" (inst/doc/
#: Bayesian_analysis_of_algorithm_rankings.html, 2019-02-24), bPlackettLuceModel on
#: data.blum.2015 with Size == 100, min = FALSE, nsim = 2000, nchains = 10 (Stan, ties broken at
#: random once): expected.win.prob and expected.mode.rank as printed.
SCMAMP_WIN = {"FruitFly": 0.013460969, "Shukla": 0.004414273, "Ikeda": 0.004310884, "Turau": 0.004813266,
              "Rand1": 0.004431425, "Rand2": 0.004726630, "FrogCOL": 0.927420732, "FrogMIS": 0.036421822}
SCMAMP_MODE_RANK = {"FruitFly": 3.0, "Shukla": 6.4872, "Ikeda": 6.8983, "Turau": 4.9511, "Rand1": 6.4145,
                    "Rand2": 5.2489, "FrogCOL": 1.0, "FrogMIS": 2.0}


def _blum_100() -> pd.DataFrame:
    data = pd.read_csv(ref_path("peers/scmamp_blum2015.csv"))
    return data[data["Size"] == 100].drop(columns=["Size", "Radius"]).reset_index(drop=True)


def test_scmamp_vignette_within_the_spread_of_the_random_tie_break():
    # 297 of the 300 instances have ties, which scmamp breaks at random once: its numbers are one
    # draw of that tie-break, and so are ours. Over 4 tie-breaks, each of scmamp's weights must lie
    # within 3 sd (of our weights over the tie-breaks) of our mean; the three leaders must agree.
    # (Over 12 tie-breaks scmamp's weights are within 1.1 sd of ours: docs/validation.md.)
    data = _blum_100()
    results = [_quiet(data, direction="maximize", n_samples=500, chains=4, rng=seed, progress=False)
               for seed in range(4)]
    weights = pd.DataFrame([r.weights for r in results])
    scmamp = pd.Series(SCMAMP_WIN)[weights.columns]
    z = (scmamp - weights.mean()) / weights.std()
    assert (z.abs() <= 3).all(), z
    for r in results:
        assert r.mean_ranks[["FrogCOL", "FrogMIS", "FruitFly"]].tolist() == [1.0, 2.0, 3.0]
        assert r.n_tied_instances == 297
    assert [SCMAMP_MODE_RANK[a] for a in ("FrogCOL", "FrogMIS", "FruitFly")] == [1.0, 2.0, 3.0]


# ------------------------------------------------------------ calibration
def _pl_rankings(w: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    """n Plackett–Luce rankings (ranks, 1 = best) by the Gumbel-max construction."""
    keys = np.log(w) + rng.gumbel(size=(n, len(w)))
    return np.argsort(np.argsort(-keys, axis=1), axis=1) + 1.0


def _coarsened(ranks: np.ndarray, rng: np.random.Generator, p_merge: float) -> np.ndarray:
    """Adjacent positions merged into ties at random, whatever the algorithms in them (coarsening
    at random: the latent-ties likelihood is then the right one)."""
    n, k = ranks.shape
    merge = rng.random((n, k - 1)) < p_merge
    level = np.concatenate([np.zeros((n, 1)), np.cumsum(~merge, axis=1)], axis=1)   # block of each position
    return np.take_along_axis(level, (ranks - 1).astype(int), axis=1)


def _sbc(k: int, n: int, replications: int, *, ties: str, chains: int, n_samples: int, n_draws: int, seed: int):
    alpha = np.full(k, 1.0)

    def simulate(w, rng):
        ranks = _pl_rankings(w, n, rng)
        return _coarsened(ranks, rng, 0.3) if ties == "latent" else ranks

    def posterior(values, rng):
        return _quiet(values, ties=ties, chains=chains, n_samples=n_samples, warmup=50, rng=rng,
                      progress=False).samples

    return run_sbc(prior=lambda rng: rng.dirichlet(alpha), simulate=simulate, posterior=posterior,
                   names=[f"w{a + 1}" for a in range(k)], n_replications=replications, n_draws=n_draws, rng=seed)


def test_sbc_small():
    result = _sbc(3, 8, 80, ties="random", chains=2, n_samples=150, n_draws=49, seed=11)
    assert result.passed, result.summary()


#: per ties rule: replications and draws per chain (the latent tie orders mix more slowly: some
#: replications have an effective sample size near 100 of 1200 draws, too few to thin to 99)
SBC_SIZES = {"random": (1000, 600), "latent": (500, 1000)}


@pytest.mark.slow
@pytest.mark.parametrize("ties", sorted(SBC_SIZES))
def test_sbc(ties):
    replications, n_samples = SBC_SIZES[ties]
    result = _sbc(4, 15, replications, ties=ties, chains=2, n_samples=n_samples, n_draws=99, seed=12)
    assert result.passed, result.summary()


# ------------------------------------------------------------ diagnostics
def test_short_chains_warn_and_say_not_converged():
    data = _blum_100()
    with pytest.warns(UserWarning, match="R-hat .* effective sample size"):
        result = ac.bayesian_plackett_luce(data, direction="maximize", n_samples=30, warmup=0, chains=4, rng=0,
                                           progress=False)
    assert not result.converged
    assert "may not have converged" in str(result)


def test_enough_draws_converge_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        result = ac.bayesian_plackett_luce(ac.load_dataset("cec2005_d10"), rng=0, progress=False)
    assert result.converged and (result.rhat <= 1.01).all() and (result.ess >= 400).all()


# ------------------------------------------------------------ result object
@pytest.fixture(scope="module")
def cec():
    return ac.bayesian_plackett_luce(ac.load_dataset("cec2005_d10"), rng=7, progress=False)


def test_result_summaries_are_consistent(cec):
    k = len(cec.weights)
    assert cec.kind == "bayesian_omnibus"
    assert cec.weights.sum() == pytest.approx(1.0)
    assert cec.p_best.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(cec.rank_probabilities.sum(axis=1), 1.0)
    np.testing.assert_allclose(cec.rank_probabilities.sum(axis=0), 1.0)
    assert cec.mean_ranks.sum() == pytest.approx(k * (k + 1) / 2)
    np.testing.assert_allclose(cec.rank_probabilities.to_numpy() @ np.arange(1, k + 1), cec.mean_ranks)
    assert ((cec.weight_ci_low <= cec.weights) & (cec.weights <= cec.weight_ci_high)).all()
    assert ((cec.rank_ci_low <= cec.mean_ranks) & (cec.mean_ranks <= cec.rank_ci_high)).all()
    assert cec.samples.shape == (4, 2000, k)
    draws = cec.samples.reshape(-1, k)
    best = cec.algorithms.index("G-CMA-ES")
    assert cec.p_best["G-CMA-ES"] == pytest.approx(np.mean(draws.argmax(axis=1) == best))


def test_result_exports(cec):
    frame = cec.to_frame()
    assert list(frame.columns) == ["algorithm", "weight", "weight_ci_low", "weight_ci_high", "p_best",
                                   "mean_rank", "rank_ci_low", "rank_ci_high", "mode", "rhat", "ess"]
    assert len(frame) == 11
    exported = json.loads(cec.to_json())
    assert "samples" not in exported and exported["n_instances"] == 25 and exported["ties"] == "random"
    text = str(cec)
    assert "P(ranked first)" in text and "P(largest weight)" in text and "G-CMA-ES" in text


def test_plot_draws_on_given_axes(cec):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    assert cec.plot(ax=ax) is ax
    plt.close(fig)


def test_direction_reverses_the_ranking():
    rng = np.random.default_rng(0)
    values = rng.normal(size=(30, 3)) + np.array([0.0, 1.0, 2.0])
    low = _quiet(values, rng=1, progress=False)
    high = _quiet(values, direction="maximize", rng=1, progress=False)
    assert low.mean_ranks.idxmin() == "A" or low.mean_ranks.idxmin() == low.weights.index[0]
    assert high.mean_ranks.idxmin() == high.weights.index[2]


def test_same_seed_same_result():
    data = ac.load_dataset("cec2005_d10")
    a = _quiet(data, n_samples=100, rng=3, progress=False)
    b = _quiet(data, n_samples=100, rng=3, progress=False)
    np.testing.assert_array_equal(a.samples, b.samples)


def test_rank_orders_break_ties_only_within_a_block():
    values = np.array([[2.0, 1.0, 2.0, 0.5]] * 50)
    order, block = rank_orders(values, "latent", np.random.default_rng(0))
    assert (order[:, :2] == [3, 1]).all() and set(map(tuple, order[:, 2:])) == {(0, 2), (2, 0)}
    assert (block == [0, 1, 2, 2]).all()
    _, strict = rank_orders(values, "random", np.random.default_rng(0))
    assert (strict == [0, 1, 2, 3]).all()


def test_prior_per_algorithm_by_label():
    data = ac.load_dataset("cec2005_d10")
    labels = list(data.algorithms)
    by_label = _quiet(data, prior=dict.fromkeys(labels, 2.0), n_samples=100, rng=0, progress=False)
    assert (by_label.prior == 2.0).all()


@pytest.mark.parametrize("kwargs, error, match", [
    ({"prior": 0.0}, ValueError, "positive"),
    ({"prior": [1.0, 2.0]}, ValueError, "one positive number per algorithm"),
    ({"prior": {"nope": 1.0}}, ValueError, "missing"),
    ({"ties": "average"}, ValueError, "ties"),
    ({"n_samples": 2}, ValueError, "n_samples"),
    ({"chains": 0}, ValueError, "chains"),
    ({"confidence_level": 1.5}, ValueError, "confidence_level"),
])
def test_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        ac.bayesian_plackett_luce(ac.load_dataset("cec2005_d10"), **kwargs)


def test_progress_bar_counts_the_sweeps(capsys):
    _quiet(ac.load_dataset("cec2005_d10"), n_samples=100, warmup=100, rng=0, progress=True)
    assert "Plackett–Luce Gibbs" in capsys.readouterr().err


def test_missing_values_raise_or_drop_whole_instances():
    values = np.random.default_rng(0).normal(size=(12, 4))
    values[3, 1] = np.nan
    frame = pd.DataFrame(values, columns=list("ABCD"))
    with pytest.raises(ValueError, match="missing"):
        ac.bayesian_plackett_luce(frame)
    result = _quiet(frame, nan_policy="omit", n_samples=100, rng=0, progress=False)
    assert result.n_instances == 11 and len(result.dropped_instances) == 1


def test_plot_follows_the_given_order_and_refuses_bad_options(cec):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    order = list(reversed(cec.algorithms))
    ax = ac.plots.plot_plackett_luce(cec, order=order, show="ranks")
    assert [t.get_text() for t in ax.get_yticklabels()] == [str(a) for a in order]
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="show must be one of"):
        ac.plots.plot_plackett_luce(cec, show="violin")
    with pytest.raises(ValueError, match="order must list the algorithms"):
        ac.plots.plot_plackett_luce(cec, order=order[:-1])
    with pytest.raises(TypeError, match="BayesianPlackettLuceResult"):
        ac.plots.plot_plackett_luce(ac.friedman(ac.load_dataset("cec2005_d10")))
