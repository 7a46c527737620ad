"""Number of problem instances for comparing algorithms (Campelo & Takahashi; Campelo & Wanner).

The N* of Campelo & Takahashi (thesis eqs. 20–22) is the smallest number of instances for
which the paired t test on the per-instance differences, with standardised effect size
``d`` (sd 1, delta d, df N − 1, ncp d·sqrt(N)), reaches the target power. For K
comparisons (Campelo & Wanner 2020) comparison i = 1..K is tested at the Holm level
alpha / (K − i + 1), and the design targets the mean, the median or the worst-case power
of the K comparisons. Wilcoxon and sign tests inflate N* by their asymptotic relative
efficiency to the t test (eq. 24: 0.86 and 0.637).

The conventions are those of the R package CAISEr 1.0 (``calc_instances``):

* ``power_target="mean"``: the smallest integer N whose mean power over the K Holm levels
  reaches the target, then ``ceiling(N / ARE)``;
* ``"worst_case"`` (level alpha/K, i.e. Bonferroni) and ``"median"`` (level
  alpha/(K − floor(K/2) + 1)): the unrounded n solving power(n) = target, then
  ``ceiling(n / ARE)``; the reported powers are at ``ceiling(n)``;
* two-sided power counts the far rejection tail only (R's ``power.t.test`` default
  ``strict=FALSE``); ``strict=True`` counts both; ``"less"`` and ``"greater"`` are the
  one-sided test (CAISEr's ``"one.sided"``) of a difference of size d in that direction,
  so both give the same N*;
* the reported powers are those of the t test (before the ARE inflation).

With a single comparison every target uses level alpha.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd
from scipy import optimize

from algocompare import _options
from algocompare import _validation as v
from algocompare._deprecation import keyword_only_from, renamed_field, renamed_parameters, renamed_value
from algocompare._results import BaseResult
from algocompare.effects._power import t_power

__all__ = ["calc_instances", "instance_power_curve", "InstancesResult", "InstancePowerCurve"]

#: Asymptotic relative efficiency to the paired t test under normality (thesis eq. 24).
ARE = {"t": 1.0, "wilcoxon": 0.86, "sign": 0.637}
#: The old spelling of the one-sided alternative, kept one release as ``"greater"``.
_OLD_ALTERNATIVES = {"one-sided": "greater"}
TARGETS = ("mean", "median", "worst_case")
_N_MAX = 1e7  # upper end of the search, as R's power.t.test


def _check_common(d, alpha, alternative, test, n_comparisons) -> tuple[float, float, str, int]:
    d = v.check_positive("d (the minimally relevant standardised effect size)", d)
    alpha = _options.check_alpha(alpha)
    alternative = _options.check_alternative(alternative)
    v.check_option("test", test, tuple(ARE))
    n_comparisons = v.check_positive_int("n_comparisons", n_comparisons)
    return d, alpha, alternative, n_comparisons


def holm_levels(alpha: float, n_comparisons: int) -> np.ndarray:
    """Holm's step-down levels alpha / (K − i + 1), i = 1..K (smallest first)."""
    return alpha / (n_comparisons - np.arange(1, n_comparisons + 1) + 1)


def _power(n, d, level: float, alternative: str, strict: bool):
    """Power of the paired t test with n instances, sd 1 and mean difference d (broadcast)."""
    n = np.asarray(n, dtype=float)
    ncp, df = np.asarray(d, dtype=float) * np.sqrt(n), n - 1
    if alternative != "two-sided":  # "greater" or "less": one-sided, d is the size of the difference
        return t_power(ncp, df, level, alternative="greater")
    if strict:
        return t_power(ncp, df, level, alternative="two-sided")
    return t_power(ncp, df, level / 2, alternative="greater")


def holm_power_profile(n: int, d: float, alpha: float, n_comparisons: int, alternative: str = "two-sided",
                       strict: bool = False) -> np.ndarray:
    """Power of each of K comparisons at the Holm levels with n instances (t test)."""
    return np.array([_power(n, d, level, alternative, strict) for level in holm_levels(alpha, n_comparisons)],
                    dtype=float)


def _solve_n(d: float, level: float, power: float, alternative: str, strict: bool) -> float:
    """The unrounded n with power(n) = target (R's power.t.test solves the same on [2, 1e7])."""
    def gap(n):
        return float(_power(n, d, level, alternative, strict)) - power

    if gap(2.0) >= 0:
        return 2.0
    if gap(_N_MAX) < 0:
        raise ValueError(f"no number of instances up to {int(_N_MAX):,} reaches power {power:g} for d = {d:g}; "
                         "the search range of N* ends there (N* grows as 1/d²): ask for a larger d (or a lower "
                         "power).")
    return optimize.brentq(gap, 2.0, _N_MAX, xtol=1e-10, rtol=1e-14)


def _smallest_n_mean(d, alpha, power, n_comparisons, alternative, strict) -> int:
    """Smallest integer N whose mean power over the Holm levels reaches ``power``."""
    start = max(2, math.ceil(_solve_n(d, alpha, power, alternative, strict)))
    levels = holm_levels(alpha, n_comparisons)
    block = 64
    while start < _N_MAX:
        ns = np.arange(start, start + block, dtype=float)
        mean = np.mean([_power(ns, d, lv, alternative, strict) for lv in levels], axis=0)
        hit = np.flatnonzero(mean >= power)
        if hit.size:
            return int(ns[hit[0]])
        start += block
        block *= 2
    raise ValueError("no number of instances below 1e7 reaches the requested power.")


def _inflate(n: float, test: str) -> int:
    # Same floating-point expression as CAISEr (n * (1 / ARE)) so ties round identically.
    return int(math.ceil(n * (1.0 / ARE[test])))


@dataclass(frozen=True, kw_only=True)
class InstancesResult(BaseResult):
    """The number of instances N* and the power of each comparison.

    Attributes
    ----------
    n_instances : int
        N*, the number of instances the study needs (after the ARE inflation for the
        Wilcoxon and sign tests).
    n_t : float
        The t test's number of instances before that inflation.
    power : numpy.ndarray
        t-test power of each of the K comparisons with N* instances, at its Holm level.
    mean_power, median_power : float
        Their mean and median.
    levels : numpy.ndarray
        Holm's levels alpha / (K − i + 1), i = 1..K.
    d, alpha, target_power, alternative, test, n_comparisons, power_target : float, int or str
        The question asked (``target_power`` is the ``power=`` argument); see
        :func:`~algocompare.calc_instances`.

    See Also
    --------
    algocompare.calc_instances : the function that returns it.
    algocompare.instance_power_curve : the power of a fixed number of instances.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    >>> from algocompare import calc_instances
    >>> res = calc_instances(0.5, power=0.8, n_comparisons=3)
    >>> res.n_instances, res.levels.round(4).tolist()
    (40, [0.0167, 0.025, 0.05])
    """

    kind: ClassVar[str] = "design"

    n_instances: int
    n_t: float
    power: np.ndarray
    mean_power: float
    median_power: float
    levels: np.ndarray
    d: float
    alpha: float
    target_power: float
    alternative: str
    test: str
    n_comparisons: int
    power_target: str

    #: Deprecated alias of ``n_comparisons`` (one release).
    comparisons = renamed_field("n_comparisons")

    def to_frame(self) -> pd.DataFrame:
        """One row per comparison: N* (the answer), its Holm level and its power with N* instances."""
        return pd.DataFrame({"comparison": np.arange(1, self.n_comparisons + 1), "n_instances": self.n_instances,
                             "level": self.levels, "power": self.power})

    def __str__(self) -> str:
        return (f"{self.method}\n  N* = {self.n_instances} instances ({self.test} test, {self.alternative}, "
                f"d = {self.d:g}, alpha = {self.alpha:g}, {self.n_comparisons} comparison(s), "
                f"{self.power_target} power >= {self.target_power:g})\n"
                f"  mean power {self.mean_power:.4f}, median power {self.median_power:.4f}\n"
                + self.to_frame().to_string(index=False))


@keyword_only_from("alternative")
@renamed_parameters(comparisons="n_comparisons")
def calc_instances(d: float, power: float = 0.8, alpha: float = 0.05, alternative: str = "two-sided", *,
                   test: str = "t", n_comparisons: int = 1, power_target: str = "mean",
                   strict: bool = False) -> InstancesResult:
    """Number of instances N* for comparing algorithms with a paired test.

    Parameters
    ----------
    d : float
        Minimally relevant standardised effect size d* (> 0).
    power : float
        Target power (1 − beta*).
    alpha : float
        Family-wise significance level.
    alternative : {"two-sided", "less", "greater"}
        ``"less"`` and ``"greater"`` plan a one-sided test (CAISEr's ``"one.sided"``; both
        give the same N*). The old value ``"one-sided"`` is a deprecated spelling of
        ``"greater"``.
    test : {"t", "wilcoxon", "sign"}
        The test planned; Wilcoxon and sign tests inflate N* by 1/0.86 and 1/0.637
        (Campelo & Takahashi eq. 24).
    n_comparisons : int
        Number K of pairwise comparisons, each at its Holm level alpha/(K − i + 1)
        (CAISEr's ``ncomparisons``; ``comparisons=`` is its deprecated spelling).
    power_target : {"mean", "median", "worst_case"}
        Which power of the K comparisons must reach ``power`` (Campelo & Wanner 2020).
    strict : bool
        Two-sided power with both rejection tails; the default (False) counts the far tail
        only, as R's ``power.t.test`` and CAISEr.

    Returns
    -------
    InstancesResult
        ``n_instances`` (int), ``power`` (t-test power of each comparison), ``mean_power``,
        ``median_power``, ``levels``, ``n_t`` (the t-test N before the ARE inflation).

    See Also
    --------
    instance_power_curve : the power of a fixed number of instances against the effect size.
    algocompare.experiment.run_experiment : runs a study on N* instances.

    Notes
    -----
    Campelo & Takahashi [1]_ (thesis eqs. 20–22 and 24) for one comparison; Campelo &
    Wanner [2]_ for K comparisons at Holm's levels and the power targets; the rules follow
    CAISEr 1.0's ``calc_instances`` (see the module docstring).

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    Thesis Sec. 4.2.2: d* = 1, one-sided, alpha = 0.05 and power 0.8 gives 8 instances.

    >>> calc_instances(1.0, power=0.8, alternative="greater").n_instances
    8
    """
    alternative = renamed_value("calc_instances", "alternative", alternative, _OLD_ALTERNATIVES)
    d, alpha, alternative, n_comparisons = _check_common(d, alpha, alternative, test, n_comparisons)
    power = v.check_probability("power", power)
    v.check_option("power_target", power_target, TARGETS)
    if power_target == "mean":
        n_t: float = _smallest_n_mean(d, alpha, power, n_comparisons, alternative, strict)
        n_eval = int(n_t)
    else:
        r = 1 if power_target == "worst_case" or n_comparisons == 1 else n_comparisons // 2
        n_t = _solve_n(d, alpha / (n_comparisons - r + 1), power, alternative, strict)
        n_eval = math.ceil(n_t)
    powers = holm_power_profile(n_eval, d, alpha, n_comparisons, alternative, strict)
    return InstancesResult(
        method="Number of instances (Campelo & Takahashi; Holm levels, Campelo & Wanner)",
        n_instances=_inflate(n_t, test), n_t=float(n_t), power=powers, mean_power=float(np.mean(powers)),
        median_power=float(np.median(powers)), levels=holm_levels(alpha, n_comparisons), d=d, alpha=alpha,
        target_power=power, alternative=alternative, test=test, n_comparisons=n_comparisons,
        power_target=power_target)


@dataclass(frozen=True, kw_only=True)
class InstancePowerCurve(BaseResult):
    """Power against effect size for a fixed number of instances.

    Attributes
    ----------
    n_instances : int
        The benchmark set's number of instances.
    n_t : int
        The instances the t test is evaluated with, ``ceiling(n_instances · ARE)``.
    d : numpy.ndarray
        The standardised effect sizes.
    power : numpy.ndarray
        Power, one row per effect size and one column per comparison (Holm levels);
        ``mean_power`` is its mean over the comparisons.
    alpha, alternative, test, n_comparisons : float, str or int
        As given to :func:`~algocompare.instance_power_curve`.

    See Also
    --------
    algocompare.instance_power_curve : the function that returns it.
    algocompare.plots.plot_power_curve : its figure (``result.plot()``).

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    >>> from algocompare import instance_power_curve
    >>> curve = instance_power_curve(30, [0.5], n_comparisons=2)
    >>> curve.power.shape, curve.n_t
    ((1, 2), 30)
    """

    kind: ClassVar[str] = "power"

    n_instances: int
    n_t: int
    d: np.ndarray
    power: np.ndarray  # (len(d), n_comparisons)
    alpha: float
    alternative: str
    test: str
    n_comparisons: int

    #: Deprecated alias of ``n_comparisons`` (one release).
    comparisons = renamed_field("n_comparisons")

    @property
    def mean_power(self) -> np.ndarray:
        return self.power.mean(axis=1)

    def to_frame(self) -> pd.DataFrame:
        """One row per effect size: mean, median, worst- and best-case power."""
        return pd.DataFrame({"d": self.d, "mean_power": self.mean_power,
                             "median_power": np.median(self.power, axis=1),
                             "worst_power": self.power.min(axis=1), "best_power": self.power.max(axis=1)})


@keyword_only_from("alternative")
@renamed_parameters(comparisons="n_comparisons")
def instance_power_curve(n_instances: int, d_values=None, alpha: float = 0.05, alternative: str = "two-sided", *,
                         test: str = "t", n_comparisons: int = 1, strict: bool = False) -> InstancePowerCurve:
    """Power of a fixed benchmark set of ``n_instances`` to detect each effect size.

    The t test is evaluated with ``ceiling(n_instances · ARE)`` instances (CAISEr's power
    profile), each comparison at its Holm level (thesis Figs. 3.1, 5.3, 5.7).

    Parameters
    ----------
    n_instances : int
        Number of instances of the benchmark set (>= 2).
    d_values : array-like, optional
        Standardised effect sizes (> 0); default 150 values from 0.01 to 1.5.
    alpha, alternative, test, n_comparisons, strict
        As in :func:`calc_instances` (``comparisons=`` is the deprecated spelling of
        ``n_comparisons``; ``alternative="one-sided"`` of ``"greater"``).

    Returns
    -------
    InstancePowerCurve
        ``power`` (one row per effect size, one column per comparison), ``mean_power``.

    See Also
    --------
    calc_instances : the number of instances that reaches a power at one effect size.
    algocompare.plots.plot_power_curve : the curve drawn.

    Notes
    -----
    Campelo & Takahashi [1]_ (thesis Figs. 3.1, 5.3, 5.7) for one comparison, Campelo &
    Wanner [2]_ for several at Holm's levels.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    >>> curve = instance_power_curve(30, [0.2, 0.5, 0.8])
    >>> curve.to_frame()["mean_power"].round(3).tolist()
    [0.184, 0.754, 0.988]
    """
    n_instances = v.check_positive_int("n_instances", n_instances, minimum=2)
    if d_values is None:
        d_values = np.linspace(0.01, 1.5, 150)
    d_values = v.as_sample(d_values, "d_values")
    if np.any(d_values <= 0):
        raise ValueError("d_values must all be > 0.")
    alternative = renamed_value("instance_power_curve", "alternative", alternative, _OLD_ALTERNATIVES)
    _, alpha, alternative, n_comparisons = _check_common(d_values[0], alpha, alternative, test, n_comparisons)
    n_t = math.ceil(n_instances / (1.0 / ARE[test]))
    if n_t < 2:
        raise ValueError(f"{n_instances} instances give fewer than 2 effective instances for the {test} test.")
    powers = np.column_stack([np.broadcast_to(_power(n_t, d_values, lv, alternative, strict), d_values.shape)
                              for lv in holm_levels(alpha, n_comparisons)])
    return InstancePowerCurve(method="Power curve of a fixed benchmark set", n_instances=n_instances, n_t=n_t,
                              d=d_values, power=powers, alpha=alpha, alternative=alternative, test=test,
                              n_comparisons=n_comparisons)
