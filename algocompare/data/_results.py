"""The :class:`Results` data model: algorithms × instances (× runs) with a direction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import rankdata

from algocompare import _validation as v
from algocompare._batching import row_batches
from algocompare._scaling import headroom_exponent, largest_magnitude, unit_exponent
from algocompare.ranking import rank_sums, within_instance_ranks

__all__ = ["Results"]

_CORE = ("instance", "algorithm", "run", "value")


def stretched_mean_ranks(ranks: np.ndarray) -> np.ndarray:
    """Mean ranks of an incomplete table on the 1..k scale (NaN = missing cell).

    An instance ranking k_i of the k algorithms has its ranks stretched from 1..k_i to
    1..k, r -> 1 + (r - 1)(k - 1)/(k_i - 1); instances with fewer than two values are left
    out. On a complete table these are the Friedman mean ranks.
    """
    ranks = np.asarray(ranks, dtype=float)
    sizes = (~np.isnan(ranks)).sum(axis=1)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        stretched = np.where(sizes >= 2, 1.0 + (ranks - 1.0) * (ranks.shape[1] - 1) / (sizes - 1), np.nan)
    counted = ~np.isnan(stretched)
    total = np.where(counted, stretched, 0.0).sum(axis=0)
    return np.where(counted.any(axis=0), total / np.maximum(counted.sum(axis=0), 1), np.nan)


def _copy_on_write() -> bool:
    """pandas copies a shared frame's data before writing to it (always from pandas 3.0,
    on request in 2.x), so a view can be handed out where a copy used to be."""
    if int(pd.__version__.split(".")[0]) >= 3:
        return True
    return bool(pd.get_option("mode.copy_on_write"))


def _matrix_to_long(values: np.ndarray, instances: Sequence[Any], algorithms: Sequence[Any]) -> pd.DataFrame:
    """The long table (instance, algorithm, run 0, value) of a one-run matrix, in label order."""
    n_inst, n_alg = values.shape
    return pd.DataFrame({
        "instance": np.repeat(np.asarray(instances, dtype=object), n_alg),
        "algorithm": np.tile(np.asarray(algorithms, dtype=object), n_inst),
        "run": np.zeros(n_inst * n_alg, dtype=int),
        "value": values.reshape(-1),
    })


def _scaling_exponents(largest: float) -> tuple[int, int]:
    """The exponents e of :func:`_overflow_safe_groups` for values whose largest magnitude
    is ``largest``: (moments, order statistics), by the package's rule (:mod:`algocompare._scaling`)."""
    return unit_exponent(largest), headroom_exponent(largest)


def _overflow_safe_groups(values: np.ndarray, keys: np.ndarray) -> tuple[Any, int, Any, int]:
    """Groups (by the integer ``keys``, ascending) of the values scaled by 2**-e (exact) for
    the moments and the order statistics.

    Sums and squares overflow from about 1e154 on and underflow below about 1e-154: the
    moments use values scaled to at most 1 when the largest lies outside 2**±256. The median
    and quartiles only average two neighbours, which overflows near 1.8e308 only: they are
    divided by 8 near the float limit, so that values far below the largest are not lost to
    underflow (:mod:`algocompare._scaling`). Ordinary values: e = 0.
    """
    m_exp, o_exp = _scaling_exponents(largest_magnitude(values))

    def groups(exponent: int) -> Any:
        scaled = np.ldexp(values, -exponent) if exponent else values
        return pd.Series(scaled, copy=False).groupby(keys, sort=True)

    return groups(m_exp), m_exp, groups(o_exp), o_exp


def _summary(counts: Any, plain: Any, moments: Any, m_exp: int, order: Any, o_exp: int,
             direction: str) -> pd.DataFrame:
    """The columns of :meth:`Results.describe` from grouped values or a table's columns
    (``plain``), their versions scaled by 2**-m_exp (``moments``) and 2**-o_exp (``order``)."""
    minimize = direction == "minimize"
    with np.errstate(over="ignore"):  # an sd beyond the largest float is honestly inf
        return pd.DataFrame({
            "n": counts,
            "mean": np.ldexp(moments.mean(), m_exp),
            "median": np.ldexp(order.median(), o_exp),
            "sd": np.ldexp(moments.std(ddof=1), m_exp),
            "best": plain.min() if minimize else plain.max(),
            "worst": plain.max() if minimize else plain.min(),
            "q1": np.ldexp(order.quantile(0.25), o_exp),
            "q3": np.ldexp(order.quantile(0.75), o_exp),
        })


def _check_integer_columns(df: pd.DataFrame, values: np.ndarray) -> None:
    """Integer columns beyond 2**53 that the float reading changes are refused, naming the
    column (:func:`algocompare._validation.check_exact_integers`)."""
    if not values.size or np.nanmax(np.abs(values), initial=0.0) < v.EXACT_INTEGER_LIMIT:
        return
    for j, (column, dtype) in enumerate(df.dtypes.items()):
        if dtype.kind in "iu":
            v.check_exact_integers(df[column].to_numpy(), values[:, j], f"column {column!r}")


def _complex_message(values: np.ndarray, algorithms: Sequence[Any] | None) -> str:
    """The error for a complex array, naming the column of the first imaginary part."""
    imaginary = np.argwhere(np.iscomplex(values))
    where = ""
    if values.ndim >= 2 and imaginary.size:
        j = int(imaginary[0][1])
        where = f" column {algorithms[j] if algorithms is not None and j < len(algorithms) else j!r}"
    return f"the array{where} holds complex numbers; every result cell must be a real number."


def _label_codes(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """Codes (in order of first appearance, as ``pd.unique``) and the distinct labels of a
    label column, the labels as one Python object each: a run table repeats each label
    thousands of times, and one str object per row (about 55 bytes) would cost ~110 MB per
    million rows for the two label columns (issue 19)."""
    codes, uniques = pd.factorize(column, use_na_sentinel=False)
    return codes, np.asarray(uniques, dtype=object)


def _run_codes(runs: pd.Series) -> np.ndarray:
    """Codes in the order of the run labels (NaN last). Labels of mixed types are ordered as
    ``pd.factorize(sort=True)`` orders them (numbers before strings), not refused."""
    return pd.factorize(runs, sort=True, use_na_sentinel=False)[0]


def _run_order(cells: np.ndarray, run_codes: np.ndarray) -> np.ndarray | slice:
    """Row order by cell code, then by run, stable: the order of :meth:`Results._sorted`;
    ``slice(None)`` when the rows are in that order already (e.g. a table written cell by
    cell), so that taking it copies nothing."""
    if _nondecreasing(cells, run_codes):
        return slice(None)
    return np.lexsort((run_codes, cells))


def _positions_in_groups(codes: np.ndarray) -> np.ndarray:
    """0, 1, 2, ... within each run of equal consecutive ``codes`` (a sorted key)."""
    starts = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1]])
    return np.arange(len(codes)) - np.repeat(starts, np.diff(np.r_[starts, len(codes)]))


def _nondecreasing(cells: np.ndarray, run_codes: np.ndarray) -> bool:
    later, earlier = cells[1:], cells[:-1]
    return bool((later >= earlier).all() and ((later > earlier) | (run_codes[1:] >= run_codes[:-1])).all())


def _first_repeat(cells: np.ndarray, runs: np.ndarray, order: np.ndarray | slice) -> int | None:
    """The first row (in table order) whose (cell, run) appeared in an earlier row, given the
    stable (cell, run) ``order``; None when every pair is unique."""
    cells, runs = cells[order], runs[order]
    same = (cells[1:] == cells[:-1]) & (runs[1:] == runs[:-1])
    if not same.any():
        return None
    later = np.flatnonzero(same) + 1  # positions in order of the second of two equal pairs
    return int((later if isinstance(order, slice) else order[later]).min())


def _sorted_long(df: pd.DataFrame, labels: pd.Series, algorithm: str, value: str, run: str | None,
                 extra: Sequence[str]) -> tuple[pd.DataFrame, np.ndarray, list, list]:
    """The long frame of :meth:`Results.from_long` in (instance, algorithm, run) order, each
    row's cell code (see :meth:`Results._cells`), and its instances and algorithms in order
    of appearance; refuses a repeated run.

    Works on integer codes: one hashing pass per label column and one sort, and each
    output column is taken once in the final order (issue 19: 1,000,000 rows went through
    four copies of the frame and a hash of every (instance, algorithm, run) triple)."""
    inst_codes, instances = _label_codes(labels)
    alg_codes, algorithms = _label_codes(df[algorithm])
    cells = inst_codes * len(algorithms) + alg_codes
    values = v.to_numeric_column(df[value], value)
    order: np.ndarray | slice
    if run is None:  # runs numbered in order of appearance within each cell
        order = np.argsort(cells, kind="stable")
        runs = _positions_in_groups(cells[order])
    else:
        run_codes = _run_codes(df[run])
        order = _run_order(cells, run_codes)
        run_values = df[run].to_numpy()
        repeat = _first_repeat(cells, run_codes, order)
        if repeat is not None:
            raise ValueError(
                f"run {v.show(run_values[repeat])} of algorithm {v.show(algorithms[alg_codes[repeat]])} on instance "
                f"{v.show(instances[inst_codes[repeat]])} appears more than once; each (instance, algorithm, run) "
                "must be unique."
            )
        runs = run_values[order]
    # object columns of shared labels: with the dtype given, pandas 3 does not copy them into
    # a string array, and copy=False keeps the frame from copying the fresh columns again
    long = pd.DataFrame({"instance": pd.Series(instances[inst_codes[order]], dtype=object, copy=False),
                         "algorithm": pd.Series(algorithms[alg_codes[order]], dtype=object, copy=False),
                         "value": values[order], "run": runs}, copy=False)
    for c in extra:
        long[c] = df[c].to_numpy()[order]
    return long, cells[order], list(instances), list(algorithms)


def _plain_labels(*labels: Sequence[Any]) -> bool:
    """Scalar labels (strings or numbers); anything else (tuples, ...) takes the long route."""
    def plain(x: Sequence[Any]) -> bool:
        kind = pd.api.types.infer_dtype(x, skipna=False)
        if kind in ("floating", "mixed-integer-float"):  # a NaN label is grouped away on the long route
            return not np.isnan(np.asarray(x, dtype=float)).any()
        return kind in ("string", "integer")

    return all(plain(list(x)) for x in labels)


AGGREGATES = ("mean", "median")
UNBALANCED_POLICIES = ("raise", "truncate", "pad")


class Results:
    """Performance results of several algorithms on several problem instances.

    Holds either one value per (instance, algorithm) — the *wide* or aggregated shape of
    competition tables — or several runs per cell — the *long* shape with one row per run.
    The object is immutable; every method returns new data.

    Build it with :meth:`from_wide`, :meth:`from_long` or :meth:`from_array` (or
    :func:`algocompare.read` / :func:`algocompare.load_dataset`), which validate; the
    constructor itself is private and takes what they prepared.

    Parameters
    ----------
    long : pandas.DataFrame or None
        One row per run (instance, algorithm, run, value), or ``None`` when ``matrix``
        holds a complete table with one value per cell.
    direction : {"minimize", "maximize"}
        Whether lower (default) or higher values are better. Ranks always give rank 1 to
        the best algorithm.
    algorithms, instances : sequence
        The labels, in the order of the table.
    dropped_instances : sequence
        The instances ``nan_policy="omit"`` dropped (:attr:`dropped_instances`).
    extra_columns : sequence of str
        Further columns of a long table kept beside the values.
    notes : sequence of str
        What was decided while reading (:attr:`notes`).
    missing_cells : sequence of (instance, algorithm)
        The cells ``nan_policy="keep"`` kept missing (:attr:`missing_cells`).
    matrix : numpy.ndarray, optional
        The instances × algorithms values of a complete one-run table (``long`` is then
        built only if a view asks for it).
    cells : numpy.ndarray, optional
        The cell code of each row of ``long`` when it is already in cell order.

    See Also
    --------
    read : a results file as Results.
    load_dataset : the bundled results.
    Results.from_wide, Results.from_long, Results.from_array : the constructors.

    Notes
    -----
    The constructors share ``direction`` (above) and ``nan_policy``:
    missing values raise by default. ``"omit"`` drops every instance that has a
    missing value (never single cells) and records the dropped instances in
    :attr:`dropped_instances`. ``"keep"`` keeps the missing cells and records them in
    :attr:`missing_cells`: the tests made for incomplete tables
    (:func:`algocompare.durbin`, :func:`algocompare.skillings_mack`) use them, every
    test that needs a complete table raises (or, given ``nan_policy="omit"``, drops
    those instances). A cell is missing when it has no value or a NaN value (with
    several runs: when any of its runs is NaN; its other runs are left out too).

    References
    ----------
    .. [1] Wickham, H. (2014). Tidy data. *Journal of Statistical Software* 59(10), 1–23.
       doi:10.18637/jss.v059.i10

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> df = pd.DataFrame({"A": [1.0, 2.0, 3.0], "B": [2.0, 1.0, 4.0]}, index=["p1", "p2", "p3"])
    >>> res = ac.Results.from_wide(df)
    >>> res.ranks().mean().to_dict()
    {'A': 1.3333333333333333, 'B': 1.6666666666666667}
    """

    __slots__ = ("_long", "_matrix", "_direction", "_algorithms", "_instances", "_dropped", "_missing", "_extra",
                 "_notes", "_cache", "_frozen")

    def __init__(self, long: pd.DataFrame | None, *, direction: str, algorithms: Sequence[Any],
                 instances: Sequence[Any], dropped_instances: Sequence[Any] = (),
                 extra_columns: Sequence[str] = (), notes: Sequence[str] = (),
                 missing_cells: Sequence[tuple[Any, Any]] = (), matrix: np.ndarray | None = None,
                 cells: np.ndarray | None = None) -> None:
        # Private: use the from_* constructors, which validate. The frame is sorted by
        # (instance, algorithm, run) in label order so every view is built consistently.
        # A complete table with one value per cell is kept as its read-only float matrix
        # instead (long=None): the long frame is then built only if a view asks for it.
        self._direction = v.check_direction(direction)
        self._algorithms = tuple(algorithms)
        self._instances = tuple(instances)
        self._matrix = matrix
        self._cache: dict[Any, Any] = {}
        if matrix is None and cells is not None:  # already in order, with its cell codes
            assert long is not None
            self._long, self._cache["cells"] = long.reset_index(drop=True), cells
        elif matrix is None:
            self._long, self._cache["cells"] = self._sorted(long)
        else:
            self._long = None
        self._dropped = tuple(dropped_instances)
        self._missing = tuple(missing_cells)  # (instance, algorithm), in table order
        self._extra = tuple(extra_columns)
        self._notes = tuple(notes)
        self._frozen = True

    def _sorted(self, long: pd.DataFrame) -> tuple[pd.DataFrame, np.ndarray]:
        """The long frame in (instance, algorithm, run) order and each row's cell code."""
        if _plain_labels(self._instances, self._algorithms):  # hashed lookups, no Python call per row
            rows = pd.Index(list(self._instances)).get_indexer(long["instance"])
            cols = pd.Index(list(self._algorithms)).get_indexer(long["algorithm"])
        else:
            rows = long["instance"].map({label: i for i, label in enumerate(self._instances)}).to_numpy()
            cols = long["algorithm"].map({label: i for i, label in enumerate(self._algorithms)}).to_numpy()
        cells = rows.astype(np.int64) * len(self._algorithms) + cols
        order = _run_order(cells, _run_codes(long["run"]))
        if isinstance(order, slice):
            return long.reset_index(drop=True), cells  # already in order: no copy
        return long.take(order).reset_index(drop=True), cells[order]

    def _cells(self) -> np.ndarray:
        """Each row of :meth:`_frame` as its cell, instance position × n_algorithms + algorithm
        position (non-decreasing): the integer key every grouping over runs uses, instead of
        hashing the label columns (issue 19)."""
        if "cells" not in self._cache:  # the matrix's long frame: one row per cell, in order
            self._cache["cells"] = np.arange(len(self._instances) * len(self._algorithms))
        return self._cache["cells"]

    def _by_cell(self, grouped: pd.Series) -> np.ndarray:
        """Values indexed by cell code as an instances × algorithms array (absent cells NaN)."""
        out = np.full(len(self._instances) * len(self._algorithms), np.nan)
        out[grouped.index.to_numpy()] = grouped.to_numpy()
        return out.reshape(len(self._instances), len(self._algorithms))

    def _frame(self) -> pd.DataFrame:
        """The long table; built on first use when the Results holds a complete matrix."""
        if self._long is not None:
            return self._long
        if "long" not in self._cache:
            assert self._matrix is not None  # a Results holds a long table or a matrix
            self._cache["long"] = _matrix_to_long(self._matrix, self._instances, self._algorithms)
        return self._cache["long"]

    def _labelled(self, values: np.ndarray) -> pd.DataFrame:
        """An instances × algorithms frame labelled as :meth:`blocks` labels it, on ``values``
        themselves (no copy: the cached views of a 25,000 × 100 table would double it)."""
        # tupleize_cols=False: instances named by several columns stay one level of tuples
        index = pd.Index(list(self._instances), name="instance", tupleize_cols=False)
        return pd.DataFrame(values, copy=False, index=index, columns=pd.Index(list(self._algorithms), name="algorithm"))

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError("Results objects are immutable; use select() or a from_* constructor.")
        object.__setattr__(self, name, value)

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_wide(cls, df: pd.DataFrame, direction: str = "minimize", *, instance: str | None = None,
                  nan_policy: str = "raise") -> Results:
        """One row per instance, one column per algorithm, one number per cell.

        The rows are labelled by the column named by ``instance`` (default: a column
        called ``"instance"`` if there is one, otherwise the index).

        Parameters
        ----------
        df : pandas.DataFrame
            One row per instance, one column per algorithm.
        direction : {"minimize", "maximize"}
            Whether lower (default) or higher values are better.
        instance : str, optional
            The column of the instance labels (as above).
        nan_policy : {"raise", "omit", "keep"}
            Missing values: refuse them (default), drop the instances that have one, or keep them
            (class Notes).

        Returns
        -------
        Results

        See Also
        --------
        from_long, from_array : the other shapes.
        read : from a file.

        Examples
        --------
        >>> import pandas as pd, algocompare as ac
        >>> df = pd.DataFrame({"instance": ["f1", "f2"], "A": [0.5, 2.0], "B": [0.7, 1.0]})
        >>> ac.Results.from_wide(df).blocks()
        algorithm    A    B
        instance
        f1         0.5  0.7
        f2         2.0  1.0
        """
        if not isinstance(df, pd.DataFrame):
            raise TypeError(f"from_wide expects a pandas DataFrame, got {type(df).__name__}.")
        v.check_direction(direction)
        v.check_table_nan_policy(nan_policy)
        if instance is None and "instance" in df.columns:
            instance = "instance"
        if instance is not None:
            if instance not in df.columns:
                raise ValueError(f"instance column {instance!r} not found; the columns are {list(df.columns)}.")
            labels = df[instance].tolist()
            df = df.drop(columns=[instance])
        else:
            labels = df.index.tolist()
        if v.any_missing_label(labels):
            raise ValueError("an instance label is missing (empty); every row needs a label.")
        v.check_unique("instance", labels)
        v.check_unique("algorithm", df.columns)
        if df.shape[1] == 0 or df.shape[0] == 0:
            raise ValueError(f"the table is empty ({df.shape[0]} rows, {df.shape[1]} algorithm columns).")
        if all(isinstance(dtype, np.dtype) and dtype.kind in "fiu" for dtype in df.dtypes):
            values = df.to_numpy(dtype=float, copy=True)  # numeric columns: nothing to name, one copy
            _check_integer_columns(df, values)
        else:
            values = np.column_stack([v.to_numeric_column(df[c], c, row_labels=labels) for c in df.columns])
        return cls._from_matrix(values, list(df.columns), labels, direction, nan_policy)

    @classmethod
    def from_array(cls, values: Any, direction: str = "minimize", *, algorithms: Sequence[Any] | None = None,
                   instances: Sequence[Any] | None = None, nan_policy: str = "raise") -> Results:
        """A 2-D array (instances × algorithms) or 3-D array (instances × algorithms × runs).

        Without labels, algorithms and instances are numbered 0, 1, ... as in
        ``pandas.DataFrame(values)``.

        Parameters
        ----------
        values : array-like
            2-D (instances × algorithms) or 3-D (instances × algorithms × runs) real numbers.
        direction : {"minimize", "maximize"}
            Whether lower (default) or higher values are better.
        algorithms, instances : sequence, optional
            The labels (default 0, 1, ...).
        nan_policy : {"raise", "omit", "keep"}
            Missing values: refuse them (default), drop the instances that have one, or keep them
            (class Notes).

        Returns
        -------
        Results

        See Also
        --------
        from_wide, from_long : from a DataFrame.

        Examples
        --------
        >>> import numpy as np, algocompare as ac
        >>> res = ac.Results.from_array(np.array([[1.0, 2.0, 3.0], [2.0, 1.0, 3.0]]), "maximize",
        ...                             algorithms=["A", "B", "C"])
        >>> res, res.mean_ranks().tolist()   # maximize: the highest value gets rank 1
        (<Results: 2 instances × 3 algorithms, 1 run(s) per cell, maximize>, [2.5, 2.5, 1.0])
        """
        v.check_direction(direction)
        v.check_table_nan_policy(nan_policy)
        if np.iscomplexobj(values):  # casting would silently drop the imaginary part
            raise TypeError(_complex_message(np.asarray(values), algorithms))
        if getattr(values, "dtype", np.dtype(float)).kind in "mM":  # else nanoseconds since 1970 (issue 30)
            raise TypeError(f"the array holds dates or times ({values.dtype}), not numbers; convert it to numbers "
                            "first (a duration: / np.timedelta64(1, 's')).")
        try:
            array = np.array(values, dtype=float)  # a copy: the caller may change their array later
        except (TypeError, ValueError):
            raise TypeError("the array must hold numbers only (a non-numeric cell was found).") from None
        if array.size and np.nanmax(np.abs(array), initial=0.0) >= v.EXACT_INTEGER_LIMIT:  # only then look
            v.check_exact_integers(np.asarray(values), array, "the array")
        if array.ndim not in (2, 3):
            raise ValueError(f"expected a 2-D (instances × algorithms) or 3-D array, got {array.ndim}-D.")
        n_inst, n_alg = array.shape[:2]
        algorithms = list(range(n_alg)) if algorithms is None else list(algorithms)
        instances = list(range(n_inst)) if instances is None else list(instances)
        if len(algorithms) != n_alg or len(instances) != n_inst:
            raise ValueError(
                f"{len(instances)} instance and {len(algorithms)} algorithm labels given for an array "
                f"of shape {array.shape} (instances × algorithms{' × runs' if array.ndim == 3 else ''})."
            )
        v.check_unique("algorithm", algorithms)
        v.check_unique("instance", instances)
        if array.size == 0:
            raise ValueError(f"the array is empty (shape {array.shape}).")
        if array.ndim == 2:
            return cls._from_matrix(array, algorithms, instances, direction, nan_policy)
        n_runs = array.shape[2]
        long = pd.DataFrame({
            "instance": np.repeat(np.asarray(instances, dtype=object), n_alg * n_runs),
            "algorithm": np.tile(np.repeat(np.asarray(algorithms, dtype=object), n_runs), n_inst),
            "run": np.tile(np.arange(n_runs), n_inst * n_alg),
            "value": array.reshape(-1),
        })
        return cls._from_checked_long(long, direction, nan_policy, algorithms, instances, ())

    @classmethod
    def from_long(cls, df: pd.DataFrame, *, algorithm: str = "algorithm", instance: str | Sequence[str] = "instance",
                  value: str = "value", run: str | None = None, direction: str = "minimize",
                  nan_policy: str = "raise") -> Results:
        """One row per run: columns for the algorithm, the instance, the value and optionally the run.

        ``instance`` may name several columns (e.g. ``["function", "dimension"]``); the
        instance label is then the tuple of their values. Other columns (dimension,
        measure, ...) are kept and available through :meth:`to_long`. Without ``run``,
        the runs of a cell are numbered in the order they appear.

        Parameters
        ----------
        df : pandas.DataFrame
            One row per run.
        algorithm, value : str
            The algorithm and value columns (default ``"algorithm"``, ``"value"``).
        instance : str or list of str
            The instance column(s) (default ``"instance"``).
        run : str, optional
            The run column (as above).
        direction : {"minimize", "maximize"}
            Whether lower (default) or higher values are better.
        nan_policy : {"raise", "omit", "keep"}
            Missing values: refuse them (default), drop the instances that have one, or keep them
            (class Notes).

        Returns
        -------
        Results

        See Also
        --------
        from_wide, from_array : the other shapes.
        to_long : back to one row per run.

        Examples
        --------
        >>> import pandas as pd, algocompare as ac
        >>> df = pd.DataFrame({"algorithm": ["A", "A", "B", "B"] * 2, "instance": ["f1"] * 4 + ["f2"] * 4,
        ...                    "run": [1, 2] * 4, "value": [1.0, 3.0, 2.0, 2.5, 0.5, 0.7, 0.9, 0.4]})
        >>> res = ac.Results.from_long(df, algorithm="algorithm", instance="instance", value="value", run="run")
        >>> res
        <Results: 2 instances × 2 algorithms, 2 run(s) per cell, minimize>
        >>> res.blocks()   # the mean of the runs
        algorithm    A     B
        instance
        f1         2.0  2.25
        f2         0.6  0.65
        """
        if not isinstance(df, pd.DataFrame):
            raise TypeError(f"from_long expects a pandas DataFrame, got {type(df).__name__}.")
        v.check_direction(direction)
        v.check_table_nan_policy(nan_policy)
        instance_cols = [instance] if isinstance(instance, str) else list(instance)
        wanted = [("algorithm", algorithm), ("value", value), *(("instance", c) for c in instance_cols)]
        if run is not None:
            wanted.append(("run", run))
        missing = [f"{col!r} (the {role} column)" for role, col in wanted if col not in df.columns]
        if missing:
            raise ValueError(
                f"column(s) not found: {', '.join(missing)}; the file has columns {list(df.columns)}. "
                "Name the right ones with algorithm=, instance=, value=, run=."
            )
        if df.shape[0] == 0:
            raise ValueError("the table has no rows.")
        used = {algorithm, value, *instance_cols} | ({run} if run else set())
        extra = [c for c in df.columns if c not in used]
        if "run" in extra and run is None:
            raise ValueError("the table has a column 'run'; pass run='run' so runs are matched, not renumbered.")
        labels = df[instance_cols[0]] if len(instance_cols) == 1 else pd.Series(
            list(df[instance_cols].itertuples(index=False, name=None)), index=df.index)
        for role, column in (("algorithm", df[algorithm]), ("instance", labels)):
            if column.isna().any():
                row = int(np.flatnonzero(column.isna().to_numpy())[0])
                raise ValueError(f"missing {role} label at row {row}; every run needs an algorithm and an instance.")
        long, cells, instances, algorithms = _sorted_long(df, labels, algorithm, value, run, extra)
        return cls._from_checked_long(long, direction, nan_policy, algorithms, instances, extra, cells)

    @classmethod
    def _from_matrix(cls, values: np.ndarray, algorithms: list, instances: list, direction: str,
                     nan_policy: str) -> Results:
        """``values`` is a fresh float array owned by the new Results."""
        if len(algorithms) >= 2 and np.isfinite(values).all() and _plain_labels(instances, algorithms):
            # complete: nothing to check that the long route would check, nothing to group
            values.flags.writeable = False
            return cls(None, direction=direction, algorithms=algorithms, instances=instances, matrix=values)
        long = _matrix_to_long(values, instances, algorithms)
        return cls._from_checked_long(long, direction, nan_policy, algorithms, instances, ())

    @classmethod
    def _from_checked_long(cls, long: pd.DataFrame, direction: str, nan_policy: str, algorithms: list,
                           instances: list, extra: Sequence[str], cells: np.ndarray | None = None) -> Results:
        """Apply the missing-value policy (NaN values and absent cells) and build. ``cells``:
        the rows' cell codes when the frame is already in order (:func:`_sorted_long`)."""
        if cells is None:
            counts = long.groupby(["instance", "algorithm"], sort=False).size()
            grid = counts.unstack("algorithm").reindex(index=list(instances), columns=list(algorithms))
            rows, cols = np.nonzero(grid.isna().to_numpy())
        else:
            present = np.bincount(cells, minlength=len(instances) * len(algorithms)).reshape(len(instances), -1)
            rows, cols = np.nonzero(present == 0)
        absent = [(instances[i], algorithms[j]) for i, j in zip(rows, cols, strict=False)]
        nan_rows = long[long["value"].isna()]
        nan_cells = list(dict.fromkeys(zip(nan_rows["instance"], nan_rows["algorithm"], strict=False)))
        inf_rows = long[np.isinf(long["value"].to_numpy())]
        if len(inf_rows):
            row = inf_rows.iloc[0]
            raise ValueError(
                f"infinite value {row['value']} for algorithm {row['algorithm']!r} on instance {row['instance']!r}; "
                "replace it by a finite number (e.g. a penalty) before the analysis."
            )
        bad_cells = nan_cells + absent
        dropped: list[Any] = []
        missing: list[tuple[Any, Any]] = []
        if bad_cells and nan_policy == "keep":
            missing = cls._ordered_cells(bad_cells, instances, algorithms)
            cell = pd.MultiIndex.from_frame(long[["instance", "algorithm"]])
            kept = ~cell.isin(missing)
            long = long[kept]
            cells = None if cells is None else cells[kept]
        elif bad_cells:
            if nan_policy == "raise":
                raise ValueError(v.missing_cells_message(bad_cells, len(bad_cells)))
            bad_instances = set(i for i, _ in bad_cells)
            dropped = [i for i in instances if i in bad_instances]
            long = long[~long["instance"].isin(bad_instances)]
            instances = [i for i in instances if i not in bad_instances]
            cells = None  # the instances are renumbered: the constructor finds the cells again
            if not instances:
                raise ValueError("every instance has a missing value; nothing is left after nan_policy='omit'.")
        if len(algorithms) < 2:
            raise ValueError(
                f"only {len(algorithms)} algorithm ({algorithms[0]!r}); a comparison needs at least 2 algorithms."
            )
        return cls(long, direction=direction, algorithms=algorithms, instances=instances,
                   dropped_instances=dropped, extra_columns=extra, missing_cells=missing, cells=cells)

    @staticmethod
    def _ordered_cells(cells: list, instances: list, algorithms: list) -> list[tuple[Any, Any]]:
        order_i = {label: i for i, label in enumerate(instances)}
        order_a = {label: j for j, label in enumerate(algorithms)}
        return sorted(set(cells), key=lambda c: (order_i[c[0]], order_a[c[1]]))

    # ---------------------------------------------------------------- properties
    @property
    def direction(self) -> str:
        """``"minimize"`` (lower is better) or ``"maximize"``."""
        return self._direction

    @property
    def algorithms(self) -> tuple:
        """Algorithm labels, in input order."""
        return self._algorithms

    @property
    def instances(self) -> tuple:
        """Instance labels, in input order (after any instances dropped by ``nan_policy``)."""
        return self._instances

    @property
    def n_algorithms(self) -> int:
        return len(self._algorithms)

    @property
    def n_instances(self) -> int:
        return len(self._instances)

    @property
    def dropped_instances(self) -> tuple:
        """Instances removed by ``nan_policy="omit"`` because they had missing values."""
        return self._dropped

    @property
    def n_dropped(self) -> int:
        return len(self._dropped)

    @property
    def missing_cells(self) -> tuple:
        """(instance, algorithm) of each cell kept missing by ``nan_policy="keep"``, in table order."""
        return self._missing

    @property
    def n_missing(self) -> int:
        """Number of missing cells (0 unless the table was read with ``nan_policy="keep"``)."""
        return len(self._missing)

    def omit_missing(self) -> Results:
        """The instances without a missing cell (what ``nan_policy="omit"`` gives), drops recorded.

        Examples
        --------
        >>> import numpy as np, algocompare as ac
        >>> res = ac.Results.from_array(np.array([[1.0, np.nan], [2.0, 3.0], [1.5, 0.5]]), nan_policy="keep")
        >>> res.missing_cells, res.omit_missing().dropped_instances
        (((0, 1),), (0,))
        """
        if not self._missing:
            return self
        bad = {instance for instance, _ in self._missing}
        keep = [i for i in self._instances if i not in bad]
        if not keep:
            raise ValueError("every instance has a missing value; nothing is left after nan_policy='omit'.")
        frame = self._long[self._long["instance"].isin(keep)]
        return Results(frame, direction=self._direction, algorithms=self._algorithms, instances=keep,
                       dropped_instances=self._dropped + tuple(i for i in self._instances if i in bad),
                       extra_columns=self._extra, notes=self._notes)

    @property
    def extra_columns(self) -> tuple[str, ...]:
        """Columns of a long table other than algorithm, instance, run and value."""
        return self._extra

    @property
    def notes(self) -> tuple[str, ...]:
        """What the reader decided when loading (layout, label column, ...)."""
        return self._notes

    @property
    def has_runs(self) -> bool:
        """True when at least one (instance, algorithm) cell holds more than one run."""
        if self._matrix is not None:  # one value per cell (no run counts of ones to build)
            return False
        return bool((self.run_counts().to_numpy() > 1).any())

    def _copy(self, *, notes: tuple = (), dropped: tuple = ()) -> Results:
        """The same table with extra notes and extra dropped instances recorded."""
        return Results(self._long, direction=self._direction, algorithms=self._algorithms,
                       instances=self._instances, dropped_instances=self._dropped + tuple(dropped),
                       extra_columns=self._extra, notes=self._notes + tuple(notes), missing_cells=self._missing,
                       matrix=self._matrix)

    def with_notes(self, *notes: str) -> Results:
        """A copy carrying extra notes (used by the readers)."""
        return self._copy(notes=notes)

    def with_dropped(self, instances: Sequence[Any]) -> Results:
        """A copy that also records ``instances`` as dropped (a transform that rebuilds a table
        from another keeps the other's record of what ``nan_policy="omit"`` dropped)."""
        return self._copy(dropped=tuple(instances))

    # --------------------------------------------------------------------- views
    def run_counts(self) -> pd.DataFrame:
        """Number of runs per cell (instances × algorithms).

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.simulate_runs([10, 12], n_instances=3, n_runs=4, rng=0).results.run_counts().values.tolist()
        [[4, 4], [4, 4], [4, 4]]
        """
        if "counts" not in self._cache and self._matrix is not None:
            self._cache["counts"] = self._labelled(np.ones(self._matrix.shape, dtype=int))
        if "counts" not in self._cache:
            counts = np.bincount(self._cells(), minlength=len(self._instances) * len(self._algorithms))
            self._cache["counts"] = self._labelled(counts.reshape(len(self._instances), -1))  # missing: 0
        return self._cache["counts"].copy(deep=not _copy_on_write())  # as blocks()

    def blocks(self, agg: str = "mean", *, oriented: bool = False) -> pd.DataFrame:
        """Aggregated table: instances × algorithms, the mean (or median) over runs.

        With ``oriented=True`` the values are negated when ``direction="maximize"``, so
        that lower is always better (what rank-based and one-sided tests consume).

        Parameters
        ----------
        agg : {"mean", "median"}
            How the runs of a cell are aggregated (default the mean).
        oriented : bool
            Negate the values of a ``"maximize"`` table (default False).

        Returns
        -------
        pandas.DataFrame
            Instances × algorithms (a copy).

        See Also
        --------
        values : the same as a float array.
        ranks : the within-instance ranks of this table.

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.load_dataset("ice_cream").blocks()
        algorithm  chocolate  vanilla  strawberry  cherry  blueberry
        instance
        child 1          1.0      2.0         3.0     4.0        5.0
        child 2          5.0      1.0         2.0     3.0        4.0
        child 3          4.0      5.0         1.0     2.0        3.0
        """
        v.check_option("agg", agg, AGGREGATES)
        key = ("blocks", agg)
        if key not in self._cache and self._matrix is not None:
            self._cache[key] = self._labelled(self._matrix)  # one value per cell: its mean and median
        if key not in self._cache:
            # near 1e308 the sums over runs would overflow: aggregate exactly rescaled values
            moments, m_exp, order, o_exp = _overflow_safe_groups(self._long["value"].to_numpy(float), self._cells())
            grouped, exponent = (moments, m_exp) if agg == "mean" else (order, o_exp)
            self._cache[key] = self._labelled(self._by_cell(np.ldexp(grouped.agg(agg), exponent)))
        table = self._cache[key]
        if oriented and self._direction == "maximize":
            return -table
        # under copy-on-write a shallow copy is safe: writing to it copies first (issue 19)
        return table.copy(deep=not _copy_on_write())

    def values(self, agg: str = "mean", *, oriented: bool = False) -> np.ndarray:
        """:meth:`blocks` as a plain float array."""
        return self.blocks(agg, oriented=oriented).to_numpy(dtype=float)

    def runs(self, unbalanced: str = "raise", *, oriented: bool = False) -> np.ndarray:
        """Raw runs as an array of shape (instances, algorithms, runs).

        Parameters
        ----------
        unbalanced : {"raise", "truncate", "pad"}
            When cells have different numbers of runs: raise (default, the message names
            the cells), keep the first ``min`` runs of every cell, or pad with NaN.
        oriented : bool
            Negate the values of a ``"maximize"`` table (default False).

        Returns
        -------
        numpy.ndarray
            Shape (instances, algorithms, runs).

        See Also
        --------
        instance_runs : the runs of one instance.
        blocks : the runs aggregated.

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.simulate_runs([10, 12], n_instances=3, n_runs=4, rng=0).results.runs().shape
        (3, 2, 4)
        """
        v.check_option("unbalanced", unbalanced, UNBALANCED_POLICIES)
        counts = self.run_counts().to_numpy()
        low, high = int(counts.min()), int(counts.max())
        if low != high and unbalanced == "raise":
            lo = np.argwhere(counts == low)[0]
            hi = np.argwhere(counts == high)[0]
            raise ValueError(
                f"unbalanced runs: algorithm {self._algorithms[lo[1]]!r} has {low} run(s) on instance "
                f"{self._instances[lo[0]]!r} but {self._algorithms[hi[1]]!r} has {high} on "
                f"{self._instances[hi[0]]!r}; pass unbalanced='truncate' or 'pad' to runs()."
            )
        if self._matrix is not None:
            out = self._matrix[:, :, None].copy()
            return -out if oriented and self._direction == "maximize" else out
        if low == high:  # every cell has its runs, consecutive and in run order: the values as they lie
            out = self._long["value"].to_numpy(float).reshape(self.n_instances, self.n_algorithms, low).copy()
            return -out if oriented and self._direction == "maximize" else out
        depth = low if unbalanced == "truncate" else high
        out = np.full((self.n_instances, self.n_algorithms, depth), np.nan)
        cells = self._cells()  # non-decreasing: a cell's runs are consecutive rows, in run order
        position = _positions_in_groups(cells)
        keep = position < depth
        out.reshape(-1, depth)[cells[keep], position[keep]] = self._long["value"].to_numpy()[keep]
        return -out if oriented and self._direction == "maximize" else out

    def ranks(self, agg: str = "mean") -> pd.DataFrame:
        """Within-instance ranks of :meth:`blocks`: rank 1 = best, ties get the average rank.

        Parameters
        ----------
        agg : {"mean", "median"}
            How the runs of a cell are aggregated before ranking.

        Returns
        -------
        pandas.DataFrame
            Instances × algorithms ranks.

        See Also
        --------
        mean_ranks : their column means.

        Examples
        --------
        >>> import algocompare as ac
        >>> ranks = ac.load_dataset("cec2005_d10").ranks()
        >>> ranks.loc["f1"].unique().tolist()   # all 11 algorithms tie on f1: (1 + 11)/2
        [6.0]
        >>> ranks.loc["f3", ["G-CMA-ES", "DE", "CoEVO"]].tolist()   # four algorithms tie for best on f3
        [2.5, 5.0, 2.5]
        """
        oriented = self.blocks(agg, oriented=True)
        # missing cells stay NaN; the present ones are ranked among themselves
        values = oriented.to_numpy()
        ranks = rankdata(values, axis=1, nan_policy="omit") if self._missing else within_instance_ranks(values)
        return pd.DataFrame(ranks, index=oriented.index, columns=oriented.columns)

    def mean_ranks(self, agg: str = "mean") -> pd.Series:
        """Average within-instance rank of each algorithm (the Friedman mean ranks).

        Parameters
        ----------
        agg : {"mean", "median"}
            How the runs of a cell are aggregated before ranking.

        Returns
        -------
        pandas.Series
            The mean rank of each algorithm.

        See Also
        --------
        ranks : the ranks per instance.
        friedman : the test of the mean ranks.

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.load_dataset("cec2005_d10").mean_ranks().nsmallest(3).round(2)   # García et al. (2009), Table 8
        algorithm
        G-CMA-ES     3.34
        L-SaDE       4.92
        DMS-L-PSO    5.02
        Name: mean_rank, dtype: float64

        With missing cells (``nan_policy="keep"``) an instance holding k_i of the k
        algorithms has its ranks stretched from 1..k_i to 1..k, r -> 1 + (r - 1)(k - 1)/(k_i - 1),
        so that instances of every size count alike; instances with fewer than two values
        rank nothing and are left out. These are the mean ranks of
        :func:`algocompare.skillings_mack` and :func:`algocompare.durbin`.
        """
        if self._missing:
            ranks = self.ranks(agg)
            return pd.Series(stretched_mean_ranks(ranks.to_numpy()), index=ranks.columns, name="mean_rank")
        oriented = self.blocks(agg, oriented=True)
        sums = rank_sums(oriented.to_numpy())[0]  # a block of instances at a time; exact sums
        return pd.Series(sums / len(oriented), index=oriented.columns, name="mean_rank")

    def instance_runs(self, instance: Any = None, *, oriented: bool = False) -> dict[Any, pd.Series]:
        """Each algorithm's runs on one instance, indexed by run label (single-problem analysis).

        ``instance=None`` takes the only instance and raises when there are several.
        With ``oriented=True`` the values are negated when ``direction="maximize"``.

        Examples
        --------
        >>> import algocompare as ac
        >>> runs = ac.simulate_runs([10, 12], n_instances=3, n_runs=4, rng=0).results.instance_runs("I1")
        >>> list(runs), [len(r) for r in runs.values()]
        (['A1', 'A2'], [4, 4])
        """
        if instance is None:
            if self.n_instances != 1:
                shown = ", ".join(map(str, self._instances[:5])) + (", ..." if self.n_instances > 5 else "")
                raise ValueError(f"{self.n_instances} instances ({shown}); choose one with instance=.")
            instance = self._instances[0]
        elif instance not in self._instances:
            raise ValueError(f"unknown instance {instance!r}{v.did_you_mean(instance, self._instances)}; the "
                             f"instances are {list(self._instances)}.")
        sign = -1.0 if oriented and self._direction == "maximize" else 1.0
        frame = self._frame()[self._frame()["instance"] == instance]
        return {a: pd.Series(sign * part["value"].to_numpy(float), index=part["run"].to_numpy(), name=a)
                for a, part in ((a, frame[frame["algorithm"] == a]) for a in self._algorithms)}

    def to_long(self) -> pd.DataFrame:
        """A copy of the runs as a long table: instance, algorithm, run, value (+ extra columns).

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.load_dataset("ice_cream").to_long().head(3)
          instance   algorithm  run  value
        0  child 1   chocolate    0    1.0
        1  child 1     vanilla    0    2.0
        2  child 1  strawberry    0    3.0
        """
        frame = self._frame()  # label columns held as shared objects: typed afresh (str in pandas 3)
        return pd.DataFrame({column: frame[column].to_numpy(copy=True) for column in frame.columns})

    def to_wide(self, agg: str = "mean") -> pd.DataFrame:
        """Alias of :meth:`blocks`."""
        return self.blocks(agg)

    def best(self, agg: str = "mean") -> pd.Series:
        """The best value on each instance.

        Parameters
        ----------
        agg : {"mean", "median"}
            How the runs of a cell are aggregated.

        Returns
        -------
        pandas.Series
            The best (lowest, or highest for ``"maximize"``) value of each instance.

        See Also
        --------
        blocks : the table it is taken from.

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.load_dataset("ice_cream").best().tolist()   # each child's favourite has rank 1
        [1.0, 1.0, 1.0]
        """
        table = self.blocks(agg)
        return table.min(axis=1) if self._direction == "minimize" else table.max(axis=1)

    def describe(self, per_instance: bool = False) -> pd.DataFrame:
        """Exploratory summary: mean, median, sd, best, worst and quartiles.

        Per algorithm over all its values (instances, and runs if any); with
        ``per_instance=True`` per (instance, algorithm) over the runs. Values near the
        float limit (e.g. 1e308) or far below 1 (e.g. 1e-300) are summarised without
        overflow or underflow: they are scaled by a power of two (exact) before summing and
        squaring, so the mean is not NaN, the median not inf and the sd not 0
        (:mod:`algocompare._scaling`).

        Parameters
        ----------
        per_instance : bool
            Summarise each (instance, algorithm) cell over its runs instead of each algorithm.

        Returns
        -------
        pandas.DataFrame
            Columns n, mean, median, sd, best, worst, q1, q3; one row per algorithm (or cell).

        See Also
        --------
        blocks : the aggregated table.

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.load_dataset("cec2005_d10").describe().loc[["G-CMA-ES", "CoEVO"], ["n", "median"]]
                    n  median
        algorithm
        G-CMA-ES   25   20.00
        CoEVO      25   26.77
        """
        if self._matrix is not None and not per_instance:
            return self._describe_columns(self._matrix)
        if not per_instance and not self._missing and self._balanced():  # each algorithm's runs as a column
            return self._describe_columns(self.runs().transpose(0, 2, 1).reshape(-1, len(self._algorithms)))
        n_algorithms = len(self._algorithms)
        keys = self._cells() if per_instance else self._cells() % n_algorithms
        values = self._frame()["value"].to_numpy(float)
        moments, m_exp, order, o_exp = _overflow_safe_groups(values, keys)
        plain = pd.Series(values, copy=False).groupby(keys, sort=True)
        table = _summary(plain.size(), plain, moments, m_exp, order, o_exp, self._direction)
        if per_instance:
            labels = pd.MultiIndex.from_product([list(self._instances), list(self._algorithms)],
                                                names=["instance", "algorithm"])
        else:
            labels = pd.Index(list(self._algorithms), name="algorithm")
        return table.reindex(range(len(labels))).set_axis(labels)

    def _balanced(self) -> bool:
        counts = self.run_counts().to_numpy()
        return int(counts.min()) == int(counts.max())

    def _describe_columns(self, matrix: np.ndarray) -> pd.DataFrame:
        """:meth:`describe` from a complete, finite matrix with one column per algorithm,
        column by column (no long table and groupby: 2.5 million cells take 0.1 s and little
        memory; balanced runs are laid out as instances × runs rows)."""
        m_exp, o_exp = _scaling_exponents(largest_magnitude(matrix))
        algorithms = pd.Index(list(self._algorithms), name="algorithm")
        parts = []
        for columns in row_batches(matrix.shape[1], matrix.shape[0]):  # the quantiles' sorted copies stay small
            part, names = matrix[:, columns], algorithms[columns]
            moments = pd.DataFrame(np.ldexp(part, -m_exp) if m_exp else part, columns=names, copy=False)
            order = pd.DataFrame(np.ldexp(part, -o_exp) if o_exp else part, columns=names, copy=False)
            plain = pd.DataFrame(part, columns=names, copy=False)
            parts.append(_summary(plain.count(), plain, moments, m_exp, order, o_exp, self._direction))
        return pd.concat(parts)  # a Results has at least two algorithms: never empty

    # ------------------------------------------------------------------ subsets
    def select(self, algorithms: Sequence[Any] | None = None, instances: Sequence[Any] | None = None) -> Results:
        """A new Results with only (and in the order of) the given algorithms/instances.

        Parameters
        ----------
        algorithms, instances : sequence, optional
            The labels to keep, in the order wanted (default all, in their order).

        Returns
        -------
        Results

        See Also
        --------
        omit_missing : drop the instances with a missing cell.

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.load_dataset("cec2005_d10").select(algorithms=["G-CMA-ES", "DE"], instances=["f1", "f2", "f3"])
        <Results: 3 instances × 2 algorithms, 1 run(s) per cell, minimize>
        """
        algs = list(self._algorithms) if algorithms is None else list(algorithms)
        insts = list(self._instances) if instances is None else list(instances)
        for kind, chosen, known in (("algorithm", algs, self._algorithms), ("instance", insts, self._instances)):
            v.check_unique(kind, chosen)
            unknown = [x for x in chosen if x not in known]
            if unknown:
                hint = v.did_you_mean(unknown[0], list(known)) if len(unknown) == 1 else ""
                raise ValueError(f"unknown {kind}(s) {unknown}{hint}; known: {list(known)}.")
            if not chosen:
                raise ValueError(f"select() needs at least one {kind}.")
        if len(algs) < 2:
            raise ValueError(f"only {len(algs)} algorithm selected; a comparison needs at least 2 algorithms.")
        if self._matrix is not None:
            where = {label: i for i, label in enumerate(self._instances)}
            rows = [where[i] for i in insts] if instances is not None else slice(None)
            cols = [self._algorithms.index(a) for a in algs]
            matrix = self._matrix[rows][:, cols]
            matrix.flags.writeable = False
            return Results(None, direction=self._direction, algorithms=algs, instances=insts,
                           dropped_instances=self._dropped, notes=self._notes, matrix=matrix)
        frame = self._long[self._long["algorithm"].isin(algs) & self._long["instance"].isin(insts)]
        missing = [(i, a) for i, a in self._missing if i in insts and a in algs]
        return Results(frame, direction=self._direction, algorithms=algs, instances=insts,
                       dropped_instances=self._dropped, extra_columns=self._extra, notes=self._notes,
                       missing_cells=self._ordered_cells(missing, insts, algs))

    def __len__(self) -> int:
        return self.n_instances

    def __repr__(self) -> str:
        counts = self.run_counts().to_numpy()
        counts = counts[counts > 0] if self._missing else counts
        runs = f"{counts.min()}" if counts.min() == counts.max() else f"{counts.min()}–{counts.max()}"
        dropped = f", {self.n_dropped} instance(s) dropped for missing values" if self._dropped else ""
        dropped += f", {self.n_missing} missing cell(s)" if self._missing else ""
        return (f"<Results: {self.n_instances} instances × {self.n_algorithms} algorithms, "
                f"{runs} run(s) per cell, {self._direction}{dropped}>")
