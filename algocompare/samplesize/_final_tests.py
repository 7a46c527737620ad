"""The final tests of a study: one test of the per-instance differences phi_j for each pair.

For each pair (a, b) of algorithms, H0 "phi_j is centred on 0 over the instances" is tested
with the package's own paired test of phi_j against zeros (Campelo & Takahashi, thesis
Sec. 3.2; Campelo & Wanner 2020), so a row equals what that test gives on the same values:

* ``"t"`` — :func:`~algocompare.paired_ttest`: estimate mean(phi), statistic t and the
  interval at confidence level 1 − alpha (one-sided for a one-sided ``alternative``);
* ``"wilcoxon"`` — :func:`~algocompare.wilcoxon` with zero differences split
  (``zero_method="split"``, its default before issue 28; exact distribution up to 50 non-zero
  values): estimate median(phi), statistic R+;
* ``"sign"`` — :func:`~algocompare.sign_test` with zero differences split and the exact binomial
  (``zero_method="split", method="exact"``, its default before issue 28):
  estimate median(phi), statistic the number of positive phi_j (plus half the zeros).

The raw p-values of the K pairs are adjusted by Holm's method
(:func:`~algocompare.adjust_pvalues`) and ``reject = pvalue_adj <= alpha``.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from algocompare._results import TestResult
from algocompare.frequentist._pairwise import paired_ttest, sign_test, wilcoxon
from algocompare.posthoc._adjust import adjust_pvalues

__all__ = ["TESTS", "TEST_NAMES", "final_tests"]

TESTS = ("t", "wilcoxon", "sign")
TEST_NAMES = {"t": "paired t", "wilcoxon": "Wilcoxon signed-rank", "sign": "sign"}


def pair_test(phi: np.ndarray, test: str, alternative: str, alpha: float) -> dict[str, float]:
    """Test H0: the mean (t) or median (Wilcoxon, sign) of phi_j is zero."""
    zeros = np.zeros_like(phi)
    low = high = float("nan")
    res: TestResult
    if test == "t":
        t_test = paired_ttest(phi, zeros, alternative=alternative, confidence_level=1 - alpha)
        res, estimate, low, high = t_test, phi.mean(), t_test.ci_low, t_test.ci_high
    elif test == "wilcoxon":
        res = wilcoxon(phi, zeros, zero_method="split", alternative=alternative)
        estimate = np.median(phi)
    else:
        res = sign_test(phi, zeros, zero_method="split", method="exact", alternative=alternative)
        estimate = np.median(phi)
    return {"estimate": float(estimate), "ci_low": float(low), "ci_high": float(high),
            "statistic": float(res.statistic), "pvalue": float(res.pvalue), "n": int(phi.size)}


def _undefined(phi: np.ndarray, pair: tuple) -> dict[str, float]:
    warnings.warn(f"the final t test of {pair[0]!r} vs {pair[1]!r} is undefined (all {phi.size} phi_j equal "
                  f"{phi[0]:g}); its statistic and p-value are NaN and it is not rejected.", RuntimeWarning,
                  stacklevel=4)
    nan = float("nan")
    return {"estimate": float(phi.mean()), "ci_low": nan, "ci_high": nan, "statistic": nan, "pvalue": nan,
            "n": int(phi.size)}


def holm(pvalues: np.ndarray) -> np.ndarray:
    """Holm-adjusted p-values; an undefined (NaN) p-value counts as 1 in the family and stays NaN."""
    missing = np.isnan(pvalues)
    adjusted = np.asarray(adjust_pvalues(np.where(missing, 1.0, pvalues), "holm"), dtype=float)
    return np.where(missing, np.nan, adjusted)


def final_tests(per_instance: pd.DataFrame, test: str, alternative: str, alpha: float) -> pd.DataFrame:
    """One row per pair (``algorithm_a``, ``algorithm_b`` in the order of ``per_instance``): estimate, CI,
    statistic, p-value, n, Holm-adjusted p-value and the decision."""
    rows = []
    for pair, group in per_instance.groupby(["algorithm_a", "algorithm_b"], sort=False):
        phi = group["phi"].to_numpy(float)
        if test == "t" and np.all(phi == phi[0]):  # sd 0: the t statistic is undefined
            row = _undefined(phi, pair)
        else:
            row = pair_test(phi, test, alternative, alpha)
        rows.append({"algorithm_a": pair[0], "algorithm_b": pair[1], **row})
    tests = pd.DataFrame(rows)
    tests["pvalue_adj"] = holm(tests["pvalue"].to_numpy(float))
    tests["reject"] = tests["pvalue_adj"] <= alpha
    return tests
