"""Picklable test algorithms for the experiment runner (importable by worker processes)."""

import os

import numpy as np


def fast(instance, rng):
    return float(rng.normal(10.0 + instance, 1.0))


def slow(instance, rng):
    return float(rng.normal(11.0 + instance, 2.5))


def third(instance, rng):
    return float(rng.normal(10.5 + instance, 1.5))


class Crashing:
    """Behaves as ``slow`` but raises once a marker file exists and ``limit`` runs were made here."""

    def __init__(self, counter_path, limit):
        self.counter_path, self.limit = counter_path, limit

    def __call__(self, instance, rng):
        with open(self.counter_path, "a") as fh:
            fh.write("x")
        if os.path.getsize(self.counter_path) > self.limit:
            raise RuntimeError("simulated crash")
        return slow(instance, rng)


class Flaky:
    """Fails the first time it sees each run (a marker file per seed), then works."""

    def __init__(self, folder):
        self.folder = folder

    def __call__(self, instance, rng):
        value = slow(instance, rng)
        marker = os.path.join(self.folder, f"{value!r}")
        if not os.path.exists(marker):
            open(marker, "w").close()
            raise RuntimeError("transient failure")
        return value


def always_fails(instance, rng):
    raise ValueError("broken algorithm")


__all__ = ["fast", "slow", "third", "Crashing", "Flaky", "always_fails", "np"]
