"""The by-group post-hoc section of ``algocompare analyze --group-by COLUMN`` and of the HTML report.

With ``options.group_by`` set, the post-hoc test of the analysis (``options.posthoc_test``)
runs within each group of instances (a column of the long data, e.g. ``dimension``) on all
pairs, and ``options.p_adjust`` is applied once across every group's comparisons
(:func:`algocompare.posthoc_by_group`). Without it, no section.
"""

from __future__ import annotations

from typing import Any

from algocompare._sections import AnalysisOptions, Section
from algocompare.posthoc._adjust import FAMILY_CORRECTIONS, error_rate_note
from algocompare.posthoc._by_group import posthoc_by_group
from algocompare.posthoc._registry import get as posthoc_test

__all__ = ["QUESTION", "section", "check_group_column"]

QUESTION = ("Question: which pairs of algorithms differ within each group of instances? The post-hoc test runs on "
            "each group's instances alone, and one adjustment covers the comparisons of all groups together.")


def check_group_column(results: Any, column: str) -> None:
    """A one-line error when ``column`` is not a column of the long data (before any section runs)."""
    long = results.to_long()
    if column not in long.columns or column in ("instance", "algorithm", "run", "value"):
        extra = [c for c in long.columns if c not in ("instance", "algorithm", "run", "value")]
        raise ValueError(f"--group-by {column!r} is not a factor column of the data (its other columns: {extra}); "
                         "name a column of the long file such as 'dimension'.")


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """``results["by_group"]``: :func:`posthoc_by_group` on all pairs, or None when no group is asked for.

    An adjustment that needs one family of all pairs (Shaffer, Bergmann–Hommel, Nemenyi) is
    replaced by Holm, and the section says so.
    """
    column = getattr(options, "group_by", None)
    if column is None:
        return None
    check_group_column(results, column)
    entry = posthoc_test(options.posthoc_test)
    p_adjust = options.p_adjust if options.p_adjust in FAMILY_CORRECTIONS else "holm"
    result = posthoc_by_group(results, column, test=entry.key, p_adjust=p_adjust, alpha=options.alpha,
                              **({"se": options.se} if entry.uses_se else {}))
    notes = [] if p_adjust == options.p_adjust else [
        f"Note: {options.p_adjust} is defined for the pairs of one table only; the comparisons of all groups "
        f"are adjusted with holm."]
    text = "\n\n".join([QUESTION, str(result), *notes])
    reason = "" if p_adjust == options.p_adjust else "defined for the pairs of one table only"
    # "p_adjust" as the post-hoc section writes it (requested, used, reason), which the report's header reads
    data: dict[str, Any] = {"by_group": result.to_dict(),
                            "p_adjust": {"by_group": {"requested": options.p_adjust, "used": p_adjust,
                                                      "reason": reason}}}
    return Section(key="by_group", title=f"Post-hoc comparisons by {column}", text=text, data=data,
                   results={"by_group": result}, figures=(), question=QUESTION, reading=(_reading(result, column),))


def _reading(result: Any, column: str) -> str:
    """One sentence: how many pairs differ in each group, and the differing pairs."""
    table = result.table
    parts = []
    for key in result.groups:
        rows = table[table[column] == key]
        found = rows[rows["reject"]]
        pairs = ", ".join(f"{a}–{b}" for a, b in zip(found["algorithm_a"], found["algorithm_b"], strict=True))
        parts.append(f"{column} {key}: {len(found)} of {len(rows)} pairs" + (f" ({pairs})" if pairs else ""))
    adjusted = f"{result.p_adjust} adjustment{error_rate_note(result.p_adjust)}"
    return (f"Within each {column} ({result.test} post-hoc, {adjusted} across all {result.n_comparisons} "
            f"comparisons, α = {result.alpha:g}), the pairs that differ significantly: " + "; ".join(parts) + ".")
