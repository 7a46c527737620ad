"""Per-instance rankings against the consensus ranking (a rank heat map)."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["plot_consensus"]


def plot_consensus(result: Any, ax: Any = None, *, max_rankings: int = 40, cmap: str = "viridis_r",
                   annotate: bool | None = None) -> Any:
    """Heat map of the rank of each item (rows, consensus order) in each input ranking
    (columns) and, in the last column, in the consensus of a Borda or Kemeny result.

    Ranks of tied items are averaged (rank 1 = best).

    Parameters
    ----------
    result : BordaResult or KemenyResult
        A consensus of :func:`algocompare.borda` or :func:`algocompare.kemeny`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure.
    max_rankings : int
        The input rankings shown at most (the first ones).
    cmap : str
        The colour map of the ranks.
    annotate : bool, optional
        Write each rank in its cell; default when there are at most 400 cells.

    Returns
    -------
    matplotlib Axes
    See Also
    --------
    algocompare.borda : the Borda count.
    algocompare.kemeny : the Kemeny consensus.

    References
    ----------
    .. [1] Borda, J.-C. de (1781). Mémoire sur les élections au scrutin. *Histoire de
       l'Académie Royale des Sciences*, Paris.
    .. [2] Kemeny, J. G., Snell, J. L. (1962). *Mathematical Models in the Social Sciences*,
       chapter 2, "Preference rankings: an axiomatic approach". Ginn, Boston.


    Examples
    --------
    >>> import algocompare as ac
    >>> ax = ac.plots.plot_consensus(ac.borda(ac.load_dataset("ice_cream")))
    >>> [t.get_text() for t in ax.get_yticklabels()]   # consensus order, best first
    ['strawberry', 'vanilla', 'cherry', 'chocolate', 'blueberry']
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['child 1', 'child 2', 'child 3', '', 'consensus']
    """
    from algocompare.plots._figure import axes_or_new
    from algocompare.plots._fit import finish, name_ticks

    profile = result.profile
    consensus = result.consensus
    order = [item for group in consensus for item in group]
    index = {item: k for k, item in enumerate(profile.items)}
    levels = profile.levels[:max_rankings]
    ranks = np.array([_average_ranks(row) for row in levels])  # rankings × items
    cons_levels = np.empty(len(profile.items), int)
    for k, group in enumerate(consensus):
        for item in group:
            cons_levels[index[item]] = k
    cons_ranks = _average_ranks(cons_levels)
    columns = [index[item] for item in order]
    grid = np.column_stack([ranks[:, columns].T, np.full(len(order), np.nan), cons_ranks[columns]])
    width = min(2.0 + 0.45 * grid.shape[1], 16)
    ax = axes_or_new(ax, (width, 2.2 + 0.4 * len(order)), layout="constrained")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, aspect="auto", vmin=1, vmax=len(order),
                      interpolation="none")  # cells, not a picture: see pvalue_heatmap
    labels = [str(label) for label in profile.labels[:max_rankings]] + ["", "consensus"]
    name_ticks(ax, "x", range(grid.shape[1]), labels, rotation=90, share=0.3)
    name_ticks(ax, "y", range(len(order)), [str(item) for item in order])
    if annotate is None:
        annotate = grid.size <= 400
    if annotate:
        for (r, c), value in np.ndenumerate(grid):
            if np.isfinite(value):
                ax.text(c, r, f"{value:g}", ha="center", va="center", fontsize=8, gid="cell-label",
                        color="black" if value < (len(order) + 1) / 2 else "white")
    ax.set_title(result.method, fontsize=10)
    # an inset beside the Axes: it moves with them (one panel of a grid keeps it in its cell)
    ax.figure.colorbar(image, cax=ax.inset_axes((1.03, 0.0, 0.04, 1.0)), label="rank (1 = best)")
    return finish(ax)


def _average_ranks(levels: np.ndarray) -> np.ndarray:
    from scipy.stats import rankdata

    return rankdata(levels)


def plot_ranking_dendrogram(result: Any, ax: Any = None, *, max_leaves: int = 60) -> Any:
    """Dendrogram of a clustering of rankings, leaves coloured by cluster.

    Parameters
    ----------
    result : RankingClusters
        A clustering of :func:`algocompare.cluster_rankings`.
    ax : matplotlib Axes, optional
        Where to draw; default a new figure (3.3 in wide).
    max_leaves : int
        Beyond this many rankings the tree is truncated to its last ``max_leaves`` merges
        (leaf labels then give the number of rankings under each).

    Returns
    -------
    matplotlib Axes

    See Also
    --------
    algocompare.cluster_rankings : the clustering.

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.cluster_rankings([["a", "b", "c"], ["a", "c", "b"], ["c", "b", "a"]], n_clusters=2)
    >>> ax = ac.plots.plot_ranking_dendrogram(res)
    >>> sorted(t.get_text() for t in ax.get_xticklabels())
    ['0', '1', '2']
    """
    from scipy.cluster.hierarchy import dendrogram

    from algocompare.plots._figure import axes_or_new
    from algocompare.plots._fit import finish

    labels = [str(label) for label in result.labels.index]
    n = len(labels)
    ax = axes_or_new(ax, (3.3, 2.4), layout="constrained")
    truncate = {"truncate_mode": "lastp", "p": max_leaves} if n > max_leaves else {}
    shown = min(n, max_leaves)
    # one leaf's width in points (the Axes' share of the figure): shrink the names to fit it, to 6 pt
    width_pt = ax.get_position().width * ax.figure.get_figwidth() * 72.0
    font = float(np.clip(0.8 * width_pt / max(shown, 1), 6.0, 8.0))
    # the cut: one colour per cluster below the height that separates n_clusters clusters
    heights = np.sort(result.linkage[:, 2])
    cut = heights[n - result.n_clusters] if result.n_clusters > 1 else None
    dendrogram(result.linkage, ax=ax, labels=labels, color_threshold=cut, above_threshold_color="0.5",
               leaf_rotation=90, leaf_font_size=font, **truncate)
    if cut is not None:  # where the tree is cut into the clusters: between the last merge kept and the next
        ax.axhline((heights[n - result.n_clusters - 1] + cut) / 2, color="0.3", linestyle=":", linewidth=0.8)
    ax.set_ylabel(f"{result.distance} distance ({result.linkage_method})", fontsize=8)
    ax.tick_params(axis="y", labelsize=7)
    ax.set_title(f"{result.n_clusters} cluster(s) of {n} rankings", fontsize=9)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return finish(ax)
