"""Binary programs for the symmetric-difference consensus, solved by HiGHS (scipy.optimize.milp).

Transitivity constraints are added lazily: the program is solved with the constraints of a
seed set of triples, the solution is checked for intransitive triples, and the violated
ones are added until the solution is an order (a cutting-plane loop, exact because every
constraint left out is satisfied by the final solution). All optimal solutions are
enumerated by re-solving with a no-good cut excluding each optimum found, until the
objective gets worse.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import Bounds, LinearConstraint, milp

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
