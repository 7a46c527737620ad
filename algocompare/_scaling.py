"""One policy against overflow and underflow: scale by an exact power of two.

Every statistic of the package gives the same answer on data × 1e300 and on data × 1e-300
as on the data. Squares and sums of squares are what break first: (1e300)² overflows to
inf, (1e-300)² underflows to 0 (a standard deviation of 0, a decision flipped). The rule:

* **Multiply the values by 2**-e** before squaring or summing. A power of two changes only
  the exponent of each double, so the scaling is exact and every correctly rounded
  operation (+, −, ×, /, sqrt) gives the scaled result bit for bit: ratios, t and F
  statistics, p-values, correlations, effect sizes are unchanged, not approximately but
  exactly (as long as no value leaves the normal range, which is what the scaling prevents).
* **Moments** (means, variances, sums of squares, covariances): ``e`` puts the largest
  magnitude in [0.5, 1) (:func:`unit_scaled`). It is applied when the largest magnitude lies
  outside ``[2**-256, 2**256]`` (about 1e±77; inside, the squares of n ≤ 2**400 values can
  neither overflow nor lose their last digits to underflow, and skipping spares a copy);
  code whose rounding tolerances assume values ≤ 1 asks for it always (``always=True``).
* **Order statistics and differences** (ranks, medians, quartiles, ranges, differences and
  Walsh averages of a few values): only headroom is needed — the values are divided by 8
  when the largest magnitude is within a factor 8 of the float limit
  (:func:`headroom_scaled`). A unit scale there would push values far below the largest
  into the subnormal range and merge their ranks.
* **Scale-invariant outputs** (test statistics, p-values, ranks, standardised effect
  sizes, decisions) are reported as computed. **Outputs in the data's units** (means,
  standard deviations, differences, confidence bounds of a difference, medians) are scaled
  back with :func:`scaled_back` (``ldexp(value, e)``), and inputs in the data's units (a
  rope, a hypothesised difference) are scaled with the data.

In the package:

======================  =====================================================================
scale-invariant         every test statistic and p-value, ranks and mean ranks, Cohen's d,
                        Hedges' g, d_z, d', Cliff's delta, A12, rank-biserial r, Bayesian
                        posterior probabilities, normality and variance tests, decisions
data's units            :meth:`Results.describe` (mean, median, sd, best, worst, quartiles),
                        :meth:`Results.blocks`, ``paired_ttest``'s mean difference and
                        interval, ``median_difference_ci`` and ``confidence_curve``,
                        ``hotelling_t2``'s mean differences, ``rm_anova``'s means,
                        ``severity_analysis``'s estimate, sd, se, mu0, delta and supported
                        difference; the inputs rope, mu0 and delta are scaled with the data
squared units           the permutation tests' sums of squares and mean squares (refused
                        outside 2**±500, below)
======================  =====================================================================

Statistics reported in the data's *squared* units (the sums of squares of the permutation
tests) cannot always be scaled back: their inputs are refused, with the reason, when the
largest magnitude lies outside ``[SQUARES_LOW, SQUARES_HIGH]`` = 2**±500
(:func:`squares_representable`), where a square leaves the range of normal doubles.

Values beyond the float range cannot be represented at all; a statistic whose scaled-back
result exceeds it (e.g. a standard deviation above 1.8e308) is reported as ``inf``.

Examples
--------
>>> import numpy as np
>>> from algocompare._scaling import scaled_back, unit_scaled
>>> values = np.array([1.0, 2.0, 4.0]) * 1e-300
>>> float(np.std(values)), float(np.std([1.0, 2.0, 4.0]))   # the squares underflow to 0
(0.0, 1.247219128924647)
>>> (unit,), e = unit_scaled(values)
>>> e, bool(0.5 <= np.abs(unit).max() < 1)
(-994, True)
>>> round(float(scaled_back(unit.std(), e)) / 1e-300, 12)
1.247219128925
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["SAFE_LOW", "SAFE_HIGH", "HEADROOM_LIMIT", "largest_magnitude", "unit_exponent", "unit_exponents",
           "unit_scaled", "headroom_exponent", "headroom_scaled", "squares_representable", "scaled_back",
           "standardised"]

#: Largest magnitudes in ``[SAFE_LOW, SAFE_HIGH]`` need no unit scaling for moments.
SAFE_LOW, SAFE_HIGH = 2.0 ** -256, 2.0 ** 256
#: From this largest magnitude on, differences and sums of up to eight values could overflow.
HEADROOM_LIMIT = 2.0 ** 1020
#: Largest magnitudes whose squares (times up to 2**20 terms) stay normal doubles.
SQUARES_LOW, SQUARES_HIGH = 2.0 ** -500, 2.0 ** 500
#: The exponent :func:`headroom_scaled` divides by (2**3 = 8).
HEADROOM_EXPONENT = 3


def largest_magnitude(*arrays: Any) -> float:
    """The largest finite |value| of the arrays (NaN and ±inf ignored; 0.0 if there is none),
    without a copy of |values| for arrays without missing values."""
    largest = 0.0
    for array in arrays:
        values = np.asarray(array, dtype=float)
        if not values.size:
            continue
        high, low = float(values.max()), float(values.min())
        if not (math.isfinite(high) and math.isfinite(low)):  # NaN or inf: look at the finite ones only
            finite = values[np.isfinite(values)]
            high, low = (float(finite.max()), float(finite.min())) if finite.size else (0.0, 0.0)
        largest = max(largest, high, -low)
    return largest


def unit_exponent(largest: float, *, always: bool = False) -> int:
    """The e of the moments' rule for a largest magnitude ``largest``: 2**-e · largest in
    [0.5, 1) when ``largest`` is outside ``[SAFE_LOW, SAFE_HIGH]`` (or ``always``), else 0."""
    if not (largest > 0 and math.isfinite(largest)):
        return 0
    if not always and SAFE_LOW <= largest <= SAFE_HIGH:
        return 0
    return int(math.frexp(largest)[1])


def unit_exponents(largest: Any, *, always: bool = False) -> np.ndarray:
    """:func:`unit_exponent` element-wise, for rows scaled one by one (an array of largest
    magnitudes, e.g. ``np.abs(block).max(axis=1)``)."""
    largest = np.asarray(largest, dtype=float)
    usable = np.isfinite(largest) & (largest > 0)
    outside = usable & (always | (largest < SAFE_LOW) | (largest > SAFE_HIGH))
    return np.where(outside, np.frexp(np.where(usable, largest, 1.0))[1], 0)


def unit_scaled(*arrays: Any, always: bool = False) -> tuple[tuple[np.ndarray, ...], int]:
    """``arrays`` (as float arrays) times the same 2**-e of :func:`unit_exponent`, and e.

    The arrays are returned unchanged (not copied) when e = 0."""
    values = tuple(np.asarray(a, dtype=float) for a in arrays)
    exponent = unit_exponent(largest_magnitude(*values), always=always)
    if not exponent:
        return values, 0
    return tuple(np.ldexp(a, -exponent) for a in values), exponent


def headroom_exponent(largest: float) -> int:
    """3 when ``largest`` is within a factor 8 of the float limit (>= :data:`HEADROOM_LIMIT`), else 0."""
    return HEADROOM_EXPONENT if largest >= HEADROOM_LIMIT and math.isfinite(largest) else 0


def headroom_scaled(*arrays: Any) -> tuple[tuple[np.ndarray, ...], int]:
    """``arrays`` divided by 8 (exact) when a value is within a factor 8 of the float limit,
    and the exponent (3 or 0): differences, ranges and sums of up to 8 values stay finite;
    ranks and every comparison are unchanged. Unchanged (not copied) otherwise."""
    values = tuple(np.asarray(a, dtype=float) for a in arrays)
    exponent = headroom_exponent(largest_magnitude(*values))
    if not exponent:
        return values, 0
    return tuple(np.ldexp(a, -exponent) for a in values), exponent


def squares_representable(largest: float) -> bool:
    """Whether sums of squares of values up to ``largest`` are finite, normal doubles (0 is)."""
    return largest == 0 or SQUARES_LOW <= largest <= SQUARES_HIGH


def scaled_back(value: Any, exponent: int) -> Any:
    """A result in the data's units computed on values scaled by 2**-exponent, in the
    data's units again (``value · 2**exponent``; ``inf`` beyond the float range)."""
    if not exponent:
        return value
    with np.errstate(over="ignore"):
        back = np.ldexp(value, exponent)
    return float(back) if np.ndim(back) == 0 and isinstance(value, (float, int, np.floating)) else back


def standardised(difference: Any, scale: Any) -> np.ndarray:
    """``difference / scale``, elementwise; where the scale is 0 (every block ranks the algorithms
    alike, every difference equal), a difference is certain, ``±inf``, and no difference is 0.

    The t and z statistics of the post-hoc tests take this one rule, so that an exact tie and a
    certain difference read alike everywhere (p = 1 and p = 0).

    Examples
    --------
    >>> standardised(np.array([-2.0, 0.0, 3.0]), 0.0).tolist()
    [-inf, 0.0, inf]
    >>> standardised(np.array([1.0, -1.0]), np.array([2.0, 0.0])).tolist()
    [0.5, -inf]
    """
    difference = np.asarray(difference, dtype=float)
    scale = np.broadcast_to(np.asarray(scale, dtype=float), difference.shape)
    out = np.zeros(difference.shape)
    positive = scale > 0
    out[positive] = difference[positive] / scale[positive]
    certain = ~positive & (difference != 0)
    out[certain] = np.copysign(np.inf, difference[certain])
    return out
