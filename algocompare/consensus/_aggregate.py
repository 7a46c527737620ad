"""``consensus(data, method=...)``: the consensus of the per-instance rankings of a Results."""

from __future__ import annotations

from typing import Any

from algocompare.consensus._rankings import check_consensus_options
from algocompare.consensus._results import ConsensusResult
from algocompare.data._convert import as_results

__all__ = ["consensus"]

#: kemeny's default time budget (``kemeny.DEFAULT_TIME_LIMIT``, repeated here so that importing
#: this module does not import the solvers; a test checks they agree).
_KEMENY_TIME_LIMIT = 10.0
#: consensus()'s own defaults of the options it names (an option left at its default is not passed
#: on, so that each rule uses its own default).
_NAMED_DEFAULTS = {"orders": "linear", "ell": 1, "time_limit": _KEMENY_TIME_LIMIT, "max_solutions": 10_000,
                   "score": "borda", "ties": "relations", "variant": "relations", "cycles": "raise", "p": 0.5,
                   "delta": "symdiff"}


def consensus(data: Any, method: str = "kemeny", *, orders: str = "linear", ell: int = 1, weights: Any = None,
              agg: str = "mean", direction: str | None = None, nan_policy: str = "raise",
              time_limit: float | None = _KEMENY_TIME_LIMIT, max_solutions: int = 10_000, score: str = "borda",
              ties: str = "relations", variant: str = "relations", cycles: str = "raise", p: float = 0.5,
              delta: Any = "symdiff") -> ConsensusResult:
    """Consensus ranking of the algorithms over the instances (MAMP as p MASP rankings, §2–3).

    Each instance ranks the algorithms by their aggregated value (``agg``; ties where the
    values tie); the rankings are aggregated by one rule of the :data:`CONSENSUS_RULES`
    registry: the Borda count (``method="borda"``, see :func:`borda`), the
    symmetric-difference (Kemeny) consensus over ``orders`` ("linear" or "weak", see
    :func:`kemeny`), Copeland (:func:`copeland`), Condorcet (:func:`condorcet`), the majority
    relation (:func:`majority`), Cook–Seiford (:func:`cook_seiford`), or the CKS and
    paired-comparison rules (:func:`paired_comparison_consensus`).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    method : {"kemeny", "borda", "copeland", "condorcet", "majority", "cook_seiford", "cks", "pc"}
        The consensus rule, a key of :data:`CONSENSUS_RULES`; relations' names are accepted
        too, in any case: "CS" (cook_seiford), "SD/L", "SD/W", "symdiff/L", "symdiff/W"
        (kemeny), "CKS/L", "CKS/W", "PC/L", "PC/W" (the family sets ``orders``).
    orders, ell, time_limit, max_solutions
        Options of :func:`kemeny` (``method="kemeny"``); ``time_limit`` is 10 seconds by
        default (then the best order found, with its proven gap), None for no limit.
        ``orders``, ``time_limit`` and ``max_solutions`` are also options of "cks" and "pc",
        ``max_solutions`` of "cook_seiford" (each rule's own default when left unset).
    score, ties
        Options of :func:`borda` (``method="borda"`` only).
    variant, cycles, p, delta
        Options of :func:`copeland` (``variant``), :func:`condorcet` (``cycles``),
        :func:`majority` (``p``) and the "pc" rule (``delta``, see
        :func:`paired_comparison_consensus`). An option given to a rule that does not take it
        raises.
    weights : array-like, optional
        One non-negative weight per instance (default 1).
    agg : {"mean", "median"}
        How the runs are aggregated per instance and algorithm.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a Results knows it; a DataFrame or an array is
        taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances, recorded in the result's
        ``dropped_instances``; ``"keep"`` is refused.

    Returns
    -------
    KemenyResult, BordaResult or RuleConsensusResult

    See Also
    --------
    borda, kemeny : the two methods, on rankings or tables.
    CONSENSUS_RULES : the registry of the rules, with their options and references.
    instance_rankings : the per-instance rankings that are aggregated.
    check_iia, check_majority, check_pareto : the criteria a consensus may violate.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5
    .. [2] Kemeny, J. G., Snell, J. L. (1962). *Mathematical Models in the Social Sciences*,
       chapter 2, "Preference rankings: an axiomatic approach". Ginn, Boston.
    .. [3] Borda, J.-C. de (1781). Mémoire sur les élections au scrutin. *Histoire de
       l'Académie Royale des Sciences*, Paris.

    Examples
    --------
    >>> import algocompare as ac
    >>> consensus(ac.load_dataset("ice_cream"), method="borda").consensus[0]
    ['strawberry']
    """
    from algocompare.consensus._rules import CONSENSUS_RULES, owners, resolve

    method, implied = resolve(method)
    rule = CONSENSUS_RULES[method]
    named = {"orders": orders, "ell": ell, "time_limit": time_limit, "max_solutions": max_solutions,
             "score": score, "ties": ties, "variant": variant, "cycles": cycles, "p": p, "delta": delta}
    given = {name: value for name, value in named.items() if not _is_default(value, _NAMED_DEFAULTS[name])}
    for name, value in implied.items():  # relations' "CKS/W" says orders="weak"
        if name in given and given[name] != value:
            raise ValueError(f"method={method!r} from relations' name implies {name}={value!r}, but "
                             f"{name}={given[name]!r} was given; give one of them.")
        given[name] = value
    for name, value in given.items():
        if name not in rule.options:
            takers = owners(name)
            raise ValueError(f"{name}={value!r} is an option of method={', '.join(map(repr, takers))}; "
                             f"method={method!r} does not take it.")
    check_consensus_options("consensus", direction, nan_policy)
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    return rule.function(results, weights=weights, agg=agg, **{**rule.options, **given})


def _is_default(value: Any, default: Any) -> bool:
    """Whether an option was left at consensus()'s default (a sequence of numbers never is one)."""
    return isinstance(value, type(default)) and not isinstance(value, bool) and value == default
