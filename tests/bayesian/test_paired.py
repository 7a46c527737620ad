"""Bayesian sign and signed-rank tests against baycomp, exact posterior means, conventions."""

from __future__ import annotations

import numpy as np
import pytest

from algocompare.bayesian import bayesian_sign, bayesian_signed_rank
from algocompare.bayesian._sign import sign_counts
from algocompare.bayesian._signed_rank import walsh_indicators

X1 = np.array([0.82, 0.75, 0.91, 0.66, 0.78, 0.88, 0.71, 0.69, 0.93, 0.80, 0.77, 0.85, 0.74, 0.90, 0.68])
Y1 = np.array([0.80, 0.79, 0.86, 0.70, 0.78, 0.83, 0.75, 0.61, 0.94, 0.77, 0.72, 0.86, 0.70, 0.85, 0.69])
# differences exactly 0 or +-0.5 (representable), to test the rope boundaries and H(0) = 1/2
X2 = np.array([3.0, 1.5, 2.0, 4.0, 2.5, 1.0, 3.5, 2.0, 0.5, 1.5])
Y2 = np.array([2.5, 2.0, 2.0, 3.5, 3.0, 1.0, 3.0, 2.5, 0.5, 1.0])

N_OURS = 50_000
N_BAYCOMP = 200_000

# baycomp 1.0.3 (pip), our (x, y) = baycomp's (y, x) because baycomp uses diff = y - x:
#   baycomp.<Test>.probs(y, x, rope, nsamples=200000, random_state=2024, **kw)
# With rope = 0 baycomp returns (p_left, p_right); p_rope is 0.
BAYCOMP = [
    (bayesian_signed_rank, X1, Y1, 0.01, {}, {}, (0.06806, 0.02785, 0.90409)),
    (bayesian_signed_rank, X1, Y1, 0.0, {}, {}, (0.06684, 0.0, 0.93317)),
    (bayesian_signed_rank, X1, Y1, 0.03, {"prior_strength": 2.0}, {"prior": 2.0}, (0.0, 0.9676, 0.0324)),
    (bayesian_signed_rank, X2, Y2, 0.25, {"prior_strength": 1.0}, {"prior": 1.0}, (0.01927, 0.89177, 0.08897)),
    (bayesian_signed_rank, X2, Y2, 0.5, {"prior_strength": 1.0}, {"prior": 1.0}, (0.0, 1.0, 0.0)),
    (bayesian_sign, X1, Y1, 0.01, {}, {}, (0.09814, 0.09601, 0.80585)),
    (bayesian_sign, X1, Y1, 0.0, {}, {}, (0.2891, 0.0, 0.7109)),
    # baycomp: prior=(3.0, SignTest.LEFT)  (its code unpacks (strength, place))
    (bayesian_sign, X1, Y1, 0.02, {"prior_strength": 3.0, "prior_place": "left"}, {"prior": "(3.0, LEFT)"},
     (0.31636, 0.17467, 0.50897)),
    (bayesian_sign, X2, Y2, 0.5, {"prior_strength": 1.0}, {"prior": 1.0}, (0.0, 1.0, 0.0)),
]


@pytest.mark.parametrize("func, x, y, rope, ours, theirs, expected", BAYCOMP,
                         ids=[f"{c[0].__name__}-rope{c[3]}-{i}" for i, c in enumerate(BAYCOMP)])
def test_matches_baycomp_within_monte_carlo_error(func, x, y, rope, ours, theirs, expected):
    result = func(x, y, rope=rope, n_samples=N_OURS, rng=11, **ours)
    got = np.array(result.probabilities)
    want = np.array(expected)
    se = np.sqrt(want * (1 - want) * (1 / N_OURS + 1 / N_BAYCOMP))
    np.testing.assert_array_less(np.abs(got - want), 4.5 * se + 2e-4)


def test_regions_are_x_minus_y_and_named():
    result = bayesian_sign(np.array([1.0, 2, 3, 4]), np.array([2.0, 3, 4, 5]), rope=0.1, n_samples=2000, rng=0,
                           names=("A", "B"))
    assert result.left == "A lower" and result.right == "B lower"
    assert result.p_left > result.p_right
    assert result.mean_left == pytest.approx((4 + 1e-4) / (4 + 1 + 3e-4))


def test_difference_on_the_rope_bound_counts_as_rope():
    z = np.array([-0.5, 0.5, -0.50001, 0.50001, 0.0])
    assert sign_counts(z, 0.5).tolist() == [1, 3, 1]


def test_sign_posterior_mean_is_dirichlet_mean():
    # z = X2 - Y2 = 0.5,-0.5,0,0.5,-0.5,0,0.5,-0.5,0,0.5 -> with rope 0.25: left 3, rope 3, right 4
    result = bayesian_sign(X2, Y2, rope=0.25, prior_strength=2.0, n_samples=20_000, rng=1)
    alpha = np.array([3, 3 + 2, 4]) + 1e-4
    np.testing.assert_allclose(result.posterior_mean, alpha / alpha.sum(), rtol=1e-12)
    np.testing.assert_allclose(result.samples.mean(axis=0), alpha / alpha.sum(), atol=0.01)


def test_split_prior_reproduces_rnpbst_sign_means():
    # rNPBST bayesianSign.test puts s/3 on each region: mean = (n_k + s/3) / (n + s)
    result = bayesian_sign(X2, Y2, rope=0.25, prior_strength=1.0, prior_place="split", n_samples=100, rng=1)
    np.testing.assert_allclose(result.posterior_mean, (np.array([3, 3, 4]) + 1 / 3) / 11, atol=1e-4)


@pytest.mark.parametrize("rope", [0.0, 0.02, 0.25])
@pytest.mark.parametrize("x, y", [(X1, Y1), (X2, Y2)])
def test_signed_rank_exact_means_agree_with_sampled_means(x, y, rope):
    result = bayesian_signed_rank(x, y, rope=rope, n_samples=40_000, rng=5)
    sampled = result.samples.mean(axis=0)
    se = result.samples.std(axis=0) / np.sqrt(len(result.samples))
    assert np.all(np.abs(sampled - np.array(result.posterior_mean)) <= 5 * se + 1e-12)
    assert sum(result.posterior_mean) == pytest.approx(1.0)


def test_walsh_indicators_by_brute_force():
    z = X2 - Y2
    left, right = walsh_indicators(z, 0.25)
    values = np.r_[0.0, z]
    for i, a in enumerate(values):
        for j, b in enumerate(values):
            s = a + b
            assert right[i, j] == (1.0 if s > 0.5 else 0.5 if s == 0.5 else 0.0)
            assert left[i, j] == (1.0 if -s > 0.5 else 0.5 if -s == 0.5 else 0.0)


def test_signed_rank_draw_matches_explicit_quadratic_form():
    from algocompare.bayesian._signed_rank import signed_rank_samples

    z = X1 - Y1
    draws = signed_rank_samples(z, 0.01, 0.5, 5, np.random.default_rng(9))
    weights_rng = np.random.default_rng(9)
    from algocompare.bayesian._dirichlet import gamma_weights

    g = gamma_weights(np.r_[0.5, np.ones(z.size)], 5, weights_rng)
    w = g / g.sum(axis=1, keepdims=True)
    left, right = walsh_indicators(z, 0.01)
    for k in range(5):
        assert draws[k, 2] == pytest.approx(w[k] @ right @ w[k], rel=1e-12)
        assert draws[k, 0] == pytest.approx(w[k] @ left @ w[k], rel=1e-12)


def test_rope_zero_drops_rope_cell():
    for func in (bayesian_sign, bayesian_signed_rank):
        result = func(X1, Y1, rope=0.0, n_samples=3000, rng=2)
        assert result.p_rope == 0.0
        assert result.p_left + result.p_right == pytest.approx(1.0)


def test_decision_at_threshold():
    x = np.arange(30.0)
    result = bayesian_signed_rank(x, x + 1.0, rope=0.1, n_samples=5000, rng=0, names=("fast", "slow"))
    assert result.decision == "left" and result.winner == "fast lower"
    equal = bayesian_signed_rank(x, x + 0.01, rope=0.5, n_samples=5000, rng=0)
    assert equal.decision == "rope" and equal.winner == "equivalent"
    mixed = bayesian_signed_rank(X1[:6], Y1[:6], rope=0.0, n_samples=5000, rng=0)
    assert mixed.decision == "undecided"


def test_series_names_are_used():
    import pandas as pd

    result = bayesian_sign(pd.Series(X1, name="EBO"), pd.Series(Y1, name="jSO"), rope=0.01, n_samples=500, rng=0)
    assert (result.x_name, result.y_name, result.left) == ("EBO", "jSO", "EBO lower")


@pytest.mark.parametrize("kwargs, error", [({"rope": -1}, ValueError), ({"prior_place": "middle"}, ValueError),
                                           ({"n_samples": 0}, ValueError), ({"prior_strength": -0.5}, ValueError),
                                           ({"threshold": 1.5}, ValueError)])
def test_bad_options_raise(kwargs, error):
    func = bayesian_sign if "prior_place" in kwargs else bayesian_signed_rank
    with pytest.raises(error):
        func(X1, Y1, **kwargs)


def test_seed_reproducibility_and_generator():
    a = bayesian_signed_rank(X1, Y1, rope=0.01, n_samples=3000, rng=7)
    b = bayesian_signed_rank(X1, Y1, rope=0.01, n_samples=3000, rng=np.random.default_rng(7))
    assert a.probabilities == b.probabilities


@pytest.mark.parametrize("rope", [0.0, 0.1, 0.25, 0.5])
@pytest.mark.parametrize("x, y", [(X1, Y1), (X2, Y2), (np.tile(X2, 7), np.tile(Y2, 7)[::-1]),
                                  # 0.1 steps: (z_i + z_j) - 2 rope and z_j - (2 rope - z_i) round differently
                                  (np.round(np.arange(-12, 48) * 0.1 % 1.7 - 0.6, 1), np.zeros(60))])
def test_sorted_route_equals_matrix_route(x, y, rope, monkeypatch):
    from algocompare.bayesian import _signed_rank as signed_rank

    draws = {}
    for threshold in (10**6, 0):  # matrix products, then the cumulative-sum route
        monkeypatch.setattr(signed_rank, "SORTED_ROUTE_FROM", threshold)
        draws[threshold] = signed_rank.signed_rank_samples(x - y, rope, 0.5, 300, np.random.default_rng(4))
    np.testing.assert_allclose(draws[0], draws[10**6], atol=1e-12)


# Degenerate inputs (issue 18): ties are never decided by rounding, probabilities never NaN.

@pytest.mark.parametrize("n", [20, 60])  # the matrix route and the sorted route
def test_signed_rank_of_identical_samples_is_an_exact_tie(n):
    # x == y: every Walsh average is 0, theta_left = theta_right = 1/2 up to rounding.
    # Before: p_left, p_right = 0.652, 0.348 at n = 20 (the rounding of each draw decided).
    x = np.random.default_rng(0).normal(size=n)
    r = bayesian_signed_rank(x, x, rope=0, rng=1)
    assert (r.p_left, r.p_rope, r.p_right) == (0.5, 0.0, 0.5)
    assert r.mean_left == pytest.approx(0.5, abs=1e-12) and r.decision == "undecided"


def test_signed_rank_shared_draws_split_ties_too():
    from algocompare.bayesian._signed_rank import signed_rank_win_shares

    zs = np.zeros((2, 20))
    shares = signed_rank_win_shares(zs, 0.0, 0.5, 4096, np.random.default_rng(1))
    np.testing.assert_array_equal(shares, [[0.5, 0.0, 0.5]] * 2)


def test_sign_with_mostly_zero_differences_compares_left_with_right():
    from scipy.stats import beta

    # 40 zero differences, one negative, two positive: theta_rope wins every draw at rope = 0,
    # so the renormalised shares were 0/0 = NaN (before: NaN without a warning).
    z = np.concatenate((np.zeros(40), [-0.1, 0.1, 0.2]))
    with pytest.warns(UserWarning, match="compare theta_left with theta_right"):
        r = bayesian_sign(z, np.zeros_like(z), rng=3)
    assert r.p_left + r.p_right == pytest.approx(1.0) and r.p_rope == 0.0
    # theta_left / (theta_left + theta_right) ~ Beta(1 + 1e-4, 2 + 1e-4) (Dirichlet aggregation):
    # P(theta_left > theta_right) = P(B > 1/2), here 0.25; Monte Carlo sd 0.002 at 50,000 draws.
    assert r.p_left == pytest.approx(beta.sf(0.5, 1 + 1e-4, 2 + 1e-4), abs=0.01)


def test_sign_of_identical_samples_is_a_tie_not_nan():
    x = np.arange(12.0)
    with pytest.warns(UserWarning):
        r = bayesian_sign(x, x, rng=1)
    assert r.p_left == pytest.approx(0.5, abs=0.01) and r.p_left + r.p_right == pytest.approx(1.0)
    assert r.decision == "undecided"


@pytest.mark.parametrize("test", [bayesian_sign, bayesian_signed_rank])
@pytest.mark.parametrize("rope", [0.0, 0.25])
def test_values_near_the_float_limit_give_the_rescaled_answer(test, rope):
    # Before: x - y and the Walsh sums overflowed (inf - inf = nan) with RuntimeWarnings.
    rng = np.random.default_rng(2)
    x, y = rng.uniform(-1.7, 1.7, 15), rng.uniform(-1.7, 1.7, 15)
    scale = 2.0**1023  # exact: the same data at the float limit
    small = test(x, y, rope=rope, rng=1)
    with np.errstate(all="raise"):
        big = test(x * scale, y * scale, rope=rope * scale, rng=1)
    assert big.probabilities == small.probabilities and big.posterior_mean == small.posterior_mean
    assert big.rope == rope * scale
