"""The post-hoc section of ``algocompare analyze`` and of the HTML report."""

from __future__ import annotations

from typing import Any

from algocompare._results import format_number
from algocompare.analysis import AnalysisOptions, Section
from algocompare.posthoc.bergmann import MAX_EXACT_K
from algocompare.posthoc.procedure import posthoc

__all__ = ["section"]


def _all_pairs_correction(options: AnalysisOptions, k: int) -> str:
    """The user's correction when it is valid for all pairs, else Shaffer (Holm above the exact limit)."""
    if options.control is None:
        if options.correction == "bergmann" and k > MAX_EXACT_K:
            return "shaffer"
        return options.correction
    return "shaffer"


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Friedman post-hoc against ``options.control`` (if any) and for all pairs.

    ``results["control"]`` holds the comparison with the control (``options.control``:
    an algorithm name or ``"best"``) using ``options.correction``; ``results["all_pairs"]``
    holds all pairwise comparisons (``options.correction`` when the control is None,
    else Shaffer's static procedure). Returns None with fewer than 2 instances or algorithms.
    """
    if results.n_algorithms < 2 or results.n_instances < 2:
        return None
    found: dict[str, Any] = {}
    control_correction = options.correction
    if options.control is not None:
        if control_correction in ("shaffer", "shaffer_dynamic", "bergmann"):
            control_correction = "holm"  # pairwise-family corrections do not apply to k-1 comparisons
        found["control"] = posthoc(results, test="friedman", control=options.control,
                                   p_adjust=control_correction, alpha=options.alpha, se=options.se)
    found["all_pairs"] = posthoc(results, test="friedman", control=None,
                                 p_adjust=_all_pairs_correction(options, results.n_algorithms),
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
