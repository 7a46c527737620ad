"""``consensus(data, method=...)``: the consensus of the per-instance rankings of a Results."""

from __future__ import annotations

from typing import Any

from algocompare._validation import check_option
from algocompare.data.convert import as_results

__all__ = ["consensus"]


def consensus(data: Any, method: str = "kemeny", *, orders: str = "linear", weights: Any = None,
              agg: str = "mean", time_limit: float | None = None, **kwargs: Any):
    """Consensus ranking of the algorithms over the instances (MAMP as p MASP rankings, §2–3).

    Each instance ranks the algorithms by their aggregated value (``agg``; ties where the
    values tie); the rankings are aggregated by the Borda count (``method="borda"``, see
    :func:`borda`) or the symmetric-difference (Kemeny) consensus over ``orders``
    ("linear" or "weak", see :func:`kemeny`).

    >>> import algocompare as ac
    >>> consensus(ac.load_dataset("ice_cream"), method="borda").consensus[0]
    ['strawberry']
    """
    from algocompare.consensus.borda import borda
    from algocompare.consensus.kemeny import kemeny

    check_option("method", method, ("borda", "kemeny"))
    results = as_results(data)
    if method == "borda":
        return borda(results, weights=weights, agg=agg, **kwargs)
    return kemeny(results, orders=orders, weights=weights, agg=agg, time_limit=time_limit, **kwargs)
