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
2. Each component is solved exactly: by dynamic programming over subsets (linear orders,
   up to ``_DP_MAX`` items; all optima by backtracking through the optimal transitions),
   otherwise as a binary program with lazily added transitivity constraints through
   HiGHS (``scipy.optimize.milp``), all optima by no-good cuts.
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
from scipy.sparse.csgraph import connected_components

from algocompare._results import Result, internal
from algocompare._validation import check_option, check_positive_int
from algocompare.consensus import _milp
from algocompare.consensus.rankings import Profile, as_profile, format_ranking, levels_to_groups

__all__ = ["kemeny", "KemenyResult", "symdiff_distance"]

#: largest component solved by dynamic programming over subsets (2^m states)
_DP_MAX = 18
#: largest component whose weak orders are enumerated outright (7: 47293 weak orders)
_ENUM_WEAK_MAX = 6


@dataclass(frozen=True, kw_only=True)
class KemenyResult(Result):
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
    m = len(order)
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
        if method == "dp" or (method == "auto" and comp.size <= _DP_MAX):
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
        parts.append([[int(comp[k]) for k in order] for order in orders])
    parts = [(np.array(p[0]), [_positions(p[0], order) for order in p]) for p in parts]
    return parts, proven, complete, slack, " + ".join(sorted(solvers)) or "trivial"


def _linear_cost(cost: np.ndarray, order: list[int]) -> float:
    pos = np.empty(len(order), int)
    pos[order] = np.arange(len(order))
    return float(cost[pos[:, None] < pos[None, :]].sum())


def _weak_parts(n_geq: np.ndarray, profile: Profile, deadline: float,
                max_solutions: int) -> tuple[list, bool, bool, float]:
    """Per component: (items, level vectors of all optimal weak orders); proven; complete; slack."""
    total, tol = profile.total_weight, _tol(profile)
    edge = n_geq >= total / 2 - tol  # a → b unless b ≻ a is forced
    parts, proven, complete, slack = [], True, True, 0.0
    for comp in _components(edge):
        if comp.size == 1:
            parts.append((comp, [np.zeros(1, int)]))
            continue
        if comp.size <= _ENUM_WEAK_MAX:
            parts.append((comp, _enumerate_weak(n_geq[np.ix_(comp, comp)], total, tol)[:max_solutions]))
            continue
        solve, index = _milp_weak(n_geq[np.ix_(comp, comp)], total, deadline, max_solutions, tol)
        if not solve.optimal:
            proven = False
            slack += max(solve.objective - solve.lower_bound, 0.0)
        complete = complete and solve.complete
        parts.append((comp, [_levels_from_geq(x, index) for x in solve.solutions]))
    return parts, proven, complete, slack


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


def _combine_levels(parts: list, n: int, max_solutions: int) -> tuple[list[np.ndarray], bool]:
    """Concatenate the components' optima (Cartesian product), each component below the previous."""
    combos = []
    complete = True
    for choice in itertools.product(*[sols for _, sols in parts]):
        if len(combos) >= max_solutions:
            complete = False
            break
        levels = np.empty(n, int)
        offset = 0
        for (comp, _), lev in zip(parts, choice):
            levels[comp] = lev + offset
            offset += int(lev.max()) + 1
        combos.append(levels)
    return combos, complete


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
    method : "auto" (decomposition, then dynamic programming or MILP by component size),
        "dp", "milp" or "heuristic" (local search; no optimality proof). ell = 2 and weak
        orders always use the MILP.
    time_limit : seconds; after it the best order found is returned with
        ``optimal=False`` and its proven ``gap``.
    max_solutions : the enumeration of optima stops there (``complete=False``).

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
    if time_limit is not None and not (np.isfinite(time_limit) and time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}.")
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
            parts, proven, complete, slack = _weak_parts(n_geq, profile, deadline, max_solutions)
            solver = "HiGHS MILP"
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
        rankings=[levels_to_groups(profile.items, lev) for lev in _sorted_unique(levels_list)],
        objective=objective, orders=orders, ell=ell, optimal=proven, lower_bound=lower, gap=gap,
        complete=complete if method != "heuristic" else False, solver=solver if method != "heuristic"
        else "local search", n_rankings=len(profile.levels), elapsed=time.monotonic() - start,
        profile=profile)


def _positions(comp_items: list[int], order: list[int]) -> np.ndarray:
    """Levels of the component's items (in ``comp_items`` order) for an order of them."""
    rank = {item: k for k, item in enumerate(order)}
    return np.array([rank[item] for item in comp_items])


def _sorted_unique(levels_list: list[np.ndarray]) -> list[np.ndarray]:
    seen, out = set(), []
    for lev in levels_list:
        key = tuple(lev)
        if key not in seen:
            seen.add(key)
            out.append(lev)
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
