"""Global tests of a family of p-values: is at least one of the m hypotheses false?

Two ways to turn m p-values into one, for the intersection ("global") null hypothesis that
every one of them is true:

* :func:`simes_test` — Simes (1986): p = min_i m p_(i) / i. Exact for independent p-values
  and valid (at most alpha) under positive dependence (Sarkar 1998), which covers the
  pairwise comparisons of a post-hoc family; it is the first step of Hochberg's and Hommel's
  procedures and rejects exactly when Benjamini–Hochberg rejects anything.
* :func:`fisher_combination` — Fisher (1932): X = -2 Σ log p_i, chi-squared with 2m degrees of
  freedom **when the p-values are independent**. Powerful against many small effects, but
  liberal when the p-values are positively correlated, as the p-values of pairs that share
  an algorithm are.

scikit-posthocs (``global_simes_test``, ``global_f_test``) computes the same two numbers, but
importing it loads matplotlib and seaborn, which a statistical module must not do; the
formulas are two lines and are checked against it in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy import stats

from algocompare._results import BaseResult

__all__ = ["CombinationResult", "simes_test", "fisher_combination"]

_SIMES = ("Simes, R. J. (1986). An improved Bonferroni procedure for multiple tests of significance. "
          "Biometrika 73, 751-754. doi:10.1093/biomet/73.3.751")


@dataclass(frozen=True, kw_only=True)
class CombinationResult(BaseResult):
    """A global test of a family of p-values (Simes or Fisher's combination).

    Attributes
    ----------
    statistic : float
        Simes: min_i m p_(i) / i (before the cap at 1); Fisher: -2 Σ log p_i.
    pvalue : float
        The p-value of the global null hypothesis (every hypothesis of the family true).
    n_pvalues : int
        m, the number of p-values combined.
    df : int or None
        Fisher: the chi-squared degrees of freedom 2m; Simes: None.

    See Also
    --------
    simes_test, fisher_combination : the functions that return it.

    References
    ----------
    .. [1] Simes, R. J. (1986). An improved Bonferroni procedure for multiple tests of
       significance. *Biometrika* 73(3), 751–754. doi:10.1093/biomet/73.3.751

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.simes_test([0.01, 0.04, 0.30]).n_pvalues
    3
    """

    kind: ClassVar[str] = "combination"

    statistic: float
    pvalue: float
    n_pvalues: int
    df: int | None = None


def _pvalues(pvalues: Any) -> np.ndarray:
    """The p-values as a 1-D float array, each in [0, 1] (one-line errors otherwise)."""
    if isinstance(pvalues, (str, bytes)) or np.ndim(pvalues) != 1:
        raise TypeError("pvalues must be a 1-D array-like of p-values (one per hypothesis of the family).")
    try:
        values = np.asarray(pvalues, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("pvalues must hold numbers; pass the p-values as floats between 0 and 1.") from None
    if values.size == 0:
        raise ValueError("pvalues is empty; a global test needs at least one p-value.")
    if np.isnan(values).any():
        raise ValueError("pvalues contains missing p-values (NaN); every hypothesis needs a p-value.")
    bad = values[(values < 0) | (values > 1)]
    if bad.size:
        raise ValueError(f"pvalues contains {bad[0]!r}; p-values must lie between 0 and 1.")
    return values


def simes_test(pvalues: Any) -> CombinationResult:
    """Simes' global test: p = min(1, min_i m p_(i) / i) for the ascending p-values p_(i).

    Tests the intersection of the m hypotheses (all true) against "at least one is false".

    Parameters
    ----------
    pvalues : array-like
        The m p-values of the family, each in [0, 1], in any order.

    Returns
    -------
    CombinationResult
        ``statistic`` min_i m p_(i) / i, ``pvalue`` the same capped at 1, ``n_pvalues`` m.

    See Also
    --------
    fisher_combination : Fisher's combination, for independent p-values only.
    adjust_pvalues : ``"hochberg"`` and ``"hommel"`` start with this test; ``"bh"`` rejects
        something exactly when it rejects.

    Notes
    -----
    The level is exactly alpha for independent continuous p-values (Simes 1986) and at most
    alpha when the p-values are positively dependent (multivariate totally positive of order
    2, or PRDS: Sarkar 1998, Benjamini & Yekutieli 2001), which includes two-sided tests of
    pairs of algorithms that share an algorithm and the comparisons of k - 1 algorithms with a
    control. The simulation of the Validation page ("Global tests") finds sizes of 0.035–0.056
    at alpha = 0.05 (Monte Carlo s.e. 0.008) for the Friedman post-hoc families (all pairs and
    against a control, k = 3 to 8) under the complete null, where Fisher's combination is at
    0.056–0.190. Same value as scikit-posthocs' ``global_simes_test``, which
    is not imported (it loads matplotlib).

    References
    ----------
    .. [1] Simes, R. J. (1986). An improved Bonferroni procedure for multiple tests of
       significance. *Biometrika* 73(3), 751–754. doi:10.1093/biomet/73.3.751
    .. [2] Sarkar, S. K. (1998). Some probability inequalities for ordered MTP2 random
       variables: a proof of the Simes conjecture. *Annals of Statistics* 26(2), 494–504.
       doi:10.1214/aos/1028144846

    Examples
    --------
    >>> import algocompare as ac
    >>> round(ac.simes_test([0.04, 0.03, 0.98, 0.01, 0.43, 0.99, 1.0, 0.002]).pvalue, 6)
    0.016
    """
    p = np.sort(_pvalues(pvalues))
    m = p.size
    statistic = float(np.min(m * p / np.arange(1, m + 1)))
    return CombinationResult(method=f"Simes global test of {m} p-values", statistic=statistic,
                             pvalue=min(1.0, statistic), n_pvalues=m)


def fisher_combination(pvalues: Any) -> CombinationResult:
    """Fisher's combination test: X = -2 Σ log p_i, referred to chi-squared with 2m degrees of freedom.

    Parameters
    ----------
    pvalues : array-like
        The m p-values, each in [0, 1]; they must be **independent** (see Notes). A p-value of
        0 gives X = inf and p = 0.

    Returns
    -------
    CombinationResult
        ``statistic`` X, ``df`` 2m, ``pvalue`` P(chi2_{2m} >= X), ``n_pvalues`` m.

    See Also
    --------
    simes_test : valid under positive dependence, e.g. for a post-hoc family.
    scipy.stats.combine_pvalues : the same with ``method="fisher"``.

    Notes
    -----
    Under the global null, -2 log p_i is chi-squared with 2 degrees of freedom for each
    continuous p-value, and the sum of m *independent* ones is chi-squared with 2m. The
    p-values of a post-hoc family are not independent: pairs (a, b) and (a, c) share a, and
    all pairs of a rank test share the instances; their correlation is positive, the sum's
    variance exceeds 4m and the test is liberal. On the Friedman all-pairs family under the
    complete null the simulated size at alpha = 0.05 is 0.065 (k = 3), 0.135 (k = 5) and 0.190
    (k = 8), against a control 0.056–0.104 (Validation page, "Global tests"); use
    :func:`simes_test` there, or the omnibus test itself. Fisher's test fits independent
    studies — the same pair of algorithms on disjoint benchmark sets. Same value
    as scipy's ``combine_pvalues(method="fisher")`` and scikit-posthocs' ``global_f_test``.

    References
    ----------
    .. [1] Fisher, R. A. (1932). *Statistical Methods for Research Workers*, 4th ed., §21.1.
       Oliver and Boyd, Edinburgh. https://archive.org/details/in.ernet.dli.2015.502684
    .. [2] Westfall, P. H. (2005). Combining p values. In *Encyclopedia of Biostatistics*.
       Wiley. doi:10.1002/0470011815.b2a15181

    Examples
    --------
    >>> import algocompare as ac
    >>> result = ac.fisher_combination([0.04, 0.03, 0.98, 0.01, 0.43, 0.99, 1.0, 0.002])
    >>> round(result.statistic, 4), result.df, round(result.pvalue, 5)
    (36.8389, 16, 0.00221)
    """
    p = _pvalues(pvalues)
    with np.errstate(divide="ignore"):  # log(0) = -inf: X = inf, p = 0
        statistic = float(-2.0 * np.sum(np.log(p)))
    df = 2 * p.size
    return CombinationResult(method=f"Fisher's combination of {p.size} independent p-values", statistic=statistic,
                             pvalue=float(stats.chi2.sf(statistic, df)), n_pvalues=p.size, df=df)
