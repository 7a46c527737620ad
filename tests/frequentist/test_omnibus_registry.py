"""The registry of omnibus tests: omnibus() and the analysis run every registered complete-table test."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest
from scipy import stats

import algocompare as ac
from algocompare._results import TestResult
from algocompare.data._convert import as_blocks
from algocompare.frequentist._omnibus import OMNIBUS_TESTS, OmnibusTest

CEC = ac.load_dataset("cec2005_d10")


@dataclass(frozen=True, kw_only=True)
class WinsResult(TestResult):
    df: int


def sign_omnibus(data, *, direction=None, nan_policy="raise"):
    """A toy omnibus test: chi-square of how often each algorithm is the best of its instance."""
    values = as_blocks(data, direction=direction, nan_policy=nan_policy).values(oriented=True)
    wins = (values == values.min(axis=1, keepdims=True)).sum(axis=0)
    statistic, pvalue = stats.chisquare(wins)
    return WinsResult(method="toy wins test", statistic=float(statistic), pvalue=float(pvalue), df=len(wins) - 1)


@pytest.fixture
def toy_omnibus():
    entry = OMNIBUS_TESTS.register(OmnibusTest(key="toy_wins", label="Toy wins", function=sign_omnibus,
                                               reference="a toy"))
    yield entry
    OMNIBUS_TESTS.unregister("toy_wins")


def test_a_registered_omnibus_test_runs_in_omnibus(toy_omnibus):
    result = ac.omnibus(CEC)
    row = result.table.set_index("test").loc["Toy wins"]
    wins = (CEC.values(oriented=True) == CEC.values(oriented=True).min(axis=1, keepdims=True)).sum(axis=0)
    expected = stats.chisquare(wins)
    assert row["statistic"] == pytest.approx(expected.statistic) and row["pvalue"] == pytest.approx(expected.pvalue)
    assert row["df1"] == 10 and math.isnan(row["df2"])
    assert result["toy_wins"].statistic == row["statistic"]
    assert list(result.table["test"])[:5] == ["Friedman", "Iman-Davenport", "Friedman aligned ranks", "Quade",
                                              "Repeated-measures ANOVA"]


def test_a_registered_omnibus_test_is_in_the_analysis(toy_omnibus):
    from algocompare.analysis import run_analysis

    section = next(s for s in run_analysis(ac.load_dataset("ice_cream")) if s.key == "frequentist")
    assert any(line.startswith("Toy wins") for line in section.text.splitlines())
    assert "Toy wins" in [row["test"] for row in section.data["omnibus"]]


def test_omnibus_passes_tie_correction_only_to_the_tests_that_take_it():
    untied = ac.omnibus(CEC, tie_correction=False)
    assert untied["friedman"].statistic == pytest.approx(41.985, abs=5e-4)  # García et al. 2009, Table 7
    assert untied["rm_anova"].statistic == ac.rm_anova(CEC).statistic


def test_every_omnibus_entry_has_a_label_and_a_reference():
    assert [e.key for e in OMNIBUS_TESTS if e.complete] == ["friedman", "iman_davenport", "aligned_ranks", "quade",
                                                            "rm_anova"]
    assert [e.key for e in OMNIBUS_TESTS if not e.complete] == ["durbin", "skillings_mack"]
    for entry in OMNIBUS_TESTS:
        assert entry.label and "(" in entry.reference, entry.key
    with pytest.raises(ValueError, match="test='nope' is not valid"):
        OMNIBUS_TESTS["nope"]
