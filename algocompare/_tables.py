"""Publication tables of plain DataFrames and of result frames: LaTeX that fits a two-column paper,
and the same tables as HTML and Markdown.

LaTeX tables (:func:`frame_to_latex`) are booktabs floats that fit the column of the common
two-column templates (``width="column"``: IEEEtran conference 252 pt, acmart sigconf 241 pt,
``article`` with ``twocolumn`` 229.5 pt — the narrowest is the target) or, as ``table*``, their
page width (``width="page"``: 516, 506 and 469 pt). The width of a cell is estimated from its
characters at the widths of Computer Modern at 10 pt, the widest of the three body fonts
(measured with ``\\wd`` of boxes: Times at 10 pt and Libertine at 9 pt set the same text
8–20 % narrower). A table too wide is set smaller (down to ``\\footnotesize``) with less space
between columns, then with its text columns wrapped at spaces (never hyphenated, so names stay
whole); only a table that still does not fit is split into groups of columns. A table of more
rows than a float holds is split by rows into several floats, the later ones captioned
"(continued)": never a ``longtable``, which two-column documents refuse. Numbers too small or
too large for the decimals are typeset as :math:`1.04\\times10^{-16}`, whole numbers without
decimals, rejected hypotheses in bold. Column headers are the human ones of :data:`HEADERS`
(``pvalue_adj`` is "APV (Holm)", ``p_left`` "P(left)"), in LaTeX, HTML and Markdown alike.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["COLUMN_WIDTH_PT", "HEADERS", "LONG_ROWS", "PAGE_WIDTH_PT", "TEXT_WIDTH_PT", "WIDTHS", "format_cell",
           "format_number", "frame_to_html", "frame_to_latex", "frame_to_markdown", "has_labels", "header_text",
           "in_order", "latex_escape", "markdown_escape", "result_frame"]

#: Rows beyond which the HTML report folds a table (LaTeX splits by the height of a float instead).
LONG_ROWS = 35
#: Text width of the one-column ``article`` class at 10 pt (345 pt).
TEXT_WIDTH_PT = 345.0
#: The narrowest column of the two-column templates: ``article`` with ``twocolumn`` (229.5 pt);
#: acmart sigconf has 241 pt, IEEEtran conference 252 pt.
COLUMN_WIDTH_PT = 229.0
#: The narrowest page width of the two-column templates (``table*``): ``article`` 469 pt; acmart
#: sigconf 506 pt, IEEEtran conference 516 pt.
PAGE_WIDTH_PT = 469.0
#: ``width=`` of the LaTeX writers: the points a table fits and its float environment.
WIDTHS = {"column": (COLUMN_WIDTH_PT, "table"), "page": (PAGE_WIDTH_PT, "table*")}
#: Font sizes and column separations tried in turn for a table too wide: the command, the scale of
#: Computer Modern at that size relative to 10 pt (measured, rounded up) and \tabcolsep in points.
_FITS = (("", 1.0, 6.0), (r"\small", 0.92, 6.0), (r"\small", 0.92, 4.0), (r"\footnotesize", 0.84, 4.0),
         (r"\footnotesize", 0.84, 3.0), (r"\scriptsize", 0.78, 2.5))
#: Height a float may take, in points: the shortest \textheight of the templates (article, 550 pt)
#: less room for the caption's first line and the rules.
_FLOAT_HEIGHT_PT = 500.0
#: A wrapped text column narrower than this (in points) tries a smaller font first.
_COMFORTABLE_PT = 90.0
#: Baseline skip of a row at 10 pt (rows of \footnotesize scale with it).
_ROW_PT = 12.0

#: The human header of each field of the result tables: one mapping for LaTeX, HTML and Markdown.
#: ``{adjustment}`` is replaced by the name of the result's multiplicity adjustment.
HEADERS = {
    "algorithm": "algorithm", "item": "algorithm", "algorithm_a": "A", "algorithm_b": "B",
    "statistic": "statistic", "pvalue": "p", "pvalue_adj": "APV ({adjustment})",
    "reject": "rejected", "mean_rank": "mean rank", "mean_ranks": "mean rank", "p_left": "P(left)",
    "p_rope": "P(rope)", "p_right": "P(right)", "mean_left": "mean P(left)", "mean_rope": "mean P(rope)",
    "mean_right": "mean P(right)", "r_plus": "R⁺", "r_minus": "R⁻", "df1": "df₁", "df2": "df₂", "df": "df",
    "pvalue_gg": "p (GG)", "pvalue_hf": "p (HF)", "min_pvalue": "min p", "rejected_single": "rejected (single)",
    "family_rejected": "rejected (family)", "consensus_rank": "consensus rank", "effect_size": "effect size",
    "ci_low": "CI low", "ci_high": "CI high", "rank_difference": "rank difference", "sd": "SD", "std": "SD",
    "iqr": "IQR", "q1": "Q1", "q3": "Q3", "n": "n", "n_instances": "instances", "n_algorithms": "algorithms",
    "n_resamples": "resamples", "n_permutations": "permutations", "statistic_name": "statistic name",
}
#: Display names of the multiplicity adjustments (the ``p_adjust`` of a result).
ADJUSTMENTS = {"holm": "Holm", "bonferroni": "Bonferroni", "hochberg": "Hochberg", "hommel": "Hommel",
               "holland": "Holland", "finner": "Finner", "li": "Li", "rom": "Rom", "rom_stepdown": "Rom step-down",
               "nemenyi": "Nemenyi", "shaffer": "Shaffer", "shaffer_dynamic": "Shaffer dynamic",
               "bergmann": "Bergmann–Hommel", "none": "unadjusted"}
# the FDR adjustments say so in a header: an APV column reads as family-wise otherwise
ADJUSTMENTS.update({"sidak": "Šidák", "holm_sidak": "Holm–Šidák", "bh": "BH, FDR", "by": "BY, FDR"})
ADJUSTMENTS["westfall_young"] = "max-T"  # compare_over_budgets: Westfall–Young step-down (issue 29)
#: Headers of columns that hold algorithm names.
_NAME_HEADERS = ("algorithm", "A", "B")
#: Headers whose column holds p-values (an underflowed 0 prints as < 10^-300).
_PVALUE_HEADERS = ("p", "min p", "p (GG)", "p (HF)", "APV")


def header_text(column: Any, adjustment: str | None = None) -> str:
    """The human header of a result table's ``column`` (:data:`HEADERS`); others with spaces for underscores.

    Examples
    --------
    >>> header_text("pvalue_adj", "holm"), header_text("p_left"), header_text("mean_rank"), header_text("my_col")
    ('APV (Holm)', 'P(left)', 'mean rank', 'my col')
    """
    name = str(column)
    if name not in HEADERS:
        return name.replace("_", " ")
    text = HEADERS[name]
    if "{adjustment}" in text:
        shown = ADJUSTMENTS.get(str(adjustment), str(adjustment)) if adjustment else ""
        text = text.replace(" ({adjustment})", f" ({shown})" if shown else "")
    return text


def _is_pvalue_header(header: str) -> bool:
    return header in _PVALUE_HEADERS or header.startswith("APV") or "pvalue" in header


#: Characters LaTeX cannot set in text mode with the default encoding, and their math or text form.
#: ``_``, ``^`` and ``~`` are the typewriter font's ASCII characters: with the default (OT1) encoding
#: ``\_`` is drawn as a rule, which a PDF's text shows as a space (a name like ``cma_es`` would not be
#: found in it).
_LATEX_TEXT = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
               "_": r"{\ttfamily\char95}", "{": r"\{", "}": r"\}", "~": r"{\ttfamily\char126}",
               "^": r"{\ttfamily\char94}",
               "<": r"$<$", ">": r"$>$", "|": r"$|$", "α": r"$\alpha$", "β": r"$\beta$", "τ": r"$\tau$",
               "Δ": r"$\Delta$", "χ": r"$\chi$", "μ": r"$\mu$", "σ": r"$\sigma$", "θ": r"$\theta$",
               "ε": r"$\varepsilon$", "±": r"$\pm$", "≤": r"$\le$", "≥": r"$\ge$", "≠": r"$\ne$",
               "×": r"$\times$", "²": r"$^2$", "–": "--", "—": "---", "…": r"\ldots{}", "·": r"$\cdot$",
               "→": r"$\to$", "≈": r"$\approx$", "−": "$-$", "⁺": r"$^{+}$", "⁻": r"$^{-}$",
               "₁": r"$_1$", "₂": r"$_2$", "⁰": r"$^0$"}
_LATEX_PATTERN = re.compile("|".join(re.escape(c) for c in _LATEX_TEXT))


def format_number(value: Any, precision: int = 4, scientific: bool | None = None) -> str:
    """Format a number for a table.

    ``scientific=None`` switches to scientific notation only for values too small or too
    large to show with ``precision`` decimals (so p = 1e-30 is never printed as 0.0000).
    """
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if not isinstance(value, (float, np.floating)):
        return str(value)
    value = float(value)
    if not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if value == 0:
        return "0"
    tiny = abs(value) < 0.5 * 10.0 ** (-precision)
    huge = abs(value) >= 1e7
    if scientific or (scientific is None and (tiny or huge)):
        return f"{value:.{max(precision - 1, 1)}e}"
    return f"{value:.{precision}f}"


def latex_escape(text: str) -> str:
    """``text`` safe in LaTeX text mode with the default (OT1) encoding.

    Examples
    --------
    >>> print(latex_escape("p_adj > 0.05 (α = 5%)"))
    p{\\ttfamily\\char95}adj $>$ 0.05 ($\\alpha$ = 5\\%)
    """
    return _LATEX_PATTERN.sub(lambda m: _LATEX_TEXT[m.group(0)], str(text))


def format_cell(value: Any, precision: int = 4, scientific: bool | None = None) -> str:
    """A single value as plain text: a whole number without decimals, others as in the result tables
    (in a table, a column prints without decimals only when all its values are whole).

    Examples
    --------
    >>> format_cell(364.0), format_cell(0.12345), format_cell(1.041e-16), format_cell(True)
    ('364', '0.1235', '1.041e-16', 'yes')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer() \
            and abs(value) < 1e7 and not scientific:
        return str(int(value))
    return format_number(value, precision, scientific)


_SCIENTIFIC = re.compile(r"^(-?\d+(?:\.\d+)?)e([+-]\d+)$")


def _latex_cell(text: str, bold: bool) -> str:
    """A formatted cell in LaTeX: scientific notation as math, ``bold`` in bold."""
    match = _SCIENTIFIC.match(text)
    if match:
        mantissa, exponent = match.group(1), int(match.group(2))
        body = rf"{mantissa}\times10^{{{exponent}}}"
        return rf"{{\boldmath${body}$}}" if bold else f"${body}$"
    if text == "<1e-300":
        return r"$<10^{-300}$"
    escaped = latex_escape(text)
    return rf"\textbf{{{escaped}}}" if bold and text else escaped


def _char_points(char: str) -> float:
    """Width of a character in Computer Modern at 10 pt, in points, rounded up (measured)."""
    if char.isdigit():
        return 5.0
    if char in ".,:;!'`":
        return 2.8
    if char in "-()[]/":
        return 3.9
    if char in "MWmw":
        return 10.3 if char.isupper() else 8.3
    if char.isupper():
        return 7.3
    if char.islower():
        return 5.0
    if char == " ":
        return 3.4
    return 7.8  # symbols, Greek letters set as math


def _points(text: str, bold: bool = False) -> float:
    """Estimated width of a formatted cell at 10 pt (bold is about 12 % wider)."""
    match = _SCIENTIFIC.match(text)
    if match:  # mantissa, the times sign, 10 and a superscript exponent
        # measured: 1.041×10⁻¹⁶ is 55.3 pt in CM at 10 pt (× with its math spacing, superscript minus and digits)
        exponent = str(int(match.group(2)))
        width = sum(_char_points(c) for c in match.group(1)) + 12.5 + 10.0 + 2.0 \
            + sum(5.5 if c == "-" else 3.6 for c in exponent)
    elif text == "<1e-300":
        width = 30.0
    else:
        width = sum(_char_points(c) for c in text)
    return width * (1.12 if bold else 1.0) + 1.0


def _longest_word(text: str, bold: bool = False) -> float:
    return max((_points(word, bold) for word in text.split()), default=0.0)


def _cells(frame: pd.DataFrame, precision: int, scientific: bool | None,
           missing: str = "—") -> tuple[list[str], list[list[str]]]:
    index_name = frame.index.name or ""
    adjustment = frame.attrs.get("p_adjust")
    header = [header_text(index_name)] + [header_text(c, adjustment) for c in frame.columns]
    pvalues = [_is_pvalue_header(h) for h in header[1:]]
    whole = [_whole_column(frame.iloc[:, j]) for j in range(frame.shape[1])]
    rows = [[str(label)] + [missing if _missing(v) else _format_value(v, p, w, precision, scientific)
                            for v, p, w in zip(row, pvalues, whole, strict=False)]
            for label, row in zip(frame.index, frame.itertuples(index=False), strict=False)]
    return header, rows


def _whole_column(column: pd.Series) -> bool:
    """A float column holding only whole numbers (counts, degrees of freedom, Borda scores)."""
    values = pd.to_numeric(column, errors="coerce").to_numpy(float)
    finite = values[np.isfinite(values)]
    return column.dtype.kind == "f" and finite.size > 0 and bool(np.all(finite == np.round(finite))) \
        and bool(np.all(np.abs(finite) < 1e7))


def _format_value(value: Any, is_pvalue: bool, whole: bool, precision: int, scientific: bool | None) -> str:
    # A p-value of exactly 0 is one that underflowed double precision, not an impossibility.
    if is_pvalue and isinstance(value, (float, np.floating)) and value == 0:
        return "<1e-300"
    if whole and not scientific and isinstance(value, (float, np.floating)):
        return str(int(value))
    return format_number(value, precision, scientific)


def _missing(value: Any) -> bool:
    return value is None or (not isinstance(value, str) and bool(np.all(pd.isna(value))))


def _numeric_columns(header: list[str], rows: list[list[str]], first: int = 1) -> list[bool]:
    """Which columns hold only numbers (or missing cells); columns before ``first`` are labels."""
    return [j >= first and all(_is_number(r[j]) for r in rows if r[j] not in ("", "--", "—"))
            for j in range(len(header))]


def frame_to_html(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                  caption: str | None = None, bold: Any = None, index: bool = True) -> str:
    """An HTML table of ``frame`` (index as first column unless ``index=False``), numbers as in
    the result tables, whole numbers without decimals, human headers (:data:`HEADERS`); ``bold``
    (a boolean array of the frame's shape) marks cells to set in bold. Cells of numeric columns,
    and their headers, carry ``class="num"`` (the report aligns them and never breaks them).

    Parameters
    ----------
    frame : pandas.DataFrame
        The table; ``frame.attrs["p_adjust"]`` names the adjustment of a ``pvalue_adj`` column.
    precision : int
        Decimals of the numbers.
    scientific : bool, optional
        Force (True) or forbid (False) scientific notation; by default only for numbers too
        small or too large for ``precision``.
    caption : str, optional
        The table's ``<caption>``.
    bold : array_like of bool, optional
        Cells to set in bold (rejected hypotheses).
    index : bool
        Print the index as the first column.

    Returns
    -------
    str
        One ``<table class="algocompare-table">`` element.
    See Also
    --------
    frame_to_latex : the same table for a paper.
    render_report : the report these tables are in.

    References
    ----------
    .. [1] Derrac, J., García, S., Molina, D., Herrera, F. (2011). A practical tutorial on the
       use of nonparametric statistical tests as a methodology for comparing evolutionary and
       swarm intelligence algorithms. *Swarm and Evolutionary Computation* 1(1), 3–18.
       doi:10.1016/j.swevo.2011.02.002
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4


    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> frame = pd.DataFrame({"mean_rank": [1.23456, 20.5]}, index=pd.Index(["A", "B"], name="algorithm"))
    >>> print(ac.frame_to_html(frame, precision=2))
    <table class="algocompare-table">
    <thead><tr><th>algorithm</th><th class="num">mean rank</th></tr></thead><tbody>
    <tr><td>A</td><td class="num">1.23</td></tr>
    <tr><td>B</td><td class="num">20.50</td></tr>
    </tbody></table>
    """
    header, rows = _cells(frame, precision, scientific)
    marks = _bold_mask(frame, bold)
    numeric = _numeric_columns(header, rows)
    if not index:
        header, rows, marks, numeric = header[1:], [r[1:] for r in rows], [m[1:] for m in marks], numeric[1:]
    attr = [' class="num"' if n else "" for n in numeric]
    parts = ['<table class="algocompare-table">']
    if caption:
        parts.append(f"<caption>{html.escape(caption)}</caption>")
    parts.append("<thead><tr>" + "".join(f"<th{a}>{html.escape(h)}</th>" for h, a in zip(header, attr, strict=False))
                 + "</tr></thead><tbody>")
    for row, mark in zip(rows, marks, strict=False):
        cells = [f"<b>{_html_cell(c)}</b>" if b else _html_cell(c) for c, b in zip(row, mark, strict=False)]
        parts.append("<tr>" + "".join(f"<td{a}>{c}</td>" for c, a in zip(cells, attr, strict=False)) + "</tr>")
    parts.append("</tbody></table>")
    return "\n".join(parts)


def _html_cell(text: str) -> str:
    """A formatted cell in HTML: scientific notation as 1.04×10<sup>−16</sup>."""
    match = _SCIENTIFIC.match(text)
    if match:
        exponent = str(int(match.group(2))).replace("-", "−")
        return f"{match.group(1)}×10<sup>{exponent}</sup>"
    if text == "<1e-300":
        return "&lt;10<sup>−300</sup>"
    return html.escape(text)


def _bold_mask(frame: pd.DataFrame, bold: Any) -> list[list[bool]]:
    """(rows × 1 + columns) booleans; the index column is never bold."""
    mask = np.zeros(frame.shape, bool) if bold is None else np.asarray(bold, bool).reshape(frame.shape)
    return [[False] + list(row) for row in mask]


def _layout(frame: pd.DataFrame, precision: int, scientific: bool | None, bold: Any, index: bool,
            missing: str) -> tuple[list[str], list[list[str]], list[list[bool]]]:
    """Header, formatted rows and bold marks; one row of five or more values is set vertically."""
    header, rows = _cells(frame, precision, scientific, missing=missing)
    marks = _bold_mask(frame, bold)
    if not index:
        header, rows, marks = header[1:], [r[1:] for r in rows], [m[1:] for m in marks]
    if len(rows) == 1 and len(header) >= 5:  # one result: field | value
        header, rows, marks = ["", "value"], [[h, c] for h, c in zip(header, rows[0], strict=False)], \
            [[False, m] for m in marks[0]]
    return header, rows, marks


def frame_to_markdown(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                      bold: Any = None, index: bool = True) -> str:
    """A GitHub-flavoured Markdown table of ``frame``, cells and headers as in :func:`frame_to_latex`
    (bold cells, one row of many values set vertically).

    Examples
    --------
    >>> import pandas as pd
    >>> print(frame_to_markdown(pd.DataFrame({"pvalue": [0.01, 0.2]}, index=["A", "B"]), bold=[[True], [False]]))
    |  | p |
    |---|---|
    | A | **0.0100** |
    | B | 0.2000 |
    """
    header, rows, marks = _layout(frame, precision, scientific, bold, index, missing="—")
    lines = ["| " + " | ".join(markdown_escape(h) for h in header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(f"**{markdown_escape(c)}**" if b and c else markdown_escape(c)
                                for c, b in zip(row, mark, strict=False)) + " |"
              for row, mark in zip(rows, marks, strict=False)]
    return "\n".join(lines)


#: Characters Markdown would read as formatting (emphasis, code, links, strike-through, a table's
#: cell border, notebook math); each is set as itself with a backslash.
_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_\[\]~|$])")


def markdown_escape(text: Any) -> str:
    """``text`` as itself in Markdown (CommonMark, GitHub, Jupyter): HTML escaped (a name like
    ``<script>`` or ``<img onerror=...>`` is shown, never run), the characters of emphasis, code,
    links and table cells (``* _ ` [ ] ~ | $ \\``) backslash-escaped, line breaks as spaces (a
    table row is one line).

    Examples
    --------
    >>> print(markdown_escape("<b>cma_es*</b> | x"))
    &lt;b&gt;cma\\_es\\*&lt;/b&gt; \\| x
    """
    escaped = html.escape(" ".join(str(text).splitlines()), quote=False)
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", escaped)


def has_labels(frame: pd.DataFrame) -> bool:
    """Whether the index carries labels (not a plain 0..n-1 row number) and so is printed."""
    return not isinstance(frame.index, pd.RangeIndex)


def _name_headers(frame: pd.DataFrame) -> list[str]:
    """Headers of the columns that ``frame.attrs["name_columns"]`` declares to hold algorithm names."""
    return [header_text(c) for c in frame.attrs.get("name_columns", ())]


def _check_label(label: str | None) -> None:
    """A ``\\label`` key is written as given: one that would end the command early (``}``) or start
    another (``\\``) is refused rather than escaped (an escaped key is not the one ``\\ref`` names)."""
    if label is not None and re.search(r"[\\{}%#\n]", str(label)):
        raise ValueError(f"label={label!r} holds a character LaTeX reads as a command (\\ {{ }} % # or a line "
                         "break); use letters, digits and : . _ - (e.g. 'tab:posthoc').")


def _check_width(width: str) -> tuple[float, str]:
    if width not in WIDTHS:
        raise ValueError(f"width={width!r} is not valid; choose 'column' (a column of a two-column paper) "
                         "or 'page' (a page-wide table*).")
    return WIDTHS[width]


def frame_to_latex(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                   caption: str | None = None, label: str | None = None, bold: Any = None,
                   index: bool = True, text_width: float | None = None, *, width: str = "column",
                   note: str | None = None) -> str:
    """A booktabs float of ``frame`` that fits a column (``width="column"``) or the page
    (``width="page"``, a ``table*``) of IEEEtran, acmart and two-column ``article`` papers.

    Needs ``\\usepackage{booktabs}`` and ``\\usepackage{array}`` (both safe with IEEEtran and
    acmart). ``bold`` (a boolean array of the frame's shape) marks cells to set in bold
    (rejected hypotheses); ``index=False`` leaves the index out; a frame of one row and five or
    more columns is set vertically. Headers are the human ones of :data:`HEADERS`; ``note`` is
    set in small type under the table (the detail a short caption leaves out).

    Parameters
    ----------
    frame : pandas.DataFrame
        The table; ``frame.attrs["p_adjust"]`` names the adjustment of a ``pvalue_adj`` column.
    precision : int
        Decimals of the numbers.
    scientific : bool, optional
        Force (True) or forbid (False) scientific notation; by default only for numbers too
        small or too large for ``precision``.
    caption, label : str, optional
        The caption (keep it short) and the ``\\label``.
    bold : array_like of bool, optional
        Cells to set in bold.
    index : bool
        Print the index as the first column.
    text_width : float, optional
        The width to fit, in points, overriding ``width``'s (e.g. 345 for a one-column article).
    width : {"column", "page"}
        Fit :data:`COLUMN_WIDTH_PT` in a ``table`` (which fits one-column documents too) or
        :data:`PAGE_WIDTH_PT` in a ``table*``, the page of a two-column paper (a page-wide
        table that fits 345 pt at the same font size is kept to that width, which a
        one-column ``article`` also has).
    note : str, optional
        A line of detail under the table.

    Returns
    -------
    str
        One float, or several when the rows need more than a float's height (the later ones
        captioned "(continued)").
    See Also
    --------
    frame_to_html : the same table for a web page or notebook.
    export_tables : every table of an analysis as files.

    References
    ----------
    .. [1] Derrac, J., García, S., Molina, D., Herrera, F. (2011). A practical tutorial on the
       use of nonparametric statistical tests as a methodology for comparing evolutionary and
       swarm intelligence algorithms. *Swarm and Evolutionary Computation* 1(1), 3–18.
       doi:10.1016/j.swevo.2011.02.002
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4


    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> frame = pd.DataFrame({"mean_rank": [1.5, 1.5]}, index=pd.Index(["A", "B"], name="algorithm"))
    >>> print(ac.frame_to_latex(frame, precision=2, caption="Mean ranks"))
    \\begin{table}[tbp]
    \\centering
    \\caption{Mean ranks}
    \\begin{tabular}{lr}
    \\toprule
    algorithm & mean rank \\\\
    \\midrule
    A & 1.50 \\\\
    B & 1.50 \\\\
    \\bottomrule
    \\end{tabular}
    \\end{table}
    """
    points, environment = _check_width(width)
    _check_label(label)
    header, rows, marks = _layout(frame, precision, scientific, bold, index, missing="--")
    table = _Table(header, rows, marks, _name_headers(frame), first=1 if index else 0)
    return table.latex(caption, label, points if text_width is None else float(text_width), environment, note)


class _Table:
    """Formatted cells of a LaTeX table and the choices that make it fit the width."""

    def __init__(self, header: list[str], rows: list[list[str]], marks: list[list[bool]],
                 name_headers: Sequence[str] = (), first: int = 1) -> None:
        self.header, self.rows, self.marks = header, rows, marks
        self.numeric = _numeric_columns(header, rows, first)
        self.text = [not n and any(" " in r[j] for r in rows) or (not n and _points(header[j]) > 60)
                     for j, n in enumerate(self.numeric)]
        #: columns of names (headed as such, or named in the frame's attrs), which never break inside a word
        self.names = [h in _NAME_HEADERS or h in name_headers for h in header]

    def _cell_points(self, j: int) -> list[float]:
        return [_points(r[j], m[j]) for r, m in zip(self.rows, self.marks, strict=False)]

    def natural(self, scale: float, colsep: float, stacked: bool) -> list[float]:
        """Natural width of each column, in points, at the font ``scale``; a stacked header
        puts its words one over the other."""
        out = []
        for j, head in enumerate(self.header):
            heading = _longest_word(head) if stacked and " " in head else _points(head)
            out.append(max(self._cell_points(j) + [heading]) * scale + 2 * colsep)
        return out

    def minimal(self, j: int, scale: float, colsep: float) -> float:
        """The narrowest a wrapped column can be: its longest word (names never break inside; other
        text may break after a hyphen)."""
        split = (lambda text: text) if self.names[j] else (lambda text: text.replace("-", "- "))
        words = [_longest_word(split(r[j]), m[j]) for r, m in zip(self.rows, self.marks, strict=False)]
        return max(max(words + [_longest_word(self.header[j])]) * scale, 24.0) + 2 * colsep

    def fit(self, width: float) -> tuple[str, float, float, bool, dict[int, float]] | None:
        """(size, scale, colsep, stacked headers, wrapped column widths) of the first layout that fits:
        at each size in turn, the table as it is, with its headers stacked, with its text wrapped
        comfortably (no wrapped column narrower than :data:`_COMFORTABLE_PT` unless it needs less);
        failing those, the smallest size with its text wrapped as tightly as its words allow."""
        tight = None
        for size, scale, colsep in _FITS:
            for stacked in (False, True):
                if sum(self.natural(scale, colsep, stacked)) <= width:
                    return size, scale, colsep, stacked, {}
            wrapped = self._wrap(width, scale, colsep)
            if wrapped is None:
                continue
            natural = self.natural(scale, colsep, True)
            if all(w >= min(natural[j], _COMFORTABLE_PT) for j, w in wrapped.items()):
                return size, scale, colsep, True, wrapped
            tight = tight or (size, scale, colsep, True, wrapped)
        return tight

    def _wrap(self, width: float, scale: float, colsep: float) -> dict[int, float] | None:
        """Widths of the text columns wrapped so that the table fits ``width``, or None."""
        natural = self.natural(scale, colsep, True)
        text = [j for j, t in enumerate(self.text) if t]
        if not text:
            return None
        room = width - sum(w for j, w in enumerate(natural) if j not in text)
        least = {j: self.minimal(j, scale, colsep) for j in text}
        if room < sum(least.values()):
            return None
        # share the room in proportion to what each column would need unwrapped, no column below its least
        extra = room - sum(least.values())
        want = {j: max(natural[j] - least[j], 0.0) for j in text}
        total = sum(want.values()) or 1.0
        return {j: min(natural[j], least[j] + extra * want[j] / total) for j in text}

    def latex(self, caption: str | None, label: str | None, width: float, environment: str,
              note: str | None) -> str:
        layout = self.fit(width)
        if environment == "table*" and width > TEXT_WIDTH_PT:
            # a page-wide table that fits 345 pt at the same font size fits one-column documents too
            narrow = self.fit(TEXT_WIDTH_PT)
            if narrow is not None and (layout is None or narrow[:3] == layout[:3]):
                layout, width = narrow, TEXT_WIDTH_PT
        if layout is None and environment == "table" and width < TEXT_WIDTH_PT:
            # too wide for a column but not for any page: a page-wide float (one-column article: 345 pt)
            layout, width, environment = self.fit(TEXT_WIDTH_PT), TEXT_WIDTH_PT, "table*"
            if layout is None:
                width, environment = COLUMN_WIDTH_PT, "table"
        if layout is None:
            return self._split(caption, label, width, environment, note)
        size, scale, colsep, stacked, wrapped = layout
        spec = [_wrapped_spec(wrapped[j], colsep, self.names[j]) if j in wrapped else ("r" if self.numeric[j] else "l")
                for j in range(len(self.header))]
        heights = [max([1] + [self._row_lines(r, m, j, wrapped, scale, colsep) for j in wrapped])
                   for r, m in zip(self.rows, self.marks, strict=False)]
        return _floats(self, list(range(len(self.header))), spec, heights, size, scale, colsep, stacked,
                       caption, label, environment, note, width)

    def _row_lines(self, row: list[str], mark: list[bool], j: int, wrapped: dict[int, float], scale: float,
                   colsep: float) -> int:
        inner = wrapped[j] - 2 * colsep
        return max(1, math.ceil(_points(row[j], mark[j]) * scale * 1.15 / inner))

    def _split(self, caption: str | None, label: str | None, width: float, environment: str,
               note: str | None) -> str:
        """The last resort: groups of columns that fit, each repeating the leading label columns."""
        size, scale, colsep = _FITS[-1]
        widths = self.natural(scale, colsep, True)
        keys = next((j for j in range(len(self.header)) if self.numeric[j]), 1)
        parts = _split_columns(widths, width, max(1, min(keys, 2)))
        heights = [1] * len(self.rows)
        pieces = []
        for n, columns in enumerate(parts):
            spec = ["r" if self.numeric[j] else "l" for j in columns]
            pieces.append(_floats(self, columns, spec, heights, size, scale, colsep, True,
                                  caption if n == 0 else (f"{caption} (continued)" if caption else None),
                                  label if n == 0 else None, environment,
                                  note if n == len(parts) - 1 else None, width))
        return "\n".join(pieces)


def _wrapped_spec(width: float, colsep: float, names: bool) -> str:
    """A column wrapped at spaces, ragged right, never hyphenated (names stay whole in the PDF's
    text); other text may break after an explicit hyphen."""
    breaks = r"\exhyphenpenalty=10000" if names else ""
    return (rf">{{\raggedright\arraybackslash\hyphenpenalty=10000{breaks}}}"
            f"p{{{max(width - 2 * colsep, 10.0):.1f}pt}}")


def _floats(table: _Table, columns: list[int], spec: list[str], heights: list[int], size: str, scale: float,
            colsep: float, stacked: bool, caption: str | None, label: str | None, environment: str,
            note: str | None, width: float) -> str:
    """One float, or several of the rows that fit a float's height (the later ones "(continued)")."""
    caption_lines = math.ceil(_points(caption or "") * 0.95 / width) if caption else 0
    note_lines = math.ceil(_points(note or "") * 0.84 / (width - 10)) if note else 0
    head_lines = max((len(table.header[j].split()) if stacked else 1) for j in columns)
    budget = _FLOAT_HEIGHT_PT - _ROW_PT * (caption_lines + scale * head_lines + 1)
    note_height = _ROW_PT * 0.85 * note_lines  # only the last float carries the note
    per_row = _ROW_PT * scale
    chunks: list[list[int]] = []
    current: list[int] = []
    used = 0.0
    for i, lines in enumerate(heights):
        if current and used + lines * per_row > budget:
            chunks.append(current)
            current, used = [], 0.0
        current.append(i)
        used += lines * per_row
    # the last float's rows and the note must fit together: its first rows move to a float of their own
    last: list[int] = []
    room = budget - note_height
    for i in reversed(current):
        if last and sum(heights[j] for j in last) * per_row + heights[i] * per_row > room:
            break
        last.insert(0, i)
    if len(last) < len(current):
        chunks.append(current[:len(current) - len(last)])
    chunks.append(last)
    out = []
    for n, rows in enumerate(chunks):
        part_caption = caption if n == 0 else (f"{caption} (continued)" if caption else None)
        out.append(_render(table, columns, spec, rows, size, colsep, stacked, part_caption,
                           label if n == 0 else None, environment, note if n == len(chunks) - 1 else None))
    return "\n".join(out)


def _render(table: _Table, columns: list[int], spec: list[str], rows: list[int], size: str, colsep: float,
            stacked: bool, caption: str | None, label: str | None, environment: str, note: str | None) -> str:
    head = " & ".join(_header_cell(table.header[j], stacked) for j in columns)
    body = [" & ".join(_latex_cell(table.rows[i][j], table.marks[i][j]) for j in columns) + r" \\" for i in rows]
    placement = "tp" if environment == "table*" else "tbp"
    lines = [rf"\begin{{{environment}}}[{placement}]", r"\centering"]
    if size:
        lines.append(size)
    if colsep != 6.0:
        lines.append(rf"\setlength{{\tabcolsep}}{{{colsep:g}pt}}")
    if caption:
        lines.append(rf"\caption{{{latex_escape(caption)}}}")
    if label:
        lines.append(rf"\label{{{label}}}")
    lines += [rf"\begin{{tabular}}{{{''.join(spec)}}}", r"\toprule", head + r" \\", r"\midrule"] + body
    lines += [r"\bottomrule", r"\end{tabular}"]
    if note:
        lines.append(r"\par\smallskip{\footnotesize\raggedright\hyphenpenalty=10000\exhyphenpenalty=10000 "
                     + latex_escape(note) + r"\par}")
    lines.append(rf"\end{{{environment}}}")
    return "\n".join(lines)


def _header_cell(text: str, stacked: bool) -> str:
    """A header; ``stacked``, its words one over the other."""
    parts = text.split()
    if not stacked or len(parts) == 1:
        return latex_escape(text)
    return r"\begin{tabular}[b]{@{}c@{}}" + r"\\".join(latex_escape(p) for p in parts) + r"\end{tabular}"


def _is_number(text: str) -> bool:
    if text.startswith("<") and len(text) > 1 and text != "<1e-300":  # "<.0001": below the decimals
        return _is_number(text[1:])
    if text.endswith("*") and len(text) > 1:  # a number marked significant
        return _is_number(text[:-1])
    try:
        float(text)
    except ValueError:
        return text in ("yes", "no", "inf", "-inf", "nan", "<1e-300")
    return True


def _split_columns(widths: list[float], text_width: float, keys: int = 1) -> list[list[int]]:
    """Groups of columns, each starting with the ``keys`` label columns, that fit ``text_width``."""
    start = list(range(keys))
    parts, current = [], list(start)
    for j in range(keys, len(widths)):
        if len(current) > keys and sum(widths[i] for i in current) + widths[j] > text_width:
            parts.append(current)
            current = list(start)
        current.append(j)
    parts.append(current)
    return parts


def result_frame(result: Any) -> tuple[pd.DataFrame, np.ndarray]:
    """A result's table and which of its cells to set in bold: the first p-value column
    (adjusted when there is one) of the rows whose hypothesis is rejected.

    ``frame.attrs["p_adjust"]`` carries the result's multiplicity adjustment, which names the
    adjusted p-values' header ("APV (Holm)").
    """
    frame = result.to_frame() if hasattr(result, "to_frame") else pd.DataFrame(result)
    if {"rejected_raw", "rejected"} <= set(frame.columns):  # counts of single tests vs the family decision
        frame = frame.rename(columns={"rejected_raw": "rejected_single", "rejected": "family_rejected"})
    bold = np.zeros(frame.shape, bool)
    if "reject" in frame:
        columns = [c for c in getattr(type(result), "_pvalue_columns", ("pvalue_adj", "pvalue")) if c in frame]
        if columns:
            bold[:, list(frame.columns).index(columns[0])] = frame["reject"].to_numpy(bool)
    adjustment = getattr(result, "p_adjust", None)
    if isinstance(adjustment, str):
        frame.attrs["p_adjust"] = adjustment
    return frame, bold


#: Columns that name one algorithm per row, and pairs of columns that name a pair.
_NAME_COLUMNS = ("algorithm", "item", "sample", "name")
_PAIR_COLUMNS = (("algorithm_a", "algorithm_b"),)


def in_order(frame: pd.DataFrame, bold: np.ndarray, order: list[str]) -> tuple[pd.DataFrame, np.ndarray]:
    """Rows of ``frame`` (and of its ``bold`` mask) in the algorithm ``order``.

    A row naming one algorithm goes by its position; a row naming a pair by the positions
    of the better-placed and then the other algorithm. Frames that name no algorithm, or
    name one the order does not know, are returned as they are.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> frame = pd.DataFrame({"algorithm_a": ["A", "A"], "algorithm_b": ["B", "C"], "p": [0.1, 0.2]})
    >>> in_order(frame, np.zeros((2, 3), bool), ["C", "A", "B"])[0]["algorithm_b"].tolist()
    ['C', 'B']
    """
    position = {name: i for i, name in enumerate(order)}
    keys = _sort_keys(frame, position)
    if keys is None:
        return frame, bold
    rows = sorted(range(len(frame)), key=lambda i: keys[i])
    ordered = frame.iloc[rows]
    if isinstance(frame.index, pd.RangeIndex):  # row numbers carry no meaning: renumbered
        ordered = ordered.reset_index(drop=True)
    ordered.attrs.update(frame.attrs)
    return ordered, np.asarray(bold)[rows]


def _sort_keys(frame: pd.DataFrame, position: dict[str, int]) -> list[tuple] | None:
    for a, b in _PAIR_COLUMNS:
        if a in frame and b in frame:
            pairs = list(zip(frame[a].astype(str), frame[b].astype(str), strict=False))
            if all(x in position and y in position for x, y in pairs):
                return [tuple(sorted((position[x], position[y]))) for x, y in pairs]
            return None
    for column in _NAME_COLUMNS:
        if column in frame:
            names = frame[column].astype(str)
            return [(position[n],) for n in names] if all(n in position for n in names) else None
    names = [str(n) for n in frame.index]
    if len(names) > 1 and all(n in position for n in names):
        return [(position[n],) for n in names]
    return None
