"""One meaning of ``progress=`` across the package (issue 19, algocompare._progress)."""

from __future__ import annotations

import io

import pytest

from algocompare import _progress


def test_progress_values():
    assert _progress.progress_bar(False, total=3) is None
    with pytest.raises(TypeError, match="progress must be True, False or None"):
        _progress.progress_bar("yes", total=3)
    shown = _progress.progress_bar(True, total=3, desc="work")
    try:
        assert not shown.disable
    finally:
        shown.close()
    automatic = _progress.progress_bar(None, total=3)  # standard error is captured: not a terminal
    try:
        assert automatic.disable
    finally:
        automatic.close()


def test_automatic_bar_waits_for_the_delay(monkeypatch):
    """On a terminal, None shows the bar only once the work has lasted DELAY seconds."""
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    bar = _progress.progress_bar(None, total=2, desc="quick")
    bar.update(2)
    bar.close()
    assert "quick" not in terminal.getvalue()
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    bar = _progress.progress_bar(None, total=2, desc="shown")
    bar.update(2)
    bar.close()
    assert "shown" in terminal.getvalue()
