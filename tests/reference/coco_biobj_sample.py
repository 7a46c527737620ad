"""Make tests/data/anytime/coco_biobj (COCO exdata, bbob-biobj logger, coco-experiment 2.8.2: pip
install coco-experiment) and write cocopp 2.9.1's reading of it (pip install cocopp) to
tests/data/anytime/coco_biobj/cocopp_values.json, the values tests/anytime/test_coco_biobj.py
compares with. Random search on bbob-biobj f1, f2 and f20, D = 2 and 3, instances 1-3: "RS" with a
budget of 100 D on the first problem of each pair and 50 D on the second (budgets that differ
between trials), "RS_short" with 20 D (many unsuccessful trials). Run from the repository root
(the package and its tests import neither cocoex nor cocopp):

    python3 tests/reference/coco_biobj_sample.py

cocopp reads the ``.info`` files and, for runtimes, the ``.dat`` files they name (columns
"function evaluation | indicator value | target hit"; the indicator is the hypervolume of the
archive subtracted from the reference set's, minimized, negative when the archive beats the
reference) plus the ``.tdat`` files for its budget check; the archive (``.adat``) and the
``.rdat``/``.mdat`` files are deleted to keep the sample small.
"""

import json
import os
import shutil
import warnings
from pathlib import Path

import cocoex
import numpy as np

OUT = Path("tests/data/anytime/coco_biobj").resolve()
#: cocopp's bbob-biobj targets for its aggregated runtime ECDFs (testbedsettings.GECCOBiObjBBOBTestbed
#: pprldmany_target_values): 10^0, 10^-0.1, ..., 10^-5, 0, -10^-5, -10^-4.8, ..., -10^-4
TARGETS = np.append(np.append(10 ** np.arange(0, -5.1, -0.1), [0]), -(10 ** np.arange(-5, -3.9, 0.2)))
#: the same levels as cocopp's own alignment grid computes them (readalign.HMultiReader: numpy.power(10,
#: i / number_of_points), number_of_points = 10 for bbob-biobj); cocopp's runtime at a target t is the
#: one at the largest grid level <= t, so only on this grid is it the exact first hit of t
GRID = np.append(np.append(np.power(10, np.arange(0, -51, -1) / 10), [0]), -np.power(10, np.arange(-50, -39) / 10))


def make():
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    here = os.getcwd()
    os.chdir(OUT)  # the observer writes to ./exdata
    try:
        suite = cocoex.Suite("bbob-biobj", "", "dimensions:2,3 function_indices:1,2,20 instance_indices:1-3")
        for name, per_dim in (("RS", (100, 50)), ("RS_short", (20, 20))):
            observer = cocoex.Observer("bbob-biobj", f"result_folder: {name} algorithm_name: {name}")
            rng = np.random.default_rng(1)
            for index, problem in enumerate(suite):
                problem.observe_with(observer)
                for _ in range(per_dim[index % 2] * problem.dimension):
                    problem(rng.uniform(-5, 5, problem.dimension))
                problem.free()
    finally:
        os.chdir(here)
    for extra in [*OUT.rglob("*.rdat"), *OUT.rglob("*.mdat")]:
        extra.unlink()
    for archive in OUT.rglob("archive"):
        shutil.rmtree(archive)


def cocopp_values():
    warnings.filterwarnings("ignore")  # cocopp warns that it cannot reach its online data archive
    from cocopp import pproc

    values = {"targets": [float(t) for t in TARGETS], "grid": [float(t) for t in GRID], "datasets": []}
    for name in ("RS", "RS_short"):
        for ds in pproc.DataSetList(str(OUT / "exdata" / name)):
            values["datasets"].append({
                "algorithm": ds.algId, "function": int(ds.funcId), "dimension": int(ds.dim),
                "instances": [int(i) for i in ds.instancenumbers],
                "maxevals": [float(m) for m in ds.maxevals],
                "detERT": [float(x) for x in ds.detERT(list(TARGETS))],
                "detERT_grid": [float(x) for x in ds.detERT(list(GRID))],
                "detSuccesses_grid": [int(s) for s in ds.detSuccesses(list(GRID), raw_values=True)],
                "detEvals_grid": [[float(e) for e in row] for row in ds.detEvals(list(GRID))],  # nan: unsuccessful
            })
    (OUT / "cocopp_values.json").write_text(json.dumps(values) + "\n")
    print(len(values["datasets"]), "data sets")


if __name__ == "__main__":
    make()
    cocopp_values()
