"""The post-hoc section of ``algocompare analyze`` and of the HTML report for a table with missing cells."""

from __future__ import annotations

from typing import Any

from algocompare.analysis import AnalysisOptions, Section
from algocompare.frequentist.incomplete import incomplete_design
from algocompare.posthoc.analysis import _describe, all_pairs_adjustment, control_adjustment
from algocompare.posthoc.procedure import posthoc

__all__ = ["section"]


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Skillings–Mack post-hoc against ``options.control`` and for all pairs; Durbin's all pairs on a BIBD.

    Corrections as in the complete-table post-hoc section; figures as for complete tables,
    except the Bonferroni–Dunn chart, whose cut line assumes one standard error for every
    pair (see :mod:`algocompare.report.figures`). None for a complete table.
    """
    if not getattr(results, "n_missing", 0):
        return None
    found: dict[str, Any] = {}
    sm_options = {"tie_correction": options.tie_correction}
    if options.control is not None:
        found["skillings_mack_control"] = posthoc(results, test="skillings_mack", control=options.control,
                                                  p_adjust=control_adjustment(options), alpha=options.alpha,
                                                  **sm_options)
    all_pairs = all_pairs_adjustment(options, results.n_algorithms)
    found["skillings_mack_all_pairs"] = posthoc(results, test="skillings_mack", p_adjust=all_pairs,
                                                alpha=options.alpha, **sm_options)
    if incomplete_design(results).is_bibd():
        found["durbin_all_pairs"] = posthoc(results, test="durbin", p_adjust=all_pairs, alpha=options.alpha)
    data = {key: {**result.to_dict(), "cliques": result.cliques()} for key, result in found.items()}
    return Section(key="posthoc_incomplete", title="Post-hoc comparisons on the incomplete table",
                   text="\n\n".join(_describe(result) for result in found.values()), data=data, results=found)
