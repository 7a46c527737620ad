"""Checks of the conditions of parametric tests (García et al. 2009, §3.1; Carrasco et al.
2020, §8.1): normality, homoscedasticity, multivariate normality and Hotelling's T²."""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

try:  # scipy's Shapiro-Wilk kernel, called without the per-sample wrapper of shapiro(axis=1)
    from scipy.stats._morestats import swilk as _swilk
except ImportError:  # pragma: no cover - a scipy without it: shapiro(axis=1)
    _swilk = None

from algocompare import _validation as v
from algocompare._batching import row_batches
from algocompare._options import documented_table_options
from algocompare._results import BaseResult, TestResult, internal
from algocompare._scaling import scaled_back, unit_exponents, unit_scaled
from algocompare.data._convert import as_blocks, drop_record

__all__ = ["normality", "homoscedasticity", "multivariate_normality", "hotelling_t2", "check_assumptions",
           "NormalityResult", "HomoscedasticityResult", "MultivariateNormalityResult", "HotellingResult",
           "AssumptionsResult"]

NORMALITY_TESTS = ("shapiro", "ks", "dagostino")
VARIANCE_TESTS = ("levene", "levene_median", "bartlett")
#: smallest sample each normality test accepts (D'Agostino's kurtosis test needs 8 values)
MIN_SIZE = {"shapiro": 3, "ks": 4, "dagostino": 8}


@dataclass(frozen=True, kw_only=True)
class NormalityResult(BaseResult):
    """One row per sample (algorithm, or algorithm × instance) and test.

    Attributes
    ----------
    alpha : float
        Level of ``reject``.
    table : pandas.DataFrame
        The sample's labels, ``test``, ``n``, ``statistic``, ``pvalue``, ``reject``.
    samples : mapping
        The samples tested, by label (internal: what the normality figures draw).

    See Also
    --------
    normality : the function that returns it.

    References
    ----------
    .. [1] Shapiro, S. S., Wilk, M. B. (1965). An analysis of variance test for normality
       (complete samples). *Biometrika* 52(3–4), 591–611. doi:10.1093/biomet/52.3-4.591
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.normality(ac.load_dataset("cec2005_d10"), test="shapiro")
    >>> list(r.table.columns)[:4], r.rejected_fraction
    (['algorithm', 'test', 'n', 'statistic'], 1.0)
    """

    kind: ClassVar[str] = "assumptions"

    alpha: float
    table: pd.DataFrame
    samples: Any = internal(default=None)  # a dict, or _PaddedSamples (read like one)

    def to_frame(self) -> pd.DataFrame:
        return self.table.copy()

    @property
    def rejected_fraction(self) -> float:
        valid = self.table["pvalue"].notna()
        return float(self.table.loc[valid, "reject"].mean()) if valid.any() else math.nan


@dataclass(frozen=True, kw_only=True)
class HomoscedasticityResult(BaseResult):
    """One row per group of samples (all algorithms, or one instance's runs) and test.

    Attributes
    ----------
    alpha : float
        Level of ``reject``.
    table : pandas.DataFrame
        ``instance`` ("all" for the blocks), ``test``, ``statistic``, ``pvalue``, ``reject``
        and the ``note`` that explains a degenerate group.

    See Also
    --------
    homoscedasticity : the function that returns it.

    References
    ----------
    .. [1] Levene, H. (1960). Robust tests for equality of variances. In Olkin (ed.),
       *Contributions to Probability and Statistics*, 278–292. Stanford University Press.
    .. [2] Brown, M. B., Forsythe, A. B. (1974). Robust tests for the equality of variances.
       *Journal of the American Statistical Association* 69(346), 364–367.
       doi:10.1080/01621459.1974.10482955
    .. [3] Bartlett, M. S. (1937). Properties of sufficiency and statistical tests.
       *Proceedings of the Royal Society of London A* 160(901), 268–282. doi:10.1098/rspa.1937.0109

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.homoscedasticity(ac.load_dataset("cec2005_d10"), test="bartlett")
    >>> r.table["test"].tolist()
    ['bartlett']
    """

    kind: ClassVar[str] = "assumptions"

    alpha: float
    table: pd.DataFrame

    def to_frame(self) -> pd.DataFrame:
        return self.table.copy()


def _tests(test: str | list[str], allowed: tuple[str, ...]) -> list[str]:
    names = list(allowed) if test == "all" else ([test] if isinstance(test, str) else list(test))
    for name in names:
        v.check_option("test", name, allowed + ("all",))
    return names


def _scale_invariant(samples: list[np.ndarray]) -> list[np.ndarray]:
    """The samples scaled by one power of two (exact) when their largest magnitude lies
    outside 2**±256 (:func:`algocompare._scaling.unit_scaled`), so that the sums of squares
    of these scale-invariant tests neither overflow (values near 1e308) nor underflow
    (values near 1e-300: a standard deviation of 0); otherwise unchanged."""
    return list(unit_scaled(*samples)[0]) if samples else samples


def _normality_row(sample: np.ndarray, test: str) -> tuple[float, float]:
    sample = _scale_invariant([sample])[0]
    if sample.size < MIN_SIZE[test] or np.ptp(sample) == 0:
        return math.nan, math.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if test == "shapiro":
            res = stats.shapiro(sample)
            return float(res.statistic), float(res.pvalue)
        if test == "ks":
            from statsmodels.stats.diagnostic import lilliefors

            statistic, pvalue = lilliefors(sample, dist="norm", pvalmethod="table")
            return float(statistic), float(pvalue)
        res = stats.normaltest(sample)
        return float(res.statistic), float(res.pvalue)


class _PaddedSamples(Mapping):
    """Samples as the rows of one NaN-padded matrix (row i: its first ``sizes[i]`` values),
    read as a mapping from each sample's name to its values, made on access.

    What ``normality(per="cell")`` keeps of 200,000 cells of runs: one array instead of a
    dict of 200,000 small arrays with their names (about 100 MB; issue 19)."""

    def __init__(self, matrix: np.ndarray, sizes: np.ndarray, names: Any) -> None:
        self.matrix, self.sizes = matrix, sizes
        self._names = names  # a callable giving the list of names, asked only when needed
        self._position: dict | None = None

    def row(self, position: int) -> np.ndarray:
        return self.matrix[position, :self.sizes[position]].copy()

    def _positions(self) -> dict:
        if self._position is None:
            self._position = {name: i for i, name in enumerate(self._names())}
        return self._position

    def __getitem__(self, name: Any) -> np.ndarray:
        return self.row(self._positions()[name])

    def __iter__(self) -> Any:
        return iter(self._positions())

    def __len__(self) -> int:
        return len(self.sizes)


def _shapiro_padded(matrix: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Shapiro–Wilk of each row's first ``sizes[row]`` values, as :func:`_normality_row`
    gives it (NaN below 3 values or for a constant sample): the samples of one size are
    sorted and centred together, as ``scipy.stats.shapiro`` does for each, then scipy's own
    W kernel (``swilk``) runs on each row without the per-call wrapper of
    ``shapiro(axis=1)`` (200,000 cells of 5 runs: 0.5 s instead of 3.9 s); the values are
    bit-identical (tested). Without that kernel, ``shapiro(axis=1)`` per sample size."""
    statistics = np.full(len(sizes), math.nan)
    pvalues = np.full(len(sizes), math.nan)
    for size in np.unique(sizes[sizes >= MIN_SIZE["shapiro"]]):
        of_size = np.flatnonzero(sizes == size)
        for batch in row_batches(of_size.size, int(size)):  # bounded temporaries (sorted, centred copies)
            rows = of_size[batch]
            block = matrix[rows, :size]
            varying = block.max(axis=1) > block.min(axis=1)  # not constant (and no NaN)
            rows, block = rows[varying], block[varying]
            if not rows.size:
                continue
            exponents = unit_exponents(np.abs(block).max(axis=1))
            statistics[rows], pvalues[rows] = _shapiro_rows(np.ldexp(block, -exponents[:, None]))
    return statistics, pvalues


def _shapiro_rows(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """W and its p-value for each row (at least 3 values, not constant)."""
    if _swilk is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = stats.shapiro(matrix, axis=1)
        return np.atleast_1d(res.statistic), np.atleast_1d(res.pvalue)
    n = matrix.shape[1]
    centred = np.sort(matrix, axis=1) - matrix[:, [n // 2]]  # as shapiro: sorted, minus x[n // 2]
    coefficients = np.zeros(n // 2)
    found = np.array([_swilk(row, coefficients, 0)[:2] for row in centred], dtype=float).reshape(-1, 2)
    return found[:, 0], found[:, 1]


@documented_table_options
def normality(data: Any, *, test: str | list[str] = "all", per: str = "algorithm",
              alpha: float = 0.05, direction: str | None = None,
              nan_policy: str = "raise") -> NormalityResult:
    """Normality tests per algorithm (on the blocks) or per algorithm × instance (on runs).

    Tests: ``"ks"`` Kolmogorov–Smirnov with Lilliefors' correction for estimated mean and
    variance (``statsmodels.stats.diagnostic.lilliefors``; García et al. 2009, Table 3),
    ``"shapiro"`` Shapiro–Wilk (``scipy.stats.shapiro``), ``"dagostino"`` D'Agostino–Pearson
    K² (``scipy.stats.normaltest``, at least 8 values). Samples too small or constant get
    NaN (and no decision).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        The results (instances × algorithms, or runs).
    test : {"all", "ks", "shapiro", "dagostino"} or list of them
        The tests to run (default all three).
    per : {"algorithm", "cell"}
        ``"algorithm"``: each algorithm's column of the instances × algorithms table.
        ``"cell"``: each algorithm's runs on each instance (needs runs).
    alpha : float
        Level of each test's ``reject`` (default 0.05).
    {table_options}

    Returns
    -------
    NormalityResult
        ``table``: one row per sample and test (``statistic``, ``pvalue``, ``reject``).

    See Also
    --------
    check_assumptions : the checks that decide between parametric and rank tests.
    multivariate_normality : normality of several measures at once.

    References
    ----------
    .. [1] Shapiro, S. S., Wilk, M. B. (1965). An analysis of variance test for normality
       (complete samples). *Biometrika* 52(3–4), 591–611. doi:10.1093/biomet/52.3-4.591
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.normality(ac.load_dataset("cec2005_d10"), test="shapiro")
    >>> bool(r.table["reject"].all())
    True
    """
    v.check_option("per", per, ("algorithm", "cell"))
    v.check_probability("alpha", alpha)
    names = _tests(test, NORMALITY_TESTS)
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    if per == "algorithm":
        table = results.blocks()
        labels = {"algorithm": np.array(list(table.columns), dtype=object)}
        rows = samples = _PaddedSamples(table.to_numpy().T, np.full(table.shape[1], table.shape[0]),
                                        lambda: [str(a) for a in labels["algorithm"]])
    else:
        if not results.has_runs:
            raise ValueError("per='cell' needs several runs per (instance, algorithm); these results have one.")
        runs = results.runs(unbalanced="pad")  # a cell's runs first, then NaN
        n, k, depth = runs.shape
        algorithms, instances = np.array(results.algorithms, dtype=object), np.array(results.instances, dtype=object)
        labels = {"algorithm": np.tile(algorithms, n), "instance": np.repeat(instances, k)}
        rows = samples = _PaddedSamples(
            runs.reshape(n * k, depth), results.run_counts().to_numpy().ravel(),
            lambda: [f"{a} / {i}" for a, i in zip(labels["algorithm"], labels["instance"], strict=False)])
    frame = _normality_frame(rows, labels, names, alpha)
    return NormalityResult(method="Normality tests", alpha=alpha, table=frame, samples=samples,
                           dropped_instances=drop_record(results, nan_policy))


def _normality_frame(rows: _PaddedSamples, labels: dict[str, np.ndarray], names: list[str],
                     alpha: float) -> pd.DataFrame:
    """One row per sample and test (samples in order, then tests), built column by column."""
    statistics = np.empty((len(rows), len(names)))
    pvalues = np.empty((len(rows), len(names)))
    for t, name in enumerate(names):
        if name == "shapiro":
            statistics[:, t], pvalues[:, t] = _shapiro_padded(rows.matrix, rows.sizes)
        else:
            found = [_normality_row(rows.row(i), name) for i in range(len(rows))]
            statistics[:, t], pvalues[:, t] = np.array(found, dtype=float).reshape(-1, 2).T
    repeat = len(names)
    frame = pd.DataFrame({key: np.repeat(column, repeat) for key, column in labels.items()})
    frame["test"] = np.tile(np.array(names, dtype=object), len(rows))
    frame["n"] = np.repeat(rows.sizes, repeat)
    frame["statistic"] = statistics.ravel()
    frame["pvalue"] = pvalues.ravel()
    frame["reject"] = np.nan_to_num(pvalues.ravel(), nan=np.inf) <= alpha
    frame.attrs["alpha"] = alpha
    return frame


#: why a variance test's statistic is infinite (see :func:`homoscedasticity`)
CONSTANT_DEVIATIONS = ("absolute deviations constant within every group, e.g. two values per group: "
                       "Levene's F is infinite, its p undefined, not a rejection")
ZERO_VARIANCE_GROUP = "a group has zero variance: Bartlett's statistic is infinite (p = 0)"


def _variance_row(groups: list[np.ndarray], test: str) -> tuple[float, float, str]:
    groups = _scale_invariant([g for g in groups if g.size >= 2])
    if len(groups) < 2 or all(np.ptp(g) == 0 for g in groups):
        return math.nan, math.nan, ""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if test == "bartlett":
            res = stats.bartlett(*groups)
        else:
            res = stats.levene(*groups, center="mean" if test == "levene" else "median")
    statistic, pvalue = float(res.statistic), float(res.pvalue)
    if test != "bartlett" and _constant_deviations(groups, np.mean if test == "levene" else np.median):
        return math.inf, math.nan, CONSTANT_DEVIATIONS
    return statistic, pvalue, ZERO_VARIANCE_GROUP if math.isinf(statistic) else ""


def _variance_rows(runs: np.ndarray, test: str) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """:func:`_variance_row` of every instance at once, for balanced runs without missing
    values (instances × algorithms × runs, at least two runs): the same statistics as
    ``scipy.stats.levene``/``bartlett`` per instance, the same degenerate cases and notes,
    in a handful of array operations instead of a scipy call per instance."""
    m, k, r = runs.shape
    y = np.ldexp(runs, -unit_exponents(np.abs(runs).max(axis=(1, 2)))[:, None, None])
    total = k * r
    with np.errstate(divide="ignore", invalid="ignore"):
        if test == "bartlett":
            variances = y.var(axis=2, ddof=1)
            pooled = ((r - 1) * variances).sum(axis=1) / (total - k)
            numerator = (total - k) * np.log(pooled) - ((r - 1) * np.log(variances)).sum(axis=1)
            denominator = 1.0 + (k / (r - 1) - 1.0 / (total - k)) / (3.0 * (k - 1))
            statistic = numerator / denominator
            pvalue = stats.chi2.sf(statistic, k - 1)
            degenerate = np.zeros(m, dtype=bool)
        else:
            centre = y.mean(axis=2) if test == "levene" else np.median(y, axis=2)
            z = np.abs(y - centre[:, :, None])
            z_group = z.mean(axis=2)
            z_all = (z_group * r).sum(axis=1) / total
            numerator = (total - k) * (r * (z_group - z_all[:, None]) ** 2).sum(axis=1)
            within = ((z - z_group[:, :, None]) ** 2).sum(axis=(1, 2))
            statistic = numerator / ((k - 1) * within)
            pvalue = stats.f.sf(statistic, k - 1, total - k)
            scale = z.max(axis=(1, 2))
            degenerate = (np.ptp(z, axis=2) <= 64 * np.finfo(float).eps * scale[:, None]).all(axis=1)
    constant = (np.ptp(y, axis=2) == 0).all(axis=1)
    statistic = np.where(constant, np.nan, np.where(degenerate, np.inf, statistic))
    pvalue = np.where(constant | degenerate, np.nan, pvalue)
    notes = ["" if c else CONSTANT_DEVIATIONS if d else ZERO_VARIANCE_GROUP if np.isinf(t) else ""
             for c, d, t in zip(constant, degenerate, statistic, strict=False)]
    return statistic, pvalue, notes


def _constant_deviations(groups: list[np.ndarray], center) -> bool:
    """Levene's within-group sum of squares is 0 (up to rounding): its F divides by 0."""
    deviations = [np.abs(g - center(g)) for g in groups]
    scale = max(float(d.max()) for d in deviations)
    return all(np.ptp(d) <= 64 * np.finfo(float).eps * scale for d in deviations)


@documented_table_options
def homoscedasticity(data: Any, *, test: str | list[str] = "all", per: str = "blocks",
                     alpha: float = 0.05, direction: str | None = None,
                     nan_policy: str = "raise") -> HomoscedasticityResult:
    """Equality of variances across algorithms.

    Tests: ``"levene"`` (mean-centred, as García et al. 2009, Table 4), ``"levene_median"``
    (Brown–Forsythe) and ``"bartlett"`` (``scipy.stats.levene`` / ``bartlett``).

    Degenerate groups are explained in the ``note`` column. Groups that are all constant
    give NaN (nothing to test). When the absolute deviations are constant within every
    group (always so with two values per group) Levene's F divides by a zero
    within-group sum of squares: scipy and R's ``car::leveneTest`` report F infinite and
    p = 0, i.e. "rejected"; here F is infinite but p is NaN and the test is not counted
    as a rejection, since the data carry no within-group spread to compare with. A
    group with zero variance makes Bartlett's statistic infinite (p = 0, as scipy).

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        The results (instances × algorithms, or runs).
    test : {"all", "levene", "levene_median", "bartlett"} or list of them
        The tests to run (default all three).
    per : {"blocks", "instance"}
        ``"blocks"``: the algorithms' columns of the aggregated table form the groups.
        ``"instance"``: on each instance, the algorithms' runs form the groups (García
        et al. 2009, Table 4; needs runs).
    alpha : float
        Level of each test's ``reject`` (default 0.05).
    {table_options}

    Returns
    -------
    HomoscedasticityResult
        ``table``: one row per group of samples and test (``statistic``, ``pvalue``,
        ``reject``, ``note``).

    See Also
    --------
    check_assumptions : uses the Brown–Forsythe test.
    normality : the other condition of the parametric tests.

    References
    ----------
    .. [1] Levene, H. (1960). Robust tests for equality of variances. In Olkin (ed.),
       *Contributions to Probability and Statistics*, 278–292. Stanford University Press.
    .. [2] Brown, M. B., Forsythe, A. B. (1974). Robust tests for the equality of variances.
       *Journal of the American Statistical Association* 69(346), 364–367.
       doi:10.1080/01621459.1974.10482955
    .. [3] Bartlett, M. S. (1937). Properties of sufficiency and statistical tests.
       *Proceedings of the Royal Society of London A* 160(901), 268–282. doi:10.1098/rspa.1937.0109
    .. [4] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.homoscedasticity(ac.load_dataset("cec2005_d10"), test="levene")
    >>> r.table[["test", "reject"]].values.tolist(), round(float(r.table["statistic"][0]), 3)
    ([['levene', True]], 4.264)
    """
    v.check_option("per", per, ("blocks", "instance"))
    v.check_probability("alpha", alpha)
    names = _tests(test, VARIANCE_TESTS)
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    if per == "blocks":
        table = results.blocks()
        groups = {"all": [table[c].to_numpy() for c in table.columns]}
    else:
        if not results.has_runs:
            raise ValueError("per='instance' needs several runs per (instance, algorithm); these results have one.")
        runs = results.runs(unbalanced="pad")
        if runs.shape[2] >= 2 and not np.isnan(runs).any():  # balanced: every instance at once
            return _result(_instance_frame(results.instances, runs, names, alpha), alpha, results, nan_policy)
        groups = {inst: [r[~np.isnan(r)] for r in runs[i]] for i, inst in enumerate(results.instances)}
    rows = []
    for label, group in groups.items():
        for name in names:
            statistic, pvalue, note = _variance_row(group, name)
            rows.append({"instance": label, "test": name, "statistic": statistic, "pvalue": pvalue,
                         "reject": bool(pvalue <= alpha) if not math.isnan(pvalue) else False, "note": note})
    return _result(pd.DataFrame(rows), alpha, results, nan_policy)


def _instance_frame(instances: Any, runs: np.ndarray, names: list[str], alpha: float) -> pd.DataFrame:
    """The per-instance rows of :func:`homoscedasticity` from :func:`_variance_rows`, in the
    order of the loop (instance, then test)."""
    parts = []
    for order, name in enumerate(names):
        statistic, pvalue, notes = _variance_rows(runs, name)
        parts.append(pd.DataFrame({"instance": list(instances), "test": name, "statistic": statistic,
                                   "pvalue": pvalue, "reject": np.nan_to_num(pvalue, nan=np.inf) <= alpha,
                                   "note": notes, "_order": order}))
    frame = pd.concat(parts, ignore_index=True)
    frame["_row"] = np.tile(np.arange(len(runs)), len(names))
    return frame.sort_values(["_row", "_order"], kind="stable").drop(columns=["_row", "_order"]).reset_index(drop=True)


def _result(frame: pd.DataFrame, alpha: float, results: Any, nan_policy: str) -> HomoscedasticityResult:
    frame.attrs["alpha"] = alpha
    return HomoscedasticityResult(method="Homoscedasticity tests", alpha=alpha, table=frame,
                                  dropped_instances=drop_record(results, nan_policy))


# ---------------------------------------------------------------- multivariate tests
@dataclass(frozen=True, kw_only=True)
class MultivariateNormalityResult(TestResult):
    """Multivariate normality test of an n × p sample.

    Attributes
    ----------
    statistic : float
        W* (Shapiro–Wilk) or HZ (Henze–Zirkler).
    pvalue : float
        Its p-value.
    alternative : str
        "two-sided" (the hypothesis is normality).
    n, p : int
        Observations and variables.
    test : {"shapiro-wilk", "henze-zirkler"}
        The test.

    See Also
    --------
    multivariate_normality : the function that returns it.

    References
    ----------
    .. [1] Villasenor Alva, J. A., González Estrada, E. (2009). A generalization of
       Shapiro–Wilk's test for multivariate normality. *Communications in Statistics – Theory and
       Methods* 38(11), 1870–1883. doi:10.1080/03610920802474465
    .. [2] Henze, N., Zirkler, B. (1990). A class of invariant consistent tests for
       multivariate normality. *Communications in Statistics – Theory and Methods* 19(10),
       3595–3617. doi:10.1080/03610929008830400

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> r = ac.multivariate_normality(np.random.default_rng(0).normal(size=(40, 3)))
    >>> r.n, r.p, r.test
    (40, 3, 'shapiro-wilk')
    """

    kind: ClassVar[str] = "assumptions"

    n: int
    p: int
    test: str


def _matrix(x: Any, name: str, min_rows: int) -> np.ndarray:
    return v.as_matrix(x, name, rows="observations", columns="variables", min_rows=min_rows)


def multivariate_normality(x: Any, *, test: str = "shapiro-wilk") -> MultivariateNormalityResult:
    """Multivariate normality of an n × p sample (e.g. instances × measures).

    ``"shapiro-wilk"``: the multivariate Shapiro–Wilk test of Villasenor-Alva &
    González-Estrada (2009) used by Carrasco et al. (2020, Table 5): the sample is
    standardised with the symmetric inverse square root of its covariance matrix, W* is
    the mean of the p Shapiro–Wilk statistics, and log(1 − W*) is compared with a normal
    distribution whose moments come from Royston's approximation for n (12 <= n <= 5000).
    ``"henze-zirkler"``: ``pingouin.multivariate_normality``.

    Parameters
    ----------
    x : array-like or DataFrame
        An n × p sample (rows: observations, e.g. instances; columns: measures), with
        12 <= n <= 5000 for ``"shapiro-wilk"`` and more observations than measures.
    test : {"shapiro-wilk", "henze-zirkler"}
        The test (default the multivariate Shapiro–Wilk).

    Returns
    -------
    MultivariateNormalityResult
        ``statistic`` (W* or HZ), ``pvalue``, ``n``, ``p`` and the ``test``.

    See Also
    --------
    normality : one variable at a time.
    hotelling_t2 : the test that assumes multivariate normality.

    References
    ----------
    .. [1] Villasenor Alva, J. A., González Estrada, E. (2009). A generalization of
       Shapiro–Wilk's test for multivariate normality. *Communications in Statistics – Theory and
       Methods* 38(11), 1870–1883. doi:10.1080/03610920802474465
    .. [2] Henze, N., Zirkler, B. (1990). A class of invariant consistent tests for
       multivariate normality. *Communications in Statistics – Theory and Methods* 19(10),
       3595–3617. doi:10.1080/03610929008830400
    .. [3] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> x = np.random.default_rng(0).normal(size=(40, 3))
    >>> ac.multivariate_normality(x).pvalue > 0.05
    True
    """
    v.check_option("test", test, ("shapiro-wilk", "henze-zirkler"))
    values = _matrix(x, "x", 12 if test == "shapiro-wilk" else 3)
    n, p = values.shape
    if n <= p:
        raise ValueError(f"multivariate normality needs more observations ({n}) than variables ({p}).")
    if test == "henze-zirkler":
        import pingouin

        res = pingouin.multivariate_normality(unit_scaled(values)[0][0])
        return MultivariateNormalityResult(method="Henze-Zirkler multivariate normality test", statistic=float(res.hz),
                                           pvalue=float(res.pval), n=n, p=p, test=test)
    if n > 5000:
        raise ValueError("the multivariate Shapiro-Wilk test is defined for 12 <= n <= 5000.")
    (values,), _ = unit_scaled(values)  # scale-invariant: the covariance neither overflows nor underflows
    centred = values - values.mean(axis=0)
    eigval, eigvec = np.linalg.eigh(np.atleast_2d(np.cov(values, rowvar=False)))
    if eigval.min() <= 1e-12 * max(eigval.max(), 1e-300):
        raise ValueError("the covariance matrix of x is singular; drop constant or collinear variables.")
    z = centred @ (eigvec @ np.diag(eigval ** -0.5) @ eigvec.T)
    w_star = float(np.mean([stats.shapiro(z[:, j]).statistic for j in range(p)]))
    y = math.log(n)
    m = -1.5861 - 0.31082 * y - 0.083751 * y ** 2 + 0.0038915 * y ** 3
    s2 = math.exp(-0.4803 - 0.082676 * y + 0.0030302 * y ** 2) ** 2
    sigma2 = math.log((p - 1 + math.exp(s2)) / p)
    mu = m + s2 / 2 - sigma2 / 2
    pvalue = float(stats.norm.sf(math.log(1 - w_star), loc=mu, scale=math.sqrt(sigma2)))
    return MultivariateNormalityResult(method="Multivariate Shapiro-Wilk test (Villasenor-Alva & Gonzalez-Estrada)",
                                       statistic=w_star, pvalue=pvalue, n=n, p=p, test=test)


@dataclass(frozen=True, kw_only=True)
class HotellingResult(TestResult):
    """Paired Hotelling's T²: ``statistic`` T², ``f`` its F transform.

    Attributes
    ----------
    statistic : float
        T² = n d̄ᵀ S⁻¹ d̄.
    pvalue : float
        P(F(df1, df2) > f).
    alternative : str
        "two-sided".
    f : float
        (n − p) T² / (p (n − 1)).
    df1, df2 : int
        p and n − p.
    mean_difference : pandas.Series
        The mean of x − y per measure, in the data's units.

    See Also
    --------
    hotelling_t2 : the function that returns it.

    References
    ----------
    .. [1] Hotelling, H. (1931). The generalization of Student's ratio. *Annals of
       Mathematical Statistics* 2(3), 360–378. doi:10.1214/aoms/1177732979

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> rng = np.random.default_rng(1)
    >>> x = rng.normal(size=(20, 3)); y = x + rng.normal(0.5, 1, size=(20, 3))
    >>> r = ac.hotelling_t2(x, y)
    >>> list(r.mean_difference.index)
    ['measure1', 'measure2', 'measure3']
    """

    kind: ClassVar[str] = "pairwise"

    f: float
    df1: int
    df2: int
    mean_difference: pd.Series


def hotelling_t2(x: Any, y: Any) -> HotellingResult:
    """Paired Hotelling's T² test for two algorithms over several measures.

    ``x`` and ``y`` are n × p tables (instances × measures, e.g. dimensions) of the two
    algorithms. On the differences d = x − y: T² = n d̄ᵀ S⁻¹ d̄ and
    F = (n − p) T² / (p (n − 1)) with (p, n − p) df (the multivariate paired t-test;
    Carrasco et al. 2020, §8.1, as its parametric counterpart).

    Parameters
    ----------
    x, y : array-like or DataFrame
        n × p tables (instances × measures) of the two algorithms, the same shape; a
        DataFrame's columns name the measures.

    Returns
    -------
    HotellingResult
        ``statistic`` T², ``f`` with ``df1`` = p and ``df2`` = n − p, ``pvalue`` and the
        ``mean_difference`` per measure (in the data's units).

    See Also
    --------
    paired_ttest : one measure.
    multiple_measures_test : the non-parametric counterpart.
    multivariate_normality : its assumption.

    References
    ----------
    .. [1] Hotelling, H. (1931). The generalization of Student's ratio. *Annals of
       Mathematical Statistics* 2(3), 360–378. doi:10.1214/aoms/1177732979
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> rng = np.random.default_rng(1)
    >>> x = rng.normal(size=(20, 3)); y = x + rng.normal(0.5, 1, size=(20, 3))
    >>> r = ac.hotelling_t2(x, y)
    >>> round(r.statistic, 2), (r.df1, r.df2), round(r.pvalue, 4)
    (48.51, (3, 17), 0.0001)
    """
    a = _matrix(x, "x", 2)
    b = _matrix(y, "y", 2)
    if a.shape != b.shape:
        raise ValueError(f"x and y must have the same shape (instances × measures), got {a.shape} and {b.shape}.")
    (a, b), exponent = unit_scaled(a, b)  # T² is scale-invariant; the mean difference is scaled back
    d = a - b
    n, p = d.shape
    if n <= p:
        raise ValueError(f"Hotelling's T² needs more instances ({n}) than measures ({p}).")
    mean = d.mean(axis=0)
    cov = np.atleast_2d(np.cov(d, rowvar=False))
    try:
        t2 = float(n * mean @ np.linalg.solve(cov, mean))
    except np.linalg.LinAlgError:
        raise ValueError("the covariance matrix of the differences is singular; "
                         "drop constant or collinear measures.") from None
    f = (n - p) * t2 / (p * (n - 1))
    labels = list(x.columns) if isinstance(x, pd.DataFrame) else [f"measure{j + 1}" for j in range(p)]
    return HotellingResult(method="Paired Hotelling T² test", statistic=t2, pvalue=float(stats.f.sf(f, p, n - p)),
                           f=float(f), df1=p, df2=n - p,
                           mean_difference=pd.Series(scaled_back(mean, exponent), index=labels))


# ------------------------------------------------------------------- summary
@dataclass(frozen=True, kw_only=True)
class AssumptionsResult(BaseResult):
    """Which family of tests fits the data, with the reasons and the checks behind them.

    Attributes
    ----------
    recommendation : {"parametric", "non-parametric"}
        The family of tests the checks allow.
    parametric_ok : bool
        Whether every check passed (and there are enough instances).
    reasons : list of str
        Why, in sentences.
    alpha : float
        Level of the checks.
    checks : pandas.DataFrame
        One row per family of checks: ``check``, ``tested``, ``rejected_raw``, ``rejected``
        (after Bonferroni), ``min_pvalue``.
    normality : NormalityResult
        The per-algorithm normality tests (internal: what the report's figure draws).

    See Also
    --------
    check_assumptions : the function that returns it.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.check_assumptions(ac.load_dataset("cec2005_d10"))
    >>> r.parametric_ok, r.checks["check"].iloc[0]
    (False, 'normality per algorithm (Shapiro-Wilk)')
    """

    kind: ClassVar[str] = "assumptions"

    recommendation: str
    parametric_ok: bool
    reasons: list
    alpha: float
    checks: pd.DataFrame
    normality: Any = internal(default=None)

    def to_frame(self) -> pd.DataFrame:
        return self.checks.copy()

    def __str__(self) -> str:
        lines = [self.method, f"  recommendation: {self.recommendation}"]
        lines += [f"  - {reason}" for reason in self.reasons]
        return "\n".join(lines)


@documented_table_options
def check_assumptions(data: Any, *, alpha: float = 0.05, direction: str | None = None,
                      nan_policy: str = "raise") -> AssumptionsResult:
    """Run the relevant checks and say which family of tests is appropriate.

    Parametric tests (RM-ANOVA, paired t) need normal, homoscedastic data (and
    sphericity); with few instances or any failed check the non-parametric rank tests
    (Friedman, Wilcoxon, ...) are recommended (García et al. 2009, §3.1; Demšar 2006).
    Checks: Shapiro–Wilk per algorithm on the blocks, Brown–Forsythe (Levene's test
    centred on the median) across the algorithms, Mauchly's sphericity and, with runs,
    Shapiro–Wilk per algorithm × instance and Brown–Forsythe per instance.

    Why Brown–Forsythe and not García et al.'s Levene centred on the mean: on normal data
    with equal variances, 5 algorithms and 3, 5 or 10 runs per cell, the mean-centred test
    rejects 11.8, 9.7 and 6.9 % of the instances at alpha = 0.05 (t4 data: 24, 13 and 9 %),
    so a family of 30 instances is wrongly "rejected after Bonferroni" up to 25 % of the
    time; median-centred it rejects at most 3.3 % of the instances and 2.5 % of the
    families (null simulations in the tests). It is conservative with few runs (a check
    that seldom cries wolf; with 3 runs it almost never rejects) and ``homoscedasticity``
    still offers ``test="levene"``.

    A family of checks none of which could be run
    (every sample constant or too small) does not count as passed, and a table without
    variation to test (RM-ANOVA F undefined, e.g. all ties) is never declared fit for
    parametric tests: both lead to the non-parametric recommendation, with the reason.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        The results (instances × algorithms, or runs).
    alpha : float
        Level of every check, Bonferroni-adjusted within a family of checks (default 0.05).
    {table_options}

    Returns
    -------
    AssumptionsResult
        ``recommendation`` ("parametric" or "non-parametric"), ``parametric_ok``, the
        ``reasons`` and the ``checks`` table (tests run, rejections raw and after Bonferroni).

    See Also
    --------
    normality, homoscedasticity : the checks one by one.
    rm_anova : the parametric omnibus test (with Mauchly's sphericity test).
    friedman : the non-parametric one.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [3] Shapiro, S. S., Wilk, M. B. (1965). An analysis of variance test for normality
       (complete samples). *Biometrika* 52(3–4), 591–611. doi:10.1093/biomet/52.3-4.591
    .. [4] Brown, M. B., Forsythe, A. B. (1974). Robust tests for the equality of variances.
       *Journal of the American Statistical Association* 69(346), 364–367.
       doi:10.1080/01621459.1974.10482955
    .. [5] Mauchly, J. W. (1940). Significance test for sphericity of a normal n-variate
       distribution. *Annals of Mathematical Statistics* 11(2), 204–209. doi:10.1214/aoms/1177731915

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.check_assumptions(ac.load_dataset("cec2005_d10")).recommendation
    'non-parametric'
    """
    from algocompare.frequentist._omnibus import rm_anova

    v.check_probability("alpha", alpha)
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    rows: list[dict[str, Any]] = []
    reasons: list[str] = []
    norm = normality(results, test="shapiro", alpha=alpha)
    _summarise(rows, reasons, "normality per algorithm (Shapiro-Wilk)", norm.table, "algorithm(s)")
    var = homoscedasticity(results, test="levene_median", alpha=alpha)
    _summarise(rows, reasons, "equal variances across algorithms (Brown-Forsythe)", var.table, "test(s)")
    anova = rm_anova(results)
    if math.isnan(anova.statistic):
        rows.append({"check": "variation to test (RM-ANOVA)", "tested": 0, "rejected_raw": 1, "rejected": 1,
                     "min_pvalue": math.nan})
        reasons.append("no variation left to test (the RM-ANOVA F is undefined, e.g. all ties): "
                       "parametric tests say nothing here")
    if not math.isnan(anova.sphericity_pvalue):
        rejected = anova.sphericity_pvalue <= alpha
        rows.append({"check": "sphericity (Mauchly)", "tested": 1, "rejected_raw": int(rejected),
                     "rejected": int(rejected), "min_pvalue": anova.sphericity_pvalue})
        if rejected:
            reasons.append(f"sphericity rejected (Mauchly p = {anova.sphericity_pvalue:.3g}); "
                           f"use the Greenhouse-Geisser p of the ANOVA at least (epsilon = {anova.epsilon_gg:.3f})")
    if results.has_runs and int(results.run_counts().to_numpy().min()) >= 3:
        cells = normality(results, test="shapiro", per="cell", alpha=alpha)
        _summarise(rows, reasons, "normality per algorithm × instance (Shapiro-Wilk)", cells.table, "cell(s)")
        per_inst = homoscedasticity(results, test="levene_median", per="instance", alpha=alpha)
        _summarise(rows, reasons, "equal variances per instance (Brown-Forsythe)", per_inst.table, "instance(s)")
    if results.n_instances < 10:
        reasons.append(f"only {results.n_instances} instances: too few to rely on normality checks")
    violated = any(r["rejected"] > 0 for r in rows) or results.n_instances < 10
    if not violated:
        reasons.append("no check rejected its assumption at alpha = " + f"{alpha:g}")
    recommendation = "non-parametric" if violated else "parametric"
    return AssumptionsResult(method="Assumptions of parametric tests", recommendation=recommendation,
                             parametric_ok=not violated, reasons=reasons, alpha=alpha,
                             checks=pd.DataFrame(rows), normality=norm,
                             dropped_instances=drop_record(results, nan_policy))


def _summarise(rows: list, reasons: list, label: str, table: pd.DataFrame, unit: str) -> None:
    # A family of m tests rejects when its smallest p-value does (Bonferroni / Holm's first step),
    # so 2 rejections among 36 cells at alpha = 0.05 are not mistaken for a violation.
    valid = table["pvalue"].notna()
    tested = int(valid.sum())
    min_p = float(table.loc[valid, "pvalue"].min()) if valid.any() else math.nan
    alpha = float(table.attrs.get("alpha", 0.05))
    family = bool(tested and min_p * tested <= alpha)
    untestable = tested == 0 and len(table) > 0  # an untested assumption has not passed
    rows.append({"check": label, "tested": tested, "rejected_raw": int(table.loc[valid, "reject"].sum()),
                 "rejected": int(family or untestable), "min_pvalue": min_p})
    if untestable:
        notes = [n for n in table.get("note", pd.Series(dtype=str)) if n]
        reasons.append(f"{label}: could not be tested ({notes[0] if notes else 'every sample constant or too small'})")
    if family:
        reasons.append(f"{label}: rejected for {int(table.loc[valid, 'reject'].sum())} of {tested} {unit} "
                       f"(smallest p = {min_p:.3g}, significant after Bonferroni)")
