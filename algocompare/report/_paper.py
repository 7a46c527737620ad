"""The tables a paper reports, built from an analysis: a summary, the control comparisons, all
pairs as a compact matrix, the Bayesian pairs, and every other result with human headers.

Each builder returns a :class:`PaperTable` (the frame, its bold cells, a short caption and the
note line with the detail); :func:`paper_latex` sets it with :func:`algocompare.frame_to_latex`
at column or page width. Algorithms are in mean-rank order. Names are printed in full, wrapped at
spaces when they are long; only when a table cannot fit with them are the algorithms numbered,
with the key in the note line.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from algocompare._kinds import kind_of
from algocompare._tables import (
    ADJUSTMENTS,
    WIDTHS,
    _check_width,
    _layout,
    _name_headers,
    _Table,
    format_cell,
    format_number,
    frame_to_html,
    frame_to_latex,
    frame_to_markdown,
    has_labels,
    header_text,
    in_order,
    markdown_escape,
    result_frame,
)

__all__ = ["PaperTable", "all_pairs_table", "bayesian_pairs_table", "win_tie_loss_table", "control_table", "paper_html",
           "paper_latex", "paper_markdown", "paper_table", "summary_table"]
__all__ += ["rank_intervals_table", "stability_table"]


@dataclass(frozen=True)
class PaperTable:
    """A table for a paper: the frame, which cells are bold, a short caption and a note line."""

    frame: pd.DataFrame
    bold: np.ndarray
    caption: str
    note: str = ""
    #: the algorithm names the table may replace by numbers (with a key) when they do not fit
    names: tuple[str, ...] = ()
    #: columns holding algorithm names (numbered together with the names)
    name_columns: tuple[str, ...] = ()
    index: bool = True
    #: the same content in fewer columns, tried before the names are numbered
    narrower: PaperTable | None = None


def _adjustment(result: Any) -> str:
    """The post-hoc result's adjustment as a table header names it ("Holm"); the test's own single
    step by its name ("Tukey's HSD", "Dunnett's test"), not by the key it uses for it ("nemenyi")."""
    own = result.procedure_label
    if own:
        return own
    name = str(result.p_adjust)
    return ADJUSTMENTS.get(name, name)


def _short(value: float) -> str:
    """Four significant digits: the descriptive values of a summary."""
    if not np.isfinite(value):
        return format_number(value)
    text = f"{value:.4g}"
    return text.replace("e+0", "e+").replace("e-0", "e-") if "e" in text else text


def _r(value: float) -> str:
    """An effect size in two decimals, never "-0.00"."""
    text = f"{value:.2f}"
    return "0.00" if text == "-0.00" else text


def _posthoc(sections: list[Any], *, control: bool) -> Any:
    for section in sections:
        for result in (section.results or {}).values():
            if kind_of(result) == "posthoc" and (result.control is not None) == control:
                return result
    return None


def summary_table(data: Any, sections: list[Any], width: str = "column") -> PaperTable:
    """One row per algorithm, in mean-rank order: mean rank, median, IQR, the matched-pairs
    rank-biserial r against the control (or the best) with its magnitude (and at page width
    its 95 % interval), and the decision.

    The decision is the post-hoc control comparison of ``sections`` (rejected at its adjusted
    p); without one, the all-pairs comparison with the best algorithm.

    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.analysis import run_analysis
    >>> res = ac.load_dataset("ice_cream")
    >>> table = summary_table(res, run_analysis(res))
    >>> list(table.frame.columns)
    ['mean rank', 'median', 'IQR', 'r', 'magnitude', 'differs']
    """
    from algocompare.effects._magnitude import magnitude
    from algocompare.effects._paired_table import paired_effect_sizes

    ranks = data.mean_ranks().sort_values(kind="stable")
    names = [str(a) for a in ranks.index]
    described = data.describe()
    described.index = described.index.astype(str)
    described = described.loc[names]
    frame = pd.DataFrame({"mean rank": [f"{v:.2f}" for v in ranks.to_numpy(float)],
                          "median": [_short(v) for v in described["median"]],
                          "IQR": [_short(v) for v in described["q3"] - described["q1"]]},
                         index=pd.Index(names, name="algorithm"))
    posthoc = _posthoc(sections, control=True)
    reference = str(posthoc.control) if posthoc is not None else names[0]
    notes = ["IQR: interquartile range (Q3 - Q1) of all values"]
    others = [a for a in names if a != reference]
    try:
        effects = paired_effect_sizes(data, [(a, reference) for a in others], nan_policy="omit")
    except ValueError as err:  # e.g. no instance where both have a value
        notes.append(f"no effect sizes ({err})")
        effects = None
    if effects is not None:
        r = dict(zip(effects["algorithm_a"].astype(str), effects["effect_size"].to_numpy(float), strict=False))
        values = np.array([r.get(a, np.nan) for a in names])
        frame["r"] = ["--" if a == reference or not np.isfinite(v) else _r(v)
                      for a, v in zip(names, values, strict=False)]
        if width == "page":
            bounds = {a: (lo, hi) for a, lo, hi in zip(effects["algorithm_a"].astype(str), effects["ci_low"],
                                                         effects["ci_high"], strict=False)}
            frame["95% CI"] = [f"[{_r(bounds[a][0])}, {_r(bounds[a][1])}]"
                               if a in bounds and np.isfinite(bounds[a][0]) else "--" for a in names]
        frame["magnitude"] = [str(magnitude(v, "rank_biserial")) if a != reference else "" for a, v in
                              zip(names, values, strict=False)]
        incomplete = len({instance for instance, _ in data.missing_cells})
        over = f"the {data.n_instances - incomplete} instances without a missing cell" if incomplete \
            else "the instances"
        notes.append(f"r: matched-pairs rank-biserial correlation with {reference} over {over} "
                     "(positive: better than it), magnitude after Romano et al. (2006)")
    decision = _decisions(sections, names, reference, posthoc)
    caption = "Summary per algorithm, by mean rank"
    if decision is None:
        return PaperTable(frame, np.zeros(frame.shape, bool), caption, "; ".join(notes) + ".", tuple(names))
    rejected, how = decision
    differs = [bool(rejected.get(a)) for a in names]
    full = frame.assign(differs=["--" if a == reference else ("yes" if d else "no")
                                 for a, d in zip(names, differs, strict=False)])
    bold = np.zeros(full.shape, bool)
    bold[:, -1] = differs
    # the same table one column narrower, for long names in a column: the decision as a star on the mean rank
    starred = frame.assign(**{"mean rank": [f"{m}*" if d else m
                                            for m, d in zip(frame["mean rank"], differs, strict=False)]})
    narrow = PaperTable(starred, np.zeros(starred.shape, bool), caption,
                        "; ".join([*notes, f"*: equal performance with {reference} rejected at {how}"]) + ".",
                        tuple(names))
    note = "; ".join([*notes, f"differs: equal performance with {reference} rejected at {how}"]) + "."
    return PaperTable(full, bold, caption, note, tuple(names), narrower=narrow)


def _decisions(sections: list[Any], names: list[str], reference: str,
               posthoc: Any) -> tuple[dict[str, bool], str] | None:
    """Which algorithms differ from ``reference``, and the adjusted p that decided it."""
    if posthoc is not None:
        table = posthoc.table
        return ({str(b): bool(r) for b, r in zip(table["algorithm_b"], table["reject"], strict=False)},
                f"APV ({_adjustment(posthoc)}) ≤ {posthoc.alpha:g}")
    pairs = _posthoc(sections, control=False)
    if pairs is None:
        return None
    out = {}
    for a, b, r in zip(pairs.table["algorithm_a"].astype(str), pairs.table["algorithm_b"].astype(str),
                       pairs.table["reject"], strict=False):
        if reference in (a, b):
            out[b if a == reference else a] = bool(r)
    return out, f"APV ({_adjustment(pairs)}) ≤ {pairs.alpha:g}"


def control_table(result: Any, width: str = "column") -> PaperTable:
    """The comparisons with the control as one table: algorithm, mean rank, statistic, p and the
    adjusted p ("APV (Holm)"), rejected in bold, in mean-rank order; with the effect sizes of the
    post-hoc table, r against the control (and at page width its interval and magnitude).

    Examples
    --------
    >>> import algocompare as ac
    >>> table = control_table(ac.posthoc(ac.load_dataset("cec2005_d10"), control="G-CMA-ES"))
    >>> list(table.frame.columns)[:4], table.frame.index[0]
    (['mean rank', 'statistic', 'p', 'APV (Holm)'], 'L-SaDE')
    """
    table = result.table
    ranks = result.mean_ranks.copy()
    ranks.index = ranks.index.astype(str)
    names = [str(b) for b in table["algorithm_b"]]
    adjust = f"APV ({_adjustment(result)})"
    frame = pd.DataFrame({"mean rank": [f"{v:.2f}" for v in ranks.loc[names].to_numpy(float)],
                          "statistic": table["statistic"].to_numpy(float),
                          "p": table["pvalue"].to_numpy(float), adjust: table["pvalue_adj"].to_numpy(float)},
                         index=pd.Index(names, name="algorithm"))
    note = (f"{result.method}. Control {result.control}, mean rank {float(ranks.loc[str(result.control)]):.2f}; "
            f"bold: rejected at APV ≤ {result.alpha:g}.")
    if "effect_size" in table:  # the control is algorithm_a: the row's algorithm against it is -r
        frame["r"] = [_r(-v) if np.isfinite(v) else "--" for v in table["effect_size"].to_numpy(float)]
        if width == "page" and {"ci_low", "ci_high"} <= set(table.columns):
            frame["95% CI"] = [f"[{_r(-h)}, {_r(-lo)}]" if np.isfinite(lo) else "--"
                               for lo, h in zip(table["ci_low"].to_numpy(float), table["ci_high"].to_numpy(float),
                                                strict=False)]
        if width == "page" and "magnitude" in table:
            frame["magnitude"] = table["magnitude"].astype(str).to_numpy()
        note += f" r: rank-biserial correlation with {result.control} (positive: better than it)."
    bold = np.zeros(frame.shape, bool)
    bold[:, 3] = table["reject"].to_numpy(bool)
    order = np.argsort(ranks.loc[names].to_numpy(float), kind="stable")
    frame, bold = frame.iloc[order], bold[order]
    # numbered (when names do not fit) by mean rank, the control included, as in every other table
    caption, known = "Comparisons with the control", tuple(str(a) for a in ranks.sort_values(kind="stable").index)
    # without the effect sizes (the summary table has them) when long names need the room
    narrower = PaperTable(frame.iloc[:, :4], bold[:, :4], caption, note.split(" r: ")[0], known) \
        if frame.shape[1] > 4 else None
    return PaperTable(frame, bold, caption, note, known, narrower=narrower)


def _compact(p: float, precision: int = 4) -> str:
    """An adjusted p-value with ``precision`` decimals and no leading zero (".0459"), "<.0001" below."""
    if not np.isfinite(p):
        return ""
    if p >= 1:
        return "1"
    if p < 0.5 * 10.0 ** -precision:
        return "<." + "0" * (precision - 1) + "1"
    return f"{p:.{precision}f}".lstrip("0")


def all_pairs_table(result: Any, width: str = "column", precision: int = 4,
                    letters: bool | str = False) -> PaperTable:
    """All pairs as a lower-triangular matrix of adjusted p-values (rejected in bold), algorithms
    numbered in mean-rank order; when the matrix does not fit ``width``, the list of differing
    pairs: per algorithm, the numbers of those it is significantly better than.

    ``letters=True`` (or ``"mean_rank"``) adds a ``letters`` column after the names: the compact
    letter display (:meth:`PosthocResult.letters`) named from the best algorithm down, as the rows
    run, so the column reads a, ab, b, ...; ``"input"`` names the groups in the result's order
    (multcompView's). Algorithms sharing a letter do not differ significantly.

    Examples
    --------
    >>> import algocompare as ac
    >>> table = all_pairs_table(ac.posthoc(ac.load_dataset("ice_cream")))
    >>> table.frame.columns.tolist()
    ['#', 'algorithm', '1', '2', '3', '4']
    """
    order = [str(a) for a in result.mean_ranks.sort_values(kind="stable").index]
    k = len(order)
    apv = result.matrix("pvalue_adj")
    apv.index, apv.columns = apv.index.astype(str), apv.columns.astype(str)
    apv = apv.loc[order, order].to_numpy(float)
    decided = result.reject()  # the result's own decisions (APV <= alpha), not made again here
    decided.index, decided.columns = decided.index.astype(str), decided.columns.astype(str)
    rejected = decided.loc[order, order].to_numpy(bool)
    adjustment = _adjustment(result)
    matrix = pd.DataFrame({"#": [str(i + 1) for i in range(k)], "algorithm": order})
    shown = _letters_column(result, order, letters)
    if shown is not None:
        matrix["letters"] = shown
    first = matrix.shape[1]  # the first column of p-values
    for j in range(k - 1):
        matrix[str(j + 1)] = [_compact(apv[i, j], precision) if i > j else "" for i in range(k)]
    bold = np.zeros(matrix.shape, bool)
    for j in range(k - 1):
        bold[:, first + j] = [i > j and rejected[i, j] for i in range(k)]
    note = (f"{result.method}. Algorithms numbered by mean rank; cell (i, j): APV ({adjustment}) of i vs j, "
            f"bold: rejected at {result.alpha:g}." + (_LETTERS_NOTE if shown is not None else ""))
    caption = f"All pairs: APV ({adjustment})"
    if _fits(matrix, bold, False, width) or _fits(matrix.drop(columns="algorithm"), bold[:, 1:], False, width):
        return PaperTable(matrix, bold, caption, note, tuple(order), ("algorithm",), index=False)
    better = [", ".join(str(j + 1) for j in range(k) if j > i and rejected[i, j]) or "--" for i in range(k)]
    listing = pd.DataFrame({"#": [str(i + 1) for i in range(k)], "algorithm": order})
    if shown is not None:
        listing["letters"] = shown
    listing["better than"] = better
    n_diff = int(np.triu(rejected, 1).sum())
    note = (f"{result.method}. Algorithms numbered by mean rank; each row lists the algorithms it is better than "
            f"at APV ({adjustment}) ≤ {result.alpha:g} ({n_diff} of {k * (k - 1) // 2} pairs); the other pairs "
            "do not differ significantly." + (_LETTERS_NOTE if shown is not None else ""))
    return PaperTable(listing, np.zeros(listing.shape, bool), f"All pairs: differing pairs ({adjustment})", note,
                      tuple(order), ("algorithm",), index=False)


_LETTERS_NOTE = " Letters: algorithms sharing a letter do not differ significantly (Piepho 2004)."


def _letters_column(result: Any, order: list[str], letters: bool | str) -> list[str] | None:
    """The compact letters of the algorithms of ``order`` (None without ``letters``)."""
    if letters is False or letters is None:
        return None
    naming = "mean_rank" if letters is True else letters
    if naming not in ("input", "mean_rank"):
        raise ValueError(f"letters={letters!r}: use True (or 'mean_rank') or 'input' to add the compact letters, "
                         "False for none.")
    by_name = {str(a): tag for a, tag in result.letters(order=naming).items()}
    return [by_name[name] for name in order]


def win_tie_loss_table(result: Any, width: str = "column") -> PaperTable:
    """The "+/=/−" table as papers print it (:func:`algocompare.win_tie_loss`).

    With a reference algorithm: instances in rows, algorithms in columns, each cell "mean ± sd"
    with the mark of the per-instance test, the counts of "+", "=" and "−" in the last row; for
    all pairs, the square matrix of W/T/L counts, row against column. The frame is the result's
    own :meth:`~algocompare.WinTieLossResult.paper_frame`; ``paper_table`` dispatches here on the
    result's kind, so ``result.to_latex()``, ``export_tables`` (``--latex``) and the HTML report
    print it.

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
    >>> table.frame.loc["I1", "A2"].replace("\u00a0", " "), table.frame.loc["+/=/−"].tolist()
    ('16.5 ± 3.17 +', ['', '2/2/0', '0/3/1'])
    """
    frame = result.paper_frame()
    return PaperTable(frame, np.zeros(frame.shape, bool), result.paper_caption, result.paper_note,
                      names=tuple(result.algorithms), index=True)


def bayesian_pairs_table(result: Any, order: list[str] | None = None) -> PaperTable:
    """One row per pair with P(left), P(rope) and P(right) (a probability of at least 0.95 in bold).

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("ice_cream")
    >>> table = bayesian_pairs_table(ac.bayesian_pairwise(res, rope=0.1, n_samples=500, rng=0))
    >>> table.frame.columns.tolist()
    ['A', 'B', 'P(left)', 'P(rope)', 'P(right)']
    """
    source = result.table
    if order is not None:
        source = in_order(source, np.zeros(source.shape, bool), order)[0]
    frame = pd.DataFrame({"A": source["algorithm_a"].astype(str).to_numpy(),
                          "B": source["algorithm_b"].astype(str).to_numpy(),
                          "P(left)": source["p_left"].to_numpy(float), "P(rope)": source["p_rope"].to_numpy(float),
                          "P(right)": source["p_right"].to_numpy(float)})
    if order is not None:  # the better-ranked algorithm as A: swap the pair and its left and right
        position = {name: i for i, name in enumerate(order)}
        swap = np.array([position.get(a, 0) > position.get(b, 0)
                         for a, b in zip(frame["A"], frame["B"], strict=False)], bool)
        swapped = frame.loc[swap, ["B", "A", "P(right)", "P(left)"]].to_numpy()
        frame.loc[swap, ["A", "B", "P(left)", "P(right)"]] = swapped
        frame = frame.astype({"P(left)": float, "P(right)": float})
    bold = np.zeros(frame.shape, bool)
    bold[:, 2:] = frame.iloc[:, 2:].to_numpy() >= 0.95
    note = f"{result.method}. P(left): A better than B; P(rope): practically equivalent; P(right): B better."
    appearing = dict.fromkeys(frame["A"].tolist() + frame["B"].tolist())
    # numbered (when names do not fit) by mean rank, as the rows are ordered
    names = tuple([a for a in order if a in appearing] + [a for a in appearing if a not in order]) if order \
        else tuple(appearing)
    return PaperTable(frame, bold, "Bayesian comparison of all pairs", note, names, ("A", "B"), index=False)


def rank_intervals_table(result: Any, width: str = "column") -> PaperTable:
    """The simultaneous rank intervals: per algorithm (mean-rank order) its mean rank and its rank interval,
    the algorithms that may be the best in bold.

    Examples
    --------
    >>> import algocompare as ac
    >>> table = rank_intervals_table(ac.rank_intervals(ac.load_dataset("cec2005_d10")))
    >>> table.frame.columns.tolist(), table.frame.iloc[0].tolist()
    (['mean rank', 'rank interval'], ['3.34', '1–6'])
    """
    rows = result.to_frame()
    names = [str(a) for a in rows.index]
    frame = pd.DataFrame({"mean rank": [f"{v:.2f}" for v in rows["mean_rank"].to_numpy(float)],
                          "rank interval": [f"{lo}–{hi}" if lo != hi else f"{lo}"
                                            for lo, hi in zip(rows["ci_low"], rows["ci_high"], strict=True)]},
                         index=pd.Index(names, name="algorithm"))
    bold = np.zeros(frame.shape, bool)
    bold[:, 1] = rows["may_be_best"].to_numpy(bool)
    note = (f"{result.method}. Joint level {result.confidence_level:.0%}: interval = 1 + #significantly better to "
            f"k − #significantly worse; bold: may be the best ({len(result.best_set())} of {result.n_algorithms}).")
    return PaperTable(frame, bold, "Simultaneous rank intervals", note, tuple(names))


def stability_table(result: Any, width: str = "column") -> PaperTable:
    """The fragile post-hoc decisions: per pair whose decision flips in a leave-one-out re-analysis, the
    decision (the better algorithm in bold) and the shares of leave-one-algorithm-out and
    leave-one-instance-out re-analyses that flip it, most fragile first; every pair when none is fragile.

    Examples
    --------
    >>> import algocompare as ac
    >>> table = stability_table(ac.posthoc_stability(ac.load_dataset("cec2005_d10"), progress=False))
    >>> table.frame.columns.tolist()
    ['A', 'B', 'rejected', 'flips (algorithm out)', 'flips (instance out)']
    """
    fragile = result.fragile()
    rows = fragile if len(fragile) else result.table
    order = np.argsort(-rows[["flip_algorithm", "flip_instance"]].fillna(0.0).to_numpy(float).max(axis=1),
                       kind="stable")
    rows = rows.iloc[order]

    def share(value: float) -> str:
        return "--" if not np.isfinite(value) else f"{value:.2f}"

    frame = pd.DataFrame({"A": rows["algorithm_a"].astype(str).to_numpy(),
                          "B": rows["algorithm_b"].astype(str).to_numpy(),
                          "rejected": ["yes" if r else "no" for r in rows["reject"]],
                          "flips (algorithm out)": [share(v) for v in rows["flip_algorithm"].to_numpy(float)],
                          "flips (instance out)": [share(v) for v in rows["flip_instance"].to_numpy(float)]})
    bold = np.zeros(frame.shape, bool)
    bold[:, 0] = (rows["better"] == rows["algorithm_a"]).to_numpy()
    bold[:, 1] = (rows["better"] == rows["algorithm_b"]).to_numpy()
    shown = (f"{len(fragile)} of {len(result.table)} decisions flip in at least one re-analysis"
             if len(fragile) else f"none of the {len(result.table)} decisions flips")
    note = (f"{result.method}. {shown}: share of the re-analyses without one algorithm (other than the pair) and "
            "without one instance that change the decision; bold: the better algorithm of a rejected pair.")
    names = tuple(str(a) for a in result.mean_ranks.sort_values(kind="stable").index)
    return PaperTable(frame, bold, "Stability of the post-hoc decisions", note, names, ("A", "B"), index=False)


def _permutation_frame(frame: pd.DataFrame) -> pd.DataFrame | None:
    """A synchronized permutation test's row as a table of tests: statistic, df and p of each."""
    if not {"statistic", "pvalue", "f_statistic", "f_pvalue"} <= set(frame.columns) or len(frame) != 1:
        return None
    row = frame.iloc[0]
    name = str(row.get("statistic_name", "statistic"))
    rows = [("synchronized permutation " + name, row["statistic"], np.nan, np.nan, row["pvalue"]),
            ("parametric F", row["f_statistic"], row.get("f_df1", np.nan), row.get("f_df2", np.nan), row["f_pvalue"])]
    if row.get("friedman_statistic") is not None and pd.notna(row.get("friedman_statistic")):
        rows.append(("Friedman on instance means", row["friedman_statistic"], np.nan, np.nan, row["friedman_pvalue"]))
    out = pd.DataFrame(rows, columns=["test", "statistic", "df1", "df2", "pvalue"])
    return out.astype({"statistic": float, "df1": float, "df2": float, "pvalue": float})


#: Fields of a single test's row printed as columns, in this order; other scalars go to the note.
_TEST_COLUMNS = ("statistic", "df", "df1", "df2", "pvalue", "pvalue_gg", "pvalue_hf")


def _test_row(frame: pd.DataFrame) -> tuple[pd.DataFrame, list[str]] | None:
    """A single test's one-row table as a row of its statistic, df and p-values, and the other
    numeric fields as "name value" for the note."""
    if len(frame) != 1 or not {"statistic", "pvalue"} <= set(frame.columns):
        return None
    row = frame.iloc[0]
    columns = [c for c in _TEST_COLUMNS if c in frame and pd.notna(row[c])]
    out = frame[columns].astype(float).reset_index(drop=True)
    rest = [f"{header_text(c)} {format_cell(row[c])}" for c in frame.columns
            if c not in columns and c not in ("method", "note") and isinstance(row[c], (int, float, np.number))
            and not isinstance(row[c], bool) and pd.notna(row[c])]
    if "note" in frame and isinstance(row["note"], str) and row["note"]:
        rest.append(row["note"])
    return out, rest


#: Optimal consensus rankings shown side by side at most; the note says how many there are.
_MAX_SOLUTIONS = 3


def _ranking_frame(frame: pd.DataFrame) -> pd.DataFrame | None:
    """Consensus rankings ("A > B = C" per solution) as positions down, the first solutions across."""
    if not {"solution", "ranking"} <= set(frame.columns):
        return None
    solutions = [str(r).split(" > ") for r in frame["ranking"]][:_MAX_SOLUTIONS]
    depth = max(len(s) for s in solutions)
    columns = {("algorithm" if len(solutions) == 1 else f"solution {n}"): s + [""] * (depth - len(s))
               for n, s in zip(frame["solution"], solutions, strict=False)}
    out = pd.DataFrame(columns, index=pd.Index([str(i + 1) for i in range(depth)], name="position"))
    out.attrs["name_columns"] = list(columns)
    return out


def paper_table(result: Any, order: list[str] | None = None, width: str = "column", caption: str = "",
                precision: int = 4, letters: bool | str = False) -> PaperTable:
    """The paper's table of any result.

    Parameters
    ----------
    result : result object
        Any result with ``to_frame()``.
    order : list of str, optional
        The algorithms by mean rank (rows about algorithms follow it).
    width : {"column", "page"}
        The width the table is meant for (a matrix of all pairs becomes the list of differing
        pairs when it does not fit; at page width the summary and the control table add
        intervals).
    caption : str
        The caption of a table without a layout of its own (default: the result's method).
    precision : int
        Decimals of the adjusted p-values of the all-pairs matrix.
    letters : bool or {"mean_rank", "input"}
        Add the compact letter display to the all-pairs table (:func:`all_pairs_table`).

    Returns
    -------
    PaperTable
        The control comparisons, the all-pairs matrix or list, the Bayesian pairs, the
        permutation test as a table of tests, a single test as a row of statistic, df and p,
        a consensus ranking by position; else the result's own table in ``order``.

    Examples
    --------
    >>> import algocompare as ac
    >>> table = paper_table(ac.friedman(ac.load_dataset("ice_cream")))
    >>> list(table.frame.columns), table.caption
    (['statistic', 'df', 'pvalue'], 'Friedman test (tie-corrected)')
    """
    kind = kind_of(result)
    if kind == "posthoc":
        if result.control is not None:
            return control_table(result, width)
        return all_pairs_table(result, width, precision, letters=letters)
    if kind == "bayesian_pairs":
        return bayesian_pairs_table(result, order)
    if kind == "win_tie_loss":  # the table papers print: mean ± sd with +/=/−, the counts last
        return win_tie_loss_table(result, width)
    if kind == "rank_intervals":
        return rank_intervals_table(result, width)
    if kind == "stability":
        return stability_table(result, width)
    frame, bold = result_frame(result)
    method = result.method if kind is not None else str(caption)
    permutation = _permutation_frame(frame) if kind == "permutation" else None
    if permutation is not None:
        counts = {"n_instances": "instances", "n_runs": "runs", "n_permutations": "permutations"}
        note = f"{method}; " + ", ".join(f"{format_cell(frame.iloc[0][k])} {word}" for k, word in counts.items()
                                         if k in frame and pd.notna(frame.iloc[0][k])) + "."
        return PaperTable(permutation, np.zeros(permutation.shape, bool), "Synchronized permutation test", note,
                          index=False)
    single = _test_row(frame)
    if single is not None:
        row, rest = single
        note = f"{method}" + (": " + ", ".join(rest) if rest else "") + "."
        return PaperTable(row, np.zeros(row.shape, bool), method if len(method) <= 50 else caption, note,
                          index=False)
    ranking = _ranking_frame(frame) if kind == "consensus" else None
    if ranking is not None:
        note = method + (f"; objective {format_number(frame['objective'].iloc[0])}" if "objective" in frame else "")
        if len(frame) > 1:
            note += f"; {len(frame)} rankings are optimal" + (f", the first {ranking.shape[1]} shown"
                                                               if len(frame) > ranking.shape[1] else "")
        narrower = None
        if ranking.shape[1] > 1:
            first = ranking.iloc[:, :1].rename(columns={ranking.columns[0]: "algorithm"})
            first.attrs["name_columns"] = ["algorithm"]
            narrower = PaperTable(first, np.zeros(first.shape, bool), "Consensus ranking",
                                  note.replace(f", the first {ranking.shape[1]} shown", ", the first shown") + ".")
        return PaperTable(ranking, np.zeros(ranking.shape, bool), "Consensus ranking", note + ".",
                          tuple(order or ()), tuple(ranking.columns), narrower=narrower)
    if order is not None:
        frame, bold = in_order(frame, bold, order)
    names = tuple(order or ())
    columns = tuple(c for c in ("algorithm_a", "algorithm_b", "algorithm", "item") if c in frame)
    return PaperTable(frame, bold, caption or method, method + "." if caption else "", names, columns,
                      index=has_labels(frame))


def _fits(frame: pd.DataFrame, bold: np.ndarray, index: bool, width: str, precision: int = 4,
          scientific: bool | None = None) -> bool:
    header, rows, marks = _layout(frame, precision, scientific, bold, index, missing="--")
    table = _Table(header, rows, marks, _name_headers(frame), first=1 if index else 0)
    return table.fit(WIDTHS[width][0]) is not None


def _numbered(table: PaperTable) -> tuple[pd.DataFrame, np.ndarray, str]:
    """The frame with its algorithm names replaced by numbers (a table that numbers its rows
    already loses its name column), its bold cells, and the key."""
    number = {name: str(i + 1) for i, name in enumerate(table.names)}
    frame, bold = table.frame.copy(), np.asarray(table.bold, bool)
    if "#" in frame and "algorithm" in frame:
        keep = [c != "algorithm" for c in frame.columns]
        frame, bold = frame.loc[:, keep], bold[:, keep]
        number = dict(zip(table.frame["algorithm"].astype(str), table.frame["#"].astype(str), strict=False))
    else:
        for column in table.name_columns:
            frame[column] = frame[column].astype(str).map(lambda n: number.get(n, n))
    if table.index and any(str(n) in number for n in frame.index):
        frame.index = pd.Index([number.get(str(n), str(n)) for n in frame.index], name="#")
    key = "Key: " + "; ".join(f"{i} {name}" for name, i in number.items()) + "."
    return frame, bold, key


def paper_latex(table: PaperTable, *, width: str = "column", precision: int = 4, scientific: bool | None = None,
                label: str | None = None) -> str:
    """``table`` as LaTeX at ``width`` (:func:`algocompare.frame_to_latex`).

    Names stay in full when the table fits with them; else a narrower variant of the table is
    tried (the summary's decision as a star, the control table without r), and only then are
    the algorithms numbered, with the key in the note line.

    Examples
    --------
    >>> import algocompare as ac
    >>> tex = paper_latex(control_table(ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry")))
    >>> print(tex.splitlines()[0], "Comparisons with the control" in tex, "longtable" in tex)
    \\begin{table}[tbp] True False
    """
    _check_width(width)
    named = table.name_columns or (table.index and any(str(n) in table.names for n in table.frame.index))
    if table.names and named and not _fits(table.frame, table.bold, table.index, width, precision, scientific) \
            and table.narrower is not None \
            and _fits(table.narrower.frame, table.narrower.bold, table.index, width, precision, scientific):
        table = table.narrower
    frame, bold, note = table.frame, table.bold, table.note
    if table.names and named and not _fits(frame, bold, table.index, width, precision, scientific):
        frame, bold, key = _numbered(table)
        note = f"{note} {key}".strip()
    if note.rstrip(".") == table.caption:
        note = ""
    return frame_to_latex(frame, precision, scientific, caption=table.caption, label=label, bold=bold,
                          index=table.index, width=width, note=note or None)


def paper_markdown(table: PaperTable, *, precision: int = 4, scientific: bool | None = None) -> str:
    """``table`` as Markdown: the caption in bold, the same cells and headers as the LaTeX, the note
    under it (names in full: a Markdown table scrolls).

    Examples
    --------
    >>> import algocompare as ac
    >>> print(paper_markdown(control_table(ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry")))
    ...       .splitlines()[2])
    | algorithm | mean rank | statistic | p | APV (Holm) |
    """
    body = frame_to_markdown(table.frame, precision, scientific, bold=table.bold, index=table.index)
    caption, note = markdown_escape(table.caption), markdown_escape(table.note) if table.note else ""
    return "\n".join([f"**{caption}**", "", body] + (["", note] if note else []))


def paper_html(table: PaperTable, *, precision: int = 4, scientific: bool | None = None) -> str:
    """``table`` as an HTML table with its caption and the note in a ``<p class="note">`` after it.

    Examples
    --------
    >>> import algocompare as ac
    >>> text = paper_html(control_table(ac.posthoc(ac.load_dataset("ice_cream"), control="strawberry")))
    >>> text.count("<tr>"), text.splitlines()[-1].startswith('<p class="note">')
    (5, True)
    """
    body = frame_to_html(table.frame, precision, scientific, caption=table.caption, bold=table.bold,
                         index=table.index)
    return body + (f'\n<p class="note">{html.escape(table.note)}</p>' if table.note else "")
