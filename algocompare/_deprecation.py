"""Deprecation aliases: old parameter names, old option values, old fields, old modules.

Everything renamed by the vocabulary of :mod:`algocompare._options` keeps working under its
old name until algocompare 0.4, with a warning: each use of an old spelling emits a
``DeprecationWarning`` that names the new spelling and the release that removes the old one,
and points at the caller's line (the first frame outside the package), as scipy's do.

Why ``DeprecationWarning`` and not ``FutureWarning``: pointed at the user's line, Python's
default filters show it in a script (``__main__``), in notebooks and in test suites (pytest
lists it), which are where old spellings are typed; it stays hidden when another library
calls algocompare on its users' behalf, who could not fix it (``FutureWarning`` would be
shown to them). To stop at the first old spelling run ``python -W error::DeprecationWarning
script.py``; to silence them, ``warnings.filterwarnings("ignore", category=DeprecationWarning,
module="algocompare")`` or ``-W ignore::DeprecationWarning``. CHANGELOG.md lists every alias.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import sys
import types
import warnings
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

__all__ = ["keyword_only_from", "renamed_parameters", "renamed_value", "renamed_field", "renamed_init",
           "warn_renamed"]

F = TypeVar("F", bound=Callable[..., Any])

#: Release in which the aliases go away; named in every warning.
REMOVED_IN = "0.4"


def warn_renamed(old: str, new: str, where: str) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``, pointing at the user's line: the
    first frame outside the package (wrappers and helpers in between are skipped), so that
    Python's default filters show it where the user typed it."""
    warnings.warn(f"{where}: {old} is deprecated and will be removed in algocompare {REMOVED_IN}; "
                  f"use {new}.", DeprecationWarning, stacklevel=_outside_the_package())


def _outside_the_package() -> int:
    """``stacklevel`` of the first caller outside algocompare/ and the import machinery (as
    Python 3.12's ``skip_file_prefixes``, which 3.10 and 3.11 lack).

    Counted as :func:`warnings.warn` counts: it does not count the frames of
    ``importlib._bootstrap``, which an ``import`` statement runs between the user's line and a
    module that warns on import; ``importlib.import_module`` itself is passed over too.
    """
    frame: types.FrameType | None = sys._getframe(1)  # warn_renamed, warnings.warn's frame 1
    level = 1
    while frame is not None:
        frame = frame.f_back
        while frame is not None and _internal(frame):
            frame = frame.f_back
        if frame is None:
            break
        level += 1
        if not frame.f_code.co_filename.startswith((_PACKAGE, _IMPORTLIB)):
            break
    return level


def _internal(frame: types.FrameType) -> bool:
    """A frame :func:`warnings.warn` skips without counting (its ``_is_internal_frame``)."""
    filename = frame.f_code.co_filename
    return "importlib" in filename and "_bootstrap" in filename


_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep
_IMPORTLIB = os.path.dirname(importlib.__file__) + os.sep


def renamed_parameters(**renames: str) -> Callable[[F], F]:
    """Accept ``old=...`` keywords as ``new=...`` with a warning (``renamed_parameters(old="new")``).

    The wrapped function keeps its signature (``inspect.signature`` and ``help`` show the new
    names only). Passing both spellings is a TypeError.
    """
    def decorate(function: F) -> F:
        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            for old, new in renames.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{wrapper.__name__}() got both {old}= (deprecated) and "
                                        f"{new}=; pass only {new}=.")
                    warn_renamed(f"the parameter {old}=", f"{new}=", f"{wrapper.__name__}()")
                    kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)
        return wrapper  # type: ignore[return-value]
    return decorate


def renamed_init(**renames: str) -> Callable[[type], type]:
    """Class decorator: the constructor accepts ``old=...`` for the renamed field ``new`` (with
    a warning), and ``instance.old`` reads it (with a warning), for one release."""
    def decorate(cls: type) -> type:
        init = renamed_parameters(**renames)(cls.__init__)  # type: ignore[misc]
        init.__name__ = cls.__name__  # the warning names the class, not __init__
        cls.__init__ = init  # type: ignore[misc]
        for old, new in renames.items():
            alias = renamed_field(new)
            alias.__set_name__(cls, old)
            setattr(cls, old, alias)
        return cls
    return decorate


def keyword_only_from(first: str) -> Callable[[F], F]:
    """Make ``first`` and the parameters after it keyword-only (``help`` shows them after
    ``*``); a call that still passes them by position works for one release, with a warning
    that names them."""
    def decorate(function: F) -> F:
        signature = inspect.signature(function)
        names = list(signature.parameters)
        start = names.index(first)
        movable = [name for name in names[start:]
                   if signature.parameters[name].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
        shown = signature.replace(parameters=[
            p.replace(kind=inspect.Parameter.KEYWORD_ONLY) if p.name in movable else p
            for p in signature.parameters.values()])

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if len(args) > start:
                extra = dict(zip(movable, args[start:], strict=False))
                for name in extra:
                    if name in kwargs:
                        raise TypeError(f"{function.__name__}() got multiple values for argument {name!r}.")
                warn_renamed(f"passing {', '.join(extra)} by position", f"{', '.join(f'{n}=' for n in extra)}",
                             f"{function.__name__}()")
                args, kwargs = args[:start], {**kwargs, **extra}
            return function(*args, **kwargs)
        wrapper.__signature__ = shown  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]
    return decorate


def renamed_value(function: str, parameter: str, value: Any, renames: Mapping[Any, Any]) -> Any:
    """Return the new spelling of an old option value, warning once per call."""
    try:
        new = renames[value]
    except (KeyError, TypeError):
        return value
    warn_renamed(f"{parameter}={value!r}", f"{parameter}={new!r}", f"{function}()")
    return new


class renamed_field:
    """A read-only attribute under a result's old field name: returns ``new`` with a warning.

    Use in a class body: ``ci_lower = renamed_field("ci_low")``. It is not a dataclass field,
    so ``to_dict``/``to_frame`` show the new name only.
    """

    def __init__(self, new: str) -> None:
        self.new = new
        self.old = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.old = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        warn_renamed(f"the field .{self.old}", f".{self.new}", type(instance).__name__)
        return getattr(instance, self.new)
