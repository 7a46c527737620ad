"""What a study is given: the algorithms, the instances, the time limit of a run, checked once."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from algocompare import _validation as v

__all__ = ["algorithm_names", "instance_labels", "check_timeout", "text_label"]


def text_label(label: Any) -> Any:
    """A label that the results file, pandas and JSON can hold: a string with lone surrogates
    (how Python decodes the bytes of a file name that are not UTF-8: ``os.listdir`` gives
    ``'caf\\udce9.tsp'`` for the Latin-1 name ``café.tsp``) has those bytes escaped
    (``'caf\\\\udce9.tsp'``); any other label is returned as it is.

    Examples
    --------
    >>> print(text_label("caf\\udce9.tsp")), text_label("café.tsp"), text_label(3)
    caf\\udce9.tsp
    (None, 'café.tsp', 3)
    """
    if not isinstance(label, str):
        return label
    return label.encode("utf-8", "backslashreplace").decode("utf-8")


def _unique(kind: str, labels: list[Any]) -> list[Any]:
    escaped = [text_label(label) for label in labels]
    if len(set(escaped)) != len(escaped):
        raise ValueError(f"{kind} names {escaped} repeat once the bytes that are not UTF-8 are escaped; give "
                         f"{kind}s as a dict with distinct text names.")
    return escaped


def algorithm_names(algorithms: Any) -> tuple[list[Any], list[Any]]:
    """Names and algorithms from a mapping or a sequence (names A1, A2, ... or callables' names)."""
    if isinstance(algorithms, dict):
        names, algs = _unique("algorithm", list(algorithms)), list(algorithms.values())
    elif isinstance(algorithms, (list, tuple)):
        algs = list(algorithms)
        names = [getattr(a, "__name__", None) if callable(a) else None for a in algs]
        if None in names or "<lambda>" in names or len(set(names)) != len(names):
            names = [f"A{i + 1}" for i in range(len(algs))]
    else:
        raise TypeError(f"algorithms must be a list or dict of algorithms, got {type(algorithms).__name__}.")
    if len(algs) < 2:
        raise ValueError(f"at least two algorithms are needed, got {len(algs)}.")
    for name, alg in zip(names, algs, strict=True):
        if not (callable(alg) or isinstance(alg, str)):
            raise TypeError(f"algorithm {name!r} must be a callable (instance, rng) -> float or a command "
                            f"template string, got {type(alg).__name__}.")
    return names, algs


def instance_labels(instances: Any) -> tuple[list[Any], list[Any]]:
    """Labels and instances from a mapping or a sequence (the instances themselves when they are
    distinct strings or integers, else I1, I2, ...). A label is made text by :func:`text_label`;
    the instance itself is passed to the algorithms unchanged."""
    if isinstance(instances, dict):
        labels, items = _unique("instance", list(instances)), list(instances.values())
    elif isinstance(instances, (list, tuple, range, np.ndarray, pd.Index, pd.Series)):
        items = list(instances)
        simple = all(isinstance(x, (str, int, np.integer)) for x in items)
        labels = [text_label(x) for x in items] if simple else []
        if len(set(labels)) != len(items):
            labels = [f"I{i + 1}" for i in range(len(items))]
    else:
        raise TypeError(f"instances must be a list or dict of instances, got {type(instances).__name__}.")
    if len(items) < 2:
        raise ValueError(f"at least two instances are needed, got {len(items)}.")
    return labels, items


def check_timeout(timeout: Any) -> float | None:
    """Seconds a run may take (None: no limit)."""
    return None if timeout is None else v.check_positive("timeout", timeout)
