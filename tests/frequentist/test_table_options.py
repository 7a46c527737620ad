"""direction= and nan_policy= on every frequentist function that takes a table (issue 16):
one input path (algocompare.data._convert), the same meaning everywhere."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac

TABLE = ac.load_dataset("cec2005_d10").blocks()
WITH_GAPS = TABLE.copy()
WITH_GAPS.iloc[[2, 7], [1, 4]] = np.nan  # two instances with a missing cell
GAPS = tuple(TABLE.index[[2, 7]])

FUNCTIONS = {
    "friedman": lambda data, **kw: ac.friedman(data, **kw).statistic,
    "iman_davenport": lambda data, **kw: ac.iman_davenport(data, **kw).statistic,
    "aligned_ranks": lambda data, **kw: ac.aligned_ranks(data, **kw).statistic,
    "quade": lambda data, **kw: ac.quade(data, **kw).statistic,
    "rm_anova": lambda data, **kw: ac.rm_anova(data, **kw).statistic,
    "omnibus": lambda data, **kw: tuple(ac.omnibus(data, **kw).table["statistic"]),
    "page_trend": lambda data, **kw: ac.page_trend(data, **kw).statistic,
    "normality": lambda data, **kw: tuple(ac.normality(data, test="shapiro", **kw).table["statistic"]),
    "homoscedasticity": lambda data, **kw: tuple(ac.homoscedasticity(data, test="levene", **kw).table["statistic"]),
    "check_assumptions": lambda data, **kw: ac.check_assumptions(data, **kw).recommendation,
    "multiple_sign_test": lambda data, **kw: tuple(ac.multiple_sign_test(data, n_resamples=99, rng=0, **kw).table["r"]),
    "durbin": lambda data, **kw: ac.durbin(data, **kw).statistic,
    "skillings_mack": lambda data, **kw: ac.skillings_mack(data, **kw).statistic,
}
RESULTS = {
    "friedman": ac.friedman, "iman_davenport": ac.iman_davenport, "aligned_ranks": ac.aligned_ranks,
    "quade": ac.quade, "rm_anova": ac.rm_anova, "omnibus": ac.omnibus, "page_trend": ac.page_trend,
    "normality": ac.normality, "homoscedasticity": ac.homoscedasticity, "check_assumptions": ac.check_assumptions,
    "durbin": ac.durbin, "skillings_mack": ac.skillings_mack,
}
COMPLETE_ONLY = sorted(set(FUNCTIONS) - {"durbin", "skillings_mack"})


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_omit_equals_the_table_without_those_instances(name: str) -> None:
    run = FUNCTIONS[name]
    _same(run(WITH_GAPS, nan_policy="omit"), run(TABLE.drop(index=list(GAPS))))


def _same(got, expected) -> None:
    """Equal, up to the last bit of sums of squares (RM-ANOVA sums in another memory order)."""
    if isinstance(expected, str):
        assert got == expected
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-13)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_omit_records_the_dropped_instances(name: str) -> None:
    result = RESULTS[name](WITH_GAPS, nan_policy="omit")
    assert result.dropped_instances == GAPS
    assert result.to_dict()["dropped_instances"] == list(GAPS)
    assert RESULTS[name](TABLE, nan_policy="omit").dropped_instances == ()


@pytest.mark.parametrize("name", COMPLETE_ONLY)
def test_raise_names_the_missing_cells(name: str) -> None:
    with pytest.raises(ValueError, match="nan_policy='omit'"):
        FUNCTIONS[name](WITH_GAPS)


@pytest.mark.parametrize("name", COMPLETE_ONLY)
def test_maximize_of_the_negated_table_is_minimize(name: str) -> None:
    run = FUNCTIONS[name]
    _same(run(-TABLE, direction="maximize"), run(TABLE, direction="minimize"))


def test_incomplete_tests_keep_missing_cells_by_default() -> None:
    kept = ac.skillings_mack(WITH_GAPS)
    assert kept.n_missing == 4 and kept.dropped_instances is None
    with pytest.raises(ValueError, match="missing"):
        ac.skillings_mack(WITH_GAPS, nan_policy="raise")


def test_a_bad_direction_or_policy_is_named() -> None:
    with pytest.raises(ValueError, match="direction='up'"):
        ac.friedman(TABLE, direction="up")
    with pytest.raises(ValueError, match="nan_policy='drop'"):
        ac.quade(TABLE, nan_policy="drop")
    with pytest.raises(ValueError, match="direction"):
        ac.friedman(ac.Results.from_wide(TABLE, direction="maximize"), direction="minimize")


def test_a_results_keeps_its_own_direction() -> None:
    res = ac.Results.from_wide(pd.DataFrame(-TABLE.to_numpy(), columns=TABLE.columns), direction="maximize")
    assert ac.friedman(res).statistic == ac.friedman(TABLE).statistic
