"""Deprecated path: :mod:`algocompare.effects.power` since 0.2; this module goes in 0.4.

Importing it warns and hands over the moved module itself, so that old imports
(``from algocompare.samplesize.power import ...``) keep working for one release.
"""

import importlib
import sys

from algocompare._deprecation import warn_renamed

_moved = importlib.import_module("algocompare.effects.power")  # the module, not the function of that name

warn_renamed("the module algocompare.samplesize.power", "algocompare.effects.power", "import")
sys.modules[__name__] = _moved
