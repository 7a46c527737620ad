"""Issue 26: every table with pairs names them ``algorithm_a``/``algorithm_b``; the
Campelo-Takahashi tables' former ``alg_a``/``alg_b`` still answer, with a DeprecationWarning."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare._tables import in_order


def _a(instance, rng):
    return rng.normal(10, 1)


def _b(instance, rng):
    return rng.normal(12, 3)


def test_calc_se_and_calc_nreps_name_pairs_algorithm_a_and_algorithm_b():
    se = ac.calc_se([1.0, 2.0, 3.0], [2.0, 4.0, 6.0, 8.0], [1.5, 2.5])
    assert se.to_frame()[["algorithm_a", "algorithm_b"]].values.tolist() == [[0, 1], [0, 2], [1, 2]]
    reps = ac.calc_nreps("f1", [_a, _b], se_max=0.5, n0=10, rng=1).to_frame()
    assert reps[["algorithm_a", "algorithm_b"]].values.tolist() == [["_a", "_b"]]
    assert not {"alg_a", "alg_b"} & set(reps.columns)


def test_the_old_column_names_still_answer_with_a_deprecation_warning():
    reps = ac.calc_nreps("f1", [_a, _b], se_max=0.5, n0=10, rng=1).to_frame()
    with pytest.warns(DeprecationWarning, match=r"'alg_a' is deprecated .* use 'algorithm_a'"):
        old = reps["alg_a"]
    assert old.tolist() == reps["algorithm_a"].tolist()
    with pytest.warns(DeprecationWarning, match="'alg_b'"):
        assert reps.alg_b.tolist() == ["_b"]
    with pytest.warns(DeprecationWarning):
        assert reps[["alg_a", "phi"]].columns.tolist() == ["algorithm_a", "phi"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new names and derived tables: no warning
        reps["algorithm_a"], reps.copy(), reps.to_dict("records")
        assert type(reps[reps["phi"] == reps["phi"]]) is pd.DataFrame


def test_report_order_knows_one_spelling_of_the_pair_columns():
    frame = pd.DataFrame({"algorithm_a": ["A", "A"], "algorithm_b": ["B", "C"], "p": [0.1, 0.2]})
    assert in_order(frame, np.zeros((2, 3), bool), ["C", "A", "B"])[0]["algorithm_b"].tolist() == ["C", "B"]
    old = frame.rename(columns={"algorithm_a": "alg_a", "algorithm_b": "alg_b"})
    assert in_order(old, np.zeros((2, 3), bool), ["C", "A", "B"])[0] is old  # not a pair table any more


def test_no_module_writes_the_old_pair_column_names():
    package = Path(ac.__file__).parent
    writers = [f"{path.relative_to(package)}:{n}" for path in package.rglob("*.py") if path.name != "_results.py"
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if re.search(r"""["'](alg_a|alg_b)["']|f["']alg_\{""", line)]
    assert writers == []
