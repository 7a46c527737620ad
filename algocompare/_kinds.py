"""What a result is: the kinds of result objects, and how to read a result's kind.

Each result class (:class:`algocompare._results.BaseResult` and its subclasses) declares its
kind in a ``kind`` class attribute, a key of :data:`RESULT_KINDS`. This module imports nothing
of the package, so that the code that shows results (figures, tables, the report) can ask an
object's kind without importing the result classes (an import circle: ``_results`` draws
figures and tables through ``plots`` and ``report``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["RESULT_KINDS", "kind_of"]

#: What a result is, for the code that shows it (figures, tables, the report's reading): each
#: result class says it in its ``kind`` class attribute, so that nothing downstream guesses it from
#: the ``method`` text or from the attributes an object happens to have.
RESULT_KINDS = {
    "result": "any other result",
    "test": "a hypothesis test of two or more samples (statistic, p-value)",
    "omnibus": "an omnibus test: do all algorithms perform alike? (one test, or a table of such tests)",
    "trend": "a test of an ordered alternative (Page's trend test)",
    "pairwise": "a test of two algorithms (sign, Wilcoxon, paired t, rank-sum, ...)",
    "many_to_one": "tests of each algorithm against a control without a multiplicity-adjusted family",
    "per_instance": "one test per instance",
    "win_tie_loss": "per-instance tests of runs counted as significant wins, ties and losses (+/=/−)",
    "posthoc": "a family of pairwise comparisons with adjusted p-values",
    "interval": "confidence intervals of differences",
    "assumptions": "checks of a parametric test's assumptions",
    "simulation": "an error rate estimated by simulation",
    "bayesian": "a Bayesian comparison of two algorithms (p_left, p_rope, p_right)",
    "bayesian_pairs": "Bayesian comparisons of every pair (a table with p_left, p_rope, p_right)",
    "bayesian_omnibus": "a Bayesian analysis of all algorithms at once",
    "permutation": "a permutation test",
    "severity": "severity of a test's decision",
    "effect_size": "an effect size with its interval",
    "power": "power of a test",
    "consensus": "a consensus ranking",
    "consensus_property": "whether a consensus rule satisfies a property",
    "dominance": "a dominance relation between algorithms",
    "ranking_clusters": "groups of similar rankings (a clustering of the per-instance rankings)",
    "design": "the design of a study: instances, runs, sample size, standard errors",
    "experiment": "the runs of an experiment",
    "equivalence": "an equivalence test of two algorithms (TOST): small p-values show the difference is within bounds",
    "contrast": "estimated differences of every pair of algorithms in the data's units (contrast estimation)",
    "rank_intervals": "simultaneous confidence intervals for the ranks of the algorithms and the set that may be best",
    "stability": "how often post-hoc decisions flip when one algorithm or one instance is left out",
    "combination": "a global test of a family of p-values (Simes, Fisher's combination): is any hypothesis false?",
    "posthoc_by_group": "the same post-hoc within each group of instances, adjusted across all groups as one family",
    "runtimes": "the evaluations each run needed to reach a target, unsuccessful runs marked (anytime data)",
    "ert": "expected running times and success rates per algorithm, instance and target (anytime data)",
    "ecdf": "runtime ECDFs: the fraction of (run, target) pairs reached by each budget, per algorithm (anytime data)",
    "budget_grid": "k algorithms compared at every budget of a grid, adjusted over budgets × pairs (anytime data)",
    "fixed_budget": "best-so-far values per algorithm, instance and budget with intervals (fixed-budget curves)",
    "ert_curve": "expected running times over a grid of targets with bootstrap bands (ERT curves)",
    "performance_profile": "Dolan–Moré performance profiles: fraction of problems within a factor of the best cost",
    "data_profile": "Moré–Wild data profiles: fraction of problems solved within a budget (anytime data)",
}


def kind_of(obj: Any) -> str | None:
    """The :data:`RESULT_KINDS` key of a result object, or None for anything else (a DataFrame, an array).

    Code that shows results (figures, tables, the report) dispatches on this, never on the
    attributes an object happens to have nor on the words of its ``method``.

    Parameters
    ----------
    obj : object
        A result object, or anything else a section or a user may hand over.

    Returns
    -------
    str or None
        ``type(obj).kind`` for a result (a :class:`~algocompare._results.BaseResult`), else None.

    Examples
    --------
    >>> import algocompare as ac
    >>> kind_of(ac.friedman(ac.load_dataset("ice_cream"))), kind_of([1, 2])
    ('omnibus', None)
    """
    kind = getattr(type(obj), "kind", None)  # the class attribute every result class declares
    return kind if isinstance(kind, str) and kind in RESULT_KINDS else None
