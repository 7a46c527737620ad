"""Deprecated path: :mod:`algocompare.effects.effect_size` since 0.2; this module goes in 0.4.

Importing it warns and hands over the moved module itself, so that old imports
(``from algocompare.samplesize.effect_size import ...``) keep working for one release.
"""

import importlib
import sys

from algocompare._deprecation import warn_renamed

_moved = importlib.import_module("algocompare.effects.effect_size")  # the module, not the function of that name

warn_renamed("the module algocompare.samplesize.effect_size", "algocompare.effects.effect_size", "import")
sys.modules[__name__] = _moved
