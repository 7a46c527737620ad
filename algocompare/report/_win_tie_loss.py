"""The "+/=/−" table as papers print it: instances in rows, algorithms in columns, each cell
"mean ± sd" with the mark of the per-instance test, the counts of "+", "=" and "−" in the last row.

:func:`win_tie_loss_table` wraps :meth:`~algocompare.WinTieLossResult.paper_frame` (with a reference
algorithm; for all pairs, the square matrix of W/T/L counts, row against column) in a
:class:`~algocompare.report._paper.PaperTable`. ``paper_table`` dispatches here on the result's kind,
so ``result.to_latex()``, ``export_tables`` (``--latex``), ``tables.md`` and the HTML report print it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare.frequentist._win_tie_loss import COUNTS_ROW, NBSP, cell_number

__all__ = ["COUNTS_ROW", "NBSP", "cell_number", "win_tie_loss_table"]


def win_tie_loss_table(result: Any, width: str = "column") -> Any:
    """The paper's table of a win/tie/loss result.

    Parameters
    ----------
    result : WinTieLossResult
        From :func:`algocompare.win_tie_loss`.
    width : {"column", "page"}
        The width the table is meant for (the LaTeX writer fits it: smaller type and wrapped
        cells first, then a ``table*`` or groups of columns).

    Returns
    -------
    PaperTable
        ``result.paper_frame()`` with its short caption and the note that says whose win "+" is.

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=4, n_runs=10, rng=1)
    >>> table = win_tie_loss_table(ac.win_tie_loss(sim.results, "A1"))
    >>> table.frame.loc["I1", "A2"].replace(NBSP, " "), table.frame.loc["+/=/−"].tolist()
    ('16.5 ± 3.17 +', ['', '2/2/0', '0/3/1'])
    """
    from algocompare.report._paper import PaperTable

    frame = result.paper_frame()
    return PaperTable(frame, np.zeros(frame.shape, bool), result.paper_caption, result.paper_note,
                      names=tuple(result.algorithms), index=True)
