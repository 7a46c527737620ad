"""Reference values of baycomp 1.0.3's CorrelatedTTest for tests/bayesian/test_correlated_t.py.

Run: python3 tests/reference/correlated_t_baycomp.py > tests/data/correlated_t_baycomp.csv
(needs baycomp 1.0.3; the tests never import it). For every pair of classifiers (x, y) of
tests/data/baycomp_accuracies.csv on each data set, runs in (10, 1) and rope in (0, 0.5, 1):
baycomp.CorrelatedTTest.compute_statistics(x, y, runs) (mean and variance of y - x, df) and
CorrelatedTTest(x, y, rope, runs).probs(). baycomp works on y - x: its p_left (y - x < -rope)
is algocompare's p_right (x - y > rope). With rope = 0 baycomp returns (p_left, p_right) only;
p_rope is written as 0.
"""

import itertools
import sys
from pathlib import Path

import baycomp
import pandas as pd

data = pd.read_csv(Path(__file__).resolve().parents[1] / "data" / "baycomp_accuracies.csv", comment="#")
rows = []
for dataset, block in data.groupby("dataset", sort=False):
    scores = {c: g.sort_values("fold")["accuracy"].to_numpy() for c, g in block.groupby("classifier", sort=False)}
    for (a, b), runs, rope in itertools.product(itertools.combinations(scores, 2), (10, 1), (0.0, 0.5, 1.0)):
        x, y = scores[a], scores[b]
        mean, var, df = baycomp.CorrelatedTTest.compute_statistics(x, y, runs)
        probs = baycomp.CorrelatedTTest(x, y, rope, runs).probs()
        if rope == 0:
            probs = (probs[0], 0.0, probs[1])
        rows.append({"dataset": dataset, "x": a, "y": b, "runs": runs, "rope": rope, "mean": mean, "var": var,
                     "df": df, "p_left": probs[0], "p_rope": probs[1], "p_right": probs[2]})
pd.DataFrame(rows).to_csv(sys.stdout, index=False, float_format="%.15g")
