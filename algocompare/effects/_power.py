"""Power of z and t tests (Bartz-Beielstein et al. eq. 5.9; non-central t).

The two primitives :func:`z_power` and :func:`t_power` are the single place where test
power is computed; the public :func:`power`, :func:`power_curve`, the sample-size
functions, the severity analysis and the Campelo–Takahashi instance calculations are all
built on them.

:func:`power` and :func:`power_curve` are the power of the severity test T(alpha) of Mayo
& Spanos, which is one-sided by definition: their ``alternative`` defaults to
``"greater"`` (the primitives, like every other test of the package, to ``"two-sided"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _options
from algocompare import _validation as v
from algocompare._deprecation import keyword_only_from
from algocompare._options import ALTERNATIVES
from algocompare._results import BaseResult

__all__ = ["z_power", "t_power", "ALTERNATIVES", "DESIGNS", "power", "power_curve", "PowerCurve"]

DESIGNS = ("one-sample", "paired", "two-sample")
TESTS = ("t", "z")


@keyword_only_from("alternative")
def z_power(shift, alpha: float, alternative: str = "two-sided"):
    """Power of a z test whose statistic is N(shift, 1) under the alternative.

    ``shift`` = delta / se (array-like allowed). Two-sided power counts both rejection
    tails.

    Parameters
    ----------
    shift : float or array_like
        Mean of the z statistic under the alternative, delta / se.
    alpha : float
        Significance level.
    alternative : {"two-sided", "greater", "less"}
        The alternative of the test.

    Returns
    -------
    float or numpy.ndarray
        The power, one per ``shift``.

    See Also
    --------
    t_power : the t test's power.
    power : from a difference, a standard deviation and n.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [2] Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed.
       Lawrence Erlbaum Associates, Hillsdale, NJ.

    Examples
    --------
    >>> import algocompare as ac
    >>> round(float(ac.z_power(2.8, 0.05)), 4)   # z_{0.975} + z_{0.8} = 2.80: power 0.80
    0.7996
    >>> ac.z_power([1, 2, 3], 0.05, alternative="greater").round(3)
    array([0.26 , 0.639, 0.912])
    """
    _options.check_alternative(alternative)
    alpha = _options.check_alpha(alpha)
    shift = np.asarray(shift, dtype=float)
    if alternative == "greater":
        out = stats.norm.sf(stats.norm.isf(alpha) - shift)
    elif alternative == "less":
        out = stats.norm.cdf(-stats.norm.isf(alpha) - shift)
    else:
        crit = stats.norm.isf(alpha / 2)
        out = stats.norm.sf(crit - shift) + stats.norm.cdf(-crit - shift)
    return out[()] if out.ndim == 0 else out


@keyword_only_from("alternative")
def t_power(ncp, df, alpha: float, alternative: str = "two-sided"):
    """Exact power of a t test: the statistic is non-central t(df, ncp) under the alternative.

    Two-sided power counts both rejection tails (R's ``power.t.test(strict=TRUE)``).
    ``ncp`` and ``df`` broadcast.

    Parameters
    ----------
    ncp : float or array_like
        Non-centrality parameter, delta / se.
    df : float or array_like
        Degrees of freedom of the t statistic.
    alpha : float
        Significance level.
    alternative : {"two-sided", "greater", "less"}
        The alternative of the test.

    Returns
    -------
    float or numpy.ndarray
        The power, broadcast over ``ncp`` and ``df``.

    See Also
    --------
    z_power : the z test's power.
    power : from a difference, a standard deviation and n.

    References
    ----------
    .. [1] Harrison, D. A., Brady, A. R. (2004). Sample size and power calculations using the
       noncentral t-distribution. *The Stata Journal* 4(2), 142–153.
       https://www.stata-journal.com/article.html?article=st0062
    .. [2] Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed.
       Lawrence Erlbaum Associates, Hillsdale, NJ.

    Examples
    --------
    A one-sample t test with n = 20, delta = 1, sd = 2 (ncp = 1/(2/√20)); R's
    ``power.t.test(n=20, delta=1, sd=2, type="one.sample", strict=TRUE)`` gives 0.5645044:

    >>> import math, algocompare as ac
    >>> round(float(ac.t_power(math.sqrt(20) / 2, 19, 0.05)), 7)
    0.5645044
    """
    _options.check_alternative(alternative)
    alpha = _options.check_alpha(alpha)
    ncp, df = np.broadcast_arrays(np.asarray(ncp, dtype=float), np.asarray(df, dtype=float))
    if alternative == "greater":
        out = _nct_tail(stats.t.isf(alpha, df), df, ncp, upper=True)
    elif alternative == "less":
        out = _nct_tail(-stats.t.isf(alpha, df), df, ncp, upper=False)
    else:
        crit = stats.t.isf(alpha / 2, df)
        out = _nct_tail(crit, df, ncp, upper=True) + _nct_tail(-crit, df, ncp, upper=False)
    out = np.asarray(out, dtype=float)
    return out[()] if out.ndim == 0 else out


def _nct_tail(q, df, ncp, *, upper: bool) -> np.ndarray:
    """P(T > q) (``upper``) or P(T <= q) of the non-central t. scipy returns NaN far in a tail
    (``nct.cdf(-2.09, 19, 38)``: a two-sided power of NaN) and for huge or infinite ``ncp``
    (power-curve at d = 1e306): there the probability is 0 or 1 to double precision, and the
    normal limit of T − ncp gives it (valid inputs only; a NaN ``ncp`` or ``df`` stays NaN)."""
    with np.errstate(invalid="ignore", over="ignore"):
        tail = np.asarray(stats.nct.sf(q, df, ncp) if upper else stats.nct.cdf(q, df, ncp), dtype=float)
        lost = np.isnan(tail) & ~np.isnan(ncp) & ~np.isnan(df) & ~np.isnan(q)
        if lost.any():
            limit = stats.norm.sf(q - ncp) if upper else stats.norm.cdf(q - ncp)
            tail = np.where(lost, limit, tail)
    return tail


def standard_error_factor(n, design: str):
    """se / sd of the mean difference: 1/sqrt(n) (one-sample, paired) or sqrt(2/n) (two arms of n)."""
    n = np.asarray(n, dtype=float)
    return np.sqrt(2.0 / n) if design == "two-sample" else 1.0 / np.sqrt(n)


def degrees_of_freedom(n, design: str):
    """n - 1 (one-sample, paired) or 2n - 2 (two arms of n each)."""
    n = np.asarray(n, dtype=float)
    return 2.0 * n - 2.0 if design == "two-sample" else n - 1.0


def check_power_options(alpha: float, alternative: str, test: str, design: str) -> float:
    """Validate the options shared by power, sample size and severity; return alpha."""
    _options.check_alternative(alternative)
    v.check_option("test", test, TESTS)
    v.check_option("design", design, DESIGNS)
    return _options.check_alpha(alpha)


def _positive_array(name: str, value, minimum: float = 0.0) -> np.ndarray:
    arr = np.asarray(value, dtype=float)
    if not np.all(np.isfinite(arr)) or np.any(arr <= minimum):
        raise ValueError(f"{name} must be finite and greater than {minimum:g}, got {value!r}.")
    return arr


def _finite_array(name: str, value) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number or an array of numbers, got {value!r}.") from None
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {value!r}.")
    return arr


@keyword_only_from("alternative")
def power(delta, sd=1.0, n=10, alpha: float = 0.05, alternative: str = "greater", test: str = "t",
          design: str = "two-sample"):
    """Power of the z or t test of a mean difference (exact; both tails for two-sided).

    The z test's power is eq. 5.9 of Bartz-Beielstein et al.,
    ``1 - Phi(u_{1-alpha} - delta / se)`` (and its mirror images for ``"less"`` and
    ``"two-sided"``). The t test's power is exact: under the alternative the statistic is
    non-central t with ``ncp = delta / se`` — the same as R's
    ``power.t.test(..., strict=TRUE)`` (both rejection tails count for a two-sided test).
    SPOT's ``spotPower`` covers only the z test with the ``"greater"`` alternative.

    Parameters
    ----------
    delta : float or array
        True mean difference (``mu1 - mu0``); signed, so ``"less"`` has power for negative values.
    sd : float or array
        Standard deviation: of the differences (``"paired"``), of the sample
        (``"one-sample"``), or of each arm (``"two-sample"``).
    n : float or array
        Sample size: pairs, observations, or **per arm** (``"two-sample"``). Fractional n
        is allowed (as in R), which is what sample-size searches need.
    alpha : float
        Significance level.
    alternative : {"greater", "less", "two-sided"}
        Default ``"greater"``: one-sided by definition, the test T(alpha) of Mayo & Spanos
        whose power the severity analysis reports.
    test : {"t", "z"}
        The t test (exact, non-central t) or the z test (known sd).
    design : {"two-sample", "paired", "one-sample"}
        se = sd·sqrt(2/n) and df = 2n − 2 for two arms; se = sd/sqrt(n), df = n − 1 otherwise.

    Returns
    -------
    float or ndarray
        The power, broadcast over ``delta``, ``sd`` and ``n``.

    See Also
    --------
    power_curve : power over a grid of differences and sample sizes.
    t_power, z_power : power from the non-centrality directly.
    sample_size : the n that reaches a given power.
    severity : the post-data counterpart of power.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [2] Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed.
       Lawrence Erlbaum Associates, Hillsdale, NJ.
    .. [3] Harrison, D. A., Brady, A. R. (2004). Sample size and power calculations using the
       noncentral t-distribution. *The Stata Journal* 4(2), 142–153.
       https://www.stata-journal.com/article.html?article=st0062
    .. [4] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a Neyman–Pearson
       philosophy of induction. *The British Journal for the Philosophy of Science* 57(2),
       323–357. doi:10.1093/bjps/axl003

    Examples
    --------
    R's ``power.t.test(n=20, delta=1, sd=2, strict=TRUE)`` gives 0.337939:

    >>> round(float(power(1, sd=2, n=20, alternative="two-sided")), 6)
    0.337939
    """
    alpha = check_power_options(alpha, alternative, test, design)
    delta = _finite_array("delta", delta)
    sd = _positive_array("sd", sd)
    n = _positive_array("n", n, minimum=1.0)  # n > 1 so that df > 0
    shift = delta / (sd * standard_error_factor(n, design))
    if test == "z":
        return z_power(shift, alpha, alternative=alternative)
    return t_power(shift, degrees_of_freedom(n, design), alpha, alternative=alternative)


@dataclass(frozen=True, kw_only=True)
class PowerCurve(BaseResult):
    """Power over a grid of differences for several sample sizes (Figs. 5.2, 5.3, 5.11, 5.16).

    Attributes
    ----------
    curve : pandas.DataFrame
        One row per (n, delta): columns ``n``, ``delta``, ``power``.
    sd : float
        Standard deviation the power was computed for.
    alpha : float
        Significance level.
    alternative : str
        ``"greater"``, ``"less"`` or ``"two-sided"``.
    test : str
        ``"t"`` or ``"z"``.
    design : str
        ``"two-sample"``, ``"paired"`` or ``"one-sample"``.

    See Also
    --------
    power_curve : the function that returns it.
    algocompare.plots.plot_power_curve : its figure (``result.plot()``).

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> pc = ac.power_curve(sd=450, n=(40, 80), delta=[200])
    >>> pc.curve.columns.tolist(), pc.design
    (['n', 'delta', 'power'], 'two-sample')
    """

    kind: ClassVar[str] = "power"

    curve: pd.DataFrame
    sd: float
    alpha: float
    alternative: str
    test: str
    design: str

    def to_frame(self) -> pd.DataFrame:
        """Long table: one row per (n, delta) with its power."""
        return self.curve.copy()

    def matrix(self) -> pd.DataFrame:
        """delta × n table of power."""
        return self.curve.pivot(index="delta", columns="n", values="power")


@keyword_only_from("alternative")
def power_curve(sd=1.0, n=(40, 80, 160), delta=None, alpha: float = 0.05, alternative: str = "greater",
                test: str = "t", design: str = "two-sample", n_points: int = 101) -> PowerCurve:
    """Power as a function of the difference ``delta`` for each sample size in ``n``.

    The chapter's planning figures (Bartz-Beielstein et al. Figs. 5.3, 5.11, 5.16: "power as
    a function of the relevant difference for a two-parallel-group experiment" with 40, 80
    and 160 runs). For power over n at a fixed difference pass one ``delta`` and many ``n``.

    Parameters
    ----------
    sd, alpha, test, design
        As in :func:`power`.
    alternative : {"greater", "less", "two-sided"}
        Default ``"greater"``: one-sided by definition, the test T(alpha) of Mayo & Spanos.
    n : int or sequence
        Sample sizes (per arm for ``"two-sample"``).
    delta : float or sequence, optional
        Differences; default a grid from 0 to the difference that the smallest n detects
        with power 0.99 (from −that to +that for ``"two-sided"``, negative for ``"less"``).
    n_points : int
        Number of grid points of the default ``delta`` grid.

    Returns
    -------
    PowerCurve
        The power of every (n, delta); ``matrix()`` gives the delta × n table and
        ``plot()`` the figure.

    See Also
    --------
    power : the power at one point.
    sample_size : the n that reaches a given power.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [2] Cohen, J. (1988). *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed.
       Lawrence Erlbaum Associates, Hillsdale, NJ.

    Examples
    --------
    Power to detect a difference of 200 (sd 450) with 40, 80 and 160 runs per algorithm;
    R's ``power.t.test(n=40, delta=200, sd=450, alternative="one.sided", strict=TRUE)``
    gives 0.62759 (0.8757483 and 0.9898809 for n = 80 and 160):

    >>> pc = power_curve(sd=450, n=(40, 80, 160), delta=[200], alpha=0.05)
    >>> pc.matrix().round(4)
    n          40      80      160
    delta
    200.0   0.6276  0.8757  0.9899
    """
    alpha = check_power_options(alpha, alternative, test, design)
    ns = np.atleast_1d(_positive_array("n", n, minimum=1.0))
    sd = float(_positive_array("sd", sd))
    if delta is None:
        n_points = v.check_positive_int("n_points", n_points, minimum=2)
        quantile = stats.norm.isf(alpha / (2 if alternative == "two-sided" else 1)) + stats.norm.isf(0.01)
        top = quantile * sd * float(standard_error_factor(ns.min(), design))
        lo = -top if alternative == "two-sided" else 0.0
        deltas = np.linspace(lo, top, n_points)
        deltas = -deltas[::-1] if alternative == "less" else deltas
    else:
        deltas = np.atleast_1d(_finite_array("delta", delta))
    grid_n, grid_delta = np.meshgrid(ns, deltas, indexing="ij")
    values = power(grid_delta, sd, grid_n, alpha=alpha, alternative=alternative, test=test, design=design)
    curve = pd.DataFrame({"n": grid_n.ravel(), "delta": grid_delta.ravel(), "power": np.ravel(values)})
    if np.all(ns == np.round(ns)):
        curve["n"] = curve["n"].astype(int)
    return PowerCurve(method=f"{test} test power curve ({design}, {alternative})", curve=curve, sd=sd,
                      alpha=alpha, alternative=alternative, test=test, design=design)
