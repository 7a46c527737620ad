"""Times the frequentist area's heavy procedures against naive baselines and peers.

Run: python benchmarks/bench_frequentist.py  (writes benchmarks/results_frequentist.md)
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
from _timing import best_of  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from scipy import stats

import algocompare as ac
from algocompare.frequentist._page import _row_counts, page_null_distribution


def naive_omnibus(values):
    """Loop-per-instance baseline: scipy per-test calls."""
    stats.friedmanchisquare(*values.T)
    ranks = np.array([stats.rankdata(row) for row in values])
    return ranks


def naive_row_counts(k):
    """Enumerate all k! permutations (the textbook way)."""
    weights = np.arange(1, k + 1)
    counts = {}
    for perm in itertools.permutations(range(1, k + 1)):
        s = int(np.dot(weights, perm))
        counts[s] = counts.get(s, 0) + 1
    return counts


def main() -> None:
    rng = np.random.default_rng(0)
    values = rng.normal(size=(1000, 20)) + np.linspace(0, 1, 20)
    lines = ["# Frequentist benchmarks", "", "Best of 3 runs on this machine (seconds).", "",
             "| task | algocompare | baseline | ratio |", "|---|---|---|---|"]
    t_omni = best_of(lambda: ac.omnibus(values))
    t_naive = best_of(lambda: naive_omnibus(values))
    lines.append(f"| omnibus (5 tests) 1000 × 20 | {t_omni:.4f} | {t_naive:.4f} (scipy friedman + per-row ranks only) "
                 f"| {t_naive / t_omni:.2f} |")
    try:
        import pingouin as pg
        long = ac.Results.from_array(values).to_long()
        t_pg = best_of(lambda: pg.rm_anova(data=long, dv="value", within="algorithm", subject="instance",
                                           correction=True))
        t_rm = best_of(lambda: ac.rm_anova(values))
        lines.append(f"| RM-ANOVA 1000 × 20 | {t_rm:.4f} | {t_pg:.4f} (pingouin.rm_anova) | {t_pg / t_rm:.1f} |")
    except ImportError:
        lines.append("| RM-ANOVA | skipped: pingouin not installed | | |")
    _row_counts.cache_clear()
    t_page = best_of(lambda: (_row_counts.cache_clear(), page_null_distribution(30, 10)))
    k_naive = 9
    t_enum = best_of(lambda: naive_row_counts(k_naive), repeat=1)
    _row_counts.cache_clear()
    t_dp9 = best_of(lambda: (_row_counts.cache_clear(), _row_counts(k_naive)))
    lines.append(f"| Page exact null N = 30, k = 10 (cold) | {t_page:.4f} | — | — |")
    lines.append(f"| Page per-row distribution k = {k_naive} | {t_dp9:.4f} | {t_enum:.4f} (enumerate {math.factorial(k_naive)} "
                 f"permutations) | {t_enum / t_dp9:.0f} |")
    data = rng.normal(size=(30, 10)) + 0.1 * np.arange(10)
    t_ours = best_of(lambda: (_row_counts.cache_clear(), ac.page_trend(data, method="exact")))
    t_scipy = best_of(lambda: stats.page_trend_test(data, method="exact"))
    lines.append(f"| page_trend exact 30 × 10 | {t_ours:.4f} | {t_scipy:.4f} (scipy.stats.page_trend_test) "
                 f"| {t_scipy / t_ours:.1f} |")
    out = Path(__file__).with_name("results_frequentist.md")
    out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
