"""The permutation area speaks the package's vocabulary (algocompare._options): the shared
options, the n_resamples rule, and the spaces too large for a float."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare._options import N_RESAMPLES
from algocompare.analysis import AnalysisOptions
from algocompare.permutation._analysis import section
from tests.permutation.test_synchronized import TINY, as_results

TABLE_FUNCTIONS = [ac.permutation_test, ac.msd_intervals, ac.relative_deviation, ac.zemel_measure]


@pytest.mark.parametrize("function", TABLE_FUNCTIONS, ids=lambda f: f.__name__)
def test_table_functions_take_the_shared_options_keyword_only(function):
    parameters = inspect.signature(function).parameters
    for name, default in (("nan_policy", "raise"), ("direction", None)) + (
            (("rng", None),) if "rng" in parameters else ()):
        assert parameters[name].kind is inspect.Parameter.KEYWORD_ONLY, name
        assert parameters[name].default == default, name


@pytest.mark.parametrize("function", [ac.permutation_test, ac.msd_intervals], ids=lambda f: f.__name__)
def test_n_resamples_defaults_to_the_rule(function):
    assert inspect.signature(function).parameters["n_resamples"].default == N_RESAMPLES == 9999


def test_default_monte_carlo_pvalue_is_the_exact_one_within_monte_carlo_error():
    for variant in ("constrained", "unconstrained"):
        exact = ac.permutation_test(as_results(TINY), method="exact", variant=variant).pvalue
        mc = ac.permutation_test(as_results(TINY), method="monte_carlo", variant=variant, rng=7)
        assert mc.n_resamples == N_RESAMPLES and len(mc.null_distribution) == N_RESAMPLES
        se = math.sqrt(exact * (1 - exact) / N_RESAMPLES)
        assert abs(mc.pvalue - exact) < 4 * se + 1 / (N_RESAMPLES + 1)


def test_default_monte_carlo_msd_has_the_exact_family_error_within_monte_carlo_error():
    # Design 1 with 12 instances: all 2^12 exchanges enumerable. The share of them whose d*
    # exceeds the Monte Carlo MSD is alpha up to the Monte Carlo error of a quantile.
    values = np.random.default_rng(3).normal(size=(12, 4)) + [0.0, 0.2, 0.4, 1.0]
    exact = ac.msd_intervals(values, method="exact")
    mc = ac.msd_intervals(values, method="monte_carlo", rng=11)
    assert exact.permutation_exact and not mc.permutation_exact
    assert mc.n_resamples == N_RESAMPLES == len(mc.null_msd) - 1  # null_msd adds the observed arrangement
    share = float(np.mean(exact.null_msd > mc.msd_permutation))
    assert abs(share - 0.05) < 4 * math.sqrt(0.05 * 0.95 / N_RESAMPLES) + 1 / 2 ** 12


def test_msd_decisions_are_reject_columns_and_bars_ci_low_ci_high():
    res = ac.msd_intervals(as_results(TINY), rng=0)
    frame = res.to_frame()
    assert list(frame.columns) == ["algorithm_a", "algorithm_b", "difference", "rank_difference", "reject",
                                   "permutation", "parametric", "rank"]
    assert frame["parametric"].tolist() == (frame["difference"].abs() > res.msd_parametric).tolist()
    bars = res.intervals()
    assert list(bars.columns) == ["panel", "algorithm", "estimate", "ci_low", "ci_high"]
    np.testing.assert_allclose(bars["ci_low"] + bars["ci_high"], 2 * bars["estimate"])


def test_spaces_beyond_the_float_range_are_infinite_not_an_overflow():
    cec = ac.load_dataset("cec2017_d10")  # (14!)^29 within-instance rearrangements
    res = ac.permutation_test(cec, n_resamples=999, rng=0)
    assert res.procedure == "monte_carlo" and res.n_permutations == math.inf and 0 < res.pvalue <= 1
    assert res.to_dict()["n_permutations"] is None  # JSON has no infinity
    wide = np.random.default_rng(0).normal(size=(1100, 3))  # 2^1100 exchanges for the MSD
    assert np.isfinite(ac.msd_intervals(wide, n_resamples=199, rng=0).msd_permutation)
    rng = np.random.default_rng(1)
    rows = [(f"i{h}", a, t, rng.normal()) for h in range(200) for a in "ABC" for t in range(10)]
    runs = ac.Results.from_long(pd.DataFrame(rows, columns=["instance", "algorithm", "run", "value"]), run="run")
    usp = ac.permutation_test(runs, variant="unconstrained", n_resamples=199, rng=0)  # sum C(10, nu)^400
    assert usp.n_permutations == math.inf and usp.min_pvalue == pytest.approx(1 / 200)


def test_analysis_section_uses_the_resamples_it_is_given_for_both_procedures():
    # 12 runs: C(24, 12) = 2.7e6 constrained rearrangements, beyond the exact default of 2e6
    sim = ac.simulate_runs([10.0, 10.0, 10.5], n_instances=3, n_runs=12, rng=5)
    part = section(sim.results, AnalysisOptions(n_resamples=3000, seed=1))
    test, msd = part.results["test"], part.results["msd"]
    assert not test.exact and test.n_resamples == 3000
    assert not msd.permutation_exact and msd.n_resamples == 3000
