"""Null simulations of the equal-variance checks of check_assumptions (DEVELOPERS.md: every
test gets one). Data with equal variances, normal or t with 4 df (the heavy tails of
benchmark results), 5 algorithms, 30 instances, 3 to 10 runs per cell.

Levene's test centred on the mean (García et al. 2009's convention) rejects far more than
alpha of the instances with few runs, so the check's family (Bonferroni over the instances)
cried "unequal variances" on up to a quarter of null data sets; Brown–Forsythe (centred on
the median), which check_assumptions now uses, stays at or below alpha."""

from __future__ import annotations

import math

import numpy as np
import pytest

import algocompare as ac
from algocompare.frequentist import _assumptions as assumptions

ALPHA = 0.05
N_SETS = 300


def _rates(test: str, runs: int, draw) -> tuple[float, float]:
    """Share of instances rejected, and of data sets whose family (Bonferroni) rejects."""
    rng = np.random.default_rng(runs)
    instances, families = 0.0, 0
    for _ in range(N_SETS):
        _, p, _ = assumptions._variance_rows(draw(rng, (30, 5, runs)), test)
        valid = ~np.isnan(p)
        instances += float(np.mean(p[valid] <= ALPHA)) / N_SETS
        families += bool(valid.any() and np.nanmin(p) * valid.sum() <= ALPHA)
    return instances, families / N_SETS


DRAWS = {"normal": lambda rng, shape: rng.normal(size=shape),
         "t4": lambda rng, shape: rng.standard_t(4, size=shape)}


@pytest.mark.parametrize("runs", [3, 5, 10])
@pytest.mark.parametrize("data", sorted(DRAWS))
def test_brown_forsythe_per_instance_keeps_its_size(data, runs):
    instances, families = _rates("levene_median", runs, DRAWS[data])
    se = math.sqrt(ALPHA * (1 - ALPHA) / N_SETS)
    assert families <= ALPHA + 3 * se
    assert instances <= ALPHA + 0.01  # 9,000 instances: Monte Carlo error about 0.002


def test_mean_centred_levene_is_too_liberal_with_few_runs():
    """Why the check left García et al.'s convention: 5 runs of t4 data."""
    instances, families = _rates("levene", 5, DRAWS["t4"])
    assert instances > 0.1 and families > 0.15


def test_check_assumptions_uses_brown_forsythe():
    sim = ac.simulate_runs([10.0, 10.0, 10.0, 10.0], n_instances=12, n_runs=5, rng=1).results
    checks = ac.check_assumptions(sim).checks
    assert {"equal variances across algorithms (Brown-Forsythe)",
            "equal variances per instance (Brown-Forsythe)"} <= set(checks["check"])
