"""Subpackages that are also their main function: ``ac.posthoc(...)`` and ``ac.posthoc.adjust_pvalues``.

``posthoc``, ``severity`` and ``consensus`` are each both a subpackage and the function users
call most in it. Importing a subpackage binds its name on the parent package, so
``algocompare.posthoc`` is the module object whatever the top-level ``__getattr__`` says; a
module whose class is callable keeps both spellings working, and every module attribute
(``ac.posthoc.adjust_pvalues``) where it was. The alternatives were worse: renaming the
subpackages breaks every ``from algocompare.posthoc import ...``; replacing the module
attribute by the function loses the subpackage's names.
"""

from __future__ import annotations

import inspect
import sys
import types
from typing import Any

__all__ = ["make_callable"]


class _CallablePackage(types.ModuleType):
    """A subpackage that, when called, runs its namesake function."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(self, self.__name__.rsplit(".", 1)[-1])(*args, **kwargs)


def make_callable(package: str) -> None:
    """Let ``algocompare.<name>(...)`` call the function ``<name>`` of subpackage ``<name>``.

    The module carries the function's signature and its docstring comes first, so that
    ``inspect.signature(ac.posthoc)`` and ``help(ac.posthoc)`` show the parameters users look
    for, followed by the subpackage's description.

    Parameters
    ----------
    package : str
        The subpackage's module name (its ``__name__``); it must define the function of the
        same name as its last component.

    Returns
    -------
    None
        The module in ``sys.modules`` is changed in place.
    """
    module = sys.modules[package]
    function = getattr(module, package.rsplit(".", 1)[-1])
    module.__class__ = _CallablePackage
    module.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
    module.__doc__ = (f"{function.__name__}{module.__signature__}\n\n{inspect.getdoc(function)}\n\n"  # type: ignore[attr-defined]
                      f"The subpackage {package}:\n\n{inspect.cleandoc(module.__doc__ or '')}")
