"""One policy for reading two samples, paired or independent (in the spirit of scipy's
``_axis_nan_policy``): each public function that takes ``x`` and ``y`` declares once how it
reads them, with :func:`takes_two_samples`, and reads them with :func:`read_samples`.

* **Paired** samples (one value per instance, same order): ``nan_policy="omit"`` drops a
  pair when either value is missing — never a single value, which would break the pairing
  — and the result records the dropped pairs' labels in ``dropped_pairs`` (the index of
  ``x`` when it is a Series, else of ``y``, else positions).
* **Independent** samples (e.g. two algorithms' runs): ``"omit"`` drops the missing values
  of each sample; the result records them in ``dropped_values = {"x": ..., "y": ...}``.
* ``nan_policy="raise"`` (the default) refuses a missing value with a one-line error that
  names the fix. Infinite values and text are refused whatever the policy.

The declaration writes the ``nan_policy`` entry into the function's numpydoc Parameters
section (so every function that takes samples documents it the same way) and lists the
function in :data:`DECLARED` (a test checks that every public function with ``x, y``
samples is declared).

Examples
--------
>>> from algocompare._samples import read_samples
>>> s = read_samples([1.0, float("nan"), 3.0], [2.0, 2.5, 1.0], paired=True, nan_policy="omit")
>>> s.x, s.y, s.recorded
(array([1., 3.]), array([2., 1.]), {'dropped_pairs': (1,)})
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from algocompare import _validation as v

__all__ = ["Samples", "read_samples", "takes_two_samples", "DECLARED", "PAIRED", "INDEPENDENT", "BY_ARGUMENT"]

F = TypeVar("F", bound=Callable[..., Any])

#: how a function reads its two samples
PAIRED, INDEPENDENT, BY_ARGUMENT = "paired", "independent", "by the paired argument"

#: every function declared with :func:`takes_two_samples` -> how it reads its samples
DECLARED: dict[str, str] = {}

_DOC = {
    PAIRED: ("nan_policy : {{{values}}}, default \"raise\"\n"
             "    ``\"raise\"`` refuses a missing value (NaN); ``\"omit\"`` drops each pair with a\n"
             "    missing value (never a single value, which would break the pairing) and records\n"
             "    the dropped pairs' labels in the result's ``dropped_pairs``."),
    INDEPENDENT: ("nan_policy : {{{values}}}, default \"raise\"\n"
                  "    ``\"raise\"`` refuses a missing value (NaN); ``\"omit\"`` drops the missing values\n"
                  "    of each sample and records them in the result's ``dropped_values``\n"
                  "    (``{{\"x\": ..., \"y\": ...}}``)."),
    BY_ARGUMENT: ("nan_policy : {{{values}}}, default \"raise\"\n"
                  "    ``\"raise\"`` refuses a missing value (NaN); ``\"omit\"`` drops, with\n"
                  "    ``paired=True``, each pair with a missing value (recorded in the result's\n"
                  "    ``dropped_pairs``), otherwise the missing values of each sample (recorded in\n"
                  "    ``dropped_values``, ``{{\"x\": ..., \"y\": ...}}``)."),
}


@dataclass(frozen=True)
class Samples:
    """Two samples as float arrays, and what ``nan_policy="omit"`` dropped."""

    x: np.ndarray
    y: np.ndarray
    paired: bool
    #: the result's ``dropped_pairs`` or ``dropped_values`` field, ready to pass as ``**recorded``
    recorded: dict[str, Any] = field(default_factory=dict)


def read_samples(x: Any, y: Any, *, paired: bool, nan_policy: str, min_size: int = 2) -> Samples:
    """Validate two samples and apply ``nan_policy`` as the module says.

    ``min_size`` is the least number of pairs (paired) or of values in each sample. The
    error messages are those of :func:`algocompare._validation.as_paired_recorded` and
    :func:`~algocompare._validation.as_sample_recorded`.
    """
    if paired:
        a, b, dropped = v.as_paired_recorded(x, y, nan_policy=nan_policy, min_size=min_size)
        return Samples(a, b, True, {"dropped_pairs": dropped})
    a, dropped_x = v.as_sample_recorded(x, "x", nan_policy=nan_policy, min_size=min_size)
    b, dropped_y = v.as_sample_recorded(y, "y", nan_policy=nan_policy, min_size=min_size)
    return Samples(a, b, False, {"dropped_values": {"x": dropped_x, "y": dropped_y}})


def takes_two_samples(how: str, nan_policies: tuple[str, ...] = v.NAN_POLICIES) -> Callable[[F], F]:
    """Declare how a function reads its samples ``x`` and ``y`` (:data:`PAIRED`,
    :data:`INDEPENDENT` or :data:`BY_ARGUMENT`, its ``paired`` parameter) and document its
    ``nan_policy`` in its Parameters section. The function itself is returned unchanged."""
    v.check_option("how", how, tuple(_DOC))

    def declare(function: F) -> F:
        parameters = inspect.signature(function).parameters
        needed = ("x", "y", "nan_policy") + (("paired",) if how == BY_ARGUMENT else ())
        missing = [name for name in needed if name not in parameters]
        if missing:  # a declaration that does not fit its function is a bug: say so at import
            raise TypeError(f"{function.__name__} is declared to take two samples ({how}) but has no "
                            f"parameter {', '.join(missing)}.")
        values = ", ".join(f'"{p}"' for p in nan_policies)
        if function.__doc__:  # None under python -OO
            function.__doc__ = with_parameter(function.__doc__, "nan_policy", _DOC[how].format(values=values))
        DECLARED[function.__name__] = how
        return function

    return declare


_SECTION = re.compile(r"^(?P<indent>[ ]*)(?P<title>[A-Z][A-Za-z ]+)\n(?P=indent)-{3,}[ ]*$", re.MULTILINE)


def with_parameter(doc: str, name: str, entry: str) -> str:
    """``doc`` with the numpydoc ``entry`` (unindented, first line ``name : ...``) as the
    entry of parameter ``name``: it replaces an existing entry of that name, else ends the
    Parameters section, which is created (before the first other section) if missing."""
    sections = list(_SECTION.finditer(doc))
    indent = sections[0].group("indent") if sections else _body_indent(doc)
    block = "\n".join(indent + line if line else line for line in entry.splitlines()) + "\n"
    params = next((s for s in sections if s.group("title") == "Parameters"), None)
    if params is None:  # a new section, before the first other one or at the end
        new_section = f"{indent}Parameters\n{indent}----------\n" + block
        if sections:
            return doc[:sections[0].start()] + new_section + "\n" + doc[sections[0].start():]
        return doc.rstrip() + "\n\n" + new_section + indent
    following = next((s for s in sections if s.start() > params.start()), None)
    end = following.start() if following else len(doc)
    body = doc[params.end() + 1:end]
    # the entry: its "name : type" line, then its indented description (and blank lines)
    entry_pattern = rf"^{re.escape(indent)}{re.escape(name)}\b[^\n]*\n(?:(?:{re.escape(indent)}[ ]+[^\n]*|[ ]*)\n)*"
    existing = re.search(entry_pattern, body, re.MULTILINE)
    if existing:
        trailing_blank = "\n" if existing.group(0).endswith("\n\n") else ""
        body = body[:existing.start()] + block + trailing_blank + body[existing.end():]
    else:
        stripped = body.rstrip()
        body = (stripped + "\n" if stripped else "") + block + ("\n" if following else indent)
    return doc[:params.end() + 1] + body + doc[end:]


def _body_indent(doc: str) -> str:
    lines = [line for line in doc.splitlines()[1:] if line.strip()]
    return min((line[:len(line) - len(line.lstrip())] for line in lines), key=len, default="    ")
