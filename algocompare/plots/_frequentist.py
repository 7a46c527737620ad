"""Figures of the frequentist area: confidence curves and normality diagnostics."""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy import stats

from algocompare.frequentist._assumptions import NormalityResult
from algocompare.plots._figure import axes_or_new, split_axes
from algocompare.plots._fit import finish, fit_names

__all__ = ["confidence_curve", "normality_plot"]


def confidence_curve(result: Any, ax: Any = None, *, alpha: float | None = 0.05, color: str = "C0") -> Any:
    """Berrar's confidence curve from a :class:`ConfidenceCurveResult`.

    x: hypothesised difference of medians; y: p-value. The dotted vertical line is the
    estimate, the dashed horizontal line the level ``alpha`` whose crossings give the
    100(1 − alpha)% interval.

    Parameters
    ----------
    result : ConfidenceCurveResult
        From :func:`algocompare.confidence_curve`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    alpha : float or None
        The level of the dashed line and its interval; None draws neither.
    color : str
        The curve's colour.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    algocompare.confidence_curve : computes the curve.

    References
    ----------
    .. [1] Birnbaum, A. (1961). Confidence curves: an omnibus technique for estimation and
       testing statistical hypotheses. *Journal of the American Statistical Association* 56(294),
       246–249. doi:10.1080/01621459.1961.10482105
    .. [2] Berrar, D. (2017). Confidence curves: an alternative to null hypothesis significance
       testing for the comparison of classifiers. *Machine Learning* 106(6), 911–949.
       doi:10.1007/s10994-016-5612-6


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

    Parameters
    ----------
    result : NormalityResult or array-like
        A result of :func:`algocompare.normality` (its samples, e.g. one per algorithm) or a
        1-D sample.
    ax : matplotlib Axes or pair of Axes, optional
        Where to draw (one Axes is split in two); default a new figure.
    sample : str, optional
        The sample of ``result`` to show (default its first).
    bins : int or str
        The histogram's bins (default ``"auto"``).

    Returns
    -------
    numpy array of two Axes
        The histogram and the Q-Q plot.
    See Also
    --------
    histogram_qq : the same pair for any sample.
    algocompare.normality : the tests.

    References
    ----------
    .. [1] Shapiro, S. S., Wilk, M. B. (1965). An analysis of variance test for normality
       (complete samples). *Biometrika* 52(3–4), 591–611. doi:10.1093/biomet/52.3-4.591
    .. [2] Wilk, M. B., Gnanadesikan, R. (1968). Probability plotting methods for the analysis of
       data. *Biometrika* 55(1), 1–17. doi:10.1093/biomet/55.1.1


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
