"""Tests of binary outcomes: did an algorithm reach the target on an instance, or not?

* :func:`reached_target` turns a results table into successes (1: the instance's value reached
  ``target``), the input of the two tests below and of ``posthoc(test="mcnemar")``;
* :func:`mcnemar` — two algorithms: the discordant instances (one succeeded, the other not)
  are a binomial with probability 1/2 under the null (McNemar 1947);
* :func:`cochran_q` — k algorithms: Cochran's (1950) Q, with its chi-square approximation
  or a permutation distribution conditional on each instance's number of successes.

Default methods are the calibrated ones (docs "Validation", section "Effect sizes and binary
outcomes"): the chi-square without continuity correction for both. On null tables (identical
algorithms, an instance effect on the success probability) McNemar's size at alpha = 0.05 is
0.042-0.055 from 20 instances on, where the exact conditional binomial (0.012-0.036) and the
continuity-corrected chi-square are conservative, as Fagerland, Lydersen & Laake (2013) found;
Cochran's Q permutation distribution is exact but, being discrete, more conservative still.
The conservative versions stay options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare._options import check_alternative, documented_table_options
from algocompare._results import TestResult
from algocompare._validation import check_option
from algocompare.data._convert import as_blocks, drop_record
from algocompare.data._results import Results

__all__ = ["McNemarResult", "CochranQResult", "mcnemar", "cochran_q", "reached_target", "MCNEMAR_METHODS",
           "COCHRAN_METHODS", "binomial_discordance_pvalue"]

#: How McNemar's p-value is computed: the binomial of the discordant pairs (exact conditional, or
#: its mid-p), or the chi-square / normal approximation without or with continuity correction.
MCNEMAR_METHODS = ("chi2", "midp", "exact", "chi2_cc")

#: How Cochran's Q p-value is computed.
COCHRAN_METHODS = ("chi2", "permutation")

#: Permutation tables drawn at once (resamples × instances × algorithms cells): bounds memory.
_BATCH_CELLS = 4_000_000


def _as_binary(values: np.ndarray, what: str) -> np.ndarray:
    """``values`` as 0/1 integers, or a one-line error naming the fix."""
    finite = values[~np.isnan(values)] if values.dtype.kind == "f" else values
    bad = np.setdiff1d(np.unique(finite), [0, 1])
    if bad.size:
        raise ValueError(f"{what} must be 0/1 successes (1: reached the target); found {bad[:3].tolist()}; "
                         "pass target= to turn values into successes, or reached_target(data, target).")
    return values.astype(int)


def _successes(values: np.ndarray, target: float | None, direction: str, what: str) -> np.ndarray:
    """1 where ``values`` reached ``target`` (``<=`` when minimising, ``>=`` when maximising); the values
    themselves when ``target`` is None (then they must be 0/1)."""
    if target is None:
        return _as_binary(values, what)
    if not np.isfinite(target):
        raise ValueError(f"target must be a finite number, got {target!r}.")
    reached = values <= target if direction == "minimize" else values >= target
    return reached.astype(int)


@documented_table_options
def reached_target(data: Any, target: float, *, direction: str | None = None,
                   nan_policy: str = "raise") -> Results:
    """Successes of each algorithm on each instance: 1 where its value reached ``target``.

    A value reaches the target when it is at most ``target`` (minimising) or at least
    ``target`` (maximising); runs are averaged per cell first (as every table test does).
    The result is a :class:`~algocompare.Results` to be maximised (1 = success), ready for
    :func:`cochran_q`, :func:`mcnemar` and ``posthoc(test="mcnemar")``.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    target : float
        The value to reach (in the data's units; e.g. an error of 1e-8).
    {table_options}

    Returns
    -------
    Results
        Instances × algorithms of 0/1, ``direction="maximize"``.

    See Also
    --------
    cochran_q : do the algorithms reach the target equally often?
    mcnemar : the same question for two algorithms.

    References
    ----------
    .. [1] Cochran, W. G. (1950). The comparison of percentages in matched samples.
       *Biometrika* 37(3/4), 256–266. doi:10.1093/biomet/37.3-4.256

    Examples
    --------
    >>> import algocompare as ac
    >>> hits = reached_target(ac.load_dataset("cec2005_d10"), 1e-6)
    >>> hits.direction, int(hits.blocks().to_numpy().sum())
    ('maximize', 49)
    """
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    blocks = results.blocks()
    hits = _successes(blocks.to_numpy(float), float(target), results.direction, "data")
    frame = pd.DataFrame(hits, index=blocks.index, columns=blocks.columns)
    return Results.from_wide(frame, direction="maximize")


# ----------------------------------------------------------------------------- McNemar


def binomial_discordance_pvalue(n_10: np.ndarray, n_01: np.ndarray, method: str,
                                alternative: str = "two-sided") -> np.ndarray:
    """McNemar p-values of discordant counts (arrays): ``n_10`` pairs where the first succeeded
    alone, ``n_01`` where the second did; ``alternative="greater"``: the first succeeds more often.

    ``"exact"``: binomial(n_10 + n_01, 1/2) tail, two-sided as twice the smaller tail
    (R's ``mcnemar.exact`` of exact2x2 with ``tsmethod="central"``, pingouin's ``p_exact``);
    ``"midp"``: the same tails less half the probability of the observed count (Fagerland et al.
    2013, eq. 3); ``"chi2"``/``"chi2_cc"``: (|n_10 − n_01| − c)² / (n_10 + n_01) on 1 df, c = 0 or 1
    (R's ``mcnemar.test(correct=FALSE/TRUE)``), one-sided through the signed root. No discordant
    pair gives p = 1."""
    b, c = np.asarray(n_10, dtype=float), np.asarray(n_01, dtype=float)
    n = b + c
    if method in ("exact", "midp"):
        half = 0.5 if method == "midp" else 0.0
        point = stats.binom.pmf(b, n, 0.5)
        upper = stats.binom.sf(b - 1, n, 0.5) - half * point   # P(B >= b) (less half P(B = b))
        lower = stats.binom.cdf(b, n, 0.5) - half * point      # P(B <= b)
        if alternative == "greater":
            p = upper
        elif alternative == "less":
            p = lower
        else:
            p = 2 * np.minimum(lower, upper)
        return np.where(n > 0, np.clip(p, 0.0, 1.0), 1.0)
    cc = 1.0 if method == "chi2_cc" else 0.0
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.sign(b - c) * np.maximum(np.abs(b - c) - cc, 0.0) / np.sqrt(n)
    if alternative == "greater":
        p = stats.norm.sf(z)
    elif alternative == "less":
        p = stats.norm.cdf(z)
    else:
        p = stats.chi2.sf(z**2, 1)
    return np.where(n > 0, p, 1.0)


@dataclass(frozen=True, kw_only=True)
class McNemarResult(TestResult):
    """McNemar's test of two algorithms' success rates on the same instances.

    Attributes
    ----------
    statistic : float
        The chi-square ``(|n_10 − n_01| − c)² / (n_10 + n_01)`` for ``method="chi2"``/``"chi2_cc"``
        (c = 0/1); ``n_10`` for the binomial methods.
    pvalue : float
        The p-value under ``alternative``.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: x succeeds more often than y.
    n_10, n_01 : int
        Instances where only x succeeded, where only y succeeded (the discordant pairs).
    n_11, n_00 : int
        Instances where both, where neither succeeded.
    success_x, success_y : float
        Success rates of x and y.
    test_method : str
        A key of :data:`MCNEMAR_METHODS`.

    See Also
    --------
    mcnemar : the function that returns it.

    References
    ----------
    .. [1] McNemar, Q. (1947). Note on the sampling error of the difference between correlated
       proportions or percentages. *Psychometrika* 12(2), 153–157. doi:10.1007/BF02295996

    Examples
    --------
    >>> r = mcnemar([1, 1, 0, 1, 0, 1, 1, 1], [0, 1, 0, 0, 0, 0, 1, 0], method="exact")
    >>> r.n_10, r.n_01, round(r.pvalue, 4)
    (4, 0, 0.125)
    """

    kind: ClassVar[str] = "pairwise"

    n_10: int
    n_01: int
    n_11: int
    n_00: int
    success_x: float
    success_y: float
    test_method: str


def mcnemar(x: Any, y: Any, *, target: float | None = None, direction: str | None = None, method: str = "chi2",
            alternative: str = "two-sided") -> McNemarResult:
    """McNemar's test: do two algorithms reach the target on the same share of instances?

    Only the discordant instances count: ``n_10`` where x succeeded and y did not, ``n_01`` the
    reverse; under the null each discordant instance is a fair coin.

    Parameters
    ----------
    x, y : array-like
        Paired outcomes per instance: 0/1 successes, or values turned into successes by ``target``.
        Missing values are refused (a missing outcome is neither a success nor a failure).
    target : float, optional
        A value counts as a success when it reaches ``target`` (``<=`` when minimising,
        ``>=`` when maximising). Without it x and y must be 0/1.
    direction : {"minimize", "maximize"}, optional
        How ``target`` is reached (None: ``"minimize"``, the package's default for plain arrays).
    method : {"chi2", "midp", "exact", "chi2_cc"}
        ``"chi2"`` (default): the asymptotic test without continuity correction (R
        ``mcnemar.test(correct=FALSE)``, pingouin's ``p_approx`` with ``correction=False``), whose
        size on null tables is 0.042-0.055 at alpha = 0.05 from 20 instances on and
        0.024-0.057 at 10 (docs "Validation"; Fagerland et al. 2013). ``"midp"``: the mid-p
        binomial test, conservative below 40 instances. ``"exact"``: the exact conditional binomial test
        (pingouin's ``p_exact``), never above alpha but far below it with few discordant
        instances (0.028 at N = 40). ``"chi2_cc"``: with Edwards' continuity correction (R's
        default ``mcnemar.test``), as conservative as the exact test.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: x succeeds more often than y.

    Returns
    -------
    McNemarResult
        ``statistic``, ``pvalue``, the four cell counts and the success rates.

    See Also
    --------
    cochran_q : k algorithms.
    reached_target : successes from a results table.
    sign_test : the same binomial on the signs of any paired differences.

    Notes
    -----
    With no discordant instance the p-value is 1 (nothing tells the algorithms apart) and the
    chi-square is 0. pingouin's ``chi2_mcnemar`` computes the exact and chi-square versions
    too; it takes a DataFrame and refuses tables without discordant pairs, so the test is
    written here (and checked against it and R in the tests).

    References
    ----------
    .. [1] McNemar, Q. (1947). Note on the sampling error of the difference between correlated
       proportions or percentages. *Psychometrika* 12(2), 153–157. doi:10.1007/BF02295996
    .. [2] Fagerland, M. W., Lydersen, S., Laake, P. (2013). The McNemar test for binary
       matched-pairs data: mid-p and asymptotic are better than exact conditional. *BMC Medical
       Research Methodology* 13, 91. doi:10.1186/1471-2288-13-91
    .. [3] Edwards, A. L. (1948). Note on the "correction for continuity" in testing the
       significance of the difference between correlated proportions. *Psychometrika* 13(3),
       185–187. doi:10.1007/BF02289261

    Examples
    --------
    >>> r = mcnemar([1, 1, 0, 1, 0, 1, 1, 1, 1, 1], [0, 1, 0, 0, 0, 0, 1, 0, 1, 0])
    >>> r.n_10, r.n_01, r.statistic, round(r.pvalue, 4)
    (5, 0, 5.0, 0.0253)
    >>> round(mcnemar([0.1, 2.0, 0.3], [1.0, 0.2, 3.0], target=0.5, method="exact").pvalue, 3)
    1.0
    """
    check_option("method", method, MCNEMAR_METHODS)
    direction = "minimize" if direction is None else check_option("direction", direction, ("minimize", "maximize"))
    alternative = check_alternative(alternative)
    a, b = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if a.ndim != 1 or b.ndim != 1 or a.size != b.size:
        raise ValueError(f"x and y must be 1-D and of the same length (paired by instance); got shapes "
                         f"{a.shape} and {b.shape}.")
    if a.size == 0:
        raise ValueError("x and y are empty; McNemar's test needs at least one instance.")
    if np.isnan(a).any() or np.isnan(b).any():
        raise ValueError("x or y has a missing value; a missing outcome is neither a success nor a failure: "
                         "drop that instance from both.")
    if np.isinf(a).any() or np.isinf(b).any():
        raise ValueError("x or y has an infinite value; pass finite values (or 0/1 outcomes).")
    sx, sy = _successes(a, target, direction, "x"), _successes(b, target, direction, "y")
    n_10, n_01 = int(np.sum((sx == 1) & (sy == 0))), int(np.sum((sx == 0) & (sy == 1)))
    p = float(binomial_discordance_pvalue(np.array(n_10), np.array(n_01), method, alternative))
    if method in ("chi2", "chi2_cc"):
        cc = 1 if method == "chi2_cc" else 0
        statistic = max(abs(n_10 - n_01) - cc, 0) ** 2 / (n_10 + n_01) if n_10 + n_01 else 0.0
    else:
        statistic = float(n_10)
    names = {"midp": "mid-p binomial", "exact": "exact binomial", "chi2": "chi-square",
             "chi2_cc": "chi-square, continuity-corrected"}
    return McNemarResult(method=f"McNemar test ({names[method]})", statistic=float(statistic), pvalue=p,
                         alternative=alternative, n_10=n_10, n_01=n_01, n_11=int(np.sum((sx == 1) & (sy == 1))),
                         n_00=int(np.sum((sx == 0) & (sy == 0))), success_x=float(sx.mean()),
                         success_y=float(sy.mean()), test_method=method)


# ----------------------------------------------------------------------------- Cochran's Q


@dataclass(frozen=True, kw_only=True)
class CochranQResult(TestResult):
    """Cochran's Q test of k algorithms' success rates on the same instances.

    Attributes
    ----------
    statistic : float
        Q = (k − 1)(k Σ_j C_j² − T²) / (k T − Σ_i R_i²) (C_j successes of algorithm j, R_i of
        instance i, T in all).
    pvalue : float
        From the chi-square with k − 1 df or the permutation distribution (``test_method``).
    alternative : str
        Always ``"two-sided"`` (Q is large whenever the success rates differ).
    df : int
        k − 1.
    success_rates : pandas.Series
        Per algorithm, the share of instances where it succeeded.
    n_instances, n_algorithms : int
        The table's size.
    test_method : str
        A key of :data:`COCHRAN_METHODS`.
    n_resamples : int or None
        Permutation tables drawn (None for the chi-square).

    See Also
    --------
    cochran_q : the function that returns it.

    References
    ----------
    .. [1] Cochran, W. G. (1950). The comparison of percentages in matched samples.
       *Biometrika* 37(3/4), 256–266. doi:10.1093/biomet/37.3-4.256

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.cochran_q([[1, 1, 0], [1, 0, 0], [1, 1, 1], [1, 0, 0], [0, 1, 0]])
    >>> round(r.statistic, 4), r.df
    (3.5, 2)
    """

    kind: ClassVar[str] = "omnibus"

    df: int
    success_rates: pd.Series
    n_instances: int
    n_algorithms: int
    test_method: str
    n_resamples: int | None = None


def _cochran_numerator(column_sums: np.ndarray, total: float, k: int) -> np.ndarray:
    """k Σ C_j² − T² along the last axis (integers held exactly in floats)."""
    return k * np.sum(column_sums.astype(float) ** 2, axis=-1) - total**2


def _permutation_pvalue(table: np.ndarray, observed: float, n_resamples: int, rng: np.random.Generator) -> float:
    """(b + 1)/(m + 1), b of m tables with each instance's successes spread at random over the
    algorithms (the null's conditional distribution given the row totals) reaching ``observed``."""
    n, k = table.shape
    row_totals = table.sum(axis=1)
    informative = (row_totals > 0) & (row_totals < k)  # all-0 / all-1 rows add the same to every column
    totals = row_totals[informative]
    base = np.where(row_totals == k, 1, 0).sum()
    total = float(row_totals.sum())
    hits = 0
    batch = max(1, _BATCH_CELLS // max(totals.size * k, 1))
    for start in range(0, n_resamples, batch):
        m = min(batch, n_resamples - start)
        # each instance's successes go to the algorithms of a uniform random permutation's first R_i places
        order = rng.random((m, totals.size, k)).argsort(axis=2).argsort(axis=2)
        column_sums = (order < totals[None, :, None]).sum(axis=1) + base
        # integer arithmetic in floats: exact, so ">=" counts the observed value's ties
        hits += int(np.sum(_cochran_numerator(column_sums, total, k) >= observed - 1e-9))
    return (hits + 1) / (n_resamples + 1)


@documented_table_options
def cochran_q(data: Any, *, target: float | None = None, method: str = "chi2", n_resamples: int = 9999,
              rng: Any = None, direction: str | None = None, nan_policy: str = "raise") -> CochranQResult:
    """Cochran's Q: do k algorithms reach the target on the same share of instances?

    Q = (k − 1)(k Σ_j C_j² − T²) / (k T − Σ_i R_i²), C_j the successes of algorithm j, R_i those
    on instance i, T = Σ C_j (Cochran 1950, eq. 6). Instances where every algorithm succeeded
    or every one failed add nothing.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms of 0/1 successes, or of values turned into successes by ``target``.
    target : float, optional
        A cell is a success when its value reaches ``target`` (at most when minimising, at least
        when maximising; see :func:`reached_target`). Without it the cells must be 0/1.
    method : {"chi2", "permutation"}
        ``"chi2"`` (default): the chi-square with k − 1 df of Cochran (1950), as pingouin's
        ``cochran``; its size on null tables at alpha = 0.05 is 0.041-0.051 for N >= 20 and
        0.033-0.051 at N = 10, k = 3-10 (docs "Validation"). ``"permutation"``: the distribution of Q given each
        instance's number of successes (each instance's successes permuted among the
        algorithms; Patil 1975), a Monte Carlo p-value (b + 1)/(m + 1) that never exceeds its
        size with any number of instances, but is more conservative than the chi-square
        below 20 instances (discreteness).
    n_resamples : int
        Permutation tables (``method="permutation"``).
    rng : None, int or numpy.random.Generator
        Seed of the permutations.
    {table_options}

    Returns
    -------
    CochranQResult
        ``statistic`` (Q), ``pvalue``, ``df``, ``success_rates``.

    See Also
    --------
    mcnemar : two algorithms.
    reached_target : successes from a results table.
    algocompare.posthoc : ``test="mcnemar"`` compares every pair after a rejection.

    Notes
    -----
    A table where no instance has both a success and a failure has Q undefined (0/0): Q is
    reported as 0 with p = 1, since nothing tells the algorithms apart. With k = 2, Q equals
    McNemar's chi-square without continuity correction.

    References
    ----------
    .. [1] Cochran, W. G. (1950). The comparison of percentages in matched samples.
       *Biometrika* 37(3/4), 256–266. doi:10.1093/biomet/37.3-4.256
    .. [2] Patil, K. D. (1975). Cochran's Q test: exact distribution. *Journal of the American
       Statistical Association* 70(349), 186–189. doi:10.1080/01621459.1975.10480285

    Examples
    --------
    >>> import algocompare as ac
    >>> table = [[1, 1, 0], [1, 0, 0], [1, 1, 1], [1, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]]
    >>> r = ac.cochran_q(table)  # pingouin.cochran gives Q = 6.3333, p = 0.042144
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (6.3333, 0.0421)
    >>> ac.cochran_q(table, method="permutation", rng=1).pvalue
    0.0526
    """
    check_option("method", method, COCHRAN_METHODS)
    if not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer, got {n_resamples!r}.")
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    blocks = results.blocks()
    table = _successes(blocks.to_numpy(float), None if target is None else float(target), results.direction,
                       "the table's cells")
    n, k = table.shape
    columns, rows = table.sum(axis=0), table.sum(axis=1)
    total = float(rows.sum())
    numerator = float(_cochran_numerator(columns, total, k))
    denominator = float(k * total - np.sum(rows.astype(float) ** 2))
    if denominator == 0:
        q, p = 0.0, 1.0
    else:
        q = (k - 1) * numerator / denominator
        if method == "chi2":
            p = float(stats.chi2.sf(q, k - 1))
        else:
            p = _permutation_pvalue(table, numerator, int(n_resamples), np.random.default_rng(rng))
    label = "chi-square" if method == "chi2" else f"permutation, {n_resamples} resamples"
    return CochranQResult(method=f"Cochran's Q test ({label})", statistic=float(q), pvalue=float(p), df=k - 1,
                          success_rates=pd.Series(columns / n, index=blocks.columns, name="success_rate"),
                          n_instances=n, n_algorithms=k, test_method=method,
                          n_resamples=int(n_resamples) if method == "permutation" else None,
                          dropped_instances=drop_record(results, nan_policy))
