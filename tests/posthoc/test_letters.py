"""Compact letter display: equal to R multcompView's multcompLetters (Piepho 2004's insert-and-absorb)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.posthoc._letters import letter_names
from tests._refdata import ref_path


def _cases() -> pd.DataFrame:
    # made by tests/reference/multcomp_letters.R (multcompView 0.1.8, R 4.2.2): 338 random matrices
    return pd.read_csv(ref_path("multcomp_letters.csv"), keep_default_na=False, dtype=str)


def _matrix(names: list[str], differ: str) -> np.ndarray:
    """The symmetric decisions from R's x[lower.tri(x)] (column by column)."""
    n = len(names)
    rows, cols = np.tril_indices(n, -1)
    order = np.lexsort((rows, cols))
    out = np.zeros((n, n), dtype=bool)
    out[rows[order], cols[order]] = [c == "1" for c in differ]
    return out | out.T


def test_equal_to_multcompletters_on_random_matrices():
    cases = _cases()
    assert len(cases) == 337
    for case in cases.itertuples():
        names = case.names.split("|")
        different = _matrix(names, case.differ)
        got = ac.compact_letters(different, names=names)
        assert got.index.tolist() == names
        assert "|".join(got) == case.letters, case.case
        assert "|".join(ac.compact_letters(different, names=names, reversed=True)) == case.reversed, case.case
        if case.vector != "NA":  # multcompLetters of the pairs as a named vector: the same letters
            assert case.vector == case.letters


def test_letters_are_the_maximal_cliques_of_the_not_rejected_pairs():
    rng = np.random.default_rng(5)
    for _ in range(40):
        n = int(rng.integers(3, 11))
        lower = np.tril(rng.random((n, n)) < 0.5, -1)
        different = lower | lower.T
        letters = ac.compact_letters(different)
        groups = {frozenset(i for i, s in enumerate(letters) if tag in s) for tag in set("".join(letters))}
        for i in range(n):
            for j in range(n):
                shares = any(i in g and j in g for g in groups)
                assert shares == (i == j or not different[i, j])
        for g in groups:  # maximal: no algorithm outside the group is compatible with all its members
            outside = [k for k in range(n) if k not in g and not any(different[k, m] for m in g)]
            assert not outside


def test_many_groups_are_named_as_multcompview():
    assert letter_names(3) == ["a", "b", "c"]
    names = letter_names(60)
    assert names[25:27] == ["z", "A"] and names[51] == "Z" and names[52:54] == [".a", ".b"]
    assert len(set(names)) == 60


def test_no_rejection_gives_everyone_a():
    assert ac.compact_letters(np.zeros((4, 4), dtype=bool)).tolist() == ["a"] * 4


def test_posthoc_result_letters_match_multcompletters_on_cec2005():
    ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="holm")
    # R: p <- <ph.matrix() with 1 on the diagonal>; multcompLetters(p)$Letters (multcompView 0.1.8)
    expected = {"BLX-GL50": "ab", "BLX-MA": "ac", "CoEVO": "c", "DE": "abc", "DMS-L-PSO": "ab", "EDA": "ac",
                "G-CMA-ES": "b", "K-PCX": "ac", "L-CMA-ES": "abc", "L-SaDE": "ab", "SPC-PNX": "ac"}
    assert ph.letters().to_dict() == expected
    # R: o <- order(mean ranks); multcompLetters(p[o, o])$Letters
    ranked = ph.letters(order="mean_rank")
    assert ranked.index.tolist() == list(ph.mean_ranks.sort_values(kind="stable").index)
    assert ranked.tolist() == ["a", "ab", "ab", "ab", "abc", "abc", "bc", "bc", "bc", "bc", "c"]


def test_letters_follow_alpha():
    ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="holm")
    assert set(ph.letters(alpha=1e-12)) == {"a"}
    loose = ph.reject(0.2)
    assert loose.to_numpy().sum() > ph.reject().to_numpy().sum()
    assert ph.letters(alpha=0.2).tolist() == ac.compact_letters(loose).tolist()
    assert ph.letters(alpha=0.2).tolist() != ph.letters().tolist()


def test_pvalue_matrix_with_alpha():
    ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="holm")
    assert ac.compact_letters(ph.matrix("pvalue_adj"), alpha=0.05).tolist() == ph.letters().tolist()
    assert ac.compact_letters(ph.matrix("pvalue_adj"), alpha=1e-12).tolist() == ["a"] * 11
    assert ac.compact_letters(ph.matrix("pvalue_adj")).tolist() == ph.letters().tolist()  # alpha = 0.05
    with pytest.raises(TypeError, match="booleans"):
        ac.compact_letters(ph.reject().astype(int))  # 0/1 could mean p-values or decisions: refused


def test_independent_sample_posthoc_has_letters():
    rng = np.random.default_rng(2)
    runs = {"A": rng.normal(0, 1, 30), "B": rng.normal(0.2, 1, 30), "C": rng.normal(2, 1, 30)}
    ph = ac.posthoc(runs, test="dunn")
    assert ph.letters().to_dict() == {"A": "a", "B": "a", "C": "b"}


def test_control_result_has_no_letters():
    ph = ac.posthoc(ac.load_dataset("cec2005_d10"), control="G-CMA-ES")
    with pytest.raises(ValueError, match="all pairwise comparisons"):
        ph.letters()


@pytest.mark.parametrize("bad, error", [
    (np.zeros((2, 3), dtype=bool), ValueError),
    (np.zeros((3, 3), dtype=int), TypeError),
    (np.full((2, 2), "x"), TypeError),
    (np.array([[False, True], [False, False]]), ValueError),
])
def test_bad_decision_matrices(bad, error):
    with pytest.raises(error):
        ac.compact_letters(bad)


def test_bad_order_and_names():
    ph = ac.posthoc(ac.load_dataset("ice_cream"))
    with pytest.raises(ValueError, match="order"):
        ph.letters(order="rank")
    with pytest.raises(ValueError, match="distinct"):
        ac.compact_letters(np.zeros((2, 2), dtype=bool), names=["a", "a"])
