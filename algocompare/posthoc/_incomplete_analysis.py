"""The post-hoc section of ``algocompare analyze`` and of the HTML report for a table with missing cells."""

from __future__ import annotations

from typing import Any

from algocompare._sections import MAX_ALL_PAIRS, AnalysisOptions, Section
from algocompare.frequentist._incomplete import incomplete_design
from algocompare.posthoc._analysis import all_pairs_adjustment, chosen_test, describe, run_posthoc, with_effect_sizes
from algocompare.posthoc._procedure import posthoc
from algocompare.posthoc._reading import section_reading
from algocompare.posthoc._registry import INCOMPLETE_TESTS
from algocompare.posthoc._registry import get as posthoc_test

__all__ = ["QUESTION", "incomplete_table_test", "section"]

#: The question the section answers, and its scope.
QUESTION = ("Question: which pairs of algorithms differ on problems like these? As the complete-table post-hoc "
            "tests, with the instances as a sample of problems; each pair's effect size (matched-pairs "
            "rank-biserial r) uses the instances where both algorithms have a value.")


def incomplete_table_test(test: str, *, explicit: bool = False) -> str:
    """The post-hoc test of a table with missing cells: ``test`` when it is made for one, Skillings–Mack
    for the default (``"friedman"``, unless the user named it: ``explicit``); the other
    complete-table tests are refused with a one-line error.

    Examples
    --------
    >>> incomplete_table_test("friedman"), incomplete_table_test("durbin")
    ('skillings_mack', 'durbin')
    """
    if test == AnalysisOptions().posthoc_test and not explicit:
        return "skillings_mack"
    entry = chosen_test(test)
    if not entry.allows_missing:
        raise ValueError(f"the {entry.label} post-hoc test (posthoc_test={test!r}) needs every cell and this table "
                         f"has missing ones; choose one of {', '.join(INCOMPLETE_TESTS)}, or drop the instances "
                         "with missing cells (nan_policy='omit').")
    return entry.key


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Skillings–Mack post-hoc (or ``options.posthoc_test`` when it is made for tables with holes)
    against ``options.control`` and for all pairs; Durbin's all pairs on a BIBD.

    Adjustments as in the complete-table post-hoc section (``data["p_adjust"]`` says which
    was used and why); figures as for complete tables, except the Bonferroni–Dunn chart,
    whose cut line assumes one standard error for every pair (see
    :mod:`algocompare.report._figures`). None for a complete table.

    Each pair's effect size (matched-pairs rank-biserial r) is taken on the instances where
    both algorithms have a value.
    """
    if not getattr(results, "n_missing", 0):
        return None
    test = incomplete_table_test(options.posthoc_test)
    ties = "tie_correction" in posthoc_test(test).options
    test_options = {"tie_correction": options.tie_correction} if ties else {}
    run = run_posthoc(results, options, test, **test_options)
    found = {f"{test}_{key}": with_effect_sizes(result, results, "rank_biserial")
             for key, result in run["results"].items()}
    adjustments = {f"{test}_{key}": adj for key, adj in run["adjustments"].items()}
    if "durbin_all_pairs" not in found and results.n_algorithms <= MAX_ALL_PAIRS \
            and incomplete_design(results).is_bibd():  # see size_limits
        adjustments["durbin_all_pairs"] = all_pairs_adjustment(options, results.n_algorithms)
        found["durbin_all_pairs"] = with_effect_sizes(
            posthoc(results, test="durbin", p_adjust=adjustments["durbin_all_pairs"].used, alpha=options.alpha),
            results, "rank_biserial")
    data = {key: {**result.to_dict(), "cliques": result.cliques()} for key, result in found.items()}
    data["p_adjust"] = {key: adj.to_dict() for key, adj in adjustments.items()}
    return Section(key="posthoc_incomplete", title="Post-hoc comparisons on the incomplete table",
                   text="\n\n".join([QUESTION] + [describe(result, adjustments[key]) for key, result in found.items()]),
                   data=data, results=found, question=QUESTION,
                   reading=section_reading("Post-hoc comparisons on the incomplete table", found, data["p_adjust"]))
