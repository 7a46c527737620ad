"""ocba against SPOT's OCBA (restated in tests/reference/ocba_spot.R) and by simulation (probability of
correct selection against equal allocation)."""

import numpy as np
import pytest

from algocompare.samplesize._ocba import ocba, ocba_allocation

# Rscript tests/reference/ocba_spot.R (SPOT's OCBA in base R); case 2 is Chen & Lee's book example that
# SPOT's documentation quotes (48, 38, 11, 2, 1).
SPOT = [
    ((np.arange(1, 11.0), np.arange(1, 11.0), np.full(10, 4), 3), [1, 2, 0, 0, 0, 0, 0, 0, 0, 0]),
    (([1.2, 2.1, 3.4, 4.87, 6.05], [3.3, 2.0, 4.5, 5.3, 6.9], [12, 6, 5, 5, 4], 100), [48, 38, 11, 2, 1]),
    (([0.5, 0.7, 1.5, 0.9], [1, 2, 0.5, 1.5], [5, 5, 5, 5], 50), [20, 29, 0, 1]),
    (([2, 2, 3, 5], [1, 4, 1, 1], [10, 10, 3, 3], 40), [5, 23, 12, 0]),
    (([10, 10.2, 11, 14, 10.5], [4, 4, 9, 1, 2], [30, 3, 3, 3, 3], 25), [0, 25, 0, 0, 0]),
]


@pytest.mark.parametrize("args, expected", SPOT)
def test_same_allocation_as_spot(args, expected):
    means, variances, n, budget = args
    res = ocba(means=means, variances=variances, n=np.asarray(n), budget=budget)
    assert res.table["additional"].tolist() == expected
    assert res.table["additional"].sum() == budget


def test_maximize_mirrors_minimize_and_runs_dict():
    runs = {"A": [3.1, 2.9, 3.4, 3.0], "B": [3.3, 3.6, 3.2, 3.5], "C": [5.0, 4.1, 4.6, 4.4]}
    low = ocba(runs, budget=20)
    high = ocba({k: [-x for x in v] for k, v in runs.items()}, budget=20, direction="maximize")
    assert low.table["additional"].tolist() == high.table["additional"].tolist()
    assert low.best == high.best == "A"
    direct = ocba(means=[np.mean(v) for v in runs.values()], variances=[np.var(v, ddof=1) for v in runs.values()],
                  n=np.array([4, 4, 4]), budget=20)
    assert direct.table["additional"].tolist() == low.table["additional"].tolist()


def _pcs(allocate, means, sds, n0, step, total, reps, rng):
    """Probability that the best sample mean after ``total`` runs is the true best (index 0)."""
    k = means.size
    correct = 0
    for _ in range(reps):
        runs = [list(rng.normal(means[j], sds[j], n0)) for j in range(k)]
        while sum(map(len, runs)) < total:
            budget = min(step, total - sum(map(len, runs)))
            extra = allocate(np.array([np.mean(r) for r in runs]), np.array([np.var(r, ddof=1) for r in runs]),
                             np.array([len(r) for r in runs]), budget)
            for j in range(k):
                runs[j] += list(rng.normal(means[j], sds[j], extra[j]))
        correct += int(np.argmin([np.mean(r) for r in runs]) == 0)
    return correct / reps


def _equal(means, variances, n, budget):
    extra = np.full(means.size, budget // means.size)
    extra[: budget % means.size] += 1
    return extra


def test_ocba_selects_the_best_more_often_than_equal_allocation():
    # Chen et al. (2000)'s setting in small: 10 designs, means 1..10 (best 1), sd 6, n0 = 10, steps of 20.
    means, sds = np.arange(1.0, 11.0), np.full(10, 6.0)
    reps, total = 250, 300
    p_ocba = _pcs(ocba_allocation, means, sds, 10, 20, total, reps, np.random.default_rng(1))
    p_equal = _pcs(_equal, means, sds, 10, 20, total, reps, np.random.default_rng(1))
    se = np.sqrt(0.25 / reps) * np.sqrt(2)
    assert p_ocba - p_equal > 3 * se, (p_ocba, p_equal)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"means": [1, 2], "variances": [1, 0], "n": np.array([3, 3]), "budget": 5}, ValueError, "zero variance"),
    ({"means": [1, 2], "variances": [1, 1], "n": np.array([3, 3])}, TypeError, "budget="),
    ({"means": [1, 2], "variances": [1, 1], "budget": 5}, TypeError, "means=, variances= and n="),
    ({"runs": {"A": [1.0]}, "budget": 5}, ValueError, "runs of 'A'"),
    ({"means": [1, 2], "variances": [1, 1], "n": np.array([3.5, 3]), "budget": 5}, ValueError, "integers"),
])
def test_bad_input(kwargs, error, words):
    with pytest.raises(error) as info:
        ocba(**kwargs)
    assert words in str(info.value)
