"""Null calibration of the default tests: the rejection rate under the null is at most alpha
(plus 3 Monte Carlo standard errors) and, for N >= 10 on continuous data, at least alpha/2.

The tables come from the calibration benchmark's generator (benchmarks/bench_calibration.py:
identical algorithms, i.i.d. errors plus a random instance effect; optionally heavy ties,
floored at each instance's optimum and rounded), with fixed seeds. Each assertion is a
size check, so a miscalibrated default fails it: ``test_the_check_detects_the_classic_conventions``
shows that the same check rejects the classic aligned-ranks (liberal) and Quade (conservative)
standard errors. The fast subset below runs with the suite; the larger grid is marked slow
(``pytest --run-slow``). The full study and its tables: benchmarks/results_calibration.md.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import algocompare as ac

BENCH_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_calibration.py"


def _load_bench():
    spec = importlib.util.spec_from_file_location("bench_calibration", BENCH_PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being created
    spec.loader.exec_module(module)
    return module


bench = _load_bench()
Design = bench.Design

ALPHA = 0.05
REPS = 300
RANK_TESTS = ("friedman", "aligned_ranks", "quade")
MAIN_CORRECTIONS = ("holm", "hochberg", "hommel", "shaffer", "bergmann", "nemenyi")


def _tables(design: Design, reps: int, seed: int) -> np.ndarray:
    return bench.simulate(design, reps, np.random.default_rng(seed))


def _pair_pvalues(tables: np.ndarray, tests=RANK_TESTS, **options) -> dict:
    """Raw p-values of every pair (reps x pairs) of ``ac.posthoc`` for each test, with ``options``."""
    def raw(test):
        return lambda r: ac.posthoc(r, test=test, p_adjust="none", **options).table["pvalue"].to_numpy()

    return bench._collect(tables, {test: raw(test) for test in tests})


def _mc_se(rate_se: float, reps: int, m: int = 1) -> float:
    """The Monte Carlo se of a rate, not below the binomial se at alpha of reps * m trials."""
    return max(rate_se, float(np.sqrt(ALPHA * (1 - ALPHA) / (reps * m))))


def assert_calibrated(pvalues: np.ndarray, design: Design, what: str, lower: bool = True,
                      slack: float = 0.0) -> None:
    """size <= alpha + max(3 se, slack) and, for N >= 10 (when ``lower``), size >= alpha / 2."""
    rate, se = bench.rejection_rate(pvalues, ALPHA)
    se = _mc_se(se, pvalues.shape[0], 1 if pvalues.ndim == 1 else pvalues.shape[1])
    bound = ALPHA + max(3 * se, slack)
    assert rate <= bound, f"{what} on {design.label}: size {rate:.3f} > {bound:.3f} ({ALPHA} + max(3 x {se:.3f}, {slack}))"
    if lower and design.n >= 10:
        assert rate >= ALPHA / 2, f"{what} on {design.label}: size {rate:.3f} < {ALPHA / 2}"


# ------------------------------------------------------------------ rank post-hoc tests

POSTHOC_DESIGNS = [
    Design(12, 4, instances="small"),
    Design(25, 6, errors="t3", instances="huge"),
    Design(20, 5, instances="small", ties=True),
    Design(15, 8, errors="lognormal", instances="huge"),
    Design(40, 10, instances="small", ties=True),
]


@pytest.mark.parametrize("design", POSTHOC_DESIGNS, ids=lambda d: d.label)
def test_rank_posthoc_per_pair_size(design):
    for test, p in _pair_pvalues(_tables(design, REPS, seed=1)).items():
        assert_calibrated(p, design, f"posthoc(test={test!r}) per pair")


def test_the_check_detects_the_classic_conventions():
    """The same check fails the field's closed-form standard errors (issue 14)."""
    design = Design(20, 6, instances="small")
    tables = _tables(design, REPS, seed=2)
    classic = _pair_pvalues(tables, se="classic")
    for test in ("aligned_ranks", "quade"):
        with pytest.raises(AssertionError, match="size"):
            assert_calibrated(classic[test], design, test)
    assert_calibrated(classic["friedman"], design, "friedman classic")


# ------------------------------------------------------------------ omnibus tests

OMNIBUS_DESIGNS = [
    Design(10, 4, errors="lognormal", instances="huge"),
    Design(30, 8, instances="small"),
    Design(30, 3, ties=True),
    Design(40, 6, errors="exponential", ties=True),
]
OMNIBUS = {
    "friedman": lambda r: ac.friedman(r).pvalue,
    "iman_davenport": lambda r: ac.iman_davenport(r).pvalue,
    "aligned_ranks": lambda r: ac.aligned_ranks(r).pvalue,
    "quade": lambda r: ac.quade(r).pvalue,
}


@pytest.mark.parametrize("design", OMNIBUS_DESIGNS, ids=lambda d: d.label)
def test_default_omnibus_size(design):
    tables = _tables(design, 2 * REPS, seed=3)
    pvalues = bench._collect(tables, OMNIBUS)
    for name, p in pvalues.items():
        assert_calibrated(p, design, f"{name}()")


def test_the_check_detects_the_untied_statistics_on_tied_data():
    """On heavy ties (about half the instances fully tied at k = 3) the untied Friedman,
    Iman-Davenport and Quade statistics almost never reject: the check fails them (issue 14)."""
    design = Design(30, 3, ties=True)
    untied = {
        "friedman": lambda r: ac.friedman(r, tie_correction=False).pvalue,
        "iman_davenport": lambda r: ac.iman_davenport(r, tie_correction=False).pvalue,
        "quade": lambda r: ac.quade(r, tie_correction=False).pvalue,
    }
    for name, p in bench._collect(_tables(design, 2 * REPS, seed=3), untied).items():
        with pytest.raises(AssertionError, match="size"):
            assert_calibrated(p, design, f"{name}(tie_correction=False)")


# ------------------------------------------------------------------ corrections

CORRECTION_DESIGNS = [
    Design(20, 5, instances="small"),
    Design(30, 5, instances="small", shift=(0, 0, 0, 3, 3)),
    Design(30, 7, errors="t3", shift=(0, 0, 0, 0, 2, 2, 4)),
    Design(25, 4, ties=True),
]


@pytest.mark.parametrize("design", CORRECTION_DESIGNS, ids=lambda d: d.label)
def test_fwer_of_the_main_corrections(design):
    true_null = bench._true_nulls(design)
    for test, raw in _pair_pvalues(_tables(design, REPS, seed=5)).items():
        for method in MAIN_CORRECTIONS:
            worst = bench._adjusted(raw, method, design.k)[:, true_null].min(axis=1)
            assert_calibrated(worst, design, f"{test} + {method} FWER", lower=False)


# ------------------------------------------------------------------ the larger grid


@pytest.mark.slow
@pytest.mark.parametrize("design", [Design(n, k, instances=inst, ties=ties)
                                    for n in (10, 30, 100) for k in (3, 5, 10, 20)
                                    for inst, ties in (("small", False), ("huge", False), ("small", True))],
                         ids=lambda d: d.label)
def test_grid_of_default_rank_tests(design):
    """Per-pair size of the default rank post-hoc tests and size of the default omnibus tests.

    With 1,000 tables the Monte Carlo se of a per-pair rate is about 0.003, finer than the
    error of the normal approximations at N = 10 (the Friedman post-hoc rejects 6.0 % of
    pairs at N = 10, k = 5, with the default and the classic se alike), so the bound is issue 14's
    alpha + max(3 se, 0.015).
    """
    tables = _tables(design, 1000, seed=6)
    for test, p in _pair_pvalues(tables).items():
        assert_calibrated(p, design, f"posthoc {test}", slack=0.015)
    for name, p in bench._collect(tables, OMNIBUS).items():
        assert_calibrated(p, design, f"{name}()", slack=0.015)


@pytest.mark.slow
@pytest.mark.parametrize("design", [Design(30, 8), Design(30, 10, shift=(0,) * 5 + (3,) * 5),
                                    Design(30, 8, shift=(0, 0, 0, 0, 3, 3, 6, 6)), Design(10, 4, ties=True)],
                         ids=lambda d: d.label)
def test_grid_of_every_correction(design):
    tables = _tables(design, 1000, seed=7)
    true_null = bench._true_nulls(design)
    for test, raw in _pair_pvalues(tables).items():
        for method in bench.available_corrections(design.k):
            worst = bench._adjusted(raw, method, design.k)[:, true_null].min(axis=1)
            assert_calibrated(worst, design, f"{test} + {method} FWER", lower=False)


# ------------------------------------------------------------------ ties: sign test, Wilcoxon, Page (issue 28)


def assert_near_alpha(pvalues: np.ndarray, design: Design, what: str) -> None:
    """The issue's two-sided check: |size - alpha| <= max(0.015, 3 Monte Carlo se)."""
    rate, se = bench.rejection_rate(pvalues, ALPHA)
    bound = max(0.015, 3 * _mc_se(se, pvalues.shape[0]))
    assert abs(rate - ALPHA) <= bound, f"{what} on {design.label}: size {rate:.3f} not within {ALPHA} ± {bound:.3f}"


TWO_SAMPLE_TIES = Design(40, 2, ties=True)
TWO_SAMPLE_DEFAULTS = {
    "sign_test()": lambda x, y: ac.sign_test(x, y).pvalue,
    "wilcoxon()": lambda x, y: ac.wilcoxon(x, y).pvalue,
}


def _two_sample(tables: np.ndarray, test) -> np.ndarray:
    return np.array([test(t[:, 0], t[:, 1]) for t in tables])


@pytest.mark.parametrize("design", [TWO_SAMPLE_TIES, Design(40, 2, errors="exponential", ties=True),
                                    Design(40, 2, instances="small")], ids=lambda d: d.label)
def test_sign_and_wilcoxon_defaults_hold_alpha_with_competition_ties(design):
    tables = _tables(design, 1500, seed=28)
    for name, test in TWO_SAMPLE_DEFAULTS.items():
        assert_near_alpha(_two_sample(tables, test), design, name)


def test_wilcoxon_default_holds_alpha_with_few_non_zero_differences():
    """N = 20 with competition ties (about 8 non-zero differences): the exact conditional
    distribution is too coarse (size about 0.03, below the band), its mid-p value, which
    wilcoxon() takes by default where zeros or ties exist, holds alpha."""
    design = Design(20, 2, ties=True)
    tables = _tables(design, 1500, seed=30)
    assert_near_alpha(_two_sample(tables, lambda x, y: ac.wilcoxon(x, y).pvalue), design, "wilcoxon()")
    with pytest.raises(AssertionError, match="size"):
        assert_near_alpha(_two_sample(tables, lambda x, y: ac.wilcoxon(x, y, method="exact").pvalue), design,
                          "wilcoxon(method='exact')")


def test_the_check_detects_split_zeros_and_the_coarse_exact_sign_test():
    """Splitting the zeros never rejects on competition ties; the exact conditional binomial
    (zeros dropped) is valid but far below alpha at N = 40: both fail the two-sided check."""
    tables = _tables(TWO_SAMPLE_TIES, 1500, seed=28)
    for option in ({"zero_method": "split", "method": "exact"}, {"method": "exact"}):
        p = _two_sample(tables, lambda x, y, option=option: ac.sign_test(x, y, **option).pvalue)
        with pytest.raises(AssertionError, match="size"):
            assert_near_alpha(p, TWO_SAMPLE_TIES, f"sign_test({option})")


@pytest.mark.parametrize("design", [Design(40, 3, ties=True), Design(40, 5, ties=True), Design(30, 4)],
                         ids=lambda d: d.label)
def test_page_default_holds_alpha_with_competition_ties(design):
    tables = _tables(design, 1000, seed=29)
    assert_near_alpha(bench._collect(tables, {"page": lambda r: ac.page_trend(r).pvalue})["page"], design,
                      "page_trend()")


def test_the_check_detects_pages_untied_table_on_ties():
    design = Design(40, 3, ties=True)
    tables = _tables(design, 1000, seed=29)
    p = bench._collect(tables, {"page": lambda r: ac.page_trend(r, tie_correction=False).pvalue})["page"]
    with pytest.raises(AssertionError, match="size"):
        assert_near_alpha(p, design, "page_trend(tie_correction=False)")


# ------------------------------------------------------------------ what posthoc() warns about (issue 28)


def test_conover_is_liberal_under_partial_nulls_as_its_warning_says():
    """posthoc(test='conover') warns (posthoc/_cautions.py): per-pair size of the equal pairs
    well above alpha when other algorithms differ."""
    design = Design(30, 8, shift=(0, 0, 0, 0, 3, 3, 6, 6))
    with pytest.warns(UserWarning, match="conover"):
        raw = _pair_pvalues(_tables(design, 300, seed=30), tests=("conover",))["conover"]
    rate, se = bench.rejection_rate(raw[:, bench._true_nulls(design)], ALPHA)
    assert rate > ALPHA + 3 * _mc_se(se, raw.shape[0]), f"Conover per-pair size {rate:.3f}"


@pytest.mark.slow
def test_li_against_a_control_is_liberal_as_its_warning_says():
    """posthoc(control=..., p_adjust='li') warns: its FWER exceeds alpha (Holm's does not)."""
    design = Design(30, 10)
    tables = _tables(design, 2000, seed=31)
    raw = bench._collect(tables, {"f": lambda r: ac.posthoc(r, control=r.algorithms[0],
                                                            p_adjust="none").table["pvalue"].to_numpy()})["f"]
    li = np.array([ac.adjust_pvalues(row, "li").min() for row in raw])
    holm = np.array([ac.adjust_pvalues(row, "holm").min() for row in raw])
    li_rate, li_se = bench.rejection_rate(li, ALPHA)
    assert li_rate > ALPHA + 2 * li_se, f"Li FWER {li_rate:.3f}"
    assert_calibrated(holm, design, "Holm FWER against a control", lower=False)
