"""``algocompare consensus``: the consensus ranking of the per-instance rankings (every rule of CONSENSUS_RULES)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Sequence
from typing import Any

from algocompare.cli._common import add_data_arguments, dropped_line, load_input

__all__ = ["register"]


class _RuleChoices(Sequence[str]):
    """The keys of ``CONSENSUS_RULES``, read when argparse first needs them (``--help``, a given
    value), so that building the parser imports no consensus solver."""

    @staticmethod
    def _keys() -> tuple[str, ...]:
        import algocompare as ac

        return tuple(ac.CONSENSUS_RULES.keys())

    def __getitem__(self, index: Any) -> Any:
        return self._keys()[index]

    def __len__(self) -> int:
        return len(self._keys())

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __contains__(self, key: object) -> bool:
        return key in self._keys()


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``consensus`` subcommand."""
    p = subparsers.add_parser("consensus", help="consensus ranking of the per-instance rankings (Borda, Kemeny, "
                                                "Copeland, Condorcet, Cook-Seiford, ...)")
    add_data_arguments(p)
    p.add_argument("--method", choices=_RuleChoices(), default="kemeny",
                   help="the consensus rule, a key of algocompare.CONSENSUS_RULES (default kemeny)")
    p.add_argument("--orders", choices=("linear", "weak"), default="linear",
                   help="kemeny, cks, pc: consensus among linear or weak orders (default linear)")
    p.add_argument("--time-limit", type=float, default=10.0,
                   help="kemeny, cks, pc: seconds before returning the best order found with its proven optimality "
                        "gap (default 10; 0 for no limit)")
    p.add_argument("--variant", choices=("relations", "pairwise"), default=None,
                   help="copeland: per-ranking net scores (relations, default) or pairwise majority contests")
    p.add_argument("--cycles", choices=("raise", "tie"), default=None,
                   help="condorcet: refuse majority cycles (default) or tie their items")
    p.add_argument("--p", type=float, default=None, dest="share",
                   help="majority: a > b when more than this share of the instances rank a >= b (default 0.5)")
    p.add_argument("--delta", default=None,
                   help="pc: the pair discrepancies, symdiff (default), CKS, KS, EM, JMB or discrete")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    import algocompare as ac

    results = load_input(args)
    given = {"orders": args.orders, "time_limit": args.time_limit or None, "variant": args.variant,
             "cycles": args.cycles, "p": args.share, "delta": args.delta}
    takes = ac.CONSENSUS_RULES[args.method].options
    for name in ("variant", "cycles", "p", "delta"):
        if given[name] is not None and name not in takes:
            flag = "--p" if name == "p" else f"--{name}"
            raise ValueError(f"{flag} is an option of another rule; --method {args.method} does not take it.")
    kwargs = {name: value for name, value in given.items()
              if name in takes and (value is not None or name == "time_limit")}
    res = ac.consensus(results, method=args.method, **kwargs)
    dropped = [str(i) for i in results.dropped_instances]
    if args.json:
        print(json.dumps(dict(res.to_dict(), dropped_instances=dropped), indent=2, allow_nan=False))
        return 0
    if dropped:
        print(dropped_line("instance", dropped))
    print(res)
    return 0
