"""The ``algocompare`` command line.

One module per subcommand (``analyze``, ``datasets``, ``severity``, ``samplesize`` with
``power-curve``, ``consensus``), each with ``register(subparsers)``: it adds its parsers and
sets ``handler=`` to a function ``(args) -> int``. What they share (the data arguments, the
wording of messages) is in :mod:`algocompare.cli._common`. The subcommands call the public
API of :mod:`algocompare`; they import it, and numpy, pandas or matplotlib, only when they
run, so that ``--help`` and a bad option answer at once. The parser and :func:`main` (the
``algocompare`` script's entry point, ``algocompare.cli:main``) are in
:mod:`algocompare.cli._entry_point`.
"""

from algocompare.cli._entry_point import build_parser, main

__all__ = ["build_parser", "main"]
