"""The frequentist section of ``algocompare analyze`` and of the HTML report."""

from __future__ import annotations

from typing import Any

from algocompare._results import format_number, jsonable
from algocompare._sections import AnalysisOptions, Section
from algocompare.frequentist._assumptions import check_assumptions
from algocompare.frequentist._omnibus import omnibus
from algocompare.frequentist._parametric_analysis import p_text
from algocompare.frequentist._reading import section_reading

__all__ = ["SCOPE", "leading_family", "section"]

#: The question the section answers, and its scope (said in the text and in the reading).
SCOPE = ("Question: do the algorithms differ on problems like these? Friedman's test and the others treat the {n} "
         "instances as a sample from a population of problems{runs}, so a rejection generalises to that population.")


def leading_family(assumptions: Any) -> str:
    """Which family of tests leads the reading, and why."""
    if assumptions.parametric_ok:
        return ("parametric: RM-ANOVA and its pairwise tests (their own section below) lead, the rank tests are "
                "the robust second opinion")
    return ("rank-based (Friedman and its post-hoc tests): the assumptions of the parametric tests do not "
            "hold here, so RM-ANOVA above is shown for comparison only and has no post-hoc section")


def _tidy(reason: str) -> str:
    """An assumption check's reason with a p-value that underflowed to 0 printed as such."""
    return reason.replace("p = 0)", "p < 1e-300)").replace("p = 0;", "p < 1e-300;")


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Omnibus table (one row per complete-table test of the registry
    :data:`~algocompare.frequentist._omnibus.OMNIBUS_TESTS`: Friedman, Iman–Davenport, aligned
    ranks, Quade, RM-ANOVA), the mean ranks and the assumption summary with its recommendation.

    A NaN p-value (RM-ANOVA on a table without any variation to test) prints "no
    decision", followed by the reason (:attr:`RMAnovaResult.note`), never "keep H0".
    """
    tests = omnibus(results, tie_correction=options.tie_correction)
    assumptions = check_assumptions(results, alpha=options.alpha)
    table = tests.table
    runs = " (the runs are averaged per cell: one value per instance)" if getattr(results, "has_runs", False) else ""
    lines = [SCOPE.format(n=results.n_instances, runs=runs),
             f"{'test':<26}{'statistic':>12}{'df':>12}{'p-value':>12}  decision"]
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
    lines.append(f"  (RM-ANOVA Greenhouse-Geisser {p_text(gg.pvalue_gg)}, "
                 f"epsilon = {format_number(gg.epsilon_gg, 3)}; Mauchly's sphericity "
                 f"{p_text(gg.sphericity_pvalue)})")
    ranks = tests.mean_ranks.sort_values()
    lines.append("Mean ranks (1 = best): " + ", ".join(f"{k} {v:.3f}" for k, v in ranks.items()))
    lines.append(f"Assumptions: {assumptions.recommendation} tests recommended")
    lines += [f"  - {_tidy(reason)}" for reason in assumptions.reasons]
    lines.append(f"Leading family: {leading_family(assumptions)}")
    data = {"omnibus": jsonable(table), "mean_ranks": jsonable(ranks), "alpha": options.alpha,
            "leading_family": "parametric" if assumptions.parametric_ok else "rank-based",
            "assumptions": {"recommendation": assumptions.recommendation,
                            "parametric_ok": assumptions.parametric_ok, "reasons": list(assumptions.reasons),
                            "checks": jsonable(assumptions.checks)}}
    return Section(key="frequentist", title="Omnibus tests and assumptions", text="\n".join(lines), data=data,
                   results={"omnibus": tests, "assumptions": assumptions}, question=lines[0],
                   reading=section_reading({"omnibus": tests, "assumptions": assumptions}, options.alpha))
