"""Benchmark and simulation study for the Campelo–Takahashi study design.

Run: ``python benchmarks/bench_samplesize.py`` (writes benchmarks/results_samplesize.md).

1. Timings: calc_nreps against a naive loop that recomputes the statistics with pandas at
   every step, and run_experiment on one worker against a local process pool.
2. The simulation study of thesis chapter 4 with ``algocompare.simulate_runs``: coverage of
   the per-instance confidence intervals phi_j ± 1.96 se (simple and percent differences)
   and the observed significance and power of the paired t test with N* instances.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
from _timing import best_of  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from scipy import stats

from algocompare import simulate_runs
from algocompare.experiment import calc_nreps, run_experiment
from algocompare.samplesize._instances import calc_instances
from algocompare.samplesize._standard_error import calc_se

OUT = Path(__file__).with_name("results_samplesize.md")


def alg_a(instance, rng):
    return float(rng.normal(10, 1))


def alg_b(instance, rng):
    return float(rng.normal(11, 4))


def busy_a(instance, rng):
    x = rng.normal(size=200_000)  # ~ a few ms of work per run
    return float(10 + x[:5].mean())


def busy_b(instance, rng):
    x = rng.normal(size=200_000)
    return float(11 + 3 * x[:5].mean())


def naive_nreps(se_max, n0, nmax, rng):
    """Algorithm 1 written plainly: a pandas Series per algorithm, stats recomputed each step."""
    gen = np.random.default_rng(rng)
    xs = [pd.Series([alg_a(None, gen) for _ in range(n0)]), pd.Series([alg_b(None, gen) for _ in range(n0)])]
    while True:
        se = np.sqrt(xs[0].var() / len(xs[0]) + xs[1].var() / len(xs[1]))
        if se <= se_max or len(xs[0]) + len(xs[1]) >= nmax:
            return len(xs[0]), len(xs[1])
        k = 0 if len(xs[0]) / len(xs[1]) <= xs[0].std() / xs[1].std() else 1
        xs[k] = pd.concat([xs[k], pd.Series([(alg_a, alg_b)[k](None, gen)])], ignore_index=True)




def timings() -> list[str]:
    t_ours = best_of(lambda: calc_nreps(None, [alg_a, alg_b], se_max=0.1, n0=20, nmax=5000, rng=1))
    t_naive = best_of(lambda: naive_nreps(0.1, 20, 5000, 1))
    n_runs = calc_nreps(None, [alg_a, alg_b], se_max=0.1, n0=20, nmax=5000, rng=1).n_runs
    kw = dict(d=0.8, se_max=0.5, n0=10, nmax=200, rng=2)
    insts = list(range(20))
    with ThreadPoolExecutor(1) as one:
        t_one = best_of(lambda: run_experiment(insts, [busy_a, busy_b], executor=one, **kw), 1)
    t0 = time.perf_counter()
    res = run_experiment(insts, [busy_a, busy_b], executor=None, **kw)
    t_pool = time.perf_counter() - t0
    return [
        "| procedure | ours (s) | baseline (s) | ratio baseline/ours |", "|---|---|---|---|",
        f"| calc_nreps, se* = 0.1 ({n_runs.sum()} runs) vs naive pandas loop | {t_ours:.3f} | {t_naive:.3f} | "
        f"{t_naive / t_ours:.1f} |",
        f"| run_experiment, {res.total_runs} runs of ~ms each: process pool (all CPUs, incl. start-up) vs 1 "
        f"thread | {t_pool:.2f} | {t_one:.2f} | {t_one / t_pool:.2f} |",
    ]


def coverage(dif: str, means, reps: int, distribution: str, rng) -> float:
    """Share of per-instance CIs phi_j ± 1.96 se covering the true phi_j (thesis Sec. 4.1)."""
    sim = simulate_runs(means, n_instances=reps, n_runs=30, distribution=distribution, rng=rng)
    long = sim.results.to_long()
    algs = list(sim.true_means.columns)
    hits = 0
    for inst, group in long.groupby("instance", sort=False):
        x1 = group.loc[group["algorithm"] == algs[0], "value"].to_numpy()
        x2 = group.loc[group["algorithm"] == algs[1], "value"].to_numpy()
        res = calc_se(x1, x2, dif=dif, comparisons="all-vs-one")
        mu1, mu2 = sim.true_means.loc[inst, algs[0]], sim.true_means.loc[inst, algs[1]]
        truth = mu1 - mu2 if dif == "simple" else 1 - mu2 / mu1
        hits += abs(res.phi - truth) <= 1.96 * res.se
    return hits / reps


def rejection_rate(means, d_star, reps, rng) -> tuple[int, float]:
    """Observed rejection rate of the paired t test on phi_j with N* instances (d* = d_star)."""
    n_star = calc_instances(d_star, power=0.8, alpha=0.05).n_instances
    gen = np.random.default_rng(rng)
    rejections = 0
    for _ in range(reps):
        sim = simulate_runs(means, n_instances=n_star, n_runs=10, rng=gen)
        blocks = sim.results.blocks()
        phi = blocks.iloc[:, 0] - blocks.iloc[:, 1]
        rejections += stats.ttest_1samp(phi, 0.0).pvalue <= 0.05
    return n_star, rejections / reps


def simulation_study() -> list[str]:
    lines = ["| setting | observed | expected |", "|---|---|---|"]
    reps = 2000
    for dif, means in (("simple", [10, 9.9]), ("simple", [10, 15]), ("perc", [10, 9.9]), ("perc", [10, 15])):
        for dist in ("normal", "exponential"):
            cov = coverage(dif, means, reps, dist, rng=11)
            se = np.sqrt(0.95 * 0.05 / reps)
            lines.append(f"| CI coverage, {dif} differences, means {means}, {dist} noise, 30 runs, {reps} "
                         f"instances | {cov:.3f} (MC se {se:.3f}) | 0.95 |")
    # Significance: equal grand means. Power: grand-mean difference delta with sd of phi_j about
    # sqrt(2 * 9 + within noise) -> d* chosen from the model's own standardised effect.
    sd_phi = np.sqrt(2 * 9 + 2 * 11 / 10)  # tau_ij sd 3 each; within sd U(1,5): E[s^2] = 31/3 ≈ 10.3
    for means, label in (([10, 10], "significance (H0 true)"), ([10, 10 - 0.5 * sd_phi], "power at d* = 0.5")):
        n_star, rate = rejection_rate(means, 0.5, 1000, rng=5)
        expected = "0.05" if label.startswith("significance") else "≈ 0.80"
        lines.append(f"| {label}, paired t, N* = {n_star}, 1000 experiments | {rate:.3f} | {expected} |")
    return lines


def main() -> None:
    t0 = time.perf_counter()
    body = ["# Sample-size design (Campelo & Takahashi) — benchmark and simulation study", "",
            "Generated by `python benchmarks/bench_samplesize.py`; timings are best-of-3 on this machine "
            "(ratios from the same run).", "", "## Timings", "", *timings(), "",
            "## Simulation study (thesis chapter 4, `simulate_runs`)", "", *simulation_study(), "",
            f"Total time {time.perf_counter() - t0:.0f} s."]
    OUT.write_text("\n".join(body) + "\n")
    print("\n".join(body))


if __name__ == "__main__":
    main()
