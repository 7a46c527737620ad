"""Warnings at call time for post-hoc choices that the calibration study found liberal.

A choice that stays available (it is what a paper or a peer computes) but does not keep its
error rate gets one ``UserWarning`` when :func:`algocompare.posthoc` runs it: what is liberal,
how much, and what to use instead. The figures come from ``benchmarks/bench_calibration.py``
(``docs/validation.md``, "Liberal choices that warn"); ``tests/test_calibration.py`` re-measures
them on a small grid, so a warning that stops being true fails the suite.
"""

from __future__ import annotations

import warnings

__all__ = ["LIBERAL_CONTROL_ADJUSTMENTS", "LIBERAL_TESTS", "warn_if_liberal"]

#: Adjustments that exceed the family-wise error against a control: key -> what to say.
LIBERAL_CONTROL_ADJUSTMENTS = {
    "li": ("p_adjust='li' against a control is liberal: Li's two-step bound assumes independent p-values, "
           "and comparisons with a common control are positively dependent (family-wise error 0.052-0.084 "
           "at alpha = 0.05 in algocompare's null simulations); use p_adjust='holm' or 'finner'."),
}

#: Post-hoc tests whose per-pair size exceeds alpha when other algorithms differ (partial nulls).
LIBERAL_TESTS = {
    "conover": ("test='conover' is liberal when some algorithms differ: its pooled error term shrinks as "
                "the other algorithms' differences grow (per-pair size 0.059-0.110 at alpha = 0.05 under partial "
                "nulls in algocompare's null simulations); use test='friedman' (the default) or 'wilcoxon'."),
}


def warn_if_liberal(test: str, p_adjust: str, against_control: bool, *, stacklevel: int = 3) -> None:
    """Warn (``UserWarning``) when ``test`` or ``p_adjust`` (against a control) is a liberal choice.

    Parameters
    ----------
    test : str
        The post-hoc test's registry key.
    p_adjust : str
        The adjustment's key.
    against_control : bool
        Whether the family is the comparisons with one control.
    stacklevel : int
        Passed to :func:`warnings.warn`; the default points at the caller of ``posthoc``.

    Returns
    -------
    None

    Examples
    --------
    >>> import warnings
    >>> from algocompare.posthoc._cautions import warn_if_liberal
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_if_liberal("friedman", "li", against_control=True, stacklevel=1)
    ...     warn_if_liberal("friedman", "li", against_control=False, stacklevel=1)
    >>> len(caught), caught[0].category.__name__
    (1, 'UserWarning')
    """
    if test in LIBERAL_TESTS:
        warnings.warn(LIBERAL_TESTS[test], UserWarning, stacklevel=stacklevel + 1)
    if against_control and p_adjust in LIBERAL_CONTROL_ADJUSTMENTS:
        warnings.warn(LIBERAL_CONTROL_ADJUSTMENTS[p_adjust], UserWarning, stacklevel=stacklevel + 1)
