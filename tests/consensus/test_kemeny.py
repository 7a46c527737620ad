"""Exact Kemeny consensus against brute force over all orders, and the ice-cream example."""


import numpy as np
import pytest

import algocompare as ac
from algocompare.consensus import kemeny, symdiff_distance
from tests.consensus.brute import brute_force, levels_of, rankings_of

ITEMS = list("abcdef")


def _rankings(levels):
    return rankings_of(levels, ITEMS)


def _levels(result, n):
    return set(levels_of(result, ITEMS[:n]))


# Hard-coded small profiles with ties, cycles and several optima (levels: 0 = best).
PROFILES = [
    [[0, 1, 2, 3], [1, 2, 0, 3], [2, 0, 1, 3]],                   # Condorcet cycle a>b>c>a
    [[0, 0, 1, 2], [2, 1, 0, 0], [0, 1, 1, 0]],                   # ties everywhere
    [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]],                           # opposed: many optima
    [[0, 1, 2, 3, 4], [0, 2, 1, 3, 4], [1, 0, 2, 4, 3], [3, 2, 1, 0, 4]],
    [[0, 0, 0, 1], [1, 0, 0, 0], [0, 1, 0, 0]],
    [[0, 1, 1, 2, 3], [2, 0, 1, 1, 0], [0, 2, 1, 0, 1]],
]


@pytest.mark.parametrize("orders", ["linear", "weak"])
@pytest.mark.parametrize("k", range(len(PROFILES)))
def test_all_optima_match_brute_force(k, orders):
    levels = np.array(PROFILES[k])
    best, optima = brute_force(levels, orders)
    res = kemeny(_rankings(levels), orders=orders)
    assert res.optimal and res.complete
    assert res.objective == best
    assert _levels(res, levels.shape[1]) == optima


@pytest.mark.parametrize("orders", ["linear", "weak"])
@pytest.mark.parametrize("ell", [1, 2])
def test_weighted_and_squared_match_brute_force(orders, ell):
    levels = np.array(PROFILES[5])
    weights = [3.0, 1.0, 2.0]
    best, optima = brute_force(levels, orders, ell, weights)
    res = kemeny(_rankings(levels), orders=orders, ell=ell, weights=weights)
    assert res.objective == pytest.approx(best)
    assert _levels(res, levels.shape[1]) == optima


def test_random_profiles_all_methods_match_brute_force():
    rng = np.random.default_rng(7)
    for _ in range(12):
        n, p = int(rng.integers(3, 6)), int(rng.integers(2, 6))
        levels = np.array([np.unique(rng.integers(0, n, size=n), return_inverse=True)[1] for _ in range(p)])
        best, optima = brute_force(levels, "linear")
        for method in ("auto", "dp", "milp"):
            res = kemeny(_rankings(levels), method=method)
            assert res.objective == best and _levels(res, n) == optima


def test_symdiff_distance_conventions():
    # reversed pair 2, tie against strict 1, identical 0 (relations' symdiff incl. reflexive pairs)
    assert symdiff_distance(["a", "b"], ["b", "a"]) == 2
    assert symdiff_distance(["a", "b"], [["a", "b"]]) == 1
    assert symdiff_distance(["a", "b", "c"], ["c", "b", "a"]) == 6


def test_decomposition_separates_condorcet_components():
    # {a, b, c} form a cycle and all beat {d, e}; d beats e unanimously
    rankings = [["a", "b", "c", "d", "e"], ["b", "c", "a", "d", "e"], ["c", "a", "b", "d", "e"]]
    res = kemeny(rankings)
    assert len(res.optimal_rankings) == 3
    assert all(r[3:] == [["d"], ["e"]] for r in res.optimal_rankings)


def test_ice_cream_symdiff_consensus_ranks_vanilla_above_strawberry():
    # Bartz-Beielstein et al. §3: the symmetric-difference consensus ranks vanilla above
    # strawberry (2 of 3 children do), unlike Borda (fruit-gang trap).
    res = kemeny(ac.load_dataset("ice_cream"))
    assert res.optimal_rankings == [[["vanilla"], ["strawberry"], ["cherry"], ["blueberry"], ["chocolate"]]]
    assert res.objective == 16
    assert kemeny(ac.load_dataset("ice_cream"), orders="weak").optimal_rankings == res.optimal_rankings


def test_time_limit_and_heuristic_report_gap():
    rng = np.random.default_rng(0)
    rankings = [[f"i{k}" for k in rng.permutation(12)] for _ in range(9)]
    exact = kemeny(rankings, method="milp", max_solutions=1)
    heur = kemeny(rankings, method="heuristic")
    assert not heur.optimal and heur.objective >= exact.objective
    assert exact.optimal and exact.gap == 0


def test_bad_input():
    with pytest.raises(ValueError, match="does not rank"):
        kemeny([["a", "b"], ["a"]])
    with pytest.raises(ValueError, match="twice"):
        kemeny([["a", "b"], ["a", "a"]])
    with pytest.raises(ValueError, match="orders"):
        kemeny([["a", "b"]], orders="partial")
    with pytest.raises(ValueError, match="weights"):
        kemeny([["a", "b"], ["b", "a"]], weights=[1, -1])
    with pytest.raises(TypeError):
        kemeny("abc")


def test_weak_milp_path_matches_brute_force(monkeypatch):
    import sys

    km = sys.modules["algocompare.consensus._kemeny"]

    monkeypatch.setattr(km, "_ENUM_WEAK_MAX", 1)  # force the binary program on every component
    for k in (0, 1, 3, 5):
        levels = np.array(PROFILES[k])
        best, optima = brute_force(levels, "weak")
        res = kemeny(_rankings(levels), orders="weak")
        assert res.objective == best and _levels(res, levels.shape[1]) == optima


def test_more_than_64_condorcet_components():
    # 70 pairs of tied items ranked identically by every ranking: 70 components of 2 linear
    # optima each (numpy's unravel_index stops at 64 dimensions)
    import numpy as np

    import algocompare as ac

    values = np.tile(np.repeat(np.arange(70), 2).astype(float), (3, 1))
    result = ac.kemeny(ac.Results.from_array(values), orders="linear", max_solutions=50)
    assert len(result.optimal_rankings) == 50 and not result.complete  # 2^70 optima, the first 50 listed
    for ranking in result.optimal_rankings:
        order = [group[0] for group in ranking]
        assert len(order) == 140
        # every tied pair stays together, pairs in their common order
        assert all(sorted(order[2 * i:2 * i + 2]) == [2 * i, 2 * i + 1] for i in range(70))
