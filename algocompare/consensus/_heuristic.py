"""Fast orders without an optimality proof: the ``method="heuristic"`` local search and the
fallback orders returned when a time limit runs out before an exact solver finds one.

``cost[a, b]`` is the cost of placing a before b (linear orders); ``n_geq[a, b]`` the weight
of the rankings with a ≽ b (weak orders).
"""

from __future__ import annotations

import time

import numpy as np


def _local_search(cost: np.ndarray, order: list[int], deadline: float | None = None) -> list[int]:
    """Best-insertion moves until no single move improves (cost[a, b] = cost of a before b),
    or until ``deadline`` (``time.monotonic()``) has passed."""
    order = list(order)
    improved = True
    while improved:
        improved = False
        for x in list(order):
            if deadline is not None and time.monotonic() > deadline:
                return order
            i = order.index(x)
            rest = order[:i] + order[i + 1:]
            gain_before = cost[x, rest] - cost[rest, x]  # placing x before item k instead of after
            # cost of inserting x at slot j: sum_{k<j} cost[rest_k, x] + sum_{k>=j} cost[x, rest_k]
            slot_cost = np.r_[0.0, np.cumsum(-gain_before)] + gain_before.sum()
            j = int(np.argmin(slot_cost))
            if slot_cost[j] < slot_cost[i] - 1e-12:
                order = rest[:j] + [x] + rest[j:]
                improved = True
    return order


def _copeland_start(cost: np.ndarray) -> list[int]:
    return list(np.argsort((cost - cost.T).sum(axis=1), kind="stable"))


def _linear_cost(cost: np.ndarray, order: list[int]) -> float:
    pos = np.empty(len(order), int)
    pos[order] = np.arange(len(order))
    return float(cost[pos[:, None] < pos[None, :]].sum())



def _net_preference_levels(n_geq: np.ndarray) -> np.ndarray:
    """A linear order (a valid weak order) by net pairwise preference, Borda-like."""
    return np.argsort(np.argsort(-(n_geq - n_geq.T).sum(axis=1), kind="stable"), kind="stable")


def _weak_component_cost(n_geq: np.ndarray, total: float, levels: np.ndarray) -> float:
    """The component's share of the objective for the weak order ``levels`` (the cost
    vector of :func:`_milp_weak`: x_ab = 1 iff a is at least as good as b)."""
    off = ~np.eye(len(levels), dtype=bool)
    geq = (levels[:, None] <= levels[None, :]) & off
    return float(n_geq[off].sum() + (total - 2.0 * n_geq)[geq].sum())
