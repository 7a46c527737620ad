"""Figures of the study design: power curves, bootstrap Q-Q plots, per-instance estimates."""

from __future__ import annotations

from typing import Any

from algocompare.plots._figure import axes_or_new, subplots
import numpy as np
from scipy import stats

__all__ = ["plot_power_curve", "plot_bootstrap_qq", "qq_plot", "plot_experiment"]


def plot_power_curve(result: Any, ax=None, *, target: float | None = 0.8, band: bool = True):
    """Power against effect size d for a fixed number of instances (thesis Figs. 3.1, 5.3, 5.7).

    Draws the mean power over the comparisons and, with several comparisons, the range
    between the worst- and best-case comparison.

    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.plot_power_curve(ac.instance_power_curve(30, [0.2, 0.5, 0.8]))
    >>> ax.get_title(), ax.get_xlabel()
    ('Power, alpha = 0.05, two-sided', 'standardised effect size d')
    """
    ax = axes_or_new(ax, (6, 4))
    frame = result.to_frame()
    ax.plot(frame["d"], frame["mean_power"], color="C0", label=f"N = {result.n_instances} ({result.test})")
    if band and result.comparisons > 1:
        ax.fill_between(frame["d"], frame["worst_power"], frame["best_power"], color="C0", alpha=0.2,
                        label=f"{result.comparisons} comparisons (Holm)")
    if target is not None:
        ax.axhline(target, color="grey", ls="--", lw=0.8)
    ax.set(xlabel="standardised effect size d", ylabel="power", ylim=(0, 1.02), xlim=(0, frame["d"].max()),
           title=f"Power, alpha = {result.alpha:g}, {result.alternative}")
    ax.legend(loc="lower right")
    return ax


def qq_plot(values, ax=None, **kwargs):
    """Normal Q-Q plot of ``values`` with the least-squares reference line.

    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.qq_plot([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5])
    >>> ax.get_xlabel(), ax.get_ylabel(), len(ax.lines)   # the points and the reference line
    ('normal quantiles', 'ordered values', 2)
    """
    ax = axes_or_new(ax, (6, 4))
    (theoretical, ordered), (slope, intercept, r) = stats.probplot(np.asarray(values, float), dist="norm")
    ax.plot(theoretical, ordered, "o", ms=3, alpha=0.6, **kwargs)
    ax.plot(theoretical, slope * theoretical + intercept, color="C3", lw=1)
    ax.set(xlabel="normal quantiles", ylabel="ordered values")
    ax.text(0.03, 0.95, f"r = {r:.4f}", transform=ax.transAxes, va="top")
    return ax


def plot_bootstrap_qq(result: Any, ax=None, **kwargs):
    """Q-Q plot of bootstrapped means (thesis Algorithm 3).

    Examples
    --------
    >>> import algocompare as ac
    >>> boot = ac.bootstrap_means([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5], rng=1)
    >>> ac.plots.plot_bootstrap_qq(boot).get_title()
    'Bootstrap means (R = 999, n = 8)'
    """
    ax = qq_plot(result.means, ax, **kwargs)
    ax.set_title(f"Bootstrap means (R = {result.n_resamples}, n = {result.n})")
    return ax


def plot_experiment(result: Any, ax=None, *, pair: int = 0):
    """Per-instance estimates phi_j with their CIs and the runs per algorithm (thesis Figs. 5.2, 5.4).

    ``ax`` may be one Axes (estimates only) or None (a figure with estimates and run counts).

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> import algocompare as ac
    >>> def a(instance, rng): return rng.normal(instance, 1)
    >>> def b(instance, rng): return rng.normal(instance + 1, 2)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     res = ac.run_experiment(list(range(1, 40)), [a, b], d=1.0, se_max=0.5, n0=5, executor=pool, rng=1)
    >>> ax = ac.plots.plot_experiment(res)
    >>> ax.get_xlabel(), len(ax.get_yticklabels()) == res.n_star   # one row per instance
    ('phi (simple) a vs b', True)
    """
    table = result.instances
    a, b = result.tests[["alg_a", "alg_b"]].iloc[pair]
    rows = table[(table["alg_a"] == a) & (table["alg_b"] == b)].reset_index(drop=True)
    if ax is None:
        _, (ax, ax_n) = subplots(1, 2, figsize=(9, 0.3 * len(rows) + 2), sharey=True,
                                     gridspec_kw={"width_ratios": [3, 2]}, layout="constrained")
    else:
        ax_n = None
    y = np.arange(len(rows))
    colors = np.where(rows["nmax_reached"], "C3", "C0")
    ax.errorbar(rows["phi"], y, xerr=[rows["phi"] - rows["ci_low"], rows["ci_high"] - rows["phi"]], fmt="none",
                ecolor=colors, lw=1)
    ax.scatter(rows["phi"], y, c=colors, s=15, zorder=3)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(y, [str(i) for i in rows["instance"]])
    ax.set(xlabel=f"phi ({result.dif}) {a} vs {b}", ylabel="instance")
    if ax_n is not None:
        ax_n.barh(y - 0.2, rows["n_a"], height=0.4, label=str(a))
        ax_n.barh(y + 0.2, rows["n_b"], height=0.4, label=str(b))
        ax_n.set(xlabel="runs")
        # Above the bars, never over them.
        ax_n.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncols=2, frameon=False)
    return ax
