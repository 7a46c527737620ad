"""ERT and success rates of tests/data/anytime/iohprofiler by cocopp (2.9.1, pip install cocopp).

The runs are read here with plain json and line splitting (independently of algocompare): the
first evaluation at which each run's best-so-far raw_y is at or below the target, NaN when it never
is; cocopp.toolsstats.sp then gives the ERT (unsuccessful runs counted at their budget, the
meta-data's "evals", as cocopp's DataSet.computeERTfromEvals does with maxevals) and the success
rate. Prints the values restated in tests/anytime/test_ert.py. Run from the repository root:

    python3 tests/reference/ert_cocopp.py
"""

import json
import warnings
from pathlib import Path

import numpy as np

warnings.filterwarnings("ignore")  # cocopp warns that it cannot reach its online data archive
from cocopp import toolsstats  # noqa: E402

SAMPLE = Path("tests/data/anytime/iohprofiler")
TARGETS = (10.0, 1.0, 0.1, 0.01)


def runs_of(dat_path):
    runs, current = [], None
    for line in dat_path.read_text().splitlines():
        fields = line.split()
        if not fields:
            continue
        if fields[0] == "evaluations":
            current = []
            runs.append(current)
        else:
            current.append((float(fields[0]), float(fields[1])))
    return runs


def main():
    rows = []
    for meta_path in sorted(SAMPLE.rglob("*.json")):
        meta = json.loads(meta_path.read_text())
        for scenario in meta["scenarios"]:
            records = runs_of(meta_path.parent / scenario["path"])
            budgets = np.array([run["evals"] for run in scenario["runs"]], dtype=float)
            for target in TARGETS:
                hits = []
                for run in records:
                    best = np.minimum.accumulate([y for _, y in run])
                    reached = [e for (e, _), b in zip(run, best, strict=True) if b <= target]
                    hits.append(reached[0] if reached else np.nan)
                hits = np.array(hits)
                success = np.isfinite(hits)
                data = np.where(success, hits, budgets)
                ert, rate, n_success = toolsstats.sp(data, issuccessful=success)
                rows.append((meta["algorithm"]["name"], f"F{meta['function_id']}_D{scenario['dimension']}", target,
                             float(ert), float(rate), int(n_success)))
    print("COCOPP_ERT = [  # algorithm, instance, target, ERT, success rate, successes")
    for row in rows:
        print(f"    {row!r},")
    print("]")


if __name__ == "__main__":
    main()
