"""``analyze --posthoc-test``: the post-hoc test of the analysis chosen from the registry, end to end."""

from __future__ import annotations

import json

import pytest

import algocompare as ac
from algocompare.cli import main
from algocompare.posthoc import _registry as registry
from algocompare.posthoc._registry import PosthocTest
from tests.posthoc.test_registry import sign_pairs


def analyze(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["analyze", "--no-progress", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("test, label, method", [
    ("wilcoxon", "Wilcoxon signed-rank", "pairwise Wilcoxon signed-rank tests"),
    ("conover", "Conover", "Conover's Friedman post-hoc (t test on rank sums)")])
def test_posthoc_test_in_text_and_json(capsys, test, label, method):
    data = ac.load_dataset("cec2005_d10")
    code, out, _ = analyze(capsys, "--dataset", "cec2005_d10", "--posthoc-test", test)
    assert code == 0
    assert f"The {label} post-hoc tests treat the instances as a sample of problems" in out
    assert f"{method}, holm adjustment, control G-CMA-ES, alpha = 0.05" in out
    code, out, _ = analyze(capsys, "--dataset", "cec2005_d10", "--posthoc-test", test, "--json")
    section = json.loads(out)["posthoc"]
    expected = ac.posthoc(data, test=test, control=None, p_adjust="holm")
    assert section["all_pairs"]["test"] == test
    assert section["all_pairs"]["method"].startswith(expected.method)
    pvalues = [row["pvalue_adj"] for row in section["all_pairs"]["table"]]
    assert pvalues == pytest.approx(expected.table["pvalue_adj"].tolist(), rel=1e-12)
    # the winner of each significant pair is the better-ranked one, whatever the statistic's sign
    text = analyze(capsys, "--dataset", "cec2005_d10", "--posthoc-test", test)[1]
    best = data.mean_ranks().idxmin()
    assert f"{best}" in text.split("pairs differ significantly")[1].splitlines()[1]


def test_wilcoxon_winners_follow_the_effect_size_not_the_sign_of_r_plus(capsys):
    """R+ is never negative: the direction of a significant Wilcoxon pair comes from its effect size."""
    out = analyze(capsys, "--dataset", "cec2005_d10", "--posthoc-test", "wilcoxon")[1]
    assert "G-CMA-ES   better than BLX-GL50, BLX-MA, CoEVO, EDA, SPC-PNX" in out
    assert "better than G-CMA-ES" not in out


def test_posthoc_test_in_the_report(capsys, tmp_path):
    report = tmp_path / "report.html"
    code, _, _ = analyze(capsys, "--dataset", "ice_cream", "--posthoc-test", "wilcoxon", "--report", str(report))
    html = report.read_text(encoding="utf-8")
    assert code == 0
    assert "The Wilcoxon signed-rank post-hoc tests treat" in html
    assert "(Wilcoxon signed-rank tests)" in html  # the CD diagram's caption, from the registry's label
    assert "Bonferroni–Dunn chart" not in html  # no common standard error: no single cut line


def test_a_registered_test_is_offered_by_analyze(capsys, tmp_path):
    registry.register(PosthocTest(key="toy_sign", label="Toy sign", description="pairwise toy sign tests",
                                  statistic=sign_pairs, reference="Dixon & Mood (1946)"))
    try:
        code, out, _ = analyze(capsys, "--dataset", "ice_cream", "--posthoc-test", "toy_sign", "--json")
        assert code == 0
        assert json.loads(out)["posthoc"]["all_pairs"]["test"] == "toy_sign"
        report = tmp_path / "report.html"
        code, out, _ = analyze(capsys, "--dataset", "ice_cream", "--posthoc-test", "toy_sign", "--report",
                               str(report))
        assert "The Toy sign post-hoc tests treat" in out and "pairwise toy sign tests, holm adjustment" in out
        assert "(Toy sign tests)" in report.read_text(encoding="utf-8")
    finally:
        registry.unregister("toy_sign")
    with pytest.raises(SystemExit):
        analyze(capsys, "--dataset", "ice_cream", "--posthoc-test", "toy_sign")
    assert "invalid choice: 'toy_sign'" in capsys.readouterr().err


def test_posthoc_test_must_suit_the_table(capsys, tmp_path):
    code, _, err = analyze(capsys, "--dataset", "ice_cream", "--posthoc-test", "durbin")
    assert code != 0 and "is made for tables with missing cells and this table has none" in err
    assert len(err.strip().splitlines()) == 1
    values = ac.load_dataset("cec2005_d10").blocks().copy()
    values.iloc[0, 1] = float("nan")
    path = tmp_path / "missing.csv"
    values.to_csv(path)
    for test in ("conover", "friedman"):  # named explicitly, Friedman's test is refused too
        code, _, err = analyze(capsys, str(path), "--posthoc-test", test)
        assert code != 0 and "needs every cell and this table has missing ones" in err
    code, out, _ = analyze(capsys, str(path), "--json")  # the default: Skillings-Mack
    assert "skillings_mack_all_pairs" in json.loads(out)["posthoc_incomplete"]
    code, out, _ = analyze(capsys, str(path), "--posthoc-test", "skillings_mack", "--json")
    assert code == 0 and "skillings_mack_control" in json.loads(out)["posthoc_incomplete"]


def test_posthoc_test_is_refused_by_the_section_too():
    from algocompare.analysis import AnalysisOptions, run_analysis

    with pytest.raises(ValueError, match="made for tables with missing cells"):
        run_analysis(ac.load_dataset("ice_cream"), AnalysisOptions(posthoc_test="skillings_mack"))


def test_unknown_keys_are_one_line_errors_listing_the_registered_ones(capsys):
    from algocompare.analysis import AnalysisOptions, run_analysis

    with pytest.raises(ValueError, match=r"^posthoc_test='nope' is not a post-hoc test; choose one of friedman, "):
        run_analysis(ac.load_dataset("ice_cream"), AnalysisOptions(posthoc_test="nope"))
    with pytest.raises(SystemExit):
        analyze(capsys, "--dataset", "ice_cream", "--p-adjust", "nope")
    err = capsys.readouterr().err
    assert "invalid choice: 'nope'" in err and "'shaffer_dynamic', 'bergmann'" in err
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "one of bonferroni, holm, hochberg" in help_text and "one of friedman, aligned_ranks, quade" in help_text
