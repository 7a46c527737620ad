"""``--latex DIR`` and ``--figures DIR``: every table and figure of an analysis as files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pandas as pd

from algocompare._validation import check_option
from algocompare.report import figures as fig_views
from algocompare.report.order import algorithm_order, in_order, summary_frame
from algocompare._tables import frame_to_latex, has_labels, result_frame

__all__ = ["export_tables", "export_figures", "FIGURE_FORMATS"]

FIGURE_FORMATS = ("svg", "png", "pdf")


def _stem(*parts: str) -> str:
    return "_".join(re.sub(r"[^A-Za-z0-9]+", "-", p).strip("-").lower() for p in parts if p)


def _directory(directory: str | Path) -> Path:
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise ValueError(f"{path} exists and is not a directory.")
    path.mkdir(parents=True, exist_ok=True)
    return path


def export_tables(data: Any, sections: list[Any], directory: str | Path, *, precision: int = 4,
                  scientific: bool | None = None, width: str = "column") -> list[Path]:
    """Write one booktabs ``.tex`` file per table and ``tables.tex``, a document that inputs them all.

    Tables: the descriptive summary with mean ranks, then every result of every section
    (rejected hypotheses in bold), algorithms in mean-rank order. Each fits the text width
    of a plain ``article`` (see :func:`frame_to_latex`: long tables as ``longtable``, wide
    ones set smaller, wrapped or split). ``tables.tex`` compiles with pdflatex (needs
    booktabs, longtable and array).

    Returns
    -------
    list of Path
        The files written, ``tables.tex`` last.

    Examples
    --------
    >>> import tempfile, algocompare as ac
    >>> from algocompare.analysis import run_analysis
    >>> res = ac.load_dataset("ice_cream")
    >>> paths = ac.export_tables(res, run_analysis(res), tempfile.mkdtemp())
    >>> [p.name for p in paths]  # doctest: +NORMALIZE_WHITESPACE
    ['summary.tex', 'frequentist_omnibus.tex', 'frequentist_assumptions.tex', 'posthoc_control.tex',
     'posthoc_all-pairs.tex', 'consensus_borda.tex', 'consensus_kemeny.tex', 'tables.tex']
    """
    from algocompare.data.convert import as_results

    check_option("width", width, ("column", "page"))
    data = as_results(data, nan_policy="keep")
    out = _directory(directory)
    order = algorithm_order(data)
    files = {"summary": frame_to_latex(summary_frame(data), precision, scientific,
                                       caption="Descriptive statistics per algorithm (sorted by mean rank)",
                                       label="tab:summary")}
    for section, name, result in fig_views.iter_results(sections):
        if hasattr(result, "to_frame") and not isinstance(result, (pd.DataFrame, pd.Series)):
            stem = _stem(section.key, name)
            frame, bold = in_order(*result_frame(result), order)
            files[stem] = frame_to_latex(frame, precision, scientific, bold=bold, index=has_labels(frame),
                                         caption=str(getattr(result, "method", name)), label=f"tab:{stem}")
    paths = []
    for stem, text in files.items():
        path = out / f"{stem}.tex"
        path.write_text(text + "\n", encoding="utf-8")
        paths.append(path)
    inputs = "\n".join(rf"\input{{{p.stem}}}" for p in paths)
    document = "\n".join([r"\documentclass{article}", r"\usepackage[T1]{fontenc}", r"\usepackage[utf8]{inputenc}",
                          r"\usepackage{booktabs}", r"\usepackage{longtable}", r"\usepackage{array}",
                          r"\begin{document}", inputs, r"\end{document}", ""])
    main = out / "tables.tex"
    main.write_text(document, encoding="utf-8")
    return paths + [main]


def export_figures(data: Any, sections: list[Any], directory: str | Path, *, fmt: str = "svg") -> list[Path]:
    """Write every figure of the report to ``directory`` as svg, png or pdf.

    Returns
    -------
    list of Path
        The files written.

    Examples
    --------
    The ranks figure comes first; each result of ``sections`` (from
    :func:`algocompare.analysis.run_analysis`) adds its figures:

    >>> import tempfile, algocompare as ac
    >>> from algocompare.analysis import run_analysis
    >>> res = ac.load_dataset("ice_cream")
    >>> sections = [s for s in run_analysis(res) if s.key == "consensus"]
    >>> [p.name for p in ac.export_figures(res, sections, tempfile.mkdtemp(), fmt="png")]
    ['ranks.png', 'consensus_borda_plot-consensus.png', 'consensus_kemeny_plot-consensus.png']
    """
    from algocompare.data.convert import as_results
    from algocompare.plots import distribution_plot

    check_option("figure format", fmt, FIGURE_FORMATS)
    data = as_results(data, nan_policy="keep")
    out = _directory(directory)
    # the ranks figure needs every cell; a table with missing cells starts with its sections' figures
    jobs = [] if data.n_missing else [("ranks", lambda: distribution_plot(data, kind="violin", scale="ranks").figure)]
    for section, name, result in fig_views.iter_results(sections):
        for view in fig_views.figure_views(result):
            # the customary figure's file is named after its function (cd_diagram, msd_plot, ...)
            key = fig_views.customary(result).draw.__name__ if view.key == "figure" else view.key
            jobs.append((_stem(section.key, name, key),
                         lambda view=view, result=result: fig_views.draw(view, result)))
    paths = []
    for stem, make in jobs:
        fig = make()
        try:
            path = out / f"{stem}.{fmt}"
            fig_views.save(fig, path, fmt)
            paths.append(path)
        finally:
            fig_views.close(fig)
    return paths
