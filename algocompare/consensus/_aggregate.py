"""``consensus(data, method=...)``: the consensus of the per-instance rankings of a Results."""

from __future__ import annotations

from typing import Any

from algocompare._validation import check_option
from algocompare.consensus._rankings import check_consensus_options
from algocompare.consensus._results import ConsensusResult
from algocompare.data._convert import as_results

__all__ = ["consensus"]

#: kemeny's default time budget (``kemeny.DEFAULT_TIME_LIMIT``, repeated here so that importing
#: this module does not import the solvers; a test checks they agree).
_KEMENY_TIME_LIMIT = 10.0
#: The options that belong to one method only, with their defaults.
_KEMENY_ONLY = {"orders": "linear", "ell": 1, "time_limit": _KEMENY_TIME_LIMIT, "max_solutions": 10_000}
_BORDA_ONLY = {"score": "borda", "ties": "relations"}


def consensus(data: Any, method: str = "kemeny", *, orders: str = "linear", ell: int = 1, weights: Any = None,
              agg: str = "mean", direction: str | None = None, nan_policy: str = "raise",
              time_limit: float | None = _KEMENY_TIME_LIMIT, max_solutions: int = 10_000, score: str = "borda",
              ties: str = "relations") -> ConsensusResult:
    """Consensus ranking of the algorithms over the instances (MAMP as p MASP rankings, §2–3).

    Each instance ranks the algorithms by their aggregated value (``agg``; ties where the
    values tie); the rankings are aggregated by the Borda count (``method="borda"``, see
    :func:`borda`) or the symmetric-difference (Kemeny) consensus over ``orders``
    ("linear" or "weak", see :func:`kemeny`).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    method : {"kemeny", "borda"}
        The consensus method.
    orders, ell, time_limit, max_solutions
        Options of :func:`kemeny` (``method="kemeny"`` only); ``time_limit`` is 10 seconds by
        default (then the best order found, with its proven gap), None for no limit.
    score, ties
        Options of :func:`borda` (``method="borda"`` only).
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
    KemenyResult or BordaResult

    See Also
    --------
    borda, kemeny : the two methods, on rankings or tables.
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
    from algocompare.consensus._borda import borda
    from algocompare.consensus._kemeny import kemeny

    check_option("method", method, ("borda", "kemeny"))
    given = {"orders": orders, "ell": ell, "time_limit": time_limit, "max_solutions": max_solutions,
             "score": score, "ties": ties}
    foreign, owner = (_KEMENY_ONLY, "kemeny") if method == "borda" else (_BORDA_ONLY, "borda")
    for name, default in foreign.items():
        if given[name] != default:
            raise ValueError(f"{name}={given[name]!r} is an option of method={owner!r}; "
                             f"method={method!r} does not take it.")
    check_consensus_options("consensus", direction, nan_policy)
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    if method == "borda":
        return borda(results, weights=weights, agg=agg, score=score, ties=ties)
    return kemeny(results, orders=orders, ell=ell, weights=weights, agg=agg, time_limit=time_limit,
                  max_solutions=max_solutions)
