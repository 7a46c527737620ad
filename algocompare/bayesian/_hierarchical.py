"""The hierarchical Bayesian test of two algorithms over instances with runs (Corani, Benavoli,
Demšar, Mangili & Zaffalon 2017), sampled with numpy and scipy only (no Stan, no compiler).

The model and its priors are those of baycomp's ``hierarchical-t-test.stan``; the sampler is
a partially collapsed Gibbs sampler through the scale-mixture form of the Student t (see
:func:`sample_hierarchical_t`).
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import special, stats

from algocompare._progress import progress_bar
from algocompare._results import BaseResult, internal
from algocompare._scaling import unit_exponent
from algocompare._validation import check_algorithm, check_nonnegative, check_positive_int, check_probability
from algocompare.bayesian._diagnostics import diagnose, warn_if_poor
from algocompare.bayesian._gibbs import slice_step, truncated_gamma, truncated_normal
from algocompare.bayesian._result import decide, region_probabilities
from algocompare.data._convert import as_results, drop_record

__all__ = ["BayesianHierarchicalResult", "HierarchicalPriors", "bayesian_hierarchical", "sample_hierarchical_t"]

#: baycomp's defaults (``HierarchicalTest.sample``): nu - 1 ~ Gamma(alpha, beta) with
#: alpha ~ U(1, 2), beta ~ U(0.01, 0.1); the uniform priors on the standard deviations reach
#: 1000 times the data's spread.
ALPHA_RANGE = (1.0, 2.0)
BETA_RANGE = (0.01, 0.1)
UPPER_SIGMA = 1000.0


@dataclass(frozen=True)
class HierarchicalPriors:
    """Bounds of the uniform priors of the hierarchical t model (standardised units).

    ``delta0 ~ U(-delta_bound, delta_bound)``, ``std0 ~ U(0, std0_high)``,
    ``sigma_i ~ U(0, sigma_high)``, ``nu - 1 ~ Gamma(alpha, beta)`` (shape, rate) with
    ``alpha ~ U(alpha_range)``, ``beta ~ U(beta_range)``.
    """

    delta_bound: float
    std0_high: float
    sigma_high: float
    alpha_range: tuple[float, float] = ALPHA_RANGE
    beta_range: tuple[float, float] = BETA_RANGE

    @classmethod
    def baycomp(cls, x: np.ndarray) -> HierarchicalPriors:
        """baycomp's data-dependent bounds for standardised differences ``x`` (instances x runs):
        max |x|, and 1000 times the mean within-instance and the between-instance standard
        deviations (``np.std``, ddof = 0)."""
        std_within = float(np.mean(np.std(x, axis=1)))
        std_among = float(np.std(np.mean(x, axis=1))) if x.shape[0] > 1 else std_within
        return cls(delta_bound=float(np.max(np.abs(x))), std0_high=std_among * UPPER_SIGMA,
                   sigma_high=std_within * UPPER_SIGMA)


@dataclass
class _State:
    """One value per chain of every parameter (the latent precisions ``lam`` included)."""

    delta: np.ndarray      # (chains, q) instance means
    precision: np.ndarray  # (chains, q) 1 / sigma_i^2
    delta0: np.ndarray     # (chains,)
    std0: np.ndarray
    nu: np.ndarray
    alpha: np.ndarray
    beta: np.ndarray
    log_nu1: np.ndarray    # log(nu - 1), kept because 1 + (nu - 1) rounds to 1 below 1e-16


def _initial_state(xbar: np.ndarray, ss: np.ndarray, n: int, priors: HierarchicalPriors, chains: int,
                   rng: np.random.Generator) -> _State:
    """Dispersed starting points (so that R-hat can see chains that have not met)."""
    q = xbar.size
    spread = float(np.std(xbar)) or float(np.sqrt(np.mean(ss) / n)) or 1.0
    within = np.maximum(ss / max(n - 1, 1), 1e-6 * (np.mean(ss) / n + spread ** 2))
    alpha = rng.uniform(*priors.alpha_range, chains)
    beta = rng.uniform(*priors.beta_range, chains)
    log_nu1 = np.log(rng.gamma(alpha, 1.0 / beta))
    return _State(
        delta=xbar + 0.5 * np.sqrt(within / n) * rng.standard_normal((chains, q)),
        precision=rng.uniform(0.5, 2.0, (chains, q)) / within,
        delta0=np.clip(np.mean(xbar) + spread * rng.standard_normal(chains), -priors.delta_bound, priors.delta_bound),
        std0=np.minimum(spread * rng.uniform(0.3, 2.0, chains), 0.5 * priors.std0_high),
        nu=1.0 + np.exp(log_nu1), alpha=alpha, beta=beta, log_nu1=log_nu1)


def _gamma_above(shape: np.ndarray, rate: np.ndarray, low: float, rng: np.random.Generator) -> np.ndarray:
    """Gamma(shape, rate) restricted to ``>= low``: a plain draw, redrawn exactly where it fell below
    (rare: ``low`` is 1 / (1000 x spread)^2)."""
    draw = rng.gamma(shape, 1.0) / rate
    below = draw < low
    if below.any():
        draw[below] = truncated_gamma(shape[below], rate[below], low, np.inf, rng)
    return draw


def _sweep(state: _State, xbar: np.ndarray, ss: np.ndarray, n: int, rho: float, priors: HierarchicalPriors,
           rng: np.random.Generator) -> None:
    """One sweep of the partially collapsed Gibbs sampler, every chain at once (in place)."""
    chains, q = state.delta.shape
    c, r = 1.0 + (n - 1) * rho, 1.0 - rho          # eigenvalues of M along 1 and across it
    # 1. latent precisions of the t: lam_i ~ Gamma((nu + 1)/2, (nu + z_i^2)/2)
    nu = state.nu[:, None]
    z2 = ((state.delta - state.delta0[:, None]) / state.std0[:, None]) ** 2
    lam = rng.gamma((nu + 1) / 2, 1.0, (chains, q)) / ((nu + z2) / 2)
    # 2. scale move along (std0, lam) -> (g^1/2 std0, g lam), which leaves the t's variance
    # std0^2 / lam unchanged: g ~ Gamma((q nu + 1)/2, nu sum(lam)/2), std0 g^1/2 <= std0_high.
    g = truncated_gamma((q * state.nu + 1) / 2, state.nu * lam.sum(axis=1) / 2, 0.0,
                        (priors.std0_high / state.std0) ** 2, rng)
    state.std0 = state.std0 * np.sqrt(g)
    lam = lam * g[:, None]
    # 3. sigma_i: precision ~ Gamma((n - 1)/2, Q_i / 2) above 1 / sigma_high^2
    quad = ss / r + n * (xbar - state.delta) ** 2 / c
    state.precision = _gamma_above(np.full((chains, q), (n - 1) / 2), quad / 2, priors.sigma_high ** -2, rng)
    # 4.-5. std0, then delta0, with the delta_i integrated out: xbar_i ~ N(delta0, std0^2/lam_i + v_i)
    v = c / (n * state.precision)

    def log_std0(log_s: np.ndarray, idx: np.ndarray) -> np.ndarray:
        w = np.exp(2 * log_s)[:, None] / lam[idx] + v[idx]
        return -0.5 * (np.log(w) + (xbar - state.delta0[idx, None]) ** 2 / w).sum(axis=1) + log_s

    state.std0 = np.exp(slice_step(np.log(state.std0), log_std0, rng, width=1.0,
                                   high=float(np.log(priors.std0_high))))
    w = state.std0[:, None] ** 2 / lam + v
    weight = (1 / w).sum(axis=1)
    state.delta0 = truncated_normal((xbar / w).sum(axis=1) / weight, 1 / np.sqrt(weight),
                                    -priors.delta_bound, priors.delta_bound, rng)
    # 6. delta_i | everything: normal, data precision n / (c sigma_i^2), prior precision lam_i / std0^2
    data_precision = n * state.precision / c
    prior_precision = lam / state.std0[:, None] ** 2
    total = data_precision + prior_precision
    state.delta = (xbar * data_precision + state.delta0[:, None] * prior_precision) / total \
        + rng.standard_normal((chains, q)) / np.sqrt(total)
    # 7. nu with lam integrated out (t likelihood of the delta_i), slice on u = log(nu - 1)
    z2 = ((state.delta - state.delta0[:, None]) / state.std0[:, None]) ** 2
    alpha, beta = state.alpha, state.beta

    def log_nu(u: np.ndarray, idx: np.ndarray) -> np.ndarray:
        nu_ = 1.0 + np.exp(u)
        prior = alpha[idx] * u - beta[idx] * (nu_ - 1.0)           # Gamma(nu - 1) times the Jacobian
        t = special.gammaln((nu_ + 1) / 2) - special.gammaln(nu_ / 2) - 0.5 * np.log(nu_)
        return prior + q * t - (nu_ + 1) / 2 * np.log1p(z2[idx] / nu_[:, None]).sum(axis=1)

    state.log_nu1 = slice_step(state.log_nu1, log_nu, rng, width=2.0, low=-700.0)
    state.nu = 1.0 + np.exp(state.log_nu1)
    # 8. alpha on its interval (slice); beta | alpha ~ Gamma(alpha + 1, nu - 1) on its interval
    log_nu1 = state.log_nu1

    def log_alpha(a: np.ndarray, idx: np.ndarray) -> np.ndarray:
        return a * np.log(state.beta[idx]) + (a - 1) * log_nu1[idx] - special.gammaln(a)

    state.alpha = slice_step(state.alpha, log_alpha, rng, low=priors.alpha_range[0], high=priors.alpha_range[1])
    state.beta = truncated_gamma(state.alpha + 1, np.exp(log_nu1), priors.beta_range[0], priors.beta_range[1], rng)


def sample_hierarchical_t(x: np.ndarray, rho: float, priors: HierarchicalPriors, *, n_draws: int, warmup: int,
                          chains: int, rng: np.random.Generator,
                          progress: bool | None = False) -> dict[str, np.ndarray]:
    r"""Posterior draws of the hierarchical t model for differences ``x`` (instances x runs).

    Model (Corani et al. 2017; baycomp's ``hierarchical-t-test.stan``), for instance
    i = 1..q with n runs:

    .. math::

        x_i &\sim \mathrm{MVN}(\delta_i 1, \sigma_i^2 M), \quad M = (1-\rho) I + \rho 1 1^T \\
        \delta_i &\sim t_\nu(\delta_0, \sigma_0), \quad \sigma_i \sim U(0, \bar\sigma) \\
        \delta_0 &\sim U(-\bar\delta, \bar\delta), \quad \sigma_0 \sim U(0, \bar\sigma_0) \\
        \nu - 1 &\sim \mathrm{Gamma}(a, b), \quad a \sim U(1, 2), \quad b \sim U(0.01, 0.1)

    Sampler: the t as a scale mixture, ``delta_i | lam_i ~ N(delta0, std0^2 / lam_i)``,
    ``lam_i ~ Gamma(nu/2, nu/2)``; each sweep draws (1) lam from its gamma conditional,
    (2) a joint rescaling of (std0, lam) that leaves std0^2 / lam unchanged (exact gamma draw;
    it moves along the ridge the two share), (3) each sigma_i from its truncated gamma
    conditional (the likelihood depends on x_i through its mean and the sum of squares:
    ``(x - d1)^T M^{-1} (x - d1) = SS / (1 - rho) + n (xbar - d)^2 / (1 + (n-1) rho)``),
    (4) std0 by slice sampling and (5) delta0 from its truncated normal, both with every
    delta_i integrated out (``xbar_i ~ N(delta0, std0^2 / lam_i + v_i)``; this removes the
    funnel between std0 and the delta_i), (6) the delta_i from their normal conditionals, (7)
    nu by slice sampling with lam integrated out (the t likelihood of the delta_i), (8) alpha by
    slice sampling and beta from its truncated gamma. Steps 4, 5 and 7 are partially
    collapsed steps (van Dyk & Park 2008) placed so that nothing conditions on a variable
    integrated out before it is drawn again; every step leaves the posterior invariant.

    Returns a dict of arrays shaped ``(chains, n_draws)`` (``delta0``, ``std0``, ``nu``,
    ``alpha``, ``beta``) or ``(chains, n_draws, q)`` (``delta``, ``sigma``).
    """
    q, n = x.shape
    xbar = x.mean(axis=1)
    ss = ((x - xbar[:, None]) ** 2).sum(axis=1)
    state = _initial_state(xbar, ss, n, priors, chains, rng)
    scalars = ("delta0", "std0", "nu", "alpha", "beta")
    out = {name: np.empty((chains, n_draws)) for name in scalars}
    out["delta"] = np.empty((chains, n_draws, q))
    out["sigma"] = np.empty((chains, n_draws, q))
    bar = progress_bar(progress, total=warmup + n_draws, desc="hierarchical t", unit="sweep")
    try:
        for sweep in range(warmup + n_draws):
            _sweep(state, xbar, ss, n, rho, priors, rng)
            if bar is not None:
                bar.update()
            k = sweep - warmup
            if k >= 0:
                for name in scalars:
                    out[name][:, k] = getattr(state, name)
                out["delta"][:, k] = state.delta
                out["sigma"][:, k] = 1 / np.sqrt(state.precision)
    finally:
        if bar is not None:
            bar.close()
    return out


def predictive_regions(delta0: np.ndarray, std0: np.ndarray, nu: np.ndarray, rope: float) -> np.ndarray:
    """Per draw, the probabilities that the next instance's delta (t_nu(delta0, std0)) is
    below -rope, within the rope, above +rope (baycomp's sample): shape (draws, 3)."""
    left = stats.t.cdf(-rope, nu, delta0, std0)
    right = stats.t.sf(rope, nu, delta0, std0)
    return np.column_stack([left, np.clip(1 - left - right, 0.0, 1.0), right])


def _region_shares(values: np.ndarray, rope: float) -> np.ndarray:
    """Posterior probability that a quantity is below -rope, within, above +rope (per column)."""
    left, right = (values < -rope).mean(axis=0), (values > rope).mean(axis=0)
    return np.stack([left, 1 - left - right, right])


@dataclass(frozen=True, kw_only=True)
class BayesianHierarchicalResult(BaseResult):
    """Posterior of the hierarchical t model of two algorithms over instances with runs.

    Attributes
    ----------
    x_name, y_name : str
        The two algorithms (``a`` and ``b``); the differences are ``a - b`` per run.
    left, right : str
        What the regions mean: ``"<a> lower"`` (a - b < -rope), ``"<b> lower"``.
    rope : float
        Half-width of the region of practical equivalence, in the data's units.
    rho : float
        Correlation of the runs within an instance (0: independent runs).
    p_left, p_rope, p_right : float
        Share of posterior draws in which each region is the most probable for the next
        instance's difference (baycomp's ``HierarchicalTest.probs()``); the decision uses them.
    mean_left, mean_rope, mean_right : float
        Posterior predictive probabilities of the regions for the next instance (the means of
        the per-draw probabilities).
    mean_p_left, mean_p_rope, mean_p_right : float
        Posterior probabilities that the mean difference ``delta0`` lies in each region.
    delta0 : float
        Posterior mean of the mean difference, in the data's units.
    delta0_low, delta0_high : float
        Its 95 % equal-tailed credible interval.
    std0 : float
        Posterior mean of the between-instance scale, in the data's units.
    nu : float
        Posterior median of the degrees of freedom.
    threshold : float
        Probability a region needs for a decision.
    decision, winner : str
        As in :class:`~algocompare.BayesianPairedResult`.
    n_instances, n_runs : int
        The data's shape.
    n_samples, chains : int
        Posterior draws kept (all chains) and the number of chains.
    max_rhat, min_ess : float
        The largest R-hat and smallest effective sample size over every parameter.
    instances : pandas.DataFrame
        Per instance (shrinkage estimates): ``instance, mean_diff`` (observed mean of a - b),
        ``delta`` (posterior mean), ``delta_low, delta_high`` (95 %), ``p_left, p_rope, p_right``
        (posterior probability of each region for that instance's delta).
    diagnostics : pandas.DataFrame
        ``parameter, rhat, ess_bulk, ess_tail`` for every parameter.
    samples : numpy.ndarray
        Per posterior draw the predictive probabilities (left, rope, right), shape (n, 3).
    draws : dict
        The raw chains, standardised units (``delta0``, ``std0``, ``nu``, ``delta``, ``sigma``, ...).

    See Also
    --------
    bayesian_hierarchical : the function that returns it.
    algocompare.plots.plot_simplex : the draws of ``samples`` on the simplex.

    References
    ----------
    .. [1] Corani, G., Benavoli, A., Demšar, J., Mangili, F., Zaffalon, M. (2017). Statistical
       comparison of classifiers through Bayesian hierarchical modelling. *Machine Learning*
       106, 1817–1837. https://doi.org/10.1007/s10994-017-5641-9

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.simulate_runs([10, 10.5], n_instances=8, n_runs=5, rng=0).results
    >>> r = ac.bayesian_hierarchical(data, *data.algorithms, rope=0.1, n_samples=2000, rng=0)
    >>> r.instances.shape[0], round(r.p_left + r.p_rope + r.p_right, 6)
    (8, 1.0)
    """

    kind: ClassVar[str] = "bayesian"

    x_name: str
    y_name: str
    left: str
    right: str
    rope: float
    rho: float
    p_left: float
    p_rope: float
    p_right: float
    mean_left: float
    mean_rope: float
    mean_right: float
    mean_p_left: float
    mean_p_rope: float
    mean_p_right: float
    delta0: float
    delta0_low: float
    delta0_high: float
    std0: float
    nu: float
    threshold: float
    decision: str
    winner: str
    n_instances: int
    n_runs: int
    n_samples: int
    chains: int
    max_rhat: float
    min_ess: float
    instances: pd.DataFrame = internal()
    diagnostics: pd.DataFrame = internal()
    samples: np.ndarray = internal()
    draws: dict = internal()

    @property
    def probabilities(self) -> tuple[float, float, float]:
        """``(p_left, p_rope, p_right)``."""
        return self.p_left, self.p_rope, self.p_right


def _differences(results: Any, a: Any, b: Any) -> tuple[np.ndarray, tuple, str, str]:
    """a - b of the runs oriented so that lower is better (minimising: the values as given)."""
    check_algorithm(results, a, "algorithm a")
    check_algorithm(results, b, "algorithm b")
    if a == b:
        raise ValueError(f"a and b must be two different algorithms, got {a!r} twice.")
    if not results.has_runs:
        raise ValueError("bayesian_hierarchical needs the runs of each instance (Results.from_long with a run "
                         "column); for one value per instance use bayesian_signed_rank.")
    runs = results.runs(oriented=True)
    algorithms = list(results.algorithms)
    diff = runs[:, algorithms.index(a)] - runs[:, algorithms.index(b)]
    if not np.all(np.isfinite(diff)):
        raise ValueError("the runs contain missing or infinite values; remove those instances first.")
    if diff.shape[0] < 2 or diff.shape[1] < 2:
        raise ValueError(f"bayesian_hierarchical needs at least 2 instances with at least 2 runs each, got "
                         f"{diff.shape[0]} instance(s) x {diff.shape[1]} run(s).")
    return diff, tuple(results.instances), str(a), str(b)


#: Standardised differences are rounded to multiples of 2^-30 (1e-9 of their spread): the chains
#: then depend on the data's shape, not on the last bits of their rounding, so that data x 1e300
#: give the same draws (a Gibbs sampler's accept/reject decisions would amplify 1e-16 changes).
GRID_BITS = 30


def grid_standardised(values: np.ndarray, *, axis: int, magnitude: float,
                      nothing_varies: str) -> tuple[np.ndarray, float]:
    """``values`` divided by their mean within-group standard deviation (ddof = 0 along ``axis``:
    baycomp's scale), rounded to the 2^-GRID_BITS grid, and that scale.

    The spread is computed on the values divided by a power of two (exact) near ``magnitude``
    (:func:`algocompare._scaling.unit_exponent`), so that neither squares overflow (data ~ 1e300)
    nor underflow (1e-300). No group varying is the ValueError ``nothing_varies``.
    """
    exponent = unit_exponent(magnitude, always=True)
    unit = np.ldexp(values, -exponent)
    unit_scale = float(np.mean(np.std(unit, axis=axis)))
    if unit_scale == 0:
        raise ValueError(nothing_varies)
    return np.ldexp(np.round(np.ldexp(unit / unit_scale, GRID_BITS)), -GRID_BITS), math.ldexp(unit_scale, exponent)


def _standardised(diff: np.ndarray, rope: float, rng: np.random.Generator) -> tuple[np.ndarray, float, float, list]:
    """baycomp's scaling (:func:`grid_standardised` within instances); an instance whose
    differences are all equal (zero variance, an improper posterior) gets baycomp's symmetric
    uniform(-rope, rope) noise around 0 in its place, with a warning.
    """
    x, scale = grid_standardised(
        diff, axis=1, magnitude=float(np.max(np.abs(diff))),
        nothing_varies="the differences a - b have zero variance within every instance; the hierarchical model has "
                       "nothing to estimate a spread from (use bayesian_signed_rank on the means).")
    scaled_rope = rope / scale
    flat = [i for i in range(x.shape[0]) if np.ptp(x[i]) == 0]
    half = x.shape[1] // 2
    for i in flat:
        x[i, :half] = rng.uniform(-scaled_rope, scaled_rope, half)
        x[i, half:2 * half] = -x[i, :half]
        if x.shape[1] % 2:
            x[i, -1] = 0.0
    return x, scale, scaled_rope, flat


def bayesian_hierarchical(results: Any, a: Any, b: Any, rope: float = 0.0, *, rho: float = 0.0,
                          n_samples: int = 4000, chains: int = 4, warmup: int = 500, threshold: float = 0.95,
                          direction: str | None = None, nan_policy: str = "raise", rng: Any = None,
                          progress: bool | None = None) -> BayesianHierarchicalResult:
    """Hierarchical Bayesian comparison of two algorithms over instances with runs (Corani et
    al. 2017), sampled without Stan.

    Per instance i the differences of the runs ``a - b`` follow a normal with mean delta_i
    and scale sigma_i (correlation ``rho`` between runs, e.g. 1/k for k-fold
    cross-validation folds; 0 for independent runs of stochastic algorithms); the delta_i
    follow a Student t with mean delta0, scale std0 and nu degrees of freedom. Priors and
    scaling are baycomp's (``HierarchicalTest``): data divided by the mean within-instance
    standard deviation, uniform priors with data-dependent bounds, nu - 1 ~ Gamma(alpha,
    beta), alpha ~ U(1, 2), beta ~ U(0.01, 0.1). The posterior is sampled by a partially
    collapsed Gibbs sampler (:func:`~algocompare.bayesian._hierarchical.sample_hierarchical_t`)
    in several chains; R-hat and effective sample sizes of every parameter are reported,
    with a ``UserWarning`` when they are poor.

    Parameters
    ----------
    results : Results or DataFrame
        Runs of the algorithms (``Results.from_long``), the same number of runs in every cell.
    a, b : label
        The two algorithms; differences are ``a - b`` of the values oriented so that lower is
        better (left: a better by more than the rope). Minimising, these are the values as given
        and the regions are named "a lower" / "b lower"; maximising, the differences are
        ``b - a`` of the values as given and the regions "a higher" / "b higher".
    rope : float
        Half-width of the region of practical equivalence, in the data's units (default 0).
    rho : float
        Correlation of the runs within an instance, in [0, 1). baycomp's ``runs=r`` on n
        cross-validation scores per data set is ``rho = r / n`` (its default ``runs=1`` is 1/n).
    n_samples : int
        Posterior draws kept, over all chains (default 4000).
    chains : int
        Independent chains (default 4; at least 2 for R-hat).
    warmup : int
        Sweeps discarded at the start of each chain (default 500).
    threshold : float
        Probability a region needs for a decision (default 0.95).
    direction : {"minimize", "maximize"}, optional
        Which way is better, when ``results`` does not say (default: its own, else minimize).
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing run (recorded in ``dropped_instances``).
    rng : None, int or numpy Generator
        Random numbers (chains start from dispersed random points).
    progress : bool, optional
        A progress bar (see :mod:`algocompare._options`).

    Returns
    -------
    BayesianHierarchicalResult
        Probabilities for the next instance (``p_left, p_rope, p_right``: share of draws in
        which a region is the most probable, as baycomp), of the mean difference
        (``mean_p_*``), per instance (``instances``), and the chains' diagnostics.

    Notes
    -----
    The posterior probabilities agree with baycomp's ``HierarchicalTest`` (PyStan) within
    Monte Carlo error on baycomp's own cross-validation data, and simulation-based
    calibration (Talts et al. 2018) of the sampler gives uniform rank histograms
    (``docs/validation.md``). An instance whose differences are all equal makes the model's
    posterior improper; as baycomp, it is given symmetric noise within the rope (warned).

    See Also
    --------
    bayesian_signed_rank : the comparison of the instances' means.
    algocompare.plots.plot_simplex : the posterior on the simplex (``result.plot()``).

    References
    ----------
    .. [1] Corani, G., Benavoli, A., Demšar, J., Mangili, F., Zaffalon, M. (2017). Statistical
       comparison of classifiers through Bayesian hierarchical modelling. *Machine Learning*
       106, 1817–1837. https://doi.org/10.1007/s10994-017-5641-9
    .. [2] Vehtari, A., Gelman, A., Simpson, D., Carpenter, B., Bürkner, P.-C. (2021).
       Rank-normalization, folding, and localization: an improved R-hat for assessing
       convergence of MCMC. *Bayesian Analysis* 16(2), 667–718. https://doi.org/10.1214/20-BA1221

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.simulate_runs([10, 11, 10.2], n_instances=10, n_runs=6, rng=1).results
    >>> r = ac.bayesian_hierarchical(data, "A1", "A2", rope=0.2, n_samples=2000, rng=0)
    >>> r.left, r.right, r.n_instances, r.n_runs
    ('A1 lower', 'A2 lower', 10, 6)
    """
    rope = check_nonnegative("rope", rope)
    rho = float(rho)
    if not 0 <= rho < 1:
        raise ValueError(f"rho must be in [0, 1) (the correlation of the runs within an instance), got {rho!r}.")
    n_samples = check_positive_int("n_samples", n_samples, minimum=4)
    chains = check_positive_int("chains", chains)
    warmup = check_positive_int("warmup", warmup, minimum=0)
    threshold = check_probability("threshold", threshold)
    generator = np.random.default_rng(rng)
    results = as_results(results, direction=direction, nan_policy=nan_policy)
    diff, labels, a_name, b_name = _differences(results, a, b)
    x, scale, scaled_rope, flat = _standardised(diff, rope, generator)
    if flat:
        warnings.warn(f"{len(flat)} instance(s) have identical differences a - b in every run ("
                      f"{', '.join(str(labels[i]) for i in flat[:5])}{', ...' if len(flat) > 5 else ''}); as baycomp, "
                      "they were given symmetric noise within the rope, since the model's posterior is improper "
                      "for them.", UserWarning, stacklevel=2)
    per_chain = -(-n_samples // chains)
    draws = sample_hierarchical_t(x, rho, HierarchicalPriors.baycomp(x), n_draws=per_chain, warmup=warmup,
                                  chains=chains, rng=generator, progress=progress)
    word = "lower" if results.direction == "minimize" else "higher"
    result = _result(draws, diff, labels, a_name, b_name, rope, scaled_rope, scale, rho, threshold, chains, word)
    return dataclasses.replace(result, dropped_instances=drop_record(results, nan_policy))


def _result(draws: dict, diff: np.ndarray, labels: tuple, a_name: str, b_name: str, rope: float,
            scaled_rope: float, scale: float, rho: float, threshold: float, chains: int,
            word: str = "lower") -> BayesianHierarchicalResult:
    flat = {name: value.reshape(-1, *value.shape[2:]) for name, value in draws.items()}
    samples = predictive_regions(flat["delta0"], flat["std0"], flat["nu"], scaled_rope)
    p_left, p_rope, p_right = region_probabilities(samples, rope)
    decision = decide(p_left, p_rope, p_right, threshold)
    left, right = f"{a_name} {word}", f"{b_name} {word}"
    mean_shares = _region_shares(flat["delta0"][:, None], scaled_rope)[:, 0]
    delta = flat["delta"] * scale
    shares = _region_shares(delta, rope)
    instances = pd.DataFrame({
        "instance": list(labels), "mean_diff": diff.mean(axis=1), "delta": delta.mean(axis=0),
        "delta_low": np.quantile(delta, 0.025, axis=0), "delta_high": np.quantile(delta, 0.975, axis=0),
        "p_left": shares[0], "p_rope": shares[1], "p_right": shares[2]})
    diagnostics = _diagnostics_table(draws, labels)
    warn_if_poor(diagnose_table(diagnostics), diagnostics["parameter"], what="the hierarchical model", stacklevel=4)
    low, high = np.quantile(flat["delta0"] * scale, [0.025, 0.975])
    return BayesianHierarchicalResult(
        method="Bayesian hierarchical t test (Corani et al. 2017)", x_name=a_name, y_name=b_name, left=left,
        right=right, rope=rope, rho=rho, p_left=p_left, p_rope=p_rope, p_right=p_right,
        mean_left=float(samples[:, 0].mean()), mean_rope=float(samples[:, 1].mean()),
        mean_right=float(samples[:, 2].mean()), mean_p_left=float(mean_shares[0]),
        mean_p_rope=float(mean_shares[1]), mean_p_right=float(mean_shares[2]),
        delta0=float(flat["delta0"].mean() * scale), delta0_low=float(low), delta0_high=float(high),
        std0=float(flat["std0"].mean() * scale), nu=float(np.median(flat["nu"])), threshold=threshold,
        decision=decision, winner={"left": left, "rope": "equivalent", "right": right}.get(decision, "undecided"),
        n_instances=diff.shape[0], n_runs=diff.shape[1], n_samples=len(samples), chains=chains,
        max_rhat=float(diagnostics["rhat"].max()),
        min_ess=float(np.minimum(diagnostics["ess_bulk"], diagnostics["ess_tail"]).min()),
        instances=instances, diagnostics=diagnostics, samples=samples, draws=draws)


def _diagnostics_table(draws: dict, labels: tuple) -> pd.DataFrame:
    """R-hat and ESS of every parameter (chains of ``draws``), one row each."""
    rows = []
    for name in ("delta0", "std0", "nu", "alpha", "beta"):
        d = diagnose(draws[name])
        rows.append((name, float(d.rhat), float(d.ess_bulk), float(d.ess_tail)))
    for name in ("delta", "sigma"):
        d = diagnose(draws[name])
        rows += [(f"{name}[{label}]", *values) for label, *values in
                 zip(labels, d.rhat, d.ess_bulk, d.ess_tail, strict=True)]
    return pd.DataFrame(rows, columns=["parameter", "rhat", "ess_bulk", "ess_tail"])


def diagnose_table(table: pd.DataFrame) -> Any:
    """The :class:`ChainDiagnostics` of a diagnostics table's rows."""
    from algocompare.bayesian._diagnostics import ChainDiagnostics

    return ChainDiagnostics(rhat=table["rhat"].to_numpy(), ess_bulk=table["ess_bulk"].to_numpy(),
                            ess_tail=table["ess_tail"].to_numpy())
