"""Every figure of algocompare. Importing this subpackage imports matplotlib.

Figures return the matplotlib Axes (or Figure) and never call ``plt.show()``. Each area
adds its figures in its own module; result objects' ``plot()`` finds them here by name.
"""

from algocompare._lazy import collect

_exports = collect(__name__, ("cd_diagram", "posthoc", "distribution", "frequentist", "severity",
                              "samplesize", "permutation", "consensus", "bayesian"))
globals().update(_exports)
__all__ = sorted(_exports)
