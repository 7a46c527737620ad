"""The large-sample (normal) posterior of the Bayesian signed-rank test.

With w ~ Dir(alpha), alpha = (s, 1, ..., 1) on [z0, z], mean weights m = alpha / a and
a = s + n, each theta = w^T A w (A the Walsh indicator matrix of the left or right
region) is, to first order, linear in w::

    theta ~ E[theta] + 2 c^T (w - m),     c = A m,

and a linear function of Dirichlet weights has covariance
Cov(c^T w, d^T w) = (sum_i m_i c_i d_i - (m.c)(m.d)) / (a + 1). The posterior of
(theta_left, theta_right) is taken as the bivariate normal with the exact means
E[theta] = (a m^T A m + sum_i m_i A_ii) / (a + 1) and these covariances, and the
reported probabilities are the normal probabilities of the three regions where left,
rope or right is the largest theta — no sampling, O(n log n) per pair. The neglected
quadratic term has a standard deviation O(1/n) against O(1/sqrt(n)) for the linear one;
the error of the probabilities is measured against the exact Monte Carlo posterior in
``tests/bayesian/test_large_sample.py`` and stated in :data:`LARGE_SAMPLE_FROM`.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import multivariate_normal, norm

from algocompare.bayesian._signed_rank import WalshThetas, walsh_means

#: From this many paired values on, ``bayesian_pairwise`` uses the normal posterior by
#: default. On the grid of ``tests/bayesian/test_large_sample.py`` (location shifts from 0
#: to 0.3 sd; normal, heavy-tailed, rounded and 60 % zero differences; rope 0, 0.1, 0.5)
#: its probabilities differ from 100,000-draw Monte Carlo ones by at most 0.01 at
#: n = 200 and 0.005 at n = 500 (beyond three Monte Carlo standard errors); the error
#: shrinks as 1/n. The Monte Carlo error of the default 50,000 draws is up to 0.0022.
LARGE_SAMPLE_FROM = 500


def normal_posterior(z: np.ndarray, rope: float, prior_strength: float) -> tuple[np.ndarray, np.ndarray]:
    """Exact means of (theta_left, theta_rope, theta_right) and the first-order covariance
    matrix of (theta_left, theta_right)."""
    alpha = np.concatenate(([prior_strength], np.ones(z.size)))
    a = alpha.sum()
    m = alpha / a
    thetas = WalshThetas(z, rope)
    coefficients = np.vstack(thetas.coefficients(m))
    centred = coefficients - (coefficients * m).sum(axis=1, keepdims=True)
    weighted = centred * m  # elementwise sums below, not BLAS products (they stall on a busy machine)
    covariance = 4.0 * (weighted[:, None, :] * centred[None, :, :]).sum(axis=2) / (a + 1)
    return walsh_means(thetas, z, rope, prior_strength), covariance


def region_shares(means: np.ndarray, covariance: np.ndarray, rope: float) -> np.ndarray:
    """Normal probabilities that left, rope, right has the largest theta.

    ``means`` of (left, rope, right) and ``covariance`` of (left, right), as
    :func:`normal_posterior` gives them.

    rope = 0: theta_left = 1 - theta_right, so right wins when theta_right > 1/2.
    rope > 0: each region wins where two linear forms of (theta_left, theta_right) are
    positive, a bivariate normal orthant probability.
    """
    means = np.asarray(means)[[0, 2]]
    if rope == 0:
        sd = np.sqrt(covariance[1, 1])
        right = float(means[1] > 0.5) if sd == 0 else float(norm.sf((0.5 - means[1]) / sd))
        return np.array([1.0 - right, 0.0, right])
    # rows: the two forms that must be > 0; constants: their offsets (theta_rope = 1 - L - R)
    forms = {"left": ([[1, -1], [2, 1]], [0, -1]), "rope": ([[-2, -1], [-1, -2]], [1, 1]),
             "right": ([[-1, 1], [1, 2]], [0, -1])}
    orthants = []
    for form_weights, form_offsets in forms.values():
        weights, offsets = np.asarray(form_weights, float), np.asarray(form_offsets, float)
        mean = weights @ means + offsets
        cov = weights @ covariance @ weights.T
        orthants.append(_positive_orthant(mean, cov))
    shares = np.clip(orthants, 0.0, 1.0)
    return shares / shares.sum()


def _positive_orthant(mean: np.ndarray, cov: np.ndarray) -> float:
    """P(X1 > 0, X2 > 0) for X ~ N(mean, cov), allowing a degenerate cov."""
    sd = np.sqrt(np.diag(cov))
    if np.any(sd < 1e-12 * (1 + np.abs(mean))):  # a coordinate without spread is decided by its mean
        fixed = sd < 1e-12 * (1 + np.abs(mean))
        if np.any(mean[fixed] <= 0):
            return 0.0
        free = np.flatnonzero(~fixed)
        return float(np.prod([norm.sf(-mean[j] / sd[j]) for j in free]))
    corr = np.clip(cov[0, 1] / (sd[0] * sd[1]), -1.0, 1.0)
    if abs(corr) > 1 - 1e-9:  # (anti)collinear forms: one normal variable
        low = -mean / sd  # X_i > 0 where the common standard normal exceeds low_i (or, if anti, is below -low_i)
        if corr > 0:
            return float(norm.sf(np.max(low)))
        return float(max(0.0, norm.sf(low[1]) - norm.cdf(low[0])))
    upper = mean / sd  # P(Y1 < u1, Y2 < u2) with Y = -(X - mean)/sd standardised
    return float(multivariate_normal.cdf(upper, mean=[0.0, 0.0], cov=[[1.0, corr], [corr, 1.0]]))
