"""Bootstrap intervals of every effect size and the magnitude every EffectSize carries (issue 28, part D).

Reference: scipy.stats.bootstrap (what pingouin 0.7's ``compute_bootci`` calls), which draws the
same resample indices from the same generator (``rng.integers(0, n, (n_resamples, n))`` per
sample): given one seed both give the same interval to rounding, so the BCa and percentile
conventions (bias correction with ties counted half, jackknife acceleration per sample, linear
quantiles) are checked exactly.
"""

from __future__ import annotations

import numpy as np
import pingouin as pg
import pytest
from scipy import stats

import algocompare as ac
from algocompare.effects import _bootstrap as boot

RNG = np.random.default_rng(2817)
X = RNG.gamma(2.0, 1.0, 25)
Y = RNG.gamma(2.0, 1.4, 25)
Z = RNG.gamma(2.0, 1.2, 18)

#: effect size -> (function call with the bootstrap options, scipy statistic, samples, paired)
CASES = {
    "cohens_d": (lambda **k: ac.cohens_d(X, Z, **k), boot.cohens_d_batch, (X, Z), False),
    "d_z": (lambda **k: ac.d_z(X, Y, **k), boot.d_z_batch, (X, Y), True),
    "cohens_d_prime": (lambda **k: ac.cohens_d_prime(X, Y, paired=False, **k), boot.d_prime_independent_batch,
                       (X, Y), False),
    "cliffs_delta": (lambda **k: ac.cliffs_delta(X, Z, **k), boot.cliffs_delta_batch, (X, Z), False),
    "rank_biserial": (lambda **k: ac.rank_biserial(X, Y, paired=True, **k), boot.matched_rank_biserial_batch,
                      (X, Y), True),
}


@pytest.mark.parametrize("method", ["bca", "percentile"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_interval_equals_scipy_bootstrap_with_the_same_draws(name, method):
    call, statistic, samples, paired = CASES[name]
    mine = call(ci_method="bootstrap", bootstrap_method=method, n_resamples=3000, rng=7)
    reference = stats.bootstrap(samples, lambda a, b, axis=-1: statistic(a, b), vectorized=True, paired=paired,
                                n_resamples=3000, method="BCa" if method == "bca" else "percentile",
                                rng=np.random.default_rng(7)).confidence_interval
    assert (mine.ci_low, mine.ci_high) == pytest.approx((reference.low, reference.high), rel=1e-12, abs=1e-14)
    assert mine.ci_low <= mine.estimate <= mine.ci_high
    assert mine.ci_method.startswith("bootstrap " + ("BCa" if method == "bca" else "percentile"))


def test_vectorised_statistics_equal_the_functions_estimates():
    for name, (call, statistic, samples, _) in CASES.items():
        assert statistic(*(s[None, :] for s in samples))[0] == pytest.approx(call().estimate, rel=1e-12), name


def test_pingouin_compute_bootci_agrees_within_monte_carlo_error():
    mine = ac.cohens_d(X, Z, ci_method="bootstrap", n_resamples=20_000, rng=1)
    reference = pg.compute_bootci(X, Z, func="cohen", method="bca", n_boot=20_000, seed=2, decimals=8)
    assert (mine.ci_low, mine.ci_high) == pytest.approx(tuple(reference), abs=0.03)


def test_hedges_g_and_a12_map_the_bootstrap_interval_of_their_base():
    d = ac.cohens_d(X, Z, ci_method="bootstrap", n_resamples=2000, rng=3)
    g = ac.hedges_g(X, Z, ci_method="bootstrap", n_resamples=2000, rng=3)
    j = g.estimate / d.estimate
    assert (g.ci_low, g.ci_high) == pytest.approx((j * d.ci_low, j * d.ci_high))
    delta = ac.cliffs_delta(X, Z, ci_method="bootstrap", bootstrap_method="percentile", n_resamples=2000, rng=3)
    a12 = ac.vargha_delaney_a12(X, Z, ci_method="bootstrap", bootstrap_method="percentile", n_resamples=2000, rng=3)
    assert (a12.ci_low, a12.ci_high) == pytest.approx(((1 + delta.ci_low) / 2, (1 + delta.ci_high) / 2))
    independent = ac.rank_biserial(X, Z, ci_method="bootstrap", n_resamples=2000, rng=3)
    same = ac.cliffs_delta(X, Z, ci_method="bootstrap", n_resamples=2000, rng=3)
    assert (independent.ci_low, independent.ci_high) == (same.ci_low, same.ci_high)


def test_seed_determinism_and_option_checks():
    first = ac.d_z(X, Y, ci_method="bootstrap", rng=5)
    assert (first.ci_low, first.ci_high) == (lambda r: (r.ci_low, r.ci_high))(ac.d_z(X, Y, ci_method="bootstrap", rng=5))
    with pytest.raises(ValueError, match="bootstrap_method"):
        ac.d_z(X, Y, ci_method="bootstrap", bootstrap_method="basic")
    with pytest.raises(ValueError, match="n_resamples"):
        ac.d_z(X, Y, ci_method="bootstrap", n_resamples=10)
    with pytest.raises(ValueError, match="ci_method"):
        ac.cliffs_delta(X, Z, ci_method="noncentral")


def test_a_resample_without_spread_gives_nan_rather_than_a_guess():
    x, y = np.array([1.0, 1.0, 1.0, 2.0]), np.array([0.0, 0.0, 0.0, 0.5])
    result = ac.d_z(x, y, ci_method="bootstrap", n_resamples=500, rng=1)  # many resamples of equal differences
    assert np.isnan(result.ci_low) and np.isnan(result.ci_high) and np.isfinite(result.estimate)


def test_large_samples_are_resampled_in_batches():
    rng = np.random.default_rng(9)
    x, y = rng.normal(0.3, 1.0, 3000), rng.normal(0.0, 1.0, 3000)
    result = ac.d_z(x, y, ci_method="bootstrap", bootstrap_method="percentile", n_resamples=1000, rng=2)
    assert result.ci_low < result.estimate < result.ci_high and result.ci_high - result.ci_low < 0.1


def test_coverage_of_the_bca_interval_is_near_the_level():
    """A small version of benchmarks/calibration_effects.py (figures in docs/validation.md)."""
    rng = np.random.default_rng(2818)
    reps, hits_d, hits_delta = 150, 0, 0
    truth_delta = 2 * stats.norm.cdf(0.5 / np.sqrt(2)) - 1
    for _ in range(reps):
        x, y = rng.normal(0.5, 1.0, 40), rng.normal(0.0, 1.0, 40)
        d = ac.cohens_d(x, y, ci_method="bootstrap", n_resamples=999, rng=rng)
        delta = ac.cliffs_delta(x, y, ci_method="bootstrap", n_resamples=999, rng=rng)
        hits_d += d.ci_low <= 0.5 <= d.ci_high
        hits_delta += delta.ci_low <= truth_delta <= delta.ci_high
    se = np.sqrt(0.95 * 0.05 / reps)
    assert abs(hits_d / reps - 0.95) <= 4 * se and abs(hits_delta / reps - 0.95) <= 4 * se, (hits_d, hits_delta)


@pytest.mark.parametrize(("call", "measure"), [
    (lambda: ac.cohens_d(X, Z), "cohen_d"), (lambda: ac.hedges_g(X, Z), "hedges_g"),
    (lambda: ac.d_z(X, Y), "d_z"), (lambda: ac.cohens_d_prime(X, Y), "cohen_d"),
    (lambda: ac.cohens_d_prime(X, Y, paired=False), "cohen_d"), (lambda: ac.cliffs_delta(X, Z), "cliffs_delta"),
    (lambda: ac.vargha_delaney_a12(X, Z), "a12"), (lambda: ac.rank_biserial(X, Y, paired=True), "rank_biserial"),
    (lambda: ac.rank_biserial(X, Z), "rank_biserial"),
])
def test_every_effect_size_carries_its_magnitude(call, measure):
    result = call()
    assert result.magnitude == ac.magnitude(result.estimate, measure)
    assert result.magnitude in ac.MAGNITUDE_LABELS
    assert result.to_dict()["magnitude"] == result.magnitude and "magnitude" in str(result)


def test_magnitude_labels_follow_the_thresholds():
    assert ac.cohens_d([1, 2, 3, 4], [1.1, 2.1, 3.1, 4.1]).magnitude == "negligible"  # d = -0.077
    assert ac.cliffs_delta([5, 6, 7, 8], [1, 2, 3, 4]).magnitude == "large"  # delta = 1
    assert ac.vargha_delaney_a12([1, 2, 3, 5], [1, 2, 3, 4]).magnitude == "negligible"  # A12 = 0.53
