"""Sphinx configuration of the algocompare documentation."""

import re
import shutil
from pathlib import Path

import algocompare

project = "algocompare"
author = "The algocompare developers"
release = algocompare.__version__
extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
]
autosummary_generate = True
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_typehints = "none"
napoleon_numpy_docstring = True
napoleon_google_docstring = False
napoleon_use_ivar = True  # an Attributes section must not describe the dataclass fields a second time
nb_execution_mode = "off"  # notebooks are executed by the test suite; their stored outputs are shown
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
html_theme = "furo"
html_title = "algocompare"
# API pages are titled by the short name (the signature gives the full one), and names
# never break inside a word (_static/algocompare.css)
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["algocompare.css"]
myst_enable_extensions = ["dollarmath"]
# ref.python: numpydoc type names such as "PosthocResult" resolve to both the top-level
# name and its defining module; the first match is the right page either way.
suppress_warnings = ["myst.header", "ref.python"]


NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RENDERED = Path(__file__).resolve().parent / "notebooks"


def copy_notebooks(app, config):
    """Copy ../notebooks/*.ipynb next to the docs: Sphinx reads sources only below docs/."""
    RENDERED.mkdir(exist_ok=True)
    for stale in RENDERED.glob("*.ipynb"):
        if not (NOTEBOOKS / stale.name).exists():
            stale.unlink()
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        target = RENDERED / notebook.name
        if not target.exists() or target.read_bytes() != notebook.read_bytes():
            shutil.copyfile(notebook, target)


LITERAL_OR_ROLE = re.compile(r"(:\w+:`[^`]*`|`+[^`]*`+)")


def escape_bars(line):
    """Escape | outside literals and roles: docstrings write |x| for absolute values."""
    parts = LITERAL_OR_ROLE.split(line)
    parts[::2] = [re.sub(r"(?<!\\)\|", r"\\|", part) for part in parts[::2]]
    return "".join(parts)


def escape_absolute_values(app, what, name, obj, options, lines):
    """reST would read |x| as a substitution reference; table rows keep their bars."""
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not (stripped.startswith("+") or (stripped.startswith("|") and stripped.endswith("|"))):
            lines[i] = escape_bars(line)


CITATION = re.compile(r"^(\s*)\.\. \[(\w+)\]\s*")
CITATION_REFERENCE = re.compile(r"\[(\w+)\]_")


def plain_citations(app, what, name, obj, options, lines):
    """A docstring's References are ``.. [1]`` entries cited as ``[1]_`` (numpydoc). Several
    docstrings share a page (a module's members, a class and its methods), where those labels
    would be duplicate targets; so each entry becomes a paragraph that starts with its label,
    ``[1] Author (year) ...``, and each citation plain text, ``[1]``."""
    out: list[str] = []
    indent = None  # the indentation of the entry being read, None outside an entry
    for line in lines:
        match = CITATION.match(line)
        if match:
            if out and out[-1].strip():
                out.append("")  # entries are paragraphs of their own
            indent = match.group(1)
            out.append(f"{indent}[{match.group(2)}] {line[match.end():]}")
        elif indent is not None and line.strip() and line.startswith(indent + " "):
            out.append(indent + line.strip())  # the entry's continuation lines join its paragraph
        else:
            indent = None
            out.append(CITATION_REFERENCE.sub(r"[\1]", line))
    lines[:] = out


def setup(app):
    app.connect("config-inited", copy_notebooks)
    app.connect("autodoc-process-docstring", escape_absolute_values)
    app.connect("autodoc-process-docstring", plain_citations)
