"""Design 1: permutations within instances (Chiarandini, Basso & Stützle 2005, §2)."""

import itertools

import numpy as np
import pandas as pd
import pytest

import algocompare as ac

# Hard-coded 5 instances x 3 algorithms (also used in R below).
TABLE = np.array([[3.1, 4.0, 2.2], [2.5, 3.9, 2.8], [4.4, 5.1, 3.0], [1.9, 2.6, 2.4], [3.3, 3.0, 2.1]])


def brute_force_design1(x):
    """All (k!)^b rearrangements of the rows, S' = sum_i (sum_h X_hi)^2, p = #{S* >= S0} / (k!)^b."""
    b, k = x.shape
    observed = sum(sum(x[h, i] for h in range(b)) ** 2 for i in range(k))
    hits = total = 0
    for perms in itertools.product(itertools.permutations(range(k)), repeat=b):
        s = sum(sum(x[h, perms[h][i]] for h in range(b)) ** 2 for i in range(k))
        hits += s >= observed - 1e-9
        total += 1
    return hits / total


def test_exact_pvalue_matches_brute_force():
    expected = brute_force_design1(TABLE)
    res = ac.permutation_test(TABLE, method="exact")
    assert res.procedure == "exact" and res.design == "blocks"
    assert res.pvalue == pytest.approx(expected, abs=1e-12)
    assert res.n_permutations == 6 ** 5


def test_exact_with_ties_and_two_algorithms():
    x = np.array([[1.0, 2.0], [3.0, 3.0], [2.0, 5.0], [4.0, 1.0], [0.0, 2.0], [1.0, 4.0]])
    assert ac.permutation_test(x, method="exact").pvalue == pytest.approx(brute_force_design1(x), abs=1e-12)
    ints = np.array([[20, 22, 21, 24], [26, 33, 26, 29], [31, 33, 32, 35]], dtype=float)
    assert ac.permutation_test(ints, method="exact").pvalue == pytest.approx(brute_force_design1(ints), abs=1e-12)


def test_f_and_sum_squares_give_the_same_pvalue():
    f = ac.permutation_test(TABLE, method="exact", statistic="F")
    s = ac.permutation_test(TABLE, method="exact", statistic="sum_squares")
    assert f.pvalue == s.pvalue
    assert s.statistic == pytest.approx(np.sum(TABLE.sum(axis=0) ** 2))


def test_monte_carlo_agrees_with_exact():
    exact = ac.permutation_test(TABLE, method="exact").pvalue
    mc = ac.permutation_test(TABLE, method="monte_carlo", n_resamples=20000, rng=1)
    assert mc.procedure == "monte_carlo"
    se = np.sqrt(exact * (1 - exact) / 20000)
    assert abs(mc.pvalue - exact) < 4 * se
    # (b + 1) / (m + 1)
    hits = np.count_nonzero(mc.null_distribution >= mc.sum_squares * (1 - 1e-10))
    assert mc.pvalue == pytest.approx((hits + 1) / 20001)


def test_auto_chooses_and_says_which():
    assert ac.permutation_test(TABLE).procedure == "exact"
    big = np.random.default_rng(0).normal(size=(12, 6))
    res = ac.permutation_test(big, n_resamples=500, rng=0)
    assert res.procedure == "monte_carlo" and res.n_resamples == 500
    with pytest.raises(ValueError, match="monte_carlo"):
        ac.permutation_test(big, method="exact")


def test_smallest_attainable_pvalue():
    # continuous data: only the k! relabelings of the whole table reach the largest S'
    res = ac.permutation_test(TABLE, method="exact")
    assert res.min_pvalue == pytest.approx(6 / 6 ** 5)


def test_parametric_and_friedman_match_r():
    res = ac.permutation_test(TABLE, method="exact")
    # R: summary(aov(y ~ alg + inst)) -> F = 6.51103, Pr(>F) = 0.020973
    assert res.f_statistic == pytest.approx(1.86866666667 / 0.287, rel=1e-10)
    assert res.f_pvalue == pytest.approx(0.020973, abs=5e-7)
    assert (res.f_df1, res.f_df2) == (2, 8)
    # R: friedman.test(m) -> chi-squared = 5.2, p-value = 0.0742735782
    assert res.friedman_statistic == pytest.approx(5.2)
    assert res.friedman_pvalue == pytest.approx(0.0742735782, abs=5e-11)


def test_runs_data_can_be_tested_as_blocks_of_means():
    sim = ac.simulate_runs([10, 11, 12], n_instances=4, n_runs=3, rng=0)
    res = ac.permutation_test(sim.results, design="blocks", method="exact")
    assert res.design == "blocks"
    assert res.pvalue == pytest.approx(brute_force_design1(sim.results.values()), abs=1e-12)


def test_bad_options_raise():
    with pytest.raises(ValueError, match="method"):
        ac.permutation_test(TABLE, method="bootstrap")
    with pytest.raises(ValueError, match="statistic"):
        ac.permutation_test(TABLE, statistic="t")
    with pytest.raises(TypeError, match="n_resamples"):
        ac.permutation_test(TABLE, n_resamples="many")
    with pytest.raises(ValueError, match="instance"):
        ac.permutation_test(pd.DataFrame(TABLE[:1]))
