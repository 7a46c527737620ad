"""A table of procedures of one family (post-hoc tests, omnibus tests, adjustments), by key.

Each family keeps one :class:`Registry` of frozen entries (each has a ``key``); everything
that needs to know the family — the function that runs a procedure, the figures, the
report, the command line's choices — reads it, so that adding a procedure means adding one
entry. :meth:`Registry.keys` gives *live* views: a procedure registered later (a plug-in, a
test's fixture) appears in them at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar, overload

__all__ = ["Registry", "KeyView"]


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


E = TypeVar("E", bound=_Keyed)


class KeyView(Sequence[str]):
    """The keys of the entries of a registry that satisfy a condition, read anew at every use.

    Behaves as a tuple of strings (``in``, iteration, indexing, ``len``, ``+`` with a tuple,
    equality with a tuple).
    """

    def __init__(self, registry: Registry[Any], where: Callable[[Any], bool] | None = None) -> None:
        self._registry, self._where = registry, where

    def _keys(self) -> tuple[str, ...]:
        return tuple(e.key for e in self._registry if self._where is None or self._where(e))

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._keys()[index]

    def __len__(self) -> int:
        return len(self._keys())

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __contains__(self, key: object) -> bool:
        return key in self._keys()

    def __add__(self, other: Sequence[str]) -> tuple[str, ...]:
        return self._keys() + tuple(other)

    def __radd__(self, other: Sequence[str]) -> tuple[str, ...]:
        return tuple(other) + self._keys()

    def __eq__(self, other: object) -> bool:
        return self._keys() == (tuple(other) if isinstance(other, (tuple, list, KeyView)) else other)

    def __hash__(self) -> int:
        return hash(self._keys())

    def __repr__(self) -> str:
        return repr(self._keys())


class Registry(Generic[E]):
    """The entries of one family of procedures, in registration order.

    ``parameter`` is the name users pass a key under (``"test"``, ``"p_adjust"``): the
    error for an unknown key names it and lists the valid ones.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Colour:
    ...     key: str
    ...     warm: bool
    >>> colours = Registry("colour")
    >>> _ = colours.register(Colour("red", True)), colours.register(Colour("blue", False))
    >>> warm = colours.keys(lambda c: c.warm)
    >>> _ = colours.register(Colour("orange", True))
    >>> warm, colours["blue"].warm
    (('red', 'orange'), False)
    """

    def __init__(self, parameter: str) -> None:
        self.parameter = parameter
        self._entries: dict[str, E] = {}

    def register(self, entry: E, *, replace: bool = False) -> E:
        """Add ``entry``; an existing key is an error unless ``replace=True``."""
        if entry.key in self._entries and not replace:
            raise ValueError(f"{self.parameter}={entry.key!r} is already registered; pass replace=True to "
                             "replace it, or choose another key.")
        self._entries[entry.key] = entry
        return entry

    def unregister(self, key: str) -> E:
        """Remove and return the entry of ``key``."""
        entry = self[key]
        del self._entries[key]
        return entry

    def __getitem__(self, key: str) -> E:
        try:
            return self._entries[key]
        except (KeyError, TypeError):
            choices = ", ".join(repr(k) for k in self._entries)
            raise ValueError(f"{self.parameter}={key!r} is not valid; choose one of {choices}.") from None

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[E]:
        return iter(list(self._entries.values()))

    def __len__(self) -> int:
        return len(self._entries)

    def keys(self, where: Callable[[E], bool] | None = None) -> KeyView:
        """A live view of the keys (of the entries where ``where(entry)`` is true)."""
        return KeyView(self, where)
