"""Null simulations of the global tests ``ac.simes_test`` and ``ac.fisher_combination``.

Size at alpha = 0.05 of each global test of a family of p-values whose hypotheses are all true:

* ``independent``: m = 10 independent uniform p-values (both tests are exact here);
* ``Friedman all pairs``: the k(k-1)/2 raw p-values of the Friedman post-hoc
  (``ac.posthoc(table, p_adjust="none")``, default permutation standard error) on null tables of
  the calibration grid (benchmarks/bench_calibration.py ``simulate``: identical algorithms, huge
  instance effect, optionally the ties of competition tables) — positively dependent p-values;
* ``Friedman vs control``: the k - 1 comparisons with algorithm 0 from the same tables.

Run: nice -n 10 python benchmarks/bench_global_tests.py  (about 1.5 CPU-minutes; prints the
markdown table of docs/validation.md, section "Global tests: Simes and Fisher").
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np

import algocompare as ac

SEED = 20261127
ALPHA = 0.05
REPS = 800


def _bench():
    path = Path(__file__).resolve().parent / "bench_calibration.py"
    spec = importlib.util.spec_from_file_location("bench_calibration", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def sizes(pvalues: np.ndarray) -> str:
    se = np.sqrt(ALPHA * (1 - ALPHA) / len(pvalues))
    cells = []
    for test in (ac.simes_test, ac.fisher_combination):
        size = np.mean([test(row).pvalue <= ALPHA for row in pvalues])
        cells.append(f"{size:.3f}")
    return " | ".join(cells) + f" | {se:.3f}"


def main() -> None:
    rng = np.random.default_rng(SEED)
    bench = _bench()
    print("| family | p-values | tables | Simes | Fisher | MC s.e. |")
    print("|---|---|---|---|---|---|")
    print(f"| independent uniform | 10 | 20000 | {sizes(rng.uniform(size=(20000, 10)))} |", flush=True)
    for n, k, ties in ((30, 3, False), (30, 5, False), (30, 8, False), (40, 5, True)):
        tables = bench.simulate(bench.Design(n=n, k=k, ties=ties), REPS, rng)
        raw = np.vstack([ac.posthoc(t, p_adjust="none").matrix("pvalue").to_numpy()[np.triu_indices(k, 1)]
                         for t in tables])
        where = f"N = {n}, k = {k}{', ties' if ties else ''}"
        print(f"| Friedman all pairs, {where} | {raw.shape[1]} | {REPS} | {sizes(raw)} |", flush=True)
        control = raw[:, : k - 1]  # pairs (0, 1), ..., (0, k-1) lead the upper triangle
        print(f"| Friedman vs control, {where} | {k - 1} | {REPS} | {sizes(control)} |", flush=True)


if __name__ == "__main__":
    main()
