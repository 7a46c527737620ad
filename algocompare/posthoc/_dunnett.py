"""Dunnett's single step: the joint distribution of m comparisons with one control.

The m = k − 1 statistics T_j = (ȳ_j − ȳ_c)/se of k algorithms against a control share the
control's mean: with equal variances and equal numbers of observations, Corr(T_i, T_j) =
1/2 for i ≠ j. Dunnett (1955) rejects H_j when |T_j| exceeds the 1 − α quantile of
max_j |T_j|, so the single-step adjusted p-value of a comparison with |t| is

    p_adj(t) = P(max_j |T_j| >= |t|) = 1 − P(|T_1| < |t|, ..., |T_m| < |t|).

The same correlation holds for the rank z tests against a control (Friedman, aligned ranks,
Quade): within an instance the k scores are exchangeable, Var(s_j) = V and Cov(s_i, s_j) =
−V/(k − 1), so Cov(s_c − s_i, s_c − s_j) / Var(s_c − s_i) = 1/2. That is the multivariate
normal probability PMCMRplus ``frdManyOneNemenyiTest`` computes with ``mvtnorm::pmvnorm``.

With correlation 1/2, T_j = (W + E_j)/(√2 S) for independent standard normals W, E_j and
S = √(χ²_ν/ν) (S = 1 for z statistics), so the probability is a double integral:

    P(max_j |T_j| < c) = ∫ f_S(s) ∫ φ(w) [Φ(w + √2 c s) − Φ(w − √2 c s)]^m dw ds

(Dunnett 1955, eq. 2; Hochberg & Tamhane 1987, §3.2). Computed here by the trapezoidal rule
on fixed grids (w on [0, 37.3], the integrand being even; log S between its 1e−30 and
1 − 1e−30 quantiles), which converge geometrically for these smooth integrands, with 1 − B^m
taken as −expm1(m log1p(−(1 − B))) so that small p-values keep their relative precision.
Agreement with R ``mvtnorm::pmvt`` / ``pmvnorm`` (Genz–Bretz at abseps 1e-7) and with
``scipy.stats.dunnett`` is tested in ``tests/posthoc/test_blocked_posthoc.py``.

References
----------
.. [1] Dunnett, C. W. (1955). A multiple comparison procedure for comparing several
   treatments with a control. JASA 50, 1096-1121. doi:10.1080/01621459.1955.10501294
.. [2] Hochberg, Y. & Tamhane, A. C. (1987). Multiple Comparison Procedures. Wiley.
   doi:10.1002/9780470316672
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import gammaln, ndtr
from scipy.stats import chi2, norm
from scipy.stats import t as t_dist

__all__ = ["dunnett_sf"]

#: beyond this |t| the adjusted p-value is below m · 2Φ(−40) < 1e-300: it is 0
_LARGE = 40.0
#: w ≥ 0 (the integrand is even in w): up to the largest peak (√2 c/2 ≤ 28.3) plus 9 normal sds
_W = np.arange(0.0, _LARGE / np.sqrt(2.0) + 9.0, 0.05)
_W_STEP = 0.05
#: trapezoidal weights of 2 φ(w) on w ≥ 0 (half weight at w = 0; the far end is negligible)
_WEIGHTS = 2.0 * norm.pdf(_W) * _W_STEP
_WEIGHTS[0] *= 0.5


def _log_s_grid(df: float) -> tuple[np.ndarray, np.ndarray, float]:
    """Nodes u = log S, the density of log S at them, and the step (S = √(χ²_df/df))."""
    low, high = chi2.ppf(1e-30, df), chi2.isf(1e-30, df)
    u = np.linspace(0.5 * math.log(low / df), 0.5 * math.log(high / df), 201)
    # x = df e^{2u} ~ chi2(df): f_u(u) = f_chi2(x) dx/du = f_chi2(x) 2x, computed on the log scale
    x = df * np.exp(2.0 * u)
    log_density = (df / 2.0 - 1.0) * np.log(x) - x / 2.0 - (df / 2.0) * math.log(2.0) - gammaln(df / 2.0)
    return u, np.exp(log_density + np.log(2.0 * x)), u[1] - u[0]


def _exceedance(c: np.ndarray, m: int) -> np.ndarray:
    """1 − ∫ φ(w) [Φ(w + √2 c) − Φ(w − √2 c)]^m dw for each c, the z case (0 beyond ``_LARGE``)."""
    c = np.minimum(c, _LARGE)
    # the integrand peaks near w = c/√2 and is negligible 9 normal sds beyond the largest peak
    nodes = int(np.searchsorted(_W, c.max(initial=0.0) / np.sqrt(2.0) + 9.0)) + 1
    w, weights = _W[:nodes], _WEIGHTS[:nodes]
    half_width = np.sqrt(2.0) * c[:, None]
    outside = np.minimum(ndtr(w - half_width) + ndtr(-w - half_width), 1.0)  # 1 − B, no cancellation
    with np.errstate(divide="ignore"):  # B = 0 (c = 0): log1p(−1) = −inf, and 1 − B^m = 1 as it should
        tail = -np.expm1(m * np.log1p(-outside))
    # divided by the rule's integral of φ itself: c = 0 gives exactly 1, and the rule's own bias cancels
    return np.where(c >= _LARGE, 0.0, (tail @ weights) / weights.sum())


def dunnett_sf(statistic: np.ndarray, m: int, df: float = math.inf) -> np.ndarray:
    """P(max_j |T_j| >= |t|) for m statistics with correlation 1/2: Dunnett's two-sided adjusted p-values.

    Parameters
    ----------
    statistic : array-like
        The z (``df=inf``) or t statistics of the comparisons with the control.
    m : int
        The number of comparisons (k − 1).
    df : float
        Degrees of freedom of the common variance estimate; ``inf`` for z statistics.

    Returns
    -------
    numpy.ndarray
        The adjusted p-values, in [0, 1]; m = 1 gives the two-sided p-value of one statistic.

    Examples
    --------
    >>> float(np.round(dunnett_sf([1.959964], 1)[0], 6))
    0.05
    >>> float(np.round(dunnett_sf([2.0], 4, df=30)[0], 4))  # R: 1 - mvtnorm::pmvt(±2, df = 30, corr 1/2)
    0.1649
    """
    c = np.abs(np.asarray(statistic, dtype=float)).ravel()
    if m < 1:
        raise ValueError(f"m={m}: Dunnett's distribution needs at least one comparison with the control.")
    if m == 1:  # one comparison: the t (or normal) distribution itself, to full precision
        p = 2.0 * (norm.sf(c) if math.isinf(df) else t_dist.sf(c, df))
        return np.minimum(p, 1.0).reshape(np.shape(statistic))
    finite = np.isfinite(c)
    p = np.zeros_like(c)
    if math.isinf(df):
        p[finite] = _exceedance(c[finite], m)
    else:
        u, density, _ = _log_s_grid(df)
        s = np.exp(u)
        for i in np.flatnonzero(finite):  # one c at a time: a (u × w) grid
            live = c[i] * s < _LARGE  # beyond, the z exceedance is 0
            p[i] = (_exceedance(c[i] * s[live], m) * density[live]).sum() / density.sum()  # normalised, as above
    p[c == 0] = 1.0  # exactly, where the rule's normalisation leaves 1 - 2e-16
    return np.clip(p, 0.0, 1.0).reshape(np.shape(statistic))
