"""Benchmark of the permutation area: speed against a loop implementation of Algorithm 1,
whether splitting the resamples over workers pays, and the calibration study (type-I error,
power). Writes benchmarks/results_permutation.md.

    python benchmarks/bench_permutation.py [--quick]

No maintained Python or R package implements synchronized permutations for algorithm
comparison, so the baseline is a straightforward loop implementation of the paper's
Algorithm 1 (one Python iteration per permutation, pair and instance), written here.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import math
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's algocompare, installed or not

from _timing import best_of  # noqa: E402  (benchmarks/ is on sys.path when run as a script)

import algocompare as ac  # noqa: E402
from algocompare._options import N_RESAMPLES  # noqa: E402
from algocompare.permutation import _resampling as rs  # noqa: E402
from algocompare.permutation._calibration import rejection_rates  # noqa: E402
from algocompare.permutation._synchronized import exchange_draws, exchanged_totals, pair_statistic  # noqa: E402

OUT = Path(__file__).with_name("results_permutation.md")


def loop_algorithm1(runs: np.ndarray, n_resamples: int, rng: np.random.Generator) -> float:
    """Algorithm 1 as printed (with the text's statistic): a loop per permutation, pair and instance."""
    b, k, r = runs.shape
    totals = runs.sum(axis=(0, 2))
    observed = sum((totals[i] - totals[j]) ** 2 for i in range(k) for j in range(i + 1, k))
    hits = 0
    for _ in range(n_resamples):
        pi = rng.permutation(2 * r)
        s = 0.0
        for i in range(k):
            for j in range(i + 1, k):
                diff = 0.0
                for h in range(b):
                    pool = np.concatenate([runs[h, i], runs[h, j]])
                    diff += pool[pi[:r]].sum() - pool[pi[r:]].sum()
                s += diff ** 2
        hits += s >= observed * (1 - 1e-10)
    return (hits + 1) / (n_resamples + 1)




def speed_section(quick: bool) -> list[str]:
    sim = ac.simulate_runs([10.0] * 9, n_instances=6, n_runs=10, rng=0)
    res, runs = sim.results, sim.results.runs()
    n_loop = 300 if quick else 2000
    b_text = f"{N_RESAMPLES:,}"
    lines = ["## Speed (9 algorithms x 6 instances x 10 runs, the paper's graph-colouring design)", "",
             f"B = {b_text} is the default of `permutation_test` and `msd_intervals` "
             "(`algocompare._options.N_RESAMPLES`).", "",
             "| procedure | time | note |", "|---|---:|---|"]
    t_csp = best_of(lambda: ac.permutation_test(res, method="monte_carlo", rng=0))
    t_usp = best_of(lambda: ac.permutation_test(res, method="monte_carlo", rng=0, variant="unconstrained"))
    t_loop = best_of(lambda: loop_algorithm1(runs, n_loop, np.random.default_rng(0)), repeat=1)
    per_loop = t_loop / n_loop
    t_exact = best_of(lambda: ac.permutation_test(res, method="exact"), repeat=2)
    t_msd = best_of(lambda: ac.msd_intervals(res, method="monte_carlo", rng=0), repeat=3)
    t_msd_2000 = best_of(lambda: ac.msd_intervals(res, method="monte_carlo", n_resamples=2000, rng=0), repeat=3)
    t_msd_exact = best_of(lambda: ac.msd_intervals(res, method="exact"), repeat=2)
    lines += [
        f"| CSP, B = {b_text} (vectorised, whole `permutation_test` call) | {t_csp * 1e3:.1f} ms | target < 100 ms |",
        f"| USP, B = {b_text} (vectorised) | {t_usp * 1e3:.1f} ms | |",
        f"| loop implementation of Algorithm 1, B = {n_loop} | {t_loop:.2f} s | "
        f"{per_loop * 1e3:.3f} ms per permutation |",
        f"| CSP exact, all C(20, 10) = {math.comb(20, 10):,} outcomes | {t_exact * 1e3:.0f} ms | |",
        f"| permutation MSD (Algorithm 2), B = {b_text} (whole `msd_intervals` call) | {t_msd * 1e3:.0f} ms | |",
        f"| permutation MSD, B = 2,000 (the previous default) | {t_msd_2000 * 1e3:.0f} ms | |",
        f"| permutation MSD, exact ({math.comb(20, 10):,} outcomes) | {t_msd_exact * 1e3:.0f} ms | |",
        "",
        f"**Speed-up of the vectorised CSP over the loop implementation: "
        f"{per_loop * N_RESAMPLES / t_csp:,.0f}x** (per permutation, same run, B = {b_text} vs the loop's "
        f"per-permutation time x {b_text}).", ""]
    # Design 1: exact enumeration by convolution / meet in the middle vs brute force size
    table = np.random.default_rng(1).normal(size=(8, 3))
    t_d1 = best_of(lambda: ac.permutation_test(table, method="exact"), repeat=3)
    ints = np.random.default_rng(2).integers(0, 3, size=(8, 4)).astype(float)
    t_d1_int = best_of(lambda: ac.permutation_test(ints, method="exact", max_exact=10**8), repeat=1)
    wide = np.random.default_rng(3).normal(size=(25, 11))
    t_d1_mc = best_of(lambda: ac.permutation_test(wide, method="monte_carlo", rng=0))
    lines += ["## Design 1", "", "| procedure | time | rearrangements |", "|---|---:|---:|",
              f"| exact, 8 instances x 3 algorithms (continuous) | {t_d1 * 1e3:.0f} ms | 6^8 = {6 ** 8:,} |",
              f"| exact, 8 instances x 4 algorithms (integer costs 0..2, merged states) | {t_d1_int * 1e3:.0f} ms | "
              f"24^8 = {24.0 ** 8:.3g} |",
              f"| Monte Carlo, 25 x 11 (CEC size), B = {b_text} | {t_d1_mc * 1e3:.0f} ms | |", ""]
    return lines


def _usp_piece(piece: tuple) -> np.ndarray:
    """The USP statistic of ``size`` rearrangements drawn from ``seed`` (one piece of the work)."""
    runs, seed, size = piece
    b, k, r = runs.shape
    gen = np.random.default_rng(seed)
    return np.concatenate([pair_statistic(*exchanged_totals(runs, *exchange_draws(gen, n, b, r, "unconstrained")[:2]))
                           for n in rs.batch_sizes(size, 2 * r * b + k * k)])


def _split(runs: np.ndarray, pieces: int, executor: cf.Executor | None) -> float:
    seeds = np.random.SeedSequence(0).spawn(pieces)
    sizes = [N_RESAMPLES // pieces + (i < N_RESAMPLES % pieces) for i in range(pieces)]
    work = [(runs, seed, size) for seed, size in zip(seeds, sizes, strict=False)]
    return best_of(lambda: list(map(_usp_piece, work)) if executor is None else list(executor.map(_usp_piece, work)))


def split_section() -> list[str]:
    """Would ``executor=`` pay? Every pair shares one synchronized rearrangement, so the only
    split is over the resamples; time it where a call is slowest (USP, many runs)."""
    lines = [f"## Splitting the resamples over workers (B = {N_RESAMPLES:,})", "",
             "Every rearrangement is applied to all pairs at once (that is what synchronizes them), so the "
             "work cannot be split by pairs as `bayesian_pairwise` splits it; only the resamples could be "
             "shared out. Whole calls on typical designs, and the draws of the slowest design split in 8 "
             "pieces on this 2-core machine:", "",
             "| design | `permutation_test` | `msd_intervals` |", "|---|---:|---:|"]
    for k, b, r in ((9, 6, 10), (14, 29, 10), (20, 50, 30)):
        res = ac.simulate_runs([10.0] * k, n_instances=b, n_runs=r, rng=0).results
        for variant in ("constrained", "unconstrained"):
            t_test = best_of(lambda res=res, variant=variant: ac.permutation_test(res, method="monte_carlo", rng=0, variant=variant), 2)
            t_msd = best_of(lambda res=res, variant=variant: ac.msd_intervals(res, method="monte_carlo", rng=0, variant=variant), 2)
            lines.append(f"| {k} algorithms x {b} instances x {r} runs, {variant} | {t_test * 1e3:.0f} ms | "
                         f"{t_msd * 1e3:.0f} ms |")
    cec = ac.load_dataset("cec2017_d10")
    t_test = best_of(lambda: ac.permutation_test(cec, rng=0), 2)
    t_msd = best_of(lambda: ac.msd_intervals(cec, rng=0), 2)
    lines.append(f"| cec2017_d10 (Design 1, 29 x 14) | {t_test * 1e3:.0f} ms | {t_msd * 1e3:.0f} ms |")
    runs = ac.simulate_runs([10.0] * 20, n_instances=50, n_runs=30, rng=0).results.runs()
    serial = _split(runs, 8, None)
    with cf.ThreadPoolExecutor(2) as pool:
        threads = _split(runs, 8, pool)
    start = time.perf_counter()
    with cf.ProcessPoolExecutor(2) as pool:
        pool.submit(int).result()
        started = time.perf_counter() - start
        processes = _split(runs, 8, pool)
    best = min(threads, processes)
    lines += ["", "| USP draws of 20 x 50 x 30, 8 pieces | time |", "|---|---:|",
              f"| in this process | {serial * 1e3:.0f} ms |",
              f"| 2 threads | {threads * 1e3:.0f} ms |",
              f"| 2 processes, already started | {processes * 1e3:.0f} ms |",
              f"| (starting the 2 processes) | {started * 1e3:.0f} ms |", "",
              f"Shared out over two workers, the draws of the slowest design took {best * 1e3:.0f} ms against "
              f"{serial * 1e3:.0f} ms in one process (at best half, with two idle cores); typical calls take "
              "tens to a few hundred milliseconds, with nothing to gain. `permutation_test` and `msd_intervals` "
              "therefore take no `executor=`; run independent calls (data sets, variants) in parallel instead.", ""]
    return lines


def calibration_section(quick: bool) -> list[str]:
    n_null = 100 if quick else 500
    n_power = 40 if quick else 150
    lines = ["## Calibration (3 algorithms x 5 instances x 5 runs, `simulate_runs(sigma_across=0)`, "
             "alpha = 0.05, B = 200 per test)", "",
             f"Type-I error over {n_null} null data sets (Monte Carlo sd "
             f"{math.sqrt(0.05 * 0.95 / n_null):.3f}):", "",
             "| errors | Design 1 | CSP | USP | F (interaction MSE) | F (additive MSE) | permutation MSD (any pair) |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for dist in ("normal", "exponential"):
        rates = rejection_rates(0.0, n_datasets=n_null, distribution=dist, rng=100)
        lines.append(f"| {dist} | " + " | ".join(f"{rates[k]:.3f}" for k in
                                                  ("design1", "csp", "usp", "f_interaction", "f_additive",
                                                   "msd_permutation")) + " |")
    lines += ["", f"Power (normal errors, last algorithm shifted by the effect; {n_power} data sets each):", "",
              "| effect | Design 1 | CSP | USP | F (interaction MSE) | F (additive MSE) | permutation MSD |",
              "|---:|---:|---:|---:|---:|---:|---:|"]
    for effect in (0.5, 1.0, 1.5, 2.0, 3.0):
        rates = rejection_rates(effect, n_datasets=n_power, rng=200)
        lines.append(f"| {effect:g} | " + " | ".join(f"{rates[k]:.3f}" for k in
                                                     ("design1", "csp", "usp", "f_interaction", "f_additive",
                                                      "msd_permutation")) + " |")
    return lines + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller studies (for a smoke run)")
    args = parser.parse_args()
    lines = ["# Permutation tests: benchmark", "",
             f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}; "
             "timings are the best of several runs on a shared 2-core machine.", ""]
    lines += speed_section(args.quick)
    lines += split_section()
    lines += calibration_section(args.quick)
    OUT.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
