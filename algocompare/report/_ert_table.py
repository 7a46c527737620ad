"""The paper table of expected running times: cocopp's layout (ERT relative to the best algorithm of
each instance and target, the best ERT in evaluations above, success counts), as LaTeX or HTML."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from algocompare._tables import frame_to_html, frame_to_latex

__all__ = ["ert_table", "ert_table_frame"]

#: Before an algorithm's name, under its instance's row (a no-break space: kept by LaTeX and HTML).
_INDENT = "\u00a0\u00a0"
_INFINITY = "∞"
_HTML_CELL = re.compile(r"(</t[dh]>)<(t[dh])>")  # a cell after another one: not the names' column
_NUMBER_COLUMNS = re.compile(r"(?<=\\begin\{tabular\})\{([lr]{2,})\}")


def _evaluations(x: float) -> str:
    """A best ERT: evaluations in full up to 999 (2.7, 120), then 1.2e3 (cocopp's narrow columns)."""
    if math.isfinite(x) and x < 999.5:
        return f"{x:.1f}" if x < 9.95 else f"{x:.0f}"
    return _two_digits(x)


def _two_digits(x: float) -> str:
    """A positive number to two significant digits, as cocopp's tables print ERTs: 1.0, 23, 4.5e3."""
    if not math.isfinite(x):
        return _INFINITY
    if x < 9.95:
        return f"{x:.1f}"
    if x < 99.5:
        return f"{x:.0f}"
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def _target_label(target: float) -> str:
    """A target as a column header: powers of ten as 1e−3 (COCO's Δf targets), others as %.3g; a true
    minus sign, which LaTeX sets in math (and the width estimate does not take for 1×10⁻³)."""
    if target > 0 and float(f"{np.log10(target):.12g}").is_integer():
        return f"1e{int(round(np.log10(target)))}".replace("-", "−")
    mantissa, _, exponent = f"{target:.3g}".partition("e")
    return (mantissa + (f"e{int(exponent)}" if exponent else "")).replace("-", "−")


def ert_table_frame(result: Any, target_labels: Sequence[str] | None = None) -> tuple[pd.DataFrame, np.ndarray]:
    """The ERT table as text cells, and the cells to set in bold.

    Parameters
    ----------
    result : ERTResult
        From :func:`algocompare.ert`; its instances may have targets of their own, as many each
        (the ERTs of :func:`algocompare.table_targets` with ``by_instance=True``).
    target_labels : sequence of str, optional
        The column headers when the instances have targets of their own (default "target 1", ...);
        when they share the targets, the headers are the targets.

    Returns
    -------
    frame : pandas.DataFrame
        Columns ``algorithm``, one per target, ``succ``: per instance, a row with its
        best ERT over the algorithms (in evaluations), then one row per algorithm (indented) with
        its ERT divided by that best ("∞": no run reached the target) and its successful runs /
        runs at the last target.
    bold : numpy.ndarray of bool
        The frame's shape: the algorithms whose ERT is the best at an instance and target.

    Raises
    ------
    TypeError
        ``result`` is not an :class:`~algocompare.ERTResult`.
    ValueError
        Instances with different numbers of targets, or as many labels as targets.

    See Also
    --------
    ert_table : the same as LaTeX or HTML.
    algocompare.ert : computes it.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [10, 200], [5.0, 0.5], 300),
    ...                                     ("B", "f1", 1, [40, 900], [4.0, 2.0], 1000)])
    >>> frame, bold = ac.ert_table_frame(ac.ert(runs, [4.0, 1.0]))
    >>> [name.strip() for name in frame["algorithm"]]  # the instance, then its algorithms
    ['f1', 'A', 'B']
    >>> frame.iloc[:, 1:]
         4  1e0 succ
    0   40  200
    1  5.0  1.0  1/1
    2  1.0    ∞  0/1
    """
    from algocompare.anytime import ERTResult

    if not isinstance(result, ERTResult):
        raise TypeError(f"ert_table expects the ERTResult of algocompare.ert, got {type(result).__name__}.")
    table = result.table
    algorithms = list(dict.fromkeys(table["algorithm"]))
    per_instance = {instance: list(dict.fromkeys(group["target"]))
                    for instance, group in table.groupby("instance", sort=False)}
    lists = list(per_instance.values())
    if all(targets == lists[0] for targets in lists):
        headers = [_target_label(t) for t in lists[0]]
    else:  # each instance its own targets (table_targets(..., by_instance=True)): columns by position
        headers = list(target_labels) if target_labels is not None else [f"target {j + 1}"
                                                                        for j in range(len(lists[0]))]
        if any(len(targets) != len(headers) for targets in lists):
            raise ValueError("each instance needs as many targets as there are columns (target_labels).")
    rows: list[list[str]] = []
    bold: list[list[bool]] = []
    for instance, group in table.groupby("instance", sort=False):
        targets = per_instance[instance]
        block = group.pivot_table(index="algorithm", columns="target", values="ert", sort=False)
        block = block.reindex(index=[a for a in algorithms if a in set(group["algorithm"])], columns=targets)
        best = block.min(axis=0).to_numpy()
        rows.append([str(instance), *(_evaluations(b) for b in best), ""])
        bold.append([False] * (len(targets) + 2))
        last = group[group["target"] == targets[-1]].set_index("algorithm")
        for algorithm, values in block.iterrows():
            finite = np.isfinite(best)
            relative = np.where(finite, values.to_numpy() / np.where(finite, best, 1.0), np.inf)
            cell = last.loc[algorithm]
            rows.append([_INDENT + str(algorithm), *(_two_digits(r) for r in relative),
                         f"{int(cell['successes'])}/{int(cell['runs'])}"])
            bold.append([False, *(finite & (values.to_numpy() == best)), False])
    frame = pd.DataFrame(rows, columns=["algorithm", *headers, "succ"])
    return frame, np.array(bold, dtype=bool)


def ert_table(result: Any, *, output: str = "latex", width: str = "column", caption: str | None = None,
              label: str | None = None, target_labels: Sequence[str] | None = None) -> str:
    """The expected running times of :func:`algocompare.ert` as a paper table, cocopp's layout.

    Parameters
    ----------
    result : ERTResult
        From :func:`algocompare.ert` (its targets are the columns, in the order given).
    output : {"latex", "html"}
        A booktabs LaTeX float (needs ``booktabs`` and ``array``) or an HTML table.
    width : {"column", "page"}
        LaTeX only: fit a column of a two-column paper (IEEEtran, acmart sigconf) in a ``table``,
        or the page in a ``table*``.
    caption, label : str, optional
        The caption (default: what the numbers are) and the LaTeX ``\\label``.
    target_labels : sequence of str, optional
        Column headers when each instance has targets of its own (:func:`ert_table_frame`).

    Returns
    -------
    str

    Raises
    ------
    TypeError
        ``result`` is not an :class:`~algocompare.ERTResult`.
    ValueError
        An unknown ``output`` or ``width``.

    See Also
    --------
    ert_table_frame : the cells and the bold ones.
    algocompare.ert : computes the ERTs.

    Notes
    -----
    As cocopp's tables (``pptable``): for each instance, the best ERT over the algorithms in
    evaluations, then each algorithm's ERT divided by it (two significant digits; 1.0 is the best,
    set in bold; ∞ where none of its runs reached the target) and its successful runs out of its
    runs at the last (hardest) target. Unlike cocopp, the reference is the best of the algorithms
    compared, not of the BBOB-2009 entrants, and no significance marks are set: the package's
    censoring-aware tests of runtimes do that.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897
    .. [2] Hansen, N., Auger, A., Ros, R., Mersmann, O., Tušar, T., Brockhoff, D. (2021). COCO: a
       platform for comparing continuous optimizers in a black-box setting. *Optimization Methods
       and Software* 36(1), 114–144. doi:10.1080/10556788.2020.1808977

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([("A", "f1", 1, [10, 200], [5.0, 0.5], 300),
    ...                                     ("B", "f1", 1, [40, 900], [4.0, 2.0], 1000)])
    >>> tex = ac.ert_table(ac.ert(runs, [4.0, 1.0]))
    >>> tex.splitlines()[0], r"\\textbf{1.0}" in tex, r"$\\infty$" in tex
    ('\\\\begin{table}[tbp]', True, True)
    """
    if output not in ("latex", "html"):
        raise ValueError(f"output must be 'latex' or 'html', got {output!r}.")
    if width not in ("column", "page"):
        raise ValueError(f"width must be 'column' or 'page', got {width!r}.")
    frame, bold = ert_table_frame(result, target_labels)
    if caption is None:
        caption = ("ERT over the best ERT of each target (an instance's row: its best ERT in evaluations); "
                   "bold: best; succ: successful/all runs at the last target.")
    if output == "html":
        # every column but the names holds numbers (∞ and 4.5e3 are text to the writer): aligned as numbers
        page = frame_to_html(frame, caption=caption, bold=bold, index=False)
        return _HTML_CELL.sub(lambda m: f"{m.group(1)}<{m.group(2)} class=\"num\">", page)
    latex = frame_to_latex(frame, caption=caption, label=label, bold=bold, index=False, width=width)
    # the ERT cells are text (∞, 4.5e3): right-align them as numbers, and set ∞ in math
    latex = _NUMBER_COLUMNS.sub(lambda m: "{l" + "r" * (len(m.group(1)) - 1) + "}", latex)
    return latex.replace(_INFINITY, r"$\infty$").replace(_INDENT, r"\quad ")
