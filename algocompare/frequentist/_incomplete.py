"""Rank tests for tables with missing cells: Durbin (1951) and Skillings & Mack (1981).

Both rank the algorithms present in each instance (block) among themselves, ties
averaged, rank 1 = best. Durbin's test needs a balanced incomplete block design (every
instance holds the same number of algorithms, every algorithm appears equally often and
every pair of algorithms meets equally often); the Skillings–Mack test takes any pattern
of missing cells whose instances connect all the algorithms. On a complete table both
are Friedman's test. Instances with fewer than two values rank nothing and are left out
(``n_instances`` counts the instances used).

Written from the papers' and Conover's (1999, Sect. 5.9) definitions and checked against
a base-R restatement of PMCMRplus 1.9 ``durbinTest``, ``durbinAllPairsTest`` and
``skillingsMackTest`` (``tests/reference/incomplete.R``) and against scikit-posthocs
``posthoc_durbin``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._options import documented_table_options
from algocompare._results import TestResult, internal
from algocompare.data._convert import as_results, drop_record
from algocompare.data._results import stretched_mean_ranks

__all__ = ["durbin", "skillings_mack", "DurbinResult", "SkillingsMackResult", "incomplete_design",
           "IncompleteDesign", "design_from_values", "durbin_parts", "check_bibd", "skillings_mack_parts",
           "skillings_mack_statistic"]

DURBIN_FORMS = ("chi2", "f")
#: relative tolerance of the generalised inverse, as MASS::ginv (sqrt of the machine epsilon)
_GINV_TOL = math.sqrt(np.finfo(float).eps)


@dataclass(frozen=True)
class IncompleteDesign:
    """An incomplete table ready for ranking: the informative instances and their ranks.

    ``ranks`` (within-instance ranks of the present cells of the oriented values, ties
    averaged, rank 1 = best, NaN = missing) hold only the instances with at least two
    values; ``present`` is their presence mask.
    """

    algorithms: tuple
    instances: tuple
    ranks: np.ndarray
    present: np.ndarray
    #: missing cells of the whole table (also in instances left out)
    n_missing: int
    #: instances with fewer than two values (nothing to rank)
    uninformative: tuple
    #: mean ranks on the 1..k scale (as :meth:`algocompare.Results.mean_ranks`)
    mean_ranks: pd.Series
    #: instances that ``nan_policy="omit"`` dropped before the design was made (None: none could be)
    dropped: tuple | None = None

    @property
    def block_sizes(self) -> np.ndarray:
        return self.present.sum(axis=1)

    @property
    def concurrences(self) -> np.ndarray:
        """k × k counts: [s, t] = instances holding both s and t (diagonal: replications)."""
        p = self.present.astype(float)
        return p.T @ p

    def imbalance(self) -> str | None:
        """What keeps the design from being a balanced incomplete block design, or None."""
        sizes, lam = self.block_sizes, self.concurrences
        reps, off = np.diag(lam), lam[~np.eye(lam.shape[0], dtype=bool)]
        if sizes.min() != sizes.max():
            return f"instances hold {sizes.min()} to {sizes.max()} algorithms"
        if reps.min() != reps.max():
            return f"algorithms appear in {int(reps.min())} to {int(reps.max())} instances"
        if off.size and off.min() != off.max():
            return f"pairs of algorithms meet in {int(off.min())} to {int(off.max())} instances"
        return None

    def is_bibd(self) -> bool:
        """A balanced incomplete (or complete) block design: equal block sizes, replications, concurrences."""
        return self.imbalance() is None


def incomplete_design(data: Any, *, direction: str | None = None, nan_policy: str = "keep") -> IncompleteDesign:
    """Convert ``data`` (a Results, wide DataFrame or 2-D array with missing cells) once, at the edge.

    Raises when an algorithm has no value, or when the instances do not connect every
    algorithm to every other (no comparison path between two groups of algorithms).

    Examples
    --------
    >>> import numpy as np
    >>> design = incomplete_design(np.array([[1.0, 2.0, np.nan], [np.nan, 1.0, 3.0], [2.0, np.nan, 1.0]]))
    >>> design.block_sizes.tolist(), design.n_missing, design.is_bibd()
    ([2, 2, 2], 3, True)
    """
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    v.check_design_size(results.n_instances, results.n_algorithms)
    return design_from_values(results.values(oriented=True), results.algorithms, results.instances,
                              dropped=drop_record(results, nan_policy))


def design_from_values(values: np.ndarray, algorithms: Sequence[Any], instances: Sequence[Any],
                       dropped: tuple | None = None) -> IncompleteDesign:
    """The design of an oriented instances × algorithms array (NaN = missing), already validated."""
    present = ~np.isnan(values)
    absent = [a for a, seen in zip(algorithms, present.any(axis=0), strict=False) if not seen]
    if absent:
        raise ValueError(f"algorithm(s) {', '.join(map(v.show, absent))} have no value on any instance; "
                         "remove them before the analysis.")
    informative = present.sum(axis=1) >= 2
    kept = tuple(i for i, keep in zip(instances, informative, strict=False) if keep)
    if len(kept) < 2:
        raise ValueError(f"only {len(kept)} instance(s) with two or more values ({int((~present).sum())} missing "
                         "value(s) in the table); this analysis needs at least 2 such instances to compare "
                         "algorithms across.")
    ranks = stats.rankdata(values[informative], axis=1, nan_policy="omit")
    index = pd.Index(tuple(algorithms), name="algorithm")
    design = IncompleteDesign(
        algorithms=tuple(algorithms), instances=kept, ranks=ranks,
        present=present[informative], n_missing=int((~present).sum()),
        uninformative=tuple(i for i, keep in zip(instances, informative, strict=False) if not keep),
        mean_ranks=pd.Series(stretched_mean_ranks(ranks), index=index, name="mean_rank"), dropped=dropped)
    _check_connected(design)
    return design


def _check_connected(design: IncompleteDesign) -> None:
    """Every algorithm must be linked to every other through instances they share."""
    linked = design.concurrences > 0
    reached = np.zeros(len(design.algorithms), dtype=bool)
    frontier = np.zeros_like(reached)
    frontier[0] = True
    while frontier.any():
        reached |= frontier
        frontier = linked[frontier].any(axis=0) & ~reached
    if not reached.all():
        apart = [a for a, r in zip(design.algorithms, reached, strict=False) if not r]
        never = [a for a, lam in zip(design.algorithms, np.diag(design.concurrences), strict=False) if lam == 0]
        detail = (f"{', '.join(map(v.show, never))} share no instance with another algorithm" if never else
                  f"{', '.join(map(v.show, apart))} never share an instance with "
                  f"{v.show(design.algorithms[0])} or the algorithms it meets")
        raise ValueError(f"the missing cells disconnect the design: {detail}, so they cannot be compared; "
                         "remove those algorithms or add results.")


# ----------------------------------------------------------------------------- Durbin
@dataclass(frozen=True, kw_only=True)
class DurbinResult(TestResult):
    """Durbin's test for a balanced incomplete block design.

    ``statistic``/``pvalue`` are Durbin's chi-square T1 with ``df`` = k - 1 (or, with
    ``form="f"``, Conover's T2 referred to F(``df1``, ``df2``)); both forms are always
    reported. ``rank_sum_se`` is the standard error of a difference of two rank sums used
    by the all-pairs t tests (Conover 1999, p. 388), with ``df2`` degrees of freedom.

    Attributes
    ----------
    statistic : float
        T1 (``form="chi2"``) or T2 (``form="f"``).
    pvalue : float
        Its p-value.
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    form : {"chi2", "f"}
        Which form ``statistic`` and ``pvalue`` hold.
    df : int
        t - 1, the chi-square degrees of freedom.
    chi2_statistic, chi2_pvalue : float
        Durbin's T1 and its chi-square p-value.
    f_statistic, f_pvalue : float
        Conover's T2 and its F p-value.
    df1, df2 : int
        t - 1 and bk - b - t + 1.
    n_instances, n_algorithms : int
        b (informative instances) and t.
    block_size, replications, concurrences : int
        k (values per instance), r (instances per algorithm) and λ (instances per pair).
    n_missing : int
        Missing cells of the table.
    rank_sum_se : float
        Standard error of a difference of two rank sums (the pairwise t tests).
    rank_sums : pandas.Series
        R_j by algorithm.
    mean_ranks : pandas.Series
        Mean ranks stretched to the 1..t scale (rank 1 = best).

    See Also
    --------
    algocompare.durbin : The test.
    SkillingsMackResult : Any pattern of missing cells.

    References
    ----------
    .. [1] Durbin, J. (1951). Incomplete blocks in ranking experiments. British Journal of
       Statistical Psychology 4, 85-90. doi:10.1111/j.2044-8317.1951.tb00310.x
    .. [2] Conover, W. J. (1999). Practical Nonparametric Statistics, 3rd ed. Wiley,
       Section 5.9.

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> t = np.full((7, 7), np.nan)
    >>> for i, block in enumerate([(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (4, 5, 0), (5, 6, 1), (6, 0, 2)]):
    ...     t[i, list(block)] = [1.0, 2.0, 3.0]
    >>> r = ac.durbin(t)
    >>> r.block_size, r.replications, r.concurrences, r.df
    (3, 3, 1, 6)
    """

    kind: ClassVar[str] = "omnibus"

    form: str
    df: int
    chi2_statistic: float
    chi2_pvalue: float
    f_statistic: float
    f_pvalue: float
    df1: int
    df2: int
    n_instances: int
    n_algorithms: int
    block_size: int
    replications: int
    concurrences: int
    n_missing: int
    rank_sum_se: float
    rank_sums: pd.Series
    mean_ranks: pd.Series


def durbin_parts(design: IncompleteDesign) -> dict[str, float]:
    """T1, T2 and the all-pairs standard error from Conover's A, C and the rank sums."""
    b, t = design.ranks.shape
    k = int(design.block_sizes[0])
    r = int(design.concurrences[0, 0])
    sums = np.nansum(design.ranks, axis=0)
    a = float(np.nansum(design.ranks ** 2))
    c = b * k * (k + 1) ** 2 / 4.0
    spread = a - c  # Σ (r_ij - (k+1)/2)^2: zero when every instance is fully tied
    t1 = (t - 1) * (float(np.sum(sums ** 2)) - r * c) / spread if spread > 0 else 0.0
    t1 = max(t1, 0.0)
    df2 = b * k - b - t + 1
    agreement = b * (k - 1) - t1  # zero when every instance ranks the algorithms alike
    if df2 <= 0:
        t2, se = math.nan, math.nan
    elif agreement <= 1e-12 * b * k:
        t2, se = math.inf, 0.0
    else:
        t2 = (t1 / (t - 1)) / (agreement / df2)
        se = math.sqrt(spread * 2 * r / df2 * (1 - t1 / (b * (k - 1))))
    return {"t1": t1, "t2": t2, "se": se, "b": b, "t": t, "k": k, "r": r, "df2": df2, "sums": sums}


@documented_table_options
def durbin(data: Any, *, form: str = "chi2", direction: str | None = None,
           nan_policy: str = "keep") -> DurbinResult:
    """Durbin's (1951) rank test for a balanced incomplete block design.

    Each instance (block) holds k of the t algorithms, each algorithm appears in r
    instances and each pair in λ; ranks are within instances, ties averaged. With R_j the
    rank sums, A = Σ r_ij² and C = b k (k+1)²/4 (Conover 1999, Sect. 5.9, eq. 5 and 7):

        T1 = (t − 1) (Σ_j R_j² − r C) / (A − C),  chi-square with t − 1 df;
        T2 = (T1/(t − 1)) / ((b(k − 1) − T1)/(b k − b − t + 1)),  F(t − 1, b k − b − t + 1).

    A − C is the sum of squared centred ranks, so ties are accounted for; without ties
    T1 is Durbin's 12(t − 1)/(r t (k − 1)(k + 1)) Σ_j (R_j − r(k+1)/2)². On a complete
    table T1 is the tie-corrected Friedman statistic (:func:`algocompare.friedman` with
    its default ``tie_correction=True``). Same statistic and p-value as PMCMRplus
    ``durbinTest`` (checked in the tests).

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        Instances × algorithms with missing cells (NaN, or a ``Results`` read with
        ``nan_policy="keep"``); lower is better unless the ``Results`` says otherwise.
        Instances with fewer than two values are left out.
    form : {"chi2", "f"}
        Which form goes into ``statistic``/``pvalue``: Durbin's chi-square T1 (default,
        as Durbin 1951 and PMCMRplus) or Conover's F form T2. Both are reported.
    {table_options}

    Returns
    -------
    DurbinResult
        ``statistic`` (T1, or T2 with ``form="f"``), ``pvalue``, both forms, the rank sums
        and their standard error for the pairwise comparisons.

    Raises
    ------
    ValueError
        When the design is not a balanced incomplete block design; use
        :func:`skillings_mack` for other patterns of missing cells.

    See Also
    --------
    skillings_mack : Any pattern of missing cells.
    algocompare.posthoc : ``test="durbin"`` for its pairwise t tests.

    References
    ----------
    .. [1] Durbin, J. (1951). Incomplete blocks in ranking experiments. British Journal of
       Statistical Psychology 4, 85-90. doi:10.1111/j.2044-8317.1951.tb00310.x
    .. [2] Conover, W. J. (1999). Practical Nonparametric Statistics, 3rd ed. Wiley,
       Section 5.9.

    Examples
    --------
    Conover's (1999, p. 391) ice-cream example: seven judges each rank three of seven
    varieties (T1 = 12, T2 = 8):

    >>> import numpy as np, algocompare as ac
    >>> blocks = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (0, 4, 5), (1, 5, 6), (0, 2, 6)]
    >>> ranks = [(2, 3, 1), (3, 1, 2), (2, 1, 3), (1, 2, 3), (3, 1, 2), (3, 1, 2), (3, 1, 2)]
    >>> table = np.full((7, 7), np.nan)
    >>> for i, (cols, r) in enumerate(zip(blocks, ranks)):
    ...     table[i, list(cols)] = r
    >>> res = ac.durbin(table)
    >>> res.statistic, round(res.pvalue, 6), res.f_statistic, res.rank_sums.tolist()
    (12.0, 0.061969, 8.0, [8.0, 9.0, 4.0, 3.0, 5.0, 6.0, 7.0])
    """
    v.check_option("form", form, DURBIN_FORMS)
    design = incomplete_design(data, direction=direction, nan_policy=nan_policy)
    check_bibd(design)
    parts = durbin_parts(design)
    t, df2 = int(parts["t"]), int(parts["df2"])
    chi2_p = float(stats.chi2.sf(parts["t1"], t - 1))
    t2 = parts["t2"]
    f_p = math.nan if math.isnan(t2) else (0.0 if math.isinf(t2) else float(stats.f.sf(t2, t - 1, df2)))
    statistic, pvalue = (parts["t1"], chi2_p) if form == "chi2" else (t2, f_p)
    lam = design.concurrences
    return DurbinResult(
        method=_method("Durbin test", design, "F form" if form == "f" else ""),
        statistic=float(statistic), pvalue=float(pvalue), form=form, df=t - 1,
        chi2_statistic=float(parts["t1"]), chi2_pvalue=chi2_p, f_statistic=float(t2), f_pvalue=f_p,
        df1=t - 1, df2=df2, n_instances=int(parts["b"]), n_algorithms=t, block_size=int(parts["k"]),
        replications=int(parts["r"]), concurrences=int(lam[0, 1]) if t > 1 else 0, n_missing=design.n_missing,
        rank_sum_se=float(parts["se"]), dropped_instances=design.dropped,
        rank_sums=pd.Series(parts["sums"], index=pd.Index(design.algorithms, name="algorithm"), name="rank_sum"),
        mean_ranks=design.mean_ranks)


def _method(name: str, design: IncompleteDesign, *qualifiers: str) -> str:
    """'Name (qualifier; n missing cell(s); m instance(s) with fewer than 2 values left out)'."""
    notes = [q for q in qualifiers if q]
    if design.n_missing:
        notes.append(f"{design.n_missing} missing cell(s)")
    if design.uninformative:
        notes.append(f"{len(design.uninformative)} instance(s) with fewer than 2 values left out")
    return name + (f" ({'; '.join(notes)})" if notes else "")


def check_bibd(design: IncompleteDesign) -> None:
    """Raise unless every instance has k values, every algorithm r and every pair λ."""
    problem = design.imbalance()
    if problem:
        raise ValueError(
            f"durbin needs a balanced incomplete block design, but with the {design.n_missing} missing cell(s) "
            f"{problem}; use skillings_mack for arbitrary missing cells (or nan_policy='omit' and friedman "
            "on the complete instances)."
        )


# ---------------------------------------------------------------------- Skillings-Mack
@dataclass(frozen=True, kw_only=True)
class SkillingsMackResult(TestResult):
    """Skillings–Mack test: chi-square ``statistic`` with ``df`` = k - 1.

    ``adjusted_rank_sums`` are A_j = Σ_i sqrt(12/(k_i+1)) (r_ij − (k_i+1)/2) (rank 1 =
    best, so a negative A_j marks a better than average algorithm); ``covariance`` is
    their null covariance matrix, whose generalised inverse gives the statistic and whose
    entries give the variance of a difference A_a − A_b for the post-hoc z tests.

    Attributes
    ----------
    statistic : float
        SM = A' Σ⁻ A.
    pvalue : float
        Chi-square p-value with ``df``.
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    df : int
        k - 1.
    n_instances, n_algorithms : int
        N and k.
    n_missing : int
        Missing cells of the table.
    tie_correction : bool
        Whether the covariance accounts for ties.
    adjusted_rank_sums : pandas.Series
        A_j by algorithm.
    mean_ranks : pandas.Series
        Mean ranks stretched to the 1..k scale (rank 1 = best).
    covariance : pandas.DataFrame
        The null covariance matrix Σ of the adjusted rank sums (not exported).

    See Also
    --------
    algocompare.skillings_mack : The test.
    DurbinResult : Balanced incomplete block designs.

    References
    ----------
    .. [1] Skillings, J. H. & Mack, G. A. (1981). On the use of a Friedman-type statistic in
       balanced and unbalanced block designs. Technometrics 23, 171-177.
       doi:10.1080/00401706.1981.10486261

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> t = np.arange(20.0).reshape(5, 4) % 7
    >>> t[0, 1] = np.nan
    >>> r = ac.skillings_mack(t)
    >>> r.n_missing, r.df
    (1, 3)
    """

    kind: ClassVar[str] = "omnibus"

    df: int
    n_instances: int
    n_algorithms: int
    n_missing: int
    tie_correction: bool
    adjusted_rank_sums: pd.Series
    mean_ranks: pd.Series
    covariance: pd.DataFrame = internal()


def skillings_mack_parts(design: IncompleteDesign, tie_correction: bool) -> tuple[np.ndarray, np.ndarray]:
    """Adjusted rank sums A (k,) and their null covariance matrix (k × k)."""
    sizes = design.block_sizes.astype(float)
    centred = np.where(design.present, design.ranks - (sizes[:, None] + 1) / 2, 0.0)
    weights = np.sqrt(12.0 / (sizes + 1))
    adjusted = weights @ centred
    # Per instance, w² times the covariance of its centred ranks under exchangeability is
    # c_i (k_i I − J) on its algorithms, c_i = s_i² / ((k_i² − 1)/12) the ratio of the
    # instance's rank variance to the untied one: 1 without ties (Skillings & Mack 1981).
    if tie_correction:
        spread = (centred ** 2).sum(axis=1) / sizes
        scale = spread / ((sizes ** 2 - 1) / 12.0)
    else:
        scale = np.ones_like(sizes)
    p = design.present.astype(float)
    meet = p.T @ (scale[:, None] * p)  # [s, t] = Σ_i c_i over instances holding both
    np.fill_diagonal(meet, 0.0)
    covariance = np.diag(meet.sum(axis=1)) - meet
    return adjusted, covariance


def skillings_mack_statistic(design: IncompleteDesign, tie_correction: bool) -> tuple[float, np.ndarray, np.ndarray]:
    """SM = A' Σ⁻ A with the adjusted rank sums A and their covariance Σ (also returned)."""
    adjusted, covariance = skillings_mack_parts(design, tie_correction)
    return max(float(adjusted @ ginv(covariance) @ adjusted), 0.0), adjusted, covariance


def ginv(matrix: np.ndarray) -> np.ndarray:
    """Moore–Penrose inverse of a symmetric matrix, eigenvalues below sqrt(eps)·max dropped (as MASS::ginv)."""
    return np.linalg.pinv(matrix, rcond=_GINV_TOL, hermitian=True)


@documented_table_options
def skillings_mack(data: Any, *, tie_correction: bool = True, direction: str | None = None,
                   nan_policy: str = "keep") -> SkillingsMackResult:
    """Skillings & Mack's (1981) rank test for block designs with arbitrary missing cells.

    In each instance i the k_i algorithms present are ranked (ties averaged, rank 1 =
    best); a missing cell gets the instance's mean rank (k_i + 1)/2. The adjusted rank
    sums A_j = Σ_i sqrt(12/(k_i + 1)) (r_ij − (k_i + 1)/2) have, under the null, the
    covariance Σ with Σ_st = −λ_st (λ_st: instances holding both) and Σ_ss = Σ_t λ_st;
    the statistic is SM = A' Σ⁻ A with Σ⁻ the Moore–Penrose inverse, chi-square with
    k − 1 df (Skillings & Mack 1981, eqs. 2.1–2.4). Instances with fewer than two values
    contribute nothing.

    On a complete table SM is Friedman's statistic; on a balanced incomplete block
    design without ties it is Durbin's T1. Same statistic and p-value as PMCMRplus ``skillingsMackTest``
    with ``tie_correction=False``, and on tables without ties with the default (checked in the tests).

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        Instances × algorithms with missing cells (NaN, or a ``Results`` read with
        ``nan_policy="keep"``).
    tie_correction : bool
        ``True`` (default, as :func:`algocompare.friedman`, the other rank tests and
        ``algocompare analyze``): each instance's contribution to Σ is scaled by the ratio
        of its rank variance to the untied one (the exact permutation covariance, as
        Stata's ``skilmack`` simulation covariance estimates); on a complete table SM then
        equals the tie-corrected Friedman statistic (``friedman``'s default), and its size
        on tables of integer scores with 20 % of the cells missing is 0.034–0.041 at
        α = 0.05. ``False``: Σ as Skillings & Mack and PMCMRplus ``skillingsMackTest``
        compute it, which assumes untied ranks; on a complete table SM then equals
        Friedman's untied statistic (``friedman(..., tie_correction=False)``). With ties it
        overstates the variance, so the test is conservative (size 0.015–0.017 on the tied
        tables above, against 0.039–0.043 on continuous data;
        tests/frequentist/test_incomplete_calibration.py). Without ties both are identical
        (and equal Durbin's T1 on a balanced incomplete block design). Before 0.2.0 the
        default was ``False``; pass ``tie_correction=False`` to reproduce PMCMRplus on tied
        tables.
    {table_options}

    Returns
    -------
    SkillingsMackResult
        ``statistic`` (SM), ``pvalue``, ``df`` = k - 1, the adjusted rank sums and their null
        covariance (used by the pairwise comparisons) and the stretched ``mean_ranks``.

    See Also
    --------
    durbin : Balanced incomplete block designs.
    algocompare.friedman : The complete-table test it reduces to.
    algocompare.posthoc : ``test="skillings_mack"`` for its pairwise z tests.

    References
    ----------
    .. [1] Skillings, J. H. & Mack, G. A. (1981). On the use of a Friedman-type statistic in
       balanced and unbalanced block designs. Technometrics 23, 171-177.
       doi:10.1080/00401706.1981.10486261
    .. [2] Hollander, M. & Wolfe, D. A. (1999). Nonparametric Statistical Methods, 2nd ed.
       Wiley.

    Examples
    --------
    Hollander & Wolfe's (1999) example of PMCMRplus's help page (Brady 1969; one cell
    missing):

    >>> import numpy as np, algocompare as ac
    >>> x = np.array([[3, 5, 15], [1, 3, 18], [5, 4, 21], [2, np.nan, 6],
    ...               [0, 2, 17], [0, 2, 10], [0, 3, 8], [0, 2, 13]])
    >>> res = ac.skillings_mack(x)
    >>> round(res.statistic, 4), res.df, round(res.pvalue, 6)
    (13.281, 2, 0.001306)
    """
    design = incomplete_design(data, direction=direction, nan_policy=nan_policy)
    statistic, adjusted, covariance = skillings_mack_statistic(design, bool(tie_correction))
    k = len(design.algorithms)
    index = pd.Index(design.algorithms, name="algorithm")
    method = _method("Skillings-Mack test", design, "tie-corrected" if tie_correction else "")
    return SkillingsMackResult(
        method=method, statistic=statistic, pvalue=float(stats.chi2.sf(statistic, k - 1)), df=k - 1,
        n_instances=len(design.instances), n_algorithms=k, n_missing=design.n_missing,
        tie_correction=bool(tie_correction),
        adjusted_rank_sums=pd.Series(adjusted, index=index, name="adjusted_rank_sum"),
        mean_ranks=design.mean_ranks, covariance=pd.DataFrame(covariance, index=index, columns=index),
        dropped_instances=design.dropped)
