"""Dependencies that earn their place: every package pyproject.toml declares for running
algocompare is imported by it, and every package algocompare imports is declared (a base
dependency, or an extra whose import is guarded and whose absence is a one-line error naming
the extra). The imports are read from the source (ast, function-level imports included).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "algocompare"

#: import names that differ from the distribution's name (otherwise "-" becomes "_")
IMPORT_NAMES = {"scikit-posthocs": "scikit_posthocs", "pyyaml": "yaml", "pillow": "PIL"}
#: packages of runtime extras that algocompare does not import itself, and why they are declared
USED_THROUGH = {
    "openpyxl": "the engine pandas.read_excel needs for .xlsx files (algocompare.read, extra 'excel')",
    "dask": "the dask.distributed Client users pass as run_experiment(executor=...) (extra 'distributed')",
}
#: extras for working on algocompare (documentation, tests), not for running it
DEVELOPMENT_EXTRAS = ("docs", "test")


def _pyproject() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        tomllib = pytest.importorskip("tomli", reason="reading pyproject.toml needs tomllib (3.11) or tomli")
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def distribution(requirement: str) -> str:
    """The distribution a requirement names: ``"dask[distributed]>=2023.1"`` -> ``"dask"``."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    if match is None:
        raise ValueError(f"not a requirement: {requirement!r}")
    return re.sub(r"[-_.]+", "-", match.group(1)).lower()


def import_name(requirement: str) -> str:
    name = distribution(requirement)
    return IMPORT_NAMES.get(name, name.replace("-", "_"))


def third_party_imports(package: Path) -> dict[str, list[tuple[str, int, bool]]]:
    """Top-level name of every non-standard, non-algocompare module the package imports ->
    where: (file, line, whether the import is at module level). Function-level imports and
    ``importlib.import_module("literal")`` count too."""
    found: dict[str, list[tuple[str, int, bool]]] = {}
    own = package.name
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        module_level = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "import_module" and node.args
                  and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                names = [node.args[0].value]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top and top != own and top not in sys.stdlib_module_names:
                    where = (str(path.relative_to(package.parent)), node.lineno, id(node) in module_level)
                    found.setdefault(top, []).append(where)
    return found


def unused(declared: Iterable[str], imported: Iterable[str]) -> list[str]:
    """Declared requirements whose package is never imported."""
    imported = set(imported)
    return sorted(r for r in declared if import_name(r) not in imported)


def undeclared(imported: Iterable[str], declared: Iterable[str]) -> list[str]:
    """Imported packages that no requirement declares."""
    names = {import_name(r) for r in declared}
    return sorted(set(imported) - names)


def _runtime_extras() -> dict[str, list[str]]:
    extras = _pyproject()["project"].get("optional-dependencies", {})
    return {name: list(reqs) for name, reqs in extras.items() if name not in DEVELOPMENT_EXTRAS}


def test_every_base_dependency_is_imported_by_algocompare() -> None:
    base = _pyproject()["project"]["dependencies"]
    never = unused(base, third_party_imports(PACKAGE))
    assert not never, f"declared in pyproject.toml dependencies but never imported by algocompare/: {never}"


def test_every_imported_package_is_declared() -> None:
    imports = third_party_imports(PACKAGE)
    declared = [*_pyproject()["project"]["dependencies"], *(r for reqs in _runtime_extras().values() for r in reqs)]
    missing = {name: imports[name][:3] for name in undeclared(imports, declared)}
    assert not missing, f"imported by algocompare/ but not declared in pyproject.toml: {missing}"


def test_optional_packages_are_imported_only_where_they_are_needed() -> None:
    """An extra's package is imported inside the function that needs it, never at module
    level, so that ``import algocompare`` and everything else work without it."""
    base = {import_name(r) for r in _pyproject()["project"]["dependencies"]}
    optional = {import_name(r) for reqs in _runtime_extras().values() for r in reqs} - base
    imports = third_party_imports(PACKAGE)
    at_module_level = {name: [(f, line) for f, line, top in imports.get(name, []) if top] for name in optional}
    assert not {name: where for name, where in at_module_level.items() if where}, at_module_level


def test_extras_that_algocompare_does_not_import_say_why() -> None:
    imports = third_party_imports(PACKAGE)
    extras = {import_name(r) for reqs in _runtime_extras().values() for r in reqs}
    unexplained = sorted(name for name in extras if name not in imports and name not in USED_THROUGH)
    assert not unexplained, f"extras never imported by algocompare/: {unexplained} (drop them or say why in USED_THROUGH)"
    stale = sorted(set(USED_THROUGH) - extras)
    assert not stale, f"USED_THROUGH names packages no extra declares: {stale}"


@pytest.mark.parametrize("suffix,blocked,extra", [(".parquet", "pyarrow", "parquet"), (".xlsx", "openpyxl", "excel")])
def test_a_missing_optional_package_is_one_line_naming_the_extra(tmp_path, monkeypatch, suffix, blocked, extra):
    import pandas as pd

    import algocompare as ac

    pytest.importorskip(blocked)
    path = tmp_path / f"table{suffix}"
    frame = pd.DataFrame({"A": [1.0, 2.0, 3.0], "B": [2.0, 3.0, 1.0]})
    frame.to_parquet(path) if suffix == ".parquet" else frame.to_excel(path, index=False)
    for name in [m for m in sys.modules if m == blocked or m.startswith(f"{blocked}.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, blocked, None)  # import blocked raises ImportError, as if not installed
    with pytest.raises(ImportError) as err:
        ac.read(path)
    message = str(err.value)
    assert f"pip install 'algocompare[{extra}]'" in message and "\n" not in message, message


def test_the_checks_find_an_unused_and_an_undeclared_package(tmp_path: Path) -> None:
    """The functions above can fail: a toy package imports one declared package in a
    function, one undeclared package at module level and one through importlib."""
    package = tmp_path / "toy"
    package.mkdir()
    (package / "__init__.py").write_text("import os\nimport numpy as np\nfrom toy import helper\n")
    (package / "helper.py").write_text("import importlib\n\ndef f():\n    import scikit_posthocs\n"
                                       "    return importlib.import_module('yaml.loader')\n")
    imports = third_party_imports(package)
    assert set(imports) == {"numpy", "scikit_posthocs", "yaml"}
    assert imports["numpy"][0][2] is True and imports["scikit_posthocs"][0][2] is False
    declared = ["numpy>=1.23", "scikit-posthocs>=0.9", "tqdm>=4.60", "dask[distributed]>=2023.1"]
    assert unused(declared, imports) == ["dask[distributed]>=2023.1", "tqdm>=4.60"]
    assert undeclared(imports, declared) == ["yaml"]
    assert undeclared(imports, [*declared, "PyYAML>=6"]) == []
