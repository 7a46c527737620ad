"""Runtime ECDF figure: the fraction of (run, target) pairs reached against log-scaled budgets."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.anytime._ecdf import ECDFResult
from algocompare.plots._customary import register_customary_figure
from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import finish, legend_below

__all__ = ["plot_ecdf"]

# line styles beside the colours: the curves stay apart in grey print and for colour-blind readers
_STYLES = ("-", "--", "-.", ":")


def plot_ecdf(result: ECDFResult, ax: Any = None, *, instance: Any = None, group: Any = None, pooled: bool = False,
              order: Any = None) -> Any:
    """Draw runtime ECDFs: one step line per algorithm against evaluations on a log scale.

    Parameters
    ----------
    result : ECDFResult
        From :func:`~algocompare.runtime_ecdf`.
    ax : matplotlib Axes, optional
        Where to draw; a new 3.3 × 2.6 in figure by default (a column of a two-column paper).
    instance : label, optional
        One instance (function); default: aggregated over all instances.
    group : label, optional
        Aggregated over one group's instances only (e.g. one dimension: the result of
        ``runtime_ecdf(..., by="dimension")``, as cocopp draws one figure per dimension).
    pooled : bool
        Aggregate by pooling (run, target) pairs (IOHanalyzer) instead of averaging the
        per-instance ECDFs (cocopp, default).
    order : sequence, optional
        The algorithms' order in the legend (default: best area first, the curve highest on
        average over the log budgets).

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    algocompare.runtime_ecdf : the ECDFs.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.plots import plot_ecdf
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("B", "f1", 1, [1, 50], [5.0, 1.0], 100)])
    >>> ax = plot_ecdf(ac.runtime_ecdf(runs, [4.0, 1.5]))
    >>> ax.get_xscale(), len(ax.get_lines())
    ('log', 2)
    """
    if not isinstance(result, ECDFResult):
        raise TypeError(f"plot_ecdf expects an ECDFResult (runtime_ecdf), got {type(result).__name__}.")
    # one group: its own budgets and targets (the rows checked and chosen as values() does)
    frame = result.runtimes if group is None else result._group_rows(group, instance)
    end = float(frame["budget"].max())
    finite = frame["runtime"].to_numpy()
    steps = np.unique(np.concatenate([[1.0], finite[np.isfinite(finite) & (finite >= 1)], [end]]))
    curves = result.values(steps, instance=instance, group=group, pooled=pooled)
    if order is None:
        widths = np.diff(np.log10(steps), append=0.0)
        order = curves.index[np.argsort(-(curves.to_numpy() * widths).sum(axis=1), kind="stable")]
    ax = axes_or_new(ax, (3.3, 2.6))
    for i, algorithm in enumerate(order):
        ax.step(steps, curves.loc[algorithm].to_numpy(), where="post", label=str(algorithm),
                linestyle=_STYLES[(i // 10) % len(_STYLES)] if len(order) > 10 else _STYLES[i % len(_STYLES)],
                linewidth=1.4)
    ax.set_xscale("log")
    ax.set_xlim(1, end)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("evaluations")
    ax.set_ylabel("fraction of targets reached")
    targets = frame.groupby("instance", sort=False)["target"].nunique()
    where = "all instances" if instance is None else str(instance)
    if group is not None:
        where = f"{result.by} {group}" if result.by == "dimension" else f"group {group}"
    ax.set_title(f"{where}, {targets.max()} targets" if targets.nunique() == 1 else where, fontsize="medium")
    ax.grid(True, which="major", alpha=0.3)
    legend_below(ax)
    return finish(ax)


register_customary_figure(ECDFResult, plot_ecdf, title="Runtime ECDF (fraction of targets reached by budget)",
                          algorithms=lambda result: list(dict.fromkeys(result.runtimes["algorithm"])))
