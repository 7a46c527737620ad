"""Figures of the frequentist area: confidence curves and normality diagnostics."""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy import stats

from algocompare.frequentist.assumptions import NormalityResult
from algocompare.plots._figure import axes_or_new, split_axes
from algocompare.plots._fit import finish, fit_names

__all__ = ["confidence_curve", "normality_plot"]


def confidence_curve(result: Any, ax: Any = None, *, alpha: float | None = 0.05, color: str = "C0") -> Any:
    """Berrar's confidence curve from a :class:`ConfidenceCurveResult`.

    x: hypothesised difference of medians; y: p-value. The dotted vertical line is the
    estimate, the dashed horizontal line the level ``alpha`` whose crossings give the
    100(1 − alpha)% interval. Returns the Axes.

    Examples
    --------
    >>> import algocompare as ac
    >>> cc = ac.confidence_curve([5.1, 6.3, 7.2, 8.0, 9.4], [1.2, 2.2, 3.1, 4.4, 5.0])
    >>> ax = ac.plots.confidence_curve(cc)   # or cc.plot()
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('hypothesised difference of medians', 'p-value')
    """
    ax = axes_or_new(ax, (6, 4))
    curve = result.curve
    x = np.r_[curve["ci_low"].to_numpy(), [result.estimate], curve["ci_high"].to_numpy()[::-1]]
    y = np.r_[curve["pvalue"].to_numpy(), [1.0], curve["pvalue"].to_numpy()[::-1]]
    ax.step(x, y, where="post", color=color)
    ax.axvline(result.estimate, color="grey", linestyle=":", linewidth=1)
    ax.axvline(0.0, color="black", linewidth=0.6)
    if alpha is not None:
        ax.axhline(alpha, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("hypothesised difference of medians")
    ax.set_ylabel("p-value")
    ax.set_ylim(0, 1.02)
    ax.set_title("Confidence curve")
    return finish(ax)


def normality_plot(result: Any, ax: Any = None, *, sample: str | None = None, bins: str | int = "auto") -> Any:
    """Histogram with the fitted normal density and a normal Q-Q plot for one sample.

    ``result`` is a :class:`NormalityResult` (``sample`` names one of its samples, e.g. an
    algorithm; default the first) or a 1-D array. ``ax`` may be a pair of Axes. Returns
    the two Axes.

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.normality(ac.load_dataset("cec2005_d10"), test="shapiro")
    >>> axes = ac.plots.normality_plot(r, sample="DE")
    >>> [ax.get_title() for ax in axes]
    ['DE: histogram and normal fit', 'DE: normal Q-Q plot']
    """
    if isinstance(result, NormalityResult):
        name = sample if sample is not None else next(iter(result.samples))
        values = np.asarray(result.samples[name], dtype=float)
    else:
        name, values = sample or "sample", np.asarray(result, dtype=float)
    if ax is not None and np.size(ax) == 1:
        ax = split_axes(np.ravel(ax)[0], 2)
    ax = axes_or_new(ax, (9, 3.8), 1, 2, layout="constrained")
    hist_ax, qq_ax = np.ravel(ax)
    (name,) = fit_names(hist_ax.figure, [str(name)], 12.0, 0.3 * hist_ax.figure.get_figwidth() * 72)
    hist_ax.hist(values, bins=bins, density=True, color="C0", alpha=0.6)
    grid = np.linspace(values.min(), values.max(), 200)
    sd = values.std(ddof=1) if values.size > 1 else 0.0
    if sd > 0:
        hist_ax.plot(grid, stats.norm.pdf(grid, values.mean(), sd), color="C1")
    hist_ax.set_title(f"{name}: histogram and normal fit", fontsize=10)
    (osm, osr), (slope, intercept, _) = stats.probplot(values, dist="norm")
    qq_ax.plot(osm, osr, "o", color="C0", markersize=4)
    qq_ax.plot(osm, slope * np.asarray(osm) + intercept, color="C1")
    qq_ax.set_xlabel("normal quantiles")
    qq_ax.set_ylabel("ordered values")
    qq_ax.set_title(f"{name}: normal Q-Q plot", fontsize=10)
    return finish(ax)
