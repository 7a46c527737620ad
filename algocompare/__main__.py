"""``python -m algocompare``: the command line of :mod:`algocompare.cli`."""

import sys

from algocompare.cli import main

sys.exit(main())
