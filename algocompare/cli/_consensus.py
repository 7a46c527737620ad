"""``algocompare consensus``: the consensus ranking of the per-instance rankings (Borda, Kemeny)."""

from __future__ import annotations

import argparse
import json

from algocompare.cli._common import add_data_arguments, dropped_line, load_input

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``consensus`` subcommand."""
    p = subparsers.add_parser("consensus", help="consensus ranking of the per-instance rankings (Borda, Kemeny)")
    add_data_arguments(p)
    p.add_argument("--method", choices=("borda", "kemeny"), default="kemeny", help="default: kemeny")
    p.add_argument("--orders", choices=("linear", "weak"), default="linear",
                   help="Kemeny: consensus among linear or weak orders (default linear)")
    p.add_argument("--time-limit", type=float, default=10.0,
                   help="Kemeny: seconds before returning the best order found with its proven optimality gap "
                        "(default 10; 0 for no limit)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    import algocompare as ac

    results = load_input(args)
    kwargs = {} if args.method == "borda" else {"orders": args.orders, "time_limit": args.time_limit or None}
    res = ac.consensus(results, method=args.method, **kwargs)
    dropped = [str(i) for i in results.dropped_instances]
    if args.json:
        print(json.dumps(dict(res.to_dict(), dropped_instances=dropped), indent=2, allow_nan=False))
        return 0
    if dropped:
        print(dropped_line("instance", dropped))
    print(res)
    return 0
