"""Dominance relations of algorithms on one instance (MASP) and the properties of orders.

Bartz-Beielstein et al., chapter "Comparing algorithms", §2 (after Mersmann et al. 2010,
2015): from the runs of each algorithm on one problem instance, a dominance relation
A ≽ B ("A is better than or equal to B") is derived by comparing a statistic (mean,
median, best, worst, variance) or by a hypothesis test at level alpha, so that pairs whose
difference is not significant are "similar" (A ≽ B and B ≽ A). The relation is checked
for the properties reflexive, antisymmetric, transitive and complete, classified as a
preorder, partial order, weak order or linear order, and turned into a ranking when it is
a weak order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare._deprecation import renamed_parameters
from algocompare._options import check_alpha
from algocompare._results import BaseResult
from algocompare._validation import as_sample_recorded, check_direction, check_nan_policy, check_option
from algocompare.consensus._rankings import format_ranking, levels_to_groups

__all__ = ["dominance", "DominanceRelation", "order_properties", "classify_order", "ranking_from_relation"]

_BY = ("mean", "median", "best", "worst", "variance", "test")
_TESTS = ("mannwhitney", "t", "welch")
_PROPERTIES = ("reflexive", "antisymmetric", "transitive", "complete")


def order_properties(incidence: Any) -> dict[str, bool]:
    """Reflexive, antisymmetric, transitive and complete, for a square 0/1 incidence matrix.

    ``incidence[a, b]`` is true when a ≽ b. Complete means a ≽ b or b ≽ a for all
    distinct pairs; antisymmetric means a ≽ b and b ≽ a only for a = b.

    Parameters
    ----------
    incidence : array_like
        Square 0/1 (or boolean) matrix, ``incidence[a, b]`` true when a ≽ b.

    Returns
    -------
    dict
        ``{"reflexive": bool, "antisymmetric": bool, "transitive": bool, "complete": bool}``.

    See Also
    --------
    classify_order : the strongest order these properties make.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.order_properties([[1, 1, 1], [0, 1, 1], [0, 1, 1]])  # A ≻ B ~ C
    {'reflexive': True, 'antisymmetric': False, 'transitive': True, 'complete': True}
    """
    rel = _square_bool(incidence)
    off = ~np.eye(len(rel), dtype=bool)
    both = rel & rel.T
    composed = (rel.astype(int) @ rel.astype(int)) > 0
    return {"reflexive": bool(np.all(np.diag(rel))),
            "antisymmetric": bool(not np.any(both & off)),
            "transitive": bool(not np.any(composed & ~rel)),
            "complete": bool(np.all((rel | rel.T)[off]))}


def classify_order(incidence: Any) -> str:
    """The strongest order the relation is: "linear order", "weak order", "partial order",
    "preorder" or "not an order" (not reflexive and transitive).

    Preorder = reflexive + transitive; partial order = preorder + antisymmetric; weak order
    = preorder + complete; linear order = partial order + complete (§2).

    Parameters
    ----------
    incidence : array_like
        Square 0/1 (or boolean) matrix, ``incidence[a, b]`` true when a ≽ b.

    Returns
    -------
    str
        ``"linear order"``, ``"weak order"``, ``"partial order"``, ``"preorder"`` or
        ``"not an order"``.

    See Also
    --------
    order_properties : the four properties behind the classification.
    ranking_from_relation : the ranking of a weak or linear order.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.classify_order([[1, 1, 1], [0, 1, 1], [0, 1, 1]]), ac.classify_order([[1, 1], [0, 1]])
    ('weak order', 'linear order')
    """
    p = order_properties(incidence)
    if not (p["reflexive"] and p["transitive"]):
        return "not an order"
    if p["antisymmetric"] and p["complete"]:
        return "linear order"
    if p["complete"]:
        return "weak order"
    if p["antisymmetric"]:
        return "partial order"
    return "preorder"


def ranking_from_relation(incidence: Any, items: Any = None) -> list[list[Any]]:
    """The ranking (list of groups, best first) of a weak order, else a ValueError naming
    the failing properties.

    Parameters
    ----------
    incidence : array_like
        Square 0/1 (or boolean) matrix, ``incidence[a, b]`` true when a ≽ b.
    items : sequence, optional
        Names of the rows/columns (default: their positions).

    Returns
    -------
    list of list
        Groups of equivalent items, best first.

    See Also
    --------
    classify_order : whether the relation is a weak order.
    format_ranking : the ranking on one line.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> ac.ranking_from_relation([[1, 1, 1], [0, 1, 1], [0, 1, 1]], ["A", "B", "C"])
    [['A'], ['B', 'C']]
    """
    rel = _square_bool(incidence)
    items = list(range(len(rel))) if items is None else list(items)
    failing = [name for name, ok in order_properties(rel).items() if not ok and name != "antisymmetric"]
    if failing:
        raise ValueError(f"the dominance relation is not a weak order, so it gives no ranking: it is not "
                         f"{' and not '.join(failing)}. A ranking needs a reflexive, complete and "
                         "transitive relation.")
    # in a weak order an item's level is fixed by how many items it is at least as good as
    return levels_to_groups(items, np.unique(-rel.sum(axis=1), return_inverse=True)[1].ravel())


def _square_bool(incidence: Any) -> np.ndarray:
    rel = np.asarray(incidence.to_numpy() if isinstance(incidence, pd.DataFrame) else incidence)
    if rel.ndim != 2 or rel.shape[0] != rel.shape[1]:
        raise ValueError(f"an incidence matrix must be square, got shape {rel.shape}.")
    if not np.all(np.isin(rel, (0, 1))):
        raise ValueError("an incidence matrix holds only 0/1 (False/True).")
    return rel.astype(bool)


@dataclass(frozen=True, kw_only=True)
class DominanceRelation(BaseResult):
    """A dominance relation: incidence (a ≽ b), properties, classification, pairwise p-values.

    Attributes
    ----------
    items : tuple
        The algorithms, in the input's order.
    incidence : pandas.DataFrame
        Boolean matrix, ``incidence.loc[a, b]`` true when a ≽ b.
    by : str
        The statistic compared (``"mean"``, ``"median"``, ..., ``"test"``).
    direction : str
        ``"minimize"`` or ``"maximize"``.
    properties : dict
        Reflexive, antisymmetric, transitive, complete (see :func:`order_properties`).
    classification : str
        The strongest order the relation is (see :func:`classify_order`).
    statistics : pandas.Series
        The statistic of each algorithm.
    pvalues : pandas.DataFrame or None
        Adjusted pairwise p-values (``by="test"``).
    alpha : float or None
        Significance level (``by="test"``).
    p_adjust : str or None
        The multiplicity adjustment (``by="test"``).

    See Also
    --------
    dominance : the function that returns it.
    ranking_from_relation : the ranking of a weak order.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> import algocompare as ac
    >>> rel = ac.dominance({"A": [1, 2, 3], "B": [4, 5, 6]})
    >>> bool(rel.incidence.loc["A", "B"]), bool(rel.incidence.loc["B", "A"])
    (True, False)
    """

    kind: ClassVar[str] = "dominance"

    items: tuple
    incidence: pd.DataFrame
    by: str
    direction: str
    properties: dict
    classification: str
    statistics: pd.Series
    pvalues: pd.DataFrame | None = None
    alpha: float | None = None
    p_adjust: str | None = None

    def to_frame(self) -> pd.DataFrame:
        return self.incidence.astype(int)

    def ranking(self) -> list:
        """The ranking (groups, best first); a ValueError naming the failing property otherwise."""
        return ranking_from_relation(self.incidence.to_numpy(), self.items)

    def __str__(self) -> str:
        flags = ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in self.properties.items())
        lines = [f"{self.method}: {self.classification} ({flags})",
                 self.incidence.astype(int).to_string()]
        if self.classification in ("weak order", "linear order"):
            lines.append("ranking: " + format_ranking(self.ranking()))
        return "\n".join(lines + self._dropped_lines())


def _samples(runs: Any, instance: Any, direction: str | None) -> tuple[dict[Any, Any], str]:
    """Run values per algorithm, as given (a Series keeps its run labels), and their direction."""
    from algocompare.data._convert import as_results
    from algocompare.data._results import Results

    if isinstance(runs, Results):
        # the Results' own direction; a different one passed explicitly raises (as everywhere)
        runs = as_results(runs, direction=direction, nan_policy="keep")
        return dict(runs.instance_runs(instance)), runs.direction
    direction = "minimize" if direction is None else direction
    if isinstance(runs, pd.DataFrame):
        return {col: runs[col] for col in runs.columns}, direction
    if isinstance(runs, Mapping):
        return dict(runs), direction
    arr = np.asarray(runs, dtype=float)
    if arr.ndim != 2:
        raise TypeError("runs must be a mapping algorithm → values, a DataFrame (columns = algorithms), "
                        "a 2-D array (rows = algorithms) or a Results.")
    return {f"A{i + 1}": row for i, row in enumerate(arr)}, direction


_STATISTICS: dict[str, Callable[..., Any]] = {"mean": np.mean, "median": np.median, "best": np.min, "worst": np.max,
                                              "variance": np.var}


@renamed_parameters(correction="p_adjust")
def dominance(runs: Any, by: str = "mean", *, alpha: float = 0.05, test: str = "mannwhitney",
              p_adjust: str = "holm", direction: str | None = None, nan_policy: str = "raise",
              instance: Any = None) -> DominanceRelation:
    """The dominance relation A ≽ B of algorithms on one instance (§2).

    Parameters
    ----------
    runs : mapping, DataFrame, 2-D array or Results
        The runs of each algorithm on one instance: a mapping algorithm → run values, a
        DataFrame (columns = algorithms), a 2-D array (rows = algorithms, as in the
        chapter's 5 × 15 example) or a Results with runs (``instance=`` picks the instance).
    by : {"mean", "median", "best", "worst", "variance", "test"}
        A ≽ B when A's statistic is at least as good (lower for minimisation; for variance,
        lower is always better), or "test": A ≻ B when a two-sided test rejects equality at
        ``alpha`` after the ``p_adjust`` adjustment over all pairs and A has the better
        median (Mann–Whitney, ``scipy.stats.mannwhitneyu``) or mean (``test="t"``/``"welch"``,
        ``scipy.stats.ttest_ind``); otherwise A ~ B.
    alpha : float
        Significance level of the tests (``by="test"``), default 0.05.
    test : {"mannwhitney", "t", "welch"}
        The pairwise test of ``by="test"``.
    p_adjust : str
        The multiplicity adjustment of the pairwise p-values (``by="test"``): any method of
        :func:`algocompare.adjust_pvalues`, default "holm". ``correction=`` is its
        deprecated alias.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a Results knows it; a mapping, a DataFrame or an
        array is taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing run values (NaN) raise, or (``"omit"``) are dropped from their algorithm's
        runs, recorded in ``dropped_values`` (algorithm → run labels, else positions).
    instance : optional
        The instance of a Results (``None``: its only instance).

    Returns
    -------
    DominanceRelation
        The ``incidence`` (a ≽ b), its ``properties`` and ``classification``, the
        ``statistics`` compared and, for ``by="test"``, the adjusted ``pvalues``.

    See Also
    --------
    classify_order, order_properties : what kind of order a relation is.
    instance_rankings : one ranking per instance by aggregated values.

    References
    ----------
    .. [1] Bartz-Beielstein, T., Mersmann, O., Chandrasekaran, S. (2023). Ranking and
       result aggregation. In E. Bartz, T. Bartz-Beielstein, M. Zaefferer, O. Mersmann (eds.),
       *Hyperparameter Tuning for Machine and Deep Learning with R*, chapter 5. Springer,
       Singapore. doi:10.1007/978-981-19-5170-1_5

    Examples
    --------
    >>> rel = dominance({"A": [1, 2, 3], "B": [4, 5, 6]})
    >>> rel.classification, rel.ranking()
    ('linear order', [['A'], ['B']])
    """
    check_option("by", by, _BY)
    alpha = check_alpha(alpha)
    if direction is not None:
        check_direction(direction)
    check_nan_policy(nan_policy)
    samples, direction = _samples(runs, instance, direction)
    if len(samples) < 2:
        raise ValueError("a dominance relation compares at least 2 algorithms.")
    sign = -1.0 if direction == "maximize" else 1.0  # values below are oriented: lower is better
    values, dropped = {}, {}
    for a, v in samples.items():
        kept, dropped[a] = as_sample_recorded(v, name=f"runs of {a!r}", nan_policy=nan_policy,
                                              min_size=1 if by != "test" else 2)
        values[a] = sign * kept
    items = tuple(values)
    if by == "test":
        check_option("test", test, _TESTS)
        return _by_test(values, items, alpha, test, p_adjust, direction, dropped)
    stat = np.array([_STATISTICS[by](values[a]) for a in items])
    incidence = stat[:, None] <= stat[None, :]
    shown = stat if by == "variance" else sign * stat  # in the data's own units
    return _relation(items, incidence, by, direction, pd.Series(shown, index=list(items), name=by),
                     dropped_values=dropped)


def _by_test(values: dict, items: tuple, alpha: float, test: str, p_adjust: str, direction: str, dropped: dict):
    from algocompare.posthoc._adjust import adjust_pvalues

    k = len(items)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    raw = []
    for i, j in pairs:
        x, y = values[items[i]], values[items[j]]
        if test == "mannwhitney":
            raw.append(stats.mannwhitneyu(x, y, alternative="two-sided").pvalue)
        else:
            raw.append(stats.ttest_ind(x, y, equal_var=(test == "t")).pvalue)
    raw = np.nan_to_num(np.asarray(raw, float), nan=1.0)
    adjusted = adjust_pvalues(raw, p_adjust)
    location = np.array([np.median(values[a]) if test == "mannwhitney" else np.mean(values[a]) for a in items])
    incidence = np.ones((k, k), dtype=bool)
    pmat = np.full((k, k), np.nan)
    for (i, j), p in zip(pairs, adjusted, strict=False):
        pmat[i, j] = pmat[j, i] = p
        if p <= alpha:
            better, worse = (i, j) if location[i] < location[j] else (j, i)
            incidence[worse, better] = False
    name = {"mannwhitney": "Mann-Whitney U", "t": "t test", "welch": "Welch t test"}[test]
    return _relation(items, incidence, f"test ({name}, {p_adjust}, alpha={alpha:g})", direction,
                     pd.Series(location, index=list(items), name="median" if test == "mannwhitney" else "mean"),
                     pvalues=pd.DataFrame(pmat, index=list(items), columns=list(items)), alpha=alpha,
                     p_adjust=p_adjust, dropped_values=dropped)


def _relation(items, incidence, by, direction, statistics, pvalues=None, alpha=None, p_adjust=None,
              dropped_values=None) -> DominanceRelation:
    frame = pd.DataFrame(incidence, index=list(items), columns=list(items))
    return DominanceRelation(method=f"dominance by {by}", items=items, incidence=frame, by=by,
                             direction=direction, properties=order_properties(incidence),
                             classification=classify_order(incidence), statistics=statistics,
                             pvalues=pvalues, alpha=alpha, p_adjust=p_adjust, dropped_values=dropped_values)
