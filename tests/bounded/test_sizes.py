"""Issue 30, bounded work: what an analysis skips at thousands of algorithms, and Kemeny's budget."""

import inspect
import json
import subprocess
import sys
import time

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare import _sections, analysis
from algocompare.analysis import MAX_ALL_PAIRS, MAX_KEMENY, AnalysisOptions, run_analysis, size_limits
from algocompare.consensus import _aggregate as aggregate
from algocompare.consensus._kemeny import DEFAULT_TIME_LIMIT, MAX_ITEMS, kemeny
from algocompare.data._convert import as_results


def _table(k, n=8, seed=0):
    rng = np.random.default_rng(seed)
    return as_results(pd.DataFrame(rng.normal(size=(n, k)), columns=[f"a{i}" for i in range(k)]))


def test_size_limits_decision():
    assert size_limits(MAX_ALL_PAIRS, AnalysisOptions(bayesian=True)) == []
    above = size_limits(MAX_ALL_PAIRS + 1, AnalysisOptions(bayesian=True))
    assert [s.split(" skipped")[0] for s in above] == ["all-pairs comparisons", "Bayesian section"]
    assert len(size_limits(MAX_ALL_PAIRS + 1)) == 1  # no Bayesian note when not asked for
    assert any(s.startswith("Kemeny") for s in size_limits(MAX_KEMENY + 1))
    assert not any(s.startswith("Kemeny") for s in size_limits(MAX_KEMENY))
    assert MAX_KEMENY <= MAX_ITEMS  # the analysis never asks kemeny for more than it takes


def test_sections_apply_the_limits(monkeypatch):
    # the same decision at a small size: 6 algorithms with the limit lowered to 5
    for module in ("algocompare.posthoc._analysis", "algocompare.bayesian._analysis",
                   "algocompare.frequentist._parametric_analysis"):
        monkeypatch.setattr(f"{module}.MAX_ALL_PAIRS", 5)
    monkeypatch.setattr(analysis, "MAX_ALL_PAIRS", 5)
    monkeypatch.setattr(_sections, "MAX_ALL_PAIRS", 5)  # size_limits reads it where it is defined
    data = _table(6, n=10)
    sections = {s.key: s for s in run_analysis(data, AnalysisOptions(bayesian=True, n_samples=2000))}
    assert "bayesian" not in sections
    posthoc = sections["posthoc"]
    assert list(posthoc.results) == ["control"] and posthoc.figures == ()
    assert "all-pairs comparisons skipped" in posthoc.text and "skipped" in posthoc.data
    parametric = sections["parametric"]  # normal data: the parametric path leads
    assert list(parametric.results) == ["rm_anova", "control"]
    assert "all-pairs comparisons skipped" in parametric.text


def test_kemeny_default_time_budget():
    assert inspect.signature(kemeny).parameters["time_limit"].default == DEFAULT_TIME_LIMIT
    assert inspect.signature(ac.consensus).parameters["time_limit"].default == DEFAULT_TIME_LIMIT
    assert aggregate._KEMENY_TIME_LIMIT == DEFAULT_TIME_LIMIT


def test_kemeny_stops_with_proven_gap():
    # 100 random rankings of 100 items (the case): not proven within 0.3 s (the LP alone
    # takes longer); the gap is reported and rigorous
    rng = np.random.default_rng(1)
    items = [f"x{i}" for i in range(100)]
    start = time.monotonic()
    res = kemeny([list(rng.permutation(items)) for _ in range(100)], time_limit=0.3)
    assert time.monotonic() - start < 10
    assert not res.optimal and 0 < res.gap < 0.2 and res.lower_bound < res.objective


def test_kemeny_large_component_local_search_with_gap():
    data = np.random.default_rng(2).normal(size=(6, 400))
    start = time.monotonic()
    res = kemeny(data, time_limit=1.0)
    assert time.monotonic() - start < 15
    assert not res.optimal and res.gap > 0 and "pairwise bound" in res.solver
    assert sorted(item for group in res.consensus for item in group) == list(range(400))


def test_kemeny_refuses_beyond_max_items():
    with pytest.raises(ValueError, match=r"at most 2000 .*borda"):
        kemeny(np.zeros((3, MAX_ITEMS + 1)))


@pytest.mark.parametrize("kwargs", [{"orders": "weak"}, {"ell": 2}, {"method": "milp"}])
def test_kemeny_exact_programs_refused_beyond_150(kwargs):
    with pytest.raises(ValueError, match="transitivity rows"):
        kemeny(np.random.default_rng(0).normal(size=(4, 151)), **kwargs)


def test_cli_consensus_10000_refuses_quickly(tmp_path):
    path = tmp_path / "wide.csv"
    pd.DataFrame(np.random.default_rng(0).normal(size=(5, 10_000))).to_csv(path, index=False)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "algocompare", "consensus", "--time-limit", "10", str(path)],
                          check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "at most 2000" in done.stderr and time.monotonic() - start < 60


def test_cli_analyze_says_what_it_skips_first(tmp_path):
    path = tmp_path / "wide.csv"
    pd.DataFrame(np.random.default_rng(0).normal(size=(8, 150))).to_csv(path, index=False)
    done = subprocess.run([sys.executable, "-m", "algocompare", "analyze", "--json", str(path)],
                          check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stderr.startswith("algocompare: note: all-pairs comparisons skipped: 150 algorithms")
    out = json.loads(done.stdout)
    assert out["skipped"] == size_limits(150) and "all_pairs" not in out["posthoc"]


@pytest.mark.slow
@pytest.mark.parametrize("k", [1000, 10_000])
def test_cli_analyze_thousands_of_algorithms(tmp_path, k):
    path = tmp_path / "wide.csv"
    pd.DataFrame(np.random.default_rng(0).normal(size=(10, k))).to_csv(path, index=False)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "algocompare", "analyze", str(path)],
                          check=False, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-500:]
    assert "comparisons skipped" in done.stderr and time.monotonic() - start < 300


def test_report_leaves_out_the_rank_figure_beyond_the_limit(monkeypatch, tmp_path):
    # the violins of 10,000 algorithms took 190 s and 1.8 GB of the report's 200 s
    from algocompare.report import write_report

    monkeypatch.setattr(analysis, "MAX_ALL_PAIRS", 5)
    monkeypatch.setattr(_sections, "MAX_ALL_PAIRS", 5)
    for module in ("algocompare.posthoc._analysis", "algocompare.bayesian._analysis",
                   "algocompare.frequentist._parametric_analysis"):
        monkeypatch.setattr(f"{module}.MAX_ALL_PAIRS", 5)
    data = _table(6, n=10)
    page = write_report(data, tmp_path / "r.html", AnalysisOptions(progress=False)).read_text()
    assert "The rank distribution figure is drawn for at most 5 algorithms (here 6)" in page
    small = write_report(_table(5, n=10), tmp_path / "s.html", AnalysisOptions(progress=False)).read_text()
    assert "rank distribution figure is drawn for at most" not in small


def test_cli_figures_skipped_beyond_the_limit(tmp_path):
    path = tmp_path / "wide.csv"
    pd.DataFrame(np.random.default_rng(0).normal(size=(8, MAX_ALL_PAIRS + 1))).to_csv(path, index=False)
    figures = tmp_path / "figures"
    done = subprocess.run([sys.executable, "-m", "algocompare", "analyze", "--json", "--figures", str(figures),
                           str(path)], check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    assert "--figures skipped: figures are drawn for at most 100 algorithms (here 101)" in done.stderr
    assert not figures.exists()
    assert any(s.startswith("--figures skipped") for s in json.loads(done.stdout)["skipped"])
