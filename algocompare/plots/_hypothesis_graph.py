"""The hypothesis graph of an all-pairs post-hoc result: algorithms as nodes, pairs the procedure does
not separate as edges (scmamp's ``drawAlgorithmGraph``, aeon's ``plot_significance``).

Unlike the bars of a critical-difference diagram it shows non-transitive non-rejections: A ~ B
and B ~ C while A and C differ is a path A–B–C without the edge A–C.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.plots._cd_diagram import _procedure_name, fragile_pairs
from algocompare.plots._figure import axes_or_new
from algocompare.plots._fit import FLOOR_POINTS, MIN_POINTS, abbreviate, finish, record_names

__all__ = ["plot_hypothesis_graph"]

EDGE_COLOUR = "0.35"
#: points between a node and its label
LABEL_GAP_PT = 5.0
FRAGILE_COLOUR = "#d62728"


def plot_hypothesis_graph(result: Any, ax: Any = None, *, alpha: float | None = None, stability: Any = None,
                          fragile: float = 0.0, fontsize: float = 9.0, title: str | None = None) -> Any:
    """Algorithms on a circle in mean-rank order (best at the top, clockwise), an edge for every pair the
    post-hoc procedure does not reject; each node labelled with its name and mean rank.

    Parameters
    ----------
    result : PosthocResult
        An all-pairs result of :func:`algocompare.posthoc` (``control=None``).
    ax : matplotlib Axes, optional
        Where to draw; a new square figure when None.
    alpha : float, optional
        Level of the decisions (default: the result's).
    stability : StabilityResult, optional
        From :func:`algocompare.posthoc_stability` for the same procedure: fragile decisions are
        drawn in red, dashed (an edge that may disappear, or a missing edge that may appear), with
        a note in the title.
    fragile : float
        The share of re-analyses above which a decision is fragile (default 0: any flip).
    fontsize : float
        Size of the labels in points (shrunk to fit, to 6 pt at least).
    title : str, optional
        The Axes title; default names the procedure and the level.

    Returns
    -------
    matplotlib Axes
        Edges carry ``gid="edge"`` (fragile non-rejections ``"edge-fragile"``, fragile rejections
        ``"rejection-fragile"``), labels ``gid="algorithm-label"``.

    See Also
    --------
    algocompare.plots.cd_diagram : the same decisions as clique bars on the rank axis.
    algocompare.posthoc : the result it draws.

    References
    ----------
    .. [1] Calvo, B. & Santafé, G. (2016). scmamp: Statistical comparison of multiple algorithms
       in multiple problems. The R Journal 8(1), 248–256. doi:10.32614/RJ-2016-017
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       Journal of Machine Learning Research 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.plot_hypothesis_graph(ac.posthoc(ac.load_dataset("cec2005_d10")))
    >>> sum(1 for line in ax.lines if line.get_gid() == "edge")   # the 47 of 55 pairs Holm does not reject
    47
    """
    if result.control is not None:
        raise ValueError(f"the hypothesis graph needs all pairwise comparisons; this result compares every algorithm "
                         f"with the control {result.control!r} only: run posthoc(..., control=None).")
    order = list(result.mean_ranks.sort_values(kind="stable").index)
    names = [str(a) for a in order]
    k = len(order)
    rejected = result.reject(alpha).loc[order, order].to_numpy(bool)
    flips = _fragile_matrix(result, stability, fragile, order)
    angle = np.pi / 2 - 2 * np.pi * np.arange(k) / k  # best at the top, clockwise
    x, y = np.cos(angle), np.sin(angle)
    ax = axes_or_new(ax, (4.0, 4.0))
    for i in range(k):
        for j in range(i + 1, k):
            fragile_pair = flips[i, j]
            if not rejected[i, j]:
                ax.plot([x[i], x[j]], [y[i], y[j]], color=FRAGILE_COLOUR if fragile_pair else EDGE_COLOUR,
                        lw=1.2, ls=(0, (3, 2)) if fragile_pair else "-", gid="edge-fragile" if fragile_pair else "edge",
                        zorder=1)
            elif fragile_pair:
                ax.plot([x[i], x[j]], [y[i], y[j]], color=FRAGILE_COLOUR, lw=0.8, ls=(0, (1, 2)),
                        gid="rejection-fragile", zorder=1)
    ax.scatter(x, y, s=36, color="white", edgecolors="black", linewidths=1.0, zorder=2)
    ranks = result.mean_ranks.loc[order].to_numpy(float)
    size = max(FLOOR_POINTS, min(fontsize, MIN_POINTS + 60.0 / max(k, 1)))
    labels = []
    for i, name in enumerate(names):
        # along the radius, reading outwards (left half turned to read left to right): neighbours a
        # line height apart at any k, where horizontal labels of a dozen algorithms collide
        right = x[i] >= -1e-9
        rotation = np.degrees(angle[i]) if right else np.degrees(angle[i]) + 180.0
        label = ax.annotate(f"{name} ({ranks[i]:.2f})", (x[i], y[i]), xytext=(LABEL_GAP_PT * x[i], LABEL_GAP_PT * y[i]),
                            textcoords="offset points", ha="left" if right else "right", va="center",
                            rotation=rotation, rotation_mode="anchor", fontsize=size, gid="algorithm-label")
        label.set_in_layout(False)  # the circle is sized to keep them inside the Axes (_fit_circle)
        labels.append(label)
    record_names(ax, names, names)
    ax.set_axis_off()
    level = result.alpha if alpha is None else alpha
    note = "; red dashed: fragile" if stability is not None else ""
    ax.set_title(title or f"Edges: pairs {_procedure_name(result)} (α = {level:g}) does not separate{note}",
                 fontsize=max(MIN_POINTS, size + 0.5))
    finish(ax)
    _fit_circle(ax, labels, names, [f" ({r:.2f})" for r in ranks])
    return ax


def _fragile_matrix(result: Any, stability: Any, threshold: float, order: list) -> np.ndarray:
    """k × k booleans in ``order``: decisions ``stability`` finds fragile (all False without it)."""
    out = np.zeros((len(order), len(order)), dtype=bool)
    if stability is None:
        return out
    where = {str(a): i for i, a in enumerate(order)}
    for a, b in fragile_pairs(result, stability, threshold):
        out[where[a], where[b]] = out[where[b], where[a]] = True
    return out


def _fit_circle(ax: Any, labels: list[Any], names: list[str], ranks: list[str]) -> None:
    """Radius of the unit circle in the Axes: what the longest label leaves of half the shorter side, at
    least a third of it. Labels too long for that are set smaller (to 6 pt), then lose their mean rank,
    then are cut at their end (``names_key(ax)`` gives the key); the limits then make one data unit that
    radius."""
    fig = ax.figure
    renderer = fig._get_renderer()
    box = ax.get_window_extent(renderer)
    half = min(box.width, box.height) / 2.0
    room = half * 2.0 / 3.0 - (LABEL_GAP_PT + 2.0) * fig.dpi / 72.0  # label length that leaves a third

    def longest() -> float:
        return max((_length(label, renderer) for label in labels), default=0.0)

    while longest() > room and labels and labels[0].get_fontsize() > FLOOR_POINTS:
        for label in labels:
            label.set_fontsize(max(FLOOR_POINTS, label.get_fontsize() - 0.5))
    if longest() > room:  # the mean rank goes first: the circle's order shows it
        for label, name in zip(labels, names, strict=True):
            label.set_text(name)
    shown = names
    chars = max(len(n) for n in names) if names else 0
    while longest() > room and chars > 4:
        chars -= 1
        shown = abbreviate(names, chars)
        for label, text in zip(labels, shown, strict=True):
            label.set_text(text)
    record_names(ax, names, shown)
    # 8 % spare: panels drawn later beside this one can move the layout a little
    radius = 0.92 * (half - min(longest(), room) - (LABEL_GAP_PT + 2.0) * fig.dpi / 72.0)
    ax.set_xlim(-box.width / 2.0 / radius, box.width / 2.0 / radius)
    ax.set_ylim(-box.height / 2.0 / radius, box.height / 2.0 / radius)


def _length(label: Any, renderer: Any) -> float:
    """A label's length along its own direction, in pixels."""
    rotation = label.get_rotation()
    label.set_rotation(0.0)
    width = label.get_window_extent(renderer).width
    label.set_rotation(rotation)
    return width
