"""The post-hoc result: a long table of comparisons with square, boolean and clique views."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._deprecation import renamed_init
from algocompare._results import BaseResult, format_number

__all__ = ["PosthocResult"]

TABLE_COLUMNS = ("algorithm_a", "algorithm_b", "statistic", "pvalue", "pvalue_adj", "reject")


@renamed_init(correction="p_adjust")
@dataclass(frozen=True, kw_only=True)
class PosthocResult(BaseResult):
    """Pairwise comparisons after an omnibus test, with adjusted p-values.

    Attributes
    ----------
    method : str
        Human-readable description.
    test : str
        Pairwise statistic: ``"friedman"``, ``"aligned_ranks"``, ``"quade"``, ``"wilcoxon"``, ...
        (a key of :mod:`algocompare.posthoc._registry`).
    label : str
        The test's display label (the registry's: ``"Friedman"``, ``"Wilcoxon signed-rank"``,
        ...), which figures and the report show; empty for results made outside the registry.
    common_se : bool
        Whether one standard error serves every pair (the z tests on mean ranks): only then
        is there a critical difference and a Bonferroni–Dunn chart.
    n_missing : int
        Cells missing in the table the test used (0 unless the test allows holes:
        ``"durbin"``, ``"skillings_mack"``).
    own_step : tuple of str or None
        The test's own single step, (its default ``p_adjust``, its name), e.g. ``("nemenyi",
        "Tukey's HSD")``; :attr:`procedure_label` names it when the result used it.
    p_adjust : str
        Name of the multiplicity adjustment (see :func:`algocompare.adjust_pvalues`);
        ``correction`` is its deprecated alias.
    control : str or None
        The control algorithm (k - 1 comparisons), or None for all k(k-1)/2 pairs.
    alpha : float
        Level used for ``reject``.
    n_instances, n_algorithms : int
    mean_ranks : pandas.Series
        Per algorithm, rank 1 = best: Friedman mean ranks, mean aligned ranks (aligned
        ranks test) or Quade's weighted mean ranks W_j / (N(N+1)/2); for the tests of one
        instance's runs (``"dunn"``, ``"conover_iman"``, ...) the Kruskal–Wallis mean ranks, on
        the 1..N scale of all N runs; for other tests the Friedman mean ranks (used to order
        the algorithms).
    critical_difference : float or None
        The critical difference in ``mean_ranks`` units when the procedure has one
        (Nemenyi, or Bonferroni(-Dunn), with a rank test); else None. It is the critical
        value times ``standard_error``, so it agrees with the p-values.
    se : str or None
        How the standard error of the z tests was obtained: ``"permutation"`` (exact null
        variance, tie-aware; the default) or ``"classic"`` (the papers' closed forms); None
        for tests without one (Wilcoxon, Conover, exact Friedman).
    standard_error : float or None
        The standard error of a difference of two ``mean_ranks`` (same for every pair).
    table : pandas.DataFrame
        One row per comparison: ``algorithm_a, algorithm_b, statistic, pvalue, pvalue_adj,
        reject``. With a control, ``algorithm_a`` is the control. For the rank tests the
        statistic is z = (score_b - score_a) / se, positive when algorithm_a is better.

    See Also
    --------
    algocompare.posthoc : Makes it.
    algocompare.plots.cd_diagram : Its critical-difference diagram (``result.plot()``).
    algocompare.plots.bonferroni_dunn_chart : With a control and a common standard error.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       Journal of Machine Learning Research 7, 1-30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] García, S. & Herrera, F. (2008). An extension on "statistical comparisons of
       classifiers over multiple data sets" for all pairwise comparisons. Journal of Machine
       Learning Research 9, 2677-2694. https://jmlr.org/papers/v9/garcia08a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="nemenyi")
    >>> ph.label, ph.common_se, round(ph.critical_difference, 3)
    ('Friedman', True, 2.855)
    >>> ph.cliques()[0][:3]
    ['G-CMA-ES', 'L-SaDE', 'DMS-L-PSO']
    """

    kind: ClassVar[str] = "posthoc"

    test: str
    p_adjust: str
    control: Any
    alpha: float
    n_instances: int
    n_algorithms: int
    mean_ranks: pd.Series
    critical_difference: float | None
    table: pd.DataFrame
    se: str | None = None
    standard_error: float | None = None
    # typed metadata for figures and the report, kept out of ``to_dict`` (the --json output
    # says the same in ``test`` and ``method``)
    label: str = field(default="", metadata={"export": False})
    common_se: bool = field(default=False, metadata={"export": False})
    n_missing: int = field(default=0, metadata={"export": False})
    #: the test's own single step, (its registry entry's default ``p_adjust``, its name), e.g.
    #: ("nemenyi", "Tukey's HSD"); None for the tests whose adjustments are all generic
    own_step: tuple[str, str] | None = field(default=None, metadata={"export": False})

    @property
    def procedure_label(self) -> str | None:
        """The name of the test's own single step when this result used it (Tukey's HSD, Dunnett's
        test, Miller's χ² bound), else None: the adjustment's own label applies.

        Examples
        --------
        >>> import algocompare as ac
        >>> data = ac.load_dataset("ice_cream")
        >>> tukey, holm = ac.posthoc(data, test="tukey"), ac.posthoc(data, test="tukey", p_adjust="holm")
        >>> tukey.procedure_label, holm.procedure_label
        ("Tukey's HSD", None)
        """
        if self.own_step is None or self.p_adjust != self.own_step[0]:
            return None
        return self.own_step[1]

    # ------------------------------------------------------------------ views
    def to_frame(self) -> pd.DataFrame:
        """The long table of comparisons (a copy)."""
        return self.table.copy()

    @property
    def algorithms(self) -> list:
        """Algorithms in input order."""
        return list(self.mean_ranks.index)

    def matrix(self, value: str = "pvalue_adj") -> pd.DataFrame | pd.Series:
        """A column of the table as a labelled view.

        All pairs: a k × k DataFrame in input order with NaN on the diagonal; symmetric
        for p-values, antisymmetric for ``"statistic"`` (entry [a, b] is the statistic of
        a vs b). With a control: a Series indexed by the other algorithms.
        """
        if value not in ("statistic", "pvalue", "pvalue_adj", "reject"):
            raise ValueError(f"value={value!r} is not a column of the table; use statistic, pvalue, pvalue_adj "
                             "or reject.")
        if value == "reject":
            return self.reject()
        column = self.table[value].to_numpy(dtype=float)
        if self.control is not None:
            return pd.Series(column, index=pd.Index(self.table["algorithm_b"], name="algorithm"), name=value)
        names = self.algorithms
        position = {a: i for i, a in enumerate(names)}
        i = self.table["algorithm_a"].map(position).to_numpy()
        j = self.table["algorithm_b"].map(position).to_numpy()
        out = np.full((len(names), len(names)), np.nan)
        out[i, j] = column
        out[j, i] = -column if value == "statistic" else column
        return pd.DataFrame(out, index=pd.Index(names, name="algorithm"), columns=pd.Index(names, name="algorithm"))

    def _decisions(self, alpha: float | None) -> np.ndarray:
        level = self.alpha if alpha is None else float(alpha)
        return self.table["pvalue_adj"].to_numpy(dtype=float) <= level  # the one place a decision is made

    def reject(self, alpha: float | None = None) -> pd.DataFrame | pd.Series:
        """Rejections at ``alpha`` (default: the result's alpha): pvalue_adj <= alpha.

        A boolean k × k DataFrame (False on the diagonal) for all pairs, or a boolean
        Series indexed by the other algorithms for a control.
        """
        decided = self._decisions(alpha)
        if self.control is not None:
            return pd.Series(decided, index=pd.Index(self.table["algorithm_b"], name="algorithm"), name="reject")
        names = self.algorithms
        position = {a: i for i, a in enumerate(names)}
        i = self.table["algorithm_a"].map(position).to_numpy()
        j = self.table["algorithm_b"].map(position).to_numpy()
        out = np.zeros((len(names), len(names)), dtype=bool)
        out[i, j] = decided
        out[j, i] = decided
        return pd.DataFrame(out, index=pd.Index(names, name="algorithm"), columns=pd.Index(names, name="algorithm"))

    def cliques(self, alpha: float | None = None) -> list[list]:
        """Maximal groups of algorithms whose pairwise differences are all not significant.

        These are the bars of a critical-difference diagram. Members are ordered by mean
        rank (best first), groups by their best member (then by size, larger first).
        Singletons are omitted (an algorithm different from every other one has no bar).

        All pairs: the maximal cliques of the graph whose edges are the non-rejected pairs.
        With a control: at most one group, the control together with every algorithm not
        significantly different from it (only the control comparisons are known).
        """
        order = list(self.mean_ranks.sort_values(kind="stable").index)
        rank_of = {a: i for i, a in enumerate(order)}
        if self.control is not None:
            kept = [b for b, r in zip(self.table["algorithm_b"], self._decisions(alpha), strict=False) if not r]
            group = sorted([self.control, *kept], key=rank_of.__getitem__)
            return [group] if len(group) > 1 else []
        rejected = self.reject(alpha).loc[order, order].to_numpy()
        groups = [sorted(g) for g in _maximal_cliques(~rejected) if len(g) > 1]
        groups.sort(key=lambda g: (g[0], -len(g), g))
        return [[order[i] for i in g] for g in groups]

    def letters(self, alpha: float | None = None, *, order: str = "input", reversed: bool = False) -> pd.Series:
        """Compact letter display of the decisions: algorithms sharing a letter do not differ.

        Parameters
        ----------
        alpha : float, optional
            Level of the decisions (default: the result's ``alpha``): ``pvalue_adj <= alpha``.
        order : {"input", "mean_rank"}
            Order in which the algorithms are given letters. ``"input"`` (default): the
            result's algorithm order, as ``matrix()`` and ``reject()``, so the letters are
            those of R's ``multcompView::multcompLetters`` on that matrix. ``"mean_rank"``:
            best mean rank first, so the best algorithm's group is "a" and the letters run
            down a table in mean-rank order (as the report's tables).
        reversed : bool
            Name the groups from the last algorithm (multcompView's ``reversed=TRUE``).

        Returns
        -------
        pandas.Series
            One string per algorithm, in the chosen order (index: algorithm).

        See Also
        --------
        algocompare.compact_letters : the same from any matrix of decisions.
        cliques : the groups as CD-diagram bars.

        Notes
        -----
        Piepho's (2004) insert-and-absorb, named as multcompView 0.1-8 names it (see
        :func:`algocompare.compact_letters`). A result against a control has no letters: only
        the k - 1 comparisons with the control were made.

        References
        ----------
        .. [1] Piepho, H.-P. (2004). An algorithm for a letter-based representation of
           all-pairwise comparisons. *Journal of Computational and Graphical Statistics* 13(2),
           456–466. doi:10.1198/1061860043515

        Examples
        --------
        >>> import algocompare as ac
        >>> ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="holm")
        >>> ph.letters(order="mean_rank").head(4).tolist()   # G-CMA-ES differs from CoEVO only
        ['a', 'ab', 'ab', 'ab']
        """
        from algocompare.posthoc._letters import compact_letters

        if self.control is not None:
            raise ValueError("letters need all pairwise comparisons; this result compares every algorithm with the "
                             f"control {self.control!r} only: run posthoc(..., control=None).")
        if order not in ("input", "mean_rank"):
            raise ValueError(f"order={order!r} is not an order of the algorithms; use 'input' or 'mean_rank'.")
        different = self.reject(alpha)
        if order == "mean_rank":
            ranked = list(self.mean_ranks.sort_values(kind="stable").index)
            different = different.loc[ranked, ranked]
        letters = compact_letters(different.to_numpy(), names=[str(a) for a in different.index], reversed=reversed)
        letters.index = pd.Index(different.index, name="algorithm")  # the result's labels, not their text
        return letters

    # ------------------------------------------------------------------ display
    def __str__(self) -> str:
        head = [self.method,
                f"  test {self.test}, p_adjust {self.p_adjust}, alpha {format_number(self.alpha)}, "
                f"{self.n_algorithms} algorithms on {self.n_instances} instances"
                + (f", control {self.control}" if self.control is not None else "")]
        if self.standard_error is not None:
            head.append(f"  standard error of a difference {format_number(self.standard_error)} ({self.se})")
        if self.critical_difference is not None:
            head.append(f"  critical difference {format_number(self.critical_difference)}")
        ranks = self.mean_ranks.sort_values(kind="stable")
        head.append("mean ranks:")
        head += [f"  {name}  {format_number(value)}" for name, value in ranks.items()]
        head.append("comparisons:")
        text = self.table.to_string(index=False, float_format=lambda x: format_number(x))
        return "\n".join(head + self._dropped_lines() + ["  " + line for line in text.splitlines()])


#: Most maximal cliques listed (a graph of k vertices can have 3^(k/3) of them; the groups of a
#: CD diagram are far fewer): beyond it ``cliques`` refuses instead of running for hours.
MAX_CLIQUES = 100_000


def _maximal_cliques(adjacent: np.ndarray) -> list[list[int]]:
    """Bron–Kerbosch with pivoting on a boolean adjacency matrix (diagonal ignored).

    Iterative (an explicit stack; the recursive form is as deep as the largest clique and
    ended in RecursionError at about 1,000 mutually not-different algorithms), on sets held
    as the bits of Python integers (the pivot's choice counts common neighbours of every
    vertex at every level: with sets of indices 3,000 algorithms took minutes).
    """
    n = len(adjacent)
    neighbours = [int.from_bytes(np.packbits(row, bitorder="little").tobytes(), "little") & ~(1 << i)
                  for i, row in enumerate(np.asarray(adjacent, dtype=bool))]
    found: list[list[int]] = []
    # each frame: [clique, candidates, excluded, the vertices still to branch on]
    stack: list[list] = []

    def push(clique: int, candidates: int, excluded: int) -> None:
        if not candidates and not excluded:
            found.append(_members(clique))
            if len(found) > MAX_CLIQUES:
                raise ValueError(f"more than {MAX_CLIQUES} groups of algorithms without significant differences "
                                 f"among {n} algorithms: too many to list; compare fewer algorithms or use a "
                                 "control (posthoc(..., control=...)).")
            return
        pivot = max(_members(candidates | excluded), key=lambda u: (neighbours[u] & candidates).bit_count())
        stack.append([clique, candidates, excluded, _members(candidates & ~neighbours[pivot])[::-1]])

    push(0, (1 << n) - 1, 0)
    while stack:
        frame = stack[-1]
        clique, candidates, excluded, todo = frame
        if not todo:
            stack.pop()
            continue
        v = todo.pop()
        push(clique | 1 << v, candidates & neighbours[v], excluded & neighbours[v])
        frame[1], frame[2] = candidates & ~(1 << v), excluded | 1 << v  # later branches exclude v
    return found


def _members(bits: int) -> list[int]:
    """The indices of the set bits of ``bits``, ascending."""
    out: list[int] = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out
