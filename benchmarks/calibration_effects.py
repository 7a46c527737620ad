"""Coverage of the bootstrap intervals of every effect size, and null sizes of the binary-outcome
tests (issue 28, part D). Run: ``nice python3 benchmarks/calibration_effects.py`` (a few CPU-minutes);
the figures are in docs/validation.md, section "Effect sizes and binary outcomes".

Coverage: x ~ N(shift, 1) and y ~ N(0, 1), so every effect size has a known value: d = g's target =
shift; d_z of the pairs (x_i, y_i) (differences N(shift, 2)) = shift/√2, d' (independent) = d/√2;
Cliff's delta = 2 Φ(shift/√2) − 1, A12 = Φ(shift/√2); Kerby's matched-pairs r: its expectation at
n pairs, (n(2p₁ − 1) + n(n − 1)/2 (2p₂ − 1)) / (n(n + 1)/2), p₁ = P(D > 0) = Φ(shift/√2),
p₂ = P(D₁ + D₂ > 0) = Φ(shift).
"""

from __future__ import annotations

import sys

import numpy as np
from scipy import stats

import algocompare as ac

SEED = 2816


def truth(name: str, shift: float, n: int) -> float:
    if name in ("cohens_d", "hedges_g"):
        return shift
    if name in ("d_z", "cohens_d_prime"):
        return shift / np.sqrt(2)
    if name == "cliffs_delta":
        return 2 * stats.norm.cdf(shift / np.sqrt(2)) - 1
    if name == "vargha_delaney_a12":
        return stats.norm.cdf(shift / np.sqrt(2))
    p1, p2 = stats.norm.cdf(shift / np.sqrt(2)), stats.norm.cdf(shift)
    return (n * (2 * p1 - 1) + n * (n - 1) / 2 * (2 * p2 - 1)) / (n * (n + 1) / 2)


def coverage(name: str, method: str, n: int, shift: float, reps: int, n_resamples: int, rng) -> float:
    function = getattr(ac, name)
    hits = 0
    for _ in range(reps):
        x = rng.normal(shift, 1.0, n)
        y = rng.normal(0.0, 1.0, n)
        kwargs = {"paired": name == "rank_biserial"} if name in ("rank_biserial", "cohens_d_prime") else {}
        r = function(x, y, ci_method="bootstrap", bootstrap_method=method, n_resamples=n_resamples, rng=rng,
                     **kwargs)
        target = truth(name, shift, n)
        hits += r.ci_low <= target <= r.ci_high
    return hits / reps


def main(reps: int = 400, n_resamples: int = 1999) -> None:
    rng = np.random.default_rng(SEED)
    print(f"| effect size | interval | n = 20 | n = 50 |   (shift 0.5, {reps} samples, {n_resamples} resamples)")
    print("|---|---|---|---|")
    for name in ("cohens_d", "hedges_g", "d_z", "cohens_d_prime", "cliffs_delta", "vargha_delaney_a12",
                 "rank_biserial"):
        for method in ("bca", "percentile"):
            row = [f"{coverage(name, method, n, 0.5, reps, n_resamples, rng):.3f}" for n in (20, 50)]
            print(f"| {name} | {method} | " + " | ".join(row) + " |")
            sys.stdout.flush()




# ----------------------------------------------------------------------------- binary outcomes and TOST

def binary_sizes(reps: int = 20_000) -> None:
    """Null size at alpha = 0.05 of McNemar's and Cochran's tests (vectorised over the tables) and the
    FWER of posthoc(test="mcnemar") with Holm (400 tables per design)."""
    from algocompare.frequentist._binary import binomial_discordance_pvalue

    rng = np.random.default_rng(SEED + 1)
    print(f"\n| N | success probabilities | McNemar chi2 | mid-p | exact | chi2_cc |   ({reps} null tables)")
    print("|---|---|---|---|---|---|")
    designs = {"uniform(0, 1)": lambda m, n: rng.random((m, n, 1)), "0.5": lambda m, n: np.full((m, n, 1), 0.5),
               "beta(1, 4)": lambda m, n: rng.beta(1, 4, (m, n, 1))}
    for n in (10, 20, 40, 100):
        for label, draw in designs.items():
            t = rng.random((reps, n, 2)) < draw(reps, n)
            b, c = (t[..., 0] & ~t[..., 1]).sum(axis=1), (~t[..., 0] & t[..., 1]).sum(axis=1)
            sizes = [np.mean(binomial_discordance_pvalue(b, c, m) <= 0.05) for m in ("chi2", "midp", "exact", "chi2_cc")]
            print(f"| {n} | {label} | " + " | ".join(f"{s:.3f}" for s in sizes) + " |")
    print(f"\n| k | N | Cochran chi2, p ~ uniform(0, 1) | p = 0.5 | p ~ beta(1, 4) |   ({reps} null tables)")
    print("|---|---|---|---|---|")
    for k in (3, 5, 10):
        for n in (10, 20, 40, 100):
            row = []
            for draw in designs.values():
                t = (rng.random((reps, n, k)) < draw(reps, n)).astype(float)
                cols, rows = t.sum(axis=1), t.sum(axis=2)
                total = rows.sum(axis=1)
                num, den = k * (cols**2).sum(axis=1) - total**2, k * total - (rows**2).sum(axis=1)
                with np.errstate(invalid="ignore", divide="ignore"):
                    p = np.where(den > 0, stats.chi2.sf((k - 1) * num / den, k - 1), 1.0)
                row.append(np.mean(p <= 0.05))
            print(f"| {k} | {n} | " + " | ".join(f"{s:.3f}" for s in row) + " |")
    print("\n| k | N | FWER of posthoc(test='mcnemar'), Holm |   (400 null tables, p ~ beta(1, 1.5))")
    print("|---|---|---|")
    for k, n in ((4, 30), (6, 40)):
        hits = 0
        for _ in range(400):
            table = (rng.random((n, k)) < rng.beta(1.0, 1.5, (n, 1))).astype(float)
            result = ac.posthoc(ac.Results.from_array(table, direction="maximize"), test="mcnemar")
            hits += bool(result.table.reject.any())
        print(f"| {k} | {n} | {hits / 400:.3f} |")


def tost_sizes(reps: int = 1000) -> None:
    """Size of TOST at the upper equivalence bound (true difference = 0.5 = bound, sd 1)."""
    rng = np.random.default_rng(SEED + 2)
    print(f"\n| n | paired t | Welch t | signed-rank | Mann-Whitney |   ({reps} samples at the bound)")
    print("|---|---|---|---|---|")
    for n in (10, 30, 100):
        row = []
        for method, paired in (("t", True), ("t", False), ("wilcoxon", True), ("wilcoxon", False)):
            hits = 0
            for _ in range(reps):
                x = rng.normal(0.5, 1.0, n)
                y = x - rng.normal(0.5, 1.0, n) if paired else rng.normal(0.0, 1.0, n)
                hits += ac.tost(x, y, bound=0.5, paired=paired, method=method, equal_var=False).reject
            row.append(hits / reps)
        print(f"| {n} | " + " | ".join(f"{s:.3f}" for s in row) + " |")
        sys.stdout.flush()


if __name__ == "__main__":
    part = sys.argv[1] if len(sys.argv) > 1 else "all"
    if part in ("all", "coverage"):
        main()
    if part in ("all", "binary"):
        binary_sizes()
    if part in ("all", "tost"):
        tost_sizes()
