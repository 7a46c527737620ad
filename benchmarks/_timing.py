"""Timing helper shared by the benchmark scripts."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(func: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of ``repeat`` wall-clock timings of ``func()`` (seconds): the least noisy
    estimate on a shared machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)
