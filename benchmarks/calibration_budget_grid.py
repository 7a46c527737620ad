"""Calibration of compare_over_budgets: family-wise error over budgets × pairs, and power.

Null: every algorithm's runs follow one trajectory law (``algocompare.anytime._budget_null.null_runs``:
random decreasing log-error paths from instance-dependent levels, errors below 1e-8 recorded as 0, so
late checkpoints tie at the optimum as in competitions). A data set is a family-wise error when any
(budget, pair) is rejected at alpha = 0.05. From the same relabellings (one call per data set) the
script applies the default Westfall–Young step-down max-T, Holm and Bonferroni over the grid, BH, and
no adjustment (each budget's pairs tested on their own at 0.05: what the per-budget tables of
cocopp/IOHanalyzer amount to), and also records Friedman's test on the per-run areas.
Alternative: 'A1' converges faster (``faster``). Prints a Markdown table (docs/validation.md).

    nice -n 10 python3 benchmarks/calibration_budget_grid.py [--reps 600] [--power-reps 100] [--n-resamples 1999]
                                                             [--part null|power|both]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import algocompare as ac
from algocompare.anytime._budget_null import null_runs

ALPHA = 0.05
METHODS = ("westfall_young", "holm", "bonferroni", "bh", "none")
NULL_SETTINGS = ((3, 10, 5), (3, 30, 20), (5, 10, 20), (5, 30, 5))  # (k, instances, budgets)
POWER_SETTINGS = ((3, 10, 10, 0.4), (3, 30, 10, 0.2), (5, 10, 10, 0.4), (5, 30, 10, 0.2))  # + faster


def one_data_set(k: int, n: int, budgets: int, faster: float, rng: np.random.Generator,
                 n_resamples: int) -> dict[str, bool]:
    runs = null_runs(k=k, n_instances=n, n_runs=3, n_budgets=budgets, faster=faster, seed=rng)
    result = ac.compare_over_budgets(runs, n_resamples=n_resamples, rng=rng, progress=False)
    raw = result.pairs["pvalue"].to_numpy()
    out = {"westfall_young": bool(result.pairs["reject"].any()),
           "omnibus_wy": bool(result.omnibus["reject"].any()),
           "area": bool(result.area.pvalue <= ALPHA)}
    for method in METHODS[1:]:
        adjusted = raw if method == "none" else ac.adjust_pvalues(raw, method)
        out[method] = bool((np.asarray(adjusted) <= ALPHA).any())
    return out


def rates(settings, reps: int, seed: int, n_resamples: int, with_faster: bool) -> list[tuple]:
    rng = np.random.default_rng(seed)
    rows = []
    for setting in settings:
        k, n, budgets = setting[:3]
        faster = setting[3] if with_faster else 0.0
        hits = [one_data_set(k, n, budgets, faster, rng, n_resamples) for _ in range(reps)]
        rows.append((k, n, budgets, faster, {key: np.mean([h[key] for h in hits]) for key in hits[0]}))
    return rows


def table(rows: list[tuple], reps: int) -> str:
    keys = ("westfall_young", "holm", "bonferroni", "bh", "none", "omnibus_wy", "area")
    lines = ["| k | N | budgets | faster | " + " | ".join(keys) + " |", "|" + "---|" * (4 + len(keys))]
    for k, n, budgets, faster, r in rows:
        lines.append(f"| {k} | {n} | {budgets} | {faster:g} | " + " | ".join(f"{r[key]:.3f}" for key in keys) + " |")
    se = np.sqrt(ALPHA * (1 - ALPHA) / reps)
    lines.append(f"\n{reps} data sets per row; MC s.e. at 0.05: {se:.4f}; bound alpha + 3 s.e. = {ALPHA + 3 * se:.3f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=600)
    parser.add_argument("--power-reps", type=int, default=100)
    parser.add_argument("--n-resamples", type=int, default=1999)
    parser.add_argument("--part", choices=("null", "power", "both"), default="both")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.part != "power":
        print("## Null (family-wise error over budgets x pairs; omnibus_wy: any budget's omnibus; area: Friedman "
              "on the per-run areas)\n")
        print(table(rates(NULL_SETTINGS, args.reps, 20261126, args.n_resamples, False), args.reps))
    if args.part != "null":
        print("\n## Alternative: A1 converges faster (power: any rejection)\n")
        print(table(rates(POWER_SETTINGS, args.power_reps, 20261127, args.n_resamples, True), args.power_reps))
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
