"""Single-problem analysis: two or k algorithms' runs compared instance by instance."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._results import BaseResult
from algocompare._scaling import unit_scaled
from algocompare.data._convert import as_results, drop_record
from algocompare.frequentist._k_sample import anderson_darling, kruskal_wallis, one_way_anova, welch_anova
from algocompare.frequentist._pairwise import wilcoxon

#: the omnibus tests ``per_instance`` runs on each instance's runs, by name
K_SAMPLE_TESTS: dict[str, Callable[..., Any]] = {"kruskal_wallis": kruskal_wallis, "anderson_darling": anderson_darling,
                  "one_way_anova": one_way_anova, "welch_anova": welch_anova}

__all__ = ["per_instance", "PerInstanceResult", "PerInstanceTestsResult", "K_SAMPLE_TESTS"]


@dataclass(frozen=True, kw_only=True)
class PerInstanceResult(BaseResult):
    """García et al. (2009) Table 5's layout: one row per instance.

    Attributes
    ----------
    algorithm_a : str
        The first algorithm (differences are a − b).
    algorithm_b : str
        The second algorithm.
    paired : bool
        Runs paired by run number (paired t, signed-rank) or not (Welch, rank-sum).
    alpha : float
        Level of ``reject``.
    table : pandas.DataFrame
        One row per instance: the two means, ``difference``, ``pvalue_t``,
        ``pvalue_wilcoxon`` and ``reject``.

    See Also
    --------
    per_instance : the function that returns it.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 12.0], n_instances=3, n_runs=8, rng=1)
    >>> r = ac.per_instance(sim.results, "A1", "A2")
    >>> r.paired, len(r.table)
    (True, 3)
    """

    kind: ClassVar[str] = "per_instance"

    algorithm_a: str
    algorithm_b: str
    paired: bool
    alpha: float
    table: pd.DataFrame

    _pvalue_columns = ("pvalue_wilcoxon", "pvalue_t")

    def to_frame(self) -> pd.DataFrame:
        return self.table.copy()


def per_instance(results: Any, a: Any = None, b: Any = None, *, paired: bool = True, alpha: float = 0.05,
                 direction: str | None = None, nan_policy: str = "raise", test: str = "kruskal_wallis",
                 posthoc: str | None = None, p_adjust: str | None = None,
                 control: Any = None) -> PerInstanceResult | PerInstanceTestsResult:
    """Compare algorithms instance by instance from their runs: two (``a``, ``b``) or all k.

    **Two algorithms** (``per_instance(results, a, b)``): for each instance, the two mean
    values, their difference (a − b), the t-test p-value and the Wilcoxon p-value (García
    et al. 2009, Table 5). ``paired=True`` (default) pairs the runs by run number — paired
    t-test and Wilcoxon signed-rank (zeros dropped, exact for up to 50 runs);
    ``paired=False`` treats them as independent — Welch's t-test and the Wilcoxon rank-sum
    test. ``reject`` is Wilcoxon's p <= alpha.

    **k algorithms** (``per_instance(results)``, no ``a`` and ``b``): for each instance, the
    k-sample ``test`` on the algorithms' runs as independent samples (Kruskal–Wallis by
    default), and with ``posthoc=`` the post-hoc pairs of that instance
    (:func:`algocompare.posthoc` with an independent-sample test, ``p_adjust`` within the
    instance, all pairs or against ``control``): one tidy table
    (:class:`PerInstanceTestsResult`). The p-values are per instance, not adjusted across
    the instances (:func:`algocompare.win_tie_loss` adjusts across them).

    The tests are two-sided, so ``direction`` (default the data's own) only orients the
    input; ``nan_policy="omit"`` drops, in the two-algorithm form, the instances with a
    missing value (``dropped_instances``) and, in the k-algorithm form, the missing run values.

    Parameters
    ----------
    results : Results
        Runs of the algorithms (a long table: several runs per instance).
    a, b : str, optional
        The two algorithms; leave both out to compare all k.
    paired : bool
        Two algorithms: pair the runs by run number (default) or treat them as independent.
    alpha : float
        Level of ``reject``.
    direction : {"minimize", "maximize"}, optional
        Orients the values; default the data's own.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing value (two algorithms) or the missing
        run values (k algorithms).
    test : {"kruskal_wallis", "anderson_darling", "one_way_anova", "welch_anova"}
        k algorithms: the omnibus test of each instance.
    posthoc : str, optional
        k algorithms: an independent-sample post-hoc test (``"dunn"``, ``"conover_iman"``,
        ``"dscf"``, ``"kruskal_nemenyi"``, ``"mannwhitney"``) run on every instance.
    p_adjust : str, optional
        The post-hoc adjustment within each instance (default: the test's own).
    control : str, optional
        The post-hoc control algorithm (default: all pairs).

    Returns
    -------
    PerInstanceResult or PerInstanceTestsResult
        One row per instance (two algorithms); one row per instance and test, then one per
        instance and pair (k algorithms).

    See Also
    --------
    wilcoxon, paired_ttest : the tests on one pair of samples.
    kruskal_wallis, anderson_darling : the k-sample tests on one instance.
    posthoc : comparisons over instances, or on one instance's runs.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Derrac, J., García, S., Molina, D., Herrera, F. (2011). A practical tutorial on the
       use of nonparametric statistical tests as a methodology for comparing evolutionary and
       swarm intelligence algorithms. *Swarm and Evolutionary Computation* 1(1), 3–18.
       doi:10.1016/j.swevo.2011.02.002

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 12.0], n_instances=3, n_runs=8, rng=1)
    >>> ac.per_instance(sim.results, "A1", "A2").table[["instance", "difference", "reject"]].round(2)
      instance  difference  reject
    0       I1       -7.81    True
    1       I2       -0.05   False
    2       I3       -1.93    True

    All k algorithms, Kruskal–Wallis then Dunn's pairs on each instance:

    >>> sim3 = ac.simulate_runs([10.0, 12.0, 10.5], n_instances=2, n_runs=10, rng=1)
    >>> k = ac.per_instance(sim3.results, posthoc="dunn", p_adjust="holm")
    >>> k.table[["instance", "test", "algorithm_a", "algorithm_b", "reject"]]
      instance            test algorithm_a algorithm_b  reject
    0       I1  kruskal_wallis         NaN         NaN    True
    1       I1            dunn          A1          A2    True
    2       I1            dunn          A1          A3   False
    3       I1            dunn          A2          A3    True
    4       I2  kruskal_wallis         NaN         NaN   False
    5       I2            dunn          A1          A2   False
    6       I2            dunn          A1          A3   False
    7       I2            dunn          A2          A3   False
    """
    v.check_probability("alpha", alpha)
    if a is None and b is None:
        return _per_instance_k(results, test=test, posthoc=posthoc, p_adjust=p_adjust, control=control,
                               alpha=alpha, direction=direction, nan_policy=nan_policy)
    if a is None or b is None:
        raise TypeError("per_instance compares two algorithms (pass a and b) or all of them (pass neither).")
    res = as_results(results, direction=direction, nan_policy=nan_policy)
    v.check_algorithm(res, a)
    v.check_algorithm(res, b)
    if a == b:
        raise ValueError("per_instance compares two different algorithms; a and b are the same.")
    if not res.has_runs:
        raise ValueError("per_instance needs several runs per (instance, algorithm); these results have one.")
    runs = res.runs(unbalanced="pad")
    ia, ib = res.algorithms.index(a), res.algorithms.index(b)
    rows = []
    for i, instance in enumerate(res.instances):
        x, y = runs[i, ia], runs[i, ib]
        if paired:
            keep = ~(np.isnan(x) | np.isnan(y))
            x, y = x[keep], y[keep]
        else:
            x, y = x[~np.isnan(x)], y[~np.isnan(y)]
        rows.append({"instance": instance, "mean_a": x.mean(), "mean_b": y.mean(),
                     "difference": x.mean() - y.mean(), "pvalue_t": _t_pvalue(x, y, paired),
                     "pvalue_wilcoxon": _w_pvalue(x, y, paired)})
    table = pd.DataFrame(rows)
    table["reject"] = table["pvalue_wilcoxon"] <= alpha
    return PerInstanceResult(method=f"Per-instance comparison of {a} and {b}", algorithm_a=str(a),
                             algorithm_b=str(b), paired=bool(paired), alpha=alpha, table=table,
                             dropped_instances=drop_record(res, nan_policy))


def _t_pvalue(x: np.ndarray, y: np.ndarray, paired: bool) -> float:
    if min(x.size, y.size) < 2:
        return math.nan
    (x, y), _ = unit_scaled(x, y)  # p is scale-invariant; the variances neither over- nor underflow
    if paired and np.ptp(x - y) == 0:
        return 1.0 if x[0] == y[0] else 0.0
    if not paired and np.ptp(x) == 0 and np.ptp(y) == 0:
        return 1.0 if x[0] == y[0] else 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = stats.ttest_rel(x, y) if paired else stats.ttest_ind(x, y, equal_var=False)
    return float(res.pvalue)


def _w_pvalue(x: np.ndarray, y: np.ndarray, paired: bool) -> float:
    if min(x.size, y.size) < 2:
        return math.nan
    if paired:
        return wilcoxon(x, y, zero_method="wilcox").pvalue
    if np.ptp(np.r_[x, y]) == 0:
        return 1.0
    return float(stats.mannwhitneyu(x, y, alternative="two-sided").pvalue)


# ----------------------------------------------------------------------------- k algorithms


@dataclass(frozen=True, kw_only=True)
class PerInstanceTestsResult(BaseResult):
    """k algorithms compared on each instance: an omnibus test per instance, and its post-hoc pairs.

    Attributes
    ----------
    test : str
        The k-sample test of each instance (``"kruskal_wallis"``, ...).
    posthoc : str or None
        The independent-sample post-hoc test run on each instance, or None.
    p_adjust : str or None
        The post-hoc adjustment, within each instance.
    control : str or None
        The post-hoc control algorithm (None: all pairs).
    alpha : float
        Level of ``reject``.
    table : pandas.DataFrame
        The tidy table: per instance one row of ``test`` (``algorithm_a``/``algorithm_b``
        missing, ``pvalue_adj`` = ``pvalue``), then one row per post-hoc pair; columns
        ``instance, test, algorithm_a, algorithm_b, statistic, pvalue, pvalue_adj, reject``.
        ``reject`` is ``pvalue_adj <= alpha``; p-values are not adjusted across instances.

    See Also
    --------
    per_instance : The function that returns it.

    References
    ----------
    .. [1] Kruskal, W. H. & Wallis, W. A. (1952). Use of ranks in one-criterion variance
       analysis. Journal of the American Statistical Association 47, 583-621.
       doi:10.1080/01621459.1952.10483441

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 12.0, 10.5], n_instances=2, n_runs=10, rng=1)
    >>> r = ac.per_instance(sim.results)
    >>> r.test, len(r.table), r.omnibus["instance"].tolist()
    ('kruskal_wallis', 2, ['I1', 'I2'])
    """

    kind: ClassVar[str] = "per_instance"

    test: str
    posthoc: str | None
    p_adjust: str | None
    control: Any
    alpha: float
    table: pd.DataFrame

    def to_frame(self) -> pd.DataFrame:
        return self.table.copy()

    @property
    def omnibus(self) -> pd.DataFrame:
        """The rows of the omnibus test, one per instance."""
        return self.table[self.table["test"] == self.test].reset_index(drop=True)

    @property
    def pairs(self) -> pd.DataFrame:
        """The post-hoc rows (empty without ``posthoc``)."""
        return self.table[self.table["test"] != self.test].reset_index(drop=True)


def _per_instance_k(results: Any, *, test: str, posthoc: str | None, p_adjust: str | None, control: Any,
                    alpha: float, direction: str | None, nan_policy: str) -> PerInstanceTestsResult:
    from algocompare.posthoc._procedure import posthoc as run_posthoc  # posthoc imports this subpackage
    from algocompare.posthoc._registry import GROUP_TESTS

    v.check_option("test", test, tuple(K_SAMPLE_TESTS))
    if posthoc is not None:
        v.check_option("posthoc", posthoc, tuple(GROUP_TESTS))
    elif p_adjust is not None or control is not None:
        raise TypeError("p_adjust= and control= apply to the post-hoc pairs; pass posthoc= (e.g. 'dunn') too.")
    res = as_results(results, direction=direction, nan_policy="keep")
    if not res.has_runs:
        raise ValueError("per_instance needs several runs per (instance, algorithm); these results have one.")
    rows, used = [], None
    for instance in res.instances:
        omnibus = K_SAMPLE_TESTS[test](res, instance=instance, nan_policy=nan_policy)
        rows.append({"instance": instance, "test": test, "algorithm_a": None, "algorithm_b": None,
                     "statistic": omnibus.statistic, "pvalue": omnibus.pvalue, "pvalue_adj": omnibus.pvalue})
        if posthoc is not None:
            pairs = run_posthoc(res, test=posthoc, control=control, p_adjust=p_adjust, alpha=alpha, instance=instance,
                                nan_policy=nan_policy)
            used = pairs.p_adjust
            for row in pairs.table.itertuples(index=False):
                rows.append({"instance": instance, "test": posthoc, "algorithm_a": row.algorithm_a,
                             "algorithm_b": row.algorithm_b, "statistic": row.statistic, "pvalue": row.pvalue,
                             "pvalue_adj": row.pvalue_adj})
    table = pd.DataFrame(rows)
    table["reject"] = table["pvalue_adj"] <= alpha
    what = f"{test} per instance" + (f", {posthoc} pairs ({used} adjustment within each instance)" if posthoc else "")
    return PerInstanceTestsResult(method=f"Per-instance comparison of {res.n_algorithms} algorithms: {what}",
                                  test=test, posthoc=posthoc, p_adjust=used, control=control, alpha=alpha,
                                  table=table)
