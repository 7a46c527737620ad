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


if __name__ == "__main__":
    main()
