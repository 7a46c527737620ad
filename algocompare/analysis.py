"""The sections of ``algocompare analyze`` and of the HTML report: one registration point.

Each statistical area contributes a section through a module imported here and listed in
``SECTION_PROVIDERS`` that exposes ``section(results, options) -> Section | None``
(``None`` when the section does not apply, e.g. the permutation test on data without
runs). The CLI prints ``Section.text`` and puts ``Section.data`` in ``--json`` under
``Section.key``; the report renders ``Section.results`` (result objects: tables with
``to_html``, figures with ``plot``).

A table with missing cells (read with ``nan_policy="keep"``) gets the sections of
``INCOMPLETE_SECTION_PROVIDERS`` instead: the others need every cell.

The providers are imported explicitly, not looked up by name: a renamed or missing provider
module is an ImportError when this module is imported, never a silently missing section.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from algocompare._progress import progress_bar
from algocompare._results import jsonable

# Section, AnalysisOptions and the limits are defined in _sections, which the providers import
from algocompare._sections import MAX_ALL_PAIRS, MAX_KEMENY, AnalysisOptions, Section, size_limits
from algocompare._validation import check_design_size
from algocompare.bayesian import _analysis as bayesian_section
from algocompare.consensus import _analysis as consensus_section
from algocompare.frequentist import _analysis as frequentist_section
from algocompare.frequentist import _incomplete_analysis as incomplete_omnibus_section
from algocompare.frequentist import _parametric_analysis as parametric_section
from algocompare.frequentist import _win_tie_loss_analysis as win_tie_loss_section
from algocompare.permutation import _analysis as permutation_section
from algocompare.posthoc import _analysis as posthoc_section
from algocompare.posthoc import _by_group_analysis as by_group_section
from algocompare.posthoc import _incomplete_analysis as incomplete_posthoc_section
from algocompare.posthoc._by_group_analysis import check_group_column

__all__ = ["AnalysisOptions", "Section", "SECTION_PROVIDERS", "INCOMPLETE_SECTION_PROVIDERS", "MAX_ALL_PAIRS",
           "MAX_KEMENY", "adjustment_summary", "check_group_column", "data_summary", "run_analysis", "size_limits"]

#: The modules providing a ``section(results, options)`` function, in report order.
SECTION_PROVIDERS: tuple[ModuleType, ...] = (
    frequentist_section,
    posthoc_section,
    by_group_section,
    parametric_section,
    permutation_section,
    win_tie_loss_section,
    bayesian_section,
    consensus_section,
)

#: The sections for a table with missing cells: Skillings-Mack and Durbin, and their post-hoc tests.
INCOMPLETE_SECTION_PROVIDERS: tuple[ModuleType, ...] = (
    incomplete_omnibus_section,
    incomplete_posthoc_section,
)


def run_analysis(results: Any, options: AnalysisOptions | None = None) -> list[Section]:
    """Every applicable section for ``results``, in report order.

    A table with missing cells gets the sections of ``INCOMPLETE_SECTION_PROVIDERS``.

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.analysis import AnalysisOptions, run_analysis
    >>> sections = run_analysis(ac.load_dataset("ice_cream"), AnalysisOptions(control=None))
    >>> [(s.key, list(s.results)) for s in sections]
    [('frequentist', ['omnibus', 'assumptions']), ('posthoc', ['all_pairs']), ('consensus', ['borda', 'kemeny'])]
    """
    options = options or AnalysisOptions()
    sections = []
    incomplete = getattr(results, "n_missing", 0) > 0
    providers = INCOMPLETE_SECTION_PROVIDERS if incomplete else SECTION_PROVIDERS
    # one bar over the sections (each long step inside has its own, e.g. the Bayesian pairs)
    bar = progress_bar(options.progress, total=len(providers), desc="analysis", unit="section")
    try:
        for module in providers:
            if bar is not None:  # the area's name: algocompare.<area>.<module>
                bar.set_postfix_str(module.__name__.split(".")[1], refresh=False)
            section = module.section(results, options)
            if section is not None:
                sections.append(section)
            if bar is not None:
                bar.update()
    finally:
        if bar is not None:
            bar.close()
    return sections


def adjustment_summary(sections: list[Section], requested: str) -> str:
    """The p-value adjustments the sections used, for a report header: ``requested`` when every
    family used it, else each family's adjustment and the request (the sections' text and the
    reading say why).

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.load_dataset("cec2005_d10")
    >>> adjustment_summary(run_analysis(data, AnalysisOptions(p_adjust="bergmann")), "bergmann")
    'holm for the comparisons with the control, bergmann for all pairs (bergmann requested)'
    """
    used: dict[str, list[str]] = {}
    for section in sections:
        families = section.data.get("p_adjust", {}) if isinstance(section.data, dict) else {}
        for key, adjustment in families.items():
            family = "the comparisons with the control" if key.endswith("control") else "all pairs"
            names = used.setdefault(family, [])
            if adjustment["used"] not in names:
                names.append(adjustment["used"])
    if all(names == [requested] for names in used.values()):
        return requested
    parts = [f"{' / '.join(names)} for {family}" for family, names in used.items()]
    return f"{', '.join(parts)} ({requested} requested)"


def data_summary(results: Any) -> dict[str, Any]:
    """The data summary that opens an analysis (``analyze --json``): sizes, notes, drops,
    missing cells, the descriptive table and the mean ranks, in plain JSON types.

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.analysis import data_summary
    >>> summary = data_summary(ac.load_dataset("ice_cream"))
    >>> summary["n_instances"], summary["n_algorithms"], min(summary["mean_ranks"], key=summary["mean_ranks"].get)
    (3, 5, 'strawberry')
    """
    check_design_size(results.n_instances, results.n_algorithms)
    mean_ranks = results.mean_ranks()
    return {
        "notes": list(results.notes),
        "direction": results.direction,
        "algorithms": [str(a) for a in results.algorithms],
        "n_algorithms": results.n_algorithms,
        "n_instances": results.n_instances,
        "dropped_instances": [str(i) for i in results.dropped_instances],
        "descriptive": jsonable(results.describe()),
        "mean_ranks": {str(k): float(val) for k, val in mean_ranks.items()},
        "n_missing": results.n_missing,
        "missing_cells": [{"instance": jsonable(i), "algorithm": jsonable(a)} for i, a in results.missing_cells],
    }
