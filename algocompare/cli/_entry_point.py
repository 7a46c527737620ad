"""The ``algocompare`` program: the parser of every subcommand and the entry point :func:`main`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from algocompare import __version__
from algocompare.cli import _analyze as analyze
from algocompare.cli import _anytime as anytime
from algocompare.cli import _consensus as consensus
from algocompare.cli import _datasets as datasets
from algocompare.cli import _samplesize as samplesize
from algocompare.cli import _severity as severity
from algocompare.cli._common import USER_ERRORS, command_line_spelling

__all__ = ["build_parser", "main"]

#: The modules of the subcommands, in the order of ``algocompare --help``.
COMMANDS = (datasets, analyze, severity, samplesize, consensus, anytime)


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option ends with one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(prog="algocompare", description="Statistical comparison of algorithms.")
    parser.add_argument("--version", action="version", version=f"algocompare {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit code.

    Examples
    --------
    >>> from algocompare.cli import main
    >>> main(["samplesize", "--d", "0.5", "--power", "0.8", "--n-comparisons", "3"])
    Number of instances (Campelo & Takahashi; Holm levels, Campelo & Wanner)
      N* = 40 instances (t test, two-sided, d = 0.5, alpha = 0.05, 3 comparison(s), mean power >= 0.8)
    ...
    0
    """
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except USER_ERRORS as err:
        message = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        print(f"algocompare: error: {command_line_spelling(message)}", file=sys.stderr)
        return 2
