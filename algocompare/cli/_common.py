"""What the subcommands share: the data arguments, reading them, and the wording of messages."""

from __future__ import annotations

import argparse
import re
import shlex
from collections.abc import Sequence
from typing import Any

__all__ = ["USER_ERRORS", "NAN_POLICY_CHOICES", "add_data_arguments", "add_text_arguments", "offered_nan_policies",
           "load_input", "command_line_spelling", "dropped_line", "match_label", "check_algorithm", "check_instance",
           "did_you_mean"]

#: Errors that are the user's input, reported in one line without a traceback.
USER_ERRORS = (ValueError, TypeError, FileNotFoundError, ImportError, KeyError, OSError)

#: Keyword arguments of the Python API that the data options of the command line spell ``--name value``.
_DATA_OPTIONS = ("nan_policy", "layout", "algorithm", "instance", "value", "run", "delimiter", "decimal")
_KEYWORD = re.compile(r"\b(" + "|".join(_DATA_OPTIONS) + r")=('[^']*'|\"[^\"]*\"|(?=[,.;)\s]|$))")


def command_line_spelling(message: str) -> str:
    """A message written for the Python API with the options spelled as on the command line:
    ``nan_policy='omit'`` becomes ``--nan-policy omit``, a bare ``algorithm=`` becomes ``--algorithm``.

    Examples
    --------
    >>> command_line_spelling("pass nan_policy='omit' to drop them.")
    'pass --nan-policy omit to drop them.'
    """
    def spell(match: re.Match) -> str:
        option = "--" + match.group(1).replace("_", "-")
        value = match.group(2)
        return f"{option} {shlex.quote(value[1:-1])}" if value else option

    message = message.replace("instance=False", "--instance none")  # the API's "no label column"
    return re.sub(r"(--[\w-]+ [^\s,]+), (?=--)", r"\1 ", _KEYWORD.sub(spell, message))


def dropped_line(kind: str, dropped: Sequence[Any]) -> str:
    """The line every subcommand prints when ``--nan-policy omit`` dropped instances (or pairs, runs)."""
    return f"{len(dropped)} {kind}(s) dropped for missing values: {', '.join(map(str, dropped))}"


def match_label(text: Any, labels: Sequence[Any]) -> Any:
    """The label among ``labels`` that a command-line argument names.

    The label itself; else the one whose text is ``text`` (numeric labels arrive as text);
    else the only one equal to it but for case (``--control jso`` for ``jSO``). Otherwise
    ``text`` unchanged, for the caller's check to refuse with the close labels suggested.

    Examples
    --------
    >>> match_label("jso", ["DES", "jSO"]), match_label("3", [1, 3]), match_label("jS0", ["jSO"])
    ('jSO', 3, 'jS0')
    """
    if text in labels:
        return text
    same = [label for label in labels if str(label) == str(text)]
    if len(same) == 1:
        return same[0]
    folded = [label for label in labels if str(label).casefold() == str(text).casefold()]
    return folded[0] if len(folded) == 1 else text


def did_you_mean(text: Any, labels: Sequence[Any]) -> str:
    """`` (did you mean 'jSO'?)`` for an unknown label close to known ones, else ``""``: the labels
    equal to it but for case, else those closest by spelling (difflib ratio ≥ 0.6 in lower case,
    at most 3, in the labels' order), the rule of the API's own messages (``_validation``).

    Examples
    --------
    >>> did_you_mean("jS0", ["DES", "jSO"]), did_you_mean("xyz", ["DES", "jSO"])
    (" (did you mean 'jSO'?)", '')
    """
    import difflib

    folded = [str(label).casefold() for label in labels]
    key = str(text).casefold()
    close = {key} if key in folded else set(difflib.get_close_matches(key, folded, n=3, cutoff=0.6))
    names = [label for label, fold in zip(labels, folded, strict=False) if fold in close][:3]
    return f" (did you mean {' or '.join(repr(n) for n in names)}?)" if names else ""


def check_algorithm(results: Any, text: Any, option: str) -> Any:
    """The algorithm of ``results`` that the argument of ``option`` names; a ValueError naming
    the close algorithms ("did you mean") and the known ones if there is none."""
    name = match_label(text, results.algorithms)
    if name not in results.algorithms:
        known = ", ".join(repr(a) for a in results.algorithms)
        raise ValueError(f"unknown algorithm {option} {name!r}{did_you_mean(name, results.algorithms)}; "
                         f"the algorithms are {known}.")
    return name


def check_instance(results: Any, text: Any, option: str) -> Any:
    """The instance of ``results`` that the argument of ``option`` names, as :func:`check_algorithm`."""
    name = match_label(text, results.instances)
    if name not in results.instances:
        shown = ", ".join(repr(i) for i in results.instances[:10]) + (", ..." if results.n_instances > 10 else "")
        raise ValueError(f"unknown instance {option} {name!r}{did_you_mean(name, results.instances)}; "
                         f"the instances are {shown}.")
    return name


#: Every ``--nan-policy`` of a subcommand that keeps missing cells (``analyze``).
NAN_POLICY_CHOICES = ("keep", "omit", "raise")
_KEEP_CLAUSE = re.compile(r",? or keep them \(nan_policy='keep'\) and use durbin or skillings_mack, the tests made "
                          r"for incomplete tables\.")


def offered_nan_policies(message: str, offered: Sequence[str]) -> str:
    """A message of the API without the ``nan_policy='keep'`` it suggests when the subcommand does not
    offer ``keep`` (its methods need every cell): ``algocompare analyze`` is named instead.

    Examples
    --------
    >>> from algocompare._validation import missing_cells_message
    >>> offered_nan_policies(missing_cells_message([("f1", "A")], 1), ("raise", "omit"))[-101:]
    "recorded). Tables with missing cells: algocompare analyze nan_policy='keep' (Skillings-Mack, Durbin)."
    """
    if "keep" in offered or "nan_policy='keep'" not in message:
        return message
    return _KEEP_CLAUSE.sub(". Tables with missing cells: algocompare analyze nan_policy='keep' (Skillings-Mack, "
                            "Durbin).", message)


def add_text_arguments(parser: argparse.ArgumentParser) -> None:
    """How a text file is split: its delimiter and decimal mark (detected by default)."""
    parser.add_argument("--delimiter", help="text file: the cell delimiter (default: detected among , ; tab |)")
    parser.add_argument("--decimal", choices=(".", ","), help="text file: the decimal mark (default: detected)")


def add_data_arguments(parser: argparse.ArgumentParser, nan_policy: str = "raise") -> None:
    """The arguments that name a results table: a file and how to read it, or a bundled dataset."""
    parser.add_argument("path", nargs="?", help="results file (CSV, TSV, Excel, Parquet); default: bundled data")
    parser.add_argument("--dataset", help="a bundled dataset (see `algocompare datasets`); default cec2017_d10")
    parser.add_argument("--maximize", action="store_true", help="higher values are better (default: lower)")
    parser.add_argument("--layout", choices=("auto", "wide", "long"), default="auto",
                        help="wide (instances × algorithms) or long (one row per run); default: auto")
    parser.add_argument("--instance", help="column with the instance labels (default: detected; 'none': the "
                                           "rows have no label column)")
    parser.add_argument("--algorithm", default="algorithm", help="long layout: algorithm column")
    parser.add_argument("--value", default="value", help="long layout: value column")
    parser.add_argument("--run", help="long layout: run column")
    add_text_arguments(parser)
    # `analyze` keeps missing cells (Skillings-Mack, Durbin); commands whose methods need every cell do not offer it
    choices = ("keep", "omit", "raise") if nan_policy == "keep" else ("raise", "omit")
    helps = {"keep": "keep them for the Skillings-Mack and Durbin tests", "omit": "drop the instances that have them",
             "raise": "stop with an error"}
    parser.add_argument("--nan-policy", choices=choices, default=nan_policy,
                        help="missing cells: " + "; ".join(f"{c} = {helps[c]}" for c in choices)
                             + f" (default {nan_policy})")
    parser.set_defaults(nan_policies=choices)  # what load_input may suggest


def _return_freed_memory() -> None:
    """Give the memory the CSV parser freed back to the system (glibc's ``malloc_trim``).

    Its many small buffers are freed into the heap, where the large arrays of the analysis
    (taken by ``mmap``) cannot reuse them: reading 25,000 × 100 left 20-30 MB resident that
    no later step used (issue 19). Elsewhere than on glibc nothing happens."""
    import ctypes

    try:
        ctypes.CDLL(None).malloc_trim(0)  # the process's own symbols: libc's on Linux
    except (OSError, AttributeError, TypeError):  # not glibc (macOS, Windows, musl without malloc_trim)
        pass


def load_input(args: argparse.Namespace) -> Any:
    """The Results named by the data arguments (file, or bundled dataset)."""
    import algocompare as ac

    direction = "maximize" if args.maximize else "minimize"
    if args.path and args.dataset:
        raise ValueError("give either a file or --dataset, not both.")
    if args.path:
        try:
            instance = False if args.instance == "none" else args.instance
            res = ac.read(args.path, layout=args.layout, direction=direction, instance=instance,
                          algorithm=args.algorithm, value=args.value, run=args.run, nan_policy=args.nan_policy,
                          delimiter=args.delimiter, decimal=args.decimal)
        except ValueError as err:
            raise ValueError(offered_nan_policies(str(err), getattr(args, "nan_policies", NAN_POLICY_CHOICES))) \
                from None
        _return_freed_memory()
        return res
    res = ac.load_dataset(args.dataset or "cec2017_d10")
    if args.maximize:
        raise ValueError("--maximize applies to a file; a bundled dataset has its own direction.")
    return res
