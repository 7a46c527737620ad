"""Design 2: synchronized permutations (Chiarandini et al. 2005, Algorithm 1; Basso et al. 2009)."""

import itertools
import math

import numpy as np
import pytest

import algocompare as ac

# 4 instances x 3 algorithms x 3 runs (the R reference data below, order instance/algorithm/run).
Y2 = np.array([5.1, 4.8, 5.6, 6.0, 6.3, 5.7, 4.9, 5.2, 5.0,
               7.2, 6.8, 7.9, 7.7, 8.1, 7.4, 6.6, 7.0, 6.9,
               3.3, 3.9, 3.1, 4.1, 4.4, 3.6, 3.5, 3.2, 3.8,
               5.5, 5.9, 5.2, 6.4, 6.0, 6.6, 5.1, 5.6, 5.4]).reshape(4, 3, 3)

# A small design with a weak effect so that exact p-values are not all tiny.
TINY = np.array([[[1.2, 0.7, 2.1], [1.9, 1.1, 1.6], [0.4, 1.5, 1.0]],
                 [[3.3, 2.8, 3.9], [3.1, 4.0, 3.6], [2.9, 3.0, 3.4]]])


def text_statistic(x):
    """S = sum_{i<j} (sum_h S_ij|h)^2 with S_ij|h = sum_t X_hit - sum_t X_hjt (the paper's text)."""
    b, k, _ = x.shape
    return sum(sum(x[h, i].sum() - x[h, j].sum() for h in range(b)) ** 2
               for i in range(k) for j in range(i + 1, k))


def brute_force_csp(x):
    """Algorithm 1 with one label choice for every pair and instance; all C(2r, r) choices."""
    b, k, r = x.shape
    observed = text_statistic(x)
    hits = total = 0
    for chosen in itertools.combinations(range(2 * r), r):
        rest = [t for t in range(2 * r) if t not in chosen]
        s = 0.0
        for i in range(k):
            for j in range(i + 1, k):
                diff = 0.0
                for h in range(b):
                    pool = list(x[h, i]) + list(x[h, j])
                    diff += sum(pool[t] for t in chosen) - sum(pool[t] for t in rest)
                s += diff ** 2
        hits += s >= observed - 1e-9
        total += 1
    return hits / total, total


def brute_force_usp(x):
    """USP: the same number nu of exchanged runs in every instance, chosen independently per instance."""
    b, k, r = x.shape
    observed = text_statistic(x)
    hits = total = 0
    for nu in range(r + 1):
        subsets = list(itertools.combinations(range(r), nu))
        for choice in itertools.product(itertools.product(subsets, subsets), repeat=b):
            s = 0.0
            for i in range(k):
                for j in range(i + 1, k):
                    diff = 0.0
                    for h in range(b):
                        leave, come = choice[h]
                        new_i = [x[h, i, t] for t in range(r) if t not in leave] + [x[h, j, t] for t in come]
                        new_j = [x[h, j, t] for t in range(r) if t not in come] + [x[h, i, t] for t in leave]
                        diff += sum(new_i) - sum(new_j)
                    s += diff ** 2
            hits += s >= observed - 1e-9
            total += 1
    return hits / total, total


def as_results(x):
    return ac.Results.from_array(x, algorithms=[f"a{i}" for i in range(x.shape[1])])


def test_constrained_exact_matches_brute_force():
    for x in (TINY, Y2[:, :, :3]):
        expected, total = brute_force_csp(x)
        res = ac.permutation_test(as_results(x), method="exact", variant="constrained")
        assert res.design == "runs" and res.procedure == "exact"
        assert res.n_permutations == total == math.comb(6, 3)
        assert res.pvalue == pytest.approx(expected, abs=1e-12)
        assert res.sum_squares == pytest.approx(text_statistic(x))


def test_unconstrained_exact_matches_brute_force():
    expected, total = brute_force_usp(TINY)
    res = ac.permutation_test(as_results(TINY), method="exact", variant="unconstrained")
    assert res.n_permutations == total == sum(math.comb(3, nu) ** 4 for nu in range(4))
    assert res.pvalue == pytest.approx(expected, abs=1e-12)


def test_monte_carlo_agrees_with_exact():
    for variant in ("constrained", "unconstrained"):
        exact = ac.permutation_test(as_results(TINY), method="exact", variant=variant).pvalue
        mc = ac.permutation_test(as_results(TINY), method="monte_carlo", variant=variant, n_resamples=20000, rng=3)
        assert abs(mc.pvalue - exact) < 4 * math.sqrt(exact * (1 - exact) / 20000) + 1e-4


def test_smallest_attainable_pvalue_csp_vs_usp():
    # r = 2: the CSP cannot go below 2 / C(4, 2) = 1/3; the USP can reach alpha = 0.05.
    x = np.random.default_rng(4).normal(size=(4, 3, 2))
    x[:, 0] -= 5.0
    csp = ac.permutation_test(as_results(x), method="exact", variant="constrained")
    usp = ac.permutation_test(as_results(x), method="exact", variant="unconstrained")
    assert csp.min_pvalue == pytest.approx(1 / 3) and csp.pvalue == pytest.approx(1 / 3)
    assert usp.min_pvalue == pytest.approx(2 / (1 + 4 ** 4 + 1))
    assert usp.pvalue < 0.05


def test_statistic_is_free_of_the_interaction():
    # Adding an instance x algorithm interaction with zero sums over instances and algorithms
    # changes neither S nor its synchronized permutation distribution.
    rng = np.random.default_rng(8)
    inter = rng.normal(size=(4, 3))
    inter -= inter.mean(axis=0) + inter.mean(axis=1, keepdims=True) - inter.mean()
    shifted = Y2 + 5.0 * inter[:, :, None]
    for variant in ("constrained", "unconstrained"):
        a = ac.permutation_test(as_results(Y2), variant=variant, method="monte_carlo", n_resamples=2000, rng=1)
        b = ac.permutation_test(as_results(shifted), variant=variant, method="monte_carlo", n_resamples=2000, rng=1)
        assert a.sum_squares == pytest.approx(b.sum_squares)
        assert a.pvalue == pytest.approx(b.pvalue)


def test_auto_is_exact_when_feasible():
    res = ac.permutation_test(as_results(Y2), rng=0)
    assert res.procedure == "exact" and res.n_resamples == 20
    res = ac.permutation_test(as_results(Y2), rng=0, max_exact=10, n_resamples=999)
    assert res.procedure == "monte_carlo" and res.n_resamples == 999


def test_parametric_f_with_both_mse_variants_matches_r():
    add = ac.permutation_test(as_results(Y2), mse="additive")
    inter = ac.permutation_test(as_results(Y2), mse="interaction")
    # R: summary(aov(y ~ alg + inst)): F = 21.52130, Pr = 1.5965e-06, df 2, 30
    assert add.f_statistic == pytest.approx(2.36694444444 / 0.10998148148, rel=1e-9)
    assert add.f_pvalue == pytest.approx(1.5965e-06, rel=5e-4) and add.f_df2 == 30
    # R: summary(aov(y ~ alg * inst)): F = 19.45434, Pr = 9.5062e-06, df 2, 24
    assert inter.f_statistic == pytest.approx(2.36694444444 / 0.12166666667, rel=1e-9)
    assert inter.f_pvalue == pytest.approx(9.5062e-06, rel=5e-4) and inter.f_df2 == 24
    assert inter.f_pvalue_additive == add.f_pvalue and add.f_pvalue_interaction == inter.f_pvalue
    assert add.pvalue == inter.pvalue  # the permutation p-value does not depend on the MSE


def test_minimize_equals_maximize_negated():
    a = ac.permutation_test(as_results(Y2), method="monte_carlo", n_resamples=500, rng=2)
    b = ac.permutation_test(ac.Results.from_array(-Y2, direction="maximize",
                                                  algorithms=[f"a{i}" for i in range(3)]),
                            method="monte_carlo", n_resamples=500, rng=2)
    assert (a.statistic, a.pvalue) == pytest.approx((b.statistic, b.pvalue))


def test_speed_target_vectorised():
    # 9 algorithms x 6 instances x 10 runs, B = 10,000: far below 0.1 s when vectorised
    # (asserted loosely here; the benchmark records the timing).
    import time

    sim = ac.simulate_runs([10.0] * 9, n_instances=6, n_runs=10, rng=0)
    start = time.perf_counter()
    ac.permutation_test(sim.results, method="monte_carlo", n_resamples=10_000, rng=0)
    assert time.perf_counter() - start < 2.0


def test_unbalanced_and_single_run_raise():
    long = ac.simulate_runs([1.0, 2.0], n_instances=3, n_runs=3, rng=0).results.to_long()
    with pytest.raises(ValueError, match="unbalanced"):
        ac.permutation_test(ac.Results.from_long(long.iloc[1:], run="run"))
    with pytest.raises(ValueError, match="variant"):
        ac.permutation_test(as_results(Y2), variant="free")
    with pytest.raises(ValueError, match="mse"):
        ac.permutation_test(as_results(Y2), mse="pooled")
