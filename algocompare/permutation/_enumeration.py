"""Exact enumeration of permutation distributions of quadratic statistics.

Every statistic of this area has the form ``S = z' M z`` where ``z = z0 + c_1 + ... + c_b``
and ``c_h`` is one of the equally likely contributions of block ``h`` under the
rearrangements (a permuted row in Design 1, the label choice of an instance in the
unconstrained synchronized design, the one shared label choice in the constrained one).
The distribution of ``z`` is therefore the convolution over blocks of the blocks'
contribution sets. We exploit that twice:

* identical partial sums are merged (with their multiplicities) after every block, which
  collapses the state space for discrete data (errors, ranks, colour counts);
* the blocks are split in two halves (meet in the middle): with ``z = a + c``,
  ``S = a'Ma + c'Mc + 2 a'Mc``, so all cross terms of a chunk of ``a`` states against all
  ``c`` states are one matrix product.

The work is ``n_a * n_c`` evaluations of the statistic instead of the product of the
block sizes, in chunks whose memory is bounded.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

import numpy as np

__all__ = ["TailCount", "quadratic_tail", "combine_tails", "tail_of_samples", "combinations_mask", "all_subsets",
           "CHUNK_ELEMENTS"]

#: Elements per chunk of a (states x states) matrix; bounds the memory (~32 MB of float64).
CHUNK_ELEMENTS = 4_000_000
#: Relative tolerance for "S* >= S0": permuted sums are added in another order than the
#: observed one, so equal statistics can differ in the last bits.
RTOL = 1e-10


@dataclass(frozen=True)
class TailCount:
    """Weighted counts of an enumerated permutation distribution."""

    #: number of rearrangements with S* >= S0
    count: float
    #: number of rearrangements in all
    total: float
    #: number of rearrangements reaching the largest S* (smallest attainable p-value numerator)
    count_max: float
    #: pairs of merged states evaluated
    work: int
    #: the largest S* of the enumeration
    maximum: float = float("nan")


#: Largest array of partial sums built for one half (memory bound, ~ STATE_LIMIT * d * 8 bytes).
STATE_LIMIT = 4_000_000
#: Largest state array merged (sorting more rows costs more than merging saves for continuous data).
MERGE_LIMIT = 200_000


def merge_states(states: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Merge identical rows of ``states`` and add up their weights."""
    if len(states) > MERGE_LIMIT or len(states) < 2:
        return states, weights
    rows = np.ascontiguousarray(states + 0.0)  # + 0.0 turns -0.0 into 0.0 so equal rows have equal bytes
    keys = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return rows[first], np.bincount(inverse.reshape(-1), weights=weights, minlength=len(first))


def _convolve(blocks: list[np.ndarray], dim: int, cap: int) -> tuple[np.ndarray, np.ndarray] | None:
    """All partial sums over ``blocks`` with multiplicities, or None beyond ``cap`` states."""
    states, weights = np.zeros((1, dim)), np.ones(1)
    for choices in blocks:
        choices, counts = merge_states(choices, np.ones(len(choices)))
        if len(states) * len(choices) > cap:
            return None
        states = (states[:, None, :] + choices[None, :, :]).reshape(-1, dim)
        weights = (weights[:, None] * counts[None, :]).reshape(-1)
        states, weights = merge_states(states, weights)
    return states, weights


def _split(blocks: list[np.ndarray]) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Two groups of blocks with about equal products of sizes (greedy on log sizes)."""
    groups: tuple[list[np.ndarray], list[np.ndarray]] = ([], [])
    logs = [0.0, 0.0]
    for block in sorted(blocks, key=len, reverse=True):
        side = int(logs[1] < logs[0])
        groups[side].append(block)
        logs[side] += math.log(max(len(block), 1))
    return groups


def enumeration_size(blocks: list[np.ndarray]) -> float:
    """Number of rearrangements (product of the block sizes), as a float (inf beyond its range)."""
    if any(len(b) == 0 for b in blocks):
        return 0.0
    log_size = sum(math.log(len(b)) for b in blocks)
    return math.inf if log_size > math.log(sys.float_info.max) else float(math.prod(len(b) for b in blocks))


def quadratic_tail(blocks: list[np.ndarray], offset: np.ndarray, form: np.ndarray, observed: float, *,
                   max_work: int) -> TailCount | None:
    """Count rearrangements with ``S* >= observed``, or None when that costs more than ``max_work``.

    Parameters
    ----------
    blocks : list of arrays (n_h, d)
        The equally likely contributions of each block.
    offset : array (d,)
        The fixed part ``z0`` of ``z``.
    form : array (d, d)
        The symmetric matrix ``M`` of ``S = z'Mz``.
    observed : float
        The observed statistic ``S0``.
    max_work : int
        Largest number of merged state pairs to evaluate.
    """
    dim = len(offset)
    first, second = _split(blocks)
    cap = min(max_work, STATE_LIMIT)
    left = _convolve(first, dim, cap)
    right = _convolve(second, dim, cap) if left is not None else None
    if left is None or right is None or len(left[0]) * len(right[0]) > max_work:
        return None
    (a, wa), (c, wc) = left, right
    a = a + offset
    ma = a @ form
    qa = np.einsum("nd,nd->n", ma, a)
    qc = np.einsum("nd,de,ne->n", c, form, c)
    threshold = observed - RTOL * max(abs(observed), 1.0)
    count = 0.0
    best, count_best = -np.inf, 0.0
    step = max(1, CHUNK_ELEMENTS // max(len(c), 1))
    for start in range(0, len(a), step):
        s = qa[start:start + step, None] + qc[None, :] + 2.0 * (ma[start:start + step] @ c.T)
        w = wa[start:start + step, None] * wc[None, :]
        count += float(w[s >= threshold].sum())
        chunk_max = float(s.max())
        tol = RTOL * max(abs(chunk_max), 1.0)
        if chunk_max > best + tol:
            best = chunk_max
            count_best = float(w[s >= best - tol].sum())
        elif chunk_max >= best - tol:
            count_best += float(w[s >= best - tol].sum())
    total = float(wa.sum() * wc.sum())
    return TailCount(count=count, total=total, count_max=count_best, work=len(a) * len(c), maximum=best)


def tail_of_samples(samples: np.ndarray, observed: float) -> TailCount:
    """The tail count of equally likely, fully enumerated values of S*."""
    threshold = observed - RTOL * max(abs(observed), 1.0)
    top = float(samples.max())
    return TailCount(count=float(np.count_nonzero(samples >= threshold)), total=float(len(samples)),
                     count_max=float(np.count_nonzero(samples >= top - RTOL * max(abs(top), 1.0))),
                     work=len(samples), maximum=top)


def combine_tails(parts: list[TailCount]) -> TailCount:
    """The tail count of a union of disjoint, equally weighted enumerations."""
    top = max(t.maximum for t in parts)
    tol = RTOL * max(abs(top), 1.0)
    return TailCount(count=sum(t.count for t in parts), total=sum(t.total for t in parts),
                     count_max=sum(t.count_max for t in parts if t.maximum >= top - tol),
                     work=sum(t.work for t in parts), maximum=top)


def combinations_mask(n: int, m: int) -> np.ndarray:
    """Boolean array (C(n, m), n): every subset of size ``m`` of ``n`` labels, one per row.

    Built from the bit patterns of 0 .. 2^n - 1 with exactly ``m`` bits set (vectorised),
    in increasing order of the patterns.
    """
    if n > 26:
        raise ValueError(f"enumerating subsets of {n} labels is not feasible; use Monte Carlo.")
    codes = np.arange(1 << n, dtype=np.uint32)
    return _bits(codes[np.bitwise_count(codes) == m], n)


def all_subsets(n: int) -> np.ndarray:
    """Boolean array (2^n, n): every subset of ``n`` labels, one per row."""
    if n > 26:
        raise ValueError(f"enumerating the 2^{n} subsets is not feasible; use Monte Carlo.")
    return _bits(np.arange(1 << n, dtype=np.uint32), n)


def _bits(codes: np.ndarray, n: int) -> np.ndarray:
    return ((codes[:, None] >> np.arange(n, dtype=np.uint32)) & 1).astype(bool)
