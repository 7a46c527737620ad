"""Read a folder or file of anytime logs whatever wrote it: the format found from the file names and
their first lines, then the format's own reader."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from algocompare.anytime._cec import CEC_PATTERN, read_cec
from algocompare.anytime._coco_biobj import read_coco_biobj
from algocompare.anytime._iohprofiler import read_coco, read_iohprofiler
from algocompare.anytime._model import LONG_COLUMNS, AnytimeResults
from algocompare.anytime._nevergrad import _REQUIRED as NEVERGRAD_COLUMNS
from algocompare.anytime._nevergrad import read_nevergrad

__all__ = ["read_anytime", "ANYTIME_FORMATS", "detect_format"]

#: The formats :func:`read_anytime` knows, and what each is, as its messages name them.
ANYTIME_FORMATS = {
    "cec": "CEC competition files",
    "iohprofiler": "IOHprofiler logs",
    "coco": "COCO exdata (bbob)",
    "coco_biobj": "COCO exdata (bbob-biobj)",
    "nevergrad": "Nevergrad benchmark CSV",
    "long": "long-format CSV",
}
_CEC_NAME = re.compile(CEC_PATTERN)
_INFO_SUITE = re.compile(r"suite\s*=\s*'([^']*)'")


def _first_line(path: Path) -> str:
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.readline()


def _csv_format(path: Path) -> str | None:
    """``"long"`` or ``"nevergrad"`` from a CSV's header, else None."""
    header = {cell.strip().strip('"') for cell in _first_line(path).strip().split(",")}
    if set(NEVERGRAD_COLUMNS) <= header:
        return "nevergrad"
    if set(LONG_COLUMNS) <= header:
        return "long"
    return None


def _info_format(path: Path) -> str:
    """COCO or IOHprofiler from the first line of a ``.info`` file (the same layout; COCO names its
    version and its bbob suites)."""
    line = _first_line(path)
    suite = _INFO_SUITE.search(line)
    if suite is not None and suite.group(1) == "bbob-biobj":
        return "coco_biobj"
    if "coco_version" in line or (suite is not None and suite.group(1).startswith("bbob")):
        return "coco"
    return "iohprofiler"


def _file_format(path: Path) -> str | None:
    """The format of one file, or None for a file none of the readers starts from."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        return "iohprofiler" if '"scenarios"' in path.read_text(encoding="utf-8", errors="replace")[:4096] else None
    if suffix == ".info":
        return _info_format(path)
    if suffix == ".csv" and (kind := _csv_format(path)) is not None:
        return kind
    if suffix in (".txt", ".dat", ".csv") and _CEC_NAME.fullmatch(path.name):
        return "cec"
    return None


def _found(source: Path) -> dict[str, list[Path]]:
    """The files of each format under a folder: the platforms' meta-data anywhere below it (their
    readers search recursively), CEC and CSV files at its top (theirs do not)."""
    found: dict[str, list[Path]] = {}
    for path in sorted(source.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in (".json", ".info", ".csv", ".txt", ".dat"):
            continue
        kind = _file_format(path)
        top = path.parent == source
        if kind is not None and (top or kind in ("iohprofiler", "coco", "coco_biobj")):
            found.setdefault(kind, []).append(path)
    return found


def detect_format(source: str | Path) -> str:
    """The format of a folder or file of anytime logs (a key of :data:`ANYTIME_FORMATS`).

    Parameters
    ----------
    source : str or Path
        A folder or one file.

    Returns
    -------
    str
        ``"cec"``, ``"iohprofiler"``, ``"coco"``, ``"coco_biobj"``, ``"nevergrad"`` or ``"long"``.

    Raises
    ------
    ValueError
        No such path, nothing of a known format, or files of several formats (the message names
        what was found and the ``format=`` that picks one).

    See Also
    --------
    read_anytime : reads it.

    Notes
    -----
    A ``.json`` file with ``"scenarios"`` is IOHexperimenter meta-data; a ``.info`` file is COCO's
    when its first line names a ``coco_version`` or a ``bbob`` suite (``bbob-biobj``: the
    bi-objective logger), IOHprofiler's otherwise; a CSV whose header has ``optimizer_name``,
    ``loss`` and ``budget`` is Nevergrad's, one with ``algorithm, instance, run, evaluations,
    value`` the long format; a ``.txt``/``.dat``/``.csv`` file named like ``jSO_F12_D30.txt`` a
    CEC competition file. Meta-data are searched for in sub-folders, CEC and CSV files only at the
    folder's top, as the readers do.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977

    Examples
    --------
    >>> import tempfile, pathlib, numpy as np
    >>> from algocompare.anytime import detect_format
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> np.savetxt(folder / "jSO_F1_D10.txt", np.ones((14, 2)))
    >>> detect_format(folder)
    'cec'
    """
    path = Path(source)
    if not path.exists():
        raise ValueError(f"{path}: no such file or folder.")
    if path.is_file():
        kind = _file_format(path)
        if kind is None:
            raise ValueError(f"{path}: not a file of a known anytime format ({', '.join(ANYTIME_FORMATS.values())}); "
                             f"pass format= ({', '.join(map(repr, ANYTIME_FORMATS))}).")
        return kind
    found = _found(path)
    if not found:
        raise ValueError(f"{path}: no anytime logs found (looked for {', '.join(ANYTIME_FORMATS.values())}); "
                         f"pass format= ({', '.join(map(repr, ANYTIME_FORMATS))}) or the folder that holds them.")
    if len(found) > 1:
        seen = ", ".join(f"{ANYTIME_FORMATS[kind]} ({len(files)} file(s), e.g. {files[0].relative_to(path)})"
                         for kind, files in found.items())
        raise ValueError(f"{path}: found {seen}; pass format= ({' or '.join(map(repr, found))}) to read one.")
    return next(iter(found))


def _read_long(source: Path, direction: str) -> AnytimeResults:
    import pandas as pd

    files = [source] if source.is_file() else sorted(p for p in source.iterdir()
                                                      if p.suffix.lower() == ".csv" and _csv_format(p) == "long")
    if not files:
        raise ValueError(f"{source}: no CSV with the columns {', '.join(LONG_COLUMNS)}.")
    frames = []
    for path in files:
        frame = pd.read_csv(path)
        missing = [c for c in LONG_COLUMNS if c not in frame.columns]
        if missing:
            raise ValueError(f"{path}: no column(s) {missing}; the long format has {', '.join(LONG_COLUMNS)} "
                             "(and optionally budget).")
        frames.append(frame)
    return AnytimeResults.from_long(pd.concat(frames, ignore_index=True), direction=direction)


def _reader(kind: str) -> Callable[..., AnytimeResults]:
    """The reader of a platform format."""
    return {"iohprofiler": read_iohprofiler, "coco": read_coco, "coco_biobj": read_coco_biobj}[kind]


def read_anytime(source: str | Path, format: str = "auto", *, direction: str | None = None,
                 budget: float | None = None, competition: str | None = None,
                 progress: bool | None = None) -> AnytimeResults:
    """Read a folder or file of anytime logs, finding which platform or competition wrote it.

    Parameters
    ----------
    source : str or Path
        A folder (an ``exdata`` folder, an IOHexperimenter output folder, a folder of CEC files
        or of CSV files) or one file.
    format : {"auto", "cec", "iohprofiler", "coco", "coco_biobj", "nevergrad", "long"}
        ``"auto"`` (default) detects it (:func:`detect_format`); a name reads with that reader.
    direction : {"minimize", "maximize"}, optional
        Whether lower or higher values are better, for the long format, which does not say
        (default ``"minimize"``); the platforms' logs carry their own and refuse it.
    budget : float, optional
        For Nevergrad CSVs only, which hold one row per run stopped at its budget: the budget whose
        experiments to read (:func:`read_nevergrad`'s ``budget=``; needed when the file has several).
    competition : {"cec2017", "cec2020", "cec2022"}, optional
        For CEC files only: whose checkpoints label the rows (default ``"cec2017"``;
        :func:`read_cec`'s ``competition=``).
    progress : bool or None
        A progress bar over the files while reading (None: only on a terminal, after a second).

    Returns
    -------
    AnytimeResults

    Raises
    ------
    ValueError
        An unknown ``format``, a folder of no known format or of several (the message names what
        was found and the ``format=`` to pass), ``direction`` for a platform's logs, or what the
        format's reader refuses (a malformed or truncated file, named with its line).

    See Also
    --------
    detect_format : the format alone.
    read_cec, read_iohprofiler, read_coco : the readers it calls.
    AnytimeResults.from_long : the long format.

    Notes
    -----
    The CEC files are read with the CEC 2017 checkpoints unless ``competition=`` names another;
    call :func:`read_cec` for checkpoints of your own.

    References
    ----------
    .. [1] de Nobel, J., Ye, F., Vermetten, D., Wang, H., Doerr, C., Bäck, T. (2024).
       IOHexperimenter: benchmarking platform for iterative optimization heuristics.
       *Evolutionary Computation* 32(3), 205–210. doi:10.1162/evco_a_00342

    Examples
    --------
    >>> import tempfile, pathlib, pandas as pd
    >>> from algocompare.anytime import read_anytime
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> long = pd.DataFrame({"algorithm": ["A", "A", "B"], "instance": "f1", "run": 1,
    ...                      "evaluations": [1, 10, 5], "value": [3.0, 1.0, 2.0]})
    >>> long.to_csv(folder / "runs.csv", index=False)
    >>> read_anytime(folder)
    <AnytimeResults: 2 algorithms, 1 instances, 2 runs, 3 records, minimize>
    """
    if format != "auto" and format not in ANYTIME_FORMATS:
        raise ValueError(f"unknown format {format!r}; choose 'auto' or one of {', '.join(map(repr, ANYTIME_FORMATS))}.")
    if direction is not None and direction not in ("minimize", "maximize"):
        raise ValueError(f"direction must be 'minimize' or 'maximize', got {direction!r}.")
    path = Path(source)
    if not path.exists():
        raise ValueError(f"{path}: no such file or folder.")
    kind = detect_format(path) if format == "auto" else format
    if direction is not None and kind != "long":
        raise ValueError(f"{ANYTIME_FORMATS[kind]} say whether they minimize or maximize; leave direction= out "
                         "(it is for the long format).")
    if competition is not None and kind != "cec":
        raise ValueError(f"competition= is for CEC competition files; {ANYTIME_FORMATS[kind]} say their own "
                         "evaluations: leave it out.")
    if budget is not None and kind != "nevergrad":
        raise ValueError(f"budget= is for Nevergrad CSVs (one budget at a time); {ANYTIME_FORMATS[kind]} keep every "
                         "run's whole history: leave it out.")
    if kind == "long":
        return _read_long(path, direction or "minimize")
    if kind == "cec":
        return read_cec(path, competition=competition or "cec2017", progress=progress)
    if kind == "nevergrad":
        return read_nevergrad(path, budget=budget, progress=progress)
    return _reader(kind)(path, progress=progress)
