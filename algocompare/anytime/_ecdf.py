"""Fixed-target runtime ECDFs: the fraction of (run, target) pairs reached by each budget.

The targets are chosen as the platforms choose them (:func:`ecdf_targets`): COCO's 51 fixed
targets 10^[2..-8] of f − f_opt, or IOHanalyzer's targets spaced between the best and the worst
value found on each instance. :func:`runtime_ecdf` reads every run's first-hit evaluations off
:meth:`AnytimeResults.runtimes` (one vectorised grid) and keeps them; the ECDF at any budget, per
instance or aggregated over instances, is read from them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._options import N_RESAMPLES_INNER
from algocompare._results import BaseResult
from algocompare._validation import check_option
from algocompare.anytime._ert import _cells, _simulated_runlengths
from algocompare.anytime._model import AnytimeResults

__all__ = ["ECDFResult", "runtime_ecdf", "ecdf_targets", "TARGET_CHOICES", "BBOB_TARGETS"]

#: COCO's targets of its runtime ECDFs (cocopp ``pprldmany_target_values`` of the bbob suite):
#: 51 values 10^2, 10^1.8, ..., 10^-8 of f − f_opt, computed as cocopp computes them.
BBOB_TARGETS = 10 ** np.arange(2, -8.2, -0.2)
#: How :func:`ecdf_targets` chooses targets.
TARGET_CHOICES = ("bbob", "log-linear", "linear")


@dataclass(frozen=True, kw_only=True, eq=False)
class ECDFResult(BaseResult):
    """Runtime ECDFs: for every algorithm, the fraction of (run, target) pairs reached by a budget.

    Attributes
    ----------
    method : str
        What was computed.
    direction : str
        ``"minimize"`` or ``"maximize"`` (of the values the targets refer to).
    runtimes : pandas.DataFrame
        One row per (run, target): ``algorithm``, ``instance``, ``run``, ``target``, ``runtime``
        (evaluations of the run's first record that reached the target, ``inf`` when it never
        did) and ``budget`` (the evaluations the run used).
    restarts : bool
        Whether the rows are cocopp's run lengths with simulated restarts (``run`` numbers them)
        instead of the runs as logged.
    by : str or None
        How instances were grouped (``"dimension"``, or the name of the function given as ``by``);
        None: not grouped. When grouped, ``runtimes`` has a ``group`` column, each instance's group.

    See Also
    --------
    runtime_ecdf : makes it.
    ecdf_targets : the platforms' targets.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("A", "f1", 2, [1, 10], [5.0, 4.0], 100)])
    >>> result = ac.runtime_ecdf(runs, [6.0, 3.0])
    >>> result.value(1), result.value(10)
    (algorithm
    A    0.5
    Name: ecdf, dtype: float64, algorithm
    A    0.75
    Name: ecdf, dtype: float64)
    """

    kind: ClassVar[str] = "ecdf"
    direction: str
    runtimes: pd.DataFrame
    restarts: bool = False
    by: str | None = None

    def value(self, budget: float, *, instance: Any = None, group: Any = None, pooled: bool = False) -> pd.Series:
        """The ECDF of every algorithm at one budget.

        Parameters
        ----------
        budget : float
            Evaluations.
        instance : label, optional
            One instance (function); default: aggregated over all instances.
        group : label, optional
            Aggregated over the instances of one group only (e.g. one dimension, as cocopp
            aggregates per dimension); needs ``runtime_ecdf(..., by=...)``.
        pooled : bool
            How instances are aggregated: ``False`` (default, cocopp's ``pprldmany``) averages the
            per-instance ECDFs, each instance weighing the same; ``True`` (IOHanalyzer's
            ``ECDF.DataSetList``) pools all (run, target) pairs. They agree when every instance has
            as many runs × targets.

        Returns
        -------
        pandas.Series
            Indexed by algorithm, values in [0, 1].
        """
        return self.values([budget], instance=instance, group=group, pooled=pooled).iloc[:, 0].rename("ecdf")

    def values(self, budgets: Sequence[float] | np.ndarray, *, instance: Any = None, group: Any = None,
               pooled: bool = False) -> pd.DataFrame:
        """The ECDF of every algorithm at many budgets: (algorithms × budgets), as :meth:`value`.

        Parameters
        ----------
        budgets : sequence of float
            Evaluations.
        instance : label, optional
            One instance; default: aggregated over all instances.
        group : label, optional
            Aggregated over one group's instances (``runtime_ecdf(..., by=...)``).
        pooled : bool
            Pool the (run, target) pairs of all instances instead of averaging per instance.

        Returns
        -------
        pandas.DataFrame
            Rows: algorithms; columns: the budgets.
        """
        grid = np.atleast_1d(np.asarray(budgets, dtype=float)).ravel()
        if grid.size == 0 or np.isnan(grid).any():
            raise ValueError("budgets must be one or more numbers (no NaN).")
        frame = self.runtimes if group is None else self._group_rows(group, instance)
        algorithm_codes, algorithms = pd.factorize(frame["algorithm"], sort=False)
        instance_codes, instances = pd.factorize(frame["instance"], sort=False)
        runtime = frame["runtime"].to_numpy(dtype=float)
        if instance is not None:
            wanted = [i for i, label in enumerate(instances) if label == instance]
            if not wanted:
                raise ValueError(f"no instance {instance!r} in this ECDF; instances: {', '.join(map(str, instances))}.")
            keep = instance_codes == wanted[0]
            algorithm_codes, instance_codes, runtime = algorithm_codes[keep], instance_codes[keep] * 0, runtime[keep]
            instances = instances[wanted]
        if pooled or instance is not None:
            fractions = _hit_fractions(algorithm_codes, runtime, len(algorithms), grid)
        else:
            cells = _hit_fractions(algorithm_codes * len(instances) + instance_codes, runtime,
                                   len(algorithms) * len(instances), grid)
            with np.errstate(invalid="ignore"):
                fractions = np.nanmean(cells.reshape(len(algorithms), len(instances), grid.size), axis=1)
        present = np.bincount(algorithm_codes, minlength=len(algorithms)) > 0
        table = pd.DataFrame(fractions[present], index=pd.Index(algorithms[present], name="algorithm"), columns=grid)
        return table

    def _group_rows(self, group: Any, instance: Any) -> pd.DataFrame:
        """The rows of one group's instances."""
        if self.by is None:
            raise ValueError("this ECDF has no groups; make it with runtime_ecdf(..., by='dimension' or a function).")
        if instance is not None:
            raise ValueError("give instance= or group=, not both (an instance is in one group).")
        codes, groups = pd.factorize(self.runtimes["group"], sort=False)
        wanted = [k for k, label in enumerate(groups) if label == group]
        if not wanted:
            raise ValueError(f"no group {group!r} in this ECDF; groups: {', '.join(map(str, groups))}.")
        return self.runtimes[codes == wanted[0]]

    def to_frame(self, budgets: Sequence[float] | np.ndarray | None = None) -> pd.DataFrame:
        """The ECDFs in long form: per instance and aggregated (``instance`` = ``"all"``).

        Grouped (``runtime_ecdf(..., by=...)``), a ``group`` column follows ``algorithm``: each
        instance's group on its rows, and rows aggregated over each group's instances (``instance``
        ``"all"``, ``group`` the group) besides those over all instances (both ``"all"``).

        Parameters
        ----------
        budgets : sequence of float, optional
            Where to read the ECDFs; default: every finite runtime and every run's budget (where
            the step functions jump, and where they end).

        Returns
        -------
        pandas.DataFrame
            Columns ``algorithm``, (``group``,) ``instance``, ``budget``, ``ecdf``.
        """
        if budgets is None:
            finite = self.runtimes["runtime"].to_numpy()
            budgets = np.unique(np.concatenate([finite[np.isfinite(finite)], self.runtimes["budget"].to_numpy()]))
        pieces = [_long(self.values(budgets), "all")]
        for label in pd.unique(self.runtimes["instance"]):
            pieces.append(_long(self.values(budgets, instance=label), label))
        if self.by is None:
            return pd.concat(pieces, ignore_index=True)
        first = self.runtimes.drop_duplicates("instance")
        group_of = dict(zip(first["instance"], first["group"], strict=True))
        pieces[0].insert(1, "group", "all")
        for piece in pieces[1:]:
            piece.insert(1, "group", [group_of[piece["instance"].iloc[0]]] * len(piece))
        per_group = []
        for group in pd.unique(self.runtimes["group"]):
            piece = _long(self.values(budgets, group=group), "all")
            piece.insert(1, "group", [group] * len(piece))
            per_group.append(piece)
        return pd.concat([pieces[0], *per_group, *pieces[1:]], ignore_index=True)

    def __str__(self) -> str:
        budgets = np.unique(self.runtimes["budget"].to_numpy())
        grid = np.unique(np.round(np.geomspace(1, budgets.max(), 6)))
        text = self.values(grid).round(3).to_string()
        return f"{self.method}\n  aggregated ECDF at budgets:\n" + "\n".join("  " + line for line in text.splitlines())


def _hit_fractions(groups: np.ndarray, runtime: np.ndarray, n_groups: int, budgets: np.ndarray) -> np.ndarray:
    """(groups × budgets): the fraction of each group's runtimes at or below each budget, NaN for
    an empty group; one sort, then binary searches (not rows × budgets comparisons)."""
    distinct = np.unique(runtime)
    width = distinct.size + 1
    keys = np.sort(groups.astype(np.int64) * width + np.searchsorted(distinct, runtime))
    starts = np.searchsorted(keys, np.arange(n_groups, dtype=np.int64) * width)
    sizes = np.bincount(groups, minlength=n_groups)
    reached = np.searchsorted(distinct, budgets, side="right")  # distinct values <= each budget
    ends = np.searchsorted(keys, np.arange(n_groups, dtype=np.int64)[:, None] * width + reached[None, :])
    with np.errstate(invalid="ignore", divide="ignore"):
        return (ends - starts[:, None]) / np.where(sizes > 0, sizes, np.nan)[:, None]


def _long(table: pd.DataFrame, instance: Any) -> pd.DataFrame:
    long = table.rename_axis(columns="budget").stack().rename("ecdf").reset_index()
    long.insert(1, "instance", [instance] * len(long))
    return long[["algorithm", "instance", "budget", "ecdf"]]


def ecdf_targets(runs: AnytimeResults, choice: str = "bbob", *, n_targets: int = 10) -> dict[Any, np.ndarray]:
    """The targets of runtime ECDFs, per instance, as COCO and IOHanalyzer choose them.

    Parameters
    ----------
    runs : AnytimeResults
        The runs (of all algorithms: IOHanalyzer spaces the targets over every value found).
    choice : {"bbob", "log-linear", "linear"}
        ``"bbob"``: COCO's 51 targets 10^2 ... 10^-8 for every instance (the values must be
        f − f_opt, as :func:`read_coco` gives them); ``"log-linear"`` (IOHanalyzer's default) and
        ``"linear"``: ``n_targets`` values from the best to the worst best-so-far value recorded
        on the instance by any run, equally spaced in log10 (values below 1e-12 taken as 1e-12)
        or linearly, as IOHanalyzer's ``get_ECDF_targets``/``seq_FV``.
    n_targets : int
        Targets per instance for ``"log-linear"`` and ``"linear"`` (IOHanalyzer's default 10).

    Returns
    -------
    dict
        Instance label → array of targets, easiest first.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        An unknown ``choice``; ``n_targets`` below 2; ``"bbob"`` on maximized values.

    See Also
    --------
    runtime_ecdf : the ECDFs at these targets.

    Notes
    -----
    IOHanalyzer's ``seq_FV`` ends the sequence exactly at the recorded minimum and maximum (R's
    ``seq`` does; so does :func:`numpy.linspace`); on the log scale they go through
    ``10 ** log10``, which may move them by a rounding error, as in IOHanalyzer.

    References
    ----------
    .. [1] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3. doi:10.1145/3510426
    .. [2] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [100.0, 1.0], 10)])
    >>> ac.ecdf_targets(runs, "log-linear", n_targets=3)["f1"]
    array([100.,  10.,   1.])
    >>> ac.ecdf_targets(runs)["f1"].size
    51
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"ecdf_targets expects AnytimeResults, got {type(runs).__name__}.")
    check_option("choice", choice, TARGET_CHOICES)
    if isinstance(n_targets, bool) or not isinstance(n_targets, (int, np.integer)) or n_targets < 2:
        raise ValueError(f"n_targets must be an integer of at least 2, got {n_targets!r}.")
    if choice == "bbob":
        if runs.direction != "minimize":
            raise ValueError("the bbob targets are precisions f - f_opt (minimized); these runs are maximized: "
                             "choose 'log-linear' or 'linear', or pass the targets.")
        return {label: BBOB_TARGETS.copy() for label in runs.instances}
    long = runs.to_long()
    sign = 1.0 if runs.direction == "minimize" else -1.0
    long["best"] = sign * (sign * long["value"]).groupby([long["algorithm"], long["instance"], long["run"]],
                                                         sort=False).cummin()
    targets = {}
    for label, best in long.groupby("instance", sort=False)["best"]:
        low, high = float(best.min()), float(best.max())
        if choice == "log-linear":
            spaced = 10 ** np.linspace(np.log10(max(1e-12, low)), np.log10(max(1e-12, high)), n_targets)
        else:
            spaced = np.linspace(low, high, n_targets)
        spaced = np.unique(spaced)  # IOHanalyzer's unique(): one target when best = worst
        targets[label] = spaced[::-1] if runs.direction == "minimize" else spaced
    return targets


def runtime_ecdf(runs: AnytimeResults, targets: str | Sequence[float] | Mapping[Any, Sequence[float]] = "bbob", *,
                 n_targets: int = 10, restarts: bool = False, n_resamples: int = N_RESAMPLES_INNER,
                 rng: Any = None, by: str | Callable[[Any], Any] | None = None) -> ECDFResult:
    """Fixed-target runtime ECDFs: the fraction of (run, target) pairs reached by each budget.

    For an algorithm on one instance with runs i and targets j, the ECDF at budget b is the
    fraction of pairs (i, j) whose first-hit evaluations e_ij ≤ b (an unsuccessful pair never
    counts); aggregated over instances, the mean of the per-instance ECDFs (cocopp), or the
    fraction of all pairs pooled (IOHanalyzer, :meth:`ECDFResult.value` with ``pooled=True``).

    Parameters
    ----------
    runs : AnytimeResults
        The runs.
    targets : {"bbob", "log-linear", "linear"}, sequence of float, or mapping
        A choice of :func:`ecdf_targets` (default ``"bbob"``: COCO's 51 targets of f − f_opt),
        the same targets for every instance, or instance label → targets.
    n_targets : int
        Targets per instance for ``"log-linear"``/``"linear"``.
    restarts : bool
        ``False`` (default): the runs as logged. ``True``: cocopp's default for the bbob suite,
        ``n_resamples`` run lengths with simulated restarts per (algorithm, instance, target)
        (``toolsstats.drawSP``, as :func:`ert` with ``percentiles``) in place of the runs; the
        ``run`` column then numbers the simulated run lengths.
    n_resamples : int
        Simulated run lengths per (algorithm, instance, target) with ``restarts``; default
        :data:`~algocompare._options.N_RESAMPLES_INNER` (cocopp draws about 100). A multiple of
        the runs makes the first draws balanced, as cocopp's.
    rng : None, int or numpy.random.Generator
        Seed of the simulated restarts.
    by : None, "dimension" or callable
        Group the instances, to aggregate within each group as cocopp aggregates the functions of
        one dimension: ``"dimension"`` reads the ``_D<n>`` suffix of the readers' instance names
        (``"F12_D30"`` → 30); a function maps an instance label to its group. None (default): no
        groups. Read a group with ``value``/``values``/``plot`` ``(group=...)``.

    Returns
    -------
    ECDFResult
        The (run, target) runtimes; ``value(budget)``, ``values(budgets)``, ``to_frame()``,
        ``plot()``.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        No target or a NaN target; a mapping that misses an instance or names an unknown one;
        ``by="dimension"`` with an instance name without ``_D<n>``, or a group that is None.

    See Also
    --------
    ecdf_targets : the platforms' targets.
    ert : expected running times at the same targets.
    ecdf_auc : the area under each run's ECDF.

    Notes
    -----
    This is the deterministic ECDF of the runs as they are, cocopp's ``pprldmany`` without
    simulated restarts (its branch for suites whose instances are not uniform, which draws every
    run equally often) and IOHanalyzer's ``ECDF``. cocopp's default for bbob draws bootstrapped
    run lengths with simulated restarts instead (:func:`ert` with ``percentiles`` draws the same
    run lengths); it agrees with this one up to each run's budget and goes on above it. cocopp
    plots budgets divided by the dimension; here they are evaluations. IOHanalyzer's aggregated
    Shiny plot (``generate_data.ECDF``) drops unsuccessful runs per target (R's ``ecdf`` ignores
    NA), so its curves are higher where some runs fail; this one counts them as not reached, as
    its ``ECDF.DataSetList`` and cocopp do.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897
    .. [2] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3. doi:10.1145/3510426

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("B", "f1", 1, [1, 50], [5.0, 1.0], 100)])
    >>> ecdf = ac.runtime_ecdf(runs, [4.0, 1.5])
    >>> ecdf.values([5, 10, 50])
               5.0   10.0  50.0
    algorithm
    A           0.0   0.5   0.5
    B           0.0   0.0   1.0

    Grouped by dimension, as cocopp aggregates:

    >>> runs = ac.AnytimeResults.from_runs([("A", "F1_D2", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("A", "F2_D2", 1, [1, 10], [5.0, 5.0], 100),
    ...                                     ("A", "F1_D5", 1, [1, 10], [5.0, 1.0], 100)])
    >>> ecdf = ac.runtime_ecdf(runs, [4.0, 1.5], by="dimension")
    >>> ecdf.value(10, group=2).tolist(), ecdf.value(10, group=5).tolist()
    ([0.25], [1.0])
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"runtime_ecdf expects AnytimeResults (read_coco, read_iohprofiler, ...), "
                        f"got {type(runs).__name__}.")
    per_instance = _targets_per_instance(runs, targets, n_targets)
    groups = _groups(runs.instances, by)
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer (e.g. 999), got {n_resamples!r}.")
    generator = np.random.default_rng(rng) if restarts else None
    labels = runs.runs()
    unique = np.unique(np.concatenate(list(per_instance.values())))
    grid = runs.runtimes(unique)  # (runs, distinct targets): one pass over the records
    instance_codes, instance_labels = pd.factorize(labels["instance"], sort=False)
    rows_of = {label: np.flatnonzero(instance_codes == code) for code, label in enumerate(instance_labels)}
    if generator is not None:
        pieces = [_simulated_pairs(labels.iloc[rows_of[label]], label, wanted,
                                   grid[np.ix_(rows_of[label], np.searchsorted(unique, wanted))], n_resamples,
                                   generator)
                  for label, wanted in per_instance.items()]
        table = pd.concat(pieces, ignore_index=True)
    else:
        table = _pairs_table(labels, per_instance, rows_of, unique, grid)
    if groups is not None:
        codes, instances = pd.factorize(table["instance"], sort=False)
        table.insert(2, "group", _object_array([groups[label] for label in instances])[codes])
    name = targets if isinstance(targets, str) else "given"
    method = (f"runtime ECDF ({name} targets, {len(per_instance)} instance(s), "
              f"{max(np.unique(wanted).size for wanted in per_instance.values())} target(s) per instance at most"
              + (f", {n_resamples} run lengths with simulated restarts per target)" if restarts else ")"))
    by_name = None if by is None else by if isinstance(by, str) else getattr(by, "__name__", "group")
    if by_name is not None:
        method = method[:-1] + f", grouped by {by_name})"
    return ECDFResult(method=method, direction=runs.direction, runtimes=table, restarts=bool(restarts), by=by_name)


def _groups(instances: Sequence[Any], by: Any) -> dict[Any, Any] | None:
    """Instance label → group, or None without ``by``."""
    if by is None:
        return None
    if by == "dimension":
        groups = {}
        for label in instances:
            match = re.search(r"_D(\d+)$", label) if isinstance(label, str) else None
            if match is None:
                raise ValueError(f"instance {label!r} has no '_D<dimension>' suffix (as the readers' 'F12_D30'); "
                                 "pass by= a function of the instance label that gives its group.")
            groups[label] = int(match.group(1))
        return groups
    if not callable(by):
        raise ValueError(f"by must be None, 'dimension' or a function of the instance label, got {by!r}.")
    groups = {label: by(label) for label in instances}
    missing = [label for label, group in groups.items() if group is None]
    if missing:
        raise ValueError(f"by gave no group (None) for instance {missing[0]!r}; give every instance a group.")
    return groups


def _object_array(items: Sequence[Any]) -> np.ndarray:
    out = np.empty(len(items), dtype=object)
    out[:] = list(items)
    return out


def _pairs_table(labels: pd.DataFrame, per_instance: dict[Any, np.ndarray], rows_of: dict[Any, np.ndarray],
                 unique: np.ndarray, grid: np.ndarray) -> pd.DataFrame:
    """One row per (run, target of its instance), instance by instance, runs in order within each.

    Each column is filled once through one index of (run, target) rows — no per-instance frames
    concatenated — so a gigabyte of logs (10^5 runs × 51 targets) holds the table only once.
    """
    run_rows = [rows_of[label] for label in per_instance]
    pairs = list(zip(run_rows, per_instance.values(), strict=True))
    sizes = np.concatenate([np.full(rows.size, wanted.size, dtype=np.int32) for rows, wanted in pairs])
    run_of_pair = np.repeat(np.concatenate(run_rows).astype(np.int32), sizes)  # int32: half the index memory
    column_of_pair = np.concatenate([np.tile(np.searchsorted(unique, wanted).astype(np.int32), rows.size)
                                     for rows, wanted in pairs])
    return pd.DataFrame({
        "algorithm": labels["algorithm"].to_numpy()[run_of_pair],
        "instance": labels["instance"].to_numpy()[run_of_pair],
        "run": labels["run"].to_numpy()[run_of_pair],
        "target": unique[column_of_pair],
        "runtime": grid[run_of_pair, column_of_pair],
        "budget": labels["budget"].to_numpy()[run_of_pair],
    }, copy=False)  # the columns are new arrays already: no second copy of a gigabyte's table


def _simulated_pairs(labels: pd.DataFrame, instance: Any, targets: np.ndarray, block: np.ndarray, n_resamples: int,
                     generator: np.random.Generator) -> pd.DataFrame:
    """cocopp's simulated-restart run lengths for one instance: ``n_resamples`` rows per
    (algorithm, target), ``inf`` where no run reached the target; ``budget``: the largest of the
    algorithm's runs there (where cocopp's curves are cut)."""
    success = np.isfinite(block)
    budgets = labels["budget"].to_numpy(dtype=float)
    spent = np.where(success, block, budgets[:, None])
    evals, flags = _cells(labels[["algorithm", "instance"]].reset_index(drop=True), success, spent)
    sizes = np.sum(~np.isnan(evals), axis=1)
    samples = np.full((evals.shape[0], n_resamples), np.inf)
    solvable = np.flatnonzero(flags.any(axis=1))
    chunk = max(1, 4_000_000 // max(n_resamples * evals.shape[1], 1))
    for start in range(0, solvable.size, chunk):
        rows = solvable[start:start + chunk]
        samples[rows] = _simulated_runlengths(evals[rows], flags[rows], sizes[rows], n_resamples, generator)
    algorithms = pd.unique(labels["algorithm"])  # _cells: target-major, algorithms in order of appearance
    largest = labels.groupby("algorithm", sort=False)["budget"].max().reindex(algorithms).to_numpy(dtype=float)
    cell_algorithm = np.tile(np.arange(algorithms.size), targets.size)
    return pd.DataFrame({
        "algorithm": np.repeat(np.asarray(algorithms, dtype=object)[cell_algorithm], n_resamples),
        "instance": [instance] * samples.size,
        "run": np.tile(np.arange(1, n_resamples + 1), evals.shape[0]),
        "target": np.repeat(np.repeat(targets, algorithms.size), n_resamples),
        "runtime": samples.ravel(),
        "budget": np.repeat(largest[cell_algorithm], n_resamples),
    })


def _targets_per_instance(runs: AnytimeResults, targets: Any, n_targets: int) -> dict[Any, np.ndarray]:
    if isinstance(targets, str):
        return ecdf_targets(runs, targets, n_targets=n_targets)
    if isinstance(targets, Mapping):
        unknown = [label for label in targets if label not in runs.instances]
        missing = [label for label in runs.instances if label not in targets]
        if unknown or missing:
            raise ValueError(f"targets must name every instance once: unknown {unknown}, missing {missing}.")
        return {label: _target_array(targets[label]) for label in runs.instances}
    shared = _target_array(targets)
    return {label: shared for label in runs.instances}


def _target_array(values: Any) -> np.ndarray:
    array = np.atleast_1d(np.asarray(values, dtype=float)).ravel()
    if array.size == 0 or np.isnan(array).any():
        raise ValueError("targets must be one or more numbers (no NaN), or one of "
                         f"{', '.join(map(repr, TARGET_CHOICES))}.")
    return array
