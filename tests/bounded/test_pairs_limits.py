"""Issue 30: the all-pairs procedures refuse, before starting, sizes whose cost explodes."""

import time

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.bayesian import _pairwise as bayesian_pairwise_module
from algocompare.bayesian._pairwise import bayesian_pairwise
from algocompare.data._convert import as_results
from algocompare.posthoc import _procedure as procedure
from algocompare.posthoc._bergmann import bergmann_hommel


def _table(k, n=6):
    return as_results(pd.DataFrame(np.random.default_rng(0).normal(size=(n, k))))


def test_bergmann_refusal_of_10000_algorithms_is_immediate():
    # the message computed Bell(10,000) (27,000 digits) before refusing; the 50-million-value
    # input is made before the clock starts (its 400 MB took seconds on a loaded machine)
    p_pairs = np.full(10_000 * 9_999 // 2, 0.5)
    start = time.monotonic()
    with pytest.raises(ValueError, match=r"at most 13 algorithms .*k = 10000 has more than .*shaffer"):
        bergmann_hommel(p_pairs, 10_000)
    assert time.monotonic() - start < 2


def test_posthoc_all_pairs_refused_beyond_max_pairs(monkeypatch):
    monkeypatch.setattr(procedure, "MAX_PAIRS", 10)
    data = _table(6)  # 15 pairs
    with pytest.raises(ValueError, match=r"6 algorithms make 15 pairs: .*at most 10 .*control='best'"):
        ac.posthoc(data)
    assert len(ac.posthoc(data, control="best").table) == 5  # the control comparisons scale as k
    assert len(ac.posthoc(_table(5)).table) == 10


def test_bayesian_pairwise_refused_beyond_max_pairs(monkeypatch):
    monkeypatch.setattr(bayesian_pairwise_module, "MAX_PAIRS", 5)
    with pytest.raises(ValueError, match=r"4 algorithms make 6 pairs"):
        bayesian_pairwise(_table(4), n_samples=1000, rng=0, progress=False)
    assert len(bayesian_pairwise(_table(3), n_samples=1000, rng=0, progress=False).to_frame()) == 3
