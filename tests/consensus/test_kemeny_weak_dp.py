"""Weak-order (SD/W) consensus by the dynamic program over subsets, against brute force over
every weak order (tests/consensus/brute.py) and against the independent HiGHS binary program."""

import time

import numpy as np
import pytest

from algocompare.consensus import _weak_dp, kemeny, symdiff_distance
from tests.consensus.brute import brute_force, levels_of, rankings_of


def _items(n):
    return [f"i{k}" for k in range(n)]


def _solve(levels, **kw):
    levels = np.asarray(levels)
    return kemeny(rankings_of(levels, _items(levels.shape[1])), orders="weak", **kw)


def _optima(result, n):
    found = levels_of(result, _items(n))
    assert len(found) == len(set(found)), "an optimum is listed twice"
    return set(found)


def _n_geq(levels, weights):
    geq = (levels[:, :, None] <= levels[:, None, :]).astype(float)
    return np.einsum("r,rab->ab", weights, geq)


# Hard-coded profiles (levels, 0 = best) with ties and several optimal weak orders; the
# number of optima is brute_force's count.
PROFILES = [
    ([[0, 1], [1, 0]], 3),                                              # a>b, b>a, a~b all cost 2
    ([[2, 2, 1, 2, 0], [0, 2, 1, 2, 3], [1, 2, 0, 1, 2], [0, 2, 1, 2, 3], [1, 1, 0, 1, 1]], 3),
    ([[0, 1, 2, 3, 1], [2, 0, 2, 1, 1], [0, 1, 2, 2, 2]], 3),
    ([[0, 2, 0, 1, 1], [0, 1, 1, 2, 0], [2, 0, 0, 1, 2]], 3),
    ([[0, 0, 2, 1, 0], [1, 0, 3, 2, 1], [0, 0, 0, 0, 1], [1, 0, 0, 0, 2]], 28),
    ([[2, 1, 2, 0, 1], [0, 2, 0, 1, 1], [0, 2, 1, 0, 2]], 3),
    ([[1, 3, 2, 0, 2], [1, 2, 1, 2, 0], [1, 1, 1, 1, 0], [2, 1, 1, 0, 1]], 8),
    ([[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]], None),                         # opposed linear orders
    ([[0, 1, 2, 0, 1, 2], [1, 2, 0, 2, 0, 1], [2, 0, 1, 1, 2, 0]], None),  # cyclic, 6 items
]


@pytest.mark.parametrize("k", range(len(PROFILES)))
def test_every_optimum_matches_brute_force(k):
    levels, n_optima = np.array(PROFILES[k][0]), PROFILES[k][1]
    best, optima = brute_force(levels, "weak")
    if n_optima is not None:
        assert len(optima) == n_optima
    res = _solve(levels)
    assert res.optimal and res.complete and res.gap == 0.0
    assert res.objective == best
    assert _optima(res, levels.shape[1]) == optima


def test_opposed_pair_has_three_optima_of_cost_two():
    # d(a>b, b>a) = 2 (reversed pair), d(a~b, a>b) = 1: every relation on the pair costs 2
    res = kemeny([["a", "b"], ["b", "a"]], orders="weak")
    assert res.objective == 2
    assert sorted(map(str, res.optimal_rankings)) == sorted(map(str, [[["a"], ["b"]], [["b"], ["a"]], [["a", "b"]]]))


@pytest.mark.parametrize("weights", [[3.0, 1.0, 2.0], [0.5, 0.25, 0.25], [1.0, 0.0, 2.0]])
def test_weighted_matches_brute_force(weights):
    levels = np.array([[0, 1, 1, 2, 3], [2, 0, 1, 1, 0], [0, 2, 1, 0, 1]])
    best, optima = brute_force(levels, "weak", 1, weights)
    res = _solve(levels, weights=weights)
    assert res.objective == pytest.approx(best)
    assert _optima(res, 5) == optima


def test_table_without_decomposition_matches_brute_force():
    # the DP alone on whole profiles (no Condorcet split), unit and integer weights
    rng = np.random.default_rng(3)
    for trial in range(15):
        n, p = int(rng.integers(2, 6)), int(rng.integers(1, 6))
        levels = np.array([np.unique(rng.integers(0, n, size=n), return_inverse=True)[1] for _ in range(p)])
        weights = rng.integers(1, 4, size=p).astype(float) if trial % 2 else np.ones(p)
        best, optima = brute_force(levels, "weak", 1, weights)
        sols, value, complete = _weak_dp.all_optima(_n_geq(levels, weights), weights.sum(), 10**6, np.inf, 1e-9)
        assert complete and value == pytest.approx(best)
        assert len(sols) == len(optima) and {tuple(s) for s in sols} == optima


# 7-9 items, several optima: the DP against HiGHS with no-good cuts (method="milp")
MEDIUM = [
    [[0, 4, 2, 2, 3, 1, 4, 0, 1], [1, 2, 2, 0, 0, 0, 0, 0, 3], [0, 3, 3, 1, 1, 2, 1, 4, 0],
     [4, 3, 4, 0, 1, 3, 2, 3, 3], [3, 0, 4, 2, 4, 1, 1, 4, 0], [0, 1, 3, 0, 4, 1, 1, 2, 4]],
    [[2, 0, 1, 2, 0, 2, 3], [2, 2, 1, 3, 0, 1, 2], [1, 0, 0, 1, 2, 1, 2], [1, 1, 2, 0, 0, 0, 1],
     [0, 3, 3, 1, 0, 2, 0]],
    [[3, 2, 3, 2, 2, 1, 3, 0], [0, 1, 3, 2, 4, 4, 2, 2], [1, 2, 1, 2, 3, 2, 0, 1]],
    [[3, 2, 0, 1, 2, 3, 1, 2, 2], [2, 2, 3, 0, 4, 4, 3, 1, 2], [2, 1, 0, 3, 0, 3, 0, 3, 1],
     [1, 3, 2, 3, 0, 2, 1, 2, 0], [3, 1, 4, 1, 1, 0, 3, 2, 1], [3, 1, 3, 2, 1, 1, 0, 2, 2]],
]


@pytest.mark.parametrize("k", range(len(MEDIUM)))
def test_dp_matches_binary_program(k):
    levels = np.array(MEDIUM[k])
    dp, mip = _solve(levels), _solve(levels, method="milp")
    assert "dynamic programming" in dp.solver and "dynamic programming" not in mip.solver
    assert dp.objective == mip.objective
    assert dp.n_optimal > 1 and dp.complete and mip.complete
    assert _optima(dp, levels.shape[1]) == _optima(mip, levels.shape[1])


def test_max_solutions_and_time_limit_cut_the_listing():
    levels = np.array([[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]])
    full = _solve(levels)
    cut = _solve(levels, max_solutions=4)
    assert full.complete and full.n_optimal > 4
    assert not cut.complete and cut.n_optimal == 4 and cut.optimal
    assert _optima(cut, 5) <= _optima(full, 5) and cut.objective == full.objective
    rng = np.random.default_rng(1)
    rankings = [list(rng.permutation(12)) for _ in range(6)]
    quick = kemeny(rankings, orders="weak", time_limit=1e-3)
    assert quick.optimal and quick.n_optimal >= 1  # the first optimum is always listed


def test_squared_weak_still_matches_brute_force():
    # ell = 2 keeps the binary program (the squared distance does not split over pairs)
    levels = np.array([[0, 1, 1, 2], [2, 0, 1, 1], [0, 2, 1, 0]])
    best, optima = brute_force(levels, "weak", 2, [2.0, 1.0, 1.0])
    res = _solve(levels, ell=2, weights=[2.0, 1.0, 1.0])
    assert res.objective == pytest.approx(best)
    assert _optima(res, 4) == optima


def test_twelve_items_all_optima_within_seconds():
    rng = np.random.default_rng(7)
    rankings = [list(rng.permutation(12)) for _ in range(6)]
    start = time.perf_counter()
    res = kemeny(rankings, orders="weak")
    elapsed = time.perf_counter() - start
    assert res.optimal and res.complete and res.n_optimal >= 1
    assert elapsed < 5.0, elapsed
    # every listed ranking attains the objective
    for ranking in res.optimal_rankings[:50]:
        assert sum(symdiff_distance(ranking, r) for r in rankings) == res.objective
