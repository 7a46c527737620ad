"""Rom's (1990) step-up procedure, the scmamp/García step-down form, and tie-consistent APVs."""

from __future__ import annotations

from math import factorial

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import algocompare as ac
from algocompare.posthoc import adjust_pvalues
from algocompare.posthoc._adjust import CORRECTIONS, FAMILY_CORRECTIONS, rom_levels
from tests.posthoc.test_adjust import pair_matrix, pair_series

ALPHAS = (0.01, 0.05, 0.1, 0.25)


def _all_above(levels: np.ndarray) -> float:
    """P(U_(j) > levels_j for j = 1..m) for m ordered independent uniforms.

    Steck (1971, Ann. Math. Statist. 42, 1-11): P(a_j < U_(j) <= b_j for all j) = m! det Q
    with Q_ij = (b_i - a_j)_+^(j-i+1) / (j-i+1)! for j >= i - 1, else 0; here b = 1.
    """
    m = len(levels)
    q = np.zeros((m, m))
    for i in range(m):
        for j in range(i - 1, m):
            if j >= 0:
                q[i, j] = max(1.0 - levels[j], 0.0) ** (j - i + 1) / factorial(j - i + 1)
    return factorial(m) * float(np.linalg.det(q))


def _rom_direct(p: np.ndarray, alpha: float) -> np.ndarray:
    """Rom's step-up rule, applied as stated: find the largest j with p_(j) <= alpha_j and
    reject every hypothesis whose p-value is at most p_(j); reject nothing if there is none."""
    levels = rom_levels(p.size, alpha)
    ordered = np.sort(p)
    for j in range(p.size - 1, -1, -1):
        if ordered[j] <= levels[j]:
            return p <= ordered[j]
    return np.zeros(p.size, dtype=bool)


def test_steck_formula_matches_closed_form_for_two() -> None:
    # m = 2 by direct integration: P(U_(1) > a, U_(2) > b) = 2 (b - a)(1 - b) + (1 - b)^2 for a <= b
    a, b = 0.02, 0.07
    assert _all_above(np.array([a, b])) == pytest.approx(2 * (b - a) * (1 - b) + (1 - b) ** 2, rel=1e-14)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_rom_levels_give_family_wise_error_alpha_under_independence(alpha: float) -> None:
    # Rom (1990): the levels make the step-up test exact, P(some p_(j) <= alpha_j) = alpha,
    # for m independent true hypotheses.
    for m in range(1, 9):
        assert 1.0 - _all_above(rom_levels(m, alpha)) == pytest.approx(alpha, abs=1e-10)


def test_rom_levels_lie_between_hochberg_and_alpha() -> None:
    for alpha in ALPHAS + (0.5, 0.9):
        for m in (2, 5, 10, 45, 190):
            levels = rom_levels(m, alpha)
            hochberg = alpha / (m - np.arange(m))
            assert np.all(np.diff(levels) >= 0)
            assert np.all(levels >= hochberg * (1 - 1e-12)) and np.all(levels <= alpha)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_rom_apvs_reproduce_the_step_up_rule(alpha: float) -> None:
    rng = np.random.default_rng(int(alpha * 1000))
    for _ in range(400):
        m = int(rng.integers(1, 13))
        p = rng.uniform(0, 3 * alpha, m) ** rng.choice([1.0, 2.0])
        if rng.random() < 0.3:  # ties, zeros and ones
            p = rng.choice(np.r_[p, 0.0, 1.0], m)
        apv = adjust_pvalues(p, "rom", alpha=alpha)
        np.testing.assert_array_equal(apv <= alpha, _rom_direct(p, alpha))


@pytest.mark.parametrize("alpha", ALPHAS)
def test_rom_between_raw_and_hochberg(alpha: float) -> None:
    rng = np.random.default_rng(7)
    for _ in range(300):
        m = int(rng.integers(1, 30))
        p = rng.uniform(0, 1, m) ** 3
        rom = adjust_pvalues(p, "rom", alpha=alpha)
        assert np.all(rom >= p) and np.all(rom <= adjust_pvalues(p, "hochberg") + 1e-15)
        order = np.argsort(p)
        assert np.all(np.diff(rom[order]) >= 0)
        # the step-down form never rejects more than the step-up rule with the same levels
        assert np.all(adjust_pvalues(p, "rom_stepdown", alpha=alpha) >= rom - 1e-15)


def test_rom_for_two_hypotheses_is_hochberg() -> None:
    rng = np.random.default_rng(2)
    for alpha in ALPHAS:
        for _ in range(50):
            p = rng.uniform(0, 0.2, 2)
            np.testing.assert_allclose(adjust_pvalues(p, "rom", alpha=alpha), adjust_pvalues(p, "hochberg"),
                                       rtol=1e-14)


def test_rom_stepdown_can_exceed_hochberg() -> None:
    # alpha = 0.05, m = 3: alpha_1 = (0.05 + 0.05^2 - 3 * 0.025^2) / 3 = 0.016875, alpha_2 = 0.025
    p = np.array([0.045, 0.03, 0.04])
    np.testing.assert_allclose(adjust_pvalues(p, "hochberg"), [0.045, 0.045, 0.045], rtol=1e-14)
    np.testing.assert_allclose(adjust_pvalues(p, "rom"), [0.045, 0.045, 0.045], rtol=1e-14)
    stepdown = 0.03 * 0.05 / 0.016875  # 0.0889: the step-down form rejects none of the three
    np.testing.assert_allclose(adjust_pvalues(p, "rom_stepdown"), [stepdown] * 3, rtol=1e-12)


def test_rom_stepdown_is_a_named_correction() -> None:
    assert "rom_stepdown" in FAMILY_CORRECTIONS
    table = np.array([[1, 2, 3], [1, 3, 2], [2, 1, 3], [1, 2, 3], [1, 3, 2], [1, 2, 3]], dtype=float)
    result = ac.posthoc(table, p_adjust="rom_stepdown")
    assert result.p_adjust == "rom_stepdown"
    raw = result.table["pvalue"].to_numpy()
    np.testing.assert_allclose(result.table["pvalue_adj"], adjust_pvalues(raw, "rom_stepdown"), rtol=1e-14)


# ----------------------------------------------------------------------------- ties

def test_bergmann_gives_tied_hypotheses_the_larger_apv() -> None:
    # pairs AB, AC, AD, BC, BD, CD. Bergmann-Hommel values (max |I| min p_I over exhaustive I):
    # BD: {BD, AC} gives 2 x 0.04 = 0.08; CD: {BC, BD, CD} gives 3 x 0.02 = 0.06 at most.
    # Equal raw p (0.04) must give equal APVs: both 0.08.
    names = list("ABCD")
    matrix = pair_matrix(np.array([0.01, 0.2, 0.01, 0.02, 0.04, 0.04]), names)
    adjusted = adjust_pvalues(matrix, "bergmann")
    assert adjusted.loc["B", "D"] == adjusted.loc["C", "D"] == pytest.approx(0.08, rel=1e-14)
    # the same per pair whatever the order of the algorithms
    for order in (list("DCBA"), list("CADB")):
        permuted = adjust_pvalues(matrix.loc[order, order], "bergmann")
        pd.testing.assert_frame_equal(permuted.loc[names, names], adjusted, rtol=1e-14)


def test_posthoc_with_tied_rank_sums_gives_equal_apvs() -> None:
    # Friedman post-hoc (classic standard error) on 5 instances x 4 algorithms: the rank sums
    # of A, B, C make |R_A - R_B| = |R_B - R_C|, hence equal raw p-values for (A, B) and (B, C);
    # before the fix Bergmann-Hommel gave them APVs 0.98 and 1.0.
    table = pd.DataFrame([[2, 0, 1, 2], [1, 1, 0, 2], [2, 2, 0, 2], [1, 0, 1, 0], [0, 2, 0, 2]],
                         columns=list("ABCD"), dtype=float)
    for correction in ("bergmann", "shaffer_dynamic", "shaffer", "holm", "rom", "hommel"):
        result = ac.posthoc(table, test="friedman", p_adjust=correction, se="classic")
        frame = result.table.set_index(["algorithm_a", "algorithm_b"])
        assert frame.loc[("A", "B"), "pvalue"] == frame.loc[("B", "C"), "pvalue"]
        assert frame.loc[("A", "B"), "pvalue_adj"] == frame.loc[("B", "C"), "pvalue_adj"], correction
        reversed_ = ac.posthoc(table[list("DCBA")], test="friedman", p_adjust=correction, se="classic")
        back = reversed_.matrix("pvalue_adj").loc[list("ABCD"), list("ABCD")]
        pd.testing.assert_frame_equal(back, result.matrix("pvalue_adj"), rtol=1e-14)


_VALUES = st.one_of(st.sampled_from([0.0, 1e-4, 0.001, 0.01, 0.02, 0.04, 0.2, 0.5, 1.0]), st.floats(0, 1))


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 5).flatmap(lambda k: st.lists(_VALUES, min_size=k * (k - 1) // 2,
                                                    max_size=k * (k - 1) // 2)),
       st.sampled_from(CORRECTIONS), st.sampled_from(ALPHAS))
def test_apv_properties_with_ties(values: list, method: str, alpha: float) -> None:
    p = np.array(values)
    adjusted = adjust_pvalues(p, method, alpha=alpha)  # a pairwise family of k = 3, 4 or 5
    assert np.all((adjusted >= 0) & (adjusted <= 1))
    assert np.all(adjusted >= p)
    same = p[:, None] == p[None, :]
    assert np.all(adjusted[:, None][same.nonzero()[0]].ravel() == adjusted[same.nonzero()[1]])
    at_most = p[:, None] <= p[None, :]
    assert np.all(adjusted[at_most.nonzero()[0]] <= adjusted[at_most.nonzero()[1]])


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 6).flatmap(lambda k: st.tuples(
           st.lists(_VALUES, min_size=k * (k - 1) // 2, max_size=k * (k - 1) // 2), st.permutations(range(k)))),
       st.sampled_from(CORRECTIONS))
def test_apvs_do_not_depend_on_algorithm_order(case: tuple, method: str) -> None:
    values, permutation = case
    k = len(permutation)
    names = [f"a{i}" for i in range(k)]
    rows, cols = np.triu_indices(k, 1)
    matrix = pair_matrix(np.array(values), names)
    adjusted = adjust_pvalues(matrix, method)
    order = [names[i] for i in permutation]
    permuted = adjust_pvalues(matrix.loc[order, order], method)
    pd.testing.assert_frame_equal(permuted.loc[names, names], adjusted, rtol=0, atol=0)
    # a pair-indexed Series listed in the permuted order gives the same APV per pair
    series = pair_series(np.array(values), names)
    shuffled = series.iloc[np.argsort([permutation.index(i) * k + permutation.index(j) for i, j in zip(rows, cols, strict=False)])]
    np.testing.assert_array_equal(adjust_pvalues(shuffled, method).loc[series.index].to_numpy(),
                                  adjusted.to_numpy()[rows, cols])
