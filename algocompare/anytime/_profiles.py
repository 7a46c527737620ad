"""Dolan–Moré performance profiles and Moré–Wild data profiles of anytime results."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._results import BaseResult
from algocompare._validation import check_option
from algocompare.anytime._ert import _check_runs
from algocompare.anytime._model import AnytimeResults

__all__ = ["performance_profile", "PerformanceProfileResult", "data_profile", "DataProfileResult"]

_COSTS = ("ert", "median")


@dataclass(frozen=True, kw_only=True, eq=False)
class PerformanceProfileResult(BaseResult):
    """Dolan–Moré performance profiles: for each algorithm, the fraction of problems within a factor τ of the best.

    Attributes
    ----------
    method : str
        What was computed.
    costs : pandas.DataFrame
        One row per problem, one column per algorithm: the cost (``inf``: failed).
    ratios : pandas.DataFrame
        The performance ratios cost / best cost on the problem (``inf``: failed, or nobody solved it).
    profile : pandas.DataFrame
        The step function in long form: ``algorithm``, ``tau`` (the profile's breakpoints, every
        finite ratio, from 1), ``rho`` (fraction of problems with ratio ≤ tau).

    See Also
    --------
    performance_profile : makes it.
    algocompare.plots.plot_performance_profile : its figure.
    data_profile : Moré–Wild's profile against the budget.

    References
    ----------
    .. [1] Dolan, E. D., Moré, J. J. (2002). Benchmarking optimization software with performance
       profiles. *Mathematical Programming* 91(2), 201–213. doi:10.1007/s101070100263

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> costs = pd.DataFrame({"A": [10.0, 40.0], "B": [20.0, float("inf")]}, index=["p1", "p2"])
    >>> result = ac.performance_profile(costs)
    >>> result.rho(1.0), result.rho(2.0)
    ({'A': 1.0, 'B': 0.0}, {'A': 1.0, 'B': 0.5})
    """

    kind: ClassVar[str] = "performance_profile"
    costs: pd.DataFrame
    ratios: pd.DataFrame
    profile: pd.DataFrame

    def rho(self, tau: float) -> dict[Any, float]:
        """ρ_s(τ) of each algorithm: the fraction of problems whose ratio is at most τ.

        Parameters
        ----------
        tau : float
            The factor (≥ 1).

        Returns
        -------
        dict
            Algorithm → fraction.
        """
        within = np.isfinite(self.ratios) & (self.ratios <= tau)  # a failure (inf) never counts, even at tau = inf
        return {a: float(within[a].mean()) for a in self.ratios.columns}

    def to_frame(self) -> pd.DataFrame:
        """The profile: ``algorithm``, ``tau``, ``rho``.

        Returns
        -------
        pandas.DataFrame
        """
        return self.profile.copy()

    def __str__(self) -> str:
        wins = self.rho(1.0)
        solved = {a: float(np.isfinite(self.ratios[a]).mean()) for a in self.ratios.columns}
        lines = [f"  {a}: best on {wins[a]:.3g}, solved {solved[a]:.3g}" for a in self.ratios.columns]
        return f"{self.method}\n" + "\n".join(lines)


@dataclass(frozen=True, kw_only=True, eq=False)
class DataProfileResult(BaseResult):
    """Moré–Wild data profiles: for each algorithm, the fraction of problems solved within κ budget units.

    Attributes
    ----------
    method : str
        What was computed.
    tolerance : float
        τ of the convergence test f(x0) − f(x) ≥ (1 − τ)(f(x0) − f_L).
    runs : pandas.DataFrame
        One row per run: ``algorithm``, ``instance``, ``run``, ``start`` (f(x0)), ``best``
        (f_L of its instance), ``cutoff``, ``evaluations`` needed to pass the test (``inf``:
        never), ``scale`` (evaluations per budget unit) and ``units`` (evaluations / scale).
    profile : pandas.DataFrame
        The step function in long form: ``algorithm``, ``kappa`` (breakpoints, the finite
        units), ``fraction`` (of problems solved within kappa units; a problem with several runs
        counts the fraction of its runs that passed).

    See Also
    --------
    data_profile : makes it.
    algocompare.plots.plot_data_profile : its figure.
    performance_profile : Dolan–Moré's profile of ratios to the best.

    References
    ----------
    .. [1] Moré, J. J., Wild, S. M. (2009). Benchmarking derivative-free optimization algorithms.
       *SIAM Journal on Optimization* 20(1), 172–191. doi:10.1137/080724083

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "p", 1, [1, 5, 9], [10.0, 4.0, 0.0], 9),
    ...                                     ("B", "p", 1, [1, 3], [10.0, 0.5], 9)])
    >>> result = ac.data_profile(runs, tolerance=0.1)
    >>> result.runs[["algorithm", "cutoff", "evaluations"]]
      algorithm  cutoff  evaluations
    0         A     1.0          9.0
    1         B     1.0          3.0
    """

    kind: ClassVar[str] = "data_profile"
    tolerance: float
    runs: pd.DataFrame
    profile: pd.DataFrame

    def fraction(self, kappa: float) -> dict[Any, float]:
        """d_s(κ) of each algorithm: the fraction of problems solved within κ budget units.

        Parameters
        ----------
        kappa : float
            Budget units (evaluations / scale).

        Returns
        -------
        dict
            Algorithm → fraction.
        """
        units = self.runs["units"]
        solved = self.runs.assign(hit=np.isfinite(units) & (units <= kappa))  # never passed: not even at inf
        per_problem = solved.groupby(["algorithm", "instance"], sort=False)["hit"].mean()
        return {a: float(v) for a, v in per_problem.groupby(level=0, sort=False).mean().items()}

    def to_frame(self) -> pd.DataFrame:
        """The profile: ``algorithm``, ``kappa``, ``fraction``.

        Returns
        -------
        pandas.DataFrame
        """
        return self.profile.copy()

    def __str__(self) -> str:
        solved = self.fraction(np.inf)
        return f"{self.method}\n" + "\n".join(f"  {a}: solved {v:.3g}" for a, v in solved.items())


def _steps(values: pd.DataFrame, weights: np.ndarray, x_name: str, y_name: str) -> pd.DataFrame:
    """The step function k ↦ Σ weights of problems with value ≤ x, at every finite value, per column."""
    pieces = []
    for algorithm in values.columns:
        v = values[algorithm].to_numpy(dtype=float)
        finite = np.isfinite(v)
        order = np.argsort(v[finite], kind="stable")
        xs, w = v[finite][order], weights[finite][order]
        cumulative = np.cumsum(w)
        last = np.r_[xs[1:] != xs[:-1], True] if xs.size else np.zeros(0, dtype=bool)  # the top of each tie
        pieces.append(pd.DataFrame({"algorithm": algorithm, x_name: xs[last], y_name: cumulative[last]}))
    return pd.concat(pieces, ignore_index=True) if pieces else pd.DataFrame(columns=["algorithm", x_name, y_name])


def _check_costs(costs: pd.DataFrame) -> pd.DataFrame:
    values = costs.astype(float)
    if values.empty:
        raise ValueError("costs must have at least one problem (row) and one algorithm (column).")
    bad = values.isna() | (values <= 0)
    if bad.to_numpy().any():
        row, col = np.argwhere(bad.to_numpy())[0]
        raise ValueError(f"costs must be positive (inf for a failure, not NaN or 0): problem {values.index[row]!r}, "
                         f"algorithm {values.columns[col]!r} has {costs.iloc[row, col]!r}.")
    return values


def _anytime_costs(runs: AnytimeResults, target: float | Mapping[Any, float], cost: str) -> pd.DataFrame:
    """(instances × algorithms) costs to reach the target: the ERT or the median runtime (inf counted)."""
    check_option("cost", cost, _COSTS)
    labels = runs.runs()
    if isinstance(target, Mapping):
        missing = [i for i in runs.instances if i not in target]
        if missing:
            raise ValueError(f"target gives no value for instance(s) {missing[:3]!r}; give one per instance.")
        per_run = labels["instance"].map(lambda i: float(target[i])).to_numpy()
    else:
        per_run = np.full(len(labels), float(target))
    if np.isnan(per_run).any():
        raise ValueError("target must be a number (or one per instance), not NaN.")
    grid, column = np.unique(per_run, return_inverse=True)
    reached = runs.runtimes(grid)[np.arange(len(labels)), column]
    success = np.isfinite(reached)
    frame = labels.assign(reached=reached, success=success, spent=np.where(success, reached, labels["budget"]))
    grouped = frame.groupby(["instance", "algorithm"], sort=False)
    if cost == "ert":
        sums = grouped.agg(spent=("spent", "sum"), successes=("success", "sum"))
        with np.errstate(divide="ignore"):
            values = np.where(sums["successes"] > 0, sums["spent"] / np.maximum(sums["successes"], 1), np.inf)
        series = pd.Series(values, index=sums.index)
    else:
        series = grouped["reached"].median()  # inf runs count as the largest: inf once half the runs failed
    table = series.unstack("algorithm")
    if table.isna().to_numpy().any():
        raise ValueError("every algorithm needs runs on every instance for a performance profile; "
                         f"missing: {table.isna().stack()[lambda s: s].index[:3].tolist()!r}.")
    return table.reindex(columns=list(runs.algorithms))


def performance_profile(runs_or_costs: AnytimeResults | pd.DataFrame,
                        target: float | Mapping[Any, float] | None = None, *,
                        cost: str = "ert") -> PerformanceProfileResult:
    """Dolan–Moré performance profiles: ρ_s(τ), the fraction of problems an algorithm solves within τ × the best cost.

    For problem p and algorithm s with cost t_{p,s} (``inf`` when s fails on p), the performance
    ratio is r_{p,s} = t_{p,s} / min_s t_{p,s}, and ρ_s(τ) = |{p : r_{p,s} ≤ τ}| / |P|.

    Parameters
    ----------
    runs_or_costs : AnytimeResults or pandas.DataFrame
        Anytime runs (the problems are the instances, the cost is given by ``target`` and ``cost``),
        or a table of costs: one row per problem, one column per algorithm, positive, ``inf`` for
        a failure.
    target : float or mapping, optional
        For anytime runs: the value to reach, one for all instances or one per instance
        (``{instance: target}``).
    cost : str
        For anytime runs, the cost of an algorithm on an instance: ``"ert"`` (default; COCO's
        expected running time, :func:`ert`, ``inf`` when no run reached the target) or
        ``"median"`` (the median of the runs' runtimes, unsuccessful runs counted as ``inf``, so
        ``inf`` once half the runs failed).

    Returns
    -------
    PerformanceProfileResult
        ``costs``, ``ratios`` (problems × algorithms) and ``profile`` (algorithm, tau, rho).

    Raises
    ------
    TypeError
        ``runs_or_costs`` is neither AnytimeResults nor a DataFrame.
    ValueError
        No target for anytime runs, an unknown ``cost``, a cost that is NaN or not positive,
        an algorithm without runs on an instance.

    See Also
    --------
    data_profile : fraction of problems solved against the budget (Moré–Wild).
    ert : the costs by default.

    Notes
    -----
    *Failures* are handled as in the paper: a failed algorithm has ratio ``inf`` (Dolan and Moré's
    r_M, larger than any ratio) and never counts, so lim_{τ→∞} ρ_s(τ) is the fraction of problems
    s solves; a problem no algorithm solves counts as failed for all of them. ρ_s(1) is the
    fraction of problems on which s is best (ties count for each). The profile is a right-continuous
    step function; ``profile`` lists its breakpoints.

    References
    ----------
    .. [1] Dolan, E. D., Moré, J. J. (2002). Benchmarking optimization software with performance
       profiles. *Mathematical Programming* 91(2), 201–213. doi:10.1007/s101070100263

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 1.0], 100),
    ...                                     ("B", "f1", 1, [1, 20], [5.0, 1.0], 100),
    ...                                     ("A", "f2", 1, [1, 90], [5.0, 1.0], 100),
    ...                                     ("B", "f2", 1, [1, 30], [5.0, 1.0], 100)])
    >>> result = ac.performance_profile(runs, target=1.0)
    >>> result.ratios
    algorithm    A    B
    instance
    f1         1.0  2.0
    f2         3.0  1.0
    >>> result.rho(2.0)
    {'A': 0.5, 'B': 1.0}
    """
    data = runs_or_costs
    if isinstance(data, AnytimeResults):
        if target is None:
            raise ValueError("performance_profile of anytime runs needs target= (one value, or one per instance).")
        costs = _anytime_costs(data, target, cost)
        what = f"cost {cost} to target {target if not isinstance(target, Mapping) else 'per instance'}"
    elif isinstance(data, pd.DataFrame):
        costs = data
        what = "costs given"
    else:
        raise TypeError(f"performance_profile expects AnytimeResults or a DataFrame of costs (problems × algorithms), "
                        f"got {type(data).__name__}.")
    values = _check_costs(costs)
    best = values.min(axis=1)
    solved = np.isfinite(best.to_numpy())[:, None]
    with np.errstate(invalid="ignore"):  # inf / inf where nobody solved the problem: failed for all
        ratios = pd.DataFrame(np.where(solved, values.to_numpy() / best.to_numpy()[:, None], np.inf),
                              index=values.index, columns=values.columns)
    weights = np.full(len(ratios), 1.0 / len(ratios))
    profile = _steps(ratios, weights, "tau", "rho")
    method = f"Dolan–Moré performance profile, {len(ratios)} problems, {ratios.shape[1]} algorithms ({what})"
    return PerformanceProfileResult(method=method, costs=values, ratios=ratios, profile=profile)


def _scales(instances: pd.Series, scale: float | Mapping[Any, float] | Callable[[Any], float] | None) -> np.ndarray:
    if scale is None:
        return np.ones(len(instances))
    if callable(scale):
        values = instances.map(lambda i: float(scale(i)))
    elif isinstance(scale, Mapping):
        missing = sorted({str(i) for i in instances if i not in scale})
        if missing:
            raise ValueError(f"scale gives no value for instance(s) {missing[:3]!r}; give one per instance.")
        values = instances.map(lambda i: float(scale[i]))
    else:
        values = pd.Series(float(scale), index=instances.index)
    out = values.to_numpy(dtype=float)
    if not (np.isfinite(out) & (out > 0)).all():
        raise ValueError("scale must be positive finite evaluations per budget unit (e.g. dimension + 1).")
    return out


def data_profile(runs: AnytimeResults, *, tolerance: float = 1e-3,
                 scale: float | Mapping[Any, float] | Callable[[Any], float] | None = None) -> DataProfileResult:
    """Moré–Wild data profiles: d_s(κ), the fraction of problems an algorithm solves within κ budget units.

    A run passes the convergence test once f(x0) − f(x) ≥ (1 − τ)(f(x0) − f_L), i.e. once its
    best-so-far value is at most f_L + τ (f(x0) − f_L), where f(x0) is the run's first recorded
    value and f_L the best value any algorithm's run found on the instance. With t the
    evaluations it needed and n_p the budget unit of the problem (Moré and Wild: n_p + 1, the
    evaluations of a simplex gradient in dimension n_p), d_s(κ) = |{p : t_{p,s} / n_p ≤ κ}| / |P|.

    Parameters
    ----------
    runs : AnytimeResults
        The runs; the problems are the instances.
    tolerance : float
        τ in (0, 1): 1e-1, 1e-3, 1e-5, 1e-7 in the paper.
    scale : float, mapping, callable or None
        Evaluations per budget unit: ``None`` (1: κ is in evaluations), one number, one per
        instance (``{instance: dimension + 1}``) or a function of the instance label
        (``lambda instance: int(instance.split("_D")[1]) + 1`` for the readers' ``F<f>_D<d>``).

    Returns
    -------
    DataProfileResult
        ``runs`` (the test of each run) and ``profile`` (algorithm, kappa, fraction).

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        ``tolerance`` outside (0, 1); a scale that is missing, not positive or not finite.

    See Also
    --------
    performance_profile : Dolan–Moré's profile of ratios to the best cost.

    Notes
    -----
    Moré and Wild's ``data_profile.m`` runs each solver once per problem from one starting point
    x0. With stochastic runs, each run is a trial from its own first value, and a problem counts
    the fraction of its runs that passed (so d_s(κ) is the mean over problems of the fraction of
    runs solved within κ units; with one run per problem this is the paper's definition). A run
    that never passes (within its budget) has ``inf`` evaluations; lim_{κ→∞} d_s(κ) is the
    fraction solved. Values are best-so-far (the running minimum, or maximum when maximizing,
    whose test is mirrored).

    References
    ----------
    .. [1] Moré, J. J., Wild, S. M. (2009). Benchmarking derivative-free optimization algorithms.
       *SIAM Journal on Optimization* 20(1), 172–191. doi:10.1137/080724083

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "F1_D2", 1, [1, 6, 30], [10.0, 4.0, 0.0], 30),
    ...                                     ("B", "F1_D2", 1, [1, 9], [10.0, 0.5], 30)])
    >>> result = ac.data_profile(runs, tolerance=0.1, scale=lambda i: int(i.split("_D")[1]) + 1)
    >>> result.fraction(3.0), result.fraction(10.0)
    ({'A': 0.0, 'B': 1.0}, {'A': 1.0, 'B': 1.0})
    """
    _check_runs(runs, "data_profile")
    tol = float(tolerance)
    if not 0 < tol < 1:
        raise ValueError(f"tolerance must be strictly between 0 and 1 (1e-3 in Moré and Wild), got {tolerance!r}.")
    sign = 1.0 if runs.direction == "minimize" else -1.0  # the test on -f when maximizing
    long = runs.to_long()
    run_index = np.repeat(np.arange(runs.n_runs), runs.runs()["records"].to_numpy())
    best_so_far = pd.Series(sign * long["value"].to_numpy()).groupby(run_index).cummin().to_numpy()
    labels = runs.runs()[["algorithm", "instance", "run"]]
    start = best_so_far[np.r_[0, np.cumsum(runs.runs()["records"].to_numpy())[:-1]]]  # f(x0) of each run
    final = pd.Series(best_so_far).groupby(run_index).last().to_numpy()
    f_low = pd.Series(final).groupby(labels["instance"].to_numpy()).transform("min").to_numpy()
    cutoff = f_low + tol * (start - f_low)
    passed = best_so_far <= cutoff[run_index]
    first = pd.Series(long["evaluations"].to_numpy()[passed]).groupby(run_index[passed]).first()
    evaluations = np.full(runs.n_runs, np.inf)
    evaluations[first.index.to_numpy()] = first.to_numpy()
    scales = _scales(labels["instance"], scale)
    table = labels.assign(start=sign * start, best=sign * f_low, cutoff=sign * cutoff, evaluations=evaluations,
                          scale=scales, units=evaluations / scales)
    # each problem weighs 1 / |P|, shared by its runs
    per_problem = table.groupby(["algorithm", "instance"], sort=False)["run"].transform("size").to_numpy()
    n_problems = labels["instance"].nunique()
    pieces = []
    for algorithm in runs.algorithms:
        mine = (table["algorithm"] == algorithm).to_numpy()
        units = pd.DataFrame({algorithm: table["units"].to_numpy()[mine]})
        pieces.append(_steps(units, 1.0 / (n_problems * per_problem[mine]), "kappa", "fraction"))
    profile = pd.concat(pieces, ignore_index=True)
    unit = "evaluations" if scale is None else "budget units"
    method = (f"Moré–Wild data profile, {n_problems} problems, {len(runs.algorithms)} algorithms, "
              f"tolerance {tol:g}, kappa in {unit}")
    return DataProfileResult(method=method, tolerance=tol, runs=table, profile=profile)
