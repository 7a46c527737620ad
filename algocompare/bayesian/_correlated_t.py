"""Bayesian correlated t-test of two learners cross-validated on one data set (Corani & Benavoli 2015)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy import stats

from algocompare._results import BaseResult
from algocompare._samples import PAIRED, read_samples, takes_two_samples
from algocompare._scaling import scaled_back
from algocompare._validation import check_nonnegative, check_probability
from algocompare.bayesian._common import sample_names
from algocompare.bayesian._result import decide
from algocompare.frequentist._cross_validation import corrected_moments, resolve_test_train_ratio

__all__ = ["bayesian_correlated_ttest", "BayesianCorrelatedTResult"]


@dataclass(frozen=True, kw_only=True)
class BayesianCorrelatedTResult(BaseResult):
    """Posterior of the mean difference of two learners' cross-validation scores: a Student t.

    The posterior of mu, the mean of x − y, is ``location + scale · T(df)``; the
    probabilities of the three regions are exact (the t CDF, no sampling).

    Attributes
    ----------
    x_name, y_name : str
        Names of the two learners.
    left, right : str
        What the left region (mu < −rope, x lower) and the right one (mu > rope, y lower) mean.
    rope : float
        Half-width of the region of practical equivalence, in the scores' units.
    p_left, p_rope, p_right : float
        Posterior probabilities of mu < −rope, −rope ≤ mu ≤ rope and mu > rope (with
        ``rope=0`` the rope has probability 0).
    location : float
        Posterior mean (and median) of mu: the mean of x − y.
    scale : float
        Posterior scale of mu: sqrt((1/n + n_test/n_train) s²); 0 when every difference is equal.
    df : int
        Degrees of freedom of the posterior t: n − 1.
    n : int
        Number of paired scores.
    test_train_ratio : float
        n_test / n_train used for the correlation rho = n_test / (n_test + n_train).
    threshold : float
        Probability a region needs for a decision.
    decision : str
        ``"left"``, ``"rope"``, ``"right"`` or ``"undecided"``.
    winner : str
        The decision in words.

    See Also
    --------
    bayesian_correlated_ttest : the function that returns it.
    algocompare.plots.plot_posterior_t : its figure (``result.plot()``).

    References
    ----------
    .. [1] Corani, G., Benavoli, A. (2015). A Bayesian approach for comparing cross-validated
       algorithms on multiple data sets. *Machine Learning* 100(2), 285–304.
       doi:10.1007/s10994-015-5486-z

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.bayesian_correlated_ttest([0.81, 0.79, 0.84, 0.80, 0.83], [0.78, 0.79, 0.80, 0.77, 0.81], rope=0.01)
    >>> r.df, r.decision
    (4, 'undecided')
    """

    kind: ClassVar[str] = "bayesian"

    x_name: str
    y_name: str
    left: str
    right: str
    rope: float
    p_left: float
    p_rope: float
    p_right: float
    location: float
    scale: float
    df: int
    n: int
    test_train_ratio: float
    threshold: float
    decision: str
    winner: str

    @property
    def probabilities(self) -> tuple[float, float, float]:
        """``(p_left, p_rope, p_right)``."""
        return self.p_left, self.p_rope, self.p_right

    def sample(self, size: int = 50_000, *, rng: Any = None) -> np.ndarray:
        """Draws of mu from the posterior (``location`` everywhere when ``scale`` is 0).

        Parameters
        ----------
        size : int
            Number of draws.
        rng : None, int or numpy.random.Generator
            Seed or generator.

        Returns
        -------
        numpy.ndarray
            ``size`` draws of the mean difference x − y.
        """
        draws = np.random.default_rng(rng).standard_t(self.df, size)
        return self.location + self.scale * draws if self.scale > 0 else np.full(size, self.location)

    def interval(self, level: float = 0.95) -> tuple[float, float]:
        """Central credible interval of mu at ``level`` (its equal-tailed, also highest-density, interval).

        Parameters
        ----------
        level : float
            Posterior probability of the interval.

        Returns
        -------
        tuple of float
            (low, high).
        """
        check_probability("level", level)
        half = float(stats.t.ppf(0.5 + level / 2, self.df)) * self.scale
        return self.location - half, self.location + half


def region_probabilities(location: float, scale: float, df: int, rope: float) -> tuple[float, float, float]:
    """Exact P(mu < −rope), P(|mu| <= rope), P(mu > rope) of ``location + scale · T(df)``.

    A scale of 0 is a point mass at ``location`` (a value on ±rope counts as rope); with
    ``rope=0`` a point mass at exactly 0 is split equally between left and right, as baycomp.
    """
    if scale == 0:
        if rope == 0 and location == 0:
            return 0.5, 0.0, 0.5
        return float(location < -rope), float(abs(location) <= rope), float(location > rope)
    p_left = float(stats.t.cdf((-rope - location) / scale, df))
    p_right = float(stats.t.sf((rope - location) / scale, df))
    return p_left, max(0.0, 1.0 - p_left - p_right), p_right


@takes_two_samples(PAIRED)
def bayesian_correlated_ttest(x: Any, y: Any, rope: float = 0.0, *, test_train_ratio: float | None = None,
                              runs: int | None = None, rho: float | None = None, threshold: float = 0.95,
                              names: tuple[str, str] | None = None,
                              nan_policy: str = "raise") -> BayesianCorrelatedTResult:
    """Bayesian correlated t-test (Corani & Benavoli 2015) of two learners' cross-validation scores.

    The n per-fold differences d = x − y are modelled as correlated normal with correlation
    rho = n_test / (n_test + n_train) between folds; under the non-informative prior the
    posterior of their mean mu is Student's t (Corani & Benavoli 2015, Theorem 1)::

        mu | d ~ mean(d) + sqrt((1/n + rho/(1 − rho)) s²) · T(n − 1)

    with rho/(1 − rho) = n_test / n_train, the factor of Nadeau & Bengio's correction.

    Parameters
    ----------
    x, y : array_like
        Scores of the two learners on the same folds (r repetitions × k folds).
    rope : float
        Half-width of the region of practical equivalence, in the scores' units (>= 0).
    test_train_ratio : float, optional
        n_test / n_train of one fold (1/(k − 1) for k-fold cross-validation).
    runs : int, optional
        Instead: the number r of repetitions of k-fold cross-validation, k = n / r (baycomp's
        ``runs``); when none of the three is given, ``runs=1``.
    rho : float, optional
        Instead: the correlation n_test / (n_test + n_train) (scmamp's ``rho``, 1/k for k folds).
    threshold : float
        Probability a region needs for a decision.
    names : tuple of str, optional
        Labels of x and y (default: the Series names, else "x", "y").

    Returns
    -------
    BayesianCorrelatedTResult
        ``p_left`` (x lower by more than the rope), ``p_rope``, ``p_right`` (y lower), exact;
        the posterior's ``location``, ``scale`` and ``df``; ``sample()`` draws from it and
        ``interval()`` gives a credible interval.

    See Also
    --------
    corrected_ttest : the frequentist test with the same correction.
    bayesian_signed_rank : several data sets, one score per data set.

    Notes
    -----
    baycomp's ``CorrelatedTTest(x, y, rope, runs)`` and scmamp's ``bCorrelatedTtest(x, y,
    rho, rope)`` compute the same posterior (checked in ``tests/bayesian/test_correlated_t.py``);
    they differ in conventions, which map as follows:

    * direction: baycomp works on y − x, so its ``p_left`` is our ``p_right``; scmamp works
      on x − y as we do (its rope is an interval (min, max); ours is ±rope);
    * the correlation: baycomp has only ``runs`` (k = n / runs folds, rho = 1/k); scmamp only
      ``rho``, default 0 (no correction); here any of the three, default ``runs=1``;
    * all differences equal (s = 0): baycomp takes the point mass at the mean (with ``rope=0``
      and mean 0, 1/2 each side); scmamp divides by 0 (NaN when the mean equals a rope
      bound). Here baycomp's rule, a mean exactly on ±rope counting as rope;
    * df = n − 1 in both, and here.

    References
    ----------
    .. [1] Corani, G., Benavoli, A. (2015). A Bayesian approach for comparing cross-validated
       algorithms on multiple data sets. *Machine Learning* 100(2), 285–304.
       doi:10.1007/s10994-015-5486-z
    .. [2] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html
    .. [3] Nadeau, C., Bengio, Y. (2003). Inference for the generalization error. *Machine
       Learning* 52(3), 239–281. doi:10.1023/A:1024068626366

    Examples
    --------
    >>> import algocompare as ac
    >>> x = [0.81, 0.79, 0.84, 0.80, 0.83, 0.82, 0.78, 0.85, 0.80, 0.81]
    >>> y = [0.78, 0.79, 0.80, 0.77, 0.81, 0.80, 0.79, 0.80, 0.76, 0.80]
    >>> r = ac.bayesian_correlated_ttest(x, y, rope=0.01)       # one 10-fold cross-validation
    >>> [round(p, 4) for p in r.probabilities]   # baycomp CorrelatedTTest.probs(x, y, 0.01), reversed
    [0.0021, 0.0821, 0.9158]
    """
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    rope = check_nonnegative("rope", rope)
    threshold = check_probability("threshold", threshold)
    n = samples.x.size
    ratio = resolve_test_train_ratio(n, test_train_ratio, runs, rho)
    location, scale, exponent = corrected_moments(samples.x, samples.y, ratio)  # the corrected t's mean and se
    work_rope = math.ldexp(rope, -exponent)  # the rope in the scaled units of d
    probabilities = region_probabilities(location, scale, n - 1, work_rope)
    x_name, y_name = sample_names(x, y, names)
    left, right = f"{x_name} lower", f"{y_name} lower"
    decision = decide(*probabilities, threshold)
    winner = {"left": left, "rope": "equivalent", "right": right}.get(decision, "undecided")
    return BayesianCorrelatedTResult(
        method="Bayesian correlated t-test", x_name=x_name, y_name=y_name, left=left, right=right, rope=rope,
        p_left=probabilities[0], p_rope=probabilities[1], p_right=probabilities[2],
        location=scaled_back(location, exponent), scale=scaled_back(scale, exponent), df=n - 1, n=n,
        test_train_ratio=ratio, threshold=threshold, decision=decision, winner=winner, **samples.recorded)
