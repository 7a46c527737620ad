"""``algocompare severity``: severity analysis of two algorithms' runs on one instance."""

from __future__ import annotations

import argparse
import json
from typing import Any

from algocompare.cli._common import check_algorithm, dropped_line, match_label

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction) -> None:
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
    p.add_argument("--nan-policy", choices=("raise", "omit"), default="raise",
                   help="runs without a value (and, with --paired, runs of only one algorithm): raise = stop "
                        "with an error, omit = drop them and say which (default raise)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(handler=_run)


def _read_long(path: str, direction: str, nan_policy: str = "raise") -> tuple[Any, list[str]]:
    """The runs as a Results (a file without an instance column is one instance) and the runs
    dropped for a missing value (``nan_policy="omit"``)."""
    import algocompare as ac

    if not str(path).endswith((".csv", ".tsv", ".txt")):
        return ac.read(path, layout="long", direction=direction), []
    frame = ac.read_frame(path)
    if not {"algorithm", "value"} <= set(frame.columns):
        raise ValueError(f"severity reads a long file with columns 'algorithm' and 'value' (optionally 'instance' "
                         f"and 'run'); {str(path)!r} has columns {list(frame.columns)}: rename its columns.")
    frame, dropped = _missing_runs(frame, nan_policy)
    if "instance" not in frame.columns:
        frame = frame.assign(instance="instance")
    run = "run" if "run" in frame.columns else None
    return ac.Results.from_long(frame, algorithm="algorithm", instance="instance", value="value", run=run,
                                direction=direction), dropped


def _missing_runs(frame: Any, nan_policy: str) -> tuple[Any, list[str]]:
    """Refuse runs without a value, or drop them and name them ("A run 3", else "A line 5" of the file)."""
    import numpy as np
    import pandas as pd

    missing = frame["value"].isna().to_numpy()
    if not missing.any():
        return frame, []
    rows = frame[missing]
    where = rows["run"].astype(str).map("run {}".format) if "run" in frame.columns else \
        pd.Series(np.flatnonzero(missing) + 2, index=rows.index).map("line {}".format)
    names = [f"{alg} {place}" for alg, place in zip(rows["algorithm"].astype(str), where)]
    if nan_policy == "raise":
        raise ValueError(f"{len(names)} run(s) have no value ({', '.join(names[:3])}); fill them in or pass "
                         "nan_policy='omit' to drop them.")
    return frame[~missing], names


def runs_of_two(results: Any, a: Any, b: Any, *, instance: Any = None, paired: bool = False,
                nan_policy: str = "raise") -> tuple[Any, Any]:
    """Oriented runs (lower is better) of algorithms ``a`` and ``b`` on one instance.

    With ``paired=True`` the runs are matched by their run label and both algorithms must
    have the same labels; with ``nan_policy="omit"`` a run of only one of them is kept as a
    missing value, and the two Series (indexed by run label) are returned so that
    :func:`severity_analysis` drops those pairs and names them in ``dropped_pairs``.
    """
    import pandas as pd

    a, b = check_algorithm(results, a, "--a"), check_algorithm(results, b, "--b")  # numeric labels arrive as text
    if a == b:
        raise ValueError("--a and --b name the same algorithm; give two different algorithms.")
    if instance is None and results.n_instances != 1:
        names = ", ".join(map(str, results.instances[:5])) + (", ..." if results.n_instances > 5 else "")
        raise ValueError(f"the file has {results.n_instances} instances; choose one with --instance ({names}).")
    if instance is not None:  # a command-line label is a string; the file's may be a number
        instance = match_label(instance, results.instances)
    runs = results.instance_runs(instance, oriented=True)
    if not paired:
        return runs[a].to_numpy(), runs[b].to_numpy()
    table = pd.concat([runs[a], runs[b]], axis=1)
    unmatched = table.index[table.isna().any(axis=1)]
    if len(unmatched) and nan_policy == "omit":
        return table[a].astype(float), table[b].astype(float)
    if len(unmatched):
        raise ValueError(f"--paired needs the same run labels for both algorithms; run(s) "
                         f"{', '.join(map(str, unmatched[:5]))} are missing for one of them.")
    return table[a].to_numpy(float), table[b].to_numpy(float)


def _run(args: argparse.Namespace) -> int:
    import algocompare as ac

    results, dropped_runs = _read_long(args.path, "maximize" if args.maximize else "minimize", args.nan_policy)
    x, y = runs_of_two(results, args.a, args.b, instance=args.instance, paired=args.paired,
                       nan_policy=args.nan_policy)
    res = ac.severity_analysis(x, y, delta=args.delta, paired=args.paired, alpha=args.alpha,
                               alternative=args.alternative, test=args.test, threshold=args.threshold,
                               nan_policy=args.nan_policy)
    if args.figure:
        import matplotlib

        matplotlib.use("Agg")
        axes = res.plot()
        axes[0].figure.savefig(args.figure, bbox_inches="tight")
    if args.json:
        print(json.dumps(dict(res.to_dict(), algorithm_a=str(args.a), algorithm_b=str(args.b),
                              dropped_runs=dropped_runs), indent=2, allow_nan=False))
        return 0
    if dropped_runs:
        print(dropped_line("run", dropped_runs))
    if res.dropped_pairs:
        print(dropped_line("run pair", [f"run {run}" for run in res.dropped_pairs]))
    print(f"{res.method}: difference {args.a} − {args.b} "
          f"({'lower' if not args.maximize else 'higher'} is better; positive = {args.b} better)")
    print(res.table().to_string(float_format=lambda val: f"{val:.4g}"))
    if args.figure:
        print(f"figure written to {args.figure}")
    return 0
