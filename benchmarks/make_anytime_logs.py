"""Make a large anytime log set for benchmarks/bench_anytime.py (never in the repository).

Two formats, each written by the platform's own logger and then replicated (copies under new
algorithm names) until the folder holds at least ``--size`` bytes:

* IOHprofiler (``ioh``, IOHexperimenter 0.4.x): random search and a (1+1)-ES on BBOB f1-f6,
  D = 2, 5, 10, instances 1-3, 2 runs each, every evaluation logged (``trigger.ALWAYS``), and one
  run in ten stopped at a quarter of the budget (a shorter run);
* COCO exdata (``cocoex``, coco-experiment 2.8.x, the bbob logger): random search on bbob f1-f24,
  D = 2, 5, 10, instances 1-5, some algorithms with a shorter budget (unsuccessful trials).

Run it with the platforms' packages installed (the package and its tests never import them)::

    nice -n 10 python benchmarks/make_anytime_logs.py "$TMPDIR"/anytime-logs --size 1e9
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
from pathlib import Path


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def make_ioh(out: Path, budget_per_dim: int) -> None:
    import ioh
    import numpy as np

    def random_search(problem, budget, rng):
        for start in range(0, budget, 1000):   # ioh evaluates a batch, logging each evaluation
            problem(rng.uniform(problem.bounds.lb, problem.bounds.ub, (min(1000, budget - start), problem.meta_data.n_variables)).tolist())

    def one_plus_one(problem, budget, rng):
        x = rng.uniform(problem.bounds.lb, problem.bounds.ub)
        fx, step = problem(x), 1.0
        for _ in range(budget - 1):
            y = np.clip(x + step * rng.normal(size=x.size), problem.bounds.lb, problem.bounds.ub)
            fy = problem(y)
            if fy <= fx:
                x, fx, step = y, fy, step * 1.5
            else:
                step *= 1.5 ** -0.25

    for name, algorithm, scale in (("RandomSearch", random_search, 1), ("OnePlusOne", one_plus_one, 0.1)):
        logger = ioh.logger.Analyzer(root=str(out), folder_name=name, algorithm_name=name, store_positions=False,
                                     triggers=[ioh.logger.trigger.ALWAYS])
        rng = np.random.default_rng(1)
        count = 0
        for fid in range(1, 7):
            for dim in (2, 5, 10):
                for iid in (1, 2, 3):
                    problem = ioh.get_problem(fid, instance=iid, dimension=dim, problem_class=ioh.ProblemClass.BBOB)
                    problem.attach_logger(logger)
                    for _ in range(2):
                        budget = int(budget_per_dim * dim * scale)
                        count += 1
                        algorithm(problem, budget // 4 if count % 10 == 0 else budget, rng)
                        problem.reset()
        logger.close()


def make_coco(out: Path, budget_per_dim: int) -> None:
    import cocoex
    import numpy as np

    here = Path.cwd()
    work = out.parent / "_cocoex"
    work.mkdir(parents=True, exist_ok=True)
    os.chdir(work)   # cocoex writes into ./exdata/<result_folder>
    try:
        suite = cocoex.Suite("bbob", "", "dimensions:2,5,10 instance_indices:1-5")
        for name, per_dim in (("RS", budget_per_dim), ("RS_short", budget_per_dim // 10)):
            observer = cocoex.Observer("bbob", f"result_folder: {name} algorithm_name: {name}")
            rng = np.random.default_rng(1)
            for problem in suite:
                problem.observe_with(observer)
                budget = per_dim * problem.dimension
                for start in range(0, budget, 1000):
                    for x in rng.uniform(-5, 5, (min(1000, budget - start), problem.dimension)):
                        problem(x)
                problem.free()
    finally:
        os.chdir(here)
    shutil.move(str(work / "exdata"), str(out))
    shutil.rmtree(work)


def replicate(base: Path, size: float, rename) -> None:
    """Copy the algorithms' folders under new names until the set holds ``size`` bytes."""
    originals = sorted(p for p in base.iterdir() if p.is_dir())
    if not originals:
        raise SystemExit(f"{base}: the logger wrote nothing")
    total, copy = folder_size(base), 1
    while total < size:
        for original in originals:
            target = base / f"{original.name}_copy{copy:03d}"
            shutil.copytree(original, target)
            rename(target, f"{original.name}_copy{copy:03d}")
            total += folder_size(original)
        copy += 1


def rename_ioh(folder: Path, name: str) -> None:
    for meta in folder.glob("*.json"):
        data = json.loads(meta.read_text())
        data["algorithm"]["name"] = name
        meta.write_text(json.dumps(data))


def rename_coco(folder: Path, name: str) -> None:
    for info in folder.glob("*.info"):
        text = info.read_text()
        old = text.split("algId = '", 1)[1].split("'", 1)[0]
        info.write_text(text.replace(f"algId = '{old}'", f"algId = '{name}'"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", type=float, default=1e9, help="bytes per format (default 1e9)")
    parser.add_argument("--budget", type=int, default=2000, help="IOHprofiler evaluations per dimension")
    parser.add_argument("--coco-budget", type=int, default=1000, help="COCO evaluations per dimension")
    args = parser.parse_args()
    ioh_dir, coco_dir = args.out / "iohprofiler", args.out / "coco"
    for path in (ioh_dir, coco_dir, args.out / "_cocoex"):
        shutil.rmtree(path, ignore_errors=True)
    make_ioh(ioh_dir, args.budget)
    replicate(ioh_dir, args.size, rename_ioh)
    make_coco(coco_dir, args.coco_budget)
    replicate(coco_dir, args.size, rename_coco)
    for path in (ioh_dir, coco_dir):
        print(f"{path}: {folder_size(path) / 1e9:.2f} GB")


if __name__ == "__main__":
    main()
