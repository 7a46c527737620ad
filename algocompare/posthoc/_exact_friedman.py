"""Exact null distribution of the difference of two Friedman rank sums (Eisinga et al. 2017).

With n instances (blocks) and k algorithms ranked 1..k within each instance without ties,
the difference of two rank sums is D = R_a - R_b = sum_i (r_ia - r_ib). Under H0 every
within-instance ranking is equally likely, so the n per-instance differences are
independent, each taking the value t (0 < |t| <= k - 1) in k - |t| of the k(k - 1)
ordered pairs of distinct ranks. The number of ways W(D = d) of the (k(k-1))^n equally
likely pairs is the coefficient of x^d in G(x)^n with

    G(x) = sum_{0 < |t| < k} (k - |t|) x^t,

and P(D = d) = W(D = d) / (k(k-1))^n (Eisinga, Heskes, Pelzer & Te Grotenhuis 2017,
BMC Bioinformatics 18:68, Methods; the equation numbers of the paper could not be
checked here, so the formulas are written out in full).

Closed form (the paper's Methods, and its Additional file ``pexactfrsd.R``): writing G(x) = Q(x)Q(1/x) - k with
Q(x) = 1 + x + ... + x^(k-1) and expanding (Q(x)Q(1/x))^h binomially gives, for d >= 1,

    W(D >= d) = (-1)^n sum_{h=0}^{n} C(n, h) k^(n-h)
                sum_{s=ceil((d+h)/k)}^{h} (-1)^s C(2h, h+s) C(ks - d + h, 2h),

an alternating sum whose terms are far larger than the result, so it needs exact
integers (the authors use 2048-bit MPFR; Python integers are exact at any size). It
is :func:`eisinga_upper_count`, the reference used in the tests.

Every value of the distribution at once (what all pairs need) comes faster from a linear
recurrence of fixed length, exact in integers: G(x) x^(k-1) = N(x) / (1 - x)^2 with
N(x) = 1 - k x^(k-1) + (2k-2) x^k - k x^(k+1) + x^(2k), so F = (x^(k-1) G)^n satisfies
F'(x) N(x)(1 - x) = n F(x) (N'(x)(1 - x) + 2 N(x)) (differentiate log F). Comparing
coefficients gives j f_j = sum_t c_t(j) f_(j-t) over the eight or so non-zero terms of
N(1 - x), so the whole half-distribution (f_0 .. f_(n(k-1)); it is symmetric) costs
O(n k) big-integer operations instead of the closed form's O(n^2) per value. Both are
exact; the tests check them against each other and against brute-force enumeration.

The distribution assumes untied ranks. Two-sided p-value: P(|D| >= |d|) = 2 W(D >= |d|) /
(k(k-1))^n for d != 0 and 1 for d = 0 (the convention of the authors' ``pexactfrsd`` and
of PMCMRplus ``frdAllPairsExactTest``).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any

import numpy as np

from algocompare._options import check_alternative
from algocompare._validation import check_option, check_positive_int

__all__ = ["rank_sum_difference_pvalue", "eisinga_upper_count"]


def eisinga_upper_count(d: int, n: int, k: int) -> int:
    """W(D >= d): the number of the (k(k-1))^n rank pairs with rank-sum difference >= d.

    The closed form of Eisinga et al. (2017) (see the module docstring), evaluated in exact
    integer arithmetic. Valid for integer d >= 1; costs O(n^2) big-integer terms, so it is
    the reference implementation — :func:`rank_sum_difference_pvalue` uses the recurrence.

    Examples
    --------
    >>> eisinga_upper_count(1, 1, 3)  # one instance, three algorithms: t = 1 (2 ways), 2 (1 way)
    3
    """
    if d < 1:
        raise ValueError(f"the closed form needs d >= 1, got {d}.")
    total = 0
    for h in range(n + 1):
        inner = 0
        for s in range(-(-(d + h) // k), h + 1):
            term = comb(2 * h, h + s) * comb(k * s - d + h, 2 * h)
            inner += -term if s % 2 else term
        total += comb(n, h) * k ** (n - h) * inner
    return -total if n % 2 else total


def _recurrence_terms(n: int, k: int) -> list[tuple[int, int, int]]:
    """(t, alpha, beta) with c_t(j) = alpha + beta j in j f_j = sum_t c_t(j) f_(j-t).

    From F' A = F B with A = N(1 - x) and B = n (N'(1 - x) + 2N): comparing the
    coefficients of x^(j-1) gives j f_j = sum_(t>=1) (b_(t-1) - a_t (j - t)) f_(j-t).
    """
    degree = 2 * k + 1
    numerator = np.zeros(2 * k + 1, dtype=object)  # N(x), exact integer coefficients
    for power, coefficient in ((0, 1), (k - 1, -k), (k, 2 * k - 2), (k + 1, -k), (2 * k, 1)):
        numerator[power] += coefficient
    one_minus_x = np.array([1, -1], dtype=object)
    a = np.convolve(numerator, one_minus_x)
    derivative = numerator[1:] * np.arange(1, 2 * k + 1)
    b = n * (np.concatenate([np.convolve(derivative, one_minus_x), [0]]) + np.concatenate([numerator, [0]]) * 2)
    terms = []
    for t in range(1, degree + 1):
        alpha, beta = int(b[t - 1]) + int(a[t]) * t, -int(a[t])
        if alpha or beta:
            terms.append((t, alpha, beta))
    return terms


@lru_cache(maxsize=8)  # n = 1000, k = 20 holds about 20 MB of integers
def _lower_cumulative_counts(n: int, k: int) -> tuple[int, ...]:
    """C[m] = sum_(j<=m) f_j for m = 0..n(k-1), f_j = W(D = j - n(k-1)); exact integers.

    By symmetry of D, W(D >= d) = C[n(k-1) - d] for d >= 0. Cached per (n, k).
    """
    half = n * (k - 1)
    terms = _recurrence_terms(n, k)
    f = [1] + [0] * half
    for j in range(1, half + 1):
        acc = 0
        for t, alpha, beta in terms:
            if t > j:
                break
            acc += (alpha + beta * j) * f[j - t]
        f[j] = acc // j  # exact: f_j is an integer
    cumulative, running = [], 0
    for value in f:
        running += value
        cumulative.append(running)
    return tuple(cumulative)


def _as_integer_differences(d: Any) -> np.ndarray:
    values = np.asarray(d, dtype=float)
    if not np.all(np.isfinite(values)):
        raise ValueError("rank-sum differences must be finite numbers.")
    if np.any(values != np.round(values)):
        raise ValueError(
            "rank-sum differences must be integers: the exact distribution assumes untied "
            "within-instance ranks (ties give half-integer rank sums)."
        )
    return np.round(values).astype(np.int64)


def rank_sum_difference_pvalue(d: Any, n_instances: int, n_algorithms: int, *,
                               alternative: str = "two-sided") -> np.ndarray | float:
    """Exact p-value of a difference of two Friedman rank sums (Eisinga et al. 2017).

    Parameters
    ----------
    d : int or array of int
        Rank-sum differences D = R_a - R_b (ranks 1..k within each instance, no ties).
    n_instances : int
        Number of instances (blocks) n >= 1.
    n_algorithms : int
        Number of algorithms k >= 2.
    alternative : {"two-sided", "greater", "less"}
        ``"two-sided"``: P(|D| >= |d|) (1 for d = 0), the p-value of PMCMRplus
        ``frdAllPairsExactTest`` and of the authors' ``pexactfrsd``; ``"greater"``:
        P(D >= d); ``"less"``: P(D <= d).

    Returns
    -------
    float or numpy.ndarray
        Exact probabilities, rounded once to the nearest double (an exact integer count
        divided by (k(k-1))^n); values below about 1e-308 underflow to 0.

    Notes
    -----
    The whole distribution for (n, k) is computed once with exact integers (a linear
    recurrence, see the module docstring) and cached, so many d cost one pass:
    n = 300, k = 20 takes a few hundredths of a second.

    See Also
    --------
    algocompare.posthoc : ``test="friedman_exact"`` uses these p-values for every pair.

    References
    ----------
    .. [1] Eisinga, R., Heskes, T., Pelzer, B. & Te Grotenhuis, M. (2017). Exact p-values for
       pairwise comparison of Friedman rank sums, with application to comparing classifiers.
       BMC Bioinformatics 18, 68. doi:10.1186/s12859-017-1486-2

    Examples
    --------
    >>> round(float(rank_sum_difference_pvalue(100, 100, 100)), 7)  # Eisinga et al. (2017), Additional file
    0.8085251
    >>> float(rank_sum_difference_pvalue(6, 3, 3))  # D = 6 needs ranks (1, 3) in all 3 instances, either way
    0.009259259259259259
    """
    n = check_positive_int("n_instances", n_instances)
    k = check_positive_int("n_algorithms", n_algorithms, minimum=2)
    check_alternative(alternative)
    values = _as_integer_differences(d)
    half = n * (k - 1)
    cumulative = _lower_cumulative_counts(n, k)
    total = (k * (k - 1)) ** n

    def upper(x: int) -> int:  # W(D >= x), using the symmetry of D
        if x <= -half:
            return total
        if x > half:
            return 0
        return cumulative[half - x] if x >= 0 else total - cumulative[half + x - 1]

    def count(x: int) -> int:
        if alternative == "greater":
            return upper(x)
        if alternative == "less":
            return upper(-x)
        return total if x == 0 else 2 * upper(abs(x))

    # exact integer count / exact integer total: Python rounds the quotient correctly
    pvalues = np.array([count(int(x)) / total for x in values.ravel()]).reshape(values.shape)
    return float(pvalues) if pvalues.ndim == 0 else pvalues


TIE_POLICIES = ("raise", "midranks")


def _check_untied(values: np.ndarray, instances: list) -> None:
    ordered = np.sort(values, axis=1)
    tied = np.flatnonzero(np.any(ordered[:, 1:] == ordered[:, :-1], axis=1))
    if tied.size:
        shown = ", ".join(repr(instances[i]) for i in tied[:5]) + (", ..." if tied.size > 5 else "")
        raise ValueError(
            f"test='friedman_exact' needs untied values within each instance, but {tied.size} "
            f"instance(s) have ties ({shown}). The exact distribution of Eisinga et al. (2017) "
            "assumes untied ranks: use test='friedman' (normal approximation), or "
            "ties='midranks' to use the untied distribution as an approximation."
        )


def pairwise_exact(values: np.ndarray, rank_sums: np.ndarray, a: np.ndarray, b: np.ndarray, *,
                   instances: list, ties: str = "raise") -> tuple[np.ndarray, np.ndarray]:
    """Rank-sum differences R_b - R_a (positive when algorithm_a is better) and exact p-values.

    ``values`` are oriented (lower = better) instances × algorithms and ``rank_sums`` their
    Friedman rank sums. ``ties="raise"`` rejects tied instances; ``ties="midranks"``
    keeps mid-rank sums and evaluates the untied distribution at P(|D| >= |d|) (for a
    half-integer d this is P(|D| >= ceil|d|)). That is an approximation: ties shrink the
    variance of D, so the untied distribution tends to give larger (conservative) p-values.
    """
    check_option("ties", ties, TIE_POLICIES)
    if ties == "raise":
        _check_untied(values, instances)
    n, k = values.shape
    statistic = rank_sums[b] - rank_sums[a]
    pvalue = rank_sum_difference_pvalue(np.ceil(np.abs(statistic)), n, k)
    return statistic.astype(float), np.atleast_1d(pvalue)
