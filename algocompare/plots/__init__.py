"""Every figure of algocompare. Importing this subpackage imports matplotlib.

Figures return the matplotlib Axes (or Figure) and never call ``plt.show()``. Each area
adds its figures in its own module; :mod:`algocompare.plots.customary` says which of them
is the customary figure of each result type (the one ``result.plot()`` draws and the
report shows).
"""

from algocompare._lazy import collect

_exports = collect(__name__, ("cd_diagram", "posthoc", "distribution", "frequentist", "severity",
                              "samplesize", "permutation", "consensus", "bayesian", "customary"))
globals().update(_exports)
__all__ = sorted(_exports)
