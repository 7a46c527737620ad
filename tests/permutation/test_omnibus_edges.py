"""Permutation tests refuse values whose squares overflow, and analyze says it skipped them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis


def _runs(scale: float) -> ac.Results:
    rng = np.random.default_rng(0)
    rows = [(a, i, r, rng.normal() * scale) for a in "ABC" for i in range(6) for r in range(5)]
    frame = pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"])
    return ac.Results.from_long(frame, algorithm="algorithm", instance="instance", run="run", value="value")


def test_values_whose_squares_overflow_are_refused_with_the_fix():
    with pytest.raises(ValueError, match="divide the data by a power of ten"):
        ac.permutation_test(_runs(1e300))
    with pytest.raises(ValueError, match="overflow"):
        ac.msd_intervals(_runs(1e300))
    assert np.isfinite(ac.permutation_test(_runs(1e100), n_resamples=99, rng=0).pvalue)


def test_analyze_reports_the_skip_instead_of_a_decision_on_nan():
    (section,) = [s for s in run_analysis(_runs(1e300), AnalysisOptions(n_resamples=99)) if s.key == "permutation"]
    assert section.text.startswith("Synchronized permutation test skipped") and "reject" not in section.text
