"""The command line as one package (issue 16): a module per subcommand, the public API only,
the vocabulary's spellings with the former ones kept, and no warning meant for programmers."""

from __future__ import annotations

import ast
import json
import warnings
from pathlib import Path

import pytest

from algocompare.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "algocompare" / "cli"

#: Private helpers the command line may take from the core: none.
ALLOWED_PRIVATE: set[tuple[str, str]] = set()
#: Modules whose public names the command line may use besides the top level.
PUBLIC_MODULES = ("algocompare", "algocompare.analysis", "algocompare.report", "algocompare.plots")


def _imports(path: Path) -> list[tuple[str, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("algocompare"):
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.startswith("algocompare")]
    return found


def test_the_subcommands_live_in_the_cli_package_only():
    assert sorted(p.name for p in (ROOT / "algocompare").rglob("cli.py")) == []
    stems = {p.stem for p in CLI.glob("*.py")}
    assert stems >= {"__init__", "_common"}
    for command in ("analyze", "datasets", "severity", "samplesize", "consensus", "anytime"):  # a module each
        assert command in stems or f"_{command}" in stems, command
    commands = build_parser()._subparsers._group_actions[0].choices
    assert list(commands) == ["datasets", "analyze", "severity", "samplesize", "power-curve", "consensus", "anytime"]


@pytest.mark.parametrize("path", sorted(CLI.glob("*.py")), ids=lambda p: p.name)
def test_the_command_line_calls_the_public_api(path):
    for module, name in _imports(path):
        if module.startswith("algocompare.cli") or (module, name) in ALLOWED_PRIVATE:
            continue
        public = name == "__version__" or not name.startswith("_")
        assert module in PUBLIC_MODULES and public, (path.name, module, name)


def test_no_statistics_package_imports_the_command_line():
    for path in (ROOT / "algocompare").rglob("*.py"):
        if CLI in path.parents or path.name == "__main__.py":
            continue
        assert not [m for m, _ in _imports(path) if m.startswith("algocompare.cli")], path


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_p_adjust_is_the_new_spelling_of_correction(capsys):
    argv = ["analyze", "--dataset", "ice_cream", "--control", "none", "--json"]
    new = _json(capsys, argv + ["--p-adjust", "shaffer"])
    old = _json(capsys, argv + ["--correction", "shaffer"])
    assert new == old and "shaffer" in json.dumps(new["posthoc"])


def test_n_comparisons_is_the_new_spelling_of_comparisons(capsys):
    new = _json(capsys, ["samplesize", "--d", "0.5", "--n-comparisons", "3", "--json"])
    old = _json(capsys, ["samplesize", "--d", "0.5", "--comparisons", "3", "--json"])
    assert new == old and new["n_instances"] == 40 and new["n_comparisons"] == 3
    curve = _json(capsys, ["power-curve", "--instances", "30", "--n-comparisons", "2", "--json"])
    assert curve == _json(capsys, ["power-curve", "--instances", "30", "--comparisons", "2", "--json"])


@pytest.mark.parametrize("argv", [
    ["samplesize", "--d", "0.5", "--comparisons", "3"],
    ["samplesize", "--d", "1", "--alternative", "one-sided"],  # the former spelling of greater
    ["power-curve", "--instances", "30", "--comparisons", "2"],
    ["consensus", "--dataset", "ice_cream", "--method", "borda"],
    ["datasets"],
])
def test_no_deprecation_warning_reaches_a_user(argv, capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert main(argv) == 0
    capsys.readouterr()
