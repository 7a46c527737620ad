"""Issue 26: figures and report read what a result is from its type and typed fields (``kind``,
``label``, ``common_se``, ``n_missing``, ...), never from the attributes it happens to have nor from
the words of its ``method`` text.

A static check of every module of ``algocompare/plots`` and ``algocompare/report``:

* ``hasattr(x, ...)`` is allowed only on matplotlib objects and duck-typed drawing targets
  (listed below with the reason), never on a result;
* ``getattr(x, "name", default)`` is allowed only on those same objects (an optional attribute a
  figure or Axes may carry), never on a result, a result class or a section;
* ``.method`` may be shown (titles, captions, notes) but not searched: no ``... in x.method``,
  ``x.method.lower()/split()/startswith()/...``, nor ``re.search(..., x.method)``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import algocompare

PACKAGE = Path(algocompare.__file__).parent
MODULES = sorted([*PACKAGE.glob("plots/*.py"), *PACKAGE.glob("report/*.py")])

#: Objects whose attributes may be probed, and why: none of them is a result.
ALLOWED_OBJECTS = {
    "ax": "a matplotlib Axes: optional attributes the figure helpers attach (algocompare_names, ...)",
    "axes": "an Axes, an array or a list of Axes (duck-typed drawing target)",
    "one": "one Axes of an array of Axes",
    "grid": "a matplotlib GridSpec (nested or not)",
    "engine": "a matplotlib layout engine (constrained or not)",
    "legend": "a matplotlib Legend",
    "text": "a matplotlib Text",
    "drawn": "what a drawing function returned: a Figure, an Axes or an array of Axes",
    "fig": "a matplotlib Figure",
    "figure": "a matplotlib Figure",
}

#: (module, the probed expression, why it is not a guess of a result's kind)
ALLOWED_PROBES = {
    ("_customary.py", "cls", "_plot_function"):
        "the deprecated (0.1) way a user's own result class named its figure; dispatch is by class "
        "(register_customary_figure), this is the warned fallback for classes not registered",
    ("_fit.py", "text.get_window_extent(renderer)", None):
        "a matplotlib Bbox: height or width, the direction the text runs",
}

#: String methods that would search the text of ``method``.
_SEARCHES = {"lower", "upper", "casefold", "split", "rsplit", "partition", "startswith", "endswith", "find",
             "rfind", "index", "count", "replace", "removeprefix", "removesuffix"}


def _is_method(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "method"


def _mentions_method(node: ast.AST) -> bool:
    return any(_is_method(child) or (isinstance(child, ast.Constant) and child.value == "method")
               for child in ast.walk(node))


def _findings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        where = f"{path.parent.name}/{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr") \
                and node.args:
            target = ast.unparse(node.args[0])
            name = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
            if target in ALLOWED_OBJECTS or (path.name, target, name) in ALLOWED_PROBES:
                continue
            if node.func.id == "getattr" and len(node.args) > 1 and not isinstance(node.args[1], ast.Constant):
                found.append(f"{where}: getattr with a computed name on {target}")
                continue
            found.append(f"{where}: {node.func.id}({target}, {name!r})")
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) \
                and any(_is_method(side) for side in node.comparators):
            found.append(f"{where}: a word searched in .method ({ast.unparse(node)})")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if node.func.attr in _SEARCHES and (_is_method(owner) or (isinstance(owner, ast.Call)
                                                                      and any(_is_method(a) for a in owner.args))):
                found.append(f"{where}: .method searched ({ast.unparse(node)})")
            elif isinstance(owner, ast.Name) and owner.id == "re" and any(_mentions_method(a) for a in node.args):
                found.append(f"{where}: a regular expression on .method ({ast.unparse(node)})")
    return found


def _module_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", MODULES, ids=_module_id)
def test_plots_and_report_never_guess_what_a_result_is(path):
    assert _findings(path) == []


def test_the_check_finds_the_probes_it_forbids(tmp_path):
    """The check itself: each forbidden spelling is found (the shapes issue 26 removed)."""
    module = tmp_path / "report" / "probe.py"
    module.parent.mkdir()
    module.write_text("import re\n"
                      "def f(result, ax):\n"
                      "    a = hasattr(result, 'rope')\n"
                      "    b = all(hasattr(result, n) for n in ('table', 'cliques'))\n"
                      "    c = getattr(result, 'p_adjust', '')\n"
                      "    d = 'friedman' in result.method.lower()\n"
                      "    e = re.search(r'(\\d+) missing cell', str(getattr(result, 'method', '')))\n"
                      "    f = any(w in result.method for w in ('quade',))\n"
                      "    g = hasattr(ax, 'figure')\n"
                      "    return a, b, c, d, e, f, g\n", encoding="utf-8")
    found = _findings(module)
    lines = sorted({int(f.split(":")[1]) for f in found})
    assert lines == [3, 4, 5, 6, 7, 8], found
