"""The targets and the budget an anytime summary uses when the user names none."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from algocompare.anytime._ert import ERTResult, ert
from algocompare.anytime._model import AnytimeResults

__all__ = ["table_targets", "table_ert", "common_budget", "BBOB_TABLE_TARGETS"]

#: The targets of cocopp's ERT tables for f − f_opt data (its ``pptable`` targets 1e1 ... 1e-7, every
#: second power of ten of the bbob targets 10^{2..-8}).
BBOB_TABLE_TARGETS = (1e1, 1e-1, 1e-3, 1e-5, 1e-7)
#: The shares of runs whose final value is at least as good as each "quantiles" target (easiest first).
_SHARES = (0.9, 0.75, 0.5, 0.25, 0.1)


def table_targets(runs: AnytimeResults, choice: str = "quantiles", *,
                  by_instance: bool = False) -> np.ndarray | dict[Any, np.ndarray]:
    """Five targets for an ERT table, easiest first.

    Parameters
    ----------
    runs : AnytimeResults
        The runs.
    choice : {"quantiles", "bbob"}
        ``"bbob"``: cocopp's table targets 1e1, 1e-1, 1e-3, 1e-5, 1e-7 (for f − f_opt, as COCO
        and the CEC competitions log); ``"quantiles"`` (default): from the values found, the
        values that 90, 75, 50, 25 and 10 % of the runs reached by the end (the 10, 25, 50, 75
        and 90 % quantiles of the runs' final values, best-oriented), to 3 significant digits.
    by_instance : bool
        ``"quantiles"`` of each instance's runs (a dict instance → five targets, kept even when
        equal, so the columns of :func:`ert_table` align) instead of all runs pooled, which
        instances of different scales dominate in turn.

    Returns
    -------
    numpy.ndarray or dict
        Distinct targets, easiest first; with ``by_instance``, a dict of five per instance.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        An unknown ``choice``.

    See Also
    --------
    common_budget : the budget of the blocked comparison.
    ert : the ERTs at the targets.

    Notes
    -----
    Quantile targets give success rates spread over the table whatever the units of the values;
    cocopp's fixed targets suit f − f_opt data only (errors of other units would all be reached,
    or none).

    References
    ----------
    .. [1] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", r, [1, 10], [9.0, float(r)], 10) for r in range(1, 11)])
    >>> ac.table_targets(runs)
    array([9.  , 7.75, 5.5 , 3.25, 1.9 ])
    >>> ac.table_targets(runs, "bbob")
    array([1.e+01, 1.e-01, 1.e-03, 1.e-05, 1.e-07])
    >>> ac.table_targets(runs, by_instance=True)["f1"][:2]
    array([9.  , 7.75])
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"table_targets expects AnytimeResults, got {type(runs).__name__}.")
    if choice not in ("quantiles", "bbob"):
        raise ValueError(f"choice must be 'quantiles' or 'bbob', got {choice!r}.")
    if choice == "bbob":
        fixed = np.array(BBOB_TABLE_TARGETS)
        return {instance: fixed.copy() for instance in runs.instances} if by_instance else fixed
    final = runs.values_at(runs.budgets().max())[:, 0]
    shares = np.array(_SHARES) if runs.direction == "minimize" else 1.0 - np.array(_SHARES)
    if not by_instance:
        rounded = _rounded(np.quantile(final[np.isfinite(final)], shares))
        return np.array(list(dict.fromkeys(rounded)))
    instance_of_run = runs.runs()["instance"].to_numpy()
    out = {}
    for instance in runs.instances:
        values = final[(instance_of_run == instance) & np.isfinite(final)]
        out[instance] = _rounded(np.quantile(values, shares))
    return out


def _rounded(targets: np.ndarray) -> np.ndarray:
    return np.array([float(f"{t:.3g}") for t in targets])


def table_ert(runs: AnytimeResults, targets: Sequence[float] | Mapping[Any, Sequence[float]]) -> ERTResult:
    """ERT and success rates at the targets of a table: the same for every instance, or each its own.

    Parameters
    ----------
    runs : AnytimeResults
        The runs.
    targets : sequence of float or mapping
        Targets for all instances, or instance → its targets (:func:`table_targets` with
        ``by_instance=True``).

    Returns
    -------
    ERTResult
        As :func:`ert`, each instance with its own targets' rows only.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.
    ValueError
        A mapping that misses an instance.

    See Also
    --------
    ert : one list of targets for every instance.
    ert_table : the table it fills.

    Notes
    -----
    One runtime grid over the distinct targets of all instances (:meth:`AnytimeResults.runtimes`),
    as :func:`runtime_ecdf` does with per-instance targets.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [9.0, 2.0], 10),
    ...                                     ("A", "f2", 1, [1, 10], [900.0, 200.0], 10)])
    >>> ac.table_ert(runs, {"f1": [5.0], "f2": [500.0]}).table[["instance", "target", "ert"]]
      instance  target   ert
    0       f1     5.0  10.0
    1       f2   500.0  10.0
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"table_ert expects AnytimeResults, got {type(runs).__name__}.")
    if not isinstance(targets, Mapping):
        return ert(runs, targets)
    missing = [instance for instance in runs.instances if instance not in targets]
    if missing:
        raise ValueError(f"targets lack the instance(s) {missing[:5]}; give every instance its targets.")
    union = np.unique(np.concatenate([np.asarray(t, dtype=float) for t in targets.values()]))
    full = ert(runs, union).table
    order = {(instance, float(t)): j for instance, ts in targets.items() for j, t in enumerate(ts)}
    position = [order.get((i, float(t))) for i, t in zip(full["instance"], full["target"], strict=True)]
    kept = full.assign(_position=position).dropna(subset=["_position"])
    kept = kept.sort_values(["_position"], kind="stable").drop(columns="_position").reset_index(drop=True)
    method = f"expected running time (ERT) and success rate, targets per instance, {runs.direction}"
    return ERTResult(method=method, direction=runs.direction, table=kept)


def common_budget(runs: AnytimeResults) -> float:
    """The largest budget every run reached: the smallest of the runs' budgets.

    Parameters
    ----------
    runs : AnytimeResults
        The runs.

    Returns
    -------
    float
        Evaluations; :meth:`AnytimeResults.at_budget` at it uses every run.

    Raises
    ------
    TypeError
        ``runs`` is not :class:`AnytimeResults`.

    See Also
    --------
    table_targets : the targets of the ERT table.
    AnytimeResults.at_budget : the results at a budget.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.common_budget(ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [9.0, 2.0], 40),
    ...                                               ("B", "f1", 1, [1, 10], [9.0, 3.0], 100)]))
    40.0
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"common_budget expects AnytimeResults, got {type(runs).__name__}.")
    return float(np.min(runs.budgets()))
