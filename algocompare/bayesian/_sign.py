"""Bayesian sign test (Benavoli, Corani, Mangili, Zaffalon & Ruggeri 2014; Carrasco et al. 2020, sec. 5.2)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from algocompare._samples import PAIRED, takes_two_samples
from algocompare._validation import check_option
from algocompare.bayesian._common import paired_differences, sample_names, win_counts, with_shares, with_tie_shares
from algocompare.bayesian._result import BayesianPairedResult, paired_result

__all__ = ["bayesian_sign"]

PRIOR_PLACES = ("rope", "left", "right", "split")
#: Added to every Dirichlet parameter so that an empty region still has a proper posterior
#: (baycomp's convention).
STABILITY = 1e-4


def sign_counts(z: np.ndarray, rope: float) -> np.ndarray:
    """(n_left, n_rope, n_right): z < -rope, |z| <= rope, z > rope."""
    n_left = int(np.count_nonzero(z < -rope))
    n_right = int(np.count_nonzero(z > rope))
    return np.array([n_left, z.size - n_left - n_right, n_right], dtype=float)


def sign_posterior_alpha(z: np.ndarray, rope: float, prior_strength: float, prior_place: str) -> np.ndarray:
    """Dirichlet parameters of (theta_left, theta_rope, theta_right).

    Carrasco et al. (2020), sec. 5.2: Dir(n_l + s I_left(z0), n_e + s I_rope(z0), n_r + s I_right(z0));
    ``prior_place`` says where the pseudo-observation z0 lies. ``"split"`` puts s/3 on each
    region (rNPBST's ``bayesianSign.test``).
    """
    alpha = sign_counts(z, rope) + STABILITY
    if prior_place == "split":
        alpha += prior_strength / 3.0
    else:
        alpha[("left", "rope", "right").index(prior_place)] += prior_strength
    return alpha


@takes_two_samples(PAIRED)
def bayesian_sign(x: Any, y: Any, rope: float = 0.0, *, prior_strength: float = 1.0,
                  prior_place: str = "rope", n_samples: int = 50_000, threshold: float = 0.95,
                  names: tuple[str, str] | None = None, nan_policy: str = "raise",
                  rng: Any = None) -> BayesianPairedResult:
    """Bayesian sign test on the paired differences ``z = x - y``.

    The Dirichlet-process posterior with prior strength ``s`` and pseudo-observation
    ``z0`` gives (Carrasco et al. 2020, sec. 5.2; Benavoli et al. 2017, JMLR 18, sec. 4)::

        (theta_left, theta_rope, theta_right) ~ Dir(n_left + s[z0 left] + 1e-4,
                                                   n_rope + s[z0 in rope] + 1e-4,
                                                   n_right + s[z0 right] + 1e-4)

    where left is ``z < -rope`` (x lower), rope is ``-rope <= z <= rope`` and right is
    ``z > rope`` (y lower). The 1e-4 and the default prior on the rope follow baycomp.

    Parameters
    ----------
    x, y : array_like
        Paired samples (one value per instance), e.g. mean errors of two algorithms.
    rope : float
        Half-width of the region of practical equivalence (>= 0). With ``rope=0``
        the rope cell (the zero differences) is dropped from the reported probabilities
        (left + right = 1). When it is the most probable region in every draw (most
        differences are 0), p_left and p_right are the shares of draws with theta_left >
        theta_right and the reverse, with a UserWarning, never NaN.
    prior_strength : float
        s, the weight of the pseudo-observation.
    prior_place : {"rope", "left", "right", "split"}
        Region of the pseudo-observation: ``"rope"`` (default, baycomp), ``"left"``,
        ``"right"``, or ``"split"`` (s/3 on each region, rNPBST).
    n_samples : int
        Posterior draws.
    threshold : float
        Probability a region needs for a decision.
    names : tuple of str, optional
        Labels of x and y (default: the Series names, else "x", "y").
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the pairs with a missing value.
    rng : None, int or numpy.random.Generator
        Seed or generator of the posterior draws.

    Returns
    -------
    BayesianPairedResult
        ``p_left, p_rope, p_right`` (share of draws in which the region is the most
        probable, as baycomp) and ``mean_left, mean_rope, mean_right`` (posterior means
        of theta, as rNPBST and Carrasco et al. Table 15). A draw in which the largest
        thetas tie (within 1e-9) counts equally for each.

    See Also
    --------
    bayesian_signed_rank : uses the sizes of the differences too (more powerful).
    bayesian_pairwise : every pair of algorithms of a table.
    sign_test : the frequentist sign test.

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
    >>> r = ac.bayesian_sign([0.1, 0.4, 0.3, 0.9, 0.2], [0.3, 0.5, 0.2, 1.2, 0.6], rope=0.05, rng=1)
    >>> r.left, round(r.mean_left, 3)
    ('x lower', 0.667)
    """
    check_option("prior_place", prior_place, PRIOR_PLACES)
    z, work_rope, prior_strength, n_samples, threshold, dropped = paired_differences(
        x, y, rope=rope, prior_strength=prior_strength, n_samples=n_samples, threshold=threshold,
        nan_policy=nan_policy)
    rope = float(rope)  # reported; z and work_rope share working units (see paired_differences)
    alpha = sign_posterior_alpha(z, work_rope, prior_strength, prior_place)
    samples = np.random.default_rng(rng).dirichlet(alpha, n_samples)
    result = with_tie_shares(paired_result(
        method="Bayesian sign test", samples=samples, means=alpha / alpha.sum(), rope=rope,
        names=sample_names(x, y, names), prior_strength=prior_strength, prior_place=prior_place,
        threshold=threshold, dropped_pairs=dropped), samples)
    if rope == 0 and np.isnan(result.p_left):
        return left_against_right(result, samples)
    return result


def left_against_right(result: BayesianPairedResult, samples: np.ndarray) -> BayesianPairedResult:
    """rope = 0 and theta_rope (the zero differences) largest in every draw: p_left, p_right
    become the shares of draws with theta_left > theta_right and the reverse (ties
    halved), so that they stay defined and sum to 1; says so with a warning."""
    left, right = win_counts(samples[:, [0, 2]]) / len(samples)
    warnings.warn(
        "bayesian_sign: the zero differences outweigh both signs in every posterior draw, so "
        "p_left and p_right compare theta_left with theta_right directly (ignoring theta_rope); "
        "consider rope > 0.", UserWarning, stacklevel=3)
    return with_shares(result, (float(left), 0.0, float(right)))
