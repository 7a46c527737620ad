"""Sample size and the Campelo–Takahashi study design: instances, runs, the experiment runner.

Effect sizes and the power of z and t tests, which this subpackage builds on, are in
:mod:`algocompare.effects` (until 0.2 they were here: the old names
``algocompare.samplesize.cohens_d``, ``algocompare.samplesize.effect_size``, ... still
resolve, with a DeprecationWarning, for one release).
"""

from typing import Any

from algocompare._lazy import collect

_exports = collect(__name__, ("sample_size", "standard_error", "repetitions", "instances", "bootstrap", "runner"))
globals().update(_exports)
__all__ = sorted(_exports)

#: Names that moved to :mod:`algocompare.effects` in 0.2 (the two modules and their public names).
_MOVED = ("effect_size", "power", "ALTERNATIVES", "DESIGNS", "EffectSize", "PowerCurve", "cliffs_delta", "cohens_d",
          "cohens_d_prime", "d_z", "hedges_g", "power_curve", "rank_biserial", "t_power", "vargha_delaney_a12",
          "z_power")


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    from algocompare._deprecation import warn_renamed

    where = "algocompare.effects.effect_size" if name == "effect_size" else f"algocompare.effects.{name}"
    warn_renamed(f"algocompare.samplesize.{name}", where, "algocompare.samplesize")
    if name == "effect_size":
        return importlib.import_module(where)
    return getattr(importlib.import_module("algocompare.effects"), name)
