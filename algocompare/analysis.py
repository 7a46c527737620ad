"""The sections of ``algocompare analyze`` and of the HTML report: one registration point.

Each statistical area contributes a section through a module listed in
``SECTION_PROVIDERS`` that exposes ``section(results, options) -> Section | None``
(``None`` when the section does not apply, e.g. the permutation test on data without
runs). The CLI prints ``Section.text`` and puts ``Section.data`` in ``--json`` under
``Section.key``; the report renders ``Section.results`` (result objects: tables with
``to_html``, figures with ``plot``).

A table with missing cells (read with ``nan_policy="keep"``) gets the sections of
``INCOMPLETE_SECTION_PROVIDERS`` instead: the others need every cell.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from algocompare._deprecation import renamed_init
from algocompare._options import N_RESAMPLES
from algocompare._progress import progress_bar
from algocompare._results import jsonable
from algocompare._validation import check_design_size

__all__ = ["AnalysisOptions", "Section", "SECTION_PROVIDERS", "INCOMPLETE_SECTION_PROVIDERS", "MAX_ALL_PAIRS",
           "MAX_KEMENY", "adjustment_summary", "data_summary", "run_analysis", "size_limits"]

#: Most algorithms whose k(k-1)/2 pairs an analysis compares (the post-hoc and paired t tests of
#: all pairs, their groups and figures, the Bayesian tests): 100 algorithms are 4,950 pairs; 1,000
#: are 499,500 (minutes of effect sizes, a table nobody reads, a heat map of a million cells).
#: Beyond it the comparisons with the control (k - 1 of them) remain.
MAX_ALL_PAIRS = 100
#: Most algorithms of the Kemeny consensus in an analysis (``kemeny.MAX_ITEMS``: it holds k x k
#: matrices); beyond it the Borda count, which scales as k, remains.
MAX_KEMENY = 2000

#: Modules providing a ``section(results, options)`` function, in report order.
SECTION_PROVIDERS: tuple[str, ...] = (
    "algocompare.frequentist.analysis",
    "algocompare.posthoc.analysis",
    "algocompare.frequentist.parametric_analysis",
    "algocompare.permutation.analysis",
    "algocompare.bayesian.analysis",
    "algocompare.consensus.analysis",
)

#: The sections for a table with missing cells: Skillings-Mack and Durbin, and their post-hoc tests.
INCOMPLETE_SECTION_PROVIDERS: tuple[str, ...] = (
    "algocompare.frequentist.incomplete_analysis",
    "algocompare.posthoc.incomplete_analysis",
)


@renamed_init(correction="p_adjust")
@dataclass(frozen=True)
class AnalysisOptions:
    """What the user asked of an analysis (the CLI flags of ``analyze``)."""

    alpha: float = 0.05
    control: str | None = "best"
    #: the multiplicity adjustment (``--p-adjust``)
    p_adjust: str = "holm"
    bayesian: bool = False
    rope: float = 0.0
    n_samples: int = 50_000
    n_resamples: int = N_RESAMPLES
    seed: int | None = 0
    #: standard error of the rank post-hoc z tests: "permutation" (calibrated) or "classic"
    se: str = "permutation"
    #: tie-corrected omnibus statistics (False: the papers' untied formulas)
    tie_correction: bool = True
    #: progress bars (``--progress/--no-progress``): None = on a terminal, once a step has lasted a second
    progress: bool | None = None


@dataclass(frozen=True)
class Section:
    """One part of an analysis."""

    key: str
    title: str
    text: str
    data: Any = None
    results: dict[str, Any] = field(default_factory=dict)
    #: the names in ``results`` whose figures the report draws (None: all of them)
    figures: tuple[str, ...] | None = None
    #: the question the section answers and its scope (first line of ``text``; the reading says it too)
    question: str = ""


def _provider(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        # A provider whose area is not installed yet is skipped; any other import error is a bug.
        if err.name is not None and (name == err.name or name.startswith(err.name + ".")):
            return None
        raise


def size_limits(n_algorithms: int, options: AnalysisOptions | None = None) -> list[str]:
    """What an analysis of ``n_algorithms`` leaves out because its cost explodes with their
    number, one sentence each (empty up to :data:`MAX_ALL_PAIRS` algorithms). Decided from the
    size alone, so that ``analyze`` says it before any section starts; the sections apply the
    same limits.

    Examples
    --------
    >>> size_limits(30)
    []
    >>> size_limits(5000, AnalysisOptions(bayesian=True))[0][:60]
    'all-pairs comparisons skipped: 5000 algorithms make 12497500'
    >>> len(size_limits(5000, AnalysisOptions(bayesian=True)))
    3
    """
    options = options or AnalysisOptions()
    skipped = []
    if n_algorithms > MAX_ALL_PAIRS:
        pairs = n_algorithms * (n_algorithms - 1) // 2
        skipped.append(f"all-pairs comparisons skipped: {n_algorithms} algorithms make {pairs} pairs (at most "
                       f"{MAX_ALL_PAIRS} algorithms, {MAX_ALL_PAIRS * (MAX_ALL_PAIRS - 1) // 2} pairs); the "
                       "comparisons with the control remain (--control), and their figures are not drawn")
        if options.bayesian:
            skipped.append(f"Bayesian section skipped: it compares all {pairs} pairs (at most {MAX_ALL_PAIRS} "
                           "algorithms); run it on a subset of the algorithms")
    if n_algorithms > MAX_KEMENY:
        skipped.append(f"Kemeny consensus skipped: at most {MAX_KEMENY} algorithms (it holds {n_algorithms} x "
                       f"{n_algorithms} matrices); the Borda count remains")
    return skipped


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
        for name in providers:
            if bar is not None:
                bar.set_postfix_str(name.split(".")[1], refresh=False)
            module = _provider(name)
            section = None if module is None else module.section(results, options)
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
