"""Input handling shared by the paired Bayesian tests."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare._validation import as_paired, check_nonnegative, check_positive_int, check_probability


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
                       threshold: float, nan_policy: str) -> tuple[np.ndarray, float, float, int, float]:
    """Validate the common arguments; return ``z = x - y`` and the checked scalars."""
    a, b = as_paired(x, y, nan_policy=nan_policy, min_size=2)
    rope = check_nonnegative("rope", rope)
    prior_strength = check_nonnegative("prior_strength", prior_strength)
    n_samples = check_positive_int("n_samples", n_samples)
    threshold = check_probability("threshold", threshold)
    return a - b, rope, prior_strength, n_samples, threshold
