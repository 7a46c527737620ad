"""Severity analysis of two algorithms' runs: the result tables of Bartz-Beielstein et al.

Tables 5.2, 5.3, 5.5 and 5.6 of the chapter report, for the difference of two algorithms
on one problem: mean difference, sd, n, p-value, decision, Cohen's d, power and severity
at the relevant difference Delta, and the difference supported with severity ≥ 0.8.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from algocompare._samples import BY_ARGUMENT, read_samples, takes_two_samples
from algocompare._scaling import scaled_back, unit_scaled
from algocompare.effects._effect_size import pooled_sd
from algocompare.severity._evaluation import SeverityResult, severity_from_se

__all__ = ["SeverityAnalysis", "severity_analysis"]


@dataclass(frozen=True, kw_only=True)
class SeverityAnalysis(SeverityResult):
    """:class:`SeverityResult` of x − y plus the effect sizes and sample sizes.

    Attributes
    ----------
    statistic, pvalue : float
        The test of H0: mean difference <= ``mu0`` (or as ``alternative`` says).
    alternative : {"greater", "less", "two-sided"}
        The alternative of the test.
    estimate, sd, se : float
        Mean difference, its standard deviation (of the differences, or pooled) and standard
        error, in the data's units.
    n : float
        Per-arm size (the harmonic mean of the sizes when they differ).
    mu0 : float
        The null difference.
    alpha : float
        Level of the test.
    test : {"t", "z"}
        The test.
    paired : bool
        Paired runs or independent samples.
    df : float
        Degrees of freedom (infinite for z).
    critical_value : float
        The rejection threshold of the statistic.
    reject : bool
        Whether H0 is rejected.
    delta, power_at_delta, severity_at_delta : float or None
        The relevant difference and the power and severity at ``mu0 + delta``.
    threshold : float
        The severity asked of ``supported``.
    supported : float
        The difference tau' whose claim (``claim``) has severity ``threshold``.
    claim : str
        The claim about tau that ``supported`` bounds.
    sampling : {"noncentral", "shifted"}
        The sampling model of severity and power of the t test.
    n_x, n_y : int
        The sample sizes.
    median_difference : float
        Median of x − y (paired) or difference of the medians.
    cohens_d : float
        Difference of means over the pooled sd.
    d_z : float or None
        Mean over sd of the differences (paired only).

    See Also
    --------
    severity_analysis : the function that returns it.
    SeverityAnalysis.table : the chapter's result table.

    References
    ----------
    .. [1] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a
       Neyman–Pearson philosophy of induction. *British Journal for the Philosophy of Science*
       57(2), 323–357. doi:10.1093/bjps/axl003

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.severity_analysis([3.1, 2.8, 4.0, 3.5, 2.9, 3.7, 3.3, 3.0],
    ...                          [2.5, 2.6, 3.1, 3.4, 2.2, 3.0, 3.1, 2.4], delta=0.5)
    >>> r.n_x, r.paired, r.table().index[0]
    (8, True, 'mean difference')
    """

    n_x: int
    n_y: int
    median_difference: float
    cohens_d: float
    d_z: float | None

    def table(self) -> pd.DataFrame:
        """The chapter's result table: one row per quantity (Tables 5.2, 5.3, 5.5, 5.6)."""
        level = f"{self.threshold:g}"
        rows: list[tuple[str, Any]] = [
            ("mean difference", self.estimate), ("sd", self.sd), ("n", self.n_x if self.paired else
                                                                  f"{self.n_x} + {self.n_y}"),
            ("statistic", self.statistic), ("p-value", self.pvalue),
            ("decision", "reject H0" if self.reject else "not reject H0"), ("Cohen's d", self.cohens_d),
        ]
        if self.d_z is not None:
            rows.append(("d_z", self.d_z))
        if self.delta is not None:
            rows += [("Delta", self.delta), ("power at Delta", self.power_at_delta),
                     ("severity at Delta", self.severity_at_delta)]
        rows.append((f"tau with severity {level} ({self.claim})", self.supported))
        return pd.DataFrame(rows, columns=["quantity", "value"]).set_index("quantity")


@takes_two_samples(BY_ARGUMENT)
def severity_analysis(x, y, *, delta: float | None = None, paired: bool = True, mu0: float = 0.0,
                      alpha: float = 0.05, alternative: str = "greater", test: str = "t",
                      threshold: float = 0.8, nan_policy: str = "raise",
                      sampling: str = "noncentral") -> SeverityAnalysis:
    """Severity analysis of the difference x − y of two algorithms' results on one problem.

    ``paired=True``: runs paired by seed/starting point, ``d_i = x_i − y_i``, se = sd(d)/sqrt(n),
    df = n − 1. ``paired=False``: independent runs, se = S_p·sqrt(1/n_x + 1/n_y) with the
    pooled sd of eq. 5.12, df = n_x + n_y − 2 (with equal sizes: SPOT's sd·sqrt(2/n)).
    The reported ``n`` is then the per-arm size (the harmonic mean when sizes differ).

    For minimisation, ``x = A`` and ``y = B`` with ``alternative="greater"`` asks whether B
    is better (the chapter's CG − NM > 0: NM better).

    Parameters
    ----------
    x, y : array-like
        The two algorithms' results (paired by position with ``paired=True``).
    delta : float, optional
        Relevant difference Delta (power and severity are reported at ``mu0 + delta``).
    paired : bool
        Paired runs (default) or independent samples, as above.
    mu0, alpha, threshold
        As in :func:`severity`.
    alternative : {"greater", "less", "two-sided"}
        Default ``"greater"``: one-sided by definition, the test T(alpha) of Mayo & Spanos.
    test : {"t", "z"}
        The chapter's worked examples use z; on raw runs the t test is the default.
    sampling : {"noncentral", "shifted"}
        The sampling model of severity and power of the t test, as in :func:`severity`.

    Returns
    -------
    SeverityAnalysis
        The test (``estimate``, ``sd``, ``se``, ``statistic``, ``pvalue``, ``reject``), power
        and severity at ``mu0 + delta``, the difference ``supported`` with severity
        ``threshold`` (all in the data's units), ``median_difference``, ``cohens_d`` and
        ``d_z``; ``table()`` lays them out as the chapter's tables.

    See Also
    --------
    severity : the same from a mean, an sd and n.
    severity_from_se : from an estimate and its standard error.
    paired_ttest : the test alone.

    References
    ----------
    .. [1] Mayo, D. G., Spanos, A. (2006). Severe testing as a basic concept in a
       Neyman–Pearson philosophy of induction. *British Journal for the Philosophy of Science*
       57(2), 323–357. doi:10.1093/bjps/axl003

    Examples
    --------
    >>> x = [3.1, 2.8, 4.0, 3.5, 2.9, 3.7, 3.3, 3.0]
    >>> y = [2.5, 2.6, 3.1, 3.4, 2.2, 3.0, 3.1, 2.4]
    >>> res = severity_analysis(x, y, delta=0.5)
    >>> res.reject
    True
    """
    samples = read_samples(x, y, paired=paired, nan_policy=nan_policy)
    # computed in working units (2**-e times the data's, exact: no square over- or underflows,
    # and the crossing's tolerances are relative to values near 1), then scaled back
    (a, b), exponent = unit_scaled(samples.x, samples.y)
    if paired:
        diff = a - b
        sd = float(diff.std(ddof=1))
        n_eff, se, df = float(diff.size), sd / math.sqrt(diff.size), diff.size - 1.0
        estimate, median = float(diff.mean()), float(np.median(diff))
        dz = estimate / sd if sd > 0 else math.nan
    else:
        sd = pooled_sd(a, b)
        n_eff = 2.0 / (1.0 / a.size + 1.0 / b.size)
        se, df = sd * math.sqrt(2.0 / n_eff), a.size + b.size - 2.0
        estimate, median = float(a.mean() - b.mean()), float(np.median(a) - np.median(b))
        dz = None
    if sd == 0:
        raise ValueError("the differences have standard deviation 0; the test and its severity are undefined.")
    core = severity_from_se(estimate, se, df, sd=sd, n=n_eff, mu0=_working(mu0, exponent), alpha=alpha,
                            alternative=alternative, test=test, paired=paired, delta=_working(delta, exponent),
                            threshold=threshold, sampling=sampling)
    spooled = pooled_sd(a, b)
    fields = {f.name: getattr(core, f.name) for f in dataclasses.fields(core)} | samples.recorded
    fields |= {name: _working(fields[name], -exponent) for name in _IN_DATA_UNITS}
    return SeverityAnalysis(**fields, n_x=int(a.size), n_y=int(b.size),
                            median_difference=scaled_back(median, exponent),
                            cohens_d=float((a.mean() - b.mean()) / spooled) if spooled > 0 else math.nan,
                            d_z=dz)


#: the fields of a severity result in the data's units (scaled back from working units)
_IN_DATA_UNITS = ("estimate", "sd", "se", "mu0", "delta", "supported")


def _working(value, exponent: int):
    """A value in the data's units in working units (times 2**-exponent); anything that is
    not a real number is passed on unchanged, for the checks to name it."""
    if not exponent or isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        return value
    return scaled_back(float(value), -exponent)
