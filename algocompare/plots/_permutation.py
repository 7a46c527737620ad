"""Fig. 3 of Chiarandini, Basso & Stützle (2005): simultaneous MSD intervals in three panels."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.plots._figure import subplots, use_layout
from algocompare.plots._fit import finish, name_ticks

__all__ = ["msd_plot"]

PANELS = ("parametric", "permutation", "rank")


def _draw_panel(ax: Any, title: str, effects: Any, msd: float, order: list, color: str) -> None:
    values = effects.reindex(order).to_numpy(float)
    y = np.arange(len(order))[::-1]
    ax.errorbar(values, y, xerr=msd / 2, fmt="o", color=color, ecolor=color, capsize=3, markersize=4, lw=1.2)
    # Only the left panel of a row shows the names: they may take 45% of its cell.
    name_ticks(ax, "y", y, [str(a) for a in order], share=0.45)
    ax.set_title(f"{title}\nMSD = {msd:.3g}", fontsize=8)
    ax.grid(axis="x", alpha=0.3)


def _names_on_the_left_only(axes: np.ndarray) -> None:
    """Panels side by side show the names once, on the left (as with ``sharey=True``)."""
    specs = [a.get_subplotspec() for a in axes]
    if any(s is None for s in specs) or len({(s.rowspan.start, s.rowspan.stop) for s in specs}) != 1:
        return
    for panel in axes[1:]:
        panel.tick_params(labelleft=False)
        panel.set_ylim(axes[0].get_ylim())


def msd_plot(result: Any, ax: Any = None, *, panel: str = "permutation", order: str = "effect",
             colors: tuple[str, str, str] = ("tab:blue", "tab:red", "tab:green"), **kwargs: Any) -> Any:
    """Estimated effects with error bars ± MSD/2 (Chiarandini et al. 2005, Fig. 3).

    Two algorithms differ significantly when their bars do not overlap. Panels:
    parametric (Tukey HSD or Scheffé), permutation (Algorithm 2) and rank-based
    (Friedman, on mean ranks).

    Parameters
    ----------
    result : MSDResult
        From :func:`algocompare.msd_intervals`.
    ax : None, a sequence of three Axes, or one Axes
        None draws a new figure with the three panels; one Axes draws the panel named by
        ``panel`` only.
    panel : {"parametric", "permutation", "rank"}
    order : {"effect", "input"} or list
        Algorithms from best (top) to worst by mean effect, in input order, or in the order
        listed (e.g. by mean rank, as the report does).
    colors : tuple of three colours
        Of the parametric, permutation and rank-based panels.
    **kwargs
        Passed to ``plt.subplots`` (e.g. ``figsize``) when ``ax`` is None.

    Returns
    -------
    numpy array of three Axes, or the single Axes.
    See Also
    --------
    algocompare.msd_intervals : computes the intervals.
    algocompare.permutation_test : the synchronized permutation test.

    References
    ----------
    .. [1] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.


    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10, 10, 14], n_instances=4, n_runs=5, rng=1)
    >>> axes = ac.plots.msd_plot(ac.msd_intervals(sim.results, rng=0))
    >>> [ax.get_title().split("\\n")[0] for ax in axes]
    ['Parametric (Tukey HSD)', 'Permutation', 'Rank-based (Friedman)']
    """
    if panel not in PANELS:
        raise ValueError(f"panel={panel!r} is not valid; choose one of {PANELS}.")
    effects = result.effects
    algs = list(effects.index)
    if isinstance(order, str) and order == "effect":
        algs = list(effects.sort_values(ascending=result.direction == "minimize").index)
    elif not isinstance(order, str):
        listed = [a for a in order if a in set(algs)]
        if len(listed) != len(algs):
            raise ValueError(f"order must list the algorithms {algs} once each; got {list(order)}.")
        algs = listed
    elif order != "input":
        raise ValueError(f"order={order!r} is not valid; choose 'effect', 'input' or a list of the algorithms.")
    panels = result.panels()
    if ax is not None and not isinstance(ax, (list, tuple, np.ndarray)):
        i = PANELS.index(panel)
        use_layout(ax.figure)
        _draw_panel(ax, panels[i][0], panels[i][1], panels[i][2], algs, colors[i])
        return finish(ax)
    if ax is None:
        kwargs.setdefault("figsize", (11, 0.35 * len(algs) + 1.8))
        kwargs.setdefault("layout", "constrained")
        kwargs.setdefault("gridspec_kw", {"width_ratios": (1.6, 1, 1)})  # the left panel holds the names
        fig, ax = subplots(1, 3, sharey=True, **kwargs)
    axes = np.asarray(ax).ravel()
    if axes.size != 3:
        raise ValueError(f"ax must be one Axes or three (one per panel), got {axes.size}.")
    use_layout(axes[0].figure)
    for i, (title, values, msd) in enumerate(panels):
        _draw_panel(axes[i], title, values, msd, algs, colors[i])
    _names_on_the_left_only(axes)
    better = "lower" if result.direction == "minimize" else "higher"
    axes[0].set_xlabel(f"mean ({better} is better)")
    axes[1].set_xlabel(f"mean ({better} is better)")
    axes[2].set_xlabel("mean rank (lower is better)")
    axes[0].figure.suptitle(result.method, fontsize=10)
    return finish(axes)
