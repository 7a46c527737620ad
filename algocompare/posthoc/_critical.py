"""Critical differences of mean ranks (Nemenyi, Bonferroni–Dunn), computed, never tabled."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from scipy.stats import norm, studentized_range

from algocompare._deprecation import renamed_parameters
from algocompare._validation import check_option, check_positive_int, check_probability

__all__ = ["critical_difference", "critical_value"]

CD_METHODS = ("nemenyi", "bonferroni_dunn")


@lru_cache(maxsize=1024)  # a pure function of its arguments; scipy's ppf inverts a quadrature
def critical_value(k: int, alpha: float = 0.05, p_adjust: str = "nemenyi", *, df: float = np.inf) -> float:
    """q_alpha of the critical difference CD = q_alpha sqrt(k(k+1)/(6N)).

    * ``"nemenyi"``: the (1 - alpha) quantile of the studentized range of k means with
      ``df`` degrees of freedom, divided by sqrt(2) (Demšar 2006, Table 5a, df = inf).
      scmamp's ``getNemenyiCD`` uses df = k(N - 1) instead; pass ``df`` to reproduce it.
    * ``"bonferroni_dunn"``: the two-sided normal quantile at alpha / (k - 1), i.e.
      z_{1 - alpha / (2(k-1))} (Demšar 2006, Table 5b; García et al. 2009, Table 8).
    """
    k = check_positive_int("k", k, minimum=2)
    alpha = check_probability("alpha", alpha)
    check_option("p_adjust", p_adjust, CD_METHODS)
    if p_adjust == "nemenyi":
        return float(studentized_range.ppf(1.0 - alpha, k, df) / np.sqrt(2.0))
    return float(norm.isf(alpha / (2.0 * (k - 1))))


@renamed_parameters(method="p_adjust")
def critical_difference(k: int, n: int, alpha: float = 0.05, p_adjust: str = "nemenyi", *,
                        df: float = np.inf) -> float:
    """Critical difference of Friedman mean ranks for k algorithms on n instances, untied.

    Two mean ranks differ significantly when |R_i - R_j| >= CD with
    CD = q_alpha sqrt(k(k+1) / (6n)) (Demšar 2006, §3.2.2). This is the classic form for
    tables without ties; the critical difference of a post-hoc result
    (``posthoc(...).critical_difference``) uses the result's own standard error, which is
    smaller when instances have ties (``se="permutation"``, the default).

    Parameters
    ----------
    k, n : int
        Number of algorithms and of instances.
    alpha : float
        Family-wise level.
    p_adjust : {"nemenyi", "bonferroni_dunn"}
        The multiplicity adjustment: all pairwise comparisons (Nemenyi) or k - 1
        comparisons with a control (Bonferroni–Dunn); ``"bonferroni"`` is accepted for
        ``"bonferroni_dunn"``. ``method=`` is the deprecated alias of this parameter.
    df : float
        Degrees of freedom of the studentized range for Nemenyi (default infinity, as Demšar).

    Returns
    -------
    float
        The critical difference, in mean-rank units.

    See Also
    --------
    algocompare.posthoc : Its ``critical_difference`` uses the result's own standard error.
    algocompare.plots.cd_diagram : Draws the critical difference above the rank axis.

    Notes
    -----
    q_alpha is the (1 - alpha) quantile of the studentized range of k means divided by
    sqrt(2) for Nemenyi (Demšar 2006, Table 5a), and z_{1 - alpha/(2(k-1))} for
    Bonferroni–Dunn (Table 5b), both computed (scipy's ``studentized_range`` and ``norm``),
    never read from a table.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       Journal of Machine Learning Research 7, 1-30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour. Journal of
       Heuristics 15, 617-644. doi:10.1007/s10732-008-9080-4
    .. [3] Nemenyi, P. B. (1963). Distribution-free multiple comparisons. PhD thesis,
       Princeton University.

    Examples
    --------
    García et al. (2009), Table 8 (k = 11, N = 11, Bonferroni–Dunn, alpha = 0.05):

    >>> round(critical_difference(11, 11, 0.05, "bonferroni_dunn"), 3)
    3.97
    """
    n = check_positive_int("n", n, minimum=1)
    q = critical_value(k, alpha, "bonferroni_dunn" if p_adjust == "bonferroni" else p_adjust, df=df)
    return q * float(np.sqrt(k * (k + 1) / (6.0 * n)))
