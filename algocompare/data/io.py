"""Reading result tables from CSV, Excel and Parquet files, wide or long."""

from __future__ import annotations

import csv
import warnings
from pathlib import Path
from typing import Any

import pandas as pd

from algocompare import _validation as v
from algocompare.data.results import Results

__all__ = ["read", "read_frame", "INSTANCE_COLUMN_NAMES"]

LAYOUTS = ("auto", "wide", "long")
#: First-column names taken as instance labels of a wide table in auto mode.
INSTANCE_COLUMN_NAMES = ("instance", "function", "problem", "dataset", "data set", "benchmark", "func", "fun")


#: Delimiters a text table may use; the sniffer is asked only when the header has one of them.
_DELIMITERS = (",", "\t", ";", "|")


def read_frame(path: str | Path, sheet: Any = None) -> pd.DataFrame:
    """The raw table of a results file (CSV/TSV, Excel, Parquet), with one-line errors.

    What :func:`read` reads before it decides the layout: for a file to reshape before
    building a :class:`Results` (e.g. runs of two algorithms). A text file that is empty or
    blank is refused, a UTF-8 byte-order mark is dropped, the delimiter is taken from the
    header line and a header without any delimiter is one column (not a delimiter guessed
    from its letters).

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
    return _read_table(Path(path), sheet)


def _empty_message(path: Path) -> str:
    return (f"{str(path)!r} is empty: it has no header and no rows; write the results table into it "
            "(a header line, then one line per instance or per run).")


def _text_options(path: Path) -> dict[str, Any]:
    """pandas options for a CSV/TSV file: its encoding and delimiter."""
    with open(path, "rb") as handle:
        if b"\x00" in handle.read(65536):
            raise ValueError(f"{str(path)!r} is not a text table (it holds binary data); give a CSV or TSV text file, "
                             "or an Excel or Parquet file with its own extension (.xlsx, .parquet).")
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        header = next((line for line in handle if line.strip()), None)
    if header is None:
        raise ValueError(_empty_message(path))
    if path.suffix.lower() == ".tsv":
        sep = "\t"
    elif any(d in header for d in _DELIMITERS):
        sep = _sniff_delimiter(header)
    else:
        sep = ","
    # pandas' fast C parser once the delimiter is known (its sniffing needs the slow Python
    # parser: 4 s and 400 MB for a 48 MB file); the Python parser only when sniffing fails
    if sep is None:
        return {"sep": None, "engine": "python", "encoding": "utf-8-sig", "skip_blank_lines": True}
    return {"sep": sep, "engine": "c", "encoding": "utf-8-sig", "skip_blank_lines": True}


def _sniff_delimiter(header: str) -> str | None:
    """The delimiter of the header line, as pandas' ``sep=None`` finds it (csv.Sniffer)."""
    try:
        return csv.Sniffer().sniff(header).delimiter
    except csv.Error:
        return None


def _read_table(path: Path, sheet: Any) -> pd.DataFrame:
    suffix = path.suffix.lower()
    if not path.exists():
        raise FileNotFoundError(f"no such file: {str(path)!r}.")
    if path.is_dir():
        raise ValueError(f"{str(path)!r} is a directory; give the path of a results file.")
    if path.stat().st_size == 0:
        raise ValueError(_empty_message(path))
    options = _text_options(path) if suffix in (".csv", ".txt", ".tsv") else {}
    try:
        if suffix in (".csv", ".txt", ".tsv"):
            return _read_text(path, options)
        if suffix in (".xlsx", ".xlsm", ".xls"):
            options = {"sheet_name": 0 if sheet is None else sheet}
            return _keep_duplicate_names(pd.read_excel(path, **options), pd.read_excel(path, header=None, nrows=1, **options))
        if suffix in (".parquet", ".pq"):
            return pd.read_parquet(path)
    except ImportError as err:
        extra = "excel" if "xl" in suffix else "parquet"
        raise ImportError(f"reading {suffix} files needs an optional package: pip install 'algocompare[{extra}]' "
                          f"({err}).") from None
    except UnicodeDecodeError as err:
        raise ValueError(f"{str(path)!r} is not UTF-8 text (byte {err.object[err.start]:#x} at position {err.start}); "
                         "save it as UTF-8 (e.g. Excel's 'CSV UTF-8').") from None
    except pd.errors.ParserWarning:
        raise ValueError(f"a row of {str(path)!r} has more cells than its header has column names; name every "
                         "column in the header line or remove the extra cells.") from None
    except (pd.errors.ParserError, pd.errors.EmptyDataError, ValueError, csv.Error) as err:
        if "xl" in suffix and "format cannot be determined" in str(err):
            raise ValueError(f"{str(path)!r} is not an Excel workbook; save it from Excel (.xlsx) or as CSV.") from None
        raise ValueError(f"could not parse {str(path)!r} as a table: {err}".strip()) from None
    raise ValueError(f"unknown file type {suffix!r} for {str(path)!r}; use .csv, .tsv, .xlsx or .parquet.")


def _read_text(path: Path, options: dict[str, Any]) -> pd.DataFrame:
    """A CSV/TSV table; numbers written with decimal commas (as ``1,5`` in a ``;`` file) read as numbers."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", pd.errors.ParserWarning)  # extra cells in a row: refused, not an index
        df = _read_csv_serially(path, index_col=False, **options)
        header = pd.read_csv(path, header=None, nrows=1, **options)
        if _decimal_commas(df):
            df = _read_csv_serially(path, index_col=False, decimal=",", **options)
            df.attrs["decimal"] = ","  # said in the note of read()
    return _drop_empty_unnamed(_keep_duplicate_names(df, header), header)


def _read_csv_serially(path: Path, **options: Any) -> pd.DataFrame:
    """``pd.read_csv`` in one thread: pandas 3.1 parses a large file in parallel chunks and
    concatenates them, which doubles the memory of the read (62 MB above the interpreter for
    a 19 MB DataFrame, 94 MB for 38 MB of long rows; serially 32 and 48 MB, about 40 ms
    slower; issue 19). Same parser, same values."""
    with pd.read_csv(path, iterator=True, **options) as reader:
        return reader.read()


_DECIMAL_COMMA = r"[-+]?\d*,\d+(?:[eE][-+]?\d+)?|[-+]?\d+"


def _decimal_commas(df: pd.DataFrame) -> bool:
    """Some text column holds only numbers, at least one written with a decimal comma."""
    for column in df.columns[1:]:
        cells = df[column].dropna()
        if not pd.api.types.is_numeric_dtype(cells) and len(cells) and cells.astype(str).str.contains(",").any() \
                and cells.astype(str).str.strip().str.fullmatch(_DECIMAL_COMMA).all():
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


def read(path: str | Path, *, layout: str = "auto", direction: str | None = None, instance: str | None = None,
         algorithm: str = "algorithm", value: str = "value", run: str | None = None,
         nan_policy: str = "raise", sheet: Any = None) -> Results:
    """Read a results file (CSV/TSV, Excel, Parquet) into a :class:`Results`.

    Parameters
    ----------
    layout : {"auto", "wide", "long"}
        ``"wide"``: one row per instance, one column per algorithm; ``instance`` names the
        label column (default: the first column if it is named like an instance column or
        is not numeric). ``"long"``: one row per run with columns ``algorithm``,
        ``instance``, ``value`` (and ``run``). ``"auto"`` accepts only unambiguous files:
        long when the named algorithm and value columns exist, wide when every column but
        an optional label column is numeric; otherwise it raises and asks. What it decided
        is recorded in :attr:`Results.notes`.
    direction : {"minimize", "maximize"}, optional
        Which values are best; ``None`` (default) is ``"minimize"`` (a file does not say).
    nan_policy : {"raise", "omit", "keep"}
        Missing values: refuse them (default), drop the instances that have one, or keep
        them for the tests made for incomplete tables.

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
    df = _read_table(path, sheet)
    if df.shape[1] == 0 or df.shape[0] == 0:
        raise ValueError(f"{str(path)!r} holds no data ({df.shape[0]} rows, {df.shape[1]} columns).")
    v.check_unique("column", df.columns)
    comma = ", numbers with decimal commas" if df.attrs.get("decimal") == "," else ""
    if layout == "auto":
        layout, why = _guess_layout(df, algorithm, value, instance)
    else:
        why = "as requested"
    if layout == "long":
        inst = instance if instance is not None else "instance"
        if run is None and "run" in df.columns:
            run = "run"
        res = Results.from_long(df, algorithm=algorithm, instance=inst, value=value, run=run,
                                direction=direction, nan_policy=nan_policy)
        return res.with_notes(f"read {path.name} as a long table ({why}): {len(df)} runs{comma}.")
    label = instance if instance is not None else _wide_label_column(df)
    if why != "as requested" and label is not None:
        _refuse_long_as_wide(df, label)
    res = Results.from_wide(df, direction=direction, instance=label, nan_policy=nan_policy) if label else \
        Results.from_wide(df.set_axis(range(1, len(df) + 1)), direction=direction, nan_policy=nan_policy)
    labelled = f"rows labelled by column {label!r}" if label else "rows numbered from 1 (no label column)"
    return res.with_notes(f"read {path.name} as a wide table ({why}): {labelled}, "
                          f"{res.n_algorithms} algorithm columns{comma}.")


def _wide_label_column(df: pd.DataFrame) -> str | None:
    first = df.columns[0]
    named = str(first).strip().lower() in INSTANCE_COLUMN_NAMES
    textual = not pd.api.types.is_numeric_dtype(df[first])
    return first if named or textual else None


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


def _guess_layout(df: pd.DataFrame, algorithm: str, value: str, instance: str | None) -> tuple[str, str]:
    if algorithm in df.columns and value in df.columns:
        return "long", f"it has columns {algorithm!r} and {value!r}"
    label = instance if instance is not None else _wide_label_column(df)
    rest = [c for c in df.columns if c != label]
    text = [c for c in rest if not pd.api.types.is_numeric_dtype(df[c]) and df[c].notna().any()]
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
