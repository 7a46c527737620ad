"""Expected running time (ERT) and success rates of anytime results, as COCO defines them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._options import N_RESAMPLES
from algocompare._results import BaseResult
from algocompare.anytime._model import AnytimeResults

__all__ = ["ert", "ERTResult"]


@dataclass(frozen=True, kw_only=True, eq=False)
class ERTResult(BaseResult):
    """Expected running times and success rates per algorithm, instance and target.

    Attributes
    ----------
    method : str
        What was computed.
    direction : str
        ``"minimize"`` or ``"maximize"`` (of the values the targets refer to).
    table : pandas.DataFrame
        One row per (algorithm, instance, target): ``ert`` (evaluations; ``inf`` when no run
        reached the target), ``success_rate``, ``successes``, ``runs`` and ``evaluations`` (the sum
        over the runs of the evaluations until the target or, for an unsuccessful run, its budget);
        with ``percentiles``, one more column per percentile p, ``runlength_p<p>``: the p-th
        percentile of the simulated-restart run lengths (cocopp's dispersion), ``inf`` when no run
        reached the target.

    See Also
    --------
    ert : makes it.

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
    >>> ac.ert(runs, [3.0]).table
      algorithm instance  target    ert  success_rate  successes  runs  evaluations
    0         A       f1     3.0  110.0           0.5          1     2        110.0
    """

    kind: ClassVar[str] = "ert"
    direction: str
    table: pd.DataFrame

    def to_frame(self) -> pd.DataFrame:
        """The table: one row per (algorithm, instance, target).

        Returns
        -------
        pandas.DataFrame
        """
        return self.table.copy()

    def __str__(self) -> str:
        text = self.table.to_string(index=False)
        return f"{self.method}\n" + "\n".join("  " + line for line in text.splitlines())


def ert(runs: AnytimeResults, targets: float | Sequence[float] | np.ndarray, *,
        percentiles: Sequence[float] | None = None, n_resamples: int = N_RESAMPLES, rng: Any = None) -> ERTResult:
    """Expected running time (ERT) and success rate of every algorithm on every instance, per target.

    For one algorithm, instance and target, with runs i = 1..n, each having reached the target
    after e_i evaluations or, unsuccessful, used its budget b_i,

        ERT = (Σ_{successful} e_i + Σ_{unsuccessful} b_i) / #successes,

    the expected evaluations to reach the target by restarting unsuccessful runs independently
    (Price 1997; Auger & Hansen 2005; COCO), ``inf`` when no run succeeded; the success rate is
    #successes / n.

    Parameters
    ----------
    runs : AnytimeResults
        The runs (budgets: the evaluations each run used).
    targets : float or sequence of float
        Values to reach (at or below when minimizing, at or above when maximizing).
    percentiles : sequence of float or None
        Percentiles in [0, 100] of the bootstrapped run lengths with simulated restarts to report
        beside the ERT, as cocopp's tables do with ``(10, 50, 90)`` (their 10 and 90 %
        percentiles are the dispersion cocopp prints); ``None`` (default): no bootstrap.
    n_resamples : int
        Simulated run lengths per (algorithm, instance, target) when ``percentiles`` is given;
        default :data:`~algocompare._options.N_RESAMPLES`. A multiple of the number of runs makes
        the first draws balanced exactly, as cocopp's ``bootstrap_sample_size`` does.
    rng : None, int or numpy.random.Generator
        Seed of the bootstrap.

    Returns
    -------
    ERTResult
        ``table``: algorithm, instance, target, ert, success_rate, successes, runs, evaluations
        (and ``runlength_p<p>`` per percentile).

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        No target, or a NaN target; a percentile outside [0, 100]; ``n_resamples`` below 1.

    See Also
    --------
    AnytimeResults.at_target : the runtimes of each run.

    Notes
    -----
    cocopp computes the same number (``toolsstats.sp`` on the evaluations with unsuccessful runs
    at their maximal evaluations, ``DataSet.detERT``); the tests restate its values on the
    IOHprofiler sample (``tests/reference/ert_cocopp.py``).

    The percentiles are cocopp's ``toolsstats.drawSP`` (the dispersion of its ``pptable`` and
    ``pptables``): one simulated run length draws a run uniformly, and while the drawn run is
    unsuccessful adds its budget and draws again, until a successful run adds its evaluations to
    reach the target. The mean of these run lengths is the ERT. The first draws go through random
    permutations of the runs (cocopp's derandomized draw), the later ones are independent; the
    percentiles interpolate as cocopp's ``toolsstats.prctile`` (position p/100·n − 0.5 in the sorted
    sample). When every run succeeded and ``n_resamples`` is a multiple of the runs, the result is
    deterministic (the percentiles of the runs' own evaluations, each repeated equally often); when
    none did, it is ``inf`` (cocopp reports nothing). All cells are simulated at once, the loop only
    over the rounds of restarts still running.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897
    .. [2] Auger, A., Hansen, N. (2005). Performance evaluation of an advanced local search
       evolutionary algorithm. *IEEE Congress on Evolutionary Computation 2005*, 1777–1784.
       doi:10.1109/CEC.2005.1554903

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> long = pd.DataFrame({"algorithm": "A", "instance": "f1", "run": [1, 1, 2, 2, 3],
    ...                      "evaluations": [1, 40, 1, 90, 100], "value": [5.0, 0.5, 6.0, 0.8, 3.0]})
    >>> result = ac.ert(ac.AnytimeResults.from_long(long), [1.0, 0.6])
    >>> result.table[["target", "ert", "success_rate"]]
       target    ert  success_rate
    0     1.0  115.0      0.666667
    1     0.6  230.0      0.333333
    >>> bootstrapped = ac.ert(ac.AnytimeResults.from_long(long), [1.0], percentiles=(10, 50, 90), rng=1)
    >>> bootstrapped.table[["runlength_p10", "runlength_p50", "runlength_p90"]].round(-1)
       runlength_p10  runlength_p50  runlength_p90
    0           40.0           90.0          240.0
    """
    _check_runs(runs, "ert")
    target_list = np.atleast_1d(np.asarray(targets, dtype=float)).ravel()
    if target_list.size == 0 or np.isnan(target_list).any():
        raise ValueError("targets must be one or more numbers (no NaN).")
    percentile_list = _check_percentiles(percentiles, n_resamples)
    reached = runs.runtimes(target_list)  # (runs, targets), inf where a run never reached it
    success = np.isfinite(reached)
    spent = np.where(success, reached, runs.budgets()[:, None])
    labels = runs.runs()[["algorithm", "instance"]]
    pieces = []
    for j, target in enumerate(target_list):
        grouped = labels.assign(success=success[:, j], spent=spent[:, j]).groupby(["algorithm", "instance"],
                                                                                 sort=False)
        summary = grouped.agg(successes=("success", "sum"), runs=("success", "size"), evaluations=("spent", "sum"))
        pieces.append(summary.reset_index().assign(target=float(target)))
    table = pd.concat(pieces, ignore_index=True)
    successes = table["successes"].to_numpy()
    with np.errstate(divide="ignore"):
        table["ert"] = np.where(successes > 0, table["evaluations"] / np.maximum(successes, 1), np.inf)
    table["success_rate"] = successes / table["runs"]
    table = table[["algorithm", "instance", "target", "ert", "success_rate", "successes", "runs", "evaluations"]]
    method = f"expected running time (ERT) and success rate, {target_list.size} target(s), {runs.direction}"
    if percentile_list is not None:
        cells = _cells(labels, success, spent)  # same (target-major, group) order as the table
        found = simulated_runlength_percentiles(*cells, percentile_list, n_resamples, np.random.default_rng(rng))
        for k, p in enumerate(percentile_list):
            table[f"runlength_p{p:g}"] = found[:, k]
        method += f", percentiles {', '.join(f'{p:g}' for p in percentile_list)} of {n_resamples} simulated run lengths"
    return ERTResult(method=method, direction=runs.direction, table=table)


def _check_percentiles(percentiles: Sequence[float] | None, n_resamples: int) -> np.ndarray | None:
    if percentiles is None:
        return None
    values = np.atleast_1d(np.asarray(percentiles, dtype=float)).ravel()
    if values.size == 0 or not np.all((values >= 0) & (values <= 100)):
        raise ValueError(f"percentiles must be numbers in [0, 100], e.g. (10, 50, 90); got {percentiles!r}.")
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive integer (e.g. 9999), got {n_resamples!r}.")
    return values


def _check_runs(runs: Any, name: str) -> None:
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"{name} expects AnytimeResults (read_cec, read_iohprofiler, AnytimeResults.from_long), "
                        f"got {type(runs).__name__}.")


def _cells(labels: pd.DataFrame, success: np.ndarray, spent: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Padded (cells × max runs) evaluations and success flags, one cell per (target, group), runs
    of a group in their order, padding NaN; cells ordered as the ERT table (target-major, groups in
    order of first appearance)."""
    codes = labels.groupby(["algorithm", "instance"], sort=False).ngroup().to_numpy()
    n_groups = codes.max() + 1 if codes.size else 0
    order = np.argsort(codes, kind="stable")
    sizes = np.bincount(codes, minlength=n_groups)
    slot = np.arange(codes.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)  # position within its group
    width = sizes.max()
    n_targets = success.shape[1]
    evals = np.full((n_targets, n_groups, width), np.nan)
    flags = np.zeros((n_targets, n_groups, width), dtype=bool)
    evals[:, codes[order], slot] = spent[order].T
    flags[:, codes[order], slot] = success[order].T
    return evals.reshape(-1, width), flags.reshape(-1, width)


def simulated_runlength_percentiles(evals: np.ndarray, success: np.ndarray, percentiles: np.ndarray,
                                    n_resamples: int, generator: np.random.Generator) -> np.ndarray:
    """cocopp's ``drawSP`` for many cells at once: (cells × percentiles) of simulated run lengths.

    ``evals``: (cells × width) evaluations to the target (successful) or budgets (unsuccessful),
    NaN padding; ``success``: which runs reached the target. Cells without success give ``inf``.
    """
    result = np.full((evals.shape[0], percentiles.size), np.inf)
    sizes = np.sum(~np.isnan(evals), axis=1)
    solvable = np.flatnonzero(success.any(axis=1))
    chunk = max(1, 4_000_000 // max(n_resamples * evals.shape[1], 1))
    for start in range(0, solvable.size, chunk):
        rows = solvable[start:start + chunk]
        sample = _simulated_runlengths(evals[rows], success[rows], sizes[rows], n_resamples, generator)
        result[rows] = _cocopp_percentiles(np.sort(sample, axis=1), percentiles)
    return result


def _simulated_runlengths(evals: np.ndarray, success: np.ndarray, sizes: np.ndarray, n_resamples: int,
                          generator: np.random.Generator) -> np.ndarray:
    cells = np.arange(evals.shape[0])[:, None]
    # first draws: each cell's runs in a random order, repeated (cocopp's derandomized draw)
    keys = np.where(np.isnan(evals), np.inf, generator.random(evals.shape))
    permutation = np.argsort(keys, axis=1)
    first = permutation[cells, np.arange(n_resamples)[None, :] % sizes[:, None]]
    total = evals[cells, first]
    running = ~success[cells, first]
    # restarts: while the last drawn run was unsuccessful, draw another uniformly
    while running.any():
        row, column = np.nonzero(running)
        drawn = (generator.random(row.size) * sizes[row]).astype(np.intp)
        total[row, column] += evals[row, drawn]
        running[row, column] = ~success[row, drawn]
    return total


def _cocopp_percentiles(sorted_sample: np.ndarray, percentiles: np.ndarray) -> np.ndarray:
    """cocopp's ``toolsstats.prctile`` on each row of a sorted, finite sample: position
    p/100·n − 0.5, clipped to the ends, linear interpolation between neighbours."""
    n = sorted_sample.shape[1]
    position = np.clip(-0.5 + percentiles / 100.0 * n, 0, n - 1)
    low = np.floor(position).astype(np.intp)
    high = np.ceil(position).astype(np.intp)
    weight = position - low
    return sorted_sample[:, low] * (1 - weight) + sorted_sample[:, high] * weight
