"""Assemble a subpackage's public API from the modules several areas contribute to it."""

from __future__ import annotations

import importlib
import inspect
import sys
import types
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


class _CallablePackage(types.ModuleType):
    """A subpackage that, when called, runs its namesake function."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(self, self.__name__.rsplit(".", 1)[-1])(*args, **kwargs)


def make_callable(package: str) -> None:
    """Let ``algocompare.<name>(...)`` call the function ``<name>`` of subpackage ``<name>``.

    ``posthoc`` and ``severity`` are both a subpackage and its main function. Importing a
    subpackage binds its name on the parent package, so ``ac.posthoc`` is the module object
    whatever the top-level ``__getattr__`` says; a callable module keeps
    ``ac.posthoc(data, ...)`` and ``ac.posthoc.adjust_pvalues`` both working. The module
    carries the function's signature and its docstring comes first, so that
    ``inspect.signature(ac.posthoc)`` and ``help(ac.posthoc)`` show the parameters users
    look for, followed by the subpackage's description.
    """
    module = sys.modules[package]
    function = getattr(module, package.rsplit(".", 1)[-1])
    module.__class__ = _CallablePackage
    module.__signature__ = inspect.signature(function)
    module.__doc__ = (f"{function.__name__}{module.__signature__}\n\n{inspect.getdoc(function)}\n\n"
                      f"The subpackage {package}:\n\n{inspect.cleandoc(module.__doc__ or '')}")
