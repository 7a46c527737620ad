"""Result of the Bayesian sign and signed-rank tests and the shared decision rule.

Two kinds of probability are reported, and they answer different questions:

* ``p_left``, ``p_rope``, ``p_right`` — **the share of posterior draws in which each
  region is the most probable** (argmax of (theta_left, theta_rope, theta_right) per draw).
  This is what baycomp's ``probs()`` returns and what the decision uses (Benavoli, Corani,
  Demšar & Zaffalon 2017, JMLR 18, sec. 4).
* ``mean_left``, ``mean_rope``, ``mean_right`` — **the posterior means of theta**, i.e.
  the expected probability mass of each region. This is what rNPBST returns
  (``colMeans(sample)``) and what Carrasco et al. (2020) print in Table 15. They are
  computed exactly (no Monte Carlo error).

"left" always means ``x - y < -rope`` (x lower than y by more than the rope), "right"
means ``x - y > rope`` (y lower); a difference exactly on ``±rope`` counts as rope.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from algocompare._results import BaseResult, internal
from algocompare._validation import check_probability

__all__ = ["BayesianPairedResult", "REGIONS", "decide", "region_probabilities"]

REGIONS = ("left", "rope", "right")


def region_probabilities(samples: np.ndarray, rope: float) -> tuple[float, float, float]:
    """Share of draws in which each region has the largest theta (ties go to the first).

    With ``rope == 0`` the rope cell is dropped and left/right are renormalised to sum
    to 1, as baycomp's ``probs(with_rope=False)``; if no draw favours left or right the
    shares are undefined (NaN).
    """
    winners = np.argmax(samples, axis=1)
    return report_shares(np.bincount(winners, minlength=3) / len(winners), rope)


def report_shares(shares: np.ndarray, rope: float) -> tuple[float, float, float]:
    """Reported (p_left, p_rope, p_right) from the raw win shares (rope = 0: renormalised)."""
    p_left, p_rope, p_right = shares
    if rope > 0:
        return float(p_left), float(p_rope), float(p_right)
    total = p_left + p_right
    if total == 0:
        return float("nan"), 0.0, float("nan")
    return float(p_left / total), 0.0, float(p_right / total)


def decide(p_left: float, p_rope: float, p_right: float, threshold: float) -> str:
    """``"left"``, ``"rope"`` or ``"right"`` when that region's probability reaches
    ``threshold``, otherwise ``"undecided"``."""
    check_probability("threshold", threshold)
    for region, p in zip(REGIONS, (p_left, p_rope, p_right), strict=False):
        if np.isfinite(p) and p >= threshold:
            return region
    return "undecided"


@dataclass(frozen=True, kw_only=True)
class BayesianPairedResult(BaseResult):
    """Posterior of (theta_left, theta_rope, theta_right) for the differences x - y.

    Attributes
    ----------
    x_name : str
        Name of the first sample (algorithm).
    y_name : str
        Name of the second sample (algorithm).
    left : str
        What the left region means, e.g. ``"A lower"`` (``x - y < -rope``).
    right : str
        What the right region means, e.g. ``"B lower"`` (``x - y > rope``).
    p_left : float
        Share of posterior draws in which the left region is the most probable
        (baycomp's ``probs``); the decision uses p_left, p_rope and p_right.
    p_rope : float
        The same for the rope.
    p_right : float
        The same for the right region.
    mean_left : float
        Posterior mean of theta_left (rNPBST's ``probabilities``; Carrasco et al. 2020, Table 15).
    mean_rope : float
        Posterior mean of theta_rope.
    mean_right : float
        Posterior mean of theta_right.
    decision : str
        ``"left"``, ``"rope"``, ``"right"`` or ``"undecided"`` at ``threshold``.
    winner : str
        The decision in words (``"A lower"``, ``"equivalent"``, ``"undecided"``).
    samples : numpy.ndarray
        Posterior draws, shape (n_samples, 3), columns left, rope, right.
    rope : float
        Half-width of the region of practical equivalence, in the data's units.
    prior_strength : float
        Weight of the prior pseudo-observation.
    prior_place : str
        Region of the prior pseudo-observation.
    n_samples : int
        Number of posterior draws.
    threshold : float
        Probability a region needs for a decision.

    See Also
    --------
    bayesian_sign, bayesian_signed_rank : the tests that return it.
    algocompare.plots.plot_simplex : the posterior draws on the simplex (``result.plot()``).

    References
    ----------
    .. [1] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.bayesian_sign([0.1, 0.4, 0.3, 0.9], [0.3, 0.5, 0.2, 1.2], rope=0.05, rng=0)
    >>> r.probabilities == (r.p_left, r.p_rope, r.p_right), r.samples.shape
    (True, (50000, 3))
    """

    kind: ClassVar[str] = "bayesian"

    x_name: str
    y_name: str
    left: str
    right: str
    rope: float
    prior_strength: float
    prior_place: str
    n_samples: int
    p_left: float
    p_rope: float
    p_right: float
    mean_left: float
    mean_rope: float
    mean_right: float
    threshold: float
    decision: str
    winner: str
    samples: np.ndarray = internal()

    @property
    def probabilities(self) -> tuple[float, float, float]:
        """``(p_left, p_rope, p_right)``."""
        return self.p_left, self.p_rope, self.p_right

    @property
    def posterior_mean(self) -> tuple[float, float, float]:
        """``(mean_left, mean_rope, mean_right)``: the posterior means of theta."""
        return self.mean_left, self.mean_rope, self.mean_right


def paired_result(*, method: str, samples: np.ndarray, means: np.ndarray, rope: float,
                  names: tuple[str, str], prior_strength: float, prior_place: str,
                  threshold: float, dropped_pairs: tuple | None = None) -> BayesianPairedResult:
    """Assemble the result object from posterior draws and exact posterior means."""
    x_name, y_name = (str(n) for n in names)
    p_left, p_rope, p_right = region_probabilities(samples, rope)
    decision = decide(p_left, p_rope, p_right, threshold)
    left, right = f"{x_name} lower", f"{y_name} lower"
    winner = {"left": left, "rope": "equivalent", "right": right}.get(decision, "undecided")
    return BayesianPairedResult(
        method=method, x_name=x_name, y_name=y_name, left=left, right=right, rope=rope,
        prior_strength=prior_strength, prior_place=prior_place, n_samples=len(samples),
        p_left=p_left, p_rope=p_rope, p_right=p_right,
        mean_left=float(means[0]), mean_rope=float(means[1]), mean_right=float(means[2]),
        threshold=threshold, decision=decision, winner=winner, samples=samples, dropped_pairs=dropped_pairs,
    )
