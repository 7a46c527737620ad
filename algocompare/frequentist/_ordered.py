"""Ordered alternatives for k independent samples: the Mack–Wolfe umbrella test and Hayter's OSRT.

The runs of k configurations (parameter values, doses) on one instance, in a predicted order:
does the location rise up to a peak and fall after it? Mack & Wolfe (1981) sum Mann–Whitney
counts along the two slopes; with the peak unknown, Chen (1991) takes the largest standardised
statistic over the candidate peaks. The p-value is a Monte Carlo permutation p-value
(b + 1)/(m + 1) over rearrangements of the runs, valid with ties (conditional on them); the
normal approximation of the peers (PMCMRplus ``mackWolfeTest``, scikit-posthocs
``test_mackwolfe``) is an option for a known peak. Input as for the k-sample tests
(:func:`algocompare.data._convert.as_groups`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._options import N_RESAMPLES
from algocompare._results import TestResult
from algocompare._scaling import unit_scaled
from algocompare.data._convert import as_groups

__all__ = ["mack_wolfe", "MackWolfeResult", "osrt", "OSRTResult", "hayter_sf"]

MACK_WOLFE_METHODS = ("permutation", "approx")
_PERMUTATION_CELLS = 4_000_000  # comparison cells (runs² × permutations) held at once


@dataclass(frozen=True, kw_only=True)
class MackWolfeResult(TestResult):
    """Mack–Wolfe umbrella test: ``statistic`` is the standardised A_p (Chen's A*_max when the
    peak is unknown), ``pvalue`` one-sided (an umbrella with its peak at ``peak``).

    Attributes
    ----------
    statistic : float
        (A_p − E A_p) / sd A_p at the known peak, or its maximum over the candidate peaks.
    pvalue : float
        Permutation (b + 1)/(m + 1) or normal p-value, upper tail.
    alternative : str
        ``"umbrella"``: the location rises along the order up to the peak and falls after it.
    a_p : float
        Mack–Wolfe's A_p at ``peak`` (Mann–Whitney counts, ties counted 1/2).
    peak : object
        The known peak, or the candidate peak with the largest standardised statistic.
    peak_known : bool
        Whether the peak was given.
    z_by_peak : pandas.Series
        The standardised A_p of every candidate peak.
    pvalue_method : str
        ``"permutation"`` or ``"approx"``.
    n_resamples : int or None
        Permutations drawn (None for the normal approximation).
    instance : object or None
        The instance whose runs were compared.
    sizes : pandas.Series
        Runs per configuration, in the predicted order.

    See Also
    --------
    mack_wolfe : the test that returns it.

    References
    ----------
    .. [1] Mack, G. A., Wolfe, D. A. (1981). K-sample rank tests for umbrella alternatives.
       *Journal of the American Statistical Association* 76(373), 175–181.
       doi:10.1080/01621459.1981.10477625

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = {"d0": [22, 23, 35], "d1": [60, 59, 54], "d2": [98, 78, 50], "d3": [60, 82, 59]}
    >>> r = ac.mack_wolfe(runs, peak="d2", method="approx")
    >>> r.a_p, r.peak_known
    (29.0, True)
    """

    kind: ClassVar[str] = "trend"

    a_p: float
    peak: Any
    peak_known: bool
    z_by_peak: pd.Series
    pvalue_method: str
    n_resamples: int | None
    instance: Any
    sizes: pd.Series


def mann_whitney_counts(values: np.ndarray, labels: np.ndarray, k: int) -> np.ndarray:
    """U[..., i, j] = #{(a in i, b in j): x_b > x_a} + #{x_b = x_a} / 2, for one labelling
    (``labels`` of shape (N,)) or many (shape (m, N)): one matrix product per labelling."""
    greater = (values[None, :] > values[:, None]) + 0.5 * (values[None, :] == values[:, None])
    onehot = (np.atleast_2d(labels)[..., None] == np.arange(k)).astype(float)  # (m, N, k)
    counts = np.einsum("mai,ab,mbj->mij", onehot, greater, onehot, optimize=True)
    return counts if np.ndim(labels) == 2 else counts[0]


def umbrella_sums(counts: np.ndarray) -> np.ndarray:
    """A_p for every peak p (last axis): Σ_{i<j<=p} U_ij + Σ_{p<=i<j} U_ji (Mack & Wolfe 1981, eq. 2.1)."""
    k = counts.shape[-1]
    upper = np.triu(np.ones((k, k)), 1)
    out = []
    for p in range(k):
        rising = (counts[..., :p + 1, :p + 1] * upper[:p + 1, :p + 1]).sum(axis=(-1, -2))
        falling = (np.swapaxes(counts, -1, -2)[..., p:, p:] * upper[p:, p:]).sum(axis=(-1, -2))
        out.append(rising + falling)
    return np.stack(out, axis=-1)


def umbrella_moments(sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Null mean and variance of A_p for every peak p, without ties (Mack & Wolfe 1981, eqs. 2.3–2.4)."""
    sizes = sizes.astype(float)
    n, total = sizes, sizes.sum()
    mean, var = [], []
    for p in range(sizes.size):
        n1, n2, npk = n[:p + 1].sum(), n[p:].sum(), n[p]
        mean.append((n1 ** 2 + n2 ** 2 - np.sum(n ** 2) - npk ** 2) / 4)
        var.append((2 * (n1 ** 3 + n2 ** 3) + 3 * (n1 ** 2 + n2 ** 2) - np.sum(n ** 2 * (2 * n + 3))
                    - npk ** 2 * (2 * npk + 3) + 12 * npk * n1 * n2 - 12 * npk ** 2 * total) / 72)
    return np.array(mean), np.array(var)


def mack_wolfe(data: Any, *, peak: Any = None, method: str = "permutation", n_resamples: int = N_RESAMPLES,
               rng: Any = None, instance: Any = None, direction: str | None = None,
               nan_policy: str = "raise") -> MackWolfeResult:
    """Mack–Wolfe test of an umbrella alternative for k independent samples (runs of k configurations).

    H0: the k samples come from one distribution. Alternative: the location rises along the
    given order up to the peak and falls after it (with at least one strict inequality), on the
    values oriented so that lower is better (as given for ``"minimize"``, negated for
    ``"maximize"``; as :func:`page_trend`'s ranks, where rank 1 is best). A_p = Σ_{i<j<=p} U_ij + Σ_{p<=i<j} U_ji,
    U_ij the Mann–Whitney count of the pairs (run of i, run of j) with the second larger (ties
    1/2). Peak unknown (``peak=None``): Chen's (1991) A*_max, the largest of the standardised
    A_p over the k candidate peaks.

    Parameters
    ----------
    data : Results, DataFrame, dict or sequence of 1-D arrays
        The runs of k configurations in their predicted order (as :func:`kruskal_wallis`
        takes them; a dict's or a Results' algorithm order is the order).
    peak : label, optional
        The configuration at the known peak; None: unknown (Chen's statistic).
    method : {"permutation", "approx"}
        ``"permutation"`` (default): Monte Carlo permutation p-value (b + 1)/(m + 1) over
        random rearrangements of the runs, conditional on ties. ``"approx"`` (known peak only):
        the normal approximation with the untied moments, PMCMRplus' ``mackWolfeTest(p=)``
        and scikit-posthocs' ``test_mackwolfe(p=)`` p-value (which count ties as 0: the
        same statistic without ties).
    n_resamples : int
        Permutations for ``method="permutation"`` (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the permutations.
    instance : object, optional
        The instance whose runs are compared (a Results with several instances).
    direction : {"minimize", "maximize"}, optional
        Which values are best; default the data's own (``"minimize"`` for a dict, a list or a
        DataFrame). The test is on the values oriented so that lower is better.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops missing run values.

    Returns
    -------
    MackWolfeResult
        The standardised statistic, its p-value, A_p, the (estimated) peak and the
        standardised statistic of every candidate peak.

    See Also
    --------
    page_trend : a monotone trend over instances (blocks).
    kruskal_wallis : the omnibus k-sample test without an order.

    Notes
    -----
    The peers' unknown-peak p-values (PMCMRplus, scikit-posthocs) count the permutations with
    a strictly larger statistic over m, without the observed arrangement; here (b + 1)/(m + 1),
    which never falls below 1/(m + 1) and keeps the size at or below alpha.

    References
    ----------
    .. [1] Mack, G. A., Wolfe, D. A. (1981). K-sample rank tests for umbrella alternatives.
       *Journal of the American Statistical Association* 76(373), 175–181.
       doi:10.1080/01621459.1981.10477625
    .. [2] Chen, Y. I. (1991). Notes on the Mack–Wolfe and Chen–Wolfe tests for umbrella
       alternatives. *Biometrical Journal* 33(3), 281–290. doi:10.1002/bimj.4710330305
    .. [3] Hollander, M., Wolfe, D. A., Chicken, E. (2014). *Nonparametric Statistical
       Methods*, 3rd ed., Wiley, §6.4. doi:10.1002/9781119196037

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = {"d0": [22, 23, 35], "d1": [60, 59, 54], "d2": [98, 78, 50], "d3": [60, 82, 59],
    ...         "d4": [22, 44, 33], "d5": [23, 21, 25]}   # Hollander & Wolfe, Table 6.10
    >>> r = ac.mack_wolfe(runs, peak="d2", method="approx")   # scikit-posthocs test_mackwolfe(p=2)
    >>> round(r.statistic, 4), round(r.pvalue, 5)
    (3.2025, 0.00068)
    >>> ac.mack_wolfe(runs, n_resamples=999, rng=1).peak      # peak unknown: Chen's A*_max
    'd2'
    """
    v.check_option("method", method, MACK_WOLFE_METHODS)
    groups = as_groups(data, instance=instance, direction=direction, nan_policy=nan_policy, min_groups=3)
    samples = list(groups.samples)  # oriented: lower is better
    names, sizes, k = list(groups.names), groups.sizes, len(samples)
    peak_known = peak is not None
    if peak_known and peak not in names:
        raise ValueError(f"peak={peak!r} is not one of the configurations {names}.")
    if not peak_known and method == "approx":
        raise ValueError("method='approx' needs a known peak; with peak=None use method='permutation'.")
    values = np.concatenate(samples)
    labels = np.repeat(np.arange(k), sizes)
    mean, var = umbrella_moments(sizes)
    a_all = umbrella_sums(mann_whitney_counts(values, labels, k))
    z_all = (a_all - mean) / np.sqrt(var)
    index = names.index(peak) if peak_known else int(np.argmax(z_all))
    statistic = float(z_all[index])
    if method == "approx":
        pvalue, resamples = float(stats.norm.sf(statistic)), None
    else:
        resamples = v.check_positive_int("n_resamples", n_resamples)
        pvalue = _permutation_pvalue(values, labels, k, mean, var, index if peak_known else None, statistic,
                                     resamples, np.random.default_rng(rng))
    kind = "known peak" if peak_known else "unknown peak (Chen's A*max)"
    return MackWolfeResult(
        method=f"Mack-Wolfe umbrella test, {kind}, {'permutation' if method == 'permutation' else 'normal'} p-value",
        statistic=statistic, pvalue=pvalue, alternative="umbrella", a_p=float(a_all[index]), peak=names[index],
        peak_known=peak_known, z_by_peak=pd.Series(z_all, index=names, name="z"), pvalue_method=method,
        n_resamples=resamples, instance=groups.instance, sizes=pd.Series(sizes, index=names, name="size"),
        dropped_values=groups.dropped)


def _permutation_pvalue(values: np.ndarray, labels: np.ndarray, k: int, mean: np.ndarray, var: np.ndarray,
                        index: int | None, observed: float, n_resamples: int, rng: np.random.Generator) -> float:
    """(b + 1)/(m + 1): rearrangements of the runs whose statistic (the standardised A_p at the
    known peak, or the largest over the peaks) reaches the observed one; in bounded batches."""
    per_batch = max(1, _PERMUTATION_CELLS // (values.size ** 2))
    tolerance = 1e-9 * max(abs(observed), 1.0)  # equal statistics summed in another order count as equal
    exceed, done = 0, 0
    while done < n_resamples:
        batch = min(per_batch, n_resamples - done)
        arrangements = rng.permuted(np.broadcast_to(labels, (batch, labels.size)), axis=1)
        z = (umbrella_sums(mann_whitney_counts(values, arrangements, k)) - mean) / np.sqrt(var)
        simulated = z[:, index] if index is not None else z.max(axis=1)
        exceed += int(np.sum(simulated >= observed - tolerance))
        done += batch
    return (exceed + 1.0) / (n_resamples + 1.0)



# ------------------------------------------------------------------------- Hayter's OSRT
_GRID_STEP = 0.004  # of the running minimum's density (standard-normal units)


@dataclass(frozen=True, kw_only=True)
class OSRTResult(TestResult):
    """Hayter's one-sided studentised range test: ``statistic`` is
    max_{i<j} (x̄_j − x̄_i) / (s sqrt((1/n_i + 1/n_j)/2)), ``pvalue`` its upper tail.

    Attributes
    ----------
    statistic : float
        The largest studentised difference along the order.
    pvalue : float
        P(H >= statistic) under H0 (equal means, normal errors, one variance).
    alternative : str
        ``"greater"``: the means increase along the order (one-sided by definition).
    df : int
        N − k, the degrees of freedom of the pooled variance.
    pair : tuple
        The pair (i, j) that attains the statistic.
    pvalue_method : str
        ``"integration"`` (equal sizes) or ``"monte_carlo"`` (unequal sizes).
    n_resamples : int or None
        Simulated null tables for unequal sizes.
    instance : object or None
        The instance whose runs were compared.
    sizes : pandas.Series
        Runs per configuration, in the predicted order.

    See Also
    --------
    osrt : the test that returns it.

    References
    ----------
    .. [1] Hayter, A. J. (1990). A one-sided studentized range test for testing against a simple
       ordered alternative. *Journal of the American Statistical Association* 85(411), 778–785.
       doi:10.1080/01621459.1990.10474940

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.osrt({"a": [1.0, 2.0, 3.0], "b": [2.5, 3.5, 4.0], "c": [4.0, 5.0, 6.5]})
    >>> r.df, r.pair
    (6, ('a', 'c'))
    """

    kind: ClassVar[str] = "trend"

    df: int
    pair: tuple
    pvalue_method: str
    n_resamples: int | None
    instance: Any
    sizes: pd.Series


def hayter_sf(h: float, k: int, df: float) -> float:
    """P(max_{i<j} (Z_j − Z_i) / U >= h), Z_1..Z_k i.i.d. N(0, 1), U² ~ χ²_df / df independent
    (``df=inf``: U = 1): Hayter's (1990) null distribution of the balanced statistic.

    For fixed c, G(c) = P(Z_j <= min_{i<j} Z_i + c for every j) by a recursion on the density
    g_j of the running minimum m: g_{j+1}(m) = g_j(m) [Φ(m + c) − Φ(m)] + φ(m) ∫_m^∞ g_j;
    then P = ∫ (1 − G(h u)) f_U(u) du by adaptive quadrature.
    """
    if h <= 0:
        return 1.0
    grid = np.arange(-9.0, 9.0 + _GRID_STEP, _GRID_STEP)
    phi, cdf = stats.norm.pdf(grid), stats.norm.cdf(grid)

    def below(c: float) -> float:  # G(c)
        density = phi.copy()
        rise = stats.norm.cdf(grid + c) - cdf
        for _ in range(k - 1):
            tail = np.cumsum(density[::-1])[::-1] * _GRID_STEP  # ∫_m^∞ g_j, a right Riemann sum
            density = density * rise + phi * (tail - 0.5 * density * _GRID_STEP)
        return float(min(1.0, density.sum() * _GRID_STEP))

    if not np.isfinite(df):
        return max(0.0, 1.0 - below(h))
    from scipy import integrate

    def integrand(u: float) -> float:
        return (1.0 - below(h * u)) * 2.0 * df * u * stats.chi2.pdf(df * u * u, df)

    lo, hi = np.sqrt(stats.chi2.ppf([1e-12, 1 - 1e-12], df) / df)
    value, _ = integrate.quad(integrand, lo, hi, limit=200, epsabs=1e-10)
    return float(min(1.0, max(0.0, value)))


def osrt(data: Any, *, n_resamples: int = N_RESAMPLES, rng: Any = None, instance: Any = None,
         direction: str | None = None, nan_policy: str = "raise") -> OSRTResult:
    """Hayter's (1990) one-sided studentised range test of an ordered alternative (k independent samples).

    H0: the k configurations' means are equal; alternative: μ_1 <= μ_2 <= ... <= μ_k with at
    least one strict inequality, in the order given (reverse the order for a decreasing
    alternative), on the values oriented so that lower is better (as given for ``"minimize"``,
    negated for ``"maximize"``; as :func:`page_trend`, one-sided by definition). Statistic
    H = max_{i<j} (x̄_j − x̄_i) / (s sqrt((1/n_i + 1/n_j)/2)), s² the pooled within-group
    variance on N − k degrees of freedom (for equal sizes n: (x̄_j − x̄_i)/(s/√n), PMCMRplus'
    ``osrtTest`` statistic). Normal errors with one variance are assumed.

    Parameters
    ----------
    data : Results, DataFrame, dict or sequence of 1-D arrays
        The runs of k configurations in their predicted order (as :func:`kruskal_wallis`).
    n_resamples : int
        Simulated null tables when the sizes differ (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of that simulation.
    instance : object, optional
        The instance whose runs are compared.
    direction : {"minimize", "maximize"}, optional
        Which values are best; default the data's own (``"minimize"`` for a dict, a list or a
        DataFrame).
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops missing run values.

    Returns
    -------
    OSRTResult
        H, its p-value, the degrees of freedom and the pair that attains H.

    See Also
    --------
    mack_wolfe : the rank test of an umbrella (rise then fall) alternative.
    one_way_anova : the omnibus test without an order.

    Notes
    -----
    p-value: with equal sizes, Hayter's exact distribution by numerical integration
    (:func:`hayter_sf`; for k = 2 it is the one-sided t-test's, H = √2 t). With unequal sizes the
    null distribution depends on them: a Monte Carlo p-value (b + 1)/(m + 1) from ``n_resamples``
    simulated tables of normal means and a χ² variance with the observed sizes. PMCMRplus
    reports only critical values (interpolated from Hayter's table); scikit-posthocs'
    ``test_osrt`` computes the two-sided studentised range of all pairs (|x̄_j − x̄_i|, Tukey's
    p-value), a different test.

    References
    ----------
    .. [1] Hayter, A. J. (1990). A one-sided studentized range test for testing against a simple
       ordered alternative. *Journal of the American Statistical Association* 85(411), 778–785.
       doi:10.1080/01621459.1990.10474940

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.osrt({"a": [1.0, 2.0, 3.0], "b": [2.5, 3.5, 4.0], "c": [4.0, 5.0, 6.5]})
    >>> round(r.statistic, 4), round(r.pvalue, 4)   # (5.1667 - 2) / (1.0274 / √3)
    (5.3385, 0.0118)
    """
    groups = as_groups(data, instance=instance, direction=direction, nan_policy=nan_policy, min_groups=2)
    # oriented (lower is better), times one exact power of two: H is scale-free
    samples, _ = unit_scaled(*groups.samples)
    names, sizes, k = list(groups.names), groups.sizes, len(samples)
    df = int(sizes.sum() - k)
    if df < 1 or (sizes < 1).any():
        raise ValueError(f"{int(sizes.sum())} runs for {k} configurations; the OSRT needs more runs than "
                         "configurations.")
    means = np.array([s.mean() for s in samples])
    s2 = sum(float(((s - s.mean()) ** 2).sum()) for s in samples) / df
    if s2 <= 0:
        raise ValueError("every configuration's runs are constant; the pooled variance is 0 and H is undefined.")
    h, (i, j) = _largest_step(means, sizes, np.sqrt(s2))
    h = float(h)
    if (sizes == sizes[0]).all():
        pvalue, method, resamples = hayter_sf(h, k, df), "integration", None
    else:
        resamples = v.check_positive_int("n_resamples", n_resamples)
        pvalue, method = _osrt_monte_carlo(h, sizes, df, resamples, np.random.default_rng(rng)), "monte_carlo"
    return OSRTResult(
        method=f"Hayter's one-sided studentised range test ({method} p-value)", statistic=h, pvalue=pvalue,
        alternative="greater", df=df, pair=(names[i], names[j]), pvalue_method=method, n_resamples=resamples,
        instance=groups.instance, sizes=pd.Series(sizes, index=names, name="size"), dropped_values=groups.dropped)


def _largest_step(means: np.ndarray, sizes: np.ndarray, s: np.ndarray | float) -> tuple[Any, Any]:
    """max_{i<j} (m_j − m_i) / (s sqrt((1/n_i + 1/n_j)/2)) over the last axis of ``means``, and its pair
    (for one table; for a stack of tables the index arrays of all pairs)."""
    i, j = np.triu_indices(sizes.size, 1)
    scale = np.sqrt((1.0 / sizes[i] + 1.0 / sizes[j]) / 2.0)
    steps = (means[..., j] - means[..., i]) / (np.asarray(s)[..., None] * scale)
    best = np.argmax(steps, axis=-1)
    return steps.max(axis=-1), (int(i[best]), int(j[best])) if np.ndim(best) == 0 else (i, j)


def _osrt_monte_carlo(h: float, sizes: np.ndarray, df: int, n_resamples: int, rng: np.random.Generator) -> float:
    """(b + 1)/(m + 1) over simulated null tables: means N(0, 1/n_i), pooled variance χ²_df / df."""
    exceed, done, per_batch = 0, 0, 100_000
    while done < n_resamples:
        batch = min(per_batch, n_resamples - done)
        means = rng.standard_normal((batch, sizes.size)) / np.sqrt(sizes)
        s = np.sqrt(rng.chisquare(df, batch) / df)
        simulated, _ = _largest_step(means, sizes, s)
        exceed += int(np.sum(simulated >= h * (1 - 1e-12)))
        done += batch
    return (exceed + 1.0) / (n_resamples + 1.0)
