"""COCO experiment data of the bbob-biobj logger: the hypervolume indicator against evaluations.

An ``.info`` file starts with a header (``suite = 'bbob-biobj', algorithm = 'RS', indicator =
'hyp', folder = '...', ...``), a ``%`` line, and then one line per function and dimension:
``function = 1, dim = 2, bbob-biobj_f01_d02_hyp.dat, 1:200|3.1e-02, 2:200|3.5e-02, ...`` — the
``.dat`` file (in ``folder``) and, per trial, the problem instance, the evaluations used and the
final indicator value. The ``.dat`` file holds the trials one after the other, each after ``%``
comment lines ending with ``% function evaluation | indicator value | target hit``, one record per
line: the evaluations and the indicator value of the archive of non-dominated solutions so far.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from algocompare._batching import batches
from algocompare.anytime._iohprofiler import _INFO_PAIR, _meta_files
from algocompare.anytime._model import AnytimeResults, _is_float

__all__ = ["read_coco_biobj"]

_DATA_LINE = re.compile(r"function\s*=\s*(\d+)\s*,\s*dim\s*=\s*(\d+)\s*,\s*([^,]+?)\s*,(.*)")
_TRIAL = re.compile(r"(\d+):(\d+)\|(\S+)")
_RECORD_HEADER = "% function evaluation"


def _info_entries(path: Path) -> Iterator[dict[str, Any]]:
    """One dict per data line of a bbob-biobj .info file: algorithm, function, dimension, .dat, trials."""
    header: dict[str, str] | None = None
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            text = line.strip()
            if not text or text.startswith("%"):
                continue
            if text.startswith("suite"):
                header = {k: v.strip().strip("'") for k, v in _INFO_PAIR.findall(text)}
                if not header.get("suite", "").startswith("bbob-biobj") or "algorithm" not in header:
                    raise ValueError(f"{path}, line {number}: not a bbob-biobj header (suite = "
                                     f"{header.get('suite')!r}); read bbob data with read_coco.")
                continue
            match = _DATA_LINE.fullmatch(text)
            if header is None or match is None or not line.endswith("\n") and not _complete(match[4]):
                raise ValueError(f"{path}, line {number}: expected \"function = <id>, dim = <d>, <file>.dat, "
                                 f"<instance>:<evaluations>|<indicator>, ...\" after a header, got {text[:60]!r}; "
                                 "the file is truncated or malformed.")
            trials = []
            for entry in (e.strip() for e in match[4].split(",")):
                trial = _TRIAL.fullmatch(entry)
                if trial is None or not _is_float(trial[3]):
                    raise ValueError(f"{path}, line {number}: {entry!r} is not a trial "
                                     "'instance:evaluations|indicator'; the file is truncated or malformed.")
                trials.append((int(trial[1]), int(trial[2])))
            folder = path.parent / header.get("folder", "")
            dat = folder / match[3] if (folder / match[3]).is_file() else path.parent / match[3]
            yield {"algorithm": header["algorithm"], "function": int(match[1]), "dimension": int(match[2]),
                   "dat": dat, "trials": trials, "info": path, "line": number}


def _complete(trials: str) -> bool:
    """Whether the last trial of a line without a line end is whole (a cut line ends mid-number)."""
    last = trials.rsplit(",", 1)[-1].strip()
    return _TRIAL.fullmatch(last) is not None and re.fullmatch(r".*e[+-]\d\d", last) is not None


def _dat_trials(path: Path) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """Each trial of a bbob-biobj .dat file: (evaluations, indicator values, line of its header)."""
    if not path.is_file():
        raise ValueError(f"{path}: the .dat file the .info file names is missing.")
    trials: list[tuple[np.ndarray, np.ndarray, int]] = []
    evaluations: list[float] = []
    values: list[float] = []
    start = 0

    def close() -> None:
        if start:
            if not evaluations:
                raise ValueError(f"{path}, line {start}: a trial with no record.")
            trials.append((np.array(evaluations), np.array(values), start))

    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.startswith("%"):
                if line.startswith(_RECORD_HEADER):
                    close()
                    evaluations, values, start = [], [], number
                continue
            fields = line.split()
            if not fields:
                continue
            if not start:
                raise ValueError(f"{path}, line {number}: a record before any '{_RECORD_HEADER} | ...' line.")
            try:
                e, y = float(fields[0]), float(fields[1])
            except (IndexError, ValueError):
                raise ValueError(f"{path}, line {number}: expected 'evaluations indicator ...' numbers, got "
                                 f"{line.strip()[:60]!r}; the file is truncated or malformed.") from None
            if not line.endswith("\n"):  # the logger ends every line: this one was cut short
                raise ValueError(f"{path}, line {number}: the last line has no line end ({line.strip()[:60]!r}); "
                                 "the file is truncated.")
            if evaluations and not e > evaluations[-1]:
                raise ValueError(f"{path}, line {number}: evaluations {e:g} after {evaluations[-1]:g}; a trial's "
                                 "records must come in strictly increasing evaluations.")
            if np.isnan(y):
                raise ValueError(f"{path}, line {number}: a missing indicator value (nan).")
            evaluations.append(e)
            values.append(y)
    close()
    return trials


def read_coco_biobj(source: str | Path | Sequence[str | Path], *, progress: bool | None = None) -> AnytimeResults:
    """Read COCO experiment data of the bbob-biobj logger (``exdata``) into anytime results.

    Every ``.info`` file under the folder(s) is read (suites ``bbob-biobj`` and
    ``bbob-biobj-ext``) with the ``.dat`` files it names (the
    records cocopp uses for runtimes). The value is the hypervolume indicator of the archive of
    non-dominated solutions found so far: the reference set's hypervolume minus the archive's
    (normalized objective space), **minimized**, negative when the archive beats the reference
    set, and, before any solution dominates the reference point, the distance to the region of
    interest added to 1 — as COCO logs it. The instance is ``"F<function id>_D<dimension>"``; the
    trials (one per problem instance) are runs numbered 1, 2, ... in the ``.info`` order, each with
    the budget the ``.info`` file gives it.

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
        A missing or malformed file, a truncated line, a non-number, a ``.dat`` file whose trials
        are not as many as its ``.info`` line lists, a trial whose records exceed its budget, or a
        bbob (single-objective) ``.info`` file; the message names the file and line.

    See Also
    --------
    read_coco : the bbob (single-objective) logger.
    ert : expected running times, as cocopp computes them.

    Notes
    -----
    cocopp's bbob-biobj targets for aggregated runtime ECDFs are 10^0, 10^-0.1, ..., 10^-5, 0 and
    the negative -10^-5, -10^-4.8, ..., -10^-4 (``testbedsettings.GECCOBiObjBBOBTestbed``). cocopp
    keeps only instances 1-10 of the 2016 bbob-biobj testbed (``instancesOfInterest``); this reader
    keeps every trial. The ``.tdat`` (budget-triggered), ``.mdat`` and archive (``.adat``) files are
    not read. Files are parsed line by line.

    References
    ----------
    .. [1] Brockhoff, D., Auger, A., Hansen, N., Tušar, T. (2022). Using well-understood
       single-objective functions in multiobjective black-box optimization test suites.
       *Evolutionary Computation* 30(2), 165–193. doi:10.1162/evco_a_00298
    .. [2] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from algocompare.anytime import read_coco_biobj
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> header = "% function evaluation | indicator value | target hit\\n"
    >>> _ = (folder / "f1.dat").write_text("%\\n% instance = 1\\n" + header + "1 2.1e+00 2.2e+00\\n"
    ...                                    "9 1.6e-01 1.6e-01\\n20 3.1e-02 3.2e-02\\n")
    >>> _ = (folder / "f1_hyp.info").write_text("suite = 'bbob-biobj', algorithm = 'RS', indicator = 'hyp'\\n%\\n"
    ...                                         "function = 1, dim = 2, f1.dat, 1:20|3.1e-02\\n")
    >>> read_coco_biobj(folder).at_target(0.1).evaluations
    array([20.])
    """
    files = _meta_files(source, (".info",))
    runs: list[tuple] = []
    numbers: dict[tuple, int] = {}
    for file in batches(len(files), 1, progress=progress, desc="reading COCO bbob-biobj data", unit="file"):
        path = files[file.start]
        for entry in _info_entries(path):
            runs += _entry_runs(entry, numbers)
    if not runs:
        raise ValueError(f"{source}: the .info files list no trial.")
    return AnytimeResults.from_runs(runs, "minimize")


def _entry_runs(entry: dict[str, Any], numbers: dict[tuple, int]) -> list[tuple]:
    trials = _dat_trials(entry["dat"])
    where = f"{entry['info']}, line {entry['line']}"
    if len(trials) != len(entry["trials"]):
        raise ValueError(f"{entry['dat']}: {len(trials)} trials, but {where} lists {len(entry['trials'])}; one "
                         "of them is truncated.")
    instance = f"F{entry['function']}_D{entry['dimension']}"
    key = (entry["algorithm"], instance)
    out = []
    for (evaluations, values, line), (_, budget) in zip(trials, entry["trials"], strict=True):
        if budget < evaluations[-1]:
            raise ValueError(f"{entry['dat']}, line {line}: the trial's last record is at {evaluations[-1]:g} "
                             f"evaluations, but {where} says it used {budget}.")
        numbers[key] = numbers.get(key, 0) + 1
        out.append((entry["algorithm"], instance, numbers[key], evaluations, values, budget))
    return out
