"""Every optimal consensus by bounded enumeration: linear orders (``method="auto"``) and small
weak-order components (``method="milp"``).

Linear orders: the LP relaxation with lazily added transitivity rows (HiGHS) gives a
Lagrangian lower bound and, on most profiles, an integral optimum (else one MILP solve
gives it); a depth-first search from the top then lists every order meeting the optimum,
pruned by the pairwise and the Lagrangian bounds and memoised on the set of remaining
items. Weak orders of up to ``_ENUM_WEAK_MAX`` items (see :mod:`.kemeny`) are listed
outright, which is cheaper than cutting off thousands of tied optima one by one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import linprog

from algocompare.consensus._milp import _order_from_pairs, _pair_index, _triples


# -- linear orders: LP bound, then every order meeting the optimum ------------------------------
@dataclass
class _Bound:
    """Every linear order costs at least ``value`` + the sum of ``penalty[a, b]`` over its pairs
    a before b (a Lagrangian bound of the LP relaxation); ``order`` is the LP optimum when
    it is already a linear order (then it is optimal)."""

    value: float
    penalty: np.ndarray
    order: list[int] | None


def _lp_bound(cost: np.ndarray, deadline: float | None = None) -> _Bound:
    """LP relaxation of the linear-order program, transitivity rows added lazily (HiGHS).

    For multipliers lam >= 0 of the rows A y <= b, every order y satisfies
    c y >= -lam b + sum_j min(0, d_j) + sum_j (d_j^+ y_j + d_j^- (y_j - 1)) with
    d = c + A^T lam: the bound holds for any lam, so it is rigorous even though lam comes
    from a floating-point LP. Taking lam from the LP optimum makes it as tight as the LP.
    With a ``deadline`` (time.monotonic) the LP stops there and the pairwise bound is used.
    """
    m = len(cost)
    iu = np.triu_indices(m, 1)
    index = _pair_index(m)
    c = cost[iu] - cost[iu[1], iu[0]]
    constant = float(cost[iu[1], iu[0]].sum())
    triples = _triples(m)
    ab, bc, ac = index[triples[:, 0], triples[:, 1]], index[triples[:, 1], triples[:, 2]], \
        index[triples[:, 0], triples[:, 2]]
    prefer = (c < 0).astype(float)
    s = prefer[ab] + prefer[bc] - prefer[ac]
    active = (s > 1.5) | (s < -0.5)  # cyclic triples of the majority tournament first
    while True:
        sel = np.flatnonzero(active)
        t = sel.size
        one = sparse.csr_matrix((np.tile([1.0, 1.0, -1.0], t), (np.repeat(np.arange(t), 3),
                                 np.column_stack([ab[sel], bc[sel], ac[sel]]).ravel())), shape=(t, c.size))
        a_ub, b_ub = sparse.vstack([one, -one]).tocsr(), np.r_[np.ones(t), np.zeros(t)]
        options = {} if deadline is None else {"time_limit": max(deadline - time.monotonic(), 0.01)}
        res = linprog(c, A_ub=a_ub if t else None, b_ub=b_ub if t else None, bounds=(0, 1), method="highs",
                      options=options)
        if res.status != 0:  # no LP (or out of time): fall back on the pairwise bound (penalties 0)
            return _Bound(float(np.minimum(cost, cost.T)[iu].sum()), np.zeros((m, m)), None)
        y = res.x
        s = y[ab] + y[bc] - y[ac]
        violated = ((s > 1 + 1e-7) | (s < -1e-7)) & ~active
        if not violated.any():
            break
        active |= violated
    lam = np.maximum(-res.ineqlin.marginals, 0.0) if t else np.zeros(0)
    d = c + (a_ub.T @ lam if t else 0.0)
    value = constant - float(lam @ b_ub) + float(np.minimum(d, 0.0).sum())
    penalty = np.zeros((m, m))
    penalty[iu] = np.maximum(d, 0.0)
    penalty[iu[1], iu[0]] = np.maximum(-d, 0.0)
    integral = np.all(np.abs(y - np.round(y)) < 1e-6)
    return _Bound(value, penalty, _order_from_pairs(np.round(y), m) if integral else None)


class _OutOfTime(Exception):
    pass


def _optimal_orders(cost: np.ndarray, best: float, bound: _Bound, max_solutions: int, deadline: float,
                    tol: float) -> tuple[list[list[int]], bool]:
    """Every order of cost ``best`` (the optimum), by depth-first search from the top.

    Placing v first among the remaining items R fixes the pairs (v, u), u in R, so the
    cost of an order is the sum of these steps. Two admissible bounds prune a step: the
    pairwise bound (each remaining pair costs at least min(cost_ab, cost_ba)) and the LP's
    Lagrangian bound (``_lp_bound``). Both are additive, so each is a slack consumed by
    the step's excess over its bound. The best completion of R does not depend on how R was
    reached, so R is memoised (Held-Karp style DP restricted to the states the bounds let
    through): the optimal orders are the paths of the memo's DAG. Returns the orders (at
    most ``max_solutions``) and whether that is all of them.
    """
    m = len(cost)
    iu = np.triu_indices(m, 1)
    excess_pair = np.maximum(cost - cost.T, 0.0)
    excess_lag = bound.penalty - np.minimum(bound.penalty, bound.penalty.T)
    slack_pair = best - float(np.minimum(cost, cost.T)[iu].sum())
    slack_lag = best - bound.value - float(np.minimum(bound.penalty, bound.penalty.T)[iu].sum())
    tol_lag = tol + 1e-7 * max(1.0, abs(best))  # the LP's multipliers are floating point
    memo: dict[int, tuple[float, list[int]]] = {}  # R -> (slack it was searched with, tight moves)

    def search(rest: int, inside: np.ndarray, slack1: float, slack2: float) -> bool:
        if rest == 0:
            return True
        seen = memo.get(rest)
        # A completion within slack1 has total cost <= best, so it is optimal: success
        # at one slack means the exact slack; failure covers every smaller slack.
        if seen is not None and (seen[1] or slack1 <= seen[0] + tol):
            return bool(seen[1]) and slack1 >= seen[0] - tol
        if time.monotonic() > deadline:
            raise _OutOfTime
        step1, step2 = excess_pair @ inside, excess_lag @ inside
        moves = []
        for v in np.flatnonzero((inside > 0) & (step1 <= slack1 + tol) & (step2 <= slack2 + tol_lag)):
            inside[v] = 0.0
            if search(rest ^ (1 << int(v)), inside, slack1 - step1[v], slack2 - step2[v]):
                moves.append(int(v))
            inside[v] = 1.0
        memo[rest] = (slack1, moves)
        return bool(moves)

    full = (1 << m) - 1
    if not search(full, np.ones(m), slack_pair, slack_lag):
        return [], False
    counts = {0: 1}
    for rest in sorted(memo, key=lambda r: bin(r).count("1")):
        counts[rest] = sum(counts[rest ^ (1 << v)] for v in memo[rest][1])
    orders: list[list[int]] = []
    stack: list[tuple[int, list[int]]] = [(full, [])]
    while stack and len(orders) < max_solutions:
        rest, head = stack.pop()
        if rest == 0:
            orders.append(head)
            continue
        stack.extend((rest ^ (1 << v), head + [v]) for v in reversed(memo[rest][1]))
    return orders, counts[full] <= max_solutions


# -- weak orders: every weak order of a small component ------------------------------
def _weak_orders(m: int) -> np.ndarray:
    """Every weak order of m items as level vectors (levels 0..k-1 all used)."""
    grid = np.array(np.meshgrid(*[np.arange(m)] * m, indexing="ij")).reshape(m, -1).T
    top = grid.max(axis=1)
    used = np.zeros(len(grid), dtype=np.int64)
    for col in range(m):
        used |= 1 << grid[:, col]
    return grid[used == (1 << (top + 1)) - 1]


def _enumerate_weak(n_geq: np.ndarray, total: float, tol: float) -> list[np.ndarray]:
    """All optimal weak orders of a small component by enumeration (cheaper than cutting
    off thousands of tied optima one by one)."""
    m = len(n_geq)
    candidates = _weak_orders(m)
    coef = total - 2.0 * n_geq
    np.fill_diagonal(coef, 0.0)
    values = ((candidates[:, :, None] <= candidates[:, None, :]) * coef).sum(axis=(1, 2))
    return list(candidates[values <= values.min() + tol])
