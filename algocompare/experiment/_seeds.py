"""The seeding rule of a study: every random stream is a child of one entropy, keyed by what it is for.

One integer ``entropy`` (from the user's ``rng``, or the results file of a resumed study) is
the root of every random number a study uses. Each stream is
``numpy.random.SeedSequence(entropy, spawn_key=key)`` with a key that names its purpose:

===========================================  ==============================================
stream                                       spawn key
===========================================  ==============================================
run r of algorithm k on instance i           ``(i, k, r)``
the same run's retry after a failure         ``(i, k, r, attempt)``, attempt = 1, 2, ...
bootstrap of the standard errors on i        ``(i, K)``, K = the number of algorithms
the order in which instances are chosen      ``(2**32 - 1,)``
===========================================  ==============================================

Indices are positions in the order the user gave (instances, algorithms) and runs count from
0. The keys differ in length or value, so no two streams coincide, and each depends only on
what it is for: the data of a study do not depend on the execution order, the number of
workers or the executor, and a resumed study draws exactly the seeds of the interrupted one.
:func:`~algocompare.experiment.run_experiment` and
:func:`~algocompare.experiment.calc_nreps` (which is instance 0 of a one-instance study) use
these functions and nothing else. A command-line algorithm receives the 32-bit integer
:func:`integer_seed` draws from its run's sequence; the results file records it.

References
----------
.. [1] NumPy, "Parallel random number generation: SeedSequence spawning",
   https://numpy.org/doc/stable/reference/random/parallel.html
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["seed_entropy", "run_seed", "bootstrap_seed", "instance_order_seed", "integer_seed"]

#: Spawn key of the instance-order stream: longer or larger than any run key.
ORDER_KEY = 2**32 - 1


def seed_entropy(rng: Any) -> int:
    """The study's entropy from ``rng``: None (fresh), an int seed >= 0, a SeedSequence or a Generator.

    Examples
    --------
    >>> seed_entropy(42), seed_entropy(np.random.SeedSequence(7))
    (42, 7)
    """
    if isinstance(rng, np.random.SeedSequence):
        return _one_integer(rng.entropy)
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        if rng < 0:
            raise ValueError(f"rng seed must be >= 0, got {rng}.")
        return int(rng)
    if rng is None:
        return _one_integer(np.random.SeedSequence().entropy)
    if isinstance(rng, np.random.Generator):
        return int(rng.integers(0, 2**63))
    raise TypeError(f"rng must be None, an int seed or a numpy Generator, got {type(rng).__name__}.")


def _one_integer(entropy: Any) -> int:
    if not isinstance(entropy, (int, np.integer)):
        raise TypeError("rng: a SeedSequence whose entropy is one integer is needed (the results file records "
                        f"it), got entropy {entropy!r}.")
    return int(entropy)


def run_seed(entropy: int, instance: int, algorithm: int, run: int, attempt: int = 0) -> np.random.SeedSequence:
    """The seed sequence of run ``run`` of algorithm ``algorithm`` on instance ``instance`` (indices).

    Attempt 0 is the run itself; a retry after a failure (attempt 1, 2, ...) draws a fresh
    stream, so a run that failed because of its seed is not repeated identically.

    Examples
    --------
    >>> run_seed(42, 3, 1, 0).spawn_key, run_seed(42, 3, 1, 0, attempt=2).spawn_key
    ((3, 1, 0), (3, 1, 0, 2))
    """
    key = (instance, algorithm, run)
    return np.random.SeedSequence(entropy, spawn_key=key if attempt == 0 else (*key, attempt))


def bootstrap_seed(entropy: int, instance: int, n_algorithms: int) -> np.random.SeedSequence:
    """The seed of the bootstrap standard errors (``method="boot"``) on one instance."""
    return np.random.SeedSequence(entropy, spawn_key=(instance, n_algorithms))


def instance_order_seed(entropy: int) -> np.random.SeedSequence:
    """The seed of the random order in which a study takes its instances."""
    return np.random.SeedSequence(entropy, spawn_key=(ORDER_KEY,))


def integer_seed(seq: np.random.SeedSequence) -> int:
    """The 32-bit integer a command-line algorithm receives (``{seed}``) and the results file records.

    Examples
    --------
    >>> 0 <= integer_seed(run_seed(42, 0, 0, 0)) < 2**32
    True
    """
    return int(seq.generate_state(1, np.uint32)[0])
