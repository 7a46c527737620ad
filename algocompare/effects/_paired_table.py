"""Effect sizes of pairs of algorithms over the instances of a table, all pairs at once.

What a summary or post-hoc table reports beside each p-value: for a pair (a, b), the effect
size of the per-instance differences, oriented so that a **positive value means a is better**
(lower when minimising, higher when maximising), with its confidence interval and its
verbal magnitude (:func:`algocompare.effects._magnitude.magnitude`).

* ``measure="rank_biserial"`` (rank-based analyses): Kerby's (2014) matched-pairs
  rank-biserial correlation r = (R⁺ − R⁻)/(R⁺ + R⁻) of the signed ranks of the non-zero
  differences, the effect size of the Wilcoxon signed-rank test; interval and value equal
  :func:`algocompare.effects.rank_biserial` with ``paired=True``.
* ``measure="d_z"`` (parametric analyses): the paired standardised mean difference
  mean(d)/sd(d) with the non-central t interval; equal to :func:`algocompare.effects.d_z`.

Both are computed for every pair in one array operation (the non-central t bounds by
vectorised bisection), so a 30-algorithm table's 435 pairs take milliseconds.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from algocompare._options import check_confidence_level, documented_table_options
from algocompare._scaling import unit_exponents
from algocompare._validation import check_option
from algocompare.effects._magnitude import magnitude

__all__ = ["PAIRED_MEASURES", "paired_effect_sizes"]

#: Effect sizes of paired differences, and their display names.
PAIRED_MEASURES = {"rank_biserial": "matched-pairs rank-biserial r", "d_z": "d_z"}

#: Differences held at once (pairs × instances): bounds the memory of very large tables.
_BATCH_CELLS = 2_000_000


@documented_table_options
def paired_effect_sizes(data: Any, pairs=None, *, measure: str = "rank_biserial", confidence_level: float = 0.95,
                        ci_method: str = "analytic", bootstrap_method: str = "bca", n_resamples: int = 9999,
                        rng: Any = None, direction: str | None = None, nan_policy: str = "raise") -> pd.DataFrame:
    """Effect size of each pair of algorithms over the instances, positive when the first is better.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        The table (instances × algorithms; runs are averaged per cell).
    pairs : sequence of (str, str), optional
        The pairs ``(a, b)``; all pairs (in column order) by default.
    measure : {"rank_biserial", "d_z"}
        The effect size (see the module).
    confidence_level : float
        Coverage of the intervals.
    ci_method : {"analytic", "bootstrap"}
        The intervals of :func:`rank_biserial` (Fisher z) and :func:`d_z` (non-central t), or
        bootstrap intervals of each pair (instances resampled; as ``ci_method="bootstrap"`` of
        those functions, one pair after another from one generator).
    bootstrap_method : {"bca", "percentile"}
        With ``ci_method="bootstrap"``: BCa (default) or percentile.
    n_resamples : int
        Bootstrap resamples per pair (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the resamples.
    {table_options}

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``algorithm_a``, ``algorithm_b``, ``effect_size``, ``ci_low``,
        ``ci_high``, ``magnitude``; ``attrs["measure"]`` names the measure.

    See Also
    --------
    rank_biserial, d_z : the two measures for one pair.
    magnitude : the verbal label of an effect size.
    posthoc : the pairwise tests these effect sizes accompany.

    Notes
    -----
    r is Kerby's matched-pairs rank-biserial correlation [1]_; the d_z interval inverts the
    non-central t distribution of the paired t statistic [2]_. A pair whose differences are
    all zero has r = 0 with an interval of NaN (the test it belongs to has nothing to rank);
    d_z is NaN when the differences are all equal.

    References
    ----------
    .. [1] D. S. Kerby, "The simple difference formula: an approach to teaching nonparametric
       correlation", Comprehensive Psychology 3, 2014. doi:10.2466/11.IT.3.1
    .. [2] J. H. Steiger, A. T. Fouladi, "Noncentrality interval estimation and the evaluation
       of statistical models", in *What if there were no significance tests?*, 1997.

    Examples
    --------
    >>> import algocompare as ac
    >>> table = paired_effect_sizes(ac.load_dataset("cec2017_d10"), [("jSO", "EBO")])
    >>> table[["algorithm_a", "algorithm_b", "magnitude"]].to_string(index=False)
    'algorithm_a algorithm_b magnitude\\n        jSO         EBO     small'
    """
    from algocompare.data._convert import as_results

    check_option("measure", measure, tuple(PAIRED_MEASURES))
    check_option("ci_method", ci_method, ("analytic", "bootstrap"))
    confidence_level = check_confidence_level(confidence_level)
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    blocks = results.blocks(oriented=True)  # lower is better
    pairs = list(combinations(blocks.columns, 2)) if pairs is None else [tuple(p) for p in pairs]
    index = {name: j for j, name in enumerate(blocks.columns)}
    for name in {n for pair in pairs for n in pair} - set(index):
        raise ValueError(f"algorithm {name!r} is not in the table; choose among {list(blocks.columns)}.")
    values = blocks.to_numpy(float)
    estimate, low, high = (np.empty(len(pairs)) for _ in range(3))
    step = max(1, _BATCH_CELLS // max(values.shape[0], 1))
    compute = _rank_biserial if measure == "rank_biserial" else _d_z
    for start in range(0, len(pairs), step):
        batch = pairs[start:start + step]
        # positive when a is better: b's (oriented) value minus a's
        diffs = values[:, [index[b] for _, b in batch]] - values[:, [index[a] for a, _ in batch]]
        estimate[start:start + step], low[start:start + step], high[start:start + step] = \
            compute(diffs.T, confidence_level)
    if ci_method == "bootstrap":
        low, high = _bootstrap_bounds(values, [(index[a], index[b]) for a, b in pairs], measure, confidence_level,
                                      bootstrap_method, n_resamples, rng)
    frame = pd.DataFrame({"algorithm_a": [a for a, _ in pairs], "algorithm_b": [b for _, b in pairs],
                          "effect_size": estimate, "ci_low": low, "ci_high": high,
                          "magnitude": magnitude(estimate, measure) if pairs else []})
    frame.attrs["measure"] = measure
    frame.attrs["confidence_level"] = confidence_level
    return frame


def _bootstrap_bounds(values: np.ndarray, pairs: list[tuple[int, int]], measure: str, confidence_level: float,
                      bootstrap_method: str, n_resamples: int, rng: Any) -> tuple[np.ndarray, np.ndarray]:
    """Bootstrap interval of each pair's effect size (oriented differences b − a, instances resampled)."""
    from algocompare.effects._bootstrap import VECTORISED, bootstrap_interval, check_bootstrap

    check_bootstrap(bootstrap_method, n_resamples)
    generator = np.random.default_rng(rng)
    low, high = np.full(len(pairs), np.nan), np.full(len(pairs), np.nan)
    statistic = VECTORISED[measure]
    for i, (a, b) in enumerate(pairs):
        diffs = values[:, b] - values[:, a]
        largest = np.abs(diffs).max(initial=0.0)
        diffs = np.ldexp(diffs, -int(unit_exponents(np.array([largest]), always=True)[0]))  # as _d_z: exact
        low[i], high[i] = bootstrap_interval(statistic, diffs, np.zeros_like(diffs), paired=True,
                                             confidence_level=confidence_level, bootstrap_method=bootstrap_method,
                                             n_resamples=n_resamples, rng=generator)
    return low, high


def _rank_biserial(diffs: np.ndarray, confidence_level: float) -> tuple[np.ndarray, ...]:
    """Kerby's r per row of ``diffs`` and the Fisher-z interval of rank_biserial(paired=True)."""
    zero = diffs == 0
    n_zero = zero.sum(axis=1, keepdims=True)
    # zeros rank lowest, so a non-zero difference's rank among the non-zero ones is its rank less n_zero
    ranks = np.where(zero, 0.0, stats.rankdata(np.abs(diffs), axis=1) - n_zero)
    n = diffs.shape[1] - n_zero[:, 0]
    total = n * (n + 1) / 2.0
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.where(n > 0, (np.sign(diffs) * ranks).sum(axis=1) / total, 0.0)
        se = np.sqrt(n * (n + 1) * (2 * n + 1) / 6.0) / total
    crit = stats.norm.isf((1 - confidence_level) / 2)
    centre = np.arctanh(np.clip(r, -1 + 1e-15, 1 - 1e-15))
    low, high = np.tanh(centre - crit * se), np.tanh(centre + crit * se)
    return r, np.where(n > 0, low, np.nan), np.where(n > 0, high, np.nan)


def _d_z(diffs: np.ndarray, confidence_level: float) -> tuple[np.ndarray, ...]:
    """mean/sd per row of ``diffs`` and the non-central t interval of :func:`algocompare.effects.d_z`."""
    n = diffs.shape[1]
    # each row times a power of two (exact; d_z does not change) with its largest |difference| in
    # [0.5, 1): the squares of differences near 1e-170 underflowed, sd was 0 and d_z NaN
    largest = np.abs(diffs).max(axis=1, initial=0.0, where=np.isfinite(diffs))
    diffs = np.ldexp(diffs, -unit_exponents(largest, always=True)[:, None])  # algocompare._scaling
    sd = diffs.std(axis=1, ddof=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        dz = np.where(sd > 0, diffs.mean(axis=1) / sd, np.nan)
    t_obs = dz * np.sqrt(n)
    tail = (1 - confidence_level) / 2
    low = _noncentrality_bound(t_obs, n - 1, tail) / np.sqrt(n)
    high = _noncentrality_bound(t_obs, n - 1, 1 - tail) / np.sqrt(n)
    return dz, low, high


def _noncentrality_bound(t_obs: np.ndarray, df: int, target: float) -> np.ndarray:
    """The ncp with P(T > t_obs | ncp) = ``target`` for each t_obs (bisection on all at once)."""
    finite = np.isfinite(t_obs)
    t = np.where(finite, t_obs, 0.0)
    width = 2.0 + np.abs(t)
    lo, hi = t - width, t + width
    # widen the brackets until they hold the root (sf increases with the ncp)
    for _ in range(60):
        low_out = stats.nct.sf(t, df, lo) > target
        high_out = stats.nct.sf(t, df, hi) < target
        if not (low_out.any() or high_out.any()):
            break
        lo, hi = np.where(low_out, lo - width, lo), np.where(high_out, hi + width, hi)
    for _ in range(60):  # 60 halvings: below 1e-12 of any bracket here
        mid = (lo + hi) / 2
        above = stats.nct.sf(t, df, mid) > target
        lo, hi = np.where(above, lo, mid), np.where(above, mid, hi)
    return np.where(finite, (lo + hi) / 2, np.nan)
