"""``--latex DIR`` and ``--figures DIR``: every table and figure of an analysis as files."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from algocompare._kinds import kind_of
from algocompare._tables import latex_escape
from algocompare._validation import check_option
from algocompare.report import _figures as fig_views
from algocompare.report._order import algorithm_order
from algocompare.report._paper import paper_latex, paper_markdown, paper_table, summary_table

__all__ = ["FIGURE_FORMATS", "export_figures", "export_tables"]

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
                  scientific: bool | None = None, width: str = "column", alpha: float = 0.05,
                  letters: bool | str = False) -> list[Path]:
    """Write one booktabs ``.tex`` file per table, ``reading.tex`` and ``tables.tex``, a document
    that inputs them all.

    Tables (:mod:`algocompare.report._paper`), algorithms in mean-rank order: the summary (mean
    rank, median, IQR, effect size against the control with its magnitude, the decision), then
    every result of every section — the control comparisons as one table, all pairs as a
    triangular matrix of adjusted p-values (or the list of differing pairs), the Bayesian pairs
    one per row, the others with human headers. Each is a float that fits a column of IEEEtran
    (conference), acmart (sigconf) and two-column ``article`` papers (``width="column"``) or
    their page width as ``table*`` (``width="page"``); rows beyond a float's height continue in
    further floats, never a ``longtable``. ``reading.tex`` is the plain-language reading of the
    analysis as a paragraph.

    The files are snippets for any paper: ``\\input`` them after ``\\usepackage{booktabs}``
    and ``\\usepackage{array}`` (nothing else; both are safe with IEEEtran and acmart).
    ``tables.tex`` is a two-column ``article`` that compiles with pdflatex.

    Parameters
    ----------
    data : Results, DataFrame or array
        The analysed table.
    sections : list of Section
        The analysis (:func:`algocompare.analysis.run_analysis`).
    directory : str or Path
        Where to write (created if needed).
    precision : int
        Decimals of the numbers.
    scientific : bool, optional
        Scientific notation always (True), never (False) or for numbers too small or large (None).
    width : {"column", "page"}
        Fit a column (``table``; these fit one-column documents too) or the page of a
        two-column paper (``table*`` of up to 469 pt, more than a one-column ``article``'s
        345 pt text width).
    alpha : float
        The significance level the reading and the notes name (the decisions are the post-hoc
        results' own, at the level of the analysis).
    letters : bool or {"mean_rank", "input"}
        Add the compact letter display to the all-pairs tables (a ``letters`` column, named
        from the best algorithm down with True; see ``all_pairs_table``).

    Returns
    -------
    list of Path
        The files written, then ``reading.tex``, ``tables.tex`` and ``tables.md`` (the same
        tables in Markdown).
    See Also
    --------
    export_figures : the figures of the same analysis as files.
    render_report : the same analysis as one HTML page.
    frame_to_latex : the table writer.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Derrac, J., García, S., Molina, D., Herrera, F. (2011). A practical tutorial on the
       use of nonparametric statistical tests as a methodology for comparing evolutionary and
       swarm intelligence algorithms. *Swarm and Evolutionary Computation* 1(1), 3–18.
       doi:10.1016/j.swevo.2011.02.002


    Examples
    --------
    >>> import tempfile, algocompare as ac
    >>> from algocompare.analysis import run_analysis
    >>> res = ac.load_dataset("ice_cream")
    >>> paths = ac.export_tables(res, run_analysis(res), tempfile.mkdtemp())
    >>> [p.name for p in paths]  # doctest: +NORMALIZE_WHITESPACE
    ['summary.tex', 'frequentist_omnibus.tex', 'frequentist_assumptions.tex', 'posthoc_control.tex',
     'posthoc_all-pairs.tex', 'consensus_borda.tex', 'consensus_kemeny.tex', 'reading.tex', 'tables.tex',
     'tables.md']
    """
    from algocompare.data._convert import as_results
    from algocompare.report._reading import reading

    check_option("width", width, ("column", "page"))
    data = as_results(data, nan_policy="keep")
    out = _directory(directory)
    order = algorithm_order(data)
    level = float(alpha)
    tables = {"summary": summary_table(data, sections, width)}
    for section, name, result in fig_views.iter_results(sections):
        if kind_of(result) is not None:  # a result object (a plain table has no paper layout)
            caption = _caption(section, name, result)
            tables[_stem(section.key, name)] = paper_table(result, order, width, caption=caption, precision=precision,
                                                           letters=letters)
    files = {stem: paper_latex(table, width=width, precision=precision, scientific=scientific, label=f"tab:{stem}")
             for stem, table in tables.items()}
    paths = []
    for stem, text in files.items():
        path = out / f"{stem}.tex"
        path.write_text(text + "\n", encoding="utf-8")
        paths.append(path)
    sentences = reading(data, sections, level)
    paragraph = out / "reading.tex"
    # sloppypar: a long name in a narrow column stretches the spaces instead of running into the margin
    text = " ".join(latex_escape(s) for s in sentences)
    paragraph.write_text(f"\\begin{{sloppypar}}\n{text}\n\\end{{sloppypar}}\n", encoding="utf-8")
    inputs = "\n".join(rf"\input{{{p.stem}}}" for p in [*paths, paragraph])
    document = "\n".join([r"\documentclass[twocolumn]{article}",
                          r"\usepackage{booktabs}", r"\usepackage{array}", r"\begin{document}", inputs,
                          r"\end{document}", ""])
    main = out / "tables.tex"
    main.write_text(document, encoding="utf-8")
    markdown = out / "tables.md"  # the same tables for a README or a notebook
    markdown.write_text("\n\n".join(paper_markdown(t, precision=precision, scientific=scientific)
                                     for t in tables.values()) + "\n", encoding="utf-8")
    return [*paths, paragraph, main, markdown]


def _caption(section: Any, name: str, result: Any) -> str:
    """A short caption: the result's method when short, else the section's title and the result's name."""
    method = result.method
    if method and len(method) <= 50:
        return method
    title = str(section.title or section.key)
    return f"{title}: {name.replace('_', ' ')}"


def export_figures(data: Any, sections: list[Any], directory: str | Path, *, fmt: str = "svg") -> list[Path]:
    """Write every figure of the report to ``directory`` as svg, png or pdf.

    The figures are the report's: the within-instance ranks of each algorithm, then each
    result's (its customary figure and the report's other views of it, e.g. the CD diagram
    and the Bonferroni–Dunn chart of a post-hoc result), algorithms in mean-rank order.

    Parameters
    ----------
    data : Results, DataFrame or array
        The analysed table.
    sections : list of Section
        The analysis (:func:`algocompare.analysis.run_analysis`).
    directory : str or Path
        Where to write (created if needed).
    fmt : {"svg", "png", "pdf"}
        The files' format.

    Returns
    -------
    list of Path
        The files written.
    See Also
    --------
    export_tables : the tables of the same analysis as LaTeX files.
    figure_views : the figures drawn for each result.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4


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
    from algocompare.data._convert import as_results
    from algocompare.plots import distribution_plot

    check_option("figure format", fmt, FIGURE_FORMATS)
    data = as_results(data, nan_policy="keep")
    out = _directory(directory)
    # the ranks figure needs every cell; a table with missing cells starts with its sections' figures
    jobs: list[tuple[str, Callable[[], Any]]] = [] if data.n_missing else [
        ("ranks", lambda: distribution_plot(data, kind="violin", scale="ranks").figure)]
    order = [] if data.n_missing else [str(a) for a in data.mean_ranks().sort_values(kind="stable").index]
    for section, name, result in fig_views.iter_results(sections):
        for view in fig_views.figure_views(result):
            view = fig_views.in_rank_order(view, result, order)  # the report's order, by mean rank
            # the customary figure's file is named after its function (cd_diagram, msd_plot, ...)
            key = fig_views.customary(result).draw.__name__ if view.key == "figure" else view.key
            jobs.append((_stem(section.key, name, key), partial(fig_views.draw, view, result)))
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
