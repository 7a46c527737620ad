"""The reading sentence of the permutation section (:mod:`algocompare.permutation._analysis`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from algocompare._reading import p_value
from algocompare.permutation._result import PermutationTestResult

__all__ = ["permutation_sentence"]


def permutation_sentence(test: PermutationTestResult, pairs: Sequence[Mapping[str, Any]], alpha: float) -> str:
    """What the synchronized permutation test and the permutation MSD decide on these instances.

    Parameters
    ----------
    test : PermutationTestResult
        The synchronized permutation test (:func:`algocompare.permutation_test`).
    pairs : sequence of mappings
        One row per pair of the MSD intervals (``MSDResult.to_frame().to_dict("records")``),
        each with its ``reject``.
    alpha : float
        The significance level.

    Returns
    -------
    str

    Examples
    --------
    >>> import numpy as np, pandas as pd, algocompare as ac
    >>> rng = np.random.default_rng(0)
    >>> runs = pd.DataFrame([(a, i, r, rng.normal() + 3 * (a == "B")) for a in "ABC" for i in "xyz" for r in range(3)],
    ...                     columns=["algorithm", "instance", "run", "value"])
    >>> test = ac.permutation_test(ac.Results.from_long(runs, run="run"), n_resamples=200, rng=0)
    >>> permutation_sentence(test, [{"reject": True}, {"reject": False}], 0.05)[-56:]
    'p = 0.1000); the permutation MSD separates 1 of 2 pairs.'
    """
    verdict = "rejects" if test.pvalue <= alpha else "does not reject"
    differ = sum(bool(row["reject"]) for row in pairs)
    return (f"On these instances, the synchronized permutation test {verdict} the hypothesis that all algorithms "
            f"perform alike ({test.statistic_name} = {test.statistic:.4f}, p = {p_value(test.pvalue)}); "
            f"the permutation MSD separates {differ} of {len(pairs)} pairs.")
