"""Sample size and the Campelo–Takahashi study design: instances, runs, the experiment runner.

Effect sizes and the power of z and t tests, which this subpackage builds on, are in
:mod:`algocompare.effects`.
"""

from algocompare._lazy import collect

_exports = collect(__name__, ("sample_size", "standard_error", "repetitions", "instances", "bootstrap", "runner"))
globals().update(_exports)
__all__ = sorted(_exports)
