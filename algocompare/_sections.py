"""What every analysis section shares: the user's options, the section record, the size limits.

The section providers (``algocompare.<area>.analysis`` modules, imported explicitly by
:mod:`algocompare.analysis`) build on this module, and :mod:`algocompare.analysis` assembles them;
keeping these definitions apart lets the assembler import the providers without an import circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from algocompare._deprecation import renamed_init
from algocompare._options import N_RESAMPLES

__all__ = ["AnalysisOptions", "Section", "MAX_ALL_PAIRS", "MAX_KEMENY", "size_limits"]

#: Most algorithms whose k(k-1)/2 pairs an analysis compares (the post-hoc and paired t tests of
#: all pairs, their groups and figures, the Bayesian tests): 100 algorithms are 4,950 pairs; 1,000
#: are 499,500 (minutes of effect sizes, a table nobody reads, a heat map of a million cells).
#: Beyond it the comparisons with the control (k - 1 of them) remain.
MAX_ALL_PAIRS = 100
#: Most algorithms of the Kemeny consensus in an analysis (``kemeny.MAX_ITEMS``: it holds k x k
#: matrices); beyond it the Borda count, which scales as k, remains.
MAX_KEMENY = 2000

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
    #: the post-hoc test of the rank comparisons (``--posthoc-test``; a key of the post-hoc registry)
    posthoc_test: str = "friedman"
    #: a factor column of the long data (``--group-by``): the post-hoc within each of its groups, adjusted together
    group_by: str | None = None


@dataclass(frozen=True)
class Section:
    """One part of an analysis: what ``analyze`` prints, puts in ``--json`` and the report shows.

    Attributes
    ----------
    key : str
        Its name in ``--json`` and its anchor in the report (``"posthoc"``, ``"bayesian"``, ...).
    title : str
        Its heading.
    text : str
        What the command line prints (its first line is ``question``).
    data : dict, optional
        Plain JSON types for ``--json``.
    results : dict of result objects
        What the report renders (tables, figures), by name.
    figures : tuple of str or None
        The names in ``results`` whose figures the report draws (None: all of them).
    question : str
        The question the section answers and its scope.
    reading : tuple of str
        The sentences the section contributes to the plain-language reading
        (:func:`algocompare.reading`), written by the area that provides the section (its
        ``reading`` module) from its own results; the report adds the question and what
        concerns several sections.

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.analysis import run_analysis
    >>> section = run_analysis(ac.load_dataset("ice_cream"))[1]
    >>> section.key, section.reading[0][:45]
    ('posthoc', 'With strawberry as control (Friedman post-hoc')
    """

    key: str
    title: str
    text: str
    data: Any = None
    results: dict[str, Any] = field(default_factory=dict)
    #: the names in ``results`` whose figures the report draws (None: all of them)
    figures: tuple[str, ...] | None = None
    #: the question the section answers and its scope (first line of ``text``; the reading says it too)
    question: str = ""
    #: the sentences this section contributes to the plain-language reading of the analysis
    reading: tuple[str, ...] = ()


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
