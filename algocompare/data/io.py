"""Reading result tables from CSV, Excel and Parquet files, wide or long."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from algocompare import _validation as v
from algocompare.data.results import Results

__all__ = ["read", "INSTANCE_COLUMN_NAMES"]

LAYOUTS = ("auto", "wide", "long")
#: First-column names taken as instance labels of a wide table in auto mode.
INSTANCE_COLUMN_NAMES = ("instance", "function", "problem", "dataset", "data set", "benchmark", "func", "fun")


def _read_table(path: Path, sheet: Any) -> pd.DataFrame:
    suffix = path.suffix.lower()
    if not path.exists():
        raise FileNotFoundError(f"no such file: {str(path)!r}.")
    try:
        if suffix in (".csv", ".txt", ".tsv"):
            options = {"sep": "\t" if suffix == ".tsv" else None, "engine": "python"}
            return _keep_duplicate_names(pd.read_csv(path, **options), pd.read_csv(path, header=None, nrows=1, **options))
        if suffix in (".xlsx", ".xlsm", ".xls"):
            options = {"sheet_name": 0 if sheet is None else sheet}
            return _keep_duplicate_names(pd.read_excel(path, **options), pd.read_excel(path, header=None, nrows=1, **options))
        if suffix in (".parquet", ".pq"):
            return pd.read_parquet(path)
    except ImportError as err:
        extra = "excel" if "xl" in suffix else "parquet"
        raise ImportError(f"reading {suffix} files needs an optional package: pip install 'algocompare[{extra}]' "
                          f"({err}).") from None
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError, ValueError) as err:
        raise ValueError(f"could not parse {str(path)!r} as a table: {err}".strip()) from None
    raise ValueError(f"unknown file type {suffix!r} for {str(path)!r}; use .csv, .tsv, .xlsx or .parquet.")


def _keep_duplicate_names(df: pd.DataFrame, header: pd.DataFrame) -> pd.DataFrame:
    """pandas renames a repeated column 'A' to 'A.1'; restore the names so the duplicate is reported."""
    names = list(header.iloc[0]) if len(header) else []
    if len(names) == df.shape[1] and len(set(names)) < len(names):
        df.columns = names
    return df


def read(path: str | Path, *, layout: str = "auto", direction: str = "minimize", instance: str | None = None,
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
    path = Path(path)
    df = _read_table(path, sheet)
    if df.shape[1] == 0 or df.shape[0] == 0:
        raise ValueError(f"{str(path)!r} holds no data ({df.shape[0]} rows, {df.shape[1]} columns).")
    v.check_unique("column", df.columns)
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
        return res.with_notes(f"read {path.name} as a long table ({why}): {len(df)} runs.")
    label = instance if instance is not None else _wide_label_column(df)
    res = Results.from_wide(df, direction=direction, instance=label, nan_policy=nan_policy) if label else \
        Results.from_wide(df.set_axis(range(1, len(df) + 1)), direction=direction, nan_policy=nan_policy)
    labelled = f"rows labelled by column {label!r}" if label else "rows numbered from 1 (no label column)"
    return res.with_notes(f"read {path.name} as a wide table ({why}): {labelled}, "
                          f"{res.n_algorithms} algorithm columns.")


def _wide_label_column(df: pd.DataFrame) -> str | None:
    first = df.columns[0]
    named = str(first).strip().lower() in INSTANCE_COLUMN_NAMES
    textual = not pd.api.types.is_numeric_dtype(df[first])
    return first if named or textual else None


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
