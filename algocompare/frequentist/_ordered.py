"""Ordered alternatives for k independent samples: the Mack–Wolfe umbrella test.

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
from algocompare.data._convert import as_groups

__all__ = ["mack_wolfe", "MackWolfeResult"]

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
               rng: Any = None, instance: Any = None, nan_policy: str = "raise") -> MackWolfeResult:
    """Mack–Wolfe test of an umbrella alternative for k independent samples (runs of k configurations).

    H0: the k samples come from one distribution. Alternative: the location rises along the
    given order up to the peak and falls after it (with at least one strict inequality), on the
    values as given (whatever the data's direction). A_p = Σ_{i<j<=p} U_ij + Σ_{p<=i<j} U_ji,
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
    groups = as_groups(data, instance=instance, nan_policy=nan_policy, min_groups=3)
    samples = [-s if groups.direction == "maximize" else s for s in groups.samples]  # the values as given
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

