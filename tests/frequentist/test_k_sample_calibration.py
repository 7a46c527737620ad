"""Null calibration of the k-sample tests and the independent-sample post-hocs (tests/frequentist/k_sample_null.py).

Under identical algorithms each k-sample test must reject at about alpha = 0.05, and each
post-hoc family (all pairs, the test's default adjustment: Holm, or the single step of DSCF
and Nemenyi) must reject any pair at most about alpha. The fast version (150 replicates) can
only catch gross errors (a test that never rejects or rejects twice as often); the slow one
(4000 replicates, figures in docs/validation.md) holds them to a few Monte Carlo errors.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.frequentist.k_sample_null import DESIGNS, OMNIBUS, POSTHOCS, rejection_rates


def _check(rates: dict, n_reps: int, *, sds: float) -> None:
    se = np.sqrt(0.05 * 0.95 / n_reps)
    for name in OMNIBUS:  # a size: near alpha from both sides
        assert abs(rates[name] - 0.05) <= sds * se + 0.005, (name, rates[name])
    for name in POSTHOCS:  # a family-wise error rate: at most alpha (conservative is allowed), but not nil
        assert 0.005 <= rates[name] <= 0.05 + sds * se, (name, rates[name])


@pytest.mark.parametrize("tied", [False, True], ids=["continuous", "tied"])
def test_null_rates_fast(tied):
    rates = rejection_rates(DESIGNS["k=3"], tied, 150, seed=27)
    _check(rates, 150, sds=3.5)


@pytest.mark.slow
@pytest.mark.parametrize("design", sorted(DESIGNS))
@pytest.mark.parametrize("tied", [False, True], ids=["continuous", "tied"])
def test_null_rates_full(design, tied):
    rates = rejection_rates(DESIGNS[design], tied, 4000, seed=20261126)
    _check(rates, 4000, sds=3.0)
