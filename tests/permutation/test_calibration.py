"""Type-I error and power of the permutation tests under data simulated with ``simulate_runs``.

The null has equal algorithm means and no algorithm-specific instance effects
(``sigma_across=0``), heteroscedastic instances (within-instance sd drawn from U(1, 5)) and
normal or shifted-exponential errors. The benchmark runs the bigger study and records it.
"""

from __future__ import annotations

import numpy as np

from algocompare.permutation._calibration import rejection_rates

ALPHA = 0.05


def test_null_rejection_rate_is_alpha():
    n = 200
    rates = rejection_rates(0.0, n_datasets=n, rng=11)
    bound = 3 * np.sqrt(ALPHA * (1 - ALPHA) / n)
    for key, rate in rates.items():
        assert abs(rate - ALPHA) < bound + 1 / n, (key, rate)


def test_power_grows_with_the_effect():
    small = rejection_rates(1.0, n_datasets=60, rng=12)
    large = rejection_rates(3.0, n_datasets=60, rng=12)
    for key in small:
        assert large[key] > small[key] >= 0.0, key
    assert large["csp"] > 0.7  # about 0.8 (benchmark); 60 data sets: se 0.05


def test_rejection_rates_are_the_same_on_an_executor():
    """Each data set has its own seed: the same rates in this process and on two workers."""
    from concurrent.futures import ThreadPoolExecutor

    here = rejection_rates(1.0, n_datasets=6, n_resamples=49, rng=5)
    with ThreadPoolExecutor(2) as pool:
        assert rejection_rates(1.0, n_datasets=6, n_resamples=49, rng=5, executor=pool) == here
