"""Figures of docs/validation.md, "Censored runtimes: log-rank, Gehan, U-scores beside PAR-10".

Null: on every instance all algorithms share one runtime law (log-normal, an instance scale drawn
per instance), runtimes rounded up to whole evaluations (ties), and every run stopped at the
budget that leaves 0, 20, 40 or 60 % of the runs unsuccessful (the law's quantile). Rejection
rates at alpha = 0.05 of the stratified log-rank and Gehan tests (the default, method="auto": chi-square
from 20 successful runs, permutation below; the chi-square; the within-instance permutation mid-p,
199 permutations), of the U-scores (trial-based dominance) with
Friedman / Wilcoxon on their per-instance means, and of PAR-10 (an unsuccessful run counts
10 x the budget) with Friedman / Wilcoxon on the per-instance mean. Power: the same with the
first algorithm's runtimes multiplied by 0.6.

Run: nice -n 10 python benchmarks/calibration_censored.py [--reps 1000]   (about 3 CPU-minutes)
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
import pandas as pd
from scipy import stats

import algocompare as ac
from algocompare.anytime import TargetRuntimes, logrank_test
from algocompare.anytime._uscore import _dominance_key, _trial_u

ALPHA = 0.05
CENSORING = (0.0, 0.2, 0.4, 0.6)
#: (name, instances, algorithms, runs per algorithm and instance)
DESIGNS = [("10 instances x 3 algorithms x 5 runs", 10, 3, 5),
           ("10 instances x 2 algorithms x 5 runs", 10, 2, 5),
           ("3 instances x 2 algorithms x 5 runs", 3, 2, 5),
           ("1 instance x 2 algorithms x 5 runs", 1, 2, 5)]


def simulate(n_tables: int, n_instances: int, k: int, n_runs: int, censoring: float, speedup: float,
             rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Latent runtimes (tables, instances, algorithms, runs) and each instance's budget."""
    scale = rng.lognormal(5.0, 1.0, size=(n_tables, n_instances, 1, 1))
    factor = np.ones((1, 1, k, 1))
    factor[0, 0, 0, 0] = speedup
    runtime = np.ceil(scale * factor * rng.lognormal(0.0, 1.0, size=(n_tables, n_instances, k, n_runs)))
    if censoring > 0:
        budget = np.ceil(scale[..., 0, 0] * np.exp(stats.norm.ppf(1.0 - censoring)))
    else:  # nothing censored: the budget is the longest run
        budget = runtime.reshape(n_tables, n_instances, -1).max(axis=2)
    return runtime, budget


def as_runtimes(runtime: np.ndarray, budget: np.ndarray) -> TargetRuntimes:
    n_instances, k, n_runs = runtime.shape
    algorithm = np.tile(np.repeat(np.array([f"A{a}" for a in range(k)], dtype=object), n_runs), n_instances)
    instance = np.repeat(np.array([f"f{i}" for i in range(n_instances)], dtype=object), k * n_runs)
    b = np.repeat(budget, k * n_runs).astype(float)
    t = runtime.reshape(-1)
    return TargetRuntimes(method="sim", target=0.0, direction="minimize", algorithm=algorithm, instance=instance,
                          run=np.tile(np.arange(n_runs), n_instances * k).astype(object),
                          evaluations=np.where(t <= b, t, np.inf), budget=b)


def u_score_blocks(runtime: np.ndarray, budget: np.ndarray) -> np.ndarray:
    """Per instance and algorithm, the mean trial U-score; an unsuccessful run's final value ranks as
    its latent runtime (a run that would have needed longer has the worse final value)."""
    n_instances, k, n_runs = runtime.shape
    algorithm = np.repeat(np.arange(k), n_runs)
    out = np.empty((n_instances, k))
    for i in range(n_instances):
        t = runtime[i].reshape(-1)
        hit = np.where(t <= budget[i], t, np.inf)
        scores = _trial_u(_dominance_key(hit, t / budget[i]), algorithm)
        out[i] = scores.reshape(k, n_runs).mean(axis=1)
    return out


def par10_blocks(runtime: np.ndarray, budget: np.ndarray) -> np.ndarray:
    return np.where(runtime <= budget[:, None, None], runtime, 10.0 * budget[:, None, None]).mean(axis=2)


def block_test(blocks: np.ndarray, higher_better: bool) -> float:
    if blocks.shape[0] < 2:
        return np.nan
    if blocks.shape[1] == 2:
        return ac.wilcoxon(blocks[:, 0], blocks[:, 1]).pvalue
    frame = pd.DataFrame(blocks, columns=[f"A{j}" for j in range(blocks.shape[1])])
    return ac.friedman(frame, direction="maximize" if higher_better else "minimize").pvalue


TESTS = {
    "log-rank (default)": lambda rt, b, o: logrank_test(o, n_resamples=199, rng=1).pvalue,
    "log-rank (chi2)": lambda rt, b, o: logrank_test(o, method="asymptotic").pvalue,
    "log-rank (perm.)": lambda rt, b, o: logrank_test(o, method="permutation", n_resamples=199, rng=1).pvalue,
    "Gehan (default)": lambda rt, b, o: logrank_test(o, weights="gehan", n_resamples=199, rng=1).pvalue,
    "Gehan (chi2)": lambda rt, b, o: logrank_test(o, weights="gehan", method="asymptotic").pvalue,
    "U-score + rank test": lambda rt, b, o: block_test(u_score_blocks(rt, b), True),
    "PAR-10 + rank test": lambda rt, b, o: block_test(par10_blocks(rt, b), False),
}


def rates(design: tuple, censoring: float, speedup: float, reps: int, seed: int) -> dict[str, float]:
    _, n_instances, k, n_runs = design
    rng = np.random.default_rng(seed)
    runtime, budget = simulate(reps, n_instances, k, n_runs, censoring, speedup, rng)
    p = {name: np.empty(reps) for name in TESTS}
    for r in range(reps):
        obj = as_runtimes(runtime[r], budget[r])
        for name, test in TESTS.items():
            p[name][r] = test(runtime[r], budget[r], obj)
    return {name: float(np.mean(v <= ALPHA)) if np.isfinite(v).all() else np.nan for name, v in p.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=1000)
    parser.add_argument("--power-reps", type=int, default=400)
    args = parser.parse_args()
    start = time.process_time()
    se = np.sqrt(ALPHA * (1 - ALPHA) / args.reps)
    band = max(0.015, 3 * se)
    print(f"Null rejection rates at alpha = {ALPHA}, {args.reps} tables per cell (band {ALPHA} +- {band:.3f})\n")
    for d, design in enumerate(DESIGNS):
        print(f"### {design[0]}\n")
        print("| censoring | " + " | ".join(TESTS) + " |")
        print("|---|" + "---|" * len(TESTS))
        for c, censoring in enumerate(CENSORING):
            row = rates(design, censoring, 1.0, args.reps, seed=2900 + 10 * d + c)
            print(f"| {censoring:.0%} | " + " | ".join("n/a" if np.isnan(v) else f"{v:.3f}" + (
                "" if abs(v - ALPHA) <= band else " *") for v in row.values()) + " |")
        print()
    print(f"Power at alpha = {ALPHA}: first algorithm's runtimes x 0.6, {args.power_reps} tables per cell\n")
    for d, design in enumerate(DESIGNS[:2]):
        print(f"### {design[0]}\n")
        print("| censoring | " + " | ".join(TESTS) + " |")
        print("|---|" + "---|" * len(TESTS))
        for c, censoring in enumerate(CENSORING):
            row = rates(design, censoring, 0.6, args.power_reps, seed=2950 + 10 * d + c)
            print(f"| {censoring:.0%} | " + " | ".join("n/a" if np.isnan(v) else f"{v:.3f}" for v in row.values())
                  + " |")
        print()
    print(f"(* outside the band; {time.process_time() - start:.0f} CPU-seconds)", file=sys.stderr)


if __name__ == "__main__":
    main()
