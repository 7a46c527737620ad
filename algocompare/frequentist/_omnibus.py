"""Omnibus tests for an instances × algorithms table (multiple-problem analysis).

Friedman, Iman–Davenport, Friedman aligned ranks, Quade and the repeated-measures ANOVA,
the registry of omnibus tests (:data:`OMNIBUS_TESTS`, which also lists the tests for tables
with missing cells, Durbin and Skillings–Mack) and :func:`omnibus`, which runs every
registered test that needs a complete table.

How to add an omnibus test
--------------------------
Write its function ``my_test(data, *, <options>, direction=None, nan_policy="raise")``
returning a :class:`~algocompare._results.TestResult` with ``statistic``, ``pvalue`` and
``df`` or ``df1``/``df2`` — here, or in a module of its own (``frequentist/my_test.py``)
imported at the top of this one, which must then not import this module (its result class
derives from ``TestResult``, not from the classes here) —, then add one entry at the end of
the registry below::

    OMNIBUS_TESTS.register(OmnibusTest(key="my_test", label="My test", function=my_test,
                                       options={"tie_correction": True},
                                       reference="Author (year). Title. Journal. doi:..."))

:func:`omnibus` then runs it (a row labelled ``label`` in its table, ``result["my_test"]``)
and ``analyze`` shows it; ``complete=False`` declares a test made for tables with missing
cells (run by the incomplete-table section, not by :func:`omnibus`). Add its tests (a
reference value) and a line in ``docs/frequentist.md``. Every function accepts a ``Results``, a wide
DataFrame (rows = instances, columns = algorithms) or a 2-D array; ranks are taken on the
oriented values, so rank 1 is the best algorithm whatever the direction. p-values come
from survival functions (a p-value of 1e-30 is reported as such, not as 0).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import special, stats

from algocompare import ranking
from algocompare._options import documented_table_options
from algocompare._registry import Registry
from algocompare._results import BaseResult, TestResult, internal
from algocompare._scaling import unit_scaled
from algocompare.data._convert import as_results, drop_record
from algocompare.frequentist._common import oriented_blocks
from algocompare.frequentist._incomplete import durbin, skillings_mack

__all__ = ["friedman", "iman_davenport", "aligned_ranks", "quade", "rm_anova", "omnibus", "OmnibusTest",
           "OMNIBUS_TESTS",
           "FriedmanResult", "ImanDavenportResult", "AlignedRanksResult", "QuadeResult",
           "RMAnovaResult", "OmnibusResult"]


@dataclass(frozen=True, kw_only=True)
class RankTestResult(TestResult):
    """Common fields of the rank-based omnibus tests.

    ``mean_ranks`` are the within-instance (Friedman) mean ranks, rank 1 = best, for every
    rank test so the tests can be compared side by side; test-specific rankings (aligned,
    Quade-weighted) have their own fields.

    Attributes
    ----------
    statistic : float
        The test statistic.
    pvalue : float
        Its p-value.
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    n_instances, n_algorithms : int
        N and k.
    mean_ranks : pandas.Series
        Friedman mean ranks by algorithm (rank 1 = best).

    See Also
    --------
    FriedmanResult, ImanDavenportResult, AlignedRanksResult, QuadeResult : The rank tests.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour. Journal of
       Heuristics 15, 617-644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.quade(ac.load_dataset("ice_cream"))
    >>> isinstance(r, ac.RankTestResult), r.mean_ranks.idxmin()
    (True, 'strawberry')
    """

    kind: ClassVar[str] = "omnibus"

    n_instances: int
    n_algorithms: int
    mean_ranks: pd.Series


@dataclass(frozen=True, kw_only=True)
class FriedmanResult(RankTestResult):
    """Friedman's test: chi-square ``statistic`` with ``df`` = k - 1 and Kendall's W.

    Attributes
    ----------
    statistic : float
        χ²_F (tie-corrected unless ``tie_correction`` is False).
    pvalue : float
        Chi-square p-value with ``df``.
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    n_instances, n_algorithms : int
        N and k.
    mean_ranks : pandas.Series
        Friedman mean ranks by algorithm (rank 1 = best).
    df : int
        k - 1.
    kendall_w : float
        Kendall's coefficient of concordance χ²_F / (N(k - 1)).
    tie_correction : bool
        Whether χ²_F was divided by the tie factor.
    tie_factor : float
        1 − Σ(t³ − t)/(N k (k² − 1)) (1 without ties or without the correction).

    See Also
    --------
    algocompare.friedman : The test.
    algocompare.posthoc : Its post-hoc comparisons.

    References
    ----------
    .. [1] Friedman, M. (1937). The use of ranks to avoid the assumption of normality implicit
       in the analysis of variance. Journal of the American Statistical Association 32,
       675-701. doi:10.1080/01621459.1937.10503522

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.friedman(ac.load_dataset("cec2005_d10"), tie_correction=False)
    >>> round(r.statistic, 3), r.df, round(r.kendall_w, 3)
    (41.985, 10, 0.168)
    """

    df: int
    kendall_w: float
    tie_correction: bool
    tie_factor: float


@dataclass(frozen=True, kw_only=True)
class ImanDavenportResult(RankTestResult):
    """Iman–Davenport's F_F with (k - 1, (k - 1)(N - 1)) degrees of freedom.

    Attributes
    ----------
    statistic : float
        F_F = (N − 1) χ²_F / (N(k − 1) − χ²_F).
    pvalue : float
        F p-value (or the exact probability of perfect agreement when F_F is infinite).
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    n_instances, n_algorithms : int
        N and k.
    mean_ranks : pandas.Series
        Friedman mean ranks by algorithm (rank 1 = best).
    df1, df2 : int
        k - 1 and (k - 1)(N - 1).
    friedman_statistic : float
        The χ²_F it transforms.
    tie_correction : bool
        Whether χ²_F was tie-corrected.

    See Also
    --------
    algocompare.iman_davenport : The test.
    FriedmanResult : The statistic it transforms.

    References
    ----------
    .. [1] Iman, R. L. & Davenport, J. M. (1980). Approximations of the critical region of the
       Friedman statistic. Communications in Statistics - Theory and Methods 9, 571-595.
       doi:10.1080/03610928008827904

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.iman_davenport(ac.load_dataset("cec2005_d10"), tie_correction=False)
    >>> round(r.statistic, 3), (r.df1, r.df2)
    (4.844, (10, 240))
    """

    df1: int
    df2: int
    friedman_statistic: float
    tie_correction: bool


@dataclass(frozen=True, kw_only=True)
class AlignedRanksResult(RankTestResult):
    """Friedman aligned-ranks test: chi-square ``statistic`` with ``df`` = k - 1.

    Attributes
    ----------
    statistic : float
        T (García et al. 2010, eq. 2).
    pvalue : float
        Chi-square p-value with ``df``.
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    n_instances, n_algorithms : int
        N and k.
    mean_ranks : pandas.Series
        Friedman mean ranks by algorithm (rank 1 = best).
    df : int
        k - 1.
    tie_correction : bool
        Whether the actual sum of squared aligned ranks replaced the untied one.
    mean_aligned_ranks : pandas.Series
        The mean aligned ranks by algorithm (1 = best).

    See Also
    --------
    algocompare.aligned_ranks : The test.

    References
    ----------
    .. [1] García, S., Fernández, A., Luengo, J. & Herrera, F. (2010). Advanced nonparametric
       tests for multiple comparisons in the design of experiments in computational
       intelligence and data mining. Information Sciences 180, 2044-2064.
       doi:10.1016/j.ins.2009.12.010

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.aligned_ranks(ac.load_dataset("cec2005_d10"))
    >>> round(r.statistic, 3), r.df
    (32.948, 10)
    """

    df: int
    tie_correction: bool
    mean_aligned_ranks: pd.Series


@dataclass(frozen=True, kw_only=True)
class QuadeResult(RankTestResult):
    """Quade's test: F with (k - 1, (k - 1)(N - 1)) degrees of freedom.

    Attributes
    ----------
    statistic : float
        F = (N − 1) B / (A − B).
    pvalue : float
        F p-value.
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    n_instances, n_algorithms : int
        N and k.
    mean_ranks : pandas.Series
        Friedman mean ranks by algorithm (rank 1 = best).
    df1, df2 : int
        k - 1 and (k - 1)(N - 1).
    tie_correction : bool
        Whether A is the actual sum of squared scores (True) or its untied value.
    quade_mean_ranks : pandas.Series
        T_j = Σ_i Q_i r_ij / (N(N + 1)/2) by algorithm.

    See Also
    --------
    algocompare.quade : The test.

    References
    ----------
    .. [1] Quade, D. (1979). Using weighted rankings in the analysis of complete blocks with
       additive block effects. Journal of the American Statistical Association 74, 680-683.
       doi:10.1080/01621459.1979.10481670

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.quade(ac.load_dataset("cec2005_d10"))
    >>> round(r.statistic, 3), (r.df1, r.df2)
    (4.087, (10, 240))
    """

    df1: int
    df2: int
    tie_correction: bool
    quade_mean_ranks: pd.Series


@dataclass(frozen=True, kw_only=True)
class RMAnovaResult(TestResult):
    """One-way repeated-measures ANOVA (instances as subjects, algorithms as the factor).

    Attributes
    ----------
    statistic : float
        F = MS_algorithms / MS_residual (NaN when undefined, see ``note``).
    pvalue : float
        F p-value.
    alternative : str
        Always ``"two-sided"`` (the omnibus tests have no direction).
    df1, df2 : int
        k - 1 and (k - 1)(N - 1).
    pvalue_gg : float
        The Greenhouse–Geisser corrected p-value.
    epsilon_gg : float
        The Greenhouse–Geisser epsilon.
    sphericity_w, sphericity_pvalue : float
        Mauchly's W and its p-value (NaN with fewer instances than algorithms).
    eta_squared_partial : float
        SS_algorithms / (SS_algorithms + SS_residual).
    means : pandas.Series
        Each algorithm's mean over the instances, in the data's units.
    n_instances, n_algorithms : int
        N and k.
    note : str
        Why the statistic is infinite or undefined (degenerate tables); empty otherwise.

    See Also
    --------
    algocompare.rm_anova : The test.
    FriedmanResult : Its rank-based counterpart.

    References
    ----------
    .. [1] Greenhouse, S. W. & Geisser, S. (1959). On methods in the analysis of profile data.
       Psychometrika 24, 95-112. doi:10.1007/BF02289823

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.rm_anova(ac.load_dataset("cec2005_d10"))
    >>> round(r.statistic, 4), round(r.epsilon_gg, 3) < 1
    (0.9822, True)
    """

    kind: ClassVar[str] = "omnibus"

    df1: int
    df2: int
    pvalue_gg: float
    epsilon_gg: float
    sphericity_w: float
    sphericity_pvalue: float
    eta_squared_partial: float
    means: pd.Series
    n_instances: int
    n_algorithms: int
    #: why the statistic is infinite or undefined (degenerate tables); empty otherwise
    note: str = ""


# ------------------------------------------------------------------------- helpers
def _mean_ranks(sums: np.ndarray, table: pd.DataFrame, name: str = "mean_rank") -> pd.Series:
    """Mean ranks from the column sums of the ranks (exact, so equal to the ranks' mean)."""
    return pd.Series(sums / table.shape[0], index=table.columns, name=name)


def _friedman_chi2(table: pd.DataFrame, tie_correction: bool) -> tuple[float, float, np.ndarray]:
    """χ², the tie factor and the rank sums, ranked a block of instances at a time."""
    values = table.to_numpy()
    n, k = values.shape
    sums, ties = ranking.rank_sums(values)  # one sort of each row for both
    mean_ranks = sums / n
    chi2 = 12 * n / (k * (k + 1)) * float(((mean_ranks - (k + 1) / 2) ** 2).sum())
    factor = 1.0
    if tie_correction:
        factor = 1 - ties / (n * k * (k * k - 1))
        chi2 = chi2 / factor if factor > 0 else 0.0  # every row fully tied: no information
    return chi2, factor, sums


def _f_pvalue(statistic: float, df1: float, df2: float) -> float:
    if math.isinf(statistic):
        return 0.0
    return float(stats.f.sf(statistic, df1, df2))


# --------------------------------------------------------------------------- tests
@documented_table_options
def friedman(data: Any, *, tie_correction: bool = True, direction: str | None = None,
             nan_policy: str = "raise") -> FriedmanResult:
    """Friedman's rank test for k algorithms on N instances.

    χ²_F = 12N / (k(k+1)) · [Σ_j R_j² − k(k+1)²/4], R_j the mean rank of algorithm j
    (García et al. 2009, Appendix A; Demšar 2006, eq. 1), chi-square with k − 1 df.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    tie_correction : bool
        ``True`` (default): divided by 1 − Σ(t³ − t)/(N k (k² − 1)), the statistic of R's
        ``friedman.test`` and ``scipy.stats.friedmanchisquare``; it equals the
        permutation chi-square (k − 1) Σ_j (R_j − N(k+1)/2)² / Σ_ij (r_ij − (k+1)/2)²
        (rank sums R_j), whose null distribution tends to chi-square with or without ties.
        ``False``: the statistic above, as the field's papers (García et al. 2009) and
        scmamp print it. It assumes untied ranks: on tables with the ties of competition
        results (several algorithms at the optimum, fully tied instances) its size at
        alpha = 0.05 falls to 0.000-0.005, so it almost never rejects (docs "Validation"
        page). Without ties both are identical.
    {table_options}

    Returns
    -------
    FriedmanResult
        ``statistic``, ``pvalue``, ``df``, ``kendall_w`` = χ²/(N(k − 1)) and
        ``mean_ranks`` (rank 1 = best).

    See Also
    --------
    iman_davenport : Its F version, less conservative.
    omnibus : Every omnibus test on one table.
    algocompare.posthoc : The pairwise comparisons that follow a rejection.

    References
    ----------
    .. [1] Friedman, M. (1937). The use of ranks to avoid the assumption of normality implicit
       in the analysis of variance. Journal of the American Statistical Association 32,
       675-701. doi:10.1080/01621459.1937.10503522
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       Journal of Machine Learning Research 7, 1-30. https://jmlr.org/papers/v7/demsar06a.html
    .. [3] García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour. Journal of
       Heuristics 15, 617-644. doi:10.1007/s10732-008-9080-4
    .. [4] Conover, W. J. (1999). Practical Nonparametric Statistics, 3rd ed. Wiley.

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("cec2005_d10")
    >>> round(ac.friedman(res, tie_correction=False).statistic, 3)  # García et al. 2009, Table 7
    41.985
    >>> round(ac.friedman(res).statistic, 3)   # tie-corrected (default): errors below 1e-8 tie
    46.954
    """
    table, dropped = oriented_blocks(data, direction=direction, nan_policy=nan_policy)
    n, k = table.shape
    chi2, factor, sums = _friedman_chi2(table, tie_correction)
    return FriedmanResult(
        method="Friedman test" + (" (tie-corrected)" if tie_correction else ""), statistic=float(chi2),
        pvalue=float(stats.chi2.sf(chi2, k - 1)), df=k - 1, kendall_w=float(chi2 / (n * (k - 1))),
        tie_correction=bool(tie_correction), tie_factor=float(factor), n_instances=n, n_algorithms=k,
        mean_ranks=_mean_ranks(sums, table), dropped_instances=dropped)


@documented_table_options
def iman_davenport(data: Any, *, tie_correction: bool = True, direction: str | None = None,
                   nan_policy: str = "raise") -> ImanDavenportResult:
    """Iman & Davenport's (1980) F version of Friedman's test.

    F_F = (N − 1) χ²_F / (N(k − 1) − χ²_F), F with k − 1 and (k − 1)(N − 1) df
    (García et al. 2009, Appendix A). χ²_F is computed as by :func:`friedman` with the
    same ``tie_correction`` (default ``True``, tie-corrected as R's ``friedman.test`` and
    Conover 1999, p. 370; ``False`` gives García et al.'s and scmamp's untied value, far too
    conservative on tied tables). When every instance ranks the algorithms identically,
    F_F is infinite; its p-value is then the exact probability of that perfect agreement
    under the null (each instance's values exchangeable): the product over all instances
    but the first of 1 / (number of distinct orderings of its values), e.g. 1/16 for k = 2
    and N = 5 (the F distribution would say 0 and reject 6 % of null tables at any alpha).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    tie_correction : bool
        Passed to :func:`friedman` (default ``True``: tie-corrected χ²_F).
    {table_options}

    Returns
    -------
    ImanDavenportResult
        ``statistic`` (F_F), ``pvalue``, ``df1``, ``df2``, ``friedman_statistic`` and
        ``mean_ranks`` (rank 1 = best).

    See Also
    --------
    friedman : The chi-square statistic it transforms.
    omnibus : Every omnibus test on one table.

    References
    ----------
    .. [1] Iman, R. L. & Davenport, J. M. (1980). Approximations of the critical region of the
       Friedman statistic. Communications in Statistics - Theory and Methods 9, 571-595.
       doi:10.1080/03610928008827904
    .. [2] García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour. Journal of
       Heuristics 15, 617-644. doi:10.1007/s10732-008-9080-4
    .. [3] Conover, W. J. (1999). Practical Nonparametric Statistics, 3rd ed. Wiley.

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("cec2005_d10")
    >>> round(ac.iman_davenport(res, tie_correction=False).statistic, 3)  # García et al. 2009, Table 7
    4.844
    """
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    fried = friedman(results, tie_correction=tie_correction)
    n, k, chi2 = fried.n_instances, fried.n_algorithms, fried.statistic
    denominator = n * (k - 1) - chi2
    statistic = (n - 1) * chi2 / denominator if denominator > 1e-12 * n * k else math.inf
    df1, df2 = k - 1, (k - 1) * (n - 1)
    pvalue = _f_pvalue(statistic, df1, df2) if math.isfinite(statistic) else _perfect_agreement_pvalue(results)
    return ImanDavenportResult(
        method="Iman-Davenport test" + (" (tie-corrected)" if tie_correction else ""), statistic=float(statistic),
        pvalue=pvalue,
        df1=df1, df2=df2, friedman_statistic=chi2, tie_correction=fried.tie_correction, n_instances=n,
        n_algorithms=k, mean_ranks=fried.mean_ranks, dropped_instances=drop_record(results, nan_policy))


def _perfect_agreement_pvalue(data: Any) -> float:
    """P(every instance orders the algorithms as the first one does) under within-instance
    exchangeability: the product over instances 2..N of (Π_g t_g!) / k!, t_g the sizes of the
    groups of tied values (the exact p-value of W = 1, the most extreme outcome)."""
    values = oriented_blocks(data)[0].to_numpy()
    k = values.shape[1]
    log_p = 0.0
    for row in values[1:]:
        counts = np.unique(row, return_counts=True)[1]
        log_p += float(special.gammaln(counts + 1).sum() - special.gammaln(k + 1))
    return float(math.exp(log_p))


@documented_table_options
def aligned_ranks(data: Any, *, tie_correction: bool = True, direction: str | None = None,
                  nan_policy: str = "raise") -> AlignedRanksResult:
    """Friedman aligned-ranks test (Hodges & Lehmann 1962; García et al. 2010, eq. 2).

    Each instance's mean is subtracted and all kN aligned values are ranked together
    (:func:`algocompare.ranking.aligned_ranks`). With R̂_j the rank total of algorithm j
    and R̂_i that of instance i::

        T = (k − 1)[Σ_j R̂_j² − (kN²/4)(kN + 1)²] / ([kN(kN + 1)(2kN + 1)]/6 − (1/k) Σ_i R̂_i²)

    chi-square with k − 1 df — the convention of scmamp's ``friedmanAlignedRanksTest``.
    ``mean_aligned_ranks`` are the average aligned ranks (1 = best).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    tie_correction : bool
        ``True`` (default): kN(kN + 1)(2kN + 1)/6, the sum of the squared aligned ranks
        when none tie, is replaced by the actual Σ_ij R̂_ij² (mid-ranks), which makes T
        the permutation statistic of within-instance exchangeability. ``False``: the
        formula as printed (García et al. 2010; scmamp). Without ties both are identical.
    {table_options}

    Returns
    -------
    AlignedRanksResult
        ``statistic`` (T), ``pvalue``, ``df`` = k - 1, ``mean_aligned_ranks`` and the
        Friedman ``mean_ranks`` (rank 1 = best).

    See Also
    --------
    friedman : The within-instance rank test.
    algocompare.ranking.aligned_ranks : The aligned ranks.
    algocompare.posthoc : ``test="aligned_ranks"`` for its pairwise z tests.

    References
    ----------
    .. [1] Hodges, J. L. & Lehmann, E. L. (1962). Rank methods for combination of independent
       experiments in analysis of variance. Annals of Mathematical Statistics 33, 482-497.
       doi:10.1214/aoms/1177704575
    .. [2] García, S., Fernández, A., Luengo, J. & Herrera, F. (2010). Advanced nonparametric
       tests for multiple comparisons in the design of experiments in computational
       intelligence and data mining. Information Sciences 180, 2044-2064.
       doi:10.1016/j.ins.2009.12.010

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.aligned_ranks(ac.load_dataset("cec2005_d10"))
    >>> round(r.statistic, 3), r.df, round(r.pvalue, 5)
    (32.948, 10, 0.00028)
    """
    table, dropped = oriented_blocks(data, direction=direction, nan_policy=nan_policy)
    n, k = table.shape
    columns, rows, squares = ranking.aligned_rank_sums(table.to_numpy())
    kn = k * n
    numerator = (k - 1) * (float((columns ** 2).sum()) - (k * n * n / 4) * (kn + 1) ** 2)
    squares = squares if tie_correction else kn * (kn + 1) * (2 * kn + 1) / 6
    denominator = squares - float((rows ** 2).sum()) / k
    statistic = numerator / denominator if denominator > 0 else 0.0
    return AlignedRanksResult(
        method="Friedman aligned-ranks test" + (" (tie-corrected)" if tie_correction else ""),
        statistic=statistic, pvalue=float(stats.chi2.sf(statistic, k - 1)),
        df=k - 1, tie_correction=bool(tie_correction), n_instances=n, n_algorithms=k,
        mean_ranks=_mean_ranks(ranking.rank_sums(table.to_numpy())[0], table),
        mean_aligned_ranks=_mean_ranks(columns, table, "mean_aligned_rank"), dropped_instances=dropped)


@documented_table_options
def quade(data: Any, *, tie_correction: bool = True, direction: str | None = None,
          nan_policy: str = "raise") -> QuadeResult:
    """Quade's (1979) test: within-instance ranks weighted by the rank of the instance range.

    S_ij = Q_i (r_ij − (k + 1)/2), Q_i the rank of instance i's range
    (:func:`algocompare.ranking.quade_weights`); B = Σ_j S_j² / N and
    F = (N − 1) B / (A − B), F with k − 1 and (k − 1)(N − 1) df (García et al. 2010).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    tie_correction : bool
        ``True`` (default; R's ``quade.test``, Conover 1999, p. 374): A = Σ S_ij², the
        actual sum with mid-ranks. ``False`` (scmamp's ``quadeTest``, García et al. 2010):
        A = N(N+1)(2N+1)k(k+1)(k−1)/72, the value of Σ S_ij² without ties, which makes the
        test almost never reject on tied tables. Without ties both are identical.
    {table_options}

    Returns
    -------
    QuadeResult
        ``statistic`` (F), ``pvalue``, ``mean_ranks`` (Friedman) and ``quade_mean_ranks``
        T_j = Σ_i Q_i r_ij / (N(N + 1)/2) (García et al. 2010).

    See Also
    --------
    friedman : The unweighted rank test.
    algocompare.ranking.quade_weights : The instance weights Q_i.
    algocompare.posthoc : ``test="quade"`` for its pairwise z tests.

    References
    ----------
    .. [1] Quade, D. (1979). Using weighted rankings in the analysis of complete blocks with
       additive block effects. Journal of the American Statistical Association 74, 680-683.
       doi:10.1080/01621459.1979.10481670
    .. [2] Conover, W. J. (1999). Practical Nonparametric Statistics, 3rd ed. Wiley.
    .. [3] García, S., Fernández, A., Luengo, J. & Herrera, F. (2010). Advanced nonparametric
       tests for multiple comparisons in the design of experiments in computational
       intelligence and data mining. Information Sciences 180, 2044-2064.
       doi:10.1016/j.ins.2009.12.010

    Examples
    --------
    >>> import algocompare as ac
    >>> q = ac.quade(ac.load_dataset("cec2005_d10"))
    >>> round(q.statistic, 3), q.df1, q.df2, f"{q.pvalue:.2e}"
    (4.087, 10, 240, '3.29e-05')
    """
    table, dropped = oriented_blocks(data, direction=direction, nan_policy=nan_policy)
    n, k = table.shape
    values = table.to_numpy()
    weights = ranking.quade_weights(values)
    score_sums, weighted_sums, rank_sums = np.zeros(k), np.zeros(k), np.zeros(k)
    a = 0.0
    for rows, ranks, _ in ranking.rank_blocks(values):  # never the whole ranks matrix (issue 19)
        w = weights[rows, None]
        scores = w * (ranks - (k + 1) / 2)
        score_sums += scores.sum(axis=0)
        a += float((scores ** 2).sum())
        weighted_sums += (w * ranks).sum(axis=0)
        rank_sums += ranks.sum(axis=0)
    b = float((score_sums ** 2).sum()) / n
    if not tie_correction:
        a = n * (n + 1) * (2 * n + 1) * k * (k + 1) * (k - 1) / 72
    if b <= 0:
        statistic = 0.0
    else:
        statistic = (n - 1) * b / (a - b) if a - b > 1e-12 * a else math.inf
    df1, df2 = k - 1, (k - 1) * (n - 1)
    weighted = pd.Series(weighted_sums / (n * (n + 1) / 2), index=table.columns, name="quade_mean_rank")
    return QuadeResult(
        method="Quade test" + (" (tie-corrected)" if tie_correction else ""), statistic=float(statistic),
        pvalue=_f_pvalue(statistic, df1, df2), df1=df1, df2=df2, tie_correction=bool(tie_correction),
        n_instances=n, n_algorithms=k, mean_ranks=_mean_ranks(rank_sums, table), quade_mean_ranks=weighted,
        dropped_instances=dropped)


@documented_table_options
def rm_anova(data: Any, *, direction: str | None = None, nan_policy: str = "raise") -> RMAnovaResult:
    """One-way repeated-measures ANOVA, the parametric counterpart of Friedman's test.

    Instances are the subjects, algorithms the within factor (Chiarandini et al. 2005,
    two-way model without interaction): F = MS_algorithms / MS_residual with k − 1 and
    (k − 1)(N − 1) df. Also reports the Greenhouse–Geisser corrected p-value (epsilon from
    the double-centred covariance matrix) and Mauchly's test of sphericity (p-value as R's
    ``mauchly.test``). Computed with numpy (fast on large tables); identical to
    ``pingouin.rm_anova(..., correction=True)`` and ``pingouin.sphericity`` (checked in the tests).

    The sums of squares are taken on the values scaled by a power of two (exact), so
    values near 1e308 do not overflow. Degenerate tables are explained in ``note``: with
    no residual variation (sums of squares below rounding noise) and no difference
    between the algorithms (e.g. every instance ties all algorithms) F = 0/0 is undefined:
    ``statistic`` and ``pvalue`` are NaN and no decision should be drawn; with no residual
    variation but different algorithm means (the same differences on every instance) F
    is infinite and p = 0.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    {table_options}

    Returns
    -------
    RMAnovaResult
        ``statistic`` (F), ``pvalue``, ``df1``, ``df2``, the Greenhouse–Geisser ``pvalue_gg``
        and ``epsilon_gg``, Mauchly's ``sphericity_w`` and ``sphericity_pvalue``,
        ``eta_squared_partial``, the algorithms' ``means`` and a ``note`` for degenerate tables.

    See Also
    --------
    friedman : Its rank-based counterpart.
    algocompare.check_assumptions : Whether its assumptions hold.

    References
    ----------
    .. [1] Chiarandini, M., Basso, D. & Stützle, T. (2005). Statistical methods for the comparison
       of stochastic optimizers. MIC 2005, 6th Metaheuristics International Conference, 189-196.
    .. [2] Greenhouse, S. W. & Geisser, S. (1959). On methods in the analysis of profile data.
       Psychometrika 24, 95-112. doi:10.1007/BF02289823
    .. [3] Mauchly, J. W. (1940). Significance test for sphericity of a normal n-variate
       distribution. Annals of Mathematical Statistics 11, 204-209. doi:10.1214/aoms/1177731915

    Examples
    --------
    >>> import algocompare as ac
    >>> a = ac.rm_anova(ac.load_dataset("cec2005_d10"))
    >>> round(a.statistic, 4), (a.df1, a.df2), round(a.pvalue, 4), round(a.pvalue_gg, 4)
    (0.9822, (10, 240), 0.4595, 0.3322)
    """
    table, dropped = oriented_blocks(data, direction=direction, nan_policy=nan_policy)
    n, k = table.shape
    y, exponent = _unit_scaled(table.to_numpy())
    grand = y.mean()
    ss_alg = n * float(((y.mean(axis=0) - grand) ** 2).sum())
    ss_inst = k * float(((y.mean(axis=1) - grand) ** 2).sum())
    ss_total = float(((y - grand) ** 2).sum())
    ss_err = max(ss_total - ss_alg - ss_inst, 0.0)
    # below rounding noise a sum of squares is 0: squared errors of values <= 1 for ss_alg,
    # the cancellation in the subtraction for ss_err (else 0/0 or c/0 would print as an F)
    eps = np.finfo(float).eps
    ss_alg = ss_alg if ss_alg > n * k * (64 * eps) ** 2 else 0.0
    ss_err = ss_err if ss_err > 16 * n * k * eps * ss_total else 0.0
    df1, df2 = k - 1, (k - 1) * (n - 1)
    statistic = (ss_alg / df1) / (ss_err / df2) if ss_err > 0 else (math.inf if ss_alg > 0 else math.nan)
    pvalue = _f_pvalue(statistic, df1, df2) if not math.isnan(statistic) else math.nan
    # nothing varies: no covariance to test (rounding noise would give an arbitrary epsilon)
    epsilon, w, p_sph = _sphericity(y) if not math.isnan(statistic) else (math.nan,) * 3
    p_gg = _f_pvalue(statistic, df1 * epsilon, df2 * epsilon) if np.isfinite(epsilon) else math.nan
    eta = ss_alg / (ss_alg + ss_err) if ss_alg + ss_err > 0 else math.nan
    return RMAnovaResult(
        method="Repeated-measures ANOVA", statistic=float(statistic), pvalue=pvalue, df1=df1, df2=df2,
        pvalue_gg=p_gg, epsilon_gg=epsilon, sphericity_w=w, sphericity_pvalue=p_sph,
        eta_squared_partial=eta, n_instances=n, n_algorithms=k, note=_degenerate_note(statistic),
        means=pd.Series(np.ldexp(y.mean(axis=0), exponent), index=table.columns, name="mean"),
        dropped_instances=dropped)


def _unit_scaled(values: np.ndarray) -> tuple[np.ndarray, int]:
    """``values`` times 2**-e (exact) with the largest magnitude in [0.5, 1), and e: always,
    since the rounding thresholds of :func:`rm_anova` assume values <= 1 (:mod:`algocompare._scaling`)."""
    (scaled,), exponent = unit_scaled(values, always=True)
    return scaled, exponent


def _degenerate_note(statistic: float) -> str:
    if math.isnan(statistic):
        return ("F undefined (0/0): no residual variation and no difference between the algorithms "
                "(e.g. all ties); no decision")
    if math.isinf(statistic):
        return "F infinite: no residual variation, the algorithms differ by the same amounts on every instance"
    return ""


def _sphericity(y: np.ndarray) -> tuple[float, float, float]:
    """Greenhouse–Geisser epsilon and Mauchly's W with its chi-square p-value."""
    n, k = y.shape
    if k == 2:
        return 1.0, 1.0, 1.0
    # epsilon from the smaller of the k x k double-centred covariance Z'Z/(n-1) and the n x n
    # Gram matrix ZZ'/(n-1) of the double-centred values Z (same traces of the matrix and of its
    # square): the k x k matrices cost O(k^3) (10,000 algorithms: minutes and gigabytes), the
    # n x n ones O(n^2) memory (20,000 instances: 3.2 GB)
    z = y - y.mean(axis=0) - y.mean(axis=1, keepdims=True) + y.mean()
    gram = (z @ z.T if n < k else z.T @ z) / max(n - 1, 1)
    trace = np.trace(gram)
    epsilon = trace ** 2 / ((k - 1) * float((gram * gram).sum())) if trace > 0 else math.nan
    if n - 1 < k - 1:  # Mauchly's W needs more instances than contrasts: undefined
        return float(epsilon), math.nan, math.nan
    cov = np.cov(y, rowvar=False)
    # Mauchly: orthonormal contrasts (Helmert-like basis of the centred space)
    basis = np.linalg.qr(np.c_[np.ones(k), np.eye(k)[:, :-1]])[0][:, 1:]
    t = basis.T @ cov @ basis
    d = k - 1
    tr = np.trace(t)
    if n - 1 < d or tr <= 0:
        return float(epsilon), math.nan, math.nan
    sign, logdet = np.linalg.slogdet(t)
    log_w = logdet - d * math.log(tr / d) if sign > 0 else -math.inf
    w = math.exp(log_w)
    nu = n - 1
    f = 1 - (2 * d * d + d + 2) / (6 * d * nu)
    dof = d * (d + 1) / 2 - 1
    if not math.isfinite(log_w):
        return float(epsilon), 0.0, 0.0
    chi2 = -nu * f * log_w
    # second-order term of Mauchly's p-value as in R's mauchly.test (which has 3k where Anderson has 3d)
    w2 = (d + 2) * (d - 1) * (d - 2) * (2 * d ** 3 + 6 * d ** 2 + 3 * k + 2) / (288 * (nu * d * f) ** 2)
    p1, p2 = stats.chi2.sf(chi2, dof), stats.chi2.sf(chi2, dof + 4)
    p = float(min(1.0, max(0.0, p1 + w2 * (p2 - p1))))
    return float(epsilon), w, p


# ------------------------------------------------------------------------- the registry
@dataclass(frozen=True)
class OmnibusTest:
    """One omnibus test: what :func:`omnibus` and the analysis run and how they name it."""

    #: the name of the test in :func:`omnibus`'s result (``result[key]``)
    key: str
    #: the row name of :func:`omnibus`'s table and of the analysis
    label: str
    #: ``function(data, **options)`` returning a result with ``statistic``, ``pvalue``, ``df`` or ``df1``/``df2``
    function: Callable[..., Any]
    #: the options :func:`omnibus` passes on, with their defaults
    options: Mapping[str, Any] = field(default_factory=dict)
    #: needs every cell (run by :func:`omnibus`); False: made for tables with missing cells
    complete: bool = True
    #: where the statistic comes from (with its DOI)
    reference: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))


OMNIBUS_TESTS: Registry[OmnibusTest] = Registry("test")
_TIES = {"tie_correction": True}
_GARCIA_2009 = ("García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of non-parametric tests "
                "for analyzing the evolutionary algorithms' behaviour. J. Heuristics 15, 617-644. "
                "doi:10.1007/s10732-008-9080-4")
_GARCIA_2010 = ("García, S., Fernández, A., Luengo, J. & Herrera, F. (2010). Information Sciences 180, 2044-2064. "
                "doi:10.1016/j.ins.2009.12.010")
for _test in (
    OmnibusTest("friedman", "Friedman", friedman, _TIES,
                reference="Friedman, M. (1937). JASA 32, 675-701. doi:10.1080/01621459.1937.10503522; " + _GARCIA_2009),
    OmnibusTest("iman_davenport", "Iman-Davenport", iman_davenport, _TIES,
                reference="Iman, R. L. & Davenport, J. M. (1980). Commun. Statist. Theory Methods 9, 571-595. "
                          "doi:10.1080/03610928008827904"),
    OmnibusTest("aligned_ranks", "Friedman aligned ranks", aligned_ranks, _TIES,
                reference="Hodges, J. L. & Lehmann, E. L. (1962). Ann. Math. Statist. 33, 482-497. "
                          "doi:10.1214/aoms/1177704575; " + _GARCIA_2010),
    OmnibusTest("quade", "Quade", quade, _TIES,
                reference="Quade, D. (1979). JASA 74, 680-683. doi:10.1080/01621459.1979.10481670"),
    OmnibusTest("rm_anova", "Repeated-measures ANOVA", rm_anova,
                reference="Chiarandini, M., Basso, D. & Stützle, T. (2005). Statistical methods for the comparison "
                          "of stochastic optimizers. MIC 2005, 189-196"),
    OmnibusTest("durbin", "Durbin", durbin, complete=False,
                reference="Durbin, J. (1951). Br. J. Statist. Psychol. 4, 85-90. "
                          "doi:10.1111/j.2044-8317.1951.tb00310.x"),
    OmnibusTest("skillings_mack", "Skillings-Mack", skillings_mack, _TIES, complete=False,
                reference="Skillings, J. H. & Mack, G. A. (1981). Technometrics 23, 171-177. "
                          "doi:10.1080/00401706.1981.10486261"),
):
    OMNIBUS_TESTS.register(_test)


# ------------------------------------------------------------------------- omnibus
@dataclass(frozen=True, kw_only=True)
class OmnibusResult(BaseResult):
    """All omnibus tests in one table (one row per test of :data:`OMNIBUS_TESTS` that needs a
    complete table).

    Attributes
    ----------
    table : pandas.DataFrame
        One row per test: ``test`` (the registry's label), ``statistic``, ``df1``, ``df2``,
        ``pvalue`` and ``pvalue_gg`` (the ANOVA's Greenhouse–Geisser p).
    mean_ranks : pandas.Series
        Friedman mean ranks by algorithm (rank 1 = best).
    tests : dict
        Each test's own result by registry key (also ``result[key]``); not exported.

    See Also
    --------
    algocompare.omnibus : Runs the tests.
    OMNIBUS_TESTS : The registry of omnibus tests.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour. Journal of
       Heuristics 15, 617-644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.omnibus(ac.load_dataset("ice_cream"))
    >>> list(r.table["test"])[:2], r["friedman"].df
    (['Friedman', 'Iman-Davenport'], 4)
    """

    kind: ClassVar[str] = "omnibus"

    table: pd.DataFrame
    mean_ranks: pd.Series
    tests: dict = internal(default=None)

    def to_frame(self) -> pd.DataFrame:
        return self.table.copy()

    def __getitem__(self, key: str) -> Any:
        return self.tests[key]


@documented_table_options
def omnibus(data: Any, *, tie_correction: bool = True, direction: str | None = None,
            nan_policy: str = "raise") -> OmnibusResult:
    """Run every registered omnibus test for complete tables on one table: Friedman,
    Iman–Davenport, aligned ranks, Quade and the RM-ANOVA (:data:`OMNIBUS_TESTS`).

    ``tie_correction`` (default ``True``) is passed to the tests that take it (Friedman,
    Iman–Davenport, aligned ranks and Quade); ``False`` gives the untied statistics of the
    papers. The result's
    ``table`` has one row per test (statistic, df1, df2, p-value, and the
    Greenhouse–Geisser p for the ANOVA); ``result["friedman"]`` gives each full result.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    tie_correction : bool
        Passed to the tests that take it (default ``True``).
    {table_options}

    Returns
    -------
    OmnibusResult
        ``table`` (one row per test, named by the registry's label), ``mean_ranks``
        (Friedman, rank 1 = best) and each test's own result by key (``result["quade"]``).

    See Also
    --------
    OMNIBUS_TESTS : The registry of omnibus tests, and how to add one.
    algocompare.durbin, algocompare.skillings_mack : The tests for tables with missing cells.
    algocompare.posthoc : The pairwise comparisons that follow a rejection.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour. Journal of
       Heuristics 15, 617-644. doi:10.1007/s10732-008-9080-4
    .. [2] García, S., Fernández, A., Luengo, J. & Herrera, F. (2010). Advanced nonparametric
       tests for multiple comparisons in the design of experiments in computational
       intelligence and data mining. Information Sciences 180, 2044-2064.
       doi:10.1016/j.ins.2009.12.010
    .. [3] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       Journal of Machine Learning Research 7, 1-30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> table = ac.omnibus(ac.load_dataset("cec2005_d10")).table
    >>> print(table[["test", "statistic", "pvalue"]].round(4).to_string(index=False))
                       test  statistic  pvalue
                   Friedman    46.9540  0.0000
             Iman-Davenport     5.5500  0.0000
     Friedman aligned ranks    32.9483  0.0003
                      Quade     4.0869  0.0000
    Repeated-measures ANOVA     0.9822  0.4595
    """
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    given = {"tie_correction": tie_correction}
    entries = [entry for entry in OMNIBUS_TESTS if entry.complete]
    tests = {entry.key: entry.function(results, **{name: given[name] for name in entry.options if name in given})
             for entry in entries}
    rows = []
    for entry, res in zip(entries, tests.values(), strict=True):
        df1 = getattr(res, "df", None) or res.df1
        rows.append({"test": entry.label, "statistic": res.statistic, "df1": df1,
                     "df2": getattr(res, "df2", math.nan), "pvalue": res.pvalue,
                     "pvalue_gg": getattr(res, "pvalue_gg", math.nan)})
    return OmnibusResult(method="Omnibus tests", table=pd.DataFrame(rows),
                         mean_ranks=tests["friedman"].mean_ranks, tests=tests,
                         dropped_instances=drop_record(results, nan_policy))
