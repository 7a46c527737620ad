"""Conversion of the input of this area's public functions (once, at the edge)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from algocompare import _validation as v
from algocompare._scaling import largest_magnitude, squares_representable
from algocompare.data._convert import as_results

DESIGNS = ("auto", "blocks", "runs")


@dataclass(frozen=True)
class Design:
    """The data of a block design, oriented so that lower is better."""

    #: "blocks" (Design 1) or "runs" (Design 2)
    kind: str
    #: (instances, algorithms, runs); runs = 1 for Design 1
    runs: np.ndarray
    algorithms: tuple
    instances: tuple
    direction: str
    #: instances dropped by ``nan_policy="omit"`` (recorded on every result)
    dropped: tuple = ()

    @property
    def shape(self) -> tuple[int, int, int]:
        return self.runs.shape


def _check_magnitude(values: np.ndarray) -> None:
    """Refuse values whose squares leave the float range: these statistics report sums of
    squares in the data's squared units, which cannot be scaled back (:mod:`algocompare._scaling`)."""
    largest = largest_magnitude(values)
    if not squares_representable(largest):
        advice = "divide" if largest > 1 else "multiply"
        raise ValueError(f"values up to {largest:.3g}: the permutation statistics are sums of squared values, whose "
                         f"squares {'overflow' if largest > 1 else 'underflow'}; {advice} the data by a power of ten "
                         "first (the tests do not depend on the unit).")


def _canonical_order(labels: tuple) -> np.ndarray:
    """Positions that sort labels by their text: Monte Carlo draws then do not depend on input order."""
    return np.array(sorted(range(len(labels)), key=lambda i: str(labels[i])), dtype=int)


def prepare(data: Any, *, design: str = "auto", direction: str | None = None, nan_policy: str = "raise") -> Design:
    """Design 1 for one value per cell (or ``design="blocks"``: cell means), Design 2 for runs.

    Design 1 tables are put in a canonical order (instances and algorithms sorted by label),
    which leaves every exact result unchanged and makes Monte Carlo results independent of
    the order of rows and columns. Design 2 keeps the algorithms' order: Algorithm 1 pools
    the runs of the first algorithm of each pair before those of the second.
    """
    v.check_option("design", design, DESIGNS)
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    _check_magnitude(results.values())
    kind = design if design != "auto" else ("runs" if results.has_runs else "blocks")
    if kind == "blocks":
        v.check_design_size(results.n_instances, results.n_algorithms)
        values = results.values(oriented=True)
        rows, cols = _canonical_order(results.instances), _canonical_order(results.algorithms)
        values = values[np.ix_(rows, cols)]
        return Design("blocks", values[:, :, None], tuple(results.algorithms[c] for c in cols),
                      tuple(results.instances[r] for r in rows), results.direction, results.dropped_instances)
    v.check_design_size(results.n_instances, results.n_algorithms, min_instances=1)
    runs = results.runs(oriented=True)
    if runs.shape[2] < 2:
        raise ValueError("Design 2 (synchronized permutations) needs at least 2 runs per algorithm and instance; "
                         "with one run per cell use design='blocks'.")
    return Design("runs", runs, tuple(results.algorithms), tuple(results.instances), results.direction,
                  results.dropped_instances)
