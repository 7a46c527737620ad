"""Binary programs for the symmetric-difference consensus, solved by HiGHS (scipy.optimize.milp).

The engine (:func:`solve_all`) comes first, then the programs: linear orders (y_ab = 1 iff a
before b, for a < b), weak orders (x_ab = 1 iff a ≽ b) and the ell = 2 objective over either.

Transitivity constraints are added lazily: the program is solved with the constraints of a
seed set of triples, the solution is checked for intransitive triples, and the violated
ones are added until the solution is an order (a cutting-plane loop, exact because every
constraint left out is satisfied by the final solution). All optimal solutions are
enumerated by re-solving with a no-good cut excluding each optimum found, until the
objective gets worse.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import Bounds, LinearConstraint, milp

from algocompare.consensus._distance import _incidences
from algocompare.consensus._rankings import Profile

#: scipy.optimize.milp status codes
_OPTIMAL, _LIMIT = 0, 1


@dataclass
class Solve:
    """The outcome of an exact solve: the optima found, whether proven, and a lower bound."""

    solutions: list[np.ndarray]
    objective: float
    optimal: bool
    lower_bound: float
    complete: bool


class Rows:
    """A growing set of sparse constraint rows lb <= A x <= ub."""

    def __init__(self, n_vars: int) -> None:
        self.n_vars = n_vars
        self.blocks: list[sparse.csr_matrix] = []
        self.lb: list[np.ndarray] = []
        self.ub: list[np.ndarray] = []

    def add(self, rows: np.ndarray, cols: np.ndarray, vals: np.ndarray, lb: np.ndarray, ub: np.ndarray) -> None:
        if len(lb) == 0:
            return
        self.blocks.append(sparse.csr_matrix((vals, (rows, cols)), shape=(len(lb), self.n_vars)))
        self.lb.append(np.asarray(lb, float))
        self.ub.append(np.asarray(ub, float))

    def constraint(self) -> LinearConstraint | None:
        if not self.blocks:
            return None
        return LinearConstraint(sparse.vstack(self.blocks).tocsr(), np.concatenate(self.lb), np.concatenate(self.ub))


def _solve_once(c: np.ndarray, integrality: np.ndarray, bounds: Bounds, rows: Rows, time_left: float):
    options = {"time_limit": max(time_left, 0.01), "disp": False, "mip_rel_gap": 0.0}
    constraint = rows.constraint()
    return milp(c, integrality=integrality, bounds=bounds,
                constraints=[constraint] if constraint is not None else None, options=options)


def solve_all(c: np.ndarray, constant: float, n_binary: int, rows: Rows, separate, *, deadline: float,
              max_solutions: int, tol: float, n_continuous: int = 0) -> Solve:
    """Minimise ``c @ x + constant`` over binaries (first ``n_binary`` variables), all optima.

    ``separate(x)`` returns the constraint rows violated by an integral ``x`` as
    ``(rows, cols, vals, lb, ub)`` with local row numbers, or None when ``x`` is feasible.
    """
    n = n_binary + n_continuous
    integrality = np.r_[np.ones(n_binary), np.zeros(n_continuous)]
    bounds = Bounds(np.zeros(n), np.r_[np.ones(n_binary), np.full(n_continuous, np.inf)])
    solutions: list[np.ndarray] = []
    best = np.inf
    while len(solutions) < max_solutions:
        res = _solve_once(c, integrality, bounds, rows, deadline - time.monotonic())
        if res.status == 2:  # infeasible: every solution has been cut off by no-good cuts
            return Solve(solutions, best, True, best, True)
        if res.status not in (_OPTIMAL, _LIMIT):
            raise RuntimeError(f"the MILP solver failed: {res.message}")
        timed_out = res.status == _LIMIT
        if timed_out and solutions:  # the optimum is proven; enumeration of ties cut short
            return Solve(solutions, best, True, best, False)
        if res.x is None:
            return Solve([], np.inf, False, _dual(res) + constant, False)
        x = np.round(res.x[:n_binary])
        violated = separate(x)
        if violated is not None:
            rows.add(*violated)
            if timed_out:
                return Solve([], np.inf, False, _dual(res) + constant, False)
            continue
        value = float(res.fun) + constant
        if timed_out:
            return Solve([x], value, False, min(value, _dual(res) + constant), False)
        if solutions and value > best + tol:
            return Solve(solutions, best, True, best, True)
        if not solutions:
            # The optimum is known: the other optima are the feasible points of the
            # objective level set, which HiGHS finds faster without an objective.
            rows.add(np.zeros(np.count_nonzero(c), int), np.flatnonzero(c), c[np.flatnonzero(c)],
                     np.array([-np.inf]), np.array([value - constant + tol]))
            c = np.zeros_like(c)
            constant = value
        best = value
        solutions.append(x)
        ones = np.flatnonzero(x > 0.5)
        zeros = np.flatnonzero(x < 0.5)
        rows.add(np.zeros(n_binary, int), np.r_[ones, zeros], np.r_[np.ones(ones.size), -np.ones(zeros.size)],
                 np.array([-np.inf]), np.array([ones.size - 1.0]))
        if time.monotonic() > deadline:
            return Solve(solutions, best, True, best, False)
    return Solve(solutions, best, True, best, False)


def _dual(res) -> float:
    bound = getattr(res, "mip_dual_bound", None)
    return float(bound) if bound is not None and np.isfinite(bound) else -np.inf


# -- linear orders: binary program ---------------------------------------------------------
def _pair_index(m: int) -> np.ndarray:
    index = -np.ones((m, m), dtype=np.int64)
    iu = np.triu_indices(m, 1)
    index[iu] = np.arange(iu[0].size)
    return index


def _triples(m: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(m), 3)), dtype=np.int64).reshape(-1, 3)


def _milp_linear(cost: np.ndarray, deadline: float, max_solutions: int, tol: float) -> Solve:
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

    rows = Rows(c.size)
    # Seed with the triples that are cyclic in the majority tournament: those are the
    # constraints the relaxation needs first.
    prefer = (c < 0).astype(float)
    s = prefer[ab] + prefer[bc] - prefer[ac]
    rows.add(*rows_for(np.flatnonzero((s > 1.5) | (s < -0.5))))
    return solve_all(c, constant, c.size, rows, separate, deadline=deadline,
                           max_solutions=max_solutions, tol=tol)


def _order_from_pairs(y: np.ndarray, m: int) -> list[int]:
    before = np.zeros((m, m))
    iu = np.triu_indices(m, 1)
    before[iu] = y
    before[iu[1], iu[0]] = 1 - y
    return list(np.argsort(-before.sum(axis=1), kind="stable"))


# -- weak orders: binary program ---------------------------------------------------------
def _milp_weak(n_geq: np.ndarray, total: float, deadline: float, max_solutions: int, tol: float,
               ell_forms: tuple | None = None) -> tuple[Solve, np.ndarray]:
    """x_ab = 1 iff a ≽ b (a != b); x_ab + x_ba >= 1; x_ab + x_bc - x_ac <= 1 (lazily)."""
    m = len(n_geq)
    off = ~np.eye(m, dtype=bool)
    a_idx, b_idx = np.nonzero(off)
    index = -np.ones((m, m), dtype=np.int64)
    index[a_idx, b_idx] = np.arange(a_idx.size)
    n_bin = a_idx.size
    rows = Rows(n_bin + (0 if ell_forms is None else len(ell_forms[0])))
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
        solve = solve_all(c, constant, n_bin, rows, separate, deadline=deadline,
                                max_solutions=max_solutions, tol=tol)
    else:
        solve = _solve_squared(ell_forms, n_bin, rows, separate, deadline, max_solutions, tol)
    return solve, index


def _solve_squared(forms: tuple, n_bin: int, rows: Rows, separate, deadline: float,
                   max_solutions: int, tol: float) -> Solve:
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
    return solve_all(c, 0.0, n_bin, rows, separate, deadline=deadline, max_solutions=max_solutions,
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


def _levels_from_geq(x: np.ndarray, index: np.ndarray) -> np.ndarray:
    m = len(index)
    geq = np.eye(m, dtype=bool)
    off = index >= 0
    geq[off] = x[index[off]] > 0.5
    # in a weak order, the number of items an item is at least as good as fixes its level
    return np.unique(-geq.sum(axis=1), return_inverse=True)[1].ravel()
