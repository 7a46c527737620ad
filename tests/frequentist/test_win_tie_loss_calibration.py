"""Null calibration of the "+/=/−" marks: identical algorithms over 30 functions (docs/validation.md).

The promise of ``win_tie_loss``'s default (Holm across the instances of each competitor): for a
competitor identical to the reference, P(any "+" in its column) <= alpha/2 and P(any "+" or "−")
<= alpha. Without adjustment the promise is per function, P("+") <= alpha/2, and a "+" somewhere
in 30 functions is the rule rather than the exception (about one competitor in two).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import algocompare as ac
from algocompare.frequentist._win_tie_loss import DEFAULT_P_ADJUST
from tests.frequentist.win_tie_loss_null import N_FUNCTIONS, null_pvalues, null_rates, null_runs, plus_marks

ALPHA = 0.05


def _mc_bound(promise: float, n: int, sds: float = 3.0) -> float:
    """The promise plus ``sds`` Monte Carlo standard errors of a rate estimated from ``n`` draws."""
    return promise + sds * math.sqrt(promise * (1 - promise) / n)


@pytest.mark.parametrize("tied", [False, True])
def test_bulk_simulation_makes_win_tie_loss_decisions(tied):
    """The bulk simulation below is win_tie_loss itself: same p-values, same marks, on replicates."""
    runs = null_runs(np.random.default_rng(11), 2, 25, tied, n_algorithms=3)
    pvalue, direction = null_pvalues(runs)
    for p_adjust in ("none", "holm"):
        plus, marked = plus_marks(pvalue, direction, p_adjust)
        for r in range(runs.shape[0]):
            res = ac.Results.from_array(runs[r], algorithms=["ref", "c1", "c2"])
            result = ac.win_tie_loss(res, "ref", p_adjust=p_adjust)
            for c, name in enumerate(["c1", "c2"]):
                rows = result.table[result.table["algorithm_b"] == name]
                assert np.allclose(rows["pvalue"].to_numpy(), pvalue[r, :, c], rtol=1e-12)
                assert ((rows["mark"] == "+").to_numpy() == plus[r, :, c]).all()
                assert ((rows["mark"] != "=").to_numpy() == marked[r, :, c]).all()


def test_default_keeps_its_promise_for_identical_algorithms_fast():
    """2000 competitors identical to the reference, 30 continuous functions, 25 runs (about a second)."""
    assert DEFAULT_P_ADJUST == "holm"
    n = 2000
    rates = null_rates(n, 25, tied=False, p_adjust=DEFAULT_P_ADJUST, seed=5)
    assert rates["any_plus"] <= _mc_bound(ALPHA / 2, n)
    assert rates["any_mark"] <= _mc_bound(ALPHA, n)
    # and it is not a test that rejects nothing: the same data unadjusted give the field's rates
    raw = null_rates(n, 25, tied=False, p_adjust="none", seed=5)
    tests = n * N_FUNCTIONS
    assert abs(raw["per_function"] - ALPHA / 2) <= 3 * math.sqrt(ALPHA / 2 * (1 - ALPHA / 2) / tests) + 0.002
    assert raw["any_plus"] > 0.4  # 1 - 0.975^30 = 0.53 with exact p-values


@pytest.mark.slow
@pytest.mark.parametrize("tied", [False, True])
@pytest.mark.parametrize("n_runs", [25, 51])
def test_default_keeps_its_promise_for_identical_algorithms_full(tied, n_runs):
    """The figures of docs/validation.md: 10,000 competitors per setting."""
    n = 10_000
    rates = null_rates(n, n_runs, tied=tied, p_adjust=DEFAULT_P_ADJUST, seed=2027)
    assert rates["any_plus"] <= _mc_bound(ALPHA / 2, n)
    assert rates["any_mark"] <= _mc_bound(ALPHA, n)
    raw = null_rates(n, n_runs, tied=tied, p_adjust="none", seed=2027)
    assert raw["per_function"] <= _mc_bound(ALPHA / 2, n * N_FUNCTIONS)
    assert raw["any_plus"] > 0.4


@pytest.mark.parametrize("key", ["rank_sum", "welch", "t", "signed_rank", "paired_t"])
def test_every_registered_two_sample_test_has_its_size_under_the_null(key):
    """1,000 pairs of samples of 25 runs from one normal distribution (unequal variances for Welch's
    test, whose null does not assume them equal): the two-sided size at 0.05 within 3 Monte Carlo
    standard errors, and "+" and "−" equally often."""
    from algocompare.frequentist._two_sample import two_sample_test

    rng = np.random.default_rng(17)
    n = 1000
    x = rng.standard_normal((n, 25))
    y = rng.standard_normal((n, 25)) * (3.0 if key == "welch" else 1.0)
    outcomes = [two_sample_test(x[i], y[i], key) for i in range(n)]
    reject = np.array([o.pvalue <= ALPHA for o in outcomes])
    direction = np.array([o.direction for o in outcomes])
    se = math.sqrt(ALPHA * (1 - ALPHA) / n)
    assert abs(reject.mean() - ALPHA) <= 3 * se, reject.mean()
    assert abs((reject & (direction < 0)).sum() - (reject & (direction > 0)).sum()) <= 3 * math.sqrt(reject.sum())
