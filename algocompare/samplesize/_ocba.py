"""OCBA: how many more runs each algorithm gets, on one instance, to identify the best.

The optimal computing budget allocation of Chen, Lin, Yücesan & Chick (2000) maximises the
(approximate) probability of correct selection of the best mean for a total budget T:

    N_i / N_s = (σ_i / δ_b,i)² / (σ_s / δ_b,s)²   (i, s ≠ b; s the second best),
    N_b = σ_b · sqrt(Σ_{i≠b} N_i² / σ_i²),

δ_b,i = mean_i − mean_b. The allocation follows the R package SPOT's ``OCBA`` (Chen & Lee
2010's reference code): the ratios scaled to the total budget (runs done + new ones) and
floored; an algorithm that already has more runs than its share keeps them and leaves the
allocation, which is repeated over the others; what flooring leaves goes to the best
(among tied best means, the one with the largest variance). SPOT silently returns no runs
when the best or second best has a zero variance and drops other zero-variance algorithms;
here a zero variance is an error (every algorithm needs at least two runs that differ).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare import _scaling
from algocompare import _validation as v
from algocompare._results import BaseResult

__all__ = ["ocba", "OCBAResult", "ocba_allocation"]


def ocba_allocation(means: np.ndarray, variances: np.ndarray, n: np.ndarray, budget: int) -> np.ndarray:
    """The new runs of each algorithm (minimisation; SPOT's ``OCBA(sMean, sVar, n, addBudget)``)."""
    k = means.size
    total = budget + int(n.sum())
    order = np.argsort(means, kind="stable")
    best_value = means.min()
    n_best = int(np.sum(means == best_value))
    if n_best == k:  # every mean equal: nothing to separate, the budget goes to the first (as SPOT)
        extra = np.zeros(k, dtype=int)
        extra[0] = budget
        return extra
    best, second = order[:n_best], order[n_best]
    ratio = np.zeros(k)
    ratio[second] = 1.0
    others = np.setdiff1d(np.arange(k), np.r_[best, second])
    gap = (means[second] - best_value) / (means[others] - best_value)
    ratio[others] = gap**2 * variances[others] / variances[second]
    ratio[best] = np.sqrt(variances[best] * np.sum(ratio**2 / variances))
    active = np.ones(k, dtype=bool)
    desired = np.zeros(k)
    remaining = float(total)
    while True:
        desired[active] = np.floor(remaining / ratio[active].sum() * ratio[active])
        over = desired < n  # already has more runs than its share: keeps them, leaves the allocation
        desired[over] = n[over]
        if not over.any():
            break
        active[over] = False
        remaining = total - desired[~active].sum()
    extra = (desired - n).astype(int)
    keeper = best[np.argmax(variances[best])]
    extra[keeper] += total - int(desired.sum())
    return extra


@dataclass(frozen=True, kw_only=True)
class OCBAResult(BaseResult):
    """The OCBA allocation of a budget of new runs.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per algorithm: ``mean``, ``sd``, ``n`` (runs so far), ``additional`` (new runs),
        ``total`` and ``share`` (of the total budget).
    budget : int
        The new runs distributed.
    best : str
        The algorithm with the best mean so far.
    direction : str
        ``"minimize"`` or ``"maximize"``.

    See Also
    --------
    algocompare.ocba : the function that returns it.

    References
    ----------
    .. [1] Chen, C.-H., Lin, J., Yücesan, E., Chick, S. E. (2000). Simulation budget allocation for
       further enhancing the efficiency of ordinal optimization. *Discrete Event Dynamic Systems*
       10, 251–270. doi:10.1023/A:1008349927281

    Examples
    --------
    >>> from algocompare import ocba
    >>> res = ocba(means=[1.2, 2.1, 3.4, 4.87, 6.05], variances=[3.3, 2.0, 4.5, 5.3, 6.9], n=[12, 6, 5, 5, 4],
    ...            budget=100)
    >>> res.table["additional"].tolist()
    [48, 38, 11, 2, 1]
    """

    kind: ClassVar[str] = "design"

    table: pd.DataFrame
    budget: int
    best: str
    direction: str

    def to_frame(self) -> pd.DataFrame:
        """The allocation, one row per algorithm."""
        return self.table.reset_index()


def _from_runs(runs: Any) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, int]:
    """Names, means, variances and counts of the runs, on the runs times 2**-e (exact; the allocation
    depends on variances over squared gaps only), and e."""
    if not isinstance(runs, dict):
        raise TypeError(f"runs must be a dict {{algorithm: runs so far}}, got {type(runs).__name__}.")
    given = [v.as_sample(values, f"runs of {name!r}", min_size=2) for name, values in runs.items()]
    samples, exponent = _scaling.unit_scaled(*given)
    means = np.array([x.mean() for x in samples])
    variances = np.array([x.var(ddof=1) for x in samples])
    return [str(name) for name in runs], means, variances, np.array([x.size for x in samples]), exponent


def ocba(runs: dict | None = None, budget: int | None = None, *, means: Any = None, variances: Any = None,
         n: Any = None, algorithms: Any = None, direction: str | None = None) -> OCBAResult:
    """How many more runs each algorithm gets, on one instance, to identify the best (OCBA).

    Parameters
    ----------
    runs : dict, optional
        ``{algorithm: runs so far}`` (at least two runs each); or give ``means``, ``variances`` and ``n``.
    budget : int
        The number of new runs to distribute (>= 1).
    means, variances, n : array-like, optional
        Per algorithm: the mean and the variance of its runs so far and their number (SPOT's
        ``sMean``, ``sVar``, ``n``).
    algorithms : sequence of str, optional
        Names for ``means`` (default ``A1``, ``A2``, ...).
    direction : {"minimize", "maximize"}, optional
        Which way is better; None (default): minimize (runs given as numbers carry no direction).

    Returns
    -------
    OCBAResult
        ``table`` with the new runs of each algorithm (``additional``), ``best``.

    See Also
    --------
    algocompare.experiment.calc_nreps : runs per algorithm for a target standard error (Campelo & Takahashi).

    Notes
    -----
    The allocation ratios of Chen et al. [1]_ (Theorem 1), computed as the R package SPOT's
    ``OCBA`` [2]_ does (see the module docstring); the same allocations as SPOT on its examples and
    on the restated cases of ``tests/reference/ocba_spot.R``. OCBA assumes normal runs and a
    unique best; it spends the budget to tell the best from the others, not to rank them all.

    References
    ----------
    .. [1] Chen, C.-H., Lin, J., Yücesan, E., Chick, S. E. (2000). Simulation budget allocation for
       further enhancing the efficiency of ordinal optimization. *Discrete Event Dynamic Systems*
       10, 251–270. doi:10.1023/A:1008349927281
    .. [2] Bartz-Beielstein, T., Lasarczyk, C., Preuss, M. (2005). Sequential parameter optimization.
       *IEEE Congress on Evolutionary Computation*, 773–780. doi:10.1109/CEC.2005.1554761

    Examples
    --------
    >>> res = ocba({"A": [3.1, 2.9, 3.4, 3.0], "B": [3.3, 3.6, 3.2, 3.5], "C": [5.0, 4.1, 4.6, 4.4]}, budget=20)
    >>> res.best, res.table["additional"].tolist()
    ('A', [12, 8, 0])
    """
    direction = "minimize" if direction is None else direction
    v.check_option("direction", direction, ("minimize", "maximize"))
    if budget is None:
        raise TypeError("ocba needs budget= (the number of new runs to distribute).")
    budget = v.check_positive_int("budget", budget)
    if runs is not None:
        if any(x is not None for x in (means, variances, n, algorithms)):
            raise TypeError("give runs= or means=, variances= and n=, not both.")
        names, mean, variance, count, exponent = _from_runs(runs)
    else:
        if means is None or variances is None or n is None:
            raise TypeError("ocba needs runs= ({algorithm: runs}) or all of means=, variances= and n=.")
        mean, exponent = np.asarray(means, dtype=float), 0
        variance, count = np.asarray(variances, dtype=float), np.asarray(n)
        if mean.ndim != 1 or variance.shape != mean.shape or count.shape != mean.shape:
            raise ValueError("means, variances and n must be 1-D and of the same length (one value per algorithm).")
        if not np.issubdtype(count.dtype, np.integer) or np.any(count < 0):
            raise ValueError("n must hold non-negative integers (the runs done so far).")
        names = [f"A{j + 1}" for j in range(mean.size)] if algorithms is None else [str(a) for a in algorithms]
        if len(names) != mean.size:
            raise ValueError(f"algorithms must name the {mean.size} algorithms, got {len(names)} names.")
    if mean.size < 2 or not np.all(np.isfinite(mean)) or not np.all(np.isfinite(variance)):
        raise ValueError("ocba needs at least two algorithms with finite means and variances.")
    zero = [name for name, s2 in zip(names, variance, strict=True) if not s2 > 0]
    if zero:
        raise ValueError(f"the runs of {zero} have zero variance (or negative): OCBA needs each algorithm's run "
                         "variance; give at least two runs that differ.")
    oriented = mean if direction == "minimize" else -mean
    extra = ocba_allocation(oriented, variance, count.astype(int), budget)
    table = pd.DataFrame({"mean": _scaling.scaled_back(mean, exponent),
                          "sd": _scaling.scaled_back(np.sqrt(variance), exponent), "n": count.astype(int),
                          "additional": extra},
                         index=pd.Index(names, name="algorithm"))
    table["total"] = table["n"] + table["additional"]
    table["share"] = table["total"] / table["total"].sum()
    return OCBAResult(method=f"Optimal computing budget allocation (Chen et al. 2000), {budget} new runs, "
                             f"{direction}", table=table, budget=budget, best=names[int(np.argmin(oriented))],
                      direction=direction)
