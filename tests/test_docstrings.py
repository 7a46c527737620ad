"""Every public callable carries the numpydoc skeleton (issue 26, deliverable 6).

The public callables are the functions and classes of ``algocompare.__all__`` and of the
``__all__`` of ``algocompare.plots``, ``algocompare.report`` and ``algocompare.experiment``.
Each docstring must have, under numpydoc headings (a title line underlined with dashes):

* ``Parameters`` documenting every parameter of the signature (``x, y : ...`` groups names);
  a class may document its constructor's fields under ``Attributes`` instead (the fields
  every result shares, ``method`` and ``dropped_*``, are documented once on ``BaseResult``);
* ``Returns`` or ``Yields`` (functions only);
* ``See Also``, ``References`` and ``Examples``;
* References entries that are real citations: authors, a year, a title or venue, and a DOI
  or URL for a work published after 2000 (the few that have neither are listed below).

The headings are parsed here (no numpydoc dependency); a failure names the callable and what
is missing.
"""

from __future__ import annotations

import builtins
import dataclasses
import importlib
import inspect
import re
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import algocompare as ac
from algocompare._results import BaseResult

#: Subpackages whose ``__all__`` is part of the promised surface besides the top level.
EXTRA_NAMESPACES = ("algocompare.plots", "algocompare.report", "algocompare.experiment")


#: Works published after 2000 cited without a DOI or URL: they have none (proceedings, books),
#: or none we could verify offline (a wrong DOI is worse than none; add it when checked). Each
#: is a substring of the citation.
NO_DOI_KNOWN = (
    "Statistical methods for the comparison of stochastic optimizers",  # MIC 2005 proceedings, no DOI
    "Permutation Tests for Complex Data",  # Pesarin & Salmaso 2010, Wiley book
    "Permutation Tests for Stochastic Ordering and ANOVA",  # Basso et al. 2009, Springer LNS 194
    "Analyzing convergence performance of evolutionary algorithms",  # Derrac et al. 2014, Inf. Sci. 289
    "Appropriate statistics for ordinal level data",  # Romano et al. 2006, conference paper
)

#: Fields of every result (``method``, ``dropped_*``), documented on :class:`BaseResult`.
COMMON_FIELDS = frozenset(field.name for field in dataclasses.fields(BaseResult))

SECTION_ALIASES = {"Yields": "Returns"}
HEADING = re.compile(r"^(?P<title>[A-Z][A-Za-z ]+)\n(?P<rule>-{3,})$", re.MULTILINE)
#: A citation opens with an author: "Demšar, J.", "J. Demšar" or "de Campos, C. P." (initials,
#: a particle, then a capitalised surname).
AUTHOR = re.compile(r"^(?:[A-Z]\.[\s-]*)*(?:(?:de|van|von|der|del|da|di|le|la)\s+)*"
                    r"[A-Z\u00c0-\u024f][\w\u00c0-\u024f'’-]+")
YEAR = re.compile(r"\b(1[6-9]\d\d|20\d\d)\b")


def public_callables() -> Iterator[tuple[str, Callable]]:
    """(qualified name, object) of every public function and class, top level first."""
    namespaces = [("algocompare", ac, list(ac.__all__))]
    for name in EXTRA_NAMESPACES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
            continue  # algocompare.experiment is being created in issue 26
        namespaces.append((name, module, list(module.__all__)))
    for prefix, module, names in namespaces:
        for name in names:
            obj = getattr(module, name)
            if isinstance(obj, types.ModuleType):
                # ac.posthoc, ac.severity, ac.consensus: a subpackage that calls its namesake
                obj = getattr(obj, name)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                yield f"{prefix}.{name}", obj


def sections(doc: str) -> dict[str, str]:
    """The numpydoc sections of a docstring: heading -> body (the summary is left out)."""
    doc = inspect.cleandoc(doc)
    found: dict[str, str] = {}
    matches = list(HEADING.finditer(doc))
    for match, following in zip(matches, [*matches[1:], None], strict=False):
        if len(match.group("rule")) < len(match.group("title").rstrip()):
            continue  # a rule shorter than its title is not a numpydoc heading
        end = following.start() if following is not None else len(doc)
        title = match.group("title").rstrip()
        found[SECTION_ALIASES.get(title, title)] = doc[match.end():end]
    return found


def documented_names(body: str) -> set[str]:
    """Names documented in a Parameters/Attributes body: unindented ``name[, name] : type`` lines."""
    names: set[str] = set()
    for line in body.splitlines():
        if not line.strip() or line[0].isspace():
            continue
        spec = line.split(" : ", 1)[0].rstrip(" :")
        names.update(part.strip().lstrip("*") for part in spec.split(","))
    return names


def signature_names(obj: Callable) -> list[str]:
    try:
        parameters = inspect.signature(obj).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters if p.name not in ("self", "cls")]


def reference_entries(body: str) -> list[str]:
    """The entries of a References body, each joined onto one line (``.. [1]`` or unindented)."""
    entries: list[str] = []
    for line in body.strip("\n").splitlines():
        if not line.strip():
            continue
        if line.startswith(".. [") or not line[0].isspace() or not entries:
            entries.append(line.strip())
        else:
            entries[-1] += " " + line.strip()
    return entries


def citation_problems(entry: str) -> list[str]:
    """Why a References entry is not a real citation (empty when it is one)."""
    problems = []
    text = re.sub(r"^\.\. \[[^\]]+\]\s*", "", entry)
    years = [int(y) for y in YEAR.findall(text)]
    if not years:
        problems.append("no year")
    if not AUTHOR.match(text):
        problems.append("does not start with an author's name")
    if len(re.findall(r"[A-Za-z\u00c0-\u024f]{3,}", text)) < 3:  # the author's name and two more words
        problems.append("no title or venue")
    has_link = "doi" in text.lower() or "http" in text.lower()
    if years and min(years) > 2000 and not has_link and not any(work in text for work in NO_DOI_KNOWN):
        problems.append("published after 2000 but gives no DOI or URL")
    return problems


def resolves(name: str, obj: Callable) -> bool:
    """Whether a See Also name leads somewhere: a public name of algocompare (or of its plots,
    report, experiment), a name of the callable's own module, or an importable dotted path."""
    name = re.sub(r"^:\w+:", "", name.strip()).strip("`").lstrip("~")
    if not re.fullmatch(r"[A-Za-z_][\w.]*", name):
        return False
    module = sys.modules.get(getattr(obj, "__module__", ""), None)
    if name.split(".")[0] in (vars(module) if module is not None else {}) or hasattr(builtins, name):
        return True
    for candidate in [*(f"{prefix}.{name}" for prefix in ("algocompare", *EXTRA_NAMESPACES)), name]:
        parts = candidate.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found: Any = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            try:
                for part in parts[cut:]:
                    found = getattr(found, part)
            except AttributeError:
                break
            return True
    return False


def see_also_names(body: str) -> list[str]:
    """The names a See Also body lists: unindented ``name[, name] : description`` lines."""
    names: list[str] = []
    for line in body.splitlines():
        if line.strip() and not line[0].isspace():
            names += [n.strip() for n in line.split(" : ")[0].rstrip(" :").split(",") if n.strip()]
    return names


def docstring_problems(obj: Callable) -> list[str]:
    """What the docstring of a public function or class lacks (empty when complete)."""
    doc = obj.__doc__
    if not doc:
        return ["no docstring"]
    found = sections(doc)
    is_class = inspect.isclass(obj)
    problems = []
    parameters = signature_names(obj)
    documented = documented_names(found.get("Parameters", ""))
    if is_class:
        documented |= documented_names(found.get("Attributes", ""))
        if "Parameters" not in found and "Attributes" not in found:
            problems.append("section Parameters (or Attributes)")
    elif parameters and "Parameters" not in found:
        problems.append("section Parameters")
    if not is_class and "Returns" not in found:
        problems.append("section Returns (or Yields)")
    for required in ("See Also", "References", "Examples"):
        if required not in found:
            problems.append(f"section {required}")
    if is_class:  # the fields every result shares are documented once, on BaseResult
        parameters = [name for name in parameters if name not in COMMON_FIELDS]
    if parameters and ("Parameters" in found or "Attributes" in found):
        missing = [name for name in parameters if name not in documented]
        if missing:
            problems.append(f"parameters not documented: {', '.join(missing)}")
    unknown = [name for name in see_also_names(found.get("See Also", "")) if not resolves(name, obj)]
    if unknown:
        problems.append(f"See Also names what does not exist: {', '.join(unknown)}")
    if "References" in found:
        entries = reference_entries(found["References"])
        if not entries:
            problems.append("an empty References section")
        for entry in entries:
            for problem in citation_problems(entry):
                problems.append(f"reference {entry[:60]!r}...: {problem}")
    return problems


CALLABLES = dict(public_callables())


def test_the_public_surface_is_found():
    # 90-odd functions and classes at the top level alone; a broken walk would pass vacuously
    assert sum(name.count(".") == 1 for name in CALLABLES) >= 80
    assert "algocompare.posthoc" in CALLABLES and inspect.isfunction(CALLABLES["algocompare.posthoc"])
    assert "algocompare.plots.cd_diagram" in CALLABLES


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_numpydoc_sections(name):
    problems = docstring_problems(CALLABLES[name])
    assert not problems, f"{name}: missing " + "; ".join(problems)


# -- the checker itself --------------------------------------------------------------------

GOOD = '''Add two numbers.

    Parameters
    ----------
    x, y : float
        The numbers.
    scale : float
        Unused.

    Returns
    -------
    float
        The sum.

    See Also
    --------
    sum : Python's.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       Journal of Machine Learning Research 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> 1 + 1
    2
    '''


def _function_with(doc: str) -> Callable:
    def add(x, y, *, scale=1.0):
        return x + y

    add.__doc__ = doc
    return add


def test_checker_accepts_a_complete_docstring():
    assert docstring_problems(_function_with(GOOD)) == []


@pytest.mark.parametrize("section", ["Parameters", "Returns", "See Also", "References", "Examples"])
def test_checker_names_a_missing_section(section):
    underline = "-" * len(section)
    doc = GOOD.replace(f"    {section}\n    {underline}\n", f"    {section}\n\n")
    assert f"section {section}" in "; ".join(docstring_problems(_function_with(doc)))


def test_checker_names_a_see_also_entry_that_does_not_exist():
    doc = GOOD.replace("    sum : Python's.", "    friedman, frieman : the omnibus tests.")
    assert docstring_problems(_function_with(doc)) == ["See Also names what does not exist: frieman"]


def test_see_also_finds_public_names_module_names_and_dotted_paths():
    add = _function_with(GOOD)
    for name in ("posthoc", "plots.cd_diagram", "cd_diagram", ":func:`algocompare.wilcoxon`", "scipy.stats.wilcoxon",
                 "GOOD", "sum"):
        assert resolves(name, add), name


def test_checker_names_an_undocumented_parameter():
    doc = GOOD.replace("x, y : float", "x : float")
    assert docstring_problems(_function_with(doc)) == ["parameters not documented: y"]


@pytest.mark.parametrize(("entry", "problem"), [
    ("Demšar, J. Statistical comparisons of classifiers over multiple data sets. JMLR.", "no year"),
    ("see the paper (2006).", "author"),
    ("Demšar, J. (2006).", "no title or venue"),
    ("Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. JMLR 7.", "DOI or URL"),
])
def test_checker_rejects_a_reference_that_is_not_a_citation(entry, problem):
    doc = GOOD.replace(
        "Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.\n"
        "       Journal of Machine Learning Research 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html",
        entry)
    problems = docstring_problems(_function_with(doc))
    assert problems and all(p.startswith("reference ") for p in problems), problems
    assert any(problem in p for p in problems), problems


def test_a_citation_before_2001_needs_no_doi():
    entry = ".. [1] Friedman, M. (1937). The use of ranks to avoid the assumption of normality. JASA 32."
    assert citation_problems(entry) == []


def test_a_venue_without_a_title_is_a_citation():
    assert citation_problems(".. [1] Friedman, M. (1937). JASA 32, 675-701. doi:10.1080/01621459.1937.10503522") == []


@pytest.mark.parametrize("author", ["Demšar, J.", "J. Demšar", "de Campos, C. P.", "J.-C. de Borda"])
def test_author_forms(author):
    assert citation_problems(f"{author} (1995). A long enough title of the work. Some Journal 1.") == []
