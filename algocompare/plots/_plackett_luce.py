"""Figure of the Bayesian Plackett–Luce model: each algorithm's posterior weight (the probability of
being ranked first) with its credible interval, or the posterior distribution of its rank."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.bayesian._plackett_luce import BayesianPlackettLuceResult
from algocompare.plots._customary import register_customary_figure
from algocompare.plots._figure import axes_or_new

__all__ = ["plot_plackett_luce"]

SHOW = ("weights", "ranks")
#: Largest/smallest posterior mean weight above which the weight axis is logarithmic.
LOG_RATIO = 30.0


def _ordered(result: Any, order: Any) -> list[Any]:
    labels = list(result.weights.index)
    if order is None:
        return list(result.mean_ranks.sort_values(kind="stable").index)
    order = list(order)
    if sorted(map(str, order)) != sorted(map(str, labels)) or len(order) != len(labels):
        raise ValueError(f"order must list the algorithms {labels} once each; got {order}.")
    return order


def _weights(result: Any, ax: Any, labels: list[Any], fontsize: float) -> None:
    y = np.arange(len(labels))
    mean = result.weights[labels].to_numpy()
    low, high = result.weight_ci_low[labels].to_numpy(), result.weight_ci_high[labels].to_numpy()
    ax.hlines(y, low, high, color="#4c72b0", lw=1.6)
    ax.plot(mean, y, "o", color="#4c72b0", ms=4)
    if mean.max() / max(mean.min(), np.finfo(float).tiny) > LOG_RATIO:
        ax.set_xscale("log")
    ax.set_xlabel(f"P(ranked first): mean, {100 * result.confidence_level:g} % interval", fontsize=fontsize)
    if ax.get_xscale() == "linear":
        ax.set_xlim(left=0.0)
    # P(largest weight) as tick labels of a right-hand axis: beside each row, clear of the data
    right = ax.secondary_yaxis("right")
    right.set_yticks(y, [f"{result.p_best[name]:.2f}" for name in labels])
    right.tick_params(labelsize=fontsize * 0.9, length=0)
    right.set_ylabel("P(largest weight)", fontsize=fontsize * 0.9, rotation=270, va="bottom")


def _ranks(result: Any, ax: Any, labels: list[Any], fontsize: float) -> None:
    k = len(labels)
    probabilities = result.rank_probabilities.loc[labels].to_numpy()
    ax.imshow(probabilities, cmap="Greys", vmin=0, vmax=1, aspect="auto",
              extent=(0.5, k + 0.5, k - 0.5, -0.5))
    y = np.arange(k)
    ax.hlines(y, result.rank_ci_low[labels].to_numpy(), result.rank_ci_high[labels].to_numpy(),
              color="#dd8452", lw=1.6)
    ax.plot(result.mean_ranks[labels].to_numpy(), y, "o", color="#dd8452", ms=4)
    ax.set_xticks(range(1, k + 1))
    ax.set_xlim(0.5, k + 0.5)
    ax.set_xlabel(f"rank (shade: probability); mean, {100 * result.confidence_level:g} % interval",
                  fontsize=fontsize)


def plot_plackett_luce(result: Any, ax: Any = None, *, show: str = "weights", order: Any = None,
                       fontsize: float | None = None) -> Any:
    """The posterior of a Bayesian Plackett–Luce model, one row per algorithm (best at the top).

    ``show="weights"``: each algorithm's weight, the probability of being ranked first on a new
    instance (posterior mean and equal-tailed credible interval; a logarithmic axis when the
    weights span more than a factor 30), with P(largest weight) beside each row on the right.
    ``show="ranks"``: the posterior probability of each rank by weight (shaded), with the mean
    rank and its credible interval.

    Parameters
    ----------
    result : BayesianPlackettLuceResult
        From :func:`algocompare.bayesian_plackett_luce`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    show : {"weights", "ranks"}
        What to draw (see above).
    order : list, optional
        The algorithms from the top row down; default by posterior mean rank.
    fontsize : float, optional
        Of the labels (default 8; tick labels of more than 12 algorithms shrink to 6).

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    algocompare.bayesian_plackett_luce : the model.
    cd_diagram : the frequentist view of the mean ranks.

    References
    ----------
    .. [1] Calvo, B., Ceberio, J., Lozano, J. A. (2018). Bayesian inference for algorithm ranking
       analysis. *GECCO '18 Companion*, 324–325. doi:10.1145/3205651.3205658

    Examples
    --------
    >>> import algocompare as ac
    >>> result = ac.bayesian_plackett_luce(ac.load_dataset("cec2005_d10"), n_samples=500, rng=0)
    >>> ax = ac.plots.plot_plackett_luce(result)
    >>> [t.get_text() for t in ax.get_yticklabels()][0]
    'G-CMA-ES'
    >>> ax = ac.plots.plot_plackett_luce(result, show="ranks")
    >>> ax.get_xticks()[:3].tolist()
    [1, 2, 3]
    """
    if not isinstance(result, BayesianPlackettLuceResult):
        raise TypeError(f"plot_plackett_luce draws a BayesianPlackettLuceResult (from bayesian_plackett_luce), "
                        f"got {type(result).__name__}.")
    if show not in SHOW:
        raise ValueError(f"show must be one of {SHOW}, got {show!r}.")
    labels = _ordered(result, order)
    k = len(labels)
    fontsize = 8.0 if fontsize is None else float(fontsize)
    ax = axes_or_new(ax, (3.3, 0.9 + 0.22 * k), layout="constrained")
    (_weights if show == "weights" else _ranks)(result, ax, labels, fontsize)
    ax.set_yticks(range(k))
    ax.set_yticklabels([str(a) for a in labels], fontsize=fontsize if k <= 12 else 6.0)
    ax.set_ylim(k - 0.5, -0.5)
    ax.tick_params(axis="x", labelsize=fontsize * 0.9)
    ax.set_title(f"Plackett–Luce posterior, {result.n_instances} instances", fontsize=fontsize)
    return ax


register_customary_figure(BayesianPlackettLuceResult, plot_plackett_luce, title="Plackett–Luce posterior",
                          algorithms=lambda result: list(result.weights.index))
