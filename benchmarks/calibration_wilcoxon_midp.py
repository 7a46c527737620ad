"""Figures of docs/validation.md, "The Wilcoxon default after integration".

Null rejection rates at alpha = 0.05 of ``wilcoxon()`` (its default takes the mid-p value where zero
or tied differences make the exact distribution coarse), ``method="exact"`` and
``zero_method="split"`` (the post-hoc's) on the calibration benchmark's tied and continuous tables,
with fixed seeds (``design_rng("wilcoxon-midp-lead", design)``).

Run: nice -n 10 python benchmarks/calibration_wilcoxon_midp.py   (about 2 CPU-minutes)
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_calibration as bc  # noqa: E402

import algocompare as ac  # noqa: E402

ALPHA = 0.05
DESIGNS = [(bc.Design(10, 2, ties=True), 2000), (bc.Design(20, 2, ties=True), 2000),
           (bc.Design(20, 2, errors="lognormal", ties=True), 2000), (bc.Design(40, 2, ties=True), 2000),
           (bc.Design(40, 2, errors="exponential", ties=True), 2000), (bc.Design(100, 2, ties=True), 1000),
           (bc.Design(10, 2), 2000), (bc.Design(40, 2), 2000)]
TESTS = {
    "default": lambda x, y: ac.wilcoxon(x, y).pvalue,
    "exact": lambda x, y: ac.wilcoxon(x, y, method="exact").pvalue,
    "split (the post-hoc's)": lambda x, y: ac.wilcoxon(x, y, zero_method="split").pvalue,
}


def main() -> None:
    for design, reps in DESIGNS:
        tables = bc.simulate(design, reps, bc.design_rng("wilcoxon-midp-lead", design))
        rates = {name: np.mean(np.array([test(t[:, 0], t[:, 1]) for t in tables]) <= ALPHA)
                 for name, test in TESTS.items()}
        se = np.sqrt(ALPHA * (1 - ALPHA) / reps)
        print(design.label, reps, " ".join(f"{k}={v:.3f}" for k, v in rates.items()), f"se={se:.4f}", flush=True)


if __name__ == "__main__":
    main()
