"""The repository stands alone: tests, benchmarks and notebooks name no path outside it.

A file that names an absolute path of some machine (its shared folders, a home or temporary
directory) or a folder above the repository works only where that path happens to exist.
Reference data belong in tests/data/ (see tests/_refdata.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests._refdata import DATA, ref_path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("tests", "benchmarks", "notebooks")
SKIPPED_DIRS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache", ".hypothesis"}
TEXT_SUFFIXES = {".py", ".ipynb", ".md", ".json", ".csv", ".R", ".txt", ".toml", ".cfg", ".ini", ".yaml",
                 ".yml", ".sh", ".rst"}
# Roots of absolute paths on the machines this project meets (Linux, macOS, Windows drives).
ABSOLUTE_ROOTS = ("work", "root", "home", "tmp", "Users", "mnt", "media", "srv", "opt", "shared", "data")
ABSOLUTE = re.compile(r"(?<![\w.~/:-])/(?:" + "|".join(ABSOLUTE_ROOTS) + r")/|(?<![\w])[A-Za-z]:\\\\?\w"
                      r"|(?<![\w/])~/")
UP = re.compile(r"(?<![\w.])((?:\.\./)+)")  # a run of parent-folder steps
SHARED_UP = re.compile(r"\.\./+shared")
PARENTS = re.compile(r"parents\[(\d+)\]")
PARENT_CHAIN = re.compile(r"__file__\)?(?:\.resolve\(\))?((?:\.parent)+)\b")
# Explicit exceptions, file -> why. Only this file, whose examples below must name such paths.
ALLOWED_FILES = {"tests/test_repository.py": "examples of the paths this test rejects"}


def _scanned_files() -> list[Path]:
    files = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and not SKIPPED_DIRS & set(path.parts):
                files.append(path)
    return files


def _depth(path: Path) -> int:
    """Folders between the repository root and the file (tests/x.py -> 1)."""
    return len(path.relative_to(ROOT).parts) - 1


def offending(path: Path, text: str) -> list[str]:
    """The snippets of ``text`` (the content of ``path``) that name a place outside the repository."""
    depth = _depth(path)
    found = [m.group(0) for m in ABSOLUTE.finditer(text)]
    found += [m.group(0) for m in SHARED_UP.finditer(text)]
    # "../" steps counted from the file's own folder: more steps than its depth leave the repository
    found += [m.group(1) for m in UP.finditer(text) if m.group(1).count("../") > depth]
    # Path(__file__).parents[n] is the n+1-th folder above the file; n > depth is outside
    found += [m.group(0) for m in PARENTS.finditer(text) if int(m.group(1)) > depth]
    found += [m.group(0) for m in PARENT_CHAIN.finditer(text) if m.group(1).count(".parent") - 1 > depth]
    return found


def test_scans_the_three_folders():
    files = _scanned_files()
    assert {f.relative_to(ROOT).parts[0] for f in files} == set(SCANNED)
    assert Path(__file__).resolve() in files


# The offending snippets are assembled from pieces, so that this file does not itself name
# paths outside the repository (other scanners read it too).
_ROOT, _UP = "/", ".." + "/"
OUTSIDE = [_ROOT + "work/shared/data/x.json", "open('" + _ROOT + "tmp/h4se.R')", _ROOT + "home/me/x",
           "~" + "/data.csv", "C:" + "\\Users\\me", _UP + "shared/data", _UP * 3 + "x",
           "Path(__file__).resolve().parents[" + "3]", "Path(__file__)" + ".parent" * 3]


@pytest.mark.parametrize("snippet", OUTSIDE)
def test_detects_outside_paths(snippet):
    assert offending(ROOT / "tests" / "test_x.py", f"x = {snippet!r}\n")


@pytest.mark.parametrize("snippet", ["tests/data/published_values.json", "https://example.org/home/x",
                                     "Path(__file__).resolve().parents[1]", "../notebooks/01.ipynb",
                                     "docs/_build/html", "a/tmp/b", "Path(__file__).parent.parent / 'data'"])
def test_accepts_paths_inside(snippet):
    assert not offending(ROOT / "tests" / "test_x.py", f"x = {snippet!r}\n")


def test_no_file_names_a_path_outside_the_repository():
    bad = {}
    for path in _scanned_files():
        if path.relative_to(ROOT).as_posix() in ALLOWED_FILES:
            continue
        hits = offending(path, path.read_text(encoding="utf-8", errors="replace"))
        if hits:
            bad[path.relative_to(ROOT).as_posix()] = sorted(set(hits))
    assert not bad, f"paths outside the repository (copy what is needed into tests/data/): {bad}"


def test_missing_reference_fails_instead_of_skipping():
    with pytest.raises(FileNotFoundError, match="no_such_table.csv"):
        ref_path("no_such_table.csv")


def test_every_reference_file_has_its_source_in_the_readme():
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    files = [p.relative_to(DATA).as_posix() for p in DATA.rglob("*")
             if p.is_file() and p.suffix not in {".py", ".pyc"} and p.name != "README.md"]
    assert files and not [f for f in files if f not in readme]
