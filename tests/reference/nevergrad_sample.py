"""Make tests/data/anytime/nevergrad (Nevergrad 1.0.12 benchmark CSVs: pip install nevergrad==1.0.12)
and print Nevergrad's own summary of them, the values restated in tests/anytime/test_nevergrad.py.

Nevergrad's benchmark command line needs cv2/torch (absent here), so the experiments run through
its Python API, ``nevergrad.benchmark.xpbase.Experiment(...).run()``, whose dicts are what
``nevergrad.benchmark`` writes one per CSV row (``pandas.DataFrame(rows).to_csv(index=False)``,
as ``core.save_or_append_to_csv`` does). Modules that ``nevergrad.benchmark`` imports but these
experiments never use (cv2, torch, gym, ...) are stubbed. Run from the repository root (the package
and its tests never import nevergrad):

    python3 tests/reference/nevergrad_sample.py

* ``artificial.csv``: sphere and rastrigin in dimensions 2 and 5 (ArtificialFunction), optimizers
  OnePlusOne, RandomSearch and DE, budgets 10, 50 and 200, seeds 0-2 (108 rows).
* ``errors.csv``: a function that raises at its 1st / 5th / never (100th) call, OnePlusOne with a
  budget of 20, seeds 0-1: Nevergrad writes rows with an ``error`` and an empty loss.
"""

import importlib
import sys
import types
from pathlib import Path
from unittest import mock

import numpy as np
import pandas as pd

OUT = Path("tests/data/anytime/nevergrad").resolve()


def _stub_missing_modules():
    for _ in range(50):
        try:
            importlib.import_module("nevergrad.benchmark")
            return
        except ModuleNotFoundError as error:
            module = types.ModuleType(error.name)
            module.__getattr__ = lambda attr, name=error.name: mock.MagicMock(name=f"{name}.{attr}")
            module.__path__ = []
            sys.modules[error.name] = module


def make():
    _stub_missing_modules()
    import nevergrad as ng
    from nevergrad.benchmark import xpbase
    from nevergrad.functions import ArtificialFunction, ExperimentFunction

    xpbase.torch = types.SimpleNamespace(manual_seed=lambda seed: None)  # stubbed torch: seeding is numpy's
    OUT.mkdir(parents=True, exist_ok=True)
    rows = [xpbase.Experiment(ArtificialFunction(name, block_dimension=dim), optimizer, budget=budget,
                              seed=seed).run()
            for name in ("sphere", "rastrigin") for dim in (2, 5) for optimizer in ("OnePlusOne", "RandomSearch", "DE")
            for budget in (10, 50, 200) for seed in range(3)]
    pd.DataFrame(rows).to_csv(OUT / "artificial.csv", index=False)

    class Flaky(ExperimentFunction):
        def __init__(self, fail_at):
            self.calls, self.fail_at = 0, fail_at
            super().__init__(self.sphere, ng.p.Array(shape=(2,)))

        def sphere(self, x):
            self.calls += 1
            if self.calls >= self.fail_at:
                raise RuntimeError("failing on purpose")
            return float(np.sum(x ** 2))

    rows = [xpbase.Experiment(Flaky(fail_at), "OnePlusOne", budget=20, seed=seed).run()
            for fail_at in (1, 5, 100) for seed in range(2)]
    pd.DataFrame(rows).to_csv(OUT / "errors.csv", index=False)


def summary():
    """Nevergrad's own per-context curve: plotting.XpPlotter.make_data (median, std, count of the loss
    per optimizer and budget) on the rows of one function and dimension, after plotting.remove_errors."""
    from nevergrad.benchmark import plotting

    df = pd.read_csv(OUT / "artificial.csv")
    print("NEVERGRAD_MEDIAN = {  # (name, dimension, optimizer): [(budget, median loss, std, count)]")
    for (name, dim), context in df.groupby(["name", "dimension"], sort=False):
        data = plotting.XpPlotter.make_data(plotting.remove_errors(context.reset_index(drop=True)))
        for optimizer, values in data.items():
            points = [(int(b), float(m), float(s), int(n)) for b, m, s, n in
                      zip(values["budget"], values["loss"], values["loss_std"], values["loss_nums"], strict=True)]
            print(f"    ({name!r}, {dim}, {optimizer!r}): {points},")
    print("}")


if __name__ == "__main__":
    make()
    summary()
