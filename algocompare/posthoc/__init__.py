"""Post-hoc procedures: rank-based pairwise statistics, p-value adjustments, critical differences.

* :func:`posthoc` — all-pairs or versus-control comparisons after Friedman, aligned ranks or
  Quade (also pairwise Wilcoxon, Nemenyi, Conover) with any adjustment;
* :func:`adjust_pvalues` — adjusted p-values for any family, including Shaffer's static and
  dynamic procedures and Bergmann–Hommel for all pairwise comparisons;
* :func:`critical_difference` — Nemenyi and Bonferroni–Dunn critical differences;
* :class:`PosthocResult` — the result (long table, ``matrix``, ``reject``, ``cliques``).
"""

import sys
import types

from algocompare.posthoc.adjust import adjust_pvalues
from algocompare.posthoc.critical import critical_difference
from algocompare.posthoc.procedure import posthoc
from algocompare.posthoc.result import PosthocResult

__all__ = ["posthoc", "adjust_pvalues", "critical_difference", "PosthocResult"]


class _CallablePackage(types.ModuleType):
    """``algocompare.posthoc`` is both this subpackage and the function :func:`posthoc`.

    Importing a subpackage binds its name on the parent package, so ``ac.posthoc`` is this
    module object; making the module callable lets ``ac.posthoc(data, ...)`` run the
    procedure whatever was imported first.
    """

    def __call__(self, *args, **kwargs):
        return posthoc(*args, **kwargs)


sys.modules[__name__].__class__ = _CallablePackage
