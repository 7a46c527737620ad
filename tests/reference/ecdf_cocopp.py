"""Runtime ECDF values of tests/data/anytime/coco by cocopp 2.9.1's own functions.

For every algorithm folder of the COCO sample (bbob logger, coco-experiment 2.8.2), cocopp reads
the data (``cocopp.pproc.DataSetList``); for each (function, dimension) data set and each of the
51 bbob ECDF targets (``testbedsettings`` ``pprldmany_target_values``: ``10 ** np.arange(2,
-8.2, -0.2)``) the runtimes are ``DataSet.detEvals`` with unsuccessful runs at infinity, drawn
as ``compall/pprldmany.py`` draws them without simulated restarts (its branch for non-uniform
instances: ``toolsstats.randint_derandomized`` over the runs, a sample size equal to the runs,
i.e. every run once). The ECDF at a budget is the fraction of these runtimes at or below it, per
data set, and their mean over the data sets (pprldmany pools equally many samples per function
and target). Writes tests/data/anytime/ecdf_cocopp.csv (algorithm, instance, budget, ecdf;
instance "all" for the aggregate) restated in tests/anytime/test_ecdf.py; and
tests/data/anytime/ecdf_cocopp_restarts.csv, the same with cocopp's default for the bbob suite:
``toolsstats.drawSP`` run lengths with simulated restarts (as pprldmany draws them when
instances are uniform), 9,000 per (data set, target), infinite where no run reached the
target. And tests/data/anytime/ecdf_cocopp_by_dimension.csv (algorithm, dimension, budget,
ecdf): the runs as logged aggregated per dimension as ``pprldmany.main`` aggregates them (the data
sets of one dimension, ``DataSetList.dictByDim``, each function weighing the same). Run from the
repository root with the venv that has cocopp:

    python3 tests/reference/ecdf_cocopp.py
"""

import warnings
from pathlib import Path

import numpy as np

warnings.filterwarnings("ignore")  # cocopp warns that it cannot reach its online data archive
from cocopp import pproc, toolsstats  # noqa: E402

SAMPLE = Path("tests/data/anytime/coco/exdata")
OUT = Path("tests/data/anytime/ecdf_cocopp.csv")
OUT_RESTARTS = Path("tests/data/anytime/ecdf_cocopp_restarts.csv")
OUT_BY_DIMENSION = Path("tests/data/anytime/ecdf_cocopp_by_dimension.csv")
RESTART_SAMPLES = 9000
TARGETS = 10 ** np.arange(2, -8.2, -0.2)
BUDGETS = (1, 2, 3, 5, 10, 20, 30, 50, 100, 150, 200, 300, 500, 1000, 3000, 10000)


def single_runs(ds):
    """pprldmany without restarts: every run once, unsuccessful ones at infinity."""
    samples = []
    for row in ds.detEvals(list(TARGETS)):
        succ, unsucc = row[np.isfinite(row)], row[~np.isfinite(row)]
        idx = toolsstats.randint_derandomized(len(row), size=len(row))
        samples.append(np.hstack((succ, len(unsucc) * [np.inf]))[idx])
    return np.concatenate(samples)


def simulated_restarts(ds):
    """pprldmany's default for bbob: drawSP run lengths, unsuccessful runs at their maxevals."""
    samples = []
    for row in ds.detEvals(list(TARGETS)):
        succ = np.isfinite(row)
        if succ.any():
            samples.append(toolsstats.drawSP(row[succ], ds.maxevals[~succ], percentiles=[50],
                                             samplesize=RESTART_SAMPLES)[1])
        else:
            samples.append(RESTART_SAMPLES * [np.inf])
    return np.concatenate(samples)


def write(draw, out):
    lines = ["algorithm,instance,budget,ecdf"]
    for folder in sorted(p for p in SAMPLE.iterdir() if p.is_dir()):
        per_set = {f"F{ds.funcId}_D{ds.dim}": draw(ds) for ds in pproc.DataSetList(str(folder))}
        for budget in BUDGETS:
            values = {label: float(np.mean(x <= budget)) for label, x in per_set.items()}
            for label, value in values.items():
                lines.append(f"{folder.name},{label},{budget},{value!r}")
            lines.append(f"{folder.name},all,{budget},{float(np.mean(list(values.values())))!r}")
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {out} ({len(lines) - 1} values)")


def write_by_dimension(draw, out):
    lines = ["algorithm,dimension,budget,ecdf"]
    for folder in sorted(p for p in SAMPLE.iterdir() if p.is_dir()):
        for dim, data_sets in sorted(pproc.DataSetList(str(folder)).dictByDim().items()):
            per_function = {ds.funcId: draw(ds) for ds in data_sets}
            for budget in BUDGETS:
                value = float(np.mean([np.mean(x <= budget) for x in per_function.values()]))
                lines.append(f"{folder.name},{dim},{budget},{value!r}")
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {out} ({len(lines) - 1} values)")


def main():
    np.random.seed(29)
    write(single_runs, OUT)
    write(simulated_restarts, OUT_RESTARTS)
    write_by_dimension(single_runs, OUT_BY_DIMENSION)


if __name__ == "__main__":
    main()
