"""Brute force over all linear / weak orders: the independent reference of the exact solvers."""

import itertools

import numpy as np


def all_weak_orders(n):
    """Every weak order of n items as a level vector (levels 0..k-1 all used)."""
    for levels in itertools.product(range(n), repeat=n):
        used = set(levels)
        if used == set(range(len(used))):
            yield np.array(levels)


def all_linear_orders(n):
    for perm in itertools.permutations(range(n)):
        yield np.array(perm)  # perm[i] = position of item i


def symdiff(levels_a, levels_b):
    """Ordered pairs (a, b), reflexive included, where 'a ranked at least as good as b' differs."""
    n = len(levels_a)
    d = 0
    for a in range(n):
        for b in range(n):
            if (levels_a[a] <= levels_a[b]) != (levels_b[a] <= levels_b[b]):
                d += 1
    return d


def brute_force(levels_matrix, orders, ell=1, weights=None):
    """(best objective, set of optimal level tuples) by enumerating every order."""
    levels_matrix = np.asarray(levels_matrix)
    weights = np.ones(len(levels_matrix)) if weights is None else np.asarray(weights, float)
    n = levels_matrix.shape[1]
    candidates = all_linear_orders(n) if orders == "linear" else all_weak_orders(n)
    best, optima = np.inf, set()
    for cand in candidates:
        value = sum(w * symdiff(cand, r) ** ell for w, r in zip(weights, levels_matrix, strict=False))
        if value < best - 1e-9:
            best, optima = value, {tuple(cand)}
        elif abs(value - best) <= 1e-9:
            optima.add(tuple(cand))
    return best, optima


def rankings_of(levels_matrix, items):
    """Rankings (lists of groups, best first) from rows of levels."""
    return [[[items[i] for i in np.flatnonzero(row == k)] for k in np.unique(row)] for row in np.asarray(levels_matrix)]


def levels_of(result, items):
    """The consensus rankings of a result as level tuples, in result order."""
    out = []
    for ranking in result.optimal_rankings:
        lev = np.empty(len(items), int)
        for k, group in enumerate(ranking):
            for item in group:
                lev[items.index(item)] = k
        out.append(tuple(lev))
    return out
