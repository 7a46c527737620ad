"""Page's (1963) trend test for ordered alternatives and its use for convergence.

The exact null distribution of L = Σ_j j·R_j is computed for any N and moderate k:
the distribution of one row's Σ_j j·π(j) over the k! permutations comes from a dynamic
programme over subsets (O(2^k · k · k³)), and the N rows are convolved (O(N² k⁶)).
Peers tabulate N ≤ 8, k ≤ 12 or use the normal approximation only.

With tied values within instances (mid-ranks), the untied table is far too conservative (a
fully tied instance adds its mean to L and no variance). The default (``tie_correction=True``)
conditions on each instance's observed rank pattern: the same dynamic programme over the
pattern's doubled mid-ranks gives the exact conditional distribution of L, and the normal
approximation uses the conditional (tie-corrected) variance.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare import ranking
from algocompare._results import TestResult
from algocompare.frequentist._common import oriented_blocks

__all__ = ["page_trend", "convergence_page", "page_null_distribution", "PageResult"]

PAGE_METHODS = ("auto", "exact", "approx")
#: Largest k for which the exact per-row distribution is computed (2^k subsets).
MAX_EXACT_K = 14
#: Largest k for which ``method="auto"`` computes the exact distribution conditional on ties.
MAX_AUTO_CONDITIONAL_K = 10
#: ``method="auto"`` is exact while the N-row convolution costs fewer operations than this.
AUTO_EXACT_COST = 3e8


@dataclass(frozen=True, kw_only=True)
class PageResult(TestResult):
    """Page's trend test: ``statistic`` L, one-sided ``pvalue`` for an increasing trend.

    Attributes
    ----------
    statistic : float
        Page's L.
    pvalue : float
        The p-value the test used (exact or normal).
    alternative : str
        ``"greater"``: the ranks increase along the order.
    z : float
        The normal approximation's z.
    pvalue_exact : float
        The exact p-value (NaN when it was not computed).
    pvalue_normal : float
        The normal approximation's p-value.
    exact : bool
        Whether ``pvalue`` is the exact one.
    n_instances : int
        Rows of the table.
    n_treatments : int
        Columns of the table.
    mean_ranks : pandas.Series
        Mean rank of each treatment, in the predicted order.
    tie_correction : bool
        Whether the null distribution is conditional on the observed ties (mid-ranks).

    See Also
    --------
    page_trend, convergence_page : the tests that return it.

    References
    ----------
    .. [1] Page, E. B. (1963). Ordered hypotheses for multiple treatments: a significance test
       for linear ranks. *Journal of the American Statistical Association* 58(301), 216–230.
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> r = ac.page_trend(np.array([[1, 2, 3], [1, 3, 2], [2, 1, 3], [1, 2, 3.]]))
    >>> r.alternative, r.exact, r.n_treatments
    ('greater', True, 3)
    """

    kind: ClassVar[str] = "trend"

    z: float
    pvalue_exact: float
    pvalue_normal: float
    exact: bool
    n_instances: int
    n_treatments: int
    mean_ranks: pd.Series
    tie_correction: bool


@functools.lru_cache(maxsize=32)
def _row_counts(k: int) -> np.ndarray:
    """Number of permutations π of 1..k with Σ_j j·π(j) = s, for s = 0..Σ j²."""
    return _pattern_counts(tuple(range(1, k + 1)))


@functools.lru_cache(maxsize=256)
def _pattern_counts(values: tuple[int, ...]) -> np.ndarray:
    """Number of the k! assignments of the (labelled, possibly equal) integer ``values`` to the
    positions 1..k with Σ_j j·value(j) = s, for s = 0..Σ j·value_(j) (values sorted)."""
    k = len(values)
    top = int(np.dot(np.arange(1, k + 1), np.sort(values)))
    masks = np.array([0], dtype=np.int64)
    counts = np.zeros((1, top + 1))
    counts[0, 0] = 1.0
    bits = np.int64(1) << np.arange(k, dtype=np.int64)
    for position in range(1, k + 1):  # assign a value to each position in turn
        free = (masks[:, None] & bits[None, :]) == 0
        following = np.unique((masks[:, None] | bits[None, :])[free])
        nxt = np.zeros((following.size, top + 1))
        for index, value in enumerate(values):  # vectorised over all subsets of used values
            sel = free[:, index]
            target = np.searchsorted(following, masks[sel] | bits[index])
            shift = position * value
            nxt[target, shift:] += counts[sel, :top + 1 - shift]
        masks, counts = following, nxt
    return counts[0]


def page_null_distribution(n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact null distribution of Page's L for n rows and k treatments (no ties).

    Returns ``(support, pmf)``: the possible values of L and their probabilities.

    Examples
    --------
    >>> from algocompare.frequentist._page import page_null_distribution
    >>> support, pmf = page_null_distribution(2, 3)
    >>> float(pmf[support == 28][0])   # both rows in the predicted order: 1/36
    0.027777777777777776
    """
    n = v.check_positive_int("n", n)
    k = v.check_positive_int("k", k, minimum=2)
    if k > MAX_EXACT_K:
        raise ValueError(f"the exact distribution of Page's L is computed for k <= {MAX_EXACT_K}, got k={k}; "
                         "use method='approx'.")
    counts = _row_counts(k)
    low = int(np.flatnonzero(counts)[0])
    row = counts[low:] / math.factorial(k)
    pmf = np.ones(1)
    for _ in range(n):  # direct convolution keeps the relative precision of the tails
        pmf = np.convolve(pmf, row)
    return np.arange(n * low, n * low + pmf.size), pmf


def _exact_cost(n: int, k: int, doubled: bool = False) -> float:
    width = (2 if doubled else 1) * k * (k * k - 1) / 6 + 1
    return n * n * width * width / 2 + 2.0 ** k * k * k ** 3 / 3


def _page_from_ranks(ranks: np.ndarray, method: str, labels: Sequence[Any],
                     tie_correction: bool = True) -> PageResult:
    v.check_option("method", method, PAGE_METHODS)
    n, k = ranks.shape
    weights = np.arange(1, k + 1)
    statistic = float(ranks.sum(axis=0) @ weights)
    ties = bool((np.sort(ranks, axis=1) != weights).any())
    conditional = tie_correction and ties
    mean = n * k * (k + 1) ** 2 / 4
    if conditional:  # Σ_i Var(Σ_j j r_iπ(j)) = Σ_i k(k+1)/12 · Σ_j (r_ij − r̄)² over the row's permutations
        variance = k * (k + 1) / 12 * float(((ranks - (k + 1) / 2) ** 2).sum())
    else:
        variance = n * k * k * (k + 1) * (k * k - 1) / 144
    z = (statistic - mean) / math.sqrt(variance) if variance > 0 else 0.0
    p_normal = float(stats.norm.sf(z)) if variance > 0 else 1.0
    if method == "exact":
        exact = True
    elif conditional:
        # each distinct tie pattern costs its own subset DP (seconds at k = 12): auto stops at 10
        exact = method == "auto" and k <= MAX_AUTO_CONDITIONAL_K and _exact_cost(n, k, doubled=True) <= AUTO_EXACT_COST
    else:
        exact = method == "auto" and not ties and k <= 12 and _exact_cost(n, k) <= AUTO_EXACT_COST
    p_exact = math.nan
    if exact and conditional:
        if k > MAX_EXACT_K:
            raise ValueError(f"the exact distribution of Page's L is computed for k <= {MAX_EXACT_K}, got k={k}; "
                             "use method='approx'.")
        p_exact = _conditional_pvalue(ranks, statistic)
    elif exact:
        support, pmf = page_null_distribution(n, k)
        p_exact = float(pmf[support >= math.ceil(statistic - 1e-9)].sum())
    kind = ("exact" if exact else "normal approximation") + (", conditional on ties" if conditional else "")
    return PageResult(
        method=f"Page trend test ({kind})", statistic=statistic,
        pvalue=p_exact if exact else p_normal, alternative="greater", z=float(z), pvalue_exact=p_exact,
        pvalue_normal=p_normal, exact=exact, n_instances=n, n_treatments=k,
        mean_ranks=pd.Series(ranks.mean(axis=0), index=list(labels), name="mean_rank"),
        tie_correction=bool(tie_correction))


def _conditional_pvalue(ranks: np.ndarray, statistic: float) -> float:
    """P(L >= observed) when each instance's (mid-)ranks are permuted at random over the
    treatments, independently: the rows' exact distributions of Σ_j j·2r_π(j), convolved."""
    k = ranks.shape[1]
    doubled = np.rint(2 * ranks).astype(np.int64)  # mid-ranks are multiples of 1/2
    pmf, low = np.ones(1), 0
    patterns, repeats = np.unique(np.sort(doubled, axis=1), axis=0, return_counts=True)
    for pattern, times in zip(patterns, repeats, strict=True):
        counts = _pattern_counts(tuple(int(a) for a in pattern))
        first = int(np.flatnonzero(counts)[0])
        row = counts[first:] / math.factorial(k)
        for _ in range(times):  # direct convolution keeps the relative precision of the tails
            pmf = np.convolve(pmf, row)
        low += times * first
    observed = int(round(2 * statistic)) - low
    return float(min(1.0, pmf[max(observed, 0):].sum()))


def page_trend(data: Any, *, order: Sequence[Any] | None = None, method: str = "auto",
               tie_correction: bool = True, direction: str | None = None,
               nan_policy: str = "raise") -> PageResult:
    """Page's L test of an ordered alternative (Page 1963; Carrasco et al. 2020, §3.2.4).

    Values are ranked within each instance (rank 1 = best, i.e. ascending for a plain
    array or ``direction="minimize"``), and L = Σ_j j·R_j with R_j the rank total of the
    j-th treatment in the predicted order. Large L supports the alternative that the
    ranks increase along the order (the first treatment is best, the last worst).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × treatments (algorithms, cut points, parameter values).
    order : sequence of labels, optional
        The predicted order (default: the column order).
    method : {"auto", "exact", "approx"}
        ``"exact"``: the exact null distribution (k <= 14). ``"approx"``: the normal
        approximation, one-sided, z = (L − Nk(k+1)²/4) / sqrt(Var L). ``"auto"``: exact
        when k <= 12 (k <= 10 with ties) and the computation is cheap, else approx.
    tie_correction : bool
        True (default): with tied values in an instance, the null distribution is the
        conditional one given each instance's observed mid-ranks (each instance's ranks
        permuted at random over the treatments): exact by convolution, or normal with
        Var L = k(k+1)/12 · Σ_ij (r_ij − (k+1)/2)². False: Page's untied table and
        Var L = Nk²(k+1)(k²−1)/144 whatever the ties (the field's convention; with
        ``method="auto"`` tied data then get the untied normal approximation, as before
        issue 28). Without ties both give the same p-value.
    direction : {"minimize", "maximize"}, optional
        Which values are best (rank 1); default the data's own (``"minimize"`` for a
        DataFrame or an array).
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing value (``dropped_instances``).

    Returns
    -------
    PageResult
        L, its p-value, z and the mean ranks along the order.

    See Also
    --------
    convergence_page : Page's test of two algorithms' convergence.
    friedman : the omnibus test without a predicted order.

    Notes
    -----
    The test is one-sided by definition: ``alternative`` is ``"greater"`` (L larger than
    under the null, i.e. the ranks increase along ``order``).

    Why ``tie_correction=True`` (issue 28). On null tables with competition ties
    (``benchmarks/bench_calibration.py``: errors floored at each instance's optimum and
    rounded; 25–55 % of the instances fully tied), the untied statistics reject 0.002–0.010
    of the tables at α = 0.05: a tied instance adds its mean to L but none of the variance the
    untied table assumes. Conditioning on the observed mid-ranks restores the size (figures in
    ``docs/validation.md``); on untied data nothing changes.

    References
    ----------
    .. [1] Page, E. B. (1963). Ordered hypotheses for multiple treatments: a significance test
       for linear ranks. *Journal of the American Statistical Association* 58(301), 216–230.
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665
    .. [3] Derrac, J., García, S., Hui, S., Suganthan, P. N., Herrera, F. (2014). Analyzing
       convergence performance of evolutionary algorithms: a statistical approach. *Information
       Sciences* 289, 41–58.

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> data = np.array([[1, 2, 3], [1, 3, 2], [2, 1, 3], [1, 2, 3.]])
    >>> r = ac.page_trend(data)
    >>> r.statistic, round(r.pvalue, 4)
    (54.0, 0.0255)
    """
    table, dropped = oriented_blocks(data, direction=direction, nan_policy=nan_policy)
    if order is not None:
        order = list(order)
        v.check_unique("algorithm", order)
        for label in order:
            if label not in table.columns:
                raise ValueError(f"order names {label!r}, which is not a column; columns: {list(table.columns)}.")
        if len(order) != table.shape[1]:
            raise ValueError("order must list every column exactly once.")
        table = table[order]
    ranks = ranking.within_instance_ranks(table.to_numpy())
    result = _page_from_ranks(ranks, method, table.columns, tie_correction)
    return dataclasses.replace(result, dropped_instances=dropped)


def convergence_page(a: Any, b: Any, *, optimum: Any = None, method: str = "auto",
                     tie_correction: bool = True, tol: float = 0.0) -> PageResult:
    """Compare the convergence of two algorithms with Page's test (Derrac et al. 2014).

    ``a`` and ``b`` hold the two algorithms' values (lower is better) at c cut points of
    the search (columns, in search order) on n problems (rows). The differences A − B are
    ranked within each problem and Page's L tests an increasing trend along the cut
    points: rejection means B converges faster than A (Carrasco et al. 2020, §3.2.4; swap
    the arguments for the other direction).

    Derrac et al.'s modification when an algorithm reaches the optimum before the last
    cut point (``optimum`` given, a scalar or one value per problem; reached means
    |value − optimum| <= tol): if A reaches it first, the cut points from there on get the
    highest ranks in increasing order; if B reaches it first, they get the lowest ranks
    in decreasing order; the earlier cut points keep their relative order; if both reach
    it at the same cut point, the ranks are left as they are.

    Parameters
    ----------
    a, b : array_like
        Problems × cut points: the two algorithms' values (lower is better), same shape.
    optimum : float or array_like, optional
        The optimum (one value, or one per problem) for Derrac et al.'s modification;
        None: no modification.
    method : {"auto", "exact", "approx"}
        As in :func:`page_trend`.
    tie_correction : bool
        As in :func:`page_trend`: the null distribution conditional on tied differences.
    tol : float
        A value within ``tol`` of ``optimum`` has reached it.

    Returns
    -------
    PageResult
        Page's L on the ranked differences; rejection means B converges faster.

    See Also
    --------
    page_trend : Page's test of an ordered alternative.

    References
    ----------
    .. [1] Derrac, J., García, S., Hui, S., Suganthan, P. N., Herrera, F. (2014). Analyzing
       convergence performance of evolutionary algorithms: a statistical approach. *Information
       Sciences* 289, 41–58.
    .. [2] Page, E. B. (1963). Ordered hypotheses for multiple treatments: a significance test
       for linear ranks. *Journal of the American Statistical Association* 58(301), 216–230.
    .. [3] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> a = np.array([[9., 7, 5, 4], [8, 6, 5, 5], [7, 6, 4, 3]])
    >>> b = np.array([[9., 6, 3, 1], [8, 5, 3, 2], [7, 5, 2, 0]])
    >>> ac.convergence_page(a, b).statistic
    90.0
    """
    x, y = _convergence_arrays(a, b)
    ranks = ranking.within_instance_ranks(x - y)
    if optimum is not None:
        target = np.broadcast_to(np.asarray(optimum, dtype=float), (x.shape[0],))
        ranks = np.array([_derrac_ranks(r, _first_hit(xa, t, tol), _first_hit(yb, t, tol))
                          for r, xa, yb, t in zip(ranks, x, y, target, strict=False)])
    labels = [f"cut{j + 1}" for j in range(x.shape[1])]
    result = _page_from_ranks(ranks, method, labels, tie_correction)
    return dataclasses.replace(result, method=result.method.replace("Page trend", "Page convergence"))


def _convergence_arrays(a: Any, b: Any) -> tuple[np.ndarray, np.ndarray]:
    arrays = [v.as_matrix(data, name, rows="problems", columns="cut points") for name, data in (("a", a), ("b", b))]
    if arrays[0].shape != arrays[1].shape:
        raise ValueError(f"a and b must have the same shape, got {arrays[0].shape} and {arrays[1].shape}.")
    v.check_design_size(arrays[0].shape[0], arrays[0].shape[1], min_instances=2, min_algorithms=2)
    return arrays[0], arrays[1]


def _first_hit(values: np.ndarray, optimum: float, tol: float) -> int | None:
    hits = np.flatnonzero(np.abs(values - optimum) <= tol)
    return int(hits[0]) if hits.size else None


def _derrac_ranks(ranks: np.ndarray, hit_a: int | None, hit_b: int | None) -> np.ndarray:
    c = ranks.size
    first = min((h for h in (hit_a, hit_b) if h is not None), default=None)
    if first is None or first >= c - 1 or hit_a == hit_b:
        return ranks
    tail = c - first
    head = stats.rankdata(ranks[:first])
    out = np.empty(c)
    if hit_a == first:  # A optimal first: highest ranks, increasing
        out[:first] = head
        out[first:] = np.arange(first + 1, c + 1)
    else:  # B optimal first: lowest ranks, decreasing
        out[:first] = head + tail
        out[first:] = np.arange(tail, 0, -1)
    return out
