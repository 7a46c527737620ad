"""Conformance registration of the post-hoc procedures (see tests/conformance.py)."""

from __future__ import annotations

from algocompare.posthoc import posthoc
from tests.conformance import Case
from tests.frequentist.incomplete_tables import CONOVER, NORMAL20


def adjusted_by_pair(result) -> tuple:
    """The control and the sorted (raw, adjusted) p-values: free of algorithm order, labels and direction.

    Labels are not used because an ndarray input names its algorithms 0..k-1.
    """
    pairs = sorted(zip(result.table["pvalue"], result.table["pvalue_adj"], strict=False))
    return tuple(value for pair in pairs for value in pair)


CASES = [
    Case("posthoc_friedman_holm", posthoc, kwargs=dict(test="friedman", p_adjust="holm"), key=adjusted_by_pair),
    Case("posthoc_friedman_control_finner", posthoc, kwargs=dict(test="friedman", control="best", p_adjust="finner"),
         key=adjusted_by_pair),
    Case("posthoc_best_control_li", posthoc, kwargs=dict(control="best", p_adjust="li"), key=adjusted_by_pair,
         data="cec2005"),
    Case("posthoc_aligned_ranks_shaffer", posthoc, kwargs=dict(test="aligned_ranks", p_adjust="shaffer"),
         key=adjusted_by_pair),
    Case("posthoc_quade_bergmann", posthoc, kwargs=dict(test="quade", p_adjust="bergmann"), key=adjusted_by_pair),
    Case("posthoc_quade_shaffer_dynamic", posthoc, kwargs=dict(test="quade", p_adjust="shaffer_dynamic"),
         key=adjusted_by_pair, data="cec2005"),
    Case("posthoc_nemenyi", posthoc, kwargs=dict(p_adjust="nemenyi"), key=adjusted_by_pair),
    # the bundled small table has tied instances, so the untied exact law is used as an approximation
    Case("posthoc_friedman_exact_hochberg", posthoc,
         kwargs=dict(test="friedman_exact", ties="midranks", p_adjust="hochberg"), key=adjusted_by_pair),
    Case("posthoc_conover_rom", posthoc, kwargs=dict(test="conover", p_adjust="rom"), key=adjusted_by_pair),
    Case("posthoc_wilcoxon_hommel", posthoc, kwargs=dict(test="wilcoxon", p_adjust="hommel"), key=adjusted_by_pair),
    Case("posthoc_durbin_holm", posthoc, kwargs=dict(test="durbin", p_adjust="holm"), key=adjusted_by_pair),
    # tables with missing cells (Skillings-Mack keeps them, so only the result-object checks apply)
    Case("posthoc_skillings_mack_finner", kind="other",
         make=lambda: posthoc(NORMAL20, test="skillings_mack", control="best", p_adjust="finner")),
    Case("posthoc_durbin_incomplete_shaffer", kind="other",
         make=lambda: posthoc(CONOVER, test="durbin", p_adjust="shaffer")),
    # independent samples: the runs of one instance (issue 27)
    *[Case(f"posthoc_{test}_runs", lambda res, test=test: posthoc(res, test=test, instance="I1"), kind="runs",
           key=adjusted_by_pair) for test in ("dunn", "conover_iman", "dscf", "kruskal_nemenyi", "mannwhitney")],
]
