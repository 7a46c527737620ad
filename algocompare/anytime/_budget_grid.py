"""k algorithms compared at every checkpoint of a budget grid, the error controlled over budgets × pairs.

At each budget the runs' best-so-far values (:meth:`AnytimeResults.values_at`) are aggregated per
(instance, algorithm) and ranked within each instance, as Friedman's test does. The same random
relabelling of the algorithms within each instance is applied at every budget, so the permutation
distribution keeps the dependence of the checkpoints of one run on each other; the maximum of the
standardized statistics over the whole grid (Westfall & Young's max-T, step-down) then controls the
family-wise error over budgets × pairs without the loss of Bonferroni or Holm over hundreds of
strongly correlated tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _options
from algocompare import _validation as v
from algocompare._progress import check_progress
from algocompare._results import BaseResult
from algocompare.anytime._model import AnytimeResults
from algocompare.data import Results
from algocompare.permutation._enumeration import RTOL
from algocompare.permutation._resampling import batch_sizes
from algocompare.posthoc._adjust import ADJUSTMENTS, adjust_vector

__all__ = ["compare_over_budgets", "BudgetGridResult", "budget_grid", "area_over_budgets", "GRID_ADJUSTMENTS"]

#: The adjustments over the grid: the permutation max-T (default) and the p-value adjustments that
#: ignore the correlation (conservative baselines, BH for the false-discovery rate, none per budget).
GRID_ADJUSTMENTS = ("westfall_young", "holm", "bonferroni", "bh", "none")
#: Checkpoints in the default log-spaced grid (when the runs share no checkpoints).
DEFAULT_GRID_SIZE = 10
#: Largest number of shared checkpoints taken as the default grid as they are.
MAX_SHARED_CHECKPOINTS = 60


@dataclass(frozen=True, kw_only=True, eq=False)
class BudgetGridResult(BaseResult):
    """A blocked comparison of k algorithms at every budget of a grid, adjusted over budgets × pairs.

    Attributes
    ----------
    method : str
        What was computed.
    direction : str
        ``"minimize"`` or ``"maximize"``.
    algorithms : tuple
        The algorithms, in the data's order.
    budgets : numpy.ndarray
        The grid (evaluations), increasing.
    alpha : float
        The level of ``reject``.
    p_adjust : str
        The adjustment over the grid (:data:`GRID_ADJUSTMENTS`).
    n_instances : int
        Instances (blocks).
    n_resamples : int
        Relabellings drawn.
    mean_ranks : pandas.DataFrame
        Budgets × algorithms: the mean over instances of the within-instance rank (1 = best).
    omnibus : pandas.DataFrame
        One row per budget: ``statistic`` (Friedman's, tie-corrected), ``pvalue`` (its permutation
        p-value at that budget), ``pvalue_adj`` (adjusted over the budgets), ``reject``.
    pairs : pandas.DataFrame
        One row per (budget, pair): ``algorithm_a``, ``algorithm_b``, ``mean_rank_difference``
        (a − b; negative when a ranks better), ``statistic`` (the difference standardized by its
        permutation standard deviation), ``pvalue``, ``pvalue_adj`` (adjusted over budgets × pairs),
        ``reject``.
    first_significant : pandas.DataFrame
        One row per pair: ``first_budget``, the smallest budget from which the pair is rejected at
        every later budget of the grid (NaN when it is not rejected at the last one), and
        ``better``, the algorithm with the lower mean rank at the last budget.
    area : BaseResult
        Friedman's test of the per-run areas (:func:`area_over_budgets`), runs aggregated as the
        budgets' values were.

    See Also
    --------
    compare_over_budgets : makes it.

    References
    ----------
    .. [1] Westfall, P. H., Young, S. S. (1993). *Resampling-Based Multiple Testing: Examples and
       Methods for p-Value Adjustment*. Wiley, §2.6. ISBN 978-0-471-55761-6

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.anytime._budget_null import null_runs
    >>> result = ac.compare_over_budgets(null_runs(k=3, n_instances=8, n_runs=2, seed=1),
    ...                                  n_resamples=199, rng=1)
    >>> result.mean_ranks.shape, bool(result.omnibus["reject"].any())
    ((10, 3), False)
    """

    kind: ClassVar[str] = "budget_grid"
    direction: str
    algorithms: tuple
    budgets: np.ndarray
    alpha: float
    p_adjust: str
    n_instances: int
    n_resamples: int
    mean_ranks: pd.DataFrame
    omnibus: pd.DataFrame
    pairs: pd.DataFrame
    first_significant: pd.DataFrame
    area: BaseResult

    def to_frame(self) -> pd.DataFrame:
        """The (budget, pair) decisions: one row per hypothesis of the family (the tables' content).

        The statistics stay in :attr:`pairs`, the per-budget omnibus tests in :attr:`omnibus`; this
        frame keeps what a paper's table shows, so that it fits a column.

        Returns
        -------
        pandas.DataFrame
            budget, algorithm_a, algorithm_b, mean_rank_difference, pvalue, pvalue_adj, reject.
        """
        return self.pairs.drop(columns="statistic")

    def __str__(self) -> str:
        lines = [self.method]
        shown = self.first_significant.to_string(index=False)
        lines += ["first budget from which each pair stays significant:"]
        lines += ["  " + line for line in shown.splitlines()]
        lines.append(f"area over the grid: {self.area.method}, p = {getattr(self.area, 'pvalue', float('nan')):.4g}")
        return "\n".join(lines)


def compare_over_budgets(runs: AnytimeResults, budgets: Sequence[float] | np.ndarray | None = None, *,
                         agg: str = "mean", p_adjust: str = "westfall_young", alpha: float = 0.05,
                         n_resamples: int = _options.N_RESAMPLES, past_budget: str = "raise",
                         rng: Any = None, progress: bool | None = None) -> BudgetGridResult:
    """Compare k algorithms at every budget of a grid, the error controlled over budgets × pairs.

    At each budget b of the grid, the runs' best-so-far values are aggregated per (instance,
    algorithm) (``agg``) and ranked within each instance (1 = best, ties averaged). Per budget:
    Friedman's statistic Q_b (tie-corrected); per (budget, pair): the difference of mean ranks
    d_ij,b standardized by its permutation standard deviation,

        z_ij,b = d_ij,b / sqrt( 2k/(k−1) · Σ_h s²_h,b ) · N,

    with s²_h,b the variance of instance h's ranks at b (z is Nemenyi's statistic on untied ranks;
    a budget where every instance is tied has z = 0). The null distribution comes from relabelling
    the algorithms within each instance, **the same relabelling at every budget**, so the strong
    correlation of one run's values at successive checkpoints is kept; ``p_adjust="westfall_young"``
    compares each statistic with the maximum over the hypotheses still in play (step-down max-T),
    which controls the family-wise error over the whole grid (strongly, under subset pivotality).

    Parameters
    ----------
    runs : AnytimeResults
        The runs; every algorithm must have runs on every instance.
    budgets : sequence of float, optional
        The grid (evaluations). Default: the checkpoints every run recorded (a competition's
        checkpoints), within the range every run covers, if there are 2 to 60 of them; otherwise
        10 log-spaced budgets from the latest first record to the smallest run budget.
    agg : {"mean", "median"}
        How the runs of an (instance, algorithm) cell are aggregated (as :meth:`Results.blocks`).
    p_adjust : {"westfall_young", "holm", "bonferroni", "bh", "none"}
        Adjustment over budgets (omnibus) and over budgets × pairs (pairs): the permutation
        max-T (default); Holm or Bonferroni on the permutation p-values (family-wise error, ignoring
        the correlation); Benjamini–Hochberg (false-discovery rate); none (each budget on its own).
    alpha : float
        Level of ``reject`` (``pvalue_adj <= alpha``).
    n_resamples : int
        Relabellings drawn (the smallest p-value is 1/(n_resamples + 1)).
    past_budget : {"raise", "last"}
        A run whose own budget is below a budget of the grid stopped early: refuse (default, the
        message names it) or take its final value there (``"last"``, as
        :meth:`AnytimeResults.at_budget`).
    rng : None, int or numpy.random.Generator
        Seed of the relabellings.
    progress : bool, optional
        A progress bar over the relabellings (``None``: only for long work on a terminal).

    Returns
    -------
    BudgetGridResult
        Per-budget mean ranks, omnibus and pair tables, the first budget from which each pair stays
        significant, the test on the per-run areas.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        Fewer than 2 algorithms or instances, a missing (instance, algorithm) cell, a budget before
        some run's first record, a run that stopped before a budget (``past_budget="raise"``), or an
        unknown option.

    See Also
    --------
    budget_grid : the default grid.
    area_over_budgets : one anytime score per run.
    algocompare.convergence_page : Page's test of two algorithms' convergence.
    algocompare.plots.plot_rank_convergence : the figure of the mean ranks (``result.plot()``).

    Notes
    -----
    Relabelling within instances is exact under the null hypothesis that, on every instance, the
    algorithms' runs have one joint law (exchangeable labels); the p-values are Monte Carlo
    (b + 1)/(m + 1). Holm, Bonferroni and BH are applied to the same permutation p-values.

    References
    ----------
    .. [1] Westfall, P. H., Young, S. S. (1993). *Resampling-Based Multiple Testing*. Wiley, §2.6
       and Algorithm 2.8. ISBN 978-0-471-55761-6
    .. [2] Friedman, M. (1937). The use of ranks to avoid the assumption of normality implicit in
       the analysis of variance. *JASA* 32, 675–701. doi:10.1080/01621459.1937.10503522
    .. [3] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.anytime._budget_null import null_runs
    >>> runs = null_runs(k=3, n_instances=12, n_runs=3, faster=1.0, seed=2)  # algorithm 'A1' converges faster
    >>> result = ac.compare_over_budgets(runs, n_resamples=999, rng=3)
    >>> result.first_significant[["algorithm_a", "algorithm_b", "better"]].iloc[0].tolist()
    ['A0', 'A1', 'A1']
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"compare_over_budgets expects AnytimeResults (read_cec, read_iohprofiler, "
                        f"AnytimeResults.from_long), got {type(runs).__name__}.")
    v.check_option("agg", agg, ("mean", "median"))
    v.check_option("p_adjust", p_adjust, GRID_ADJUSTMENTS)
    v.check_option("past_budget", past_budget, ("raise", "last"))
    alpha = _options.check_alpha(alpha)
    n_resamples = v.check_positive_int("n_resamples", n_resamples)
    grid = budget_grid(runs) if budgets is None else _checked_grid(budgets)
    values = _oriented_values(runs, grid, past_budget)  # (runs, B), lower is better: the grid and the areas
    cells = _cells(runs, values, agg)  # (N, k, B)
    n, k, _ = cells.shape
    ranks = stats.rankdata(cells, axis=1)
    pair_a, pair_b = np.triu_indices(k, 1)
    scale = _pair_scale(ranks, k)
    omnibus_stat, pair_stat, means = _statistics(ranks.mean(axis=0)[None], ranks, scale, pair_a, pair_b)
    generator = np.random.default_rng(rng)
    null = _NullCounts(omnibus_stat[0], pair_stat[0].ravel())
    for size in batch_sizes(n_resamples, ranks.size, progress=check_progress(progress), desc="relabellings"):
        order = generator.permuted(np.broadcast_to(np.arange(k), (size, n, k)), axis=-1)
        permuted = ranks[np.arange(n)[None, :, None], order].mean(axis=1)  # (size, k, B)
        q, z, _ = _statistics(permuted, ranks, scale, pair_a, pair_b)
        null.add(q, z.reshape(size, -1))
    return _result(runs, grid, means[0], null, n_resamples, p_adjust, alpha, agg, pair_a, pair_b,
                   area=_area_test(runs, values, agg))


def budget_grid(runs: AnytimeResults, size: int = DEFAULT_GRID_SIZE) -> np.ndarray:
    """The default budget grid of :func:`compare_over_budgets`: budgets where every run has a value.

    The range is from the latest first record of any run (before it some run has no value) to the
    smallest run budget (after it some run has stopped). Within it: the checkpoints every run
    recorded, when there are 2 to 60 of them (the CEC competitions' checkpoints), else ``size``
    log-spaced budgets rounded to whole evaluations (fewer where rounding makes two equal).

    Parameters
    ----------
    runs : AnytimeResults
    size : int
        Budgets of the log-spaced grid.

    Returns
    -------
    numpy.ndarray
        Increasing budgets.

    Raises
    ------
    ValueError
        Some run's first record comes after another run's budget: no budget has a value for every
        run (pass ``budgets=`` with ``past_budget="last"``).

    See Also
    --------
    compare_over_budgets : uses it by default.
    cec_checkpoints : the competitions' checkpoints.

    References
    ----------
    .. [1] Price, K. V., Awad, N. H., Ali, M. Z., Suganthan, P. N. (2018). Problem definitions and
       evaluation criteria for the 100-digit challenge special session and competition on single
       objective numerical optimization. Technical report, Nanyang Technological University.
       https://github.com/P-N-Suganthan/CEC2019

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10, 100], [5.0, 2.0, 1.0], 100),
    ...                                     ("B", "f1", 1, [1, 10, 100], [6.0, 3.0, 0.0], 100)])
    >>> ac.anytime.budget_grid(runs)
    array([  1.,  10., 100.])
    """
    size = v.check_positive_int("size", size)
    first = runs._first_evaluations()
    low, high = float(first.max()), float(runs.budgets().min())
    if low > high:
        r = int(np.argmax(first))
        raise ValueError(f"no budget has a value for every run: {runs._name(r)} starts at {low:g} evaluations, "
                         f"after the smallest run budget {high:g}; pass budgets= and past_budget='last'.")
    shared = runs._shared_evaluations()
    shared = shared[(shared >= low) & (shared <= high)]
    if 2 <= shared.size <= MAX_SHARED_CHECKPOINTS:
        return shared.astype(float)
    if low == high:
        return np.array([low])
    grid = np.geomspace(low, high, size)
    if np.ceil(low) <= np.floor(high):  # evaluations are counts: whole numbers within the range
        grid = np.clip(np.round(grid), np.ceil(low), np.floor(high))
    return np.unique(grid)


def area_over_budgets(runs: AnytimeResults, budgets: Sequence[float] | np.ndarray | None = None, *,
                      past_budget: str = "raise") -> Results:
    """One anytime score per run: its mean normalised rank over the budget grid.

    At each budget of the grid, the runs of all algorithms on an instance are ranked together by
    their best-so-far values and the ranks mapped to [0, 1] ((rank − 1)/(n − 1), 0 = best, ties
    averaged); a run's score is the mean over the grid — the area under its rank curve on the
    grid's (log-spaced) axis, free of the instances' scales. The scores are a :class:`Results`
    (lower is better) that every test of the package accepts (Friedman, post-hoc).

    Parameters
    ----------
    runs : AnytimeResults
    budgets : sequence of float, optional
        The grid; default :func:`budget_grid`.
    past_budget : {"raise", "last"}
        A run that stopped before a budget of the grid: refuse (default) or take its final value.

    Returns
    -------
    Results
        One value per (algorithm, instance, run), ``direction="minimize"``.

    Raises
    ------
    ValueError
        A budget before some run's first record, or a run that stopped early (``"raise"``).

    See Also
    --------
    compare_over_budgets : checkpoint by checkpoint.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 1.0], 10),
    ...                                     ("B", "f1", 1, [1, 10], [4.0, 2.0], 10)])
    >>> ac.area_over_budgets(runs, [1, 10]).blocks()
    algorithm    A    B
    instance
    f1         0.5  0.5
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"area_over_budgets expects AnytimeResults, got {type(runs).__name__}.")
    v.check_option("past_budget", past_budget, ("raise", "last"))
    grid = budget_grid(runs) if budgets is None else _checked_grid(budgets)
    return _area_scores(runs, _oriented_values(runs, grid, past_budget))


# ----------------------------------------------------------------------------- the pieces

def _area_scores(runs: AnytimeResults, values: np.ndarray) -> Results:
    """Each run's mean normalised rank among its instance's runs over the budgets (``values``: runs × budgets,
    lower is better)."""
    table = runs.runs()
    scores = np.empty(len(table))
    for positions in table.groupby("instance", sort=False).indices.values():
        ranked = stats.rankdata(values[positions], axis=0)
        scores[positions] = ((ranked - 1) / max(len(positions) - 1, 1)).mean(axis=1)
    long = table[["algorithm", "instance", "run"]].assign(value=scores)
    return Results.from_long(long, run="run")


def _checked_grid(budgets: Sequence[float] | np.ndarray) -> np.ndarray:
    grid = np.atleast_1d(np.asarray(budgets, dtype=float)).ravel()
    if grid.size == 0 or not (np.isfinite(grid) & (grid > 0)).all():
        raise ValueError("budgets must be one or more positive finite numbers of evaluations.")
    if np.any(np.diff(grid) <= 0):
        raise ValueError("budgets must be increasing and distinct; sort them (np.unique).")
    return grid


def _oriented_values(runs: AnytimeResults, grid: np.ndarray, past_budget: str) -> np.ndarray:
    """The (runs × budgets) best-so-far values, lower is better; runs without a value refused."""
    values = runs.values_at(grid)
    missing = np.isnan(values)
    if missing.any():
        r, b = np.argwhere(missing)[0]
        raise ValueError(f"{runs._name(int(r))} has no record at or before {grid[b]:g} evaluations; "
                         "start the grid later (budgets=, or the default grid).")
    if past_budget == "raise":
        stopped = runs.budgets()[:, None] < grid[None, :]
        if stopped.any():
            r, b = np.argwhere(stopped)[0]
            raise ValueError(f"{runs._name(int(r))} stopped at {runs.budgets()[r]:g} evaluations, before the "
                             f"budget {grid[b]:g}; end the grid earlier or pass past_budget='last'.")
    return -values if runs.direction == "maximize" else values


def _cells(runs: AnytimeResults, values: np.ndarray, agg: str) -> np.ndarray:
    """(instances, algorithms, budgets) of the oriented (runs × budgets) values aggregated over runs."""
    table = runs.runs()
    k, n = len(runs.algorithms), len(runs.instances)
    if k < 2 or n < 2:
        raise ValueError(f"compare_over_budgets needs at least 2 algorithms and 2 instances, got {k} and {n}.")
    inst = pd.Categorical(table["instance"], categories=list(runs.instances)).codes
    alg = pd.Categorical(table["algorithm"], categories=list(runs.algorithms)).codes
    grouped = pd.DataFrame(values).groupby([inst, alg]).agg(agg)
    if len(grouped) < n * k:
        present = set(grouped.index)
        h, j = next((h, j) for h in range(n) for j in range(k) if (h, j) not in present)
        raise ValueError(f"algorithm {runs.algorithms[j]!r} has no run on instance {runs.instances[h]!r}; "
                         "every algorithm needs runs on every instance (drop the instance or the algorithm).")
    return grouped.to_numpy().reshape(n, k, values.shape[1])


def _pair_scale(ranks: np.ndarray, k: int) -> np.ndarray:
    """Permutation sd of a mean-rank difference at each budget (0 where every instance is tied)."""
    n = ranks.shape[0]
    spread = ranks.var(axis=1).sum(axis=0)  # Σ_h s²_h,b (population variance over the k ranks)
    return np.sqrt(2.0 * k / (k - 1) * spread) / n


def _statistics(means: np.ndarray, ranks: np.ndarray, scale: np.ndarray, pair_a: np.ndarray,
                pair_b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Friedman's Q (draws × budgets) and |z| (draws × pairs × budgets) from mean ranks (draws × k × budgets)."""
    n, k = ranks.shape[:2]
    centre = (k + 1) / 2
    spread = ((ranks - centre) ** 2).sum(axis=(0, 1))  # Σ_h Σ_j (R - centre)², invariant under relabelling
    tied = spread <= 0
    with np.errstate(divide="ignore", invalid="ignore"):
        q = (k - 1) * n ** 2 * ((means - centre) ** 2).sum(axis=1) / spread
        z = np.abs(means[:, pair_a] - means[:, pair_b]) / scale
    q = np.where(tied, 0.0, q)
    z = np.where(tied, 0.0, z)
    return q, z, means


class _NullCounts:
    """Marginal and step-down max-T counts over batches of permutation draws."""

    def __init__(self, omnibus: np.ndarray, pairs: np.ndarray) -> None:
        self.observed = {"omnibus": omnibus, "pairs": pairs}
        self.order = {key: np.argsort(-obs, kind="stable") for key, obs in self.observed.items()}
        self.marginal = {key: np.zeros(obs.size) for key, obs in self.observed.items()}
        self.stepdown = {key: np.zeros(obs.size) for key, obs in self.observed.items()}
        self.single = {key: np.zeros(obs.size) for key, obs in self.observed.items()}

    def add(self, omnibus: np.ndarray, pairs: np.ndarray) -> None:
        for key, draws in (("omnibus", omnibus), ("pairs", pairs)):
            threshold = self.observed[key] - RTOL * np.maximum(np.abs(self.observed[key]), 1.0)
            self.marginal[key] += (draws >= threshold).sum(axis=0)
            order = self.order[key]
            # successive maxima over the hypotheses at or below each one in the observed order
            successive = np.maximum.accumulate(draws[:, order[::-1]], axis=1)[:, ::-1]
            self.stepdown[key] += (successive >= threshold[order]).sum(axis=0)

    def pvalues(self, key: str, n_resamples: int, p_adjust: str) -> tuple[np.ndarray, np.ndarray]:
        raw = (self.marginal[key] + 1) / (n_resamples + 1)
        if p_adjust == "westfall_young":
            order = self.order[key]
            adjusted = np.empty_like(raw)
            adjusted[order] = np.maximum.accumulate((self.stepdown[key] + 1) / (n_resamples + 1))
            return raw, np.maximum(adjusted, raw)
        return raw, adjust_vector(raw, p_adjust)  # "none" is an entry of ADJUSTMENTS too


def _result(runs: AnytimeResults, grid: np.ndarray, means: np.ndarray, null: _NullCounts, n_resamples: int,
            p_adjust: str, alpha: float, agg: str, pair_a: np.ndarray, pair_b: np.ndarray,
            area: BaseResult) -> BudgetGridResult:
    algorithms = tuple(runs.algorithms)
    names = np.array(algorithms, dtype=object)
    mean_ranks = pd.DataFrame(means.T, index=pd.Index(grid, name="budget"), columns=pd.Index(algorithms,
                                                                                               name="algorithm"))
    raw, adjusted = null.pvalues("omnibus", n_resamples, p_adjust)
    omnibus = pd.DataFrame({"statistic": null.observed["omnibus"], "pvalue": raw, "pvalue_adj": adjusted,
                            "reject": adjusted <= alpha}, index=mean_ranks.index)
    raw, adjusted = null.pvalues("pairs", n_resamples, p_adjust)
    n_pairs = pair_a.size
    difference = means[pair_a] - means[pair_b]  # (pairs, budgets)
    pairs = pd.DataFrame({
        "budget": np.repeat(grid[None, :], n_pairs, axis=0).ravel(),
        "algorithm_a": np.repeat(names[pair_a], grid.size), "algorithm_b": np.repeat(names[pair_b], grid.size),
        "mean_rank_difference": difference.ravel(), "statistic": null.observed["pairs"],
        "pvalue": raw, "pvalue_adj": adjusted, "reject": adjusted <= alpha,
    })
    rejected = (adjusted <= alpha).reshape(n_pairs, grid.size)
    # the first budget of the run of rejections that reaches the end of the grid
    stays = np.logical_and.accumulate(rejected[:, ::-1], axis=1)[:, ::-1]
    first = np.where(stays.any(axis=1), grid[np.argmax(stays, axis=1)], np.nan)
    better = np.where(difference[:, -1] <= 0, names[pair_a], names[pair_b])
    first_significant = pd.DataFrame({"algorithm_a": names[pair_a], "algorithm_b": names[pair_b],
                                      "first_budget": first, "better": better})
    label = "Westfall–Young step-down max-T" if p_adjust == "westfall_young" else ADJUSTMENTS[p_adjust].label
    method = (f"Friedman and mean-rank differences at {grid.size} budgets ({len(runs.instances)} instances, runs "
              f"aggregated by the {agg}), {n_resamples} relabellings shared by all budgets, adjusted over budgets "
              f"× pairs: {label}")
    return BudgetGridResult(method=method, direction=runs.direction, algorithms=algorithms, budgets=grid,
                            alpha=alpha, p_adjust=p_adjust, n_instances=len(runs.instances),
                            n_resamples=n_resamples, mean_ranks=mean_ranks, omnibus=omnibus, pairs=pairs,
                            first_significant=first_significant, area=area)


def _area_test(runs: AnytimeResults, values: np.ndarray, agg: str) -> BaseResult:
    from algocompare.frequentist import friedman

    scores = _area_scores(runs, values)
    return friedman(Results.from_wide(scores.blocks(agg)) if scores.has_runs else scores)
