"""Figures of Dolan–Moré performance profiles and Moré–Wild data profiles (step functions)."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.ticker import ScalarFormatter

from algocompare.anytime._profiles import DataProfileResult, PerformanceProfileResult
from algocompare.plots._anytime_curves import _label
from algocompare.plots._customary import register_customary_figure
from algocompare.plots._figure import axes_or_new

__all__ = ["plot_performance_profile", "plot_data_profile"]

_STYLES = ("-", "--", "-.", ":")


def _draw_steps(ax: Any, profile: Any, x_name: str, y_name: str, algorithms: list, x_start: float,
                x_end: float) -> None:
    """Each algorithm's right-continuous steps from x_start (value 0 unless a step is there) to x_end."""
    for k, algorithm in enumerate(algorithms):
        rows = profile[profile["algorithm"] == algorithm]
        xs, ys = rows[x_name].to_numpy(dtype=float), rows[y_name].to_numpy(dtype=float)
        x = np.r_[x_start, xs, x_end]
        y = np.r_[0.0, ys, ys[-1] if ys.size else 0.0]
        ax.step(x, y, where="post", lw=1.3, ls=_STYLES[k // 10 % len(_STYLES)], label=str(algorithm))


def _finish(ax: Any, fontsize: float, xlabel: str, ylabel: str, title: str) -> None:
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3, lw=0.5)
    _label(ax, fontsize, xlabel, ylabel, title, handlelength=2.0, loc="lower right")


def plot_performance_profile(result: PerformanceProfileResult, ax: Any = None, *, fontsize: float = 8.0) -> Any:
    """Dolan–Moré performance profiles: ρ_s(τ) against τ (log₂ axis), one step function per algorithm.

    Parameters
    ----------
    result : PerformanceProfileResult
        From :func:`~algocompare.performance_profile`.
    ax : matplotlib Axes, optional
        Where to draw; a new 3.3 × 2.4 in figure by default.
    fontsize : float
        Size of the labels.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        ``result`` is not a PerformanceProfileResult.

    See Also
    --------
    algocompare.performance_profile : the numbers drawn.
    plot_data_profile : the data profile.

    Notes
    -----
    The curve's value at τ = 1 is the fraction of problems on which the algorithm is best, its
    right end the fraction it solves; the axis runs to twice the largest finite ratio, as Moré
    and Wild's ``perf_profile.m`` draws failures there.

    References
    ----------
    .. [1] Dolan, E. D., Moré, J. J. (2002). Benchmarking optimization software with performance
       profiles. *Mathematical Programming* 91(2), 201–213. doi:10.1007/s101070100263

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> costs = pd.DataFrame({"A": [10.0, 40.0], "B": [20.0, float("inf")]})
    >>> ax = ac.plots.plot_performance_profile(ac.performance_profile(costs))
    >>> ax.get_xscale()
    'log'
    """
    if not isinstance(result, PerformanceProfileResult):
        raise TypeError(f"plot_performance_profile expects a PerformanceProfileResult (performance_profile), "
                        f"got {type(result).__name__}.")
    ax = axes_or_new(ax, (3.3, 2.4))
    taus = result.profile["tau"].to_numpy(dtype=float)
    end = 2.0 * taus.max() if taus.size and taus.max() > 1 else 2.0
    _draw_steps(ax, result.profile, "tau", "rho", list(result.ratios.columns), 1.0, end)
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(ScalarFormatter())  # 1, 2, 4 rather than 2^0, 2^1, 2^2
    ax.set_xlim(1.0, end)
    _finish(ax, fontsize, "τ (cost ratio to the best)", "ρ(τ): fraction of problems",
            f"Performance profiles, {len(result.ratios)} problems")
    return ax


def plot_data_profile(result: DataProfileResult, ax: Any = None, *, log_kappa: bool | None = None,
                      fontsize: float = 8.0) -> Any:
    """Moré–Wild data profiles: d_s(κ) against the budget κ, one step function per algorithm.

    Parameters
    ----------
    result : DataProfileResult
        From :func:`~algocompare.data_profile`.
    ax : matplotlib Axes, optional
        Where to draw; a new 3.3 × 2.4 in figure by default.
    log_kappa : bool, optional
        Logarithmic budget axis; default when the budgets span more than two decades.
    fontsize : float
        Size of the labels.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        ``result`` is not a DataProfileResult.

    See Also
    --------
    algocompare.data_profile : the numbers drawn.
    plot_performance_profile : the performance profile.

    Notes
    -----
    Each curve rises at the budgets (in evaluations, or in the result's units, e.g. simplex
    gradients) at which a problem's runs passed the convergence test; its right end is the
    fraction of problems solved.

    References
    ----------
    .. [1] Moré, J. J., Wild, S. M. (2009). Benchmarking derivative-free optimization algorithms.
       *SIAM Journal on Optimization* 20(1), 172–191. doi:10.1137/080724083

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "p", 1, [1, 5, 9], [10.0, 4.0, 0.0], 9),
    ...                                     ("B", "p", 1, [1, 3], [10.0, 0.5], 9)])
    >>> ax = ac.plots.plot_data_profile(ac.data_profile(runs, tolerance=0.1))
    >>> [float(y) for y in ax.get_ylim()]
    [-0.02, 1.02]
    """
    if not isinstance(result, DataProfileResult):
        raise TypeError(f"plot_data_profile expects a DataProfileResult (data_profile), got {type(result).__name__}.")
    ax = axes_or_new(ax, (3.3, 2.4))
    units = result.runs["units"].to_numpy(dtype=float)
    finite = units[np.isfinite(units)]
    low = float(finite.min()) if finite.size else 1.0
    high = 1.25 * float(finite.max()) if finite.size else 10.0  # a little room after the last step
    logarithmic = log_kappa if log_kappa is not None else high / max(low, 1e-300) > 100
    start = low / 2 if logarithmic else 0.0
    algorithms = list(dict.fromkeys(result.runs["algorithm"]))
    _draw_steps(ax, result.profile, "kappa", "fraction", algorithms, start, high)
    if logarithmic:
        ax.set_xscale("log")
    ax.set_xlim(start, high)
    unit = "evaluations" if (result.runs["scale"] == 1).all() else "budget units (evaluations / scale)"
    _finish(ax, fontsize, f"κ, {unit}", "fraction of problems solved",
            f"Data profiles, tolerance {result.tolerance:g}")
    return ax


register_customary_figure(PerformanceProfileResult, plot_performance_profile, title="Performance profiles")
register_customary_figure(DataProfileResult, plot_data_profile, title="Data profiles")
