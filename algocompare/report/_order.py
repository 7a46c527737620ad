"""One algorithm order for every table of a report or export: by mean rank, best first.

Tables of results come in the order their function produced them (the file's column
order, or the control first); rows about algorithms are put in mean-rank order here, so
that the summary, the post-hoc tables, the consensus and the Bayesian tables read in the
same order as the CD diagram and the heatmap.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from algocompare._tables import in_order

__all__ = ["algorithm_order", "in_order", "summary_frame"]


def algorithm_order(data: Any) -> list[str]:
    """The algorithms of ``data`` by mean rank (best first; ties in column order)."""
    return [str(a) for a in data.mean_ranks().sort_values(kind="stable").index]


def summary_frame(data: Any) -> pd.DataFrame:
    """Descriptive statistics per algorithm with its mean rank, in mean-rank order."""
    return data.describe().assign(mean_rank=data.mean_ranks()).sort_values("mean_rank", kind="stable")
