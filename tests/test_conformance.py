"""Runs the shared checks of tests/conformance.py on every registered public function."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from tests.conformance import PAIRED_X, PAIRED_Y, SMALL, Case


def _load_cases() -> list[Case]:
    cases: list[Case] = []
    for path in sorted(Path(__file__).parent.glob("*/conformance_cases.py")):
        spec = importlib.util.spec_from_file_location(f"conformance_{path.parent.name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        cases.extend(module.CASES)
    return cases


CASES = _load_cases()
BLOCKS = [c for c in CASES if c.kind == "blocks"]
PAIRED = [c for c in CASES if c.kind == "paired"]


def _table(case: Case) -> pd.DataFrame:
    if case.data == "cec2005":
        return ac.load_dataset("cec2005_d10").blocks()
    return pd.DataFrame(SMALL, index=[f"p{i}" for i in range(len(SMALL))], columns=["A", "B", "C", "D"])


def _call(case: Case, *args, **extra):
    kwargs = dict(case.kwargs, **extra)
    if case.stochastic and "rng" not in kwargs:
        kwargs["rng"] = 12345
    return case.func(*args, **kwargs)


def _same(a, b, rtol: float) -> None:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    np.testing.assert_allclose(a, b, rtol=rtol, atol=1e-12, equal_nan=True)


def _result_object_checks(result) -> None:
    frame = result.to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) >= 1
    data = result.to_dict()
    json.dumps(data, allow_nan=False)
    text = str(result)
    assert isinstance(text, str) and text.strip()
    assert isinstance(result._repr_html_(), str) and "<" in result._repr_html_()


def _result(case: Case):
    if case.kind == "blocks":
        return _call(case, ac.Results.from_wide(_table(case)))
    if case.kind == "paired":
        return _call(case, PAIRED_X, PAIRED_Y)
    if case.kind == "runs":
        sim = ac.simulate_runs([10.0, 10.5, 12.0], n_instances=4, n_runs=5, rng=2024)
        return _call(case, sim.results)
    return case.make()


@pytest.mark.parametrize("case", CASES, ids=str)
def test_result_object(case: Case) -> None:
    _result_object_checks(_result(case))


@pytest.mark.parametrize("case", [c for c in CASES if c.stochastic], ids=str)
def test_seed_determinism(case: Case) -> None:
    first, second = _result(case), _result(case)
    _same(case.key(first), case.key(second), 0.0)


@pytest.mark.parametrize("case", BLOCKS, ids=str)
def test_input_forms_agree(case: Case) -> None:
    table = _table(case)
    from_results = case.key(_call(case, ac.Results.from_wide(table)))
    from_frame = case.key(_call(case, table))
    from_array = case.key(_call(case, table.to_numpy()))
    long = table.reset_index(names="instance").melt(id_vars="instance", var_name="algorithm")
    from_long = case.key(_call(case, ac.Results.from_long(long)))
    for other in (from_frame, from_array, from_long):
        _same(from_results, other, case.rtol)


@pytest.mark.parametrize("case", BLOCKS, ids=str)
def test_order_invariance(case: Case) -> None:
    table = _table(case)
    base = case.key(_call(case, table))
    rows = table.iloc[::-1]
    _same(base, case.key(_call(case, rows)), case.rtol)
    if case.algorithm_order_invariant:
        columns = table[table.columns[::-1]]
        _same(base, case.key(_call(case, columns)), case.rtol)


@pytest.mark.parametrize("case", BLOCKS, ids=str)
def test_minimize_equals_maximize_negated(case: Case) -> None:
    table = _table(case)
    low = case.key(_call(case, ac.Results.from_wide(table, direction="minimize")))
    high = case.key(_call(case, ac.Results.from_wide(-table, direction="maximize")))
    _same(low, high, case.rtol)


@pytest.mark.parametrize("case", BLOCKS, ids=str)
def test_missing_values_raise_or_drop_instances(case: Case) -> None:
    table = _table(case).copy()
    table.iloc[1, 2] = np.nan
    with pytest.raises(ValueError, match="missing"):
        _call(case, table)
    omitted = ac.Results.from_wide(table, nan_policy="omit")
    assert omitted.n_dropped == 1
    _same(case.key(_call(case, omitted)), case.key(_call(case, table.drop(index=table.index[1]))), case.rtol)


@pytest.mark.parametrize("case", BLOCKS, ids=str)
def test_too_small_designs_raise(case: Case) -> None:
    table = _table(case)
    with pytest.raises(ValueError, match="instance"):
        _call(case, table.iloc[: case.min_instances - 1])
    with pytest.raises(ValueError, match="algorithm"):
        _call(case, table.iloc[:, :1])


@pytest.mark.parametrize("case", PAIRED, ids=str)
def test_paired_bad_input(case: Case) -> None:
    x, y = PAIRED_X.copy(), PAIRED_Y.copy()
    x[3] = np.nan
    with pytest.raises(ValueError, match="missing"):
        _call(case, x, y)
    with pytest.raises(ValueError, match="length"):
        _call(case, PAIRED_X, PAIRED_Y[:-1])
    with pytest.raises(ValueError):
        _call(case, PAIRED_X[: case.min_instances - 1], PAIRED_Y[: case.min_instances - 1])
    with pytest.raises(ValueError, match="infinite"):
        _call(case, np.r_[PAIRED_X[:-1], math.inf], PAIRED_Y)
