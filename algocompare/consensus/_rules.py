"""The consensus rules, one entry each: what ``consensus(method=...)`` and ``algocompare consensus`` offer.

Each :class:`ConsensusRule` names the function that computes the rule, the orders it returns,
its own options with their defaults and its source. Adding a rule means one function and one
entry here; :func:`algocompare.consensus.consensus`, the command line's ``--method`` and
:func:`check_pareto`/:func:`check_majority` read this table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from algocompare._registry import Registry

__all__ = ["CONSENSUS_RULES", "ConsensusRule"]


@dataclass(frozen=True)
class ConsensusRule:
    """One consensus rule: key, display label, function, orders returned, own options, reference.

    Attributes
    ----------
    key : str
        What ``consensus(method=...)`` and ``algocompare consensus --method`` take.
    label : str
        The rule's display name.
    function : callable
        Called as ``function(table_or_rankings, weights=..., agg=..., **options)``.
    orders : str
        The orders the consensus can be: "linear", "weak", or "linear or weak" (``orders=``).
    options : mapping
        The rule's own options and their defaults.
    reference : str
        Where the rule comes from.

    See Also
    --------
    consensus : runs a rule on a results table.

    References
    ----------
    .. [1] Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking
       experiments. In R. Decker, H.-J. Lenz (eds.), *Advances in Data Analysis*, 163–170.
       Springer. doi:10.1007/978-3-540-70981-7_19

    Examples
    --------
    >>> import algocompare as ac
    >>> rule = ac.CONSENSUS_RULES["cook_seiford"]
    >>> rule.orders, dict(rule.options)
    ('linear', {'max_solutions': 100})
    """

    key: str
    label: str
    #: the function, called as ``function(profile_or_table, weights=..., agg=..., **options)``
    function: Callable[..., Any]
    #: the orders the consensus can be: "linear", "weak", or "linear or weak" (chosen by ``orders=``)
    orders: str
    #: the rule's own options and their defaults
    options: Mapping[str, Any] = field(default_factory=dict)
    #: where the rule comes from
    reference: str = ""


def _lazy(module: str, name: str, **fixed: Any) -> Callable[..., Any]:
    """The function ``name`` of ``module`` (with the options ``fixed``), imported when the rule is
    first used, so that importing the registry imports no solver."""
    def call(*args: Any, **kwargs: Any) -> Any:
        import importlib

        return getattr(importlib.import_module(f"algocompare.consensus.{module}"), name)(*args, **fixed, **kwargs)

    call.__name__ = name
    return call


#: kemeny's default time budget (``kemeny.DEFAULT_TIME_LIMIT``; a test checks they agree)
KEMENY_TIME_LIMIT = 10.0

CONSENSUS_RULES: Registry[ConsensusRule] = Registry("method")

_HORNIK_MEYER = ("Hornik, K., Meyer, D. (2007). Deriving consensus rankings from benchmarking experiments. "
                 "Advances in Data Analysis, 163-170. doi:10.1007/978-3-540-70981-7_19")

for _rule in (
    ConsensusRule("borda", "Borda count", _lazy("_borda", "borda"), "weak",
                  MappingProxyType({"score": "borda", "ties": "relations"}),
                  "Borda (1781); relations' 'Borda'"),
    ConsensusRule("kemeny", "Kemeny (symmetric difference)", _lazy("_kemeny", "kemeny"), "linear or weak",
                  MappingProxyType({"orders": "linear", "ell": 1, "time_limit": KEMENY_TIME_LIMIT,
                                    "max_solutions": 10_000}),
                  "Kemeny & Snell (1962); relations' 'symdiff/L', 'symdiff/W'"),
    ConsensusRule("copeland", "Copeland", _lazy("_copeland", "copeland"), "weak",
                  MappingProxyType({"variant": "relations"}),
                  "Copeland (1951); relations' 'Copeland'"),
    ConsensusRule("condorcet", "Condorcet", _lazy("_majority", "condorcet"), "weak",
                  MappingProxyType({"cycles": "raise"}),
                  "Condorcet (1785); relations' 'Condorcet'"),
    ConsensusRule("majority", "majority relation", _lazy("_majority", "majority"), "weak",
                  MappingProxyType({"p": 0.5}), "relations' 'majority'; " + _HORNIK_MEYER),
    ConsensusRule("cook_seiford", "Cook–Seiford (footrule, assignment)", _lazy("_cook_seiford", "cook_seiford"),
                  "linear", MappingProxyType({"max_solutions": 100}),
                  "Cook & Seiford (1978), doi:10.1287/mnsc.24.16.1721; relations' 'CS'"),
    ConsensusRule("cks", "Cook–Kress–Seiford", _lazy("_paired", "paired_comparison_consensus", delta="CKS"),
                  "linear or weak", MappingProxyType({"orders": "linear", "max_solutions": 100,
                                    "time_limit": KEMENY_TIME_LIMIT}),
                  "Cook, Kress & Seiford (1986), doi:10.1007/BF02293980; relations' 'CKS/L', 'CKS/W'"),
    ConsensusRule("pc", "paired comparison", _lazy("_paired", "paired_comparison_consensus"), "linear or weak",
                  MappingProxyType({"delta": "symdiff", "orders": "linear", "max_solutions": 100,
                                    "time_limit": KEMENY_TIME_LIMIT}),
                  "relations' 'PC/L', 'PC/W'; " + _HORNIK_MEYER),
):
    CONSENSUS_RULES.register(_rule)
del _rule


#: relations' method names (``relation_consensus(method=...)``, matched without case) → (key, options)
_RELATIONS_NAMES = {"borda": ("borda", {}), "copeland": ("copeland", {}), "condorcet": ("condorcet", {}),
                    "majority": ("majority", {}), "cs": ("cook_seiford", {}),
                    **{f"{name}/{family}": (key, {"orders": orders})
                       for name, key in (("sd", "kemeny"), ("symdiff", "kemeny"), ("cks", "cks"), ("pc", "pc"))
                       for family, orders in (("l", "linear"), ("w", "weak"))}}


def resolve(method: Any) -> tuple[str, dict[str, Any]]:
    """The registry key of ``method`` and the options its name implies: a key, or one of relations'
    names ("CS", "SD/L", "symdiff/W", "CKS/L", "PC/W", "Copeland", ..., any case)."""
    if isinstance(method, str) and method not in CONSENSUS_RULES and method.lower() in _RELATIONS_NAMES:
        key, implied = _RELATIONS_NAMES[method.lower()]
        return key, dict(implied)
    CONSENSUS_RULES[method]  # an unknown name raises here, listing the keys
    return method, {}


def owners(option: str) -> list[str]:
    """The keys of the rules that take ``option``."""
    return [rule.key for rule in CONSENSUS_RULES if option in rule.options]
