"""Result-object base classes.

Every test returns a frozen, keyword-only dataclass derived from :class:`BaseResult`. The base
class gives each result the same outward behaviour:

* ``to_frame()`` — a tidy pandas DataFrame (by default one row of the scalar fields;
  table-like results override it);
* ``to_dict()`` — plain JSON types (the CLI's ``--json`` output is built from it); fields
  declared with :func:`internal` (e.g. posterior samples) are left out;
* ``__str__`` and ``_repr_html_`` — readable text and a notebook table;
* ``to_latex(width="column" | "page")`` — the table a paper prints, fitted to a column or the
  page of two-column templates; ``to_html()``, ``to_markdown()`` — ``to_frame()`` in mean-rank
  order; all with human headers and configurable precision, rejected hypotheses in bold;
* ``plot(ax=None, **kwargs)`` — draws the customary figure of the result's type
  (:func:`algocompare.plots.customary_figure`; matplotlib is imported only then).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._kinds import RESULT_KINDS, kind_of
from algocompare._tables import format_number, frame_to_html, frame_to_markdown, has_labels, in_order, result_frame

__all__ = ["BaseResult", "TestResult", "RESULT_KINDS", "internal", "format_number", "jsonable", "kind_of",
           "RENAMED_PAIR_COLUMNS", "renamed_columns"]

#: The pair columns' spellings before 0.1 (issue 26): the Campelo-Takahashi tables called them
#: ``alg_a``/``alg_b``; every table with pairs now says ``algorithm_a``/``algorithm_b``.
RENAMED_PAIR_COLUMNS = {"alg_a": "algorithm_a", "alg_b": "algorithm_b"}


class _RenamedColumns(pd.DataFrame):
    """A result's table that still answers to its columns' old names, with a DeprecationWarning.

    Only reading a column by its old name (``frame["alg_a"]``, ``frame[["alg_a", ...]]``,
    ``frame.alg_a``) is translated; anything derived from the table is a plain DataFrame.
    """

    _metadata = ["_old_names"]

    @property
    def _constructor(self) -> Any:
        return pd.DataFrame

    def _renamed(self, key: Any) -> Any:
        old_names = object.__getattribute__(self, "_old_names")
        if isinstance(key, str) and key in old_names and key not in self.columns:
            _warn_column(key, old_names[key])
            return old_names[key]
        if isinstance(key, list):
            return [self._renamed(k) if isinstance(k, str) else k for k in key]
        return key

    def __getitem__(self, key: Any) -> Any:
        return super().__getitem__(self._renamed(key))

    def __getattr__(self, name: str) -> Any:
        old_names = self.__dict__.get("_old_names") or {}
        if name in old_names:
            return self[name]
        return super().__getattr__(name)


def _warn_column(old: str, new: str) -> None:
    from algocompare._deprecation import warn_renamed

    warn_renamed(f"the column {old!r}", repr(new), "result table")


def renamed_columns(frame: pd.DataFrame, old_names: Mapping[str, str] = RENAMED_PAIR_COLUMNS) -> pd.DataFrame:
    """``frame`` (already using the new column names) answering also to the old ones, with a warning.

    Parameters
    ----------
    frame : DataFrame
        A result's table, with its columns' current names.
    old_names : mapping
        Old name to new name (default :data:`RENAMED_PAIR_COLUMNS`).

    Returns
    -------
    DataFrame
        The same table; ``frame["alg_a"]`` gives the ``algorithm_a`` column with a DeprecationWarning
        naming the new spelling and the version that removes the old one.

    Examples
    --------
    >>> import warnings
    >>> table = renamed_columns(pd.DataFrame({"algorithm_a": ["A"], "algorithm_b": ["B"]}))
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     table["alg_a"].tolist(), "algorithm_a" in str(caught[0].message)
    (['A'], True)
    """
    out = _RenamedColumns(frame)
    out._old_names = dict(old_names)
    return out


def _class_label(name: str) -> str:
    """"Friedman" of ``FriedmanResult``, "Iman Davenport" of ``ImanDavenportResult``."""
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z][a-z0-9]*|[a-z0-9]+", name.removesuffix("Result")) or [name]
    return " ".join(words)


def internal(default: Any = None, **kwargs: Any) -> Any:
    """A dataclass field kept on the object but left out of ``to_dict``/``__str__``.

    Use it for bulky arrays (posterior samples, permutation distributions).
    """
    return field(default=default, repr=False, compare=False, metadata={"export": False}, **kwargs)


def jsonable(value: Any) -> Any:
    """Convert numpy/pandas values to plain JSON types (NaN, infinities, ``pd.NA`` and ``NaT`` become None,
    so that ``json.dumps(..., allow_nan=False)`` always succeeds)."""
    if isinstance(value, BaseResult):
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
    if value is pd.NA or value is pd.NaT:  # missing values of pandas' nullable and datetime types
        return None
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int, float, np.generic))


def dropped(default: Any = None) -> Any:
    """A field naming what ``nan_policy="omit"`` dropped; exported only by the functions that set it."""
    return field(default=default, repr=False, compare=False, metadata={"export": "when set"})


#: The fields that name dropped inputs, one vocabulary across every result:
#: instances of a table, pairs of two paired samples (their labels, else positions), and
#: positions of values of independent samples (per sample name).
DROPPED_FIELDS = ("dropped_instances", "dropped_pairs", "dropped_values")


@dataclass(frozen=True, kw_only=True)
class BaseResult:
    """Base class of every result: export, display and plotting in one place.

    A function with a ``nan_policy`` records what it dropped in :data:`DROPPED_FIELDS`
    (an empty tuple when nothing was); the fields stay ``None``, and out of ``to_dict`` and
    ``str``, for results that drop nothing by design.
    """

    method: str
    dropped_instances: tuple | None = dropped()
    dropped_pairs: tuple | None = dropped()
    dropped_values: dict | None = dropped()

    #: what the result is (a key of :data:`RESULT_KINDS`)
    kind: ClassVar[str] = "result"
    _pvalue_columns: ClassVar[tuple[str, ...]] = ("pvalue_adj", "pvalue")

    @property
    def label(self) -> str:
        """The short name of the procedure, for titles, captions and the reading.

        Derived from the class name (``FriedmanResult`` → ``"Friedman"``,
        ``RMAnovaResult`` → ``"RM Anova"``); result classes whose procedure has a display
        label in a registry (post-hoc tests) override it. Unlike ``method``, which
        describes the whole computation (options, adjustment, missing cells), it is only the
        name, and it is the attribute to read, never words parsed out of ``method``.

        Examples
        --------
        >>> import algocompare as ac
        >>> ac.friedman(ac.load_dataset("ice_cream")).label
        'Friedman'
        """
        return _class_label(type(self).__name__)

    # -- export -------------------------------------------------------------
    def _exported_fields(self) -> list[tuple[str, Any]]:
        fields = [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self) if f.metadata.get("export", True)]
        return [(name, value) for name, value in fields if name not in DROPPED_FIELDS or value is not None]

    def _dropped_items(self) -> dict[str, str]:
        """What ``nan_policy="omit"`` dropped, as text by field (only the fields that dropped something)."""
        items = {}
        for name, value in self._exported_fields():
            if name in DROPPED_FIELDS:
                if isinstance(value, dict):  # independent samples: x[2], y[5]
                    value = [f"{sample}[{i}]" for sample, positions in value.items() for i in positions]
                if len(value):
                    items[name] = ", ".join(map(str, value))
        return items

    def _dropped_lines(self) -> list[str]:
        """The lines of ``str`` that name what was dropped (for results with their own ``__str__``)."""
        return [f"  {name}  {shown}" for name, shown in self._dropped_items().items()]

    def _scalar_fields(self) -> dict[str, Any]:
        return {name: value for name, value in self._exported_fields() if _is_scalar(value)}

    def to_frame(self) -> pd.DataFrame:
        """One row with the scalar fields (statistic, p-value, parameters)."""
        return pd.DataFrame([self._scalar_fields()])

    def to_dict(self) -> dict[str, Any]:
        """Every exported field as plain JSON types."""
        return {name: jsonable(value) for name, value in self._exported_fields()}

    def to_json(self, **kwargs: Any) -> str:
        """``to_dict()`` as strict JSON (``null`` for NaN and infinities; ``NaN`` is not JSON and strict
        parsers refuse it); ``kwargs`` go to :func:`json.dumps`."""
        return json.dumps(self.to_dict(), **{"allow_nan": False, **kwargs})

    # -- display ------------------------------------------------------------
    def __str__(self) -> str:
        lines = [self.method]
        scalars = {k: v for k, v in self._scalar_fields().items() if k != "method"}
        dropped = self._dropped_items()
        width = max((len(k) for k in [*scalars, *dropped]), default=0)
        lines += [f"  {k:<{width}}  {format_number(v)}" for k, v in scalars.items()]
        lines += [f"  {k:<{width}}  {shown}" for k, shown in dropped.items()]
        for name, value in self._exported_fields():
            if isinstance(value, (pd.Series, pd.DataFrame)):
                text = value.to_string(float_format=lambda x: format_number(x))
                lines.append(f"{name}:")
                lines += ["  " + line for line in text.splitlines()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return self.to_html(caption=self.method)

    # -- publication tables --------------------------------------------------
    def _order(self) -> list[str] | None:
        """The algorithms by mean rank (best first) when the result carries mean ranks."""
        ranks = getattr(self, "mean_ranks", None)
        if isinstance(ranks, pd.Series) and len(ranks):
            return [str(a) for a in ranks.sort_values(kind="stable").index]
        return None

    def _table(self) -> tuple[pd.DataFrame, Any, bool]:
        frame, bold = result_frame(self)
        order = self._order()
        if order is not None:
            frame, bold = in_order(frame, bold, order)
        return frame, bold, has_labels(frame)

    def to_latex(self, precision: int = 4, scientific: bool | None = None, caption: str | None = None,
                 label: str | None = None, *, width: str = "column") -> str:
        """The table a paper prints: a booktabs float that fits a column of IEEEtran, acmart and
        two-column ``article`` papers (``width="column"``) or their page as a ``table*``
        (``width="page"``); needs booktabs and array.

        Post-hoc results against a control are one table (algorithm, mean rank, statistic, p,
        adjusted p), all pairs a triangular matrix of adjusted p-values (or the list of differing
        pairs), Bayesian pairs one row per pair; others their ``to_frame()`` in mean-rank order.
        Human headers, rejected p-values in bold, p-values too small for the decimals typeset as
        1.04×10⁻¹⁶, a single result set as a row of its statistic and p-values, detail in a note
        line under the table (see :func:`algocompare.frame_to_latex`).

        Examples
        --------
        >>> import algocompare as ac
        >>> result = ac.posthoc(ac.load_dataset("cec2005_d10"), control="G-CMA-ES")
        >>> tex = result.to_latex()
        >>> tex.splitlines()[0][1:], "longtable" in tex, "table*" in result.to_latex(width="page")
        ('begin{table}[tbp]', False, True)
        """
        from algocompare.report._paper import paper_latex, paper_table

        table = paper_table(self, self._order(), width, caption=caption or self.method, precision=precision)
        if caption:
            note = table.note
            # a caption that already says the method: the note line does not repeat it
            if self.method and self.method in caption and note.startswith(self.method):
                note = note[len(self.method):].lstrip(".;: ")
            table = dataclasses.replace(table, caption=caption, note=note)
        return paper_latex(table, width=width, precision=precision, scientific=scientific, label=label)

    def to_html(self, precision: int = 4, scientific: bool | None = None, caption: str | None = None) -> str:
        """An HTML table of ``to_frame()`` in mean-rank order, human headers; rejected p-values in bold."""
        frame, bold, index = self._table()
        return frame_to_html(frame, precision, scientific, caption=caption, bold=bold, index=index)

    def to_markdown(self, precision: int = 4, scientific: bool | None = None) -> str:
        """A GitHub-flavoured Markdown table of ``to_frame()`` in mean-rank order (as the report),
        human headers; rejected p-values in bold, a single result set vertically.

        Examples
        --------
        >>> import algocompare as ac
        >>> print(ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry").to_markdown().splitlines()[0])
        | A | B | statistic | p | APV (Holm) | rejected |
        """
        frame, bold, index = self._table()
        return frame_to_markdown(frame, precision, scientific, bold=bold, index=index)

    # -- figures ------------------------------------------------------------
    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draw this result's customary figure; returns the matplotlib Axes.

        The figure is the one registered for the result's type
        (:func:`algocompare.plots.register_customary_figure`).
        """
        # Up a layer at call time, through the package's public, lazily loaded namespace (as a user's
        # ``ac.plots``): the plots layer imports the statistical modules whose results it draws.
        import algocompare

        figure = algocompare.plots.customary_figure(self)
        if figure is None:
            raise NotImplementedError(f"{type(self).__name__} has no customary figure.")
        return figure.draw(self, ax=ax, **kwargs)

    @property
    def _plot_function(self) -> str | None:
        """Deprecated (0.1): the name of the customary figure's function; figures are found by
        result type now (:func:`algocompare.plots.customary_figure`)."""
        import algocompare
        from algocompare._deprecation import warn_renamed

        warn_renamed("._plot_function", "algocompare.plots.customary_figure(result)", type(self).__name__)
        figure = algocompare.plots.customary_figure(self)
        return None if figure is None else figure.draw.__name__


@dataclass(frozen=True, kw_only=True)
class TestResult(BaseResult):
    """A hypothesis test: statistic, p-value and alternative."""

    __test__ = False  # not a pytest test class
    kind: ClassVar[str] = "test"

    statistic: float
    pvalue: float
    alternative: str = "two-sided"


def __getattr__(name: str) -> Any:
    """``Result``, the base class's name until 0.2, resolves to :class:`BaseResult` with a warning."""
    if name == "Result":
        from algocompare._deprecation import warn_renamed

        warn_renamed("algocompare._results.Result", "algocompare._results.BaseResult", "algocompare._results")
        return BaseResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
