"""Assemble a subpackage's public API from the modules several areas contribute to it."""

from __future__ import annotations

import importlib
from typing import Any


def collect(package: str, modules: tuple[str, ...]) -> dict[str, Any]:
    """Import ``package.module`` for each module that exists and gather its ``__all__``.

    A module that is not there (an area not yet built) is skipped; any other import
    error propagates.
    """
    names: dict[str, Any] = {}
    for module_name in modules:
        full = f"{package}.{module_name}"
        try:
            module = importlib.import_module(full)
        except ModuleNotFoundError as err:
            if err.name is not None and (full == err.name or full.startswith(err.name + ".")):
                continue
            raise
        for name in getattr(module, "__all__", ()):
            names[name] = getattr(module, name)
    return names
