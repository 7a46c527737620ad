"""Null calibration of the blocked post-hoc tests (fast version; the full grid is
benchmarks/calibration_blocked_posthoc.py, its figures in docs/validation.md).

Per-pair size of the raw p-values within alpha ± max(0.015, 3 MC se) (Miller's p-value is
already simultaneous: not checked per pair) and FWER of each test's default adjustment at most
alpha + 3 MC se, on a complete null and a partial null of the calibration grid, fixed seeds.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "calibration_blocked_posthoc.py"


def _load():
    spec = importlib.util.spec_from_file_location("calibration_blocked_posthoc", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


calibration = _load()
Design = calibration.Design
ALPHA, REPS = calibration.ALPHA, 200
DESIGNS = [Design(20, 5, instances="small"), Design(30, 5, instances="small", shift=(0, 0, 0, 2, 2))]


def _bound(rate_se: float, m: int = 1) -> float:
    return max(rate_se, float(np.sqrt(ALPHA * (1 - ALPHA) / (REPS * m))))


@pytest.mark.parametrize("design", DESIGNS, ids=lambda d: d.label)
@pytest.mark.parametrize("test, control", calibration.TESTS)
def test_blocked_posthoc_size_and_fwer(design, test, control):
    tables = calibration.bench.simulate(design, REPS, np.random.default_rng([28, 1]))
    rates = calibration.rates(tables, design, test, control)
    fwer, fwer_se = rates["fwer"]
    assert fwer <= ALPHA + 3 * _bound(fwer_se), f"{test} FWER {fwer:.3f} on {design.label}"
    if test != "miller":
        size, size_se = rates["size"]
        slack = max(0.015, 3 * _bound(size_se))
        assert abs(size - ALPHA) <= slack, f"{test} per-pair size {size:.3f} on {design.label}"
