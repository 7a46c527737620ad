"""Conversion of every accepted input to a :class:`~algocompare.Results`, at the edge of each
public function: a ``Results``, a wide DataFrame (rows = instances, columns = algorithms) or a
2-D array. The checks and their wording are in :mod:`algocompare._validation`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from algocompare._validation import check_design_size, check_direction, check_table_nan_policy, missing_cells_message
from algocompare.data._results import Results

__all__ = ["as_results", "as_blocks", "drop_record"]


def as_results(data: Any, *, direction: str | None = None, nan_policy: str = "raise") -> Results:
    """Convert ``data`` to a :class:`~algocompare.Results`.

    ``data`` may be a ``Results`` (returned as is, or re-oriented when ``direction`` is
    given and differs), a wide pandas DataFrame (rows = instances, columns = algorithms)
    or a 2-D array-like. ``nan_policy`` applies to missing cells of either: "raise"
    (what every complete-table test uses), "omit" (drop the instances that have one) or
    "keep" (only for the functions made for incomplete tables).
    """
    if isinstance(data, Results):
        if direction is not None and check_direction(direction) != data.direction:
            raise ValueError(
                f"the Results object says direction={data.direction!r} but direction={direction!r} "
                "was passed; build the Results with the direction you mean."
            )
        return _missing_cells_policy(data, check_table_nan_policy(nan_policy))
    direction = "minimize" if direction is None else direction
    if isinstance(data, pd.DataFrame):
        return Results.from_wide(data, direction=direction, nan_policy=nan_policy)
    if isinstance(data, (pd.Series, str, bytes, dict)) or np.ndim(data) != 2:
        raise TypeError(
            "expected a Results, a wide DataFrame (rows = instances, columns = algorithms) or a "
            f"2-D array, got {type(data).__name__}"
            + (f" with {np.ndim(data)} dimension(s)" if not isinstance(data, (str, bytes, dict)) else "")
            + "."
        )
    return Results.from_array(data, direction=direction, nan_policy=nan_policy)


def _missing_cells_policy(results: Results, nan_policy: str) -> Results:
    """A Results that kept its missing cells: raise, drop their instances, or pass it on."""
    if results.n_missing == 0 or nan_policy == "keep":
        return results
    if nan_policy == "omit":
        return results.omit_missing()
    raise ValueError(missing_cells_message(list(results.missing_cells), results.n_missing))


def as_blocks(data: Any, *, direction: str | None = None, nan_policy: str = "raise",
              min_instances: int = 2, min_algorithms: int = 2, agg: str = "mean") -> Results:
    """Convert to ``Results`` and check there are enough instances and algorithms."""
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    check_design_size(results.n_instances, results.n_algorithms,
                      min_instances=min_instances, min_algorithms=min_algorithms)
    return results


def drop_record(results: Results, nan_policy: str | None) -> tuple | None:
    """What a result records in ``dropped_instances``: the instances dropped on the way (by
    this call's ``nan_policy="omit"`` or when the ``Results`` was built), an empty tuple
    when ``"omit"`` dropped none, and None when nothing could be dropped (``"raise"``)."""
    if nan_policy == "omit" or results.dropped_instances:
        return tuple(results.dropped_instances)
    return None
