"""Timings of the Bayesian tests, side by side with a naive loop and (if installed) baycomp.

Run: python benchmarks/bench_bayesian.py [--full]
Writes benchmarks/results_bayesian.md. Ratios are measured in the same run.
``--full`` also times baycomp on all 91 pairs (about a minute); by default baycomp is
timed on 10 pairs and the per-pair time is reported.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from pathlib import Path

import numpy as np
from _timing import best_of  # noqa: E402  (benchmarks/ is on sys.path when run as a script)

import algocompare as ac
from algocompare.bayesian import bayesian_pairwise, bayesian_sign, bayesian_signed_rank

try:
    from importlib.metadata import version

    import baycomp

    BAYCOMP_VERSION = version("baycomp")
except ImportError:  # the benchmark runs without the peer
    baycomp, BAYCOMP_VERSION = None, "not installed"

OUT = Path(__file__).with_name("results_bayesian.md")




def naive_signed_rank(x, y, rope, prior=0.5, n_samples=50_000, seed=0):
    """Baseline: one Dirichlet draw and one n x n weighted sum per posterior sample."""
    rng = np.random.default_rng(seed)
    z = np.r_[0.0, x - y]
    sums = z[:, None] + z[None, :]
    right = (sums > 2 * rope) + 0.5 * (sums == 2 * rope)
    left = (-sums > 2 * rope) + 0.5 * (-sums == 2 * rope)
    out = np.empty((n_samples, 3))
    for k, w in enumerate(rng.dirichlet(np.r_[prior, np.ones(len(x))], n_samples)):
        product = np.outer(w, w)
        out[k, 0], out[k, 2] = (product * left).sum(), (product * right).sum()
    out[:, 1] = 1 - out[:, 0] - out[:, 2]
    return np.bincount(out.argmax(axis=1), minlength=3) / n_samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--full", action="store_true", help="time baycomp on all 91 pairs")
    args = parser.parse_args()
    rng = np.random.default_rng(2024)
    lines = ["# Bayesian tests: timings", "",
             f"Machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
             f"numpy {np.__version__}; baycomp {BAYCOMP_VERSION}; load average {os.getloadavg()[0]:.1f} on "
             f"{os.cpu_count()} cores. "
             "Best of several runs; ratios from the same run.", ""]
    rows = []
    bayesian_signed_rank(rng.normal(size=29), rng.normal(size=29), 0.1, n_samples=1000)  # warm-up (imports)
    for n in (29, 30, 100):
        x = rng.normal(size=n)
        y = x + rng.normal(0.1, 0.5, size=n)
        ours = best_of(lambda x=x, y=y: bayesian_signed_rank(x, y, 0.1, n_samples=50_000, rng=1), 7)
        naive = best_of(lambda x=x, y=y: naive_signed_rank(x, y, 0.1, n_samples=50_000), 1)
        peer = best_of(lambda x=x, y=y: baycomp.SignedRankTest.probs(y, x, 0.1, nsamples=50_000, random_state=1), 3) \
            if baycomp else float("nan")
        rows.append(("bayesian_signed_rank", n, ours, naive, peer))
        ours_s = best_of(lambda x=x, y=y: bayesian_sign(x, y, 0.1, n_samples=50_000, rng=1), 7)
        peer_s = best_of(lambda x=x, y=y: baycomp.SignTest.probs(y, x, 0.1, nsamples=50_000, random_state=1), 5) \
            if baycomp else float("nan")
        rows.append(("bayesian_sign", n, ours_s, float("nan"), peer_s))
    lines += ["## One pair, 50,000 posterior samples, rope 0.1", "",
              "| function | n | algocompare (s) | naive loop (s) | baycomp (s) | naive / ours | baycomp / ours |",
              "|---|---|---|---|---|---|---|"]
    for name, n, ours, naive, peer in rows:
        lines.append(f"| {name} | {n} | {ours:.4f} | {naive:.3f} | {peer:.4f} | {naive / ours:.1f} | {peer / ours:.1f} |")

    res = ac.load_dataset("cec2017_d10")
    values = res.values(oriented=True)
    labels = list(res.algorithms)
    ours_all = best_of(lambda: bayesian_pairwise(res, rope=0.01, n_samples=50_000, rng=0), 3)
    pairs = [(i, j) for i in range(len(labels)) for j in range(i + 1, len(labels))]
    lines += ["", "## All 91 pairs of cec2017_d10 (29 instances x 14 algorithms), signed-rank, 50,000 samples", "",
              f"* algocompare `bayesian_pairwise`: {ours_all:.2f} s"]
    if baycomp:
        timed = pairs if args.full else pairs[:10]
        start = time.perf_counter()
        for i, j in timed:
            baycomp.SignedRankTest.probs(values[:, j], values[:, i], 0.01, nsamples=50_000, random_state=0)
        per_pair = (time.perf_counter() - start) / len(timed)
        scope = "all 91 pairs" if args.full else f"{len(timed)} pairs, per-pair time x 91"
        lines.append(f"* baycomp `SignedRankTest.probs` in a loop ({scope}): {per_pair * 91:.1f} s "
                     f"({per_pair * 91 / ours_all:.0f}x slower)")
        x, y = values[:, labels.index("EBO")], values[:, labels.index("jSO")]
        ours_p = bayesian_signed_rank(x, y, 0.01, n_samples=200_000, rng=3).probabilities
        peer_p = baycomp.SignedRankTest.probs(y, x, 0.01, nsamples=200_000, random_state=3)
        lines += ["", "## Agreement (EBO vs jSO, rope 0.01, 200,000 samples each)", "",
                  f"* algocompare (p_left, p_rope, p_right): {tuple(round(v, 4) for v in ours_p)}",
                  f"* baycomp probs(jSO, EBO): {tuple(round(float(v), 4) for v in peer_p)}"]
    lines += ["", "autorank's Bayesian mode was reported to take about 56 s for these 91 pairs (issue 10); "
              "it was not installed here."]
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
