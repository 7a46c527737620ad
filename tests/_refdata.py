"""Where the tests' reference data live: tests/data/, sources listed in tests/data/README.md."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def ref_path(name: str) -> Path:
    """Path of reference file ``name`` (e.g. ``"peers/cec17_d10_full.csv"``) under tests/data.

    A missing file raises FileNotFoundError: a test whose reference is gone must fail, not skip.
    """
    path = DATA / name
    if not path.is_file():
        raise FileNotFoundError(f"reference file {name!r} is missing from {DATA}")
    return path


def published(key: str) -> dict:
    """One entry of tests/data/published_values.json (values printed in a paper)."""
    return json.loads(ref_path("published_values.json").read_text(encoding="utf-8"))[key]
