"""Null calibration of every p-value algocompare computes; writes benchmarks/results_calibration.md.

Each design simulates tables in which the algorithms are identical (or, for partial nulls and
power, some are shifted) and counts how often each public test rejects at alpha = 0.01, 0.05
and 0.10. The tests are called through the public API as a user would (``import algocompare
as ac``): one ``Results`` per simulated table, then each test on it.

Null model (``simulate``): value_ijr = mu_i + tau_i * g(e_ijr + shift_j), instances i,
algorithms j, runs r; e i.i.d. (normal, t3, Cauchy, lognormal or exponential); mu_i, tau_i the
random instance effect — "none" (mu = 0, tau = 1), "small" (mu ~ N(0, 1), tau = 1) or "huge"
(mu ~ N(0, 1000^2), log tau ~ N(0, 2^2): instances on scales a factor 50 apart); g the
identity for continuous data, or, for data with heavy ties, a floor at the instance's optimum
followed by rounding to a grid of 0.25 (the optimum is reached by each algorithm with a
per-instance probability drawn from Beta(3, 1), so 1/2 of the instances are fully tied at
k = 3 and 1/8 at k = 20). Data generation is vectorised over the replicates.

Not every test runs on the full cartesian grid; each family has its own design (see FAMILIES
and ``designs``): the omnibus and rank post-hoc tests on N in {5, 10, 30, 100} x k in {2 or 3,
5, 10, 20} with continuous and tied data, plus the error distributions at two (N, k); the
two-sample tests on N x errors x ties; Page, the multiple sign test and the permutation tests
on a few designs; the corrections of ``ac.adjust_pvalues`` on the raw p-values of the three
rank post-hoc tests under the complete null and partial nulls (FWER counts only true nulls).

Run: python benchmarks/bench_calibration.py [--quick] [--headline] [--jobs 2 | --dask ADDRESS] [--only FAMILY ...]
(``--quick``: a tenth of the replicates on a few designs, for a smoke run; ``--headline``:
only the designs of issue 14's table, e.g. to measure an older algocompare on PYTHONPATH).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import zlib
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

import algocompare as ac
from algocompare._parallel import map_ordered

ALPHAS = (0.01, 0.05, 0.10)
SEED = 20261124
HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results_calibration.md"
FIGURE = HERE.parent / "docs" / "_static" / "calibration.png"
ERRORS = ("normal", "t3", "cauchy", "lognormal", "exponential")
#: every correction of ac.adjust_pvalues; names the installed version lacks are skipped
CORRECTIONS = ("bonferroni", "holm", "hochberg", "hommel", "holland", "finner", "li", "rom",
               "rom_stepdown", "nemenyi", "shaffer", "shaffer_dynamic", "bergmann")
#: exhaustive-set corrections are run for k <= this (their cost grows as Bell(k))
MAX_K_EXHAUSTIVE = 8
TIE_GRID = 0.25
OPTIMUM_BETA = 3.0


# --------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Design:
    """One simulated setting: N instances x k algorithms (x runs)."""

    n: int
    k: int
    errors: str = "normal"
    instances: str = "huge"
    ties: bool = False
    runs: int = 1
    #: per-algorithm shift in error units; () is the complete null
    shift: tuple = ()

    @property
    def shifts(self) -> np.ndarray:
        return np.zeros(self.k) if not self.shift else np.asarray(self.shift, dtype=float)

    @property
    def label(self) -> str:
        text = f"N={self.n} k={self.k} {self.errors} inst={self.instances} {'ties' if self.ties else 'cont'}"
        if self.runs > 1:
            text += f" runs={self.runs}"
        if self.shift:
            text += " shift=(" + ",".join(f"{s:g}" for s in self.shift) + ")"
        return text


def _errors(rng: np.random.Generator, kind: str, size: tuple) -> np.ndarray:
    draw = {
        "normal": lambda: rng.standard_normal(size),
        "t3": lambda: rng.standard_t(3, size),
        "cauchy": lambda: rng.standard_cauchy(size),
        "lognormal": lambda: rng.lognormal(0.0, 1.0, size),
        "exponential": lambda: rng.exponential(1.0, size),
    }
    if kind not in draw:
        raise ValueError(f"errors must be one of {ERRORS}, got {kind!r}")
    return draw[kind]()


def _quantile(kind: str, q: np.ndarray) -> np.ndarray:
    dist = {"normal": stats.norm, "t3": stats.t(3), "cauchy": stats.cauchy,
            "lognormal": stats.lognorm(1.0), "exponential": stats.expon}[kind]
    return dist.ppf(q)


def _instance_effects(rng: np.random.Generator, kind: str, size: tuple) -> tuple[np.ndarray, np.ndarray]:
    if kind == "none":
        return np.zeros(size), np.ones(size)
    if kind == "small":
        return rng.standard_normal(size), np.ones(size)
    if kind == "huge":
        return 1000.0 * rng.standard_normal(size), np.exp(2.0 * rng.standard_normal(size))
    raise ValueError(f"instances must be 'none', 'small' or 'huge', got {kind!r}")


def simulate(design: Design, reps: int, rng: np.random.Generator) -> np.ndarray:
    """``reps`` tables, shape (reps, N, k) or (reps, N, k, runs) when ``design.runs > 1``."""
    shape = (reps, design.n, design.k, design.runs)
    noise = _errors(rng, design.errors, shape) + design.shifts[None, None, :, None]
    mu, tau = _instance_effects(rng, design.instances, (reps, design.n, 1, 1))
    if design.ties:
        # each instance's optimum is reached with probability p_i ~ Beta(3, 1) per cell
        reached = rng.beta(OPTIMUM_BETA, 1.0, (reps, design.n, 1, 1))
        above = np.maximum(noise - _quantile(design.errors, reached), 0.0)
        noise = TIE_GRID * np.round(above / TIE_GRID)
    values = mu + tau * noise
    return values if design.runs > 1 else values[..., 0]


def design_rng(family: str, design: Design) -> np.random.Generator:
    """A generator fixed by the design alone (results do not depend on scheduling)."""
    return np.random.default_rng([SEED, zlib.crc32(f"{family}|{design}".encode())])


def fully_tied_share(tables: np.ndarray) -> float:
    """Fraction of instances whose k values are all equal (over all replicates)."""
    flat = tables if tables.ndim == 3 else tables.mean(axis=-1)
    return float(np.mean(np.ptp(flat, axis=-1) == 0.0))


# --------------------------------------------------------------------------- rates


def rejection_rate(pvalues: np.ndarray, alpha: float) -> tuple[float, float]:
    """Rate of p <= alpha and its Monte Carlo standard error.

    ``pvalues`` is (reps,) for one test per table, or (reps, m) for m hypotheses per table:
    then the rate is the mean per-table fraction and its se the sd of those fractions over
    sqrt(reps) (the m hypotheses of one table are correlated). NaN counts as no rejection.
    """
    hits = np.asarray(pvalues <= alpha, dtype=float)
    per_table = hits if hits.ndim == 1 else hits.mean(axis=1)
    reps = per_table.size
    rate = float(per_table.mean())
    if hits.ndim == 1:
        return rate, float(np.sqrt(rate * (1.0 - rate) / reps))
    return rate, float(per_table.std(ddof=1) / np.sqrt(reps))


def flag(rate: float, se: float, alpha: float, reps: int) -> str:
    """'HIGH' above alpha + max(3 se, 0.015) (the issue's tolerance); 'high' above alpha + 3 se;
    'low' below alpha - 3 se. The se is never taken below the binomial se at alpha."""
    se = max(se, np.sqrt(alpha * (1.0 - alpha) / reps))
    if rate > alpha + max(3.0 * se, 0.015):
        return "HIGH"
    if rate > alpha + 3.0 * se:
        return "high"
    if rate < alpha - 3.0 * se:
        return "low"
    return ""


@dataclass
class Row:
    """One line of the results: a rate at the three alphas."""

    family: str
    design: Design
    test: str
    option: str
    measure: str  # "size", "per-pair size", "FWER", "per-pair power", ...
    rates: dict
    reps: int
    note: str = ""

    def flags(self) -> dict:
        if "power" in self.measure:
            return {alpha: "" for alpha in self.rates}
        return {alpha: flag(rate, se, alpha, self.reps) for alpha, (rate, se) in self.rates.items()}


def rows_from_pvalues(family: str, design: Design, test: str, option: str, measure: str,
                      pvalues: np.ndarray, note: str = "") -> Row:
    rates = {alpha: rejection_rate(pvalues, alpha) for alpha in ALPHAS}
    return Row(family, design, test, option, measure, rates, int(pvalues.shape[0]), note)


def _collect(tables: np.ndarray, tests: dict) -> dict:
    """p-values (a scalar or a vector per table) of each test on each table, stacked over the
    tables; a table on which a test raises gives NaN (no rejection)."""
    out: dict = {name: [] for name in tests}
    for table in tables:
        results = ac.Results.from_array(table)
        for name, test in tests.items():
            try:
                out[name].append(np.asarray(test(results), dtype=float))
            except (ValueError, ZeroDivisionError, FloatingPointError):
                out[name].append(None)
    return {name: _stack(values) for name, values in out.items()}


def _stack(values: list) -> np.ndarray:
    shape = next((v.shape for v in values if v is not None), ())
    return np.stack([np.full(shape, np.nan) if v is None else v for v in values])


def _nan_note(pvalues: np.ndarray) -> str:
    share = float(np.mean(np.isnan(pvalues)))
    return f"{share:.0%} undefined (no rejection)" if share > 0 else ""


# --------------------------------------------------------------------------- omnibus


#: the rows of ac.omnibus(...).to_frame() that are rank tests, in its order
OMNIBUS_ROWS = ("friedman", "iman_davenport", "aligned_ranks", "quade")


def omnibus_tests(design: Design) -> dict[str, Callable]:
    """(test, option) -> p-value, for the omnibus tests; RM-ANOVA only under its assumptions."""
    tests = {
        ("friedman", "default"): lambda r: ac.friedman(r).pvalue,
        ("friedman", "tie_correction=False"): lambda r: ac.friedman(r, tie_correction=False).pvalue,
        ("iman_davenport", "default"): lambda r: ac.iman_davenport(r).pvalue,
        ("iman_davenport", "tie_correction=False"): lambda r: ac.iman_davenport(r, tie_correction=False).pvalue,
        ("aligned_ranks", "default"): lambda r: ac.aligned_ranks(r).pvalue,
        ("quade", "default"): lambda r: ac.quade(r).pvalue,
        ("quade", "tie_correction=False"): lambda r: ac.quade(r, tie_correction=False).pvalue,
        ("omnibus()", "default"): lambda r: ac.omnibus(r).to_frame()["pvalue"].to_numpy()[:4],
    }
    if design.errors == "normal" and design.instances != "huge" and not design.ties:
        tests[("rm_anova", "default")] = lambda r: ac.rm_anova(r).pvalue
        tests[("rm_anova", "Greenhouse-Geisser")] = lambda r: ac.rm_anova(r).pvalue_gg
    return tests


def run_omnibus(design: Design, reps: int) -> list[Row]:
    tables = simulate(design, reps, design_rng("omnibus", design))
    pvalues = _collect(tables, omnibus_tests(design))
    rows = []
    for (test, option), p in pvalues.items():
        if test == "omnibus()":  # its four rank tests, each with omnibus()'s default options
            rows += [rows_from_pvalues("omnibus", design, f"omnibus(): {name}", option, "size", p[:, j], _nan_note(p[:, j]))
                     for j, name in enumerate(OMNIBUS_ROWS)]
        else:
            rows.append(rows_from_pvalues("omnibus", design, test, option, "size", p, _nan_note(p)))
    return rows


# --------------------------------------------------------------------------- post-hoc


@cache
def _has_se_option() -> bool:
    try:
        ac.posthoc(np.arange(6.0).reshape(3, 2), se="classic", p_adjust="none")
    except TypeError:
        return False
    return True


def posthoc_tests(design: Design) -> dict[tuple, Callable]:
    """(test, option) -> raw p-values of all pairs (row-major upper triangle)."""
    def raw(test: str, **options) -> Callable:
        return lambda r: ac.posthoc(r, test=test, p_adjust="none", **options).table["pvalue"].to_numpy()

    se_options = (("default", {}), ("se='classic'", {"se": "classic"})) if _has_se_option() else (("default", {}),)
    tests = {}
    for test in ("friedman", "aligned_ranks", "quade"):
        for option, kwargs in se_options:
            tests[(test, option)] = raw(test, **kwargs)
    for option, kwargs in se_options:  # Nemenyi is a family procedure: its p-values are adjusted
        tests[("nemenyi", option)] = (lambda kw: lambda r: ac.posthoc(r, test="nemenyi", **kw)
                                      .table["pvalue_adj"].to_numpy())(kwargs)
    exact_options = {"ties": "midranks"} if design.ties else {}
    tests[("friedman_exact", "ties='midranks'" if design.ties else "default")] = raw("friedman_exact", **exact_options)
    tests[("conover", "default")] = raw("conover")
    if design.k <= 5:
        tests[("wilcoxon", "default")] = raw("wilcoxon")
    return tests


@cache
def available_corrections(k: int) -> tuple[str, ...]:
    names = []
    for name in CORRECTIONS:
        if name in ("shaffer_dynamic", "bergmann") and k > MAX_K_EXHAUSTIVE:
            continue
        try:
            ac.adjust_pvalues(np.full(3, 0.5), name, k=3)
        except ValueError:
            continue  # not in this version (e.g. rom_stepdown before issue 14)
        names.append(name)
    return tuple(names)


def _adjusted(pvalues: np.ndarray, method: str, k: int) -> np.ndarray:
    """APVs of every table's family (rows of ``pvalues``); NaN rows stay NaN."""
    out = np.full_like(pvalues, np.nan)
    for i, row in enumerate(pvalues):
        if not np.isnan(row).any():
            out[i] = ac.adjust_pvalues(row, method, k=k) if method == "nemenyi" else ac.adjust_pvalues(row, method)
    return out


def _true_nulls(design: Design) -> np.ndarray:
    a, b = np.triu_indices(design.k, 1)
    return design.shifts[a] == design.shifts[b]


def _fwer_rows(design: Design, test: str, option: str, raw: np.ndarray, methods: Iterable[str]) -> list[Row]:
    """FWER (any true null rejected) and per-pair power of each correction."""
    true_null = _true_nulls(design)
    rows = []
    for method in methods:
        adjusted = _adjusted(raw, method, design.k)
        if true_null.any():  # FWER: a table counts when its smallest true-null APV is <= alpha
            worst = adjusted[:, true_null].min(axis=1)  # NaN rows stay NaN: no rejection
            rows.append(rows_from_pvalues("corrections", design, test, f"{option}, {method}", "FWER", worst))
        if (~true_null).any():
            rows.append(rows_from_pvalues("corrections", design, test, f"{option}, {method}",
                                          "per-pair power", adjusted[:, ~true_null]))
    return rows


def _control_rows(design: Design, raw: np.ndarray, methods: Iterable[str]) -> list[Row]:
    """FWER of the family corrections on the k - 1 comparisons with algorithm 0."""
    control = raw[:, : design.k - 1]  # pairs (0, 1), ..., (0, k-1) lead the upper triangle
    rows = []
    for method in methods:
        if method in ("nemenyi", "shaffer", "shaffer_dynamic", "bergmann"):
            continue
        adjusted = np.vstack([ac.adjust_pvalues(row, method) for row in control])
        rows.append(rows_from_pvalues("corrections", design, "friedman", f"control, {method}", "FWER",
                                      adjusted.min(axis=1)))
    return rows


def run_posthoc(design: Design, reps: int, corrections: bool = False) -> list[Row]:
    """Per-pair size (true nulls) and power (false nulls) of every post-hoc test; with
    ``corrections`` also the FWER of every correction on the three default rank tests."""
    tables = simulate(design, reps, design_rng("posthoc", design))
    pvalues = _collect(tables, posthoc_tests(design))
    true_null = _true_nulls(design)
    rows = []
    for (test, option), p in pvalues.items():
        if p.ndim == 1:  # every table failed: one NaN each
            p = np.full((reps, true_null.size), np.nan)
        note = _nan_note(p)
        if test == "nemenyi":
            rows.append(rows_from_pvalues("posthoc", design, test, option, "FWER",
                                          np.nanmin(np.where(true_null, p, np.inf), axis=1), note))
            continue
        if true_null.any():
            rows.append(rows_from_pvalues("posthoc", design, test, option, "per-pair size", p[:, true_null], note))
        if (~true_null).any():
            rows.append(rows_from_pvalues("posthoc", design, test, option, "per-pair power", p[:, ~true_null], note))
        if corrections and option == "default" and test in ("friedman", "aligned_ranks", "quade"):
            rows += _fwer_rows(design, test, option, p, available_corrections(design.k))
            if test == "friedman" and not design.shift:
                rows += _control_rows(design, p, available_corrections(design.k))
        elif corrections and true_null.any():
            rows += _fwer_rows(design, test, option, p, ("holm",))
    return rows


# --------------------------------------------------------------------------- other tests


def run_pairwise(design: Design, reps: int) -> list[Row]:
    """The two-sample tests on column 0 vs column 1; the rank-sum test only on independent
    samples (no instance effect), its assumption."""
    tables = simulate(design, reps, design_rng("pairwise", design))
    tests = {
        ("sign_test", "default"): lambda x, y: ac.sign_test(x, y).pvalue,
        ("wilcoxon", "default"): lambda x, y: ac.wilcoxon(x, y).pvalue,
        ("paired_ttest", "default"): lambda x, y: ac.paired_ttest(x, y).pvalue,
    }
    if _has_issue28_options():  # the former defaults and the mid-p Wilcoxon, kept as options (issue 28)
        tests[("sign_test", "zero_method='split', method='exact'")] = \
            lambda x, y: ac.sign_test(x, y, zero_method="split", method="exact").pvalue
        tests[("sign_test", "method='exact'")] = lambda x, y: ac.sign_test(x, y, method="exact").pvalue
        tests[("wilcoxon", "zero_method='split'")] = lambda x, y: ac.wilcoxon(x, y, zero_method="split").pvalue
        tests[("wilcoxon", "method='midp'")] = lambda x, y: ac.wilcoxon(x, y, method="midp").pvalue
    if design.instances == "none":
        tests[("rank_sum", "default")] = lambda x, y: ac.rank_sum(x, y).pvalue
    rows = []
    for (name, option), test in tests.items():
        p = np.array([_safe(test, table[:, 0], table[:, 1]) for table in tables])
        rows.append(rows_from_pvalues("pairwise", design, name, option, "size", p, _nan_note(p)))
    return rows


@cache
def _has_issue28_options() -> bool:
    """Whether the installed algocompare has issue 28's options (sign_test(method=), Page's tie_correction)."""
    try:
        ac.sign_test([1.0, 2.0], [0.0, 0.0], method="exact")
    except TypeError:
        return False
    return True


def _safe(test: Callable, *args) -> float:
    try:
        return float(test(*args))
    except (ValueError, ZeroDivisionError, FloatingPointError):
        return np.nan


def run_page(design: Design, reps: int) -> list[Row]:
    tables = simulate(design, reps, design_rng("page", design))
    tests = {"default (method='auto')": lambda r: ac.page_trend(r).pvalue}
    if _has_issue28_options():  # Page's untied table and variance, the default before issue 28
        tests["tie_correction=False"] = lambda r: ac.page_trend(r, tie_correction=False).pvalue
    return [rows_from_pvalues("page", design, "page_trend", option, "size", p, _nan_note(p))
            for option, p in _collect(tables, tests).items()]


def run_multiple_sign(design: Design, reps: int, n_resamples: int = 499) -> list[Row]:
    """Rhyne-Steel multiple sign test with a fixed control (algorithm 0): FWER of its
    single-step APVs and the per-comparison size of the marginal exact p-values."""
    tables = simulate(design, reps, design_rng("multiple_sign", design))
    rng = design_rng("multiple_sign_resampling", design)
    adjusted, marginal = [], []
    for table in tables:
        frame = ac.multiple_sign_test(ac.Results.from_array(table), control=0, n_resamples=n_resamples,
                                      rng=rng).table
        adjusted.append(frame["pvalue_adj"].min())
        marginal.append(frame["pvalue"].to_numpy())
    option = f"control=0, control-better, n_resamples={n_resamples}"
    return [rows_from_pvalues("multiple_sign", design, "multiple_sign_test", option, "FWER", np.array(adjusted)),
            rows_from_pvalues("multiple_sign", design, "multiple_sign_test", option, "per-comparison size",
                              np.array(marginal))]


def run_permutation(design: Design, reps: int, n_resamples: int = 199) -> list[Row]:
    """Permutation tests with a small Monte Carlo B: Design 1 on a blocks table, synchronized
    permutations (constrained, unconstrained) on runs; with their parametric F p-values."""
    tables = simulate(design, reps, design_rng("permutation", design))
    rng = design_rng("permutation_resampling", design)
    mc = {"method": "monte_carlo", "n_resamples": n_resamples, "rng": rng}
    if design.runs == 1:
        tests = {("permutation_test", f"blocks (Design 1), B={n_resamples}"): lambda r: ac.permutation_test(r, **mc)}
    else:
        tests = {
            ("permutation_test", f"runs, constrained, B={n_resamples}"):
                lambda r: ac.permutation_test(r, variant="constrained", **mc),
            ("permutation_test", f"runs, unconstrained, B={n_resamples}"):
                lambda r: ac.permutation_test(r, variant="unconstrained", **mc),
        }
    rows = []
    for (test, option), call in tests.items():
        results = [call(ac.Results.from_array(table)) for table in tables]
        rows.append(rows_from_pvalues("permutation", design, test, option, "size",
                                      np.array([r.pvalue for r in results], dtype=float)))
        rows.append(rows_from_pvalues("permutation", design, test, option + ": parametric F", "size",
                                      np.array([r.f_pvalue for r in results], dtype=float)))
    return rows


# --------------------------------------------------------------------------- designs


def designs(quick: bool) -> list[tuple[str, Design, dict]]:
    """(family, design, options) of the whole study; ``quick`` keeps a few of each family."""
    out: list[tuple[str, Design, dict]] = []
    grid_n = (10, 30) if quick else (5, 10, 30, 100)
    grid_k = (3, 5) if quick else (2, 3, 5, 10, 20)
    two_nk = ((10, 5),) if quick else ((10, 5), (30, 10))
    for ties in (False, True):  # omnibus: the N x k grid, continuous and tied
        out += [("omnibus", Design(n, k, ties=ties), {}) for n in grid_n for k in grid_k]
    out += [("omnibus", Design(n, k, instances="small"), {}) for n in grid_n for k in grid_k if k > 2]
    for n, k in two_nk:  # omnibus: error distributions
        out += [("omnibus", Design(n, k, errors=e, ties=t), {}) for e in ERRORS[1:] for t in (False, True)]
    for ties in (False, True):  # post-hoc: the grid (k >= 3), the issue's instance effect
        out += [("posthoc", Design(n, k, instances="small", ties=ties), {}) for n in grid_n for k in grid_k if k > 2]
    for n, k in two_nk:  # post-hoc: heteroscedastic instances and the error distributions
        out += [("posthoc", Design(n, k, errors=e), {}) for e in ERRORS]
    out += corrections_designs(quick)
    out += [item for item in headline_designs() if item not in out]
    out += power_designs(quick)
    for n in grid_n:  # two-sample tests
        out += [("pairwise", Design(n, 2, errors=e, ties=t), {}) for e in ERRORS for t in (False, True)]
        out += [("pairwise", Design(n, 2, errors=e, instances="none", ties=t), {})
                for e in ("normal", "lognormal") for t in (False, True)]
    out += [("page", Design(n, k, ties=t), {}) for n in grid_n for k in (3, 5, 10) for t in (False, True)
            if not (quick and k == 10)]
    out += [("multiple_sign", Design(n, k), {}) for n in (10, 30) for k in ((3, 5) if quick else (3, 5, 10))]
    permutation = [Design(10, 3), Design(30, 5, errors="lognormal"), Design(5, 3, runs=5),
                   Design(10, 5, errors="lognormal", runs=5)]
    out += [("permutation", d, {}) for d in (permutation[::2] if quick else permutation)]
    return out


def corrections_designs(quick: bool) -> list[tuple[str, Design, dict]]:
    """Complete and partial nulls (shift 3 error units) for the FWER of every correction."""
    complete = [(10, 3), (30, 5), (30, 8), (30, 10), (30, 20)]
    partial = [(30, (0, 0, 0, 0, 3)), (30, (0, 0, 0, 3, 3)), (30, (0, 0, 0, 0, 3, 3, 6, 6)),
               (30, (0,) * 5 + (3,) * 5), (30, (0,) * 10 + (3,) * 10)]
    if quick:
        complete, partial = complete[:2], partial[1:2]
    out = [("posthoc", Design(n, k), {"corrections": True}) for n, k in complete]
    out += [("posthoc", Design(n, len(s), shift=s), {"corrections": True}) for n, s in partial]
    if not quick:
        out.append(("posthoc", Design(30, 5, ties=True), {"corrections": True}))
    return out


def headline_designs() -> list[tuple[str, Design, dict]]:
    """The designs of issue 14's table (additive instance effect, normal errors) and its
    tied-data claim; ``--headline`` runs only these (e.g. against an older algocompare)."""
    out = [("posthoc", Design(n, k, instances="small"), {}) for n, k in ((10, 3), (30, 5), (29, 14))]
    out += [("posthoc", Design(n, k, instances="small"), {"corrections": True}) for n, k in ((30, 5), (29, 9))]
    out += [("omnibus", Design(n, k, ties=True), {}) for n, k in ((10, 3), (30, 5), (29, 14))]
    return out


def power_designs(quick: bool) -> list[tuple[str, Design, dict]]:
    """A shift alternative (linear in the algorithm index) for the power of the post-hoc tests."""
    shift = (0.0, 0.2, 0.4, 0.6, 0.8)
    cases = [Design(30, 5, shift=shift), Design(30, 5, errors="lognormal", shift=shift),
             Design(30, 5, ties=True, shift=shift), Design(10, 5, shift=tuple(2 * s for s in shift))]
    return [("posthoc", d, {"corrections": True}) for d in (cases[:1] if quick else cases)]


RUNNERS: dict[str, Callable[..., list[Row]]] = {
    "omnibus": run_omnibus, "posthoc": run_posthoc, "pairwise": run_pairwise, "page": run_page,
    "multiple_sign": run_multiple_sign, "permutation": run_permutation,
}
#: replicates per design of each family (full run); --quick uses a tenth
REPS = {"omnibus": 1000, "posthoc": 500, "pairwise": 2000, "page": 1000, "multiple_sign": 300,
        "permutation": 300}


def _run_one(task: tuple) -> tuple[list[Row], float]:
    family, design, options, reps = task
    start = time.process_time()  # CPU time: what the run costs whatever else loads the machine
    rows = RUNNERS[family](design, reps, **options)
    elapsed = time.process_time() - start
    print(f"{family:14s} {design.label}: {elapsed:.1f} CPU s", file=sys.stderr, flush=True)
    note = f"fully tied instances {fully_tied_share(simulate(design, 50, design_rng('ties', design))):.0%}"
    if design.ties:
        for row in rows:
            row.note = "; ".join(part for part in (note, row.note) if part)
    return rows, elapsed


def run(quick: bool = False, executor: Any = None, only: Iterable[str] | None = None,
        headline: bool = False) -> tuple[list[Row], dict]:
    """Every design's rows and the CPU seconds spent per family.

    ``executor`` as everywhere in the package (``algocompare._parallel``): None runs here,
    or a ``concurrent.futures`` executor or a ``dask.distributed.Client``. Every design has
    its own seed (``design_rng``), so the rows are identical on 1 or N workers."""
    factor = 10 if quick else 1
    chosen = headline_designs() if headline else designs(quick)
    tasks = [(family, design, options, max(REPS[family] // factor, 30))
             for family, design, options in chosen if not only or family in only]
    # the costliest families first so that the pool's last tasks are short
    tasks.sort(key=lambda t: (t[0] != "posthoc", t[0] != "omnibus"))
    seconds: dict[str, float] = {}
    rows: list[Row] = []
    outputs = map_ordered(_run_one, tasks, executor=executor)
    for (family, *_), (task_rows, elapsed) in zip(tasks, outputs, strict=False):
        rows += task_rows
        seconds[family] = seconds.get(family, 0.0) + elapsed
    return rows, seconds


# --------------------------------------------------------------------------- report


def _cell(row: Row, alpha: float) -> str:
    rate, se = row.rates[alpha]
    mark = row.flags()[alpha]
    return f"{rate:.3f} ({se:.3f})" + (f" **{mark}**" if mark else "")


def table(rows: list[Row]) -> list[str]:
    lines = ["| design | test | option | measure | reps | alpha 0.01 | alpha 0.05 | alpha 0.10 | note |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        cells = " | ".join(_cell(row, alpha) for alpha in ALPHAS)
        lines.append(f"| {row.design.label} | {row.test} | {row.option} | {row.measure} | {row.reps} | {cells} | {row.note} |")
    return lines


SECTIONS = {
    "omnibus": "Omnibus tests (size)",
    "posthoc": "Post-hoc tests (per-pair size on true nulls, per-pair power on false nulls, Nemenyi FWER)",
    "corrections": "Corrections of `ac.adjust_pvalues` (FWER over true nulls; per-pair power)",
    "pairwise": "Two-sample tests (size)",
    "page": "Page's trend test (size)",
    "multiple_sign": "Multiple sign test (size)",
    "permutation": "Permutation tests (size)",
}


def summary(rows: list[Row], alpha: float = 0.05, min_n: int = 10) -> list[str]:
    """Range of each (test, option, measure) at ``alpha`` over the designs with N >= ``min_n``,
    separately for continuous / tied data and complete / partial nulls."""
    groups: dict[tuple, list] = {}
    for row in rows:
        if row.design.n < min_n:
            continue
        kind = ("ties" if row.design.ties else "continuous") + (
            ", shift" if row.design.shift else "")
        key = (SECTIONS[row.family].split(" (")[0], row.test, row.option, row.measure, kind)
        groups.setdefault(key, []).append(row.rates[alpha][0])
    lines = ["| family | test | option | measure | data | designs | min | max |",
             "|---|---|---|---|---|---|---|---|"]
    for (family, test, option, measure, kind), rates in groups.items():
        lines.append(f"| {family} | {test} | {option} | {measure} | {kind} | {len(rates)} | "
                     f"{min(rates):.3f} | {max(rates):.3f} |")
    return lines


def write_markdown(rows: list[Row], seconds: dict, quick: bool, jobs: int, path: Path = RESULTS) -> None:
    total = sum(seconds.values())
    lines = [
        "# Calibration: size, family-wise error and power of every test", "",
        "Written by `python benchmarks/bench_calibration.py" + (" --quick" if quick else "") + "` "
        f"({platform.machine()}, Python {platform.python_version()}, algocompare {ac.__version__}, "
        f"{jobs} worker process(es); {total / 60:.1f} CPU-minutes of simulation, i.e. "
        f"{total / 60 / max(jobs, 1):.1f} minutes on {jobs} otherwise idle core(s)). "
        "Method and null model: the module docstring of the script and the docs' Validation page.", "",
        "Each cell: rejection rate (Monte Carlo standard error). Flags: **HIGH** above "
        "alpha + max(3 se, 0.015), **high** above alpha + 3 se, **low** below alpha - 3 se "
        "(se never below the binomial se at alpha). 'per-pair' rates average over the true-null "
        "(size) or false-null (power) pairs of each table; their se comes from the per-table "
        "fractions. FWER = probability that at least one true null is rejected. Power rows are "
        "not flagged.", "",
        "CPU seconds per family: " + ", ".join(f"{family} {value:.0f}" for family, value in seconds.items()) + ".", "",
    ]
    bad = [row for row in rows if "HIGH" in row.flags().values()
           and (row.option.startswith(("default", "control")) or "default," in row.option)]
    lines += ["## Default options flagged HIGH", ""]
    lines += table(bad) if bad else ["None."]
    lines += ["", "## Summary at alpha = 0.05 (designs with N >= 10)", "",
              "Smallest and largest rate over the designs of each row (power rows: power; "
              "'shift' = partial nulls and alternatives). The tables below give every design.", ""]
    lines += summary(rows) + [""]
    for family, title in SECTIONS.items():
        selected = [row for row in rows if row.family == family]
        if selected:
            lines += [f"## {title}", ""] + table(selected) + [""]
    path.write_text("\n".join(lines))


def figure(rows: list[Row], path: Path = FIGURE) -> None:
    """Size against k (N = 30, normal errors): rank post-hoc tests per pair (continuous data,
    additive instance effect) and omnibus tests on tied data (heteroscedastic instances),
    default options vs the classic / untied conventions."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    alpha = 0.05
    panels = [("posthoc", t, "per-pair size", False, "small", "se='classic'")
              for t in ("friedman", "aligned_ranks", "quade")]
    panels += [("omnibus", t, "size", True, "huge", "tie_correction=False")
               for t in ("friedman", "iman_davenport", "quade")]
    fig, axes = plt.subplots(2, 3, figsize=(11, 6.5), sharex=True)
    reps = REPS["posthoc"]
    for ax, (family, test, measure, ties, instances, old) in zip(axes.ravel(), panels, strict=False):
        for option, style in (("default", "o-"), (old, "s--")):
            points = sorted((row.design.k, row.rates[alpha], row.reps) for row in rows
                            if row.family == family and row.test == test and row.option == option
                            and row.measure == measure and row.design.ties == ties and row.design.n == 30
                            and row.design.errors == "normal" and row.design.instances == instances
                            and not row.design.shift)
            if not points:
                continue
            ks = np.array([p[0] for p in points])
            rate = np.array([p[1][0] for p in points])
            se = np.array([p[1][1] for p in points])
            ax.errorbar(ks, rate, yerr=3 * se, fmt=style, capsize=3, label=option)
            reps = points[0][2]
        band = 3 * np.sqrt(alpha * (1 - alpha) / reps)
        ax.axhline(alpha, color="black", lw=0.8)
        ax.axhspan(alpha - band, alpha + band, color="grey", alpha=0.2, lw=0)
        ax.set_title(f"{test} {'post-hoc, per pair' if family == 'posthoc' else 'omnibus, heavy ties'}",
                     fontsize=10)
        ax.set_xscale("log")
        ax.minorticks_off()
        ax.set_xticks([2, 3, 5, 10, 20], labels=["2", "3", "5", "10", "20"])
        ax.legend(fontsize=8)
    for ax in axes[1]:
        ax.set_xlabel("k algorithms (N = 30 instances)")
    for ax in axes[:, 0]:
        ax.set_ylabel("rejection rate at alpha = 0.05")
    fig.suptitle("Size under the null: default vs the classic convention "
                 "(bars: ± 3 MC se; band: alpha ± 3 binomial se)",
                 fontsize=11)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the replicates on a few designs")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="worker processes")
    parser.add_argument("--dask", metavar="ADDRESS", help="run the designs on this dask.distributed scheduler")
    parser.add_argument("--headline", action="store_true", help="only the designs of issue 14's table")
    parser.add_argument("--only", nargs="*", choices=sorted(RUNNERS), help="run these families only")
    parser.add_argument("--output", type=Path, default=RESULTS, help="markdown file to write")
    parser.add_argument("--figure", default=str(FIGURE), help="PNG figure to write ('' for none)")
    args = parser.parse_args(argv)
    if not _has_se_option():
        print("note: this algocompare has no posthoc(se=...) option; only the default standard error "
              "of the rank post-hoc tests is measured.", file=sys.stderr)
    start = time.perf_counter()
    if args.dask:
        from dask.distributed import Client

        with Client(args.dask) as client:
            rows, seconds = run(quick=args.quick, executor=client, only=args.only, headline=args.headline)
        workers = f"the Dask cluster at {args.dask}"
    elif args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows, seconds = run(quick=args.quick, executor=pool, only=args.only, headline=args.headline)
        workers = f"{args.jobs} worker process(es)"
    else:
        rows, seconds = run(quick=args.quick, only=args.only, headline=args.headline)
        workers = "1 worker process"
    wall = time.perf_counter() - start
    write_markdown(rows, seconds, args.quick, args.jobs, args.output)
    with args.output.open("a") as out:
        out.write(f"\nWall-clock time of this run: {wall / 60:.1f} min with {workers}.\n")
    if args.figure:
        figure(rows, Path(args.figure))
    print(f"{len(rows)} rows in {wall:.0f} s -> {args.output}")


if __name__ == "__main__":
    main()
