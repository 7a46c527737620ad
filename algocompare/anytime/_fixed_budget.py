"""Fixed-budget value curves and ERT curves, with bootstrap intervals over runs."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._options import N_RESAMPLES, check_confidence_level
from algocompare._results import BaseResult
from algocompare.anytime._ert import _check_runs
from algocompare.anytime._model import AnytimeResults

__all__ = ["fixed_budget", "FixedBudgetResult", "ert_curve", "ERTCurveResult", "FIXED_BUDGET_QUANTILES"]

#: IOHanalyzer's quantiles of its function-value and runtime summaries (``probs``, in %: 2 … 98).
FIXED_BUDGET_QUANTILES = (0.02, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.98)
_DEFAULT_POINTS = 50
_MEDIAN_CELLS = 2_000_000  # (resample, run, budget) cells of the median bootstrap held in memory at once



@dataclass(frozen=True, kw_only=True, eq=False)
class _CurveTable(BaseResult):
    """What a fixed-budget and an ERT curve share: a direction, the intervals' coverage and one
    table of rows per (algorithm, instance, budget or target), exported and shown as it is."""

    direction: str
    confidence_level: float
    table: pd.DataFrame

    def to_frame(self) -> pd.DataFrame:
        """The table: one row per (algorithm, instance, budget or target).

        Returns
        -------
        pandas.DataFrame
        """
        return self.table.copy()

    def __str__(self) -> str:
        text = self.table.to_string(index=False, max_rows=40)
        return f"{self.method}\n" + "\n".join("  " + line for line in text.splitlines())


@dataclass(frozen=True, kw_only=True, eq=False)
class FixedBudgetResult(_CurveTable):
    """Best-so-far values per algorithm, instance and budget: mean, median, sd, quantiles, intervals.

    Attributes
    ----------
    method : str
        What was computed.
    direction : str
        ``"minimize"`` or ``"maximize"``.
    confidence_level : float
        Coverage of the bootstrap intervals.
    table : pandas.DataFrame
        One row per (algorithm, instance, budget): ``runs`` (runs with a record at the budget),
        ``stopped`` (of those, runs whose own budget is below it, counted at their final value),
        ``mean``, ``median``, ``sd``, the quantiles (``q2``, ``q5``, …, ``q98``: percent), and the
        percentile-bootstrap intervals ``mean_ci_low``/``mean_ci_high`` and
        ``median_ci_low``/``median_ci_high``.

    See Also
    --------
    fixed_budget : makes it.
    algocompare.plots.plot_fixed_budget : its figure.

    References
    ----------
    .. [1] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3:1–3:29. doi:10.1145/3510426
    .. [2] Efron, B., Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman &
       Hall. doi:10.1201/9780429246593
    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 10),
    ...                                     ("A", "f1", 2, [1, 10], [5.0, 4.0], 10)])
    >>> ac.fixed_budget(runs, [1, 10], rng=0).table[["budget", "runs", "mean", "median"]]
       budget  runs  mean  median
    0     1.0     2   5.0     5.0
    1    10.0     2   3.0     3.0
    """

    kind: ClassVar[str] = "fixed_budget"


@dataclass(frozen=True, kw_only=True, eq=False)
class ERTCurveResult(_CurveTable):
    """ERT per algorithm, instance and target, with percentile-bootstrap bands over runs.

    Attributes
    ----------
    method : str
        What was computed.
    direction : str
        ``"minimize"`` or ``"maximize"`` (of the values the targets refer to).
    confidence_level : float
        Coverage of the bands.
    table : pandas.DataFrame
        One row per (algorithm, instance, target): ``ert`` and ``success_rate`` (as :func:`ert`),
        ``ci_low``, ``ci_high`` (``inf`` where too few resamples had a success).

    See Also
    --------
    ert_curve : makes it.
    algocompare.plots.plot_ert_curve : its figure.

    References
    ----------
    .. [1] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3:1–3:29. doi:10.1145/3510426
    .. [2] Efron, B., Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman &
       Hall. doi:10.1201/9780429246593
    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("A", "f1", 2, [1, 10], [5.0, 4.0], 100)])
    >>> ac.ert_curve(runs, [4.5, 3.0], rng=0).table[["target", "ert", "success_rate"]]
       target    ert  success_rate
    0     4.5   10.0           1.0
    1     3.0  110.0           0.5
    """

    kind: ClassVar[str] = "ert_curve"


def _check_resamples(n_resamples: Any) -> int:
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer, got {n_resamples!r}.")
    return int(n_resamples)


def _groups(runs: AnytimeResults) -> list[tuple[Any, Any, np.ndarray]]:
    """(algorithm, instance, row indices of its runs) in the runs' order."""
    labels = runs.runs()[["algorithm", "instance"]]
    return [(a, i, np.asarray(rows)) for (a, i), rows in labels.groupby(["algorithm", "instance"], sort=False).indices
            .items()]


def _default_budgets(runs: AnytimeResults) -> np.ndarray:
    """50 log-spaced evaluations from the first record to the largest budget, rounded to integers."""
    first = float(runs._first_evaluations().min())  # evaluations increase within a run
    top = float(runs.budgets().max())
    return np.unique(np.round(np.geomspace(max(first, 1.0), max(top, first, 1.0), _DEFAULT_POINTS)))


def _resample_counts(rng: np.random.Generator, n: int, n_resamples: int) -> np.ndarray:
    """How often each of n runs is drawn in each resample (resampling runs with replacement)."""
    return rng.multinomial(n, np.full(n, 1.0 / n), size=n_resamples).astype(float)


def _percentile_interval(draws: np.ndarray, level: float) -> tuple[np.ndarray, np.ndarray]:
    """Percentile interval over axis 0 taking order statistics (never interpolating towards inf)."""
    tail = (1.0 - level) / 2.0
    with np.errstate(invalid="ignore"):
        low = np.nanquantile(draws, tail, axis=0, method="lower")
        high = np.nanquantile(draws, 1.0 - tail, axis=0, method="higher")
    return low, high


def _bootstrap_mean(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Mean of each resample at each budget, ignoring runs without a record (NaN): one matrix product."""
    present = ~np.isnan(values)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (counts @ np.where(present, values, 0.0)) / (counts @ present)


def _bootstrap_median(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Median of each resample (counts: how often each run is drawn) at each budget, NaN runs left out.

    No resample is materialised: with each budget's values sorted once, the resample's median is
    where the cumulated counts pass the middle rank(s) (the mean of the two middle values when the
    resample has an even number of values), as np.nanmedian of the resample.
    """
    n, n_budgets = values.shape
    order = np.argsort(values, axis=0, kind="stable")  # NaN (no record yet) sort last
    ordered = np.take_along_axis(values, order, axis=0)
    present = ~np.isnan(ordered)
    columns = np.arange(n_budgets)
    chunk = max(1, _MEDIAN_CELLS // max(n * n_budgets, 1))
    pieces = []
    for start in range(0, counts.shape[0], chunk):
        cumulated = np.cumsum(counts[start:start + chunk][:, order] * present, axis=1)  # (chunk, n, budgets)
        m = cumulated[:, -1, :]
        middle_low = (cumulated > np.floor((m - 1) / 2)[:, None, :]).argmax(axis=1)
        middle_high = (cumulated > np.floor(m / 2)[:, None, :]).argmax(axis=1)
        median = (ordered[middle_low, columns] + ordered[middle_high, columns]) / 2
        pieces.append(np.where(m > 0, median, np.nan))
    return np.concatenate(pieces)


def _summary(values: np.ndarray, quantiles: np.ndarray) -> dict[str, np.ndarray]:
    """IOHanalyzer's get_FV_summary of one (runs × budgets) block, NaN (no record yet) left out."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # budgets before any run's first record; one run's sd
        out = {"runs": (~np.isnan(values)).sum(axis=0), "mean": np.nanmean(values, axis=0),
               "median": np.nanmedian(values, axis=0), "sd": np.nanstd(values, axis=0, ddof=1)}
        qs = np.nanquantile(values, quantiles, axis=0)  # R's type 7, IOHanalyzer's C_quantile
    for q, row in zip(quantiles, np.atleast_2d(qs), strict=True):
        out[f"q{100 * q:g}"] = row
    return out


def fixed_budget(runs: AnytimeResults, budgets: float | Sequence[float] | None = None, *,
                 quantiles: Sequence[float] = FIXED_BUDGET_QUANTILES, confidence_level: float = 0.95,
                 n_resamples: int = N_RESAMPLES, rng: Any = None) -> FixedBudgetResult:
    """Fixed-budget curves: the best-so-far values of each algorithm's runs on each instance at each budget.

    At every budget b, each run's value is its best-so-far value after b evaluations
    (:meth:`AnytimeResults.values_at`); over the runs of an algorithm on an instance the table gives
    the number of runs, the mean, median, standard deviation (n − 1) and quantiles — IOHanalyzer's
    fixed-budget summary (``get_FV_summary``) — and percentile-bootstrap intervals of the mean and
    the median, resampling runs with replacement.

    Parameters
    ----------
    runs : AnytimeResults
        The runs.
    budgets : float or sequence of float, optional
        Evaluations. Default: 50 log-spaced evaluations (rounded to integers) from the first
        record to the largest budget, as IOHanalyzer's fixed-budget view spaces its grid.
    quantiles : sequence of float
        Probabilities in [0, 1]; default IOHanalyzer's 2, 5, 10, 25, 50, 75, 90, 95, 98 %.
    confidence_level : float
        Coverage of the bootstrap intervals, in (0, 1).
    n_resamples : int
        Bootstrap resamples of the runs.
    rng : None, int or numpy.random.Generator
        Seed of the bootstrap.

    Returns
    -------
    FixedBudgetResult
        ``table``: algorithm, instance, budget, runs, stopped, mean, median, sd, q2 … q98,
        mean_ci_low, mean_ci_high, median_ci_low, median_ci_high.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        A budget that is not a positive number, a quantile outside [0, 1], a bad
        ``confidence_level`` or ``n_resamples``.

    See Also
    --------
    AnytimeResults.values_at : the (runs × budgets) grid summarised here.
    ert_curve : the fixed-target counterpart.

    Notes
    -----
    *Runs that stopped before a budget* keep their final value there, as IOHanalyzer's aligned
    value matrix carries each run's last value forward; the column ``stopped`` counts them (use
    :meth:`AnytimeResults.at_budget` to refuse them). *Budgets before a run's first record* leave
    the run out (IOHanalyzer's ``na.rm = TRUE``): ``runs`` is the count used. The quantiles are
    R's default (type 7, IOHanalyzer's ``C_quantile``), numpy's ``linear``. IOHanalyzer reads a
    budget that is not a logged evaluation at the next logged evaluation (the first aligned row
    at or above it, ``idx[RT >= r][1]``), a value the runs had not all reached at b; here the value
    is the last record at or before b, the definition of best-so-far after b evaluations. On a
    grid of logged evaluations the two agree (the tests restate IOHanalyzer's computation on the
    IOHprofiler sample, ``tests/reference/fixed_budget_iohanalyzer.R``).

    References
    ----------
    .. [1] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3:1–3:29. doi:10.1145/3510426
    .. [2] Efron, B., Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman &
       Hall. doi:10.1201/9780429246593
    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> long = pd.DataFrame({"algorithm": "A", "instance": "f1", "run": [1, 1, 2, 2, 3],
    ...                      "evaluations": [1, 40, 1, 90, 1], "value": [5.0, 0.5, 6.0, 0.8, 3.0],
    ...                      "budget": [100, 100, 100, 100, 50]})
    >>> result = ac.fixed_budget(ac.AnytimeResults.from_long(long), [10, 100], rng=1)
    >>> result.table[["budget", "runs", "stopped", "mean", "median", "q25"]]
       budget  runs  stopped      mean  median   q25
    0    10.0     3        0  4.666667     5.0  4.00
    1   100.0     3        1  1.433333     0.8  0.65
    """
    _check_runs(runs, "fixed_budget")
    level = check_confidence_level(confidence_level)
    n_resamples = _check_resamples(n_resamples)
    probs = np.atleast_1d(np.asarray(quantiles, dtype=float)).ravel()
    if probs.size == 0 or not ((probs >= 0) & (probs <= 1)).all():
        raise ValueError(f"quantiles must be probabilities between 0 and 1, got {list(quantiles)!r}.")
    grid = _default_budgets(runs) if budgets is None else np.atleast_1d(np.asarray(budgets, dtype=float)).ravel()
    values = runs.values_at(grid)  # (runs, budgets); checks the budgets
    stopped = runs.budgets()[:, None] < grid[None, :]
    generator = np.random.default_rng(rng)
    pieces = []
    for algorithm, instance, rows in _groups(runs):
        block = values[rows]
        summary = _summary(block, probs)
        summary["stopped"] = (stopped[rows] & ~np.isnan(block)).sum(axis=0)
        counts = _resample_counts(generator, rows.size, n_resamples)  # the same resamples for both intervals
        mean_low, mean_high = _percentile_interval(_bootstrap_mean(block, counts), level)
        median_low, median_high = _percentile_interval(_bootstrap_median(block, counts), level)
        piece = pd.DataFrame({"algorithm": algorithm, "instance": instance, "budget": grid, **summary,
                              "mean_ci_low": mean_low, "mean_ci_high": mean_high,
                              "median_ci_low": median_low, "median_ci_high": median_high})
        pieces.append(piece)
    table = pd.concat(pieces, ignore_index=True)
    order = ["algorithm", "instance", "budget", "runs", "stopped", "mean", "median", "sd"]
    table = table[order + [c for c in table.columns if c not in order]]
    method = (f"fixed-budget best-so-far values, {grid.size} budget(s), {runs.direction}; "
              f"{100 * level:g}% percentile-bootstrap intervals over runs ({n_resamples} resamples)")
    return FixedBudgetResult(method=method, direction=runs.direction, confidence_level=level, table=table)


def _default_targets(runs: AnytimeResults) -> np.ndarray:
    """20 targets from the worst first value to the best value reached (log-spaced when all positive)."""
    long = runs.to_long()
    first = long.groupby(["algorithm", "instance", "run"], sort=False)["value"].first()
    best = float(long["value"].min() if runs.direction == "minimize" else long["value"].max())
    start = float(first.max() if runs.direction == "minimize" else first.min())
    if start > 0 and best > 0:
        return np.geomspace(start, best, 20)
    return np.linspace(start, best, 20)


def ert_curve(runs: AnytimeResults, targets: float | Sequence[float] | None = None, *,
              confidence_level: float = 0.95, n_resamples: int = N_RESAMPLES, rng: Any = None) -> ERTCurveResult:
    """ERT curves: the expected running time of each algorithm on each instance over a grid of targets, with bands.

    The ERT and success rate are :func:`ert`'s (COCO's definition); the band at each target is a
    percentile bootstrap of the ERT, resampling the runs of the algorithm on the instance with
    replacement (each resample's ERT: its evaluations over its successes).

    Parameters
    ----------
    runs : AnytimeResults
        The runs.
    targets : float or sequence of float, optional
        Values to reach. Default: 20 targets from the worst first value of any run to the best
        value reached, log-spaced when both are positive (IOHanalyzer's default target grid spans
        the values observed the same way).
    confidence_level : float
        Coverage of the bands, in (0, 1).
    n_resamples : int
        Bootstrap resamples.
    rng : None, int or numpy.random.Generator
        Seed of the bootstrap.

    Returns
    -------
    ERTCurveResult
        ``table``: algorithm, instance, target, ert, success_rate, ci_low, ci_high.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        A NaN target, a bad ``confidence_level`` or ``n_resamples``.

    See Also
    --------
    ert : the ERT table, one target or many.
    fixed_budget : the fixed-budget counterpart.

    Notes
    -----
    The band's ends are order statistics of the resampled ERTs (numpy ``lower``/``higher``), so
    that a resample without a success (ERT ``inf``) makes the upper end ``inf`` rather than an
    interpolation with it. This is a band over runs for a figure; cocopp's bootstrap of the ERT
    by simulated restarts is another estimate of its spread.

    References
    ----------
    .. [1] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3:1–3:29. doi:10.1145/3510426
    .. [2] Efron, B., Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman &
       Hall. doi:10.1201/9780429246593
    .. [3] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> long = pd.DataFrame({"algorithm": "A", "instance": "f1", "run": [1, 1, 2, 2, 3],
    ...                      "evaluations": [1, 40, 1, 90, 100], "value": [5.0, 0.5, 6.0, 0.8, 3.0]})
    >>> curve = ac.ert_curve(ac.AnytimeResults.from_long(long), [1.0, 0.6], rng=0)
    >>> curve.table[["target", "ert", "success_rate"]]
       target    ert  success_rate
    0     1.0  115.0      0.666667
    1     0.6  230.0      0.333333
    """
    from algocompare.anytime._ert import ert

    _check_runs(runs, "ert_curve")
    level = check_confidence_level(confidence_level)
    n_resamples = _check_resamples(n_resamples)
    grid = _default_targets(runs) if targets is None else np.atleast_1d(np.asarray(targets, dtype=float)).ravel()
    table = ert(runs, grid).table[["algorithm", "instance", "target", "ert", "success_rate"]]
    reached = runs.runtimes(grid)
    success = np.isfinite(reached)
    spent = np.where(success, reached, runs.budgets()[:, None])
    generator = np.random.default_rng(rng)
    bands = {}
    for algorithm, instance, rows in _groups(runs):
        counts = _resample_counts(generator, rows.size, n_resamples)
        hits = counts @ success[rows].astype(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            draws = np.where(hits > 0, (counts @ spent[rows]) / np.maximum(hits, 1.0), np.inf)
        bands[(algorithm, instance)] = _percentile_interval(draws, level)
    low = np.empty(len(table))
    high = np.empty(len(table))
    for k, (algorithm, instance, target) in enumerate(table[["algorithm", "instance", "target"]].itertuples(
            index=False)):
        j = int(np.flatnonzero(grid == target)[0])
        low[k], high[k] = bands[(algorithm, instance)][0][j], bands[(algorithm, instance)][1][j]
    table = table.assign(ci_low=low, ci_high=high)
    method = (f"ERT curve, {grid.size} target(s), {runs.direction}; {100 * level:g}% percentile-bootstrap "
              f"band over runs ({n_resamples} resamples)")
    return ERTCurveResult(method=method, direction=runs.direction, confidence_level=level, table=table)
