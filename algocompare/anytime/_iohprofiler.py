"""IOHprofiler logs: IOHexperimenter's meta-data (``.json``, or ``.info`` before version 0.3.3)
and the ``.dat`` files they point to.

A ``.dat`` file holds the runs of one algorithm on one function and dimension, one after the
other; each run starts with a header line (``evaluations raw_y``, or the older
``"function evaluation" "current f(x)" "best-so-far f(x)" ...``) and lists one record per line.
The meta-data give, for each run, the problem instance, the evaluations the run used (its
budget) and its best value, in the order of the ``.dat`` file's runs.
"""

from __future__ import annotations

import io
import itertools
import json
import re
import shlex
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from algocompare._batching import batches
from algocompare.anytime._model import AnytimeResults, _is_float

__all__ = ["read_iohprofiler", "read_coco"]

#: the columns of the evaluations and of the value, best first, in the loggers' spellings
_EVALUATION_COLUMNS = ("evaluations", "function evaluation")
_VALUE_COLUMNS = ("best-so-far f(x)", "best_y", "raw_y", "current f(x)")


def _log_files(source: Any, pattern: str, what: str, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    """The files ``source`` names and, under the folders it names (recursively, sorted per folder),
    those matching ``pattern`` (and ending in one of ``suffixes``); none is an error naming ``what``."""
    paths = [Path(source)] if isinstance(source, (str, Path)) else [Path(p) for p in source]
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.rglob(pattern)
                            if (suffixes is None or p.suffix in suffixes) and p.is_file())
        elif path.is_file():
            files.append(path)
        else:
            raise ValueError(f"{path}: no such file or folder.")
    if not files:
        raise ValueError(f"{source}: no {what} found.")
    return files


def _meta_files(source: Any, suffixes: tuple[str, ...]) -> list[Path]:
    return _log_files(source, "*", f"meta-data ({' or '.join(suffixes)} files)", suffixes)


def _scenarios_json(path: Path) -> Iterator[dict[str, Any]]:
    """One dict per (algorithm, function, dimension): the .dat path and its runs' (instance, budget)."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}, line {error.lineno}: not valid JSON ({error.msg}); the file is truncated or "
                         "malformed.") from None
    try:
        algorithm = meta["algorithm"]["name"]
        for scenario in meta["scenarios"]:
            yield {"algorithm": algorithm, "function": meta["function_id"], "dimension": scenario["dimension"],
                   "maximize": bool(meta["maximization"]), "dat": path.parent / scenario["path"],
                   "runs": [(run["instance"], run["evals"]) for run in scenario["runs"]], "meta": path}
    except (KeyError, TypeError) as error:
        raise ValueError(f"{path}: the IOHprofiler meta-data lack {error}; is this an IOHexperimenter .json "
                         "file?") from None


_INFO_PAIR = re.compile(r"(\w+)\s*=\s*('[^']*'|[^,]*)")


def _scenarios_info(path: Path) -> Iterator[dict[str, Any]]:
    """The .info format: a 'key = value, ...' line, a '%' comment line, a data line, repeated."""
    header: dict[str, str] | None = None
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            text = line.strip()
            if not text or text.startswith("%"):
                continue
            if header is None:
                header = {k: v.strip().strip("'") for k, v in _INFO_PAIR.findall(text)}
                missing = {"funcId", "DIM", "algId"} - set(header)
                if missing:
                    raise ValueError(f"{path}, line {number}: a header without {sorted(missing)}; expected "
                                     "\"suite = ..., funcId = ..., DIM = ..., algId = ...\".")
                continue
            fields = [f.strip() for f in text.split(",")]
            runs = []
            for entry in fields[1:]:
                match = re.fullmatch(r"(\d+):(\d+)\|(\S+)", entry)
                if match is None:
                    raise ValueError(f"{path}, line {number}: {entry!r} is not a run 'instance:evaluations|best'; "
                                     "the file is truncated or malformed.")
                runs.append((int(match[1]), int(match[2])))
            yield {"algorithm": header["algId"], "function": int(header["funcId"]), "dimension": int(header["DIM"]),
                   "maximize": header.get("maximization", "F").upper() in ("T", "TRUE", "1"),
                   "dat": path.parent / fields[0], "runs": runs, "meta": path}
            header = None
    if header is not None:
        raise ValueError(f"{path}: a header with no data line after it; the file is truncated.")


def _dat_runs(path: Path) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """Each run of a .dat file: (evaluations, values, line of its header).

    Streamed in chunks parsed by pandas' C parser (:func:`_dat_runs_fast`), small files line by
    line; a file the fast path
    cannot vouch for (a blank or indented line, a non-number, a short line, a NaN, evaluations that
    do not increase, a run with no record) is read again line by line (:func:`_dat_runs_by_line`),
    which names the file and line of the first problem, or reads what is unusual but valid.
    """
    if not path.is_file():
        raise ValueError(f"{path}: the .dat file the meta-data name is missing.")
    if path.stat().st_size < _SMALL:   # pandas' set-up (~2 ms a call) costs more than Python's lines here
        return _dat_runs_by_line(path)
    runs = _dat_runs_fast(path)
    return _dat_runs_by_line(path) if runs is None else runs


#: bytes read at once; a chunk ends at its last newline, the rest starts the next one
_CHUNK = 1 << 25
#: files smaller than this are read line by line (COCO's target-triggered .dat files are a few kB)
_SMALL = 1 << 15
#: first bytes of a line that can start a record: digits, sign, decimal point
_RECORD_START = np.zeros(256, dtype=bool)
_RECORD_START[np.frombuffer(b"0123456789+-.", dtype=np.uint8)] = True
#: first bytes of a line that can start a header: letters, quotes, COCO's '%'
_HEADER_START = np.zeros(256, dtype=bool)
_HEADER_START[np.frombuffer(b"%\"'_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", dtype=np.uint8)] = True


#: the doubles Python's float() gives: pandas < 3 needs the round-trip parser, pandas 3 parses exactly
#: by default (and deprecates the option)
_EXACT_FLOATS = {"float_precision": "round_trip"} if int(pd.__version__.split(".")[0]) < 3 else {}


class _Unusual(Exception):
    """The fast path cannot vouch for the file; read it line by line."""


def _dat_runs_fast(path: Path) -> list[tuple[np.ndarray, np.ndarray, int]] | None:
    """The runs of a well-formed .dat file, or None when anything is unusual (the slow path decides)."""
    evaluations: list[np.ndarray] = []
    values: list[np.ndarray] = []
    starts: list[int] = []          # index of each run's first record, over the whole file
    header_lines: list[int] = []
    state: dict[str, Any] = {"columns": None, "records": 0, "line": 0, "known": {}}
    try:
        with open(path, "rb") as handle:
            rest = b""
            while True:
                block = handle.read(_CHUNK)
                chunk = rest + block
                if not block:
                    rest = b""
                elif b"\n" in block:
                    cut = chunk.rindex(b"\n") + 1
                    chunk, rest = chunk[:cut], chunk[cut:]
                else:
                    rest, chunk = chunk, b""
                if chunk:
                    _parse_chunk(path, chunk, state, evaluations, values, starts, header_lines)
                if not block:
                    break
    except _Unusual:
        return None
    if not starts:
        return None if state["records"] else []
    e = np.concatenate(evaluations) if evaluations else np.empty(0)
    y = np.concatenate(values) if values else np.empty(0)
    bounds = np.append(starts, e.size)
    lengths = np.diff(bounds)
    first = np.zeros(e.size, dtype=bool)
    first[bounds[:-1][lengths > 0]] = True
    if (lengths == 0).any() or np.isnan(y).any() or np.isnan(e).any() or not (np.diff(e) > 0)[~first[1:]].all():
        return None
    return [(e[a:b], y[a:b], line) for a, b, line in zip(bounds[:-1], bounds[1:], header_lines, strict=True)]


def _parse_chunk(path: Path, chunk: bytes, state: dict, evaluations: list, values: list, starts: list,
                 header_lines: list) -> None:
    """Parse whole lines: find the headers by their first byte, the records between them by pandas."""
    data = np.frombuffer(chunk, dtype=np.uint8)
    ends = np.flatnonzero(data == 10)
    if ends.size == 0 or ends[-1] != data.size - 1:           # the file's last line has no newline
        ends = np.append(ends, data.size)
    line_starts = np.concatenate([[0], ends[:-1] + 1])
    firsts = data[np.minimum(line_starts, data.size - 1)]
    is_record, is_header = _RECORD_START[firsts], _HEADER_START[firsts]
    if not (is_record | is_header).all():                     # blank, indented or odd lines
        raise _Unusual
    headers = np.flatnonzero(is_header)
    segments: list[tuple[Any, int, int]] = []    # (columns, first line, end line) of each run's records here
    bounds = ([0] if headers.size == 0 or headers[0] > 0 else []) + headers.tolist() + [ends.size]
    for a, b in zip(bounds[:-1], bounds[1:], strict=True):
        if is_header[a]:
            line = chunk[line_starts[a]:ends[a]].decode("utf-8", errors="replace")
            if _is_float(line.split()[0]):          # "inf ..." or "nan ...": a record after all
                raise _Unusual
            if line not in state["known"]:      # ioh repeats one header per run: interpret it once
                try:
                    state["known"][line] = _header_columns(path, state["line"] + a + 1, line)
                except ValueError:              # garbage or a header: the line-by-line reading says which
                    raise _Unusual from None
            state["columns"] = state["known"][line]
            starts.append(state["records"] + sum(end - first for _, first, end in segments))
            header_lines.append(state["line"] + a + 1)
            a += 1
        if b > a:
            if state["columns"] is None:             # records before any header
                raise _Unusual
            segments.append((state["columns"], a, b))
    # one parse per stretch of runs with the same columns (usually the whole chunk)
    for _, grouped in itertools.groupby(segments, key=lambda segment: segment[0]):
        group = list(grouped)
        block = b"\n".join(chunk[line_starts[first]:ends[end - 1]] for _, first, end in group)
        e, y = _parse_records(block, group[0][0])
        if e.size != sum(end - first for _, first, end in group):
            raise _Unusual
        evaluations.append(e)
        values.append(y)
        state["records"] += e.size
    state["line"] += ends.size


def _parse_records(block: bytes, columns: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The evaluations and values of a block of record lines, by pandas' C parser."""
    try:
        frame = pd.read_csv(io.BytesIO(block), sep=r"\s+", header=None, usecols=list(columns), engine="c",
                            dtype=float, skip_blank_lines=False, na_filter=True, **_EXACT_FLOATS)
    except (ValueError, pd.errors.ParserError, pd.errors.EmptyDataError):
        raise _Unusual from None
    return frame[columns[0]].to_numpy(), frame[columns[1]].to_numpy()


def _dat_runs_by_line(path: Path) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """Each run of a .dat file, line by line: the reference reading, with the line of any problem."""
    runs: list[tuple[np.ndarray, np.ndarray, int]] = []
    columns: tuple[int, int] | None = None
    evaluations: list[float] = []
    values: list[float] = []
    start = 0

    def close() -> None:
        if columns is not None:
            if not evaluations:
                raise ValueError(f"{path}, line {start}: a run with no record.")
            runs.append((np.array(evaluations), np.array(values), start))

    with open(path, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, start=1):
            fields = line.split()
            if not fields:
                continue
            if not _is_float(fields[0]):  # a header: a new run
                try:
                    header = _header_columns(path, number, line)
                except ValueError:
                    if columns is None:
                        raise
                    header = None          # inside a run: a damaged record rather than a header
                if header is not None:
                    close()
                    columns, evaluations, values, start = header, [], [], number
                    continue
            if columns is None:
                raise ValueError(f"{path}, line {number}: a record before any header line.")
            try:
                e, y = float(fields[columns[0]]), float(fields[columns[1]])
            except (IndexError, ValueError):
                raise ValueError(f"{path}, line {number}: expected numbers in the columns of the header at line "
                                 f"{start}, got {line.strip()[:60]!r}; the file is truncated or malformed.") from None
            if evaluations and not e > evaluations[-1]:
                raise ValueError(f"{path}, line {number}: evaluations {e:g} after {evaluations[-1]:g}; a run's "
                                 "records must come in strictly increasing evaluations.")
            if np.isnan(y):
                raise ValueError(f"{path}, line {number}: a missing value (nan).")
            evaluations.append(e)
            values.append(y)
    close()
    return runs


def _header_columns(path: Path, number: int, line: str) -> tuple[int, int]:
    if line.startswith("%"):  # COCO bbob logger: "% f evaluations | g evaluations | best noise-free fitness - Fopt"
        names = [n.strip() for n in line[1:].split("|")]
        evaluations = next((i for i, n in enumerate(names) if n == "f evaluations"), None)
        value = next((i for i, n in enumerate(names) if n.startswith("best noise-free fitness - Fopt")), None)
        if evaluations is None or value is None:
            raise ValueError(f"{path}, line {number}: a COCO header without the columns 'f evaluations' and "
                             "'best noise-free fitness - Fopt' (only the bbob logger's .dat files are read).")
        return evaluations, value
    names = [n.strip() for n in shlex.split(line)]
    lowered = [n.lower() for n in names]
    found = []
    for role, candidates in (("evaluations", _EVALUATION_COLUMNS), ("value", _VALUE_COLUMNS)):
        index = next((lowered.index(c) for c in candidates if c in lowered), None)
        if index is None:
            raise ValueError(f"{path}, line {number}: the header {names} has no {role} column (one of "
                             f"{list(candidates)}).")
        found.append(index)
    return found[0], found[1]


def read_iohprofiler(source: str | Path | Sequence[str | Path], *, progress: bool | None = None) -> AnytimeResults:
    """Read IOHprofiler logs (IOHexperimenter) into anytime results.

    Every ``.json`` (IOHexperimenter ≥ 0.3.3) and ``.info`` (earlier versions) file under the
    folder(s) is read, with the ``.dat`` files it names. The instance is
    ``"F<function id>_D<dimension>"``; the runs of an algorithm on it are numbered 1, 2, ... in
    the meta-data's order (over the problem instances, as COCO counts trials); each run's budget
    is the evaluations the meta-data say it used.

    Parameters
    ----------
    source : path or sequence of paths
        Folders (searched recursively) or meta-data files.
    progress : bool or None
        A progress bar over the meta-data files (None: only on a terminal, after a second).

    Returns
    -------
    AnytimeResults
        Direction from the meta-data (``maximization``).

    Raises
    ------
    ValueError
        A missing or malformed file, a truncated line, a ``.dat`` file whose runs are not as many
        as its meta-data's, a run whose records exceed its budget, or minimised and maximised
        functions mixed; the message names the file and, where there is one, the line.

    See Also
    --------
    AnytimeResults : what it returns.
    read_cec : CEC competition files.

    Notes
    -----
    The value column is the best-so-far one when the logger wrote it (``best-so-far f(x)``),
    else ``raw_y``, which IOHexperimenter's default trigger (on improvement) writes only when
    the run improves, i.e. best-so-far values.

    Each ``.dat`` file is read in chunks of 32 MB whose records pandas' C parser reads at once
    (about 15 s per GB of ``evaluations raw_y`` lines on one core); memory holds the records
    read (16 bytes each) and one chunk. A file with anything unusual (a blank or indented line,
    a non-number, a short line, evaluations that do not increase) is read again line by line,
    which accepts what is valid and names the file and line of the first problem.

    Damaged logs: a run cut short by a crash (fewer records than its budget would allow) is
    data — a run with fewer evaluations, its budget the evaluations the meta-data say it used.
    Everything else is a one-line error naming the file (and line): a last line cut in the
    middle (a cut number may still be a number, so a cut line is never silently kept or
    dropped when it can be seen), a non-number or NaN, a header repeated inside a run (one run
    more than the meta-data list, or a run with no record), a ``.dat`` file with fewer runs
    than its meta-data (or empty), a missing ``.dat``, an empty or cut meta-data file.

    References
    ----------
    .. [1] de Nobel, J., Ye, F., Vermetten, D., Wang, H., Doerr, C., Bäck, T. (2024).
       IOHexperimenter: benchmarking platform for iterative optimization heuristics.
       *Evolutionary Computation* 32(3), 205–210. doi:10.1162/evco_a_00342

    Examples
    --------
    >>> import tempfile, pathlib, json
    >>> from algocompare.anytime import read_iohprofiler
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "f1.dat").write_text("evaluations raw_y\\n1 9.0\\n4 2.5\\nevaluations raw_y\\n1 7.0\\n")
    >>> meta = {"function_id": 1, "maximization": False, "algorithm": {"name": "RS"},
    ...         "scenarios": [{"dimension": 2, "path": "f1.dat",
    ...                        "runs": [{"instance": 1, "evals": 10}, {"instance": 2, "evals": 10}]}]}
    >>> _ = (folder / "IOHprofiler_f1.json").write_text(json.dumps(meta))
    >>> runs = read_iohprofiler(folder)
    >>> runs.to_long()
      algorithm instance  run  evaluations  value  budget
    0        RS    F1_D2    1          1.0    9.0    10.0
    1        RS    F1_D2    1          4.0    2.5    10.0
    2        RS    F1_D2    2          1.0    7.0    10.0
    """
    return _read_logs(_meta_files(source, (".json", ".info")), progress, "reading IOHprofiler logs")


class _Records:
    """All records read so far, in two flat arrays grown in place (``ndarray.resize``: realloc, which
    moves large blocks by remapping pages), so resident memory stays about the records themselves."""

    initial = 1 << 16

    def __init__(self) -> None:
        self.evaluations, self.values, self.size = np.empty(self.initial), np.empty(self.initial), 0

    def add(self, evaluations: np.ndarray, values: np.ndarray) -> None:
        end = self.size + evaluations.size
        if end > self.evaluations.size:
            capacity = max(end, self.evaluations.size * 3 // 2)
            self.evaluations.resize(capacity, refcheck=False)
            self.values.resize(capacity, refcheck=False)
        self.evaluations[self.size:end] = evaluations
        self.values[self.size:end] = values
        self.size = end

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        self.evaluations.resize(self.size, refcheck=False)
        self.values.resize(self.size, refcheck=False)
        return self.evaluations, self.values


def _read_logs(files: list[Path], progress: bool | None, desc: str) -> AnytimeResults:
    runs: list[tuple] = []        # (algorithm, instance, run, records, budget); the records go to `records`
    records = _Records()
    directions: dict[str, Path] = {}
    next_run: dict[tuple, int] = {}
    for file in batches(len(files), 1, progress=progress, desc=desc, unit="file"):
        path = files[file.start]
        scenarios = _scenarios_json(path) if path.suffix == ".json" else _scenarios_info(path)
        found = len(runs)
        for scenario in scenarios:
            directions.setdefault("maximize" if scenario["maximize"] else "minimize", path)
            for algorithm, instance, run, evaluations, values, budget in _scenario_runs(scenario, next_run):
                records.add(evaluations, values)
                runs.append((algorithm, instance, run, evaluations.size, budget))
        if len(runs) == found:   # an empty meta-data file: say which, rather than "no runs" at the end
            raise ValueError(f"{path}: the meta-data list no run; the file is empty or truncated.")
    if len(directions) > 1:
        raise ValueError(f"{directions['maximize']} logs a maximised function and {directions['minimize']} a "
                         "minimised one; read them separately.")
    evaluations, values = records.arrays()
    starts = np.concatenate([[0], np.cumsum([r[3] for r in runs], dtype=np.int64)])
    return AnytimeResults._from_arrays([r[0] for r in runs], [r[1] for r in runs], [r[2] for r in runs], starts,
                                       evaluations, values, np.array([r[4] for r in runs], dtype=float),
                                       next(iter(directions), "minimize"))


def _scenario_runs(scenario: dict[str, Any], next_run: dict[tuple, int]) -> list[tuple]:
    dat_runs = _dat_runs(scenario["dat"])
    meta_runs = scenario["runs"]
    if len(dat_runs) != len(meta_runs):
        raise ValueError(f"{scenario['dat']}: {len(dat_runs)} runs, but {scenario['meta']} lists {len(meta_runs)}; "
                         "one of them is truncated.")
    instance = f"F{scenario['function']}_D{scenario['dimension']}"
    key = (scenario["algorithm"], instance)
    out = []
    for (evaluations, values, line), (_, budget) in zip(dat_runs, meta_runs, strict=True):
        if not (evaluations[0] > 0 and np.isfinite(evaluations[-1])):   # increasing: the ends suffice
            raise ValueError(f"{scenario['dat']}, line {line}: the run's evaluations go from {evaluations[0]:g} to "
                             f"{evaluations[-1]:g}; they must be positive finite numbers.")
        if budget < evaluations[-1]:
            raise ValueError(f"{scenario['dat']}, line {line}: the run's last record is at {evaluations[-1]:g} "
                             f"evaluations, but {scenario['meta']} says it used {budget}.")
        next_run[key] = next_run.get(key, 0) + 1
        out.append((scenario["algorithm"], instance, next_run[key], evaluations, values, budget))
    return out


def read_coco(source: str | Path | Sequence[str | Path], *, progress: bool | None = None) -> AnytimeResults:
    """Read COCO experiment data (``exdata``, the bbob logger) into anytime results.

    Every ``.info`` file under the folder(s) is read with the ``.dat`` files it names (the
    target-triggered records, which cocopp uses for runtimes). The instance is
    ``"F<function id>_D<dimension>"``; the runs (COCO's trials, one per problem instance) are
    numbered 1, 2, ... in the ``.info`` order; the value is the best noise-free fitness minus
    the optimum (f − f_opt, minimized); each run's budget is the evaluations the ``.info`` file
    gives it.

    Parameters
    ----------
    source : path or sequence of paths
        Folders (searched recursively, e.g. ``exdata/my-algorithm``) or ``.info`` files.
    progress : bool or None
        A progress bar over the ``.info`` files (None: only on a terminal, after a second).

    Returns
    -------
    AnytimeResults
        Direction ``"minimize"``.

    Raises
    ------
    ValueError
        A missing or malformed file, a truncated line, or a ``.dat`` file whose runs are not as
        many as its ``.info`` entries (a trial the ``.info`` file does not list, as a crash before
        COCO writes its entry leaves it, is refused, not guessed); the message names the file
        and, where there is one, the line.

    See Also
    --------
    read_iohprofiler : IOHprofiler logs (the same ``.info`` layout).
    ert : expected running times, as cocopp computes them.

    Notes
    -----
    The bbob-biobj logger's files (hypervolume indicator) are not read yet. The ``.dat`` files
    are parsed as :func:`read_iohprofiler` parses them (in chunks, by pandas' C parser), with
    the same treatment of damaged files.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from algocompare.anytime import read_coco
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> header = "% f evaluations | g evaluations | best noise-free fitness - Fopt (7.9e+01) + sum g_i+ | x1\\n"
    >>> _ = (folder / "f1.dat").write_text(header + "1 0 +3.2e+01 0.1\\n9 0 +1.5e+00 0.2\\n20 0 +1.5e+00 0.2\\n")
    >>> _ = (folder / "f1.info").write_text("suite = 'bbob', funcId = 1, DIM = 2, algId = 'RS'\\n%\\n"
    ...                                     "f1.dat, 1:20|1.5e+00\\n")
    >>> read_coco(folder).at_target(2.0).evaluations
    array([9.])
    """
    return _read_logs(_meta_files(source, (".info",)), progress, "reading COCO data")
