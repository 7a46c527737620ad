"""Slow tests (``@pytest.mark.slow``: Monte Carlo calibration on large grids) are deselected
unless ``--run-slow`` is given or the ``-m`` expression names ``slow``, so that the README's
``python3 -m pytest`` (and CI) stays fast.
"""


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
