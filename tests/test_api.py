"""The top-level API: complete, resolvable, and what the README promises."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import algocompare as ac

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("package", ac._SUBPACKAGES)
def test_export_table_matches_each_subpackage(package):
    module = importlib.import_module(f"algocompare.{package}")
    assert sorted(ac._EXPORTS[package]) == sorted(module.__all__)


def test_every_public_name_resolves_from_the_top_level():
    for name in ac.__all__:
        assert getattr(ac, name) is not None, name


def test_callable_subpackages_run_their_function():
    res = ac.load_dataset("cec2005_d10")
    assert ac.posthoc(res, control="G-CMA-ES").control == "G-CMA-ES"
    assert ac.severity(9.02, 30.73, 100, alpha=0.025, test="z").pvalue == pytest.approx(0.0017, abs=5e-5)
    assert ac.consensus(ac.load_dataset("ice_cream"), method="borda").consensus[0] == ["strawberry"]


def _resolve(path: str):
    obj = ac
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def test_readme_names_exist():
    text = (ROOT / "README.md").read_text()
    for name in set(re.findall(r"\bac\.([A-Za-z_][A-Za-z0-9_.]*[A-Za-z0-9_])", text)):
        _resolve(name)
    table = text.split("## What is in it")[1].split("###")[0]
    methods = {"to_latex", "to_html", "to_markdown"}
    for token in set(re.findall(r"`([A-Za-z_][A-Za-z0-9_.]*)`", table)) - methods:
        _resolve(token)


def test_import_stays_light():
    code = ("import sys, algocompare; heavy = [m for m in ('matplotlib', 'scipy', 'pandas') if m in sys.modules]; "
            "print(heavy); assert not heavy")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def test_every_top_level_callable_shows_its_real_signature():
    # ac.posthoc, ac.severity and ac.consensus are callable subpackages: help() and
    # inspect.signature must still show the function's parameters, not (*args, **kwargs)
    import inspect

    import algocompare as ac

    for name in ("posthoc", "severity", "consensus"):
        params = inspect.signature(getattr(ac, name)).parameters
        assert "args" not in params, name
        assert list(params)[0] in ("data", "xbar"), name
        assert getattr(ac, name).__doc__.startswith(f"{name}("), name
