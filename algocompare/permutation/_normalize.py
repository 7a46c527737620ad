"""Normalisation of results across instances (Chiarandini, Basso & Stützle 2005, §2).

Different instances have different cost scales; before averaging over instances the
results are expressed relative to reference values of each instance:

* e1 (relative deviation): ``e1 = (c - c_opt) / |c_opt|``;
* e2 (Zemel 1981): ``e2 = (c - c_opt) / (c_worst - c_opt)``, invariant to adding a
  constant to, or multiplying by a positive constant, all costs of an instance.

When the optimum or the worst value cannot be computed (NP-hard problems) surrogates are
used: the best known value and the value of a simple heuristic. By default the best and
worst values observed in the data (over all algorithms and runs of the instance) are the
surrogates. For ``direction="maximize"`` the deviations are taken in the direction of
improvement, so both measures are always >= 0 and lower is better; the returned Results
has ``direction="minimize"``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from algocompare import _validation as v
from algocompare.data._convert import as_results

__all__ = ["relative_deviation", "zemel_measure"]


def _per_instance(results: Any, bound: Any, name: str) -> pd.Series | None:
    """A user-given reference value per instance (dict, Series, sequence or scalar) as a Series."""
    if bound is None:
        return None
    instances = list(results.instances)
    if isinstance(bound, dict):
        bound = pd.Series(bound)
    if isinstance(bound, pd.Series):
        missing = [i for i in instances if i not in bound.index]
        if missing:
            raise ValueError(f"{name} has no value for instance(s) {missing[:5]}; give one per instance.")
        series = bound.reindex(instances)
    elif np.ndim(bound) == 0:
        series = pd.Series(float(bound), index=instances)
    else:
        values = np.asarray(bound, dtype=float)
        if values.shape != (len(instances),):
            raise ValueError(f"{name} needs {len(instances)} values (one per instance), got shape {values.shape}.")
        series = pd.Series(values, index=instances)
    series = pd.Series(v.to_numeric_column(series, name), index=instances)
    if not np.isfinite(series.to_numpy()).all():
        raise ValueError(f"{name} must be finite for every instance.")
    return series


def _oriented_long(results: Any) -> tuple[pd.DataFrame, float]:
    long = results.to_long()
    sign = -1.0 if results.direction == "maximize" else 1.0
    return long, sign


def _observed(long: pd.DataFrame, sign: float, *, best: bool) -> pd.Series:
    """Best (or worst) value of each instance over all algorithms and runs."""
    values = long.groupby("instance", sort=False)["value"]
    return values.min() if (sign > 0) == best else values.max()


def _rebuild(results: Any, long: pd.DataFrame, values: np.ndarray) -> Any:
    from algocompare.data._results import Results

    frame = long.assign(value=values)
    extra = [c for c in frame.columns if c not in ("instance", "algorithm", "run", "value")]
    rebuilt = Results.from_long(frame[["instance", "algorithm", "run", "value", *extra]], run="run",
                                direction="minimize")
    return rebuilt.with_dropped(results.dropped_instances)


def _check_within(long: pd.DataFrame, gap: np.ndarray, name: str, relation: str = "better") -> None:
    """No value may lie beyond its reference (``gap`` < 0): the reference would be wrong."""
    bad = gap < -1e-12 * np.maximum(np.abs(long["value"].to_numpy()), 1.0)
    if bad.any():
        row = long[bad].iloc[0]
        raise ValueError(
            f"value {row['value']} of algorithm {row['algorithm']!r} on instance {row['instance']!r} is {relation} "
            f"than the {name} given for it; update the {name}."
        )


def relative_deviation(data: Any, optimum: Any = None, *, direction: str | None = None,
                       nan_policy: str = "raise") -> Any:
    """e1 = (c - c_opt) / |c_opt|: relative deviation from the optimum (or best known value).

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        The values to normalise (one per cell, or runs).
    optimum : None, scalar, dict, Series or sequence
        c_opt per instance. None uses the best value observed on each instance.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a Results knows it; a DataFrame or an array is
        taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances, recorded in the result's
        ``dropped_instances``.

    Returns
    -------
    Results
        Same algorithms, instances and runs, values e1 (>= 0, lower is better).

    See Also
    --------
    zemel_measure : invariant under shifts and scalings of an instance's values.
    permutation_test : the test the normalised values are meant for.

    References
    ----------
    .. [1] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> df = pd.DataFrame({"A": [100.0, 20.0], "B": [110.0, 25.0]}, index=["i1", "i2"])
    >>> ac.relative_deviation(df).blocks()["B"].round(3).tolist()
    [0.1, 0.25]
    """
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    long, sign = _oriented_long(results)
    given = _per_instance(results, optimum, "optimum")
    best = given if given is not None else _observed(long, sign, best=True)
    ref = long["instance"].map(best).to_numpy(float)
    if np.any(ref == 0):
        zero = long["instance"][ref == 0].iloc[0]
        raise ValueError(f"the optimum of instance {zero!r} is 0, so the relative deviation (c - c_opt)/c_opt is "
                         "undefined; use zemel_measure() instead.")
    gap = sign * (long["value"].to_numpy(float) - ref)
    _check_within(long, gap, "optimum")
    return _rebuild(results, long, gap / np.abs(ref))


def zemel_measure(data: Any, best: Any = None, worst: Any = None, *, direction: str | None = None,
                  nan_policy: str = "raise") -> Any:
    """e2 = (c - c_opt) / (c_worst - c_opt), Zemel's (1981) measure.

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        The values to normalise (one per cell, or runs).
    best, worst : None, scalar, dict, Series or sequence
        c_opt and c_worst per instance (e.g. the best known value and that of a simple
        heuristic). None uses the best / worst value observed on each instance. An
        instance where the two coincide (every value equal) gets e2 = 0.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a Results knows it; a DataFrame or an array is
        taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances, recorded in the result's
        ``dropped_instances``.

    Returns
    -------
    Results
        Values e2 (0 = best, 1 = worst reference; lower is better).

    See Also
    --------
    relative_deviation : the deviation relative to the optimum.
    permutation_test : the test the normalised values are meant for.

    References
    ----------
    .. [1] Zemel, E. (1981). Measuring the quality of approximate solutions to zero-one
       programming problems. *Mathematics of Operations Research* 6(3), 319–332.
    .. [2] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> df = pd.DataFrame({"A": [100.0, 20.0], "B": [110.0, 25.0], "C": [120.0, 21.0]}, index=["i1", "i2"])
    >>> ac.zemel_measure(df).blocks()["B"].tolist()
    [0.5, 1.0]
    """
    results = as_results(data, direction=direction, nan_policy=nan_policy)
    long, sign = _oriented_long(results)
    low = _per_instance(results, best, "best")
    high = _per_instance(results, worst, "worst")
    low = _observed(long, sign, best=True) if low is None else low
    high = _observed(long, sign, best=False) if high is None else high
    lo = long["instance"].map(low).to_numpy(float)
    hi = long["instance"].map(high).to_numpy(float)
    gap = sign * (long["value"].to_numpy(float) - lo)
    span = sign * (hi - lo)
    _check_within(long, gap, "best value")
    _check_within(long, span - gap, "worst value", "worse")
    if np.any(span < 0):
        raise ValueError("a worst value is better than the best value of the same instance.")
    e2 = np.divide(gap, span, out=np.zeros_like(gap), where=span > 0)
    return _rebuild(results, long, e2)
