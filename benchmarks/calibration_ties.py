"""Figures of docs/validation.md, "Ties in the sign test, Wilcoxon and Page (issue 28)".

Null rejection rates at alpha = 0.05 of the sign test, the Wilcoxon signed-rank test and Page's
trend test (new defaults, former defaults, options) on the calibration benchmark's tables with
competition ties, and of the Mack-Wolfe umbrella test and Hayter's OSRT. Seeds are fixed
(design_rng of bench_calibration, 281 for Mack-Wolfe, 282 for the OSRT), so a rerun prints the
same numbers.

Run: nice -n 10 python benchmarks/calibration_ties.py [pairwise|sign_size|page|mack_wolfe|osrt]   (a few CPU-minutes each)
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_calibration as bc  # noqa: E402

import algocompare as ac  # noqa: E402

PAIRWISE = {
    "sign default": lambda x, y: ac.sign_test(x, y).pvalue,
    "sign exact": lambda x, y: ac.sign_test(x, y, method="exact").pvalue,
    "sign split": lambda x, y: ac.sign_test(x, y, zero_method="split", method="exact").pvalue,
    "wilcoxon default": lambda x, y: ac.wilcoxon(x, y).pvalue,
    "wilcoxon split": lambda x, y: ac.wilcoxon(x, y, zero_method="split").pvalue,
    "wilcoxon midp": lambda x, y: ac.wilcoxon(x, y, method="midp").pvalue,
}


def pairwise() -> None:
    designs = [(bc.Design(20, 2, ties=True), 2000), (bc.Design(20, 2, errors="lognormal", ties=True), 2000),
               (bc.Design(40, 2, ties=True), 1500), (bc.Design(40, 2, errors="exponential", ties=True), 1500),
               (bc.Design(100, 2, ties=True), 1500), (bc.Design(40, 2), 1500)]
    for design, reps in designs:
        tables = bc.simulate(design, reps, bc.design_rng("pairwise", design))
        rates = {name: np.mean(np.array([test(t[:, 0], t[:, 1]) for t in tables]) <= 0.05)
                 for name, test in PAIRWISE.items()}
        print(design.label, " ".join(f"{name}={rate:.3f}" for name, rate in rates.items()), flush=True)


def sign_size() -> None:
    """The sign test's size given the number n of non-zero differences (exact for each n),
    averaged over 20,000 simulated tables: no Monte Carlo error from the rejections."""
    from scipy import stats

    def size(n: int, mid: bool) -> float:
        if n == 0:
            return 0.0
        x = np.arange(n + 1)
        pmf = stats.binom.pmf(x, n, 0.5)
        lower, upper = stats.binom.cdf(x, n, 0.5), stats.binom.sf(x - 1, n, 0.5)
        if mid:
            lower, upper = lower - pmf / 2, upper - pmf / 2
        return float(pmf[np.minimum(1, 2 * np.minimum(lower, upper)) <= 0.05].sum())

    for design in (bc.Design(40, 2, ties=True), bc.Design(40, 2, errors="exponential", ties=True),
                   bc.Design(40, 2, errors="lognormal", ties=True), bc.Design(20, 2, ties=True),
                   bc.Design(100, 2, ties=True)):
        tables = bc.simulate(design, 20000, np.random.default_rng(5))
        nonzero = ((tables[:, :, 0] - tables[:, :, 1]) != 0).sum(axis=1)
        print(design.label, f"midp={np.mean([size(n, True) for n in nonzero]):.4f}",
              f"exact={np.mean([size(n, False) for n in nonzero]):.4f}", flush=True)


def page() -> None:
    for ties in (True, False):
        for n in (10, 40, 100):
            for k in (3, 5, 10):
                design = bc.Design(n, k, ties=ties)
                tables = bc.simulate(design, 1000 if k < 10 else 300, bc.design_rng("page", design))
                new = np.array([ac.page_trend(t).pvalue for t in tables])
                old = np.array([ac.page_trend(t, tie_correction=False).pvalue for t in tables])
                print(design.label, f"default={np.mean(new <= .05):.3f} untied={np.mean(old <= .05):.3f}", flush=True)


def mack_wolfe() -> None:
    for tied in (True, False):
        rng = np.random.default_rng(281)
        p: dict = {"permutation, known peak": [], "permutation, unknown peak": [], "normal, known peak": []}
        for _ in range(1000):
            runs = {f"c{i}": np.round(rng.normal(size=6)) if tied else rng.normal(size=6) for i in range(4)}
            p["permutation, known peak"].append(ac.mack_wolfe(runs, peak="c1", n_resamples=199, rng=rng).pvalue)
            p["permutation, unknown peak"].append(ac.mack_wolfe(runs, n_resamples=199, rng=rng).pvalue)
            p["normal, known peak"].append(ac.mack_wolfe(runs, peak="c1", method="approx").pvalue)
        print("ties" if tied else "continuous", {k: round(float(np.mean(np.array(v) <= .05)), 3) for k, v in p.items()})


def osrt() -> None:
    rng = np.random.default_rng(282)
    p = [ac.osrt({f"c{i}": rng.normal(size=5) for i in range(4)}).pvalue for _ in range(1000)]
    print("equal sizes 4 x 5", float(np.mean(np.array(p) <= 0.05)), flush=True)
    p = [ac.osrt({f"c{i}": rng.normal(size=n) for i, n in enumerate((4, 6, 5, 7))}, n_resamples=999, rng=rng).pvalue
         for _ in range(1000)]
    print("unequal sizes (4, 6, 5, 7)", float(np.mean(np.array(p) <= 0.05)), flush=True)


if __name__ == "__main__":
    {"pairwise": pairwise, "sign_size": sign_size, "page": page, "mack_wolfe": mack_wolfe, "osrt": osrt}[sys.argv[1] if len(sys.argv) > 1 else "pairwise"]()
