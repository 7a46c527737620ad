"""Figures of the study design: power curves, bootstrap Q-Q plots, per-instance estimates."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from scipy import stats

from algocompare.plots._figure import axes_or_new, subplots, use_layout
from algocompare.plots._fit import finish, fit_names, legend_below, name_ticks

__all__ = ["plot_power_curve", "plot_bootstrap_qq", "qq_plot", "plot_experiment", "plot_posthoc_power"]


def plot_power_curve(result: Any, ax=None, *, target: float | None = 0.8, band: bool = True):
    """Power against effect size d for a fixed number of instances (thesis Figs. 3.1, 5.3, 5.7).

    Draws the mean power over the comparisons (the line) and, with several comparisons, the
    range between the worst- and best-case comparison (the band); the legend says which is
    which (with one comparison the line is its power).

    Parameters
    ----------
    result : InstancePowerCurve
        From :func:`algocompare.instance_power_curve`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    target : float or None
        A dashed line at this power (default 0.8); None for none.
    band : bool
        Draw the band between the worst- and best-case comparison.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    algocompare.instance_power_curve : computes the curve.
    plot_power_by_delta : power against the difference in the data's units.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7


    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.plot_power_curve(ac.instance_power_curve(30, [0.2, 0.5, 0.8]))
    >>> ax.get_title(), ax.get_xlabel()
    ('Power, alpha = 0.05, two-sided', 'standardised effect size d')
    """
    ax = axes_or_new(ax, (6, 4))
    given = result.to_frame()
    frame = _smooth_curve(result, given)
    several = result.n_comparisons > 1
    line = f"{'mean power' if several else 'power'}, N = {result.n_instances} ({result.test})"
    ax.plot(frame["d"], frame["mean_power"], color="C0", label=line)
    if frame is not given:  # the effect sizes asked for, on the curve through them
        ax.plot(given["d"], given["mean_power"], "o", color="C0", ms=4)
    if band and result.n_comparisons > 1:
        ax.fill_between(frame["d"], frame["worst_power"], frame["best_power"], color="C0", alpha=0.2,
                        label=f"range of {result.n_comparisons} comparisons")
    if target is not None:
        ax.axhline(target, color="grey", ls="--", lw=0.8)
    ax.set(xlabel="standardised effect size d", ylabel="power", ylim=(0, 1.02), xlim=(0, frame["d"].max()),
           title=f"Power, alpha = {result.alpha:g}, {result.alternative}")
    ax.legend(loc="lower right", fontsize="small")
    return finish(ax)


def _smooth_curve(result: Any, given: Any) -> Any:
    """The curve on 100 effect sizes when the result has only a few (``instance_power_curve(30,
    [0.2, 0.5, 0.8])`` would be a jagged 3-point line); the result's own points otherwise, or
    when the recomputed curve does not pass through them (a setting the result does not record)."""
    if len(given) >= 30:
        return given
    from algocompare.samplesize._instances import instance_power_curve

    grid = np.union1d(np.linspace(max(given["d"].min() / 4, 1e-3), given["d"].max(), 100), given["d"])
    curve = instance_power_curve(result.n_instances, grid, result.alpha, alternative=result.alternative,
                                 test=result.test, n_comparisons=result.n_comparisons).to_frame()
    at_given = curve.set_index("d").loc[given["d"].to_numpy(), "mean_power"].to_numpy()
    return curve if np.allclose(at_given, given["mean_power"], atol=1e-9) else given


def qq_plot(values, ax=None, **kwargs):
    """Normal Q-Q plot of ``values`` with the least-squares reference line.

    Parameters
    ----------
    values : array-like
        The sample.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    **kwargs
        Passed to :meth:`matplotlib.axes.Axes.plot` for the points (e.g. ``color``).

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    histogram_qq : with the histogram and the fitted normal density.
    plot_bootstrap_qq : of bootstrapped means.

    References
    ----------
    .. [1] Wilk, M. B., Gnanadesikan, R. (1968). Probability plotting methods for the analysis of
       data. *Biometrika* 55(1), 1–17. doi:10.1093/biomet/55.1.1


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
    return finish(ax)


def plot_bootstrap_qq(result: Any, ax=None, **kwargs):
    """Q-Q plot of bootstrapped means (thesis Algorithm 3).

    Whether the sampling distribution of the mean is close enough to normal for the
    standard errors of :func:`algocompare.calc_nreps`.

    Parameters
    ----------
    result : BootstrapMeans
        From :func:`algocompare.bootstrap_means`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    **kwargs
        Passed to :func:`qq_plot`.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    algocompare.bootstrap_means : computes the means.
    qq_plot : the plot itself.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Efron, B. (1979). Bootstrap methods: another look at the jackknife. *The Annals of
       Statistics* 7(1), 1–26. doi:10.1214/aos/1176344552


    Examples
    --------
    >>> import algocompare as ac
    >>> boot = ac.bootstrap_means([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5], rng=1)
    >>> ac.plots.plot_bootstrap_qq(boot).get_title()
    'Bootstrap means (R = 999, n = 8)'
    """
    ax = qq_plot(result.means, ax, **kwargs)
    ax.set_title(f"Bootstrap means (R = {result.n_resamples}, n = {result.n})")
    return finish(ax)


def _natural_key(label: Any) -> tuple:
    """I4 before I11: digit runs compared as numbers."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", str(label)) if part)


def plot_experiment(result: Any, ax=None, *, pair: int | None = None):
    """Per-instance estimates phi_j with their CIs and the runs per algorithm (thesis Figs. 5.2, 5.4).

    Instances are in natural order (I2 before I10). Every pair of algorithms is drawn, one
    colour each, slightly apart within an instance's row (``pair`` selects one); an open
    square marks an instance where the run budget ``nmax`` was reached before the
    standard error target.

    Parameters
    ----------
    result : ExperimentResult
        From :func:`algocompare.run_experiment`.
    ax : matplotlib Axes, optional
        One Axes draws the estimates only; None (default) a figure with the estimates and the
        runs of each algorithm.
    pair : int, optional
        Draw only this pair (its row in ``result.tests``).

    Returns
    -------
    matplotlib Axes
        The Axes of the estimates.
    See Also
    --------
    algocompare.run_experiment : runs the experiment.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7


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
    ('phi (simple)', True)
    """
    table = result.instances
    pairs = result.tests[["algorithm_a", "algorithm_b"]].to_numpy().tolist()
    if pair is not None:
        pairs = [pairs[pair]]
    instances = sorted(table["instance"].unique(), key=_natural_key)
    row = {inst: i for i, inst in enumerate(instances)}
    if ax is None:
        _, (ax, ax_n) = subplots(1, 2, figsize=(9, 0.3 * len(instances) + 2.2), sharey=True,
                                 gridspec_kw={"width_ratios": [3, 2]}, layout="constrained")
    else:
        use_layout(ax.figure)
        ax_n = None
    algorithms = list(dict.fromkeys(a for p in pairs for a in p))
    fitted = fit_names(ax.figure, algorithms, 8.0, 0.3 * ax.figure.get_figwidth() * 72)
    short = dict(zip(algorithms, fitted, strict=False))
    offsets = np.linspace(-0.25, 0.25, len(pairs)) if len(pairs) > 1 else [0.0]
    for p, ((a, b), offset) in enumerate(zip(pairs, offsets, strict=False)):
        rows = table[(table["algorithm_a"] == a) & (table["algorithm_b"] == b)]
        y = rows["instance"].map(row).to_numpy(float) + offset
        color = f"C{p % 10}"
        ax.errorbar(rows["phi"], y, xerr=[rows["phi"] - rows["ci_low"], rows["ci_high"] - rows["phi"]], fmt="none",
                    ecolor=color, lw=1)
        reached = rows["nmax_reached"].to_numpy(bool)
        ax.scatter(rows["phi"][~reached], y[~reached], color=color, s=15, zorder=3, label=f"{short[a]} vs {short[b]}")
        ax.scatter(rows["phi"][reached], y[reached], facecolors="none", edgecolors=color, marker="s", s=22, zorder=3)
    ax.axvline(0, color="grey", lw=0.8)
    name_ticks(ax, "y", range(len(instances)), [str(i) for i in instances])
    ax.set_ylim(len(instances) - 0.5, -0.5)
    ax.set(xlabel=f"phi ({result.dif})", ylabel="instance")
    if table["nmax_reached"].any():
        ax.scatter([], [], facecolors="none", edgecolors="black", marker="s", s=22, label="nmax reached")
    legend_below(ax, ncols=1)
    if ax_n is not None:
        _run_counts(ax_n, table, algorithms, short, row)
        return finish(np.array([ax, ax_n]))[0]
    return finish(ax)


def _run_counts(ax: Any, table: Any, algorithms: list, short: dict, row: dict) -> None:
    """Horizontal bars: runs of each algorithm on each instance."""
    runs = {}
    for side in ("a", "b"):
        for alg, inst, n in zip(table[f"algorithm_{side}"], table["instance"], table[f"n_{side}"], strict=False):
            runs[(alg, inst)] = n
    height = 0.8 / len(algorithms)
    for i, alg in enumerate(algorithms):
        cells = [(row[inst], n) for (a, inst), n in runs.items() if a == alg]
        ys = np.array([c[0] for c in cells], float) - 0.4 + (i + 0.5) * height
        ax.barh(ys, [c[1] for c in cells], height=height, label=short[alg])
    ax.set(xlabel="runs")
    legend_below(ax, ncols=1)


def plot_posthoc_power(result: Any, ax=None, *, band: bool = True, fwer: bool = True):
    """Power of a post-hoc analysis against the number of instances (:func:`algocompare.posthoc_power`).

    Draws the all-pairs power (every truly different pair rejected) and the any-pair power
    (at least one), each with a band of ±2 Monte Carlo standard errors, the family-wise error
    on the truly equal pairs (when some are), the target power (dashed) and the N that
    reaches it (dotted).

    Parameters
    ----------
    result : PosthocPowerResult
        From :func:`algocompare.posthoc_power`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    band : bool
        Draw the ±2 s.e. bands.
    fwer : bool
        Draw the family-wise error rate on the truly equal pairs.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    algocompare.posthoc_power : computes the power.
    plot_power_curve : power of paired tests at Holm's levels against the effect size.

    References
    ----------
    .. [1] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.posthoc_power([0, 0, 1], n_instances=[5, 10, 20], n_sim=100, rng=1)
    >>> ax = ac.plots.plot_posthoc_power(res)
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('instances N', 'power')
    """
    ax = axes_or_new(ax, (6, 4))
    frame = result.to_frame()
    n = frame["n_instances"].to_numpy(float)
    for column, colour, text in (("all_power", "C0", "all pairs"), ("any_power", "C1", "any pair")):
        power = frame[column].to_numpy(float)
        if np.all(np.isnan(power)):
            continue
        ax.plot(n, power, "o-", color=colour, ms=3, lw=1.2, label=text)
        if band:
            se = result.mc_se(power)
            ax.fill_between(n, np.clip(power - 2 * se, 0, 1), np.clip(power + 2 * se, 0, 1), color=colour,
                            alpha=0.2, lw=0)
    if fwer and not np.all(np.isnan(frame["fwer"].to_numpy(float))):
        ax.plot(n, frame["fwer"], "s-", color="C3", ms=2.5, lw=0.9, label="FWER")
        ax.axhline(result.alpha, color="C3", ls=":", lw=0.8)
    if result.target_power is not None:
        ax.axhline(result.target_power, color="grey", ls="--", lw=0.8)
    if result.n_required is not None:
        ax.axvline(result.n_required, color="grey", ls=":", lw=0.8)
        right = result.n_required > 0.7 * n.max()  # near the right edge: the label on the line's left
        ax.annotate(f"N = {result.n_required}", (result.n_required, 0.12), xytext=(-3 if right else 3, 0),
                    textcoords="offset points", fontsize="small", color="0.3", ha="right" if right else "left")
    ax.set(xlabel="instances N", ylabel="power", ylim=(0, 1.02), xlim=(0, n.max() * 1.02),
           title=f"{result.test_label}, {result.p_adjust}, α = {result.alpha:g}")
    legend_below(ax, ncols=3)
    return finish(ax)
