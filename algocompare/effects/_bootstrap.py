"""Bootstrap confidence intervals of effect sizes: percentile and BCa, all resamples at once.

Every effect-size function of :mod:`algocompare.effects` takes ``ci_method="bootstrap"`` with
``bootstrap_method`` (``"bca"`` or ``"percentile"``), ``n_resamples`` and ``rng``. Paired designs
resample pairs (instances); independent samples are resampled each on its own. Each effect size
gives here a vectorised statistic: a function of two (resamples × n) arrays returning one value per
resample, so no Python loop runs per resample (the resamples are drawn in batches that bound the
memory).

The conventions are those of ``scipy.stats.bootstrap`` (which pingouin's ``compute_bootci``
calls): the percentile interval takes the (1 ± level)/2 quantiles of the bootstrap
distribution (linear interpolation); BCa (Efron 1987) adjusts them by the bias correction
z0 = Φ⁻¹(share of resamples below the estimate, ties counted half) and the acceleration
a = Σ U³ / (6 (Σ U²)^{3/2}) of the jackknife values U_i = (n − 1)(θ̄₍.₎ − θ₍ᵢ₎), summed over
the samples for independent samples (each sample's terms scaled by 1/n³ and 1/n²).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from scipy import special, stats

from algocompare._validation import check_option

__all__ = ["BOOTSTRAP_METHODS", "bootstrap_interval", "VECTORISED", "check_bootstrap"]

#: The bootstrap intervals.
BOOTSTRAP_METHODS = ("bca", "percentile")

#: Resampled cells held at once (resamples × sample size): bounds the memory of large samples.
_BATCH_CELLS = 2_000_000

Statistic = Callable[[np.ndarray, np.ndarray], np.ndarray]


def check_bootstrap(bootstrap_method: str, n_resamples: Any) -> int:
    """The checked number of resamples (a one-line error otherwise)."""
    check_option("bootstrap_method", bootstrap_method, BOOTSTRAP_METHODS)
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 100:
        raise ValueError(f"n_resamples must be an integer of at least 100 for a bootstrap interval, got "
                         f"{n_resamples!r}; 9999 is the default.")
    return int(n_resamples)


def _resampled(statistic: Statistic, a: np.ndarray, b: np.ndarray, paired: bool, n_resamples: int,
               rng: np.random.Generator) -> np.ndarray:
    """The statistic on ``n_resamples`` bootstrap samples (pairs resampled together when paired)."""
    out = np.empty(n_resamples)
    batch = max(1, _BATCH_CELLS // (a.size + (0 if paired else b.size)))
    for start in range(0, n_resamples, batch):
        m = min(batch, n_resamples - start)
        ia = rng.integers(0, a.size, (m, a.size))
        ib = ia if paired else rng.integers(0, b.size, (m, b.size))
        out[start:start + m] = statistic(a[ia], b[ib])
    return out


def _leave_one_out(values: np.ndarray) -> np.ndarray:
    """n × (n − 1): row i is ``values`` without element i."""
    n = values.size
    keep = ~np.eye(n, dtype=bool)
    return np.broadcast_to(values, (n, n))[keep].reshape(n, n - 1)


def _acceleration(statistic: Statistic, a: np.ndarray, b: np.ndarray, paired: bool) -> float:
    """BCa's acceleration from the jackknife (scipy.stats.bootstrap's formula)."""
    if paired:
        groups = [statistic(_leave_one_out(a), _leave_one_out(b))]
    else:
        groups = [statistic(_leave_one_out(a), np.broadcast_to(b, (a.size, b.size))),
                  statistic(np.broadcast_to(a, (b.size, a.size)), _leave_one_out(b))]
    numerator = denominator = 0.0
    for jack in groups:
        n = jack.size
        u = (n - 1) * (jack.mean() - jack)
        numerator += np.sum(u**3) / n**3
        denominator += np.sum(u**2) / n**2
    if denominator == 0:
        return 0.0
    return float(numerator / (6 * denominator**1.5))


def bootstrap_interval(statistic: Statistic, a: np.ndarray, b: np.ndarray, *, paired: bool,
                       confidence_level: float, bootstrap_method: str, n_resamples: int,
                       rng: Any) -> tuple[float, float]:
    """Percentile or BCa bootstrap interval of ``statistic`` (see the module for the conventions).

    ``statistic(a_resamples, b_resamples)`` takes (m × n_a, m × n_b) arrays and returns m values.
    Resamples whose statistic is not finite (a resample
    of constant values has no standardised difference) make the interval NaN, with no guess.
    """
    n_resamples = check_bootstrap(bootstrap_method, n_resamples)
    generator = np.random.default_rng(rng)
    with np.errstate(invalid="ignore", divide="ignore"):
        draws = _resampled(statistic, a, b, paired, n_resamples, generator)
    if not np.all(np.isfinite(draws)):
        return float("nan"), float("nan")
    tail = (1 - confidence_level) / 2
    low_q, high_q = tail, 1 - tail
    if bootstrap_method == "bca":
        # the estimate by the resamples' own formula: a discrete statistic (Cliff's delta) computed two ways
        # differs in the last bit, and a resample equal to it must count as a tie
        estimate = float(statistic(a[None, :], b[None, :])[0])
        below = (np.sum(draws < estimate) + np.sum(draws <= estimate)) / (2 * draws.size)
        z0 = special.ndtri(below)
        with np.errstate(invalid="ignore", divide="ignore"):
            acceleration = _acceleration(statistic, a, b, paired)
        if not np.isfinite(z0) or not np.isfinite(acceleration):  # every resample on one side: no BCa interval
            return float("nan"), float("nan")
        z = stats.norm.ppf([tail, 1 - tail])
        low_q, high_q = special.ndtr(z0 + (z0 + z) / (1 - acceleration * (z0 + z)))
    low, high = np.percentile(draws, [100 * low_q, 100 * high_q])
    return float(low), float(high)


# ----------------------------------------------------------------------------- vectorised statistics
# Each takes (m × n_a, m × n_b) arrays (unit-scaled values) and returns m values.

def _pooled_sd(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    na, nb = a.shape[-1], b.shape[-1]
    return np.sqrt(((na - 1) * a.var(axis=-1, ddof=1) + (nb - 1) * b.var(axis=-1, ddof=1)) / (na + nb - 2))


def cohens_d_batch(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(mean a − mean b) / pooled sd."""
    return (a.mean(axis=-1) - b.mean(axis=-1)) / _pooled_sd(a, b)


def d_z_batch(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """mean(a − b) / sd(a − b) of paired rows."""
    d = a - b
    return d.mean(axis=-1) / d.std(axis=-1, ddof=1)


def d_prime_independent_batch(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Student's t / sqrt(n) with n values per sample: d / sqrt(2)."""
    return cohens_d_batch(a, b) / np.sqrt(2.0)


def cliffs_delta_batch(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """P(a > b) − P(a < b) from the mid-ranks of the pooled rows (Mann–Whitney U)."""
    na, nb = a.shape[-1], b.shape[-1]
    pooled = np.concatenate([a, b], axis=-1)
    rank_sum = stats.rankdata(pooled, axis=-1)[..., :na].sum(axis=-1)
    u = rank_sum - na * (na + 1) / 2  # a > b counts 1, ties 1/2
    return 2 * u / (na * nb) - 1


def a12_batch(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(1 + Cliff's delta) / 2."""
    return (1 + cliffs_delta_batch(a, b)) / 2


def matched_rank_biserial_batch(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Kerby's (R+ − R−)/(R+ + R−) of the non-zero paired differences, per row."""
    d = a - b
    zero = d == 0
    n_zero = zero.sum(axis=-1, keepdims=True)
    ranks = np.where(zero, 0.0, stats.rankdata(np.abs(d), axis=-1) - n_zero)  # zeros rank lowest
    n = d.shape[-1] - n_zero[..., 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        return (np.sign(d) * ranks).sum(axis=-1) / (n * (n + 1) / 2.0)


#: The vectorised statistic of each effect size (key: the measure's name in _magnitude).
VECTORISED: dict[str, Statistic] = {
    "cohen_d": cohens_d_batch, "d_z": d_z_batch, "d_prime_independent": d_prime_independent_batch,
    "cliffs_delta": cliffs_delta_batch, "a12": a12_batch, "rank_biserial": matched_rank_biserial_batch,
}
