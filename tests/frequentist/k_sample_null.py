"""Null simulations of the k-sample tests and the independent-sample post-hocs (issue 27).

Identical algorithms (every run from one distribution), unequal run counts; continuous runs
(normal) or tied runs (normal rounded to integers: about 4 distinct values per 10 runs). For
each replicate: does the k-sample test reject at alpha, and does any pair of the post-hoc
reject (the family-wise error rate, all pairs, each test's default adjustment)? Used by
tests/frequentist/test_k_sample_calibration.py (a fast version in the suite, the full one
marked slow) and run as a script for the Validation page::

    python3 -m tests.frequentist.k_sample_null      # prints the markdown table of docs/validation.md
"""

from __future__ import annotations

import warnings

import numpy as np

import algocompare as ac

ALPHA = 0.05
OMNIBUS = {"kruskal_wallis": ac.kruskal_wallis, "anderson_darling": ac.anderson_darling,
           "one_way_anova": ac.one_way_anova, "welch_anova": ac.welch_anova}
POSTHOCS = ("dunn", "conover_iman", "dscf", "kruskal_nemenyi", "mannwhitney")
#: run counts per algorithm of the simulated designs
DESIGNS = {"k=3": (6, 10, 15), "k=5": (5, 8, 10, 12, 20)}


def null_samples(rng: np.random.Generator, sizes: tuple, tied: bool) -> dict:
    """One replicate: every algorithm's runs from the same distribution."""
    samples = {f"A{j + 1}": rng.normal(0.0, 1.0, n) for j, n in enumerate(sizes)}
    if tied:
        samples = {a: np.round(1.2 * x) for a, x in samples.items()}
    return samples


def rejection_rates(sizes: tuple, tied: bool, n_reps: int, seed: int) -> dict[str, float]:
    """Rate of rejection (k-sample tests) and of any rejected pair (post-hocs, all pairs) at ALPHA."""
    rng = np.random.default_rng(seed)
    counts = dict.fromkeys([*OMNIBUS, *POSTHOCS], 0)
    done = 0
    while done < n_reps:
        samples = null_samples(rng, sizes, tied)
        if tied and any(np.ptp(x) == 0 for x in samples.values()):
            continue  # Welch's test is undefined without spread; redraw (rare)
        done += 1
        for name, test in OMNIBUS.items():
            counts[name] += test(samples).pvalue <= ALPHA
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name in POSTHOCS:
                counts[name] += bool(ac.posthoc(samples, test=name).table["reject"].any())
    return {name: count / n_reps for name, count in counts.items()}


def main(n_reps: int = 4000) -> None:
    rows = []
    for design, sizes in DESIGNS.items():
        for tied in (False, True):
            rates = rejection_rates(sizes, tied, n_reps, seed=20261126)
            rows.append((f"{design}, n = {', '.join(map(str, sizes))}, {'tied' if tied else 'continuous'}", rates))
    names = [*OMNIBUS, *POSTHOCS]
    print("| design | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for label, rates in rows:
        print(f"| {label} | " + " | ".join(f"{rates[n]:.3f}" for n in names) + " |")
    print(f"\n{n_reps} replicates each; Monte Carlo standard error at 0.05: {np.sqrt(0.05 * 0.95 / n_reps):.4f}")


if __name__ == "__main__":
    main()
