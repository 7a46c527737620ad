"""Settings for the docstring examples, which pytest runs with the tests (pyproject.toml).

Examples draw figures with the non-interactive Agg backend, close them afterwards, and run in
a temporary working directory so that an example that writes a file leaves the sources clean.
"""

import os
import sys

import pytest

# Set before anything imports matplotlib; an environment variable rather than
# matplotlib.use() so that this file does not import matplotlib itself.
os.environ.setdefault("MPLBACKEND", "Agg")

# Importing algocompare/__main__.py runs the command line, so it is not collected; the two
# deprecated module paths of 0.1 hand over algocompare.effects' modules, collected there.
collect_ignore = ["algocompare/__main__.py", "algocompare/samplesize/effect_size.py",
                  "algocompare/samplesize/power.py"]
# The scripts that made reference values run by hand with the peers' own packages (baycomp,
# PyStan), which the tests never import: not collected (their doctests would import them).
collect_ignore_glob = ["tests/reference/*.py"]


@pytest.fixture(autouse=True)
def _doctest_sandbox(request):
    """Run each docstring example in an empty temporary directory and close its figures."""
    if not isinstance(request.node, pytest.DoctestItem):
        yield
        return
    request.getfixturevalue("monkeypatch").chdir(request.getfixturevalue("tmp_path"))
    yield
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")
