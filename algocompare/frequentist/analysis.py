"""The frequentist section of ``algocompare analyze`` and of the HTML report."""

from __future__ import annotations

from typing import Any

from algocompare._results import format_number, jsonable
from algocompare.analysis import AnalysisOptions, Section
from algocompare.frequentist.assumptions import check_assumptions
from algocompare.frequentist.omnibus import omnibus

__all__ = ["section"]


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Omnibus table (Friedman, Iman–Davenport, aligned ranks, Quade, RM-ANOVA), the mean
    ranks and the assumption summary with its recommendation.

    A NaN p-value (RM-ANOVA on a table without any variation to test) prints "no
    decision", followed by the reason (:attr:`RMAnovaResult.note`), never "keep H0".
    """
    tests = omnibus(results, tie_correction=options.tie_correction)
    assumptions = check_assumptions(results, alpha=options.alpha)
    table = tests.table
    lines = [f"{'test':<26}{'statistic':>12}{'df':>12}{'p-value':>12}  decision"]
    for _, row in table.iterrows():
        df = format_number(row["df1"], 0) if row["df2"] != row["df2"] else \
            f"{int(row['df1'])},{int(row['df2'])}"
        decision = "no decision" if row["pvalue"] != row["pvalue"] else \
            "reject H0" if row["pvalue"] <= options.alpha else "keep H0"
        lines.append(f"{row['test']:<26}{format_number(row['statistic'], 4):>12}{df:>12}"
                     f"{format_number(row['pvalue'], 4):>12}  {decision}")
    gg = tests["rm_anova"]
    if gg.note:  # a degenerate table: say why F is undefined or infinite
        lines.append(f"  RM-ANOVA: {gg.note}")
    lines.append("  rank statistics tie-corrected" if options.tie_correction
                 else "  rank statistics untied, as the papers print them (--untied)")
    lines.append(f"  (RM-ANOVA Greenhouse-Geisser p = {format_number(gg.pvalue_gg, 4)}, "
                 f"epsilon = {format_number(gg.epsilon_gg, 3)})")
    ranks = tests.mean_ranks.sort_values()
    lines.append("Mean ranks (1 = best): " + ", ".join(f"{k} {v:.3f}" for k, v in ranks.items()))
    lines.append(f"Assumptions: {assumptions.recommendation} tests recommended")
    lines += [f"  - {reason}" for reason in assumptions.reasons]
    data = {"omnibus": jsonable(table), "mean_ranks": jsonable(ranks), "alpha": options.alpha,
            "assumptions": {"recommendation": assumptions.recommendation,
                            "parametric_ok": assumptions.parametric_ok, "reasons": list(assumptions.reasons),
                            "checks": jsonable(assumptions.checks)}}
    return Section(key="frequentist", title="Omnibus tests and assumptions", text="\n".join(lines), data=data,
                   results={"omnibus": tests, "assumptions": assumptions})
