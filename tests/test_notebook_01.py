"""Issue 25: notebook 01 uses the package's current spellings and runs without a warning."""

import json
from pathlib import Path

import nbclient
import nbformat

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "01_cec2005_nonparametric.ipynb"


def test_notebook_01_uses_the_current_spellings():
    code = "\n".join("".join(cell["source"]) for cell in json.loads(NOTEBOOK.read_text())["cells"]
                     if cell["cell_type"] == "code")
    assert "correction=corr" not in code and 'method="bonferroni_dunn"' not in code and "p_adjust=corr" in code
    assert "tight_layout" not in code  # the package's figures fit themselves; tight_layout warned


def test_notebook_01_runs_without_warnings(monkeypatch):
    # every former spelling warns (by default since issue 26); a warning is printed on stderr
    monkeypatch.setenv("ALGOCOMPARE_FAST", "1")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    stderr = [out["text"] for cell in notebook.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "stream" and out.get("name") == "stderr"]
    assert not stderr, stderr
