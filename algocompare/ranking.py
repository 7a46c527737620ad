"""Rank transforms of a blocks table shared by the omnibus tests and their post-hoc statistics.

All functions take an *oriented* instances × algorithms array (lower is better, see
``Results.blocks(oriented=True)``) and rank so that rank 1 is the best.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import rankdata

__all__ = ["within_instance_ranks", "aligned_ranks", "quade_weights"]


def within_instance_ranks(values: np.ndarray) -> np.ndarray:
    """Ranks within each row (instance); ties get the average rank (Friedman 1937)."""
    return rankdata(np.asarray(values, dtype=float), axis=1)


def aligned_ranks(values: np.ndarray) -> np.ndarray:
    """Friedman aligned ranks (Hodges & Lehmann 1962; García et al. 2010, §2.2).

    Each instance's location (its mean over algorithms) is subtracted, and all k·N aligned
    observations are ranked together, ties averaged.
    """
    values = np.asarray(values, dtype=float)
    aligned = values - values.mean(axis=1, keepdims=True)
    return rankdata(aligned.ravel()).reshape(values.shape)


def quade_weights(values: np.ndarray) -> np.ndarray:
    """Quade's instance weights Q_i: the ranks of the instance ranges, ties averaged (Quade 1979)."""
    values = np.asarray(values, dtype=float)
    return rankdata(values.max(axis=1) - values.min(axis=1))
