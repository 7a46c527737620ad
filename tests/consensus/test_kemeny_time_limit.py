"""A time limit too short for the exact weak-order program still gives a ranking and its gap."""

import numpy as np

import algocompare as ac


def test_weak_orders_out_of_time_return_an_unproven_ranking_with_its_gap():
    rng = np.random.default_rng(1)
    items = [f"i{j}" for j in range(22)]  # one component above the dynamic program's size
    profile = [list(rng.permutation(items)) for _ in range(6)]
    result = ac.kemeny(profile, orders="weak", time_limit=0.05)
    assert len(result.optimal_rankings) >= 1 and not result.complete
    ranking = result.optimal_rankings[0]
    assert sorted(i for group in ranking for i in group) == sorted(items)
    assert result.objective == sum(ac.symdiff_distance(ranking, r) for r in profile)
    assert result.lower_bound <= result.objective
    if not result.optimal:
        assert result.gap > 0
