"""Read + ERT + aggregated runtime ECDF on a 1 GB log set: algocompare next to cocopp and a bare-numpy floor.

Issue 29, part 5. The log set is made by ``benchmarks/make_anytime_logs.py`` (real IOHprofiler
logs written by ``ioh`` and real COCO exdata written by ``cocoex``, replicated under new
algorithm names to at least 1 GB per format; in a temporary folder, never the repository).
Each measurement runs in its own child process (``nice -n 10``), which reports its wall times
and its peak resident memory (``resource.getrusage``):

* **algocompare** on the IOHprofiler set and on the COCO set: ``read_iohprofiler`` /
  ``read_coco``, then ``ert`` at cocopp's 51 bbob targets (10^2 ... 10^-8) and the
  aggregated ``runtime_ecdf`` at the same targets, evaluated at 50 budgets;
* **bare numpy** in the same child: ERT and the aggregated ECDF from
  ``AnytimeResults.runtimes(targets)`` and the budgets with ``np.bincount`` alone (the least
  work the statistics need once the records are in arrays), and the I/O floor (the bytes of
  every file the reader opens, read and discarded);
* **cocopp** (2.9.1, in its own interpreter: ``--cocopp-python``) on the COCO set:
  ``pproc.DataSetList`` of each algorithm folder, ``DataSet.detERT`` at the same targets, and the
  runtimes its ``pprldmany`` aggregates (``DataSet.detEvals`` at the same targets) turned into
  the same aggregated ECDF. Its ERTs are checked against algocompare's (same cells, 1e-9).

IOHanalyzer (R/Shiny) is not measured: it is not installable here (CRAN unreachable), and
cocopp does not read IOHprofiler logs, so the IOHprofiler set has no peer in this run.

Run::

    nice -n 10 python benchmarks/make_anytime_logs.py "$TMPDIR"/anytime-logs --size 1e9   # with ioh, cocoex
    nice -n 10 python benchmarks/bench_anytime.py "$TMPDIR"/anytime-logs --cocopp-python /path/to/venv/bin/python
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np

TARGETS = 10 ** np.arange(2, -8.2, -0.2)      # cocopp's bbob targets, as its testbedsettings write them (51)

_ALGOCOMPARE = textwrap.dedent("""
    import json, resource, sys, time
    from pathlib import Path
    import numpy as np
    import algocompare as ac
    fmt, folder, targets = sys.argv[1], Path(sys.argv[2]), np.array(json.loads(sys.argv[3]))
    t0 = time.perf_counter()
    runs = (ac.anytime.read_coco if fmt == "coco" else ac.anytime.read_iohprofiler)(folder)
    t1 = time.perf_counter()
    peak_read = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
    ert = ac.anytime.ert(runs, targets)
    t2 = time.perf_counter()
    budgets = np.geomspace(1, runs.budgets().max(), 50)
    ecdf = ac.anytime.runtime_ecdf(runs, targets).values(budgets)
    t3 = time.perf_counter()
    # bare numpy: ERT and the aggregated ECDF (mean over instances) from the runtimes grid
    table = runs.runs()
    grid = runs.runtimes(targets)                                    # (runs, targets), inf: never
    a_code, algorithms = table.algorithm.factorize()
    i_code, instances = table.instance.factorize()
    key = a_code * len(instances) + i_code
    n_cells = len(algorithms) * len(instances)
    reached = np.isfinite(grid)
    spent = np.where(reached, grid, runs.budgets()[:, None])
    columns = key[:, None] * len(targets) + np.arange(len(targets))
    successes = np.bincount(columns.ravel(), reached.ravel(), n_cells * len(targets)).reshape(n_cells, -1)
    total = np.bincount(columns.ravel(), spent.ravel(), n_cells * len(targets)).reshape(n_cells, -1)
    with np.errstate(divide="ignore", invalid="ignore"):
        bare_ert = np.where(successes > 0, total / successes, np.inf)
    runs_per_cell = np.bincount(key, minlength=n_cells)
    hit = np.searchsorted(budgets, np.where(reached, grid, np.inf).ravel(), side="left")   # first budget >= hit
    counts = np.zeros((n_cells, budgets.size + 1))
    np.add.at(counts, (np.repeat(key, len(targets)), hit), 1.0)
    cell_ecdf = np.cumsum(counts[:, :-1], axis=1) / (runs_per_cell[:, None] * len(targets))
    bare_ecdf = np.nanmean(np.where(runs_per_cell[:, None] > 0, cell_ecdf, np.nan).reshape(
        len(algorithms), len(instances), -1), axis=1)
    t4 = time.perf_counter()
    ours = ert.table.set_index(["algorithm", "instance", "target"]).ert.unstack("target")
    ours = ours.reindex(index=[(a, i) for a in algorithms for i in instances], columns=targets).to_numpy()
    both = np.isfinite(ours) & np.isfinite(bare_ert)
    assert (np.isfinite(ours) == np.isfinite(bare_ert)).all() and np.allclose(ours[both], bare_ert[both], rtol=1e-9)
    assert np.allclose(ecdf.reindex(list(algorithms)).to_numpy(), bare_ecdf, atol=1e-12)
    io0 = time.perf_counter()
    for path in folder.rglob("*"):
        if path.suffix in (".dat", ".json", ".info"):
            with open(path, "rb") as handle:
                while handle.read(1 << 25):
                    pass
    io1 = time.perf_counter()
    erts = {f"{a}|{i}": ours[k].tolist() for k, (a, i) in enumerate((a, i) for a in algorithms for i in instances)}
    print(json.dumps({"read": t1 - t0, "ert": t2 - t1, "ecdf": t3 - t2, "bare_stats": t4 - t3, "io": io1 - io0,
                      "peak_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6, "peak_read_gb": peak_read,
                      "runs": runs.n_runs, "records": runs.n_records, "erts": erts}))
""")

_COCOPP = textwrap.dedent("""
    import json, resource, sys, time, warnings
    warnings.filterwarnings("ignore")
    import numpy as np
    t0 = time.perf_counter()
    from pathlib import Path
    from cocopp import pproc
    folder, targets = Path(sys.argv[1]), np.array(json.loads(sys.argv[2]))
    t1 = time.perf_counter()
    datasets = []     # one DataSetList per algorithm folder, as cocopp.load reads each argument
    for algorithm in sorted(p for p in folder.iterdir() if p.is_dir()):
        datasets += pproc.DataSetList(str(algorithm))
    t2 = time.perf_counter()
    peak_read = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
    erts = {f"{ds.algId}|F{ds.funcId}_D{ds.dim}": [float(x) for x in ds.detERT(targets)] for ds in datasets}
    t3 = time.perf_counter()
    budgets = np.geomspace(1, max(float(np.max(ds.maxevals)) for ds in datasets), 50)
    per_algorithm = {}
    for ds in datasets:            # pprldmany's data: detEvals at the targets, one ECDF per function
        evals = np.concatenate([np.asarray(e, dtype=float) for e in ds.detEvals(targets)])
        hit = np.where(np.isnan(evals), np.inf, evals)
        per_algorithm.setdefault(ds.algId, []).append((hit[:, None] <= budgets).mean(axis=0))
    ecdf = {a: np.mean(v, axis=0).tolist() for a, v in per_algorithm.items()}
    t4 = time.perf_counter()
    print(json.dumps({"import": t1 - t0, "read": t2 - t1, "ert": t3 - t2, "ecdf": t4 - t3,
                      "peak_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6, "peak_read_gb": peak_read,
                      "datasets": len(datasets), "erts": erts}))
""")


def child(python: str, script: str, *args: str) -> dict:
    out = subprocess.run(["nice", "-n", "10", python, "-c", script, *args], capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{python} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def size_gb(folder: Path, suffixes: tuple[str, ...] | None = None) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*")
               if p.is_file() and (suffixes is None or p.suffix in suffixes)) / 1e9


def show_row(rows: list, row: tuple) -> None:
    rows.append(row)
    show(row)


def compare_erts(ours: dict, theirs: dict) -> tuple[int, int, float]:
    """Cells compared, cells with a finite ERT, largest relative difference."""
    cells = finite = 0
    worst = 0.0
    for key, values in theirs.items():
        a, b = np.array(ours[key]), np.array(values)
        assert (np.isinf(a) == np.isinf(b)).all(), key
        ok = np.isfinite(a)
        if ok.any():
            worst = max(worst, float(np.max(np.abs(a[ok] - b[ok]) / b[ok])))
        cells += a.size
        finite += int(ok.sum())
    return cells, finite, worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", type=Path, help="the folder make_anytime_logs.py wrote (iohprofiler/, coco/)")
    parser.add_argument("--cocopp-python", default=None, help="an interpreter with cocopp 2.9.1 installed")
    parser.add_argument("--formats", nargs="+", default=["iohprofiler", "coco"], choices=["iohprofiler", "coco"])
    args = parser.parse_args()
    targets = json.dumps(TARGETS.tolist())
    print("| format | log set | tool | read (s) | ERT (s) | ECDF (s) | total (s) | peak RSS (GB) | notes |")
    print("|---|---|---|---:|---:|---:|---:|---:|---|", flush=True)
    rows: list[tuple] = []
    for fmt in args.formats:
        folder = args.logs / fmt
        ours = child(sys.executable, _ALGOCOMPARE, fmt, str(folder), targets)
        total = ours["read"] + ours["ert"] + ours["ecdf"]
        show_row(rows, (fmt, f"{size_gb(folder):.2f} GB ({size_gb(folder, ('.dat', '.json', '.info')):.2f} GB read)",
                     "algocompare", ours["read"], ours["ert"], ours["ecdf"], total, ours["peak_gb"],
                     f"{ours['runs']} runs, {ours['records']} records; peak after reading "
                     f"{ours['peak_read_gb']:.2f} GB"))
        show_row(rows, (fmt, "", "floor: I/O + bare numpy", ours["io"], ours["bare_stats"], None,
                     ours["io"] + ours["bare_stats"], None, "same child; read = the files' bytes only, ERT = ERT and "
                     "ECDF from runtimes() in bare numpy"))
        if fmt == "coco" and args.cocopp_python:
            theirs = child(args.cocopp_python, _COCOPP, str(folder), targets)
            cells, finite, worst = compare_erts(ours["erts"], theirs["erts"])
            show_row(rows, (fmt, "", "cocopp 2.9.1", theirs["read"], theirs["ert"], theirs["ecdf"],
                         theirs["read"] + theirs["ert"] + theirs["ecdf"], theirs["peak_gb"],
                         f"{theirs['datasets']} data sets; ERT equal on {cells} cells ({finite} finite), "
                         f"max rel. diff {worst:.1e}; import {theirs['import']:.1f} s not counted; peak after "
                         f"reading {theirs['peak_read_gb']:.2f} GB"))


def show(row: tuple) -> None:
    """One row of the table, printed as soon as it is measured (a long run keeps what it measured)."""
    fmt, size, tool, *numbers, notes = row
    cells = ["" if x is None else (f"{x:.2f}" if i == 4 else f"{x:.1f}") for i, x in enumerate(numbers)]
    print(f"| {fmt} | {size} | {tool} | {' | '.join(cells)} | {notes} |", flush=True)


if __name__ == "__main__":
    main()
