"""Null simulations of the Šidák, Holm–Šidák, Benjamini–Hochberg and Benjamini–Yekutieli adjustments.

For each setting it counts, at alpha = 0.05, the family-wise error (FWER: a table counts when
any true hypothesis is rejected) and the false discovery rate (FDR: the mean over tables of
V / R, the share of true hypotheses among the rejected ones, 0 when nothing is rejected) of
every adjustment, with Bonferroni and Holm beside them. Settings:

* ``independent``: m = 10 independent z statistics, m0 of them null (mean 0), the others mean
  3; two-sided normal p-values;
* ``equicorrelated``: the same with correlation 0.5 between every two z (positive dependence,
  where BH keeps the FDR and Šidák the FWER);
* ``friedman``: the all-pairs Friedman post-hoc (``ac.posthoc(..., p_adjust="none")``, the
  default permutation standard error) on tables of the calibration grid
  (benchmarks/bench_calibration.py ``simulate``: N instances x k algorithms, huge instance
  effect, optionally tied), complete null and a partial null with shifted algorithms.

Run: nice -n 10 python benchmarks/bench_adjust_fdr.py  (about 2 CPU-minutes; prints the
markdown table of docs/validation.md, section "Šidák, Holm–Šidák and FDR adjustments").
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
from scipy import stats

import algocompare as ac

SEED = 20261126
ALPHA = 0.05
METHODS = ("bonferroni", "holm", "sidak", "holm_sidak", "bh", "by")


def _bench():
    path = Path(__file__).resolve().parent / "bench_calibration.py"
    spec = importlib.util.spec_from_file_location("bench_calibration", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def error_rates(pvalues: np.ndarray, true_null: np.ndarray, method: str) -> tuple[float, float, float, float]:
    """FWER, its MC s.e., FDR and its MC s.e. of ``method`` over the rows of ``pvalues``."""
    reject = np.vstack([ac.adjust_pvalues(row, method) <= ALPHA for row in pvalues])
    false = reject[:, true_null].sum(axis=1)
    share = false / np.maximum(reject.sum(axis=1), 1)
    reps = len(pvalues)
    any_false = (false > 0).astype(float)
    return any_false.mean(), any_false.std() / np.sqrt(reps), share.mean(), share.std() / np.sqrt(reps)


def normal_family(m0: int, rho: float, reps: int, rng: np.random.Generator, m: int = 10) -> tuple:
    common = rng.standard_normal((reps, 1))
    z = np.sqrt(rho) * common + np.sqrt(1 - rho) * rng.standard_normal((reps, m))
    z[:, m0:] += 3.0
    return 2 * stats.norm.sf(np.abs(z)), np.arange(m) < m0


def friedman_family(n: int, k: int, shift: tuple, ties: bool, reps: int, rng: np.random.Generator) -> tuple:
    bench = _bench()
    design = bench.Design(n=n, k=k, ties=ties, shift=shift)
    tables = bench.simulate(design, reps, rng)
    raw = np.vstack([ac.posthoc(t, p_adjust="none").matrix("pvalue").to_numpy()[np.triu_indices(k, 1)]
                     for t in tables])
    return raw, bench._true_nulls(design)


def settings(reps_normal: int = 20000, reps_friedman: int = 1000) -> list[tuple[str, tuple]]:
    rng = np.random.default_rng(SEED)
    out = []
    for rho, name in ((0.0, "independent"), (0.5, "equicorrelated 0.5")):
        for m0 in (10, 5, 2):
            out.append((f"{name}, m = 10, m0 = {m0}", normal_family(m0, rho, reps_normal, rng)))
    for n, k, shift, ties in ((30, 5, (), False), (30, 5, (0, 0, 0, 0.8, 0.8), False),
                              (40, 5, (0, 0, 0, 0.8, 0.8), True), (30, 8, (0, 0, 0, 0, 0.6, 0.6, 1.2, 1.2), False)):
        label = f"Friedman all pairs, N = {n}, k = {k}, shift {shift or 'none'}{', ties' if ties else ''}"
        out.append((label, friedman_family(n, k, shift, ties, reps_friedman, rng)))
    return out


def main() -> None:
    print("| setting | tables | measure | " + " | ".join(METHODS) + " |")
    print("|---|---|---|" + "---|" * len(METHODS))
    for label, (raw, true_null) in settings():
        rates = [error_rates(raw, true_null, method) for method in METHODS]
        for measure, (value, se) in (("FWER", (0, 1)), ("FDR", (2, 3))):
            cells = " | ".join(f"{r[value]:.3f} ({r[se]:.3f})" for r in rates)
            print(f"| {label} | {len(raw)} | {measure} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
