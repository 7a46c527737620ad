"""Type-I error and power of the permutation tests under data simulated with ``simulate_runs``.

The null has equal algorithm means and no algorithm-specific instance effects
(``sigma_across=0``), heteroscedastic instances (within-instance sd drawn from U(1, 5)) and
normal or shifted-exponential errors. The benchmark runs the bigger study and records it.
"""

from __future__ import annotations

import numpy as np

import algocompare as ac

ALPHA = 0.05


def rejection_rates(effect: float, *, n_datasets: int, n_algorithms: int = 3, n_instances: int = 5,
                    n_runs: int = 5, n_resamples: int = 200, distribution: str = "normal",
                    seed: int = 0) -> dict[str, float]:
    """Fraction of simulated data sets rejected at ALPHA by each procedure.

    The last algorithm's mean is shifted by ``effect`` (in units of the within sd's lower bound).
    """
    rng = np.random.default_rng(seed)
    means = [0.0] * (n_algorithms - 1) + [effect]
    keys = ("design1", "csp", "usp", "f_interaction", "f_additive", "msd_permutation")
    hits = dict.fromkeys(keys, 0)
    for _ in range(n_datasets):
        sim = ac.simulate_runs(means, n_instances=n_instances, n_runs=n_runs, sigma_across=0.0,
                               distribution=distribution, rng=rng)
        design1 = ac.permutation_test(sim.results.blocks(), method="monte_carlo", n_resamples=n_resamples, rng=rng)
        csp = ac.permutation_test(sim.results, variant="constrained", rng=rng, n_resamples=n_resamples)
        usp = ac.permutation_test(sim.results, variant="unconstrained", method="monte_carlo",
                                  n_resamples=n_resamples, rng=rng)
        msd = ac.msd_intervals(sim.results, method="monte_carlo", n_resamples=n_resamples, rng=rng)
        diffs = np.abs(msd.to_frame()["difference"].to_numpy())
        hits["design1"] += design1.pvalue <= ALPHA
        hits["csp"] += csp.pvalue <= ALPHA
        hits["usp"] += usp.pvalue <= ALPHA
        hits["f_interaction"] += csp.f_pvalue_interaction <= ALPHA
        hits["f_additive"] += csp.f_pvalue_additive <= ALPHA
        hits["msd_permutation"] += bool((diffs > msd.msd_permutation).any())
    return {key: value / n_datasets for key, value in hits.items()}


def test_null_rejection_rate_is_alpha():
    n = 200
    rates = rejection_rates(0.0, n_datasets=n, seed=11)
    bound = 3 * np.sqrt(ALPHA * (1 - ALPHA) / n)
    for key, rate in rates.items():
        assert abs(rate - ALPHA) < bound + 1 / n, (key, rate)


def test_power_grows_with_the_effect():
    small = rejection_rates(1.0, n_datasets=40, seed=12)
    large = rejection_rates(3.0, n_datasets=40, seed=12)
    for key in small:
        assert large[key] > small[key] >= 0.0, key
    assert large["csp"] > 0.8
