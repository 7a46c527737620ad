"""Kemeny / symmetric-difference consensus over linear or weak orders, exact with all optima.

The consensus c minimises L(c) = sum_i w_i d(c, r_i)^ell over the admissible orders
(Kemeny & Snell 1962; Bartz-Beielstein et al., chapter "Comparing algorithms", §3, with
ell = 1 the median and ell = 2 the mean consensus). d is the symmetric-difference
distance of the relations' incidence matrices as in the R package relations
(``relation_dissimilarity(method = "symdiff")``): the number of ordered pairs (a, b),
reflexive pairs included, whose incidences a ≽ b differ. A reversed pair costs 2 and a tie
against a strict preference costs 1.

How it is solved (chosen by measurement, see ``benchmarks/results_consensus.md``):

1. *Condorcet decomposition* (ell = 1). Items are split into the strongly connected
   components of the weak-majority graph. When every item of component X beats every item
   of a later component Y strictly (linear orders: more weight prefers x to y; weak orders:
   less than half the weight has y ≽ x), every optimal consensus puts X above Y: moving
   X's items up only changes cross pairs, each for the strictly better. So the optima are
   the concatenations of the components' optima.
2. Each component is solved exactly (linear orders): the LP relaxation with lazily added
   transitivity rows (HiGHS) gives a Lagrangian lower bound and, on most profiles, an
   integral optimum (else one HiGHS MILP solve gives it). Every order meeting the optimum
   is then enumerated by a depth-first search from the top, pruned by the pairwise and the
   Lagrangian bounds and memoised on the set of remaining items (a dynamic program over
   the subsets the bounds let through; its DAG of tight moves holds all optima exactly
   once). ``method="dp"`` (full DP over subsets) and ``"milp"`` (no-good cuts) remain as
   independent solvers. Weak orders (valid there too, see 1.): a dynamic program over
   subsets (``_weak_dp``: the last group of an optimal weak order of T leaves an optimal
   order of the rest, O(3^m)) gives every optimum of components up to ``_DP_WEAK_MAX`` = 15
   items (about a second at 15); larger components use a binary program with lazy
   transitivity constraints, all optima by no-good cuts. ell = 2 does not decompose over
   pairs and keeps the binary program.
3. With ``time_limit`` the best order found is returned with its proven optimality gap;
   ``method="heuristic"`` gives a fast local search (best-insertion moves from the
   Copeland order) for many items.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import sparse
from scipy.optimize import linprog
from scipy.sparse.csgraph import connected_components

from algocompare._results import BaseResult, internal
from algocompare._validation import check_option, check_positive, check_positive_int
from algocompare.consensus import _milp, _weak_dp
from algocompare.consensus.rankings import Profile, as_profile, format_ranking

__all__ = ["kemeny", "KemenyResult", "symdiff_distance"]

#: largest component whose weak orders are enumerated outright under method="milp" (7: 47293)
_ENUM_WEAK_MAX = 6
#: largest component solved by the weak-order dynamic program under method="auto" (O(3^m):
#: measured ~0.02 s at 12 items, ~0.2 s at 13, ~0.5 s at 14, ~1 s at 15, ~2 s at 16)
_DP_WEAK_MAX = 15


@dataclass(frozen=True, kw_only=True)
class KemenyResult(BaseResult):
    """Every optimal symmetric-difference consensus and the objective value.

    Attributes
    ----------
    rankings : every optimal consensus found, each a list of groups (best first).
    objective : sum_i w_i d(c, r_i)^ell of the consensus (relations' ``objval``).
    optimal : whether optimality is proven (False after a time limit or a heuristic).
    lower_bound, gap : proven bound on the optimum and relative gap (0 when optimal).
    complete : whether ``rankings`` holds every optimum (False when ``max_solutions`` or
        the time limit cut the enumeration short).
    """

    items: tuple
    rankings: list
    objective: float
    orders: str
    ell: int
    optimal: bool
    lower_bound: float
    gap: float
    complete: bool
    solver: str
    n_rankings: int
    elapsed: float
    profile: Any = internal()

    _plot_function: ClassVar[str] = "plot_consensus"

    @property
    def consensus(self) -> list:
        """The first optimal consensus ranking."""
        return self.rankings[0]

    @property
    def n_optimal(self) -> int:
        return len(self.rankings)

    def to_frame(self) -> pd.DataFrame:
        """One row per optimal consensus with its ranking written ``a > b = c``."""
        return pd.DataFrame({"solution": np.arange(1, len(self.rankings) + 1),
                             "ranking": [format_ranking(r) for r in self.rankings],
                             "objective": self.objective})

    def __str__(self) -> str:
        status = "optimal" if self.optimal else f"best found, gap {self.gap:.3g}"
        lines = [f"{self.method} over {self.orders} orders ({status}; objective {self.objective:g}, "
                 f"{len(self.rankings)} consensus ranking(s){'' if self.complete else ', enumeration cut short'})"]
        lines += [f"  {format_ranking(r)}" for r in self.rankings[:20]]
        if len(self.rankings) > 20:
            lines.append(f"  ... {len(self.rankings) - 20} more")
        return "\n".join(lines)


# -- distances ------------------------------------------------------------------
def _incidences(levels: np.ndarray) -> np.ndarray:
    """Incidence a ≽ b of each ranking (..., items, items), reflexive pairs included."""
    return levels[..., :, None] <= levels[..., None, :]


def symdiff_distance(a: Any, b: Any) -> int:
    """Symmetric-difference distance between two rankings of the same items.

    The number of ordered pairs whose incidences (a ≽ b) differ, as relations'
    ``relation_dissimilarity(x, y, "symdiff")``: a reversed pair counts 2, a tie against
    a strict preference 1.

    >>> symdiff_distance(["a", "b", "c"], [["a", "b"], "c"])
    1
    """
    profile = as_profile([a, b])
    inc = _incidences(profile.levels)
    return int((inc[0] != inc[1]).sum())


def _distances(levels: np.ndarray, profile: Profile) -> np.ndarray:
    """d(c, r_i) for the consensus levels ``levels`` against every ranking of the profile."""
    return (_incidences(levels)[None] != _incidences(profile.levels)).sum(axis=(1, 2))


def _objective(levels: np.ndarray, profile: Profile, ell: int) -> float:
    return float(profile.weights @ (_distances(levels, profile).astype(float) ** ell))


# -- Condorcet decomposition ---------------------------------------------------------
def _components(edge: np.ndarray) -> list[np.ndarray]:
    """Strongly connected components of ``edge`` (a → b allowed), in condensation order."""
    n_comp, labels = connected_components(edge.astype(np.int8), directed=True, connection="strong")
    comps = [np.flatnonzero(labels == k) for k in range(n_comp)]
    # The condensation of a semicomplete digraph is a path: an earlier component beats
    # every item of the later ones.
    return [comps[k] for k in np.argsort([-_n_beaten(edge, c) for c in comps], kind="stable")]


def _n_beaten(edge: np.ndarray, comp: np.ndarray) -> int:
    """Items outside ``comp`` that ``comp`` beats (no edge back)."""
    inside = np.zeros(len(edge), bool)
    inside[comp] = True
    beaten = edge[comp[0]] & ~edge[:, comp[0]] & ~inside
    return int(beaten.sum())


# -- linear orders: dynamic programming over subsets -------------------------------------
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
    stack = [(full, [])]
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
    orders, stack = [], [(full, [])]
    while stack and len(orders) < max_solutions:
        rest, head = stack.pop()
        if rest == 0:
            orders.append(head)
            continue
        stack.extend((rest ^ (1 << v), head + [v]) for v in reversed(memo[rest][1]))
    return orders, counts[full] <= max_solutions


def _bound_and_enumerate(sub: np.ndarray, deadline: float, max_solutions: int, tol: float):
    """(optimal orders, proven, complete, slack) of one component: LP bound, the optimum
    from the LP when integral (else HiGHS MILP), then every order meeting it."""
    bound = _lp_bound(sub, deadline)
    first = bound.order
    if first is None:
        solve = _milp_linear(sub, deadline, 1, tol)
        if not solve.solutions or not solve.optimal:
            order = _local_search(sub, _order_from_pairs(solve.solutions[0], len(sub)) if solve.solutions
                                  else _copeland_start(sub))
            lower = max(bound.value, solve.lower_bound)
            return [order], False, False, max(_linear_cost(sub, order) - lower, 0.0)
        first = _order_from_pairs(solve.solutions[0], len(sub))
    best = _linear_cost(sub, first)
    try:
        orders, complete = _optimal_orders(sub, best, bound, max_solutions, deadline, tol)
    except _OutOfTime:
        return [first], True, False, 0.0
    if not orders:  # only through a numerical failure of the bound: keep the proven optimum
        return [first], True, False, 0.0
    return orders, True, complete, 0.0


# -- linear orders: binary program ---------------------------------------------------------
def _pair_index(m: int) -> np.ndarray:
    index = -np.ones((m, m), dtype=np.int64)
    iu = np.triu_indices(m, 1)
    index[iu] = np.arange(iu[0].size)
    return index


def _triples(m: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(m), 3)), dtype=np.int64).reshape(-1, 3)


def _milp_linear(cost: np.ndarray, deadline: float, max_solutions: int, tol: float) -> _milp.Solve:
    """y_ab = 1 iff a before b (a < b); 0 <= y_ab + y_bc - y_ac <= 1 for every triple a < b < c."""
    m = len(cost)
    index = _pair_index(m)
    iu = np.triu_indices(m, 1)
    c = cost[iu] - cost[iu[1], iu[0]]
    constant = float(cost[iu[1], iu[0]].sum())
    triples = _triples(m)
    ab, bc, ac = index[triples[:, 0], triples[:, 1]], index[triples[:, 1], triples[:, 2]], \
        index[triples[:, 0], triples[:, 2]]

    def rows_for(sel: np.ndarray):
        t = sel.size
        r = np.repeat(np.arange(t), 3)
        cols = np.column_stack([ab[sel], bc[sel], ac[sel]]).ravel()
        vals = np.tile([1.0, 1.0, -1.0], t)
        return r, cols, vals, np.zeros(t), np.ones(t)

    def separate(y: np.ndarray):
        s = y[ab] + y[bc] - y[ac]
        bad = np.flatnonzero((s > 1.5) | (s < -0.5))
        return rows_for(bad) if bad.size else None

    rows = _milp.Rows(c.size)
    # Seed with the triples that are cyclic in the majority tournament: those are the
    # constraints the relaxation needs first.
    prefer = (c < 0).astype(float)
    s = prefer[ab] + prefer[bc] - prefer[ac]
    rows.add(*rows_for(np.flatnonzero((s > 1.5) | (s < -0.5))))
    return _milp.solve_all(c, constant, c.size, rows, separate, deadline=deadline,
                           max_solutions=max_solutions, tol=tol)


def _order_from_pairs(y: np.ndarray, m: int) -> list[int]:
    before = np.zeros((m, m))
    iu = np.triu_indices(m, 1)
    before[iu] = y
    before[iu[1], iu[0]] = 1 - y
    return list(np.argsort(-before.sum(axis=1), kind="stable"))


# -- weak orders: binary program ---------------------------------------------------------
def _milp_weak(n_geq: np.ndarray, total: float, deadline: float, max_solutions: int, tol: float,
               ell_forms: tuple | None = None) -> tuple[_milp.Solve, np.ndarray]:
    """x_ab = 1 iff a ≽ b (a != b); x_ab + x_ba >= 1; x_ab + x_bc - x_ac <= 1 (lazily)."""
    m = len(n_geq)
    off = ~np.eye(m, dtype=bool)
    a_idx, b_idx = np.nonzero(off)
    index = -np.ones((m, m), dtype=np.int64)
    index[a_idx, b_idx] = np.arange(a_idx.size)
    n_bin = a_idx.size
    rows = _milp.Rows(n_bin + (0 if ell_forms is None else len(ell_forms[0])))
    upper = a_idx < b_idx
    k = int(upper.sum())
    rows.add(np.repeat(np.arange(k), 2), np.column_stack([index[a_idx[upper], b_idx[upper]],
                                                          index[b_idx[upper], a_idx[upper]]]).ravel(),
             np.ones(2 * k), np.ones(k), np.full(k, np.inf))

    def separate(x: np.ndarray):
        geq = np.eye(m, dtype=bool)
        geq[a_idx, b_idx] = x > 0.5
        bad = geq[:, :, None] & geq[None, :, :] & ~geq[:, None, :]  # a≽b, b≽c, not a≽c
        a, b, cc = np.nonzero(bad)
        keep = (a != b) & (b != cc) & (a != cc)
        a, b, cc = a[keep], b[keep], cc[keep]
        if a.size == 0:
            return None
        t = a.size
        cols = np.column_stack([index[a, b], index[b, cc], index[a, cc]]).ravel()
        return (np.repeat(np.arange(t), 3), cols, np.tile([1.0, 1.0, -1.0], t),
                np.full(t, -np.inf), np.ones(t))

    if ell_forms is None:
        c = total - 2.0 * n_geq[a_idx, b_idx]
        constant = float(n_geq[a_idx, b_idx].sum())
        solve = _milp.solve_all(c, constant, n_bin, rows, separate, deadline=deadline,
                                max_solutions=max_solutions, tol=tol)
    else:
        solve = _solve_squared(ell_forms, n_bin, rows, separate, deadline, max_solutions, tol)
    return solve, index


def _solve_squared(forms: tuple, n_bin: int, rows: _milp.Rows, separate, deadline: float,
                   max_solutions: int, tol: float) -> _milp.Solve:
    """ell = 2: minimise sum_i w_i t_i with t_i >= (2k+1) d_i - k(k+1) for k = 0..D-1.

    d_i = K_i + S_i x is integral at integral x, where the secants through consecutive
    integers give exactly d_i^2.
    """
    weights, slopes, offsets, d_max = forms
    p = len(weights)
    ks = np.arange(d_max)
    for i in range(p):
        nz = np.flatnonzero(slopes[i])
        r = np.repeat(np.arange(d_max), nz.size + 1)
        cols = np.column_stack([np.tile(nz, (d_max, 1)), np.full((d_max, 1), n_bin + i)]).ravel()
        vals = np.column_stack([np.outer(2 * ks + 1, slopes[i, nz]), -np.ones((d_max, 1))]).ravel()
        ub = ks * (ks + 1) - (2 * ks + 1) * offsets[i]
        rows.add(r, cols, vals, np.full(d_max, -np.inf), ub.astype(float))
    c = np.r_[np.zeros(n_bin), weights]
    return _milp.solve_all(c, 0.0, n_bin, rows, separate, deadline=deadline, max_solutions=max_solutions,
                           tol=tol, n_continuous=p)


def _squared_forms_weak(profile: Profile, a_idx: np.ndarray, b_idx: np.ndarray) -> tuple:
    inc = _incidences(profile.levels)[:, a_idx, b_idx].astype(float)  # r_i(a, b)
    slopes = 1.0 - 2.0 * inc
    offsets = inc.sum(axis=1)
    m = profile.n_items
    return profile.weights, slopes, offsets, m * (m - 1)


def _squared_forms_linear(profile: Profile) -> tuple:
    m = profile.n_items
    iu = np.triu_indices(m, 1)
    lev = profile.levels
    a_better = (lev[:, iu[0]] < lev[:, iu[1]]).astype(float)
    b_better = (lev[:, iu[0]] > lev[:, iu[1]]).astype(float)
    tie = 1.0 - a_better - b_better
    slopes = 2.0 * b_better - 2.0 * a_better  # y = 1 (a before b) costs 2 if b ≻ a
    offsets = 2.0 * a_better.sum(axis=1) + tie.sum(axis=1)
    return profile.weights, slopes, offsets, m * (m - 1)


# -- heuristic -----------------------------------------------------------------
def _local_search(cost: np.ndarray, order: list[int]) -> list[int]:
    """Best-insertion moves until no single move improves (cost[a, b] = cost of a before b)."""
    order = list(order)
    improved = True
    while improved:
        improved = False
        for x in list(order):
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


# -- the solver ---------------------------------------------------------------
def _tol(profile: Profile) -> float:
    return 1e-9 * max(1.0, profile.total_weight) * max(1, profile.n_items) ** 2


def _linear_parts(cost: np.ndarray, profile: Profile, method: str, deadline: float,
                  max_solutions: int) -> tuple[list, bool, bool, float, str]:
    """Per component: (items, level vectors of all optimal orders); proven; complete; bound slack; solver."""
    tol = _tol(profile)
    complete = True
    edge = cost <= cost.T + tol
    np.fill_diagonal(edge, True)
    parts, proven, slack, solvers = [], True, 0.0, set()
    for comp in _components(edge):
        sub = cost[np.ix_(comp, comp)]
        if comp.size == 1:
            parts.append([[int(comp[0])]])
            continue
        if method == "heuristic":
            order = _local_search(sub, _copeland_start(sub))
            parts.append([[int(comp[k]) for k in order]])
            proven = False
            solvers.add("local search")
            continue
        if method == "auto":
            orders, exact, done, gap = _bound_and_enumerate(sub, deadline, max_solutions, tol)
            proven, complete, slack = proven and exact, complete and done, slack + gap
            solvers.add("LP bound + enumeration")
        elif method == "dp":
            orders, _ = _dp_linear(sub, max_solutions, tol)
            complete = complete and len(orders) < max_solutions
            solvers.add("dynamic programming")
        else:
            solve = _milp_linear(sub, deadline, max_solutions, tol)
            solvers.add("HiGHS MILP")
            if not solve.solutions:
                order = _local_search(sub, _copeland_start(sub))
                value = _linear_cost(sub, order)
                proven, slack = False, slack + max(value - solve.lower_bound, 0.0)
                parts.append([[int(comp[k]) for k in order]])
                continue
            if not solve.optimal:
                proven = False
                slack += max(solve.objective - solve.lower_bound, 0.0)
            complete = complete and solve.complete
            orders = [_order_from_pairs(y, comp.size) for y in solve.solutions]
            if not solve.optimal:
                better = _local_search(sub, orders[0])
                orders = [better]
        parts.append(comp[np.asarray(orders)].tolist())
    parts = [(np.array(p[0]), _order_levels(np.array(p[0]), np.array(p))) for p in parts]
    return parts, proven, complete, slack, " + ".join(sorted(solvers)) or "trivial"


def _linear_cost(cost: np.ndarray, order: list[int]) -> float:
    pos = np.empty(len(order), int)
    pos[order] = np.arange(len(order))
    return float(cost[pos[:, None] < pos[None, :]].sum())


def _weak_parts(n_geq: np.ndarray, profile: Profile, method: str, deadline: float,
                max_solutions: int) -> tuple[list, bool, bool, float, str]:
    """Per component: (items, level vectors of all optimal weak orders); proven; complete; slack; solver."""
    total, tol = profile.total_weight, _tol(profile)
    edge = n_geq >= total / 2 - tol  # a → b unless b ≻ a is forced
    parts, proven, complete, slack, solvers = [], True, True, 0.0, set()
    for comp in _components(edge):
        sub = n_geq[np.ix_(comp, comp)]
        if comp.size == 1:
            parts.append((comp, [np.zeros(1, int)]))
            continue
        if method == "dp" or (method == "auto" and comp.size <= _DP_WEAK_MAX):
            levels, _, done = _weak_dp.all_optima(sub, total, max_solutions, deadline, tol)
            complete = complete and done
            parts.append((comp, levels))
            solvers.add("dynamic programming")
            continue
        if comp.size <= _ENUM_WEAK_MAX:
            parts.append((comp, _enumerate_weak(sub, total, tol)[:max_solutions]))
            solvers.add("enumeration")
            continue
        solve, index = _milp_weak(sub, total, deadline, max_solutions, tol)
        solvers.add("HiGHS MILP")
        solutions = [_levels_from_geq(x, index) for x in solve.solutions]
        if not solutions:
            # Time ran out before HiGHS found any order: an unproven one, with its true gap.
            solutions = [_net_preference_levels(sub)]
            upper = _weak_component_cost(sub, total, solutions[0])
            proven, complete = False, False
            slack += max(upper - solve.lower_bound, 0.0) if np.isfinite(solve.lower_bound) else upper
            parts.append((comp, solutions))
            continue
        if not solve.optimal:
            proven = False
            slack += max(solve.objective - solve.lower_bound, 0.0)
        complete = complete and solve.complete
        parts.append((comp, solutions))
    return parts, proven, complete, slack, " + ".join(sorted(solvers)) or "trivial"


def _net_preference_levels(n_geq: np.ndarray) -> np.ndarray:
    """A linear order (a valid weak order) by net pairwise preference, Borda-like."""
    return np.argsort(np.argsort(-(n_geq - n_geq.T).sum(axis=1), kind="stable"), kind="stable")


def _weak_component_cost(n_geq: np.ndarray, total: float, levels: np.ndarray) -> float:
    """The component's share of the objective for the weak order ``levels`` (the cost
    vector of :func:`_milp_weak`: x_ab = 1 iff a is at least as good as b)."""
    off = ~np.eye(len(levels), dtype=bool)
    geq = (levels[:, None] <= levels[None, :]) & off
    return float(n_geq[off].sum() + (total - 2.0 * n_geq)[geq].sum())


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


def _levels_from_geq(x: np.ndarray, index: np.ndarray) -> np.ndarray:
    m = len(index)
    geq = np.eye(m, dtype=bool)
    off = index >= 0
    geq[off] = x[index[off]] > 0.5
    # in a weak order, the number of items an item is at least as good as fixes its level
    return np.unique(-geq.sum(axis=1), return_inverse=True)[1].ravel()


def _order_levels(comp: np.ndarray, orders: np.ndarray) -> np.ndarray:
    """Levels (rows: orders) of the items ``comp`` for orders written as sequences of them."""
    sorter = np.argsort(comp)
    local = sorter[np.searchsorted(comp, orders, sorter=sorter)]
    levels = np.empty_like(local)
    np.put_along_axis(levels, local, np.broadcast_to(np.arange(len(comp)), local.shape), axis=1)
    return levels


def _mixed_radix(index: np.ndarray, sizes: list[int]) -> list[np.ndarray]:
    """``np.unravel_index(index, sizes)`` (last digit fastest) for any number of digits:
    numpy's stops at 64 dimensions, and a profile can have more Condorcet components."""
    digits = []
    for size in reversed(sizes):
        digits.append(index % size)
        index = index // size
    return digits[::-1]


def _combine_levels(parts: list, n: int, max_solutions: int) -> tuple[np.ndarray, bool]:
    """Concatenate the components' optima (Cartesian product, the first ``max_solutions``
    in lexicographic order), each component below the previous. Rows: consensus levels."""
    sols = [np.asarray(s).reshape(len(s), len(comp)) for comp, s in parts]
    sizes = [len(s) for s in sols]
    n_combos = int(min(np.prod(sizes, dtype=float), max_solutions))
    choice = _mixed_radix(np.arange(n_combos), sizes)
    levels = np.empty((n_combos, n), dtype=np.int64)
    offset = np.zeros(n_combos, dtype=np.int64)
    for (comp, _), lev, pick in zip(parts, sols, choice):
        chosen = lev[pick]
        levels[:, comp] = chosen + offset[:, None]
        offset += chosen.max(axis=1) + 1
    return levels, float(np.prod(sizes, dtype=float)) <= max_solutions


def kemeny(rankings: Any, orders: str = "linear", ell: int = 1, *, weights: Any = None,
           method: str = "auto", time_limit: float | None = None, max_solutions: int = 10_000,
           agg: str = "mean") -> KemenyResult:
    """Symmetric-difference (Kemeny) consensus of rankings: every optimal linear or weak order.

    Minimises L(c) = sum_i w_i d(c, r_i)^ell (Bartz-Beielstein et al., §3; Kemeny & Snell
    1962) with d the symmetric-difference distance of relations (reflexive pairs included:
    a reversed pair costs 2, a tie against a strict preference 1), over linear orders
    (``orders="linear"``, relations' "SD/L") or weak orders (``"weak"``, "SD/W").

    Parameters
    ----------
    rankings : list of rankings (each a list of items or of groups of tied items, best
        first), a Results (one ranking per instance) or a table of ranks (rows = rankings).
    orders : "linear" or "weak".
    ell : 1 (median consensus) or 2 (mean consensus).
    weights : one non-negative weight per ranking (default 1).
    method : "auto" (decomposition, then LP bound and enumeration of every optimum),
        "dp" (dynamic programming over all subsets, up to ~20 linear-order or ~16 weak-order
        items per component), "milp" (HiGHS, optima by no-good cuts) or "heuristic" (local
        search, linear orders; no optimality proof). Weak orders under "auto" use the
        dynamic program for components up to 15 items and the MILP beyond; ell = 2 always
        uses the MILP.
    time_limit : seconds (default: none). When it runs out before the optimum is proven,
        the best order found is returned with ``optimal=False`` and its proven ``gap``; when
        it runs out while listing the optima, a proven optimum is returned with
        ``complete=False``.
    max_solutions : at most this many optimal rankings are listed (default 10 000);
        ``complete=False`` when there are more (uniform random profiles with few rankings
        can have millions of optima).

    Returns
    -------
    KemenyResult
        ``rankings`` (every optimal consensus, each a list of groups best first),
        ``objective``, ``optimal``, ``gap``, ``complete``.

    Examples
    --------
    >>> res = kemeny([["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]])
    >>> res.rankings, res.objective
    ([[['a'], ['b'], ['c']]], 4.0)
    """
    check_option("orders", orders, ("linear", "weak"))
    check_option("ell", ell, (1, 2))
    check_option("method", method, ("auto", "dp", "milp", "heuristic"))
    max_solutions = check_positive_int("max_solutions", max_solutions)
    if time_limit is not None:
        time_limit = check_positive("time_limit (seconds)", time_limit)
    if method == "heuristic" and (orders != "linear" or ell != 1):
        raise ValueError("method='heuristic' is available for orders='linear', ell=1.")
    profile = as_profile(rankings, weights, agg=agg)
    start = time.monotonic()
    deadline = start + (time_limit if time_limit is not None else 1e9)
    n = profile.n_items
    if ell == 1:
        n_geq = profile.at_least_as_good()
        if orders == "linear":
            total = profile.total_weight
            cost = total - n_geq + n_geq.T
            parts, proven, complete, slack, solver = _linear_parts(cost, profile, method, deadline,
                                                                   max_solutions)
        else:
            parts, proven, complete, slack, solver = _weak_parts(n_geq, profile, method, deadline,
                                                                 max_solutions)
        levels_list, all_combined = _combine_levels(parts, n, max_solutions)
        complete = complete and all_combined and proven
    else:
        levels_list, proven, slack, complete = _squared(profile, orders, deadline, max_solutions)
        solver = "HiGHS MILP"
    objective = _objective(levels_list[0], profile, ell)
    lower = objective - slack
    gap = 0.0 if proven else (objective - lower) / max(abs(objective), 1e-12)
    return KemenyResult(
        method=f"Kemeny (symmetric difference, ell={ell}) consensus", items=profile.items,
        rankings=_groups(profile.items, _sorted_unique(levels_list)),
        objective=objective, orders=orders, ell=ell, optimal=proven, lower_bound=lower, gap=gap,
        complete=complete if method != "heuristic" else False, solver=solver if method != "heuristic"
        else "local search", n_rankings=len(profile.levels), elapsed=time.monotonic() - start,
        profile=profile)


def _positions(comp_items: list[int], order: list[int]) -> np.ndarray:
    """Levels of the component's items (in ``comp_items`` order) for an order of them."""
    return _order_levels(np.asarray(comp_items), np.asarray([order]))[0]


def _sorted_unique(levels: Any) -> np.ndarray:
    """The distinct rows of ``levels``, in order of first appearance."""
    levels = np.atleast_2d(np.asarray(levels))
    first = np.unique(levels, axis=0, return_index=True)[1]
    return levels[np.sort(first)]


def _groups(items: tuple, levels: np.ndarray) -> list[list[list[Any]]]:
    """Rankings (lists of groups, best first) from rows of levels 0..k-1, ties in item order."""
    order = np.argsort(levels, axis=1, kind="stable")
    ranked = np.take_along_axis(levels, order, axis=1)
    strict = (ranked == np.arange(levels.shape[1])).all(axis=1)
    out = []
    for seq, lev, linear in zip(order.tolist(), ranked.tolist(), strict):
        if linear:
            out.append([[items[item]] for item in seq])
            continue
        groups, last = [], None
        for item, level in zip(seq, lev):
            if level != last:
                groups.append([])
                last = level
            groups[-1].append(items[item])
        out.append(groups)
    return out


def _squared(profile: Profile, orders: str, deadline: float, max_solutions: int):
    m, tol = profile.n_items, _tol(profile) * profile.n_items ** 2
    if m == 1:
        return [np.zeros(1, int)], True, 0.0, True
    if orders == "weak":
        off = ~np.eye(m, dtype=bool)
        a_idx, b_idx = np.nonzero(off)
        forms = _squared_forms_weak(profile, a_idx, b_idx)
        solve, index = _milp_weak(profile.at_least_as_good(), profile.total_weight, deadline, max_solutions,
                                  tol, ell_forms=forms)
        levels = [_levels_from_geq(x, index) for x in solve.solutions]
    else:
        forms = _squared_forms_linear(profile)
        index = _pair_index(m)
        triples = _triples(m)
        ab, bc, ac = index[triples[:, 0], triples[:, 1]], index[triples[:, 1], triples[:, 2]], \
            index[triples[:, 0], triples[:, 2]]

        def separate(y):
            s = y[ab] + y[bc] - y[ac]
            bad = np.flatnonzero((s > 1.5) | (s < -0.5))
            if not bad.size:
                return None
            t = bad.size
            cols = np.column_stack([ab[bad], bc[bad], ac[bad]]).ravel()
            return np.repeat(np.arange(t), 3), cols, np.tile([1.0, 1.0, -1.0], t), np.zeros(t), np.ones(t)

        n_pairs = m * (m - 1) // 2
        rows = _milp.Rows(n_pairs + len(profile.levels))
        solve = _solve_squared(forms, n_pairs, rows, separate, deadline, max_solutions, tol)
        levels = [_positions(list(range(m)), _order_from_pairs(y, m)) for y in solve.solutions]
    if not levels:
        raise TimeoutError("no feasible consensus was found within the time limit; raise time_limit.")
    slack = max(solve.objective - solve.lower_bound, 0.0) if not solve.optimal else 0.0
    return levels, solve.optimal, slack, solve.complete
