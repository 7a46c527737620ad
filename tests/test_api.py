"""The top-level API: complete, resolvable, and what the README promises."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import warnings
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


# ------------------------------------------------------------------ the result classes and their page
def _result_classes() -> dict[str, type]:
    """Every result class of the public API, by name."""
    import inspect

    from algocompare._results import BaseResult

    return {name: getattr(ac, name) for name in ac.__all__
            if inspect.isclass(getattr(ac, name)) and issubclass(getattr(ac, name), BaseResult)}


def _defined_result_classes() -> dict[str, str]:
    """Every result class defined anywhere in the package (name -> module), bases excepted."""
    import inspect
    import pkgutil

    from algocompare._results import BaseResult, TestResult

    found = {}
    for info in pkgutil.walk_packages(ac.__path__, "algocompare."):
        if info.name.endswith("__main__"):
            continue
        with warnings.catch_warnings():  # a shim of a moved module warns on import (and is skipped below)
            warnings.simplefilter("ignore", DeprecationWarning)
            module = importlib.import_module(info.name)
        if module.__name__ != info.name:
            continue
        for name, obj in vars(module).items():
            if (inspect.isclass(obj) and issubclass(obj, BaseResult) and obj.__module__ == info.name
                    and obj not in (BaseResult, TestResult)):
                found[name] = info.name
    return found


def test_every_result_class_is_exported_from_its_subpackage_and_the_top_level():
    missing = {name: module for name, module in _defined_result_classes().items()
               if not name.startswith("_") and name not in ac.__all__}
    assert not missing, f"export these result classes (subpackage __all__ and _EXPORTS): {missing}"
    for name, cls in _result_classes().items():
        package = importlib.import_module(f"algocompare.{ac._API[name]}")
        assert getattr(package, name) is cls, name


#: the families of the results page, in order (a subpackage of _EXPORTS each)
RESULT_FAMILIES = {
    "frequentist": "Frequentist tests", "posthoc": "Post-hoc procedures", "permutation": "Permutation tests",
    "effects": "Effect sizes and power", "severity": "Severity", "samplesize": "Sample size and study design",
    "experiment": "Running a study", "consensus": "Rank consensus", "bayesian": "Bayesian tests",
    "anytime": "Anytime performance",
}
RESULTS_PAGE = ROOT / "docs" / "results.md"
RESULTS_INTRO = """\
# Result classes

Every function of algocompare returns a result object: a frozen, keyword-only dataclass
(like scipy's result classes). All of them share one interface, from
`algocompare._results.BaseResult`:

* `kind` — what the result is (a class attribute: `"omnibus"`, `"posthoc"`, `"bayesian"`, ...);
  figures and the report choose by it;
* `method` — the procedure in words, as printed;
* `dropped_instances`, `dropped_pairs`, `dropped_values` — what `nan_policy="omit"` dropped
  (`None` for results that drop nothing by design);
* `to_frame()` (tidy pandas), `to_dict()` and `to_json()` (plain JSON types; the command line's
  `--json`), a readable `print`, `_repr_html_` for notebooks, `to_latex()` / `to_html()` /
  `to_markdown()` tables, and `plot(ax=None)` where a figure is customary.

Hypothesis tests also have `statistic`, `pvalue` and `alternative`. Below, each class lists
the fields of its own (beyond `method` and the `dropped_*` fields), with the function that
returns it; every class is importable from the top level (`ac.FriedmanResult`) and from its
subpackage. The page is generated from the classes (`python3 tests/test_api.py` rewrites it;
`tests/test_api.py` checks that it is in step).
"""


def _first_line(cls: type) -> str:
    import inspect

    doc = " ".join((inspect.getdoc(cls) or "").split("\n\n")[0].split())
    return re.sub(r":(?:class|func|data|mod|meth|attr):`~?([^`]+)`", r"{py:obj}`\1`", doc)  # reST roles in MyST


def _returned_by() -> dict[str, list[str]]:
    """Result class name -> the top-level functions whose return annotation names it."""
    import inspect

    classes, found = _result_classes(), {}
    for name in ac.__all__:
        function = getattr(ac, name)
        if not callable(function) or inspect.isclass(function):
            continue
        annotation = inspect.signature(function).return_annotation
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
        for cls in classes:
            if cls in re.split(r"[^A-Za-z0-9_]+", text):
                found.setdefault(cls, []).append(name)
    return found


#: the top-level names that are also a subpackage: their function's page is package.function
CALLABLE_PACKAGES = ("posthoc", "severity", "consensus")


def _attribute_descriptions(cls: type) -> dict[str, str]:
    """Field name -> its description in the numpydoc ``Attributes`` section of ``cls`` or of a
    base class (``name : type`` with an indented description, or ``a, b : description``)."""
    import inspect

    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        doc = inspect.getdoc(klass) if "__doc__" in vars(klass) else None
        match = re.search(r"^Attributes\n-+\n(.*?)(?:\n\n[A-Z][\w ]*\n-+\n|\Z)", doc or "", flags=re.S | re.M)
        if not match:
            continue
        entries = re.split(r"\n(?=\S)", match.group(1).strip())
        for entry in entries:
            head, _, rest = entry.partition("\n")
            names, _, text = head.partition(" : ")
            body = " ".join(rest.split())
            text = text.strip()
            if body and text.startswith("{") and text.endswith("}"):  # the values it takes, then the description
                description = f"{body} Values: ``{text}``."
            elif body and re.fullmatch(r"[\w.\[\], |()-]+", text):  # a type, then the description
                description = body
            else:  # the description on the name's line
                description = f"{text} {body}".strip()
            for name in (n.strip() for n in names.split(",")):
                if name.isidentifier() and description and not description.startswith("as :class:"):
                    found[name] = description
    return found


def _markdown_cell(text: str) -> str:
    """Docstring text for a Markdown table cell: reST roles as MyST roles, bars escaped."""
    text = re.sub(r":(?:class|func|data|mod|meth|attr):`~?([^`]+)`", r"{py:obj}`\1`", text)
    return text.replace("|", "\\|")


def _own_fields(cls: type) -> list:
    import dataclasses

    from algocompare._results import BaseResult

    base = {f.name for f in dataclasses.fields(BaseResult)}
    return [f for f in dataclasses.fields(cls) if f.name not in base]


def _type_text(annotation) -> str:
    """A field's type as written, its bars escaped for the Markdown table (``float \\| None``)."""
    text = annotation if isinstance(annotation, str) else annotation.__name__
    return text.replace("|", "\\|")


def results_page() -> str:
    """The text of docs/results.md, generated from the result classes."""
    classes, returned = _result_classes(), _returned_by()
    parts = [RESULTS_INTRO]
    for package, title in RESULT_FAMILIES.items():
        parts.append(f"\n## {title}\n")
        for name in sorted(n for n in classes if ac._API[n] == package):
            cls = classes[name]
            functions = ", ".join(f"{{func}}`algocompare.{f}.{f}`" if f in CALLABLE_PACKAGES
                                  else f"{{func}}`algocompare.{f}`" for f in returned.get(name, []))
            parts.append(f"\n### {name}\n\n{{class}}`algocompare.{name}` (kind `{cls.kind}`)"
                         + (f", returned by {functions}" if functions else "") + f". {_first_line(cls)}\n")
            fields = _own_fields(cls)
            if fields:
                described = _attribute_descriptions(cls)
                parts.append("\n| field | type | description |\n| --- | --- | --- |\n")
                parts += [f"| `{f.name}` | `{_type_text(f.type)}` | {_markdown_cell(described.get(f.name, ''))} |\n"
                          for f in fields]
    return "".join(parts)


def _page_sections(text: str) -> dict[str, set[str]]:
    """### headings of the results page -> the field names in the table under each."""
    sections: dict[str, set[str]] = {}
    for block in text.split("\n### ")[1:]:
        heading, _, body = block.partition("\n")
        sections[heading.strip()] = set(re.findall(r"^\| `([A-Za-z0-9_]+)` \|", body, flags=re.MULTILINE))
    return sections


def test_results_page_lists_every_result_class_with_its_own_fields():
    sections = _page_sections(RESULTS_PAGE.read_text())
    expected = {name: {f.name for f in _own_fields(cls)} for name, cls in _result_classes().items()}
    assert set(sections) == set(expected), (f"docs/results.md is out of step with the result classes "
                                            f"(run python3 tests/test_api.py): {set(sections) ^ set(expected)}")
    stale = {name: sections[name] ^ fields for name, fields in expected.items() if sections[name] != fields}
    assert not stale, f"docs/results.md lists other fields (run python3 tests/test_api.py): {stale}"


def test_results_page_is_in_the_docs_toctree():
    assert "\nresults\n" in (ROOT / "docs" / "index.md").read_text()


def test_the_page_check_fails_on_a_missing_field():
    """The check above can fail: drop one field row and it is noticed."""
    text = results_page()
    broken = re.sub(r"\| `kendall_w` \|[^\n]*\n", "", text)
    assert broken != text
    assert _page_sections(broken)["FriedmanResult"] != {f.name for f in _own_fields(ac.FriedmanResult)}


if __name__ == "__main__":  # python3 tests/test_api.py: rewrite docs/results.md
    RESULTS_PAGE.write_text(results_page())
    print(f"wrote {RESULTS_PAGE}")


# ------------------------------------------------------------------ explicit wiring
def _subpackage_inits() -> dict[str, Path]:
    return {path.parent.name: path for path in sorted((ROOT / "algocompare").glob("*/__init__.py"))}


@pytest.mark.parametrize("package", sorted(_subpackage_inits()))
def test_subpackages_import_their_public_names_explicitly(package):
    """One __init__ style: ``from algocompare.<package>.<module> import name`` for every name of
    ``__all__``; no names gathered at run time, no import that may fail quietly."""
    import ast

    tree = ast.parse(_subpackage_inits()[package].read_text())
    imported = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    module = importlib.import_module(f"algocompare.{package}")
    assert set(module.__all__) <= imported | defined, sorted(set(module.__all__) - imported - defined)
    source = ast.unparse(tree)
    assert "globals()" not in source and "import_module" not in source.split("def __getattr__")[0], package
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler):
            caught = ast.unparse(node.type) if node.type is not None else "everything"
            assert "ImportError" not in caught and "ModuleNotFoundError" not in caught and caught != "everything", \
                f"algocompare/{package}/__init__.py hides a failed import ({caught})"


def test_a_missing_module_is_an_import_error_not_missing_names(tmp_path):
    """Rename or delete a module a subpackage imports, and importing the subpackage fails
    (before, _lazy.collect skipped a module it could not find and its names were just gone)."""
    import ast
    import shutil

    copy = tmp_path / "algocompare"
    shutil.copytree(ROOT / "algocompare", copy, ignore=shutil.ignore_patterns("__pycache__"))
    for package in ("plots", "consensus", "frequentist"):
        tree = ast.parse((copy / package / "__init__.py").read_text())
        module = next(node.module for node in tree.body
                      if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(f"algocompare.{package}."))
        path = copy / Path(*module.split(".")[1:]).with_suffix(".py")
        path.rename(path.with_name(f"renamed_{path.name}"))
        code = f"import algocompare.{package}"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                             env={**os.environ, "PYTHONPATH": str(tmp_path)}, cwd=tmp_path)
        assert out.returncode != 0 and f"No module named '{module}'" in out.stderr, (package, out.stderr[-500:])
