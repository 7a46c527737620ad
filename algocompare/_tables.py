"""Publication tables of plain DataFrames and of result frames: HTML and LaTeX that fits a page.

LaTeX tables (:func:`frame_to_latex`) compile with a plain ``article`` class and booktabs
(longtable for long ones) and fit its text width: the width of every column is estimated
from the characters of its cells (Computer Modern at 10 pt), and a table too wide is set
smaller, then with its text columns wrapped, then split into parts that repeat the first
column. A table of more than :data:`LONG_ROWS` rows is a ``longtable`` that breaks across
pages with its header repeated; a single row of many values is set vertically (field,
value). Numbers too small or too large for the decimals are typeset as
:math:`1.04\\times10^{-16}`, whole numbers without decimals, rejected hypotheses in bold.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["frame_to_html", "frame_to_latex", "frame_to_markdown", "format_cell", "has_labels", "format_number", "latex_escape", "result_frame",
           "LONG_ROWS", "TEXT_WIDTH_PT"]

#: Rows beyond which a LaTeX table becomes a longtable (a float this long does not fit a page).
LONG_ROWS = 35
#: Text width of the ``article`` class at 10 pt (345 pt); tables are fitted to it.
TEXT_WIDTH_PT = 345.0
#: Font sizes tried for a table too wide, with their scale relative to 10 pt.
_SIZES = (("", 1.0), (r"\small", 0.9), (r"\footnotesize", 0.8))
_TABCOLSEP_PT = 6.0

#: Characters LaTeX cannot set in text mode with the default encoding, and their math or text form.
_LATEX_TEXT = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
               "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
               "<": r"$<$", ">": r"$>$", "|": r"$|$", "α": r"$\alpha$", "β": r"$\beta$", "τ": r"$\tau$",
               "Δ": r"$\Delta$", "χ": r"$\chi$", "μ": r"$\mu$", "σ": r"$\sigma$", "θ": r"$\theta$",
               "ε": r"$\varepsilon$", "±": r"$\pm$", "≤": r"$\le$", "≥": r"$\ge$", "≠": r"$\ne$",
               "×": r"$\times$", "²": r"$^2$", "–": "--", "—": "---", "…": r"\ldots{}", "·": r"$\cdot$",
               "→": r"$\to$", "≈": r"$\approx$", "−": "$-$"}
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
    p\\_adj $>$ 0.05 ($\\alpha$ = 5\\%)
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
    """Estimated width of a Computer Modern character at 10 pt, in points (a little generous)."""
    if char.isdigit() or char in ".,-+()[]":
        return 5.0 if char.isdigit() else 3.9
    if char.isupper():
        return 7.5
    if char.islower():
        return 5.2 if char not in "mw" else 8.3
    if char == " ":
        return 3.4
    return 7.8  # symbols, Greek letters set as math


def _points(text: str, bold: bool = False) -> float:
    """Estimated width of a formatted cell at 10 pt."""
    match = _SCIENTIFIC.match(text)
    if match:  # mantissa, the times sign, 10 and a superscript exponent
        width = sum(_char_points(c) for c in match.group(1)) + 7.8 + 10.0 + 3.8 * len(str(int(match.group(2))))
    else:
        width = sum(_char_points(c) for c in text)
    return width * (1.12 if bold else 1.0) + 1.0


def _cells(frame: pd.DataFrame, precision: int, scientific: bool | None,
           missing: str = "—") -> tuple[list[str], list[list[str]]]:
    index_name = frame.index.name or ""
    header = [str(index_name)] + [str(c) for c in frame.columns]
    pvalues = ["pvalue" in str(c) for c in frame.columns]
    whole = [_whole_column(frame.iloc[:, j]) for j in range(frame.shape[1])]
    rows = [[str(label)] + [missing if _missing(v) else _format_value(v, p, w, precision, scientific)
                            for v, p, w in zip(row, pvalues, whole)]
            for label, row in zip(frame.index, frame.itertuples(index=False))]
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


def frame_to_html(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                  caption: str | None = None, bold: Any = None, index: bool = True) -> str:
    """An HTML table of ``frame`` (index as first column unless ``index=False``), numbers as in
    the result tables, whole numbers without decimals; ``bold`` (a boolean array of the
    frame's shape) marks cells to set in bold.

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> frame = pd.DataFrame({"mean": [1.23456, 20.5]}, index=pd.Index(["A", "B"], name="algorithm"))
    >>> print(ac.frame_to_html(frame, precision=2))
    <table class="algocompare-table">
    <thead><tr><th>algorithm</th><th>mean</th></tr></thead><tbody>
    <tr><td>A</td><td>1.23</td></tr>
    <tr><td>B</td><td>20.50</td></tr>
    </tbody></table>
    """
    header, rows = _cells(frame, precision, scientific)
    marks = _bold_mask(frame, bold)
    if not index:
        header, rows, marks = header[1:], [r[1:] for r in rows], [m[1:] for m in marks]
    parts = ['<table class="algocompare-table">']
    if caption:
        parts.append(f"<caption>{html.escape(caption)}</caption>")
    parts.append("<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr></thead><tbody>")
    for row, mark in zip(rows, marks):
        cells = [f"<b>{_html_cell(c)}</b>" if b else _html_cell(c) for c, b in zip(row, mark)]
        parts.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
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
        header, rows, marks = ["", "value"], [[h, c] for h, c in zip(header, rows[0])], \
            [[False, m] for m in marks[0]]
    return header, rows, marks


def frame_to_markdown(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                      bold: Any = None, index: bool = True) -> str:
    """A GitHub-flavoured Markdown table of ``frame``, cells as in :func:`frame_to_latex`
    (bold cells, one row of many values set vertically).

    Examples
    --------
    >>> import pandas as pd
    >>> print(frame_to_markdown(pd.DataFrame({"pvalue": [0.01, 0.2]}, index=["A", "B"]), bold=[[True], [False]]))
    |  | pvalue |
    |---|---|
    | A | **0.0100** |
    | B | 0.2000 |
    """
    header, rows, marks = _layout(frame, precision, scientific, bold, index, missing="—")
    escape = lambda text: text.replace("|", r"\|")  # noqa: E731
    lines = ["| " + " | ".join(escape(h) for h in header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(f"**{escape(c)}**" if b else escape(c) for c, b in zip(row, mark)) + " |"
              for row, mark in zip(rows, marks)]
    return "\n".join(lines)


def has_labels(frame: pd.DataFrame) -> bool:
    """Whether the index carries labels (not a plain 0..n-1 row number) and so is printed."""
    return not isinstance(frame.index, pd.RangeIndex)


def frame_to_latex(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                   caption: str | None = None, label: str | None = None, bold: Any = None,
                   index: bool = True, text_width: float = TEXT_WIDTH_PT) -> str:
    """A booktabs table of ``frame`` that fits ``text_width`` points (needs
    ``\\usepackage{booktabs}``, and ``\\usepackage{longtable}`` beyond :data:`LONG_ROWS` rows).

    ``bold`` (a boolean array of the frame's shape) marks cells to set in bold (rejected
    hypotheses); ``index=False`` leaves the index out. A frame of one row and five or more
    columns is set vertically.

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> frame = pd.DataFrame({"mean_rank": [1.5, 1.5]}, index=pd.Index(["A", "B"], name="algorithm"))
    >>> print(ac.frame_to_latex(frame, precision=2, caption="Mean ranks"))
    \\begin{table}[ht]
    \\centering
    \\caption{Mean ranks}
    \\begin{tabular}{lr}
    \\toprule
    algorithm & mean\\_rank \\\\
    \\midrule
    A & 1.50 \\\\
    B & 1.50 \\\\
    \\bottomrule
    \\end{tabular}
    \\end{table}
    """
    header, rows, marks = _layout(frame, precision, scientific, bold, index, missing="--")
    table = _Table(header, rows, marks)
    return table.latex(caption, label, text_width)


class _Table:
    """Formatted cells of a LaTeX table and the choices that make it fit the page."""

    def __init__(self, header: list[str], rows: list[list[str]], marks: list[list[bool]]) -> None:
        self.header, self.rows, self.marks = header, rows, marks
        self.numeric = [all(_is_number(r[j]) for r in rows if r[j] not in ("", "--")) and j > 0
                        for j in range(len(header))]
        cells = [max((_points(r[j], m[j]) for r, m in zip(rows, marks)), default=0.0) for j in range(len(header))]
        # A header wider than its column's cells can stack its words ("mean" over "rank").
        self.stackable = [_points(h) > c and "_" in h for h, c in zip(header, cells)]
        self.stacked = [False] * len(header)

    def widths(self, scale: float) -> list[float]:
        """Estimated natural width of each column, in points, at the font ``scale``."""
        cells = [[_points(r[j], m[j]) for r, m in zip(self.rows, self.marks)] for j in range(len(self.header))]
        heads = [max(_points(part) for part in h.split("_")) if stack else _points(h)
                 for h, stack in zip(self.header, self.stacked)]
        return [(max(c + [h]) * scale) + 2 * _TABCOLSEP_PT for c, h in zip(cells, heads)]

    def latex(self, caption: str | None, label: str | None, text_width: float) -> str:
        for stacked, (size, scale) in [(False, s) for s in _SIZES] + [(True, s) for s in _SIZES]:
            self.stacked = self.stackable if stacked else [False] * len(self.header)
            widths = self.widths(scale)
            if sum(widths) <= text_width:
                return self._render(size, self._spec(widths, None), range(len(self.header)), caption, label)
        size, scale = _SIZES[-1]
        widths = self.widths(scale)
        wrapped = self._wrap_text_columns(widths, text_width)
        if wrapped is not None:
            return self._render(size, self._spec(widths, wrapped), range(len(self.header)), caption, label)
        keys = next((j for j in range(len(self.header)) if self.numeric[j]), 1)  # leading label columns
        parts = _split_columns(widths, text_width, max(1, min(keys, 2)))
        pieces = []
        for n, columns in enumerate(parts, 1):
            part_caption = f"{caption} (part {n} of {len(parts)})" if caption else None
            spec = self._spec([widths[j] for j in columns], None)
            pieces.append(self._render(size, spec, columns, part_caption, f"{label}:{n}" if label else None))
        return "\n".join(pieces)

    def _wrap_text_columns(self, widths: list[float], text_width: float) -> dict[int, float] | None:
        """Widths of ``p{}`` columns for text columns with spaces, when wrapping them makes the table fit."""
        text = [j for j in range(len(widths)) if not self.numeric[j] and any(" " in r[j] for r in self.rows)]
        fixed = sum(w for j, w in enumerate(widths) if j not in text)
        room = text_width - fixed - 2 * _TABCOLSEP_PT * len(text)
        if not text or room < 60 * len(text):
            return None
        return {j: room / len(text) for j in text}

    def _spec(self, widths: list[float], wrapped: dict[int, float] | None) -> list[str]:
        spec = []
        for j in range(len(self.header)):
            if wrapped and j in wrapped:
                spec.append(rf">{{\raggedright\arraybackslash}}p{{{wrapped[j]:.0f}pt}}")
            else:
                spec.append("r" if self.numeric[j] else "l")
        return spec

    def _render(self, size: str, spec: list[str], columns: Sequence[int], caption: str | None,
                label: str | None) -> str:
        columns = list(columns)
        head = " & ".join(_header_cell(self.header[j], self.stacked[j]) for j in columns) + r" \\"
        body = [" & ".join(_latex_cell(r[j], m[j]) for j in columns) + r" \\" for r, m in zip(self.rows, self.marks)]
        align = "".join(spec if len(spec) == len(columns) else [spec[j] for j in columns])
        cap = [rf"\caption{{{latex_escape(caption)}}}"] if caption else []
        lab = [rf"\label{{{label}}}"] if label else []
        if len(self.rows) > LONG_ROWS:
            lines = ["\\begingroup" + size, rf"\begin{{longtable}}{{{align}}}"]
            if cap or lab:
                lines.append("".join(cap + lab) + r" \\")
            lines += [r"\toprule", head, r"\midrule", r"\endfirsthead",
                      rf"\multicolumn{{{len(columns)}}}{{l}}{{\emph{{(continued)}}}} \\", r"\toprule", head,
                      r"\midrule", r"\endhead", r"\bottomrule", r"\endlastfoot"]
            lines += body + [r"\end{longtable}", r"\endgroup"]
            return "\n".join(lines)
        lines = [r"\begin{table}[ht]", r"\centering"] + ([size] if size else []) + cap + lab
        lines += [rf"\begin{{tabular}}{{{align}}}", r"\toprule", head, r"\midrule"] + body
        lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}"]
        return "\n".join(lines)


def _header_cell(text: str, stacked: bool) -> str:
    """A header; ``stacked``, its words (split at underscores) one over the other."""
    parts = text.split("_")
    if not stacked or len(parts) == 1:
        return latex_escape(text)
    return r"\begin{tabular}[b]{@{}c@{}}" + r"\\".join(latex_escape(p) for p in parts) + r"\end{tabular}"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return text in ("yes", "no", "inf", "-inf", "nan")
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
    (adjusted when there is one) of the rows whose hypothesis is rejected."""
    frame = result.to_frame() if hasattr(result, "to_frame") else pd.DataFrame(result)
    if {"rejected_raw", "rejected"} <= set(frame.columns):  # counts of single tests vs the family decision
        frame = frame.rename(columns={"rejected_raw": "rejected_single", "rejected": "family_rejected"})
    bold = np.zeros(frame.shape, bool)
    if "reject" in frame:
        columns = [c for c in getattr(type(result), "_pvalue_columns", ("pvalue_adj", "pvalue")) if c in frame]
        if columns:
            bold[:, list(frame.columns).index(columns[0])] = frame["reject"].to_numpy(bool)
    return frame, bold
