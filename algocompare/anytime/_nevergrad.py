"""Nevergrad benchmark CSVs: one row per experiment (an optimizer run on a function with a budget).

``nevergrad.benchmark`` writes, for every experiment, the optimizer (``optimizer_name`` and its
settings), the ``budget``, the results (``loss``: the function's noise-free value at the final
recommendation; ``elapsed_budget``: the evaluations used; ``elapsed_time``, ``pseudotime``,
``error``), the ``seed``, and the function's descriptors (``name``, ``dimension``,
``noise_level``, ...). Each row is thus a run with a single record, at the end of its budget.
"""

from __future__ import annotations

import csv
import math
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from algocompare._batching import batches
from algocompare.anytime._iohprofiler import _log_files
from algocompare.anytime._model import AnytimeResults

__all__ = ["read_nevergrad"]

#: columns that describe the optimizer, its settings or the outcome, not the function
_NOT_DESCRIPTORS = frozenset({"optimizer_name", "budget", "loss", "elapsed_budget", "elapsed_time", "pseudotime",
                              "error", "seed", "num_workers", "batch_mode", "num_objectives"})
_REQUIRED = ("optimizer_name", "budget", "loss")


def _number(path: Path, line: int, column: str, text: str, empty: float | None = math.nan) -> float | None:
    """The field as a float; an empty field is ``empty`` (Nevergrad leaves the results of a failed run empty)."""
    if text.strip() == "":
        return empty
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{path}, line {line}: column {column!r} is {text[:40]!r}, not a number; the file is "
                         "malformed.") from None


def _rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    """(line, row) for each experiment of a CSV, streamed; checks the header and each row's width."""
    last = {"text": ""}

    def lines(handle: Any) -> Iterator[str]:
        for text in handle:
            last["text"] = text
            yield text

    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.reader(lines(handle))
        header = next(reader, None)
        if header is None:
            raise ValueError(f"{path}: the file is empty; expected a Nevergrad benchmark CSV (a header with "
                             f"{', '.join(_REQUIRED)}, ...).")
        missing = [c for c in _REQUIRED if c not in header]
        if missing:
            raise ValueError(f"{path}, line 1: the header has no column {missing[0]!r}; is this a Nevergrad "
                             f"benchmark CSV (columns {', '.join(_REQUIRED)}, ...)?")
        count = 0
        for row in reader:
            if not row:
                continue
            if len(row) != len(header) or not last["text"].endswith("\n"):
                raise ValueError(f"{path}, line {reader.line_num}: {len(row)} fields for the header's {len(header)}"
                                 f"{'' if last['text'].endswith(chr(10)) else ' and no line end'}; the line is "
                                 "truncated or malformed.")
            count += 1
            yield reader.line_num, dict(zip(header, row, strict=True))
    if count == 0:
        raise ValueError(f"{path}: a header but no experiment rows.")


def _run(path: Path, line: int, row: dict[str, str]) -> dict[str, Any] | None:
    """One experiment as a run, or None when Nevergrad recorded no loss for it (a failed run)."""
    budget = _number(path, line, "budget", row["budget"], empty=None)
    if budget is None or not (budget > 0 and math.isfinite(budget)):
        raise ValueError(f"{path}, line {line}: the budget {row['budget']!r} is not a positive number.")
    loss = _number(path, line, "loss", row["loss"])
    if math.isnan(loss):  # type: ignore[arg-type]
        return None
    used = _number(path, line, "elapsed_budget", row.get("elapsed_budget", ""), empty=budget)
    if not 0 < used <= budget:  # type: ignore[operator]
        raise ValueError(f"{path}, line {line}: elapsed_budget {used:g} is outside (0, budget = {budget:g}].")
    descriptors = {k: v for k, v in row.items() if k not in _NOT_DESCRIPTORS and not k.startswith("info/")}
    return {"algorithm": row["optimizer_name"], "budget": budget, "evaluations": used, "value": loss,
            "descriptors": descriptors, "where": f"{path}, line {line}"}


def _instance_columns(runs: list[dict[str, Any]], instance: str | Sequence[str] | None) -> list[str]:
    if instance is not None:
        columns = [instance] if isinstance(instance, str) else list(instance)
        for run in runs:
            absent = [c for c in columns if c not in run["descriptors"]]
            if absent:
                raise ValueError(f"{run['where']}: no function descriptor {absent[0]!r} (instance=); the "
                                 f"descriptors are {sorted(run['descriptors'])}.")
        return columns
    names = list(dict.fromkeys(c for run in runs for c in run["descriptors"]))
    varying = [c for c in names if len({run["descriptors"].get(c, "") for run in runs}) > 1]
    if varying:
        return varying
    named = [c for c in ("name", "function_class") if all(c in run["descriptors"] for run in runs)]
    return named[:1] or names


def read_nevergrad(source: str | Path | Sequence[str | Path], *, budget: float | None = None,
                   instance: str | Sequence[str] | None = None, errors: str = "raise", pattern: str = "*.csv",
                   progress: bool | None = None) -> AnytimeResults:
    """Read Nevergrad benchmark CSVs into anytime results, each experiment a run with one record.

    Each row (an optimizer run on a function with a budget) becomes a run of the algorithm
    ``optimizer_name`` with one record: ``value`` = the ``loss`` (Nevergrad's noise-free value of the
    final recommendation), at ``evaluations`` = ``elapsed_budget`` (the evaluations it asked for;
    the budget when the column is absent), and the run's budget = ``budget``. Runs at different
    budgets are different experiments, so one budget is read at a time (``budget=``); then
    ``at_budget(budget)`` gives the losses as ``Results``.

    Parameters
    ----------
    source : path or sequence of paths
        CSV files, or folders searched recursively for ``pattern``.
    budget : float, optional
        The budget whose rows to read. Required when the files hold several budgets.
    instance : str or sequence of str, optional
        The function-descriptor columns that name the instance (e.g. ``["name", "dimension"]``).
        Default: every descriptor column whose value varies across the rows read; when none
        varies, ``name`` (else ``function_class``, else every descriptor).
    errors : {"raise", "drop"}
        A row without a loss (Nevergrad's record of a failed experiment: an ``error`` and empty
        results) raises a ``ValueError`` naming the file and line; ``"drop"`` leaves such rows
        out with a warning that counts them (Nevergrad's own ``plotting.remove_errors`` drops them).
    pattern : str
        The file name pattern in folders.
    progress : bool or None
        A progress bar over the files (None: only on a terminal, after a second).

    Returns
    -------
    AnytimeResults
        Direction ``"minimize"``; instance labels ``"name=sphere, dimension=2"`` (``column=value``
        as written in the file, joined by ``", "``); runs numbered 1, 2, ... in file order within
        each (algorithm, instance).

    Raises
    ------
    ValueError
        An empty file, a header without ``optimizer_name``, ``budget`` or ``loss``, a truncated
        line (fewer fields than the header, or no line end), a non-number, an elapsed budget
        outside (0, budget], a failed experiment (``errors="raise"``), several budgets without
        ``budget=``, or an unknown ``instance`` column; the message names the file and line.

    See Also
    --------
    AnytimeResults.at_budget : the losses at the budget, as Results.
    read_iohprofiler : logs with a record at every improvement.

    Notes
    -----
    Function descriptors are all columns except the optimizer's and the outcome's
    (``optimizer_name``, ``budget``, ``loss``, ``elapsed_budget``, ``elapsed_time``, ``pseudotime``,
    ``error``, ``seed``, ``num_workers``, ``batch_mode``, ``num_objectives`` and ``info/...``). A row with
    an ``error`` but a loss (the recommendation before the failure) is kept, as Nevergrad keeps it.
    Files are parsed line by line with the ``csv`` module.

    References
    ----------
    .. [1] Rapin, J., Teytaud, O. (2018). Nevergrad — a gradient-free optimization platform.
       https://github.com/facebookresearch/nevergrad

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from algocompare.anytime import read_nevergrad
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "xp.csv"
    >>> _ = path.write_text("loss,elapsed_budget,seed,name,dimension,budget,optimizer_name\\n"
    ...                     "0.5,10,0,sphere,2,10,DE\\n2.5,10,0,sphere,5,10,DE\\n"
    ...                     "0.1,10,0,sphere,2,10,OnePlusOne\\n1.5,8,0,sphere,5,10,OnePlusOne\\n")
    >>> runs = read_nevergrad(path)
    >>> runs.instances
    ('dimension=2', 'dimension=5')
    >>> runs.at_budget(10)
    <Results: 2 instances × 2 algorithms, 1 run(s) per cell, minimize>
    """
    if errors not in ("raise", "drop"):
        raise ValueError(f"errors must be 'raise' or 'drop', got {errors!r}.")
    files = _log_files(source, pattern, f"Nevergrad CSV ({pattern})")
    runs: list[dict[str, Any]] = []
    failed: list[str] = []
    seen: set[float] = set()  # every budget in the files, to name them when the one asked for is absent
    for file in batches(len(files), 1, progress=progress, desc="reading Nevergrad CSVs", unit="file"):
        path = files[file.start]
        for line, row in _rows(path):
            run = _run(path, line, row)
            if run is None:
                if errors == "raise":
                    raise ValueError(f"{path}, line {line}: the experiment has no loss (error "
                                     f"{row.get('error', '')!r}); errors='drop' leaves failed experiments out.")
                failed.append(f"{path.name}:{line}")
            else:
                seen.add(run["budget"])
                if budget is None or run["budget"] == budget:
                    runs.append(run)
    if failed:
        warnings.warn(f"read_nevergrad: left out {len(failed)} failed experiment(s) without a loss "
                      f"({', '.join(failed[:5])}{', ...' if len(failed) > 5 else ''}).", stacklevel=2)
    where = f"{files[0]}{' ...' if len(files) > 1 else ''}"
    budgets = [format(b, "g") for b in sorted(seen)]
    if not runs:
        raise ValueError(f"{where}: no experiment with budget {budget:g}; the budgets are {budgets}." if seen else
                         f"{where}: no experiment with a loss.")
    if budget is None and len(seen) > 1:
        raise ValueError(f"{where}: budgets {budgets}; each row is a run stopped at its budget, so read one budget "
                         "at a time with budget=.")
    return _to_anytime(runs, instance)


def _to_anytime(runs: list[dict[str, Any]], instance: str | Sequence[str] | None) -> AnytimeResults:
    columns = _instance_columns(runs, instance)
    numbers: dict[tuple, int] = {}
    out = []
    for run in runs:
        label = ", ".join(f"{c}={run['descriptors'][c]}" for c in columns) or "-"
        key = (run["algorithm"], label)
        numbers[key] = numbers.get(key, 0) + 1
        out.append((run["algorithm"], label, numbers[key], [run["evaluations"]], [run["value"]], run["budget"]))
    return AnytimeResults.from_runs(out, "minimize")
