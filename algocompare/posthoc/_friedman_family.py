"""Two more Friedman rank post-hoc tests: Miller's single step and Dunnett's many-to-one on mean ranks.

Both use z = (R̄_b − R̄_a)/se on the Friedman mean ranks (:mod:`algocompare.posthoc._statistics`;
se = √(k(k+1)/(6N)) without ties, the tie-aware permutation standard error by default, the
untied form with ``se="classic"``, which is what PMCMRplus and scikit-posthocs use on tied data
too); they differ in the reference distribution of the family:

* Miller (1966): P(χ²_{k−1} >= z²), a Scheffé-type bound valid simultaneously for every
  contrast of the mean ranks, hence for all pairs without a further adjustment
  (PMCMRplus ``frdAllPairsMillerTest``, scikit-posthocs ``posthoc_miller_friedman``).
  Conservative: the FWER of the all-pairs family is far below alpha for k >= 4.
* Dunnett-type many-to-one (PMCMRplus ``frdManyOneNemenyiTest``): the k − 1 z against one
  control have correlation 1/2 (the scores of an instance are exchangeable under the null),
  so the single-step adjusted p-value is P(max_j |Z_j| >= |z|) for equicorrelated normals
  (:func:`algocompare.posthoc._dunnett.dunnett_sf`); exact in the limit, less conservative
  than Nemenyi's studentized range of all k means for the same family.

The Siegel–Castellan test (PMCMRplus ``frdAllPairsSiegelTest``, scikit-posthocs
``posthoc_siegel_friedman``) is the same z with a p-adjustment (Holm by default): the
registry's ``"siegel"`` entry uses the Friedman z statistic itself
(:func:`algocompare.posthoc._registry.rank_z_pairs`).

References
----------
.. [1] Miller, R. G. (1966). Simultaneous Statistical Inference. McGraw-Hill (2nd ed. 1981,
   Springer, doi:10.1007/978-1-4613-8122-8).
.. [2] Siegel, S. & Castellan, N. J. (1988). Nonparametric Statistics for the Behavioral
   Sciences, 2nd ed. McGraw-Hill, §7.2.
.. [3] Hollander, M., Wolfe, D. A. & Chicken, E. (2014). Nonparametric Statistical Methods,
   3rd ed. Wiley, §7.3. doi:10.1002/9781119196037
"""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy.stats import chi2, norm

from algocompare.posthoc._dunnett import dunnett_sf
from algocompare.posthoc._statistics import pair_z

__all__ = ["miller_pairs", "control_z_pairs", "normal_dunnett_single_step"]


def miller_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                 context: Any) -> tuple[np.ndarray, np.ndarray]:
    """z on the Friedman mean ranks (positive: algorithm_a better) and Miller's p = P(χ²_{k−1} >= z²)."""
    statistic = pair_z(context.detail, a, b)
    return statistic, chi2.sf(statistic ** 2, values.shape[1] - 1)


def control_z_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                    context: Any) -> tuple[np.ndarray, np.ndarray]:
    """z on the Friedman mean ranks of each algorithm against the control, two-sided normal p;
    all pairs are refused (the correlation 1/2 holds for comparisons with one control only)."""
    if a.size and np.any(a != a[0]):
        raise ValueError("test='friedman_dunnett' compares each algorithm with a control; pass "
                         "control=<algorithm name> or control='best' (for all pairs use test='friedman').")
    statistic = pair_z(context.detail, a, b)
    return statistic, np.minimum(1.0, 2.0 * norm.sf(np.abs(statistic)))


def normal_dunnett_single_step(statistic: np.ndarray, k: int, context: Any) -> np.ndarray:
    """P(max_j |Z_j| >= |z|) over the k − 1 comparisons with the control, equicorrelated normals (1/2)."""
    return dunnett_sf(statistic, k - 1)
