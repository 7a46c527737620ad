"""Tables of plain DataFrames (data summary, mean ranks) in the style of the result tables."""

from __future__ import annotations

import html

import pandas as pd

from algocompare._results import _latex_escape, format_number

__all__ = ["frame_to_html", "frame_to_latex"]


def _cells(frame: pd.DataFrame, precision: int, scientific: bool | None,
           missing: str = "—") -> tuple[list[str], list[list[str]]]:
    index_name = frame.index.name or ""
    header = [str(index_name)] + [str(c) for c in frame.columns]
    rows = [[str(label)] + [missing if pd.isna(v) else format_number(v, precision, scientific) for v in row]
            for label, row in zip(frame.index, frame.itertuples(index=False))]
    return header, rows


def frame_to_html(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                  caption: str | None = None) -> str:
    """An HTML table of ``frame`` (index as first column), numbers as in the result tables.

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
    parts = ['<table class="algocompare-table">']
    if caption:
        parts.append(f"<caption>{html.escape(caption)}</caption>")
    parts.append("<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr></thead><tbody>")
    parts += ["<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows]
    parts.append("</tbody></table>")
    return "\n".join(parts)


def frame_to_latex(frame: pd.DataFrame, precision: int = 4, scientific: bool | None = None,
                   caption: str | None = None, label: str | None = None) -> str:
    """A booktabs table of ``frame`` (needs ``\\usepackage{booktabs}``).

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
    header, rows = _cells(frame, precision, scientific, missing="--")
    lines = [r"\begin{table}[ht]", r"\centering"]
    if caption:
        lines.append(rf"\caption{{{_latex_escape(caption)}}}")
    if label:
        lines.append(rf"\label{{{label}}}")
    lines += [rf"\begin{{tabular}}{{l{'r' * (len(header) - 1)}}}", r"\toprule",
              " & ".join(_latex_escape(h) for h in header) + r" \\", r"\midrule"]
    lines += [" & ".join(_latex_escape(c) for c in row) + r" \\" for row in rows]
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}"]
    return "\n".join(lines)
