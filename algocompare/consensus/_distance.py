"""The symmetric-difference distance of rankings and the consensus objective built on it.

d(a, b) counts the ordered pairs of items (reflexive pairs included) whose incidences
x ≽ y differ in the two rankings, as the R package relations'
``relation_dissimilarity(method = "symdiff")``: a reversed pair costs 2, a tie against a
strict preference 1. The Kemeny objective of a consensus c is sum_i w_i d(c, r_i)^ell.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.consensus._rankings import Profile, as_profile

__all__ = ["symdiff_distance"]


def _incidences(levels: np.ndarray) -> np.ndarray:
    """Incidence a ≽ b of each ranking (..., items, items), reflexive pairs included."""
    return levels[..., :, None] <= levels[..., None, :]


def symdiff_distance(a: Any, b: Any) -> int:
    """Symmetric-difference distance between two rankings of the same items.

    The number of ordered pairs whose incidences (a ≽ b) differ, as relations'
    ``relation_dissimilarity(x, y, "symdiff")``: a reversed pair counts 2, a tie against
    a strict preference 1.

    Parameters
    ----------
    a, b : ranking
        Two rankings of the same items, each a list of items or of groups of tied items,
        best first.

    Returns
    -------
    int
        The number of ordered pairs (x, y) with x ≽ y in one ranking and not in the other.

    See Also
    --------
    kemeny : the consensus that minimises the total distance to the rankings.

    References
    ----------
    .. [1] Kemeny, J. G., Snell, J. L. (1962). *Mathematical Models in the Social Sciences*,
       chapter 2, "Preference rankings: an axiomatic approach". Ginn, Boston.
    .. [2] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> symdiff_distance(["a", "b", "c"], [["a", "b"], "c"])
    1
    """
    profile = as_profile([a, b])
    inc = _incidences(profile.levels)
    return int((inc[0] != inc[1]).sum())


def _distances(levels: np.ndarray, profile: Profile) -> np.ndarray:
    """d(c, r_i) for the consensus levels ``levels`` against every ranking of the profile,
    a block of rankings at a time (about two million incidences), so that a long profile
    never holds its rankings × items × items incidences at once."""
    consensus = _incidences(levels)[None]
    m = profile.levels.shape[1]
    block = max(1, _BLOCK_INCIDENCES // max(m * m, 1))
    return np.concatenate([
        (consensus != _incidences(profile.levels[start:start + block])).sum(axis=(1, 2))
        for start in range(0, len(profile.levels), block)] or [np.zeros(0, dtype=int)])


#: incidences per block of :func:`_distances`
_BLOCK_INCIDENCES = 2_000_000


def _objective(levels: np.ndarray, profile: Profile, ell: int) -> float:
    return float(profile.weights @ (_distances(levels, profile).astype(float) ** ell))
