"""The field's "+/=/−" table: per instance, a test of two algorithms' runs and its decision.

For a reference algorithm against each competitor (or for every pair), each instance's runs are
compared by a registered two-sample test (:data:`~algocompare.frequentist._two_sample.TWO_SAMPLE_TESTS`),
the p-values of one pair are adjusted across the instances, and each instance gets a mark: "+"
when the first algorithm (the reference) is significantly better, "−" when it is significantly
worse, "=" otherwise. The counts per competitor are the last row papers print; the all-pairs form
is the multi-comparison matrix of Ismail-Fawaz et al. (2023).
"""

from __future__ import annotations

import html
import math
import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare import _validation as v
from algocompare._results import BaseResult
from algocompare._scaling import scaled_back, unit_scaled
from algocompare._tables import frame_to_html
from algocompare.data._convert import as_results, drop_record
from algocompare.frequentist._pairwise import wilcoxon
from algocompare.frequentist._two_sample import TWO_SAMPLE_TESTS, two_sample_test

__all__ = ["adjustment_phrase", "COUNTS_ROW", "DEFAULT_P_ADJUST", "MARKS", "NBSP", "WinTieLossResult", "cell_number",
           "win_tie_loss"]

#: The marks of a decision, from the first algorithm's (the reference's) point of view.
MARKS = {"win": "+", "tie": "=", "loss": "−"}
#: The default multiplicity adjustment across the instances of one pair (justified in docs/validation.md).
DEFAULT_P_ADJUST = "holm"
#: The label of the last row of the paper table (the counts of each competitor's column).
COUNTS_ROW = "+/=/−"
#: A no-break space (LaTeX's utf8 input reads it as ``~``): a cell wraps as "mean ±" over "sd mark".
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


@dataclass(frozen=True, kw_only=True)
class WinTieLossResult(BaseResult):
    """Per-instance tests of runs, their "+/=/−" marks and the counts per pair.

    "+" means that ``algorithm_a`` (the reference, when there is one) is significantly better
    than ``algorithm_b`` on the instance (lower values when minimising, higher when maximising),
    "−" significantly worse, "=" no significant difference.

    Attributes
    ----------
    reference : str or None
        The algorithm compared with every other, or None for all pairs.
    test : str
        The key of the two-sample test (:data:`~algocompare.frequentist._two_sample.TWO_SAMPLE_TESTS`).
    test_label : str
        Its display name.
    paired : bool
        Whether the test pairs the runs by run number.
    p_adjust : str
        The adjustment of each pair's p-values across the instances.
    alpha : float
        Level of the decisions (``reject = pvalue_adj <= alpha``).
    direction : str
        ``"minimize"`` or ``"maximize"``: what "better" means.
    algorithms : tuple of str
        The algorithms in the table's order (the reference first).
    table : pandas.DataFrame
        One row per pair and instance: ``instance``, ``algorithm_a``, ``algorithm_b``, ``mean_a``,
        ``sd_a``, ``mean_b``, ``sd_b``, ``difference`` (mean_a − mean_b), ``statistic``, ``pvalue``,
        ``pvalue_adj``, ``reject`` and ``mark``.
    counts : pandas.DataFrame
        One row per pair: ``wins``, ``ties``, ``losses`` (of ``algorithm_a``), ``mean_difference``
        (mean over the instances of mean_a − mean_b) and ``pvalue``, the two-sided Wilcoxon
        signed-rank test of the instance means across the instances (zeros ranked, Pratt).
    means : pandas.DataFrame
        Mean of the runs, instances × algorithms.
    sds : pandas.DataFrame
        Standard deviation of the runs (ddof = 1), instances × algorithms.

    See Also
    --------
    win_tie_loss : the function that returns it.

    References
    ----------
    .. [1] Ismail-Fawaz, A., Dempster, A., Tan, C. W., Herrmann, M., Miller, L., Schmidt, D. F.,
       Berretti, S., Weber, J., Devanne, M., Forestier, G., Webb, G. I. (2023). An approach to
       multiple comparison benchmark evaluations that is stable under manipulation of the
       comparate set. arXiv:2305.11921. https://arxiv.org/abs/2305.11921

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=4, n_runs=10, rng=1)
    >>> r = ac.win_tie_loss(sim.results, "A1")
    >>> r.counts[["algorithm_b", "wins", "ties", "losses"]].values.tolist()
    [['A2', 2, 2, 0], ['A3', 0, 3, 1]]
    """

    kind: ClassVar[str] = "win_tie_loss"

    reference: str | None
    test: str
    test_label: str
    paired: bool
    p_adjust: str
    alpha: float
    direction: str
    algorithms: tuple[str, ...]
    table: pd.DataFrame
    counts: pd.DataFrame
    means: pd.DataFrame
    sds: pd.DataFrame

    _pvalue_columns = ("pvalue_adj", "pvalue")

    def to_frame(self) -> pd.DataFrame:
        """The tidy table: one row per pair and instance."""
        return self.table.copy()

    @property
    def marks(self) -> pd.DataFrame:
        """The marks, instances × competitors (with a reference) or instances × "a vs b" (all pairs)."""
        names = self.table["algorithm_b"] if self.reference is not None else \
            self.table["algorithm_a"] + " vs " + self.table["algorithm_b"]
        frame = self.table.assign(pair=names).pivot(index="instance", columns="pair", values="mark")
        instances = list(dict.fromkeys(self.table["instance"]))
        return frame.loc[instances, list(dict.fromkeys(names))].rename_axis(index="instance", columns=None)

    def matrix(self, value: str = "wins") -> pd.DataFrame:
        """A square view of ``counts`` (all pairs): ``value`` of the row algorithm against the column one.

        ``"wins"``, ``"losses"`` and ``"ties"`` are read from the row's point of view (the row's wins
        are the column's losses), ``"mean_difference"`` is row − column, ``"pvalue"`` symmetric.
        """
        v.check_option("value", value, ("wins", "ties", "losses", "mean_difference", "pvalue"))
        out = pd.DataFrame(np.nan, index=list(self.algorithms), columns=list(self.algorithms))
        mirror = {"wins": "losses", "losses": "wins", "ties": "ties", "pvalue": "pvalue"}
        for row in self.counts.itertuples(index=False):
            out.loc[row.algorithm_a, row.algorithm_b] = getattr(row, value)
            back = -row.mean_difference if value == "mean_difference" else getattr(row, mirror[value])
            out.loc[row.algorithm_b, row.algorithm_a] = back
        return out

    @property
    def caption(self) -> str:
        """What "+", "=" and "−" mean, the test, the adjustment and the level: for a table's caption."""
        better = "lower" if self.direction == "minimize" else "higher"
        marks = "+ / = / −" if self.reference is not None else "W / T / L"
        first = f"{self.reference}" if self.reference is not None else "the row algorithm (algorithm_a)"
        adjustment = adjustment_phrase(self.p_adjust)
        return (f"{marks}: {first} is significantly better ({better} values) / not significantly different / "
                f"significantly worse; two-sided {self.test_label} test of the runs on each instance, "
                f"{adjustment}, alpha = {self.alpha:g}.")

    def paper_frame(self) -> pd.DataFrame:
        """The table papers print, as text cells.

        With a reference: rows the instances and a last row of counts ("+/=/−"), columns the
        algorithms (the reference first), cells "mean ± sd" and, for the competitors, the mark.
        For all pairs: the square matrix of "W/T/L" counts, row against column.
        """
        if self.reference is None:
            names = list(self.algorithms)
            wins, ties, losses = (self.matrix(v) for v in ("wins", "ties", "losses"))
            square = [["—" if a == b else f"{int(wins.loc[a, b])}/{int(ties.loc[a, b])}/{int(losses.loc[a, b])}"
                       for b in names] for a in names]
            return pd.DataFrame(square, index=pd.Index(names, name="algorithm"), columns=names)
        marks, instances = self.marks, list(self.means.index)
        cells: dict[str, list[str]] = {}
        for name in self.algorithms:
            # no-break spaces: a cell too wide for its column wraps as "mean ±" over "sd mark", never the mark alone
            column = [f"{cell_number(m)}{NBSP}± {cell_number(sd)}" for m, sd in zip(self.means[name], self.sds[name],
                                                                                    strict=True)]
            if name != self.reference:
                column = [f"{text}{NBSP}{mark}" for text, mark in zip(column, marks[name].loc[instances], strict=True)]
            cells[name] = column
        frame = pd.DataFrame(cells, index=pd.Index([str(i) for i in instances], name="instance"))
        counts = self.counts.set_index("algorithm_b")
        frame.loc[COUNTS_ROW] = ["" if name == self.reference else
                                 f"{counts.loc[name, 'wins']}/{counts.loc[name, 'ties']}/{counts.loc[name, 'losses']}"
                                 for name in self.algorithms]
        return frame

    @property
    def paper_caption(self) -> str:
        """A short caption for :meth:`paper_frame` (the detail is :attr:`caption`)."""
        if self.reference is None:
            return f"Win/tie/loss of each pair ({self.test_label}, row against column)"
        return f"{self.reference} against each algorithm ({self.test_label}, +/=/−)"

    @property
    def paper_note(self) -> str:
        """The note under :meth:`paper_frame`: what a cell is and whose win "+" is."""
        if self.reference is None:
            return f"Each cell: the row algorithm against the column one, counted over the instances. {self.caption}"
        return f"Mean ± sd of the runs. {self.caption} Last row: counts of +/=/− per algorithm."

    def to_html(self, precision: int = 4, scientific: bool | None = None, caption: str | None = None) -> str:
        """The table papers print (:meth:`paper_frame`) as HTML, its note in a ``<p class="note">`` after it."""
        body = frame_to_html(self.paper_frame(), precision, scientific, caption=caption or self.paper_caption)
        return body + f'\n<p class="note">{html.escape(self.paper_note)}</p>'

    def __str__(self) -> str:
        lines = [self.method, self.caption]
        counts = self.counts.assign(**{"+/=/−": [f"{w}/{t}/{lo}" for w, t, lo in
                                                  zip(self.counts["wins"], self.counts["ties"],
                                                      self.counts["losses"], strict=True)]})
        shown = counts[["algorithm_a", "algorithm_b", "+/=/−", "mean_difference", "pvalue"]]
        lines += ["  " + line for line in shown.to_string(index=False).splitlines()]
        lines += self._dropped_lines()
        return "\n".join(lines)


def adjustment_phrase(p_adjust: str, instances: str = "the instances") -> str:
    """How the marks' p-values were adjusted, in words: "no adjustment", or "Holm-adjusted across
    ``instances``" with the adjustment's label in :data:`~algocompare.posthoc._adjust.ADJUSTMENTS`."""
    from algocompare.posthoc._adjust import ADJUSTMENTS, error_rate_note  # at call time, as in win_tie_loss

    if p_adjust == "none":
        return "no adjustment"
    return f"{ADJUSTMENTS[p_adjust].label}-adjusted{error_rate_note(p_adjust)} across {instances}"


def _pairs(algorithms: list[Any], reference: Any) -> list[tuple[int, int]]:
    k = len(algorithms)
    if reference is not None:
        r = algorithms.index(reference)
        return [(r, j) for j in range(k) if j != r]
    return [(i, j) for i in range(k) for j in range(i + 1, k)]


def _runs_of(runs: np.ndarray, i: int, a: int, b: int, paired: bool) -> tuple[np.ndarray, np.ndarray]:
    """The runs of algorithms a and b on instance i without missing values (pairs kept whole)."""
    x, y = runs[i, a], runs[i, b]
    if paired:
        keep = ~(np.isnan(x) | np.isnan(y))
        return x[keep], y[keep]
    return x[~np.isnan(x)], y[~np.isnan(y)]


def _means_and_sds(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mean and sd (ddof = 1) of each cell's runs, computed on values scaled by a power of two so that
    data near 1e±300 neither over- nor underflow (:mod:`algocompare._scaling`)."""
    (scaled,), exponent = unit_scaled(raw)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a cell of one run has no sd: NaN, said as such
        means, sds = np.nanmean(scaled, axis=2), np.nanstd(scaled, axis=2, ddof=1)
    return scaled_back(means, exponent), scaled_back(sds, exponent)


#: The columns of ``WinTieLossResult.table``, in order.
_TABLE_COLUMNS = ("instance", "algorithm_a", "algorithm_b", "mean_a", "sd_a", "mean_b", "sd_b", "difference",
                  "statistic", "pvalue", "pvalue_adj", "reject", "mark")


def _pair_tests(runs: np.ndarray, a: int, b: int, test: str, instances: Any,
                algorithms: list[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Statistic, p-value and direction of the test of a against b on every instance: in one
    vectorised call where the test has one and the runs allow it, else instance by instance."""
    entry = TWO_SAMPLE_TESTS[test]
    x, y = runs[:, a], runs[:, b]
    if entry.batch is not None and not (np.isnan(x).any() or np.isnan(y).any()):
        statistic, pvalue, sign = entry.batch(x, y)
        return np.asarray(statistic, dtype=float), np.asarray(pvalue, dtype=float), np.asarray(sign, dtype=int)
    outcomes = []
    for i in range(runs.shape[0]):
        xi, yi = _runs_of(runs, i, a, b, entry.paired)
        try:
            outcomes.append(two_sample_test(xi, yi, test))
        except ValueError as err:
            raise ValueError(f"instance {instances[i]!r}, {algorithms[a]!r} against {algorithms[b]!r}: {err}") \
                from None
    return (np.array([o.statistic for o in outcomes], dtype=float), np.array([o.pvalue for o in outcomes], dtype=float),
            np.array([o.direction for o in outcomes], dtype=int))


def _across_instances(a: np.ndarray, b: np.ndarray) -> float:
    """Two-sided Wilcoxon signed-rank p of the instance means (Pratt's zeros, as aeon's matrix)."""
    if a.size < 2 or np.all(a == b):
        return math.nan if a.size < 2 else 1.0
    return float(wilcoxon(a, b, zero_method="pratt").pvalue)


def win_tie_loss(results: Any, reference: Any = None, *, test: str = "rank_sum", p_adjust: str = DEFAULT_P_ADJUST,
                 alpha: float = 0.05, direction: str | None = None, nan_policy: str = "raise") -> WinTieLossResult:
    """The "+/=/−" (win/tie/loss) table: per instance a test of two algorithms' runs and its decision.

    For each competitor of ``reference`` (or each pair when ``reference=None``) and each instance,
    the registered two-sample ``test`` compares the two algorithms' runs (two-sided); the pair's
    p-values are adjusted across the instances with ``p_adjust``, and the instance is marked "+"
    when the first algorithm (the reference) is significantly better (``pvalue_adj <= alpha``, on
    the side of ``direction``), "−" when it is significantly worse, "=" otherwise. The counts of
    "+", "=" and "−" per competitor are the last row of the tables papers print.

    Parameters
    ----------
    results : Results
        Runs of the algorithms (several runs per instance and algorithm).
    reference : str, optional
        The algorithm compared with every other (a paper's proposed algorithm); None (default)
        compares every pair (the multi-comparison matrix).
    test : str
        A key of :data:`~algocompare.frequentist._two_sample.TWO_SAMPLE_TESTS`: ``"rank_sum"``
        (Wilcoxon rank-sum / Mann-Whitney, default), ``"welch"`` (Welch t), ``"t"`` (Student t), or,
        for runs paired by seed (run number), ``"signed_rank"`` and ``"paired_t"``.
    p_adjust : str
        The adjustment of one pair's p-values across the instances: any key of
        :data:`~algocompare.posthoc._adjust.ADJUSTMENTS` valid for any family (``"holm"``, default;
        ``"hochberg"``, ``"bonferroni"``, ...), or ``"none"``, the field's usual uncorrected marks.
    alpha : float
        Level of each decision.
    direction : {"minimize", "maximize"}, optional
        What "better" means; default the data's own.
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing value (``dropped_instances``).

    Returns
    -------
    WinTieLossResult
        ``table`` (one row per pair and instance), ``counts`` (wins, ties, losses per pair),
        ``marks``, ``matrix(...)``, ``caption``; ``to_latex()``/``to_html()`` give the table papers
        print, ``plot()`` the multi-comparison matrix.

    See Also
    --------
    per_instance : two algorithms' per-instance t and Wilcoxon p-values.
    rank_sum : the default per-instance test.
    posthoc : comparisons over the instances (one value per instance).

    Notes
    -----
    **The default adjustment.** Without an adjustment each instance's "+" appears with probability
    about alpha/2 for two identical algorithms, so over 30 functions at alpha = 0.05 a competitor
    identical to the reference gets at least one "+" with probability 1 − 0.975^30 ≈ 0.53 (measured
    0.47–0.53 with 25 and 51 runs, continuous and tied competition-style data; ``docs/validation.md``).
    With the default, Holm's step-down adjustment of each competitor's p-values across the
    instances, the promise is the family-wise one: **for a competitor identical to the reference,
    the probability of any "+" in its column is at most alpha/2, and of any "+" or "−" at most
    alpha** (measured over 10,000 competitors: 0.017 and 0.032 with 25 runs, 0.021 and 0.042 with
    51 runs on continuous data; 0.013–0.015 and 0.024–0.030 with ties: the rank-sum test's normal
    approximation is conservative in the far tail α/30 the adjustment asks for).
    ``p_adjust="none"`` gives the field's uncorrected marks, whose promise is per instance:
    P("+") ≤ alpha/2 on each (measured 0.021–0.025).

    **Mean ± sd.** ``mean_a``, ``sd_a`` ... are of the runs as given (not oriented);
    ``difference`` is mean_a − mean_b.

    **The multi-comparison matrix** (``reference=None``) follows Ismail-Fawaz et al. (2023) as aeon's
    ``create_multi_comparison_matrix`` draws it, with three differences, each for the runs: W/T/L
    count the instances where the per-instance test on the runs is significant (aeon counts raw
    wins of one value per data set); ``pvalue`` is the *two-sided* Wilcoxon signed-rank test of the
    instance means (aeon's default is one-sided, ``alternative="greater"``, copied to the mirror
    cell); the mean difference and the marks are oriented by ``direction`` (aeon: higher is
    better unless told otherwise).

    References
    ----------
    .. [1] Derrac, J., García, S., Molina, D., Herrera, F. (2011). A practical tutorial on the
       use of nonparametric statistical tests as a methodology for comparing evolutionary and
       swarm intelligence algorithms. *Swarm and Evolutionary Computation* 1(1), 3–18.
       doi:10.1016/j.swevo.2011.02.002
    .. [2] Ismail-Fawaz, A., Dempster, A., Tan, C. W., Herrmann, M., Miller, L., Schmidt, D. F.,
       Berretti, S., Weber, J., Devanne, M., Forestier, G., Webb, G. I. (2023). An approach to
       multiple comparison benchmark evaluations that is stable under manipulation of the
       comparate set. arXiv:2305.11921. https://arxiv.org/abs/2305.11921
    .. [3] Holm, S. (1979). A simple sequentially rejective multiple test procedure.
       *Scandinavian Journal of Statistics* 6(2), 65–70. https://www.jstor.org/stable/4615733

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=4, n_runs=10, rng=1)
    >>> r = ac.win_tie_loss(sim.results, "A1")   # A1 against A2 and A3, rank-sum, Holm over the 4 instances
    >>> r.marks  # doctest: +NORMALIZE_WHITESPACE
             A2 A3
    instance
    I1        +  −
    I2        =  =
    I3        +  =
    I4        =  =
    """
    # at call time: algocompare.posthoc imports the frequentist package (a circle at module level)
    from algocompare.posthoc._adjust import FAMILY_CORRECTIONS, adjust_pvalues

    v.check_probability("alpha", alpha)
    entry = TWO_SAMPLE_TESTS[test]
    v.check_option("p_adjust", p_adjust, FAMILY_CORRECTIONS)
    res = as_results(results, direction=direction, nan_policy=nan_policy)
    if not res.has_runs:
        raise ValueError("win_tie_loss tests each instance's runs; these results have one value per instance and "
                         "algorithm (read the runs, e.g. Results.from_long, or compare the means with posthoc).")
    if res.n_algorithms < 2:
        raise ValueError("win_tie_loss needs at least 2 algorithms.")
    if reference is not None:
        v.check_algorithm(res, reference, "reference")
    algorithms = list(res.algorithms)
    runs = res.runs(unbalanced="pad", oriented=True)  # lower is better: the test's direction -1 is a win
    means, sds = _means_and_sds(res.runs(unbalanced="pad"))
    columns: dict[str, list[np.ndarray]] = {name: [] for name in _TABLE_COLUMNS}
    counts = []
    n = res.n_instances
    for a, b in _pairs(algorithms, reference):
        statistic, pvalue, sign = _pair_tests(runs, a, b, test, res.instances, algorithms)
        adjusted = np.asarray(adjust_pvalues(pvalue, p_adjust, alpha=alpha), dtype=float)
        reject = (adjusted <= alpha) & (sign != 0)
        mark = np.where(reject & (sign < 0), MARKS["win"], np.where(reject, MARKS["loss"], MARKS["tie"]))
        # column by column: a table of thousands of instances holds arrays, not one dict per row
        for name, values in (("instance", np.asarray(res.instances, dtype=object)),
                             ("algorithm_a", np.full(n, str(algorithms[a]), dtype=object)),
                             ("algorithm_b", np.full(n, str(algorithms[b]), dtype=object)),
                             ("mean_a", means[:, a]), ("sd_a", sds[:, a]), ("mean_b", means[:, b]),
                             ("sd_b", sds[:, b]), ("difference", means[:, a] - means[:, b]),
                             ("statistic", statistic), ("pvalue", pvalue), ("pvalue_adj", adjusted),
                             ("reject", reject), ("mark", mark.astype(object))):
            columns[name].append(values)
        counts.append({"algorithm_a": str(algorithms[a]), "algorithm_b": str(algorithms[b]),
                       "wins": int((mark == MARKS["win"]).sum()), "ties": int((mark == MARKS["tie"]).sum()),
                       "losses": int((mark == MARKS["loss"]).sum()),
                       "mean_difference": float(np.mean(means[:, a] - means[:, b])),
                       "pvalue": _across_instances(means[:, a], means[:, b])})
    table = pd.DataFrame({name: np.concatenate(parts) for name, parts in columns.items()})
    names = [str(x) for x in algorithms]
    order = ([str(reference)] + [n for n in names if n != str(reference)]) if reference is not None else names
    means_frame = pd.DataFrame(means, index=pd.Index(res.instances, name="instance"), columns=names)[order]
    sds_frame = pd.DataFrame(sds, index=pd.Index(res.instances, name="instance"), columns=names)[order]
    against = f"{reference} against each other algorithm" if reference is not None else "all pairs"
    method = f"Win/tie/loss ({entry.label} test per instance, {against})"
    return WinTieLossResult(method=method, reference=None if reference is None else str(reference), test=test,
                            test_label=entry.label, paired=entry.paired, p_adjust=p_adjust, alpha=float(alpha),
                            direction=res.direction, algorithms=tuple(order), table=table,
                            counts=pd.DataFrame(counts), means=means_frame, sds=sds_frame,
                            dropped_instances=drop_record(res, nan_policy))
