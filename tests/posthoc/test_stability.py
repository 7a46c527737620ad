"""Stability of post-hoc conclusions under leave-one-algorithm-out and leave-one-instance-out (issue 28, G)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac

CEC = ac.load_dataset("cec2005_d10")


def _benavoli(m: int = 30) -> pd.DataFrame:
    """A beats B on half the instances and B beats A on the other half; C lies between A and B only
    where A wins, so the mean ranks of A and B differ because of C (Benavoli et al. 2016, §2)."""
    return pd.DataFrame({"A": np.r_[np.zeros(m), np.ones(m)], "B": np.r_[2 * np.ones(m), np.zeros(m)],
                         "C": np.r_[np.ones(m), 2 * np.ones(m)]})


def test_mean_rank_decision_made_by_a_third_algorithm_flips_when_it_is_left_out():
    s = ac.posthoc_stability(_benavoli(), progress=False)
    table = s.table.set_index(["algorithm_a", "algorithm_b"])
    # full analysis: mean ranks A 1.5, B 2.0, C 2.5 -> every pair rejected at N = 60
    assert table["reject"].all() and table["better"].tolist() == ["A", "A", "B"]
    # without C, A and B each win half: not rejected; without A, B and C each win half
    assert table.loc[("A", "B"), "flip_algorithm"] == 1.0
    assert table.loc[("B", "C"), "flip_algorithm"] == 1.0
    assert table.loc[("A", "C"), "flip_algorithm"] == 0.0  # A beats C on every instance
    assert s.algorithm_flips.loc["A vs B", "C"] == 1.0 and np.isnan(s.algorithm_flips.loc["A vs B", "A"])
    assert (table["n_algorithm_out"] == 1).all() and (table["n_instance_out"] == 60).all()
    # one instance changes nothing here
    assert (table["flip_instance"] == 0.0).all()
    assert len(s.fragile()) == 2 and s.matrix().loc["B", "A"] == 1.0


def test_pairwise_wilcoxon_without_adjustment_never_flips_when_an_algorithm_is_left_out():
    rng = np.random.default_rng(7)
    table = rng.normal(size=(25, 5)) + np.array([0.0, 0.3, 0.5, 0.55, 0.9])
    s = ac.posthoc_stability(table, test="wilcoxon", p_adjust="none", progress=False)
    assert (s.table["flip_algorithm"] == 0.0).all()  # exactly: the pair's p-value is its own
    assert (s.table["n_algorithm_out"] == 3).all()


def _holm_case() -> pd.DataFrame:
    """A vs B has p = 0.0256 (exact Wilcoxon, 9 of 15 signed ranks positive); C vs D is far from
    rejection. With Holm in the family of 6 the A–B APV is 2p = 0.051 (not rejected); without C
    or D, A–B is the largest p of 3 and its APV is p (rejected)."""
    n = 15
    d = np.arange(1.0, n + 1) * np.r_[-np.ones(6), np.ones(9)]
    c = 100.0 + np.arange(n)
    return pd.DataFrame({"A": np.zeros(n), "B": d, "C": c, "D": c + np.r_[np.ones(8), -np.ones(7)] * 0.5 * d.__abs__()})


def test_pairwise_wilcoxon_with_holm_flips_when_the_family_shrinks():
    data = _holm_case()
    full = ac.posthoc(data, test="wilcoxon", p_adjust="holm")
    assert full.table.loc[0, "pvalue"] == pytest.approx(0.0256, abs=5e-4) and not full.table.loc[0, "reject"]
    s = ac.posthoc_stability(data, test="wilcoxon", p_adjust="holm", progress=False)
    row = s.table.iloc[0]
    assert (row["algorithm_a"], row["algorithm_b"], bool(row["reject"])) == ("A", "B", False)
    assert row["better"] is None or pd.isna(row["better"])
    assert row["flip_algorithm"] == 1.0  # leaving out C or D: rejected
    # the same data without adjustment: no flip
    assert ac.posthoc_stability(data, test="wilcoxon", p_adjust="none", progress=False).table.iloc[0][
        "flip_algorithm"] == 0.0


def _decisions(result: ac.PosthocResult) -> dict:
    sign = np.sign(result.table["statistic"].to_numpy(float))
    return {(a, b): int(s) if r else 0 for a, b, s, r in
            zip(result.table["algorithm_a"], result.table["algorithm_b"], sign, result.table["reject"], strict=True)}


@pytest.mark.parametrize("control", [None, "G-CMA-ES"])
def test_shares_agree_with_a_loop_of_posthoc_calls(control):
    frame = CEC.to_wide().iloc[:, :7]  # 7 of the 11 algorithms: a few seconds
    s = ac.posthoc_stability(frame, control=control, progress=False)
    base = _decisions(ac.posthoc(frame, control=control))
    names = list(frame.columns)
    for row in s.table.itertuples():
        pair = (row.algorithm_a, row.algorithm_b)
        others = [c for c in names if c not in pair and c != control]
        flips = [_decisions(ac.posthoc(frame.drop(columns=[c]), control=control))[pair] != base[pair] for c in others]
        assert row.flip_algorithm == pytest.approx(np.mean(flips)), pair
        assert row.n_algorithm_out == len(others)
    # instances: every one left out in turn
    flips = np.zeros(len(s.table))
    for i in range(len(frame)):
        again = _decisions(ac.posthoc(frame.drop(index=frame.index[i]), control=control))
        flips += [again[p] != base[p] for p in zip(s.table["algorithm_a"], s.table["algorithm_b"], strict=True)]
    np.testing.assert_allclose(s.table["flip_instance"].to_numpy(float), flips / len(frame))
    assert s.control == control and s.posthoc.control == control


def test_edges_and_errors():
    two = ac.posthoc_stability(_benavoli()[["A", "B"]], progress=False)
    assert np.isnan(two.table["flip_algorithm"]).all() and (two.table["n_algorithm_out"] == 0).all()
    with pytest.raises(ValueError, match="share of re-analyses"):
        two.fragile(1.0)
    with pytest.raises(ValueError, match="one instance"):
        ac.posthoc_stability({"A": [1.0, 2, 3], "B": [2.0, 3, 4], "C": [0.0, 1, 5]}, test="dunn", progress=False)
    with pytest.raises(ValueError, match="value="):
        two.matrix("pvalue")
    s = ac.posthoc_stability(_benavoli(), direction="maximize", progress=False)  # C best, then B, then A
    assert s.mean_ranks.idxmin() == "C"
    assert s.kind == "stability" and "fragile decisions" in str(s) and "posthoc" not in s.to_dict()
