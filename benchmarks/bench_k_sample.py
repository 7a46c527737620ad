"""Time the k-sample tests and the independent-sample post-hocs; writes benchmarks/results_k_sample.md.

For k algorithms with 30 runs each (k = 5, 20, 100) and one data set with unequal sizes and
ties: ``ac.posthoc(runs, test=...)`` against scikit-posthocs (``posthoc_dunn``,
``posthoc_conover``, ``posthoc_dscf``, ``posthoc_mannwhitney``, from a long DataFrame as it
needs) and against a bare-numpy floor (Dunn's z and p straight from the arrays: no input
checks, no table); ``kruskal_wallis`` against ``scipy.stats.kruskal`` and ``anderson_darling``
against ``scipy.stats.anderson_ksamp``. Ratios are measured side by side in the same run
(best of 3). Run: python benchmarks/bench_k_sample.py
"""

from __future__ import annotations

import platform
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import best_of  # noqa: E402


def _dunn_floor(samples: list[np.ndarray]) -> np.ndarray:
    """Dunn's two-sided p-values of all pairs, nothing else: the least work the test needs."""
    from scipy.stats import norm, rankdata

    values = np.concatenate(samples)
    sizes = np.array([s.size for s in samples])
    ranks = rankdata(values)
    means = np.add.reduceat(ranks, np.r_[0, np.cumsum(sizes)[:-1]]) / sizes
    _, t = np.unique(values, return_counts=True)
    n = values.size
    variance = n * (n + 1) / 12 - np.sum(t ** 3 - t) / (12 * (n - 1))
    i, j = np.triu_indices(sizes.size, 1)
    z = (means[j] - means[i]) / np.sqrt(variance * (1 / sizes[i] + 1 / sizes[j]))
    return 2 * norm.sf(np.abs(z))


def _data(k: int, n: int, rng: np.random.Generator, tied: bool = False) -> dict[str, np.ndarray]:
    sizes = rng.integers(n // 2, n + 1, k) if tied else np.full(k, n)
    out = {f"A{j}": rng.normal(0.1 * j, 1.0, size) for j, size in enumerate(sizes)}
    return {a: np.round(x, 1) for a, x in out.items()} if tied else out


def main() -> None:
    import scikit_posthocs as sp
    from scipy import stats

    import algocompare as ac

    rng = np.random.default_rng(0)
    lines = ["# k algorithms on one instance's runs: benchmarks", "",
             f"Machine: {platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}, "
             f"scikit-posthocs {sp.__version__}. Best of 3; ratio = ours / peer (< 1: ours faster).", ""]
    lines += ["| data | test | algocompare | scikit-posthocs | ratio | numpy floor | ours / floor |",
              "|---|---|---|---|---|---|---|"]
    peers = {"dunn": lambda df: sp.posthoc_dunn(df, "value", "algorithm", p_adjust="holm"),
             "conover_iman": lambda df: sp.posthoc_conover(df, "value", "algorithm", p_adjust="holm"),
             "dscf": lambda df: sp.posthoc_dscf(df, "value", "algorithm"),
             "mannwhitney": lambda df: sp.posthoc_mannwhitney(df, "value", "algorithm", p_adjust="holm")}
    cases = [("k = 5, 30 runs", _data(5, 30, rng)), ("k = 20, 30 runs", _data(20, 30, rng)),
             ("k = 100, 30 runs", _data(100, 30, rng)), ("k = 20, 15-30 runs, ties", _data(20, 30, rng, True))]
    omnibus = []
    for label, data in cases:
        long = pd.DataFrame([(a, x) for a, v in data.items() for x in v], columns=["algorithm", "value"])
        samples = list(data.values())
        floor = best_of(lambda samples=samples: _dunn_floor(samples))
        for test, peer in peers.items():
            if test == "mannwhitney" and len(data) > 20:
                continue  # k(k-1)/2 scipy calls in both: nothing to learn at k = 100
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ours = best_of(lambda data=data, test=test: ac.posthoc(data, test=test))
                theirs = best_of(lambda long=long, peer=peer: peer(long))
            floor_cells = (f"{floor * 1e3:.2f} ms", f"{ours / floor:.1f}") if test == "dunn" else ("", "")
            lines.append(f"| {label} | {test} | {ours * 1e3:.2f} ms | {theirs * 1e3:.2f} ms | {ours / theirs:.2f} | "
                         f"{floor_cells[0]} | {floor_cells[1]} |")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            kw = (best_of(lambda data=data: ac.kruskal_wallis(data)),
                  best_of(lambda samples=samples: stats.kruskal(*samples)))
            ad = (best_of(lambda data=data: ac.anderson_darling(data)),
                  best_of(lambda samples=samples: stats.anderson_ksamp(samples)))
        omnibus.append(f"| {label} | {kw[0] * 1e3:.2f} ms | {kw[1] * 1e3:.2f} ms | {kw[0] / kw[1]:.2f} | "
                       f"{ad[0] * 1e3:.2f} ms | {ad[1] * 1e3:.2f} ms | {ad[0] / ad[1]:.2f} |")
    lines += ["", "k-sample tests against scipy (anderson_ksamp's p-value is capped to [0.001, 0.25]; ours is "
              "kSamples' asymptotic one):", "",
              "| data | kruskal_wallis | scipy kruskal | ratio | anderson_darling | scipy anderson_ksamp | ratio |",
              "|---|---|---|---|---|---|---|", *omnibus]
    out = Path(__file__).with_name("results_k_sample.md")
    out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
