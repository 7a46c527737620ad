"""Contrast estimation based on medians (Doksum 1967; García, Fernández, Luengo & Herrera 2010).

How much better is one algorithm than another, in the data's units, over all instances? The
median of the per-instance differences of a pair (Z_uv) answers for one pair, but Z_uv + Z_vw
need not equal Z_uw. The contrast estimator makes the answers consistent by using every
algorithm: m_u = (1/k) Σ_v Z_uv, and the difference of u and v is estimated by m_u − m_v.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._options import documented_table_options
from algocompare._results import BaseResult
from algocompare._scaling import scaled_back, unit_scaled

__all__ = ["ContrastEstimationResult", "contrast_estimation"]


@dataclass(frozen=True, kw_only=True)
class ContrastEstimationResult(BaseResult):
    """Contrast estimation based on medians: the estimated difference of every pair of algorithms.

    Attributes
    ----------
    estimates : pandas.DataFrame
        k × k: ``estimates.loc[u, v]`` = m_u − m_v, the estimated difference of algorithm u's
        values minus v's, in the data's units (positive: u's values are larger).
    unadjusted : pandas.DataFrame
        k × k: Z_uv, the median over instances of the differences u − v (Z_uu = 0).
    m : pandas.Series
        m_u = mean over v of Z_uv, per algorithm.
    n_instances, n_algorithms : int
        The table's size.

    See Also
    --------
    contrast_estimation : the function that returns it.

    References
    ----------
    .. [1] García, S., Fernández, A., Luengo, J., Herrera, F. (2010). Advanced nonparametric
       tests for multiple comparisons in the design of experiments in computational intelligence
       and data mining: experimental analysis of power. *Information Sciences* 180(10),
       2044–2064. doi:10.1016/j.ins.2009.12.010

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.contrast_estimation([[1.0, 2.0, 4.0], [2.0, 2.5, 3.0], [0.5, 2.0, 6.0]])
    >>> r.estimates.round(3).to_numpy().tolist()[0]
    [0.0, -1.0, -3.0]
    """

    kind: ClassVar[str] = "contrast"

    estimates: pd.DataFrame
    unadjusted: pd.DataFrame
    m: pd.Series
    n_instances: int
    n_algorithms: int

    def to_frame(self) -> pd.DataFrame:
        """The k × k matrix of estimates (row minus column), as a paper prints it."""
        return self.estimates.copy()

    def _table(self) -> tuple[pd.DataFrame, Any, bool]:
        return self.to_frame(), None, True


@documented_table_options
def contrast_estimation(data: Any, *, direction: str | None = None, nan_policy: str = "raise") -> (
        ContrastEstimationResult):
    """Contrast estimation based on medians of every pair of algorithms (García et al. 2010, §3.3).

    For each pair (u, v), Z_uv is the median over the N instances of the differences
    X_iu − X_iv (Z_uu = 0); m_u = (1/k) Σ_v Z_uv; the estimate of the difference of u and v
    is m_u − m_v. The estimates are consistent (the estimate of u − w is that of u − v plus
    that of v − w) and, being built from medians, robust to outlying instances.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms (runs are averaged per cell).
    {table_options}

    Returns
    -------
    ContrastEstimationResult
        ``estimates`` (k × k, row minus column, in the data's units), ``unadjusted`` (Z) and ``m``.

    See Also
    --------
    median_difference_ci : an interval of one pair's median difference.
    paired_effect_sizes : standardised effect sizes of every pair.

    Notes
    -----
    The differences are those of the values as given, whatever the direction: for a
    minimised error a negative estimate of u − v says that u is better. It is the estimator
    of Doksum (1967) that García et al. (2010) recommend, and the same computation as scmamp's
    ``contrastEstimationMatrix`` (medians of row − column differences, ``rowMeans`` with the zero
    diagonal, differences of those means); no Python peer computes it, so it is written here.

    References
    ----------
    .. [1] García, S., Fernández, A., Luengo, J., Herrera, F. (2010). Advanced nonparametric
       tests for multiple comparisons in the design of experiments in computational intelligence
       and data mining: experimental analysis of power. *Information Sciences* 180(10),
       2044–2064. doi:10.1016/j.ins.2009.12.010
    .. [2] Doksum, K. (1967). Robust procedures for some linear models with one observation per
       cell. *The Annals of Mathematical Statistics* 38(3), 878–883. doi:10.1214/aoms/1177698881

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.contrast_estimation(ac.load_dataset("cec2005_d10"))
    >>> float(r.estimates.loc["G-CMA-ES", "BLX-GL50"]) < 0  # G-CMA-ES has the lower errors
    True
    """
    from algocompare.data._convert import as_blocks, drop_record

    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    blocks = results.blocks()
    (values,), exponent = unit_scaled(blocks.to_numpy(float))  # differences of values near 1e308 stay finite
    differences = values[:, :, None] - values[:, None, :]        # instances × u × v
    z = np.median(differences, axis=0)
    m = z.mean(axis=1)
    estimates = m[:, None] - m[None, :]
    names = blocks.columns

    def frame(matrix: np.ndarray) -> pd.DataFrame:
        return pd.DataFrame(scaled_back(matrix, exponent), index=names, columns=names)

    return ContrastEstimationResult(
        method="Contrast estimation based on medians", estimates=frame(estimates), unadjusted=frame(z),
        m=pd.Series(scaled_back(m, exponent), index=names, name="m"), n_instances=int(values.shape[0]),
        n_algorithms=int(values.shape[1]), dropped_instances=drop_record(results, nan_policy))
