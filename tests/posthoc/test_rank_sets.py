"""Rank confidence intervals and the set of algorithms that may be the best (issue 28, part G)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.posthoc._rank_sets import from_posthoc

CEC = ac.load_dataset("cec2005_d10")


def _brute_force(result: ac.PosthocResult) -> tuple[dict, dict]:
    """lower/upper by a plain loop over the rejected pairs, oriented by the sign of z (rank tests)."""
    names = result.algorithms
    better = {a: 0 for a in names}  # how many are significantly better than a
    worse = {a: 0 for a in names}   # how many a is significantly better than
    for row in result.table.itertuples():
        if not row.reject:
            continue
        winner, loser = (row.algorithm_a, row.algorithm_b) if row.statistic > 0 else (row.algorithm_b, row.algorithm_a)
        better[loser] += 1
        worse[winner] += 1
    k = len(names)
    return {a: 1 + better[a] for a in names}, {a: k - worse[a] for a in names}


@pytest.mark.parametrize("p_adjust", ["holm", "nemenyi", "shaffer"])
def test_intervals_count_the_significantly_better_and_worse(p_adjust):
    result = ac.posthoc(CEC, p_adjust=p_adjust)
    intervals = ac.rank_intervals(result)
    lower, upper = _brute_force(result)
    assert intervals.ci_low.to_dict() == lower
    assert intervals.ci_high.to_dict() == upper
    assert intervals.best_set() == [a for a in result.mean_ranks.sort_values(kind="stable").index if lower[a] == 1]
    # the same from the data
    again = ac.rank_intervals(CEC, p_adjust=p_adjust)
    assert again.ci_low.equals(intervals.ci_low) and again.ci_high.equals(intervals.ci_high)


def test_a_clear_order_gives_point_intervals():
    rng = np.random.default_rng(3)
    table = rng.normal(size=(60, 4)) * 0.1 + np.array([0.0, 1.0, 2.0, 3.0])  # A < B < C < D everywhere
    frame = pd.DataFrame(table, columns=list("ABCD"))
    for test in ("friedman", "wilcoxon"):
        r = ac.rank_intervals(frame, test=test)
        assert r.ci_low.tolist() == [1, 2, 3, 4] and r.ci_high.tolist() == [1, 2, 3, 4], test
        assert r.best_set() == ["A"]
        assert r.covers([1, 2, 3, 4]).all() and not r.covers([2, 1, 3, 4]).all()
    # maximising reverses the order
    r = ac.rank_intervals(frame, direction="maximize")
    assert r.ci_low.tolist() == [4, 3, 2, 1] and r.best_set() == ["D"]


def test_wilcoxon_direction_comes_from_the_data_not_the_mean_ranks():
    # B beats A on 15 of 20 instances by a little, A beats B on 5 by a lot; C sits between them on
    # the instances A wins so the mean ranks put them level; Wilcoxon's signed ranks decide
    a = np.r_[np.zeros(15), np.zeros(5)]
    b = np.r_[-np.full(15, 10.0), np.full(5, 1.0)]
    c = np.r_[np.full(15, 5.0), np.full(5, 0.5)]
    frame = pd.DataFrame({"A": a + np.arange(20) * 1e-3, "B": b, "C": c})
    r = ac.rank_intervals(frame, test="wilcoxon", p_adjust="holm")
    ph = ac.posthoc(frame, test="wilcoxon", p_adjust="holm")
    assert ph.reject().loc["A", "B"]
    assert r.better.loc["B", "A"] and not r.better.loc["A", "B"]


def test_covers_treats_a_tie_in_truth_as_a_set_of_ranks():
    result = ac.posthoc(CEC)
    r = ac.rank_intervals(result)
    k = r.n_algorithms
    # all tied in truth: true ranks are 1..k for everyone; covered only by [1, k] intervals
    covered = r.covers(np.zeros(k))
    assert covered.tolist() == ((r.ci_low == 1) & (r.ci_high == k)).tolist()
    assert not covered.all()  # CEC has rejections
    # a dict and a Series are read by name
    truth = dict(zip(r.algorithms, range(k), strict=True))
    assert r.covers(truth).equals(r.covers(pd.Series(truth)))
    with pytest.raises(ValueError, match="one rank per algorithm"):
        r.covers([1, 2])


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="family-wise"):
        ac.rank_intervals(CEC, p_adjust="none")
    with pytest.raises(ValueError, match="all pairwise"):
        ac.rank_intervals(ac.posthoc(CEC, control="G-CMA-ES"))
    with pytest.raises(TypeError, match="result alone"):
        ac.rank_intervals(ac.posthoc(CEC), p_adjust="bonferroni")
    with pytest.raises(TypeError, match="no control"):
        ac.rank_intervals(CEC, control="G-CMA-ES")
    with pytest.raises(TypeError, match="PosthocResult"):
        from_posthoc(ac.friedman(CEC))


def test_outputs():
    r = ac.rank_intervals(CEC)
    frame = r.to_frame()
    assert list(frame.columns) == ["mean_rank", "ci_low", "ci_high", "may_be_best"]
    assert frame.index[0] == "G-CMA-ES" and frame["may_be_best"].sum() == len(r.best_set())
    assert "may be the best" in str(r) and r.to_dict()["confidence_level"] == pytest.approx(0.95)
    assert r.kind == "rank_intervals"


def _coverage(shift, n, reps, seed, test="friedman"):
    rng = np.random.default_rng(seed)
    k = len(shift)
    tables = rng.standard_normal((reps, n, k)) + np.asarray(shift) + 100 * rng.standard_normal((reps, n, 1))
    hits = [ac.rank_intervals(t, test=test).covers(shift).all() for t in tables]
    rate = float(np.mean(hits))
    return rate, np.sqrt(rate * (1 - rate) / reps)


@pytest.mark.parametrize("shift", [(0.0, 0.3, 0.6, 0.9), (0.0, 0.0, 0.6, 0.6), (0.0, 0.5, 0.5, 0.5)])
def test_joint_coverage_on_tables_with_known_ranks(shift):
    # fast version of benchmarks/bench_rank_sets.py (docs/validation.md, "Rank confidence sets")
    rate, se = _coverage(shift, n=20, reps=300, seed=28)
    assert rate >= 0.95 - 3 * max(se, 0.0126)  # 0.0126: the MC s.e. of 0.95 with 300 replicates


@pytest.mark.slow
@pytest.mark.parametrize("test", ["friedman", "wilcoxon"])
def test_joint_coverage_slow(test):
    for shift in [(0.0, 0.25, 0.5, 0.75, 1.0), (0.0, 0.0, 0.5, 0.5, 1.0)]:
        rate, se = _coverage(shift, n=30, reps=1000, seed=29, test=test)
        assert rate >= 0.95 - 3 * max(se, 0.0069)


def test_omitted_instances_are_recorded():
    table = np.random.default_rng(1).normal(size=(12, 4))
    table[3, 1] = np.nan
    r = ac.rank_intervals(pd.DataFrame(table, columns=list("ABCD")), nan_policy="omit")
    assert r.n_instances == 11 and r.dropped_instances == (3,)
    with pytest.raises(ValueError, match="missing|NaN|nan"):
        ac.rank_intervals(pd.DataFrame(table, columns=list("ABCD")))
