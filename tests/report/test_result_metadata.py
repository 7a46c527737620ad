"""Issue 26: results say what they are — ``kind`` (through :func:`kind_of`) and ``label`` — and
the reading names a post-hoc test by its registry label, a newly registered one included."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare._kinds import RESULT_KINDS, kind_of
from algocompare._results import BaseResult
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.posthoc import _registry as registry
from algocompare.posthoc._reading import posthoc_sentence, procedure
from algocompare.posthoc._registry import PosthocTest
from algocompare.report import reading

CEC = ac.load_dataset("cec2005_d10")


def test_kind_of_reads_the_class_attribute_and_nothing_else():
    assert kind_of(ac.friedman(CEC)) == "omnibus" and kind_of(ac.posthoc(CEC)) == "posthoc"
    assert kind_of(ac.borda(CEC)) == "consensus" and kind_of(ac.check_assumptions(CEC)) == "assumptions"
    # objects that are not results, even ones with a "kind" attribute, have none
    assert kind_of(pd.DataFrame({"kind": ["posthoc"]})) is None and kind_of(np.dtype(float)) is None
    assert kind_of(ac.PosthocResult) is None  # a class is not a result
    assert set(RESULT_KINDS) >= {"omnibus", "posthoc", "bayesian_pairs", "consensus", "permutation"}


def test_label_is_derived_from_the_class_unless_a_registry_gives_it():
    assert ac.friedman(CEC).label == "Friedman"
    assert ac.iman_davenport(CEC).label == "Iman Davenport"
    assert ac.rm_anova(CEC).label == "RM Anova"
    assert isinstance(ac.posthoc(CEC).label, str) and ac.posthoc(CEC).label == registry.get("friedman").label
    assert ac.posthoc(CEC, test="conover").label == "Conover"
    assert BaseResult.label.__doc__  # documented where it is defined


@pytest.fixture
def toy_test():
    def sign_pairs(values, a, b, context):
        wins_a = (values[:, a] < values[:, b]).sum(axis=0)
        wins_b = (values[:, b] < values[:, a]).sum(axis=0)
        return (wins_a - wins_b).astype(float), np.full(len(a), 0.5)

    entry = registry.register(PosthocTest(key="toy_sign", label="Toy sign", description="pairwise toy sign tests",
                                          statistic=sign_pairs, reference="Dixon & Mood (1946)"))
    yield entry
    registry.unregister("toy_sign")


def test_the_reading_names_a_new_post_hoc_test_by_its_label(toy_test):
    result = ac.posthoc(CEC, test="toy_sign", control="G-CMA-ES", p_adjust="holm")
    assert procedure(result) == "Toy sign post-hoc, holm adjustment"
    assert posthoc_sentence(result).startswith("With G-CMA-ES as control (Toy sign post-hoc, holm adjustment")
    sentences = reading(CEC, run_analysis(CEC, AnalysisOptions(posthoc_test="toy_sign", progress=False)))
    assert any("(Toy sign post-hoc, holm adjustment, α = 0.05)" in s for s in sentences)


def test_the_reading_keeps_its_own_names_of_the_default_and_parametric_tests():
    assert procedure(ac.posthoc(CEC, control="G-CMA-ES")) == "Friedman post-hoc, holm adjustment"
    from algocompare.frequentist._parametric_analysis import paired_t_posthoc

    assert procedure(paired_t_posthoc(CEC, None, "tukey", 0.05)) == "Tukey's HSD"
    assert procedure(paired_t_posthoc(CEC, None, "holm", 0.05)) == "paired t-tests, holm adjustment"
