"""One run of one algorithm on one instance, as a worker executes it.

A run receives the generator of its seed (:func:`~algocompare.experiment._seeds.run_seed`;
a command-line program the 32-bit integer drawn from it). The default worker pool preloads
this module, which imports no more than a run needs.
"""

from __future__ import annotations

import shlex
import subprocess
from typing import Any

import numpy as np

from algocompare.experiment._seeds import integer_seed, run_seed
from algocompare.experiment._workers import command_preexec

__all__ = ["execute_run", "as_value"]


def execute_run(algorithm: Any, name: Any, instance: Any, entropy: int, key: tuple[int, int, int],
                attempt: int = 0) -> float:
    """Run one algorithm once with the generator of ``key`` = (instance, algorithm, run) and attempt.

    A callable is called as ``algorithm(instance, rng)``; a string is a command-line template
    (fields ``{instance}``, ``{seed}``, ``{run}``, ``{algorithm}``) run as a subprocess whose
    last non-empty output line is the value.
    """
    seq = run_seed(entropy, *key, attempt=attempt)
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


def as_value(result: Any, name: Any, instance: Any) -> float:
    """The run's result as a finite float; a one-line error naming the algorithm and instance otherwise."""
    try:
        value = float(result)
    except (TypeError, ValueError):
        raise TypeError(f"algorithm {name!r} returned {result!r} on instance {instance!r}; "
                        "it must return one number.") from None
    if not np.isfinite(value):
        raise ValueError(f"algorithm {name!r} returned {value} on instance {instance!r}; values must be finite.")
    return value
