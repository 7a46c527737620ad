"""The ``algocompare`` command line.

``algocompare analyze`` is the main job; other subcommands (severity, samplesize,
consensus, ...) are contributed by their subpackages: each module listed in
``_COMMAND_MODULES`` exposes ``register(subparsers)``, which adds its parser and sets
``handler=`` to a function ``(args) -> int``.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from typing import Any, Sequence

from algocompare import __version__

#: Subcommands contributed by subpackages: name -> (module with ``register``, one-line help).
#: A module is imported only when one of its commands runs, so `analyze` stays quick.
_PLUGIN_COMMANDS: dict[str, tuple[str, str]] = {
    "severity": ("algocompare.severity.cli", "severity analysis of two algorithms' runs on one instance"),
    "samplesize": ("algocompare.samplesize.cli",
                   "number of instances N* for comparing algorithms (Campelo & Takahashi)"),
    "power-curve": ("algocompare.samplesize.cli", "power of a fixed benchmark set against effect size"),
    "consensus": ("algocompare.consensus.cli", "consensus ranking of the per-instance rankings (Borda, Kemeny)"),
}

#: Errors that are the user's input, reported in one line without a traceback.
USER_ERRORS = (ValueError, TypeError, FileNotFoundError, ImportError, KeyError, OSError)


#: Keyword arguments of the Python API that the data options of the command line spell ``--name value``.
_DATA_OPTIONS = ("nan_policy", "layout", "algorithm", "instance", "value", "run")
_KEYWORD = re.compile(r"\b(" + "|".join(_DATA_OPTIONS) + r")=('[^']*'|\"[^\"]*\"|(?=[,.;)\s]|$))")


def command_line_spelling(message: str) -> str:
    """A message written for the Python API with the options spelled as on the command line:
    ``nan_policy='omit'`` becomes ``--nan-policy omit``, a bare ``algorithm=`` becomes ``--algorithm``."""
    def spell(match: re.Match) -> str:
        option = "--" + match.group(1).replace("_", "-")
        value = match.group(2)
        return f"{option} {shlex.quote(value[1:-1])}" if value else option

    return re.sub(r"(--[\w-]+ [^\s,]+), (?=--)", r"\1 ", _KEYWORD.sub(spell, message))


def dropped_line(kind: str, dropped: Sequence[Any]) -> str:
    """The line every subcommand prints when ``--nan-policy omit`` dropped instances (or pairs, runs)."""
    return f"{len(dropped)} {kind}(s) dropped for missing values: {', '.join(map(str, dropped))}"


def match_label(text: Any, labels: Sequence[Any]) -> Any:
    """The label among ``labels`` that a command-line argument names: the label itself, or the
    one whose text is ``text`` (numeric labels arrive as text)."""
    if text in labels:
        return text
    return next((label for label in labels if str(label) == str(text)), text)


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option ends with one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _add_data_arguments(parser: argparse.ArgumentParser, nan_policy: str = "raise") -> None:
    parser.add_argument("path", nargs="?", help="results file (CSV, TSV, Excel, Parquet); default: bundled data")
    parser.add_argument("--dataset", help="a bundled dataset (see `algocompare datasets`); default cec2017_d10")
    parser.add_argument("--maximize", action="store_true", help="higher values are better (default: lower)")
    parser.add_argument("--layout", choices=("auto", "wide", "long"), default="auto",
                        help="wide (instances × algorithms) or long (one row per run); default: auto")
    parser.add_argument("--instance", help="column with the instance labels")
    parser.add_argument("--algorithm", default="algorithm", help="long layout: algorithm column")
    parser.add_argument("--value", default="value", help="long layout: value column")
    parser.add_argument("--run", help="long layout: run column")
    # `analyze` keeps missing cells (Skillings-Mack, Durbin); commands whose methods need every cell do not offer it
    choices = ("keep", "omit", "raise") if nan_policy == "keep" else ("raise", "omit")
    helps = {"keep": "keep them for the Skillings-Mack and Durbin tests", "omit": "drop the instances that have them",
             "raise": "stop with an error"}
    parser.add_argument("--nan-policy", choices=choices, default=nan_policy,
                        help="missing cells: " + "; ".join(f"{c} = {helps[c]}" for c in choices)
                             + f" (default {nan_policy})")


def load_input(args: argparse.Namespace):
    """The Results named by the data arguments (file, or bundled dataset)."""
    from algocompare.data import load_dataset, read

    direction = "maximize" if args.maximize else "minimize"
    if args.path and args.dataset:
        raise ValueError("give either a file or --dataset, not both.")
    if args.path:
        return read(args.path, layout=args.layout, direction=direction, instance=args.instance,
                    algorithm=args.algorithm, value=args.value, run=args.run, nan_policy=args.nan_policy)
    res = load_dataset(args.dataset or "cec2017_d10")
    if args.maximize:
        raise ValueError("--maximize applies to a file; a bundled dataset has its own direction.")
    return res


def _provider(name: str) -> Any:
    from algocompare.analysis import _provider as provider

    return provider(name)


def _cmd_datasets(args: argparse.Namespace) -> int:
    from algocompare.data import list_datasets

    table = list_datasets()
    if args.json:
        print(json.dumps(table.reset_index().to_dict("records"), indent=2))
    else:
        print(table.to_string())
    return 0


def analysis_summary(res) -> dict[str, Any]:
    """The data summary of `analyze`: sizes, descriptive table and mean ranks."""
    from algocompare._results import jsonable
    from algocompare._validation import check_design_size

    check_design_size(res.n_instances, res.n_algorithms)
    mean_ranks = res.mean_ranks()
    missing = {"n_missing": res.n_missing,
               "missing_cells": [{"instance": jsonable(i), "algorithm": jsonable(a)} for i, a in res.missing_cells]}
    return {
        "notes": list(res.notes),
        "direction": res.direction,
        "algorithms": [str(a) for a in res.algorithms],
        "n_algorithms": res.n_algorithms,
        "n_instances": res.n_instances,
        "dropped_instances": [str(i) for i in res.dropped_instances],
        "descriptive": jsonable(res.describe()),
        "mean_ranks": {str(k): float(val) for k, val in mean_ranks.items()},
        **missing,
    }


def _options(args: argparse.Namespace):
    from algocompare.analysis import AnalysisOptions

    return AnalysisOptions(alpha=args.alpha, control=None if args.control == "none" else args.control,
                           correction=args.correction, bayesian=args.bayesian, rope=args.rope,
                           n_samples=args.n_samples, n_resamples=args.n_resamples, seed=args.seed,
                           se=args.se, tie_correction=not args.untied)


def _write_outputs(args: argparse.Namespace, res, sections, options) -> None:
    """The files asked for by --report, --latex and --figures (messages on stderr, so --json stays clean)."""
    if not (args.report or args.latex or args.figures):
        return
    from algocompare.report import export_figures, export_tables, write_report

    if args.report:
        path = write_report(res, args.report, options, sections=sections)
        print(f"report written to {path}", file=sys.stderr)
    if args.latex:
        paths = export_tables(res, sections, args.latex)
        print(f"{len(paths)} LaTeX files written to {args.latex}", file=sys.stderr)
    if args.figures:
        paths = export_figures(res, sections, args.figures, fmt=args.figure_format)
        print(f"{len(paths)} figures written to {args.figures}", file=sys.stderr)


def _cmd_analyze(args: argparse.Namespace) -> int:
    from algocompare.analysis import run_analysis

    res = load_input(args)
    if args.control not in ("best", "none"):
        args.control = match_label(args.control, res.algorithms)
    summary = analysis_summary(res)
    options = _options(args)
    if args.bayesian and args.rope == 0:
        print("algocompare: note: --bayesian without --rope uses a region of practical equivalence of 0, so "
              "p_rope is 0; pass --rope in the units of the data (e.g. --rope 0.01).", file=sys.stderr)
    sections = run_analysis(res, options)
    _write_outputs(args, res, sections, options)
    if args.json:
        summary.update({s.key: s.data for s in sections})
        print(json.dumps(summary, indent=2, allow_nan=False))
        return 0
    import pandas as pd

    better = "lower" if res.direction == "minimize" else "higher"
    for note in summary["notes"]:
        print(note)
    print(f"{res.n_instances} instances × {res.n_algorithms} algorithms ({res.direction}: {better} is better)")
    if res.n_dropped:
        print(dropped_line("instance", res.dropped_instances))
    if res.n_missing:
        print(f"{res.n_missing} missing cell(s), analysed with the Skillings-Mack (and Durbin) tests; "
              "--nan-policy omit drops their instances for the complete-table tests")
    with pd.option_context("display.width", 120, "display.max_columns", 20):
        print("\nDescriptive statistics per algorithm")
        print(res.describe().to_string(float_format=lambda x: f"{x:.4g}"))
        print("\nMean ranks (rank 1 = best" + ("; instances with missing cells stretched to 1..k)" if res.n_missing
                                               else ")"))
        print(res.mean_ranks().sort_values().to_string(float_format=lambda x: f"{x:.3f}"))
        for section in sections:
            print(f"\n{section.title}")
            print(section.text)
    return 0


def _add_plugin_commands(sub: Any, command: str | None) -> None:
    """Register the module of ``command`` for real; the others only by name and help."""
    loaded: set[str] = set()
    module_name = _PLUGIN_COMMANDS.get(command, (None, ""))[0]
    if module_name is not None:
        module = _provider(module_name)
        if module is not None:
            module.register(sub)
            loaded.add(module_name)
    for name, (module_name, help_text) in _PLUGIN_COMMANDS.items():
        if module_name not in loaded:
            sub.add_parser(name, help=help_text, add_help=False)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; ``command`` names the subcommand about to run (its module is loaded)."""
    parser = _Parser(prog="algocompare", description="Statistical comparison of algorithms.")
    parser.add_argument("--version", action="version", version=f"algocompare {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    p = sub.add_parser("datasets", help="list the bundled datasets")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_cmd_datasets)
    p = sub.add_parser("analyze", help="analyse a results table (default: bundled cec2017_d10)")
    _add_data_arguments(p, nan_policy="keep")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    p.add_argument("--control", default="best", help="post-hoc control: an algorithm, 'best' (default) or 'none'")
    p.add_argument("--correction", default="holm", help="p-value adjustment for the post-hoc tests (default holm)")
    p.add_argument("--se", choices=("permutation", "classic"), default="permutation",
                   help="standard error of the rank post-hoc tests: 'permutation' (default, calibrated, "
                        "tie-aware) or 'classic' (the papers' closed forms)")
    p.add_argument("--untied", action="store_true",
                   help="omnibus statistics without tie correction, as the papers print them")
    p.add_argument("--bayesian", action="store_true", help="add the Bayesian tests")
    p.add_argument("--rope", type=float, default=0.0, help="region of practical equivalence for Bayesian tests")
    p.add_argument("--n-samples", type=int, default=50_000, help="posterior samples of the Bayesian tests")
    p.add_argument("--n-resamples", type=int, default=10_000, help="resamples of the permutation tests")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--report", metavar="FILE", help="write a self-contained HTML report to FILE")
    p.add_argument("--latex", metavar="DIR", help="write every table as a booktabs .tex file to DIR")
    p.add_argument("--figures", metavar="DIR", help="write every figure to DIR")
    p.add_argument("--figure-format", choices=("svg", "png", "pdf"), default="svg",
                   help="format of --figures (default svg)")
    p.set_defaults(handler=_cmd_analyze)
    _add_plugin_commands(sub, command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit code.

    Examples
    --------
    >>> from algocompare.cli import main
    >>> main(["samplesize", "--d", "0.5", "--power", "0.8", "--comparisons", "3"])
    Number of instances (Campelo & Takahashi; Holm levels, Campelo & Wanner)
      N* = 40 instances (t test, two-sided, d = 0.5, alpha = 0.05, 3 comparison(s), mean power >= 0.8)
    ...
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(next((a for a in argv if not a.startswith("-")), None))
    args = parser.parse_args(argv)
    if getattr(args, "handler", None) is None:
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except USER_ERRORS as err:
        message = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        print(f"algocompare: error: {command_line_spelling(message)}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
