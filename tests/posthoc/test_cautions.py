"""posthoc() warns at call time where the calibration study found a choice liberal (issue 28):
Li's adjustment against a control and Conover's Friedman post-hoc. The figures they quote are
re-measured in tests/test_calibration.py."""

from __future__ import annotations

import warnings

import pytest

import algocompare as ac

CEC = ac.load_dataset("cec2005_d10")


def test_li_against_a_control_warns_once_and_says_what_to_use():
    with pytest.warns(UserWarning, match=r"p_adjust='li' against a control is liberal.*use p_adjust='holm'") as caught:
        ac.posthoc(CEC, control="G-CMA-ES", p_adjust="li")
    assert len([w for w in caught if issubclass(w.category, UserWarning)]) == 1
    assert caught[0].filename == __file__  # points at the caller's line


def test_conover_warns_and_says_what_to_use():
    with pytest.warns(UserWarning, match=r"test='conover' is liberal when some algorithms differ.*test='friedman'"):
        ac.posthoc(CEC, test="conover")


@pytest.mark.parametrize("kwargs", [{}, {"p_adjust": "li"}, {"control": "G-CMA-ES", "p_adjust": "holm"},
                                    {"test": "wilcoxon", "control": "G-CMA-ES"}])
def test_calibrated_choices_stay_silent(kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        ac.posthoc(CEC, **kwargs)
