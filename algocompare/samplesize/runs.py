"""One run of one algorithm on one instance, as a worker executes it.

Run r of algorithm k on instance i receives the generator ``SeedSequence(entropy,
spawn_key=(i, k, r))`` (a command-line program the 32-bit seed drawn from it); a retry after
a failure draws the fresh ``SeedSequence(entropy, spawn_key=(i, k, r, attempt))``. The
default worker pool preloads this module, which imports no more than a run needs.
"""

from __future__ import annotations

import shlex
import subprocess
from typing import Any

import numpy as np

from algocompare.samplesize.repetitions import as_value, integer_seed
from algocompare.samplesize.workers import command_preexec

__all__ = ["attempt_seed", "execute_run"]


def attempt_seed(entropy: int, key: tuple[int, int, int], attempt: int) -> np.random.SeedSequence:
    """Attempt 0 of run ``key`` = (instance, algorithm, run) uses the run's seed; retries fresh ones."""
    return np.random.SeedSequence(entropy, spawn_key=key if attempt == 0 else (*key, attempt))


def execute_run(algorithm: Any, name: Any, instance: Any, entropy: int, key: tuple[int, int, int],
                attempt: int = 0) -> float:
    """Run one algorithm once with the generator of ``key`` = (instance, algorithm, run) and attempt.

    A callable is called as ``algorithm(instance, rng)``; a string is a command-line template
    (fields ``{instance}``, ``{seed}``, ``{run}``, ``{algorithm}``) run as a subprocess whose
    last non-empty output line is the value.
    """
    seq = attempt_seed(entropy, key, attempt)
    if isinstance(algorithm, str):
        return _run_command(algorithm.format(instance=instance, seed=integer_seed(seq), run=key[2], algorithm=name),
                            name, instance)
    return as_value(algorithm(instance, np.random.default_rng(seq)), name, instance)


def _run_command(command: str, name: Any, instance: Any) -> float:
    done = subprocess.run(shlex.split(command), capture_output=True, text=True, check=False,
                          preexec_fn=command_preexec())
    if done.returncode != 0:
        raise RuntimeError(f"command {command!r} exited with code {done.returncode}: {done.stderr.strip()[-500:]}")
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if not lines:
        raise RuntimeError(f"command {command!r} printed nothing; its last output line must be the value.")
    return as_value(lines[-1].strip(), name, instance)
