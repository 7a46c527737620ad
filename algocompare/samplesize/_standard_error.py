"""Estimates and standard errors of the per-instance differences between algorithms.

Campelo & Takahashi (thesis Sec. 3.1, eqs. 5 and 9–15; Algorithm 4 for the bootstrap)
and, for more than two algorithms, Campelo & Wanner (2020). The conventions are those of
the R package CAISEr 1.0 (``calc_se``/``se_param``), which differ from the thesis text:

* sign: the difference of a pair (a, b) is taken as a minus b, i.e. ``mean(x1) - mean(x2)``
  for ``calc_se(x1, x2)`` (the thesis writes mu2 − mu1);
* percent differences, ``comparisons="all-vs-one"``: phi = 1 − mu_b/mu_a (mu_a the
  reference) with the full delta-method SE
  ``sqrt(s_a² mu_b²/(mu_a⁴ n_a) + s_b²/(mu_a² n_b))``; the thesis' eqs. 13–14 drop the
  covariance between the numerator (mu_b − mu_a) and the denominator mu_a, which turns
  the factor mu_b² into mu_a² + (mu_b − mu_a)²;
* percent differences, ``comparisons="all-vs-all"`` (the default, as in CAISEr): phi =
  (mu_a − mu_b)/mu̅ with mu̅ the mean of the K algorithm means, and
  ``se² = c1 (s_a²/n_a + s_b²/n_b) + c2`` with ``c1 = (1 + (phi/K)²)/mu̅²`` and
  ``c2 = (phi/K)²/mu̅² · Σ_{k≠a,b} s_k²/n_k``;
* the optimal ratio n_a/n_b is s_a/s_b (eq. 9), times mu_b/mu_a for all-vs-one percent
  differences; a standard error that is NaN (zero variances) is reported as 0.

For two algorithms and simple differences both comparison schemes coincide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare import _options
from algocompare import _validation as v
from algocompare._deprecation import renamed_value
from algocompare._options import N_RESAMPLES_INNER
from algocompare._results import BaseResult, internal, renamed_columns

__all__ = ["calc_se", "StandardErrorResult"]

DIFFERENCES = ("simple", "perc")
#: The old spelling of ``"all-vs-one"`` (until 0.2), kept one release.
OLD_COMPARISONS = {"all-vs-first": "all-vs-one"}
SE_METHODS = ("param", "boot")


def comparison_pairs(n_algorithms: int, comparisons: str) -> np.ndarray:
    """Index pairs (a, b), a < b: all of them, or those with the first algorithm."""
    pairs = list(combinations(range(n_algorithms), 2))
    if comparisons == "all-vs-one":
        pairs = pairs[: n_algorithms - 1]
    return np.array(pairs, dtype=int).reshape(-1, 2)


def _phi(means: np.ndarray, pairs: np.ndarray, dif: str, comparisons: str) -> np.ndarray:
    """Point estimates; ``means`` may carry leading axes (bootstrap replicates)."""
    ma, mb = means[..., pairs[:, 0]], means[..., pairs[:, 1]]
    if dif == "simple":
        return ma - mb
    if comparisons == "all-vs-one":
        return 1.0 - mb / ma
    return (ma - mb) / means.mean(axis=-1, keepdims=True)


def _param_se(means, variances, sizes, pairs, phi, dif, comparisons) -> np.ndarray:
    a, b = pairs[:, 0], pairs[:, 1]
    spread = variances / sizes  # s_k^2 / n_k
    if dif == "simple":
        return np.sqrt(spread[a] + spread[b])
    if comparisons == "all-vs-one":
        return np.sqrt(spread[a] * means[b] ** 2 / means[a] ** 4 + spread[b] / means[a] ** 2)
    k, grand = means.size, means.mean()
    rel = (phi / k) ** 2
    others = spread.sum() - spread[a] - spread[b]
    return np.sqrt((1 + rel) / grand**2 * (spread[a] + spread[b]) + others * rel / grand**2)


def _optimal_ratio(means, sds, pairs, dif, comparisons) -> np.ndarray:
    a, b = pairs[:, 0], pairs[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = sds[a] / sds[b]
        if dif == "perc" and comparisons == "all-vs-one":
            ratio = ratio * means[b] / means[a]
    return ratio


def _bootstrap_se(samples: list[np.ndarray], pairs, dif, comparisons, n_resamples: int,
                  rng: np.random.Generator) -> np.ndarray:
    """Algorithm 4: the sd of phi over resamples drawn independently per algorithm."""
    means = np.column_stack([
        x[rng.integers(0, x.size, size=(n_resamples, x.size))].mean(axis=1) for x in samples])
    return _phi(means, pairs, dif, comparisons).std(axis=0, ddof=1)


def pairwise_differences(samples: Sequence[np.ndarray], dif: str = "simple", comparisons: str = "all-vs-all",
                         method: str = "param", n_resamples: int = N_RESAMPLES_INNER, rng: Any = None) -> pd.DataFrame:
    """The CAISEr ``Diffk`` table: one row per pair with n, phi, SE, ratio and optimal ratio.

    ``samples`` are already-validated 1-D float arrays (at least two values each).
    """
    return pd.DataFrame(pairwise_arrays(samples, dif, comparisons, method, n_resamples, rng))


def pairwise_arrays(samples: Sequence[np.ndarray], dif: str = "simple", comparisons: str = "all-vs-all",
                    method: str = "param", n_resamples: int = N_RESAMPLES_INNER,
                    rng: Any = None) -> dict[str, np.ndarray]:
    """:func:`pairwise_differences` as a dict of arrays (cheap inside sampling loops)."""
    means = np.array([x.mean() for x in samples])
    variances = np.array([x.var(ddof=1) for x in samples])
    sizes = np.array([x.size for x in samples], dtype=float)
    pairs = comparison_pairs(len(samples), comparisons)
    if dif == "perc":
        check_perc_reference(means, pairs, comparisons)
    with np.errstate(divide="ignore", invalid="ignore"):
        phi = _phi(means, pairs, dif, comparisons)
        if method == "param":
            se = _param_se(means, variances, sizes, pairs, phi, dif, comparisons)
        else:
            se = _bootstrap_se(list(samples), pairs, dif, comparisons, n_resamples, np.random.default_rng(rng))
    se = np.where(np.isnan(se), 0.0, se)
    return {
        "algorithm_a": pairs[:, 0], "algorithm_b": pairs[:, 1], "n_a": sizes[pairs[:, 0]].astype(int),
        "n_b": sizes[pairs[:, 1]].astype(int), "phi": phi, "se": se,
        "ratio": sizes[pairs[:, 0]] / sizes[pairs[:, 1]],
        "ratio_opt": _optimal_ratio(means, np.sqrt(variances), pairs, dif, comparisons)}


def check_perc_reference(means: np.ndarray, pairs: np.ndarray, comparisons: str) -> None:
    """A percent difference of a zero reference mean is undefined: refuse it.

    Without this check phi would be infinite and the SE NaN, reported as 0, so that
    ``calc_nreps`` would stop after n0 runs as if it had converged.
    """
    if comparisons == "all-vs-one":
        zero = [int(a) for a in np.unique(pairs[:, 0]) if means[a] == 0]
        if zero:
            raise ValueError(
                f"the mean of algorithm {zero[0] + 1} (the reference of its percent differences) is 0, so "
                "the percent difference is undefined; use dif='simple' or shift the values away from 0.")
    elif means.mean() == 0:
        raise ValueError(
            "the mean of the algorithm means (the reference of all-vs-all percent differences) is 0, so "
            "the percent difference is undefined; use dif='simple' or shift the values away from 0.")


def check_design(dif: str, comparisons: str, method: str) -> None:
    v.check_option("dif", dif, DIFFERENCES)
    _options.check_comparisons(comparisons)
    v.check_option("method", method, SE_METHODS)


@dataclass(frozen=True, kw_only=True)
class StandardErrorResult(BaseResult):
    """Estimated difference(s) phi and standard error(s).

    ``phi`` and ``se`` are floats for two algorithms and arrays (one per pair, in the order
    of ``pairs``) otherwise.

    Attributes
    ----------
    phi : float or numpy.ndarray
        The estimated difference of each pair (simple or percent).
    se : float or numpy.ndarray
        Its standard error.
    dif : {"simple", "perc"}
        The difference estimated.
    comparisons : {"all-vs-all", "all-vs-one"}
        The pairs reported.
    se_method : {"param", "boot"}
        How the standard errors were estimated.
    n : numpy.ndarray
        Runs of each algorithm.
    pairs : pandas.DataFrame
        One row per pair: ``algorithm_a``, ``algorithm_b`` (indices), n, phi, se, the ratio of runs and
        the optimal ratio (what :meth:`to_frame` returns).

    See Also
    --------
    algocompare.calc_se : the function that returns it.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7

    Examples
    --------
    >>> from algocompare import calc_se
    >>> res = calc_se([1.0, 2.0, 3.0], [2.0, 4.0, 6.0, 8.0], [1.5, 2.5])
    >>> res.to_frame()[["algorithm_a", "algorithm_b"]].values.tolist()
    [[0, 1], [0, 2], [1, 2]]
    """

    kind: ClassVar[str] = "design"

    phi: Any
    se: Any
    dif: str
    comparisons: str
    se_method: str
    n: np.ndarray
    pairs: pd.DataFrame = internal()

    def to_frame(self) -> pd.DataFrame:
        return self.pairs.copy()


def _squeeze(values: np.ndarray) -> Any:
    return float(values[0]) if values.size == 1 else values


def calc_se(x1, x2, *more, dif: str = "simple", method: str = "param", comparisons: str = "all-vs-all",
            n_resamples: int = N_RESAMPLES_INNER, rng: Any = None) -> StandardErrorResult:
    """Estimate the difference between algorithms on one instance and its standard error.

    Parameters
    ----------
    x1, x2, *more : array-like
        Runs of each algorithm on the instance (at least two each; the numbers of runs may
        differ).
    dif : {"simple", "perc"}
        Simple difference mu_a − mu_b (thesis eq. 5) or percent difference (eq. 11; see
        the module docstring for CAISEr's definitions).
    method : {"param", "boot"}
        Parametric formulas (eqs. 10, 13 with the full delta method) or the bootstrap of
        Algorithm 4 with ``n_resamples`` resamples.
    comparisons : {"all-vs-all", "all-vs-one"}
        Pairs reported (Campelo & Wanner 2020): every pair, or the first algorithm against
        each other one; also fixes the percent-difference denominator. ``"all-vs-first"``
        is a deprecated spelling of ``"all-vs-one"``.
    n_resamples : int
        Bootstrap resamples for ``method="boot"`` (default 999, the package's rule for a
        standard error estimated inside a sequential procedure).
    rng : None, int or Generator
        Seed of the bootstrap.

    Returns
    -------
    StandardErrorResult
        ``phi``, ``se`` (floats for two algorithms), ``n`` and the full ``pairs`` table.

    Raises
    ------
    ValueError
        With ``dif="perc"`` when a reference mean is 0 (mu_a for all-vs-one, the mean
        of the algorithm means for all-vs-all): a percent difference of a zero reference
        is undefined, and reporting se = 0 would end ``calc_nreps`` as if converged.

    See Also
    --------
    algocompare.experiment.calc_nreps : runs algorithms until these standard errors reach ``se_max``.
    bootstrap_means : the bootstrap of one mean.

    Notes
    -----
    Campelo & Takahashi [1]_: thesis eqs. 5 and 10 (simple difference), 11 and 13 (percent
    difference, delta method), Algorithm 4 (bootstrap); Campelo & Wanner [2]_ for several
    algorithms (all pairs, or the first against each other one).

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    >>> res = calc_se([1.0, 2.0, 3.0], [2.0, 4.0, 6.0, 8.0])
    >>> round(res.phi, 4), round(res.se, 4)
    (-3.0, 1.4142)
    """
    comparisons = renamed_value("calc_se", "comparisons", comparisons, OLD_COMPARISONS)
    check_design(dif, comparisons, method)
    samples = [v.as_sample(x, f"x{i + 1}", min_size=2) for i, x in enumerate((x1, x2, *more))]
    n_resamples = v.check_positive_int("n_resamples", n_resamples, minimum=2)
    table = pairwise_differences(samples, dif, comparisons, method, n_resamples, rng)
    return StandardErrorResult(
        method=f"Standard error of {dif} differences ({'bootstrap' if method == 'boot' else 'parametric'})",
        phi=_squeeze(table["phi"].to_numpy()), se=_squeeze(table["se"].to_numpy()), dif=dif,
        comparisons=comparisons, se_method=method, n=np.array([x.size for x in samples]),
        pairs=renamed_columns(table))
