"""Single-problem analysis: two algorithms' runs compared instance by instance."""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._results import BaseResult
from algocompare._scaling import unit_scaled
from algocompare.data._convert import as_results, drop_record
from algocompare.frequentist._pairwise import wilcoxon

__all__ = ["per_instance", "PerInstanceResult"]


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


def per_instance(results: Any, a: Any, b: Any, *, paired: bool = True, alpha: float = 0.05,
                 direction: str | None = None, nan_policy: str = "raise") -> PerInstanceResult:
    """Compare algorithms ``a`` and ``b`` on each instance from their runs.

    For each instance: the two mean values, their difference (a − b), the t-test p-value
    and the Wilcoxon p-value (García et al. 2009, Table 5). ``paired=True`` (default) pairs
    the runs by run number — paired t-test and Wilcoxon signed-rank (zeros dropped, exact
    for up to 50 runs); ``paired=False`` treats them as independent — Welch's t-test and
    the Wilcoxon rank-sum test. ``reject`` is Wilcoxon's p <= alpha. The tests are
    two-sided, so ``direction`` (default the data's own) only orients the input;
    ``nan_policy="omit"`` drops the instances with a missing value (``dropped_instances``).

    Parameters
    ----------
    results : Results
        Runs of the algorithms (a long table: several runs per instance).
    a, b : str
        The two algorithms.
    paired : bool
        Pair the runs by run number (default) or treat them as independent.
    alpha : float
        Level of ``reject``.
    direction : {"minimize", "maximize"}, optional
        Orients the values; default the data's own.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing value.

    Returns
    -------
    PerInstanceResult
        One row per instance.

    See Also
    --------
    wilcoxon, paired_ttest : the tests on one pair of samples.
    posthoc : comparisons over instances.

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
    """
    v.check_probability("alpha", alpha)
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
