"""Expected running time (ERT) and success rates of anytime results, as COCO defines them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd

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
        over the runs of the evaluations until the target or, for an unsuccessful run, its budget).

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


def ert(runs: AnytimeResults, targets: float | Sequence[float]) -> ERTResult:
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

    Returns
    -------
    ERTResult
        ``table``: algorithm, instance, target, ert, success_rate, successes, runs, evaluations.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        No target, or a NaN target.

    See Also
    --------
    AnytimeResults.at_target : the runtimes of each run.

    Notes
    -----
    cocopp computes the same number (``toolsstats.sp`` on the evaluations with unsuccessful runs
    at their maximal evaluations, ``DataSet.detERT``); the tests restate its values on the
    IOHprofiler sample (``tests/reference/ert_cocopp.py``).

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
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"ert expects AnytimeResults (read_cec, read_iohprofiler, AnytimeResults.from_long), "
                        f"got {type(runs).__name__}.")
    target_list = np.atleast_1d(np.asarray(targets, dtype=float)).ravel()
    if target_list.size == 0 or np.isnan(target_list).any():
        raise ValueError("targets must be one or more numbers (no NaN).")
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
    return ERTResult(method=method, direction=runs.direction, table=table)
