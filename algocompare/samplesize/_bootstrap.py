"""Bootstrap of the sampling distribution of the mean (Campelo & Takahashi, Algorithm 3).

Used to check the normality assumption behind the per-instance standard errors and the
paired t test: resample the data with replacement, take the mean of each resample, and
inspect the resampled means with a normal Q-Q plot (``result.plot()``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._deprecation import keyword_only_from
from algocompare._options import N_RESAMPLES_INNER
from algocompare._results import BaseResult, internal

__all__ = ["bootstrap_means", "BootstrapMeans"]


@dataclass(frozen=True, kw_only=True)
class BootstrapMeans(BaseResult):
    """Resampled means with their summary and a Q-Q correlation against the normal.

    Attributes
    ----------
    mean : float
        The mean of the sample.
    se : float
        The standard deviation of the resampled means: the bootstrap standard error.
    skewness : float
        Skewness of the resampled means (near 0 when their distribution is symmetric).
    qq_correlation : float
        Correlation of the normal Q-Q plot of the resampled means (near 1 when close to normal).
    n : int
        Size of the sample.
    n_resamples : int
        Number of resamples.
    means : numpy.ndarray
        The resampled means (not in ``to_dict``).

    See Also
    --------
    algocompare.bootstrap_means : the function that returns it.
    algocompare.plots.plot_bootstrap_qq : the normal Q-Q plot of ``means``.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7

    Examples
    --------
    >>> from algocompare import bootstrap_means
    >>> res = bootstrap_means([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5], rng=1)
    >>> res.means.shape, bool(res.qq_correlation > 0.9)
    ((999,), True)
    """

    kind: ClassVar[str] = "design"

    mean: float
    se: float
    skewness: float
    qq_correlation: float
    n: int
    n_resamples: int
    means: np.ndarray = internal()

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([self._scalar_fields()])


@keyword_only_from("n_resamples")
def bootstrap_means(x, n_resamples: int = N_RESAMPLES_INNER, *, rng: Any = None) -> BootstrapMeans:
    """Bootstrap the sampling distribution of the mean of ``x`` (thesis Algorithm 3).

    Parameters
    ----------
    x : array-like
        The sample (at least two values), e.g. the runs of one algorithm on one instance.
    n_resamples : int
        Number of bootstrap resamples (default 999, the package's rule for a standard error).
    rng : None, int or Generator
        Seed of the resampling.

    Returns
    -------
    BootstrapMeans
        The resampled means (``means``), their sd (the bootstrap SE, ``se``), ``skewness`` and
        the correlation of the normal Q-Q plot (``qq_correlation``, from
        ``scipy.stats.probplot``; near 1 when the sampling distribution is close to normal).

    See Also
    --------
    algocompare.calc_se : standard errors of differences, parametric or bootstrap.

    Notes
    -----
    Campelo & Takahashi [1]_ check with Algorithm 3 whether the sampling distribution of a
    mean is close enough to normal for the parametric standard errors; the resampling is the
    nonparametric bootstrap of Efron & Tibshirani [2]_ (``n_resamples`` samples of size n
    drawn with replacement).

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Efron, B., Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman & Hall,
       New York.

    Examples
    --------
    >>> res = bootstrap_means([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5], rng=1)
    >>> res.n_resamples, round(res.mean, 3)
    (999, 2.75)
    """
    x = v.as_sample(x, "x", min_size=2)
    n_resamples = v.check_positive_int("n_resamples", n_resamples, minimum=2)
    gen = np.random.default_rng(rng)
    means = x[gen.integers(0, x.size, size=(n_resamples, x.size))].mean(axis=1)
    (_, _), (_, _, r) = stats.probplot(means, dist="norm")
    return BootstrapMeans(method="Bootstrap of the sampling distribution of the mean (Algorithm 3)",
                          mean=float(x.mean()), se=float(means.std(ddof=1)), skewness=float(stats.skew(means)),
                          qq_correlation=float(r), n=int(x.size), n_resamples=n_resamples, means=means)
