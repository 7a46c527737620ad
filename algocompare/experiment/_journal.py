"""Opening the journal of a study: its seed, the runs already recorded, the log to append to.

A new study writes its fingerprint (:mod:`~algocompare.experiment._fingerprint`) and then
every attempted run to ``results_file`` (:mod:`~algocompare.experiment._results_file`). A
resumed study reuses the recorded successful runs only when its fingerprint is the recorded
one, and otherwise says what differs, before anything is run or written.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from algocompare import __version__
from algocompare.experiment import _fingerprint as fingerprint
from algocompare.experiment._results_file import _MARK, RunLog, journal_of, read_recorded
from algocompare.experiment._seeds import seed_entropy

__all__ = ["open_journal"]

#: What the code hash cannot see, said wherever a user decides whether to trust a resume.
UNSEEN = ("The fingerprint sees each algorithm's code, defaults, closure, partial arguments, object state and "
          "the settings it reads from its module or yours (numbers, strings, dicts, lists, arrays), not code in "
          "other modules it calls: for such an algorithm give versions={name: version} and change the version "
          "whenever that code changes.")

Key = tuple[int, int, int]  # (instance index, algorithm index, run)


def cached_runs(rows: list[list[str]]) -> dict[Key, float]:
    """Values of the recorded successful runs by (instance, algorithm, run) index."""
    cache: dict[Key, float] = {}
    for row in rows:
        if row[4] == "ok":
            cache.setdefault((int(row[7]), int(row[8]), int(row[2])), float(row[5]))
    return cache


def study_fingerprint(entropy: int, names: list, algs: list, versions: Any, labels: list, items: list,
                      design: dict) -> dict:
    """The fingerprint of the study about to run (``versions`` checked against the algorithm names)."""
    if versions is None:
        versions = {}
    if not isinstance(versions, dict):
        raise TypeError(f"versions must be a dict {{algorithm name: version}}, got {type(versions).__name__}.")
    unknown = [name for name in versions if name not in names]
    if unknown:
        raise ValueError(f"versions names unknown algorithm(s) {unknown}; the algorithms are {names}.")
    return fingerprint.make(entropy=entropy, names=names, algorithms=algs, versions=versions, labels=labels,
                            items=items, design=design, package=__version__)


def _no_study(path: Path) -> str:
    """Why a file to resume records no study (empty, or its fingerprint line cut), and what to do.

    Starting over would draw a new seed and silently make another study than the one the
    user meant to continue, so this is refused.
    """
    journal = journal_of(path)
    data = journal.read_bytes() if journal.exists() else b""
    if not data:
        return (f"cannot resume from {str(journal)!r}: the file is empty, so it records no study (nothing was run or "
                f"written); to start the study, pass results_file={str(path)!r} instead of resume=.")
    if not (data.startswith(_MARK.encode()) or _MARK.encode().startswith(data)):
        return (f"cannot resume from {str(path)!r}: it is not a run_experiment results file (its first line is "
                "not a complete study fingerprint '# algocompare study {...}'); nothing was run or written.")
    return (f"cannot resume from {str(journal)!r}: its study fingerprint line is cut (the study was stopped while "
            "creating the file, before any run was recorded), so its seed is unknown; delete the file and start "
            f"the study again with results_file={str(path)!r} (nothing was run or written).")


def open_journal(results_file: str | os.PathLike | None, resume: str | os.PathLike | None, rng: Any, names: list,
                 algs: list, versions: Any, labels: list, items: list,
                 design: dict) -> tuple[int, dict[Key, float], RunLog]:
    """Seed, recorded runs and the log; refuses to resume another study or to overwrite a file.

    With ``resume`` and ``rng=None`` the recorded seed is used.
    """
    recorded = None
    if resume is not None:
        recorded = read_recorded(resume)
        if recorded.fingerprint is None:
            raise ValueError(_no_study(Path(resume)))
        entropy = int(recorded.fingerprint["seed"]) if rng is None else seed_entropy(rng)
    else:
        entropy = seed_entropy(rng)
    current = study_fingerprint(entropy, names, algs, versions, labels, items, design)
    if recorded is not None:
        differ = fingerprint.differences(recorded.fingerprint or {}, current)
        if differ:
            raise ValueError(f"cannot resume from {str(resume)!r}: it records another study. "
                             + "; ".join(differ) + ". Resume with the recorded settings, or start a new "
                             f"results_file (nothing was run or written). {UNSEEN}")
    target = resume if results_file is None else results_file
    log = RunLog(target, current, resumed=recorded, resumed_path=resume)
    return entropy, ({} if recorded is None else cached_runs(recorded.rows)), log
