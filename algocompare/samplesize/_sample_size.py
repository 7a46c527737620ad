"""Sample size of a comparison of two means (Bartz-Beielstein et al. eq. 5.14; exact t).

Two methods:

* ``"approx"`` — eq. 5.14, ``n = k (u_{1-alpha} + u_{1-beta})^2 sd^2 / Delta^2`` with
  ``k = 2`` for two arms (SPOT's ``getSampleSize``) and ``k = 1`` for one sample or pairs;
  ``alpha/2`` replaces ``alpha`` for a two-sided test. It assumes the sd known (z test).
* ``"exact"`` — the n at which the exact t-test power (non-central t, both tails for a
  two-sided test) reaches the target, found by root finding on a continuous n: the same
  answer as R's ``power.t.test(power=..., strict=TRUE)``.

``.n`` is the unrounded per-arm n; ``.n_required`` rounds it **up** (``ceil``), which is
what to run: the chapter's "approximately 65 / 112 completing runs" (Sect. 5.8) are the
ceilings of 64.3 and 111.3.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from scipy import optimize, stats

from algocompare import _validation as v
from algocompare._deprecation import keyword_only_from, renamed_field, renamed_parameters
from algocompare._results import BaseResult
from algocompare.effects._power import check_power_options
from algocompare.effects._power import power as _test_power

__all__ = ["sample_size", "SampleSizeResult"]

METHODS = ("approx", "exact")


@dataclass(frozen=True, kw_only=True)
class SampleSizeResult(BaseResult):
    """Required sample size (per arm for two samples) of a z or t test.

    Attributes
    ----------
    n : float
        The unrounded sample size (per arm for ``"two-sample"``).
    n_required : int
        ``ceil(n)`` (at least 2), the size to use.
    n_total : int
        Observations in all: ``2 * n_required`` for two samples, else ``n_required``.
    achieved_power : float
        The power at ``n_required`` (z power for ``test="z"``, t power for ``"t"``).
    delta, sd, alpha, power, alternative, design : float or str
        The question asked (see :func:`~algocompare.sample_size`).
    test : {"z", "t"}
        ``"z"`` for ``method="approx"`` (eq. 5.14), ``"t"`` for ``"exact"``.

    See Also
    --------
    algocompare.sample_size : the function that returns it.
    algocompare.power : the power of a given sample size.

    References
    ----------
    .. [1] Bartz-Beielstein, T., et al. (2023). Ranking and result aggregation. In E. Bartz,
       T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.), *Hyperparameter Tuning for Machine
       and Deep Learning with R*, chapter 5, Springer, Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> from algocompare import sample_size
    >>> res = sample_size(200, 450, alpha=0.05, power=0.8)
    >>> res.n_required, res.n_total, res.test
    (63, 126, 'z')
    """

    kind: ClassVar[str] = "design"

    n: float
    n_required: int
    n_total: int
    achieved_power: float
    delta: float
    sd: float
    alpha: float
    power: float
    alternative: str
    design: str
    test: str

    #: Deprecated alias of ``sd`` (one release).
    sigma = renamed_field("sd")


def _approx_n(delta: float, sd: float, alpha: float, target: float, alternative: str, design: str) -> float:
    side_alpha = alpha / 2 if alternative == "two-sided" else alpha
    k = 2.0 if design == "two-sample" else 1.0
    return k * (stats.norm.isf(side_alpha) + stats.norm.isf(1 - target)) ** 2 * sd**2 / delta**2


def _exact_n(delta: float, sd: float, alpha: float, target: float, alternative: str, design: str) -> float:
    def gap(n: float) -> float:
        return float(_test_power(delta, sd, n, alpha=alpha, alternative=alternative, test="t", design=design)) - target

    low = 2.0  # the smallest n with a positive df in every design
    if gap(low) >= 0:
        return low
    high = max(4.0, 2 * _approx_n(delta, sd, alpha, target, alternative, design))
    while gap(high) < 0:
        high *= 2
        if high > 1e9:
            raise ValueError("the target power is not reachable with fewer than 1e9 observations.")
    return float(optimize.brentq(gap, low, high, xtol=1e-10, rtol=1e-12))


@keyword_only_from("alternative")
@renamed_parameters(sigma="sd")
def sample_size(delta: float, sd: float = 1.0, alpha: float = 0.05, power: float = 0.8,
                alternative: str = "greater", method: str = "approx", design: str = "two-sample") -> SampleSizeResult:
    """Number of runs needed to detect a relevant difference ``delta`` with the given power.

    Parameters
    ----------
    delta : float
        The relevant difference (its size; the sign is taken from ``alternative``).
    sd : float
        Presumed standard deviation: of each arm (``"two-sample"``) or of the differences
        (``"paired"``) or of the sample (``"one-sample"``). ``sigma=`` is its deprecated
        spelling.
    alpha : float
        Significance level (one-sided for ``"greater"``/``"less"``).
    power : float
        Target power 1 − beta.
    alternative : {"greater", "less", "two-sided"}
        Default ``"greater"``: one-sided by definition, the test T(alpha) of Mayo & Spanos
        whose power the severity analysis reports (Bartz-Beielstein et al. eq. 5.14).
    method : {"approx", "exact"}
        ``"approx"``: eq. 5.14 (SPOT ``getSampleSize``); ``"exact"``: non-central t.
    design : {"two-sample", "paired", "one-sample"}
        Two independent samples (``n`` per arm), paired observations or one sample.

    Returns
    -------
    SampleSizeResult
        ``n`` (unrounded, per arm), ``n_required = ceil(n)``, ``n_total`` (both arms),
        ``achieved_power`` at ``n_required`` (z power for ``"approx"``, t power for ``"exact"``).

    See Also
    --------
    algocompare.power : the power of a z or t test at a given n.
    algocompare.calc_instances : instances for comparing several algorithms over a problem class.

    Notes
    -----
    ``"approx"`` is eq. 5.14 of Bartz-Beielstein et al. [1]_,
    n = k (z_{1−alpha'} + z_{power})² sd² / delta², with k = 2 for two samples (1 otherwise)
    and alpha' = alpha/2 when two-sided (SPOT's ``getSampleSize``); ``"exact"`` is the
    smallest real n at which the non-central t test reaches ``power``.

    References
    ----------
    .. [1] Bartz-Beielstein, T., et al. (2023). Ranking and result aggregation. In E. Bartz,
       T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.), *Hyperparameter Tuning for Machine
       and Deep Learning with R*, chapter 5, Springer, Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    Bartz-Beielstein et al. Sect. 5.6.5: alpha 0.05, power 0.8, Delta 200, sd 450:

    >>> res = sample_size(200, 450, alpha=0.05, power=0.8)   # Bartz-Beielstein et al., Eq. 5.14: n ≈ 63
    >>> round(res.n, 2), res.n_required
    (62.6, 63)
    """
    v.check_option("method", method, METHODS)
    alpha = check_power_options(alpha, alternative, "t", design)
    target = v.check_probability("power", power)
    if target <= alpha:
        raise ValueError(f"power ({target}) must exceed alpha ({alpha}); any test has power alpha at delta = 0.")
    try:
        delta, sd = float(delta), float(sd)
    except (TypeError, ValueError):
        raise TypeError("delta and sd must be numbers.") from None
    if not (math.isfinite(delta) and delta != 0):
        raise ValueError(f"delta must be a finite non-zero difference, got {delta}.")
    if not (math.isfinite(sd) and sd > 0):
        raise ValueError(f"sd must be a finite positive standard deviation, got {sd}.")
    signed = -abs(delta) if alternative == "less" else abs(delta)
    test = "z" if method == "approx" else "t"
    finder = _approx_n if method == "approx" else _exact_n
    n = finder(signed, sd, alpha, target, alternative, design)
    n_required = max(int(math.ceil(n - 1e-9)), 2)
    achieved = float(_test_power(signed, sd, n_required, alpha=alpha, alternative=alternative, test=test,
                                design=design))
    arms = 2 if design == "two-sample" else 1
    label = "eq. 5.14 (normal approximation)" if method == "approx" else "exact t (non-central t)"
    return SampleSizeResult(method=f"sample size, {label}", n=float(n), n_required=n_required,
                            n_total=arms * n_required, achieved_power=achieved, delta=float(np.abs(delta)),
                            sd=sd, alpha=alpha, power=target, alternative=alternative, design=design,
                            test=test)
