"""``algocompare anytime``: read benchmarking logs (CEC, IOHprofiler, COCO, Nevergrad, long CSV) and
summarise them: what was read, ERT and success rates at targets, the blocked comparison at a budget,
and the anytime measures and tests of the package, as text, JSON, an HTML report or a LaTeX table."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

__all__ = ["register"]

#: The formats --format accepts (the keys of algocompare.anytime's ANYTIME_FORMATS, spelled here so
#: that building the parser imports nothing).
_FORMATS = ("auto", "cec", "iohprofiler", "coco", "coco_biobj", "nevergrad", "long")
#: Headers of the ERT table's columns when each instance has its quantile targets.
_SHARE_LABELS = ("90%", "75%", "50%", "25%", "10%")
#: Formats whose values are errors f − f_opt: cocopp's table targets suit them.
_ERROR_FORMATS = ("coco", "cec")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``anytime`` subcommand."""
    p = subparsers.add_parser("anytime", help="read benchmarking logs (CEC, IOHprofiler, COCO, Nevergrad, long "
                                              "CSV): ERT, success rates, comparisons over the run")
    p.add_argument("path", nargs="?", metavar="FOLDER", help="a folder (or file) of logs; the format is detected")
    p.add_argument("--example", action="store_true",
                   help="use the bundled example (IOHexperimenter logs of two optimizers on BBOB f1 and f2)")
    p.add_argument("--format", choices=_FORMATS, default="auto", help="the logs' format (default: detected)")
    p.add_argument("--direction", choices=("minimize", "maximize"), default=None,
                   help="for the long format only (default minimize): whether lower or higher values are better")
    p.add_argument("--competition", choices=("cec2017", "cec2020", "cec2022"), default=None,
                   help="for CEC files: whose checkpoints label the rows (default cec2017)")
    p.add_argument("--targets", metavar="T1,T2,...", default=None,
                   help="targets of the ERT table, easiest first (default: cocopp's 1e1,1e-1,1e-3,1e-5,1e-7 for "
                        "COCO and CEC errors; otherwise, on each instance, the values 90, 75, 50, 25 and 10 %% of "
                        "its runs reached)")
    p.add_argument("--budget", type=float, default=None,
                   help="evaluations at which the algorithms are compared (default: the largest budget every run "
                        "reached)")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    p.add_argument("--p-adjust", dest="p_adjust", metavar="METHOD", default="holm",
                   help="p-value adjustment of the post-hoc tests (default holm)")
    p.add_argument("--seed", type=int, default=0, help="random seed of the resampling tests (default 0)")
    p.add_argument("--n-resamples", type=int, default=999,
                   help="resamples of the comparison over the budget grid (default 999)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--report", metavar="FILE", help="write a self-contained HTML report to FILE")
    p.add_argument("--latex", metavar="FILE", help="write the ERT table as a booktabs .tex file")
    p.add_argument("--latex-width", choices=("column", "page"), default="column",
                   help="width the --latex table fits: 'column' (default) or 'page' (a table*)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar while reading (default: on a terminal, after a second)")
    p.set_defaults(handler=_run)


def _source(args: argparse.Namespace) -> str:
    if args.example and args.path:
        raise ValueError("give FOLDER or --example, not both.")
    if args.example:
        from importlib import resources

        return str(resources.files("algocompare.data").joinpath("anytime_example").joinpath("iohprofiler"))
    if not args.path:
        raise ValueError("give the FOLDER of logs (or --example for the bundled one).")
    return args.path


def _targets(text: str | None, runs: Any, kind: str) -> list[float] | dict[str, list[float]]:
    """--targets, else cocopp's for errors, else per instance the values 90 ... 10 % of its runs reached."""
    import algocompare as ac

    if text is None and kind in _ERROR_FORMATS:
        return [float(t) for t in ac.table_targets(runs, "bbob")]
    if text is None:
        return {instance: [float(t) for t in targets]
                for instance, targets in ac.table_targets(runs, by_instance=True).items()}
    try:
        targets = [float(t) for t in text.split(",") if t.strip()]
    except ValueError:
        raise ValueError(f"--targets must be numbers separated by commas (e.g. 1e1,1e-3), got {text!r}.") from None
    if not targets or any(math.isnan(t) for t in targets):
        raise ValueError(f"--targets must be numbers separated by commas (e.g. 1e1,1e-3), got {text!r}.")
    return targets


def summarize(args: argparse.Namespace) -> tuple[Any, dict[str, Any], Any]:
    """The runs read, the summary (plain JSON types) and the ERT result."""
    import numpy as np

    import algocompare as ac

    source = _source(args)
    try:
        kind = ac.detect_format(source) if args.format == "auto" else args.format
        # a Nevergrad CSV holds one budget's runs per row: --budget picks which (and compares there)
        runs = ac.read_anytime(source, kind, direction=args.direction, progress=args.progress,
                               budget=args.budget if kind == "nevergrad" else None, competition=args.competition)
    except ValueError as error:  # the API's format=, direction= and budget= are options here
        raise ValueError(str(error).replace("format=", "--format").replace("direction=", "--direction")
                         .replace("budget=", "--budget").replace("competition=", "--competition")) from None
    targets = _targets(args.targets, runs, kind)
    budget = ac.common_budget(runs) if args.budget is None else args.budget
    budgets = runs.budgets()
    summary: dict[str, Any] = {
        "format": kind, "direction": runs.direction, "algorithms": [str(a) for a in runs.algorithms],
        "instances": [str(i) for i in runs.instances], "n_runs": runs.n_runs, "n_records": runs.n_records,
        "budgets": {"min": float(budgets.min()), "max": float(budgets.max())},
        "targets": targets, "budget": float(budget),
    }
    ert = ac.table_ert(runs, targets)
    table = ert.table
    summary["ert"] = [{**row, "ert": None if not np.isfinite(row["ert"]) else row["ert"]}
                      for row in table[["algorithm", "instance", "target", "ert", "success_rate", "successes",
                                        "runs"]].to_dict("records")]
    rates = table.groupby("algorithm", sort=False)[["successes", "runs"]].sum()
    summary["success_rate"] = {str(a): float(r["successes"] / r["runs"]) for a, r in rates.iterrows()}
    summary["comparison"] = _comparison(runs, budget, args)
    summary["over_budgets"] = _over_budgets(runs, args)
    summary["auc"] = _auc(runs, targets)
    summary["censored"] = _censored(runs, table, targets, args)
    summary["notes"] = (["each instance has targets of its own, so the log-rank test of runtimes to one target is "
                         "left out; give --targets for it"] if isinstance(targets, dict) and len(runs.algorithms) > 1
                        else [])
    return runs, summary, ert


def _comparison(runs: Any, budget: float, args: argparse.Namespace) -> dict[str, Any]:
    """Friedman and the all-pairs post-hoc of the results at ``budget`` (each cell: the mean of its runs)."""
    import algocompare as ac

    results = runs.at_budget(budget)
    friedman = ac.friedman(results)
    posthoc = ac.posthoc(results, p_adjust=args.p_adjust, alpha=args.alpha)
    pairs = posthoc.table[["algorithm_a", "algorithm_b", "statistic", "pvalue", "pvalue_adj", "reject"]]
    pairs = pairs.astype({"reject": bool}).to_dict("records")
    return {"budget": float(budget), "n_instances": int(friedman.n_instances),
            "friedman": {"statistic": float(friedman.statistic), "pvalue": float(friedman.pvalue),
                         "df": int(friedman.df)},
            "mean_ranks": {str(a): float(r) for a, r in friedman.mean_ranks.items()},
            "posthoc": {"method": posthoc.method, "pairs": pairs}}


def _over_budgets(runs: Any, args: argparse.Namespace) -> dict[str, Any] | None:
    """The comparison over the budget grid with its family-wise error controlled over budgets × pairs
    (None for one algorithm)."""
    import algocompare as ac

    if len(runs.algorithms) < 2:
        return None
    result = ac.compare_over_budgets(runs, n_resamples=args.n_resamples, rng=args.seed, alpha=args.alpha)
    data, frame = result.to_dict(), result.to_frame()
    return {"method": data.get("method"), "p_adjust": data.get("p_adjust"), "alpha": args.alpha,
            "budgets": data.get("budgets"), "first_significant": data.get("first_significant"),
            "rejected": int(frame["reject"].sum()), "hypotheses": len(frame)}


def _auc(runs: Any, targets: Any) -> dict[str, Any]:
    """The area under each run's runtime ECDF over the table's targets (one anytime score per run,
    higher is better), its mean per algorithm, and Friedman on it over the instances."""
    import algocompare as ac

    scores = ac.ecdf_auc(runs, targets)
    friedman = ac.friedman(scores)
    means = scores.blocks().mean(axis=0)
    return {"mean": {str(a): float(v) for a, v in means.items()},
            "friedman": {"statistic": float(friedman.statistic), "pvalue": float(friedman.pvalue),
                         "df": int(friedman.df)}}


def _censored(runs: Any, table: Any, targets: Any, args: argparse.Namespace) -> dict[str, Any] | None:
    """The stratified log-rank test of the runtimes to the hardest table target some run reached,
    unsuccessful runs censored at their budget (None when no run reached any, or when each instance
    has targets of its own)."""
    import algocompare as ac

    if isinstance(targets, dict):  # each instance its own targets: no one target for at_target
        return None
    reached = table.groupby("target", sort=False)["successes"].sum()
    reached = reached[reached > 0]
    if reached.empty or len(runs.algorithms) < 2:
        return None
    target = float(reached.index[-1])
    result = ac.logrank_test(runs.at_target(target), n_resamples=args.n_resamples, rng=args.seed)
    return {"target": target, "method": result.method, "statistic": float(result.statistic),
            "pvalue": float(result.pvalue), "n_runs": int(result.n_runs), "n_censored": int(result.n_censored)}


def _tidy(value: Any) -> Any:
    """Plain JSON: numpy scalars as Python ones, floats at 15 significant digits, inf as None."""
    import numpy as np

    if isinstance(value, dict):
        return {str(k): _tidy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_tidy(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float):
        return float(f"{value:.15g}") if math.isfinite(value) else None
    return value


def _print_text(summary: dict[str, Any], ert: Any) -> None:
    import algocompare as ac

    algorithms, instances = summary["algorithms"], summary["instances"]
    budgets = summary["budgets"]
    print(f"{summary['format']} logs: {len(algorithms)} algorithms ({', '.join(algorithms)}), {len(instances)} "
          f"instances, {summary['n_runs']} runs, {summary['n_records']} records; budgets "
          f"{budgets['min']:g}–{budgets['max']:g} evaluations; {summary['direction']}")
    own = isinstance(summary["targets"], dict)
    frame, _ = ac.ert_table_frame(ert, _SHARE_LABELS if own else None)
    names = frame["algorithm"]
    frame["algorithm"] = names.str.ljust(int(names.str.len().max()))  # names left, under their instance
    print("\nERT over the best ERT at each target (an instance's row: its best ERT in evaluations; ∞: not reached)")
    if own:
        print("targets: on each instance, the values 90, 75, 50, 25 and 10 % of its runs reached by the end "
              "(--json lists them; --targets for others)")
    print(frame.to_string(index=False))
    print("\nSuccess rate over all instances and targets")
    width = max(len(str(a)) for a in summary["success_rate"])
    for algorithm, rate in summary["success_rate"].items():
        print(f"  {algorithm:<{width}}  {rate:.3f}")
    comparison = summary["comparison"]
    friedman = comparison["friedman"]
    print(f"\nComparison at {comparison['budget']:g} evaluations ({comparison['n_instances']} instances; "
          "each cell the mean of its runs)")
    print(f"  Friedman chi2 = {friedman['statistic']:.4g}, df = {friedman['df']}, p = {friedman['pvalue']:.4g}")
    print("  mean ranks: " + ", ".join(f"{a} {r:.3f}" for a, r in sorted(comparison["mean_ranks"].items(),
                                                                        key=lambda item: item[1])))
    print(f"  {comparison['posthoc']['method']}")
    for pair in comparison["posthoc"]["pairs"]:
        mark = "rejected" if pair["reject"] else "not rejected"
        print(f"    {pair['algorithm_a']} vs {pair['algorithm_b']}: p = {pair['pvalue']:.4g}, "
              f"adjusted {pair['pvalue_adj']:.4g} ({mark})")
    grid = summary.get("over_budgets")
    if grid:
        print(f"\nOver the budget grid: {grid['method']}")
        print(f"  {grid['rejected']} of {grid['hypotheses']} (budget, pair) hypotheses rejected at alpha = "
              f"{grid['alpha']:g}, family-wise over budgets × pairs")
        for pair in grid["first_significant"] or []:
            first = pair.get("first_budget")
            since = (f"significant from {first:g} evaluations on" if first is not None
                     else "not significant to the end")
            print(f"    {pair['algorithm_a']} vs {pair['algorithm_b']}: {since} (better: {pair.get('better')})")
    auc = summary["auc"]
    print("\nArea under each run's runtime ECDF over the targets (higher is better), mean per algorithm")
    width = max(len(str(a)) for a in auc["mean"])
    for algorithm, value in sorted(auc["mean"].items(), key=lambda item: -item[1]):
        print(f"  {algorithm:<{width}}  {value:.4f}")
    print(f"  Friedman on the areas: chi2 = {auc['friedman']['statistic']:.4g}, p = {auc['friedman']['pvalue']:.4g}")
    censored = summary["censored"]
    if censored:
        print(f"\nRuntimes to {censored['target']:g} ({censored['n_censored']} of {censored['n_runs']} runs censored "
              f"at their budget): {censored['method']}")
        print(f"  chi2 = {censored['statistic']:.4g}, p = {censored['pvalue']:.4g}")
    for note in summary["notes"]:
        print(f"algocompare: note: {note}", file=sys.stderr)


def _run(args: argparse.Namespace) -> int:
    import algocompare as ac

    runs, summary, ert = summarize(args)
    if args.latex:
        from pathlib import Path

        path = Path(args.latex)
        own = isinstance(summary["targets"], dict)
        caption = ("ERT over the best ERT of each target; target p%: the value p% of the instance's runs reached "
                   "(an instance's row: its best ERT in evaluations); bold: best; succ: successful/all runs at the "
                   "last target." if own else None)
        path.write_text(ac.ert_table(ert, width=args.latex_width, target_labels=_SHARE_LABELS if own else None,
                                     caption=caption), encoding="utf-8")
        print(f"ERT table written to {path}", file=sys.stderr)
    if args.report:
        path = ac.write_anytime_report(runs, args.report, targets=summary["targets"], budget=summary["budget"],
                                       alpha=args.alpha, seed=args.seed, n_resamples=args.n_resamples)
        print(f"report written to {path}", file=sys.stderr)
    if args.json:
        print(json.dumps(_tidy(summary), indent=2, allow_nan=False))
    else:
        _print_text(summary, ert)
    return 0
