"""The fingerprint of a study: what a results file was written for, and how two studies differ.

A fingerprint is a JSON object (``format`` 1)::

    {"format": 1, "seed": "42", "package": "0.1.0",
     "algorithms": [["fast", "code:3f1c..."], ["slow", "version:2.1"], ["cmd", "command:9ab0..."]],
     "instances": [[0, "5d2e..."], [1, "77a1..."], ...],
     "design": {"d": 1.0, "power": 0.8, ..., "n_resamples": 999}}

* ``seed``: the entropy every run's seed derives from (a string: it may exceed 64 bits);
* ``algorithms``: names in the given order, each with ``version:<v>`` when the user gave
  ``versions={name: v}``, ``command:<hash>`` of a command template, or ``code:<hash>`` of
  a callable's code — bytecode, constants and names (not comments, file names or line
  numbers), defaults, closure values, the functions and constants of its own module that
  it uses (two levels deep) and, for a callable object, its class's ``__call__`` and its
  attributes (simple values only; other objects count by their type);
* ``instances``: label and a hash of the instance's content (of its text for numbers,
  strings, arrays and containers of them, else of its pickle), in the given order;
* ``design``: every option that decides which runs are made (N\\*, the sampling plan).

Hashes are the first 16 hex digits of SHA-256. :func:`differences` lists, in words, what
differs between a recorded fingerprint and the current one.
"""

from __future__ import annotations

import functools
import hashlib
import json
import pickle
import sys
import types
from typing import Any

import numpy as np

FORMAT = 1
_DEPTH = 6
_HELPER_DEPTH = 2  # helpers of helpers of the algorithm, no deeper


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _stable(value: Any, depth: int = 0) -> str:
    """A text of ``value`` that is the same in every session (no addresses, no hash order)."""
    if depth > _DEPTH:
        return type(value).__qualname__
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, np.generic)):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return type(value).__name__ + "(" + ",".join(_stable(x, depth + 1) for x in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "set(" + ",".join(sorted(_stable(x, depth + 1) for x in value)) + ")"
    if isinstance(value, dict):
        return "dict(" + ",".join(sorted(f"{_stable(k, depth + 1)}:{_stable(v, depth + 1)}"
                                         for k, v in value.items())) + ")"
    if isinstance(value, np.ndarray):
        return f"array({value.dtype},{value.shape},{_digest(np.ascontiguousarray(value).tobytes())})"
    if callable(value):
        return _callable_text(value, depth + 1)
    text = repr(value)
    return type(value).__qualname__ if " at 0x" in text else text


def _code_text(code: types.CodeType) -> str:
    consts = [_code_text(c) if isinstance(c, types.CodeType) else _stable(c) for c in code.co_consts]
    return f"code({code.co_code.hex()};{code.co_names};{code.co_varnames};{code.co_freevars};{consts})"


def _callable_text(obj: Any, depth: int = 0) -> str:
    if depth > _DEPTH:
        return type(obj).__qualname__
    if isinstance(obj, functools.partial):
        return (f"partial({_callable_text(obj.func, depth + 1)};{_stable(obj.args, depth + 1)};"
                f"{_stable(obj.keywords, depth + 1)})")
    if isinstance(obj, types.MethodType):
        return f"method({_callable_text(obj.__func__, depth + 1)};{_state(obj.__self__, depth + 1)})"
    if isinstance(obj, types.FunctionType):
        cells = [_stable(c.cell_contents, depth + 1) if _filled(c) else "empty" for c in obj.__closure__ or ()]
        return (f"function({_code_text(obj.__code__)};{_stable(obj.__defaults__, depth + 1)};"
                f"{_stable(obj.__kwdefaults__, depth + 1)};{cells};{_globals_text(obj, depth)})")
    if isinstance(obj, type) or not hasattr(type(obj), "__call__") or isinstance(obj, types.BuiltinFunctionType):
        return f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', type(obj).__qualname__)}"
    call = type(obj).__call__
    inner = _callable_text(call, depth + 1) if isinstance(call, types.FunctionType) else type(obj).__qualname__
    return f"object({type(obj).__qualname__};{inner};{_state(obj, depth + 1)})"


def _global_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _global_names(const)
    return names


def _globals_text(function: types.FunctionType, depth: int) -> str:
    """The module-level functions and constants of the function's own module that it uses.

    A helper or a constant changed in a notebook changes the results as surely as the
    function's own code; imported modules and objects from other modules are left out.
    """
    if depth > _HELPER_DEPTH:
        return ""
    parts = []
    for name in sorted(_global_names(function.__code__)):
        value = function.__globals__.get(name)
        if isinstance(value, types.FunctionType) and value.__module__ == function.__module__:
            parts.append(f"{name}={_callable_text(value, depth + 1)}")
        elif isinstance(value, (bool, int, float, complex, str, bytes, tuple, np.generic)):
            parts.append(f"{name}={_stable(value, depth + 1)}")
    return ",".join(parts)


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _state(obj: Any, depth: int) -> str:
    return _stable(vars(obj), depth) if hasattr(obj, "__dict__") else type(obj).__qualname__


def algorithm_tag(algorithm: Any, version: Any = None) -> str:
    """``version:<v>``, ``command:<hash>`` or ``code:<hash>`` (see the module docstring)."""
    if version is not None:
        return f"version:{version}"
    if isinstance(algorithm, str):
        return f"command:{_digest(algorithm.encode())}"
    return f"code:{_digest(_callable_text(algorithm).encode())}"


def _plain(value: Any, depth: int = 0) -> bool:
    """Whether :func:`_stable` describes ``value`` completely (numbers, text, arrays, containers of them)."""
    if depth > _DEPTH:
        return False
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, np.generic)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype != object
    if isinstance(value, (tuple, list, set, frozenset)):
        return all(_plain(x, depth + 1) for x in value)
    if isinstance(value, dict):
        return all(_plain(k, depth + 1) and _plain(x, depth + 1) for k, x in value.items())
    return False


def instance_tag(instance: Any) -> str:
    """Hash of the instance's content: its stable text when plain (a set's order varies between
    sessions, its text does not), else its pickle."""
    if _plain(instance):
        return _digest(_stable(instance).encode())
    try:
        return _digest(pickle.dumps(instance, protocol=4))
    except Exception:  # noqa: BLE001 - unpicklable: its stable text is the best there is
        return _digest(_stable(instance).encode())


def _label(label: Any) -> Any:
    return int(label) if isinstance(label, (int, np.integer)) and not isinstance(label, bool) else str(label)


def make(*, entropy: int, names: list, algorithms: list, versions: dict, labels: list, items: list,
         design: dict, package: str) -> dict:
    return {"format": FORMAT, "seed": str(entropy), "package": package,
            "python": f"{sys.version_info.major}.{sys.version_info.minor}",
            "algorithms": [[_label(n), algorithm_tag(a, versions.get(n))] for n, a in zip(names, algorithms)],
            "instances": [[_label(label), instance_tag(item)] for label, item in zip(labels, items)],
            "design": {key: (float(val) if isinstance(val, (float, np.floating)) else val)
                       for key, val in design.items()}}


def dumps(fingerprint: dict) -> str:
    return json.dumps(fingerprint, separators=(",", ":"))


def loads(text: str) -> dict:
    fingerprint = json.loads(text)
    if not isinstance(fingerprint, dict) or fingerprint.get("format") != FORMAT:
        raise ValueError(f"unknown study fingerprint format {fingerprint.get('format')!r}.")
    return fingerprint


def _listing(items: list, limit: int = 6) -> str:
    shown = ", ".join(repr(x) for x in items[:limit])
    return f"[{shown}{', ...' if len(items) > limit else ''}] ({len(items)})"


def differences(recorded: dict, current: dict) -> list[str]:
    """What differs between the recorded study and the current one, in words (empty: same study)."""
    out = []
    if recorded["seed"] != current["seed"]:
        out.append(f"rng seed: recorded {recorded['seed']}, now {current['seed']} (pass rng=None to use the "
                   "recorded seed)")
    if recorded["package"] != current["package"]:
        out.append(f"algocompare version: recorded {recorded['package']}, now {current['package']}")
    code = _algorithm_differences(recorded["algorithms"], current["algorithms"])
    if code and recorded.get("python") != current["python"]:
        code.append(f"Python version: recorded {recorded.get('python')}, now {current['python']} (code hashes are "
                    "of bytecode, which changes with the Python version)")
    out += code
    out += _instance_differences(recorded["instances"], current["instances"])
    for key in sorted(set(recorded["design"]) | set(current["design"])):
        was, now = recorded["design"].get(key), current["design"].get(key)
        if was != now:
            out.append(f"{key}: recorded {was!r}, now {now!r}")
    return out


def _algorithm_differences(recorded: list, current: list) -> list[str]:
    names_was, names_now = [n for n, _ in recorded], [n for n, _ in current]
    if names_was != names_now:
        if sorted(map(str, names_was)) == sorted(map(str, names_now)):
            return [f"algorithm order: recorded {names_was}, now {names_now} (pass them in the recorded order)"]
        return [f"algorithms: recorded {names_was}, now {names_now}"]
    out = []
    for (name, was), (_, now) in zip(recorded, current):
        if was != now:
            kind = "version" if "version:" in was + now else "code"
            out.append(f"{kind} of algorithm {name!r} differs from the recorded one ({was} vs {now}); results of "
                       "another function cannot be mixed in (if only its text changed, not its results, give "
                       "the same versions={...} in both studies)")
    return out


def _instance_differences(recorded: list, current: list) -> list[str]:
    labels_was, labels_now = [x for x, _ in recorded], [x for x, _ in current]
    if labels_was != labels_now:
        if sorted(map(str, labels_was)) == sorted(map(str, labels_now)):
            return [f"instance order: recorded {_listing(labels_was)}, now {_listing(labels_now)} (pass them "
                    "in the recorded order)"]
        return [f"instances: recorded {_listing(labels_was)}, now {_listing(labels_now)}"]
    changed = [label for (label, was), (_, now) in zip(recorded, current) if was != now]
    return [f"content of instance(s) {_listing(changed)} differs from the recorded one"] if changed else []
