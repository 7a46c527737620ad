"""Helpers shared by the frequentist modules: input conversion and tail probabilities."""

from __future__ import annotations

from typing import Any

import pandas as pd

from algocompare._options import ALTERNATIVES, check_alternative
from algocompare.data._convert import as_blocks, drop_record

__all__ = ["ALTERNATIVES", "check_alternative", "oriented_blocks", "normal_pvalue", "discrete_pvalue"]


def oriented_blocks(data: Any, *, direction: str | None = None, nan_policy: str = "raise",
                    min_instances: int = 2, min_algorithms: int = 2,
                    agg: str = "mean") -> tuple[pd.DataFrame, tuple | None]:
    """Instances × algorithms table with lower = better, checked once at the edge, and the
    instances that ``nan_policy="omit"`` dropped (recorded in every result)."""
    results = as_blocks(data, direction=direction, nan_policy=nan_policy,
                        min_instances=min_instances, min_algorithms=min_algorithms)
    return results.blocks(agg, oriented=True), drop_record(results, nan_policy)


def normal_pvalue(z: float, alternative: str) -> float:
    """Tail probability of a standard normal z from survival functions (no 1 - cdf)."""
    from scipy.stats import norm

    if alternative == "greater":
        return float(norm.sf(z))
    if alternative == "less":
        return float(norm.cdf(z))
    return float(min(1.0, 2.0 * norm.sf(abs(z))))


def discrete_pvalue(lower: float, upper: float, alternative: str) -> float:
    """p-value from P(S <= s) (``lower``) and P(S >= s) (``upper``) of a discrete statistic."""
    if alternative == "greater":
        return float(min(1.0, upper))
    if alternative == "less":
        return float(min(1.0, lower))
    return float(min(1.0, 2.0 * min(lower, upper)))
