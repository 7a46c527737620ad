"""Reference values of baycomp's HierarchicalTest (PyStan 3) for tests/bayesian/test_hierarchical.py.

Needs a Python with pystan >= 3.4 and baycomp 1.0.3 (a C++ compiler builds the Stan model);
run from the repository root, e.g. ``stan-venv/bin/python tests/reference/baycomp_hierarchical.py``.
Writes tests/data/baycomp_hierarchical.json: for each case the data selection, baycomp's
arguments (rope, runs, chains, nsamples, random_state), its probs() (p_left, p_rope, p_right:
share of draws in which each region is the most probable), the means of its sample columns,
and the wall time of build + sampling (the model is compiled once and cached by httpstan: the
first case's time includes the compilation), repeated for the small case (baycomp passes no seed to
Stan, but the two repetitions came out identical: PyStan 3 then uses a fixed default seed, so they
show no Monte Carlo spread). 4 chains of ``nsamples``
draws after 1000 warm-up iterations each (PyStan's default).

baycomp's convention: ``diff = y - x``, left = ``diff < -rope``. algocompare's
bayesian_hierarchical(results, a, b) uses ``a - b``: with x = a, y = b, baycomp's left is
algocompare's right (a higher than b by more than the rope).
"""

import json
import os
import tempfile
import time

import numpy as np
import pandas as pd
from baycomp import HierarchicalTest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
frame = pd.read_csv(os.path.join(ROOT, "tests", "data", "baycomp_hierarchical_accuracies.csv"), comment="#")


def scores(classifier, rows, n_scores):
    part = frame[frame.classifier == classifier].sort_values("row")
    return part[part.row.isin(rows)][[f"s{i}" for i in range(n_scores)]].to_numpy(float)


CASES = [
    dict(name="aode_j48_20x10", x="aode", y="j48", rows=list(range(0, 40, 2)), n_scores=10, rope=1.0, runs=1,
         nsamples=10000, repetitions=2),
    dict(name="nbc_aode_15x100", x="nbc", y="aode", rows=list(range(1, 46, 3)), n_scores=100, rope=0.5, runs=10,
         nsamples=3000, repetitions=1),
    dict(name="nbc_j48_54x100", x="nbc", y="j48", rows=list(range(54)), n_scores=100, rope=1.0, runs=10,
         nsamples=3000, repetitions=1),
]

SOURCE = "baycomp 1.0.3 HierarchicalTest with pystan 3.10.0 (tests/reference/baycomp_hierarchical.py)"
out = []
os.chdir(tempfile.mkdtemp())          # baycomp caches its last sample in ./last-sample.pickle
for case in CASES:
    x, y = scores(case["x"], case["rows"], case["n_scores"]), scores(case["y"], case["rows"], case["n_scores"])
    reps = []
    for _rep in range(case["repetitions"]):
        if os.path.exists("last-sample.pickle"):
            os.remove("last-sample.pickle")
        start = time.perf_counter()
        sample = HierarchicalTest.sample(x, y, case["rope"], runs=case["runs"], chains=4,
                                         nsamples=case["nsamples"], random_state=0)
        seconds = time.perf_counter() - start
        winners = np.bincount(np.argmax(sample, axis=1), minlength=3) / len(sample)
        reps.append(dict(probs=winners.tolist(), sample_means=sample.mean(axis=0).tolist(),
                         n_draws=len(sample), seconds=seconds))
        print(case["name"], reps[-1], flush=True)
    out.append(dict(case, chains=4, random_state=0, repetitions=reps))
    with open(os.path.join(ROOT, "tests", "data", "baycomp_hierarchical.json"), "w") as f:   # after each case
        json.dump(dict(source=SOURCE, cases=out), f, indent=1)

