"""Exact symmetric-difference consensus over weak orders by dynamic programming over subsets.

A weak order is a sequence of groups G1 ≻ G2 ≻ ... ≻ Gk. Its cost against a profile is a
sum over unordered pairs {a, b} of the cost of the relation it puts on the pair (relations'
symmetric difference, reflexive pairs always agree):

* a ≻ b: strict[a, b] = (W - N[a, b]) + N[b, a],
* a ~ b: tie[a, b] = (W - N[a, b]) + (W - N[b, a]),

with N[a, b] the weight of the rankings with a ≽ b and W the total weight. With f(T) the
least cost of a weak order of the items T (pairs inside T only), the last (worst) group G of
an optimal order of T leaves an optimal order of S = T \\ G above it, so

    f(T) = min over nonempty G ⊆ T of f(T \\ G) + tie(G) + sum_{b in S, a in G} strict[b, a].

Writing the cross sum as sum_{a in G} col_T(a) - inner(G), with col_T(a) = sum_{b in T}
strict[b, a], the per-group terms fold into one set function h(G) = tie(G) - inner(G) =
-sum_{a<b in G} (N[a, b] + N[b, a]) and the cross term is linear in G's indicator. Layer k
(|T| = k) is one batch of (number of T) × 2^k candidate groups: O(3^m) work in all, in numpy.
Every optimum is read back along the tight transitions; distinct paths are distinct weak
orders, and every tight path ends in an optimum, so the listing has no duplicates and no
dead ends.
"""

from __future__ import annotations

import time

import numpy as np

#: candidate (T, G) pairs evaluated per numpy batch (bounds the memory: ~8 bytes × 4 arrays each)
_BATCH = 1 << 20


#: the symmetric difference's discrepancies (reversed pair, tie against a strict preference)
SYMDIFF = (2.0, 1.0)


def pair_costs(n_geq: np.ndarray, total: float, discrepancy: tuple[float, float] = SYMDIFF
               ) -> tuple[np.ndarray, np.ndarray]:
    """strict[a, b] (a ≻ b) and q[a, b] = tie - strict - strict.T, zero diagonals.

    ``discrepancy`` = (r, t): what a reversed pair and a tie against a strict preference cost
    (relations' paired-comparison distance on complete orders). With W - N[b, a] rankings
    putting a ≻ b and N[a, b] + N[b, a] - W tying them, strict[a, b] = r (W - N[a, b]) +
    t (N[a, b] + N[b, a] - W) and tie[a, b] = t (2W - N[a, b] - N[b, a]). The symmetric
    difference (r, t) = (2, 1) gives strict = W - N[a, b] + N[b, a] and q = -(N[a, b] + N[b, a]).
    """
    if tuple(discrepancy) == SYMDIFF:  # the Kemeny path, written as before (same floating-point sums)
        strict = total - n_geq + n_geq.T
        q = -(n_geq + n_geq.T)
    else:
        r, t = discrepancy
        both = n_geq + n_geq.T
        strict = r * (total - n_geq) + t * (both - total)
        q = t * (2 * total - both) - strict - strict.T
    np.fill_diagonal(strict, 0.0)
    np.fill_diagonal(q, 0.0)
    return strict, q


def _mask_bits(masks: np.ndarray, m: int) -> np.ndarray:
    return ((masks[:, None] >> np.arange(m, dtype=np.int64)) & 1).astype(bool)


def solve_table(n_geq: np.ndarray, total: float, discrepancy: tuple[float, float] = SYMDIFF
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(f, h, strict): f[T] = least cost of a weak order of the items in bit mask T."""
    m = len(n_geq)
    strict, q = pair_costs(np.asarray(n_geq, float), float(total), discrepancy)
    masks = np.arange(1 << m, dtype=np.int64)
    bits = _mask_bits(masks, m)
    bits_f = bits.astype(float)
    h = 0.5 * np.einsum("sa,ab,sb->s", bits_f, q, bits_f)
    counts = bits.sum(axis=1)
    f = np.full(1 << m, np.inf)
    f[0] = 0.0
    for k in range(1, m + 1):
        layer = masks[counts == k]
        sub_bits = _mask_bits(np.arange(1 << k, dtype=np.int64), k).astype(float)  # (2^k, k)
        rows = max(1, _BATCH >> k)
        for start in range(0, layer.size, rows):
            f[layer[start:start + rows]] = _layer_values(layer[start:start + rows], bits, strict, f, h,
                                                         sub_bits).min(axis=1)
    return f, h, strict


def _layer_values(sets: np.ndarray, bits: np.ndarray, strict: np.ndarray, f: np.ndarray, h: np.ndarray,
                  sub_bits: np.ndarray) -> np.ndarray:
    """Candidate values f(T \\ G) + h(G) + sum_{a in G} col_T(a) for every T in ``sets`` (all of
    the same size k) and every subset G of T (columns: G's index j over T's items; j = 0,
    the empty group, gets inf)."""
    k = sub_bits.shape[1]
    member = bits[sets]
    pos = np.nonzero(member)[1].reshape(len(sets), k)  # T's items, ascending
    col = member.astype(float) @ strict  # col[T, a] = sum_{b in T} strict[b, a]
    linear = np.take_along_axis(col, pos, axis=1) @ sub_bits.T
    groups = (np.left_shift(1, pos).astype(float) @ sub_bits.T).astype(np.int64)
    values = f[sets[:, None] ^ groups] + h[groups] + linear
    values[:, 0] = np.inf
    return values


def all_optima(n_geq: np.ndarray, total: float, max_solutions: int, deadline: float,
               tol: float, discrepancy: tuple[float, float] = SYMDIFF) -> tuple[list[np.ndarray], float, bool]:
    """Every optimal weak order (level vectors 0..k-1, 0 = best), the optimum, and whether the
    list is complete (False when ``max_solutions`` or the deadline cut it). The table itself is
    not interruptible (its size fixes its time: about a second at 15 items), so at least one
    optimum is always returned."""
    m = len(n_geq)
    f, h, strict = solve_table(n_geq, total, discrepancy)
    bits = _mask_bits(np.arange(1 << m, dtype=np.int64), m)
    tight: dict[int, list[int]] = {}

    def last_groups(rest: int) -> list[int]:
        if rest not in tight:
            k = int(bits[rest].sum())
            sub_bits = _mask_bits(np.arange(1 << k, dtype=np.int64), k).astype(float)
            values = _layer_values(np.array([rest], dtype=np.int64), bits, strict, f, h, sub_bits)[0]
            member = np.flatnonzero(bits[rest])
            groups = (np.left_shift(1, member).astype(float) @ sub_bits.T).astype(np.int64)
            tight[rest] = groups[values <= f[rest] + tol].tolist()
        return tight[rest]

    full = (1 << m) - 1
    solutions: list[np.ndarray] = []
    stack: list[tuple[int, list[int]]] = [(full, [])]  # (items still to order, groups below, worst last)
    while stack and len(solutions) < max_solutions:
        if solutions and time.monotonic() > deadline:  # the first optimum is always listed
            break
        rest, below = stack.pop()
        if rest == 0:
            levels = np.empty(m, dtype=np.int64)
            for level, group in enumerate(reversed(below)):
                levels[bits[group]] = level
            solutions.append(levels)
            continue
        stack.extend((rest ^ g, below + [g]) for g in reversed(last_groups(rest)))
    return solutions, float(f[full]), not stack
