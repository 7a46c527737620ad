"""Make tests/data/anytime/iohprofiler: real IOHexperimenter logs (ioh 0.4.2, pip install ioh).

Random search and a (1+1)-ES with the 1/5th rule on BBOB f1 (sphere) and f2 (ellipsoid), D = 2 and
5, instances 1 and 2, two runs each; the second random-search run of each instance is stopped at
20 D evaluations instead of 50 D (a shorter budget). Run from the repository root, with ioh
installed (the package and its tests never import ioh):

    python3 tests/reference/ioh_sample.py
"""

import shutil
from pathlib import Path

import ioh
import numpy as np

OUT = Path("tests/data/anytime/iohprofiler")


def random_search(problem, budget, rng):
    for _ in range(budget):
        problem(rng.uniform(problem.bounds.lb, problem.bounds.ub))


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


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    for name, algorithm, budgets in (("RandomSearch", random_search, (50, 20)), ("OnePlusOne", one_plus_one, (50, 50))):
        logger = ioh.logger.Analyzer(root=str(OUT), folder_name=name, algorithm_name=name, store_positions=False)
        rng = np.random.default_rng(1)
        for fid in (1, 2):
            for dim in (2, 5):
                for iid in (1, 2):
                    problem = ioh.get_problem(fid, instance=iid, dimension=dim, problem_class=ioh.ProblemClass.BBOB)
                    problem.attach_logger(logger)
                    for per_dim in budgets:
                        algorithm(problem, per_dim * dim, rng)
                        problem.reset()
        logger.close()


if __name__ == "__main__":
    main()
