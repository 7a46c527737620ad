"""Input handling shared by the paired Bayesian tests."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from algocompare._samples import read_samples
from algocompare._scaling import headroom_scaled
from algocompare._validation import check_nonnegative, check_positive_int, check_probability
from algocompare.bayesian._result import BayesianPairedResult, decide, report_shares

#: Two thetas of one draw closer than this are a tie. Structural ties (e.g. x == y, where
#: theta_left = theta_right = 1/2 exactly) differ only by rounding, about n * 1e-16; two
#: distinct continuous thetas come this close with negligible probability.
TIE_TOLERANCE = 1e-9


def sample_names(x: Any, y: Any, names: tuple[str, str] | None) -> tuple[str, str]:
    """Explicit names, else the names of pandas Series, else ``("x", "y")``."""
    if names is not None:
        if len(names) != 2:
            raise ValueError(f"names must be two labels (for x and y), got {names!r}.")
        return str(names[0]), str(names[1])
    found = [getattr(v, "name", None) for v in (x, y)]
    if all(n is not None for n in found) and found[0] != found[1]:
        return str(found[0]), str(found[1])
    return "x", "y"


def paired_differences(x: Any, y: Any, *, rope: float, prior_strength: float, n_samples: int,
                       threshold: float, nan_policy: str) -> tuple[np.ndarray, float, float, int, float, tuple]:
    """Validate the common arguments; return ``z = x - y`` and the rope in working units,
    the checked scalars and the pairs dropped by ``nan_policy="omit"`` (recorded as the
    result's ``dropped_pairs``).

    Working units: when a value is within a factor 8 of the float limit (e.g. 1e308), x, y
    and the rope are divided by 8 (exact), so that neither z nor the Walsh sums
    z_i + z_j overflow; every region (z < -rope, ...) is unchanged. Report the user's rope.
    """
    samples = read_samples(x, y, paired=True, nan_policy=nan_policy)
    a, b, dropped = samples.x, samples.y, samples.recorded["dropped_pairs"]
    rope = check_nonnegative("rope", rope)
    prior_strength = check_nonnegative("prior_strength", prior_strength)
    n_samples = check_positive_int("n_samples", n_samples)
    threshold = check_probability("threshold", threshold)
    (a, b), rope = working_units((a, b), rope)
    return a - b, rope, prior_strength, n_samples, threshold, dropped


def working_units(arrays: tuple[np.ndarray, ...], rope: float) -> tuple[tuple[np.ndarray, ...], float]:
    """``arrays`` and ``rope`` divided by 8 (exact) when a value is within a factor 8 of the
    float limit, else unchanged: differences, their Walsh sums and 2 z stay finite
    (:func:`algocompare._scaling.headroom_scaled`; the rope is in the data's units, so it is
    scaled with them)."""
    scaled, exponent = headroom_scaled(*arrays)
    return scaled, math.ldexp(rope, -exponent)


def win_counts(theta: np.ndarray) -> np.ndarray:
    """Per column, the number of draws (rows) in which it has the largest theta.

    A draw whose largest thetas tie (within :data:`TIE_TOLERANCE`) counts equally for each
    of them, so that floating-point rounding never decides a tie (a plain argmax gives
    p_left = 0.65 for ``x == y``, whose posterior is exactly symmetric).
    """
    tied = theta >= theta.max(axis=1, keepdims=True) - TIE_TOLERANCE
    return (tied / tied.sum(axis=1, keepdims=True)).sum(axis=0)


def with_tie_shares(result: BayesianPairedResult, samples: np.ndarray) -> BayesianPairedResult:
    """``result`` with p_left, p_rope, p_right (and the decision) from :func:`win_counts`."""
    shares = report_shares(win_counts(samples) / len(samples), result.rope)
    return with_shares(result, shares)


def with_shares(result: BayesianPairedResult, shares: tuple[float, float, float]) -> BayesianPairedResult:
    """``result`` with the reported probabilities ``shares`` and the decision they give."""
    decision = decide(*shares, result.threshold)
    winner = {"left": result.left, "rope": "equivalent", "right": result.right}.get(decision, "undecided")
    return replace(result, p_left=float(shares[0]), p_rope=float(shares[1]), p_right=float(shares[2]),
                   decision=decision, winner=winner)
