"""The reading sentences of the frequentist sections: the omnibus tests, the assumption checks,
the repeated-measures ANOVA of the parametric path, and the incomplete-table tests.

The section providers (:mod:`algocompare.frequentist._analysis`,
:mod:`algocompare.frequentist._parametric_analysis`,
:mod:`algocompare.frequentist._incomplete_analysis`) put them in
:attr:`Section.reading <algocompare.analysis.Section>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from algocompare._kinds import kind_of
from algocompare._reading import names, p_value
from algocompare._results import TestResult
from algocompare.frequentist._assumptions import AssumptionsResult
from algocompare.frequentist._omnibus import OmnibusResult

__all__ = ["omnibus_rows", "omnibus_sentences", "assumptions_sentence", "rm_anova_sentence", "section_reading"]

#: Why omnibus tests on the same table can disagree.
_OMNIBUS_DIFFER = ("The omnibus tests weigh the evidence differently: Friedman's test uses only the order within each "
                   "instance, the aligned-ranks and Quade tests also how large the differences are across instances, "
                   "and RM-ANOVA the values themselves (a few extreme values can dominate it), so they can reach "
                   "different decisions on one table. ")


def omnibus_rows(result: Any) -> list[tuple[str, float]]:
    """(test, p-value) of each omnibus test a result holds: one row for a single test (its
    ``method``), one per row of a table of tests (:class:`OmnibusResult`), none for a result of
    another kind.

    Examples
    --------
    >>> import algocompare as ac
    >>> [name for name, _ in omnibus_rows(ac.omnibus(ac.load_dataset("ice_cream")))][:2]
    ['Friedman', 'Iman-Davenport']
    """
    if kind_of(result) != "omnibus":
        return []
    if isinstance(result, OmnibusResult):
        return [(str(t), float(p)) for t, p in zip(result.table["test"], result.table["pvalue"], strict=True)]
    if isinstance(result, TestResult):
        return [(result.method, float(result.pvalue))]
    return []


def omnibus_sentences(results: Mapping[str, Any], alpha: float) -> list[str]:
    """Which omnibus tests among ``results`` reject, at ``alpha``, that all algorithms perform
    alike, and which do not (why they may disagree, when they do); one pair of sentences per result.

    Parameters
    ----------
    results : mapping
        A section's results; those not of kind ``"omnibus"`` are passed over.
    alpha : float
        The significance level.

    Returns
    -------
    list of str

    Examples
    --------
    >>> import algocompare as ac
    >>> omnibus_sentences({"omnibus": ac.omnibus(ac.load_dataset("ice_cream"))}, 0.05)[0][:40]
    'Friedman (p = 0.6151), Iman-Davenport (p'
    """
    sentences = []
    for result in results.values():
        rows = omnibus_rows(result)
        rejected = [f"{t} (p = {p_value(p)})" for t, p in rows if p <= alpha]
        kept = [f"{t} (p = {p_value(p)})" for t, p in rows if p > alpha]
        if rejected:
            sentences.append(f"At α = {alpha:g}, {names(rejected)} reject the hypothesis that all "
                             "algorithms perform alike." if len(rejected) > 1 else
                             f"At α = {alpha:g}, {rejected[0]} rejects the hypothesis that all "
                             "algorithms perform alike.")
        if kept:
            sentences.append(f"{names(kept)} {'do' if len(kept) > 1 else 'does'} not reject it. "
                             + (_OMNIBUS_DIFFER if rejected else "") + "Where the tests disagree, follow the "
                             "family whose assumptions hold (the leading family, below).")
    return sentences


def assumptions_sentence(result: AssumptionsResult) -> str:
    """Which family the assumption checks recommend, and the first reason.

    Examples
    --------
    >>> import algocompare as ac
    >>> assumptions_sentence(ac.check_assumptions(ac.load_dataset("cec2005_d10")))[:52]
    'The assumption checks recommend the non-parametric t'
    """
    reasons = list(result.reasons or [])
    because = f" ({reasons[0]}{' …' if len(reasons) > 1 else ''})" if reasons else ""
    return f"The assumption checks recommend the {result.recommendation} tests{because}."


def rm_anova_sentence(anova: Mapping[str, Any], alpha: float) -> str:
    """RM-ANOVA with the sphericity correction used, from the parametric section's ``data["rm_anova"]``
    (``correction``, ``correction_reason``, ``pvalue_used``).

    Examples
    --------
    >>> anova = {"correction": "none", "correction_reason": "2 algorithms", "pvalue_used": 0.01}
    >>> rm_anova_sentence(anova, 0.05)[-78:]
    '(2 algorithms) rejects the hypothesis of equal means at α = 0.05 (p = 0.0100).'
    """
    verdict = "rejects" if anova["pvalue_used"] <= alpha else "does not reject"
    correction = "without a sphericity correction" if anova["correction"] == "none" else \
        f"with the {anova['correction']} correction"
    return (f"The repeated-measures ANOVA {correction} ({anova['correction_reason']}) {verdict} the hypothesis of "
            f"equal means at α = {alpha:g} (p = {p_value(anova['pvalue_used'])}).")


def section_reading(results: Mapping[str, Any], alpha: float) -> tuple[str, ...]:
    """The reading sentences of an omnibus section (complete or incomplete table): what its
    omnibus tests decide at ``alpha`` and what the assumption checks recommend.

    Parameters
    ----------
    results : mapping
        The section's results (omnibus tests, assumption checks; others are passed over).
    alpha : float
        The significance level.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.load_dataset("ice_cream")
    >>> results = {"omnibus": ac.omnibus(data), "assumptions": ac.check_assumptions(data)}
    >>> len(section_reading(results, 0.05))
    2
    """
    own = [assumptions_sentence(r) for r in results.values() if isinstance(r, AssumptionsResult)]
    return tuple(omnibus_sentences(results, alpha) + own)
