"""The results file of a study: its fingerprint, then one record per attempted run.

CSV layout (a Parquet target is written at the end from a CSV journal ``<name>.partial.csv``
with this layout, and keeps the fingerprint in its schema metadata ``algocompare.study``)::

    # algocompare study {"format":1,"seed":"42",...}          <- the study fingerprint (JSON)
    instance,algorithm,run,attempt,status,value,seed,instance_index,algorithm_index,message,check
    3,fast,0,0,ok,12.53,2916514731,3,0,,5d0c1a9e

* ``status`` is ``ok`` (``value`` holds the result), ``error`` (the run raised), ``died``
  (its worker process exited), ``lost`` (its worker was killed from outside; the run is
  started again with the same seed) or ``timeout``; ``message`` says why;
* ``attempt`` 0 uses the run's own seed; a retry draws a fresh one (recorded in ``seed``);
* ``check`` is the CRC-32 of the rest of the line. Each record is one ``write`` of one line
  to a file opened for appending, so a kill leaves at most a cut last line: it has no
  newline (or a wrong ``check``) and is dropped, and the run is made again;
* a text cell starting with ``= + - @`` or ``'`` (an algorithm, instance or error message; not a
  number such as ``-1.5``) is written with a leading ``'``, so that a spreadsheet opening the file
  shows it as text instead of running it as a formula (:func:`neutralise`); the readers of this
  module remove the quote again;
* the file is UTF-8: text that UTF-8 cannot encode (the lone surrogates by which Python
  stands for the bytes of a file name that are not UTF-8, ``'caf\\udce9.tsp'``) is written
  with those bytes escaped (``caf\\udce9.tsp``). Instance labels and algorithm names are
  escaped so before the study starts (:func:`~algocompare.experiment._inputs.text_label`), so
  a label reads back as the study reports it; only a run's error message can still meet this;
* a running study holds an exclusive lock (``flock``) on the file, so a second study cannot
  resume it at the same time; the kernel releases the lock when the process dies.

To read the file with pandas: ``pd.read_csv(path, skiprows=1)`` (text cells keep the leading ``'``
above), or :func:`read_log`.
"""

from __future__ import annotations

import csv
import io
import os
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from algocompare.data._io import safe_pyarrow
from algocompare.experiment import _fingerprint as fp

COLUMNS = ["instance", "algorithm", "run", "attempt", "status", "value", "seed", "instance_index",
           "algorithm_index", "message"]
STATUSES = ("ok", "error", "died", "lost", "timeout")
_MARK = "# algocompare study "
_HEADER = ",".join(COLUMNS + ["check"]) + "\n"
_METADATA_KEY = b"algocompare.study"
_INTEGER = ["run", "attempt", "seed", "instance_index", "algorithm_index"]


def is_parquet(path: Path) -> bool:
    return path.suffix.lower() in (".parquet", ".pq")


def journal_of(path: Path) -> Path:
    return path.with_name(path.name + ".partial.csv") if is_parquet(path) else path


def _clean(value: Any) -> str:
    """One line of UTF-8-encodable text (whitespace runs as one space, lone surrogates escaped)."""
    text = " ".join(str(value).split()) if isinstance(value, str) else str(value)
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


#: First characters that make a spreadsheet read a cell as a formula (``=HYPERLINK(...)``, ``@SUM(...)``;
#: OWASP, "CSV Injection"); tab and carriage return are already spaces in a record (:func:`_clean`).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: A number, which a spreadsheet reads as one even with a sign (``-1.5``, ``+2e-3``): left as it is.
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def neutralise(cell: str) -> str:
    """A text cell a spreadsheet shows as text: one starting with ``= + - @`` (or with the quote
    itself, so that :func:`restore` is exact) is prefixed with ``'``, as OWASP's CSV-injection
    guidance recommends; numbers (``-1.5``) are left as they are.

    Examples
    --------
    >>> neutralise("=HYPERLINK(1)"), neutralise("-1.5"), neutralise("'x"), restore(neutralise("'x"))
    ("'=HYPERLINK(1)", '-1.5', "''x", "'x")
    """
    if cell.startswith(_FORMULA_START + ("'",)) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def restore(cell: str) -> str:
    """The cell :func:`neutralise` was given."""
    return cell.removeprefix("'")


_JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _inert_json(text: str) -> str:
    """The fingerprint's JSON, the same JSON, as a spreadsheet splitting its line at commas reads no formula:
    commas inside strings, and a first character ``= + - @`` of a string, as ``\\u`` escapes (names and
    settings of the study are in it).

    Examples
    --------
    >>> print(_inert_json('["=cmd,=x","two-sided",-1]'))
    ["\\u003dcmd\\u002c=x","two-sided",-1]
    """
    def inert(match: re.Match) -> str:
        content = match.group(1).replace(",", "\\u002c")
        if content[:1] in ("=", "+", "-", "@"):
            content = f"\\u{ord(content[0]):04x}" + content[1:]
        return f'"{content}"'

    return _JSON_STRING.sub(inert, text)


def format_record(row: list[Any]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow([neutralise(_clean(x)) for x in row])
    body = buffer.getvalue()
    return f"{body},{zlib.crc32(body.encode()):08x}\n".encode()


@dataclass
class Recorded:
    """What a results file holds: fingerprint (None when none was completely written), records."""

    fingerprint: dict | None = None
    rows: list[list[str]] = field(default_factory=list)
    valid_bytes: int = 0  # of the CSV (journal): everything after is a cut record
    has_header: bool = False


def _read_csv(path: Path, recorded: Recorded | None = None) -> Recorded:
    data = path.read_bytes() if path.exists() else b""
    out = recorded or Recorded()
    lines = data.split(b"\n")  # the last item is what follows the last newline
    if len(lines) < 2:  # not even the fingerprint line is complete: nothing was recorded
        return out
    first = lines[0].decode("utf-8", errors="replace")
    if not first.startswith(_MARK):
        raise ValueError(f"{str(path)!r} is not a run_experiment results file: its first line is not a study "
                         "fingerprint ('# algocompare study {...}').")
    try:
        found = fp.loads(first[len(_MARK):])
    except ValueError as err:
        raise ValueError(_damaged(path, "on its first line", err)) from None
    if out.fingerprint is not None and found != out.fingerprint:
        raise ValueError(f"{str(path)!r} belongs to another study than its Parquet file.")
    out.fingerprint, out.valid_bytes = found, len(lines[0]) + 1
    if len(lines) < 3:
        return out
    if lines[1].decode() + "\n" != _HEADER:
        raise ValueError(f"{str(path)!r}: unexpected column header {lines[1].decode()!r}.")
    out.has_header, out.valid_bytes = True, out.valid_bytes + len(lines[1]) + 1
    complete = lines[2:-1]
    for number, line in enumerate(complete, start=3):
        row = _parse(line)
        if row is None:
            if number - 2 < len(complete):
                raise ValueError(f"{str(path)!r}: line {number} is damaged (its check does not match); the file "
                                 "was edited or corrupted, so it cannot be resumed safely.")
            break  # a last record cut where a newline happened to be
        out.rows.append(row)
        out.valid_bytes += len(line) + 1
    return out


def _damaged(path: Path, where: str, err: Exception) -> str:
    return (f"{str(path)!r} has a damaged study fingerprint {where} ({err}), so it cannot be resumed: the file was "
            "edited or corrupted; restore it, or start the study again with a new results_file (nothing was run "
            "or written).")


def _parse(line: bytes) -> list[str] | None:
    text = line.decode("utf-8", errors="replace")
    body, _, check = text.rpartition(",")
    if f"{zlib.crc32(body.encode()):08x}" != check:
        return None
    row = [restore(cell) for cell in next(csv.reader([body]))]
    return row if len(row) == len(COLUMNS) else None


def _lock(fd: int, path: Path) -> None:
    """One study at a time per file: an exclusive lock, released by the kernel when its holder dies."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise ValueError(f"results file {str(path)!r} is being written by another running study; wait for it to "
                         "end (or stop it) before resuming.") from None


def read_recorded(path: str | os.PathLike) -> Recorded:
    """Fingerprint and intact records of a results file (CSV, Parquet and/or its journal)."""
    path = Path(path)
    journal = journal_of(path)
    if not path.exists() and not journal.exists():
        raise FileNotFoundError(f"no results file to resume from at {str(path)!r}.")
    recorded = Recorded()
    if is_parquet(path) and path.exists():
        safe_pyarrow()  # a shared results file may be crafted: no pyarrow that unpickles what it reads
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        meta = (table.schema.metadata or {}).get(_METADATA_KEY)
        if meta is None:
            raise ValueError(f"{str(path)!r} is not a run_experiment results file (no study fingerprint in its "
                             "metadata).")
        try:
            recorded.fingerprint = fp.loads(meta.decode())
        except ValueError as err:  # UnicodeDecodeError too
            raise ValueError(_damaged(path, "in its metadata", err)) from None
        frame = table.to_pandas()
        recorded.rows = frame[COLUMNS].astype(str).replace({"nan": "", "None": ""}).values.tolist()
    if journal.exists():
        _read_csv(journal, recorded)
    return recorded


def read_log(path: str | os.PathLike) -> pd.DataFrame:
    """The records of a results file as a DataFrame (``attrs["fingerprint"]``: the study's).

    Parameters
    ----------
    path : str or os.PathLike
        The ``results_file`` of :func:`~algocompare.experiment.run_experiment` (CSV, or a
        Parquet file and/or its journal ``<name>.partial.csv``).

    Returns
    -------
    pandas.DataFrame
        One row per attempted run: ``instance``, ``algorithm``, ``run``, ``attempt``,
        ``status`` (``ok``, ``error``, ``died``, ``lost``, ``timeout``), ``value`` (NaN unless
        ok), ``seed``, ``instance_index``, ``algorithm_index``, ``message``. The leading ``'``
        that keeps a text cell from being read as a formula is removed; a cut last record is
        left out. ``attrs["fingerprint"]`` is the study's fingerprint (a dict).

    Raises
    ------
    FileNotFoundError
        No file at ``path``.
    ValueError
        The file is not a results file, its fingerprint is damaged, or a record in its
        middle is.

    See Also
    --------
    algocompare.experiment.run_experiment : writes the file and resumes from it.

    References
    ----------
    .. [1] OWASP Foundation (2024). CSV Injection: how a spreadsheet runs a cell starting with
       ``=``, ``+``, ``-`` or ``@``. https://owasp.org/www-community/attacks/CSV_Injection

    Examples
    --------
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from algocompare import read_log, run_experiment
    >>> def a(instance, rng): return rng.normal(instance, 1)
    >>> def b(instance, rng): return rng.normal(instance + 1, 2)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     res = run_experiment([1, 2, 3], [a, b], d=1.0, se_max=1.0, n0=5, executor=pool, rng=1,
    ...                          results_file="runs.csv")
    >>> log = read_log("runs.csv")
    >>> len(log) == res.total_runs, sorted(log["status"].unique()), log.attrs["fingerprint"]["seed"]
    (True, ['ok'], '1')
    """
    recorded = read_recorded(path)
    frame = pd.DataFrame(recorded.rows, columns=COLUMNS).drop_duplicates(ignore_index=True)
    frame["value"] = pd.to_numeric(frame["value"], errors="coerce").astype(float)  # "" (no value) -> NaN
    for column in _INTEGER:
        frame[column] = pd.to_numeric(frame[column]).astype("int64")
    frame.attrs["fingerprint"] = recorded.fingerprint
    return frame


class RunLog:
    """Appends records to the results file (nothing when ``path`` is None)."""

    def __init__(self, path: str | os.PathLike | None, fingerprint: dict, *, resumed: Recorded | None = None,
                 resumed_path: str | os.PathLike | None = None):
        self.target = None if path is None else Path(path)
        self.fingerprint = fingerprint
        self._fd: int | None = None
        if path is None:
            return
        target = Path(path)
        self.journal = journal_of(target)
        same = resumed_path is not None and Path(resumed_path).resolve() == target.resolve()
        if not same:
            self._refuse_existing(target)
        fd = self._fd = os.open(self.journal, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            _lock(fd, self.journal)
            recorded = resumed.rows if resumed is not None else []
            if same:
                self._continue(fd, target, recorded)
            else:
                self._fresh(fd, recorded)
        except BaseException:
            os.close(fd)
            self._fd = None
            raise

    def _refuse_existing(self, target: Path) -> None:
        for existing in {target, self.journal}:
            if existing.exists() and existing.stat().st_size > 0:
                raise ValueError(f"results file {str(existing)!r} already exists; pass resume={str(target)!r} "
                                 "to continue the study it records, or choose another results_file (nothing "
                                 "was written).")

    def _continue(self, fd: int, target: Path, recorded: list[list[str]]) -> None:
        state = _read_csv(self.journal)  # again, now that no other study can write to it
        if state.fingerprint is None:  # a new journal, or its fingerprint line was cut
            self._fresh(fd, [] if self.journal != target else recorded)
            return
        os.ftruncate(fd, state.valid_bytes)  # drop a cut last record before appending
        if not state.has_header:
            os.write(fd, _HEADER.encode())

    def _fresh(self, fd: int, rows: list[list[str]]) -> None:
        """The fingerprint, the column header and ``rows`` (a cut fingerprint line means nothing recorded)."""
        os.ftruncate(fd, 0)
        data = (_MARK + _inert_json(fp.dumps(self.fingerprint)) + "\n" + _HEADER).encode() \
            + b"".join(map(format_record, rows))
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)

    def write(self, row: list[Any]) -> None:
        if self._fd is not None:
            os.write(self._fd, format_record(row))

    def close(self, complete: bool) -> None:
        if self._fd is None:
            return
        os.fsync(self._fd)
        os.close(self._fd)
        self._fd = None
        if complete and self.target is not None and is_parquet(self.target):
            self._write_parquet(self.target)

    def _write_parquet(self, target: Path) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pandas(read_log(target), preserve_index=False)
        table = table.replace_schema_metadata({**(table.schema.metadata or {}),
                                               _METADATA_KEY: fp.dumps(self.fingerprint).encode()})
        temporary = target.with_name(target.name + ".tmp")
        pq.write_table(table, temporary)
        os.replace(temporary, target)
        self.journal.unlink()
