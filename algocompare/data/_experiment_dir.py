"""Read a folder of result files whose names say what they hold (scmamp's ``readExperimentDir``).

Experiments often leave one file per algorithm and instance (``cmaes_f1.csv``, ``de_f1.csv``,
...) or per algorithm, dimension and instance. :func:`read_experiment_dir` parses the fields
of each file name with a pattern, reads each file's values and builds one long
:class:`~algocompare.data.Results`. A file that does not match the pattern is an error
listing it (or, on request, skipped and recorded in the notes), never dropped silently; a
cell (algorithm, instance, run) that two rows give is an error naming both files.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from algocompare import _validation as v
from algocompare.data._io import read_frame
from algocompare.data._results import Results

__all__ = ["read_experiment_dir"]

MISMATCH_POLICIES = ("raise", "skip")
_FIELD = re.compile(r"\{([^{}]*)\}")
_SHOWN = 5  # file names listed in an error before "and n more"


def _compile(pattern: str) -> tuple[re.Pattern, list[str]]:
    """The regular expression of ``pattern`` ("{algorithm}_{instance}.csv") and its field names."""
    if not isinstance(pattern, str):
        raise TypeError("pattern must be a string such as '{algorithm}_{instance}.csv', "
                        f"got {type(pattern).__name__}.")
    names = _FIELD.findall(pattern)
    bad = [name for name in names if not name.isidentifier()]
    if bad:
        raise ValueError(f"pattern field {{{bad[0]}}} is not a name; write fields as {{algorithm}}, {{instance}}, "
                         "{run} or another identifier.")
    if len(set(names)) != len(names):
        raise ValueError(f"pattern {pattern!r} names a field twice; name each field once.")
    parts = _FIELD.split(pattern)  # literal, name, literal, name, ..., literal
    # a field never spans a folder: with recursive=True the folders are in the pattern ("{algorithm}/{instance}.csv")
    regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^/]+?)" for i, part in enumerate(parts))
    return re.compile(regex), names


def _listed(files: list[str]) -> str:
    shown = ", ".join(repr(f) for f in files[:_SHOWN])
    return shown + (f" and {len(files) - _SHOWN} more" if len(files) > _SHOWN else "")


def _matching_files(folder: Path, regex: re.Pattern, pattern: str, recursive: bool,
                    on_mismatch: str) -> tuple[list[tuple[Path, dict[str, str]]], list[str]]:
    """The files whose relative path matches the pattern, with their fields; the others' names."""
    candidates = sorted(p for p in (folder.rglob("*") if recursive else folder.iterdir())
                        if p.is_file() and not p.name.startswith("."))
    matched, others = [], []
    for path in candidates:
        relative = path.relative_to(folder).as_posix()
        found = regex.fullmatch(relative)
        if found is None:
            others.append(relative)
        else:
            matched.append((path, found.groupdict()))
    if others and on_mismatch == "raise":
        raise ValueError(f"{len(others)} file(s) in {str(folder)!r} do not match pattern {pattern!r}: "
                         f"{_listed(others)}; move them out, fix the pattern, or pass on_mismatch='skip'.")
    if not matched:
        raise ValueError(f"no file in {str(folder)!r} matches pattern {pattern!r}; check the pattern against a "
                         "file name (fields in braces, the rest literal, e.g. '{algorithm}_{instance}.csv').")
    return matched, others


def _value_column(frame: pd.DataFrame, value: str | None, taken: set[str], path: Path) -> str:
    if value is not None:
        if value not in frame.columns:
            raise ValueError(f"{path.name!r} has no column {value!r} (columns: {list(frame.columns)}); "
                             "pass value= the column of the results.")
        return value
    numeric = [c for c in frame.columns if c not in taken and pd.api.types.is_numeric_dtype(frame[c])]
    if len(numeric) != 1:
        raise ValueError(f"{path.name!r} has {len(numeric)} numeric columns {numeric} besides the fields; "
                         "pass value= the column of the results.")
    return numeric[0]


def _headerless(path: Path, columns: list[str], delimiter: str | None) -> pd.DataFrame:
    """A text file without a header row, its columns named by ``columns`` (scmamp's ``col.names``)."""
    first = next((line for line in path.read_text(encoding="utf-8-sig").splitlines() if line.strip()), "")
    if delimiter is None:  # the first of , tab ; | in the first line, else runs of spaces
        delimiter = next((d for d in (",", "\t", ";", "|") if d in first), r"\s+")
    frame = pd.read_csv(path, header=None, sep=delimiter, engine="python", skip_blank_lines=True)
    if frame.shape[1] != len(columns):
        raise ValueError(f"{path.name!r} has {frame.shape[1]} column(s) but columns= names {len(columns)}; "
                         "give one name per column of the files.")
    frame.columns = columns
    return frame


def _read_one(path: Path, fields: dict[str, str], value: str | None, delimiter: str | None,
              columns: list[str] | None) -> pd.DataFrame:
    """One file's rows: its value column under "value", the file's fields and the file name."""
    frame = read_frame(path, delimiter=delimiter) if columns is None else _headerless(path, columns, delimiter)
    both = [name for name in fields if name in frame.columns]
    if both:
        raise ValueError(f"{path.name!r} has a column {both[0]!r} that its file name also gives; "
                         f"drop the field {{{both[0]}}} from the pattern or the column from the file.")
    column = _value_column(frame, value, set(fields) | {"algorithm", "instance", "run"}, path)
    rows = frame.rename(columns={column: "value"}) if column != "value" else frame
    if column != "value" and "value" in frame.columns:
        rows = rows.drop(columns="value")  # a second column named "value" would be ambiguous
    for name, text in fields.items():
        # a run number written "01" in one name and "1" in another is the same run
        rows[name] = int(text) if name == "run" and text.isdigit() else text
    rows["file"] = path.name
    return rows


def _instance_labels(rows: pd.DataFrame, instance: list[str]) -> pd.Series:
    """One label per row: the instance field, or the fields joined by "/" (a tuple label would not
    survive every table of a Results; the fields themselves stay columns)."""
    if len(instance) == 1:
        return rows[instance[0]]
    labels = rows[instance].astype(str).agg("/".join, axis=1)
    if labels.nunique() != len(rows[instance].drop_duplicates()):
        raise ValueError(f"the fields {instance} joined by '/' give the same label to different instances; "
                         "rename the files so that no field holds '/'.")
    return labels


def _check_unique_cells(rows: pd.DataFrame) -> None:
    repeated = rows.duplicated(["algorithm", "instance", "run"], keep=False)
    if repeated.any():
        first = rows[repeated].iloc[0]
        same = rows[repeated & (rows["algorithm"] == first["algorithm"]) & (rows["instance"] == first["instance"])
                    & (rows["run"] == first["run"])]
        raise ValueError(f"run {v.show(first['run'])} of algorithm {v.show(first['algorithm'])} on instance "
                         f"{v.show(first['instance'])} "
                         f"is given {len(same)} times (files {_listed(sorted(set(same['file'])))}); each (algorithm, "
                         "instance, run) must appear once: remove the duplicate or name the runs apart.")


def read_experiment_dir(path: str | Path, pattern: str = "{algorithm}_{instance}.csv", *, value: str | None = None,
                        instance: str | list[str] | None = None, direction: str | None = None,
                        recursive: bool = False, on_mismatch: str = "raise", nan_policy: str = "raise",
                        delimiter: str | None = None, columns: Sequence[str] | None = None) -> Results:
    """Read a folder of result files, one per algorithm and instance (or run), into one :class:`Results`.

    Each file name (its path relative to ``path``) is matched against ``pattern``, whose
    fields in braces are read from the name: ``{algorithm}``, ``{instance}``, ``{run}`` and any
    other field (``{dimension}``, ``{seed}``, ...). Each file is a table with a header row
    (CSV/TSV, Excel or Parquet, as :func:`read_frame` reads it; or a text file without one,
    with ``columns=``) whose value column holds the results, one row per run; it may also have
    ``algorithm``, ``instance`` and ``run`` columns when the file name does not give them.

    Parameters
    ----------
    path : str or pathlib.Path
        The folder.
    pattern : str
        The file names, fields in braces and the rest literal (default
        ``"{algorithm}_{instance}.csv"``). A field matches the shortest text that lets the whole
        name match, so ``"{algorithm}_{instance}.csv"`` reads ``"de_f_1.csv"`` as algorithm
        ``"de"``, instance ``"f_1"``.
    value : str, optional
        The column of the results in each file; ``None`` (default) takes the file's only
        numeric column besides ``instance`` and ``run``, and refuses files with several.
    instance : str or list of str, optional
        The field(s) or column(s) that name an instance. ``None`` (default): every field of the
        pattern other than ``algorithm`` and ``run``, in pattern order, or the files'
        ``instance`` column when the pattern has no other field. Several fields are joined by
        "/" in the label (``"10/f1"`` for ``{dimension}`` 10 and ``{instance}`` f1) and stay
        columns of :meth:`Results.to_long`.
    direction : {"minimize", "maximize"}, optional
        Whether lower or higher values are better; None (default): minimize, as :func:`read`.
    recursive : bool
        Also read the files of subfolders: their path relative to ``path``, with "/", is matched,
        and a field never spans a "/", so the folders are part of the pattern
        (``"{algorithm}/{instance}.csv"`` reads one folder per algorithm).
    on_mismatch : {"raise", "skip"}
        Files whose name does not match: an error listing them (default), or skipped, and
        listed in :attr:`Results.notes`. Hidden files (name starting with ".") are never read.
    nan_policy : {"raise", "omit", "keep"}
        Missing values, as :meth:`Results.from_long`.
    delimiter : str, optional
        The cell delimiter of text files, as :func:`read_frame`; ``None`` detects it.
    columns : list of str, optional
        The names of the columns of text files **without** a header row (scmamp's
        ``col.names``), e.g. ``["value"]`` for one number per line; ``None`` (default): the first
        row of each file names its columns.

    Returns
    -------
    Results
        One row per run; the notes say how many files were read (and skipped).

    Raises
    ------
    ValueError
        In one line: files that do not match (listed), no matching file, no ``{algorithm}``
        field nor column, a field that a file also has as a column, an ambiguous value column,
        no instance field or column, and a run of an (algorithm, instance) given twice (the
        files named).

    See Also
    --------
    read : one results file.
    Results.from_long : the same from one long DataFrame.

    Notes
    -----
    The R package scmamp's ``readExperimentDir(directory, names, fname.separator, ...)`` splits
    file names at a separator into named fields; a pattern says the same and also allows
    literal text, extensions and folders. A ``{run}`` field of digits is read as an integer
    (``"01"`` and ``"1"`` are the same run); the other fields are text. Without a ``run`` field
    or column, the runs of an (algorithm, instance) are numbered in the order of the files
    (sorted by name) and of their rows.

    References
    ----------
    .. [1] Calvo, B. & Santafé, G. (2016). scmamp: Statistical comparison of multiple
       algorithms in multiple problems. *The R Journal* 8(1), 248–256.
       doi:10.32614/RJ-2016-017

    Examples
    --------
    >>> import pathlib, tempfile, pandas as pd, algocompare as ac
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for alg, inst, runs in [("de", "f1", [1.0, 1.2]), ("de", "f2", [3.0, 2.8]),
    ...                         ("pso", "f1", [0.9, 1.1]), ("pso", "f2", [2.5, 2.7])]:
    ...     pd.DataFrame({"error": runs}).to_csv(folder / f"{alg}_{inst}.csv", index=False)
    >>> res = ac.read_experiment_dir(folder, "{algorithm}_{instance}.csv")
    >>> res
    <Results: 2 instances × 2 algorithms, 2 run(s) per cell, minimize>
    >>> res.blocks()
    algorithm   de  pso
    instance
    f1         1.1  1.0
    f2         2.9  2.6
    """
    v.check_option("on_mismatch", on_mismatch, MISMATCH_POLICIES)
    folder = Path(path)
    if not folder.is_dir():
        raise ValueError(f"{str(folder)!r} is not a folder; pass the folder that holds the result files.")
    regex, names = _compile(pattern)
    matched, skipped = _matching_files(folder, regex, pattern, recursive, on_mismatch)
    names_given = None if columns is None else [str(c) for c in columns]
    rows = pd.concat([_read_one(p, fields, value, delimiter, names_given) for p, fields in matched],
                     ignore_index=True)
    if "algorithm" not in rows.columns or rows["algorithm"].isna().any():
        raise ValueError(f"pattern {pattern!r} has no {{algorithm}} field and the files have no complete 'algorithm' "
                         "column; put {algorithm} in the pattern or an algorithm column in every file.")
    fields = [n for n in names if n not in ("algorithm", "run")]
    chosen = [instance] if isinstance(instance, str) else list(instance) if instance is not None else \
        (fields or ["instance"])
    missing = [name for name in chosen if name not in rows.columns]
    if missing:
        raise ValueError(f"no field or column {missing[0]!r} names the instances; add {{instance}} to the pattern, "
                         "an instance column to the files, or pass instance= the field that names them.")
    unnamed = rows[chosen].isna().any(axis=1)
    if unnamed.any():
        files = sorted(set(rows.loc[unnamed, "file"]))
        raise ValueError(f"{len(files)} file(s) give no {' / '.join(chosen)} for some rows: {_listed(files)}; "
                         "every row needs an instance (a field of the name or an instance column).")
    rows["instance"] = _instance_labels(rows, chosen)
    if "run" not in rows.columns:
        rows["run"] = rows.groupby(["algorithm", "instance"], sort=False).cumcount() + 1
    _check_unique_cells(rows)
    res = Results.from_long(rows, algorithm="algorithm", instance="instance", value="value", run="run",
                            direction="minimize" if direction is None else direction, nan_policy=nan_policy)
    note = f"read {len(matched)} file(s) of {str(folder)!r} with pattern {pattern!r}"
    if skipped:
        note += f"; skipped {len(skipped)} that do not match: {_listed(skipped)}"
    return res.with_notes(note + ".")
