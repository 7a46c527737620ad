"""CONTRIBUTING.md tells the truth: its recipes run as written.

The "Add a post-hoc test" and "Add an omnibus test" recipes are applied to a copy of the
package in a temporary directory, literally — the new modules written where the guide says,
the imports and the registry entries added to the copy's registry modules, the tests written
under ``tests/`` — and then the guide's tests pass there, ``posthoc()``, ``omnibus()``, the CD
diagram's caption, the HTML report and ``algocompare analyze --posthoc-test`` show the new
tests by their labels, and the edited files pass ruff. The other Python blocks (a figure, a report view, a section, a result class,
a deprecation) run in this process; every file the guide names exists.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
import types
import warnings
from dataclasses import dataclass
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

import algocompare as ac
from algocompare._sections import AnalysisOptions, Section

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "CONTRIBUTING.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def sections() -> dict[str, str]:
    """The guide's ``## `` sections: title -> text."""
    parts = re.split(r"^## (.+)$", GUIDE.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def python_blocks(title: str) -> list[str]:
    return [code for language, code in FENCE.findall(sections()[title]) if language == "python"]


def file_block(blocks: list[str], path: str) -> str:
    """The block whose first line is the comment ``# <path>`` (the file it goes in)."""
    found = [b for b in blocks if b.splitlines()[0] == f"# {path}"]
    assert len(found) == 1, f"the guide should give {path} in one block starting '# {path}'"
    return found[0]


# ----------------------------------------------------------------------------- the two registry recipes

@dataclass(frozen=True)
class Recipe:
    title: str
    registry: str
    new_module: str
    new_test: str
    docs: str


POSTHOC = Recipe("Add a post-hoc test", "algocompare/posthoc/_registry.py", "algocompare/posthoc/pairwise_sign.py",
                 "tests/posthoc/test_pairwise_sign.py", "docs/posthoc.md")
OMNIBUS = Recipe("Add an omnibus test", "algocompare/frequentist/_omnibus.py", "algocompare/frequentist/kendall_w.py",
                 "tests/frequentist/test_kendall_w.py", "docs/frequentist.md")


def add_import(source: str, line: str) -> str:
    """``line`` among the module's top-level ``from algocompare`` imports, in sorted order (ruff's isort)."""
    lines = source.splitlines(keepends=True)
    imports = [i for i, text in enumerate(lines) if text.startswith("from algocompare")]
    assert imports, "the registry module has no 'from algocompare' imports to join"
    position = next((i for i in imports if lines[i] > line), imports[-1] + 1)
    return "".join(lines[:position] + [line + "\n"] + lines[position:])


def apply(recipe: Recipe, work: Path) -> None:
    """The recipe's edits, literally: the new module and the test where the guide says, the import
    line among the registry module's imports, the entry at the module's end."""
    blocks = python_blocks(recipe.title)
    for path in (recipe.new_module, recipe.new_test):
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text(file_block(blocks, path), encoding="utf-8")
    imports = [b.strip() for b in blocks if b.startswith("from algocompare") and len(b.strip().splitlines()) == 1]
    entries = [b for b in blocks if not b.startswith("#") and "register(" in b.splitlines()[0]]
    assert len(imports) == 1 and len(entries) == 1, f"{recipe.title}: one import line and one register(...) block"
    registry = work / recipe.registry
    source = add_import(registry.read_text(encoding="utf-8"), imports[0])
    registry.write_text(after_the_last_entry(source, entries[0]), encoding="utf-8")


def after_the_last_entry(source: str, entry: str) -> str:
    """``entry`` right after the module's last top-level statement that registers one."""
    tree = ast.parse(source)
    last = [node for node in tree.body if "register(" in (ast.get_source_segment(source, node) or "")][-1]
    lines = source.splitlines(keepends=True)
    return "".join(lines[:last.end_lineno] + ["\n", entry] + lines[last.end_lineno:])


@pytest.fixture(scope="module")
def applied(tmp_path_factory) -> Path:
    """A copy of the package with both recipes applied to it."""
    work = tmp_path_factory.mktemp("recipes")
    shutil.copytree(ROOT / "algocompare", work / "algocompare", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
    for recipe in (POSTHOC, OMNIBUS):
        apply(recipe, work)
    return work


def run(work: Path, *args: str) -> subprocess.CompletedProcess:
    """``python -m ...`` in the copy (its algocompare first on the path), failing with its output."""
    env = {**os.environ, "PYTHONPATH": str(work), "MPLBACKEND": "Agg"}
    proc = subprocess.run([sys.executable, *args], cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def test_the_guides_tests_of_the_new_tests_pass(applied):
    run(applied, "-m", "pytest", "-q", "-p", "no:cacheprovider", POSTHOC.new_test, OMNIBUS.new_test)


def test_posthoc_omnibus_the_cd_diagram_the_report_and_the_cli_show_the_new_tests_by_their_labels(applied):
    script = textwrap.dedent("""
        import algocompare as ac
        from algocompare.posthoc._registry import POSTHOC_TESTS
        res = ac.load_dataset("cec2005_d10")
        ph = ac.posthoc(res, test="pairwise_sign")
        ax = ac.plots.cd_diagram(ph)
        texts = [t.get_text() for t in ax.figure.findobj(lambda o: hasattr(o, "get_text"))]
        print("keys:", list(POSTHOC_TESTS))
        print("label:", ph.label)
        print("caption:", any("pairwise sign tests" in t for t in texts))
        from algocompare._sections import AnalysisOptions
        html = ac.render_report(res, AnalysisOptions(posthoc_test="pairwise_sign"), figures=False)
        print("report:", "pairwise sign" in html, "Kendall's W" in html or "Kendall&#x27;s W" in html)
        print("omnibus:", list(ac.omnibus(res).table["test"]))
        res.blocks().to_csv("table.csv")
    """)
    out = run(applied, "-c", script).stdout
    assert "'pairwise_sign'" in out and "label: pairwise sign" in out and "caption: True" in out, out
    assert "report: True True" in out, out
    assert "Kendall's W" in out.split("omnibus:")[1], out
    cli = run(applied, "-m", "algocompare", "analyze", "table.csv", "--posthoc-test", "pairwise_sign").stdout
    assert "pairwise sign" in cli and "Kendall's W" in cli, cli


def test_the_recipes_files_pass_ruff(applied):
    if importlib.util.find_spec("ruff") is None and shutil.which("ruff") is None:
        pytest.skip("ruff is not installed")
    command = [sys.executable, "-m", "ruff"] if importlib.util.find_spec("ruff") else [shutil.which("ruff")]
    for recipe in (POSTHOC, OMNIBUS):  # the registry modules: their imports stay sorted
        for args in ([recipe.new_module, recipe.new_test], ["--select", "I", recipe.registry]):
            proc = subprocess.run([*command, "check", *args], cwd=applied, capture_output=True, text=True)
            assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("recipe", [POSTHOC, OMNIBUS], ids=["posthoc", "omnibus"])
def test_each_recipe_touches_the_registry_one_new_module_tests_and_docs(recipe):
    text = sections()[recipe.title]
    for path in (recipe.registry, recipe.new_module, recipe.new_test, recipe.docs):
        assert f"`{path}`" in text or f"# {path}" in text, path


# ----------------------------------------------------------------------------- the other snippets

def run_block(code: str) -> dict:
    """Run a block as the body of a module of its own (dataclasses look their module up)."""
    module = types.ModuleType("contributing_snippet")
    sys.modules[module.__name__] = module
    try:
        exec(compile(code, str(GUIDE), "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module.__dict__


def test_figure_snippets_run():
    from algocompare.plots import _customary as customary
    from algocompare.report import _figures as figures

    first, second = python_blocks("Add a figure")
    ns: dict = {}
    try:
        ns = run_block(first)
        assert len(ns["ax"].patches) == 2
        assert customary.customary_figure(ns["Scores"]).title == "Scores"
        run_block(second)
        ph = ac.posthoc(ac.load_dataset("ice_cream"))
        assert "mean_ranks" in [view.key for view in ac.figure_views(ph)]
    finally:
        customary._FIGURES.pop(ns.get("Scores"), None)
        figures._VIEWS[:] = [view for view in figures._VIEWS if view.key != "mean_ranks"]
        plt.close("all")


def test_section_snippet_returns_a_section_with_its_reading():
    provider, wiring = python_blocks("Add an analysis section")
    section = run_block(provider)["section"]
    result = section(ac.load_dataset("cec2005_d10"), AnalysisOptions())
    assert isinstance(result, Section) and result.reading == ("G-CMA-ES has the best mean rank.",)
    analysis = (ROOT / "algocompare" / "analysis.py").read_text(encoding="utf-8")
    assert wiring.splitlines()[0].split("  #")[0] in analysis and "SECTION_PROVIDERS: tuple" in analysis


def test_result_class_and_deprecation_snippets_run():
    (result_block,) = python_blocks("Result classes")
    assert run_block(result_block)["r"].kind == "trend"
    (deprecation_block,) = python_blocks("Deprecations")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the snippet records its own warning; nothing else may warn
        run_block(deprecation_block)


def test_every_path_the_guide_names_exists():
    created = {POSTHOC.new_module, POSTHOC.new_test, OMNIBUS.new_module, OMNIBUS.new_test}
    paths = set(re.findall(r"`((?:algocompare|tests|docs|\.ci)/[\w./-]+)`", GUIDE.read_text(encoding="utf-8")))
    assert paths, "the guide names no file"
    missing = sorted(p for p in paths - created if "<" not in p and not (ROOT / p).exists())
    assert not missing, missing
