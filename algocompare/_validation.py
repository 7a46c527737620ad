"""Input checks shared by every public function; one place for the error wording.

Every public entry point converts its input once, here, at the edge:

* :mod:`algocompare.data._convert` (``as_results``, ``as_blocks``) turns a
  :class:`~algocompare.Results`, a wide DataFrame or a 2-D array into a ``Results``
  (it lives with ``Results``, so that this module depends on nothing of the package);
* :func:`as_paired` checks two paired samples (one value per instance each);
* :func:`as_sample` checks one sample of numbers;
* the ``check_*`` helpers validate scalar options with a message that names them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

DIRECTIONS = ("minimize", "maximize")
NAN_POLICIES = ("raise", "omit")
#: A Results may also keep its missing cells, for the tests made for incomplete tables.
TABLE_NAN_POLICIES = ("raise", "omit", "keep")


def show(label: Any) -> str:
    """repr of a label as the user wrote it (numpy scalars shown as plain Python values)."""
    return repr(label.item() if isinstance(label, np.generic) else label)


def check_option(name: str, value: Any, allowed: Sequence[Any]) -> Any:
    """Return ``value`` if it is one of ``allowed``, else raise a ValueError naming it."""
    if value not in allowed:
        choices = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"{name}={value!r} is not valid; choose one of {choices}.")
    return value


def check_probability(name: str, value: float, *, open_interval: bool = True) -> float:
    """A level such as alpha or power: a number strictly between 0 and 1."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number between 0 and 1, got {value!r}.") from None
    low_ok = value > 0 if open_interval else value >= 0
    high_ok = value < 1 if open_interval else value <= 1
    if not (low_ok and high_ok and np.isfinite(value)):
        bounds = "strictly between 0 and 1" if open_interval else "between 0 and 1"
        raise ValueError(f"{name} must be {bounds}, got {value!r}.")
    return value


def check_positive_int(name: str, value: Any, *, minimum: int = 1) -> int:
    """A count such as n_samples or n_resamples: an integer >= ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise TypeError(f"{name} must be an integer, got {value!r}.")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}.")
    return int(value)


def check_positive(name: str, value: Any) -> float:
    """A finite number > 0 such as an effect size, a standard error or a time limit."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a positive number, got {value!r}.") from None
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number, got {value!r}.")
    return value


def check_nonnegative(name: str, value: Any) -> float:
    """A finite number >= 0 such as a rope width or a prior strength."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number, got {value!r}.") from None
    if not np.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value!r}.")
    return value


def check_direction(direction: str) -> str:
    return check_option("direction", direction, DIRECTIONS)


def check_nan_policy(nan_policy: str) -> str:
    return check_option("nan_policy", nan_policy, NAN_POLICIES)


def check_table_nan_policy(nan_policy: str) -> str:
    """The missing-cell policy of a results table: "raise", "omit" or "keep"."""
    return check_option("nan_policy", nan_policy, TABLE_NAN_POLICIES)


def check_unique(kind: str, labels: Iterable[Any]) -> list[Any]:
    """Labels (algorithms, instances) must be unique; name the duplicates if not."""
    labels = list(labels)
    if len(set(labels)) == len(labels):  # the common case, without a Python loop
        return labels
    seen: set[Any] = set()
    duplicates = []
    for label in labels:
        if label in seen and label not in duplicates:
            duplicates.append(label)
        seen.add(label)
    if duplicates:
        names = ", ".join(repr(d) for d in duplicates)
        raise ValueError(f"duplicate {kind} labels: {names}; every {kind} must have a unique name.")
    return labels


def any_missing_label(labels: Sequence[Any]) -> bool:
    """True when a label is missing (None, NaN, NaT), as ``pd.isna`` says label by label."""
    kind = pd.api.types.infer_dtype(labels, skipna=False)  # "mixed" when a None or NaN is among others
    if kind in ("string", "integer", "boolean"):
        return False
    if kind == "floating":
        return bool(np.isnan(np.asarray(labels, dtype=float)).any())
    return any(pd.isna(label) for label in labels)


def to_numeric_column(values: pd.Series, column: Any, *, row_labels: Sequence[Any] | None = None) -> np.ndarray:
    """Convert one column to float, naming the first non-numeric cell if there is one."""
    if pd.api.types.is_bool_dtype(values):
        raise TypeError(f"column {column!r} holds booleans, not numbers.")
    if pd.api.types.is_datetime64_any_dtype(values) or pd.api.types.is_timedelta64_dtype(values) \
            or isinstance(values.dtype, pd.PeriodDtype):  # else read as nanoseconds since 1970 (issue 30)
        raise TypeError(f"column {column!r} holds dates or times ({values.dtype}), not numbers; convert it to a number "
                        "first (a duration: .dt.total_seconds()) or name it as a label column.")
    converted = pd.to_numeric(values, errors="coerce")
    bad = converted.isna() & values.notna()
    if bad.any():
        position = int(np.flatnonzero(bad.to_numpy())[0])
        where = row_labels[position] if row_labels is not None else values.index[position]
        comma = re.fullmatch(r"\s*[-+]?[\d.]*,\d+\s*", str(values.iloc[position])) is not None
        raise ValueError(
            f"non-numeric value {values.iloc[position]!r} in column {column!r} at row {where!r}; "
            "every result cell must be a number" + (": a decimal comma is read as such when every cell of its column "
                                                    "is a number, or with decimal=','." if comma else ".")
        )
    if pd.api.types.is_complex_dtype(converted):  # casting would silently drop the imaginary part
        raise TypeError(f"column {column!r} holds complex numbers; every result cell must be a real number.")
    floats = converted.to_numpy(dtype=float)
    original = values.to_numpy()  # integers beyond uint64 are text or Python ints: to_numeric made them floats
    check_exact_integers(original if original.dtype.kind == "O" else converted.to_numpy(), floats,
                         f"column {column!r}")
    return floats


#: Integers beyond this magnitude are not all doubles: 2**53 + 1 reads as 2**53.
EXACT_INTEGER_LIMIT = 2 ** 53


def check_exact_integers(values: np.ndarray, floats: np.ndarray, where: str) -> None:
    """Refuse integers that the float reading changes (beyond 2**53, where a double no longer
    holds every integer: 2**53 + 1 and 2**53 would tie, and their difference be lost silently).
    Every statistic of the package reads floats; integers that fit, or big ones that are
    exactly doubles (e.g. 10**20), pass unchanged."""
    if values.dtype.kind not in "iuO" or not floats.size:
        return
    big = np.flatnonzero(np.abs(floats) >= EXACT_INTEGER_LIMIT)
    for position in big:
        original = values.flat[position]
        if isinstance(original, str) and re.fullmatch(r"\s*[-+]?\d+\s*", original):
            original = int(original)  # an integer written as text
        if isinstance(original, (int, np.integer)) and not isinstance(original, bool) \
                and int(floats.flat[position]) != int(original):
            raise ValueError(
                f"{where} holds the integer {int(original)}, beyond 2**53, which a float cannot hold exactly "
                f"(it would read as {int(floats.flat[position])}, and the differences between such values would "
                "be lost); subtract a common offset (e.g. the smallest value) from every result first.")


def check_finite_cells(values: np.ndarray, rows: Sequence[Any], columns: Sequence[Any], *,
                       row_kind: str = "instance", column_kind: str = "algorithm") -> None:
    """Infinite values are never silently treated as missing: name the first one."""
    bad = np.isinf(values)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise ValueError(
            f"infinite value {values[i, j]} for {column_kind} {columns[j]!r} on {row_kind} {rows[i]!r}; "
            "replace it by a finite number (e.g. a penalty) before the analysis."
        )


def missing_cells_message(cells: list[tuple[Any, Any]], total: int) -> str:
    shown = ", ".join(f"{alg!r} on {inst!r}" for inst, alg in cells[:5])
    more = f" and {total - 5} more" if total > 5 else ""
    return (
        f"{total} missing value(s): {shown}{more}. This analysis needs every cell: fill them in, "
        "pass nan_policy='omit' to drop the instances that have them (the number dropped is "
        "recorded), or keep them (nan_policy='keep') and use durbin or skillings_mack, the tests "
        "made for incomplete tables."
    )


def check_design_size(n_instances: int, n_algorithms: int, *, min_instances: int = 2,
                      min_algorithms: int = 2) -> None:
    if n_algorithms < min_algorithms:
        raise ValueError(
            f"only {n_algorithms} algorithm(s); this analysis compares at least {min_algorithms}."
        )
    if n_instances < min_instances:
        raise ValueError(
            f"only {n_instances} instance(s); this analysis needs at least {min_instances} "
            "instances (problems) to compare algorithms across."
        )


def as_sample(x: Any, name: str = "x", *, nan_policy: str = "raise", min_size: int = 1) -> np.ndarray:
    """One sample of finite numbers as a float 1-D array."""
    return as_sample_recorded(x, name, nan_policy=nan_policy, min_size=min_size)[0]


def as_sample_recorded(x: Any, name: str = "x", *, nan_policy: str = "raise",
                       min_size: int = 1) -> tuple[np.ndarray, tuple]:
    """:func:`as_sample` and the labels (a Series' index, else positions) of the values dropped."""
    check_nan_policy(nan_policy)
    values = _numeric_with_nan(x, name)
    missing = np.isnan(values)
    dropped: tuple = ()
    if missing.any():
        if nan_policy == "raise":
            raise ValueError(
                f"{name} contains {int(missing.sum())} missing value(s) (NaN); remove them or "
                "pass nan_policy='omit'."
            )
        values, dropped = values[~missing], _labels(x, missing)
    if values.size < min_size:
        raise ValueError(f"{name} has {values.size} value(s); at least {min_size} are needed.")
    return values, dropped


def _labels(x: Any, where: np.ndarray) -> tuple:
    """The labels of the flagged values: a Series' index labels, else positions."""
    labels = x.index[where] if isinstance(x, pd.Series) else np.flatnonzero(where)
    return tuple(label.item() if isinstance(label, np.generic) else label for label in labels)


def as_paired(x: Any, y: Any, *, nan_policy: str = "raise", min_size: int = 2,
              names: tuple[str, str] = ("x", "y")) -> tuple[np.ndarray, np.ndarray]:
    """Two paired samples (same instances, same order) as float arrays.

    With ``nan_policy="omit"`` a pair is dropped when either value is missing (never a
    single value, which would break the pairing).
    """
    a, b, _ = as_paired_recorded(x, y, nan_policy=nan_policy, min_size=min_size, names=names)
    return a, b


def as_paired_recorded(x: Any, y: Any, *, nan_policy: str = "raise", min_size: int = 2,
                       names: tuple[str, str] = ("x", "y")) -> tuple[np.ndarray, np.ndarray, tuple]:
    """:func:`as_paired` and the pairs dropped: their labels (the index of ``x`` when it is a
    Series, else of ``y``), else their positions; what results record as ``dropped_pairs``."""
    check_nan_policy(nan_policy)
    a = _numeric_with_nan(x, names[0])
    b = _numeric_with_nan(y, names[1])
    if a.shape != b.shape:
        raise ValueError(
            f"{names[0]} and {names[1]} must be paired samples of equal length, got {a.size} and {b.size}."
        )
    missing = np.isnan(a) | np.isnan(b)
    if missing.any():
        if nan_policy == "raise":
            raise ValueError(
                f"{int(missing.sum())} pair(s) have a missing value (NaN), the first at position "
                f"{int(np.flatnonzero(missing)[0])}; remove them or pass nan_policy='omit' to drop those pairs."
            )
        dropped = _labels(x if isinstance(x, pd.Series) else y, missing)
        a, b = a[~missing], b[~missing]
    else:
        dropped = ()
    if a.size < min_size:
        raise ValueError(f"only {a.size} paired value(s); at least {min_size} are needed.")
    return a, b, dropped


def _numeric_with_nan(x: Any, name: str) -> np.ndarray:
    if isinstance(x, (str, bytes)) or np.ndim(x) != 1:
        raise TypeError(f"{name} must be a 1-D sequence of numbers, got {type(x).__name__}.")
    series = pd.Series(np.asarray(x, dtype=object) if not isinstance(x, pd.Series) else x.to_numpy(object))
    values = to_numeric_column(series, name)
    if np.isinf(values).any():
        raise ValueError(f"{name} contains an infinite value at position {int(np.flatnonzero(np.isinf(values))[0])}.")
    return values


def as_matrix(x: Any, name: str = "x", *, rows: str = "rows", columns: str = "columns",
              min_rows: int = 1) -> np.ndarray:
    """A 2-D table of finite numbers (DataFrame or array-like) as a float array."""
    values = np.asarray(x.to_numpy() if isinstance(x, pd.DataFrame) else x)
    if np.iscomplexobj(values):  # casting would silently drop the imaginary part
        raise TypeError(f"{name} holds complex numbers; every cell must be a real number.")
    values = values.astype(float)
    if values.ndim != 2:
        raise TypeError(f"{name} must be a 2-D table ({rows} × {columns}), got {values.ndim} dimension(s).")
    if np.isnan(values).any():
        raise ValueError(f"{name} has a missing value (NaN); every one of its {rows} needs every {columns[:-1]}.")
    if np.isinf(values).any():
        raise ValueError(f"{name} has an infinite value; replace it by a finite number.")
    if values.shape[0] < min_rows:
        raise ValueError(f"{name} has {values.shape[0]} {rows}; at least {min_rows} are needed.")
    return values


def check_algorithm(results: Any, name: Any, role: str = "algorithm") -> Any:
    """An algorithm label that must exist in ``results``."""
    if name not in results.algorithms:
        known = ", ".join(repr(a) for a in results.algorithms)
        raise ValueError(f"unknown {role} {name!r}{did_you_mean(name, results.algorithms)}; the algorithms are "
                         f"{known}.")
    return name


def close_labels(text: Any, labels: Sequence[Any], n: int = 3) -> list[Any]:
    """The labels a mistyped ``text`` may mean: those equal to it but for case, else the closest
    by spelling (difflib's ratio of at least 0.6, compared in lower case), at most ``n``, in
    the order of ``labels``.

    Examples
    --------
    >>> close_labels("jso", ["DES", "jSO", "EBO"])
    ['jSO']
    >>> close_labels("LSHADE", ["L-SHADE", "jSO", "LSCNE"])
    ['L-SHADE']
    """
    import difflib

    folded: dict[str, list] = {}
    for label in labels:
        folded.setdefault(str(label).casefold(), []).append(label)
    key = str(text).casefold()
    if key in folded:
        return folded[key][:n]
    close = set(difflib.get_close_matches(key, list(folded), n=n, cutoff=0.6))
    return [label for label in labels if str(label).casefold() in close][:n]  # in the labels' own order


def did_you_mean(text: Any, labels: Sequence[Any]) -> str:
    """`` (did you mean 'jSO'?)`` for an unknown label close to known ones, else ``""``."""
    close = close_labels(text, labels)
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
