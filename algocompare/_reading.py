"""What the reading sentences of every analysis section share: how they write a p-value and a
list of names, and what a section says when its results have no sentence of their own.

Each area writes its section's sentences in its own ``reading`` module
(:mod:`algocompare.frequentist._reading`, :mod:`algocompare.posthoc._reading`, ...) and its
section provider puts them in :attr:`algocompare.analysis.Section.reading`;
:func:`algocompare.reading` (:mod:`algocompare.report._reading`) adds what concerns several
sections at once. Kept apart from the areas so that none imports another for a formatter.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["p_value", "names", "first_line", "own_or_first_line"]


def p_value(p: float) -> str:
    """A p-value as the reading writes it: four decimals, or two significant digits below 1e-4.

    Examples
    --------
    >>> p_value(0.012345), p_value(3.2e-7)
    ('0.0123', '3.20e-07')
    """
    return f"{p:.2e}" if p < 1e-4 else f"{p:.4f}"


def names(items: list[str], limit: int = 8) -> str:
    """``"A, B and C"``; beyond ``limit`` names, the first ``limit`` and how many more.

    Examples
    --------
    >>> names(["A"]), names(["A", "B", "C"]), names(list("ABCDE"), limit=2)
    ('A', 'A, B and C', 'A, B and 3 more')
    """
    if len(items) > limit:
        return ", ".join(items[:limit]) + f" and {len(items) - limit} more"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def first_line(title: str, text: str) -> list[str]:
    """``["<title>: <first non-empty line of text>"]``, or nothing when the text is empty.

    Examples
    --------
    >>> first_line("Permutation tests", "\\nskipped: unbalanced runs\\nmore")
    ['Permutation tests: skipped: unbalanced runs']
    >>> first_line("Empty", "")
    []
    """
    line = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return [f"{title}: {line}"] if line else []


def own_or_first_line(own: Iterable[str], title: str, text: str) -> list[str]:
    """The sentences a section's results gave, or (when they gave none) the first line of its text.

    Examples
    --------
    >>> own_or_first_line(["Found."], "T", "text"), own_or_first_line([], "T", "text")
    (['Found.'], ['T: text'])
    """
    own = [sentence for sentence in own if sentence]
    return own if own else first_line(title, text)
