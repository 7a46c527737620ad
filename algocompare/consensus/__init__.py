"""Rank consensus: dominance relations and order properties, Borda, Kemeny (Bartz-Beielstein et al., §2–3)."""

from algocompare._lazy import collect, make_callable

_exports = collect(__name__, ("rankings", "results", "distance", "relations", "borda", "kemeny",
                              "properties", "aggregate"))
globals().update(_exports)
__all__ = sorted(_exports)

make_callable(__name__)
