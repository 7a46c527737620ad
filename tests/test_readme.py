"""The README's code runs as written: its Python blocks and its `algocompare` commands.

Each runs in an empty temporary directory holding a copy of ``examples/`` (the files the
README names), so commands that write files (``--report out.html``, ``--figure ...``)
write there.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from algocompare.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES_README = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")

#: Commands of the README that install or test the package rather than use it.
SETUP_COMMANDS = (["python3", "-m", "pip", "install"], ["python3", "-m", "pytest"])
#: Options whose argument is a file (or, for the directories, a folder) the command must write.
WRITTEN_FILES = ("--report", "--figure")
WRITTEN_FOLDERS = ("--latex", "--figures")


def code_blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)


def shell_commands(text: str) -> list[list[str]]:
    """Every command of the bash blocks as argv (comments dropped, ``a && b`` split)."""
    commands = []
    for block in code_blocks(text, "bash"):
        for line in block.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words:
                    commands.append(words)
    return commands


PYTHON_BLOCKS = code_blocks(README, "python")
ALGOCOMPARE_COMMANDS = [words[1:] for words in shell_commands(README) if words[0] == "algocompare"]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """An empty working directory with the README's example files."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    import matplotlib.pyplot as plt

    plt.close("all")


def test_readme_has_the_blocks_this_test_runs():
    assert PYTHON_BLOCKS, "the README has no ```python block"
    assert len(ALGOCOMPARE_COMMANDS) >= 10, ALGOCOMPARE_COMMANDS
    assert ["analyze", "examples/results_long.csv"] in ALGOCOMPARE_COMMANDS
    # the two commands of a fresh machine stay first
    assert shell_commands(README)[:4] == [["python3", "-m", "pip", "install", "."], ["algocompare", "analyze"],
                                          ["python3", "-m", "pip", "install", ".[test]"],
                                          ["python3", "-m", "pytest"]]


def test_every_shell_command_is_run_here_or_sets_up_the_package():
    for words in shell_commands(README):
        assert words[0] == "algocompare" or any(words[:len(s)] == list(s) for s in SETUP_COMMANDS), (
            f"README command {' '.join(words)!r} is neither an algocompare command (run by this test) "
            "nor an install/test command")


@pytest.mark.parametrize("index", range(len(PYTHON_BLOCKS)), ids=lambda i: f"python-block-{i + 1}")
def test_python_block_runs(index, workdir):
    namespace: dict = {"__name__": "__readme__"}
    exec(compile(PYTHON_BLOCKS[index], f"README.md, python block {index + 1}", "exec"), namespace)
    if index == 0:  # the quick start: the bundled CEC'2017 table and the shipped example file
        assert namespace["res"].n_algorithms == 14
        runs = namespace["runs"]
        assert (runs.n_instances, runs.n_algorithms, runs.has_runs) == (10, 4, True)


@pytest.mark.parametrize("argv", ALGOCOMPARE_COMMANDS, ids=" ".join)
def test_command_runs(argv, workdir, capsys):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, f"algocompare {' '.join(argv)} exited with {code}: {err}"
    assert out.strip(), "the command printed nothing"
    for option, value in zip(argv, argv[1:], strict=False):
        if option in WRITTEN_FILES:
            assert (workdir / value).is_file() and (workdir / value).stat().st_size > 0, value
        if option in WRITTEN_FOLDERS:
            assert any((workdir / value).iterdir()), value


def test_example_file_is_what_examples_readme_says(tmp_path, monkeypatch):
    """examples/README.md's code regenerates examples/results_long.csv."""
    (tmp_path / "examples").mkdir()
    monkeypatch.chdir(tmp_path)
    (block,) = code_blocks(EXAMPLES_README, "python")
    exec(compile(block, "examples/README.md", "exec"), {"__name__": "__examples__"})
    made = pd.read_csv(tmp_path / "examples" / "results_long.csv")
    shipped = pd.read_csv(ROOT / "examples" / "results_long.csv")
    assert list(shipped.columns) == ["instance", "algorithm", "run", "value"]
    assert made[["instance", "algorithm", "run"]].equals(shipped[["instance", "algorithm", "run"]])
    np.testing.assert_allclose(made["value"], shipped["value"], rtol=0, atol=1e-9)
