"""Power of a whole post-hoc analysis by simulation, and the number of instances that reaches a target.

"How many instances do I need for my analysis?" — for the analysis people run (Friedman mean
ranks with Holm, pairwise Wilcoxon with Holm, ... optionally behind an omnibus gate), the
answer is a simulation of that very procedure on tables drawn from a stated design. Each
simulated table is analysed by :func:`algocompare.posthoc` itself; the default Friedman
post-hoc (permutation standard error) has a vectorised route that computes the same
statistics for all tables at once and then adjusts each table's p-values with the function
``posthoc`` uses (:func:`algocompare.posthoc._procedure.adjust_family`); a test checks that
both routes take the same decisions on the same tables.

The design: instance i, algorithm j, run r gives

    y_ijr = mean_j + instance_sd · u_i + sd · e_ijr,

with u_i standard normal and e_ijr i.i.d. standard errors (``"normal"`` or
``"least_favourable"``); the table holds the mean of the runs of each cell. The standardised
effect of a pair is then d = (mean_b − mean_a) / (sd · sqrt(2 / runs)), the d of
:func:`algocompare.calc_instances` (the per-instance differences have mean d and sd 1).

Tables are drawn instance by instance (row-major over ``(n_instances, n_sim, ...)``), so the
first N rows of a larger table are the table of N instances: every N is evaluated on common
random numbers and the power curve is smooth in N, which the search for the N that reaches a
target uses (doubling, then bisection).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import optimize, stats

from algocompare import _options
from algocompare import _validation as v
from algocompare._progress import progress_bar
from algocompare._results import BaseResult

__all__ = ["posthoc_power", "PosthocPowerResult", "ERRORS", "POWER_TARGETS"]

#: The distributions of the run errors: the normal, and the density 3(5 − x²)/(20√5) on |x| <= √5
#: (Hodges & Lehmann 1956), at which the Wilcoxon test's efficiency relative to the t test is its
#: minimum 108/125 = 0.864 — the ratio :func:`algocompare.calc_instances` inflates N by.
ERRORS = ("normal", "least_favourable")
#: The omnibus tests that may gate the post-hoc analysis (functions of :mod:`algocompare.frequentist`).
OMNIBUS = ("friedman", "iman_davenport", "quade", "aligned_ranks", "rm_anova")
#: Which power the searched N must reach: any true difference found, or all of them.
POWER_TARGETS = ("all", "any")
_N_MAX = 5000


def _least_favourable(p: np.ndarray) -> np.ndarray:
    """Inverse CDF of the density 3(5 − x²)/(20√5) on [−√5, √5] (variance 1): √5 times the
    Epanechnikov quantile 2 sin(asin(2p − 1)/3)."""
    return np.sqrt(5.0) * 2.0 * np.sin(np.arcsin(2.0 * p - 1.0) / 3.0)


def means_for_mean_ranks(mean_ranks: Any, sd: float = 1.0, runs: int = 1) -> np.ndarray:
    """Means (first fixed at 0) whose expected Friedman mean ranks are ``mean_ranks`` under normal errors.

    With normal errors of sd ``sd / sqrt(runs)`` per cell, E[rank_j] = 1 + Σ_{l≠j} Φ((μ_j − μ_l)/s),
    s = sd·sqrt(2/runs) (the instance effect cancels within an instance).
    """
    target = np.asarray(mean_ranks, dtype=float)
    k = target.size
    if target.ndim != 1 or k < 2 or not np.all(np.isfinite(target)):
        raise ValueError("mean_ranks must be k >= 2 finite numbers (the expected mean rank of each algorithm).")
    if abs(target.sum() - k * (k + 1) / 2) > 1e-6 * k or np.any(target <= 1) or np.any(target >= k):
        raise ValueError(f"mean_ranks must lie strictly between 1 and k = {k} and sum to k(k+1)/2 = "
                         f"{k * (k + 1) / 2:g} (they sum to {target.sum():g}); give the expected mean ranks.")
    s = sd * np.sqrt(2.0 / runs)

    def gap(free: np.ndarray) -> np.ndarray:
        mu = np.r_[0.0, free]
        expected = 1.0 + stats.norm.cdf((mu[:, None] - mu[None, :]) / s).sum(axis=1) - 0.5
        return (expected - target)[1:]

    start = (target[1:] - target[0]) * s
    solution = optimize.least_squares(gap, start, xtol=1e-12, ftol=1e-12, gtol=1e-12)
    return np.r_[0.0, solution.x]


@dataclass(frozen=True)
class _Design:
    """Draws tables of any number of instances on common random numbers."""

    means: np.ndarray | None
    sd: float
    instance_sd: float
    runs: int
    errors: str
    generator: Callable[..., Any] | None
    seed: int
    n_sim: int

    def tables(self, n: int) -> np.ndarray:
        """(n_sim, n, k) tables; the first n rows are the same for every larger n."""
        rng = np.random.default_rng(self.seed)
        if self.generator is not None:
            return np.stack([self._generated(np.random.default_rng(s), n) for s in
                             rng.integers(0, 2**63 - 1, size=self.n_sim)])
        means, runs = self.means, self.runs
        assert means is not None  # a design has means or a generator
        k = means.size
        draws = rng.random((n, self.n_sim, 1 + k * runs))  # one row of instances at a time: common numbers
        instance = stats.norm.ppf(draws[..., 0])
        cells = draws[..., 1:].reshape(n, self.n_sim, k, runs)
        noise = stats.norm.ppf(cells) if self.errors == "normal" else _least_favourable(cells)
        table = means + self.instance_sd * instance[..., None] + self.sd * noise.mean(axis=-1)
        return np.ascontiguousarray(table.transpose(1, 0, 2))

    def _generated(self, rng: np.random.Generator, n: int) -> np.ndarray:
        generator = self.generator
        assert generator is not None
        table = np.asarray(generator(rng, n), dtype=np.float64)
        if table.ndim != 2 or table.shape[0] != n:
            raise ValueError(f"generator(rng, {n}) must return an array of {n} instances x k algorithms; "
                             f"it returned shape {table.shape}.")
        return table


@dataclass(frozen=True)
class _Procedure:
    """The analysis simulated: ``posthoc(table, test, control, p_adjust, alpha, **options)``, optionally
    run only when the omnibus test rejects."""

    test: str
    control: Any
    p_adjust: str | None
    alpha: float
    omnibus: str | None
    options: dict

    def decisions(self, tables: np.ndarray, names: list[str], bar: Any = None) -> np.ndarray:
        """(n_sim, pairs) rejections of ``posthoc`` on each table (all False where the gate holds);
        ``bar`` (a tqdm bar or None) advances by one per table."""
        if self.vectorised:
            reject = self._friedman_vectorised(tables, names)
            if bar is not None:
                bar.update(len(tables))
        else:
            rows = []
            for table in tables:
                rows.append(self._posthoc(table, names).table["reject"].to_numpy(bool))
                if bar is not None:
                    bar.update(1)
            reject = np.stack(rows)
        if self.omnibus is not None:
            reject &= self._gate(tables, names)[:, None]
        return reject

    def _posthoc(self, table: np.ndarray, names: list[str]) -> Any:
        from algocompare.posthoc import posthoc

        return posthoc(pd.DataFrame(table, columns=names), test=self.test, control=self.control,
                       p_adjust=self.p_adjust, alpha=self.alpha, **self.options)

    def _gate(self, tables: np.ndarray, names: list[str]) -> np.ndarray:
        import algocompare.frequentist as frequentist

        assert self.omnibus is not None
        omnibus = getattr(frequentist, self.omnibus)
        return np.array([omnibus(pd.DataFrame(t, columns=names)).pvalue <= self.alpha for t in tables])

    @property
    def vectorised(self) -> bool:
        """The default Friedman post-hoc (permutation se) has a route for all tables at once."""
        return self.test == "friedman" and not self.options and self.control != "best"

    def _friedman_vectorised(self, tables: np.ndarray, names: list[str]) -> np.ndarray:
        """posthoc(test="friedman")'s statistics for all tables: mean ranks, the permutation standard
        error sqrt((2k/(k−1)) Σ_i v_i)/N, z on the rank totals, 2(1 − Φ(|z|)); then each table's
        adjustment by ``adjust_family``, the function ``posthoc`` calls."""
        from algocompare.posthoc import _registry as registry
        from algocompare.posthoc._adjust import CORRECTIONS
        from algocompare.posthoc._procedure import adjust_family, pair_indices

        entry = registry.get("friedman")
        p_adjust = entry.p_adjust if self.p_adjust is None else self.p_adjust
        v.check_option("p_adjust", p_adjust, CORRECTIONS)
        n_sim, n, k = tables.shape
        control = None if self.control is None else names.index(self.control)
        a, b = pair_indices(k, control)
        ranks = stats.rankdata(tables, axis=2)
        totals = ranks.sum(axis=1)
        se = np.sqrt(2.0 * k / (k - 1) * ranks.var(axis=2).sum(axis=1)) / n
        with np.errstate(invalid="ignore", divide="ignore"):
            z = np.where(se[:, None] == 0.0, 0.0, (totals[:, b] - totals[:, a]) / n / se[:, None])
        p = np.minimum(1.0, 2.0 * stats.norm.sf(np.abs(z)))
        adjusted = np.stack([adjust_family(z[i], p[i], k, p_adjust, self.alpha, True, control is None)
                             for i in range(n_sim)])
        return adjusted <= self.alpha


@dataclass(frozen=True, kw_only=True)
class PosthocPowerResult(BaseResult):
    """Power of a post-hoc analysis against the number of instances, by simulation.

    Attributes
    ----------
    n_instances : numpy.ndarray
        The numbers of instances simulated (increasing).
    any_power, all_power : numpy.ndarray
        At each N, the share of simulated analyses that reject at least one, and all, of the
        truly different pairs.
    fwer : numpy.ndarray
        At each N, the share that reject at least one truly equal pair (NaN when every pair differs).
    pair_power : pandas.DataFrame
        Rejection rate of each pair (columns ``"a vs b"``) at each N (rows).
    n_required : int or None
        The smallest N whose ``power_target`` power reaches ``target_power`` (None when no
        target was asked, or when ``n_max`` instances do not reach it).
    n_sim : int
        Simulated tables at each N; the Monte Carlo standard error of a power p is sqrt(p(1 − p)/n_sim).
    test, test_label : str
        The post-hoc test's registry key and display label.
    p_adjust, control, alpha, omnibus, target_power, power_target, errors : str, float or None
        The analysis and the question, as given to :func:`~algocompare.posthoc_power`.
    means : numpy.ndarray or None
        The per-algorithm means of the design (None for a user's generator).
    algorithms : tuple of str
        The algorithms' names.

    See Also
    --------
    algocompare.posthoc_power : the function that returns it.
    algocompare.plots.plot_posthoc_power : its figure (``result.plot()``).

    References
    ----------
    .. [1] Campelo, F., Wanner, E. F. (2020). Sample size calculations for the experimental comparison
       of multiple algorithms on multiple problem instances. *Journal of Heuristics* 26, 851–883.
       doi:10.1007/s10732-020-09454-w

    Examples
    --------
    >>> from algocompare import posthoc_power
    >>> res = posthoc_power([0.0, 0.0, 1.0], n_instances=[10, 20], n_sim=200, rng=1)
    >>> res.n_instances.tolist(), bool(res.all_power[1] >= res.all_power[0])
    ([10, 20], True)
    """

    kind: ClassVar[str] = "power"

    n_instances: np.ndarray
    any_power: np.ndarray
    all_power: np.ndarray
    fwer: np.ndarray
    pair_power: pd.DataFrame
    n_required: int | None
    n_sim: int
    test: str
    test_label: str
    p_adjust: str
    control: Any
    alpha: float
    omnibus: str | None
    target_power: float | None
    power_target: str
    errors: str
    means: np.ndarray | None
    algorithms: tuple

    def mc_se(self, power: Any) -> np.ndarray:
        """Monte Carlo standard error sqrt(p(1 − p)/n_sim) of a simulated power."""
        power = np.asarray(power, dtype=float)
        return np.sqrt(power * (1.0 - power) / self.n_sim)

    def to_frame(self) -> pd.DataFrame:
        """One row per N: any-pair, all-pairs power and the FWER, each with its Monte Carlo s.e."""
        return pd.DataFrame({"n_instances": self.n_instances, "any_power": self.any_power,
                             "any_se": self.mc_se(self.any_power), "all_power": self.all_power,
                             "all_se": self.mc_se(self.all_power), "fwer": self.fwer,
                             "fwer_se": self.mc_se(self.fwer)})

    def __str__(self) -> str:
        answer = ""
        if self.target_power is not None:
            answer = (f"\n  N = {self.n_required} instances for {self.power_target}-pairs power >= "
                      f"{self.target_power:g}" if self.n_required is not None else
                      f"\n  no N up to {int(self.n_instances.max())} reaches {self.power_target}-pairs power "
                      f"{self.target_power:g}")
        return (f"{self.method}{answer}\n  {self.n_sim} simulated tables per N; "
                f"Monte Carlo s.e. <= {0.5 / np.sqrt(self.n_sim):.3f}\n"
                + self.to_frame().round(4).to_string(index=False))


def _check_design(means, mean_ranks, generator, k, sd, instance_sd, runs):
    given = [name for name, value in (("means", means), ("mean_ranks", mean_ranks), ("generator", generator))
             if value is not None]
    if len(given) != 1:
        raise TypeError("posthoc_power needs exactly one effect pattern: means= (data units), mean_ranks= "
                        f"(expected mean ranks) or generator= (a function of rng and N); got {given or 'none'}.")
    sd, runs = v.check_positive("sd", sd), v.check_positive_int("runs", runs)
    instance_sd = v.check_nonnegative("instance_sd", instance_sd)
    if mean_ranks is not None:
        means = means_for_mean_ranks(mean_ranks, sd, runs)
    if means is not None:
        means = np.asarray(means, dtype=float)
        if means.ndim != 1 or means.size < 2 or not np.all(np.isfinite(means)):
            raise ValueError("means must be k >= 2 finite numbers, one per algorithm (lower is better).")
        return means, sd, instance_sd, runs
    if not callable(generator):
        raise TypeError(f"generator must be a function (rng, n_instances) -> table, got {type(generator).__name__}.")
    if k is None:
        raise TypeError("with generator= give k=, the number of algorithms its tables have.")
    return None, sd, instance_sd, runs


def _truth(means, differs, k, a, b) -> np.ndarray:
    """Which of the pairs (a, b) truly differ."""
    if differs is not None:
        differs = np.asarray(differs, dtype=bool)
        if differs.shape != (k, k):
            raise ValueError(f"differs must be a {k} x {k} boolean matrix (True where two algorithms differ).")
        return differs[a, b] | differs[b, a]
    if means is None:
        return np.ones(a.size, dtype=bool)
    return means[a] != means[b]


def _n_values(n_instances) -> list[int]:
    values = np.atleast_1d(np.asarray(n_instances))
    if values.ndim != 1 or values.size == 0 or not np.issubdtype(values.dtype, np.integer) or np.any(values < 2):
        raise ValueError("n_instances must be an integer >= 2 or a sequence of them.")
    return sorted(set(int(n) for n in values))


def posthoc_power(means: Sequence[float] | None = None, *, n_instances: Any = None, target_power: float | None = None,
                  power_target: str = "all", mean_ranks: Sequence[float] | None = None,
                  generator: Callable[..., Any] | None = None, k: int | None = None, differs: Any = None,
                  sd: float = 1.0, instance_sd: float = 1.0, runs: int = 1, errors: str = "normal",
                  test: str = "friedman", control: Any = None, p_adjust: str | None = None, alpha: float = 0.05,
                  omnibus: str | None = None, algorithms: Sequence[str] | None = None, n_sim: int = 1000,
                  n_max: int = 1000, rng: Any = None, progress: bool | None = None,
                  options: dict[str, Any] | None = None) -> PosthocPowerResult:
    """Power of a post-hoc analysis (any-pair, all-pairs, per pair) by simulation, and the N that reaches a target.

    Simulates the analysis as it is run — ``posthoc(table, test, control, p_adjust, alpha,
    **options)``, optionally only when an omnibus test rejects first — on ``n_sim`` tables of
    each number of instances drawn from the design, and counts the rejections.

    Parameters
    ----------
    means : sequence of float, optional
        The effect pattern in the data's units: the mean of each algorithm (lower is better).
        Pair (a, b) has the standardised effect d = (mean_b − mean_a) / (sd·sqrt(2/runs)), the d
        of :func:`calc_instances`.
    n_instances : int or sequence of int, optional
        The numbers of instances to simulate (each >= 2).
    target_power : float, optional
        Search the smallest N (up to ``n_max``) whose ``power_target`` power reaches it.
    power_target : {"all", "any"}
        ``"all"``: every truly different pair rejected (the CD diagram separates them all);
        ``"any"``: at least one.
    mean_ranks : sequence of float, optional
        The effect pattern as expected Friedman mean ranks (summing to k(k+1)/2), turned into
        means with normal errors (:func:`means_for_mean_ranks`).
    generator : callable, optional
        ``generator(rng, n) -> (n, k) table`` of the user's own model (then give ``k``, and
        ``differs`` if not every pair differs).
    k : int, optional
        The number of algorithms a ``generator`` draws.
    differs : (k, k) array of bool, optional
        Which pairs truly differ (default: those with different ``means``; all pairs for a generator).
    sd, instance_sd : float
        The sd of a run's error and of the instance effect.
    runs : int
        Runs per instance and algorithm (the table holds their mean).
    errors : {"normal", "least_favourable"}
        The run errors' distribution; ``"least_favourable"`` is the density at which the Wilcoxon
        test's efficiency to the t test is 0.864, the model :func:`calc_instances` (test="wilcoxon")
        assumes.
    test, control, p_adjust, alpha
        The analysis, as given to :func:`algocompare.posthoc` (``control`` a name of
        ``algorithms``; ``"best"`` is not a fixed family and is refused).
    omnibus : str, optional
        An omnibus test of :mod:`algocompare.frequentist` (``"friedman"``, ``"iman_davenport"``,
        ...) that must reject at ``alpha`` before any pair is (the gate people run).
    algorithms : sequence of str, optional
        Names of the algorithms (default ``A1``, ``A2``, ...).
    n_sim : int
        Simulated tables per N (Monte Carlo s.e. of a power <= 0.5/sqrt(n_sim)).
    n_max : int
        Largest N the search tries.
    rng : None, int or numpy.random.Generator
        Seed of the simulation; every N uses the same random numbers.
    progress : bool or None
        A progress bar of the simulated tables, showing the N being evaluated (None: when
        standard error is a terminal and the work lasts; the default).
    options : dict, optional
        The test's own options, passed to :func:`algocompare.posthoc` as keywords
        (``{"se": "classic"}``, ``{"zero_method": "pratt"}``).

    Returns
    -------
    PosthocPowerResult
        ``n_instances``, ``any_power``, ``all_power``, ``fwer``, ``pair_power``, ``n_required``;
        ``to_frame()`` with Monte Carlo standard errors, ``plot()`` the power against N.

    See Also
    --------
    calc_instances : N* for paired t/Wilcoxon/sign tests at Holm's levels (closed form).
    algocompare.posthoc : the analysis simulated.
    algocompare.plots.plot_posthoc_power : the figure.

    Notes
    -----
    The default Friedman post-hoc without options is computed for all tables at once (same
    statistics, then each table's adjustment by the function ``posthoc`` uses); every other
    test calls ``posthoc`` on each table. With k = 2, ``test="wilcoxon"`` and
    ``errors="least_favourable"`` the N found agrees with ``calc_instances(d, test="wilcoxon")``
    (Campelo & Takahashi [1]_ inflate the t test's N by 1/0.86, the Wilcoxon test's least
    efficiency, Hodges & Lehmann [2]_); with normal errors the Wilcoxon test needs fewer
    instances (efficiency 3/π = 0.955). Power by simulation of the procedure is the approach
    of PMCMRplus' ``powerMCTests``.

    References
    ----------
    .. [1] Campelo, F., Takahashi, F. (2019). Sample size estimation for power and accuracy in the
       experimental comparison of algorithms. *Journal of Heuristics* 25(2), 305–338.
       doi:10.1007/s10732-018-9396-7
    .. [2] Hodges, J. L., Lehmann, E. L. (1956). The efficiency of some nonparametric competitors of
       the t-test. *Annals of Mathematical Statistics* 27(2), 324–335. doi:10.1214/aoms/1177728261
    .. [3] Pohlert, T. (2024). PMCMRplus: Calculate pairwise multiple comparisons of mean rank sums
       extended, ``powerMCTests``.
       https://CRAN.R-project.org/package=PMCMRplus

    Examples
    --------
    Five algorithms, two of them better by one error sd; Friedman post-hoc with Holm:

    >>> from algocompare import posthoc_power
    >>> res = posthoc_power([0, 0, 1, 1, 1], n_instances=[20, 40], n_sim=200, rng=3)
    >>> res.to_frame()[["n_instances", "any_power"]].round(2).to_string(index=False).splitlines()[0]
    ' n_instances  any_power'
    """
    design_means, sd, instance_sd, runs = _check_design(means, mean_ranks, generator, k, sd, instance_sd, runs)
    k = int(design_means.size) if design_means is not None else v.check_positive_int("k", k, minimum=2)
    names = [f"A{j + 1}" for j in range(k)] if algorithms is None else [str(a) for a in algorithms]
    if len(names) != k or len(set(names)) != k:
        raise ValueError(f"algorithms must be {k} distinct names, one per algorithm; got {list(names)}.")
    v.check_option("errors", errors, ERRORS)
    if omnibus is not None:
        v.check_option("omnibus", omnibus, OMNIBUS)
    v.check_option("power_target", power_target, POWER_TARGETS)
    alpha = _options.check_alpha(alpha)
    n_sim = v.check_positive_int("n_sim", n_sim, minimum=10)
    n_max = v.check_positive_int("n_max", n_max, minimum=2)
    if control is not None and control not in names:
        raise ValueError(f"control must be one of the algorithms {names} (a fixed family; 'best' changes "
                         f"with every table); got {control!r}.")
    if n_instances is None and target_power is None:
        raise TypeError("give n_instances= (the power at those N), target_power= (the N that reaches it), or both.")
    if target_power is not None:
        target_power = v.check_probability("target_power", target_power)
    from algocompare.posthoc import _registry as registry

    entry = registry.get(test)
    if entry.design == "groups":
        blocks = ", ".join(registry.POSTHOC_TESTS)
        raise ValueError(f"test={test!r} compares the runs of one instance (independent samples); posthoc_power "
                         f"simulates tables of instances x algorithms: use a block test ({blocks}).")
    p_adjust = entry.p_adjust if p_adjust is None else p_adjust  # posthoc's default, named
    seed = int(np.random.default_rng(rng).integers(0, 2**63 - 1))
    design = _Design(design_means, sd, instance_sd, runs, errors, generator, seed, n_sim)
    procedure = _Procedure(test, control, p_adjust, alpha, omnibus, dict(options or {}))
    from algocompare.posthoc._procedure import pair_indices

    a, b = pair_indices(k, None if control is None else names.index(control))
    truth = _truth(design_means, differs, k, a, b)
    bar = progress_bar(progress, desc="posthoc_power", unit="table")
    cache: dict[int, np.ndarray] = {}

    def rejections(n: int) -> np.ndarray:
        if n not in cache:
            if bar is not None:
                bar.set_postfix_str(f"N = {n}")
            cache[n] = procedure.decisions(design.tables(n), names, bar)
        return cache[n]

    def power(n: int) -> float:
        reject = rejections(n)[:, truth]
        hit = reject.all(axis=1) if power_target == "all" else reject.any(axis=1)
        return float(hit.mean()) if truth.any() else float("nan")

    try:
        for n in _n_values(n_instances) if n_instances is not None else []:
            rejections(n)
        n_required = None if target_power is None else _search(power, target_power, n_max, truth)
    finally:
        if bar is not None:
            bar.close()
    return _result(cache, truth, a, b, names, n_required, locals())


def _search(power: Callable[[int], float], target: float, n_max: int, truth: np.ndarray) -> int | None:
    """Smallest N in [2, n_max] with power(N) >= target: doubling, then bisection (common random numbers)."""
    if not truth.any():
        raise ValueError("no pair truly differs (equal means, or differs all False): no N gives power; "
                         "give means that differ.")
    lo, hi = 1, 2  # power(lo) < target is assumed for lo = 1 (no test rejects with one instance)
    while power(hi) < target:
        if hi >= n_max:
            return None
        lo, hi = hi, min(2 * hi, n_max)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if power(mid) >= target else (mid, hi)
    return hi


def _result(cache, truth, a, b, names, n_required, given) -> PosthocPowerResult:
    ns = np.array(sorted(cache), dtype=int)
    rejected = np.stack([cache[n] for n in ns])  # (N values, n_sim, pairs)
    true = rejected[..., truth]
    false = rejected[..., ~truth]
    nan = np.full(ns.size, np.nan)
    any_power = true.any(axis=2).mean(axis=1) if truth.any() else nan
    all_power = true.all(axis=2).mean(axis=1) if truth.any() else nan
    fwer = false.any(axis=2).mean(axis=1) if (~truth).any() else nan
    pairs = [f"{names[i]} vs {names[j]}" for i, j in zip(a, b, strict=True)]
    pair_power = pd.DataFrame(rejected.mean(axis=1), index=pd.Index(ns, name="n_instances"), columns=pairs)
    gate = f", after {given['omnibus']} at alpha" if given["omnibus"] else ""
    adjustment = given["p_adjust"]
    method = (f"Power of the {given['registry'].get(given['test']).label} post-hoc ({adjustment}{gate}; "
              f"{'all pairs' if given['control'] is None else 'control ' + str(given['control'])}) "
              f"by simulation, alpha = {given['alpha']:g}")
    return PosthocPowerResult(method=method, n_instances=ns, any_power=np.asarray(any_power),
                              all_power=np.asarray(all_power), fwer=np.asarray(fwer), pair_power=pair_power,
                              n_required=n_required, n_sim=given["n_sim"], test=given["test"],
                              test_label=given["registry"].get(given["test"]).label,
                              p_adjust=given["p_adjust"], control=given["control"], alpha=given["alpha"],
                              omnibus=given["omnibus"], target_power=given["target_power"],
                              power_target=given["power_target"], errors=given["errors"], means=given["design_means"],
                              algorithms=tuple(names))
