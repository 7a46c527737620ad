"""analyze --group-by COLUMN: the by-group section (posthoc_by_group on all pairs) in run_analysis, --json and errors."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.cli import main


def _grouped() -> ac.Results:
    rng = np.random.default_rng(2)
    rows = [(a, f"f{i}/D{dim}", r + 1, dim, rng.normal() + s * (1 + (dim == 30)))
            for dim in (10, 30) for i in range(8) for a, s in zip("ABCD", [0, 0.3, 0.8, 1.5], strict=True)
            for r in range(2)]
    return ac.Results.from_long(pd.DataFrame(rows, columns=["algorithm", "instance", "run", "dimension", "value"]),
                                run="run")


def test_section_is_posthoc_by_group_and_only_when_asked() -> None:
    data = _grouped()
    assert "by_group" not in [s.key for s in run_analysis(data, AnalysisOptions(control=None))]
    sections = {s.key: s for s in run_analysis(data, AnalysisOptions(control=None, group_by="dimension",
                                                                     p_adjust="bh"))}
    found = sections["by_group"].results["by_group"]
    expected = ac.posthoc_by_group(data, "dimension", p_adjust="bh")
    pd.testing.assert_frame_equal(found.table, expected.table)
    assert sections["by_group"].data["p_adjust"]["by_group"]["used"] == "bh"
    assert "false discovery rate" in sections["by_group"].reading[0]


def test_pairwise_structure_adjustment_becomes_holm_and_says_so() -> None:
    section = {s.key: s for s in run_analysis(_grouped(), AnalysisOptions(group_by="dimension",
                                                                          p_adjust="bergmann"))}["by_group"]
    assert section.results["by_group"].p_adjust == "holm"
    assert section.data["p_adjust"]["by_group"] == {"requested": "bergmann", "used": "holm",
                                                    "reason": "defined for the pairs of one table only"}
    assert "adjusted with holm" in section.text


def test_cli_group_by(tmp_path, capsys) -> None:
    path = tmp_path / "grouped.csv"
    _grouped().to_long().to_csv(path, index=False)
    assert main(["analyze", str(path), "--group-by", "dimension", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["by_group"]["by_group"]["n_comparisons"] == 12
    assert main(["analyze", str(path), "--group-by", "suite"]) != 0
    assert "--group-by 'suite' is not a factor column" in capsys.readouterr().err


def test_group_by_rejects_core_columns() -> None:
    from algocompare.posthoc._by_group_analysis import check_group_column

    with pytest.raises(ValueError, match="not a factor column"):
        check_group_column(_grouped(), "instance")


def test_by_group_table_compiles_in_ieee(tmp_path) -> None:
    from tests.report.test_latex_papers import _have, compile_tables

    if not _have("IEEEtran.cls", "booktabs.sty"):
        pytest.skip("pdflatex with IEEEtran and booktabs is not installed")
    data = _grouped()
    problems, text = compile_tables(tmp_path, data, run_analysis(data, AnalysisOptions(group_by="dimension")), "ieee")
    assert not problems and "by dimension" in text.lower()
    assert (tmp_path / "by-group_by-group.tex").exists()
