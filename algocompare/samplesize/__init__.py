"""Effect sizes, power, sample size and the Campelo–Takahashi study design."""

from algocompare._lazy import collect

_exports = collect(__name__, ("power", "effect_size", "sample_size", "standard_error", "repetitions",
                              "instances", "bootstrap", "runner"))
globals().update(_exports)
__all__ = sorted(_exports)
