"""Bergmann–Hommel and Shaffer's dynamic procedure, exact, by enumerating set partitions.

For all pairwise comparisons of k algorithms, a set of hypotheses can be true at the same
time exactly when it is the set of within-block pairs of some partition of the algorithms
(equality is transitive). These are García & Herrera's (2008, Fig. 1) *exhaustive sets*:
Bell(k) - 1 of them (the all-singletons partition gives the empty set). The Bergmann &
Hommel (1988) APV of hypothesis H_i is

    APV_i = min(1, max{ |I| min_{j in I} p_j : I exhaustive, H_i in I })

followed by the running maximum in the order of the raw p-values (García & Herrera 2008,
§4; scmamp ``adjustBergmannHommel``). Shaffer's dynamic multiplier t_j is the largest |I|
among exhaustive sets containing none of the j-1 hypotheses with the smallest p-values.

The functions here return each hypothesis's value (the max above, or t_j p_j); the cap,
the running maximum and the tie rule are the finishing step every correction shares
(:func:`algocompare.posthoc._adjust.tie_consistent`, used by ``adjust_pvalues`` and
``posthoc``). Ties matter here: two hypotheses with the same p-value can lie in different
exhaustive sets, so their Bergmann–Hommel values can differ; both get the larger one.
scmamp's running maximum in pair order makes them equal only when the larger is listed
first, so its APVs for tied hypotheses depend on the order of the algorithms.

Implementation: the partitions are generated as restricted growth strings (int8 block
labels, vectorised level by level), and each chunk of partitions is turned into a boolean
partitions × hypotheses membership table with the hypotheses sorted by p-value. Then
``|I|`` is a row sum, ``min p`` is the p-value of the row's first true column, and the APV
of each hypothesis is a masked column maximum. Work and memory are O(Bell(k) k^2 / 2)
and O(chunk k^2 / 2); nothing is stored between calls except the label table for k <= 11.
Measured on a shared 2-core machine: k = 9 0.01-0.04 s, k = 10 0.05-0.2 s, k = 12 4-6 s,
whole benchmark peak memory about 220 MB (benchmarks/results_posthoc.md); k = 13 (about 6.5
times the work of k = 12) is allowed but was not timed.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

__all__ = ["MAX_EXACT_K", "bell_number", "set_partitions", "bergmann_hommel", "shaffer_dynamic"]

#: Largest number of algorithms for which the exact enumeration is offered (Bell(13) = 27,644,437).
MAX_EXACT_K = 13
#: Rows (partitions) processed at once; bounds the peak memory.
_CHUNK_ROWS = 1 << 16
#: Label tables up to this k are cached (k = 11: 678,570 x 11 bytes).
_CACHED_K = 11


def bell_number(k: int) -> int:
    """Number of set partitions of k elements (Bell triangle).

    >>> [bell_number(k) for k in range(1, 8)]
    [1, 2, 5, 15, 52, 203, 877]
    """
    row = [1]
    for _ in range(k - 1):
        nxt = [row[-1]]
        for value in row:
            nxt.append(nxt[-1] + value)
        row = nxt
    return row[-1]


def _extend(labels: np.ndarray, top: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Append one element to every restricted growth string: any existing block or a new one."""
    choices = top.astype(np.int64) + 2  # blocks 0..top plus a new block top+1
    rows = np.repeat(np.arange(len(labels)), choices)
    starts = np.cumsum(choices) - choices
    new_label = (np.arange(rows.size) - np.repeat(starts, choices)).astype(np.int8)
    extended = np.empty((rows.size, labels.shape[1] + 1), dtype=np.int8)
    extended[:, :-1] = labels[rows]
    extended[:, -1] = new_label
    return extended, np.maximum(top[rows], new_label)


def _all_labels(n: int) -> tuple[np.ndarray, np.ndarray]:
    labels, top = np.zeros((1, 1), dtype=np.int8), np.zeros(1, dtype=np.int8)
    for _ in range(n - 1):
        labels, top = _extend(labels, top)
    return labels, top


@lru_cache(maxsize=_CACHED_K)
def _cached_labels(k: int) -> np.ndarray:
    labels = _all_labels(k)[0]
    labels.setflags(write=False)
    return labels


def set_partitions(k: int, chunk_rows: int = _CHUNK_ROWS) -> Iterator[np.ndarray]:
    """All partitions of range(k) as block-label arrays (restricted growth strings), in chunks.

    Each yielded array has shape (rows, k); row r assigns element i to block ``labels[r, i]``.
    """
    if k <= _CACHED_K:
        labels = _cached_labels(k)
        for start in range(0, len(labels), chunk_rows):
            yield labels[start:start + chunk_rows]
        return
    # expand a prefix table in batches so that no more than ~chunk_rows rows live at once
    tail = 3
    prefixes, tops = _all_labels(k - tail)
    batch = max(1, chunk_rows * len(prefixes) // bell_number(k))  # ~chunk_rows rows on average
    for start in range(0, len(prefixes), batch):
        labels, top = prefixes[start:start + batch], tops[start:start + batch]
        for _ in range(tail):
            labels, top = _extend(labels, top)
        yield labels


def _bell_text(k: int) -> str:
    """Bell(k) - 1 written out up to k = 25; beyond, a bound (Bell(10,000) has 27,000 digits and
    its triangle took minutes, all to word a refusal)."""
    if k <= 25:
        return f"{bell_number(k) - 1:,}"
    return f"more than {bell_number(25) - 1:,}"


def _check_k(k: int, method: str) -> None:
    if k > MAX_EXACT_K:
        raise ValueError(
            f"{method} is computed exactly for at most {MAX_EXACT_K} algorithms (Bell({MAX_EXACT_K}) - 1 = "
            f"{bell_number(MAX_EXACT_K) - 1:,} exhaustive sets); k = {k} has {_bell_text(k)}. "
            "Use p_adjust='shaffer' (static), which is valid for any k."
        )


def _scan(p_pairs: np.ndarray, k: int, *, apv: bool, dynamic: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One pass over all partitions.

    Returns the ascending order of the hypotheses, the Bergmann–Hommel maxima (in sorted
    order) and, per sorted position j, the largest exhaustive set whose smallest-p member is j.
    """
    m = k * (k - 1) // 2
    order = np.argsort(p_pairs, kind="stable")
    rows, cols = np.triu_indices(k, 1)
    first_of, second_of = rows[order], cols[order]
    p_sorted = p_pairs[order]
    best_v = np.zeros(m)
    largest_from = np.zeros(m, dtype=np.int64)
    for labels in set_partitions(k):
        same = labels[:, first_of] == labels[:, second_of]
        size = same.sum(axis=1)
        keep = size > 0
        if not keep.all():
            same, size = same[keep], size[keep]
        first = same.argmax(axis=1)
        if dynamic:
            np.maximum.at(largest_from, first, size)
        if apv:
            v = size * p_sorted[first]
            chunk_best = np.max(np.broadcast_to(v[:, None], same.shape), axis=0, where=same, initial=0.0)
            np.maximum(best_v, chunk_best, out=best_v)
    return order, best_v, largest_from


def bergmann_hommel(p_pairs: np.ndarray, k: int) -> np.ndarray:
    """Bergmann–Hommel values max{|I| min_{j in I} p_j : I exhaustive, H_i in I} (row-major pair order).

    ``adjust_pvalues(p, "bergmann")`` turns them into APVs (cap, running maximum, ties).
    """
    _check_k(k, "Bergmann-Hommel")
    p_pairs = np.asarray(p_pairs, dtype=float)
    order, best_v, _ = _scan(p_pairs, k, apv=True, dynamic=False)
    values = np.empty_like(p_pairs)
    values[order] = best_v
    return values


def dynamic_multipliers(p_pairs: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Ascending order of the hypotheses and Shaffer's dynamic t_j for each sorted position."""
    _check_k(k, "Shaffer's dynamic procedure")
    order, _, largest_from = _scan(np.asarray(p_pairs, dtype=float), k, apv=False, dynamic=True)
    # t_j = largest exhaustive set avoiding the j-1 smallest: suffix maximum over first >= j
    return order, np.maximum.accumulate(largest_from[::-1])[::-1]


def shaffer_dynamic(p_pairs: np.ndarray, k: int) -> np.ndarray:
    """Shaffer's (1986) dynamic values t_j p_j, t_j given H_1..H_{j-1} false (row-major pair order).

    ``adjust_pvalues(p, "shaffer_dynamic")`` turns them into APVs, max_{j<=i} t_j p_j capped
    at 1. Within a group of tied p-values t_j depends on which tied hypothesis is listed
    first, but its largest value (at the group's first position) does not, so the APVs are
    free of the order of the algorithms.
    """
    p_pairs = np.asarray(p_pairs, dtype=float)
    order, t = dynamic_multipliers(p_pairs, k)
    values = np.empty_like(p_pairs)
    values[order] = t * p_pairs[order]
    return values
