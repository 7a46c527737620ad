"""Make tests/data/anytime/coco (COCO exdata, bbob logger, coco-experiment 2.8.2: pip install
coco-experiment) and print cocopp 2.9.1's ERT of it (pip install cocopp), the values restated in
tests/anytime/test_coco.py. Random search on bbob f1 and f2, D = 2 and 5, instances 1-3, with a
budget of 100 D ("RS") and of 30 D ("RS_short"). Run from the repository root (the package and its
tests import neither cocoex nor cocopp):

    python3 tests/reference/coco_sample.py
"""

import os
import shutil
import warnings
from pathlib import Path

import cocoex
import numpy as np

OUT = Path("tests/data/anytime/coco").resolve()
TARGETS = (10.0, 1.0, 0.1, 0.01)


def make():
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    here = os.getcwd()
    os.chdir(OUT)  # the observer writes to ./exdata
    try:
        suite = cocoex.Suite("bbob", "", "dimensions:2,5 function_indices:1,2 instance_indices:1-3")
        for name, per_dim in (("RS", 100), ("RS_short", 30)):
            observer = cocoex.Observer("bbob", f"result_folder: {name} algorithm_name: {name}")
            rng = np.random.default_rng(1)
            for problem in suite:
                problem.observe_with(observer)
                for _ in range(per_dim * problem.dimension):
                    problem(rng.uniform(-5, 5, problem.dimension))
                problem.free()
    finally:
        os.chdir(here)
    for extra in [*OUT.rglob("*.rdat"), *OUT.rglob("*.mdat")]:  # not read by cocopp nor algocompare: kept small
        extra.unlink()


def cocopp_ert():
    warnings.filterwarnings("ignore")  # cocopp warns that it cannot reach its online data archive
    from cocopp import pproc

    print("COCOPP_ERT = [  # algorithm, function, dimension, ERT at the targets", TARGETS)
    for name in ("RS", "RS_short"):
        for ds in pproc.DataSetList(str(OUT / "exdata" / name)):
            print(f"    ({ds.algId!r}, {ds.funcId}, {ds.dim}, {[float(x) for x in ds.detERT(list(TARGETS))]}),")
    print("]")


if __name__ == "__main__":
    make()
    cocopp_ert()
