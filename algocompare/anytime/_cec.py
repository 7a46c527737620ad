"""CEC competition files: one file per algorithm × function × dimension, checkpoints × runs.

The CEC single-objective bound-constrained competitions ask each entrant for one text file per
(function, dimension) — e.g. ``jSO_F12_D30.txt`` or ``jSO_12_30.txt`` — holding the error
f(x_best) − f(x*) of each run at fixed fractions of the evaluation budget (MaxFES): one row per
checkpoint, one column per run (whitespace or comma separated).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from algocompare._batching import batches
from algocompare.anytime._model import AnytimeResults, _check_records, _is_float

__all__ = ["read_cec", "CEC_COMPETITIONS", "cec_checkpoints"]

#: The default file name: algorithm, function and dimension, with or without the F/D letters.
CEC_PATTERN = r"(?P<algorithm>.+)_F?(?P<function>\d+)_D?(?P<dimension>\d+)\.(?:txt|dat|csv)"


def _fractions_2017(dimension: int) -> np.ndarray:
    return np.array([0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0])


def _fractions_2020(dimension: int) -> np.ndarray:
    return float(dimension) ** (np.arange(16) / 5.0 - 3.0)


#: The competitions' conventions: checkpoint fractions of MaxFES (a function of the dimension),
#: MaxFES by dimension, and the runs per function. From the competitions' technical reports:
#: CEC 2017 (Awad et al. 2016): 14 fractions, MaxFES = 10,000 × D, 51 runs; CEC 2020 (Yue et al.
#: 2019): D^(k/5 − 3) for k = 0..15, MaxFES 50,000 / 1,000,000 / 3,000,000 / 10,000,000 for
#: D = 5 / 10 / 15 / 20, 30 runs; CEC 2022 (Kumar et al. 2021): the 2020 fractions, MaxFES
#: 200,000 / 1,000,000 for D = 10 / 20, 30 runs.
CEC_COMPETITIONS: dict[str, dict[str, Any]] = {
    "cec2017": {"fractions": _fractions_2017, "max_evaluations": lambda d: 10_000 * d, "runs": 51},
    "cec2020": {"fractions": _fractions_2020, "max_evaluations": {5: 50_000, 10: 1_000_000, 15: 3_000_000,
                                                                  20: 10_000_000}, "runs": 30},
    "cec2022": {"fractions": _fractions_2020, "max_evaluations": {10: 200_000, 20: 1_000_000}, "runs": 30},
}


def cec_checkpoints(competition: str, dimension: int) -> np.ndarray:
    """The evaluations at which a CEC competition records the error, for one dimension.

    Parameters
    ----------
    competition : {"cec2017", "cec2020", "cec2022"}
        The competition.
    dimension : int
        The problem dimension D.

    Returns
    -------
    numpy.ndarray
        The checkpoints, fractions × MaxFES rounded to whole evaluations, increasing.

    See Also
    --------
    read_cec : reads the files these checkpoints label.

    Notes
    -----
    Rounded to the nearest evaluation, as the competitions' MATLAB recorders do
    (``round(power(D, (k/5-3)) * MaxFES)``); some re-implementations floor instead, which moves a
    few checkpoints by one evaluation.

    References
    ----------
    .. [1] Awad, N. H., Ali, M. Z., Liang, J. J., Qu, B. Y., Suganthan, P. N. (2016). Problem
       definitions and evaluation criteria for the CEC 2017 special session and competition on
       single objective real-parameter numerical optimization. Technical report, Nanyang
       Technological University. https://github.com/P-N-Suganthan/CEC2017-BoundContrained
    .. [2] Yue, C. T., Price, K. V., Suganthan, P. N., Liang, J. J., Ali, M. Z., Qu, B. Y., Awad,
       N. H., Biswas, P. P. (2019). Problem definitions and evaluation criteria for the CEC 2020
       special session and competition on single objective bound constrained numerical
       optimization. Technical report, Nanyang Technological University.
       https://github.com/P-N-Suganthan/2020-Bound-Constrained-Opt-Benchmark

    Examples
    --------
    >>> from algocompare.anytime import cec_checkpoints
    >>> cec_checkpoints("cec2017", 10)[:4]
    array([1000., 2000., 3000., 5000.])
    >>> cec_checkpoints("cec2020", 5)[[0, -1]]
    array([  400., 50000.])
    """
    conventions = _competition(competition)
    return np.round(conventions["fractions"](dimension) * _max_evaluations(conventions["max_evaluations"],
                                                                           dimension, competition))


def _competition(competition: str) -> dict[str, Any]:
    if competition not in CEC_COMPETITIONS:
        raise ValueError(f"unknown competition {competition!r}; choose one of {sorted(CEC_COMPETITIONS)} or give "
                         "checkpoints= (evaluations) yourself.")
    return CEC_COMPETITIONS[competition]


def _max_evaluations(rule: Any, dimension: int, competition: str) -> float:
    if callable(rule):
        return float(rule(dimension))
    if dimension not in rule:
        raise ValueError(f"{competition} has no budget for dimension {dimension} (it defines "
                         f"{sorted(rule)}); give checkpoints= yourself.")
    return float(rule[dimension])


def _parse_matrix(path: Path) -> np.ndarray:
    """The numbers of a whitespace- or comma-separated file; one-line errors naming file and line."""
    rows: list[list[float]] = []
    width = None
    with open(path, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, start=1):
            fields = line.replace(",", " ").split()
            if not fields:
                continue
            try:
                row = [float(x) for x in fields]
            except ValueError:
                bad = next(x for x in fields if not _is_float(x))
                raise ValueError(f"{path}, line {number}: {bad!r} is not a number; a CEC file holds only the "
                                 "errors (checkpoints × runs).") from None
            if width is None:
                width = len(row)
            elif len(row) != width:
                raise ValueError(f"{path}, line {number}: {len(row)} values where the lines above have {width}; "
                                 "the file is truncated or malformed.")
            if any(np.isnan(row)):
                raise ValueError(f"{path}, line {number}: a missing value (nan); every run needs an error at "
                                 "every checkpoint.")
            rows.append(row)
    if not rows:
        raise ValueError(f"{path}: the file holds no numbers.")
    return np.array(rows)


def read_cec(source: str | Path | Sequence[str | Path], *, competition: str | None = "cec2017",
             checkpoints: Sequence[float] | Callable[[int], Sequence[float]] | None = None,
             pattern: str = CEC_PATTERN, layout: str = "checkpoints_by_runs",
             progress: bool | None = None) -> AnytimeResults:
    """Read CEC competition files (one per algorithm × function × dimension) into anytime results.

    Each file holds the error of every run at the competition's checkpoints; the instance is
    ``"F<function>_D<dimension>"``, the runs are numbered 1, 2, ... in column order, each run's
    budget is the last checkpoint (MaxFES).

    Parameters
    ----------
    source : path or sequence of paths
        A folder (every file whose name matches ``pattern`` is read, in sorted order) or the files.
    competition : {"cec2017", "cec2020", "cec2022"} or None
        Whose checkpoints (fractions of MaxFES) and MaxFES (by dimension) to use
        (:func:`cec_checkpoints`). Ignored when ``checkpoints`` is given.
    checkpoints : sequence of float or callable, optional
        The evaluations of the rows, or a function of the dimension giving them (for other
        competitions or budgets).
    pattern : str
        A regular expression the whole file name must match, with the named groups
        ``algorithm``, ``function`` and ``dimension`` (default: ``jSO_F12_D30.txt`` or
        ``jSO_12_30.txt``).
    layout : {"checkpoints_by_runs", "runs_by_checkpoints"}
        One row per checkpoint (default, the competitions' format) or one row per run.
    progress : bool or None
        A progress bar over the files (None: only on a terminal, for reads longer than a second).

    Returns
    -------
    AnytimeResults
        Direction ``"minimize"`` (errors).

    Raises
    ------
    ValueError
        A folder with no matching file, a file name that does not match ``pattern``, a file whose
        rows are not as many as the checkpoints, a non-number, a short line or a missing value
        (the message names the file and the line), or an unknown competition or dimension.

    See Also
    --------
    AnytimeResults : what it returns.
    cec_checkpoints : the competitions' checkpoints.

    Notes
    -----
    Files are parsed line by line (they hold a few dozen lines each); the records of all files go
    into one flat array, checked once per file (1,200 files of 14 × 51, 15 MB: about 1 s).

    References
    ----------
    .. [1] Awad, N. H., Ali, M. Z., Liang, J. J., Qu, B. Y., Suganthan, P. N. (2016). Problem
       definitions and evaluation criteria for the CEC 2017 special session and competition on
       single objective real-parameter numerical optimization. Technical report, Nanyang
       Technological University. https://github.com/P-N-Suganthan/CEC2017-BoundContrained

    Examples
    --------
    >>> import tempfile, pathlib, numpy as np
    >>> from algocompare.anytime import read_cec
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> errors = np.linspace(100, 1, 14)[:, None] * [1.0, 2.0]        # 14 checkpoints × 2 runs
    >>> np.savetxt(folder / "jSO_F1_D10.txt", errors)
    >>> np.savetxt(folder / "LSHADE_F1_D10.txt", errors * 0.5)
    >>> runs = read_cec(folder)
    >>> runs
    <AnytimeResults: 2 algorithms, 1 instances, 4 runs, 56 records, minimize>
    >>> runs.at_budget(100_000).blocks()
    algorithm  LSHADE  jSO
    instance
    F1_D10       0.75  1.5
    """
    if layout not in ("checkpoints_by_runs", "runs_by_checkpoints"):
        raise ValueError(f"layout must be 'checkpoints_by_runs' or 'runs_by_checkpoints', got {layout!r}.")
    regex = re.compile(pattern)
    missing_groups = {"algorithm", "function", "dimension"} - set(regex.groupindex)
    if missing_groups:
        raise ValueError(f"pattern lacks the named group(s) {sorted(missing_groups)}; name them (?P<algorithm>...), "
                         "(?P<function>...), (?P<dimension>...).")
    files = _files(source, regex)
    labels: list[tuple] = []          # (algorithm, instance, run, budget) of each run
    evaluations, values, lengths = [], [], []
    for file in batches(len(files), 1, progress=progress, desc="reading CEC files", unit="file"):
        path = files[file.start]
        algorithm, instance, rows, matrix = _file_runs(path, regex, competition, checkpoints, layout)
        runs = matrix.shape[1]
        labels += [(algorithm, instance, run + 1, rows[-1]) for run in range(runs)]
        evaluations.append(np.tile(rows, runs))
        values.append(matrix.T.ravel())          # run after run
        lengths += [rows.size] * runs
    # one flat array of all records (per-run tuples cost ~50 µs a run to check, 61,200 runs: 3 s)
    return AnytimeResults._from_arrays([r[0] for r in labels], [r[1] for r in labels], [r[2] for r in labels],
                                       np.concatenate([[0], np.cumsum(lengths, dtype=np.int64)]),
                                       np.concatenate(evaluations), np.concatenate(values),
                                       np.array([r[3] for r in labels], dtype=float), "minimize")


def _files(source: Any, regex: re.Pattern) -> list[Path]:
    if isinstance(source, (str, Path)) and Path(source).is_dir():
        files = sorted(p for p in Path(source).iterdir() if p.is_file() and regex.fullmatch(p.name))
        if not files:
            raise ValueError(f"{source}: no file name matches the pattern {regex.pattern!r}; give pattern= for "
                             "your file names.")
        return files
    files = [Path(source)] if isinstance(source, (str, Path)) else [Path(p) for p in source]
    for path in files:
        if not path.is_file():
            raise ValueError(f"{path}: no such file or folder.")
        if not regex.fullmatch(path.name):
            raise ValueError(f"{path}: the name does not match the pattern {regex.pattern!r} (algorithm, function, "
                             "dimension); give pattern= for your file names.")
    return files


def _file_runs(path: Path, regex: re.Pattern, competition: str | None, checkpoints: Any,
               layout: str) -> tuple[str, str, np.ndarray, np.ndarray]:
    """The algorithm, the instance, the checkpoints and the (checkpoints × runs) errors of one file."""
    match = regex.fullmatch(path.name)
    assert match is not None  # _files checked it
    algorithm, function, dimension = match["algorithm"], int(match["function"]), int(match["dimension"])
    if checkpoints is None:
        if competition is None:
            raise ValueError("give competition= (e.g. 'cec2017') or checkpoints= (the rows' evaluations).")
        evaluations = cec_checkpoints(competition, dimension)
    else:
        evaluations = np.asarray(checkpoints(dimension) if callable(checkpoints) else checkpoints, dtype=float)
    matrix = _parse_matrix(path)
    if layout == "runs_by_checkpoints":
        matrix = matrix.T
    if matrix.shape[0] != evaluations.size:
        along = "rows" if layout == "checkpoints_by_runs" else "columns"
        raise ValueError(f"{path}: {matrix.shape[0]} {along} of errors for {evaluations.size} checkpoints; the file "
                         "is truncated, or give the right competition=, checkpoints= or layout=.")
    instance = f"F{function}_D{dimension}"
    # every run has the same checkpoints: checked once (positive, strictly increasing), as from_runs would
    _check_records(evaluations, matrix[:, 0], f"run 1 of algorithm {algorithm!r} on instance {instance!r}")
    return algorithm, instance, evaluations, matrix
