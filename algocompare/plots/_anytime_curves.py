"""Figures of anytime curves: fixed-budget value curves and ERT curves, with their bootstrap bands."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare._validation import check_option
from algocompare.anytime._fixed_budget import ERTCurveResult, FixedBudgetResult
from algocompare.plots._customary import register_customary_figure
from algocompare.plots._figure import axes_or_new

__all__ = ["plot_fixed_budget", "plot_ert_curve"]

STATISTICS = ("median", "mean")


def _one_instance(table: Any, instance: Any, name: str) -> tuple[Any, Any]:
    instances = list(dict.fromkeys(table["instance"]))
    if instance is None:
        instance = instances[0]  # the first; a figure per instance is the caller's loop
    elif instance not in instances:
        raise ValueError(f"{name}: instance {instance!r} is not in the result; give one of {instances[:6]!r}.")
    return instance, table[table["instance"] == instance]


def _label(ax: Any, fontsize: float, xlabel: str, ylabel: str, title: str, **legend: Any) -> None:
    """Axis labels and title at ``fontsize``, tick labels and a frameless legend (``legend``: its
    placement, by default the best corner) a little smaller: the anytime curves and profiles alike."""
    ax.set_xlabel(xlabel, fontsize=fontsize)
    ax.set_ylabel(ylabel, fontsize=fontsize)
    ax.set_title(title, fontsize=fontsize)
    ax.tick_params(labelsize=fontsize * 0.85)
    ax.legend(fontsize=fontsize * 0.85, frameon=False, **{"handlelength": 1.5, "loc": "best", **legend})


def _steps_between_reached(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Step coordinates (hold, then rise) between consecutive points that both have a value (NaN: none).

    No step leaves the last reached target towards one no run reached: that segment would claim an ERT.
    """
    xs, ys = [], []
    for j in range(x.size):
        xs.append(x[j])
        ys.append(y[j])
        if j + 1 < x.size and not (np.isnan(y[j]) or np.isnan(y[j + 1])):
            xs.append(x[j + 1])
            ys.append(y[j])
        elif j + 1 < x.size:
            xs.append(np.nan)
            ys.append(np.nan)
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def plot_fixed_budget(result: FixedBudgetResult, ax: Any = None, *, instance: Any = None,
                      statistic: str = "median", band: bool = True, fontsize: float = 8.0) -> Any:
    """Fixed-budget curves: each algorithm's median (or mean) best-so-far value against the budget, with its band.

    Parameters
    ----------
    result : FixedBudgetResult
        From :func:`~algocompare.fixed_budget`.
    ax : matplotlib Axes, optional
        Where to draw; a new 3.3 × 2.4 in figure by default.
    instance : label, optional
        The instance to draw (default the first in the result).
    statistic : str
        ``"median"`` (default) or ``"mean"``; the band is that statistic's bootstrap interval.
    band : bool
        Shade the interval.
    fontsize : float
        Size of the labels.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        ``result`` is not a FixedBudgetResult.
    ValueError
        An unknown ``statistic`` or ``instance``.

    See Also
    --------
    algocompare.fixed_budget : the numbers drawn.

    Notes
    -----
    The best-so-far value is a step function of the budget (it changes only at the evaluations
    a run logged), so the curves are drawn as steps from each budget of the grid to the next, on
    a logarithmic budget axis; the value axis is logarithmic when every value drawn is positive.

    References
    ----------
    .. [1] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3:1–3:29. doi:10.1145/3510426

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 10),
    ...                                     ("B", "f1", 1, [1, 5], [4.0, 3.0], 10)])
    >>> ax = ac.plots.plot_fixed_budget(ac.fixed_budget(runs, [1, 5, 10], n_resamples=99, rng=0))
    >>> ax.get_xscale()
    'log'
    """
    if not isinstance(result, FixedBudgetResult):
        raise TypeError(f"plot_fixed_budget expects a FixedBudgetResult (fixed_budget), got {type(result).__name__}.")
    check_option("statistic", statistic, STATISTICS)
    instance, table = _one_instance(result.table, instance, "plot_fixed_budget")
    ax = axes_or_new(ax, (3.3, 2.4))
    drawn = []
    for algorithm, rows in table.groupby("algorithm", sort=False):
        budget, centre = rows["budget"].to_numpy(), rows[statistic].to_numpy()
        (line,) = ax.step(budget, centre, where="post", lw=1.2, label=str(algorithm))
        drawn.append(centre)
        if band:
            low, high = rows[f"{statistic}_ci_low"].to_numpy(), rows[f"{statistic}_ci_high"].to_numpy()
            ax.fill_between(budget, low, high, step="post", color=line.get_color(), alpha=0.2, lw=0)
            drawn += [low, high]
    ax.set_xscale("log")
    values = np.concatenate(drawn)
    if np.nanmin(values) > 0:
        ax.set_yscale("log")
    direction = "lower is better" if result.direction == "minimize" else "higher is better"
    _label(ax, fontsize, "evaluations (budget)", f"best-so-far value, {statistic}",
           f"{instance}: {statistic} with {100 * result.confidence_level:g}% CI ({direction})")
    return ax


def plot_ert_curve(result: ERTCurveResult, ax: Any = None, *, instance: Any = None, band: bool = True,
                   fontsize: float = 8.0) -> Any:
    """ERT curves: each algorithm's expected running time against the target, with its bootstrap band.

    Parameters
    ----------
    result : ERTCurveResult
        From :func:`~algocompare.ert_curve`.
    ax : matplotlib Axes, optional
        Where to draw; a new 3.3 × 2.4 in figure by default.
    instance : label, optional
        The instance to draw (default the first in the result).
    band : bool
        Shade the bootstrap band.
    fontsize : float
        Size of the labels.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        ``result`` is not an ERTCurveResult.
    ValueError
        An unknown ``instance``.

    See Also
    --------
    algocompare.ert_curve : the numbers drawn.

    Notes
    -----
    Harder targets are to the right (the target axis is reversed when minimizing). The ERT is a
    step function of the target, drawn as steps between the grid's targets; a target no run
    reached has no point, and a band that some resamples could not bound (upper end ``inf``)
    runs to the top edge.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("A", "f1", 2, [1, 10], [5.0, 4.0], 100)])
    >>> ax = ac.plots.plot_ert_curve(ac.ert_curve(runs, [4.5, 3.0], n_resamples=99, rng=0))
    >>> ax.get_yscale()
    'log'
    """
    if not isinstance(result, ERTCurveResult):
        raise TypeError(f"plot_ert_curve expects an ERTCurveResult (ert_curve), got {type(result).__name__}.")
    instance, table = _one_instance(result.table, instance, "plot_ert_curve")
    ax = axes_or_new(ax, (3.3, 2.4))
    finite = table[["ert", "ci_low", "ci_high"]].to_numpy()
    finite = finite[np.isfinite(finite)]
    top = 2.0 * finite.max() if finite.size else 10.0
    for algorithm, rows in table.groupby("algorithm", sort=False):
        rows = rows.sort_values("target", ascending=result.direction == "maximize")
        target, value = rows["target"].to_numpy(), rows["ert"].to_numpy()
        shown = np.where(np.isfinite(value), value, np.nan)
        (line,) = ax.plot(*_steps_between_reached(target, shown), lw=1.2, label=str(algorithm))
        ax.plot(target, shown, "o", ms=2.5, color=line.get_color())
        if band:
            low = np.where(np.isfinite(rows["ci_low"]), rows["ci_low"], np.nan)
            high = np.where(np.isfinite(rows["ci_high"]), rows["ci_high"], top)
            high = np.where(np.isnan(low), np.nan, high)
            ax.fill_between(target, low, high, step="post", color=line.get_color(), alpha=0.2, lw=0)
    ax.set_yscale("log")
    if (table["target"] > 0).all():
        ax.set_xscale("log")
    if result.direction == "minimize":
        ax.invert_xaxis()
    if finite.size:
        ax.set_ylim(top=top)
    _label(ax, fontsize, "target value (harder →)", "ERT (evaluations)",
           f"{instance}: ERT with {100 * result.confidence_level:g}% bootstrap band")
    return ax


register_customary_figure(FixedBudgetResult, plot_fixed_budget, title="Fixed-budget curves")
register_customary_figure(ERTCurveResult, plot_ert_curve, title="ERT curves")
