"""The post-hoc section of `algocompare analyze`."""

from __future__ import annotations

import json

import algocompare as ac
from algocompare.analysis import AnalysisOptions
from algocompare.posthoc._analysis import section


def test_section_control_and_all_pairs() -> None:
    res = ac.load_dataset("cec2005_d10")
    found = section(res, AnalysisOptions(control="best", p_adjust="holm"))
    assert found.key == "posthoc" and set(found.results) == {"control", "all_pairs"}
    assert found.results["control"].control == "G-CMA-ES"
    # issue 25: the requested adjustment applies to all pairs with a control too (was always shaffer)
    assert found.results["all_pairs"].p_adjust == "holm" and found.data["p_adjust"]["all_pairs"]["used"] == "holm"
    json.dumps(found.data, allow_nan=False)
    assert "G-CMA-ES" in found.text


def test_section_all_pairs_only() -> None:
    res = ac.load_dataset("cec2005_d10")
    found = section(res, AnalysisOptions(control=None, p_adjust="bergmann"))
    assert set(found.results) == {"all_pairs"} and found.results["all_pairs"].p_adjust == "bergmann"
