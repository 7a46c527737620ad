"""The post-hoc section of ``algocompare analyze`` and of the HTML report."""

from __future__ import annotations

from typing import Any

from algocompare._results import format_number
from algocompare.analysis import AnalysisOptions, Section
from algocompare.posthoc.adjust import PAIRWISE_CORRECTIONS
from algocompare.posthoc.bergmann import MAX_EXACT_K
from algocompare.posthoc.procedure import posthoc

__all__ = ["section"]


def all_pairs_adjustment(options: AnalysisOptions, k: int) -> str:
    """The user's adjustment when it is valid for all pairs, else Shaffer (also above the
    exact Bergmann-Hommel limit)."""
    if options.control is None:
        if options.p_adjust == "bergmann" and k > MAX_EXACT_K:
            return "shaffer"
        return options.p_adjust
    return "shaffer"


def control_adjustment(options: AnalysisOptions) -> str:
    """The user's adjustment for the k - 1 comparisons with a control: Holm in place of the
    procedures defined only for the family of all pairs."""
    return "holm" if options.p_adjust in PAIRWISE_CORRECTIONS else options.p_adjust


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Friedman post-hoc against ``options.control`` (if any) and for all pairs.

    ``results["control"]`` holds the comparison with the control (``options.control``:
    an algorithm name or ``"best"``) using ``options.p_adjust``; ``results["all_pairs"]``
    holds all pairwise comparisons (``options.p_adjust`` when the control is None,
    else Shaffer's static procedure). Returns None with fewer than 2 instances or algorithms.
    """
    if results.n_algorithms < 2 or results.n_instances < 2:
        return None
    found: dict[str, Any] = {}
    if options.control is not None:
        found["control"] = posthoc(results, test="friedman", control=options.control,
                                   p_adjust=control_adjustment(options), alpha=options.alpha, se=options.se)
    found["all_pairs"] = posthoc(results, test="friedman", control=None,
                                 p_adjust=all_pairs_adjustment(options, results.n_algorithms),
                                 alpha=options.alpha, se=options.se)
    parts, data = [], {}
    for key, result in found.items():
        parts.append(_describe(result))
        data[key] = {**result.to_dict(), "cliques": result.cliques()}
    return Section(key="posthoc", title="Post-hoc comparisons", text="\n\n".join(parts), data=data, results=found)


def _describe(result: Any) -> str:
    """A terminal summary; the full table is in ``--json`` and in the report."""
    head = f"{result.method}, alpha = {result.alpha:g}"
    if result.critical_difference is not None:
        head += f", critical difference {result.critical_difference:.3f}"
    table = result.table
    if result.control is not None:
        shown = table.drop(columns=["algorithm_a"]).rename(columns={"algorithm_b": "versus " + str(result.control)})
        text = shown.to_string(index=False, float_format=lambda x: format_number(x))
        return "\n".join([head] + ["  " + line for line in text.splitlines()])
    rejected = table[table["reject"]]
    lines = [head, f"  {len(rejected)} of {len(table)} pairs differ significantly"]
    beats: dict[Any, list[Any]] = {}
    for a, b, z in zip(rejected["algorithm_a"], rejected["algorithm_b"], rejected["statistic"]):
        winner, loser = (a, b) if z > 0 else (b, a)
        beats.setdefault(winner, []).append(loser)
    width = max((len(str(a)) for a in beats), default=0)
    for name in result.mean_ranks.sort_values(kind="stable").index:
        if name in beats:
            lines.append(f"  {str(name):<{width}}  better than {', '.join(map(str, beats[name]))}")
    groups = ["{" + ", ".join(map(str, g)) + "}" for g in result.cliques()]
    lines.append("  groups without significant differences: " + ("; ".join(groups) or "none"))
    return "\n".join(lines)
