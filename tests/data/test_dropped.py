"""Issue 18, item 3: every result computed with ``nan_policy="omit"`` names what it dropped.

One vocabulary (``algocompare._results.DROPPED_FIELDS``): ``dropped_instances`` for tables,
``dropped_pairs`` for paired samples (Series labels, else positions), ``dropped_values``
(per sample) for independent samples. Each test also checks that the result equals the one
computed on the data with those entries removed by hand, so the record names exactly what
was left out.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.effects import _effect_size as es


def _table() -> tuple[pd.DataFrame, list[str]]:
    rng = np.random.default_rng(18)
    frame = pd.DataFrame(rng.normal(size=(12, 4)) + [0.0, 0.3, 0.6, 0.9], columns=list("ABCD"),
                         index=[f"f{i}" for i in range(12)])
    frame.loc["f2", "B"] = np.nan
    frame.loc["f7", "D"] = np.nan
    frame.loc["f9", "A"] = np.nan
    return frame, ["f2", "f7", "f9"]


TABLE_FUNCTIONS = {
    "posthoc": lambda d, **kw: ac.posthoc(d, **kw),
    "permutation_test": lambda d, **kw: ac.permutation_test(d, n_resamples=200, rng=1, **kw),
    "msd_intervals": lambda d, **kw: ac.msd_intervals(d, n_resamples=200, rng=1, **kw),
    "bayesian_pairwise": lambda d, **kw: ac.bayesian_pairwise(d, n_samples=500, rng=1, **kw),
    "bayesian_friedman": lambda d, **kw: ac.bayesian_friedman(d, n_samples=500, rng=1, **kw),
}


@pytest.mark.parametrize("name", list(TABLE_FUNCTIONS))
def test_tables_name_the_dropped_instances(name):
    frame, dropped = _table()
    run = TABLE_FUNCTIONS[name]
    res = run(frame, nan_policy="omit")
    assert res.dropped_instances == tuple(dropped)
    assert res.to_dict()["dropped_instances"] == dropped
    assert "dropped_instances" in str(res) and "f7" in str(res)
    by_hand = run(frame.drop(index=dropped))
    assert by_hand.dropped_instances == ()  # computed with a nan_policy: recorded, empty
    assert by_hand.to_dict() == dict(res.to_dict(), dropped_instances=[])


def _pairs():
    x = pd.Series([3.1, 2.8, np.nan, 3.5, 2.9, 3.7, 3.3, 3.0, 4.1, 2.2], index=[f"r{i}" for i in range(10)])
    y = pd.Series([2.5, 2.6, 3.1, np.nan, 2.2, 3.0, 3.1, np.nan, 3.3, 2.0], index=x.index)
    return x, y, ("r2", "r3", "r7")


PAIRED_FUNCTIONS = {
    "sign_test": ac.sign_test,
    "wilcoxon": ac.wilcoxon,
    "paired_ttest": ac.paired_ttest,
    "median_difference_ci": lambda x, y, **kw: ac.median_difference_ci(x, y, paired=True, **kw),
    "confidence_curve": lambda x, y, **kw: ac.confidence_curve(x, y, paired=True, **kw),
    "bayesian_sign": lambda x, y, **kw: ac.bayesian_sign(x, y, rope=0.1, n_samples=500, rng=1, **kw),
    "bayesian_signed_rank": lambda x, y, **kw: ac.bayesian_signed_rank(x, y, rope=0.1, n_samples=500, rng=1, **kw),
    "d_z": es.d_z,
    "cohens_d_prime": es.cohens_d_prime,
    "rank_biserial": lambda x, y, **kw: es.rank_biserial(x, y, paired=True, **kw),
    "severity_analysis": lambda x, y, **kw: ac.severity_analysis(x, y, delta=0.5, **kw),
}


@pytest.mark.parametrize("name", list(PAIRED_FUNCTIONS))
def test_paired_samples_name_the_dropped_pairs(name):
    x, y, dropped = _pairs()
    run = PAIRED_FUNCTIONS[name]
    res = run(x, y, nan_policy="omit")
    assert res.dropped_pairs == dropped
    assert res.to_dict()["dropped_pairs"] == list(dropped) and "r7" in str(res)
    by_hand = run(x.drop(index=list(dropped)), y.drop(index=list(dropped)))
    assert by_hand.to_dict() == dict(res.to_dict(), dropped_pairs=[])
    # plain sequences: the positions of the pairs
    assert run(x.to_numpy(), y.to_numpy(), nan_policy="omit").dropped_pairs == (2, 3, 7)


INDEPENDENT_FUNCTIONS = {
    "rank_sum": ac.rank_sum,
    "median_difference_ci": ac.median_difference_ci,
    "confidence_curve": ac.confidence_curve,
    "cohens_d": es.cohens_d,
    "hedges_g": es.hedges_g,
    "cliffs_delta": es.cliffs_delta,
    "vargha_delaney_a12": es.vargha_delaney_a12,
    "rank_biserial": es.rank_biserial,
    "severity_analysis": lambda x, y, **kw: ac.severity_analysis(x, y, delta=0.5, paired=False, **kw),
}


@pytest.mark.parametrize("name", list(INDEPENDENT_FUNCTIONS))
def test_independent_samples_name_the_dropped_values(name):
    x, y, _ = _pairs()
    run = INDEPENDENT_FUNCTIONS[name]
    res = run(x, y, nan_policy="omit")
    assert res.dropped_values == {"x": ("r2",), "y": ("r3", "r7")}
    assert res.to_dict()["dropped_values"] == {"x": ["r2"], "y": ["r3", "r7"]}
    assert "x[r2], y[r3], y[r7]" in str(res)
    assert run(x.dropna(), y.dropna()).to_dict() == dict(res.to_dict(), dropped_values={"x": [], "y": []})


def test_results_without_a_nan_policy_have_no_drop_fields():
    res = ac.friedman(_table()[0].dropna())
    assert res.dropped_instances is None and not {"dropped_instances", "dropped_pairs"} & set(res.to_dict())


def test_missing_long_columns_are_named_with_their_role():
    import pandas as pd

    with pytest.raises(ValueError, match=r"'instance' \(the instance column\); the file has columns"):
        ac.Results.from_long(pd.DataFrame({"algorithm": ["a", "b"], "value": [1.0, 2.0]}))


def test_calc_instances_outside_the_search_range_says_what_to_do():
    with pytest.raises(ValueError, match="ask for a larger d"):
        ac.calc_instances(1e-4)


def test_normalised_tables_keep_the_record_of_dropped_instances():
    # relative_deviation / zemel_measure rebuild the table: the instances that
    # nan_policy="omit" dropped before must still be named on what follows
    rng = np.random.default_rng(0)
    rows = [(a, i, r, rng.uniform(1, 2)) for a in "ABC" for i in range(5) for r in range(3)]
    frame = pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"])
    frame.loc[0, "value"] = np.nan
    results = ac.Results.from_long(frame, run="run", nan_policy="omit")
    for transform in (ac.relative_deviation, ac.zemel_measure):
        assert transform(results).dropped_instances == (0,)
        assert ac.permutation_test(transform(results), n_resamples=99, rng=0).dropped_instances == (0,)
