"""The documentation builds without warnings and its API page lists every public name."""

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SUBPACKAGES = ("data", "frequentist", "posthoc", "severity", "effects", "samplesize", "experiment", "permutation",
               "consensus", "bayesian", "report", "anytime")
PAGES = ("getting-started", "data", "frequentist", "posthoc", "figures", "severity", "design",
         "validation", "notebooks", "api")
# What a build leaves in docs/ (all ignored by git): not sources, so not copied.
BUILD_OUTPUTS = ("_build", "generated", "jupyter_execute", ".jupyter_cache", "*.ipynb")


def test_api_page_lists_every_public_name():
    api = (DOCS / "api.md").read_text()
    missing = []
    for package in SUBPACKAGES:
        for name in importlib.import_module(f"algocompare.{package}").__all__:
            if f"algocompare.{name}\n" not in api and f"algocompare.{name}.{name}\n" not in api:
                missing.append(name)
    for name in importlib.import_module("algocompare.plots").__all__:
        if f"algocompare.plots.{name}\n" not in api:
            missing.append(f"plots.{name}")
    assert not missing, f"add to docs/api.md: {missing}"


def test_pages_exist_and_are_in_the_toctree():
    index = (DOCS / "index.md").read_text()
    for page in PAGES:
        assert (DOCS / f"{page}.md").exists(), page
        assert f"\n{page}\n" in index, page


def test_getting_started_matches_readme():
    readme = (ROOT / "README.md").read_text()
    page = (DOCS / "getting-started.md").read_text()
    for command in ('python3 -m pip install . && algocompare analyze',
                    'python3 -m pip install ".[test]" && python3 -m pytest'):
        assert command in readme and command in page


def _source_copy(tmp_path: Path) -> Path:
    """docs/, notebooks/ and the README (included by getting-started) copied to tmp_path, so that
    what the build generates beside its sources (autosummary pages, the notebooks conf.py
    copies, myst-nb outputs) stays there."""
    src = tmp_path / "src"
    shutil.copytree(DOCS, src / "docs", ignore=shutil.ignore_patterns(*BUILD_OUTPUTS))
    shutil.copy2(ROOT / "README.md", src / "README.md")
    shutil.copy2(ROOT / "CONTRIBUTING.md", src / "CONTRIBUTING.md")  # included by docs/contributing.md
    shutil.copytree(ROOT / "notebooks", src / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return src / "docs"


def test_sphinx_build_without_warnings(tmp_path):
    out = tmp_path / "html"
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           "-d", str(tmp_path / "doctrees"), str(_source_copy(tmp_path)), str(out)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert proc.returncode == 0, proc.stderr[-5000:]
    for page in PAGES:
        assert (out / f"{page}.html").exists(), page
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        html = (out / "notebooks" / f"{notebook.stem}.html")
        assert html.exists(), notebook.name
    assert "<img" in (out / "notebooks" / "01_cec2005_nonparametric.html").read_text()
