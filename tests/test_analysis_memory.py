"""Issue 19: the whole analysis of ``algocompare analyze`` (data summary and every section)
stays within a few times the memory of its table, traced by tracemalloc (numpy's arrays
included). Measured when written: 2.8 times a 20,000 × 50 wide table and 2.1 times the
DataFrame of 100,000 long rows; a full ranks matrix with its sorting temporaries, or one
Python object per long row, would each break these limits."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pandas as pd

import algocompare as ac
from algocompare.analysis import AnalysisOptions, data_summary, run_analysis


def _analysis_peak(results: ac.Results) -> int:
    run_analysis(results.select(instances=results.instances[:20]), AnalysisOptions())  # imports, not traced
    tracemalloc.start()
    try:
        data_summary(results)
        run_analysis(results, AnalysisOptions())
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_analysis_of_a_wide_table_peaks_at_a_few_times_the_table():
    rng = np.random.default_rng(0)
    values = np.round(rng.normal(size=(20_000, 50)) + np.linspace(0.0, 0.5, 50), 3)  # ties, as bench_scale
    table = pd.DataFrame(values, index=[f"p{i}" for i in range(len(values))],
                         columns=[f"A{j:02d}" for j in range(values.shape[1])])
    results = ac.Results.from_wide(table)
    assert _analysis_peak(results) <= 3.5 * values.nbytes


def test_analysis_of_long_rows_peaks_at_a_few_times_the_input_frame():
    rng = np.random.default_rng(4)
    n, k, runs = 2_000, 10, 5
    frame = pd.DataFrame({"instance": np.repeat([f"p{i}" for i in range(n)], k * runs),
                          "algorithm": np.tile(np.repeat([f"A{j:02d}" for j in range(k)], runs), n),
                          "run": np.tile(np.arange(runs), n * k),
                          "value": np.round(rng.normal(size=n * k * runs), 4)})
    ac.Results.from_long(frame.head(100), run="run")  # the modules it imports are not the table's memory
    tracemalloc.start()
    try:
        results = ac.Results.from_long(frame, run="run")
        built = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    size = frame.memory_usage(deep=True).sum()
    assert built <= 2.0 * size  # one object per label, not per row
    assert _analysis_peak(results) <= 3.0 * size
