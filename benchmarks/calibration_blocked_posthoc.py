"""Null calibration of the blocked post-hoc tests of issue 28 (Miller, Siegel–Castellan, the
Friedman many-to-one with Dunnett's single step, paired t, Tukey, Dunnett) on the calibration grid.

For each design of ``benchmarks/bench_calibration.py`` (complete nulls and partial nulls with
``shift=``) and each test with its default adjustment, through :func:`algocompare.posthoc` itself:

* per-pair size: the share of true-null pairs whose raw p-value is <= alpha (not for Miller,
  whose p-value is already simultaneous);
* FWER: the share of tables in which a true-null pair is rejected (adjusted p <= alpha).

The many-to-one tests compare the first algorithm (shift 0) with the others. The rates, their
Monte Carlo standard errors and a flag go to ``docs/validation.md`` (section "Blocked post-hoc
tests"). Run: ``nice -n 10 python3 benchmarks/calibration_blocked_posthoc.py [reps]`` (default
1,000 tables per design; about 2 CPU-minutes).
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

import algocompare as ac
from algocompare.posthoc._dunnett import dunnett_sf
from algocompare.posthoc._parametric import studentized_range_p

_PATH = Path(__file__).resolve().parent / "bench_calibration.py"
_spec = importlib.util.spec_from_file_location("bench_calibration", _PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench
_spec.loader.exec_module(bench)
Design = bench.Design

ALPHA = 0.05
#: (key, control?) with each test's default adjustment
TESTS = (("miller", False), ("siegel", False), ("paired_t", False), ("tukey", False),
         ("friedman_dunnett", True), ("dunnett", True))
DESIGNS = (
    Design(10, 4, instances="small"),
    Design(30, 5, instances="small"),
    Design(30, 8, errors="t3", instances="huge"),
    Design(20, 5, instances="small", ties=True),
    Design(40, 10, instances="small", ties=True),
    Design(30, 5, instances="small", shift=(0, 0, 0, 3, 3)),
    Design(30, 6, instances="small", shift=(0, 0, 0, 1, 1, 1)),
    Design(30, 7, errors="t3", shift=(0, 0, 0, 0, 2, 2, 4)),
)


def true_nulls(design: Design, control: bool) -> np.ndarray:
    """Which pairs of ``posthoc``'s table are true nulls (equal shifts)."""
    shifts = design.shifts
    if control:
        return shifts[1:] == shifts[0]
    a, b = np.triu_indices(design.k, 1)
    return shifts[a] == shifts[b]


def _single_step(test: str, statistic: np.ndarray, n: int, k: int) -> np.ndarray:
    """The single step of the parametric tests: the same functions ``posthoc`` calls."""
    df = (n - 1) * (k - 1)
    return studentized_range_p(statistic, k, df) if test == "tukey" else dunnett_sf(statistic, k - 1, df)


def rates(tables: np.ndarray, design: Design, test: str, control: bool) -> dict:
    """Per-pair size and FWER (each with its Monte Carlo se) of ``test`` on ``tables``.

    The single steps of Tukey and Dunnett are monotone in |t|: the smallest adjusted p-value of
    the true nulls is the single step of their largest |t|, computed once per table (scipy's
    studentized range takes ~7 ms a value); every other test runs with its default adjustment.
    """
    null = true_nulls(design, control)
    raw, worst = [], []
    for table in tables:
        if test in ("tukey", "dunnett"):
            result = ac.posthoc(table, test=test, control=0 if control else None, p_adjust="none", alpha=ALPHA)
            largest = np.abs(result.table["statistic"].to_numpy()[null]).max()
            worst.append(_single_step(test, np.array([largest]), design.n, design.k)[0])
        else:
            result = ac.posthoc(table, test=test, control=0 if control else None, alpha=ALPHA)
            worst.append(result.table["pvalue_adj"].to_numpy()[null].min())
        raw.append(result.table["pvalue"].to_numpy()[null])
    return {"size": bench.rejection_rate(np.array(raw), ALPHA), "fwer": bench.rejection_rate(np.array(worst), ALPHA)}


def _cell(rate: tuple, reps: int, bound: bool) -> str:
    value, se = rate
    se = max(se, float(np.sqrt(ALPHA * (1 - ALPHA) / reps)))
    mark = " ✗" if value > ALPHA + (3 * se if bound else max(0.015, 3 * se)) else ""
    return f"{value:.3f}{mark}"


def main(reps: int = 1000) -> None:
    start = time.process_time()
    print("| design | test | per-pair size | FWER |")
    print("|---|---|---|---|")
    for number, design in enumerate(DESIGNS):
        tables = bench.simulate(design, reps, np.random.default_rng([28, number]))
        for test, control in TESTS:
            r = rates(tables, design, test, control)
            size = "—" if test == "miller" else _cell(r["size"], reps, bound=False)
            label = test + (" (control)" if control else "")
            print(f"| {design.label} | {label} | {size} | {_cell(r['fwer'], reps, bound=True)} |", flush=True)
    print(f"\n{reps} tables per design, {time.process_time() - start:.0f} CPU-s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
