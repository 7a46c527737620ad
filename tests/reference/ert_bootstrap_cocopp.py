"""cocopp's bootstrapped run lengths (toolsstats.drawSP) on tests/data/anytime/iohprofiler (cocopp 2.9.1).

For every (algorithm, instance, target) where some but not all runs reach the target, and one
where all do, drawSP (cocopp's simulated restarts, as its pptable/pptables dispersion) with
400,000 simulated run lengths gives the 9th, 10th, 11th, 49th, 50th, 51st, 89th, 90th and 91st
percentiles; tests/anytime/test_ert.py restates them and checks that algocompare's 10/50/90 %
(from 40,000 run lengths) fall within the neighbouring percentiles (±1 point, about 3 Monte Carlo
standard errors of a percentile of 40,000 draws at 10 %). Runs are read as in ert_cocopp.py,
independently of algocompare. Run from the repository root with the venv that has cocopp:

    PYTHONPATH=tests/reference python3 tests/reference/ert_bootstrap_cocopp.py
"""

import json
import warnings

import numpy as np

warnings.filterwarnings("ignore")  # cocopp warns that it cannot reach its online data archive
from cocopp import toolsstats  # noqa: E402
from ert_cocopp import SAMPLE, TARGETS, runs_of  # noqa: E402

PERCENTILES = (9, 10, 11, 49, 50, 51, 89, 90, 91)


def main():
    np.random.seed(29)
    print("COCOPP_DRAWSP = [  # algorithm, instance, target, percentiles", PERCENTILES)
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
                if not success.any():
                    continue
                values = toolsstats.drawSP(hits[success], budgets[~success], PERCENTILES, samplesize=400_000)[0]
                name = (meta["algorithm"]["name"], f"F{meta['function_id']}_D{scenario['dimension']}", target)
                print(f"    ({name[0]!r}, {name[1]!r}, {name[2]!r}, {[round(float(v), 6) for v in values]}),")
    print("]")


if __name__ == "__main__":
    main()
