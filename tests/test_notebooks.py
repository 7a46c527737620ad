"""Every notebook in notebooks/ runs top to bottom from a fresh kernel (small sizes: ALGOCOMPARE_FAST=1)."""

import os
from pathlib import Path

import nbclient
import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_executes(path, monkeypatch):
    monkeypatch.setenv("ALGOCOMPARE_FAST", "1")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # raises CellExecutionError naming the failing cell
    errors = [out for cell in notebook.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors


def test_notebooks_present():
    names = {p.name for p in PATHS}
    assert {"01_cec2005_nonparametric.ipynb", "05_designing_a_study.ipynb"} <= names
    assert os.path.exists(NOTEBOOKS / "README.md")
