"""The consensus criteria at work (Bartz-Beielstein et al., §3): IIA, majority, Pareto.

Each function applies a consensus method to a profile and reports the pairs of items that
violate the criterion:

* independence of irrelevant alternatives — remove an item and look for rank reversals
  among the others (the ice-cream example: dropping blueberry swaps cherry and chocolate
  in the mean-rank consensus);
* majority — a ranked above b by more than half the weight, but not in the consensus;
* Pareto — a ranked above b in every ranking, but not in the consensus.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._options import documented_table_options
from algocompare._results import BaseResult
from algocompare._validation import check_option
from algocompare.consensus._rankings import as_profile, check_consensus_options, format_ranking

__all__ = ["check_iia", "check_majority", "check_pareto", "CriterionResult"]


@dataclass(frozen=True, kw_only=True)
class CriterionResult(BaseResult):
    """Whether a consensus criterion holds, with the violating pairs.

    Attributes
    ----------
    criterion : str
        ``"IIA"`` (independence of irrelevant alternatives), ``"majority"`` or ``"pareto"``.
    consensus_method : str
        The consensus method checked.
    satisfied : bool
        Whether the criterion holds.
    consensus : list
        The consensus ranking (groups, best first).
    violations : pandas.DataFrame
        One row per violating pair (``item_a``, ``item_b``, ``detail``).
    reduced_consensus : list or None
        The consensus without the removed items (IIA only).
    removed : optional
        The items removed (IIA only).

    See Also
    --------
    check_iia, check_majority, check_pareto : the checks that return it.

    References
    ----------
    .. [1] Arrow, K. J. (1950). A difficulty in the concept of social welfare. *Journal of
       Political Economy* 58(4), 328–346. https://www.jstor.org/stable/1828886
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.check_pareto(ac.load_dataset("ice_cream"))
    >>> r.criterion, r.satisfied, len(r.violations)
    ('pareto', True, 0)
    """

    kind: ClassVar[str] = "consensus_property"

    criterion: str
    consensus_method: str
    satisfied: bool
    consensus: list
    violations: pd.DataFrame
    reduced_consensus: list | None = None
    removed: Any = None

    def to_frame(self) -> pd.DataFrame:
        if len(self.violations):
            return self.violations
        return pd.DataFrame([{"criterion": self.criterion, "satisfied": self.satisfied}])

    def __str__(self) -> str:
        lines = [f"{self.criterion} under {self.consensus_method}: "
                 f"{'satisfied' if self.satisfied else 'violated'}",
                 f"  consensus: {format_ranking(self.consensus)}"]
        if self.reduced_consensus is not None:
            lines.append(f"  without {self.removed!r}: {format_ranking(self.reduced_consensus)}")
        lines += [f"  {row.item_a} vs {row.item_b}: {row.detail}" for row in self.violations.itertuples()]
        return "\n".join(lines + self._dropped_lines())


def _consensus(profile_input: Any, method: str, weights: Any, options: dict) -> list:
    """The consensus ranking of ``method``; ``options`` holds the method's own options."""
    from algocompare.consensus._borda import borda
    from algocompare.consensus._kemeny import kemeny

    if method == "borda":
        return borda(profile_input, weights=weights, score=options["score"], ties=options["ties"]).consensus
    if method == "mean_rank":
        return borda(profile_input, weights=weights, ties="relations").consensus
    if method not in _METHODS:  # another rule of the registry, with its own defaults
        from algocompare.consensus._rules import CONSENSUS_RULES

        rule = CONSENSUS_RULES[method]
        return rule.function(profile_input, weights=weights, **rule.options).consensus
    orders = "weak" if method == "kemeny_weak" else "linear"
    return kemeny(profile_input, orders=orders, weights=weights, ell=options["ell"],
                  time_limit=options["time_limit"], max_solutions=options["max_solutions"]).consensus


#: The parameters of the check_* functions, shared by their docstrings.
_SHARED_DOC = """method : {"borda", "mean_rank", "kemeny", "kemeny_weak", "copeland", "condorcet", ...}
        The consensus method: "borda", "mean_rank" (the same order as Borda), "kemeny"
        (linear orders) or "kemeny_weak" (weak orders), or any other rule of
        :data:`CONSENSUS_RULES` ("copeland", "condorcet", "majority", "cook_seiford", "cks",
        "pc") with its default options.
    weights : array-like, optional
        One non-negative weight per ranking (default 1).
    agg : {"mean", "median"}
        How a table's runs are aggregated per instance and algorithm.
    {ranking_options}
    score, ties
        Options of :func:`borda` (``method="borda"``).
    ell, time_limit, max_solutions
        Options of :func:`kemeny` (``method="kemeny"`` or ``"kemeny_weak"``)."""


_METHODS = ("borda", "mean_rank", "kemeny", "kemeny_weak")


def _methods() -> tuple[str, ...]:
    """The methods the checks take: their own, then the other rules of the registry."""
    from algocompare.consensus._rules import CONSENSUS_RULES

    return _METHODS + tuple(key for key in CONSENSUS_RULES.keys() if key not in _METHODS)


def _position(ranking: list) -> dict:
    return {item: k for k, group in enumerate(ranking) for item in group}


def check_iia(rankings: Any, remove: Any, method: str = "borda", *, weights: Any = None, agg: str = "mean",
              direction: str | None = None, nan_policy: str = "raise", score: str = "borda",
              ties: str = "relations", ell: int = 1, time_limit: float | None = None,
              max_solutions: int = 10_000) -> CriterionResult:
    """Independence of irrelevant alternatives: does removing ``remove`` reverse another pair?

    ``remove`` is one item or a list of items (e.g. ``["blueberry", "cherry"]``).

    A pair counts as changed when its order in the consensus differs (a ≻ b, a ~ b, b ≻ a)
    with and without the removed item.

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        The profile (see :func:`borda`).
    remove : item or list of items
        The items removed from every ranking.
    {shared}

    Returns
    -------
    CriterionResult
        ``satisfied``, the ``violations`` (pairs whose order changed), ``consensus`` and
        ``reduced_consensus`` (without ``remove``).

    See Also
    --------
    check_majority, check_pareto : the other criteria.
    consensus : the consensus being checked.

    References
    ----------
    .. [1] Arrow, K. J. (1950). A difficulty in the concept of social welfare. *Journal of
       Political Economy* 58(4), 328–346. https://www.jstor.org/stable/1828886
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [3] Saari, D. G., Merlin, V. R. (2000). A geometric examination of Kemeny's rule.
       *Social Choice and Welfare* 17(3), 403–438.

    Examples
    --------
    >>> import algocompare as ac
    >>> res = check_iia(ac.load_dataset("ice_cream"), "blueberry", method="mean_rank")
    >>> res.satisfied
    False
    """
    check_option("method", method, _methods())
    check_consensus_options("check_iia", direction, nan_policy)
    options = {"score": score, "ties": ties, "ell": ell, "time_limit": time_limit, "max_solutions": max_solutions}
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    removed = list(remove) if isinstance(remove, (list, tuple, set)) else [remove]
    unknown = [r for r in removed if r not in profile.items]
    if unknown or not removed:
        raise ValueError(f"{unknown or remove!r}: remove names items of the profile {list(profile.items)!r}.")
    if len(removed) > len(profile.items) - 2:
        raise ValueError("removing these items leaves fewer than two to rank.")
    full_rankings = profile.rankings()
    reduced = [[[i for i in g if i not in removed] for g in r] for r in full_rankings]
    reduced = [[g for g in r if g] for r in reduced]
    before = _consensus(full_rankings, method, weights, options)
    after = _consensus(reduced, method, weights, options)
    pb, pa = _position(before), _position(after)
    rows = []
    items = [i for i in profile.items if i not in removed]
    for x in range(len(items)):
        for y in range(x + 1, len(items)):
            a, b = items[x], items[y]
            s_before, s_after = np.sign(pb[b] - pb[a]), np.sign(pa[b] - pa[a])
            if s_before != s_after:
                rows.append({"item_a": a, "item_b": b, "detail": f"{_rel(s_before)} with {remove!r}, "
                             f"{_rel(s_after)} without"})
    return CriterionResult(method="independence of irrelevant alternatives", criterion="IIA",
                           consensus_method=method, satisfied=not rows, consensus=before,
                           violations=pd.DataFrame(rows, columns=["item_a", "item_b", "detail"]),
                           reduced_consensus=after, removed=remove, dropped_instances=profile.dropped)


def _rel(sign: float) -> str:
    return {1: "a > b", 0: "a = b", -1: "b > a"}[int(sign)]


def _pairwise_check(rankings: Any, method: str, weights: Any, criterion: str, options: dict) -> CriterionResult:
    check_option("method", method, _methods())
    agg, direction, nan_policy = options.pop("agg"), options.pop("direction"), options.pop("nan_policy")
    check_consensus_options(f"check_{criterion}", direction, nan_policy)
    profile = as_profile(rankings, weights, agg=agg, direction=direction, nan_policy=nan_policy)
    cons = _consensus(profile.rankings(), method, weights, options)
    pos = _position(cons)
    lev = profile.levels
    better = np.einsum("r,rab->ab", profile.weights, (lev[:, :, None] < lev[:, None, :]).astype(float))
    total = profile.total_weight
    rows = []
    for i, a in enumerate(profile.items):
        for j, b in enumerate(profile.items):
            required = better[i, j] > total / 2 if criterion == "majority" else np.isclose(better[i, j], total)
            if i != j and required and not pos[a] < pos[b]:
                share = better[i, j] / total
                rows.append({"item_a": a, "item_b": b,
                             "detail": f"{share:.0%} of the weight ranks {a!r} above {b!r}, the consensus does not"})
    name = "majority criterion" if criterion == "majority" else "Pareto efficiency"
    return CriterionResult(method=name, criterion=criterion, consensus_method=method, satisfied=not rows,
                           consensus=cons, violations=pd.DataFrame(rows, columns=["item_a", "item_b", "detail"]),
                           dropped_instances=profile.dropped)


def check_majority(rankings: Any, method: str = "borda", *, weights: Any = None, agg: str = "mean",
                   direction: str | None = None, nan_policy: str = "raise", score: str = "borda",
                   ties: str = "relations", ell: int = 1, time_limit: float | None = None,
                   max_solutions: int = 10_000) -> CriterionResult:
    """Majority criterion: a ranked above b by more than half the weight ⇒ a above b in the consensus.

    No method can satisfy it when the majority relation has a cycle; the violations list
    the pairs where it fails.

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        The profile (see :func:`borda`).
    {shared}

    Returns
    -------
    CriterionResult
        ``satisfied``, the ``violations`` (pairs a majority ranks the other way) and the
        ``consensus``.

    See Also
    --------
    check_iia, check_pareto : the other criteria.
    consensus : the consensus being checked.

    References
    ----------
    .. [1] Arrow, K. J. (1950). A difficulty in the concept of social welfare. *Journal of
       Political Economy* 58(4), 328–346. https://www.jstor.org/stable/1828886
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [3] Saari, D. G., Merlin, V. R. (2000). A geometric examination of Kemeny's rule.
       *Social Choice and Welfare* 17(3), 403–438.

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.check_majority(ac.load_dataset("ice_cream"), "borda")
    >>> r.satisfied, r.violations[["item_a", "item_b"]].values.tolist()
    (False, [['chocolate', 'vanilla'], ['vanilla', 'strawberry'], ['blueberry', 'chocolate']])
    """
    return _pairwise_check(rankings, method, weights, "majority", dict(
        agg=agg, direction=direction, nan_policy=nan_policy, score=score, ties=ties, ell=ell,
        time_limit=time_limit, max_solutions=max_solutions))


def check_pareto(rankings: Any, method: str = "borda", *, weights: Any = None, agg: str = "mean",
                 direction: str | None = None, nan_policy: str = "raise", score: str = "borda",
                 ties: str = "relations", ell: int = 1, time_limit: float | None = None,
                 max_solutions: int = 10_000) -> CriterionResult:
    """Pareto efficiency: a above b in every ranking ⇒ a above b in the consensus.

    Parameters
    ----------
    rankings : list of rankings, Results, DataFrame or 2-D array
        The profile (see :func:`borda`).
    {shared}

    Returns
    -------
    CriterionResult
        ``satisfied``, the ``violations`` (pairs every ranking orders the other way) and the
        ``consensus``.

    See Also
    --------
    check_iia, check_majority : the other criteria.
    consensus : the consensus being checked.

    References
    ----------
    .. [1] Arrow, K. J. (1950). A difficulty in the concept of social welfare. *Journal of
       Political Economy* 58(4), 328–346. https://www.jstor.org/stable/1828886
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [3] Saari, D. G., Merlin, V. R. (2000). A geometric examination of Kemeny's rule.
       *Social Choice and Welfare* 17(3), 403–438.

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.check_pareto(ac.load_dataset("ice_cream"), "borda")
    >>> r.satisfied, ac.format_ranking(r.consensus)
    (True, 'strawberry > vanilla > cherry > chocolate > blueberry')
    """
    return _pairwise_check(rankings, method, weights, "pareto", dict(
        agg=agg, direction=direction, nan_policy=nan_policy, score=score, ties=ties, ell=ell,
        time_limit=time_limit, max_solutions=max_solutions))


for _function in (check_iia, check_majority, check_pareto):
    if _function.__doc__:  # None under python -OO
        _function.__doc__ = _function.__doc__.replace("{shared}", _SHARED_DOC)
    documented_table_options(_function)
