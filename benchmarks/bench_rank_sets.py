"""Joint coverage of ``ac.rank_intervals`` on tables with known true ranks.

Tables come from the calibration grid's model (``bench_calibration.simulate``: i.i.d. errors,
a random instance effect, optional competition ties), with per-algorithm shifts that fix the
true ranks: distinct shifts, shifts with ties in truth, and the complete null (every true rank
is the set 1..k). A replicate is covered when every algorithm's interval contains its whole set
of true ranks (``RankIntervalsResult.covers(...).all()``); the target at level 0.95 is
coverage >= 0.95 - 3 MC s.e.

Run: nice -n 10 python benchmarks/bench_rank_sets.py [--reps 400] [--only friedman+holm ...]
(the whole grid at 400 replicates: about 17 CPU-minutes, pairwise Wilcoxon most of it; the default
procedure alone at 2000 replicates: about 2 minutes).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_calibration import Design, simulate  # noqa: E402

import algocompare as ac  # noqa: E402

SEED = 20261126

#: true shifts (in error units; lower is better): distinct, tied in truth, all equal
PATTERNS = {
    "distinct": (0.0, 0.25, 0.5, 0.75, 1.0),
    "tied": (0.0, 0.0, 0.5, 0.5, 1.0),
    "null": (0.0, 0.0, 0.0, 0.0, 0.0),
    "one better": (0.0, 0.6, 0.6, 0.6, 0.6),
}
PROCEDURES = (("friedman", "holm"), ("friedman", "nemenyi"), ("friedman", "shaffer"), ("wilcoxon", "holm"),
              ("aligned_ranks", "holm"), ("quade", "holm"))


def coverage(design: Design, test: str, p_adjust: str, reps: int, rng: np.random.Generator) -> tuple[float, float]:
    """Share of replicates whose k intervals all cover the true ranks, and its MC standard error."""
    tables = simulate(design, reps, rng)
    truth = np.asarray(design.shift)
    hits = 0
    for table in tables:
        result = ac.rank_intervals(table, test=test, p_adjust=p_adjust)
        hits += bool(result.covers(truth).all())
    rate = hits / reps
    return rate, float(np.sqrt(rate * (1 - rate) / reps))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=400)
    parser.add_argument("--only", nargs="*", default=None, help="procedures as test+p_adjust, e.g. friedman+holm")
    args = parser.parse_args()
    procedures = [p for p in PROCEDURES if args.only is None or "+".join(p) in args.only]
    rng = np.random.default_rng(SEED)
    print("| procedure | N | errors | ties | truth | coverage | MC s.e. | >= 0.95 - 3 s.e. |")
    print("|---|---|---|---|---|---|---|---|")
    start = time.time()
    for test, p_adjust in procedures:
        for n, errors, ties in ((10, "normal", False), (30, "normal", False), (30, "t3", False), (40, "normal", True)):
            for name, shift in PATTERNS.items():
                design = Design(n=n, k=len(shift), errors=errors, ties=ties, shift=shift)
                rate, se = coverage(design, test, p_adjust, args.reps, rng)
                ok = "yes" if rate >= 0.95 - 3 * se else "**no**"
                print(f"| {test} + {p_adjust} | {n} | {errors} | {'yes' if ties else 'no'} | {name} | {rate:.3f} | "
                      f"{se:.3f} | {ok} |", flush=True)
    print(f"\n{time.time() - start:.0f} s, seed {SEED}, {args.reps} replicates per row")


if __name__ == "__main__":
    main()
