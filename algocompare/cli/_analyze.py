"""``algocompare analyze``: every section of the analysis of a results table, as text, JSON or files."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any, overload

from algocompare.cli._common import add_data_arguments, dropped_line, load_input, match_label

__all__ = ["register"]


class _SectionChoices(Sequence[str]):
    """The choices the post-hoc section accepts (``POSTHOC_TESTS``, ``CORRECTIONS``: live views of
    their registries), read when argparse first needs them (``--help``, a given value): building
    the parser imports no statistics."""

    def __init__(self, name: str) -> None:
        self._name = name

    def _keys(self) -> tuple[str, ...]:
        from algocompare.analysis import posthoc_section

        return tuple(getattr(posthoc_section, self._name))

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._keys()[index]

    def __len__(self) -> int:
        return len(self._keys())

    def __contains__(self, key: object) -> bool:
        return key in self._keys()


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``analyze`` subcommand."""
    p = subparsers.add_parser("analyze", help="analyse a results table (default: bundled cec2017_d10)")
    add_data_arguments(p, nan_policy="keep")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    p.add_argument("--control", default="best", help="post-hoc control: an algorithm, 'best' (default) or 'none'")
    p.add_argument("--p-adjust", "--correction", dest="p_adjust", metavar="METHOD", default="holm",
                   choices=_SectionChoices("CORRECTIONS"),
                   help="p-value adjustment of the post-hoc tests for multiplicity: one of %(choices)s (default "
                        "holm; --correction is the former spelling)")
    p.add_argument("--se", choices=("permutation", "classic"), default="permutation",
                   help="standard error of the rank post-hoc tests: 'permutation' (default, calibrated, "
                        "tie-aware) or 'classic' (the papers' closed forms)")
    p.add_argument("--posthoc-test", metavar="TEST", default=None,
                   choices=_SectionChoices("POSTHOC_TESTS"),
                   help="post-hoc test of the pairwise comparisons: one of %(choices)s (default friedman, the z "
                        "tests on mean ranks; durbin and skillings_mack only for tables with missing cells, "
                        "which use skillings_mack by default)")
    p.add_argument("--group-by", metavar="COLUMN", default=None,
                   help="also compare all pairs within each group of instances named by this column of the long "
                        "data (e.g. dimension), one adjustment across all groups (posthoc_by_group)")
    p.add_argument("--untied", action="store_true",
                   help="omnibus statistics without tie correction, as the papers print them")
    p.add_argument("--bayesian", action="store_true", help="add the Bayesian tests")
    p.add_argument("--rope", type=float, default=0.0, help="region of practical equivalence for Bayesian tests")
    p.add_argument("--n-samples", type=int, default=50_000, help="posterior samples of the Bayesian tests")
    p.add_argument("--n-resamples", type=int, default=9999, help="resamples of the permutation tests")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bars on standard error for the steps that take a while (default: on a "
                        "terminal, once a step has lasted a second)")
    p.add_argument("--report", metavar="FILE", help="write a self-contained HTML report to FILE")
    p.add_argument("--latex", metavar="DIR", help="write every table as a booktabs .tex file to DIR")
    p.add_argument("--latex-width", choices=("column", "page"), default="column",
                   help="width --latex tables fit: 'column' (default, \\columnwidth of a two-column paper) "
                        "or 'page' (page-wide table* floats)")
    p.add_argument("--figures", metavar="DIR", help="write every figure to DIR")
    p.add_argument("--figure-format", choices=("svg", "png", "pdf"), default="svg",
                   help="format of --figures (default svg)")
    p.set_defaults(handler=_run)


def _options(args: argparse.Namespace) -> Any:
    from algocompare.analysis import AnalysisOptions

    return AnalysisOptions(alpha=args.alpha, control=None if args.control == "none" else args.control,
                           p_adjust=args.p_adjust, bayesian=args.bayesian, rope=args.rope,
                           n_samples=args.n_samples, n_resamples=args.n_resamples, seed=args.seed,
                           se=args.se, tie_correction=not args.untied, progress=args.progress,
                           group_by=args.group_by,
                           **({} if args.posthoc_test is None else {"posthoc_test": args.posthoc_test}))


def _check_posthoc_test(test: str | None, res: Any) -> None:
    """An explicit ``--posthoc-test`` must suit the table: the tests made for missing cells on a table
    with holes, the others on a complete one (a one-line error otherwise, before any section runs)."""
    if test is None:
        return
    from algocompare.analysis import incomplete_posthoc_section, posthoc_section

    if res.n_missing:  # --posthoc-test friedman too: only the default stands for Skillings-Mack there
        incomplete_posthoc_section.incomplete_table_test(test, explicit=True)
    else:
        posthoc_section.complete_table_test(test)


def _write_outputs(args: argparse.Namespace, res: Any, sections: list[Any], options: Any) -> None:
    """The files asked for by --report, --latex and --figures (messages on stderr, so --json stays clean)."""
    if not (args.report or args.latex or args.figures):
        return
    from algocompare.report import export_figures, export_tables, write_report

    if args.report:
        with _working(args.progress, "writing the report"):
            path = write_report(res, args.report, options, sections=sections)
        print(f"report written to {path}", file=sys.stderr)
    if args.latex:
        with _working(args.progress, "writing the LaTeX tables"):
            paths = export_tables(res, sections, args.latex, width=args.latex_width)
        print(f"{len(paths)} LaTeX files written to {args.latex}", file=sys.stderr)
    if args.figures:
        with _working(args.progress, "drawing the figures"):
            paths = export_figures(res, sections, args.figures, fmt=args.figure_format)
        print(f"{len(paths)} figures written to {args.figures}", file=sys.stderr)


@contextlib.contextmanager
def _working(progress: bool | None, desc: str) -> Iterator[None]:
    """An elapsed-time bar on standard error while one output is written (a report's figures take
    seconds, with no count to show): ``None`` on a terminal once the step has lasted a second
    (the package's ``progress=`` rule), ``True`` always, ``False`` never."""
    if progress is False:
        yield
        return
    from tqdm import tqdm

    delay = 1.0 if progress is None else 0.0
    bar = tqdm(total=1, desc=desc, disable=None if progress is None else False, delay=delay,
               bar_format="{desc}: {elapsed}", file=sys.stderr)
    stop = threading.Event()

    def tick() -> None:  # tqdm redraws only on update: refresh the elapsed time while the step runs
        while not stop.wait(0.5):
            if bar.format_dict["elapsed"] >= delay:
                bar.refresh()

    thread = threading.Thread(target=tick, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        bar.update(1)
        bar.close()


def _run(args: argparse.Namespace) -> int:
    from algocompare.analysis import MAX_ALL_PAIRS, check_group_column, data_summary, run_analysis, size_limits
    from algocompare.report import reading

    res = load_input(args)
    if args.control not in ("best", "none"):
        args.control = match_label(args.control, res.algorithms)
    _check_posthoc_test(args.posthoc_test, res)
    if args.group_by is not None:  # a one-line error before any section runs
        check_group_column(res, args.group_by)
    options = _options(args)
    skipped = size_limits(res.n_algorithms, options)
    if args.figures and res.n_algorithms > MAX_ALL_PAIRS:  # figures of 10,000 algorithms: many minutes, unreadable
        skipped.append(f"--figures skipped: figures are drawn for at most {MAX_ALL_PAIRS} algorithms (here "
                       f"{res.n_algorithms}); --report and --latex hold the tables")
        args.figures = None
    for limit in skipped:  # said as soon as the size is known, not after minutes of silence
        print(f"algocompare: note: {limit}.", file=sys.stderr)
    summary = data_summary(res)
    if args.bayesian and args.rope == 0:
        print("algocompare: note: --bayesian without --rope uses a region of practical equivalence of 0, so "
              "p_rope is 0; pass --rope in the units of the data (e.g. --rope 0.01).", file=sys.stderr)
    sections = run_analysis(res, options)
    _write_outputs(args, res, sections, options)
    sentences = reading(res, sections, options.alpha)
    if args.json:
        summary.update({s.key: s.data for s in sections})
        summary["reading"] = sentences
        summary["skipped"] = skipped
        print(json.dumps(_tidy_floats(summary), indent=2, allow_nan=False))
        return 0
    _print_text(res, summary, sections)
    _print_reading(sentences)
    return 0


def _tidy_floats(value: Any) -> Any:
    """``value`` with every float at 15 significant digits, the precision a double carries:
    0.060000000000000005 (the sum's rounding noise) prints as 0.06."""
    if isinstance(value, float):
        return float(f"{value:.15g}")
    if isinstance(value, dict):
        return {key: _tidy_floats(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_tidy_floats(item) for item in value]
    return value


def _print_reading(sentences: list[str]) -> None:
    """The report's "Reading the results", wrapped for a terminal, and its caveats."""
    import textwrap

    from algocompare.report import CAVEATS

    print("\nReading the results")
    for sentence in sentences:
        print(textwrap.fill(sentence, width=100, initial_indent="- ", subsequent_indent="  ",
                            break_on_hyphens=False))
    print("\nCaveats")
    for caveat in CAVEATS:
        print(textwrap.fill(caveat, width=100, initial_indent="- ", subsequent_indent="  ",
                            break_on_hyphens=False))


def _print_text(res: Any, summary: dict[str, Any], sections: list[Any]) -> None:
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
        print("\nDescriptive statistics per algorithm (in mean-rank order, as everywhere below)")
        order = res.mean_ranks().sort_values(kind="stable").index
        print(res.describe().loc[order].to_string(float_format=lambda x: f"{x:.4g}"))
        print("\nMean ranks (rank 1 = best" + ("; instances with missing cells stretched to 1..k)" if res.n_missing
                                               else ")"))
        print(res.mean_ranks().sort_values().to_string(float_format=lambda x: f"{x:.3f}"))
        for section in sections:
            print(f"\n{section.title}")
            print(section.text)
