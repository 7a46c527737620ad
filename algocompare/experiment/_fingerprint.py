"""The fingerprint of a study: what a results file was written for, and how two studies differ.

A fingerprint is a JSON object (``format`` 1)::

    {"format": 1, "seed": "42", "package": "0.1.0",
     "algorithms": [["fast", "code:3f1c...", {"global PARAMS": "8e0a...", "default scale": "11c4..."}],
                    ["slow", "version:2.1", {}], ["cmd", "command:9ab0...", {}]],
     "instances": [[0, "5d2e..."], [1, "77a1..."], ...],
     "design": {"d": 1.0, "power": 0.8, ..., "n_resamples": 999}}

* ``seed``: the entropy every run's seed derives from (a string: it may exceed 64 bits);
* ``algorithms``: names in the given order, each with ``version:<v>`` when the user gave
  ``versions={name: v}``, ``command:<hash>`` of a command template, or ``code:<hash>`` of
  a callable's code — bytecode, constants and names (not comments, file names or line
  numbers), defaults, closure values, the functions and settings of its own module that
  it uses (two levels deep) and, for a callable object, its class's ``__call__`` and its
  attributes — and the hash of each of those settings by name (``global PARAMS``,
  ``attribute level``, ``partial argument sd``, ``closure variable x``, ``default scale``),
  so that a refusal names what changed. A setting is a module-level value the code reads:
  a number, a string, a dict, list, tuple, set, NumPy array or pandas object (described
  whole, whatever it holds: dicts and sets in sorted order, arrays by dtype, shape and
  bytes), or a class or object defined in that module (its data attributes), and the
  settings it reads from a module of the user's own (``config.PARAMS`` after ``import
  config``; not the standard library or installed packages); other objects count by their
  type. Code in other modules (an edited library or helper module the algorithm calls) is
  not seen: give such an algorithm a version;
* ``instances``: label and a hash of the instance's content (of its text for numbers,
  strings, arrays and containers of them, else of its pickle), in the given order;
* ``design``: every option that decides which runs are made (N\\*, the sampling plan).

Hashes are the first 16 hex digits of SHA-256. :func:`differences` lists, in words, what
differs between a recorded fingerprint and the current one.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import pickle
import sys
import sysconfig
import types
from typing import Any

import numpy as np

FORMAT = 1
_DEPTH = 6
_HELPER_DEPTH = 2  # helpers of helpers of the algorithm, no deeper
_NEST = 100  # levels of nested containers described (deeper ones would exhaust the stack)
_SCALARS = (bool, int, float, complex, str, bytes, np.generic)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _stable(value: Any, depth: int = 0, nest: int = 0, active: frozenset = frozenset()) -> str:
    """A text of ``value`` that is the same in every session (no addresses, no hash order).

    Data (numbers, text, containers, arrays, pandas objects) is described completely, however
    deeply nested (``nest`` levels, up to ``_NEST``; a container that holds itself is written
    once); ``depth`` counts the callables and objects entered, up to ``_DEPTH``.
    """
    if value is None or isinstance(value, _SCALARS):
        return repr(value)
    if nest > _NEST:
        return "deeper"
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            return f"array(object,{value.shape},{_stable(value.ravel().tolist(), depth, nest + 1, active)})"
        return f"array({value.dtype},{value.shape},{_array_digest(value)})"
    if isinstance(value, (tuple, list, set, frozenset, dict)):
        if id(value) in active:
            return "itself"
        return _container_text(value, functools.partial(_stable, depth=depth, nest=nest + 1,
                                                        active=active | {id(value)}))
    pandas = _pandas_text(value)
    if pandas is not None:
        return pandas
    if depth > _DEPTH:
        return type(value).__qualname__
    if callable(value):
        return _callable_text(value, depth + 1)
    if dataclasses.is_dataclass(value) or isinstance(value, types.SimpleNamespace):
        return f"{type(value).__qualname__}{_state(value, depth + 1)}"
    return _repr(value)


def _repr(value: Any) -> str:
    """``repr`` without addresses (an object shown by its address counts by its type)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a user's __repr__ may fail: the type is what is known
        return type(value).__qualname__
    return type(value).__qualname__ if " at 0x" in text else text


def _array_digest(value: np.ndarray) -> str:
    """Hash of the array's bytes, without copying a contiguous array (a global may be a large data set)."""
    data = np.ascontiguousarray(value)
    try:
        return hashlib.sha256(data.reshape(-1).view(np.uint8).data).hexdigest()[:16]
    except (TypeError, ValueError):  # a dtype that cannot be viewed as bytes
        return _digest(data.tobytes())


def _container_text(value: Any, inner: Any) -> str:
    if isinstance(value, (tuple, list)):
        return type(value).__name__ + "(" + ",".join(inner(x) for x in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "set(" + ",".join(sorted(inner(x) for x in value)) + ")"
    return "dict(" + ",".join(sorted(f"{inner(k)}:{inner(v)}" for k, v in value.items())) + ")"


def _pandas_text(value: Any) -> str | None:
    """Labels, dtypes and a hash of the values of a pandas object (None for anything else)."""
    if not type(value).__module__.startswith("pandas"):
        return None
    import pandas as pd

    if not isinstance(value, (pd.DataFrame, pd.Series, pd.Index)):
        return None
    try:
        hashed = pd.util.hash_pandas_object(value, index=not isinstance(value, pd.Index)).to_numpy()
    except (TypeError, ValueError):  # unhashable cells: their text
        return f"{type(value).__name__}({_repr(value)})"
    labels = list(value.columns) if isinstance(value, pd.DataFrame) else [getattr(value, "name", None)]
    dtypes = value.dtypes.astype(str).tolist() if isinstance(value, pd.DataFrame) else [str(value.dtype)]
    return f"{type(value).__name__}({labels!r},{dtypes},{_digest(hashed.tobytes())})"


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
    if isinstance(obj, type) or not callable(type(obj)) or isinstance(obj, types.BuiltinFunctionType):
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


def _reads(function: types.FunctionType) -> list[tuple[str, Any]]:
    """The globals a function reads, by name: every global of its module that its code names,
    and the attributes it names of a module of the user's own (``config.PARAMS`` after
    ``import config``; not of the standard library or installed packages)."""
    names = _global_names(function.__code__)
    found = []
    for name in sorted(names & set(function.__globals__)):
        value = function.__globals__[name]
        found.append((name, value))
        if isinstance(value, types.ModuleType) and _user_module(value):
            found += [(f"{name}.{attr}", getattr(value, attr)) for attr in sorted(names & set(vars(value)))
                      if _is_setting(getattr(value, attr), value.__name__)]
    return found


@functools.lru_cache(maxsize=1)
def _library_folders() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    folders = {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib") if key in paths}
    folders |= {sys.prefix, sys.base_prefix, sys.exec_prefix}
    return tuple(os.path.join(os.path.realpath(folder), "") for folder in folders)


def _user_module(module: types.ModuleType) -> bool:
    path = getattr(module, "__file__", None)
    return bool(path) and not os.path.realpath(str(path)).startswith(_library_folders())


def _globals_text(function: types.FunctionType, depth: int) -> str:
    """The module-level functions and settings of the function's own module that it uses.

    A helper or a setting changed in a notebook (``PARAMS = {"sd": 2.0}``, a list, an array,
    an object of a class of that module, ``config.PARAMS`` of the user's own module) changes
    the results as surely as the function's own code; functions of other modules are left out.
    """
    if depth > _HELPER_DEPTH:
        return ""
    parts = []
    for name, value in _reads(function):
        if isinstance(value, types.FunctionType) and value.__module__ == function.__module__:
            parts.append(f"{name}={_callable_text(value, depth + 1)}")
        elif "." in name or _is_setting(value, function.__module__):
            parts.append(f"{name}={_setting_text(value, depth + 1)}")
    return ",".join(parts)


def _is_setting(value: Any, module: str) -> bool:
    """Whether a global of ``module`` is a setting: data, or a class or object defined in ``module``."""
    if value is None or isinstance(value, (*_SCALARS, tuple, list, set, frozenset, dict, np.ndarray)):
        return True
    if isinstance(value, (types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
        return False
    if _pandas_text(value) is not None or isinstance(value, types.SimpleNamespace):
        return True
    cls = value if isinstance(value, type) else type(value)
    return cls.__module__ == module


def _setting_text(value: Any, depth: int) -> str:
    if isinstance(value, type):  # a class used as a namespace of settings: its data attributes
        data = {k: x for k, x in vars(value).items() if not k.startswith("__") and not callable(x)}
        return f"class({value.__qualname__};{_stable(data, depth)})"
    if hasattr(value, "__dict__") and not callable(value) and _pandas_text(value) is None:
        return f"{type(value).__qualname__}{_state(value, depth)}"
    return _stable(value, depth)


def _global_settings(function: types.FunctionType, depth: int, found: dict[str, str]) -> None:
    """Adds ``global NAME`` → text for each setting the function (or a helper of it) reads."""
    if depth > _HELPER_DEPTH:
        return
    for name, value in _reads(function):
        if isinstance(value, types.FunctionType) and value.__module__ == function.__module__:
            _global_settings(value, depth + 1, found)
        elif "." in name or _is_setting(value, function.__module__):
            found.setdefault(f"global {name}", _setting_text(value, depth + 1))


def _settings(obj: Any, found: dict[str, str], depth: int = 0) -> None:
    """The named settings of a callable: what a refusal names when its code hash changed."""
    if depth > _DEPTH:
        return
    if isinstance(obj, functools.partial):
        for index, arg in enumerate(obj.args):
            found.setdefault(f"partial argument {index}", _stable(arg, depth + 1))
        for key, arg in obj.keywords.items():
            found.setdefault(f"partial argument {key}", _stable(arg, depth + 1))
        _settings(obj.func, found, depth + 1)
    elif isinstance(obj, types.MethodType):
        _attributes(obj.__self__, found, depth)
        _settings(obj.__func__, found, depth + 1)
    elif isinstance(obj, types.FunctionType):
        code = obj.__code__
        positional = code.co_varnames[:code.co_argcount]
        defaults = obj.__defaults__ or ()
        for name, default in zip(positional[len(positional) - len(defaults):], defaults, strict=True):
            found.setdefault(f"default {name}", _stable(default, depth + 1))
        for name, default in (obj.__kwdefaults__ or {}).items():
            found.setdefault(f"default {name}", _stable(default, depth + 1))
        for name, cell in zip(code.co_freevars, obj.__closure__ or (), strict=False):
            found.setdefault(f"closure variable {name}", _stable(cell.cell_contents, depth + 1) if _filled(cell)
                             else "empty")
        _global_settings(obj, depth, found)
    elif callable(obj) and not isinstance(obj, (type, types.BuiltinFunctionType)):
        _attributes(obj, found, depth)
        if isinstance(type(obj).__call__, types.FunctionType):
            _settings(type(obj).__call__, found, depth + 1)


def _attributes(obj: Any, found: dict[str, str], depth: int) -> None:
    for key, value in sorted(_fields(obj).items()):
        found.setdefault(f"attribute {key}", _stable(value, depth + 1))


def setting_tags(algorithm: Any, version: Any = None) -> dict[str, str]:
    """Hash of each named setting of a callable algorithm (``global PARAMS``, ``attribute level``,
    ``partial argument sd``, ``closure variable x``, ``default scale``); empty for a version or a
    command."""
    if version is not None or isinstance(algorithm, str):
        return {}
    found: dict[str, str] = {}
    _settings(algorithm, found)
    return {name: _digest(text.encode()) for name, text in sorted(found.items())}


def _filled(cell: Any) -> bool:
    try:
        _ = cell.cell_contents  # an empty cell (a variable not yet assigned) raises
    except ValueError:
        return False
    return True


def _fields(obj: Any) -> dict:
    if dataclasses.is_dataclass(obj) and not hasattr(obj, "__dict__"):  # slots
        return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    return dict(vars(obj)) if hasattr(obj, "__dict__") else {}


def _state(obj: Any, depth: int) -> str:
    fields = _fields(obj)
    return _stable(fields, depth) if fields or hasattr(obj, "__dict__") else type(obj).__qualname__


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
            "algorithms": [[_label(n), algorithm_tag(a, versions.get(n)), setting_tags(a, versions.get(n))]
                           for n, a in zip(names, algorithms, strict=False)],
            "instances": [[_label(label), instance_tag(item)] for label, item in zip(labels, items, strict=False)],
            "design": {key: (float(val) if isinstance(val, (float, np.floating)) else val)
                       for key, val in design.items()}}


def dumps(fingerprint: dict) -> str:
    return json.dumps(fingerprint, separators=(",", ":"))


#: What every fingerprint holds (key: JSON type), and the length of an algorithm's and an instance's entry.
_KEYS = {"seed": str, "package": str, "algorithms": list, "instances": list, "design": dict}
_ENTRY_LENGTHS = {"algorithms": (2, 3), "instances": (2,)}


def loads(text: str) -> dict:
    """The fingerprint written as ``text``; ValueError saying what is wrong when it is not one."""
    fingerprint = json.loads(text)
    if not isinstance(fingerprint, dict):
        raise ValueError(f"a study fingerprint is a JSON object, not {type(fingerprint).__name__}")
    if fingerprint.get("format") != FORMAT:
        raise ValueError(f"unknown study fingerprint format {fingerprint.get('format')!r}")
    missing = [key for key in _KEYS if key not in fingerprint]
    if missing:
        raise ValueError(f"the study fingerprint lacks {', '.join(map(repr, missing))}")
    for key, kind in _KEYS.items():
        if not isinstance(fingerprint[key], kind):
            raise ValueError(f"the study fingerprint's {key!r} is {type(fingerprint[key]).__name__}, not "
                             f"{kind.__name__}")
    if not fingerprint["seed"].isdigit():
        raise ValueError(f"the study fingerprint's seed {fingerprint['seed']!r} is not a non-negative integer")
    for key, lengths in _ENTRY_LENGTHS.items():
        if not all(isinstance(entry, list) and len(entry) in lengths and isinstance(entry[1], str)
                   and (len(entry) < 3 or isinstance(entry[2], dict)) for entry in fingerprint[key]):
            raise ValueError(f"the study fingerprint's {key!r} are not [label, hash] entries")
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
    names_was, names_now = [entry[0] for entry in recorded], [entry[0] for entry in current]
    if names_was != names_now:
        if sorted(map(str, names_was)) == sorted(map(str, names_now)):
            return [f"algorithm order: recorded {names_was}, now {names_now} (pass them in the recorded order)"]
        return [f"algorithms: recorded {names_was}, now {names_now}"]
    out = []
    for entry_was, entry_now in zip(recorded, current, strict=False):
        name, was, now = entry_was[0], entry_was[1], entry_now[1]
        if was == now:
            continue
        if "version:" in was + now:
            out.append(f"version of algorithm {name!r} differs from the recorded one ({was} vs {now}); results of "
                       "another version cannot be mixed in")
            continue
        # a file written before settings were named has none: then only the code hash is known
        changed = _changed_settings(entry_was[2], entry_now[2]) if len(entry_was) > 2 and len(entry_now) > 2 else []
        what = f"its {', '.join(changed)} changed" if changed else "its code or what it calls changed"
        out.append(f"code of algorithm {name!r} differs from the recorded one ({what}; {was} vs {now})")
    if out and out[-1].startswith("code of"):  # said once, after the last code difference
        out[-1] += ("; results of another configuration cannot be mixed in (if only the text changed, not the "
                    "results, give the same versions={...} in both studies)")
    return out


def _changed_settings(was: dict, now: dict) -> list[str]:
    return [name for name in sorted(set(was) | set(now)) if was.get(name) != now.get(name)]


def _instance_differences(recorded: list, current: list) -> list[str]:
    labels_was, labels_now = [x for x, _ in recorded], [x for x, _ in current]
    if labels_was != labels_now:
        if sorted(map(str, labels_was)) == sorted(map(str, labels_now)):
            return [f"instance order: recorded {_listing(labels_was)}, now {_listing(labels_now)} (pass them "
                    "in the recorded order)"]
        return [f"instances: recorded {_listing(labels_was)}, now {_listing(labels_now)}"]
    changed = [label for (label, was), (_, now) in zip(recorded, current, strict=False) if was != now]
    return [f"content of instance(s) {_listing(changed)} differs from the recorded one"] if changed else []
