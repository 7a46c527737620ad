"""``algocompare severity``: severity analysis of two algorithms' runs on one instance."""

from __future__ import annotations

import argparse
import json
from typing import Any

from algocompare.cli._common import add_text_arguments, check_algorithm, check_instance, did_you_mean, dropped_line

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``severity`` subcommand."""
    p = subparsers.add_parser(
        "severity", help="severity analysis of two algorithms' runs on one instance, or per instance",
        description="Test whether B is better than A (difference A − B, oriented so that positive means B "
                    "better) and evaluate the severity of the decision (Bartz-Beielstein et al., Mayo & "
                    "Spanos): on the runs of one instance, or (--per-instance) on the per-instance means, "
                    "paired by instance.")
    p.add_argument("path", help="long results file: one row per run with an algorithm column and a value column "
                                "(and optionally instance and run columns)")
    p.add_argument("--a", required=True, help="algorithm A")
    p.add_argument("--b", required=True, help="algorithm B")
    p.add_argument("--delta", type=float, required=True, help="relevant difference Delta (> 0: B better by Delta)")
    p.add_argument("--paired", action="store_true", help="runs are paired by their run label (same seeds)")
    p.add_argument("--per-instance", action="store_true",
                   help="paired by instance: the difference of the two algorithms' mean values on each instance "
                        "(every instance of the file; the instances are the sample)")
    p.add_argument("--figure", help="save the severity figure to this file (svg, png, pdf)")
    p.add_argument("--algorithm", default="algorithm", help="column of the algorithm names (default 'algorithm')")
    p.add_argument("--value", default="value", help="column of the values (default 'value')")
    p.add_argument("--instance", help="column of the instance labels (default 'instance' if the file has one); "
                                      "the former use, a label of that column, still selects the instance")
    p.add_argument("--run", help="column of the run labels (default 'run' if the file has one)")
    add_text_arguments(p)
    p.add_argument("--on", metavar="LABEL", help="the instance to analyse when the file has several")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    p.add_argument("--alternative", choices=("greater", "less", "two-sided"), default="greater",
                   help="H1 for the difference A − B (default greater: B better)")
    p.add_argument("--test", choices=("t", "z"), default="t", help="t (default) or z test")
    p.add_argument("--threshold", type=float, default=0.8, help="severity level to report (default 0.8)")
    p.add_argument("--sampling", choices=("noncentral", "shifted"), default="noncentral",
                   help="t test: the sampling model of both severity and power: noncentral t (default) or SPOT's "
                        "shifted central t")
    p.add_argument("--maximize", action="store_true", help="higher values are better (default: lower)")
    p.add_argument("--nan-policy", choices=("raise", "omit"), default="raise",
                   help="runs without a value (and, with --paired, runs of only one algorithm; with "
                        "--per-instance, instances without a run of one of them): raise = stop with an error, "
                        "omit = drop them and say which (default raise)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(handler=_run)


#: The column names of the file, by role, as the options name them.
_ROLES = ("algorithm", "value", "instance", "run")


def _columns(frame: Any, args: argparse.Namespace) -> tuple[dict[str, Any], Any]:
    """The file's column of each role ({"algorithm": ..., "value": ..., "instance": ..., "run": ...})
    and the instance label that ``--instance`` gave in its former use (a label, not a column)."""
    present = list(frame.columns)
    chosen: dict[str, str | None] = {}
    label = None
    for role in _ROLES:
        name = getattr(args, role, None)
        if role == "instance" and name is not None and name not in present and "instance" in present:
            chosen[role], label = "instance", name  # former use: --instance f3 selected instance f3
            continue
        if name is None:  # instance, run: optional columns
            chosen[role] = role if role in present else None
            continue
        if name not in present:
            raise ValueError(f"severity reads a long file (one row per run); {str(args.path)!r} has no column {name!r}"
                             f"{did_you_mean(name, present)}: name its {role} column with --{role} (its columns "
                             f"are {present}).")
        chosen[role] = name
    return chosen, label


def _read_long(args: argparse.Namespace, direction: str) -> tuple[Any, list[str], Any]:
    """The runs as a Results (a file without an instance column is one instance), the runs
    dropped for a missing value (``--nan-policy omit``) and a former-use ``--instance`` label."""
    import algocompare as ac

    frame = ac.read_frame(args.path, delimiter=args.delimiter, decimal=args.decimal)
    columns, label = _columns(frame, args)
    roles = [role for role in _ROLES if columns[role] is not None]
    # the chosen columns under their roles' names (another column may already bear one: --value error beside 'value')
    frame = frame[[columns[role] for role in roles]].set_axis(roles, axis=1)
    frame, dropped = _missing_runs(frame, args.nan_policy, _analysed(frame, args, label))
    if columns["instance"] is None:
        frame = frame.assign(instance="instance")
    run = "run" if columns["run"] is not None else None
    # an algorithm without runs on another instance is not this command's concern: the cells
    # are kept, and --per-instance refuses or drops (--nan-policy omit) the instances it needs
    results = ac.Results.from_long(frame, algorithm="algorithm", instance="instance", value="value", run=run,
                                   direction=direction, nan_policy="keep")
    return results, dropped, label


def _analysed(frame: Any, args: argparse.Namespace, label: Any) -> Any:
    """Which rows the analysis reads: the runs of --a and --b, on the --on instance (or the
    former-use --instance label) unless --per-instance. A run without a value elsewhere (another
    instance, another algorithm) is not this analysis's concern: it was refused, and
    --nan-policy omit did not help (issue 30)."""
    from algocompare.cli._common import match_label

    algorithms = list(frame["algorithm"].dropna().unique())
    rows = frame["algorithm"].isin([match_label(args.a, algorithms), match_label(args.b, algorithms)])
    chosen = args.on if args.on is not None else label
    if "instance" in frame.columns and chosen is not None and not args.per_instance:
        rows &= frame["instance"] == match_label(chosen, list(frame["instance"].dropna().unique()))
    return rows.to_numpy()


def _missing_runs(frame: Any, nan_policy: str, analysed: Any) -> tuple[Any, list[str]]:
    """Refuse runs without a value among the ``analysed`` rows, or drop them and name them
    ("A run 3", else "A line 5" of the file); runs without a value in the other rows are left
    out without a word (nothing reads them)."""
    import pandas as pd

    unread = frame["value"].isna().to_numpy() & ~analysed
    frame, analysed = frame[~unread], analysed[~unread]
    missing = frame["value"].isna().to_numpy()
    if not missing.any():
        return frame, []
    rows = frame[missing]
    where = rows["run"].astype(str).map("run {}".format) if "run" in frame.columns else \
        pd.Series(rows.index.to_numpy() + 2, index=rows.index)  # the file's line (header: line 1).map("line {}".format)
    names = [f"{alg} {place}" for alg, place in zip(rows["algorithm"].astype(str), where, strict=False)]
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
        raise ValueError(f"the file has {results.n_instances} instances; choose one with --on ({names}), or "
                         "compare the per-instance means with --per-instance.")
    if instance is not None:  # a command-line label is a string; the file's may be a number
        instance = check_instance(results, instance, "--on")
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


def means_of_two(results: Any, a: Any, b: Any, *, nan_policy: str = "raise") -> tuple[Any, Any]:
    """Oriented per-instance means (lower is better) of algorithms ``a`` and ``b``, indexed by
    instance: the pairs of ``--per-instance`` (an instance where one of them has no run is a
    missing pair, refused or, with ``nan_policy="omit"``, dropped and named by
    :func:`severity_analysis`)."""
    a, b = check_algorithm(results, a, "--a"), check_algorithm(results, b, "--b")
    if a == b:
        raise ValueError("--a and --b name the same algorithm; give two different algorithms.")
    table = results.blocks(oriented=True)[[a, b]].astype(float)
    unmatched = table.index[table.isna().any(axis=1)]
    if len(unmatched) and nan_policy != "omit":
        raise ValueError(f"--per-instance needs runs of both algorithms on every instance; instance(s) "
                         f"{', '.join(map(str, unmatched[:5]))} lack one: pass nan_policy='omit' to drop them.")
    if results.n_instances < 2:
        raise ValueError("--per-instance compares per-instance means, and the file has one instance; give a file "
                         "with several instances, or leave out --per-instance to compare the runs.")
    return table[a], table[b]


def _two_samples(args: argparse.Namespace, results: Any, label: Any) -> tuple[Any, Any, bool]:
    """The two samples the test compares, and whether they are paired."""
    if args.per_instance:
        if args.on is not None or label is not None:
            raise ValueError("--per-instance uses every instance; leave out --on (it analyses the runs of one "
                             "instance).")
        x, y = means_of_two(results, args.a, args.b, nan_policy=args.nan_policy)
        return x, y, True
    x, y = runs_of_two(results, args.a, args.b, instance=args.on if args.on is not None else label,
                       paired=args.paired, nan_policy=args.nan_policy)
    return x, y, args.paired


def _aligned(values: Any) -> list[str]:
    """One line per quantity: names left-aligned, values (4 significant digits) right-aligned."""
    shown = [value if isinstance(value, str) else f"{value:.4g}" for value in values]
    name_width = max(len(str(name)) for name in values.index)
    value_width = max(len(text) for text in shown)
    return [f"  {name!s:<{name_width}}  {text:>{value_width}}" for name, text in zip(values.index, shown, strict=False)]


def _run(args: argparse.Namespace) -> int:
    import algocompare as ac

    results, dropped_runs, label = _read_long(args, "maximize" if args.maximize else "minimize")
    # the file's own labels in what is printed (--a cg names 'CG')
    args.a, args.b = check_algorithm(results, args.a, "--a"), check_algorithm(results, args.b, "--b")
    x, y, paired = _two_samples(args, results, label)
    res = ac.severity_analysis(x, y, delta=args.delta, paired=paired, alpha=args.alpha,
                               alternative=args.alternative, test=args.test, threshold=args.threshold,
                               nan_policy=args.nan_policy, sampling=args.sampling)
    if args.figure:
        import matplotlib

        matplotlib.use("Agg")
        axes = res.plot()
        axes[0].figure.savefig(args.figure, bbox_inches="tight")
    sample = "per-instance means, paired by instance" if args.per_instance else "runs"
    if args.json:
        print(json.dumps(dict(res.to_dict(), algorithm_a=str(args.a), algorithm_b=str(args.b), sample=sample,
                              dropped_runs=dropped_runs), indent=2, allow_nan=False))
        return 0
    if dropped_runs:
        print(dropped_line("run", dropped_runs))
    if res.dropped_pairs:
        kind = "instance" if args.per_instance else "run pair"
        print(dropped_line(kind, [str(p) if args.per_instance else f"run {p}" for p in res.dropped_pairs]))
    print(f"{res.method} on the {sample}: difference {args.a} − {args.b} "
          f"({'lower' if not args.maximize else 'higher'} is better; positive = {args.b} better)")
    other = {"noncentral": " (--sampling shifted: SPOT's shifted central t)", "shifted": " (default: the noncentral t)"}
    print(f"severity and power under the {res.model}" + (other[args.sampling] if args.test == "t" else ""))
    print("\n".join(_aligned(res.table()["value"])))
    if args.figure:
        print(f"figure written to {args.figure}")
    return 0
