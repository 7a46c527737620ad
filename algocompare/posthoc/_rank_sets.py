"""Simultaneous confidence intervals for ranks, and the set of algorithms that may be the best.

From all pairwise comparisons with family-wise error control: an algorithm's rank is at least
1 + (the number of algorithms significantly better than it) and at most k − (the number
significantly worse). When no decision of the family is wrong — neither a false rejection
nor a rejection in the wrong direction — every interval holds the algorithm's true rank at
once, so the joint coverage is at least 1 − alpha whenever the procedure controls the
family-wise error, directional errors included, in the strong sense.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy.stats import rankdata

from algocompare._results import BaseResult, format_number
from algocompare.posthoc import _registry as registry
from algocompare.posthoc._adjust import ADJUSTMENTS
from algocompare.posthoc._result import PosthocResult

__all__ = ["RankIntervalsResult", "rank_intervals"]


@dataclass(frozen=True, kw_only=True)
class RankIntervalsResult(BaseResult):
    """Simultaneous confidence intervals for the ranks of k algorithms (1 = best).

    Attributes
    ----------
    method : str
        The post-hoc procedure the intervals come from.
    confidence_level : float
        Joint confidence level, 1 − alpha of the post-hoc procedure.
    mean_ranks : pandas.Series
        The post-hoc result's mean ranks (1 = best), by algorithm in input order.
    ci_low, ci_high : pandas.Series
        The rank intervals: ``ci_low = 1 + #better``, ``ci_high = k − #worse`` (integers).
    better : pandas.DataFrame
        Boolean k × k: ``better.loc[a, b]`` when a is significantly better than b.
    test, p_adjust : str
        The post-hoc test and adjustment.
    n_instances, n_algorithms : int

    See Also
    --------
    rank_intervals : Makes it.
    algocompare.posthoc : The pairwise procedure.
    algocompare.plots.plot_rank_intervals : Its figure (``result.plot()``).

    References
    ----------
    .. [1] Al Mohamad, D., Goeman, J. J. & van Zwet, E. W. (2022). Simultaneous confidence
       intervals for ranks with application to ranking institutions. Biometrics 78, 238–247.
       doi:10.1111/biom.13419

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.rank_intervals(ac.load_dataset("cec2005_d10"))
    >>> r.best_set()[:3]
    ['G-CMA-ES', 'L-SaDE', 'DMS-L-PSO']
    """

    kind: ClassVar[str] = "rank_intervals"

    confidence_level: float
    test: str
    p_adjust: str
    n_instances: int
    n_algorithms: int
    mean_ranks: pd.Series
    ci_low: pd.Series
    ci_high: pd.Series
    better: pd.DataFrame

    @property
    def algorithms(self) -> list:
        """Algorithms in input order."""
        return list(self.mean_ranks.index)

    def best_set(self) -> list:
        """The algorithms no other algorithm is significantly better than (rank interval starting at 1),
        best mean rank first: a 1 − alpha confidence set for the best algorithm."""
        order = self.mean_ranks.sort_values(kind="stable").index
        return [a for a in order if self.ci_low[a] == 1]

    def covers(self, true_ranks: Any) -> pd.Series:
        """Whether each interval holds the algorithm's true rank (for simulations with a known truth).

        Parameters
        ----------
        true_ranks : mapping, Series or sequence
            The true rank of each algorithm, 1 = best, in input order when a sequence; tied
            algorithms share a value (any number: only the order matters).

        Returns
        -------
        pandas.Series
            Boolean by algorithm. An algorithm tied with others in truth has a set of true ranks,
            from 1 + #(truly better) to k − #(truly worse); its interval covers when it contains
            that whole set (the interval is then right about every algorithm the tie could put
            above or below it). ``covers(...).all()`` is the joint coverage event.
        """
        if isinstance(true_ranks, (dict, pd.Series)):
            truth = pd.Series(true_ranks, dtype=float)
        else:
            values = np.asarray(true_ranks, dtype=float).ravel()
            truth = pd.Series(values, index=self.algorithms if values.size == self.n_algorithms else None)
        missing = [a for a in self.algorithms if a not in truth.index]
        if missing or len(truth) != self.n_algorithms:
            raise ValueError(f"true_ranks must give one rank per algorithm ({self.n_algorithms}); missing: "
                             f"{missing or 'none'}, given {len(truth)}.")
        t = truth.loc[self.algorithms].to_numpy(float)
        first = 1 + (t[None, :] < t[:, None]).sum(axis=1)
        last = self.n_algorithms - (t[None, :] > t[:, None]).sum(axis=1)
        inside = (self.ci_low.to_numpy() <= first) & (self.ci_high.to_numpy() >= last)
        return pd.Series(inside, index=pd.Index(self.algorithms, name="algorithm"), name="covered")

    def to_frame(self) -> pd.DataFrame:
        """One row per algorithm in mean-rank order: mean rank, rank interval, in the best set."""
        order = list(self.mean_ranks.sort_values(kind="stable").index)
        best = set(self.best_set())
        return pd.DataFrame({"mean_rank": self.mean_ranks.loc[order].to_numpy(float),
                             "ci_low": self.ci_low.loc[order].to_numpy(int),
                             "ci_high": self.ci_high.loc[order].to_numpy(int),
                             "may_be_best": [a in best for a in order]},
                            index=pd.Index(order, name="algorithm"))

    def __str__(self) -> str:
        level = format_number(self.confidence_level)
        lines = [self.method, f"  joint level {level}, {self.n_algorithms} algorithms on {self.n_instances} instances",
                 f"  may be the best: {', '.join(map(str, self.best_set()))}",
                 "rank intervals:"]
        text = self.to_frame().to_string(float_format=lambda x: format_number(x))
        return "\n".join(lines + ["  " + line for line in text.splitlines()])


def rank_intervals(data: Any, test: str = "friedman", p_adjust: str = "holm", alpha: float = 0.05, *,
                   se: str | None = None, direction: str | None = None, nan_policy: str | None = None,
                   **options: Any) -> RankIntervalsResult:
    """Simultaneous confidence intervals for the ranks of the algorithms, and the set that may be the best.

    Parameters
    ----------
    data : PosthocResult, or a table (Results, wide DataFrame, 2-D array)
        An all-pairs post-hoc result, or the data to run :func:`algocompare.posthoc` on
        (``control=None``) with ``test``, ``p_adjust``, ``alpha`` and ``options``.
    test : str
        The post-hoc test (a key of the registry; default ``"friedman"``), for data.
    p_adjust : str
        The adjustment, for data (default ``"holm"``). It must control the family-wise error
        (``"bh"``, ``"by"`` and ``"none"`` do not; they are refused).
    alpha : float
        1 − the joint confidence level, for data.
    se, direction, nan_policy : optional
        As for :func:`algocompare.posthoc`, for data.
    **options
        The test's own options, passed to :func:`algocompare.posthoc`, for data.

    Returns
    -------
    RankIntervalsResult
        ``ci_low``/``ci_high`` per algorithm, ``best_set()``, ``covers(true_ranks)``, ``to_frame()``,
        ``to_latex()``, ``plot()``.

    See Also
    --------
    algocompare.posthoc : The pairwise procedure.
    algocompare.posthoc_stability : How the decisions depend on the other algorithms and instances.

    Notes
    -----
    Algorithm j's interval is [1 + #{i : i significantly better than j}, k − #{i : j
    significantly better than i}] (Al Mohamad, Goeman & van Zwet 2022, §2, the "partitioning"
    intervals from all pairwise tests; Klein, Wright & Wieczorek 2020 for the joint region).
    If no rejection of the family is false and every rejection has the right direction, every
    true rank lies in its interval; the joint coverage is therefore at least 1 − alpha when the
    pairwise procedure controls the family-wise error in the strong sense, including directional
    (type III) errors: Bonferroni, Holm (Shaffer 1980 for its directional decisions), Shaffer,
    Bergmann–Hommel, Nemenyi. Adjustments that control the false discovery rate do not give
    joint coverage and are refused. The coverage was checked by simulation on tables with known
    true ranks, distinct and tied (Validation page, "Rank confidence sets"): with ties in truth an
    algorithm's true rank is the set from 1 + #(truly better) to k − #(truly worse), and an
    interval covers when it contains the whole set (:meth:`RankIntervalsResult.covers`).

    Direction of a rejection: the sign of the statistic for the tests whose statistic is signed
    (the rank tests: positive when algorithm_a is better); for pairwise Wilcoxon from the data,
    the sign of the signed-rank sum R⁺ − R⁻ (zeros ranked, Pratt), and from a result (which keeps
    no data) the order of the mean ranks.

    References
    ----------
    .. [1] Al Mohamad, D., Goeman, J. J. & van Zwet, E. W. (2022). Simultaneous confidence
       intervals for ranks with application to ranking institutions. Biometrics 78, 238–247.
       doi:10.1111/biom.13419
    .. [2] Klein, M., Wright, T. & Wieczorek, J. (2020). A joint confidence region for an overall
       ranking of populations. Journal of the Royal Statistical Society C 69, 589–606.
       doi:10.1111/rssc.12402
    .. [3] Shaffer, J. P. (1980). Control of directional errors with stagewise multiple test
       procedures. Annals of Statistics 8, 1342–1347. doi:10.1214/aos/1176345205

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.rank_intervals(ac.load_dataset("cec2005_d10"), p_adjust="holm")
    >>> r.to_frame().loc[["G-CMA-ES", "CoEVO"], ["ci_low", "ci_high"]].to_numpy().tolist()
    [[1, 6], [5, 11]]
    >>> r.best_set()
    ['G-CMA-ES', 'L-SaDE', 'DMS-L-PSO', 'BLX-GL50', 'DE', 'L-CMA-ES']
    """
    if isinstance(data, PosthocResult):
        given = (se, direction, nan_policy) != (None, None, None)
        if options or given or test != "friedman" or p_adjust != "holm" or alpha != 0.05:
            raise TypeError("rank_intervals(result) takes the post-hoc result alone: its test, adjustment and alpha "
                            "are the result's; pass the data instead to choose them.")
        result, signs = data, None
    else:
        _check_fwer(p_adjust)
        from algocompare.posthoc._procedure import posthoc

        if "control" in options:
            raise TypeError("rank_intervals compares all pairs; it takes no control=.")
        result = posthoc(data, test=test, p_adjust=p_adjust, alpha=alpha, se=se, direction=direction,
                         nan_policy=nan_policy, **options)
        signs = _pair_signs(data, result, direction, nan_policy)
    return from_posthoc(result, signs)


def _check_fwer(p_adjust: str) -> None:
    entry = ADJUSTMENTS[p_adjust] if p_adjust in ADJUSTMENTS else None
    if entry is not None and entry.controls != "fwer":
        raise ValueError(f"p_adjust={p_adjust!r} controls the {entry.error_rate}, not the family-wise error: rank "
                         "intervals need family-wise control for joint coverage; use 'holm', 'shaffer' or "
                         "'bergmann'.")


def from_posthoc(result: PosthocResult, signs: np.ndarray | None = None) -> RankIntervalsResult:
    """The rank intervals of an all-pairs post-hoc result; ``signs`` (+1: algorithm_a better) orients the
    pairs when the test's statistic has no sign (default: the mean ranks)."""
    if not isinstance(result, PosthocResult):
        raise TypeError(f"rank intervals need a PosthocResult, got {type(result).__name__}.")
    if result.control is not None:
        raise ValueError(f"rank intervals need all pairwise comparisons; this result compares every algorithm with "
                         f"the control {result.control!r} only: run posthoc(..., control=None).")
    _check_fwer(result.p_adjust)
    names = result.algorithms
    position = {a: i for i, a in enumerate(names)}
    a = result.table["algorithm_a"].map(position).to_numpy()
    b = result.table["algorithm_b"].map(position).to_numpy()
    if signs is None:
        signs = _orientation(result, a, b)
    rejected = result.table["reject"].to_numpy(bool)
    better = np.zeros((len(names), len(names)), dtype=bool)
    better[a[rejected & (signs > 0)], b[rejected & (signs > 0)]] = True
    better[b[rejected & (signs < 0)], a[rejected & (signs < 0)]] = True
    k, index = len(names), pd.Index(names, name="algorithm")
    ci_low = pd.Series(1 + better.sum(axis=0), index=index, name="ci_low")
    ci_high = pd.Series(k - better.sum(axis=1), index=index, name="ci_high")
    return RankIntervalsResult(method=f"Rank intervals from {result.method}", confidence_level=1.0 - result.alpha,
                               test=result.test, p_adjust=result.p_adjust, n_instances=result.n_instances,
                               n_algorithms=k, mean_ranks=result.mean_ranks.copy(), ci_low=ci_low, ci_high=ci_high,
                               better=pd.DataFrame(better, index=index, columns=index.copy()),
                               dropped_instances=result.dropped_instances)


def _orientation(result: PosthocResult, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """+1 where algorithm_a is the better of the pair, -1 where algorithm_b is (0: no direction)."""
    statistic = result.table["statistic"].to_numpy(float)
    if result.test in registry.REGISTRY and registry.get(result.test).signed:
        return np.sign(statistic)
    ranks = result.mean_ranks.to_numpy(float)
    return np.sign(ranks[b] - ranks[a])


def _pair_signs(data: Any, result: PosthocResult, direction: str | None, nan_policy: str | None) -> np.ndarray | None:
    """The direction of each pair from the data when the test's statistic has no sign (Wilcoxon's R⁺)."""
    entry = registry.get(result.test)
    if entry.signed or entry.design != "blocks":
        return None
    return pair_signs(result, oriented_frame(data, direction, nan_policy, entry))


def oriented_frame(data: Any, direction: str | None, nan_policy: str | None, entry: Any) -> pd.DataFrame:
    """The table a block post-hoc test uses, lower = better, as a wide DataFrame (instances dropped by
    ``nan_policy="omit"`` gone; missing cells kept for the tests made for them)."""
    from algocompare.data._convert import as_blocks

    policy = nan_policy or ("keep" if entry.allows_missing else "raise")
    blocks = as_blocks(data, direction=direction, nan_policy=policy)
    return pd.DataFrame(blocks.values(oriented=True), index=pd.Index(list(blocks.instances), name="instance"),
                        columns=pd.Index(list(blocks.algorithms), name="algorithm"))


def pair_signs(result: PosthocResult, frame: pd.DataFrame) -> np.ndarray:
    """+1 where algorithm_a is the better of the pair, -1 where algorithm_b is, 0 for no direction: the sign of
    the statistic when the test's is signed, else of the signed-rank sum of d = value_b − value_a in ``frame``
    (oriented, lower = better; zeros ranked, as Pratt)."""
    if registry.get(result.test).signed:
        return np.sign(result.table["statistic"].to_numpy(float))
    d = (frame[list(result.table["algorithm_b"])].to_numpy(float)
         - frame[list(result.table["algorithm_a"])].to_numpy(float))
    return np.sign(np.nansum(np.sign(d) * rankdata(np.abs(d), axis=0, nan_policy="omit"), axis=0))
