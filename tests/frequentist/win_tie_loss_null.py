"""Null simulation of the "+/=/−" marks of ``win_tie_loss``: identical algorithms over 30 functions.

Each replicate draws the runs of a reference and of competitors from the *same* distribution on
each of 30 functions, so every "+" (reference significantly better) is a false one. Two kinds
of data: continuous (normal runs, a different location and scale per function) and tied as
competitions report errors (floored at the optimum and rounded: max(0, N(m_f, 1)) to one decimal,
m_f from -2 to 2, so that the easy functions are mostly exact zeros).

The decisions are computed in bulk, as ``win_tie_loss`` makes them (its ``rank_sum`` is scipy's
``mannwhitneyu``; the adjustment is the package's ``adjust_pvalues`` across the 30 functions of a
competitor; "+" is an adjusted p <= alpha with the reference's runs lower);
``test_win_tie_loss_calibration`` checks on replicates that ``win_tie_loss`` gives the same marks.
Run ``python3 -m tests.frequentist.win_tie_loss_null`` for the figures of docs/validation.md.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from algocompare import adjust_pvalues

N_FUNCTIONS = 30


def null_runs(rng: np.random.Generator, n_reps: int, n_runs: int, tied: bool,
              n_algorithms: int = 2) -> np.ndarray:
    """Runs of identical algorithms: (replicates, functions, algorithms, runs)."""
    shape = (n_reps, N_FUNCTIONS, n_algorithms, n_runs)
    if tied:
        location = np.linspace(-2.0, 2.0, N_FUNCTIONS)[None, :, None, None]
        return np.round(np.maximum(0.0, location + rng.standard_normal(shape)), 1)
    location = np.arange(N_FUNCTIONS, dtype=float)[None, :, None, None]
    scale = np.geomspace(1e-3, 1e3, N_FUNCTIONS)[None, :, None, None]
    return location + scale * rng.standard_normal(shape)


def null_pvalues(runs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two-sided rank-sum p-values and directions (-1: the reference, algorithm 0, lower) of every
    competitor on every function: arrays (replicates, functions, competitors)."""
    x, y = runs[:, :, :1, :], runs[:, :, 1:, :]
    x = np.broadcast_to(x, y.shape)
    res = stats.mannwhitneyu(x, y, alternative="two-sided", axis=-1)
    pvalue = np.asarray(res.pvalue, dtype=float)
    pvalue = np.where(np.isnan(pvalue), 1.0, pvalue)  # every value equal (vectorised scipy): p = 1, as rank_sum
    n = runs.shape[-1]
    direction = np.sign(np.asarray(res.statistic) - n * n / 2)
    return pvalue, direction


def plus_marks(pvalue: np.ndarray, direction: np.ndarray, p_adjust: str, alpha: float = 0.05) -> np.ndarray:
    """Where a "+" appears: adjusted across the functions of each (replicate, competitor)."""
    adjusted = np.empty_like(pvalue)
    for r in range(pvalue.shape[0]):
        for c in range(pvalue.shape[2]):
            adjusted[r, :, c] = adjust_pvalues(pvalue[r, :, c], p_adjust, alpha=alpha)
    return (adjusted <= alpha) & (direction < 0), (adjusted <= alpha) & (direction != 0)


def null_rates(n_reps: int, n_runs: int, tied: bool, p_adjust: str, *, seed: int = 0, alpha: float = 0.05,
               n_competitors: int = 1) -> dict[str, float]:
    """Per-function rate of "+", and P(at least one "+") and P(at least one mark) per competitor."""
    runs = null_runs(np.random.default_rng(seed), n_reps, n_runs, tied, n_competitors + 1)
    pvalue, direction = null_pvalues(runs)
    plus, marked = plus_marks(pvalue, direction, p_adjust, alpha)
    families = n_reps * n_competitors
    return {"per_function": float(plus.mean()), "any_plus": float(plus.any(axis=1).mean()),
            "any_mark": float(marked.any(axis=1).mean()), "families": families}


if __name__ == "__main__":  # the figures of docs/validation.md
    print("| data | runs | p_adjust | P(+) per function | P(any +) per competitor | P(any + or −) | reps |")
    print("|---|---|---|---|---|---|---|")
    for tied in (False, True):
        for n_runs in (25, 51):
            for p_adjust in ("none", "holm", "hochberg", "bonferroni"):
                rates = null_rates(10_000, n_runs, tied, p_adjust, seed=2027)
                print(f"| {'tied' if tied else 'continuous'} | {n_runs} | {p_adjust} | {rates['per_function']:.4f} "
                      f"| {rates['any_plus']:.4f} | {rates['any_mark']:.4f} | {rates['families']} |")
