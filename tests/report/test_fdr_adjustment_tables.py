"""An FDR adjustment says so in the paper tables, the reading and the CD caption, and the tables
with the new adjustments' labels (Šidák, BH) compile in IEEEtran and acmart two-column papers."""

from __future__ import annotations

import unicodedata

import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.posthoc._reading import procedure
from tests.report.test_latex_papers import compile_tables, needs_pdftotext, needs_tex, synthetic


def test_reading_names_the_false_discovery_rate() -> None:
    data = ac.load_dataset("ice_cream")
    assert procedure(ac.posthoc(data, p_adjust="bh")) == "Friedman post-hoc, bh adjustment (false discovery rate)"
    assert procedure(ac.posthoc(data, p_adjust="holm_sidak")) == "Friedman post-hoc, holm_sidak adjustment"


@needs_tex
@needs_pdftotext
@pytest.mark.parametrize("preamble", ["ieee", "acm"])
def test_bh_tables_compile_and_say_fdr(preamble: str, tmp_path) -> None:
    data = synthetic(6, 15, seed=3)
    sections = run_analysis(data, AnalysisOptions(p_adjust="bh", control=data.algorithms[0]))
    problems, text = compile_tables(tmp_path, data, sections, preamble)
    assert not problems
    assert "APV (BH, FDR)" in text and "bh adjustment (false discovery rate)" in text


@needs_tex
@needs_pdftotext
def test_sidak_label_compiles_in_ieee(tmp_path) -> None:
    data = synthetic(5, 12, seed=4)
    sections = run_analysis(data, AnalysisOptions(p_adjust="sidak"))
    problems, text = compile_tables(tmp_path, data, sections, "ieee")
    assert not problems and "APV (Šidák)" in unicodedata.normalize("NFC", text)  # pdftotext may decompose Š
