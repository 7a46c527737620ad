"""Time the cross-validation tests and the compact letter display; writes
benchmarks/results_cross_validation.md.

* ``bayesian_correlated_ttest`` against baycomp 1.0.3's ``CorrelatedTTest(...).probs()`` and
  ``corrected_ttest`` against a bare-numpy floor (the statistic and p straight from the arrays),
  on 10 x 10-fold accuracies (n = 100) and on 100 x 10 folds (n = 1000); best of 5.
* ``compact_letters`` against R multcompView's ``multcompLetters`` (timed inside R with
  ``system.time``, so R's start-up is not counted) on random decision matrices of k algorithms.

Run: python benchmarks/bench_cross_validation.py   (baycomp and Rscript optional: skipped when absent)
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import best_of  # noqa: E402


def _floor(x: np.ndarray, y: np.ndarray, ratio: float) -> float:
    from scipy import stats

    d = x - y
    t = d.mean() / (d.std(ddof=1) * np.sqrt(1 / d.size + ratio))
    return float(2 * stats.t.sf(abs(t), d.size - 1))


def _r_letters_seconds(matrix: np.ndarray, repeat: int = 3) -> float | None:
    if shutil.which("Rscript") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "d.csv"
        np.savetxt(path, matrix.astype(int), fmt="%d", delimiter=",")
        script = (f'suppressPackageStartupMessages(library(multcompView)); d <- as.matrix(read.csv("{path}", '
                  'header = FALSE)) == 1; dimnames(d) <- list(paste0("a", 1:nrow(d)), paste0("a", 1:nrow(d))); '
                  f'cat(min(sapply(1:{repeat}, function(i) system.time(multcompLetters(d))[["elapsed"]])))')
        run = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True, timeout=600, check=False)
        return float(run.stdout) if run.returncode == 0 and run.stdout else None


def main() -> None:
    import algocompare as ac
    from algocompare.posthoc._letters import _insert_absorb

    try:
        import baycomp
    except ImportError:  # pragma: no cover - optional peer
        baycomp = None
    rng = np.random.default_rng(0)
    lines = ["# Cross-validation tests and compact letters: benchmarks", "",
             f"Machine: {platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}. "
             "Best of 5 (R: best of 3, timed inside R). Ratio = ours / peer (< 1: ours faster).", "",
             "| test | n | algocompare (ms) | peer | peer (ms) | ratio |", "|---|---|---|---|---|---|"]
    for runs in (10, 100):
        x = rng.normal(80, 2, runs * 10)
        y = x + rng.normal(0.3, 1, runs * 10)
        ours = best_of(lambda x=x, y=y, runs=runs: ac.bayesian_correlated_ttest(x, y, rope=0.5, runs=runs), 5)
        if baycomp is not None:
            peer = best_of(lambda x=x, y=y, runs=runs: baycomp.CorrelatedTTest(x, y, rope=0.5, runs=runs).probs(),
                           5)
            lines.append(f"| bayesian_correlated_ttest | {x.size} | {1e3 * ours:.3f} | baycomp CorrelatedTTest "
                         f"| {1e3 * peer:.3f} | {ours / peer:.2f} |")
        ours = best_of(lambda x=x, y=y, runs=runs: ac.corrected_ttest(x, y, runs=runs), 5)
        floor = best_of(lambda x=x, y=y: _floor(x, y, 1 / 9), 5)
        lines.append(f"| corrected_ttest | {x.size} | {1e3 * ours:.3f} | numpy floor | {1e3 * floor:.3f} "
                     f"| {ours / floor:.2f} |")
    lines += ["", "| compact letters | k | density | letters | algocompare (ms) | multcompView (ms) | ratio |",
              "|---|---|---|---|---|---|---|"]
    for k, density in ((10, 0.5), (20, 0.5), (30, 0.8), (30, 0.5)):
        lower = np.tril(rng.random((k, k)) < density, -1)
        matrix = lower | lower.T
        ours = best_of(lambda matrix=matrix: ac.compact_letters(matrix), 3)
        n_letters = len(_insert_absorb(matrix))  # the number of groups (letters)
        peer = _r_letters_seconds(matrix)
        shown = "–" if peer is None else f"{1e3 * peer:.1f}"
        ratio = "–" if not peer else f"{ours / peer:.3f}"
        lines.append(f"| compact_letters | {k} | {density} | {n_letters} | {1e3 * ours:.1f} | {shown} | {ratio} |")
    out = Path(__file__).resolve().parent / "results_cross_validation.md"
    out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
