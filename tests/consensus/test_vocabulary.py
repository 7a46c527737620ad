"""The consensus functions speak the package's vocabulary: one result protocol, direction,
nan_policy, alpha, p_adjust, real signatures, and the deprecated spellings for one release."""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.consensus._results import ConsensusResult

PROFILE = [["a", "b", "c"], ["b", "a", "c"], ["a", "c", "b"]]
TABLE = pd.DataFrame({"A": [1.0, 2.0, 3.0, 1.0], "B": [2.0, 1.0, 1.0, 3.0], "C": [3.0, 3.0, 2.0, 2.0]},
                     index=["p1", "p2", "p3", "p4"])
TABLE_FUNCTIONS = [ac.borda, ac.kemeny, ac.consensus, ac.instance_rankings, ac.check_majority, ac.check_pareto]


# -- one result protocol ----------------------------------------------------------------
@pytest.mark.parametrize("method", [ac.borda, ac.kemeny])
def test_borda_and_kemeny_share_the_result_fields(method):
    res = method(PROFILE)
    assert isinstance(res, ConsensusResult)
    assert res.consensus == res.optimal_rankings[0] and res.n_optimal == len(res.optimal_rankings)
    assert res.items == ("a", "b", "c") and res.n_rankings == 3
    assert res.input_rankings == {0: [["a"], ["b"], ["c"]], 1: [["b"], ["a"], ["c"]], 2: [["a"], ["c"], ["b"]]}
    exported = res.to_dict()
    assert {"items", "consensus", "optimal_rankings", "n_rankings", "dropped_instances"} <= set(exported)
    assert "rankings" not in exported and "profile" not in exported
    assert exported["dropped_instances"] == []


def test_borda_optimal_rankings_is_its_one_consensus():
    res = ac.borda(PROFILE)
    assert res.optimal_rankings == [res.consensus] == [[["a"], ["b"], ["c"]]]


@pytest.mark.parametrize("method", [ac.borda, ac.kemeny])
def test_old_rankings_field_still_works_and_warns(method):
    res = method(PROFILE)
    with pytest.warns(DeprecationWarning, match=r"\.rankings is deprecated.*\.optimal_rankings"):
        old = res.rankings
    assert old == res.optimal_rankings


# -- direction ----------------------------------------------------------------------------
@pytest.mark.parametrize("function", TABLE_FUNCTIONS)
def test_table_functions_take_direction_and_nan_policy_keyword_only(function):
    params = inspect.signature(function).parameters
    assert params["direction"].default is None and params["direction"].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["nan_policy"].default == "raise" and params["nan_policy"].kind is inspect.Parameter.KEYWORD_ONLY


def test_direction_of_a_table():
    low = ac.borda(TABLE)
    assert ac.borda(TABLE, direction="minimize").consensus == low.consensus
    high = ac.borda(TABLE, direction="maximize")
    assert high.scores.to_dict() == ac.borda(-TABLE).scores.to_dict()
    assert ac.kemeny(TABLE, direction="maximize").consensus == ac.kemeny(-TABLE).consensus
    assert ac.instance_rankings(TABLE, direction="maximize")["p1"] == [["C"], ["B"], ["A"]]


def test_direction_none_takes_the_results_own_and_a_contradiction_raises():
    maximized = ac.Results.from_wide(TABLE, direction="maximize")
    assert ac.borda(maximized).consensus == ac.borda(TABLE, direction="maximize").consensus
    with pytest.raises(ValueError, match="direction"):
        ac.kemeny(maximized, direction="minimize")


def test_direction_does_not_apply_to_rankings():
    assert ac.kemeny(PROFILE, direction="maximize").consensus == ac.kemeny(PROFILE).consensus
    with pytest.raises(ValueError, match="direction="):
        ac.borda(PROFILE, direction="max")


def test_dominance_direction_defaults_to_the_datas_own():
    runs = pd.DataFrame({"A": [1.0, 2.0, 3.0], "B": [4.0, 5.0, 6.0]})
    assert inspect.signature(ac.dominance).parameters["direction"].default is None
    assert ac.dominance(runs).ranking() == ac.dominance(runs, direction="minimize").ranking() == [["A"], ["B"]]
    assert ac.dominance(runs, direction="maximize").ranking() == [["B"], ["A"]]
    long = pd.DataFrame({"algorithm": ["A"] * 3 + ["B"] * 3, "instance": "p", "run": [0, 1, 2] * 2,
                         "value": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]})
    maximized = ac.Results.from_long(long, direction="maximize", run="run")
    rel = ac.dominance(maximized)
    assert rel.direction == "maximize" and rel.ranking() == [["B"], ["A"]]
    with pytest.raises(ValueError, match="direction"):
        ac.dominance(maximized, direction="minimize")


# -- nan_policy ---------------------------------------------------------------------------
def _with_missing():
    table = TABLE.copy()
    table.loc["p2", "B"] = np.nan
    return table


@pytest.mark.parametrize("method", [ac.borda, ac.kemeny, ac.consensus])
def test_nan_policy_omit_records_the_dropped_instances(method):
    table = _with_missing()
    with pytest.raises(ValueError, match="missing"):
        method(table)
    res = method(table, nan_policy="omit")
    assert res.dropped_instances == ("p2",) and res.n_rankings == 3
    assert res.consensus == method(table.drop(index="p2")).consensus
    assert res.to_dict()["dropped_instances"] == ["p2"]
    assert "dropped_instances  p2" in str(res)


def test_nan_policy_omit_in_the_criteria_and_instance_rankings():
    table = _with_missing()
    assert ac.check_pareto(table, nan_policy="omit").dropped_instances == ("p2",)
    assert ac.check_iia(table, "C", nan_policy="omit").dropped_instances == ("p2",)
    assert list(ac.instance_rankings(table, nan_policy="omit")) == ["p1", "p3", "p4"]


@pytest.mark.parametrize("function", TABLE_FUNCTIONS)
def test_nan_policy_keep_is_refused_with_the_reason(function):
    with pytest.raises(ValueError, match=r"nan_policy='keep' is not available.*skillings_mack"):
        function(_with_missing(), nan_policy="keep")


def test_bad_nan_policy_is_named():
    with pytest.raises(ValueError, match="nan_policy='drop'"):
        ac.borda(PROFILE, nan_policy="drop")


def test_dominance_nan_policy_omit_records_the_dropped_runs():
    runs = pd.DataFrame({"A": [1.0, np.nan, 3.0, 1.5], "B": [4.0, 5.0, 6.0, np.nan]}, index=["r1", "r2", "r3", "r4"])
    with pytest.raises(ValueError, match="missing value"):
        ac.dominance(runs)
    rel = ac.dominance(runs, nan_policy="omit")
    assert rel.dropped_values == {"A": ("r2",), "B": ("r4",)}
    assert rel.statistics.to_dict() == {"A": pytest.approx(5.5 / 3), "B": 5.0}
    assert ac.dominance({"A": [1.0, 2.0], "B": [3.0, 4.0]}).dropped_values == {"A": (), "B": ()}


# -- alpha and p_adjust ---------------------------------------------------------------------
def test_dominance_alpha_is_checked():
    with pytest.raises(ValueError, match="alpha must be strictly between 0 and 1"):
        ac.dominance({"A": [1.0, 2.0], "B": [3.0, 4.0]}, "test", alpha=1.5)


RUNS = {"A1": [1.0, 1.2, 0.9, 1.1, 1.0, 1.05], "A2": [2.0, 2.1, 1.9, 2.2, 2.05, 1.95],
        "A3": [3.0, 3.1, 2.9, 3.2, 3.0, 3.05]}


def test_dominance_p_adjust():
    holm = ac.dominance(RUNS, "test")
    assert holm.p_adjust == "holm" and "holm" in holm.method
    bonferroni = ac.dominance(RUNS, "test", p_adjust="bonferroni")
    assert bonferroni.p_adjust == "bonferroni"
    assert np.nanmax(bonferroni.pvalues.to_numpy()) >= np.nanmax(holm.pvalues.to_numpy())


def test_dominance_correction_is_a_deprecated_alias_of_p_adjust():
    with pytest.warns(DeprecationWarning, match="correction=.*p_adjust="):
        old = ac.dominance(RUNS, "test", correction="bonferroni")
    new = ac.dominance(RUNS, "test", p_adjust="bonferroni")
    assert old.pvalues.equals(new.pvalues) and old.p_adjust == "bonferroni"
    with pytest.raises(TypeError, match="both"):
        ac.dominance(RUNS, "test", correction="holm", p_adjust="holm")


# -- signatures -----------------------------------------------------------------------------
PUBLIC = ["borda", "kemeny", "consensus", "dominance", "instance_rankings", "check_iia", "check_majority",
          "check_pareto", "order_properties", "classify_order", "ranking_from_relation", "symdiff_distance",
          "as_ranking", "format_ranking"]


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_function_shows_its_real_parameters(name):
    function = getattr(ac, name)
    params = inspect.signature(function).parameters
    assert not any(p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL) for p in params.values()), name
    text = inspect.getdoc(function)
    assert "{shared}" not in text


def test_consensus_is_a_callable_subpackage_with_the_functions_signature():
    import algocompare.consensus as package

    assert inspect.signature(package) == inspect.signature(package.consensus)
    assert package.__doc__.startswith("consensus(data")
    assert ac.consensus(TABLE, method="borda").consensus == ac.borda(TABLE).consensus


def test_consensus_refuses_the_other_methods_options():
    assert ac.consensus(TABLE, method="borda", ties="strict").ties == "strict"
    assert ac.consensus(TABLE, orders="weak").orders == "weak"
    with pytest.raises(ValueError, match="orders='weak' is an option of method='kemeny'"):
        ac.consensus(TABLE, method="borda", orders="weak")
    with pytest.raises(ValueError, match="ties='strict' is an option of method='borda'"):
        ac.consensus(TABLE, method="kemeny", ties="strict")


def test_criteria_pass_the_methods_options():
    strict = ac.check_pareto(PROFILE, "borda", ties="strict")
    assert strict.consensus == ac.borda(PROFILE, ties="strict").consensus
    weak = ac.check_majority(PROFILE, "kemeny_weak", ell=2)
    assert weak.consensus == ac.kemeny(PROFILE, orders="weak", ell=2).consensus
