"""Conversion of every accepted input to a :class:`~algocompare.Results`, at the edge of each
public function: a ``Results``, a wide DataFrame (rows = instances, columns = algorithms) or a
2-D array. The checks and their wording are in :mod:`algocompare._validation`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from algocompare._validation import (
    as_sample_recorded,
    check_design_size,
    check_direction,
    check_nan_policy,
    check_table_nan_policy,
    missing_cells_message,
    show,
)
from algocompare.data._results import Results

__all__ = ["as_results", "as_blocks", "drop_record", "Groups", "as_groups"]


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


# ----------------------------------------------------------------------------- independent samples

@dataclass(frozen=True)
class Groups:
    """The runs of k algorithms on one instance as k independent samples (sizes may differ).

    ``samples`` are oriented (negated for ``direction="maximize"``: lower is better), in the
    order of ``names``; ``dropped`` maps an algorithm to the positions of the missing values
    that ``nan_policy="omit"`` dropped (None under ``"raise"``).
    """

    names: tuple
    samples: tuple
    direction: str
    instance: Any = None
    dropped: dict | None = None

    @property
    def algorithms(self) -> tuple:
        """The algorithms, in input order (``names``, as a ``Results`` calls them)."""
        return self.names

    @property
    def sizes(self) -> np.ndarray:
        """The number of runs of each algorithm."""
        return np.array([s.size for s in self.samples], dtype=int)

    def padded(self) -> np.ndarray:
        """Runs × algorithms, NaN below each algorithm's last run."""
        out = np.full((int(self.sizes.max()), len(self.samples)), np.nan)
        for j, sample in enumerate(self.samples):
            out[:sample.size, j] = sample
        return out


def as_groups(data: Any, *, instance: Any = None, direction: str | None = None, nan_policy: str = "raise",
              min_groups: int = 2) -> Groups:
    """The k samples of the runs of one instance, from every input a user may have.

    ``data`` is a :class:`~algocompare.Results` with runs (``instance=`` picks the instance,
    required when there are several), a long DataFrame with ``algorithm`` and ``value``
    columns (and ``instance``, then read as a ``Results``), a dict ``{algorithm: runs}`` or a
    list/tuple of 1-D arrays (named "1", "2", ...). Values are oriented once, here.
    """
    check_nan_policy(nan_policy)
    if isinstance(data, pd.DataFrame) and not isinstance(data, Results):
        data = _long_groups(data, direction, nan_policy)
    if isinstance(data, Results):
        results = as_results(data, direction=direction, nan_policy="keep")
        if instance is None and results.n_instances > 1:
            raise ValueError(f"these results have {results.n_instances} instances; choose one with instance= "
                             "(or compare them all with per_instance).")
        runs = results.instance_runs(instance, oriented=True)
        named = {a: s.to_numpy(float) for a, s in runs.items()}
        return _checked_groups(named, results.direction, instance if instance is not None
                               else results.instances[0], nan_policy, min_groups, oriented=True)
    if instance is not None:
        raise TypeError("instance= applies to a Results or a long DataFrame with an instance column; "
                        f"a {type(data).__name__} holds the runs of one instance.")
    if isinstance(data, dict):
        named = dict(data)
    elif isinstance(data, (list, tuple)) and not isinstance(data, str):
        named = {str(i + 1): x for i, x in enumerate(data)}
    else:
        raise TypeError(f"expected a Results with runs, a long DataFrame (algorithm, value), a dict "
                        f"{{algorithm: runs}} or a list of 1-D arrays, got {type(data).__name__}.")
    return _checked_groups(named, check_direction(direction or "minimize"), None, nan_policy, min_groups)


def _long_groups(frame: pd.DataFrame, direction: str | None, nan_policy: str) -> Any:
    """A long DataFrame: a ``Results`` when it has an instance column, else ``{algorithm: values}``."""
    missing = [c for c in ("algorithm", "value") if c not in frame.columns]
    if missing:
        raise ValueError(f"the DataFrame has no {' or '.join(map(repr, missing))} column; pass one row per run "
                         "with columns algorithm and value (and instance), or a dict {algorithm: runs}.")
    if "instance" in frame.columns:
        return Results.from_long(frame, run="run" if "run" in frame.columns else None,
                                 direction=direction or "minimize", nan_policy="keep")
    return {a: part.to_numpy() for a, part in frame.groupby("algorithm", sort=False, observed=True)["value"]}


def _checked_groups(named: dict, direction: str, instance: Any, nan_policy: str, min_groups: int, *,
                    oriented: bool = False) -> Groups:
    if len(named) < min_groups:
        raise ValueError(f"{len(named)} sample(s); at least {min_groups} algorithms are compared.")
    sign = -1.0 if direction == "maximize" and not oriented else 1.0
    samples, dropped = [], {}
    for name, x in named.items():
        values, lost = _numeric_sample(x, name, nan_policy)
        samples.append(sign * values + 0.0)  # + 0.0: no negative zeros
        if lost:
            dropped[name] = lost
    return Groups(names=tuple(named), samples=tuple(samples), direction=direction, instance=instance,
                  dropped=dropped if nan_policy == "omit" else None)


def _numeric_sample(x: Any, name: Any, nan_policy: str) -> tuple[np.ndarray, tuple]:
    """One algorithm's runs as floats; numeric arrays take a fast path, anything else the full checks
    (and their messages) of :func:`~algocompare._validation.as_sample_recorded`."""
    if isinstance(x, np.ndarray) and x.ndim == 1 and x.dtype.kind in "fiu" and x.size:
        values = x.astype(float)
        if np.isfinite(values).all():
            return values, ()
    return as_sample_recorded(x, f"the runs of {show(name)}", nan_policy=nan_policy, min_size=1)
