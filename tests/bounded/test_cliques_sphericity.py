"""Issue 30, bounded work: the clique search and the sphericity estimate at thousands of algorithms."""

import itertools
import time

import numpy as np
import pytest

from algocompare.frequentist._omnibus import _sphericity
from algocompare.posthoc import _result as posthoc_result
from algocompare.posthoc._result import _maximal_cliques


def _brute_force(adjacent):
    n = len(adjacent)
    cliques = [c for r in range(1, n + 1) for c in itertools.combinations(range(n), r)
               if all(adjacent[i, j] for i, j in itertools.combinations(c, 2))]
    return sorted(list(c) for c in cliques if not any(set(c) < set(d) for d in cliques))


def test_cliques_match_brute_force():
    rng = np.random.default_rng(3)
    for _ in range(150):
        n = int(rng.integers(1, 9))
        adjacent = rng.random((n, n)) < rng.random()
        adjacent |= adjacent.T
        assert sorted(_maximal_cliques(adjacent)) == _brute_force(adjacent)


def test_clique_of_2000_algorithms_no_recursion_error():
    # the recursive search ended in RecursionError (issue 30: 2,000 algorithms, 8 instances)
    start = time.monotonic()
    found = _maximal_cliques(np.ones((2000, 2000), dtype=bool))
    assert found == [list(range(2000))]
    assert time.monotonic() - start < 20


def test_too_many_cliques_refused(monkeypatch):
    monkeypatch.setattr(posthoc_result, "MAX_CLIQUES", 10)
    # complement of a perfect matching on 12 vertices: 2^6 = 64 maximal cliques
    adjacent = np.ones((12, 12), dtype=bool)
    for i in range(0, 12, 2):
        adjacent[i, i + 1] = adjacent[i + 1, i] = False
    with pytest.raises(ValueError, match="more than 10 groups"):
        _maximal_cliques(adjacent)


def _sphericity_k_by_k(y):
    """Greenhouse-Geisser epsilon from the k x k double-centred covariance (the textbook form)."""
    k = y.shape[1]
    centring = np.eye(k) - 1.0 / k
    centred = centring @ np.cov(y, rowvar=False) @ centring
    return np.trace(centred) ** 2 / ((k - 1) * np.trace(centred @ centred))


@pytest.mark.parametrize("shape", [(12, 5), (6, 40), (30, 3)])
def test_epsilon_from_gram_matches_covariance(shape):
    y = np.random.default_rng(1).normal(size=shape)
    assert _sphericity(y)[0] == pytest.approx(_sphericity_k_by_k(y), rel=1e-10)


def test_sphericity_of_10000_algorithms_is_quick():
    y = np.random.default_rng(2).normal(size=(10, 10_000))
    start = time.monotonic()
    epsilon, w, p = _sphericity(y)
    assert time.monotonic() - start < 5
    assert 0 < epsilon <= 1 and np.isnan(w) and np.isnan(p)  # Mauchly needs n - 1 >= k - 1
