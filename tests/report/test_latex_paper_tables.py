"""The content of the paper tables (algocompare.report._paper): the summary's effect sizes and
decisions, the control table, the all-pairs matrix and list, numbering with a key only when names
do not fit, the Kemeny ranking, mean-rank order of to_markdown, and analyze --latex-width."""

import re

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from algocompare.effects import paired_effect_sizes
from algocompare.report._paper import (
    all_pairs_table,
    control_table,
    paper_html,
    paper_latex,
    paper_markdown,
    paper_table,
    summary_table,
)
from tests._refdata import ref_path

LONG = ["CMA-ES (IPOP, restarts)", "L-SHADE (linear pop. reduction)", "BIPOP-aCMA-ES w/ surrogate", "jSO",
        "DE/rand/1/bin", "Particle swarm optimisation (SPSO 2011)", "NSGA-II", "Random search"]


@pytest.fixture(scope="module")
def cec():
    data = ac.load_dataset("cec2017_d10")
    return data, run_analysis(data, AnalysisOptions(control="jSO"))


def _long_names(seed=1, spread=2.0):
    rng = np.random.default_rng(seed)
    values = np.round(rng.normal(size=(20, len(LONG))) + np.linspace(0, spread, len(LONG)), 2)
    return ac.Results.from_wide(pd.DataFrame(values, columns=LONG))


def test_summary_has_the_effect_size_against_the_control_and_its_decision(cec):
    data, sections = cec
    table = summary_table(data, sections)
    frame = table.frame
    assert list(frame.index) == [str(a) for a in data.mean_ranks().sort_values(kind="stable").index]
    # r of each algorithm against the control, positive = better than it
    effects = paired_effect_sizes(data, [("EBO", "jSO"), ("MOS12", "jSO")])
    assert frame.loc["EBO", "r"] == f"{effects['effect_size'][0]:.2f}" and float(frame.loc["EBO", "r"]) > 0
    assert float(frame.loc["MOS12", "r"]) < 0 and frame.loc["MOS12", "magnitude"] == "large"
    control = next(r for s in sections for r in s.results.values() if getattr(r, "control", None) == "jSO")
    rejected = dict(zip(control.table["algorithm_b"], control.table["reject"], strict=False))
    assert frame.loc["jSO", "differs"] == "--"
    assert all(frame.loc[a, "differs"] == ("yes" if rejected[a] else "no") for a in rejected)
    assert table.bold[:, -1].tolist() == [bool(rejected.get(a, False)) for a in frame.index]
    assert "IQR" in table.note and "jSO" in table.note and "APV (Holm)" in table.note


def test_page_width_adds_the_interval_of_r(cec):
    data, sections = cec
    frame = summary_table(data, sections, width="page").frame
    effects = paired_effect_sizes(data, [("MM", "jSO")])
    assert frame.loc["MM", "95% CI"] == f"[{effects['ci_low'][0]:.2f}, {effects['ci_high'][0]:.2f}]"
    assert "95% CI" not in summary_table(data, sections).frame


def test_long_names_stay_whole_with_the_decision_as_a_star(tmp_path):
    data = _long_names()
    sections = run_analysis(data)
    tex = paper_latex(summary_table(data, sections))
    assert "Key:" not in tex and all(name.replace("_", r"\_") in tex for name in LONG)
    assert re.search(r"\d\.\d\d\*", tex) and "*: equal performance with" in tex


def test_control_table_is_one_table_in_mean_rank_order(cec):
    data, _ = cec
    result = ac.posthoc(data, control="jSO", p_adjust="hochberg")
    table = control_table(result)
    assert list(table.frame.columns[:4]) == ["mean rank", "statistic", "p", "APV (Hochberg)"]
    ranks = [float(r) for r in table.frame["mean rank"]]
    assert ranks == sorted(ranks) and "jSO" not in table.frame.index
    tex = paper_latex(table)
    assert tex.count(r"\begin{tabular}{") == 1 and "continued" not in tex  # ([b] tabulars stack headers)
    assert r"\textbf" in tex and "APV" in tex and "(Hochberg)" in tex


def test_all_pairs_matrix_marks_the_rejected_pairs_in_bold():
    data = ac.load_dataset("ice_cream")
    result = ac.posthoc(data, p_adjust="holm", alpha=0.5)  # some rejections among five algorithms
    table = all_pairs_table(result)
    order = list(table.frame["algorithm"])
    decided = result.reject()
    k = len(order)
    for i in range(k):
        for j in range(k - 1):
            cell = table.frame.iloc[i, 2 + j]
            assert (cell != "") == (i > j)  # lower triangle only
            assert bool(table.bold[i, 2 + j]) == (i > j and bool(decided.loc[order[i], order[j]]))


def test_many_pairs_become_the_list_of_differing_pairs(cec):
    data, _ = cec
    result = ac.posthoc(data, p_adjust="holm")
    table = all_pairs_table(result, width="column")
    assert list(table.frame.columns) == ["#", "algorithm", "better than"]
    listed = sum(len(c.split(", ")) for c in table.frame["better than"] if c != "--")
    assert listed == int(result.table["reject"].sum())
    tex = paper_latex(table)
    assert tex.count(r"\\") - 1 == data.n_algorithms + 0  # one row per algorithm, not one per pair
    assert all(name in tex for name in table.frame["algorithm"])


def test_page_width_keeps_the_matrix_of_the_same_pairs(cec):
    data, _ = cec
    result = ac.posthoc(data, p_adjust="holm")
    page = all_pairs_table(result, width="page")
    assert "better than" not in page.frame.columns and page.frame.shape[1] == 2 + data.n_algorithms - 1
    tex = paper_latex(page, width="page")
    assert r"\begin{table*}" in tex and "longtable" not in tex


def test_names_are_numbered_with_a_key_only_when_they_cannot_fit():
    data = _long_names()
    result = ac.posthoc(data, p_adjust="holm")
    tex = paper_latex(all_pairs_table(result))
    assert "Key: 1 " in tex and all(name in tex for name in LONG)  # numbered in the matrix, named in the key
    short = ac.load_dataset("ice_cream")
    assert "Key:" not in paper_latex(all_pairs_table(ac.posthoc(short)))


def test_kemeny_is_a_ranking_by_position_not_a_string():
    data = ac.load_dataset("cec2005_d10")
    section = next(s for s in run_analysis(data) if s.key == "consensus")
    table = paper_table(section.results["kemeny"], width="column")
    assert table.frame.index.name == "position" and table.frame.shape[0] == data.n_algorithms
    assert set(table.frame.iloc[:, 0]) == {str(a) for a in data.algorithms}


def test_to_markdown_is_in_mean_rank_order_with_human_headers():
    data = ac.load_dataset("cec2005_d10")
    result = ac.posthoc(data, control="G-CMA-ES")
    text = result.to_markdown()
    rows = [line.split(" | ")[1] for line in text.splitlines()[2:]]
    ranks = result.mean_ranks
    assert [ranks[b] for b in rows] == sorted(ranks[b] for b in rows)
    assert "| A | B | statistic | p | APV (Holm) |" in text


def test_to_latex_width_and_a_bad_width():
    result = ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry")
    assert r"\begin{table*}" in result.to_latex(width="page")
    assert r"\begin{table}" in result.to_latex()
    with pytest.raises(ValueError, match="width"):
        result.to_latex(width="double")


def test_analyze_latex_width_page(tmp_path, capsys):
    from algocompare.cli import main

    assert main(["analyze", "--dataset", "ice_cream", "--latex", str(tmp_path), "--latex-width", "page"]) == 0
    assert r"\begin{table*}" in (tmp_path / "summary.tex").read_text()
    assert (tmp_path / "reading.tex").read_text().strip()
    # table* spans the page of a two-column document (in a one-column one it would overrun the text)
    assert r"\documentclass[twocolumn]{article}" in (tmp_path / "tables.tex").read_text()
    with pytest.raises(SystemExit):
        main(["analyze", "--dataset", "ice_cream", "--latex", str(tmp_path), "--latex-width", "wide"])


def test_the_permutation_test_is_a_table_of_tests_not_a_dump_of_fields():
    data = ac.read(ref_path("results_long.csv"))
    section = next(s for s in run_analysis(data) if s.key == "permutation")
    table = paper_table(section.results["test"])
    assert list(table.frame.columns) == ["test", "statistic", "df1", "df2", "pvalue"]
    assert table.frame["test"].tolist()[:2] == ["synchronized permutation F", "parametric F"]
    assert "10 instances, 5 runs" in table.note
    tex = paper_latex(table)
    assert "n\\_resamples" not in tex and "df$_1$" in tex


def test_the_same_tables_in_markdown_and_html(cec, tmp_path):
    data, sections = cec
    table = summary_table(data, sections)
    markdown = paper_markdown(table)
    assert markdown.startswith("**Summary per algorithm, by mean rank**")
    assert "| algorithm | mean rank | median | IQR | r | magnitude | differs |" in markdown
    assert "**yes**" in markdown and table.note in markdown
    html = paper_html(control_table(ac.posthoc(data, control="jSO")))
    assert "<caption>Comparisons with the control</caption>" in html and '<th class="num">APV (Holm)</th>' in html
    assert '<p class="note">' in html
    paths = ac.export_tables(data, sections, tmp_path)
    text = (tmp_path / "tables.md").read_text()
    assert paths[-1].name == "tables.md" and text.count("**Summary per algorithm") == 1
    assert "All pairs" in text and "Key:" not in text.split("**All pairs")[0]  # names in full in Markdown


def test_bayesian_pairs_are_numbered_and_oriented_by_mean_rank():
    data = _long_names(seed=3)
    result = ac.bayesian_pairwise(data, rope=0.1, n_samples=300, rng=0)
    order = [str(a) for a in data.mean_ranks().sort_values(kind="stable").index]
    table = paper_table(result, order)
    position = {a: i for i, a in enumerate(order)}
    assert all(position[a] < position[b] for a, b in zip(table.frame["A"], table.frame["B"], strict=False))
    source = result.table.set_index(["algorithm_a", "algorithm_b"])
    for a, b, left, right in table.frame[["A", "B", "P(left)", "P(right)"]].itertuples(index=False):
        if (a, b) in source.index:
            assert (left, right) == (source.loc[(a, b), "p_left"], source.loc[(a, b), "p_right"])
        else:  # swapped: P(left) is still "A better than B"
            assert (left, right) == (source.loc[(b, a), "p_right"], source.loc[(b, a), "p_left"])
    assert table.names[:len(order)] == tuple(order)


def test_summary_of_a_table_with_missing_cells_says_which_instances_r_uses():
    rng = np.random.default_rng(5)
    frame = pd.DataFrame(rng.normal(size=(12, 4)), columns=["A", "B", "C", "D"])
    frame.iloc[2, 1] = np.nan
    frame.iloc[7, 3] = np.nan
    data = ac.Results.from_wide(frame, nan_policy="keep")
    table = summary_table(data, run_analysis(data))
    assert "over the 10 instances without a missing cell" in table.note
    assert table.frame["r"].iloc[1:].map(lambda r: r != "--").all()


def test_effect_sizes_never_print_a_negative_zero():
    data = ac.load_dataset("ice_cream")
    control = next(r for s in run_analysis(data) for r in s.results.values() if getattr(r, "control", None))
    assert "effect_size" in control.table and (control.table["effect_size"] == 0).any()  # vanilla vs strawberry
    tex = paper_latex(control_table(control))
    assert "-0.00" not in tex and " 0.00 " in tex


def test_numbers_mean_the_same_algorithm_in_every_table(tmp_path):
    names = [*LONG[:7], "BIPOP-aCMA-ES-with-surrogate-model-v2.1x"]  # no space to wrap at: numbered
    rng = np.random.default_rng(4)
    data = ac.Results.from_wide(pd.DataFrame(rng.normal(size=(15, 8)) + np.linspace(0, 2, 8), columns=names))
    ac.export_tables(data, run_analysis(data), tmp_path)
    order = [str(a) for a in data.mean_ranks().sort_values(kind="stable").index]
    expected = "Key: " + "; ".join(f"{i + 1} {n}" for i, n in enumerate(order))
    keyed = [p.name for p in tmp_path.glob("*.tex") if "Key:" in p.read_text()]
    assert {"summary.tex", "posthoc_control.tex"} <= set(keyed)
    for name in keyed:
        assert expected.replace("_", "{\\ttfamily\\char95}") in (tmp_path / name).read_text(), name
