"""Reading result tables from CSV, Excel and Parquet files, wide or long."""

from __future__ import annotations

import csv
import re
import warnings
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from algocompare import _validation as v
from algocompare.data._results import Results

__all__ = ["INSTANCE_COLUMN_NAMES", "read", "read_frame", "safe_pyarrow"]

LAYOUTS = ("auto", "wide", "long")
#: First-column names taken as instance labels of a wide table in auto mode.
INSTANCE_COLUMN_NAMES = ("instance", "function", "problem", "dataset", "data set", "benchmark", "func", "fun")


#: Delimiters a text table may use; the sniffer is asked only when the header has one of them.
_DELIMITERS = (",", "\t", ";", "|")


def read_frame(path: str | Path, sheet: Any = None, *, delimiter: str | None = None,
               decimal: str | None = None) -> pd.DataFrame:
    """The raw table of a results file (CSV/TSV, Excel, Parquet), with one-line errors.

    What :func:`read` reads before it decides the layout: for a file to reshape before
    building a :class:`Results` (e.g. runs of two algorithms). A text file that is empty or
    blank is refused, a UTF-8 byte-order mark is dropped, the delimiter is taken from the
    header line and a header without any delimiter is one column (not a delimiter guessed
    from its letters).

    Parameters
    ----------
    path : str or pathlib.Path
        A ``.csv``, ``.tsv`` or ``.txt`` text file, an Excel workbook (``.xlsx``, ``.xlsm``,
        ``.xls``) or a Parquet file (``.parquet``, ``.pq``).
    sheet : str or int, optional
        The sheet of a workbook (name or position); ``None`` (default) the first one.
    delimiter : str, optional
        The cell delimiter of a text file; ``None`` (default) takes the one of ``,``, tab,
        ``;`` or ``|`` that splits every one of the first lines as it splits the header.
    decimal : {".", ","}, optional
        The decimal mark of a text file; ``None`` (default) reads decimal commas when every
        cell of a value column is a number written with them (``1,5``, ``1.234,5``: a dot
        then groups thousands), decimal points otherwise.

    Returns
    -------
    pandas.DataFrame
        The table as written in the file (header row as column names).

    Raises
    ------
    ValueError
        In one line naming the fix: an empty file, text that is not UTF-8, a row with more
        cells than the header, a workbook that is truncated or damaged, an unknown extension.

    See Also
    --------
    read : the same file as a :class:`Results`.

    References
    ----------
    .. [1] Shafranovich, Y. (2005). Common Format and MIME Type for Comma-Separated Values
       (CSV) Files. *RFC 4180*, Internet Engineering Task Force.
       https://www.rfc-editor.org/rfc/rfc4180
    .. [2] McKinney, W. (2010). Data structures for statistical computing in Python.
       *Proceedings of the 9th Python in Science Conference*, 56–61.
       doi:10.25080/Majora-92bf1922-00a

    Examples
    --------
    >>> import pathlib, tempfile, pandas as pd, algocompare as ac
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.csv"
    >>> pd.DataFrame({"algorithm": ["A", "B"], "value": [1.5, 2.0]}).to_csv(path, sep=";", index=False)
    >>> ac.read_frame(path)
      algorithm  value
    0         A    1.5
    1         B    2.0
    """
    return _read_table(Path(path), sheet, delimiter=delimiter, decimal=decimal)


def _empty_message(path: Path) -> str:
    return (f"{str(path)!r} is empty: it has no header and no rows; write the results table into it "
            "(a header line, then one line per instance or per run).")


#: The first pyarrow that does not unpickle Parquet metadata (CVE-2023-47248: a file's extension
#: type could carry a pickle that ran code when the file was read, in pyarrow 0.14.0 to 14.0.0).
SAFE_PYARROW = (14, 0, 1)


def safe_pyarrow() -> Any:
    """The ``pyarrow`` module, refused (``ImportError``) when missing or too old to read a Parquet file safely.

    A Parquet file from someone else is read only with pyarrow >= 14.0.1: older versions unpickle
    (run) what a crafted file carries (CVE-2023-47248). The package never unpickles what it reads.

    Examples
    --------
    >>> safe_pyarrow().__name__
    'pyarrow'
    """
    needed = ".".join(map(str, SAFE_PYARROW))
    try:
        import pyarrow
    except ImportError:
        raise ImportError(f"reading Parquet files needs pyarrow >= {needed}: pip install 'algocompare[parquet]'.") \
            from None
    found = tuple(int(part) for part in re.findall(r"\d+", pyarrow.__version__)[:3])
    if found < SAFE_PYARROW:
        raise ImportError(f"pyarrow {pyarrow.__version__} runs code hidden in a Parquet file when it reads one "
                          f"(CVE-2023-47248); upgrade it before reading Parquet: pip install 'pyarrow>={needed}'.")
    return pyarrow


def _text_options(path: Path, delimiter: str | None = None) -> dict[str, Any]:
    """pandas options for a CSV/TSV file: its encoding and delimiter."""
    with open(path, "rb") as handle:
        if b"\x00" in handle.read(65536):
            raise ValueError(f"{str(path)!r} is not a text table (it holds binary data); give a CSV or TSV text file, "
                             "or an Excel or Parquet file with its own extension (.xlsx, .parquet).")
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        lines = [line for line, _ in zip((line for line in handle if line.strip()), range(_SNIFF_LINES), strict=False)]
    if not lines:
        raise ValueError(_empty_message(path))
    header = lines[0]
    sep: str | None
    if delimiter is not None:
        sep = delimiter
    elif path.suffix.lower() == ".tsv":
        sep = "\t"
    elif any(d in header for d in _DELIMITERS):
        sep = _consistent_delimiter(lines)  # None: pandas sniffs
    else:
        sep = ","
    # pandas' fast C parser once the delimiter is known (its sniffing needs the slow Python
    # parser: 4 s and 400 MB for a 48 MB file); the Python parser only when sniffing fails
    if sep is None:
        return {"sep": None, "engine": "python", "encoding": "utf-8-sig", "skip_blank_lines": True}
    return {"sep": sep, "engine": "c", "encoding": "utf-8-sig", "skip_blank_lines": True}


#: Lines read to choose the delimiter: enough to see that a row splits as the header does.
_SNIFF_LINES = 50


def _consistent_delimiter(lines: list[str]) -> str | None:
    """The delimiter that splits every line into as many cells as the header (more than one).

    The header alone can mislead: in ``instance;CMA-ES (IPOP, restarts);L-SHADE`` the
    sniffer takes ``,``, and the rows ``f1;1,5;2,25`` then "have more cells than their
    header". When several delimiters split every line alike, the sniffer's choice among
    them, else the one giving the most cells; when none does, the sniffer's choice (and
    the reader names the ragged row).
    """
    sniffed = _sniff_delimiter(lines[0])
    counts = {d: {len(row) for row in csv.reader(lines, delimiter=d)} for d in _DELIMITERS if d in lines[0]}
    consistent = [d for d, sizes in counts.items() if len(sizes) == 1 and min(sizes) > 1]
    if not consistent or sniffed in consistent:
        return sniffed
    return max(consistent, key=lambda d: min(counts[d]))


def _sniff_delimiter(header: str) -> str | None:
    """The delimiter of the header line, as pandas' ``sep=None`` finds it (csv.Sniffer)."""
    try:
        return csv.Sniffer().sniff(header).delimiter
    except csv.Error:
        return None


def _read_table(path: Path, sheet: Any, *, delimiter: str | None = None, decimal: str | None = None) -> pd.DataFrame:
    suffix = path.suffix.lower()
    if not path.exists():
        raise FileNotFoundError(f"no such file: {str(path)!r}.")
    if path.is_dir():
        raise ValueError(f"{str(path)!r} is a directory; give the path of a results file.")
    if path.stat().st_size == 0:
        raise ValueError(_empty_message(path))
    if decimal is not None:
        v.check_option("decimal", decimal, (".", ","))
    if delimiter is not None and (not isinstance(delimiter, str) or len(delimiter) != 1):
        raise ValueError(f"delimiter must be one character (',', ';', '\\t', '|'), got {delimiter!r}.")
    options = _text_options(path, delimiter) if suffix in (".csv", ".txt", ".tsv") else {}
    if suffix in (".parquet", ".pq"):
        safe_pyarrow()
    try:
        if suffix in (".csv", ".txt", ".tsv"):
            return _read_text(path, options, decimal)
        if suffix in (".xlsx", ".xlsm", ".xls"):
            options = {"sheet_name": 0 if sheet is None else sheet}
            return _keep_duplicate_names(pd.read_excel(path, **options),
                                         pd.read_excel(path, header=None, nrows=1, **options))
        if suffix in (".parquet", ".pq"):
            return pd.read_parquet(path, engine="pyarrow")  # never fastparquet, which can unpickle columns
    except ImportError as err:
        extra = "excel" if "xl" in suffix else "parquet"
        raise ImportError(f"reading {suffix} files needs an optional package: pip install 'algocompare[{extra}]' "
                          f"({err}).") from None
    except (zipfile.BadZipFile, EOFError, KeyError):  # a truncated or damaged workbook (a .xlsx is a zip)
        if "xl" not in suffix:
            raise
        raise ValueError(f"{str(path)!r} is not a readable Excel workbook (truncated or damaged); "
                         "save it again from Excel (.xlsx) or as CSV.") from None
    except UnicodeDecodeError as err:
        raise ValueError(f"{str(path)!r} is not UTF-8 text (byte {err.object[err.start]:#x} at position {err.start}); "
                         "save it as UTF-8 (e.g. Excel's 'CSV UTF-8').") from None
    except pd.errors.ParserWarning:
        raise ValueError(f"a row of {str(path)!r} has more cells than its header has column names{_split(options)}; "
                         "name every column in the header line or remove the extra cells, or pass the file's "
                         "delimiter (delimiter=';') and decimal mark (decimal=',').") from None
    except (pd.errors.ParserError, pd.errors.EmptyDataError, ValueError, csv.Error) as err:
        if "xl" in suffix and "format cannot be determined" in str(err):
            raise ValueError(f"{str(path)!r} is not an Excel workbook; save it from Excel (.xlsx) or as CSV.") from None
        raise ValueError(f"could not parse {str(path)!r} as a table: {err}".strip()) from None
    raise ValueError(f"unknown file type {suffix!r} for {str(path)!r}; use .csv, .tsv, .xlsx or .parquet.")


def _read_text(path: Path, options: dict[str, Any], decimal: str | None = None) -> pd.DataFrame:
    """A CSV/TSV table; numbers written with decimal commas (as ``1,5`` in a ``;`` file) read as numbers."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", pd.errors.ParserWarning)  # extra cells in a row: refused, not an index
        df = _read_csv_serially(path, index_col=False, **options)
        header = pd.read_csv(path, header=None, nrows=1, **options)
        if decimal == "," or (decimal is None and _decimal_commas(df)):
            # in a file of decimal commas a dot groups thousands (1.234,5), as Excel writes it
            grouped = {"thousands": "."} if _thousands_dots(df) else {}
            df = _read_csv_serially(path, index_col=False, decimal=",", **grouped, **options)
            df.attrs["decimal"] = ","  # said in the note of read()
    return _drop_empty_unnamed(_keep_duplicate_names(df, header), header)


def _split(options: dict[str, Any]) -> str:
    """`` (cells split at ',')``: the delimiter a text file was read with, for its errors."""
    names = {",": "','", ";": "';'", "\t": "tabs", "|": "'|'"}
    sep = options.get("sep")
    return f" (cells split at {names.get(sep, repr(sep))})" if sep else ""


def _read_csv_serially(path: Path, **options: Any) -> pd.DataFrame:
    """``pd.read_csv`` in one thread: pandas 3.1 parses a large file in parallel chunks and
    concatenates them, which doubles the memory of the read (62 MB above the interpreter for
    a 19 MB DataFrame, 94 MB for 38 MB of long rows; serially 32 and 48 MB, about 40 ms
    slower; issue 19). Same parser, same values."""
    with pd.read_csv(path, iterator=True, **options) as reader:
        return reader.read()


_DECIMAL_COMMA = r"[-+]?(?:\d{1,3}(?:\.\d{3})+|\d*),\d+(?:[eE][-+]?\d+)?|[-+]?\d{1,3}(?:\.\d{3})+|[-+]?\d+"
_THOUSANDS_DOT = r"[-+]?\d{1,3}(?:\.\d{3})+(?:,\d*)?(?:[eE][-+]?\d+)?"


def _text_positions(df: pd.DataFrame) -> list[int]:
    """Positions of the columns after the first whose dtype is not numeric (from the dtypes
    alone: looking at each column took seconds on a 10,000-column table)."""
    return [j for j, dtype in enumerate(df.dtypes) if j > 0 and not pd.api.types.is_numeric_dtype(dtype)]


def _decimal_commas(df: pd.DataFrame) -> bool:
    """Some text column holds only numbers, at least one written with a decimal comma."""
    for j in _text_positions(df):
        cells = df.iloc[:, j].dropna()
        if len(cells) and cells.astype(str).str.contains(",").any() \
                and cells.astype(str).str.strip().str.fullmatch(_DECIMAL_COMMA).all():
            return True
    return False


def _thousands_dots(df: pd.DataFrame) -> bool:
    """Some text column of decimal-comma numbers groups thousands with dots (``1.234,5``)."""
    for j in _text_positions(df):
        cells = df.iloc[:, j].dropna()
        if cells.astype(str).str.strip().str.fullmatch(_THOUSANDS_DOT).any():
            return True
    return False


def _drop_empty_unnamed(df: pd.DataFrame, header: pd.DataFrame) -> pd.DataFrame:
    """A column without a name and without a value (a trailing delimiter on every line) is not data."""
    names = list(header.iloc[0]) if len(header) else []
    if len(names) != df.shape[1]:
        return df
    empty = [df.columns[j] for j, name in enumerate(names) if pd.isna(name) and df.iloc[:, j].isna().all()]
    return df.drop(columns=empty) if empty else df


def _keep_duplicate_names(df: pd.DataFrame, header: pd.DataFrame) -> pd.DataFrame:
    """pandas renames a repeated column 'A' to 'A.1'; restore the names so the duplicate is reported."""
    names = list(header.iloc[0]) if len(header) else []
    if len(names) == df.shape[1] and len(set(names)) < len(names):
        df.columns = names
    return df


def read(path: str | Path, *, layout: str = "auto", direction: str | None = None, instance: Any = None,
         algorithm: str = "algorithm", value: str = "value", run: str | None = None,
         nan_policy: str = "raise", sheet: Any = None, delimiter: str | None = None,
         decimal: str | None = None) -> Results:
    """Read a results file (CSV/TSV, Excel, Parquet) into a :class:`Results`.

    Parameters
    ----------
    path : str or pathlib.Path
        The results file, as :func:`read_frame` reads it.
    layout : {"auto", "wide", "long"}
        ``"wide"``: one row per instance, one column per algorithm; ``instance`` names the
        label column (default: the first column if it is named like an instance column, is
        not numeric, or numbers the instances: see ``instance``). ``"long"``: one row per
        run with columns ``algorithm``, ``instance``, ``value`` (and ``run``). ``"auto"`` accepts only
        unambiguous files: long when the named algorithm and value columns exist, wide when every column but
        an optional label column is numeric; otherwise it raises and asks. What it decided
        is recorded in :attr:`Results.notes`.
    instance : str or False, optional
        The column of the instance labels. ``None`` (default): in a wide table the first
        column when it is named like one (``instance``, ``function``, ``problem``, ...),
        holds text, or numbers the instances: distinct integers under a name such as
        ``F``, ``No.``, ``id`` or ``fid``, or distinct increasing integers beside results
        that are not all integers. A first column of distinct integers that may be either
        labels or an algorithm's results is refused: pass its name to label the rows by it,
        or ``False`` to compare it as an algorithm (rows numbered from 1).
    algorithm, value : str
        The algorithm and value columns of a long table (default ``"algorithm"``,
        ``"value"``).
    run : str, optional
        The run column of a long table; ``None`` (default) numbers the runs of each
        (instance, algorithm) in the order of the rows.
    direction : {"minimize", "maximize"}, optional
        Which values are best; ``None`` (default) is ``"minimize"`` (a file does not say).
    nan_policy : {"raise", "omit", "keep"}
        Missing values: refuse them (default), drop the instances that have one, or keep
        them for the tests made for incomplete tables.
    sheet : str or int, optional
        The sheet of a workbook, as :func:`read_frame`.
    delimiter, decimal : str, optional
        The cell delimiter and the decimal mark of a text file, as :func:`read_frame`;
        ``None`` (default) detects them.

    Returns
    -------
    Results
        The results, with what was decided while reading in :attr:`Results.notes`.

    Raises
    ------
    ValueError
        In one line naming the fix: an ambiguous layout, a non-numeric or infinite cell,
        integers beyond 2**53 that a float cannot hold exactly, a missing value under
        ``nan_policy="raise"``, a repeated label, and the file errors of :func:`read_frame`.

    See Also
    --------
    read_frame : the raw table.
    Results.from_wide, Results.from_long : the same from a DataFrame.
    load_dataset : the bundled results.

    References
    ----------
    .. [1] Shafranovich, Y. (2005). Common Format and MIME Type for Comma-Separated Values
       (CSV) Files. *RFC 4180*, Internet Engineering Task Force.
       https://www.rfc-editor.org/rfc/rfc4180
    .. [2] McKinney, W. (2010). Data structures for statistical computing in Python.
       *Proceedings of the 9th Python in Science Conference*, 56–61.
       doi:10.25080/Majora-92bf1922-00a

    Examples
    --------
    >>> import pathlib, tempfile, pandas as pd, algocompare as ac
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "results.csv"
    >>> pd.DataFrame({"instance": ["f1", "f2", "f3"], "A": [1.0, 2.5, 0.3],
    ...               "B": [1.2, 2.0, 0.9]}).to_csv(path, index=False)
    >>> res = ac.read(path)
    >>> res
    <Results: 3 instances × 2 algorithms, 1 run(s) per cell, minimize>
    >>> print(res.notes[-1])
    read results.csv as a wide table (every column but the labels is numeric): rows labelled
    by column 'instance', 2 algorithm columns.
    """
    v.check_option("layout", layout, LAYOUTS)
    direction = "minimize" if direction is None else direction
    path = Path(path)
    df = _read_table(path, sheet, delimiter=delimiter, decimal=decimal)
    if df.shape[1] == 0 or df.shape[0] == 0:
        raise ValueError(f"{str(path)!r} holds no data ({df.shape[0]} rows, {df.shape[1]} columns).")
    v.check_unique("column", df.columns)
    comma = ", numbers with decimal commas" if df.attrs.get("decimal") == "," else ""
    if layout == "auto":
        layout, why = _guess_layout(df, algorithm, value, instance)
    else:
        why = "as requested"
    if layout == "long":
        inst = "instance" if instance is None or instance is False else instance  # a column may be named 0
        if run is None and "run" in df.columns:
            run = "run"
        res = Results.from_long(df, algorithm=algorithm, instance=inst, value=value, run=run,
                                direction=direction, nan_policy=nan_policy)
        return res.with_notes(f"read {path.name} as a long table ({why}): {len(df)} runs{comma}.")
    label = instance if instance is not None else _wide_label_column(df)
    label = None if label is False else label  # instance=False: no label column, rows numbered from 1
    numbers = None
    if instance is None and label is not None:
        label, numbers = _names_beside_numbers(df, label)
        df = df.drop(columns=numbers) if numbers is not None else df
    if why != "as requested" and label is not None:
        _refuse_long_as_wide(df, label)
    res = Results.from_wide(df, direction=direction, instance=label, nan_policy=nan_policy) if label else \
        Results.from_wide(df.set_axis(range(1, len(df) + 1)), direction=direction, nan_policy=nan_policy)
    labelled = f"rows labelled by column {label!r}" if label else "rows numbered from 1 (no label column)"
    if numbers is not None:
        labelled += f" (column {numbers!r} numbers them: not an algorithm)"
    return res.with_notes(f"read {path.name} as a wide table ({why}): {labelled}, "
                          f"{res.n_algorithms} algorithm columns{comma}.")


def _wide_label_column(df: pd.DataFrame) -> str | None:
    """The label column of a wide table: the first column if it is named like one, holds text,
    or numbers the instances (:func:`_numbered_instances`); ``None`` if the rows have no labels."""
    first = df.columns[0]
    named = str(first).strip().lower() in INSTANCE_COLUMN_NAMES
    textual = not pd.api.types.is_numeric_dtype(df[first])
    return first if named or textual or _numbered_instances(df) else None


#: Names of a first column that numbers the instances (CEC tables number their functions).
NUMBER_COLUMN_NAMES = ("f", "fid", "f_id", "fun_id", "func_id", "function_id", "problem_id", "instance_id", "id",
                       "no", "no.", "nr", "nr.", "n°", "#", "num", "number", "index", "idx")


def _distinct_integers(column: pd.Series) -> bool:
    """A numeric column of distinct integers without a missing cell: a candidate label column."""
    if not pd.api.types.is_numeric_dtype(column) or pd.api.types.is_bool_dtype(column) or len(column) < 2:
        return False
    values = column.to_numpy(dtype=float)
    return bool(np.isfinite(values).all() and (values == np.round(values)).all()
                and len(np.unique(values)) == len(values))


def _numbered_instances(df: pd.DataFrame) -> bool:
    """Whether the first column numbers the instances (``F``: 1, 3, 4, ...), when it holds
    distinct integers and its name is not one of :data:`INSTANCE_COLUMN_NAMES`.

    It does when unambiguous: its name says so (:data:`NUMBER_COLUMN_NAMES`, or no name: a
    DataFrame's index written with ``to_csv``), or it is the
    only column of distinct integers, its numbers increase down the rows and some other
    column holds a number that is not an integer (results, not counts). A first column of
    distinct integers in any other table may be labels or an algorithm's results: the
    table is refused, and ``instance=`` says which.
    """
    first = df.columns[0]
    if df.shape[1] < 3 or not _distinct_integers(df[first]):
        return False
    name = str(first).strip().lower()
    if name in NUMBER_COLUMN_NAMES or name.startswith("unnamed: "):  # pandas' name of an empty header: an index
        return True
    rest = [c for c in df.columns[1:] if pd.api.types.is_numeric_dtype(df[c])]
    increasing = bool((np.diff(df[first].to_numpy(dtype=float)) > 0).all())
    fractional = any((df[c].dropna().to_numpy(dtype=float) % 1 != 0).any() for c in rest)
    if increasing and fractional and not any(_distinct_integers(df[c]) for c in rest):
        return True
    raise ValueError(
        f"column {first!r} holds distinct integers ({', '.join(map(str, df[first].iloc[:3]))}, ...): instance "
        f"numbers or an algorithm's results? Pass instance={str(first)!r} to label the rows by it, or "
        "instance=False to compare it as an algorithm."
    )


def _names_beside_numbers(df: pd.DataFrame, label: Any) -> tuple[Any, Any]:
    """The label column and the column that numbers the same instances, when the first two
    columns are both labels (``F,Function,...`` or ``Function,No.,...``): the names label
    the rows, the numbers are not an algorithm. ``(label, None)`` otherwise."""
    if df.shape[1] < 4 or label != df.columns[0]:
        return label, None
    first, second = df.columns[0], df.columns[1]

    def names(column: Any) -> bool:
        cells = df[column]
        return (not pd.api.types.is_numeric_dtype(cells) and cells.notna().all() and not cells.duplicated().any()
                and pd.to_numeric(cells, errors="coerce").isna().all())

    def numbers(column: Any) -> bool:
        return _distinct_integers(df[column]) and str(column).strip().lower() in NUMBER_COLUMN_NAMES

    if numbers(first) and names(second):
        return second, first
    if names(first) and numbers(second):
        return first, second
    return label, None


#: Column names of a long table's run identifier, for the hint of :func:`_refuse_long_as_wide`.
_RUN_COLUMN_NAMES = ("run", "seed", "rep", "repetition", "replicate", "trial", "replication", "iteration")


def _refuse_long_as_wide(df: pd.DataFrame, label: Any) -> None:
    """A label column that repeats and a text column beside it: a long table whose columns have other names."""
    labels = df[label]
    if not labels.duplicated().any():
        return
    rest = [c for c in df.columns if c != label]
    # names (mostly not numbers, repeated), not a numeric column with a bad cell
    text = [c for c in rest if not pd.api.types.is_numeric_dtype(df[c]) and df[c].notna().any()
            and pd.to_numeric(df[c], errors="coerce").isna().mean() > 0.5 and df[c].duplicated().any()]
    numeric = [c for c in rest if pd.api.types.is_numeric_dtype(df[c])]
    if not text or not numeric:
        return
    runs = [c for c in numeric if str(c).strip().lower() in _RUN_COLUMN_NAMES]
    values = [c for c in numeric if c not in runs] or numeric
    instance, algorithm = label, text[0]
    if str(label).strip().lower() not in INSTANCE_COLUMN_NAMES:  # e.g. solver,problem,score
        named = [c for c in text if str(c).strip().lower() in INSTANCE_COLUMN_NAMES]
        if named:
            instance, algorithm = named[0], label
    options = f"layout='long', algorithm={algorithm!r}, instance={instance!r}, value={values[-1]!r}"
    options += f", run={runs[0]!r}" if runs and runs[0] != values[-1] else ""
    repeated = ", ".join(repr(x) for x in labels[labels.duplicated()].unique()[:3])
    raise ValueError(
        f"column {label!r} repeats its labels ({repeated}, ...), so this looks like a long table (one row "
        f"per run) with other column names; read it with {options}."
    )


def _huge_integers(column: pd.Series) -> bool:
    """A column of integers beyond 64 bits, which pandas holds as Python ints (object dtype):
    numbers, not text (the table is wide; reading it refuses them with the reason)."""
    return bool(column.map(lambda x: isinstance(x, int) and not isinstance(x, bool) or pd.isna(x)).all())


def _guess_layout(df: pd.DataFrame, algorithm: str, value: str, instance: Any) -> tuple[str, str]:
    if algorithm in df.columns and value in df.columns:
        return "long", f"it has columns {algorithm!r} and {value!r}"
    label = None if instance is False else instance if instance is not None else _wide_label_column(df)
    rest = [c for c in df.columns if c != label]
    kinds = dict(zip(df.columns, df.dtypes, strict=False))  # dtypes, not columns: 10,000 column lookups took a second
    text = [c for c in rest if not pd.api.types.is_numeric_dtype(kinds[c]) and df[c].notna().any()]
    dates = [c for c in text if pd.api.types.is_datetime64_any_dtype(df[c]) or pd.api.types.is_timedelta64_dtype(df[c])]
    if dates:  # a Parquet or Excel file's date columns: not results (read as numbers they were nanoseconds)
        raise TypeError(f"columns {dates} hold dates or times, not numbers: convert them to numbers (a duration in "
                        "seconds), or, in a long table, pass layout='long' with algorithm=, instance=, value=.")
    text = [c for c in text if not _huge_integers(df[c])]
    if not text:
        return "wide", "every column but the labels is numeric"
    if len(text) == len(rest):
        raise ValueError(
            f"cannot tell whether this is a wide or a long table: columns {text} hold text. For a long table "
            "pass layout='long' with algorithm=, instance=, value= (and run=); for a wide table fix the cells."
        )
    # Mostly numeric columns with a few text cells: a wide table with bad cells, which
    # from_wide reports by column and row.
    return "wide", "the columns other than the labels are mostly numeric"
