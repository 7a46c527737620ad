"""Rankings (weak orders) and profiles of rankings: the common input of every consensus method.

A *ranking* is a list of groups, best first; the items of one group are tied. A plain list
of items is a ranking without ties, and groups and single items may be mixed::

    ["vanilla", "strawberry", "cherry"]          # vanilla ≻ strawberry ≻ cherry
    [["a", "b"], "c"]                            # a ~ b ≻ c

A *profile* is several rankings of the same items, optionally weighted. Internally a
profile is a matrix of *levels* (rankings × items; level 0 = the best group), so that the
pairwise preference counts the consensus methods need are one broadcast away.

Per-instance rankings of a :class:`~algocompare.Results` follow Bartz-Beielstein et al.
(chapter "Comparing algorithms", §2): each problem instance is one MASP comparison that
ranks the algorithms; values that tie give tied algorithms.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from algocompare._batching import row_batches

__all__ = ["as_ranking", "instance_rankings", "format_ranking"]

_GROUP_TYPES = (list, tuple, set, frozenset)


@dataclass(frozen=True)
class Profile:
    """Rankings of the same items as a levels matrix (rankings × items, 0 = best) with weights."""

    items: tuple[Any, ...]
    levels: np.ndarray
    weights: np.ndarray
    labels: tuple[Any, ...]
    #: instances of a table dropped by ``nan_policy="omit"`` (or before, by the Results)
    dropped: tuple[Any, ...] = ()

    @property
    def n_items(self) -> int:
        return len(self.items)

    @property
    def total_weight(self) -> float:
        return float(self.weights.sum())

    def at_least_as_good(self) -> np.ndarray:
        """N[a, b]: total weight of the rankings with a ≽ b (a ranked better than or tied with b)."""
        levels, weights = self.levels, self.weights
        m = levels.shape[1]
        total = np.zeros((m, m))
        block = max(1, 2_000_000 // max(m * m, 1))  # rankings per block: bounded memory on long profiles
        for start in range(0, len(levels), block):
            rows = levels[start:start + block]
            geq = rows[:, :, None] <= rows[:, None, :]
            total += np.einsum("r,rab->ab", weights[start:start + block], geq, dtype=float)
        return total

    def rankings(self) -> list[list[list[Any]]]:
        return [levels_to_groups(self.items, row) for row in self.levels]

    def select(self, keep: Sequence[int]) -> Profile:
        """The profile restricted to the items at positions ``keep`` (order kept)."""
        keep = list(keep)
        levels = row_dense_levels(self.levels[:, keep])
        return Profile(tuple(self.items[k] for k in keep), levels, self.weights, self.labels, self.dropped)


def dense_levels(values: np.ndarray) -> np.ndarray:
    """Level of each value (0 = smallest), equal values sharing a level."""
    return np.unique(np.asarray(values), return_inverse=True)[1].ravel()


def row_dense_levels(values: np.ndarray) -> np.ndarray:
    """:func:`dense_levels` of every row of a NaN-free 2-D array, vectorised: one sort per
    row and a running count of the value changes (no Python loop over the rows), a batch
    of rows at a time so that the sorting temporaries stay small (issue 19)."""
    values = np.asarray(values)
    n, k = values.shape
    levels = np.empty((n, k), dtype=np.int32)  # levels < k: half the memory of int64 on long profiles
    if k == 0:
        return levels
    for rows in row_batches(n, k):
        order = np.argsort(values[rows], axis=1, kind="stable")
        ordered = np.take_along_axis(values[rows], order, axis=1)
        steps = np.zeros(order.shape, dtype=np.int32)
        np.not_equal(ordered[:, 1:], ordered[:, :-1], out=steps[:, 1:], casting="unsafe")
        np.cumsum(steps, axis=1, out=steps)
        np.put_along_axis(levels[rows], order, steps, axis=1)
    return levels


def at_least_counts(levels: np.ndarray, *, strictly: bool = False) -> np.ndarray:
    """Per ranking and item, how many items sit at its level or below it (worse), or only
    below it (``strictly``): #{j : level_j >= level_i} or #{j : level_j > level_i}. From the
    counts per level, never a rankings × items × items array."""
    n, k = levels.shape
    counts = np.bincount((levels + k * np.arange(n)[:, None]).ravel(), minlength=n * k).reshape(n, k)
    worse_or_equal = np.cumsum(counts[:, ::-1], axis=1)[:, ::-1]  # level l: items at levels >= l
    if strictly:
        worse_or_equal = worse_or_equal - counts
    return np.take_along_axis(worse_or_equal, levels, axis=1)


def levels_to_groups(items: Sequence[Any], levels: np.ndarray) -> list[list[Any]]:
    """A ranking (list of groups, best first) from the items' levels."""
    levels = np.asarray(levels)
    return [[items[int(i)] for i in np.flatnonzero(levels == level)] for level in np.unique(levels)]


def as_ranking(ranking: Any) -> list[list[Any]]:
    """Normalise one ranking to a list of groups, best first.

    Parameters
    ----------
    ranking : sequence
        Items, best first; an entry that is a list, tuple or set is a group of tied items.

    Returns
    -------
    list of list
        The groups, best first (a single item becomes a group of one).

    See Also
    --------
    format_ranking : the ranking written ``a > b = c``.
    instance_rankings : one ranking per instance of a results table.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> as_ranking(["a", ["b", "c"], "d"])
    [['a'], ['b', 'c'], ['d']]
    """
    if isinstance(ranking, (str, bytes)) or not isinstance(ranking, Sequence):
        raise TypeError(
            f"a ranking must be a list of items or of groups of tied items (best first), got {ranking!r}."
        )
    groups = []
    for entry in ranking:
        group = list(entry) if isinstance(entry, _GROUP_TYPES) else [entry]
        if not group:
            raise ValueError(f"empty group in ranking {ranking!r}; every group needs at least one item.")
        groups.append(group)
    return groups


def format_ranking(ranking: Sequence[Sequence[Any]], *, better: str = " > ", tie: str = " = ") -> str:
    """``[["a"], ["b", "c"]]`` → ``"a > b = c"``.

    Parameters
    ----------
    ranking : list of groups
        A ranking, groups of tied items best first (as :func:`as_ranking` returns).
    better, tie : str
        What is written between two groups and between two tied items.

    Returns
    -------
    str
        The ranking on one line.

    See Also
    --------
    as_ranking : the list-of-groups form.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.format_ranking([["a"], ["b", "c"]]), ac.format_ranking([["a"], ["b"]], better=", ")
    ('a > b = c', 'a, b')
    """
    return better.join(tie.join(str(item) for item in group) for group in ranking)


def _levels_of(groups: list[list[Any]], index: Mapping[Any, int], position: int) -> np.ndarray:
    levels = np.full(len(index), -1, dtype=int)
    for level, group in enumerate(groups):
        for item in group:
            if not isinstance(item, Hashable) or item not in index:
                known = ", ".join(repr(k) for k in index)
                raise ValueError(f"ranking {position} contains {item!r}, which is not among the items "
                                 f"of the first ranking ({known}); every ranking must rank the same items.")
            if levels[index[item]] >= 0:
                raise ValueError(f"ranking {position} lists {item!r} twice; each item appears once per ranking.")
            levels[index[item]] = level
    missing = [item for item, i in index.items() if levels[i] < 0]
    if missing:
        raise ValueError(f"ranking {position} does not rank {', '.join(map(repr, missing))}; "
                         "every ranking must rank the same items.")
    return levels


def _profile_from_lists(rankings: Sequence[Any]) -> tuple[tuple[Any, ...], np.ndarray]:
    grouped = [as_ranking(r) for r in rankings]
    items = tuple(item for group in grouped[0] for item in group)
    if len(set(items)) != len(items):
        raise ValueError(f"ranking 0 lists an item twice: {items!r}.")
    index = {item: i for i, item in enumerate(items)}
    levels = np.array([_levels_of(g, index, k) for k, g in enumerate(grouped)], dtype=int)
    return items, levels


def _check_weights(weights: Any, n: int) -> np.ndarray:
    if weights is None:
        return np.ones(n)
    w = np.broadcast_to(np.asarray(weights, dtype=float), (n,)).copy() if np.ndim(weights) == 0 else \
        np.asarray(weights, dtype=float)
    if w.shape != (n,):
        raise ValueError(f"weights must have one value per ranking ({n}), got {w.size}.")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError("weights must be finite and non-negative.")
    if not np.any(w > 0):
        raise ValueError("at least one weight must be positive.")
    return w


def check_consensus_options(function: str, direction: Any, nan_policy: Any) -> None:
    """Check ``direction`` and ``nan_policy`` of a consensus function; refuse ``"keep"``.

    A consensus ranks every item in every ranking, so a table must be complete: its missing
    cells raise (``"raise"``) or drop their instances (``"omit"``).
    """
    from algocompare._validation import NAN_POLICIES, check_direction, check_option

    if direction is not None:
        check_direction(direction)
    if isinstance(nan_policy, str) and nan_policy == "keep":
        raise ValueError(
            f"{function}() ranks every algorithm on every instance, so it needs a complete table: "
            "nan_policy='keep' is not available. Pass nan_policy='omit' to drop the instances that have "
            "missing cells (recorded in the result's dropped_instances), or use durbin or "
            "skillings_mack, the tests made for incomplete tables."
        )
    check_option("nan_policy", nan_policy, NAN_POLICIES)


def as_profile(rankings: Any, weights: Any = None, *, agg: str = "mean", direction: str | None = None,
               nan_policy: str = "raise") -> Profile:
    """Convert the input of a consensus method to a :class:`Profile`.

    ``rankings`` is a sequence of rankings, a :class:`~algocompare.Results` (one ranking
    per instance, see :func:`instance_rankings`), or a DataFrame / 2-D array of values
    (rows = rankings, columns = items, equal values tie), read through
    :func:`algocompare.data._convert.as_results` with ``direction`` (``None``: the data's own,
    "minimize" for a DataFrame or an array) and ``nan_policy`` ("raise" or "omit"; the
    instances dropped are the profile's ``dropped``). A sequence of rankings is already
    ordered best first: ``direction`` does not apply to it.
    """
    from algocompare.data._convert import as_results
    from algocompare.data._results import Results

    if isinstance(rankings, (Results, pd.DataFrame)) or (isinstance(rankings, np.ndarray) and rankings.ndim == 2):
        # a table that keeps missing cells raises here, naming the options
        results = as_results(rankings, direction=direction, nan_policy=nan_policy)
        values = results.values(agg, oriented=True)
        items, labels = tuple(results.algorithms), tuple(results.instances)
        levels = row_dense_levels(values)
        dropped = tuple(results.dropped_instances)
    else:
        if isinstance(rankings, (str, bytes, Mapping)) or not isinstance(rankings, Sequence):
            raise TypeError("expected a list of rankings (each a list of items or of groups of tied items), "
                            f"a Results or a table of ranks, got {type(rankings).__name__}.")
        if len(rankings) == 0:
            raise ValueError("no rankings given; a consensus needs at least one ranking.")
        items, levels = _profile_from_lists(rankings)
        labels, dropped = tuple(range(len(levels))), ()
    if len(items) < 1:
        raise ValueError("the rankings have no items.")
    return Profile(items, levels, _check_weights(weights, len(levels)), labels, dropped)


def instance_rankings(results: Any, *, agg: str = "mean", direction: str | None = None,
                      nan_policy: str = "raise") -> dict[Any, list[list[Any]]]:
    """One ranking of the algorithms per instance (MAMP as p MASP problems), ties where values tie.

    Parameters
    ----------
    results : Results, DataFrame or 2-D array
        Instances × algorithms (a DataFrame or an array holds one value per cell).
    agg : {"mean", "median"}
        How the runs of a cell are aggregated.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a Results knows it; a DataFrame or an array is
        taken as "minimize"). The rankings put the best value first.
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances, which then have no
        ranking; ``"keep"`` is refused (a ranking needs every algorithm).

    Returns
    -------
    dict
        Instance → its ranking (a list of groups of tied algorithms, best first).

    See Also
    --------
    consensus : aggregates these rankings.
    dominance : a relation on one instance from its runs.

    Notes
    -----
    For dominance by a hypothesis test per instance use :func:`algocompare.dominance` on
    that instance's runs.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> instance_rankings(ac.load_dataset("ice_cream"))["child 2"][0]
    ['vanilla']
    """
    from algocompare._validation import check_option
    from algocompare.data._convert import as_results

    check_option("agg", agg, ("mean", "median"))
    check_consensus_options("instance_rankings", direction, nan_policy)
    profile = as_profile(as_results(results, direction=direction, nan_policy=nan_policy), agg=agg)
    return {label: levels_to_groups(profile.items, row)
            for label, row in zip(profile.labels, profile.levels, strict=True)}
