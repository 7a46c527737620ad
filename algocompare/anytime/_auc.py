"""The area under each run's runtime ECDF: one anytime score per run, as a :class:`Results`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from algocompare._validation import check_option
from algocompare.anytime._ecdf import ECDFResult, runtime_ecdf
from algocompare.anytime._model import AnytimeResults
from algocompare.data import Results

__all__ = ["ecdf_auc", "AUC_SCALES"]

#: How the budget axis of the area is measured.
AUC_SCALES = ("log", "linear")


def ecdf_auc(runs: AnytimeResults | ECDFResult,
             targets: str | Sequence[float] | Mapping[Any, Sequence[float]] = "bbob", *,
             n_targets: int = 10, scale: str = "log", min_budget: float = 1.0,
             max_budget: float | Mapping[Any, float] | None = None) -> Results:
    """The normalised area under each run's runtime ECDF, one anytime score per run.

    A run's ECDF at budget b is the fraction of its instance's targets it had reached by b; its
    area over [``min_budget``, B] divided by the length of that interval, with budgets on a log
    (default) or linear scale, is in [0, 1]: 1 when the run reached every target at the first
    budget, 0 when it reached none by B. The mean of the runs' areas is the area under the
    algorithm's ECDF on that instance.

    Parameters
    ----------
    runs : AnytimeResults or ECDFResult
        The runs, or their ECDF (:func:`runtime_ecdf`; then ``targets`` is not used).
    targets : {"bbob", "log-linear", "linear"}, sequence of float, or mapping
        As :func:`runtime_ecdf`.
    n_targets : int
        Targets per instance for ``"log-linear"``/``"linear"``.
    scale : {"log", "linear"}
        The budget axis: ``"log"`` (log10 of evaluations, as ECDFs are drawn) or ``"linear"``
        (IOHanalyzer's ``AUC``).
    min_budget : float
        Where the area starts (evaluations; default 1, as IOHanalyzer).
    max_budget : float, mapping or None
        Where it ends: one number, instance → number, or ``None`` (default): per instance, the
        largest budget of any run on it (IOHanalyzer's ``RT.max``), so that every algorithm on
        the instance is scored over the same interval.

    Returns
    -------
    Results
        One value per run (algorithm, instance, run), direction ``"maximize"``; every test of the
        package takes it.

    Raises
    ------
    TypeError
        ``runs`` is neither :class:`AnytimeResults` nor :class:`ECDFResult`.
    ValueError
        An ECDF of simulated restarts; an unknown ``scale``; ``min_budget`` not positive or not
        below the end of the interval.

    See Also
    --------
    runtime_ecdf : the ECDFs.
    ert : expected running times.

    Notes
    -----
    The area is exact for the step function: a target first reached after e evaluations adds
    (log B − log max(e, min_budget)) / (log B − log min_budget) / #targets (without the logs on
    the linear scale), nothing when e > B. IOHanalyzer's ``AUC.ECDF`` integrates the same step
    function numerically (``integrate`` over [from, to], divided by to − from); its Shiny table
    (``generate_data.AUC``) applies the trapezoid rule to the ECDF on a 50-point grid, an
    approximation of this area. cocopp has no per-run area.

    References
    ----------
    .. [1] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3. doi:10.1145/3510426
    .. [2] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("A", "f1", 2, [1, 100], [5.0, 1.0], 100),
    ...                                     ("B", "f1", 1, [1, 100], [5.0, 4.0], 100)])
    >>> scores = ac.ecdf_auc(runs, [6.0, 3.0])
    >>> scores.to_long()[["algorithm", "run", "value"]]
      algorithm  run  value
    0         A    1   0.75
    1         A    2   0.50
    2         B    1   0.50
    """
    if isinstance(runs, AnytimeResults):
        ecdf = runtime_ecdf(runs, targets, n_targets=n_targets)
    elif isinstance(runs, ECDFResult):
        if runs.restarts:
            raise ValueError("ecdf_auc scores runs; this ECDF holds simulated restarts (runtime_ecdf(restarts=True)): "
                             "pass the runs or runtime_ecdf(runs) without restarts.")
        ecdf = runs
    else:
        raise TypeError(f"ecdf_auc expects AnytimeResults or an ECDFResult (runtime_ecdf), got {type(runs).__name__}.")
    check_option("scale", scale, AUC_SCALES)
    frame = ecdf.runtimes
    ends = _interval_ends(frame, max_budget)
    start = float(min_budget)
    if not np.isfinite(start) or start <= 0 or not np.all(ends > start):
        raise ValueError(f"min_budget must be positive and below every instance's max_budget, got {min_budget!r} "
                         f"(max_budget from {ends.min():g}).")
    transform = np.log10 if scale == "log" else (lambda x: np.asarray(x, dtype=float))
    runtime = frame["runtime"].to_numpy()
    with np.errstate(invalid="ignore"):
        share = (transform(ends) - transform(np.maximum(np.minimum(runtime, ends), start)))
    share = np.where(runtime <= ends, share, 0.0) / (transform(ends) - transform(start))
    scored = frame[["algorithm", "instance", "run"]].assign(value=share)
    per_run = scored.groupby(["algorithm", "instance", "run"], sort=False)["value"].mean().reset_index()
    notes = (f"area under each run's runtime ECDF over {scale} budgets from {start:g} ({ecdf.method})",)
    return Results.from_long(per_run, run="run", direction="maximize").with_notes(*notes)


def _interval_ends(frame: pd.DataFrame, max_budget: Any) -> np.ndarray:
    """The end of the area's interval for every (run, target) row."""
    if max_budget is None:
        largest = frame.groupby("instance", sort=False)["budget"].transform("max")
        return largest.to_numpy(dtype=float)
    if isinstance(max_budget, Mapping):
        missing = [label for label in pd.unique(frame["instance"]) if label not in max_budget]
        if missing:
            raise ValueError(f"max_budget must give every instance a budget; missing {missing}.")
        return np.array([float(max_budget[label]) for label in frame["instance"]])
    return np.full(len(frame), float(max_budget))
