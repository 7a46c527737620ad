"""Severity of rejecting or not rejecting H0 (Mayo & Spanos 2006; Bartz-Beielstein et al. eqs. 5.17–5.18).

The test is the z or t test of a mean difference ``tau`` against ``mu0``; its distance is
``d(y) = (ybar − mu0) / se``. After the decision, the severity of the claim it supports
is evaluated for every discrepancy ``tau = mu1``:

* ``"greater"`` (H1: tau > mu0) — rejection supports "tau > mu1":
  ``S_r(mu1) = P_{tau=mu1}(Ybar ≤ ybar) = F((ybar − mu1)/se)``; non-rejection supports
  "tau ≤ mu1": ``S_nr(mu1) = P_{tau=mu1}(Ybar > ybar) = 1 − F((ybar − mu1)/se)``
  (eqs. 5.17–5.18). F is the standard normal (``test="z"``) or, for ``test="t"``, as the
  sampling model below says: ``P_{tau=mu1}(d(Y) ≤ d(y))`` with d(Y) non-central t
  (default), or Student t with df degrees of freedom (``sampling="shifted"``: the pivot
  (Ybar − tau)/se ~ t_df, as SPOT's ``spotSeverity(tdist=TRUE)``).
* ``"less"`` — the mirror image: rejection supports "tau < mu1",
  ``S_r = F((mu1 − ybar)/se)``; non-rejection supports "tau ≥ mu1".
* ``"two-sided"`` — eq. 5.17 applied to the two-sided test's own distance ``|d(Y)|``
  (Mayo & Spanos 2006 define severity through the test's distance function):
  ``S_r(mu1) = P_{tau=mu1}(|d(Y)| ≤ |d(y)|) = F(|d| − g) − F(−|d| − g)`` with
  ``g = |mu1 − mu0|/se``, supporting "|tau − mu0| > |mu1 − mu0|";
  ``S_nr = 1 − S_r`` supports "|tau − mu0| ≤ |mu1 − mu0|". At mu1 = mu0 this gives
  ``S_r = 1 − p`` and ``S_nr = p``, the chapter's identities for the one-sided case.

Power is ``P_{tau=mu1}(reject)`` (both rejection tails for two-sided).

**One sampling model for both.** Severity and power are probabilities of the same test
statistic under ``tau = mu1``, and one model gives both (``sampling=``):

* ``"noncentral"`` (default): the t statistic ``d(Y) = (Ybar − mu0)/se`` is non-central t
  with df degrees of freedom and non-centrality ``(mu1 − mu0)/se`` (se at its observed
  value), its exact distribution for normal data: power is the exact power of the t test
  (R's ``power.t.test``) and the severity of "tau > mu1" is ``P(d(Y) ≤ d(y))`` under it.
* ``"shifted"``: the pivot ``(Ybar − mu1)/se`` is central t, so the sampling distribution
  of Ybar is a central t shifted to mu1 (SPOT's ``spotSeverity(tdist=TRUE)`` and the
  chapter's printed t values): the formulas of the list above, and power
  ``P(T > t_crit − (mu1 − mu0)/se)``.

The two agree for the z test (the normal shift) and as df grows; with few runs they differ
(5 pairs, mean 2, sd 1.5: tau with severity 0.8 is 1.07 under the non-central t, 1.37
under the shifted t; with 200 runs per arm the severities differ by 1e-4). Before 0.2.0 the severity
curve was the shifted t and the power curve the non-central t, in one figure.

The default ``alternative`` is ``"greater"`` (unlike the package's other tests, whose
default is ``"two-sided"``): severity is one-sided by definition, the test T(alpha) of
Mayo & Spanos.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd
from scipy import optimize, stats

from algocompare import _options
from algocompare import _validation as v
from algocompare._deprecation import keyword_only_from
from algocompare._results import TestResult
from algocompare.effects._power import TESTS, t_power, z_power

__all__ = ["SeverityResult", "severity", "severity_from_se"]


@dataclass(frozen=True, kw_only=True)
class SeverityResult(TestResult):
    """A z or t test of a mean difference with its post-data severity evaluation.

    Call :meth:`severity` and :meth:`power` with any ``mu1`` (scalar or array);
    :meth:`curve` tabulates both over a grid of ``tau``.

    Attributes
    ----------
    statistic : float
        The z or t statistic (estimate − mu0) / se.
    pvalue : float
        Its p-value.
    alternative : str
        ``"greater"``, ``"less"`` or ``"two-sided"``.
    estimate : float
        The observed difference.
    sd : float
        The standard deviation.
    n : float
        The sample size (pairs, or runs per arm).
    mu0 : float
        The null value.
    alpha : float
        The significance level.
    test : str
        ``"z"`` or ``"t"``.
    paired : bool
        One sample of differences (True) or two arms (False).
    se : float
        Standard error of the estimate.
    df : float
        Degrees of freedom (infinite for the z test).
    critical_value : float
        The statistic's rejection bound at ``alpha``.
    reject : bool
        Whether H0 is rejected (``pvalue <= alpha``).
    delta : float or None
        The relevant difference (None when not given).
    power_at_delta : float or None
        Power at ``mu0 + delta``.
    severity_at_delta : float or None
        Severity at ``mu0 + delta``.
    threshold : float
        The severity level of ``supported``.
    supported : float
        The discrepancy at which severity crosses ``threshold``.
    claim : str
        The claim that severity supports, in words.
    sampling : str
        ``"noncentral"`` or ``"shifted"`` (the t test's sampling model).

    See Also
    --------
    severity, severity_from_se : the functions that return it.
    algocompare.plots.plot_severity : severity and power curves (``result.plot()``).

    References
    ----------
    .. [1] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a Neyman–Pearson
       philosophy of induction. *The British Journal for the Philosophy of Science* 57(2),
       323–357. doi:10.1093/bjps/axl003
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10)
    >>> r.reject, round(r.severity_at_delta, 2), round(r.supported, 2)
    (True, 0.37, 6.43)
    """

    kind: ClassVar[str] = "severity"

    estimate: float
    sd: float
    n: float
    mu0: float
    alpha: float
    test: str
    paired: bool
    se: float
    df: float
    critical_value: float
    reject: bool
    delta: float | None
    power_at_delta: float | None
    severity_at_delta: float | None
    threshold: float
    supported: float
    claim: str
    sampling: str = "noncentral"

    # -- the two curves -----------------------------------------------------
    @property
    def model(self) -> str:
        """The sampling model of severity and power, in words (``"noncentral t"``, ...)."""
        return SAMPLING_MODELS["z" if self.test == "z" else self.sampling]

    def _cdf(self, q):
        return stats.norm.cdf(q) if self.test == "z" else stats.t.cdf(q, self.df)

    def _noncentral(self) -> bool:
        return self.test == "t" and self.sampling == "noncentral"

    def severity(self, mu1):
        """Severity of the test's decision for the discrepancy ``tau = mu1`` (vectorised)."""
        mu1 = np.asarray(mu1, dtype=float)
        if self._noncentral():  # P_{tau=mu1}(d(Y) <= d(y)) and its mirror images
            ncp, d = (mu1 - self.mu0) / self.se, self.statistic
            if self.alternative == "greater":
                below = stats.nct.cdf(d, self.df, ncp)
            elif self.alternative == "less":
                below = stats.nct.sf(d, self.df, ncp)
            else:
                ncp = np.abs(ncp)
                below = stats.nct.cdf(abs(d), self.df, ncp) - stats.nct.cdf(-abs(d), self.df, ncp)
            out = np.asarray(below if self.reject else 1.0 - below, dtype=float)
            return out[()] if out.ndim == 0 else out
        if self.alternative == "greater":
            below = self._cdf((self.estimate - mu1) / self.se)
        elif self.alternative == "less":
            below = self._cdf((mu1 - self.estimate) / self.se)
        else:
            dist, shift = abs(self.statistic), np.abs(mu1 - self.mu0) / self.se
            below = self._cdf(dist - shift) - self._cdf(-dist - shift)
        out = np.asarray(below if self.reject else 1.0 - below, dtype=float)
        return out[()] if out.ndim == 0 else out

    def power(self, mu1):
        """Probability of rejecting H0 when ``tau = mu1`` (type-I error rate where mu1 is in H0)."""
        shift = (np.asarray(mu1, dtype=float) - self.mu0) / self.se
        if self.test == "z":
            return z_power(shift, self.alpha, alternative=self.alternative)
        if self.sampling == "noncentral":
            return t_power(shift, self.df, self.alpha, alternative=self.alternative)
        return _shifted_t_power(shift, self.df, self.alpha, self.alternative)

    def curve(self, tau=None, n_points: int = 201) -> pd.DataFrame:
        """Severity and power over ``tau`` (default: ybar ± 4 se, covering mu0 and Delta)."""
        if tau is None:
            points = [self.estimate - 4 * self.se, self.estimate + 4 * self.se, self.mu0]
            if self.delta is not None:
                points.append(self.mu0 + self.delta)
            tau = np.linspace(min(points), max(points), v.check_positive_int("n_points", n_points, minimum=2))
        tau = np.asarray(tau, dtype=float)
        return pd.DataFrame({"tau": tau, "severity": self.severity(tau), "power": self.power(tau)})

    def __str__(self) -> str:
        """The test and its severity, one quantity per line, aligned; what was not asked for
        (Delta) or does not apply (the z test's degrees of freedom) is left out, not printed as None."""
        from algocompare._tables import format_number

        skip = {"method", "delta", "power_at_delta", "severity_at_delta"} if self.delta is None else {"method"}
        if self.test == "z":
            skip.add("df")
        rows = [(name, value) for name, value in self._scalar_fields().items()
                if name not in skip and value is not None]
        rows += list(self._dropped_items().items())
        width = max(len(name) for name, _ in rows)
        shown = {"n": f"{self.n:g}", "mu0": f"{self.mu0:g}", "alpha": f"{self.alpha:g}",
                 "threshold": f"{self.threshold:g}", "df": f"{self.df:g}", "sampling": self.model}
        lines = [self.method]
        lines += [f"  {name:<{width}}  {shown.get(name, format_number(value))}" for name, value in rows]
        return "\n".join(lines)

    def to_frame(self) -> pd.DataFrame:
        """One row: decision, p-value, power and severity at Delta, supported difference."""
        frame = super().to_frame()
        return frame.rename(columns={"estimate": "mean_difference"})


#: The sampling models of severity and power (``sampling=``), and the z test's own.
SAMPLING_MODELS = {"noncentral": "noncentral t", "shifted": "shifted central t (SPOT)", "z": "normal"}
SAMPLINGS = ("noncentral", "shifted")


def _shifted_t_power(shift, df: float, alpha: float, alternative: str):
    """Power when Ybar is a central t shifted to tau (SPOT's t-test power): P(T > t_crit − shift)."""
    if alternative == "greater":
        out = stats.t.sf(stats.t.isf(alpha, df) - shift, df)
    elif alternative == "less":
        out = stats.t.cdf(-stats.t.isf(alpha, df) - shift, df)
    else:
        crit = stats.t.isf(alpha / 2, df)
        out = stats.t.sf(crit - shift, df) + stats.t.cdf(-crit - shift, df)
    out = np.asarray(out, dtype=float)
    return out[()] if out.ndim == 0 else out


def _critical(alpha: float, alternative: str, test: str, df: float) -> float:
    dist = stats.norm if test == "z" else stats.t(df)
    return float(dist.isf(alpha / 2 if alternative == "two-sided" else alpha))


def _pvalue(statistic: float, alternative: str, test: str, df: float) -> float:
    dist = stats.norm if test == "z" else stats.t(df)
    if alternative == "greater":
        return float(dist.sf(statistic))
    if alternative == "less":
        return float(dist.cdf(statistic))
    return float(min(1.0, 2 * dist.sf(abs(statistic))))


def _crossing(result: SeverityResult) -> float:
    """The tau at which the severity curve passes ``threshold`` (NaN if it never does)."""
    thr = result.threshold
    dist = stats.norm if result.test == "z" else stats.t(result.df)
    if result.alternative != "two-sided" and result._noncentral():
        return _monotone_crossing(result)
    if result.alternative != "two-sided":
        q = float(dist.ppf(thr))
        # greater: reject -> ybar - q se; not reject -> ybar + q se; "less" mirrors it
        sign = -1.0 if result.reject else 1.0
        sign = sign if result.alternative == "greater" else -sign
        return result.estimate + sign * q * result.se
    direction = 1.0 if result.estimate >= result.mu0 else -1.0

    def gap(g: float) -> float:
        return float(result.severity(result.mu0 + direction * g * result.se)) - thr

    top = abs(result.statistic) + 40.0
    if gap(0.0) * gap(top) > 0:
        return math.nan
    return result.mu0 + direction * float(optimize.brentq(gap, 0.0, top, xtol=1e-12)) * result.se


def _monotone_crossing(result: SeverityResult) -> float:
    """The tau where a one-sided severity curve (monotone in tau) passes the threshold, found
    by root-finding from the shifted-t crossing (the non-central t has no closed-form quantile
    in its non-centrality)."""
    q = float(stats.t.ppf(result.threshold, result.df))
    sign = -1.0 if result.reject else 1.0
    sign = sign if result.alternative == "greater" else -sign
    guess = result.estimate + sign * q * result.se

    def gap(tau: float) -> float:
        return float(result.severity(tau)) - result.threshold

    step = result.se * (1.0 + abs(q))
    lo, hi = guess - step, guess + step
    for _ in range(60):  # widen the bracket until the curve crosses the threshold inside it
        if gap(lo) * gap(hi) <= 0:
            return float(optimize.brentq(gap, lo, hi, xtol=1e-12 * max(1.0, abs(guess)), rtol=1e-12))
        lo, hi = lo - step, hi + step
        step *= 2
    return math.nan


def _claim(result: SeverityResult) -> str:
    relation = {("greater", True): "tau > tau'", ("greater", False): "tau <= tau'",
                ("less", True): "tau < tau'", ("less", False): "tau >= tau'",
                ("two-sided", True): "|tau - mu0| > |tau' - mu0|",
                ("two-sided", False): "|tau - mu0| <= |tau' - mu0|"}
    return relation[(result.alternative, result.reject)]


def _check_finite(name: str, value) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number, got {value!r}.") from None
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}.")
    return value


def severity_from_se(estimate: float, se: float, df: float, *, sd: float, n: float, mu0: float = 0.0,
                     alpha: float = 0.05, alternative: str = "greater", test: str = "z", paired: bool = True,
                     delta: float | None = None, threshold: float = 0.8,
                     sampling: str = "noncentral") -> SeverityResult:
    """Severity evaluation from an estimate, its standard error and degrees of freedom.

    The building block of :func:`severity` and :func:`severity_analysis`; use it directly
    when the standard error comes from elsewhere (e.g. unequal group sizes). Parameters as
    in :func:`severity`, with ``estimate`` the observed difference, ``se`` its standard
    error and ``df`` the t test's degrees of freedom. ``alternative`` defaults to
    ``"greater"``: one-sided by definition, the test T(alpha) of Mayo & Spanos. ``sampling``
    is the model of severity and power of the t test (module notes): ``"noncentral"``
    (default) or ``"shifted"`` (SPOT).

    Parameters
    ----------
    estimate : float
        The observed difference.
    se : float
        Its standard error.
    df : float
        Degrees of freedom of the t test (ignored by the z test).
    sd, n, mu0, alpha, alternative, test, paired, delta, threshold, sampling
        As in :func:`severity`; ``sd`` and ``n`` are reported, the test uses ``se``.

    Returns
    -------
    SeverityResult
        As :func:`severity`.

    See Also
    --------
    severity : from a mean, a standard deviation and n.
    severity_analysis : severity of two algorithms' runs.

    References
    ----------
    .. [1] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a Neyman–Pearson
       philosophy of induction. *The British Journal for the Philosophy of Science* 57(2),
       323–357. doi:10.1093/bjps/axl003
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    Bartz-Beielstein et al., Sect. 5.8 (CG vs NM, d̄ = 9.02, S_d = 30.73, n = 100, published
    p = 0.0017 and severity 0.37 at Δ = 10), from se = S_d/√n:

    >>> import algocompare as ac
    >>> r = ac.severity_from_se(9.02, 30.73 / 10, 99, sd=30.73, n=100, alpha=0.025, delta=10)
    >>> round(r.pvalue, 4), r.reject, round(r.severity_at_delta, 2)
    (0.0017, True, 0.37)
    """
    _options.check_alternative(alternative)
    v.check_option("test", test, TESTS)
    v.check_option("sampling", sampling, SAMPLINGS)
    alpha = _options.check_alpha(alpha)
    threshold = v.check_probability("threshold", threshold)
    estimate, mu0, se = _check_finite("estimate", estimate), _check_finite("mu0", mu0), _check_finite("se", se)
    if se <= 0:
        raise ValueError(f"the standard error must be positive (sd > 0), got {se}.")
    if test == "t" and not df > 0:
        raise ValueError(f"the t test needs positive degrees of freedom, got {df}; use more observations.")
    statistic = (estimate - mu0) / se
    pvalue = _pvalue(statistic, alternative, test, df)
    base = SeverityResult(
        method=f"severity of a paired (one-sample) {test} test" if paired else f"severity of a two-sample {test} test",
        statistic=float(statistic), pvalue=pvalue, alternative=alternative, estimate=estimate, sd=float(sd),
        n=float(n), mu0=mu0, alpha=alpha, test=test, paired=bool(paired), se=float(se),
        df=float(df) if test == "t" else math.inf, critical_value=_critical(alpha, alternative, test, df),
        reject=bool(pvalue <= alpha), delta=None, power_at_delta=None, severity_at_delta=None,
        threshold=threshold, supported=math.nan, claim="", sampling=sampling)
    if delta is not None:
        delta = _check_finite("delta", delta)
        at = mu0 + delta
        base = _replace(base, delta=delta, power_at_delta=float(base.power(at)),
                        severity_at_delta=float(base.severity(at)))
    return _replace(base, supported=_crossing(base), claim=_claim(base))


def _replace(result: SeverityResult, **changes) -> SeverityResult:
    from dataclasses import replace

    return replace(result, **changes)


@keyword_only_from("alternative")
def severity(xbar: float, sd: float, n: float, mu0: float = 0.0, alpha: float = 0.05,
             alternative: str = "greater", test: str = "z", paired: bool = True, *, delta: float | None = None,
             threshold: float = 0.8, sampling: str = "noncentral") -> SeverityResult:
    """Decision, p-value, power and severity of a z or t test of a mean difference.

    Parameters
    ----------
    xbar : float
        Observed mean difference (e.g. mean of CG − NM over paired runs).
    sd : float
        Standard deviation: of the differences (``paired=True``) or of each arm / pooled
        (``paired=False``).
    n : float
        Number of pairs (``paired=True``) or runs **per arm** (``paired=False``).
    mu0 : float
        Null value of the difference.
    alpha : float
        Significance level.
    alternative : {"greater", "less", "two-sided"}
        Default ``"greater"``: one-sided by definition, the test T(alpha) of Mayo & Spanos.
        See the module notes for the two-sided convention.
    test : {"z", "t"}
    paired : bool
        ``True``: se = sd/sqrt(n), df = n − 1. ``False``: se = sd·sqrt(2/n), df = 2n − 2
        (SPOT's ``spotSeverity`` convention).
    delta : float, optional
        Relevant difference Delta; power and severity are then reported at ``mu0 + delta``.
    threshold : float
        Severity level whose crossing point ``supported`` is reported (default 0.8).
    sampling : {"noncentral", "shifted"}
        The sampling model of severity **and** power of the t test: ``"noncentral"``
        (default), the t statistic is non-central t under tau = mu1 (power is then the
        exact power of the t test); ``"shifted"``, Ybar is a central t shifted to mu1, as
        SPOT's ``spotSeverity(tdist=TRUE)`` and the chapter's printed t values (module
        notes). The z test is normal under both.

    Returns
    -------
    SeverityResult
        ``statistic``, ``pvalue``, ``reject``, ``severity(mu1)``, ``power(mu1)``,
        ``curve()``, ``supported`` and, with ``delta``, ``power_at_delta`` and
        ``severity_at_delta``.

    See Also
    --------
    severity_from_se : from an estimate and its standard error.
    severity_analysis : severity of two algorithms' runs, with the chapter's tables.
    power : the pre-data power of the same test.

    References
    ----------
    .. [1] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a Neyman–Pearson
       philosophy of induction. *The British Journal for the Philosophy of Science* 57(2),
       323–357. doi:10.1093/bjps/axl003
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    CG vs NM (Bartz-Beielstein et al. Sect. 5.7.2): n = 100, mean 9.02, sd 30.73:

    >>> res = severity(9.02, 30.73, 100, alpha=0.025, delta=10)
    >>> round(res.statistic, 2), round(res.pvalue, 4), res.reject, round(res.severity_at_delta, 2)
    (2.94, 0.0017, True, 0.37)
    """
    xbar, sd, n = _check_finite("xbar", xbar), _check_finite("sd", sd), _check_finite("n", n)
    if sd <= 0:
        raise ValueError(f"sd must be positive, got {sd}.")
    if n < 1 or (test == "t" and n < 2):
        raise ValueError(f"n must be at least {2 if test == 't' else 1}, got {n}.")
    se = sd / math.sqrt(n) if paired else sd * math.sqrt(2.0 / n)
    df = n - 1.0 if paired else 2.0 * n - 2.0
    return severity_from_se(xbar, se, df, sd=sd, n=n, mu0=mu0, alpha=alpha, alternative=alternative, test=test,
                            paired=paired, delta=delta, threshold=threshold, sampling=sampling)
