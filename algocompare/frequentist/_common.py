"""Helpers shared by the frequentist modules: input conversion and tail probabilities."""

from __future__ import annotations

from typing import Any

import pandas as pd

from algocompare import _validation as v

from algocompare.data.convert import as_blocks
ALTERNATIVES = ("two-sided", "less", "greater")


def oriented_blocks(data: Any, *, min_instances: int = 2, min_algorithms: int = 2,
                    agg: str = "mean") -> pd.DataFrame:
    """Instances × algorithms table with lower = better, checked once at the edge."""
    results = as_blocks(data, min_instances=min_instances, min_algorithms=min_algorithms)
    return results.blocks(agg, oriented=True)


def check_alternative(alternative: str) -> str:
    return v.check_option("alternative", alternative, ALTERNATIVES)


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
