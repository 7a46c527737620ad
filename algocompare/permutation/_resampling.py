"""Pieces shared by the Monte Carlo and exact permutation procedures of this area."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from algocompare import _validation as v
from algocompare._batching import batches
from algocompare.permutation._enumeration import RTOL, TailCount

METHODS = ("auto", "exact", "monte_carlo")
#: Numbers drawn per Monte Carlo batch: bounds the memory whatever n_resamples is.
BATCH_ELEMENTS = 2_000_000
#: Default largest enumeration (merged state pairs) for method="auto" and "exact".
MAX_EXACT = 2_000_000
#: The bound when the caller asks for ``method="exact"`` explicitly (about a minute of work).
MAX_EXACT_REQUESTED = 300_000_000


@dataclass(frozen=True)
class NullOutcome:
    """Where the observed statistic falls in its permutation distribution."""

    pvalue: float
    exact: bool
    #: rearrangements drawn (Monte Carlo) or enumerated (exact)
    n_resamples: float
    #: size of the whole permutation space
    n_permutations: float
    #: smallest p-value the procedure can return on this design
    min_pvalue: float
    #: the Monte Carlo draws of the statistic (None when exact)
    null: np.ndarray | None = None


#: Natural log of the largest float: a count of rearrangements beyond it is reported as inf.
LOG_FLOAT_MAX = math.log(sys.float_info.max)


def count_as_float(log_count: float, count: Callable[[], int]) -> float:
    """A number of rearrangements as a float, ``inf`` beyond the float range.

    ``log_count`` (its natural log, or an upper bound of it) decides before ``count()``
    builds the exact integer, which for (k!)^b can have millions of digits.
    """
    if log_count > LOG_FLOAT_MAX:
        return math.inf
    try:
        return float(count())
    except OverflowError:
        return math.inf


def batch_sizes(total: int, per_draw: int, *, progress: bool | None = False,
                desc: str = "permutations") -> Iterator[int]:
    """Split ``total`` draws into batches of at most BATCH_ELEMENTS // per_draw draws."""
    size = BATCH_ELEMENTS // max(per_draw, 1)
    for block in batches(total, size, progress=progress, desc=desc, unit="perm"):
        yield block.stop - block.start


def count_at_least(samples: np.ndarray, observed: float) -> int:
    """#{S* >= S0} with a relative tolerance for rounding differences."""
    return int(np.count_nonzero(samples >= observed - RTOL * max(abs(observed), 1.0)))


def monte_carlo(draw: Callable[[np.random.Generator, int], np.ndarray], observed: float, n_resamples: int,
                rng: np.random.Generator, *, per_draw: int, n_permutations: float, space_min_pvalue: float,
                progress: bool | None = False) -> NullOutcome:
    """Monte Carlo p-value (b + 1) / (m + 1) from batches of ``draw(rng, size)``."""
    null = np.concatenate([draw(rng, n) for n in batch_sizes(n_resamples, per_draw, progress=progress)])
    hits = count_at_least(null, observed)
    return NullOutcome(pvalue=(hits + 1) / (n_resamples + 1), exact=False, n_resamples=n_resamples,
                       n_permutations=n_permutations,
                       min_pvalue=max(1 / (n_resamples + 1), space_min_pvalue), null=null)


def exact(tail: TailCount, n_permutations: float) -> NullOutcome:
    return NullOutcome(pvalue=min(1.0, tail.count / tail.total), exact=True, n_resamples=tail.total,
                       n_permutations=n_permutations, min_pvalue=tail.count_max / tail.total)


def check_method(method: str, n_resamples: int, max_exact: int | None) -> tuple[str, int, int]:
    """Validate the options; ``max_exact=None`` is generous when exact was asked for, small for auto."""
    v.check_option("method", method, METHODS)
    if max_exact is None:
        max_exact = MAX_EXACT_REQUESTED if method == "exact" else MAX_EXACT
    return method, v.check_positive_int("n_resamples", n_resamples), v.check_positive_int("max_exact", max_exact)


def infeasible(n_permutations: float, max_exact: int) -> ValueError:
    return ValueError(
        f"exact enumeration of the {n_permutations:.4g} rearrangements needs more than max_exact={max_exact} "
        "evaluations; pass method='monte_carlo' (or 'auto'), or raise max_exact."
    )


def random_subsets(rng: np.random.Generator, shape: tuple[int, ...], n: int, size: np.ndarray | int) -> np.ndarray:
    """Boolean masks over the last axis of length ``n``, each with ``size`` labels set uniformly.

    ``size`` broadcasts against ``shape`` (one subset size per leading index).
    """
    base = np.broadcast_to(np.arange(n) < np.asarray(size)[..., None], (*shape, n))
    return rng.permuted(base, axis=-1)
