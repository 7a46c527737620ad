"""The section of ``algocompare analyze`` and of the HTML report for a table with missing cells.

It replaces the omnibus section (whose tests need every cell): where the cells are
missing, the Skillings–Mack test, and Durbin's test when the design is a balanced
incomplete block design.
"""

from __future__ import annotations

from typing import Any

from algocompare._results import format_number, jsonable
from algocompare._sections import AnalysisOptions, Section
from algocompare.frequentist._incomplete import durbin, incomplete_design, skillings_mack
from algocompare.frequentist._omnibus import OMNIBUS_TESTS
from algocompare.frequentist._reading import section_reading

__all__ = ["QUESTION", "missing_summary", "section"]

#: The question the section answers, and its scope.
QUESTION = ("Question: do the algorithms differ on problems like these? The Skillings-Mack (and Durbin) tests treat "
            "the {n} instances as a sample of problems, as Friedman's test does, and use every value present.")


def missing_summary(results: Any, shown: int = 8) -> list[str]:
    """How many cells are missing, per algorithm, and the first few (instance, algorithm) cells."""
    total = results.n_instances * results.n_algorithms
    per_algorithm = {a: 0 for a in results.algorithms}
    for _, algorithm in results.missing_cells:
        per_algorithm[algorithm] += 1
    instances = len({i for i, _ in results.missing_cells})
    lines = [f"{results.n_missing} of {total} cells missing ({100 * results.n_missing / total:.1f} %) "
             f"on {instances} of {results.n_instances} instances"]
    lines.append("  per algorithm: " + ", ".join(f"{a} {n}" for a, n in per_algorithm.items() if n))
    cells = ", ".join(f"{a} on {i}" for i, a in results.missing_cells[:shown])
    more = f" and {results.n_missing - shown} more" if results.n_missing > shown else ""
    lines.append(f"  cells: {cells}{more}")
    return lines


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Skillings–Mack (and Durbin for a balanced incomplete block design) on a table with missing cells.

    None for a complete table (the omnibus section covers it). The Skillings–Mack test uses
    ``options.tie_correction`` (default True: tie-corrected covariance; ``--untied`` gives
    Skillings & Mack's and PMCMRplus's untied form).
    """
    if not getattr(results, "n_missing", 0):
        return None
    design = incomplete_design(results)
    sm = skillings_mack(results, tie_correction=options.tie_correction)
    tests: dict[str, Any] = {"skillings_mack": sm}
    if design.is_bibd():
        tests["durbin"] = durbin(results)
    complete = results.n_instances - len({i for i, _ in results.missing_cells})
    lines = [QUESTION.format(n=results.n_instances)] + missing_summary(results)
    if design.uninformative:
        lines.append(f"  {len(design.uninformative)} instance(s) with fewer than 2 values rank nothing: "
                     + ", ".join(map(str, design.uninformative)))
    lines.append(f"{'test':<26}{'statistic':>12}{'df':>12}{'p-value':>12}  decision")
    for name, res in tests.items():
        decision = "reject H0" if res.pvalue <= options.alpha else "keep H0"
        label = OMNIBUS_TESTS[name].label + (" (BIBD)" if name == "durbin" else
                                             " (tie-corr.)" if options.tie_correction else "")
        lines.append(f"{label:<26}{format_number(res.statistic, 4):>12}{res.df:>12}"
                     f"{format_number(res.pvalue, 4):>12}  {decision}")
    if "durbin" not in tests:
        lines.append("  Durbin's test needs a balanced incomplete block design; this pattern of missing cells is "
                     "not one.")
    ranks = sm.mean_ranks.sort_values()
    lines.append("Mean ranks (1 = best; instances of k_i algorithms stretched to 1..k): "
                 + ", ".join(f"{k} {v:.3f}" for k, v in ranks.items()))
    what = ("The complete-table analyses (Friedman and the other omnibus tests, their post-hoc tests, the "
            "permutation, Bayesian and consensus sections) need every cell: ")
    lines.append(what + (f"rerun with --nan-policy omit to run them on the {complete} instances without a "
                         "missing cell." if complete >= 2 else
                         f"only {complete} instance(s) have no missing cell, too few to run them."))
    data = {"missing_cells": [{"instance": jsonable(i), "algorithm": jsonable(a)} for i, a in results.missing_cells],
            "n_missing": results.n_missing, "n_complete_instances": complete, "bibd": "durbin" in tests,
            "tests": {name: res.to_dict() for name, res in tests.items()}, "mean_ranks": jsonable(ranks),
            "alpha": options.alpha}
    return Section(key="incomplete", title="Incomplete table: Skillings-Mack and Durbin tests",
                   text="\n".join(lines), data=data, results=tests, question=lines[0],
                   reading=section_reading(tests, options.alpha))
