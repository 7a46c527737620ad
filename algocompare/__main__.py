import sys

from algocompare.cli import main

sys.exit(main())
