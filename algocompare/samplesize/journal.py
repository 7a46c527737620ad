"""Opening the journal of a study: its seed, the runs already recorded, the log to append to.

A new study writes its fingerprint (:mod:`~algocompare.samplesize.fingerprint`) and then
every attempted run to ``results_file`` (:mod:`~algocompare.samplesize.results_file`). A
resumed study reuses the recorded successful runs only when its fingerprint is the recorded
one, and otherwise says what differs, before anything is run or written.
"""

from __future__ import annotations

import os
from typing import Any

from algocompare import __version__
from algocompare.samplesize import fingerprint
from algocompare.samplesize.repetitions import seed_entropy
from algocompare.samplesize.results_file import RunLog, read_recorded

__all__ = ["open_journal"]

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


def open_journal(results_file: str | os.PathLike | None, resume: str | os.PathLike | None, rng: Any, names: list,
                 algs: list, versions: Any, labels: list, items: list,
                 design: dict) -> tuple[int, dict[Key, float], RunLog]:
    """Seed, recorded runs and the log; refuses to resume another study or to overwrite a file.

    With ``resume`` and ``rng=None`` the recorded seed is used.
    """
    recorded = None
    if resume is not None:
        recorded = read_recorded(resume)
        if recorded.fingerprint is not None and rng is None:
            entropy = int(recorded.fingerprint["seed"])
        else:
            entropy = seed_entropy(rng)
    else:
        entropy = seed_entropy(rng)
    current = study_fingerprint(entropy, names, algs, versions, labels, items, design)
    if recorded is not None and recorded.fingerprint is not None:
        differ = fingerprint.differences(recorded.fingerprint, current)
        if differ:
            raise ValueError(f"cannot resume from {str(resume)!r}: it records another study. "
                             + "; ".join(differ) + ". Resume with the recorded settings, or start a new "
                             "results_file (nothing was run or written).")
    target = resume if results_file is None else results_file
    log = RunLog(target, current, resumed=recorded, resumed_path=resume)
    return entropy, ({} if recorded is None else cached_runs(recorded.rows)), log
