"""The reading sentences of the post-hoc sections: what each family of pairwise comparisons found.

Used by the complete-table and incomplete-table post-hoc sections
(:mod:`algocompare.posthoc._analysis`, :mod:`algocompare.posthoc._incomplete_analysis`) and by
the parametric path's pairwise tests (:mod:`algocompare.frequentist._parametric_analysis`),
which put them in :attr:`Section.reading <algocompare.analysis.Section>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from algocompare._reading import names
from algocompare.posthoc._adjust import error_rate_note
from algocompare.posthoc._result import PosthocResult

__all__ = ["procedure", "posthoc_sentence", "posthoc_sentences", "adjustment_sentences", "section_reading"]

#: How the reading names the tests whose name is not "<registry label> post-hoc": the parametric
#: path's tests (not post-hoc registry entries) and Skillings-Mack, spelled as in its ``method``.
_READING_NAMES = {"friedman": "Friedman post-hoc", "paired_t": "paired t-tests", "tukey": "Tukey's HSD",
                  "skillings_mack": "Skillings-Mack post-hoc", "durbin": "Durbin post-hoc"}


def procedure(result: PosthocResult) -> str:
    """``"Friedman post-hoc, holm adjustment"``: the test and the adjustment a post-hoc result used.

    Parameters
    ----------
    result : PosthocResult
        A post-hoc result (:func:`algocompare.posthoc`, or the parametric path's paired t / Tukey).

    Returns
    -------
    str
        The test's reading name (its registry label followed by "post-hoc" for tests without
        one of their own) and the adjustment; Tukey's HSD, its own adjustment, alone.

    Examples
    --------
    >>> import algocompare as ac
    >>> procedure(ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry"))
    'Friedman post-hoc, holm adjustment'
    """
    test = str(result.test)
    name = _READING_NAMES.get(test) or (f"{result.label} post-hoc" if result.label else test)
    adjustment = "" if result.p_adjust == result.test else result.p_adjust  # Tukey's HSD is its own adjustment
    adjusted = f"{adjustment} adjustment{error_rate_note(adjustment)}" if adjustment else ""  # FDR ones say so
    return ", ".join(part for part in (name, adjusted) if part) \
        or result.method


def _control_sentence(result: PosthocResult, alpha: float) -> str:
    table = result.table
    control = str(result.control)
    rows = table[(table["algorithm_a"].astype(str) == control) | (table["algorithm_b"].astype(str) == control)]
    other = np.where(rows["algorithm_a"].astype(str) == control, rows["algorithm_b"], rows["algorithm_a"])
    rank = {str(a): float(r) for a, r in result.mean_ranks.items()}  # names in mean-rank order, as elsewhere
    rejected = sorted((str(o) for o, r in zip(other, rows["reject"], strict=False) if r),
                      key=lambda n: rank.get(n, 0.0))
    kept = sorted((str(o) for o, r in zip(other, rows["reject"], strict=False) if not r),
                  key=lambda n: rank.get(n, 0.0))
    parts = [f"With {control} as control ({procedure(result)}, α = {alpha:g})"]
    parts.append(f"it differs significantly from {names(rejected)}" if rejected else "it differs from no algorithm")
    if kept:
        parts.append(f"and cannot be distinguished from {names(kept)}")
    return " ".join([parts[0] + ","] + parts[1:]) + "."


def _all_pairs_sentence(result: PosthocResult, alpha: float) -> str:
    table = result.table
    n_rejected, n_pairs = int(np.sum(table["reject"])), len(table)
    best = str(result.mean_ranks.idxmin())
    top = next((c for c in result.cliques(alpha) if best in map(str, c)), [best])
    group = [str(n) for n in top if str(n) != best]
    text = f"Of the {n_pairs} pairs, {n_rejected} differ significantly ({procedure(result)}, α = {alpha:g}). "
    text += (f"The best-ranked {best} is not separated from {names(group)}." if group
             else f"The best-ranked {best} is separated from every other algorithm.")
    return text


def posthoc_sentence(result: PosthocResult) -> str:
    """What a post-hoc result found, at its own ``alpha``.

    Parameters
    ----------
    result : PosthocResult
        Comparisons with a control (``result.control`` set) or of all pairs.

    Returns
    -------
    str
        Against a control: which algorithms differ from it and which cannot be distinguished
        from it (in mean-rank order); all pairs: how many pairs differ and whether the
        best-ranked algorithm is separated from the others.

    Examples
    --------
    >>> import algocompare as ac
    >>> posthoc_sentence(ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry"))[:52]
    'With strawberry as control (Friedman post-hoc, holm '
    """
    alpha = float(result.alpha)
    return _control_sentence(result, alpha) if result.control is not None else _all_pairs_sentence(result, alpha)


def posthoc_sentences(results: Mapping[str, Any]) -> list[str]:
    """:func:`posthoc_sentence` of every post-hoc result among a section's ``results``, in their order."""
    return [posthoc_sentence(result) for result in results.values() if isinstance(result, PosthocResult)]


def adjustment_sentences(title: str, adjustments: Mapping[str, Mapping[str, str]]) -> list[str]:
    """Where a family's adjustment differs from the one asked for: which, and why.

    Parameters
    ----------
    title : str
        The section's title, which opens each sentence.
    adjustments : mapping
        Family key (``"control"``, ``"all_pairs"``, ...) to the adjustment's ``to_dict()``:
        ``requested``, ``used`` and ``reason`` (:class:`algocompare.posthoc._analysis.Adjustment`).

    Returns
    -------
    list of str
        One sentence per family whose adjustment was replaced; none when all were used as asked.

    Examples
    --------
    >>> adjustment_sentences("Post-hoc", {"all_pairs": {"requested": "bergmann", "used": "shaffer",
    ...                                                 "reason": "too many algorithms"}})
    ['Post-hoc: the all pairs comparisons use shaffer, not the requested bergmann: too many algorithms.']
    """
    return [f"{title}: the {key.replace('_', ' ')} comparisons use {adj['used']}, not the requested "
            f"{adj['requested']}: {adj['reason']}." for key, adj in adjustments.items()
            if adj["used"] != adj["requested"]]


def section_reading(title: str, results: Mapping[str, Any],
                    adjustments: Mapping[str, Mapping[str, str]]) -> tuple[str, ...]:
    """The reading sentences of a post-hoc section: what each family of comparisons found, then
    where an adjustment was used in place of the requested one.

    Parameters
    ----------
    title : str
        The section's title (it opens the adjustment sentences).
    results : mapping
        The section's results; the post-hoc results among them give a sentence each.
    adjustments : mapping
        The section's ``data["p_adjust"]`` (see :func:`adjustment_sentences`).

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> import algocompare as ac
    >>> found = {"control": ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry")}
    >>> section_reading("Post-hoc", found, {"control": {"requested": "holm", "used": "holm", "reason": ""}})[0][:26]
    'With strawberry as control'
    """
    return tuple(posthoc_sentences(results) + adjustment_sentences(title, adjustments))
