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
    p.add_argument("--d", type=float, help="minimally relevant standardised effect size d* (required without "
                   "--posthoc)")
    p.add_argument("--power", type=float, default=0.8, help="target power (default 0.8)")
    p.add_argument("--power-target", choices=("mean", "median", "worst_case"), default="mean",
                   help="which power of the K comparisons must reach the target (default mean)")
    _common(p)
    _posthoc_mode(p)
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


def _posthoc_mode(p: argparse.ArgumentParser) -> None:
    """The options of ``samplesize --posthoc TEST``: the power of a whole post-hoc analysis by simulation."""
    g = p.add_argument_group("post-hoc analysis (--posthoc TEST): power by simulation of algocompare.posthoc")
    g.add_argument("--posthoc", metavar="TEST", help="simulate this post-hoc test (a key of the post-hoc "
                   "registry, e.g. friedman or wilcoxon) instead of the closed form for paired tests")
    g.add_argument("--means", help="the mean of each algorithm in the data's units, comma-separated (lower is "
                   "better), e.g. 0,0,1,1")
    g.add_argument("--mean-ranks", help="the effect as expected Friedman mean ranks, comma-separated")
    g.add_argument("--sd", type=float, default=1.0, help="sd of a run's error (default 1)")
    g.add_argument("--instance-sd", type=float, default=1.0, help="sd of the instance effect (default 1)")
    g.add_argument("--runs", type=int, default=1, help="runs per instance and algorithm (default 1)")
    g.add_argument("--errors", choices=("normal", "least_favourable"), default="normal",
                   help="distribution of the run errors (default normal)")
    g.add_argument("--p-adjust", help="the adjustment (default: the test's own, holm for most)")
    g.add_argument("--control", help="compare this algorithm (A1, A2, ... in --means order) with the others")
    g.add_argument("--omnibus", help="an omnibus test that must reject first (e.g. friedman)")
    g.add_argument("--target", choices=("all", "any"), default="all",
                   help="power to reach: every truly different pair rejected (all, default) or at least one")
    g.add_argument("--instances", help="also the power at these numbers of instances, comma-separated")
    g.add_argument("--n-sim", type=int, default=1000, help="simulated tables per N (default 1000)")
    g.add_argument("--n-max", type=int, default=1000, help="largest N searched (default 1000)")
    g.add_argument("--seed", type=int, default=None, help="seed of the simulation")
    g.add_argument("--figure", help="save the power against N to this file (svg, png, pdf)")


def _numbers(text: str | None, option: str, kind: type = float) -> list | None:
    if text is None:
        return None
    try:
        return [kind(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise ValueError(f"{option} must be comma-separated numbers, e.g. 0,0,1; got {text!r}.") from None


def _posthoc_power(args: argparse.Namespace) -> int:
    import algocompare as ac

    if args.d is not None:
        raise ValueError("--d is the paired tests' standardised effect; with --posthoc give the effect as --means "
                         "(data units, with --sd) or --mean-ranks.")
    if args.n_comparisons != 1 or args.test != "t" or args.alternative != "two-sided":
        raise ValueError("--n-comparisons, --test and --alternative belong to the paired-test mode; with --posthoc "
                         "the family and the test are the post-hoc analysis' (--posthoc, --control, --p-adjust).")
    res = ac.posthoc_power(_numbers(args.means, "--means"), mean_ranks=_numbers(args.mean_ranks, "--mean-ranks"),
                           n_instances=_numbers(args.instances, "--instances", int), target_power=args.power,
                           power_target=args.target, sd=args.sd, instance_sd=args.instance_sd, runs=args.runs,
                           errors=args.errors, test=args.posthoc, control=args.control, p_adjust=args.p_adjust,
                           alpha=args.alpha, omnibus=args.omnibus, n_sim=args.n_sim, n_max=args.n_max,
                           rng=args.seed, progress=None)
    if args.figure:
        import matplotlib

        matplotlib.use("Agg")
        res.plot().figure.savefig(args.figure, bbox_inches="tight")
    if args.json:
        print(json.dumps({"method": res.method, "n_required": res.n_required, "target_power": res.target_power,
                          "power_target": res.power_target, "n_sim": res.n_sim, "algorithms": list(res.algorithms),
                          "curve": _records(res.to_frame())}, indent=2, allow_nan=False))
    else:
        print(res)
    return 0


def _samplesize(args: argparse.Namespace) -> int:
    import algocompare as ac

    if args.posthoc is not None:
        return _posthoc_power(args)
    if args.d is None:
        raise ValueError("samplesize needs --d (the standardised effect of a paired comparison), or --posthoc TEST "
                         "with --means for the power of a whole post-hoc analysis.")

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
