"""Exact linear-order consensus by dynamic programming over all subsets (``method="dp"``).

An independent exact solver for the components of the Condorcet decomposition: O(2^m m^2)
work and O(2^m) memory, so up to about 20 items per component. Every optimal order is read
back along the tight transitions.
"""

from __future__ import annotations

import numpy as np


def _popcount(x: np.ndarray) -> np.ndarray:
    count = np.zeros_like(x)
    while np.any(x):
        count += x & 1
        x = x >> 1
    return count


def _dp_linear(cost: np.ndarray, max_solutions: int, tol: float) -> tuple[list[list[int]], float]:
    """All optimal orders (lists of positions) of a complete cost matrix cost[a, b] = cost of a before b.

    f(S) = min over v in S of f(S \\ v) + sum_{u in S \\ v} cost[u, v], where S is the set of
    items placed first; the optimal orders are read back along tight transitions.
    """
    m = len(cost)
    masks = np.arange(1 << m, dtype=np.int64)
    counts = _popcount(masks)
    layer_order = np.argsort(counts, kind="stable")
    starts = np.searchsorted(counts[layer_order], np.arange(m + 2))
    position = np.empty(1 << m, dtype=np.int64)
    f = np.full(1 << m, np.inf)
    f[0] = 0.0
    shifts = np.arange(m, dtype=np.int64)
    prev_layer = layer_order[starts[0]:starts[1]]
    position[prev_layer] = np.arange(prev_layer.size)
    for k in range(1, m + 1):
        layer = layer_order[starts[k]:starts[k + 1]]
        position[layer] = np.arange(layer.size)
        bits = ((prev_layer[:, None] >> shifts) & 1).astype(float)
        added = bits @ cost  # added[row of P, v] = sum_{u in P} cost[u, v]
        best = np.full(layer.size, np.inf)
        for v in range(m):
            has_v = ((layer >> v) & 1).astype(bool)
            prev = layer[has_v] ^ (1 << v)
            cand = f[prev] + added[position[prev], v]
            best[has_v] = np.minimum(best[has_v], cand)
        f[layer] = best
        prev_layer = layer
    full = (1 << m) - 1
    orders: list[list[int]] = []
    stack: list[tuple[int, list[int]]] = [(full, [])]
    while stack and len(orders) < max_solutions:
        mask, tail = stack.pop()
        if mask == 0:
            orders.append(tail)
            continue
        members = [v for v in range(m) if mask >> v & 1]
        for v in reversed(members):
            prev = mask ^ (1 << v)
            step = sum(cost[u, v] for u in members if u != v)
            if abs(f[prev] + step - f[mask]) <= tol:
                stack.append((prev, [v] + tail))
    return orders, float(f[full])
