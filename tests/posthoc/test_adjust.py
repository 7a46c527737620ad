"""adjust_pvalues: independent implementations, brute force and properties."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.multitest import multipletests

from algocompare.posthoc import adjust_pvalues
from algocompare.posthoc._adjust import CORRECTIONS
from algocompare.posthoc._bergmann import MAX_EXACT_K, bell_number, bergmann_hommel, set_partitions
from algocompare.posthoc._shaffer import shaffer_multipliers, true_hypothesis_counts

P = np.array([0.0012, 0.0430, 0.0210, 0.3300, 0.0049, 0.0210, 0.7700, 0.0003, 0.0910, 0.0160])


@pytest.mark.parametrize("method,sm", [("bonferroni", "bonferroni"), ("holm", "holm"),
                                       ("hochberg", "simes-hochberg"), ("hommel", "hommel")])
def test_matches_statsmodels(method: str, sm: str) -> None:
    # statsmodels.stats.multitest.multipletests(P, method=sm)[1]
    np.testing.assert_allclose(adjust_pvalues(P, method), multipletests(P, method=sm)[1], rtol=1e-12)


def test_holland_finner_li_rom_formulas() -> None:
    m, order = P.size, np.argsort(P)
    s = P[order]
    holland = np.maximum.accumulate(1 - (1 - s) ** (m - np.arange(m)))
    finner = np.maximum.accumulate(1 - (1 - s) ** (m / np.arange(1, m + 1)))
    li = np.minimum(s[-1], s / (s + 1 - s[-1]))
    for method, expected in (("holland", holland), ("finner", finner), ("li", li)):
        np.testing.assert_allclose(adjust_pvalues(P, method)[order], expected, rtol=1e-12)


def test_rom_two_and_three_levels() -> None:
    # Rom (1990): alpha_m = alpha, alpha_{m-1} = alpha/2, alpha_{m-2} = (alpha + alpha^2 - 3 (alpha/2)^2)/3
    from algocompare.posthoc._adjust import rom_levels

    a = 0.05
    np.testing.assert_allclose(rom_levels(3, a), [(a + a**2 - 3 * (a / 2) ** 2) / 3, a / 2, a], rtol=1e-14)


def test_shaffer_counts_and_multipliers() -> None:
    # Shaffer (1986) Table 1: S(4) = {0,1,2,3,6}, S(5) = {0,1,2,3,4,6,10}
    assert true_hypothesis_counts(4).tolist() == [0, 1, 2, 3, 6]
    assert true_hypothesis_counts(5).tolist() == [0, 1, 2, 3, 4, 6, 10]
    # García & Herrera (2008) §4: for k = 4, t = 6, 3, 3, 3, 2, 1
    assert shaffer_multipliers(4).tolist() == [6, 3, 3, 3, 2, 1]


def _closed(pairs: list[tuple[int, int]], k: int) -> bool:
    """A set of equalities is consistent iff it is transitively closed."""
    same = {(a, b) for a, b in pairs} | {(b, a) for a, b in pairs}
    return all((a, c) in same for (a, b) in same for (bb, c) in same if b == bb and a != c)


def _brute_bergmann(p: np.ndarray, k: int) -> np.ndarray:
    """Bergmann & Hommel (1988) by definition, over all subsets of pairs.

    APV_i = min(1, max of |I| min p_I over exhaustive I containing any H_j with p_j <= p_i):
    the running maximum over the raw p-values, with tied hypotheses sharing the larger value.
    """
    pairs = list(itertools.combinations(range(k), 2))
    best = np.zeros(len(pairs))
    for mask in range(1, 1 << len(pairs)):
        members = [i for i in range(len(pairs)) if mask >> i & 1]
        if _closed([pairs[i] for i in members], k):
            value = len(members) * p[members].min()
            best[members] = np.maximum(best[members], value)
    return np.array([min(1.0, best[p <= p_i].max()) for p_i in p])


@pytest.mark.parametrize("k", [3, 4, 5])
def test_bergmann_equals_brute_force(k: int) -> None:
    rng = np.random.default_rng(k)
    for _ in range(4):
        p = rng.uniform(0, 0.3, k * (k - 1) // 2) ** 2
        np.testing.assert_allclose(adjust_pvalues(p, "bergmann"), _brute_bergmann(p, k), rtol=1e-14)
        tied = rng.choice([0.001, 0.01, 0.02, 0.04, 0.2], k * (k - 1) // 2)
        np.testing.assert_allclose(adjust_pvalues(tied, "bergmann"), _brute_bergmann(tied, k), rtol=1e-14)


def test_partition_counts() -> None:
    for k in range(1, 11):
        assert sum(len(c) for c in set_partitions(k)) == bell_number(k)
    assert bell_number(9) - 1 == 21_146 and bell_number(10) - 1 == 115_974 and bell_number(11) - 1 == 678_569
    chunks = set_partitions(12, chunk_rows=1 << 18)
    first = next(chunks)
    assert first.shape[1] == 12 and len(np.unique(first, axis=0)) == len(first)


def test_power_order_of_pairwise_procedures() -> None:
    rng = np.random.default_rng(3)
    for k in (4, 6, 8):
        p = rng.uniform(0, 0.1, k * (k - 1) // 2) ** 2
        holm, static, dynamic, bh = (adjust_pvalues(p, method)
                                     for method in ("holm", "shaffer", "shaffer_dynamic", "bergmann"))
        assert np.all(bh <= dynamic + 1e-15) and np.all(dynamic <= static + 1e-15) and np.all(static <= holm + 1e-15)


def test_bergmann_limit_is_clear() -> None:
    with pytest.raises(ValueError, match="shaffer"):
        bergmann_hommel(np.full(14 * 13 // 2, 0.5), MAX_EXACT_K + 1)


def pair_matrix(p: np.ndarray, names: list) -> pd.DataFrame:
    """The symmetric labelled matrix of pairwise p-values given in row-major upper-triangle order."""
    rows, cols = np.triu_indices(len(names), 1)
    square = np.full((len(names), len(names)), np.nan)
    square[rows, cols] = p
    square[cols, rows] = p
    return pd.DataFrame(square, index=names, columns=names)


def pair_series(p: np.ndarray, names: list) -> pd.Series:
    """The same p-values indexed by (a, b) pairs, row-major upper-triangle order."""
    rows, cols = np.triu_indices(len(names), 1)
    return pd.Series(p, index=pd.MultiIndex.from_arrays([[names[i] for i in rows], [names[j] for j in cols]]))


def test_input_shapes_agree() -> None:
    names = ["A", "B", "C", "D"]
    rows, cols = np.triu_indices(4, 1)
    p = np.array([0.01, 0.2, 0.03, 0.5, 0.004, 0.04])
    matrix, series = pair_matrix(p, names), pair_series(p, names)
    for method in CORRECTIONS:
        from_vector = adjust_pvalues(p, method)
        from_matrix = adjust_pvalues(matrix, method).to_numpy()[rows, cols]
        np.testing.assert_allclose(from_matrix, from_vector, rtol=1e-14)
        np.testing.assert_allclose(adjust_pvalues(series, method).to_numpy(), from_vector, rtol=1e-14)
    # a shuffled pair Series gives the same adjusted value per pair
    shuffled = series.iloc[[3, 0, 5, 1, 4, 2]]
    np.testing.assert_allclose(adjust_pvalues(shuffled, "bergmann").loc[series.index],
                               adjust_pvalues(series, "bergmann"), rtol=1e-14)


def test_nemenyi_matches_studentized_range() -> None:
    from scipy.stats import norm, studentized_range

    p = np.array([0.001, 0.02, 0.3])
    z = norm.isf(p / 2)
    expected = studentized_range.sf(z * np.sqrt(2), 3, np.inf)
    np.testing.assert_allclose(adjust_pvalues(p, "nemenyi"), expected, rtol=1e-9)


@pytest.mark.parametrize("bad,match", [([0.1, np.nan], "missing"), ([0.1, 1.2], "between 0 and 1")])
def test_bad_pvalues(bad: list, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        adjust_pvalues(bad, "holm")


def test_pairwise_methods_need_pairwise_family() -> None:
    with pytest.raises(ValueError, match="pairwise"):
        adjust_pvalues([0.1, 0.2, 0.3, 0.4], "shaffer")
    with pytest.raises(ValueError, match="not valid"):
        adjust_pvalues([0.1], "nope")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=6, max_size=6), st.sampled_from(CORRECTIONS))
def test_properties(values: list, method: str) -> None:
    p = np.array(values)
    adjusted = adjust_pvalues(p, method)  # length 6 = all pairs of k = 4
    assert np.all(adjusted <= 1) and np.all(adjusted >= p - 1e-15)
    smaller = p[:, None] < p[None, :]
    assert np.all(adjusted[:, None][smaller.nonzero()[0]].ravel() <= adjusted[smaller.nonzero()[1]] + 1e-15)
