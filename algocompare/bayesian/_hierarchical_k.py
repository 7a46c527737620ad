r"""The hierarchical Bayesian model of k algorithms over instances with runs: every pair at
once and the probability that each algorithm is the best, sampled with numpy and scipy.

Model (values oriented so that lower is better; instance i = 1..q, algorithm j = 1..k,
run r = 1..n; standardised by the mean within-cell standard deviation, as baycomp):

.. math::

    y_{ijr} &\sim N(\mu_i + \delta_{ij}, \sigma_{ij}^2) \\
    \delta_{ij} &\sim t_\nu(\delta_{0j}, \sigma_0), \quad
    \sigma_{ij} \sim U(0, \bar\sigma), \quad \mu_i \sim N(0, s_\mu^2) \\
    \delta_0 &\sim N(0, s_0^2 I) \text{ conditioned on } \textstyle\sum_j \delta_{0j} = 0,
    \quad \sigma_0 \sim U(0, \bar\sigma_0) \\
    \nu - 1 &\sim \mathrm{Gamma}(a, b), \quad a \sim U(1, 2), \quad b \sim U(0.01, 0.1)

It is the two-algorithm model of Corani et al. (2017) applied to the effects of k
algorithms: an instance has its own level mu_i (which cancels in every comparison), each
algorithm its effect delta_ij on the instance, drawn from a Student t around the
algorithm's mean effect delta0_j with a common scale and degrees of freedom, so that
instances on which an algorithm does unusually well or badly are shrunk towards its mean.
The data-dependent bounds follow baycomp's rule (1000 times the data's spreads).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import special, stats

from algocompare._progress import progress_bar
from algocompare._validation import check_nonnegative, check_positive_int, check_probability
from algocompare.bayesian._diagnostics import diagnose, warn_if_poor
from algocompare.bayesian._gibbs import slice_step, truncated_gamma
from algocompare.bayesian._hierarchical import (
    ALPHA_RANGE,
    BETA_RANGE,
    UPPER_SIGMA,
    diagnose_table,
    grid_standardised,
)
from algocompare.bayesian._pairwise import BayesianPairwiseResult
from algocompare.bayesian._result import decide, region_probabilities
from algocompare.data._convert import as_results, drop_record

__all__ = ["BayesianHierarchicalPairsResult", "KPriors", "bayesian_hierarchical_pairs", "sample_hierarchical_k"]


@dataclass(frozen=True)
class KPriors:
    """Prior scales of the k-algorithm model (standardised units)."""

    delta0_scale: float      # s_0: normal prior of the mean effects (sum zero)
    std0_high: float
    sigma_high: float
    mu_scale: float          # s_mu: normal prior of the instance levels
    alpha_range: tuple[float, float] = ALPHA_RANGE
    beta_range: tuple[float, float] = BETA_RANGE

    @classmethod
    def from_data(cls, y: np.ndarray) -> KPriors:
        """baycomp's rule on runs ``y`` (q, k, n): 1000 times the between-algorithm spread of
        the cell means, the within-cell spread, and the instance levels' range."""
        means = y.mean(axis=2)
        among = float(np.std(means - means.mean(axis=1, keepdims=True))) or 1.0
        within = float(np.mean(np.std(y, axis=2))) or 1.0
        level = float(np.max(np.abs(means.mean(axis=1)))) + among
        return cls(delta0_scale=UPPER_SIGMA * among, std0_high=UPPER_SIGMA * among,
                   sigma_high=UPPER_SIGMA * within, mu_scale=UPPER_SIGMA * level)


def _sum_zero_normal(mean: np.ndarray, precision: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Independent normals (last axis) conditioned on summing to zero: draw, then subtract the
    kriging correction ``W^-1 1 (1'z) / (1'W^-1 1)`` (exact conditioning of a Gaussian)."""
    z = mean + rng.standard_normal(mean.shape) / np.sqrt(precision)
    inverse = 1.0 / precision
    return z - inverse * z.sum(axis=-1, keepdims=True) / inverse.sum(axis=-1, keepdims=True)


def sample_hierarchical_k(y: np.ndarray, priors: KPriors, *, n_draws: int, warmup: int, chains: int,
                          rng: np.random.Generator, progress: bool | None = False) -> dict[str, np.ndarray]:
    """Posterior draws of the k-algorithm model (module docstring) for runs ``y`` (q, k, n).

    A partially collapsed Gibbs sampler, every chain at once: (1) lam | delta; (2) the
    (std0, lam) rescaling; then with every delta_ij integrated out (``ybar_ij - mu_i ~
    N(delta0_j, std0^2/lam_ij + sigma_ij^2/n)``, the runs' sum of squares ~ sigma_ij^2 chi2(n-1)):
    (3) sigma_ij (slice; given delta_ij, an outlying cell's sigma and delta move together and mix
    slowly: ESS 335 -> 957 of 4000 on bayesian_hierarchical_pairs's example), (4) std0 (slice), (5) delta0 (normal,
    sum zero), (6) mu_i (normal); then (7) delta | all (normal);
    (8) nu with lam integrated out (slice); (9) alpha (slice) and beta (truncated gamma).
    Returns arrays ``(chains, n_draws)`` (``std0``, ``nu``, ``alpha``, ``beta``),
    ``(chains, n_draws, k)`` (``delta0``) and ``(chains, n_draws, q, k)`` (``delta``, ``sigma``),
    and ``(chains, n_draws, q)`` (``mu``).
    """
    q, k, n = y.shape
    ybar = y.mean(axis=2)
    ss = ((y - ybar[..., None]) ** 2).sum(axis=2)
    levels = ybar.mean(axis=1)
    spread = float(np.std(ybar - levels[:, None])) or 1.0
    within = np.maximum(ss / max(n - 1, 1), 1e-6 * (float(np.mean(ss)) / n + spread ** 2))
    shape = (chains, q, k)
    alpha = rng.uniform(*priors.alpha_range, chains)
    beta = rng.uniform(*priors.beta_range, chains)
    state = {
        "mu": levels + 0.1 * spread * rng.standard_normal((chains, q)),
        "delta": ybar - levels[:, None] + 0.3 * np.sqrt(within / n) * rng.standard_normal(shape),
        "precision": rng.uniform(0.5, 2.0, shape) / within,
        "delta0": np.zeros((chains, k)), "std0": spread * rng.uniform(0.5, 2.0, chains),
        "nu": 1.0, "alpha": alpha, "beta": beta,
    }
    # nu - 1 is kept as its log: 1 + (nu - 1) rounds to 1 below 1e-16, the log does not
    state["log_nu1"] = np.log(rng.gamma(alpha, 1.0 / beta))
    state["nu"] = 1.0 + np.exp(state["log_nu1"])
    state["delta0"] = _sum_zero_normal((ybar - levels[:, None]).mean(axis=0) + np.zeros((chains, k)),
                                       np.full((chains, k), q / spread ** 2), rng)
    names = ("std0", "nu", "alpha", "beta", "delta0", "mu", "delta", "sigma")
    out = {name: np.empty((chains, n_draws) + np.shape(state[name if name != "sigma" else "precision"])[1:])
           for name in names}
    bar = progress_bar(progress, total=warmup + n_draws, desc="hierarchical t, k algorithms", unit="sweep")
    try:
        for sweep in range(warmup + n_draws):
            _sweep_k(state, ybar, ss, n, priors, rng)
            if bar is not None:
                bar.update()
            j = sweep - warmup
            if j >= 0:
                for name in names[:-1]:
                    out[name][:, j] = state[name]
                out["sigma"][:, j] = 1 / np.sqrt(state["precision"])
    finally:
        if bar is not None:
            bar.close()
    return out


def _sweep_k(s: dict, ybar: np.ndarray, ss: np.ndarray, n: int, priors: KPriors, rng: np.random.Generator) -> None:
    chains, q, k = s["delta"].shape
    nu = s["nu"][:, None, None]
    std0 = s["std0"][:, None, None]
    # 1. latent precisions
    z2 = ((s["delta"] - s["delta0"][:, None, :]) / std0) ** 2
    lam = rng.gamma((nu + 1) / 2, 1.0, (chains, q, k)) / ((nu + z2) / 2)
    # 2. rescaling (std0, lam) -> (g^1/2 std0, g lam): g ~ Gamma((qk nu + 1)/2, nu sum(lam)/2)
    g = truncated_gamma((q * k * s["nu"] + 1) / 2, s["nu"] * lam.sum(axis=(1, 2)) / 2, 0.0,
                        (priors.std0_high / s["std0"]) ** 2, rng)
    s["std0"] = s["std0"] * np.sqrt(g)
    lam = lam * g[:, None, None]
    # 3. sigma_ij with delta_ij integrated out (an outlying cell ties its delta and sigma together)
    sigma = sigma_step(1 / np.sqrt(s["precision"]), ss, ybar - s["mu"][:, :, None] - s["delta0"][:, None, :], n,
                       1.0, 1.0, s["std0"][:, None, None] ** 2 / lam, priors.sigma_high, rng)
    s["precision"] = sigma ** -2
    v = 1.0 / (n * s["precision"])
    # 4. std0 with delta integrated out (given mu, delta0)
    centred = ybar - s["mu"][:, :, None] - s["delta0"][:, None, :]

    def log_std0(log_s: np.ndarray, idx: np.ndarray) -> np.ndarray:
        w = np.exp(2 * log_s)[:, None, None] / lam[idx] + v[idx]
        return -0.5 * (np.log(w) + centred[idx] ** 2 / w).sum(axis=(1, 2)) + log_s

    s["std0"] = np.exp(slice_step(np.log(s["std0"]), log_std0, rng, width=1.0,
                                  high=float(np.log(priors.std0_high))))
    w = s["std0"][:, None, None] ** 2 / lam + v                       # (chains, q, k)
    # 5. delta0 | mu (delta integrated): independent normals with the sum-zero condition
    precision0 = (1 / w).sum(axis=1) + priors.delta0_scale ** -2
    mean0 = ((ybar - s["mu"][:, :, None]) / w).sum(axis=1) / precision0
    s["delta0"] = _sum_zero_normal(mean0, precision0, rng)
    # 6. mu_i | delta0 (delta integrated)
    precision_mu = (1 / w).sum(axis=2) + priors.mu_scale ** -2
    mean_mu = ((ybar - s["delta0"][:, None, :]) / w).sum(axis=2) / precision_mu
    s["mu"] = mean_mu + rng.standard_normal(mean_mu.shape) / np.sqrt(precision_mu)
    # 7. delta | everything
    data_precision = 1 / v
    prior_precision = lam / s["std0"][:, None, None] ** 2
    total = data_precision + prior_precision
    s["delta"] = ((ybar - s["mu"][:, :, None]) * data_precision + s["delta0"][:, None, :] * prior_precision) / total \
        + rng.standard_normal(total.shape) / np.sqrt(total)
    # 8. nu (lam integrated out); 9. alpha, beta
    z2 = (((s["delta"] - s["delta0"][:, None, :]) / s["std0"][:, None, None]) ** 2).reshape(chains, -1)
    count = q * k
    alpha, beta = s["alpha"], s["beta"]

    def log_nu(u: np.ndarray, idx: np.ndarray) -> np.ndarray:
        nu_ = 1.0 + np.exp(u)
        t = special.gammaln((nu_ + 1) / 2) - special.gammaln(nu_ / 2) - 0.5 * np.log(nu_)
        return alpha[idx] * u - beta[idx] * (nu_ - 1.0) + count * t \
            - (nu_ + 1) / 2 * np.log1p(z2[idx] / nu_[:, None]).sum(axis=1)

    s["log_nu1"] = slice_step(s["log_nu1"], log_nu, rng, width=2.0, low=-700.0)
    s["nu"] = 1.0 + np.exp(s["log_nu1"])
    log_nu1 = s["log_nu1"]

    def log_alpha(a: np.ndarray, idx: np.ndarray) -> np.ndarray:
        return a * np.log(s["beta"][idx]) + (a - 1) * log_nu1[idx] - special.gammaln(a)

    s["alpha"] = slice_step(s["alpha"], log_alpha, rng, low=priors.alpha_range[0], high=priors.alpha_range[1])
    s["beta"] = truncated_gamma(s["alpha"] + 1, np.exp(log_nu1), priors.beta_range[0], priors.beta_range[1], rng)


def sigma_step(sigma: np.ndarray, ss: np.ndarray, centred: np.ndarray, n: int, c: float, r: float,
               tau2: np.ndarray, sigma_high: float, rng: np.random.Generator) -> np.ndarray:
    """Slice update of every sigma (any shape) with its delta integrated out: the n runs have
    sum of squares ``ss`` around their mean and mean ``centred`` above the delta's prior mean;
    given sigma, SS / (r sigma^2) ~ chi2(n - 1) and the mean ~ N(0, (c sigma^2 + n tau2) / n).
    Target of s = log sigma (uniform prior on sigma: + s)::

        -(n - 1) s - SS / (2 r e^2s) - log(c e^2s + n tau2) / 2 - n centred^2 / (2 (c e^2s + n tau2)) + s
    """
    shape = sigma.shape
    ss_, centred_, tau2_ = (np.broadcast_to(a, shape).ravel() for a in (ss, centred, tau2))

    def log_density(s: np.ndarray, idx: np.ndarray) -> np.ndarray:
        var = np.exp(2 * s)
        total = c * var + n * tau2_[idx]
        return -(n - 2) * s - ss_[idx] / (2 * r * var) - 0.5 * np.log(total) - n * centred_[idx] ** 2 / (2 * total)

    new = slice_step(np.log(sigma).ravel(), log_density, rng, width=1.0, high=float(np.log(sigma_high)))
    return np.exp(new).reshape(shape)


#: Quantile nodes of the standard t at which the difference of two effects is integrated.
_NODES = (np.arange(64) + 0.5) / 64


def pair_predictive(diff0: np.ndarray, std0: np.ndarray, nu: np.ndarray, rope: float) -> np.ndarray:
    """Per draw, P(next instance's delta_a - delta_b < -rope, within, > rope), the two effects
    independent t_nu(delta0, std0): ``E_T2[F_t((c - diff0)/std0 + T2)]`` by 64 quantile nodes
    of T2. Shapes: (draws,) in, (draws, 3) out."""
    t2 = stats.t.ppf(_NODES[None, :], nu[:, None])
    shift = diff0[:, None] / std0[:, None]
    below = stats.t.cdf(-rope / std0[:, None] - shift + t2, nu[:, None]).mean(axis=1)
    above = stats.t.sf(rope / std0[:, None] - shift + t2, nu[:, None]).mean(axis=1)
    return np.column_stack([below, np.clip(1 - below - above, 0, 1), above])


@dataclass(frozen=True, kw_only=True)
class BayesianHierarchicalPairsResult(BayesianPairwiseResult):
    """Every pair of k algorithms under the hierarchical t model, and P(each is the best).

    Values are oriented so that lower is better (``p_left``: algorithm_a better by more than
    the rope), as :class:`~algocompare.BayesianPairwiseResult`, whose table, ``matrix`` and
    figure it shares.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per pair: ``algorithm_a, algorithm_b``; ``p_left, p_rope, p_right`` (share of
        draws in which each region is the most probable for the next instance's difference,
        as baycomp); ``mean_left, mean_rope, mean_right`` (posterior predictive probabilities);
        ``mean_p_left, mean_p_rope, mean_p_right`` (posterior probabilities of the regions for
        the difference of the mean effects); ``diff`` (posterior mean of delta0_a - delta0_b,
        data units); ``decision``.
    algorithms : list of str
        The algorithms, in the data's order.
    test : str
        ``"hierarchical_t"``.
    rope : float
        Half-width of the region of practical equivalence, in the data's units.
    threshold : float
        Probability a decision needs.
    p_best : pandas.Series
        Posterior probability that each algorithm has the best (lowest) mean effect.
    effects : pandas.DataFrame
        Per algorithm: posterior mean of delta0 (data units, sum zero), 95 % interval, p_best.
    n_instances, n_runs, n_samples, chains : int
        Data and sampling sizes.
    max_rhat, min_ess : float
        Worst R-hat and effective sample size over every parameter.
    diagnostics : pandas.DataFrame
        ``parameter, rhat, ess_bulk, ess_tail``.

    See Also
    --------
    bayesian_hierarchical_pairs : the function that returns it.
    bayesian_hierarchical : two algorithms.

    References
    ----------
    .. [1] Corani, G., Benavoli, A., Demšar, J., Mangili, F., Zaffalon, M. (2017). Statistical
       comparison of classifiers through Bayesian hierarchical modelling. *Machine Learning*
       106, 1817–1837. https://doi.org/10.1007/s10994-017-5641-9

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.simulate_runs([10, 11, 10.2], n_instances=8, n_runs=5, rng=1).results
    >>> r = ac.bayesian_hierarchical_pairs(data, rope=0.1, rng=0)
    >>> len(r.table), round(float(r.p_best.sum()), 6)
    (3, 1.0)
    """

    kind: ClassVar[str] = "bayesian_pairs"

    p_best: pd.Series
    effects: pd.DataFrame
    n_instances: int
    n_runs: int
    n_samples: int
    chains: int
    max_rhat: float
    min_ess: float
    diagnostics: pd.DataFrame


def _oriented_runs(results: Any) -> tuple[np.ndarray, list[str], tuple]:
    if not results.has_runs:
        raise ValueError("bayesian_hierarchical_pairs needs the runs of each instance (Results.from_long with a "
                         "run column); for one value per instance use bayesian_pairwise.")
    y = results.runs(oriented=True)
    if not np.all(np.isfinite(y)):
        raise ValueError("the runs contain missing or infinite values; remove those instances first.")
    q, k, n = y.shape
    if q < 2 or k < 2 or n < 2:
        raise ValueError(f"bayesian_hierarchical_pairs needs at least 2 instances, 2 algorithms and 2 runs, got "
                         f"{q} x {k} x {n}.")
    return y, [str(a) for a in results.algorithms], tuple(results.instances)


def _standardised_runs(y: np.ndarray) -> tuple[np.ndarray, float]:
    """Runs divided by their mean within-cell standard deviation (baycomp's rule), after a power
    of two (exact) so that no square overflows or underflows; put on the 2^-30 grid."""
    centred = y - np.median(y, axis=(1, 2), keepdims=True)     # instance levels removed only for the scale
    return grid_standardised(
        y, axis=2, magnitude=float(np.max(np.abs(centred))),
        nothing_varies="the runs have zero variance within every cell; the hierarchical model has nothing to "
                       "estimate a spread from (use bayesian_pairwise on the means).")


def bayesian_hierarchical_pairs(results: Any, rope: float = 0.0, *, n_samples: int = 4000, chains: int = 4,
                                warmup: int = 500, threshold: float = 0.95, direction: str | None = None,
                                nan_policy: str = "raise", rng: Any = None,
                                progress: bool | None = None) -> BayesianHierarchicalPairsResult:
    """Hierarchical Bayesian comparison of k algorithms over instances with runs: every pair
    at once and the probability that each algorithm is the best (no Stan).

    The model (in :mod:`algocompare.bayesian._hierarchical_k`) gives each instance a level and
    each algorithm an effect on it; the effects follow a Student t around the algorithm's mean
    effect (Corani et al. 2017's hierarchical t, applied to k algorithms). Values are oriented
    by the data's direction (lower is better).

    Parameters
    ----------
    results : Results or DataFrame
        Runs of k >= 2 algorithms (``Results.from_long``), the same number of runs in every cell.
    rope : float
        Half-width of the region of practical equivalence, in the data's units.
    n_samples : int
        Posterior draws kept over all chains (default 4000).
    chains : int
        Independent chains (default 4).
    warmup : int
        Sweeps discarded at the start of each chain (default 500).
    threshold : float
        Probability a region needs for a decision (default 0.95).
    direction : {"minimize", "maximize"}, optional
        Which way is better, when ``results`` does not say (default: its own, else minimize).
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing run (recorded in ``dropped_instances``).
    rng : None, int or numpy Generator
        Random numbers.
    progress : bool, optional
        A progress bar.

    Returns
    -------
    BayesianHierarchicalPairsResult
        The pairs table (``p_left, p_rope, p_right`` per pair), ``p_best`` per algorithm and the
        chains' diagnostics (a ``UserWarning`` when R-hat > 1.01 or an ESS < 400).

    Notes
    -----
    Simulation-based calibration (Talts et al. 2018) of the sampler: ``docs/validation.md``.

    See Also
    --------
    bayesian_hierarchical : two algorithms (baycomp's model).
    bayesian_pairwise : every pair from one value per instance.

    References
    ----------
    .. [1] Corani, G., Benavoli, A., Demšar, J., Mangili, F., Zaffalon, M. (2017). Statistical
       comparison of classifiers through Bayesian hierarchical modelling. *Machine Learning*
       106, 1817–1837. https://doi.org/10.1007/s10994-017-5641-9
    .. [2] Talts, S., Betancourt, M., Simpson, D., Vehtari, A., Gelman, A. (2018). Validating
       Bayesian inference algorithms with simulation-based calibration. arXiv:1804.06788.
       https://arxiv.org/abs/1804.06788

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.simulate_runs([10, 12, 10.1], n_instances=10, n_runs=5, rng=2).results
    >>> r = ac.bayesian_hierarchical_pairs(data, rope=0.2, rng=0)
    >>> list(r.table.columns[:5])
    ['algorithm_a', 'algorithm_b', 'p_left', 'p_rope', 'p_right']
    """
    rope = check_nonnegative("rope", rope)
    n_samples = check_positive_int("n_samples", n_samples, minimum=4)
    chains = check_positive_int("chains", chains)
    warmup = check_positive_int("warmup", warmup, minimum=0)
    threshold = check_probability("threshold", threshold)
    generator = np.random.default_rng(rng)
    results = as_results(results, direction=direction, nan_policy=nan_policy)
    y, labels, instances = _oriented_runs(results)
    x, scale = _standardised_runs(y)
    draws = sample_hierarchical_k(x, KPriors.from_data(x), n_draws=-(-n_samples // chains), warmup=warmup,
                                  chains=chains, rng=generator, progress=progress)
    result = _pairs_result(draws, labels, instances, y.shape, rope, scale, threshold, chains)
    return dataclasses.replace(result, dropped_instances=drop_record(results, nan_policy))


def _pairs_result(draws: dict, labels: list[str], instances: tuple, shape: tuple, rope: float, scale: float,
                  threshold: float, chains: int) -> BayesianHierarchicalPairsResult:
    flat = {name: value.reshape(-1, *value.shape[2:]) for name, value in draws.items()}
    delta0, std0, nu = flat["delta0"], flat["std0"], flat["nu"]
    scaled_rope = rope / scale
    rows = []
    k = len(labels)
    for a in range(k):
        for b in range(a + 1, k):
            diff0 = delta0[:, a] - delta0[:, b]
            samples = pair_predictive(diff0, std0, nu, scaled_rope)
            p_left, p_rope, p_right = region_probabilities(samples, rope)
            means = samples.mean(axis=0)
            left, right = float((diff0 < -scaled_rope).mean()), float((diff0 > scaled_rope).mean())
            decision = decide(p_left, p_rope, p_right, threshold)
            rows.append({"algorithm_a": labels[a], "algorithm_b": labels[b], "p_left": p_left, "p_rope": p_rope,
                         "p_right": p_right, "mean_left": means[0], "mean_rope": means[1], "mean_right": means[2],
                         "mean_p_left": left, "mean_p_rope": 1 - left - right, "mean_p_right": right,
                         "diff": float(diff0.mean() * scale),
                         "decision": {"left": labels[a], "right": labels[b]}.get(decision, decision)})
    best = np.bincount(np.argmin(delta0, axis=1), minlength=k) / len(delta0)
    p_best = pd.Series(best, index=labels, name="p_best")
    effects = pd.DataFrame({"effect": delta0.mean(axis=0) * scale,
                            "low": np.quantile(delta0, 0.025, axis=0) * scale,
                            "high": np.quantile(delta0, 0.975, axis=0) * scale, "p_best": best}, index=labels)
    diagnostics = _diagnostics_k(draws, labels, instances)
    warn_if_poor(diagnose_table(diagnostics), diagnostics["parameter"], what="the k-algorithm hierarchical model",
                 stacklevel=4)
    return BayesianHierarchicalPairsResult(
        method="Bayesian hierarchical t model, all pairs", table=pd.DataFrame(rows), algorithms=labels,
        test="hierarchical_t", rope=rope, threshold=threshold, p_best=p_best, effects=effects,
        n_instances=shape[0], n_runs=shape[2], n_samples=len(delta0), chains=chains,
        max_rhat=float(diagnostics["rhat"].max()),
        min_ess=float(np.minimum(diagnostics["ess_bulk"], diagnostics["ess_tail"]).min()), diagnostics=diagnostics)


def _diagnostics_k(draws: dict, labels: list[str], instances: tuple) -> pd.DataFrame:
    rows = []
    for name in ("std0", "nu", "alpha", "beta"):
        d = diagnose(draws[name])
        rows.append((name, float(d.rhat), float(d.ess_bulk), float(d.ess_tail)))
    blocks = [("delta0", draws["delta0"], [f"delta0[{a}]" for a in labels]),
              ("mu", draws["mu"], [f"mu[{i}]" for i in instances]),
              ("delta", draws["delta"], [f"delta[{i}, {a}]" for i in instances for a in labels]),
              ("sigma", draws["sigma"], [f"sigma[{i}, {a}]" for i in instances for a in labels])]
    for _, values, names in blocks:
        d = diagnose(values)
        rows += list(zip(names, np.ravel(d.rhat), np.ravel(d.ess_bulk), np.ravel(d.ess_tail), strict=True))
    return pd.DataFrame(rows, columns=["parameter", "rhat", "ess_bulk", "ess_tail"])
