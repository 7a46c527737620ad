"""algocompare: statistical comparison of algorithms on sets of problem instances.

The top-level namespace re-exports the public API of every subpackage. Subpackages are
imported lazily on first use so that ``import algocompare`` stays light (it imports
neither matplotlib nor scipy until a function needs them).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: Subpackages whose ``__all__`` forms the top-level API, in lookup order.
_SUBPACKAGES = ("data", "frequentist", "posthoc", "severity", "samplesize", "permutation",
                "consensus", "bayesian", "report")

#: Where each public name lives, so a lookup imports only the subpackage it needs.
_API: dict[str, str] = {
    "Results": "data", "read": "data", "load_dataset": "data", "list_datasets": "data",
    "simulate_runs": "data", "Simulation": "data",
}


def _submodule(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


def __getattr__(name: str) -> Any:
    if name in ("plots", "cli") or name in _SUBPACKAGES or name in ("ranking",):
        return _submodule(name)
    if name in _API:
        return getattr(_submodule(_API[name]), name)
    if not name.startswith("_"):
        for package in _SUBPACKAGES:
            try:
                module = _submodule(package)
            except ModuleNotFoundError as err:
                if err.name == f"{__name__}.{package}":
                    continue
                raise
            if name in getattr(module, "__all__", ()):
                return getattr(module, name)
    raise AttributeError(f"module 'algocompare' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API))
