"""The "+/=/−" table as papers print it: instances in rows, algorithms in columns, each cell
"mean ± sd" with the mark of the per-instance test, the counts of "+", "=" and "−" in the last row.

:func:`win_tie_loss_table` builds the :class:`~algocompare.report._paper.PaperTable` of a
:class:`~algocompare.WinTieLossResult` (with a reference algorithm); for all pairs, the square
matrix of W/T/L counts (row against column). ``paper_table`` dispatches here on the result's kind,
so ``result.to_latex()``, ``export_tables`` (``--latex``), ``tables.md`` and the HTML report print it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["COUNTS_ROW", "cell_number", "win_tie_loss_table"]

#: The label of the last row (the counts of each competitor's column).
COUNTS_ROW = "+/=/−"
#: A no-break space (LaTeX's utf8 input reads it as ``~``).
NBSP = "\u00a0"


def cell_number(value: float) -> str:
    """A mean or sd in three significant digits, as the tables of the field print them.

    Examples
    --------
    >>> [cell_number(v) for v in (0.0, 12.0, 123.456, 0.0123, 4.5e-9, 2.5e6, float("nan"))]
    ['0', '12.0', '123', '0.0123', '4.50e-09', '2.50e+06', '--']
    """
    if not math.isfinite(value):
        return "--"
    if value == 0:
        return "0"
    if 1e-2 <= abs(value) < 999.5:  # fixed point while three digits say it (999.5 would print as 1.00e+03)
        return f"{value:#.3g}".rstrip(".")
    return f"{value:.2e}"


def _reference_table(result: Any) -> Any:
    from algocompare.report._paper import PaperTable

    competitors = [a for a in result.algorithms if a != result.reference]
    marks = result.marks
    instances = list(result.means.index)
    cells = {}
    for name in result.algorithms:
        # no-break spaces: a cell too wide for its column wraps as "mean ±" over "sd mark", never the mark alone
        column = [f"{cell_number(m)}{NBSP}± {cell_number(s)}" for m, s in zip(result.means[name], result.sds[name],
                                                                               strict=True)]
        if name in competitors:
            column = [f"{text}{NBSP}{mark}" for text, mark in zip(column, marks[name].loc[instances], strict=True)]
        cells[name] = column
    frame = pd.DataFrame(cells, index=pd.Index([str(i) for i in instances], name="instance"))
    counts = result.counts.set_index("algorithm_b")
    frame.loc[COUNTS_ROW] = ["" if name == result.reference else
                             f"{counts.loc[name, 'wins']}/{counts.loc[name, 'ties']}/{counts.loc[name, 'losses']}"
                             for name in result.algorithms]
    caption = f"{result.reference} against each algorithm ({result.test_label}, +/=/−)"
    note = f"Mean ± sd of the runs. {result.caption} Last row: counts of +/=/− per algorithm."
    return PaperTable(frame, np.zeros(frame.shape, bool), caption, note, names=tuple(result.algorithms),
                      index=True)


def _all_pairs_table(result: Any) -> Any:
    from algocompare.report._paper import PaperTable

    names = list(result.algorithms)
    wins, ties, losses = (result.matrix(v) for v in ("wins", "ties", "losses"))
    cells = [["—" if a == b else f"{int(wins.loc[a, b])}/{int(ties.loc[a, b])}/{int(losses.loc[a, b])}"
              for b in names] for a in names]
    frame = pd.DataFrame(cells, index=pd.Index(names, name="algorithm"), columns=names)
    caption = f"Win/tie/loss of each pair ({result.test_label}, row against column)"
    note = f"Each cell: the row algorithm against the column one, counted over the instances. {result.caption}"
    return PaperTable(frame, np.zeros(frame.shape, bool), caption, note, names=tuple(names), index=True)


def win_tie_loss_table(result: Any, width: str = "column") -> Any:
    """The paper's table of a win/tie/loss result.

    Parameters
    ----------
    result : WinTieLossResult
        From :func:`algocompare.win_tie_loss`.
    width : {"column", "page"}
        The width the table is meant for (the LaTeX writer fits it, smaller type and wrapped
        cells first, then groups of columns, each repeating the instance column).

    Returns
    -------
    PaperTable
        With a reference: rows instances and a last row of counts, columns the algorithms (the
        reference first), cells "mean ± sd" and the competitors' mark. All pairs: the square matrix
        of W/T/L counts, row against column. The caption says whose win "+" is.

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=4, n_runs=10, rng=1)
    >>> table = win_tie_loss_table(ac.win_tie_loss(sim.results, "A1"))
    >>> table.frame.loc["I1", "A2"].replace(NBSP, " "), table.frame.loc["+/=/−"].tolist()
    ('16.5 ± 3.17 +', ['', '2/2/0', '0/3/1'])
    """
    return _reference_table(result) if result.reference is not None else _all_pairs_table(result)
