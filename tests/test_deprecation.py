"""Deprecations that speak (algocompare._deprecation): an old spelling warns by default, with
the release that removes it, at the user's line, so that Python's default filters show it."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import algocompare as ac
from algocompare._deprecation import REMOVED_IN

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = """\
import algocompare as ac

ac.adjust_pvalues([0.01, 0.04, 0.03], method="hommel")
"""


def _run_script(tmp_path: Path, *options: str, code: str = SCRIPT) -> subprocess.CompletedProcess:
    """Run ``code`` as a user would (python script.py), with Python's default warning filters."""
    script = tmp_path / "script.py"
    script.write_text(code)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONWARNINGS", "PYTHONDEVMODE")}
    return subprocess.run([sys.executable, *options, str(script)], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)


def test_an_old_spelling_is_shown_in_a_script_at_the_users_line(tmp_path: Path) -> None:
    out = _run_script(tmp_path)
    assert out.returncode == 0, out.stderr
    assert f"script.py:3: DeprecationWarning: adjust_pvalues(): the parameter method= is deprecated and will be " \
           f"removed in algocompare {REMOVED_IN}; use p_adjust=." in out.stderr, out.stderr


def test_an_old_name_imported_from_its_former_package_is_shown_at_the_import(tmp_path: Path) -> None:
    """``from package import name`` runs importlib's frames between the user's line and the
    package's ``__getattr__``: the warning still lands on the user's line."""
    out = _run_script(tmp_path, code="import sys\nfrom algocompare.samplesize import cohens_d\n")
    assert "script.py:2: DeprecationWarning: algocompare.samplesize: algocompare.samplesize.cohens_d is " \
           "deprecated" in out.stderr, out.stderr


def test_warnings_as_errors_stop_at_the_first_old_spelling(tmp_path: Path) -> None:
    out = _run_script(tmp_path, "-W", "error::DeprecationWarning")
    assert out.returncode != 0
    assert "DeprecationWarning: adjust_pvalues(): the parameter method= is deprecated" in out.stderr


def test_it_warns_without_any_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """No opt-in: the environment variable of 0.2 (ALGOCOMPARE_DEPRECATIONS) is gone."""
    monkeypatch.delenv("ALGOCOMPARE_DEPRECATIONS", raising=False)
    with pytest.warns(DeprecationWarning, match=f"removed in algocompare {REMOVED_IN}"):
        ac.adjust_pvalues([0.01, 0.04, 0.03], method="hommel")


def test_the_warning_points_at_the_callers_file_through_the_package_wrappers() -> None:
    """stacklevel skips every frame inside algocompare/ (decorators, helpers), whatever their depth."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ac.critical_difference(11, 11, 0.05, method="bonferroni_dunn")
        ac.sign_test([3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 9], ties="drop")
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len(deprecations) >= 2  # ties="drop" is two renames: the parameter and its value
    assert {Path(w.filename) for w in deprecations} == {Path(__file__)}


def test_pytest_configuration_does_not_hide_deprecations() -> None:
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from Python 3.11")
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    filters = options.get("filterwarnings", [])
    assert not [f for f in filters if "ignore" in f and ("Deprecation" in f or f.strip() == "ignore")], filters
    assert "-p no:warnings" not in options.get("addopts", "")
