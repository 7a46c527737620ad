"""One algorithm order for every table of a report or export: by mean rank, best first.

Tables of results come in the order their function produced them (the file's column
order, or the control first); rows about algorithms are put in mean-rank order here, so
that the summary, the post-hoc tables, the consensus and the Bayesian tables read in the
same order as the CD diagram and the heatmap.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

__all__ = ["algorithm_order", "in_order", "summary_frame"]

#: Columns that name one algorithm per row, and pairs of columns that name a pair.
_NAME_COLUMNS = ("algorithm", "item", "sample", "name")
_PAIR_COLUMNS = (("algorithm_a", "algorithm_b"), ("alg_a", "alg_b"), ("a", "b"))


def algorithm_order(data: Any) -> list[str]:
    """The algorithms of ``data`` by mean rank (best first; ties in column order)."""
    return [str(a) for a in data.mean_ranks().sort_values(kind="stable").index]


def summary_frame(data: Any) -> pd.DataFrame:
    """Descriptive statistics per algorithm with its mean rank, in mean-rank order."""
    return data.describe().assign(mean_rank=data.mean_ranks()).sort_values("mean_rank", kind="stable")


def in_order(frame: pd.DataFrame, bold: np.ndarray, order: list[str]) -> tuple[pd.DataFrame, np.ndarray]:
    """Rows of ``frame`` (and of its ``bold`` mask) in the algorithm ``order``.

    A row naming one algorithm goes by its position; a row naming a pair by the positions
    of the better-placed and then the other algorithm. Frames that name no algorithm, or
    name one the order does not know, are returned as they are.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> frame = pd.DataFrame({"algorithm_a": ["A", "A"], "algorithm_b": ["B", "C"], "p": [0.1, 0.2]})
    >>> in_order(frame, np.zeros((2, 3), bool), ["C", "A", "B"])[0]["algorithm_b"].tolist()
    ['C', 'B']
    """
    position = {name: i for i, name in enumerate(order)}
    keys = _sort_keys(frame, position)
    if keys is None:
        return frame, bold
    rows = sorted(range(len(frame)), key=lambda i: keys[i])
    ordered = frame.iloc[rows]
    if isinstance(frame.index, pd.RangeIndex):  # row numbers carry no meaning: renumbered
        ordered = ordered.reset_index(drop=True)
    return ordered, np.asarray(bold)[rows]


def _sort_keys(frame: pd.DataFrame, position: dict[str, int]) -> list[tuple] | None:
    for a, b in _PAIR_COLUMNS:
        if a in frame and b in frame:
            pairs = list(zip(frame[a].astype(str), frame[b].astype(str)))
            if all(x in position and y in position for x, y in pairs):
                return [tuple(sorted((position[x], position[y]))) for x, y in pairs]
            return None
    for column in _NAME_COLUMNS:
        if column in frame:
            names = frame[column].astype(str)
            return [(position[n],) for n in names] if all(n in position for n in names) else None
    names = [str(n) for n in frame.index]
    if len(names) > 1 and all(n in position for n in names):
        return [(position[n],) for n in names]
    return None
