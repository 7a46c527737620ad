"""Warnings at call time for post-hoc choices that the calibration study found liberal.

A choice that stays available (it is what a paper or a peer computes) but does not keep its
error rate gets one ``UserWarning`` when :func:`algocompare.posthoc` runs it: what is liberal,
how much, and what to use instead. The text is the registry entry's own (``PosthocTest.caution``,
``Adjustment.control_caution``), so a new liberal choice is marked where it is registered. The
figures come from ``benchmarks/bench_calibration.py`` (``docs/validation.md``, "Liberal choices
that warn"); ``tests/test_calibration.py`` re-measures them on a small grid, so a warning that
stops being true fails the suite.
"""

from __future__ import annotations

import warnings
from typing import Any

__all__ = ["warn_if_liberal"]


def warn_if_liberal(test: Any, adjustment: Any, against_control: bool, *, stacklevel: int = 3) -> None:
    """Warn (``UserWarning``) when ``test`` or ``adjustment`` (against a control) is a liberal choice:
    the entry's own ``caution`` (a post-hoc test) or ``control_caution`` (an adjustment).

    Parameters
    ----------
    test : PosthocTest
        The post-hoc test's registry entry.
    adjustment : Adjustment
        The adjustment's registry entry.
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
    >>> from algocompare.posthoc._adjust import ADJUSTMENTS
    >>> from algocompare.posthoc._cautions import warn_if_liberal
    >>> from algocompare.posthoc._registry import REGISTRY
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_if_liberal(REGISTRY["friedman"], ADJUSTMENTS["li"], against_control=True, stacklevel=1)
    ...     warn_if_liberal(REGISTRY["friedman"], ADJUSTMENTS["li"], against_control=False, stacklevel=1)
    >>> len(caught), caught[0].category.__name__
    (1, 'UserWarning')
    """
    if test.caution:
        warnings.warn(test.caution, UserWarning, stacklevel=stacklevel + 1)
    if against_control and adjustment.control_caution:
        warnings.warn(adjustment.control_caution, UserWarning, stacklevel=stacklevel + 1)
