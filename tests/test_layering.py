"""The import layering of DESIGN.md, enforced: data → statistics → plots/report → cli.

Every module's imports are read from its source (ast; imports inside functions count, and so
do ``algocompare.<name>`` attributes of ``import algocompare as ac``). Each module belongs to a
layer; an import may stay in its layer or go down, never up. Statistical modules never import
matplotlib at module level, and no import circle runs through module-level imports.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import algocompare as ac

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "algocompare"

#: the layers, bottom first: a module may import its own layer and those below
LAYERS = ("core", "data", "statistics", "presentation", "cli")
#: what each layer is (the first component under algocompare/; "_private" means every
#: top-level private module such as _results, _validation, _options)
MEMBERS = {
    "core": ("", "_private"),  # the package's __init__ (lazy: it imports nothing) and the shared machinery
    "data": ("data", "ranking"),
    "statistics": ("frequentist", "posthoc", "permutation", "severity", "effects", "samplesize", "experiment",
                   "consensus", "bayesian", "anytime"),
    "presentation": ("plots", "report", "analysis"),
    "cli": ("cli", "__main__"),
}
RULE = "imports flow data → statistics → plots/report → cli (DESIGN.md), never up"
#: the upward imports allowed, each inside a function only and each with its reason
ALLOWED_UPWARD = {
    ("algocompare._results", "algocompare.plots"):
        "BaseResult.plot() draws the result's customary figure (DESIGN.md: .plot() delegates to algocompare.plots)",
    ("algocompare._results", "algocompare.report._paper"):
        "BaseResult.to_latex() typesets the table a paper prints, which algocompare.report._paper lays out",
}


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the algocompare module (or package) imported
    line: int
    module_level: bool  # executed on import (not inside a function)
    text: str  # the import as written


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, package): path for path in sorted(package.rglob("*.py"))}


def _existing(name: str, known: dict[str, Path]) -> str:
    """The longest prefix of ``name`` that is a module or package (``a.b.func`` -> ``a.b``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


def _statements(tree: ast.AST, module_level: bool = True):
    """Every node with whether it runs at import time (not inside a def or lambda)."""
    for child in ast.iter_child_nodes(tree):
        yield child, module_level
        inside = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from _statements(child, module_level and not inside)


def imports_of(module: str, path: Path, known: dict[str, Path], exports: dict[str, str]) -> list[Import]:
    """The imports of one module, of the package ``known`` lists (others are left out)."""
    top = next(iter(known)).split(".")[0]
    tree = ast.parse(path.read_text(), filename=str(path))
    found, aliases = [], set()
    for node, level in _statements(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
            aliases |= {alias.asname or alias.name for alias in node.names if alias.name == top}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from its package
                package = module if path.name == "__init__.py" else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}".rstrip(".")
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases):
            # ac.posthoc(...), ac.plots.cd_diagram: the subpackage behind a top-level name
            package = exports.get(node.attr, node.attr)
            names = [f"{top}.{package}"] if f"{top}.{package}" in known else []
        for name in names:
            target = _existing(name, known) if name.split(".")[0] == top else ""
            if target and target != module:
                found.append(Import(module, target, node.lineno, level, ast.unparse(node)))
    return found


def all_imports(package: Path = PACKAGE) -> list[Import]:
    known = modules(package)
    exports = dict(ac._API) if package == PACKAGE else {}
    return [imp for name, path in known.items() for imp in imports_of(name, path, known, exports)]


def layer_of(module: str) -> str:
    parts = module.split(".")
    first = parts[1] if len(parts) > 1 else ""
    for layer, members in MEMBERS.items():
        if first in members or (first.startswith("_") and first != "__main__" and "_private" in members):
            return layer
    raise KeyError(f"{module} has no layer: add its subpackage to MEMBERS in tests/test_layering.py")


def upward(found: list[Import], allowed=ALLOWED_UPWARD) -> list[str]:
    """The imports that go up a layer (and are not an allowed function-level delegation)."""
    wrong = []
    for imp in found:
        low, high = layer_of(imp.module), layer_of(imp.target)
        if LAYERS.index(high) <= LAYERS.index(low):
            continue
        if (imp.module, imp.target) in allowed and not imp.module_level:
            continue
        wrong.append(f"{imp.module} (line {imp.line}: {imp.text}) imports {imp.target}: {low} may not import "
                     f"{high}; {RULE}")
    return wrong


def cycles(found: list[Import]) -> list[list[str]]:
    """Import circles through module-level imports (Tarjan's strongly connected components).

    Importing ``a.b.c`` runs ``a.b``'s ``__init__`` first, so the edge also goes to every
    package on the way, except the importer's own packages (a module is always imported after
    its package starts)."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        if not imp.module_level:
            continue
        parts = imp.target.split(".")
        parents = {".".join(parts[:i]) for i in range(2, len(parts))}
        graph.setdefault(imp.module, set()).update(
            {imp.target} | {p for p in parents if not (imp.module == p or imp.module.startswith(p + "."))})
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


IMPORTS = all_imports()


def test_every_module_has_a_layer() -> None:
    for module in modules():
        layer_of(module)


def test_no_import_goes_up_a_layer() -> None:
    wrong = upward(IMPORTS)
    assert not wrong, "\n".join(wrong)


def test_the_allowed_upward_imports_are_still_there_and_inside_functions() -> None:
    """An exception that is no longer needed is taken out, so that it cannot hide a new one."""
    for (module, target), reason in ALLOWED_UPWARD.items():
        uses = [imp for imp in IMPORTS if (imp.module, imp.target) == (module, target)]
        assert uses, f"{module} no longer imports {target}: drop it from ALLOWED_UPWARD ({reason})"
        assert not any(imp.module_level for imp in uses), f"{module} imports {target} at module level"


def test_statistical_modules_never_import_matplotlib_at_module_level() -> None:
    heavy = []
    for name, path in modules().items():
        if LAYERS.index(layer_of(name)) > LAYERS.index("statistics"):
            continue
        for node, level in _statements(ast.parse(path.read_text())):
            targets = ([a.name for a in node.names] if isinstance(node, ast.Import)
                       else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if level and any(t.split(".")[0] == "matplotlib" for t in targets):
                heavy.append(f"{name} (line {node.lineno}: {ast.unparse(node)})")
    assert not heavy, f"statistical modules import matplotlib at module level: {heavy}"


def test_no_import_circle_at_module_level() -> None:
    circles = cycles(IMPORTS)
    assert not circles, f"import circles: {circles}"


def test_the_checks_find_an_upward_import_a_circle_and_an_attribute_import(tmp_path: Path) -> None:
    """A toy copy of the layout with one of each fault: the checks above can fail."""
    package = tmp_path / "algocompare"
    for sub in ("data", "frequentist", "plots", "cli"):
        (package / sub).mkdir(parents=True)
        (package / sub / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "data" / "toy_reader.py").write_text("from algocompare.frequentist import toy_test\n")
    (package / "frequentist" / "toy_test.py").write_text(
        "import algocompare as ac\nfrom algocompare.data.toy_reader import read\n\ndef f():\n    return ac.plots\n")
    (package / "plots" / "toy_figure.py").write_text("from ..cli import main\n")
    found = all_imports(package)
    wrong = upward(found, allowed={})
    assert any(w.startswith("algocompare.data.toy_reader (line 1") and "data may not import statistics" in w
               for w in wrong)
    assert any(w.startswith("algocompare.frequentist.toy_test (line 5: ac.plots)") for w in wrong)
    assert any(w.startswith("algocompare.plots.toy_figure") and "presentation may not import cli" in w for w in wrong)
    assert cycles(found) == [["algocompare.data.toy_reader", "algocompare.frequentist.toy_test"]]
    with pytest.raises(KeyError, match="add its subpackage to MEMBERS"):
        layer_of("algocompare.newarea.module")
