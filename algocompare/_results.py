"""Result-object base classes.

Every test returns a frozen, keyword-only dataclass derived from :class:`Result`. The base
class gives each result the same outward behaviour:

* ``to_frame()`` — a tidy pandas DataFrame (by default one row of the scalar fields;
  table-like results override it);
* ``to_dict()`` — plain JSON types (the CLI's ``--json`` output is built from it); fields
  declared with :func:`internal` (e.g. posterior samples) are left out;
* ``__str__`` and ``_repr_html_`` — readable text and a notebook table;
* ``to_latex()``, ``to_html()``, ``to_markdown()`` — publication tables of ``to_frame()``
  with configurable precision, rejected hypotheses in bold;
* ``plot(ax=None, **kwargs)`` — delegates to the function of :mod:`algocompare.plots`
  named by the class attribute ``_plot_function`` (matplotlib is imported only then).
"""

from __future__ import annotations

import dataclasses
import html
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

__all__ = ["Result", "TestResult", "internal", "format_number", "jsonable"]


def internal(default: Any = None, **kwargs: Any) -> Any:
    """A dataclass field kept on the object but left out of ``to_dict``/``__str__``.

    Use it for bulky arrays (posterior samples, permutation distributions).
    """
    return field(default=default, repr=False, compare=False, metadata={"export": False}, **kwargs)


def jsonable(value: Any) -> Any:
    """Convert numpy/pandas values to plain JSON types (NaN becomes None)."""
    if isinstance(value, Result):
        return value.to_dict()
    if isinstance(value, pd.DataFrame):
        frame = value.reset_index() if not isinstance(value.index, pd.RangeIndex) else value
        return [{str(k): jsonable(v) for k, v in row.items()} for row in frame.to_dict("records")]
    if isinstance(value, pd.Series):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        return [jsonable(v) for v in value.tolist()]
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        value = float(value)
        return value if math.isfinite(value) else None
    if value is None or isinstance(value, str):
        return value
    return str(value)


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


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int, float, np.generic))


def _latex_escape(text: str) -> str:
    for char, repl in (("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("$", r"\$"),
                       ("#", r"\#"), ("_", r"\_"), ("{", r"\{"), ("}", r"\}"), ("~", r"\textasciitilde{}"),
                       ("^", r"\textasciicircum{}")):
        text = text.replace(char, repl)
    return text


@dataclass(frozen=True, kw_only=True)
class Result:
    """Base class of every result: export, display and plotting in one place."""

    method: str

    _plot_function: ClassVar[str | None] = None
    _pvalue_columns: ClassVar[tuple[str, ...]] = ("pvalue_adj", "pvalue")

    # -- export -------------------------------------------------------------
    def _exported_fields(self) -> list[tuple[str, Any]]:
        return [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self)
                if f.metadata.get("export", True)]

    def _scalar_fields(self) -> dict[str, Any]:
        return {name: value for name, value in self._exported_fields() if _is_scalar(value)}

    def to_frame(self) -> pd.DataFrame:
        """One row with the scalar fields (statistic, p-value, parameters)."""
        return pd.DataFrame([self._scalar_fields()])

    def to_dict(self) -> dict[str, Any]:
        """Every exported field as plain JSON types."""
        return {name: jsonable(value) for name, value in self._exported_fields()}

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    # -- display ------------------------------------------------------------
    def __str__(self) -> str:
        lines = [self.method]
        scalars = {k: v for k, v in self._scalar_fields().items() if k != "method"}
        width = max((len(k) for k in scalars), default=0)
        lines += [f"  {k:<{width}}  {format_number(v)}" for k, v in scalars.items()]
        for name, value in self._exported_fields():
            if isinstance(value, (pd.Series, pd.DataFrame)):
                text = value.to_string(float_format=lambda x: format_number(x))
                lines.append(f"{name}:")
                lines += ["  " + line for line in text.splitlines()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return self.to_html(caption=self.method)

    # -- publication tables --------------------------------------------------
    def _formatted_table(self, precision: int, scientific: bool | None, bold: callable,
                         missing: str = "—") -> tuple[list[str], list[list[str]]]:
        frame = self.to_frame()
        rejected = frame["reject"].to_numpy(bool) if "reject" in frame else np.zeros(len(frame), bool)
        pcols = [c for c in self._pvalue_columns if c in frame.columns][:1]
        header = [str(c) for c in frame.columns]
        rows = []
        for i, (_, row) in enumerate(frame.iterrows()):
            cells = []
            for col in frame.columns:
                value = row[col]
                # Not applicable (e.g. df2 of a chi-squared test): a dash, as in printed tables.
                text = missing if value is None or (isinstance(value, float) and math.isnan(value)) \
                    else format_number(value, precision, scientific)
                cells.append(bold(text) if rejected[i] and col in pcols else text)
            rows.append(cells)
        return header, rows

    def to_latex(self, precision: int = 4, scientific: bool | None = None,
                 caption: str | None = None, label: str | None = None) -> str:
        """A booktabs table (needs ``\\usepackage{booktabs}``); rejected p-values in bold."""
        header, rows = self._formatted_table(precision, scientific, lambda t: rf"\textbf{{{t}}}", missing="--")
        escape = _latex_escape
        align = "l" + "r" * (len(header) - 1)
        body = [r"\begin{table}[ht]", r"\centering"]
        if caption:
            body.append(rf"\caption{{{escape(caption)}}}")
        if label:
            body.append(rf"\label{{{label}}}")
        body += [rf"\begin{{tabular}}{{{align}}}", r"\toprule", " & ".join(escape(h) for h in header) + r" \\",
                 r"\midrule"]
        body += [" & ".join(c if c.startswith(r"\textbf") else escape(c) for c in row) + r" \\" for row in rows]
        body += [r"\bottomrule", r"\end{tabular}", r"\end{table}"]
        return "\n".join(body)

    def to_html(self, precision: int = 4, scientific: bool | None = None, caption: str | None = None) -> str:
        """An HTML table; rejected p-values in bold."""
        header, rows = self._formatted_table(precision, scientific, lambda t: f"<b>{t}</b>")

        def cell(tag: str, text: str) -> str:
            safe = text if text.startswith("<b>") else html.escape(text)
            return f"<{tag}>{safe}</{tag}>"

        parts = ['<table class="algocompare-table">']
        if caption:
            parts.append(f"<caption>{html.escape(caption)}</caption>")
        parts.append("<thead><tr>" + "".join(cell("th", h) for h in header) + "</tr></thead>")
        parts.append("<tbody>")
        parts += ["<tr>" + "".join(cell("td", c) for c in row) + "</tr>" for row in rows]
        parts.append("</tbody></table>")
        return "\n".join(parts)

    def to_markdown(self, precision: int = 4, scientific: bool | None = None) -> str:
        """A GitHub-flavoured Markdown table; rejected p-values in bold."""
        header, rows = self._formatted_table(precision, scientific, lambda t: f"**{t}**")
        esc = lambda t: t.replace("|", r"\|")  # noqa: E731
        lines = ["| " + " | ".join(esc(h) for h in header) + " |",
                 "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(esc(c) for c in row) + " |" for row in rows]
        return "\n".join(lines)

    # -- figures ------------------------------------------------------------
    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draw this result's customary figure; returns the matplotlib Axes."""
        if self._plot_function is None:
            raise NotImplementedError(f"{type(self).__name__} has no customary figure.")
        from algocompare import plots

        return getattr(plots, self._plot_function)(self, ax=ax, **kwargs)


@dataclass(frozen=True, kw_only=True)
class TestResult(Result):
    """A hypothesis test: statistic, p-value and alternative."""

    __test__ = False  # not a pytest test class

    statistic: float
    pvalue: float
    alternative: str = "two-sided"

