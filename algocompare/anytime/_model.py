"""Anytime results: the best-so-far value of every run against the evaluations it had used.

Benchmarking platforms (IOHprofiler, COCO, Nevergrad) and competitions (CEC) log each run as a
sequence of (evaluations, value) records. :class:`AnytimeResults` keeps them compactly — one
sorted set of arrays for all records, and one entry per run for its algorithm, instance, label and
budget — and turns them, at a budget or a target, into what the package's tests accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import numpy as np
import pandas as pd

from algocompare import _validation as v
from algocompare._results import BaseResult
from algocompare.data import Results

__all__ = ["AnytimeResults", "TargetRuntimes", "LONG_COLUMNS"]

#: the documented long format: one row per logged record
LONG_COLUMNS = ("algorithm", "instance", "run", "evaluations", "value")


def _codes(labels: Sequence[Any]) -> tuple[list, np.ndarray]:
    """The distinct labels in order of first appearance, and each label's code."""
    index: dict[Any, int] = {}
    codes = np.fromiter((index.setdefault(label, len(index)) for label in labels), dtype=np.int64,
                        count=len(labels))
    return list(index), codes


class AnytimeResults:
    """Best-so-far values of runs against evaluations, for several algorithms and instances.

    One record per (algorithm, instance, run, evaluations): the best value the run had found after
    that many evaluations. The records of all runs are kept in three flat arrays (evaluations,
    values, and the offset where each run starts), so memory grows linearly with the logs; each run
    also has a budget (the evaluations it used, at least its last record's).

    Build one with :meth:`from_long`, :meth:`from_runs` or a reader
    (:func:`~algocompare.anytime.read_cec`, :func:`~algocompare.anytime.read_iohprofiler`).

    Parameters
    ----------
    runs : sequence of (algorithm, instance, run, evaluations, values, budget)
        One tuple per run (see :meth:`from_runs`, which checks them).
    direction : {"minimize", "maximize"}
        Whether lower or higher values are better.

    Notes
    -----
    The values are stored as logged and read as best-so-far: a value worse than an earlier one of
    the same run (a logger that writes the current value) does not undo the earlier one —
    :meth:`at_budget` and :meth:`at_target` use the running best (``np.minimum.accumulate``, or
    the maximum when maximizing).

    See Also
    --------
    algocompare.Results : what :meth:`at_budget` gives.
    TargetRuntimes : what :meth:`at_target` gives.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977
    .. [2] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3. doi:10.1145/3510426

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> long = pd.DataFrame({"algorithm": ["A"] * 3 + ["B"] * 2, "instance": "f1", "run": 1,
    ...                      "evaluations": [1, 10, 100, 1, 50], "value": [9.0, 4.0, 1.0, 8.0, 2.0]})
    >>> runs = ac.anytime.AnytimeResults.from_long(long)
    >>> runs
    <AnytimeResults: 2 algorithms, 1 instances, 2 runs, 5 records, minimize>
    """

    def __init__(self, runs: Sequence[tuple], direction: str = "minimize") -> None:
        v.check_direction(direction)
        runs = list(runs)
        if not runs:
            raise ValueError("no runs to hold; give at least one run with at least one record.")
        evaluations = [np.asarray(r[3], dtype=float) for r in runs]
        lengths = np.fromiter((len(e) for e in evaluations), dtype=np.int64, count=len(runs))
        self._hold([r[0] for r in runs], [r[1] for r in runs], [r[2] for r in runs],
                   np.concatenate([[0], np.cumsum(lengths)]), np.concatenate(evaluations),
                   np.concatenate([np.asarray(r[4], dtype=float) for r in runs]),
                   np.array([e[-1] if r[5] is None else float(r[5]) for r, e in zip(runs, evaluations, strict=True)],
                            dtype=float), direction)
        keys = list(zip(self._run_algorithm.tolist(), self._run_instance.tolist(), self._run_label, strict=True))
        if len(set(keys)) != len(keys):
            seen: set = set()
            first = next(k for k in keys if k in seen or seen.add(k))  # type: ignore[func-returns-value]
            raise ValueError(f"run {first[2]!r} of algorithm {self._algorithms[first[0]]!r} on instance "
                             f"{self._instances[first[1]]!r} is given twice; give each run a distinct label.")

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def _from_arrays(cls, algorithms: Sequence[Any], instances: Sequence[Any], labels: Sequence[Any],
                     starts: np.ndarray, evaluations: np.ndarray, values: np.ndarray, budgets: np.ndarray,
                     direction: str) -> AnytimeResults:
        """The readers' construction: one flat array of all records, taken without a copy.

        For logs of a gigabyte the per-run tuples of :meth:`from_runs` would hold every record twice
        (the runs' arrays and their concatenation). The caller has checked what :meth:`from_runs`
        checks (each run's records positive and strictly increasing evaluations, no NaN value, a
        budget at least its last record's, distinct (algorithm, instance, run)).
        """
        v.check_direction(direction)
        self = cls.__new__(cls)
        self._hold(algorithms, instances, labels, starts, evaluations, values, budgets, direction)
        if not (self._starts.size == len(self._run_label) + 1 and self._starts[-1] == self._evaluations.size
                == self._values.size and self._budgets.size == len(self._run_label) > 0):
            raise ValueError("inconsistent record arrays; this is a bug in the reader.")
        return self

    def _hold(self, algorithms: Sequence[Any], instances: Sequence[Any], labels: Sequence[Any], starts: np.ndarray,
              evaluations: np.ndarray, values: np.ndarray, budgets: np.ndarray, direction: str) -> None:
        """Set the fields from the runs' labels and the flat record arrays (taken without a copy, made
        read-only); what the two constructions share."""
        self._direction = direction
        self._algorithms, self._run_algorithm = _codes(algorithms)
        self._instances, self._run_instance = _codes(instances)
        self._run_label = tuple(labels)
        self._starts = np.asarray(starts, dtype=np.int64)
        self._evaluations = np.asarray(evaluations, dtype=float)
        self._values = np.asarray(values, dtype=float)
        self._budgets = np.asarray(budgets, dtype=float)
        for array in (self._starts, self._evaluations, self._values, self._budgets, self._run_algorithm,
                      self._run_instance):
            array.flags.writeable = False

    @classmethod
    def from_runs(cls, runs: Sequence[tuple], direction: str = "minimize") -> AnytimeResults:
        """Build from one tuple per run: (algorithm, instance, run, evaluations, values, budget).

        Parameters
        ----------
        runs : sequence of tuples
            ``evaluations`` strictly increasing positive numbers, ``values`` of the same length (no
            NaN), ``budget`` the evaluations the run used (None: its last record's).
        direction : {"minimize", "maximize"}
            Whether lower (default) or higher values are better.

        Returns
        -------
        AnytimeResults

        Raises
        ------
        ValueError
            For a run with no record, evaluations that do not increase, a NaN value, a budget
            below the last record, or a run given twice; the message names the run.

        See Also
        --------
        from_long : the same from a long table.

        Examples
        --------
        >>> import algocompare as ac
        >>> runs = ac.anytime.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100)])
        >>> runs.budgets().tolist()
        [100.0]
        """
        v.check_direction(direction)
        checked = []
        for algorithm, instance, run, evaluations, values, budget in runs:
            where = f"run {run!r} of algorithm {algorithm!r} on instance {instance!r}"
            e = np.asarray(evaluations, dtype=float)
            y = np.asarray(values, dtype=float)
            if e.ndim != 1 or e.shape != y.shape or e.size == 0:
                raise ValueError(f"{where}: evaluations and values must be two 1-D sequences of the same, "
                                 f"non-zero length (got shapes {e.shape} and {y.shape}).")
            _check_records(e, y, where)
            if budget is not None and not float(budget) >= e[-1]:
                raise ValueError(f"{where}: its budget {budget} is below its last record's evaluations {e[-1]:g}; "
                                 "give the evaluations the run used (or None for its last record's).")
            checked.append((algorithm, instance, run, e, y, budget))
        return cls(checked, direction)

    @classmethod
    def from_long(cls, df: pd.DataFrame, *, algorithm: str = "algorithm", instance: str | Sequence[str] = "instance",
                  run: str = "run", evaluations: str = "evaluations", value: str = "value",
                  budget: str | None = None, direction: str = "minimize") -> AnytimeResults:
        """Build from the documented long format: one row per record.

        Columns ``algorithm, instance, run, evaluations, value`` (names configurable), optionally
        ``budget`` (the evaluations the run used, the same on each of its rows). Rows of a run
        must come in increasing evaluations; runs may be interleaved. ``instance`` may name several
        columns (e.g. ``["function", "dimension"]``); the instance label is then the tuple of their
        values, as in :meth:`algocompare.Results.from_long`.

        Parameters
        ----------
        df : pandas.DataFrame
            The records.
        algorithm, run, evaluations, value : str
            The columns' names.
        instance : str or list of str
            The instance column(s) (default ``"instance"``).
        budget : str, optional
            The budget column (default: a column ``"budget"`` if there is one, else each run's
            budget is its last record's evaluations).
        direction : {"minimize", "maximize"}
            Whether lower (default) or higher values are better.

        Returns
        -------
        AnytimeResults

        Raises
        ------
        ValueError
            A missing column, a missing label, evaluations that do not increase within a run
            (including a duplicate row), a NaN value, or a budget that differs within a run; the
            message names the row.

        See Also
        --------
        to_long : the inverse.
        from_runs : one tuple per run.

        Examples
        --------
        >>> import pandas as pd, algocompare as ac
        >>> long = pd.DataFrame({"algorithm": "A", "instance": "f1", "run": [1, 1, 2],
        ...                      "evaluations": [1, 5, 1], "value": [3.0, 1.0, 2.0]})
        >>> ac.anytime.AnytimeResults.from_long(long).to_long()
          algorithm instance  run  evaluations  value  budget
        0         A       f1    1          1.0    3.0     5.0
        1         A       f1    1          5.0    1.0     5.0
        2         A       f1    2          1.0    2.0     1.0
        """
        if not isinstance(df, pd.DataFrame):
            raise TypeError(f"from_long expects a pandas DataFrame, got {type(df).__name__}.")
        v.check_direction(direction)
        if budget is None and "budget" in df.columns:
            budget = "budget"
        instance_cols = [instance] if isinstance(instance, str) else list(instance)
        if not instance_cols:
            raise ValueError("instance= names no column; give a column name or a list of them.")
        named = [("algorithm", algorithm), *(("instance", c) for c in instance_cols), ("run", run),
                 ("evaluations", evaluations), ("value", value), *([("budget", budget)] if budget else [])]
        missing = [f"{col!r} (the {role} column)" for role, col in named if col not in df.columns]
        if missing:
            raise ValueError(f"column(s) not found: {', '.join(missing)}; the table has columns {list(df.columns)}. "
                             "Name the right ones with algorithm=, instance=, run=, evaluations=, value=.")
        if df.shape[0] == 0:
            raise ValueError("the table has no rows.")
        labelled = [algorithm, *instance_cols, run]
        for role, col in named[:len(labelled)]:
            isna = df[col].isna().to_numpy()
            if isna.any():
                raise ValueError(f"missing {role} label at row {int(np.flatnonzero(isna)[0])}; "
                                 "every record needs an algorithm, an instance and a run.")
        def label(row: tuple) -> tuple:
            # (algorithm, instance, run) from a row of the label columns; several instance columns: a tuple
            a, *i, r = (x.item() if isinstance(x, np.generic) else x for x in row)
            return a, (i[0] if len(i) == 1 else tuple(i)), r

        repeated = df.duplicated([*labelled, evaluations], keep="first").to_numpy()
        if repeated.any():
            k = int(np.flatnonzero(repeated)[0])
            a, i, r = label(tuple(df[labelled].iloc[k]))
            raise ValueError(f"a duplicate record at row {k}: algorithm {a!r}, instance {i!r}, run {r!r} at "
                             f"{df[evaluations].iloc[k]} "
                             "evaluations is given twice; keep one row per record.")
        keys = pd.MultiIndex.from_frame(df[labelled])
        run_codes, uniques = pd.factorize(keys)
        order = np.argsort(run_codes, kind="stable")
        e_all = pd.to_numeric(df[evaluations], errors="coerce").to_numpy(dtype=float)
        y_all = pd.to_numeric(df[value], errors="coerce").to_numpy(dtype=float)
        b_all = pd.to_numeric(df[budget], errors="coerce").to_numpy(dtype=float) if budget else None
        bounds = np.flatnonzero(np.diff(run_codes[order])) + 1
        runs = []
        for rows in np.split(order, bounds):
            a, i, r = label(uniques[run_codes[rows[0]]])
            where = f"run {r!r} of algorithm {a!r} on instance {i!r}"
            _check_records(e_all[rows], y_all[rows], where, rows=rows)
            run_budget = None
            if b_all is not None:
                if np.unique(b_all[rows]).size != 1 or np.isnan(b_all[rows[0]]):
                    raise ValueError(f"{where}: its budget differs between rows (or is missing) at row {rows[0]}; "
                                     "give each run one budget.")
                run_budget = b_all[rows[0]]
                if run_budget < e_all[rows[-1]]:
                    raise ValueError(f"{where}: its budget {run_budget:g} is below its last record's evaluations "
                                     f"{e_all[rows[-1]]:g} (row {rows[-1]}).")
            runs.append((a, i, r, e_all[rows], y_all[rows], run_budget))
        return cls(runs, direction)

    def to_long(self) -> pd.DataFrame:
        """The records as the documented long format, with each run's budget.

        Returns
        -------
        pandas.DataFrame
            Columns ``algorithm, instance, run, evaluations, value, budget``, one row per record,
            runs in the order they were given.

        See Also
        --------
        from_long : the inverse.

        Examples
        --------
        >>> import algocompare as ac
        >>> runs = ac.anytime.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100)])
        >>> runs.to_long().shape
        (2, 6)
        """
        lengths = np.diff(self._starts)
        return pd.DataFrame({
            "algorithm": np.repeat(_object_array(self._algorithms)[self._run_algorithm], lengths),
            "instance": np.repeat(_object_array(self._instances)[self._run_instance], lengths),
            "run": np.repeat(_object_array(self._run_label), lengths),
            "evaluations": self._evaluations.copy(),
            "value": self._values.copy(),
            "budget": np.repeat(self._budgets, lengths),
        })

    # --- what it holds ------------------------------------------------------------------------

    @property
    def direction(self) -> str:
        """``"minimize"`` or ``"maximize"``."""
        return self._direction

    @property
    def algorithms(self) -> tuple:
        """The algorithms, in order of first appearance."""
        return tuple(self._algorithms)

    @property
    def instances(self) -> tuple:
        """The instances, in order of first appearance."""
        return tuple(self._instances)

    @property
    def n_runs(self) -> int:
        """The number of runs (of all algorithms and instances)."""
        return len(self._run_label)

    @property
    def n_records(self) -> int:
        """The number of logged records."""
        return int(self._evaluations.size)

    def runs(self) -> pd.DataFrame:
        """One row per run: algorithm, instance, run, records, last record's evaluations, budget.

        Returns
        -------
        pandas.DataFrame

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.anytime.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100)]).runs()
          algorithm instance  run  records  last_evaluations  budget
        0         A       f1    1        2              10.0   100.0
        """
        return pd.DataFrame({
            "algorithm": _object_array(self._algorithms)[self._run_algorithm],
            "instance": _object_array(self._instances)[self._run_instance],
            "run": _object_array(self._run_label),
            "records": np.diff(self._starts),
            "last_evaluations": self._evaluations[self._starts[1:] - 1],
            "budget": self._budgets,
        })

    def budgets(self) -> np.ndarray:
        """The evaluations each run used (read-only array, one per run, in :meth:`runs` order).

        Returns
        -------
        numpy.ndarray

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.anytime.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], None)]).budgets()
        array([10.])
        """
        return self._budgets

    def _first_evaluations(self) -> np.ndarray:
        """The evaluations of each run's first record (one per run, in :meth:`runs` order)."""
        return self._evaluations[self._starts[:-1]]

    def _shared_evaluations(self) -> np.ndarray:
        """The evaluations at which every run logged a record, increasing (CEC's checkpoints, say)."""
        # a run's evaluations strictly increase: a value logged by all runs is counted once per run
        evaluations, counts = np.unique(self._evaluations, return_counts=True)
        return evaluations[counts == self.n_runs]

    def select(self, *, algorithms: Sequence[Any] | None = None,
               instances: Sequence[Any] | None = None) -> AnytimeResults:
        """Only the runs of some algorithms and/or instances, as a new :class:`AnytimeResults`.

        Parameters
        ----------
        algorithms, instances : sequence of labels, optional
            The labels to keep (a single string is one label); None keeps all. Runs, their labels,
            records and budgets are kept as they are, in their original order.

        Returns
        -------
        AnytimeResults

        Raises
        ------
        ValueError
            For a label that is not there (the message lists the labels that are), or a selection
            with no run.

        See Also
        --------
        runs : the runs, one row each.

        Examples
        --------
        >>> import algocompare as ac
        >>> runs = ac.anytime.AnytimeResults.from_runs([("A", "f1", 1, [1], [5.0], None),
        ...                                             ("B", "f1", 1, [1], [4.0], None),
        ...                                             ("A", "f2", 1, [2], [3.0], None)])
        >>> runs.select(algorithms=["A"])
        <AnytimeResults: 1 algorithms, 2 instances, 2 runs, 2 records, minimize>
        >>> runs.select(instances=["f2"]).runs()["algorithm"].tolist()
        ['A']
        """
        keep = np.ones(self.n_runs, dtype=bool)
        for role, wanted, labels, codes in (("algorithm", algorithms, self._algorithms, self._run_algorithm),
                                            ("instance", instances, self._instances, self._run_instance)):
            if wanted is None:
                continue
            wanted = [wanted] if isinstance(wanted, str) else list(wanted)
            unknown = [w for w in wanted if w not in labels]
            if unknown:
                raise ValueError(f"unknown {role} {unknown[0]!r}; the {role}s are {list(labels)}.")
            keep &= np.isin(codes, [labels.index(w) for w in wanted])
        rows = np.flatnonzero(keep)
        if rows.size == 0:
            raise ValueError(f"no run of algorithms {algorithms!r} on instances {instances!r}; "
                             "select labels that have runs together.")
        lengths = np.diff(self._starts)[rows]
        # the selected runs' records, run after run: each run's start plus 0 .. length - 1
        records = np.repeat(self._starts[rows] - np.cumsum(np.r_[0, lengths[:-1]]), lengths) + np.arange(lengths.sum())
        return type(self)._from_arrays(
            [self._algorithms[c] for c in self._run_algorithm[rows]],
            [self._instances[c] for c in self._run_instance[rows]],
            [self._run_label[r] for r in rows], np.r_[0, np.cumsum(lengths)],
            self._evaluations[records], self._values[records], self._budgets[rows], self._direction)

    def __repr__(self) -> str:
        return (f"<AnytimeResults: {len(self._algorithms)} algorithms, {len(self._instances)} instances, "
                f"{self.n_runs} runs, {self.n_records} records, {self._direction}>")

    # --- conversions --------------------------------------------------------------------------

    def _oriented_best(self) -> np.ndarray:
        """Running best of each run, oriented so that lower is better."""
        y = self._values if self._direction == "minimize" else -self._values
        best = np.empty_like(y)
        # one C-level accumulate per run: 20x faster than a groupby over a run-number column and
        # without that column's memory (a loop over runs, not records)
        for first, end in zip(self._starts[:-1].tolist(), self._starts[1:].tolist(), strict=True):
            np.minimum.accumulate(y[first:end], out=best[first:end])
        return best

    def at_budget(self, budget: float, *, past_budget: str = "raise") -> Results:
        """The best-so-far value of every run after ``budget`` evaluations, as a :class:`Results`.

        Parameters
        ----------
        budget : float
            The evaluations (a fixed budget); positive.
        past_budget : {"raise", "last"}
            A run whose own budget is below ``budget`` stopped early: refuse (default, the message
            names it) or take its final value (``"last"``; the Results' notes say how many).

        Returns
        -------
        Results
            One value per (algorithm, instance, run), with the runs' labels; every test of the
            package accepts it.

        Raises
        ------
        ValueError
            A run with no record at or before ``budget`` (its first evaluation comes later), or
            one that stopped before ``budget`` (unless ``past_budget="last"``).

        See Also
        --------
        at_target : the fixed-target view.

        Examples
        --------
        >>> import pandas as pd, algocompare as ac
        >>> long = pd.DataFrame({"algorithm": ["A", "A", "B", "B"], "instance": "f1", "run": 1,
        ...                      "evaluations": [1, 10, 1, 10], "value": [9.0, 4.0, 8.0, 6.0]})
        >>> ac.anytime.AnytimeResults.from_long(long).at_budget(5).blocks()
        algorithm    A    B
        instance
        f1         9.0  8.0
        """
        budget = _positive(budget, "budget")
        if past_budget not in ("raise", "last"):
            raise ValueError(f"past_budget must be 'raise' or 'last', got {past_budget!r}.")
        values = self.values_at(budget)[:, 0]  # NaN: no record yet (a value is never NaN)
        early = np.flatnonzero(np.isnan(values))
        if early.size:
            raise ValueError(f"{self._name(early[0])} has no record at or before {budget:g} evaluations "
                             f"(its first is at {self._first_evaluations()[early[0]]:g}); "
                             "choose a larger budget.")
        short = np.flatnonzero(self._budgets < budget)
        notes: tuple[str, ...] = ()
        if short.size and past_budget == "raise":
            raise ValueError(f"{self._name(short[0])} stopped at {self._budgets[short[0]]:g} evaluations, before "
                             f"{budget:g} ({short.size} run(s) did); choose a smaller budget or "
                             "past_budget='last' to take their final values.")
        if short.size:
            notes = (f"{short.size} run(s) stopped before {budget:g} evaluations; their final values are used.",)
        long = self.runs()[["algorithm", "instance", "run"]].assign(value=values)
        results = Results.from_long(long, run="run", direction=self._direction)
        return results.with_notes(*notes) if notes else results

    def at_target(self, target: float) -> TargetRuntimes:
        """The evaluations each run needed to reach ``target`` (a fixed target).

        A run reaches the target at its first record whose best-so-far value is at or below it
        (at or above when maximizing). A run that never does is marked unsuccessful, with
        ``evaluations = inf`` and its budget kept — never imputed.

        Parameters
        ----------
        target : float
            The value to reach.

        Returns
        -------
        TargetRuntimes
            One row per run (``to_frame()``); ``to_results(penalty=...)`` makes a :class:`Results`.

        See Also
        --------
        at_budget : the fixed-budget view.
        algocompare.anytime.ert : expected running time from these runtimes.

        Examples
        --------
        >>> import pandas as pd, algocompare as ac
        >>> long = pd.DataFrame({"algorithm": ["A", "A", "B", "B"], "instance": "f1", "run": 1,
        ...                      "evaluations": [1, 10, 1, 10], "value": [9.0, 4.0, 8.0, 6.0]})
        >>> ac.anytime.AnytimeResults.from_long(long).at_target(5.0).to_frame()
          algorithm instance  run  target  evaluations  success  budget
        0         A       f1    1     5.0         10.0     True    10.0
        1         B       f1    1     5.0          inf    False    10.0
        """
        target = float(target)
        if np.isnan(target):
            raise ValueError("target is NaN; give the value to reach.")
        frame = self.runs()[["algorithm", "instance", "run"]]
        return TargetRuntimes(method=f"runtimes to the target {target:g}", target=target, direction=self._direction,
                              algorithm=frame["algorithm"].to_numpy(),
                              instance=frame["instance"].to_numpy(), run=frame["run"].to_numpy(),
                              evaluations=self.runtimes(target)[:, 0], budget=self._budgets.copy())

    def runtimes(self, targets: float | Sequence[float] | np.ndarray) -> np.ndarray:
        """The evaluations each run needed to reach each target, for many targets at once.

        Parameters
        ----------
        targets : float or sequence of float
            Values to reach (at or below when minimizing, at or above when maximizing); no NaN.

        Returns
        -------
        numpy.ndarray
            Shape (runs, targets), runs in :meth:`runs` order: the evaluations of each run's first
            record that reached the target, ``inf`` when it never did (its budget is in
            :meth:`budgets`). Column j equals ``at_target(targets[j]).evaluations``.

        See Also
        --------
        at_target : one target, with the runs' labels.
        values_at : the fixed-budget counterpart.

        Notes
        -----
        One sort of all records, then a binary search per (run, target): O((records + runs ×
        targets) log records), so a 51-target grid on a gigabyte of logs takes seconds.

        Examples
        --------
        >>> import algocompare as ac
        >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
        ...                                     ("A", "f1", 2, [1, 10], [5.0, 4.0], 100)])
        >>> runs.runtimes([6.0, 3.0, 1.0])
        array([[ 1., 10., inf],
               [ 1., inf, inf]])
        """
        t = _number_list(targets, "targets")
        oriented = t if self._direction == "minimize" else -t
        # a run reaches the target at its first record whose (oriented) running best is <= it,
        # i.e. whose negated running best is >= the negated target; that sequence increases
        first = _first_reaching(-self._oriented_best(), self._starts, -oriented, side="left")
        ends = self._starts[1:, None]
        return np.where(first < ends, self._evaluations[np.minimum(first, self._evaluations.size - 1)], np.inf)

    def values_at(self, budgets: float | Sequence[float] | np.ndarray) -> np.ndarray:
        """Each run's best-so-far value after each budget, for many budgets at once.

        Parameters
        ----------
        budgets : float or sequence of float
            Evaluations (fixed budgets); positive, finite.

        Returns
        -------
        numpy.ndarray
            Shape (runs, budgets), runs in :meth:`runs` order: the running best of each run's last
            record at or before the budget; NaN where the run has no record yet. A run whose own
            budget (:meth:`budgets`) is below a budget keeps its final value there — compare with
            ``budgets()[:, None] < budgets`` to see which cells those are.

        See Also
        --------
        at_budget : one budget as a :class:`Results`, refusing runs that stopped early.
        runtimes : the fixed-target counterpart.

        Examples
        --------
        >>> import algocompare as ac
        >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [2, 10], [5.0, 2.0], 100)])
        >>> runs.values_at([1, 5, 10, 50])
        array([[nan,  5.,  2.,  2.]])
        """
        b = _number_list(budgets, "budgets")
        if not (np.isfinite(b) & (b > 0)).all():
            raise ValueError("budgets must be positive finite numbers of evaluations.")
        # the first record after the budget, minus one, is the last record at or before it
        after = _first_reaching(self._evaluations, self._starts, b, side="right")
        last = after - 1
        has_record = last >= self._starts[:-1, None]
        best = self._oriented_best()
        if self._direction == "maximize":
            best = -best
        return np.where(has_record, best[np.maximum(last, 0)], np.nan)

    def _name(self, r: int) -> str:
        return (f"run {self._run_label[r]!r} of algorithm {self._algorithms[self._run_algorithm[r]]!r} "
                f"on instance {self._instances[self._run_instance[r]]!r}")


def _object_array(items: Sequence[Any]) -> np.ndarray:
    out = np.empty(len(items), dtype=object)
    out[:] = list(items)
    return out


def _number_list(x: float | Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    out = np.atleast_1d(np.asarray(x, dtype=float)).ravel()
    if out.size == 0 or np.isnan(out).any():
        raise ValueError(f"{name} must be one or more numbers (no NaN).")
    return out


def _first_reaching(values: np.ndarray, starts: np.ndarray, thresholds: np.ndarray,
                    side: Literal["left", "right"]) -> np.ndarray:
    """Per run and threshold, the index of the run's first record with value >= (side "left") or >
    (side "right") the threshold; the run's end when none. ``values`` must not decrease within a run.

    Vectorised over runs and thresholds without sorting the records: each record gets the number
    of (sorted) thresholds it passes, which does not decrease within a run, so the keys run number
    × (thresholds + 1) + that count form one sorted array, and one ``searchsorted`` finds, for
    every run and threshold j, the first record passing at least j + 1 thresholds.
    """
    order = np.argsort(thresholds, kind="stable")
    ordered = thresholds[order]
    passed = np.searchsorted(ordered, values, side="right" if side == "left" else "left")
    stride = np.int64(ordered.size + 1)
    keys = np.repeat(np.arange(starts.size - 1, dtype=np.int64) * stride, np.diff(starts))
    keys += passed
    queries = (np.arange(starts.size - 1, dtype=np.int64) * stride)[:, None] + np.arange(1, ordered.size + 1)
    found = np.searchsorted(keys, queries, side="left")
    out = np.empty_like(found)
    out[:, order] = found
    return out


def _positive(x: float, name: str) -> float:
    x = float(x)
    if not x > 0 or not np.isfinite(x):
        raise ValueError(f"{name} must be a positive finite number of evaluations, got {x!r}.")
    return x


def _is_float(text: str) -> bool:
    """Whether ``float`` reads the text (the file readers' test for a number field)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _check_records(e: np.ndarray, y: np.ndarray, where: str, rows: np.ndarray | None = None) -> None:
    """Evaluations positive and strictly increasing, values not NaN; the message names the row."""
    def at(k: int) -> str:
        return f" (row {rows[k]})" if rows is not None else f" (record {k})"

    bad = np.flatnonzero(~(np.isfinite(e) & (e > 0)))
    if bad.size:
        raise ValueError(f"{where}: evaluations {e[bad[0]]:g}{at(bad[0])} is not a positive finite number.")
    steps = np.diff(e)
    if (steps <= 0).any():
        k = int(np.flatnonzero(steps <= 0)[0]) + 1
        what = "a duplicate record" if steps[k - 1] == 0 else "evaluations going back"
        raise ValueError(f"{where}: {what} at {e[k]:g} evaluations{at(k)}; a run's records must come in "
                         "strictly increasing evaluations, once each.")
    if np.isnan(y).any():
        k = int(np.flatnonzero(np.isnan(y))[0])
        raise ValueError(f"{where}: the value at {e[k]:g} evaluations{at(k)} is missing (NaN).")


@dataclass(frozen=True, kw_only=True, eq=False)
class TargetRuntimes(BaseResult):
    """The evaluations each run needed to reach one target; unsuccessful runs marked, not imputed.

    Attributes
    ----------
    method : str
        What was computed.
    target : float
        The value to reach.
    direction : str
        ``"minimize"`` or ``"maximize"``.
    algorithm, instance, run : numpy.ndarray
        Each run's labels.
    evaluations : numpy.ndarray
        The evaluations at which each run first reached the target; ``inf`` when it never did.
    budget : numpy.ndarray
        The evaluations each run used.

    See Also
    --------
    AnytimeResults.at_target : makes it.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977
    .. [2] Wang, H., Vermetten, D., Ye, F., Doerr, C., Bäck, T. (2022). IOHanalyzer: detailed
       performance analyses for iterative optimization heuristics. *ACM Transactions on
       Evolutionary Learning and Optimization* 2(1), 3. doi:10.1145/3510426

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100),
    ...                                     ("A", "f1", 2, [1, 10], [5.0, 4.0], 100)])
    >>> t = runs.at_target(3.0)
    >>> print(t)
    Runtimes to target 3 (minimize): 1 of 2 runs reached it
    >>> t.evaluations, t.budget
    (array([10., inf]), array([100., 100.]))
    """

    kind: ClassVar[str] = "runtimes"
    target: float
    direction: str
    algorithm: np.ndarray
    instance: np.ndarray
    run: np.ndarray
    evaluations: np.ndarray
    budget: np.ndarray

    @property
    def success(self) -> np.ndarray:
        """Whether each run reached the target."""
        return np.isfinite(self.evaluations)

    def to_frame(self) -> pd.DataFrame:
        """One row per run: algorithm, instance, run, target, evaluations, success, budget.

        Returns
        -------
        pandas.DataFrame
        """
        return pd.DataFrame({"algorithm": self.algorithm, "instance": self.instance, "run": self.run,
                             "target": self.target, "evaluations": self.evaluations, "success": self.success,
                             "budget": self.budget})

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types: the target, the direction and the runs' rows (``inf`` as None)."""
        rows = self.to_frame().astype(object)
        rows.loc[~self.success, "evaluations"] = None  # JSON has no infinity
        return {"target": self.target, "direction": self.direction, "runs": rows.to_dict(orient="records")}

    def __str__(self) -> str:
        return (f"Runtimes to target {self.target:g} ({self.direction}): {int(self.success.sum())} of "
                f"{self.evaluations.size} runs reached it")

    def to_results(self, *, penalty: float | None = None) -> Results:
        """The runtimes as a :class:`Results` (lower = better), for the package's tests.

        Parameters
        ----------
        penalty : float, optional
            Without it (default), every run must have reached the target, else a ValueError says
            how many did not. With it, an unsuccessful run counts ``penalty`` × its budget (PAR-k:
            ``penalty=10`` is PAR-10), and the Results' notes say so.

        Returns
        -------
        Results
            Direction ``"minimize"``: fewer evaluations are better.

        Notes
        -----
        A penalised runtime is an imputation: the test then compares made-up numbers for the
        unsuccessful runs. A censoring-aware test is the better choice when runs fail.

        Examples
        --------
        >>> import pandas as pd, algocompare as ac
        >>> long = pd.DataFrame({"algorithm": ["A", "A", "B", "B"], "instance": "f1", "run": 1,
        ...                      "evaluations": [1, 10, 1, 10], "value": [9.0, 4.0, 8.0, 6.0]})
        >>> t = ac.anytime.AnytimeResults.from_long(long).at_target(5.0)
        >>> t.to_results(penalty=10).blocks()
        algorithm     A      B
        instance
        f1         10.0  100.0
        """
        failed = int((~self.success).sum())
        values = self.evaluations.astype(float)
        notes: tuple[str, ...] = ()
        if failed and penalty is None:
            raise ValueError(f"{failed} of {values.size} runs never reached the target {self.target:g}; pass "
                             "penalty= (e.g. 10 for PAR-10) to count them as penalty × budget, or choose another "
                             "target.")
        if failed:
            penalty = _positive(penalty, "penalty")  # type: ignore[arg-type]
            values = np.where(self.success, values, penalty * self.budget)
            notes = (f"{failed} unsuccessful run(s) counted as {penalty:g} × their budget (PAR-{penalty:g}).",)
        long = pd.DataFrame({"algorithm": self.algorithm, "instance": self.instance, "run": self.run,
                             "value": values})
        results = Results.from_long(long, run="run", direction="minimize")
        return results.with_notes(*notes) if notes else results
