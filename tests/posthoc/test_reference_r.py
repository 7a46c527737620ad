"""posthoc(..., se="classic").matrix("pvalue_adj") against R reference values (scmamp's conventions).

The references (tests/posthoc/r_reference.py) use scmamp's ``2*(1 - pnorm(z))``, which
loses relative precision below ~1e-10 (and is 0 below ~1e-16); we use the exact upper tail,
hence the absolute tolerance 1e-12 next to a relative one of 1e-7.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from tests.posthoc import r_reference as ref

TABLES = {"ties": ref.TIES, "t2": ref.T2, "t3": ref.T3}
CASES = [(name, key) for name, table in TABLES.items() for key in table["reference"]]


def _results(table: dict) -> ac.Results:
    frame = pd.DataFrame(table["values"], columns=table["columns"])
    return ac.Results.from_wide(frame, direction=table["direction"])


@pytest.mark.parametrize("name,key", CASES, ids=lambda x: "-".join(x) if isinstance(x, tuple) else x)
def test_matches_scmamp(name: str, key: tuple) -> None:
    table = TABLES[name]
    test, family, correction = key
    expected = np.array(table["reference"][key])
    control = None if family == "all" else table["control"]
    result = ac.posthoc(_results(table), test=test, control=control, p_adjust=correction, se="classic")
    view = result.matrix("pvalue" if correction == "none" else "pvalue_adj")
    if control is None:
        k = len(table["columns"])
        assert list(view.index) == table["columns"] == list(view.columns)
        got = view.to_numpy()[np.triu_indices(k, 1)]
        assert np.allclose(view.to_numpy(), view.to_numpy().T, equal_nan=True)
    else:
        assert list(view.index) == [c for c in table["columns"] if c != control]
        got = view.to_numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-7, atol=1e-12)
