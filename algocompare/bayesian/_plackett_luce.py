"""Bayesian Plackett–Luce model of the instance rankings (Calvo, Ceberio & Lozano 2018), sampled
without Stan by the Gibbs sampler of Caron & Doucet (2012).

Each instance ranks the k algorithms; the Plackett–Luce model gives a ranking sigma (best first)
the probability ``prod_j w[sigma_j] / sum_{l >= j} w[sigma_l]`` with weights ``w`` on the simplex
(``w_a`` is the probability that algorithm a is ranked first). The prior is Dirichlet(alpha), as
scmamp's ``bPlackettLuceModel``. Caron & Doucet's data augmentation makes every conditional
exact: with unnormalised weights ``lambda_a ~ Gamma(alpha_a, 1)`` (whose normalisation
``lambda / sum(lambda)`` is Dirichlet(alpha), and the likelihood depends only on it) and one
latent exponential ``Z_ij ~ Exp(sum of the weights still unranked at stage j of instance i)``,

* ``Z_ij | lambda`` is exponential, and
* ``lambda_a | Z ~ Gamma(alpha_a + (times a is chosen), 1 + sum of the Z_ij of the stages at which
  a is still unranked)``,

after which the total ``sum(lambda)`` is redrawn from its posterior, Gamma(sum(alpha), 1) (it is
independent of the data), which removes the slow drift of the scale (Caron & Doucet, sec. 3.3).
Every chain is one row of the same numpy arrays: the sampler is vectorised over chains, instances
and algorithms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._options import check_confidence_level
from algocompare._progress import progress_bar
from algocompare._results import BaseResult, internal
from algocompare._validation import check_option, check_positive_int
from algocompare.bayesian._diagnostics import diagnose, warn_if_poor
from algocompare.data._convert import as_blocks, drop_record

__all__ = ["bayesian_plackett_luce", "BayesianPlackettLuceResult", "plackett_luce_mode",
           "plackett_luce_log_posterior"]

#: How tied values within an instance become rankings.
TIES = ("random", "latent")  # the first is the default
#: Gibbs sweeps between progress-bar updates.
_STRIDE = 50
#: Smallest unnormalised weight kept (a Gamma draw with a tiny shape can underflow to 0, which
#: would make a stage's remaining weight 0 and its exponential infinite).
_TINY = np.finfo(float).tiny


@dataclass(frozen=True, kw_only=True)
class BayesianPlackettLuceResult(BaseResult):
    """Posterior of the Plackett–Luce weights of k algorithms, and of their ranking.

    Two "probabilities of being best" are reported, and they answer different questions:

    * ``weights`` — the posterior mean of w_a, the probability that algorithm a is ranked first on
      a new instance (scmamp's ``expected.win.prob``);
    * ``p_best`` — the posterior probability that a has the largest weight, i.e. that a is first in
      the most probable ranking (the share of draws in which w_a is the largest).

    Ranks are those of the weights in each posterior draw (1 = largest weight = best):
    ``mean_ranks`` is their posterior mean (scmamp's ``expected.mode.rank``), ``rank_ci_low``/
    ``rank_ci_high`` their equal-tailed credible interval and ``rank_probabilities`` the posterior
    probability of each rank.

    Attributes
    ----------
    weights : pandas.Series
        Posterior mean of each algorithm's normalised weight (P(ranked first on a new instance)).
    weight_ci_low, weight_ci_high : pandas.Series
        Equal-tailed credible interval of each weight at ``confidence_level``.
    p_best : pandas.Series
        Posterior probability that the algorithm has the largest weight.
    mean_ranks : pandas.Series
        Posterior mean of each algorithm's rank by weight (1 = best): the expected ranking.
    rank_ci_low, rank_ci_high : pandas.Series
        Equal-tailed credible interval of each algorithm's rank by weight.
    rank_probabilities : pandas.DataFrame
        Posterior probability that algorithm (row) has rank (column 1..k) by weight.
    mode : pandas.Series
        The posterior mode of the weights (maximum a posteriori; the maximum-likelihood
        Plackett–Luce fit when ``prior=1``), NaN where the mode is not in the simplex's interior.
    rhat : pandas.Series
        Rank-normalised split R-hat of each weight (Vehtari et al. 2021).
    ess : pandas.Series
        Smaller of the bulk and tail effective sample sizes of each weight.
    converged : bool
        Every R-hat is at most 1.01 and every effective sample size at least 400.
    confidence_level : float
        Level of the credible intervals.
    prior : pandas.Series
        The Dirichlet concentration of each algorithm's weight.
    ties : str
        How ties within an instance were handled (``"random"`` or ``"latent"``).
    n_tied_instances : int
        Instances with at least one tie.
    n_instances : int
        Instances (rankings) the posterior is built on.
    chains, n_samples, warmup : int
        Chains, kept draws per chain, and discarded draws per chain.
    samples : numpy.ndarray
        The posterior draws of the normalised weights, shape (chains, n_samples, k).

    See Also
    --------
    bayesian_plackett_luce : the function that returns it.
    bayesian_friedman : the Bayesian Friedman test of the expected ranks.

    References
    ----------
    .. [1] Calvo, B., Ceberio, J., Lozano, J. A. (2018). Bayesian inference for algorithm ranking
       analysis. *GECCO '18 Companion*, 324–325. doi:10.1145/3205651.3205658
    .. [2] Caron, F., Doucet, A. (2012). Efficient Bayesian inference for generalized
       Bradley–Terry models. *Journal of Computational and Graphical Statistics* 21(1), 174–196.
       doi:10.1080/10618600.2012.638220

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.bayesian_plackett_luce(ac.load_dataset("cec2005_d10"), rng=0)
    >>> r.p_best.idxmax(), r.converged
    ('G-CMA-ES', True)
    """

    kind: ClassVar[str] = "bayesian_omnibus"

    weights: pd.Series
    weight_ci_low: pd.Series
    weight_ci_high: pd.Series
    p_best: pd.Series
    mean_ranks: pd.Series
    rank_ci_low: pd.Series
    rank_ci_high: pd.Series
    rank_probabilities: pd.DataFrame
    mode: pd.Series
    rhat: pd.Series
    ess: pd.Series
    converged: bool
    confidence_level: float
    prior: pd.Series
    ties: str
    n_tied_instances: int
    n_instances: int
    chains: int
    n_samples: int
    warmup: int
    samples: np.ndarray = internal()

    @property
    def algorithms(self) -> list[Any]:
        """The algorithms' labels, in the data's order."""
        return list(self.weights.index)

    def to_frame(self) -> pd.DataFrame:
        """One row per algorithm: weight (mean, interval), P(largest weight), rank (mean, interval),
        mode, R-hat and effective sample size."""
        frame = pd.DataFrame({
            "weight": self.weights, "weight_ci_low": self.weight_ci_low, "weight_ci_high": self.weight_ci_high,
            "p_best": self.p_best, "mean_rank": self.mean_ranks, "rank_ci_low": self.rank_ci_low,
            "rank_ci_high": self.rank_ci_high, "mode": self.mode, "rhat": self.rhat, "ess": self.ess})
        return frame.rename_axis("algorithm").reset_index()

    def __str__(self) -> str:
        level = f"{100 * self.confidence_level:g} %"
        lines = [f"{self.method}: {self.n_instances} instances, {len(self.weights)} algorithms, "
                 f"{self.chains} chains × {self.n_samples} draws; ties {self.ties!r} "
                 f"({self.n_tied_instances} instances with ties)",
                 f"  weight = posterior mean of P(ranked first); p_best = P(largest weight); "
                 f"intervals {level} credible"]
        shown = self.to_frame().set_index("algorithm").sort_values("mean_rank", kind="stable")
        text = shown.to_string(float_format=lambda x: f"{x:.4g}")
        lines += ["  " + line for line in text.splitlines()]
        if not self.converged:
            lines.append("  warning: the chains may not have converged (R-hat > 1.01 or ESS < 400)")
        lines += self._dropped_lines()
        return "\n".join(lines)


def _concentration(prior: Any, labels: list[Any]) -> np.ndarray:
    """The Dirichlet concentration: a positive number for every algorithm, or one per algorithm
    (a sequence in the data's column order or a mapping label -> value)."""
    k = len(labels)
    if isinstance(prior, dict) or isinstance(prior, pd.Series):
        mapping = dict(prior)
        missing = [a for a in labels if a not in mapping]
        extra = [a for a in mapping if a not in labels]
        if missing or extra:
            raise ValueError(f"prior must give a value for every algorithm and no other: missing {missing}, "
                             f"unknown {extra}.")
        values = np.array([mapping[a] for a in labels], dtype=float)
    else:
        try:
            values = np.broadcast_to(np.asarray(prior, dtype=float), (k,)).copy()
        except (TypeError, ValueError):
            raise ValueError(f"prior must be a positive number or one positive number per algorithm ({k}), "
                             f"got {prior!r}.") from None
    if not np.all(np.isfinite(values)) or np.any(values <= 0):
        raise ValueError(f"prior (the Dirichlet concentration) must be positive and finite, got {values.tolist()}.")
    return values


def rank_orders(values: np.ndarray, ties: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The ranking of each instance as an order (algorithm index at each position, best first), and
    the tie block of each position (the first position of its group of equal values).

    ``values`` are oriented (smaller is better). Equal values are put in a random order (the order
    is the one ``ties="random"`` keeps; ``ties="latent"`` starts its chains from it).
    """
    n, k = values.shape
    order = np.lexsort((rng.random((n, k)), values), axis=-1)
    ordered = np.take_along_axis(values, order, axis=-1)
    new_block = np.concatenate([np.ones((n, 1), bool), ordered[:, 1:] != ordered[:, :-1]], axis=1)
    positions = np.broadcast_to(np.arange(k), (n, k))
    block = np.maximum.accumulate(np.where(new_block, positions, 0), axis=1)
    if ties == "random":
        block = positions.copy()
    return order, block


def _remaining(lam_ordered: np.ndarray) -> np.ndarray:
    """R_j = sum of the weights at positions j, j+1, ... (the stage-j denominator)."""
    return np.cumsum(lam_ordered[..., ::-1], axis=-1)[..., ::-1]


def _block_end(block: np.ndarray) -> np.ndarray:
    """For every position, the first position after its tie block (k for the last block)."""
    k = block.shape[-1]
    following = np.concatenate([block[..., 1:], np.full(block.shape[:-1] + (1,), k)], axis=-1)
    ends = np.where(following != block, np.arange(1, k + 1), k)     # the block's last position says where it ends
    return np.minimum.accumulate(ends[..., ::-1], axis=-1)[..., ::-1]


def _block_remaining(lam_ordered: np.ndarray, block: np.ndarray) -> np.ndarray:
    """The weights at positions j, j+1, ... of j's own tie block only (a tie block's own
    Plackett–Luce denominators)."""
    total = np.concatenate([_remaining(lam_ordered), np.zeros(lam_ordered.shape[:-1] + (1,))], axis=-1)
    after = np.take_along_axis(total, np.broadcast_to(_block_end(block), lam_ordered.shape), axis=-1)
    return total[..., :-1] - after


def _block_sums(values: np.ndarray, block: np.ndarray) -> np.ndarray:
    """The sum of ``values`` over each position's tie block, at every position of the block."""
    cumulative = np.concatenate([np.zeros(values.shape[:-1] + (1,)), np.cumsum(values, axis=-1)], axis=-1)
    end = np.broadcast_to(_block_end(block), values.shape)
    start = np.broadcast_to(block, values.shape)
    return np.take_along_axis(cumulative, end, axis=-1) - np.take_along_axis(cumulative, start, axis=-1)


def _propose_tie_orders(order: np.ndarray, block: np.ndarray, lam: np.ndarray,
                        rng: np.random.Generator) -> np.ndarray:
    """Each tie block's algorithms in a Plackett–Luce order of their own (Gumbel-max: sorted by
    log weight + Gumbel noise); ``lam`` has one row per chain."""
    log_lam = np.log(lam)[:, None, :]
    noise = np.take_along_axis(log_lam, order, axis=-1) + rng.gumbel(size=order.shape)
    within = np.lexsort((-noise, np.broadcast_to(block, order.shape)), axis=-1)
    return np.take_along_axis(order, within, axis=-1)


def _log_target_over_proposal(order: np.ndarray, block: np.ndarray, lam: np.ndarray) -> np.ndarray:
    """log [PL(order | lam) / q(order | lam)] per position, summed over its tie block: q (the
    block's own Plackett–Luce order) lacks only the weight of the algorithms after the block in
    its denominators. Zero for a block at the bottom of the ranking (q is then exact)."""
    lam_ordered = np.take_along_axis(lam[:, None, :], order, axis=-1)
    terms = np.log(_block_remaining(lam_ordered, block)) - np.log(_remaining(lam_ordered))
    return _block_sums(terms, block)


def _reorder_ties(order: np.ndarray, block: np.ndarray, lam: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One Metropolis–Hastings step per tie block for the unobserved order of tied algorithms.

    Target: the Plackett–Luce probability of the whole ranking given the weights, among the orders
    that agree with the observed blocks; proposal :func:`_propose_tie_orders`, corrected by the
    exact ratio. Blocks are accepted or rejected independently (the target factorises over them).
    """
    proposed = _propose_tie_orders(order, block, lam, rng)
    log_accept = (_log_target_over_proposal(proposed, block, lam)
                  - _log_target_over_proposal(order, block, lam))
    uniform = np.take_along_axis(rng.random(order.shape), np.broadcast_to(block, order.shape), axis=-1)
    return np.where(np.log(uniform) < log_accept, proposed, order)


@dataclass(frozen=True)
class _Rankings:
    """The rankings a sweep conditions on: ``orders`` (algorithm at each position, best first) of
    shape (n, k), shared by every chain, or (chains, n, k) when tie orders are sampled; their
    inverse ``positions``; and ``chosen``, the number of stages at which each algorithm is chosen
    (every position but the last), shape (k,) or (chains, k)."""

    orders: np.ndarray
    positions: np.ndarray
    chosen: np.ndarray

    @classmethod
    def of(cls, orders: np.ndarray) -> _Rankings:
        k, n = orders.shape[-1], orders.shape[-2]
        chosen = n - (orders[..., -1][..., None] == np.arange(k)).sum(axis=-2)
        return cls(orders, np.argsort(orders, axis=-1), chosen)

    def in_order(self, values: np.ndarray) -> np.ndarray:
        """Per-algorithm ``values`` (chains, k) placed at each instance's positions: (chains, n, k)."""
        if self.orders.ndim == 2:
            return values[:, self.orders]
        return np.take_along_axis(values[:, None, :], self.orders, axis=-1)

    def per_algorithm(self, by_position: np.ndarray) -> np.ndarray:
        """Sum over instances of (chains, n, k) values by position, for each algorithm: (chains, k)."""
        if self.positions.ndim == 2:
            return by_position[:, np.arange(self.positions.shape[0])[:, None], self.positions].sum(axis=1)
        return np.take_along_axis(by_position, self.positions, axis=-1).sum(axis=1)


def _gibbs_weights(rankings: _Rankings, lam: np.ndarray, alpha: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One sweep of Caron & Doucet's sampler: Z | lambda, lambda | Z, then the total weight."""
    remaining = _remaining(rankings.in_order(lam))[..., :-1]  # stages 1..k-1 (the last is certain)
    latent = rng.standard_exponential(remaining.shape) / remaining
    exposure = np.cumsum(latent, axis=-1)                      # sum of Z over the stages up to j
    exposure = np.concatenate([exposure, exposure[..., -1:]], axis=-1)
    rate = 1.0 + rankings.per_algorithm(exposure)
    lam = np.maximum(rng.gamma(alpha + rankings.chosen) / rate, _TINY)
    scale = rng.gamma(alpha.sum(), size=(len(lam), 1)) / lam.sum(axis=1, keepdims=True)
    return np.maximum(lam * scale, _TINY)


def _log_likelihood(w: np.ndarray, rankings: _Rankings) -> np.ndarray:
    """Plackett–Luce log likelihood of every chain's weights (rows of ``w``) given its rankings."""
    ordered = rankings.in_order(w)
    return (np.log(ordered[..., :-1]) - np.log(_remaining(ordered)[..., :-1])).sum(axis=(-1, -2))


@dataclass(frozen=True)
class _Proposal:
    """A multivariate t centred at the posterior mode of the log-ratios theta_a = log(w_a / w_k),
    scaled by the inverse Hessian there (a Laplace approximation), for an independence
    Metropolis–Hastings step: theta = centre + scale_tril @ t."""

    centre: np.ndarray
    precision: np.ndarray
    scale_tril: np.ndarray
    df: float = 5.0

    def draw(self, chains: int, rng: np.random.Generator) -> np.ndarray:
        d = len(self.centre)
        t = rng.standard_normal((chains, d)) / np.sqrt(rng.chisquare(self.df, size=(chains, 1)) / self.df)
        return self.centre + t @ self.scale_tril.T

    def log_density(self, theta: np.ndarray) -> np.ndarray:
        delta = theta - self.centre
        quadratic = np.einsum("ci,ij,cj->c", delta, self.precision, delta)
        return -0.5 * (self.df + len(self.centre)) * np.log1p(quadratic / self.df)


def _laplace_proposal(order: np.ndarray, alpha: np.ndarray) -> _Proposal:
    """The mode of loglik(w) + sum(alpha log w) (the posterior of theta = log-ratios, a concave
    function of theta: always a unique interior mode) by Hunter's MM, and the Hessian there."""
    n, k = order.shape
    chosen = np.zeros(k)
    np.add.at(chosen, order[:, :-1].ravel(), 1.0)
    positions = np.argsort(order, axis=-1)
    w = np.full(k, 1.0 / k)
    for _ in range(2000):
        inverse = 1.0 / _remaining(w[order])[:, :-1]
        exposure = np.cumsum(inverse, axis=1)
        exposure = np.concatenate([exposure, exposure[:, -1:]], axis=1)
        new = (alpha + chosen) / (alpha.sum() + np.take_along_axis(exposure, positions, axis=1).sum(axis=0))
        new /= new.sum()
        done = np.max(np.abs(np.log(new) - np.log(w))) < 1e-10
        w = new
        if done:
            break
    # Hessian of -log posterior in log w: each stage (and the prior) adds diag(p) - p p^T, with p
    # the weights of the algorithms still unranked, renormalised.
    hessian = alpha.sum() * (np.diag(w) - np.outer(w, w))
    for stage in range(k - 1):      # one (n, k) array at a time: memory linear in the data
        p = np.where(positions >= stage, w, 0.0)
        p /= p.sum(axis=1, keepdims=True)
        hessian += np.diag(p.sum(axis=0)) - p.T @ p
    precision = hessian[:-1, :-1]                                 # theta_k = 0: the last weight is the reference
    covariance = np.linalg.inv(precision)
    theta = np.log(w[:-1]) - np.log(w[-1])
    return _Proposal(theta, precision, np.linalg.cholesky(covariance))


def _independence_step(lam: np.ndarray, rankings: _Rankings, block: np.ndarray | None, alpha: np.ndarray,
                       proposal: _Proposal, rng: np.random.Generator) -> tuple[np.ndarray, _Rankings]:
    """One independence Metropolis–Hastings step on the log-ratios (the total weight kept): it
    moves the chains across the posterior in one jump where the Gibbs sweeps crawl (a weight near
    1 makes the latent exponentials and the weights strongly dependent).

    With tie blocks (``block`` not None) the orders of the tied algorithms are proposed with the
    weights (:func:`_propose_tie_orders`) and accepted or rejected together: the ratio then uses
    PL / q of the orders, which for ties at the bottom of a ranking is exactly the marginal
    likelihood over their orders (no imputed order holds the weights back).
    """
    chains = len(lam)
    current_w = lam / lam.sum(axis=1, keepdims=True)
    current = np.log(current_w[:, :-1]) - np.log(current_w[:, -1:])
    candidate = proposal.draw(chains, rng)
    padded = np.concatenate([candidate, np.zeros((chains, 1))], axis=1)
    candidate_w = np.exp(padded - padded.max(axis=1, keepdims=True))
    candidate_w = np.maximum(candidate_w / candidate_w.sum(axis=1, keepdims=True), _TINY)
    log_accept = ((alpha * np.log(candidate_w)).sum(axis=1) - (alpha * np.log(current_w)).sum(axis=1)
                  - proposal.log_density(candidate) + proposal.log_density(current))
    if block is None:
        if rankings.orders.ndim == 2:   # one set of rankings for every chain: both in one call
            both = _log_likelihood(np.concatenate([candidate_w, current_w]), rankings)
            log_accept += both[:chains] - both[chains:]
        else:                           # each chain's own tie orders, held fixed
            log_accept += _log_likelihood(candidate_w, rankings) - _log_likelihood(current_w, rankings)
        candidate_rankings = rankings
    else:
        candidate_rankings = _Rankings.of(_propose_tie_orders(rankings.orders, block, candidate_w, rng))
        log_accept += (_log_likelihood(candidate_w, candidate_rankings) - _log_likelihood(current_w, rankings)
                       - _log_q(candidate_rankings.orders, block, candidate_w)
                       + _log_q(rankings.orders, block, current_w))
    accept = np.log(rng.random(chains)) < log_accept
    lam = np.where(accept[:, None], candidate_w * lam.sum(axis=1, keepdims=True), lam)
    if block is None or not accept.any():
        return lam, rankings
    return lam, _Rankings.of(np.where(accept[:, None, None], candidate_rankings.orders, rankings.orders))


def _log_q(order: np.ndarray, block: np.ndarray, w: np.ndarray) -> np.ndarray:
    """log probability of the tie blocks' orders under :func:`_propose_tie_orders`, per chain."""
    w_ordered = np.take_along_axis(w[:, None, :], order, axis=-1)
    return (np.log(w_ordered) - np.log(_block_remaining(w_ordered, block))).sum(axis=(-1, -2))


def _fitted_proposal(theta: np.ndarray, fallback: _Proposal) -> _Proposal:
    """A multivariate t with the mean and (1.2^2 x) covariance of warm-up draws of the log-ratios:
    with tie orders unobserved the Laplace approximation of one tie-break is off centre and too
    narrow. Fitted once, at the end of the warm-up (the kept draws come from a fixed kernel);
    ``fallback`` when the draws are too few or degenerate."""
    if len(theta) < 10 * theta.shape[1]:
        return fallback
    covariance = 1.44 * np.cov(theta, rowvar=False).reshape(theta.shape[1], theta.shape[1])
    try:
        tril = np.linalg.cholesky(covariance)
    except np.linalg.LinAlgError:
        return fallback
    return _Proposal(theta.mean(axis=0), np.linalg.inv(covariance), tril)


def sample_posterior(order: np.ndarray, block: np.ndarray, alpha: np.ndarray, *, chains: int, n_samples: int,
                     warmup: int, rng: np.random.Generator, progress: Any = False) -> np.ndarray:
    """Normalised weights drawn by ``chains`` chains from the posterior: shape (chains, n_samples, k).

    Each chain starts from a prior draw (over-dispersed, as R-hat needs). Tie blocks (``block``
    not equal to the position) get their order resampled before each Gibbs sweep.
    """
    k = len(alpha)
    lam = rng.gamma(alpha, size=(chains, k))
    lam = np.maximum(lam, _TINY)
    has_ties = bool(np.any(block != np.arange(k)))
    proposal = _laplace_proposal(order, alpha)
    rankings = _Rankings.of(np.repeat(order[None], chains, axis=0) if has_ties else order)
    draws = np.empty((chains, n_samples, k))
    seen: list[np.ndarray] = []     # log-ratios of the second half of the warm-up (tie orders sampled)
    total = warmup + n_samples
    bar = progress_bar(progress, total=total, desc="Plackett–Luce Gibbs", unit="sweep")
    try:
        for sweep in range(total):
            if has_ties:
                rankings = _Rankings.of(_reorder_ties(rankings.orders, block, lam, rng))
            lam = _gibbs_weights(rankings, lam, alpha, rng)
            if has_ties:   # the weights given the tie orders, then weights and tie orders together
                lam, rankings = _independence_step(lam, rankings, None, alpha, proposal, rng)
            lam, rankings = _independence_step(lam, rankings, block if has_ties else None, alpha, proposal, rng)
            if has_ties and warmup // 2 <= sweep < warmup:
                seen.append(np.log(lam[:, :-1]) - np.log(lam[:, -1:]))
            if has_ties and sweep == warmup - 1:
                proposal = _fitted_proposal(np.concatenate(seen), proposal)
            if sweep >= warmup:
                draws[:, sweep - warmup] = lam / lam.sum(axis=1, keepdims=True)
            if bar is not None and (sweep + 1) % _STRIDE == 0:
                bar.update(_STRIDE)
    finally:
        if bar is not None:
            bar.close()
    return draws


def plackett_luce_log_posterior(weights: Any, order: Any, prior: Any = 1.0) -> np.ndarray:
    """Log posterior density (up to a constant) of normalised weights, for strict rankings.

    ``sum_i log PL(order_i | w) + sum_a (alpha_a - 1) log w_a``: the Plackett–Luce log likelihood
    of the rankings plus the Dirichlet log prior density.

    Parameters
    ----------
    weights : array_like, shape (..., k)
        Points on the simplex (one per row).
    order : array_like of int, shape (n, k)
        Each instance's ranking as the algorithm index at each position, best first.
    prior : float or array_like
        The Dirichlet concentration (one value, or one per algorithm).

    Returns
    -------
    numpy.ndarray
        One log density per row of ``weights``.

    See Also
    --------
    plackett_luce_mode : the maximiser.

    References
    ----------
    .. [1] Hunter, D. R. (2004). MM algorithms for generalized Bradley–Terry models. *The Annals
       of Statistics* 32(1), 384–406. doi:10.1214/aos/1079120141

    Examples
    --------
    >>> round(float(plackett_luce_log_posterior([0.5, 0.3, 0.2], [[0, 1, 2]])), 4)   # log(.5 * .3/.5)
    -1.204
    """
    w = np.asarray(weights, dtype=float)
    order = np.asarray(order, dtype=int)
    alpha = np.broadcast_to(np.asarray(prior, dtype=float), (w.shape[-1],))
    ordered = w[..., order]                                        # (..., n, k)
    loglik = (np.log(ordered) - np.log(_remaining(ordered)))[..., :-1].sum(axis=(-1, -2))
    return loglik + ((alpha - 1.0) * np.log(w)).sum(axis=-1)


def plackett_luce_mode(order: Any, prior: Any = 1.0, *, max_iter: int = 10_000, tol: float = 1e-12) -> np.ndarray:
    """Posterior mode of the Plackett–Luce weights under a Dirichlet prior, by Hunter's MM algorithm.

    The minorise–maximise update of Hunter (2004, sec. 5) with the prior's pseudo-counts:
    ``w_a <- (alpha_a - 1 + c_a) / (sum_b (alpha_b - 1) + sum_{i,j: a unranked at stage j of i} 1 / R_ij)``,
    normalised,
    where ``c_a`` is the number of stages at which a is chosen and ``R_ij`` the weight still
    unranked. With ``prior=1`` (flat) it is the maximum-likelihood fit. A weight whose
    numerator ``alpha_a - 1 + c_a`` is 0 goes to 0 (an algorithm never chosen, with a flat prior):
    the mode is then on the simplex's boundary and is returned as NaN, as when the iteration does
    not converge (Hunter's condition fails: some algorithm always beats some other).

    Parameters
    ----------
    order : array_like of int, shape (n, k)
        Each instance's ranking as the algorithm index at each position, best first.
    prior : float or array_like
        The Dirichlet concentration; the mode is interior only where every ``alpha_a - 1 + c_a > 0``.
    max_iter : int
        Largest number of MM iterations.
    tol : float
        Stop when no weight changes by more than this.

    Returns
    -------
    numpy.ndarray
        The normalised weights at the mode, or all NaN.

    See Also
    --------
    plackett_luce_log_posterior : the function it maximises.

    References
    ----------
    .. [1] Hunter, D. R. (2004). MM algorithms for generalized Bradley–Terry models. *The Annals
       of Statistics* 32(1), 384–406. doi:10.1214/aos/1079120141

    Examples
    --------
    >>> w = plackett_luce_mode([[0, 1, 2], [0, 2, 1], [1, 0, 2], [2, 1, 0]])
    >>> [round(float(x), 4) for x in w]
    [0.4416, 0.3385, 0.2199]
    """
    order = np.asarray(order, dtype=int)
    n, k = order.shape
    alpha = np.broadcast_to(np.asarray(prior, dtype=float), (k,))
    chosen = np.zeros(k)
    np.add.at(chosen, order[:, :-1].ravel(), 1.0)
    numerator = alpha - 1.0 + chosen
    if np.any(numerator <= 0):
        return np.full(k, np.nan)
    positions = np.argsort(order, axis=-1)
    w = np.full(k, 1.0 / k)
    for _ in range(max_iter):
        inverse = 1.0 / _remaining(w[order])[:, :-1]
        exposure = np.concatenate([np.cumsum(inverse, axis=1), np.cumsum(inverse, axis=1)[:, -1:]], axis=1)
        denominator = np.take_along_axis(exposure, positions, axis=1).sum(axis=0)
        # the prior's -(sum(alpha) - k) log(sum(w)) acts as one more stage with every algorithm unranked
        new = numerator / (np.sum(alpha - 1.0) + denominator)
        new /= new.sum()
        if np.max(np.abs(new - w)) < tol:
            return new
        w = new
    return np.full(k, np.nan)


def _summaries(draws: np.ndarray, labels: list[Any], level: float) -> dict[str, Any]:
    """Posterior means, intervals and rank probabilities of the normalised weight draws."""
    k = draws.shape[-1]
    flat = draws.reshape(-1, k)
    tail = (1.0 - level) / 2.0
    ranks = (-flat).argsort(axis=1).argsort(axis=1) + 1          # rank by weight, 1 = largest
    rank_probabilities = np.stack([(ranks == r).mean(axis=0) for r in range(1, k + 1)], axis=1)

    def series(values: np.ndarray, name: str) -> pd.Series:
        return pd.Series(values, index=labels, name=name)

    return {
        "weights": series(flat.mean(axis=0), "weight"),
        "weight_ci_low": series(np.quantile(flat, tail, axis=0), "weight_ci_low"),
        "weight_ci_high": series(np.quantile(flat, 1.0 - tail, axis=0), "weight_ci_high"),
        "p_best": series(rank_probabilities[:, 0], "p_best"),
        "mean_ranks": series(ranks.mean(axis=0), "mean_rank"),
        "rank_ci_low": series(np.quantile(ranks, tail, axis=0, method="inverted_cdf"), "rank_ci_low"),
        "rank_ci_high": series(np.quantile(ranks, 1.0 - tail, axis=0, method="inverted_cdf"), "rank_ci_high"),
        "rank_probabilities": pd.DataFrame(rank_probabilities, index=labels, columns=range(1, k + 1)),
    }


def bayesian_plackett_luce(data: Any, *, prior: Any = 1.0, ties: str = "random", n_samples: int = 2000,
                           chains: int = 4, warmup: int = 500, confidence_level: float = 0.95,
                           direction: str | None = None, nan_policy: str = "raise", rng: Any = None,
                           progress: Any = None) -> BayesianPlackettLuceResult:
    """Bayesian Plackett–Luce model: posterior of each algorithm's probability of being ranked
    first, and of the ranking of the algorithms, from their ranks on every instance.

    The model of Calvo, Ceberio & Lozano (2018), as scmamp's ``bPlackettLuceModel``: each
    instance's ranking of the k algorithms follows a Plackett–Luce distribution with weights
    ``w`` on the simplex (``w_a`` = probability that algorithm a is ranked first), and ``w`` has a
    Dirichlet(``prior``) prior (default 1: uniform on the simplex). scmamp samples it with Stan;
    here the Gibbs sampler of Caron & Doucet (2012), whose conditionals are exact (Gamma and
    exponential; see the module's notes), runs ``chains`` chains at once with numpy only.

    Each sweep is one Gibbs sweep followed by one independence Metropolis–Hastings step whose
    proposal is a multivariate t around the posterior mode of the log weight ratios (a Laplace
    approximation, fixed before sampling): the Gibbs sampler alone mixes slowly when one weight is
    near 1 (on scmamp's vignette data its effective sample size was 220 to 440 of 8000 draws,
    depending on the tie-break; with the step, 4400 to 4700). Both steps leave the posterior
    invariant.

    Ties within an instance: the Plackett–Luce model has none. ``ties="random"`` (default) breaks
    them at random once, before sampling, as scmamp does (``rank(..., ties.method="random")``): the
    result then depends on that draw (``rng``), which on heavily tied data moves the weights by
    more than the Monte Carlo error (scmamp's vignette data, 297 of 300 instances tied: the
    leading weight 0.918 to 0.940 over twelve seeds). ``ties="latent"`` treats the order of tied
    algorithms as unobserved: an instance's likelihood is the sum of the Plackett–Luce
    probabilities of the orders that agree with it, and the sampler draws the order of each tie
    block by Metropolis–Hastings (proposal: a Plackett–Luce order of the tied algorithms, accepted
    with the exact ratio); the independence step is then made twice, for the weights given the
    tie orders and for both together, from a t fitted to the second half of the warm-up (the
    Laplace approximation of one tie-break is off centre). It answers without a random tie-break
    but costs more per sweep: on scmamp's vignette data, about 6 times the time of
    ``ties="random"``, for an effective sample size of 1400 of 8000 draws (4700 with random ties).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms (one value per cell; runs are aggregated by ``Results``).
    prior : float, sequence or mapping
        The Dirichlet concentration: one positive number for every algorithm, one per algorithm
        in column order, or a mapping from label to value. Default 1 (scmamp's default; scmamp
        ignores its ``prior`` argument and always uses 1).
    ties : {"random", "latent"}
        How ties within an instance are handled (see above).
    n_samples : int
        Draws kept per chain (default 2000).
    chains : int
        Independent chains (default 4), each from its own prior draw; R-hat needs at least 2.
    warmup : int
        Draws discarded at the start of each chain (default 500).
    confidence_level : float
        Level of the equal-tailed credible intervals of weights and ranks (default 0.95).
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing value.
    rng : None, int or numpy.random.Generator
        Seed or generator.
    progress : bool or None
        A progress bar over the sweeps (see :mod:`algocompare._progress`).

    Returns
    -------
    BayesianPlackettLuceResult
        ``weights`` (posterior mean of P(ranked first)), ``p_best`` (P(largest weight)),
        ``mean_ranks`` and rank credible intervals, ``rank_probabilities``, the posterior
        ``mode``, R-hat and ESS of every weight (a ``UserWarning`` when R-hat > 1.01 or
        ESS < 400), and the draws in ``samples``.

    Notes
    -----
    With ``lambda_a ~ Gamma(alpha_a, 1)`` independent, ``lambda / sum(lambda)`` is
    Dirichlet(alpha) and independent of ``sum(lambda)``; the likelihood depends only on the
    normalised weights, so the posterior of ``w = lambda / sum(lambda)`` under this Gamma prior
    is exactly the posterior under scmamp's Dirichlet prior. The sampler is checked by
    simulation-based calibration (Talts et al. 2018) in ``tests/bayesian``, its mode against
    Hunter's (2004) MM fit in base R (``tests/reference/plackett_luce.R``).

    See Also
    --------
    bayesian_friedman : the Bayesian Friedman test of the expected ranks.
    plackett_luce_mode : the posterior mode (maximum likelihood with a flat prior).

    References
    ----------
    .. [1] Calvo, B., Ceberio, J., Lozano, J. A. (2018). Bayesian inference for algorithm ranking
       analysis. *GECCO '18 Companion*, 324–325. doi:10.1145/3205651.3205658
    .. [2] Calvo, B., Shir, O. M., Ceberio, J., Doerr, C., Wang, H., Bäck, T., Lozano, J. A. (2019).
       Bayesian performance analysis for black-box optimization benchmarking. *GECCO '19
       Companion*, 1789–1797. doi:10.1145/3319619.3326888
    .. [3] Caron, F., Doucet, A. (2012). Efficient Bayesian inference for generalized
       Bradley–Terry models. *Journal of Computational and Graphical Statistics* 21(1), 174–196.
       doi:10.1080/10618600.2012.638220
    .. [4] Hunter, D. R. (2004). MM algorithms for generalized Bradley–Terry models. *The Annals
       of Statistics* 32(1), 384–406. doi:10.1214/aos/1079120141

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.bayesian_plackett_luce(ac.load_dataset("cec2005_d10"), rng=1)
    >>> r.mean_ranks.idxmin(), bool(r.weights.sum().round(12) == 1)
    ('G-CMA-ES', True)
    """
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    labels = list(results.algorithms)
    alpha = _concentration(prior, labels)
    check_option("ties", ties, TIES)
    n_samples = check_positive_int("n_samples", n_samples, minimum=4)
    chains = check_positive_int("chains", chains)
    warmup = check_positive_int("warmup", warmup, minimum=0)
    level = check_confidence_level(confidence_level)
    generator = np.random.default_rng(rng)
    values = results.values(oriented=True)
    order, block = rank_orders(values, ties, generator)
    draws = sample_posterior(order, block, alpha, chains=chains, n_samples=n_samples, warmup=warmup,
                             rng=generator, progress=progress)
    diagnostics = diagnose(draws)
    warned = warn_if_poor(diagnostics, labels, what="the Plackett–Luce weights")
    sorted_values = np.sort(values, axis=1)
    tied = int(np.sum(np.any(sorted_values[:, 1:] == sorted_values[:, :-1], axis=1)))
    # the mode of the strict rankings (with latent ties the likelihood is a sum over orders: no MM)
    mode = plackett_luce_mode(order, alpha) if tied == 0 or ties == "random" else np.full(len(labels), np.nan)
    return BayesianPlackettLuceResult(
        method="Bayesian Plackett–Luce model", **_summaries(draws, labels, level),
        mode=pd.Series(mode, index=labels, name="mode"),
        rhat=pd.Series(diagnostics.rhat, index=labels, name="rhat"),
        ess=pd.Series(np.minimum(diagnostics.ess_bulk, diagnostics.ess_tail), index=labels, name="ess"),
        converged=not warned, confidence_level=level, prior=pd.Series(alpha, index=labels, name="prior"),
        ties=ties, n_tied_instances=tied, n_instances=results.n_instances, chains=chains,
        n_samples=n_samples, warmup=warmup, samples=draws, dropped_instances=drop_record(results, nan_policy))
