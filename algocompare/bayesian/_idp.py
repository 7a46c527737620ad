"""Imprecise Dirichlet process test of P(X <= Y) (Benavoli, Mangili, Ruggeri & Zaffalon
2015, J. Stat. Theory Pract. 9(3):658-684; Carrasco et al. 2020, sections 5.3, 8.3.3, Table 16)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from algocompare._batching import batches
from algocompare._deprecation import renamed_field
from algocompare._results import BaseResult, internal
from algocompare._samples import INDEPENDENT, read_samples, takes_two_samples
from algocompare._validation import check_nonnegative, check_positive_int, check_probability
from algocompare.bayesian._common import sample_names
from algocompare.bayesian._dirichlet import BATCH, gamma_weights

__all__ = ["idp_wilcoxon", "IDPResult"]


@dataclass(frozen=True, kw_only=True)
class IDPResult(BaseResult):
    """Lower and upper posterior probability that P(X <= Y) > c.

    ``p_lower`` and ``p_upper`` are the posterior probabilities under the least and most
    favourable prior (the pseudo-observations placed where they count against, or for,
    X <= Y): the bounds of the posterior probability over the prior set, not an
    interval estimate. ``decision`` follows Carrasco et al. (2020), sec. 8.3.3:
    ``"<x> lower"`` when both exceed ``threshold``, ``"<y> lower"`` when both are below
    1 - threshold, ``"no decision"`` when both lie between, ``"prior-dependent"``
    otherwise. The fields ``lower`` and ``upper`` of earlier versions are deprecated
    aliases of ``p_lower`` and ``p_upper``.

    Attributes
    ----------
    x_name, y_name : str
        Labels of the samples.
    p_lower, p_upper : float
        Posterior probabilities that the lower and the upper P(X <= Y) exceed ``c``.
    c : float
        The value P(X <= Y) is compared with.
    prior_strength : float
        s, the weight of the pseudo-observation.
    threshold : float
        Probability both bounds need for a decision.
    decision : str
        As above.
    n_samples : int
        Posterior draws.
    lower_samples, upper_samples : numpy.ndarray
        The draws of the lower and upper P(X <= Y).

    See Also
    --------
    idp_wilcoxon : the function that returns it.

    References
    ----------
    .. [1] Benavoli, A., Mangili, F., Ruggeri, F., Zaffalon, M. (2015). Imprecise Dirichlet
       process with application to the hypothesis test on the probability that X ≤ Y. *Journal of
       Statistical Theory and Practice* 9(3), 658–684. doi:10.1080/15598608.2014.985997
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.idp_wilcoxon([1.0, 2.0, 1.5, 0.5, 1.2, 0.8], [2.5, 3.0, 2.2, 1.9, 2.8, 3.1], rng=0)
    >>> r.p_lower <= r.p_upper, r.x_name
    (True, 'x')
    """

    kind: ClassVar[str] = "bayesian"

    x_name: str
    y_name: str
    p_lower: float
    p_upper: float
    c: float
    prior_strength: float
    threshold: float
    decision: str
    n_samples: int
    lower_samples: np.ndarray = internal()
    upper_samples: np.ndarray = internal()

    lower = renamed_field("p_lower")
    upper = renamed_field("p_upper")


def idp_decision(lower: float, upper: float, threshold: float, names: tuple[str, str]) -> str:
    """The four-way decision of Carrasco et al. (2020), sec. 8.3.3."""
    if lower > threshold and upper > threshold:
        return f"{names[0]} lower"
    if lower < 1 - threshold and upper < 1 - threshold:
        return f"{names[1]} lower"
    if 1 - threshold <= lower <= threshold and 1 - threshold <= upper <= threshold:
        return "no decision"
    return "prior-dependent"


@takes_two_samples(INDEPENDENT)
def idp_wilcoxon(x: Any, y: Any, *, prior_strength: float = np.sqrt(2) - 1, c: float = 0.5,
                 threshold: float = 0.95, n_samples: int = 50_000, names: tuple[str, str] | None = None,
                 nan_policy: str = "raise", rng: Any = None) -> IDPResult:
    """Imprecise Dirichlet process (IDP) rank-sum test of P(X <= Y) > c.

    Independent DP posteriors for X and Y: ``w^x ~ Dir(s, 1, ..., 1)`` on
    (X0, x_1, ..., x_nx) and likewise for Y. With I_ij = 1 if x_i < y_j, 1/2 if equal,
    0 otherwise, the lower and upper posteriors of P(X <= Y) are::

        lower = sum_ij w^x_i w^y_j I_ij
        upper = lower + w^x_0 w^y_0 + w^x_0 sum_j w^y_j + w^y_0 sum_i w^x_i

    (pseudo-observations placed at +/- infinity, the extremes over all prior measures).
    Reported are ``p_lower`` = P(lower > c) and ``p_upper`` = P(upper > c). The default
    prior strength s = sqrt(2) - 1 and c = 0.5 are rNPBST's (``bayesian.imprecise``) and
    the paper's. x and y are independent samples and may differ in length.

    Parameters
    ----------
    x, y : independent samples (at least 2 values each).
    prior_strength : s, the weight of each pseudo-observation (default sqrt(2) - 1).
    c : the value P(X <= Y) is compared with (default 0.5).
    threshold : probability both bounds need for a decision (default 0.95).
    n_samples : posterior draws.
    names : labels of x and y (default: the Series names, else "x", "y").
    rng : None, int or numpy Generator.

    Returns
    -------
    IDPResult
        ``p_lower``, ``p_upper`` and the ``decision``.

    See Also
    --------
    rank_sum : the frequentist test of the same P(X <= Y).
    bayesian_signed_rank : the Bayesian test of paired samples.

    References
    ----------
    .. [1] Benavoli, A., Mangili, F., Ruggeri, F., Zaffalon, M. (2015). Imprecise Dirichlet
       process with application to the hypothesis test on the probability that X ≤ Y. *Journal of
       Statistical Theory and Practice* 9(3), 658–684. doi:10.1080/15598608.2014.985997
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.idp_wilcoxon([1.0, 2.0, 1.5, 0.5, 1.2, 0.8], [2.5, 3.0, 2.2, 1.9, 2.8, 3.1], rng=0)
    >>> r.decision
    'x lower'
    """
    samples = read_samples(x, y, paired=False, nan_policy=nan_policy)
    a, b = samples.x, samples.y
    s = check_nonnegative("prior_strength", prior_strength)
    c = check_probability("c", c)
    threshold = check_probability("threshold", threshold)
    n_samples = check_positive_int("n_samples", n_samples)
    generator = np.random.default_rng(rng)
    indicator = (a[:, None] < b[None, :]) + 0.5 * (a[:, None] == b[None, :])
    lower = np.empty(n_samples)
    upper = np.empty(n_samples)
    for part in batches(n_samples, BATCH):
        size = part.stop - part.start
        wx = gamma_weights(np.r_[s, np.ones(a.size)], size, generator)
        wy = gamma_weights(np.r_[s, np.ones(b.size)], size, generator)
        wx /= wx.sum(axis=1, keepdims=True)
        wy /= wy.sum(axis=1, keepdims=True)
        low = np.einsum("ij,ij->i", wx[:, 1:] @ indicator, wy[:, 1:])
        lower[part] = low
        upper[part] = low + wx[:, 0] * wy[:, 0] + wx[:, 0] * (1 - wy[:, 0]) + wy[:, 0] * (1 - wx[:, 0])
    p_lower, p_upper = float(np.mean(lower > c)), float(np.mean(upper > c))
    labels = sample_names(x, y, names)
    return IDPResult(method="IDP rank-sum (Wilcoxon) test", x_name=labels[0], y_name=labels[1], p_lower=p_lower,
                     p_upper=p_upper, c=c, prior_strength=s, threshold=threshold,
                     decision=idp_decision(p_lower, p_upper, threshold, labels), n_samples=n_samples,
                     lower_samples=lower, upper_samples=upper, **samples.recorded)
