"""The vectorised Shapiro–Wilk of normality(per="cell") gives what one call per cell gives."""

from __future__ import annotations

import numpy as np

from algocompare.frequentist.assumptions import _normality_row, _shapiro_many


def test_vectorised_shapiro_equals_one_call_per_sample():
    rng = np.random.default_rng(0)
    samples = {(i,): rng.normal(size=int(rng.integers(2, 12))) * 10.0 ** int(rng.integers(-5, 300))
               for i in range(300)}  # sizes below the minimum, and magnitudes near the float limit
    samples[("constant",)] = np.ones(6)
    found = _shapiro_many(samples)
    for key, sample in samples.items():
        np.testing.assert_array_equal(np.array(found[key]), np.array(_normality_row(sample, "shapiro")))
