"""Slow tests (``@pytest.mark.slow``: Monte Carlo calibration on large grids) are deselected
unless ``--run-slow`` is given or the ``-m`` expression names ``slow``, so that the README's
``python3 -m pytest`` (and CI) stays fast.

The tests of the deprecation aliases use the fixture ``deprecations_warn``: the old
spellings warn only with ``ALGOCOMPARE_DEPRECATIONS=warn`` in 0.2 (algocompare._deprecation).
"""

import pytest


@pytest.fixture
def deprecations_warn(monkeypatch):
    """Old spellings emit their DeprecationWarning (ALGOCOMPARE_DEPRECATIONS=warn)."""
    monkeypatch.setenv("ALGOCOMPARE_DEPRECATIONS", "warn")


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False,
                     help="also run the tests marked slow (deselected by default)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow") or "slow" in (config.getoption("-m") or ""):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]
