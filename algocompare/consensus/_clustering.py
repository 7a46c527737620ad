"""Clustering of rankings: groups of instances that rank the algorithms alike.

The per-instance rankings (or any list of rankings) are clustered hierarchically
(``scipy.cluster.hierarchy``) on one of the distances of :func:`ranking_distances`; each
cluster is summarised by its *medoid*, the member ranking with the least total distance to
the other members (a ranking that occurs, unlike a consensus), and by its size. This is the
role of relations' ``relation_ensemble`` with clue's ``cl_*``/``relation_pclust`` (prototype
clustering of relations) in R.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._results import BaseResult, internal
from algocompare._validation import check_option
from algocompare.consensus._ranking_distances import _check, canonical, distance_frame
from algocompare.consensus._rankings import as_profile, check_consensus_options, format_ranking, levels_to_groups

__all__ = ["RankingClusters", "cluster_rankings"]

#: scipy linkages that are defined on any dissimilarity (ward, centroid and median assume Euclidean distances)
_LINKAGES = ("average", "complete", "single", "weighted")


@dataclass(frozen=True, kw_only=True)
class RankingClusters(BaseResult):
    """Groups of similar rankings: cluster labels, medoids, the distances and the dendrogram's linkage.

    Attributes
    ----------
    labels : pandas.Series
        The cluster (1, 2, ...) of each ranking, indexed by the rankings' labels (a table's
        instances); clusters are numbered by decreasing size.
    medoids : dict
        Cluster → its medoid ranking (list of groups, best first).
    sizes : dict
        Cluster → number of rankings.
    n_clusters : int
        The number of clusters.
    distance : str
        The distance between rankings (see :func:`ranking_distance`).
    linkage_method : str
        The hierarchical linkage ("average", "complete", "single" or "weighted").
    distances : pandas.DataFrame
        The distance matrix of the rankings.
    linkage : numpy.ndarray
        scipy's linkage matrix (internal; for ``.plot()``, the dendrogram, and
        ``scipy.cluster.hierarchy``).

    See Also
    --------
    cluster_rankings : the function that returns it.
    ranking_distances : the distance matrix.

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.cluster_rankings([["a", "b", "c"], ["a", "c", "b"], ["c", "b", "a"]], n_clusters=2)
    >>> r.labels.tolist(), r.sizes
    ([1, 1, 2], {1: 2, 2: 1})
    """

    kind: ClassVar[str] = "ranking_clusters"

    labels: pd.Series
    medoids: dict
    sizes: dict
    n_clusters: int
    distance: str
    linkage_method: str
    distances: pd.DataFrame
    linkage: np.ndarray = internal()

    def to_frame(self) -> pd.DataFrame:
        """One row per cluster: its size, medoid (written ``a > b = c``) and members."""
        members = {c: [str(label) for label, k in self.labels.items() if k == c] for c in self.sizes}
        return pd.DataFrame({"cluster": list(self.sizes), "size": list(self.sizes.values()),
                             "medoid": [format_ranking(self.medoids[c]) for c in self.sizes],
                             "members": [", ".join(members[c]) for c in self.sizes]})

    def __str__(self) -> str:
        lines = [f"{self.method}: {self.n_clusters} cluster(s) of {len(self.labels)} rankings"]
        for c, size in self.sizes.items():
            lines.append(f"  cluster {c} ({size}): {format_ranking(self.medoids[c])}")
        return "\n".join(lines + self._dropped_lines())


def _medoid(d: np.ndarray, members: np.ndarray) -> int:
    """The member with the least total distance to the others (the first such, in input order)."""
    totals = d[np.ix_(members, members)].sum(axis=1)
    return int(members[int(np.argmin(totals))])


def cluster_rankings(rankings: Any, n_clusters: int | None = None, *, threshold: float | None = None,
                     distance: str = "symdiff", linkage: str = "average", score: str = "ranks", p: float = 1.0,
                     delta: Any = "symdiff", agg: str = "mean", direction: str | None = None,
                     nan_policy: str = "raise") -> RankingClusters:
    """Hierarchical clustering of rankings (e.g. the instances' rankings of a results table).

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    n_clusters : int, optional
        Cut the tree into this many clusters (scipy's ``fcluster(criterion="maxclust")``).
    threshold : float, optional
        Or cut it at this distance (``criterion="distance"``: clusters whose cophenetic
        distance is at most ``threshold``). Give exactly one of ``n_clusters`` and ``threshold``.
    distance : {"symdiff", "cks", "jaccard", "footrule", "score", "pc"}
        The distance between rankings (see :func:`ranking_distance`); ``score``, ``p`` and
        ``delta`` are its options.
    linkage : {"average", "complete", "single", "weighted"}
        The linkage of ``scipy.cluster.hierarchy.linkage`` (the ones defined on any
        dissimilarity; Ward's assumes Euclidean distances and is refused).
    score, p, delta
        Options of the distance (see :func:`ranking_distance`).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a DataFrame or an array is taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances.

    Returns
    -------
    RankingClusters
        ``labels`` per ranking, ``medoids`` and ``sizes`` per cluster, the ``distances`` and
        the ``linkage`` (``.plot()`` draws the dendrogram).

    See Also
    --------
    ranking_distances : the distances clustered.
    consensus : one ranking for a whole profile (or for one cluster's members).

    Notes
    -----
    Clusters are numbered by decreasing size (ties: by first member in input order), so
    the numbering does not depend on scipy's. Identical rankings are at distance 0 and
    always fall in the same cluster.

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19
    .. [2] Murtagh, F., Contreras, P. (2012). Algorithms for hierarchical clustering: an
       overview. *WIREs Data Mining and Knowledge Discovery* 2(1), 86–97. doi:10.1002/widm.53

    Examples
    --------
    >>> r = cluster_rankings([["a", "b", "c"], ["a", "c", "b"], ["c", "b", "a"], ["b", "c", "a"]], n_clusters=2)
    >>> r.labels.tolist(), r.medoids[1]
    ([1, 1, 2, 2], [['a'], ['b'], ['c']])
    """
    from scipy.cluster.hierarchy import fcluster
    from scipy.cluster.hierarchy import linkage as scipy_linkage
    from scipy.spatial.distance import squareform

    distance = canonical(distance)
    _check(distance, score, p, delta)
    check_option("linkage", linkage, _LINKAGES)
    if (n_clusters is None) == (threshold is None):
        raise ValueError("give exactly one of n_clusters (the number of clusters) and threshold (the distance "
                         "at which to cut the tree).")
    check_consensus_options("cluster_rankings", direction, nan_policy)
    profile = as_profile(rankings, agg=agg, direction=direction, nan_policy=nan_policy)
    n = len(profile.levels)
    if n_clusters is not None and (isinstance(n_clusters, bool) or not isinstance(n_clusters, (int, np.integer))
                                   or not 1 <= n_clusters <= n):
        raise ValueError(f"n_clusters must be an integer between 1 and the number of rankings ({n}), "
                         f"got {n_clusters!r}.")
    if threshold is not None and not (np.isfinite(threshold) and threshold >= 0):
        raise ValueError(f"threshold must be a non-negative distance, got {threshold!r}.")
    if n < 2:
        raise ValueError("clustering needs at least 2 rankings.")
    frame = distance_frame(profile, distance, score=score, p=p, delta=delta)
    d = frame.to_numpy()
    tree = scipy_linkage(squareform(d, checks=False), method=linkage)
    raw = fcluster(tree, t=n_clusters, criterion="maxclust") if n_clusters is not None else \
        fcluster(tree, t=threshold, criterion="distance")
    # renumber: by decreasing size, then by first member
    order = sorted(set(raw.tolist()), key=lambda c: (-int((raw == c).sum()), int(np.flatnonzero(raw == c)[0])))
    number = {c: k + 1 for k, c in enumerate(order)}
    labels = np.array([number[c] for c in raw])
    medoids, sizes = {}, {}
    for c in range(1, len(order) + 1):
        members = np.flatnonzero(labels == c)
        medoids[c] = levels_to_groups(profile.items, profile.levels[_medoid(d, members)])
        sizes[c] = int(len(members))
    name = f"hierarchical clustering of rankings ({linkage} linkage, {distance} distance)"
    return RankingClusters(method=name, labels=pd.Series(labels, index=list(profile.labels), name="cluster"),
                           medoids=medoids, sizes=sizes, n_clusters=len(order), distance=distance,
                           linkage_method=linkage, distances=frame, linkage=tree, dropped_instances=profile.dropped)
