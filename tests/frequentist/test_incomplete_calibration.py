"""Size of the Durbin and Skillings–Mack tests under the null (Monte Carlo, fixed seed, a few seconds).

Identical algorithms (normal errors plus a random effect per instance) with missing cells
at random (MCAR) or structured (each algorithm absent from its own block of instances; a
balanced incomplete block design). The rejection rate at alpha = 0.05 must not exceed
alpha + 3 Monte Carlo standard errors. The statistics are those of the public functions
(``skillings_mack_statistic`` and ``durbin_parts`` are what ``skillings_mack`` and
``durbin`` compute); the design is built from the array directly to skip the pandas
conversion, which would dominate the time.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from algocompare.frequentist._incomplete import check_bibd, design_from_values, durbin_parts, skillings_mack_statistic
from algocompare.posthoc._incomplete import skillings_mack_pairs

ALPHA = 0.05
N_SIM = 1000
LIMIT = ALPHA + 3 * math.sqrt(ALPHA * (1 - ALPHA) / N_SIM)   # 0.0707
FANO = [(0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 6), (0, 4, 5), (1, 5, 6), (0, 2, 6)]  # BIBD(7, 3, 1)


def _null_table(rng: np.random.Generator, n: int, k: int, ties: bool) -> np.ndarray:
    values = rng.normal(size=(n, k)) + 3.0 * rng.normal(size=(n, 1))
    return np.round(values) if ties else values   # rounding to integers ties about a third of the pairs


def _mcar(rng, n, k):
    missing = rng.random((n, k)) < 0.2
    return missing


def _structured(rng, n, k):
    # algorithm j is absent from instances 4j .. 4j+3 (a block of 4 instances each), plus a
    # random 5 % of the other cells
    missing = rng.random((n, k)) < 0.05
    for j in range(k):
        missing[4 * j: 4 * j + 4, j] = True
    return missing


def _bibd(rng, n, k):
    present = np.zeros((n, k), dtype=bool)
    for i in range(n):
        present[i, list(FANO[i % 7])] = True
    return ~present


def _size(pattern, n: int, k: int, test: str, ties: bool, seed: int,
          tie_correction: bool = False) -> tuple[float, float]:
    """Rejection rate of the omnibus test and of one pair's z test (Skillings-Mack) or NaN."""
    rng = np.random.default_rng(seed)
    omnibus = pair = 0
    pairs = (np.array([0]), np.array([1]))
    for _ in range(N_SIM):
        table = _null_table(rng, n, k, ties)
        table[pattern(rng, n, k)] = np.nan
        design = design_from_values(table, range(k), range(n))
        if test == "durbin":
            check_bibd(design)
            pvalue = stats.chi2.sf(durbin_parts(design)["t1"], k - 1)
        else:
            statistic, adjusted, covariance = skillings_mack_statistic(design, tie_correction)
            pvalue = stats.chi2.sf(statistic, k - 1)
            pair += skillings_mack_pairs(adjusted, covariance, *pairs)[1][0] <= ALPHA
        omnibus += pvalue <= ALPHA
    return omnibus / N_SIM, pair / N_SIM


# Measured with these seeds (omnibus, one pair): MCAR 0.043, 0.050; structured 0.041, 0.051;
# tied data with the untied covariance (the default, PMCMRplus's): MCAR 0.017, 0.028,
# structured 0.015, 0.026 (conservative); tied with tie_correction=True: MCAR 0.034, 0.045,
# structured 0.041, 0.049. Durbin (tie-aware) on BIBD(7, 3, 1) x 3: 0.039, tied 0.041.
@pytest.mark.parametrize("pattern, n, k, ties, tie_correction", [
    (_mcar, 20, 5, False, False), (_mcar, 20, 5, True, False), (_mcar, 20, 5, True, True),
    (_structured, 24, 6, False, False), (_structured, 24, 6, True, False), (_structured, 24, 6, True, True),
])
def test_skillings_mack_size(pattern, n, k, ties, tie_correction):
    size, pair_size = _size(pattern, n, k, "skillings_mack", ties, seed=2026, tie_correction=tie_correction)
    assert size <= LIMIT, size
    assert pair_size <= LIMIT, pair_size
    if tie_correction or not ties:
        assert size >= 0.025   # not degenerate: it rejects near alpha under the null
    else:
        assert size <= ALPHA - 0.02   # the untied covariance overstates the variance of tied ranks


@pytest.mark.parametrize("ties", [False, True])
def test_durbin_size(ties):
    size, _ = _size(_bibd, 21, 7, "durbin", ties, seed=2027)
    assert 0.02 <= size <= LIMIT, size
