"""Bayesian signed-rank test (Benavoli, Mangili, Corani, Zaffalon & Ruggeri 2014, ICML;
Carrasco et al. 2020, sec. 5.2)."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from algocompare._batching import batches
from algocompare._samples import PAIRED, takes_two_samples
from algocompare.bayesian._common import paired_differences, sample_names, win_counts, with_tie_shares
from algocompare.bayesian._dirichlet import BATCH, gamma_weights
from algocompare.bayesian._result import BayesianPairedResult, paired_result

__all__ = ["bayesian_signed_rank"]


def heaviside(t: np.ndarray) -> np.ndarray:
    """H(t) = 1 for t > 0, 1/2 for t = 0, 0 for t < 0."""
    return (t > 0) + 0.5 * (t == 0)


def walsh_indicators(z: np.ndarray, rope: float) -> tuple[np.ndarray, np.ndarray]:
    """The 0/0.5/1 matrices of the Walsh averages (pairwise sums) of ``[z0 = 0, z]``.

    ``right[i, j] = H(z_i + z_j - 2 rope)`` and ``left[i, j] = H(-(z_i + z_j) - 2 rope)``
    over all ordered pairs, i = j included; index 0 is the pseudo-observation.
    Computed once; every posterior draw then only needs the quadratic forms w^T A w.
    """
    values = np.concatenate(([0.0], z))
    sums = values[:, None] + values[None, :]
    return heaviside(-sums - 2 * rope), heaviside(sums - 2 * rope)


def quadratic_forms(g: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Row-wise ``g_k^T A g_k`` for a batch of weight vectors ``g`` (rows)."""
    return np.einsum("ij,ij->i", g @ matrix, g)


def signed_rank_samples(z: np.ndarray, rope: float, prior_strength: float, n_samples: int,
                        rng: np.random.Generator, batch: int = BATCH) -> np.ndarray:
    """Posterior draws of (theta_left, theta_rope, theta_right), batched.

    With w ~ Dir(s, 1, ..., 1) on (z0, z_1, ..., z_n): theta_right = w^T A_right w,
    theta_left = w^T A_left w, theta_rope = 1 - theta_left - theta_right. Unnormalised
    gamma weights g are used and divided by (sum g)^2, which saves normalising the draws.
    """
    alpha = np.concatenate(([prior_strength], np.ones(z.size)))
    samples = np.empty((n_samples, 3))
    _fill_samples(samples, alpha, WalshThetas(z, rope), rope, rng, batch)
    samples[:, 1] = 0.0 if rope == 0 else 1.0 - samples[:, 0] - samples[:, 2]
    return samples


#: From this many observations on, the O(n) cumulative-sum route beats the O(n^2) products.
SORTED_ROUTE_FROM = 48


def _first_holding(ordered: np.ndarray, targets: np.ndarray, side: Literal["left", "right"], holds: Any) -> np.ndarray:
    """For each i, the first j with ``holds(ordered[i], ordered[j])`` (monotone in j; n if none).

    ``searchsorted(ordered, targets, side)`` finds it up to rounding: ordered[j] >= 2 rope -
    ordered[i] and (ordered[i] + ordered[j]) - 2 rope >= 0 can differ by an ulp (e.g. 0.1
    steps with rope 0.1). The guesses that fail the exact test are redone by bisection.
    """
    n = ordered.size
    rows = np.arange(n)
    guess = np.searchsorted(ordered, targets, side)

    def at(i: np.ndarray, j: np.ndarray) -> np.ndarray:  # holds at j, with j = n holding, j = -1 not
        inside = (j >= 0) & (j < n)
        out = j >= n
        out[inside] = holds(ordered[i[inside]], ordered[j[inside]])
        return out

    wrong = np.flatnonzero(~(at(rows, guess) & ~at(rows, guess - 1)))
    low, high = np.zeros(wrong.size, dtype=np.intp), np.full(wrong.size, n, dtype=np.intp)
    while np.any(low < high):
        middle = (low + high) // 2
        ok = at(wrong, middle) | (low >= high)
        high = np.where(ok, np.minimum(high, middle), high)
        low = np.where(ok, low, middle + 1)
    guess[wrong] = low
    return guess


class WalshThetas:
    """theta_left and theta_right (unnormalised) of a batch of gamma weights.

    Small n: two matrix products with the 0/0.5/1 Walsh indicator matrices. Larger n:
    with the values sorted, {j : z_i + z_j > 2 rope} is a suffix of the order, so
    sum_j g_j H(z_i + z_j - 2 rope) = T - (C[hi_i] + C[lo_i]) / 2 with C the running sums
    of the sorted weights, T their total and [lo_i, hi_i) the ties — O(n) per draw.
    """

    def __init__(self, z: np.ndarray, rope: float) -> None:
        self.rope = rope
        self.sorted_route = z.size + 1 >= SORTED_ROUTE_FROM
        if not self.sorted_route:
            self.left_matrix, self.right_matrix = walsh_indicators(z, rope)
            return
        values = np.concatenate(([0.0], z))
        self.order = np.argsort(values, kind="stable")
        ordered = values[self.order]
        # the ties of each row: where the matrix route's (z_i + z_j) - 2 rope, as rounded,
        # turns >= 0 and > 0 (right), and -(z_i + z_j) - 2 rope turns <= 0 and < 0 (left)
        right = lambda cmp: lambda a, b: cmp((a + b) - 2 * rope, 0.0)  # noqa: E731
        left = lambda cmp: lambda a, b: cmp(-(a + b) - 2 * rope, 0.0)  # noqa: E731
        self.right_lo = _first_holding(ordered, 2 * rope - ordered, "left", right(np.greater_equal))
        self.right_hi = _first_holding(ordered, 2 * rope - ordered, "right", right(np.greater))
        self.left_lo = _first_holding(ordered, -2 * rope - ordered, "left", left(np.less_equal))
        self.left_hi = _first_holding(ordered, -2 * rope - ordered, "right", left(np.less))

    def __call__(self, g: np.ndarray) -> tuple[np.ndarray | None, np.ndarray]:
        """(left or None when rope = 0, right), both still to be divided by (sum g)^2."""
        if not self.sorted_route:
            right = quadratic_forms(g, self.right_matrix)
            return (None if self.rope == 0 else quadratic_forms(g, self.left_matrix)), right
        ordered = g[:, self.order]
        running = np.zeros((len(g), ordered.shape[1] + 1))
        np.cumsum(ordered, axis=1, out=running[:, 1:])
        total = running[:, -1]

        def weighted(index: np.ndarray) -> np.ndarray:
            return np.einsum("ij,ij->i", running[:, index], ordered)

        right = total * total - 0.5 * (weighted(self.right_lo) + weighted(self.right_hi))
        left = None if self.rope == 0 else 0.5 * (weighted(self.left_lo) + weighted(self.left_hi))
        return left, right


    def coefficients(self, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(A_left m, A_right m) for one weight vector m on [z0, z]: O(n) on the sorted route."""
        if not self.sorted_route:
            return self.left_matrix @ weights, self.right_matrix @ weights
        running = np.concatenate(([0.0], np.cumsum(weights[self.order])))
        left, right = np.empty_like(running[1:]), np.empty_like(running[1:])
        left[self.order] = 0.5 * (running[self.left_lo] + running[self.left_hi])
        right[self.order] = running[-1] - 0.5 * (running[self.right_lo] + running[self.right_hi])
        return left, right


def _fill_samples(samples: np.ndarray, alpha: np.ndarray, thetas: WalshThetas, rope: float,
                  rng: np.random.Generator, batch: int) -> None:
    for part in batches(len(samples), batch):
        g = gamma_weights(alpha, part.stop - part.start, rng)
        scale = g.sum(axis=1) ** 2
        left, right = thetas(g)
        right = right / scale
        # With rope = 0 the two regions complement each other exactly (H(0) = 1/2 on both).
        samples[part, 0] = 1.0 - right if left is None else left / scale
        samples[part, 2] = right


def signed_rank_win_shares(zs: np.ndarray, rope: float, prior_strength: float, n_samples: int,
                           rng: np.random.Generator, batch: int = BATCH, *, precision: float | None = None,
                           progress: bool = False) -> np.ndarray:
    """For many paired samples of equal length (rows of ``zs``), the share of posterior
    draws in which left, rope, right is the most probable region.

    The gamma weights are drawn once per batch and reused for every row (common random
    numbers): each row's posterior is sampled exactly, the rows' estimates are merely
    dependent. Samples are not kept, so memory stays O(batch x n). Tied regions of a
    draw count equally (:func:`~algocompare.bayesian._common.win_counts`).

    ``precision``: a row stops drawing once two Monte Carlo standard errors of each of
    its shares, sqrt(p (1 - p) / m) with p = (wins + 1)/(m + 2) after m draws, are at
    most ``precision`` (0.0005: the shares are known to the three printed decimals; a
    pair decided beyond doubt stops after about 4,000 draws). ``None``: always
    ``n_samples`` draws. Rows are independent given the weights, so a row's shares do
    not depend on which other rows are sampled with it.
    """
    thetas_of = [WalshThetas(z, rope) for z in zs]
    alpha = np.concatenate(([prior_strength], np.ones(zs.shape[1])))
    wins = np.zeros((len(zs), 3))
    drawn = np.zeros(len(zs))
    active = np.arange(len(zs))
    for part in batches(n_samples, batch, progress=progress, desc="posterior draws", unit="draw"):
        g = gamma_weights(alpha, part.stop - part.start, rng)
        scale = g.sum(axis=1) ** 2
        theta = np.zeros((len(g), 3))
        for row in active:
            left, right = thetas_of[row](g)
            theta[:, 2] = right / scale
            theta[:, 0] = 1.0 - theta[:, 2] if left is None else left / scale
            if rope > 0:
                theta[:, 1] = 1.0 - theta[:, 0] - theta[:, 2]
            wins[row] += win_counts(theta)
        drawn[active] += len(g)
        if precision is not None:
            active = active[~_known(wins[active], drawn[active], precision)]
            if not active.size:
                break
    return wins / np.maximum(drawn, 1)[:, None]


def _known(wins: np.ndarray, drawn: np.ndarray, precision: float) -> np.ndarray:
    """Rows whose three shares all have two Monte Carlo standard errors <= precision."""
    p = (wins + 1) / (drawn[:, None] + 2)
    return (2 * np.sqrt(p * (1 - p) / drawn[:, None]) <= precision).all(axis=1)


def signed_rank_means(z: np.ndarray, rope: float, prior_strength: float) -> np.ndarray:
    """Exact posterior means of theta, sum_ij E[w_i w_j] A_ij (no sampling).

    With m = alpha / a the mean weights, E[w_i w_j] = (a m_i m_j + [i = j] m_i) / (a + 1),
    so E[theta] = (a m^T A m + sum_i m_i A_ii) / (a + 1): one product A m, O(n log n) on
    the sorted route (no n x n matrix for large n).
    """
    return walsh_means(WalshThetas(z, rope), z, rope, prior_strength)


def walsh_means(thetas: WalshThetas, z: np.ndarray, rope: float, prior_strength: float) -> np.ndarray:
    """:func:`signed_rank_means` from the prepared ``thetas`` of ``z``."""
    alpha = np.concatenate(([prior_strength], np.ones(z.size)))
    a = alpha.sum()
    m = alpha / a
    doubled = 2 * np.concatenate(([0.0], z))
    left_coefficients, right_coefficients = thetas.coefficients(m)
    # elementwise sums, not BLAS dot products: those stall on a busy machine (thread spin)
    right = float((a * (m * right_coefficients).sum() + (m * heaviside(doubled - 2 * rope)).sum()) / (a + 1))
    if rope == 0:
        return np.array([1.0 - right, 0.0, right])
    left = float((a * (m * left_coefficients).sum() + (m * heaviside(-doubled - 2 * rope)).sum()) / (a + 1))
    return np.array([left, 1.0 - left - right, right])


@takes_two_samples(PAIRED)
def bayesian_signed_rank(x: Any, y: Any, rope: float = 0.0, *, prior_strength: float = 0.5,
                         n_samples: int = 50_000, threshold: float = 0.95,
                         names: tuple[str, str] | None = None, nan_policy: str = "raise",
                         rng: Any = None) -> BayesianPairedResult:
    """Bayesian signed-rank test on the paired differences ``z = x - y``.

    The Dirichlet-process posterior of the distribution of z is
    ``P = w_0 delta_{z0} + sum_j w_j delta_{z_j}`` with ``(w_0, ..., w_n) ~ Dir(s, 1, ..., 1)``
    and the pseudo-observation ``z0 = 0`` (Carrasco et al. 2020, sec. 5.2). The regions
    are defined on the Walsh averages (z_i + z_j)/2, over all ordered pairs i, j
    including i = j and the pseudo-observation, with H(0) = 1/2::

        theta_left  = sum_ij w_i w_j H(-(z_i + z_j) - 2 rope)     (x lower)
        theta_right = sum_ij w_i w_j H(  z_i + z_j  - 2 rope)     (y lower)
        theta_rope  = 1 - theta_left - theta_right

    These conventions are baycomp's (``SignedRankTest``), including the default prior
    strength 0.5. Sampling is vectorised: the Walsh indicator matrices are built once
    and each batch of draws needs two matrix products.

    rNPBST's ``bayesianSignedRank.test`` differs: it uses strict inequalities on both
    sides of each rope bound (a Walsh average exactly on a bound belongs to no region,
    so its thetas need not sum to 1) and reports posterior means, not the share of
    draws in which a region is the most probable; both are available here
    (``mean_*`` versus ``p_*``).

    Parameters
    ----------
    x, y : array_like
        Paired samples (one value per instance).
    rope : float
        Half-width of the region of practical equivalence (>= 0). With ``rope=0``
        theta_rope = 0 and the report has p_rope = 0, p_left + p_right = 1.
    prior_strength : float
        s, the weight of the pseudo-observation z0 = 0 (default 0.5, baycomp).
    n_samples, threshold, names, nan_policy, rng
        As in :func:`bayesian_sign`.

    Returns
    -------
    BayesianPairedResult
        ``p_left, p_rope, p_right`` (share of draws in which each region is the most
        probable, baycomp's sense) and ``mean_left, mean_rope, mean_right`` (exact
        posterior means, rNPBST's sense). Left = x lower, right = y lower. A draw in
        which the largest thetas tie (within 1e-9, i.e. up to rounding) counts equally
        for each: ``x == y`` gives p_left = p_right = 0.5, not a split decided by
        floating-point rounding.

    See Also
    --------
    bayesian_sign : the sign version (counts only).
    bayesian_pairwise : every pair of algorithms of a table.
    wilcoxon : the frequentist signed-rank test.

    References
    ----------
    .. [1] Benavoli, A., Corani, G., Mangili, F., Zaffalon, M., Ruggeri, F. (2014). A Bayesian
       Wilcoxon signed-rank test based on the Dirichlet process. *Proceedings of the 31st
       International Conference on Machine Learning (ICML)*, PMLR 32(2), 1026–1034.
       https://proceedings.mlr.press/v32/benavoli14.html
    .. [2] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html
    .. [3] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.bayesian_signed_rank([0.1, 0.4, 0.3, 0.9, 0.2], [0.3, 0.5, 0.2, 1.2, 0.6], rope=0.05, rng=1)
    >>> r.left, r.right
    ('x lower', 'y lower')
    >>> round(r.p_left, 2), round(r.p_rope, 2), round(r.p_right, 2), r.decision
    (0.96, 0.03, 0.01, 'left')
    """
    z, work_rope, prior_strength, n_samples, threshold, dropped = paired_differences(
        x, y, rope=rope, prior_strength=prior_strength, n_samples=n_samples, threshold=threshold,
        nan_policy=nan_policy)
    rope = float(rope)  # reported; z and work_rope share working units (see paired_differences)
    samples = signed_rank_samples(z, work_rope, prior_strength, n_samples, np.random.default_rng(rng))
    result = paired_result(method="Bayesian signed-rank test", samples=samples,
                           means=signed_rank_means(z, work_rope, prior_strength), rope=rope,
                           names=sample_names(x, y, names), prior_strength=prior_strength,
                           prior_place="z0 = 0", threshold=threshold, dropped_pairs=dropped)
    return with_tie_shares(result, samples)
