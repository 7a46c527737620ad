"""``algocompare severity``: severity analysis of two algorithms' runs on one instance."""

from __future__ import annotations

import argparse
import json

import numpy as np
import pandas as pd

__all__ = ["register", "runs_of_two"]


def register(subparsers) -> None:
    """Add the ``severity`` subcommand."""
    p = subparsers.add_parser(
        "severity", help="severity analysis of two algorithms' runs on one instance",
        description="Test whether B is better than A on one instance (difference A − B, oriented so that "
                    "positive means B better) and evaluate the severity of the decision "
                    "(Bartz-Beielstein et al., Mayo & Spanos).")
    p.add_argument("path", help="long results file: one row per run with columns algorithm, value "
                                "(and optionally instance, run)")
    p.add_argument("--a", required=True, help="algorithm A")
    p.add_argument("--b", required=True, help="algorithm B")
    p.add_argument("--delta", type=float, required=True, help="relevant difference Delta (> 0: B better by Delta)")
    p.add_argument("--paired", action="store_true", help="runs are paired by their run label (same seeds)")
    p.add_argument("--figure", help="save the severity figure to this file (svg, png, pdf)")
    p.add_argument("--instance", help="the instance to analyse when the file has several")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    p.add_argument("--alternative", choices=("greater", "less", "two-sided"), default="greater",
                   help="H1 for the difference A − B (default greater: B better)")
    p.add_argument("--test", choices=("t", "z"), default="t", help="t (default) or z test")
    p.add_argument("--threshold", type=float, default=0.8, help="severity level to report (default 0.8)")
    p.add_argument("--maximize", action="store_true", help="higher values are better (default: lower)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(handler=_run)


def _read_long(path: str, direction: str):
    """The runs as a Results; a file without an instance column is one instance."""
    from algocompare.data import Results, read
    from algocompare.data.io import read_frame

    frame = read_frame(path) if str(path).endswith((".csv", ".tsv", ".txt")) else None
    if frame is not None and not {"algorithm", "value"} <= set(frame.columns):
        raise ValueError(f"severity reads a long file with columns 'algorithm' and 'value' (optionally 'instance' "
                         f"and 'run'); {str(path)!r} has columns {list(frame.columns)}: rename its columns.")
    if frame is not None and "instance" not in frame.columns:
        frame = frame.assign(instance="instance")
        run = "run" if "run" in frame.columns else None
        return Results.from_long(frame, algorithm="algorithm", instance="instance", value="value", run=run,
                                 direction=direction)
    return read(path, layout="long", direction=direction)


def runs_of_two(results, a, b, *, instance=None, paired: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Oriented runs (lower is better) of algorithms ``a`` and ``b`` on one instance.

    With ``paired=True`` the runs are matched by their run label and both algorithms must
    have the same labels.
    """
    from algocompare import _validation as v
    from algocompare.cli import match_label

    a, b = match_label(a, results.algorithms), match_label(b, results.algorithms)  # numeric labels arrive as text
    v.check_algorithm(results, a, "algorithm --a")
    v.check_algorithm(results, b, "algorithm --b")
    if a == b:
        raise ValueError("--a and --b name the same algorithm; give two different algorithms.")
    if instance is None and results.n_instances != 1:
        names = ", ".join(map(str, results.instances[:5])) + (", ..." if results.n_instances > 5 else "")
        raise ValueError(f"the file has {results.n_instances} instances; choose one with --instance ({names}).")
    if instance is not None:  # a command-line label is a string; the file's may be a number
        instance = next((i for i in results.instances if str(i) == str(instance)), instance)
    runs = results.instance_runs(instance, oriented=True)
    if not paired:
        return runs[a].to_numpy(), runs[b].to_numpy()
    table = pd.concat([runs[a], runs[b]], axis=1)
    unmatched = table.index[table.isna().any(axis=1)]
    if len(unmatched):
        raise ValueError(f"--paired needs the same run labels for both algorithms; run(s) "
                         f"{', '.join(map(str, unmatched[:5]))} are missing for one of them.")
    return table[a].to_numpy(float), table[b].to_numpy(float)


def _run(args: argparse.Namespace) -> int:
    from algocompare.severity import severity_analysis

    results = _read_long(args.path, "maximize" if args.maximize else "minimize")
    x, y = runs_of_two(results, args.a, args.b, instance=args.instance, paired=args.paired)
    res = severity_analysis(x, y, delta=args.delta, paired=args.paired, alpha=args.alpha,
                            alternative=args.alternative, test=args.test, threshold=args.threshold)
    if args.figure:
        import matplotlib

        matplotlib.use("Agg")
        axes = res.plot()
        axes[0].figure.savefig(args.figure, bbox_inches="tight")
    if args.json:
        print(json.dumps(dict(res.to_dict(), algorithm_a=str(args.a), algorithm_b=str(args.b)), indent=2,
                         allow_nan=False))
        return 0
    print(f"{res.method}: difference {args.a} − {args.b} "
          f"({'lower' if not args.maximize else 'higher'} is better; positive = {args.b} better)")
    print(res.table().to_string(float_format=lambda val: f"{val:.4g}"))
    if args.figure:
        print(f"figure written to {args.figure}")
    return 0
