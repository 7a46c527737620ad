"""``algocompare samplesize`` and ``algocompare power-curve``: how many instances a comparative study needs."""

from __future__ import annotations

import argparse
import json
from typing import Any

__all__ = ["register"]

_TESTS = ("t", "wilcoxon", "sign")
#: Former spellings of the command line, kept for its users: the API's own in the calls.
_ALTERNATIVES = {"one-sided": "greater"}


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--alpha", type=float, default=0.05, help="family-wise significance level (default 0.05)")
    p.add_argument("--n-comparisons", "--comparisons", dest="n_comparisons", metavar="K", type=int, default=1,
                   help="number K of pairwise comparisons (default 1; --comparisons is the former spelling)")
    p.add_argument("--test", choices=_TESTS, default="t", help="planned test (default t; ARE inflation otherwise)")
    p.add_argument("--alternative", choices=("two-sided", "greater", "less", "one-sided"), default="two-sided",
                   help="H1 of the planned tests (default two-sided; one-sided is the former spelling of greater)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``samplesize`` and ``power-curve`` subcommands."""
    p = subparsers.add_parser(
        "samplesize", help="number of instances N* for comparing algorithms (Campelo & Takahashi)",
        description="Smallest number of problem instances for a paired comparison to detect the standardised "
                    "effect size d with the given power (Holm levels for several comparisons, CAISEr 1.0).")
    p.add_argument("--d", type=float, required=True, help="minimally relevant standardised effect size d*")
    p.add_argument("--power", type=float, default=0.8, help="target power (default 0.8)")
    p.add_argument("--power-target", choices=("mean", "median", "worst_case"), default="mean",
                   help="which power of the K comparisons must reach the target (default mean)")
    _common(p)
    p.set_defaults(handler=_samplesize)

    q = subparsers.add_parser(
        "power-curve", help="power of a fixed benchmark set against effect size",
        description="Power to detect each standardised effect size d with a fixed number of instances.")
    q.add_argument("--instances", type=int, required=True, help="number of instances in the benchmark set")
    q.add_argument("--d-max", type=float, default=1.5, help="largest effect size shown (default 1.5)")
    q.add_argument("--figure", help="save the power curve to this file (svg, png, pdf)")
    _common(q)
    q.set_defaults(handler=_power_curve)


def _alternative(args: argparse.Namespace) -> str:
    return _ALTERNATIVES.get(args.alternative, args.alternative)


def _samplesize(args: argparse.Namespace) -> int:
    import algocompare as ac

    try:
        res = ac.calc_instances(args.d, power=args.power, alpha=args.alpha, alternative=_alternative(args),
                                test=args.test, n_comparisons=args.n_comparisons, power_target=args.power_target)
    except ValueError as err:
        if not str(err).startswith("no number of instances"):  # only the search-range case is re-spelled
            raise
        raise ValueError(f"no number of instances up to 10,000,000 reaches power {args.power:g} for --d {args.d:g}; "
                         "the search range of N* ends there (N* grows as 1/d²): give a larger minimally relevant "
                         "effect --d or a lower --power.") from None
    print(json.dumps(res.to_dict(), indent=2, allow_nan=False) if args.json else res)
    return 0


def _power_curve(args: argparse.Namespace) -> int:
    import numpy as np

    import algocompare as ac

    if not args.d_max > 0:
        raise ValueError(f"--d-max must be > 0, got {args.d_max}.")
    if args.instances < 2:
        raise ValueError(f"--instances must be at least 2, got {args.instances}.")
    # the grid as the decimals it stands for (0.06, not 0.060000000000000005 in the JSON)
    grid = [float(f"{d:.15g}") for d in np.linspace(args.d_max / 100, args.d_max, 100)]
    res = ac.instance_power_curve(args.instances, grid, alpha=args.alpha,
                                  alternative=_alternative(args), test=args.test, n_comparisons=args.n_comparisons)
    if args.figure:
        import matplotlib

        matplotlib.use("Agg")
        ax = res.plot()
        ax.figure.savefig(args.figure, bbox_inches="tight")
    if args.json:
        print(json.dumps({"method": res.method, "n_instances": res.n_instances, "n_comparisons": res.n_comparisons,
                          "test": res.test, "alpha": res.alpha, "alternative": res.alternative,
                          "curve": _records(res.to_frame())}, indent=2, allow_nan=False))
        return 0
    frame = res.to_frame().iloc[9::10]
    if res.n_comparisons == 1:  # one comparison: its power is the mean, median, worst and best alike
        frame = frame[["d", "mean_power"]].rename(columns={"mean_power": "power"})
        family = ""
    else:
        family = f", {res.n_comparisons} comparisons (Holm): mean, median, worst and best power over them"
    print(f"{res.method}: {res.n_instances} instances, {res.test} test, {res.alternative}, alpha = {res.alpha:g}"
          f"{family}")
    print(frame.to_string(index=False, float_format=lambda x: f"{x:.4f}"))
    return 0


def _records(frame: Any) -> list[dict]:
    """The rows of ``frame`` as JSON objects, a missing value as null (strict JSON has no NaN)."""
    return frame.astype(object).where(frame.notna(), None).to_dict("records")
