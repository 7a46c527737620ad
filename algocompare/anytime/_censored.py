"""Censoring-aware comparison of runtimes: the stratified weighted log-rank family.

A run that never reached the target within its budget has a runtime *longer than its budget*:
right-censored, not missing and not ``penalty × budget``. The weighted log-rank tests compare
the algorithms' runtime laws using every run, with the instances as strata (each instance has
its own runtime law; only the algorithms' differences within an instance are pooled).

At each distinct first-hit time τ of a stratum, with n(τ) runs still running (not yet
successful, not yet stopped; a run stopped at its budget b is still running at b), d(τ) of
them succeeding, and n_g(τ), d_g(τ) those of algorithm g::

    O_g - E_g = Σ_strata Σ_τ w(τ) (d_g(τ) - d(τ) n_g(τ) / n(τ))
    V_gh      = Σ_strata Σ_τ w(τ)² d(τ) (n(τ) - d(τ)) / (n(τ) - 1) · n_g(τ)/n(τ) (δ_gh - n_h(τ)/n(τ))

and χ² = (O - E)ᵀ V⁻ (O - E) on k - 1 algorithms, k - 1 degrees of freedom (R's
``survdiff``). The weights: 1 (log-rank, Mantel–Haenszel), n(τ) (Gehan–Breslow, the
generalised Wilcoxon) or the pooled Kaplan–Meier survival just before τ within the stratum
(Peto–Peto, ``survdiff(rho = 1)``).

Each run's *score* a_i = w(t_i) δ_i - Σ_{τ ≤ t_i} w(τ) d(τ)/n(τ) gives O_g - E_g as the sum of
the scores of g's runs; the scores do not depend on the labels, so permuting the algorithm
labels within each stratum permutes the scores, and the permutation test is one matrix
product per resample.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare._options import N_RESAMPLES, check_alpha
from algocompare._results import TestResult
from algocompare._validation import check_option, check_positive_int
from algocompare.anytime._model import TargetRuntimes

__all__ = ["logrank_test", "logrank_posthoc", "LogrankResult"]


@dataclass(frozen=True)
class _Weight:
    """One weight family: its name in the results' text, and w(τ) at a stratum's first-hit times
    from n (runs still running) and d (successes) there."""

    label: str
    function: Callable[[np.ndarray, np.ndarray], np.ndarray]


#: The weight families: their names and what they weigh each first-hit time by.
_WEIGHTS = {
    "logrank": _Weight("log-rank", lambda n, d: np.ones_like(n)),
    "gehan": _Weight("Gehan-Breslow (generalised Wilcoxon)", lambda n, d: n.copy()),
    # the pooled Kaplan-Meier survival just before each time, within the stratum (survdiff rho = 1)
    "peto": _Weight("Peto-Peto", lambda n, d: np.concatenate([[1.0], np.cumprod(1.0 - d / n)[:-1]])),
}
WEIGHTS = tuple(_WEIGHTS)
METHODS = ("auto", "asymptotic", "permutation")
#: Below this many successful runs (events) ``method="auto"`` permutes: the χ² was liberal on one
#: instance with 5 runs per algorithm (4-10 events: size 0.057-0.088) and held the level from 3
#: instances (12-30 events), benchmarks/calibration_censored.py and docs/validation.md.
AUTO_PERMUTATION_BELOW = 20


@dataclass(frozen=True, kw_only=True)
class LogrankResult(TestResult):
    """A stratified weighted log-rank test of k algorithms' runtimes, unsuccessful runs censored.

    Attributes
    ----------
    statistic : float
        χ² = (O - E)ᵀ V⁻ (O - E) on k - 1 algorithms (V: the hypergeometric variance for
        ``method="asymptotic"``, the exact permutation variance of the scores for
        ``"permutation"``).
    pvalue : float
        χ² tail with ``df`` degrees of freedom, or the permutation mid-p value (b + t/2 + 1/2)/(m + 1)
        (b permuted statistics above the observed one, t equal to it, m permutations).
    alternative : str
        Always ``"two-sided"`` (the k-sample χ² has no direction).
    df : int
        k - 1 (the rank of the variance).
    weights : str
        ``"logrank"``, ``"gehan"`` or ``"peto"``.
    test_method : str
        ``"asymptotic"`` or ``"permutation"`` (what ``method="auto"`` chose).
    n_resamples : int or None
        Permutations drawn (None for the asymptotic test).
    target : float
        The target the runtimes were measured to.
    n_strata, n_runs, n_censored : int
        Instances, runs and unsuccessful (censored) runs.
    table : pandas.DataFrame
        Per algorithm: runs, successes, observed (O, weighted), expected (E, weighted),
        o_minus_e.

    See Also
    --------
    logrank_test : makes it.
    logrank_posthoc : the pairwise comparisons.

    References
    ----------
    .. [1] Harrington, D. P., Fleming, T. R. (1982). A class of rank test procedures for censored
       survival data. *Biometrika* 69(3), 553-566. doi:10.1093/biomet/69.3.553
    .. [2] Gehan, E. A. (1965). A generalized Wilcoxon test for comparing arbitrarily
       singly-censored samples. *Biometrika* 52(1/2), 203-223. doi:10.1093/biomet/52.1-2.203

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs(
    ...     [("A", "f1", r, [1, 10 * r], [5.0, 1.0], 100) for r in range(1, 6)]
    ...     + [("B", "f1", r, [1, 30 * r], [5.0, 1.0 if r < 4 else 3.0], 150) for r in range(1, 6)])
    >>> res = ac.anytime.logrank_test(runs.at_target(2.0), method="asymptotic")
    >>> res.df, res.n_censored
    (1, 2)
    """

    kind: ClassVar[str] = "omnibus"

    df: int
    weights: str
    test_method: str
    n_resamples: int | None
    target: float
    n_strata: int
    n_runs: int
    n_censored: int
    table: pd.DataFrame

    def to_frame(self) -> pd.DataFrame:
        """The per-algorithm table (a copy)."""
        return self.table.copy()


# ------------------------------------------------------------------------ the data, per stratum

@dataclass(frozen=True)
class _Stratum:
    time: np.ndarray      # first-hit evaluations, or the budget when censored
    event: np.ndarray     # True when the run reached the target
    group: np.ndarray     # algorithm code 0..k-1


def _algorithms(runtimes: TargetRuntimes) -> list:
    """The algorithms of ``runtimes`` in the order they come; anything but TargetRuntimes is a TypeError."""
    if not isinstance(runtimes, TargetRuntimes):
        raise TypeError(f"runtimes must be a TargetRuntimes (AnytimeResults.at_target(t)), got "
                        f"{type(runtimes).__name__}.")
    return list(dict.fromkeys(runtimes.algorithm))


def _strata(runtimes: TargetRuntimes, algorithms: list) -> list[_Stratum]:
    event = np.isfinite(runtimes.evaluations)
    time = np.where(event, runtimes.evaluations, runtimes.budget).astype(float)
    if not np.isfinite(time).all():
        raise ValueError("an unsuccessful run has no finite budget; give every run its budget so that it "
                         "can be censored there.")
    code = {a: i for i, a in enumerate(algorithms)}
    group = np.array([code[a] for a in runtimes.algorithm], dtype=np.int64)
    instance = pd.Index(runtimes.instance)
    out = []
    for rows in pd.Series(np.arange(time.size)).groupby(pd.factorize(instance)[0], sort=False).indices.values():
        out.append(_Stratum(time[rows], event[rows], group[rows]))
    return out


def _risk_sets(s: _Stratum, k: int, weights: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                          np.ndarray, np.ndarray]:
    """At each distinct event time of the stratum: the time, w, n, d, n_g (k cols), d_g (k cols)."""
    taus = np.unique(s.time[s.event])
    at_risk = s.time[None, :] >= taus[:, None]                     # (times, runs)
    fails = (s.time[None, :] == taus[:, None]) & s.event[None, :]
    onehot = np.eye(k, dtype=float)[s.group]                        # (runs, k)
    n_g = at_risk.astype(float) @ onehot
    d_g = fails.astype(float) @ onehot
    n, d = n_g.sum(axis=1), d_g.sum(axis=1)
    return taus, _WEIGHTS[weights].function(n, d), n, d, n_g, d_g


def _observed_expected(strata: list[_Stratum], k: int, weights: str) -> tuple[np.ndarray, np.ndarray,
                                                                                 np.ndarray]:
    """Weighted observed and expected successes per algorithm, and the hypergeometric variance."""
    observed, expected, variance = np.zeros(k), np.zeros(k), np.zeros((k, k))
    for s in strata:
        if not s.event.any():
            continue
        _, w, n, d, n_g, d_g = _risk_sets(s, k, weights)
        observed += w @ d_g
        expected += (w * d / n) @ n_g
        several = n > 1
        f = np.where(several, w ** 2 * d * (n - d) / np.where(several, n - 1, 1), 0.0) / n
        p = n_g / n[:, None]
        variance += np.diag(f @ n_g) - (p * f[:, None]).T @ n_g
    return observed, expected, variance


def _scores(s: _Stratum, k: int, weights: str) -> np.ndarray:
    """Each run's score a_i = w(t_i) δ_i - Σ_{τ ≤ t_i} w(τ) d(τ)/n(τ) (sum zero in the stratum)."""
    if not s.event.any():
        return np.zeros(s.time.size)
    taus, w, n, d, _, _ = _risk_sets(s, k, weights)
    hazard = np.cumsum(w * d / n)
    upto = np.searchsorted(taus, s.time, side="right")  # event times at or before each run's time
    cumulative = np.where(upto > 0, hazard[np.maximum(upto - 1, 0)], 0.0)
    own = np.where(s.event, w[np.minimum(np.searchsorted(taus, s.time), taus.size - 1)], 0.0)
    return own - cumulative


def _permutation_variance(scores: np.ndarray, group: np.ndarray, k: int) -> np.ndarray:
    """Covariance of the algorithms' score sums when the labels are permuted within the stratum."""
    n = scores.size
    if n < 2:
        return np.zeros((k, k))
    s2 = float(np.sum((scores - scores.mean()) ** 2)) / (n - 1)
    m = np.bincount(group, minlength=k).astype(float)
    return s2 * (np.diag(m) - np.outer(m, m) / n)


def _quadratic(u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, int]:
    """χ² = uᵀ V⁻ u on the first k - 1 coordinates (the last is minus their sum); u may be (..., k)."""
    sub = v[:-1, :-1]
    rank = int(np.linalg.matrix_rank(sub)) if sub.size else 0
    inverse = np.linalg.pinv(sub) if sub.size else sub
    head = u[..., :-1]
    return np.einsum("...i,ij,...j->...", head, inverse, head), rank


# ------------------------------------------------------------------------------ the k-sample test

def logrank_test(runtimes: TargetRuntimes, *, weights: str = "logrank", method: str = "auto",
                 n_resamples: int = N_RESAMPLES, rng: Any = None) -> LogrankResult:
    """Do the algorithms reach the target equally fast? A stratified log-rank test, failures censored.

    A run that never reached the target within its budget is right-censored at its budget;
    each instance is a stratum (its runs are compared only with each other), so that the
    instances' different difficulties do not count as differences between the algorithms.

    Parameters
    ----------
    runtimes : TargetRuntimes
        From :meth:`AnytimeResults.at_target`: first-hit evaluations (``inf`` for a run that
        never reached the target) and each run's budget.
    weights : {"logrank", "gehan", "peto"}
        Weight of each first-hit time: 1 (``"logrank"``, default; most powerful when one
        algorithm is a constant factor faster throughout), the number of runs still running
        (``"gehan"``, Gehan–Breslow: emphasises early hits) or the pooled Kaplan–Meier survival
        just before it (``"peto"``, Peto–Peto; R ``survdiff(rho = 1)``).
    method : {"auto", "asymptotic", "permutation"}
        ``"asymptotic"``: χ² with k - 1 df, as R's ``survdiff``. ``"permutation"``: the
        algorithm labels permuted within each instance, mid-p value. ``"auto"`` (default): the
        χ² from 20 successful runs on, the permutation below, where the χ² was liberal (one
        instance, 5 runs per algorithm, 0–60 % censoring: 0.057–0.088 at α = 0.05; the
        permutation 0.022–0.058); from 3 instances both held 0.05 ± 0.015
        (``benchmarks/calibration_censored.py``, docs/validation.md).
    n_resamples : int
        Permutations when the test permutes (default 9999).
    rng : None, int or numpy.random.Generator
        Seed of the permutations.

    Returns
    -------
    LogrankResult
        Its ``test_method`` says which p-value was computed.

    Notes
    -----
    O - E and V are summed over the strata before the quadratic form (the stratified test,
    as ``survdiff(Surv(time, status) ~ algorithm + strata(instance))``). Ties: runs reaching
    the target at the same evaluation are tied events (hypergeometric variance); a run
    censored at an evaluation where others succeed counts as still running there. With the
    ``"gehan"`` weights O - E of an algorithm is minus the sum over its runs and every other
    run of Gehan's pair scores (+1 when the run is surely slower, -1 when surely faster, 0 when
    censoring leaves it open); the permutation variance of that sum is Mantel's (1967).

    References
    ----------
    .. [1] Harrington, D. P., Fleming, T. R. (1982). A class of rank test procedures for censored
       survival data. *Biometrika* 69(3), 553-566. doi:10.1093/biomet/69.3.553
    .. [2] Breslow, N. (1970). A generalized Kruskal-Wallis test for comparing K samples subject to
       unequal patterns of censorship. *Biometrika* 57(3), 579-594. doi:10.1093/biomet/57.3.579
    .. [3] Mantel, N. (1967). Ranking procedures for arbitrarily restricted observation.
       *Biometrics* 23(1), 65-78. doi:10.2307/2528282

    See Also
    --------
    logrank_posthoc : every pair, with adjusted p-values.
    u_scores : the trial-based dominance scores of the CEC competitions.
    TargetRuntimes.to_results : PAR-k imputation for the package's tests.

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs(
    ...     [("A", f, r, [1, 10 * r], [5.0, 1.0], 100) for f in ("f1", "f2") for r in range(1, 6)]
    ...     + [("B", f, r, [1, 30 * r], [5.0, 1.0 if r < 4 else 3.0], 150) for f in ("f1", "f2")
    ...        for r in range(1, 6)])
    >>> res = ac.anytime.logrank_test(runs.at_target(2.0), method="asymptotic")
    >>> round(res.statistic, 3), res.df, res.n_strata
    (12.0, 1, 2)
    >>> ac.anytime.logrank_test(runs.at_target(2.0), rng=1).test_method  # 16 successes: permuted
    'permutation'
    """
    weights = check_option("weights", weights, WEIGHTS)
    method = check_option("method", method, METHODS)
    algorithms = _algorithms(runtimes)
    strata = _strata(runtimes, algorithms)
    k = len(algorithms)
    if k < 2:
        raise ValueError(f"logrank_test compares two or more algorithms; the runtimes have {k}.")
    observed, expected, variance = _observed_expected(strata, k, weights)
    u = observed - expected
    if method == "auto":
        events = sum(int(s.event.sum()) for s in strata)
        method = "permutation" if events < AUTO_PERMUTATION_BELOW else "asymptotic"
    if method == "asymptotic":
        chi2, df = _quadratic(u, variance)
        statistic = float(chi2)
        pvalue = float(stats.chi2.sf(statistic, df)) if df > 0 else 1.0
        resamples = None
    else:
        resamples = check_positive_int("n_resamples", n_resamples)
        statistic, df, pvalue = _permutation(strata, k, weights, resamples, np.random.default_rng(rng))
    table = pd.DataFrame({
        "algorithm": algorithms,
        "runs": np.bincount(np.concatenate([s.group for s in strata]), minlength=k),
        "successes": np.bincount(np.concatenate([s.group[s.event] for s in strata]), minlength=k),
        "observed": observed, "expected": expected, "o_minus_e": u})
    n_runs = int(runtimes.evaluations.size)
    censored = int((~np.isfinite(runtimes.evaluations)).sum())
    return LogrankResult(
        method=f"Stratified {_WEIGHTS[weights].label} test ({method}), instances as strata, unsuccessful runs "
               f"censored at their budget",
        statistic=float(statistic), pvalue=pvalue, df=int(df), weights=weights, test_method=method,
        n_resamples=resamples, target=float(runtimes.target), n_strata=len(strata), n_runs=n_runs,
        n_censored=censored, table=table)


def _permutation(strata: list[_Stratum], k: int, weights: str, n_resamples: int,
                 rng: np.random.Generator) -> tuple[float, int, float]:
    """The score statistic with its permutation variance, and its permutation p-value."""
    u_obs = np.zeros(k)
    u_perm = np.zeros((n_resamples, k))
    variance = np.zeros((k, k))
    for s in strata:
        a = _scores(s, k, weights)
        u_obs += np.bincount(s.group, weights=a, minlength=k)
        variance += _permutation_variance(a, s.group, k)
        if a.size < 2 or not a.any():
            continue
        shuffled = rng.permuted(np.broadcast_to(a, (n_resamples, a.size)), axis=1)
        u_perm += shuffled @ np.eye(k)[s.group]
    quadratic, df = _quadratic(u_obs, variance)
    observed = float(quadratic)
    permuted, _ = _quadratic(u_perm, variance)
    # mid-p: few runs give few distinct permuted statistics, and counting the ties with the observed
    # one in full makes the test conservative (size 0.015-0.03 on one instance with 5 runs each);
    # ties (equal up to rounding) count one half, the observed statistic itself too
    tolerance = 1e-9 * max(abs(observed), 1e-12)
    above = int(np.sum(permuted > observed + tolerance))
    tied = int(np.sum(np.abs(permuted - observed) <= tolerance))
    return observed, df, (above + 0.5 * tied + 0.5) / (n_resamples + 1)


# ------------------------------------------------------------------------------ pairwise

def logrank_posthoc(runtimes: TargetRuntimes, *, weights: str = "logrank", method: str = "auto",
                    p_adjust: str = "holm", alpha: float = 0.05, n_resamples: int = N_RESAMPLES,
                    rng: Any = None) -> Any:
    """Every pair of algorithms by the stratified log-rank test, with adjusted p-values.

    Parameters
    ----------
    runtimes : TargetRuntimes
        From :meth:`AnytimeResults.at_target`.
    weights : {"logrank", "gehan", "peto"}
        As in :func:`logrank_test`.
    method : {"auto", "asymptotic", "permutation"}
        As in :func:`logrank_test`, for each pair.
    p_adjust : str
        Multiplicity adjustment over the k(k-1)/2 pairs (:func:`algocompare.adjust_pvalues`;
        default ``"holm"``; the logically constrained ``"shaffer"`` and ``"bergmann"`` apply).
    alpha : float
        Level of ``reject``.
    n_resamples : int
        Permutations per pair for ``method="permutation"``.
    rng : None, int or numpy.random.Generator
        Seed of the permutations.

    Returns
    -------
    PosthocResult
        ``test`` is ``"logrank"``, ``"gehan"`` or ``"peto"``; its table's ``statistic`` is
        z = (O - E) / √V of ``algorithm_a`` against ``algorithm_b``, positive when
        ``algorithm_a`` reaches the target sooner; ``mean_ranks`` are the mean over instances of
        each algorithm's rank by its runs' mean log-rank score (1 = fastest), for ordering.

    See Also
    --------
    logrank_test : the k-sample test.

    References
    ----------
    .. [1] Harrington, D. P., Fleming, T. R. (1982). A class of rank test procedures for censored
       survival data. *Biometrika* 69(3), 553-566. doi:10.1093/biomet/69.3.553

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs(
    ...     [(a, "f1", r, [1, s * r], [5.0, 1.0], 200) for a, s in (("A", 10), ("B", 30), ("C", 31))
    ...      for r in range(1, 6)])
    >>> ph = ac.anytime.logrank_posthoc(runs.at_target(2.0))
    >>> list(ph.table["algorithm_a"] + "-" + ph.table["algorithm_b"])
    ['A-B', 'A-C', 'B-C']
    """
    from algocompare.posthoc import PosthocResult, adjust_pvalues

    weights = check_option("weights", weights, WEIGHTS)
    method = check_option("method", method, METHODS)
    alpha = check_alpha(alpha)
    algorithms = _algorithms(runtimes)
    if len(algorithms) < 2:
        raise ValueError(f"logrank_posthoc compares two or more algorithms; the runtimes have {len(algorithms)}.")
    generator = np.random.default_rng(rng)
    rows = []
    for a, b in combinations(algorithms, 2):
        pair = _subset(runtimes, (a, b))
        res = logrank_test(pair, weights=weights, method=method, n_resamples=n_resamples, rng=generator)
        oe = res.table["o_minus_e"].to_numpy()
        z = np.sign(oe[0]) * np.sqrt(res.statistic)  # O - E > 0: a reached the target more often early
        rows.append({"algorithm_a": a, "algorithm_b": b, "statistic": float(z), "pvalue": res.pvalue})
    table = pd.DataFrame(rows)
    pairs = pd.Series(table["pvalue"].to_numpy(), index=pd.MultiIndex.from_frame(table[["algorithm_a",
                                                                                         "algorithm_b"]]))
    adjusted = adjust_pvalues(pairs, p_adjust, alpha=alpha)
    table["pvalue_adj"] = np.asarray(adjusted, dtype=float)
    table["reject"] = table["pvalue_adj"] <= alpha
    return PosthocResult(
        method=f"Pairwise stratified {_WEIGHTS[weights].label} tests ({method}), {p_adjust} adjustment",
        test=weights, p_adjust=p_adjust, control=None, alpha=alpha,
        n_instances=len(dict.fromkeys(runtimes.instance)), n_algorithms=len(algorithms),
        mean_ranks=_mean_score_ranks(runtimes, algorithms, weights), critical_difference=None, table=table,
        label=f"stratified {_WEIGHTS[weights].label}")


def _subset(runtimes: TargetRuntimes, algorithms: tuple) -> TargetRuntimes:
    keep = np.isin(runtimes.algorithm, np.array(algorithms, dtype=object))
    return TargetRuntimes(method=runtimes.method, target=runtimes.target, direction=runtimes.direction,
                          algorithm=runtimes.algorithm[keep], instance=runtimes.instance[keep],
                          run=runtimes.run[keep], evaluations=runtimes.evaluations[keep],
                          budget=runtimes.budget[keep])


def _mean_score_ranks(runtimes: TargetRuntimes, algorithms: list, weights: str) -> pd.Series:
    """Per instance, the algorithms ranked by their runs' mean score (higher score = sooner hits)."""
    k = len(algorithms)
    ranks = []
    for s in _strata(runtimes, algorithms):
        a = _scores(s, k, weights)
        counts = np.bincount(s.group, minlength=k)
        mean = np.bincount(s.group, weights=a, minlength=k) / np.maximum(counts, 1)
        ranks.append(stats.rankdata(-mean))
    return pd.Series(np.mean(ranks, axis=0), index=pd.Index(algorithms, name="algorithm"), name="mean_rank")
