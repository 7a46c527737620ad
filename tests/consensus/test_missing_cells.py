"""Consensus methods refuse a table that keeps missing cells instead of ranking it as complete."""

from __future__ import annotations

import numpy as np
import pytest

import algocompare as ac


@pytest.mark.parametrize("method", [ac.borda, ac.kemeny])
def test_consensus_of_a_table_with_kept_missing_cells_raises(method):
    values = np.arange(20.0).reshape(5, 4)
    values[0, 1] = np.nan
    kept = ac.Results.from_array(values, nan_policy="keep")
    with pytest.raises(ValueError, match="skillings_mack"):
        method(kept)
