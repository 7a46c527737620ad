"""Pairwise majorities: the majority relation, Condorcet's consensus and the Condorcet winner.

With N[a, b] the weight of the rankings that put a ≽ b (a better than or tied with b) and W
the total weight, relations' rules are

* Condorcet (``relation_consensus(method="Condorcet")``): a ≽ b iff N[a, b] ≥ W - N[a, b],
  i.e. a ≽ b in at least half the weight. The relation is complete but may be intransitive
  (the *effet Condorcet*: a ≻ b ≻ c ≻ a by majorities);
* majority (``method="majority"``, control ``p``): a ≽ b iff N[a, b] / W > p (p = 1: in every
  ranking). For p ≥ 1/2 it may be incomplete (a pair split exactly in half) as well.

A consensus *ranking* exists only when the relation is a weak order. Where it is not, the rules
here say why (a cycle a ≽ b ≽ c ≻ a, or an incomparable pair) instead of returning something
else; :func:`condorcet` with ``cycles="tie"`` ties the items of each cycle instead (the classes
of the transitive closure, the "top cycle" / Smith sets, ordered by majority), which is always
a weak order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._options import documented_table_options
from algocompare._results import BaseResult
from algocompare._validation import check_option
from algocompare.consensus._rankings import as_profile, check_consensus_options, levels_to_groups
from algocompare.consensus._relations import classify_order, order_properties
from algocompare.consensus._results import RuleConsensusResult

__all__ = ["MajorityRelation", "condorcet", "majority", "majority_relation"]

_CYCLES = ("raise", "tie")


def _shares(profile: Any) -> np.ndarray:
    """N[a, b] / W: the share of the weight of the rankings with a ≽ b."""
    return profile.at_least_as_good() / profile.total_weight


def _tol(profile: Any) -> float:
    return 1e-12 * max(1.0, float(len(profile.levels)))


def _relation(share: np.ndarray, p: float, tol: float, *, at_least: bool) -> np.ndarray:
    if at_least:  # Condorcet: no less than the share that does not
        return share >= 0.5 - tol
    return share >= 1.0 - tol if p >= 1 else share > p + tol


def _winner(share: np.ndarray, items: tuple, tol: float) -> Any:
    """The item that beats every other by a strict majority (N[a, b] > N[b, a]), or None."""
    beats = share - share.T > tol
    np.fill_diagonal(beats, True)
    winners = np.flatnonzero(beats.all(axis=1))
    return items[int(winners[0])] if len(winners) else None


def _why_not_a_ranking(rel: np.ndarray, items: tuple) -> str:
    """One violation that keeps ``rel`` from being a weak order, in words."""
    incomparable = np.argwhere(np.triu(~rel & ~rel.T, k=1))
    if len(incomparable):
        a, b = incomparable[0]
        return f"{items[a]!r} and {items[b]!r} are incomparable (each is preferred by exactly half)"
    composed = (rel.astype(np.int64) @ rel.astype(np.int64)) > 0
    broken = np.argwhere(composed & ~rel)  # a ≽ b ≽ c but not a ≽ c (so c ≻ a: the relation is complete)
    if len(broken):
        a, c = broken[0]
        b = int(np.flatnonzero(rel[a] & rel[:, c])[0])
        return f"the majorities form a cycle: {items[a]!r} ≽ {items[b]!r} ≽ {items[c]!r} ≻ {items[a]!r}"
    return "it is not a weak order"  # pragma: no cover - complete and transitive is a weak order


def _closure(rel: np.ndarray) -> np.ndarray:
    reach = rel.copy()
    for m in range(len(rel)):
        reach |= reach[:, m, None] & reach[None, m, :]
    return reach


def _levels_of_weak_order(rel: np.ndarray) -> np.ndarray:
    """Levels (0 = best) of a complete transitive relation: the more items one beats, the better."""
    beaten = rel.sum(axis=1)
    return np.unique(-beaten, return_inverse=True)[1].ravel()


@dataclass(frozen=True, kw_only=True)
class MajorityRelation(BaseResult):
    """The pairwise-majority relation of a profile of rankings, its properties and its winner.

    Attributes
    ----------
    items : tuple
        The ranked items, in the order of the input.
    incidence : pandas.DataFrame
        Boolean, ``incidence.loc[a, b]`` true when a ≽ b in the relation.
    shares : pandas.DataFrame
        ``shares.loc[a, b]``: the share of the weight of the rankings with a ≽ b.
    p : float or None
        The threshold of relations' majority rule (a ≽ b iff share > p), or None for
        Condorcet's relation (share ≥ 1/2).
    properties : dict
        Reflexive, antisymmetric, transitive, complete (see :func:`order_properties`).
    classification : str
        The strongest order the relation is (see :func:`classify_order`).
    winner : optional
        The Condorcet winner — the item preferred to every other by a strict majority — or
        None when there is none.
    n_rankings : int
        The number of rankings.

    See Also
    --------
    majority_relation : the function that returns it.
    condorcet, majority : the consensus rankings built on it.

    References
    ----------
    .. [1] Condorcet, M. J. A. N. de (1785). *Essai sur l'application de l'analyse à la
       probabilité des décisions rendues à la pluralité des voix*. Paris.
       https://gallica.bnf.fr/ark:/12148/bpt6k417181
    .. [2] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> import algocompare as ac
    >>> rel = ac.majority_relation([["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]])
    >>> rel.classification, rel.winner
    ('not an order', None)
    """

    kind: ClassVar[str] = "dominance"

    items: tuple
    incidence: pd.DataFrame
    shares: pd.DataFrame
    p: float | None
    properties: dict
    classification: str
    winner: Any
    n_rankings: int

    def to_frame(self) -> pd.DataFrame:
        """The incidence as 0/1."""
        return self.incidence.astype(int)

    def __str__(self) -> str:
        flags = ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in self.properties.items())
        winner = "none" if self.winner is None else repr(self.winner)
        lines = [f"{self.method}: {self.classification} ({flags}); Condorcet winner: {winner}",
                 self.shares.round(3).to_string()]
        return "\n".join(lines + self._dropped_lines())


@documented_table_options
def majority_relation(rankings: Any, p: float | None = 0.5, *, weights: Any = None, agg: str = "mean",
                      direction: str | None = None, nan_policy: str = "raise") -> MajorityRelation:
    """The majority relation of rankings (relations' "majority", or Condorcet's with ``p=None``).

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    p : float in [0, 1] or None
        a ≽ b iff the share of the weight of the rankings with a ≽ b is more than ``p``
        (``p = 1``: in every ranking), relations' generalised majority (default 1/2); None
        for Condorcet's relation, a ≽ b iff that share is at least 1/2.
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    MajorityRelation
        The ``incidence``, the ``shares`` it comes from, its ``properties`` and
        ``classification`` and the Condorcet ``winner`` (or None).

    See Also
    --------
    condorcet : the consensus ranking of Condorcet's relation.
    majority : the consensus ranking of the majority relation.
    check_majority : which pairs a consensus ranks against their majority.

    Notes
    -----
    A ranking puts a ≽ b when a is better than or tied with b, so both a ≽ b and b ≽ a hold in
    a ranking that ties them (relations' convention for weak orders). The Condorcet winner
    beats every other item by a strict majority: N[a, b] > N[b, a], with N[a, b] the weight
    of the rankings with a ≽ b.

    References
    ----------
    .. [1] Condorcet, M. J. A. N. de (1785). *Essai sur l'application de l'analyse à la
       probabilité des décisions rendues à la pluralité des voix*. Paris.
       https://gallica.bnf.fr/ark:/12148/bpt6k417181
    .. [2] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> rel = majority_relation([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]])
    >>> rel.classification, rel.winner
    ('linear order', 'a')
    """
    if p is not None and (isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1):
        raise ValueError(f"p must be a number in [0, 1] (a ≽ b when more than this share of the weight "
                         f"ranks a ≽ b), or None for Condorcet's relation; got {p!r}.")
    check_consensus_options("majority_relation", direction, nan_policy)
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    share = _shares(profile)
    tol = _tol(profile)
    rel = _relation(share, 0.5 if p is None else float(p), tol, at_least=p is None)
    items = profile.items
    name = "Condorcet relation (share ≥ 1/2)" if p is None else f"majority relation (share > {p:g})"
    if p is not None and p >= 1:
        name = "unanimity relation (share = 1)"
    labels = list(items)
    return MajorityRelation(method=name, items=items, incidence=pd.DataFrame(rel, index=labels, columns=labels),
                            shares=pd.DataFrame(share, index=labels, columns=labels),
                            p=None if p is None else float(p), properties=order_properties(rel),
                            classification=classify_order(rel), winner=_winner(share, items, tol),
                            n_rankings=len(profile.levels), dropped_instances=profile.dropped)


def _ranking_result(profile: Any, rel: np.ndarray, rule: str, method: str) -> RuleConsensusResult:
    levels = _levels_of_weak_order(rel)
    ranking = levels_to_groups(profile.items, levels)
    orders = "linear" if len(ranking) == len(profile.items) else "weak"
    return RuleConsensusResult(method=method, items=profile.items, consensus=ranking, optimal_rankings=[ranking],
                               n_rankings=len(profile.levels), profile=profile, rule=rule, orders=orders,
                               dropped_instances=profile.dropped)


@documented_table_options
def condorcet(rankings: Any, *, cycles: str = "raise", weights: Any = None, agg: str = "mean",
              direction: str | None = None, nan_policy: str = "raise") -> RuleConsensusResult:
    """Condorcet's consensus: a ≽ b iff at least half the weight ranks a ≽ b (relations' "Condorcet").

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    cycles : {"raise", "tie"}
        What to do when the majorities form a cycle, so that no Condorcet ordering exists:
        "raise" (default) a ValueError naming the cycle; "tie" ties the items of each cycle
        (the classes of the relation's transitive closure — its top cycle / Smith sets — in
        majority order), which is always a ranking.
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    RuleConsensusResult
        The Condorcet ordering (``consensus``), a weak order: items tied in it are preferred
        by exactly half the weight each way (or share a cycle, with ``cycles="tie"``).

    See Also
    --------
    majority_relation : the relation itself, with its Condorcet winner.
    kemeny : the closest ranking to the profile when the majorities cycle.
    copeland : a score rule that always gives a ranking.

    Notes
    -----
    Condorcet's relation minimises the total symmetric difference to the profile over *all*
    relations (relations' documentation), so when it is transitive it is also the Kemeny
    consensus over weak orders (one of them, when some pair is split exactly in half). With an
    odd number of untied rankings of equal weight it is a linear order when it exists, and its
    first item is the Condorcet winner. A ranking that ties a and b counts for a ≽ b and for
    b ≽ a (relations' convention), so with ties the winner of the strict pairwise contests
    (``majority_relation(...).winner``) may share its group.

    References
    ----------
    .. [1] Condorcet, M. J. A. N. de (1785). *Essai sur l'application de l'analyse à la
       probabilité des décisions rendues à la pluralité des voix*. Paris.
       https://gallica.bnf.fr/ark:/12148/bpt6k417181
    .. [2] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> condorcet([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]]).consensus
    [['a'], ['b'], ['c']]
    >>> condorcet([["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]], cycles="tie").consensus
    [['a', 'b', 'c']]
    """
    check_option("cycles", cycles, _CYCLES)
    check_consensus_options("condorcet", direction, nan_policy)
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    rel = _relation(_shares(profile), 0.5, _tol(profile), at_least=True)
    method = "Condorcet consensus"
    if not order_properties(rel)["transitive"]:
        if cycles == "raise":
            raise ValueError(f"no Condorcet ordering: {_why_not_a_ranking(rel, profile.items)}. Pass cycles='tie' "
                             "to tie the items of each cycle, or use method='kemeny' (the closest ranking) or "
                             "'copeland'.")
        rel, method = _closure(rel), "Condorcet consensus (cycles tied)"
    return _ranking_result(profile, rel, "condorcet", method)


@documented_table_options
def majority(rankings: Any, *, p: float = 0.5, weights: Any = None, agg: str = "mean",
             direction: str | None = None, nan_policy: str = "raise") -> RuleConsensusResult:
    """The ranking of the majority relation (relations' "majority"), where it is one.

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        A list of rankings (each a list of items or of groups of tied items, best first), or a
        table of instances × algorithms: each instance ranks the algorithms by their values,
        equal values tied.
    p : float in [0, 1]
        a ≽ b iff more than this share of the weight ranks a ≽ b (``p = 1``: every ranking).
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}

    Returns
    -------
    RuleConsensusResult
        The majority relation as a ranking. When it is not one — a cycle of majorities, or a
        pair that no majority decides — a ValueError says which; :func:`majority_relation`
        returns the relation itself in every case.

    See Also
    --------
    majority_relation : the relation, whatever its properties.
    condorcet : the same with "at least half" (always complete), ``cycles="tie"`` for cycles.

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19
    .. [2] May, K. O. (1952). A set of independent necessary and sufficient conditions for
       simple majority decision. *Econometrica* 20(4), 680–684. doi:10.2307/1907651

    Examples
    --------
    >>> majority([["a", "b", "c"], ["a", "c", "b"], ["b", "a", "c"]]).consensus
    [['a'], ['b'], ['c']]
    """
    relation = majority_relation(rankings, p, weights=weights, agg=agg, direction=direction, nan_policy=nan_policy)
    rel = relation.incidence.to_numpy()
    if relation.classification not in ("weak order", "linear order"):
        raise ValueError(f"the {relation.method} is a {relation.classification}, not a ranking: "
                         f"{_why_not_a_ranking(rel, relation.items)}. Use majority_relation() to see it, "
                         "condorcet(cycles='tie') to tie cycles, or method='kemeny' for the closest ranking.")
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    return _ranking_result(profile, rel, "majority", f"majority consensus (share > {p:g})")
