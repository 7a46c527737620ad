"""The results of the consensus methods: one protocol for Borda and Kemeny.

Every consensus result names the same things the same way (:class:`ConsensusResult`):

``items``
    The ranked items (the algorithms of a table), in the order of the input.
``consensus``
    The consensus ranking: a list of groups of tied items, best first (Kemeny: the first
    of its optimal rankings).
``optimal_rankings``
    Every consensus ranking found, each a list of groups (Borda: the one consensus; Kemeny:
    every optimum, up to ``max_solutions``); ``n_optimal`` counts them.
``n_rankings``
    The number of input rankings (the instances of a table); ``input_rankings`` lists them
    and ``profile`` holds them as a levels matrix (not exported).
``dropped_instances``
    The instances that ``nan_policy="omit"`` dropped (empty when none was).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._deprecation import renamed_field
from algocompare._results import BaseResult, internal
from algocompare.consensus._rankings import format_ranking, levels_to_groups

__all__ = ["BordaResult", "ConsensusResult", "KemenyResult", "RuleConsensusResult"]


@dataclass(frozen=True, kw_only=True)
class ConsensusResult(BaseResult):
    """What every consensus method returns: the consensus ranking and the rankings it came from.

    Attributes
    ----------
    items : the ranked items, in the order of the input.
    consensus : the consensus ranking, a list of groups of tied items, best first.
    optimal_rankings : every consensus ranking found (each a list of groups, best first).
    n_rankings : number of input rankings (instances of a table).
    dropped_instances : instances dropped by ``nan_policy="omit"`` (empty when none was).
    profile : the input rankings as a levels matrix (internal; ``input_rankings`` lists them).

    See Also
    --------
    BordaResult, KemenyResult : the two kinds of consensus.
    consensus : the function that returns them.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [2] Kemeny, J. G., Snell, J. L. (1962). *Mathematical Models in the Social Sciences*,
       chapter 2, "Preference rankings: an axiomatic approach". Ginn, Boston.

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.consensus(ac.load_dataset("ice_cream"), method="borda")
    >>> isinstance(r, ac.ConsensusResult), r.n_rankings
    (True, 3)
    """

    kind: ClassVar[str] = "consensus"

    items: tuple
    consensus: list
    optimal_rankings: list
    n_rankings: int
    profile: Any = internal()

    #: Deprecated alias of ``optimal_rankings`` (removed in 0.4).
    rankings = renamed_field("optimal_rankings")

    @property
    def n_optimal(self) -> int:
        """The number of consensus rankings listed in ``optimal_rankings``."""
        return len(self.optimal_rankings)

    @property
    def input_rankings(self) -> dict:
        """The input rankings by label (instance of a table, else position), each a list of groups."""
        if self.profile is None:
            return {}
        return {label: levels_to_groups(self.profile.items, row)
                for label, row in zip(self.profile.labels, self.profile.levels, strict=False)}


@dataclass(frozen=True, kw_only=True)
class BordaResult(ConsensusResult):
    """Scores per item and the consensus ranking (a list of groups, best first).

    Attributes
    ----------
    scores : the total score of each item (weighted over the rankings).
    score : the scoring rule (see :func:`borda`).
    ties : the treatment of tied items (see :func:`borda`).
    consensus : the items by decreasing score, equal scores tied; ``optimal_rankings`` is
        ``[consensus]``.
    items : the ranked items (as :class:`ConsensusResult`).
    optimal_rankings : every consensus ranking found (as :class:`ConsensusResult`).
    n_rankings : number of input rankings (as :class:`ConsensusResult`).
    profile : the input rankings (internal, as :class:`ConsensusResult`).

    See Also
    --------
    borda : the function that returns it.
    KemenyResult : the symmetric-difference consensus.

    References
    ----------
    .. [1] Borda, J.-C. de (1781). Mémoire sur les élections au scrutin. *Histoire de
       l'Académie Royale des Sciences*, Paris.
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.borda([["a", "b", "c"], ["a", "c", "b"]])
    >>> r.consensus, r.scores.tolist()
    ([['a'], ['b', 'c']], [6.0, 3.0, 3.0])
    """

    scores: pd.Series
    score: str
    ties: str

    def to_frame(self) -> pd.DataFrame:
        rank = {item: k + 1 for k, group in enumerate(self.consensus) for item in group}
        return pd.DataFrame({"item": list(self.scores.index), "score": self.scores.to_numpy(),
                             "consensus_rank": [rank[i] for i in self.scores.index]})

    def __str__(self) -> str:
        lines = [f"{self.method}: {format_ranking(self.consensus)}"]
        scores = self.scores.sort_values(ascending=False)
        shown = [f"{value:g}" for value in scores]
        name_width = max((len(str(item)) for item in scores.index), default=0)
        value_width = max((len(text) for text in shown), default=0)  # scores right-aligned, one column
        lines += [f"  {item!s:<{name_width}}  {text:>{value_width}}"
                  for item, text in zip(scores.index, shown, strict=True)]
        return "\n".join(lines + self._dropped_lines())


@dataclass(frozen=True, kw_only=True)
class KemenyResult(ConsensusResult):
    """Every optimal symmetric-difference consensus and the objective value.

    Attributes
    ----------
    consensus : the first optimal consensus; ``optimal_rankings`` lists every optimum found.
    objective : sum_i w_i d(c, r_i)^ell of the consensus (relations' ``objval``).
    optimal : whether optimality is proven (False after a time limit or a heuristic).
    lower_bound : proven lower bound on the optimum.
    gap : relative gap between the objective and the bound (0 when optimal).
    complete : whether ``optimal_rankings`` holds every optimum (False when
        ``max_solutions`` or the time limit cut the enumeration short).
    orders : the admissible orders, ``"linear"`` or ``"weak"`` (see :func:`kemeny`).
    ell : the exponent of the objective, 1 or 2 (see :func:`kemeny`).
    solver : the method that found the consensus (``"dp"``, ``"milp"``, ``"heuristic"``, ...).
    elapsed : seconds the solver took.
    items : the ranked items (as :class:`ConsensusResult`).
    optimal_rankings : every consensus ranking found (as :class:`ConsensusResult`).
    n_rankings : number of input rankings (as :class:`ConsensusResult`).
    profile : the input rankings (internal, as :class:`ConsensusResult`).

    See Also
    --------
    kemeny : the function that returns it.
    BordaResult : the positional consensus.

    References
    ----------
    .. [1] Kemeny, J. G., Snell, J. L. (1962). *Mathematical Models in the Social Sciences*,
       chapter 2, "Preference rankings: an axiomatic approach". Ginn, Boston.
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.kemeny([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]])
    >>> r.consensus, r.optimal, r.n_optimal
    ([['a'], ['b'], ['c']], True, 1)
    """

    objective: float
    orders: str
    ell: int
    optimal: bool
    lower_bound: float
    gap: float
    complete: bool
    solver: str
    elapsed: float

    def to_frame(self) -> pd.DataFrame:
        """One row per optimal consensus with its ranking written ``a > b = c``."""
        return pd.DataFrame({"solution": np.arange(1, len(self.optimal_rankings) + 1),
                             "ranking": [format_ranking(r) for r in self.optimal_rankings],
                             "objective": self.objective})

    def __str__(self) -> str:
        status = "optimal" if self.optimal else f"best found, gap {self.gap:.3g}"
        found = self.optimal_rankings
        lines = [f"{self.method} over {self.orders} orders ({status}; objective {self.objective:g}, "
                 f"{len(found)} consensus ranking(s){'' if self.complete else ', enumeration cut short'})"]
        lines += [f"  {format_ranking(r)}" for r in found[:20]]
        if len(found) > 20:
            lines.append(f"  ... {len(found) - 20} more")
        return "\n".join(lines + self._dropped_lines())


@dataclass(frozen=True, kw_only=True)
class RuleConsensusResult(ConsensusResult):
    """The consensus of a rule of the :data:`CONSENSUS_RULES` registry (Copeland, Condorcet, ...).

    Attributes
    ----------
    rule : the registry key of the rule (``"copeland"``, ``"condorcet"``, ``"cook_seiford"``, ...).
    orders : ``"linear"`` or ``"weak"``: the orders the consensus was chosen among (Cook–Seiford:
        linear; CKS and PC: their ``orders=``); for the rules whose consensus may tie (Copeland,
        Condorcet, majority), "weak" unless it has no tie.
    scores : the score of each item, for the score rules (Copeland), else None.
    objective : sum_i w_i d(c, r_i) of the consensus for the rules that minimise a distance
        (Cook–Seiford: the footrule; CKS and PC: their distance), else None.
    complete : whether ``optimal_rankings`` lists every optimum (False when ``max_solutions``
        cut the listing short).
    consensus : the consensus ranking (the first optimum when there are several).
    items : the ranked items (as :class:`ConsensusResult`).
    optimal_rankings : every consensus ranking found (as :class:`ConsensusResult`).
    n_rankings : number of input rankings (as :class:`ConsensusResult`).
    profile : the input rankings (internal, as :class:`ConsensusResult`).

    See Also
    --------
    copeland, condorcet, cook_seiford, paired_comparison_consensus : the rules that return it.
    consensus : every rule of the registry on a results table.

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.copeland([["a", "b", "c"], ["a", "c", "b"]])
    >>> r.consensus, r.scores.tolist()
    ([['a'], ['b', 'c']], [4.0, -2.0, -2.0])
    """

    rule: str
    orders: str
    scores: pd.Series | None = None
    objective: float | None = None
    complete: bool = True

    def to_frame(self) -> pd.DataFrame:
        """One row per item: its consensus rank (1 = best group) and, for the score rules, its score."""
        rank = {item: k + 1 for k, group in enumerate(self.consensus) for item in group}
        frame = pd.DataFrame({"item": list(self.items), "consensus_rank": [rank[i] for i in self.items]})
        if self.scores is not None:
            frame["score"] = self.scores.reindex(list(self.items)).to_numpy()
        return frame.sort_values("consensus_rank", kind="stable").reset_index(drop=True)

    def __str__(self) -> str:
        extra = [] if self.objective is None else [f"objective {self.objective:g}"]
        if self.n_optimal > 1 or not self.complete:
            extra.append(f"{self.n_optimal}{'' if self.complete else '+'} optimal rankings")
        lines = [f"{self.method}" + (f" ({', '.join(extra)})" if extra else "") + f": {format_ranking(self.consensus)}"]
        lines += [f"  also optimal: {format_ranking(r)}" for r in self.optimal_rankings[1:20]]
        if self.scores is not None:
            scores = self.scores.sort_values(ascending=False)
            shown = [f"{value:g}" for value in scores]
            width = max(len(str(item)) for item in scores.index)
            value_width = max(len(text) for text in shown)  # right-aligned, as Borda's
            lines += [f"  {item!s:<{width}}  {text:>{value_width}}" for item, text in zip(scores.index, shown,
                                                                                          strict=True)]
        return "\n".join(lines + self._dropped_lines())
