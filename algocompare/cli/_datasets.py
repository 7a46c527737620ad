"""``algocompare datasets``: the bundled datasets."""

from __future__ import annotations

import argparse
import json

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``datasets`` subcommand."""
    p = subparsers.add_parser("datasets", help="list the bundled datasets")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    import algocompare as ac

    table = ac.list_datasets()
    if args.json:
        rows = table.reset_index()
        print(json.dumps(rows.astype(object).where(rows.notna(), None).to_dict("records"), indent=2, allow_nan=False))
    else:
        print(table.to_string())
    return 0
