"""The same post-hoc within each group of instances (e.g. per dimension), adjusted across all groups.

A study that reports the comparison per dimension (or per benchmark suite, per measure) makes
one statement per pair *and group*; the multiplicity adjustment must then cover all of them,
or the chance of a false claim grows with the number of groups. :func:`posthoc_by_group`
runs :func:`~algocompare.posthoc` within each group with no adjustment and adjusts the raw
p-values of every group together, as one family — the convention of the R package scmamp
(``postHocTest(data, group.by=...)``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._results import BaseResult
from algocompare._validation import check_option, check_probability
from algocompare.data._results import Results
from algocompare.posthoc._adjust import FAMILY_CORRECTIONS, adjust_pvalues, error_rate_note
from algocompare.posthoc._procedure import posthoc
from algocompare.posthoc._result import PosthocResult

__all__ = ["PosthocByGroupResult", "posthoc_by_group"]


@dataclass(frozen=True, kw_only=True)
class PosthocByGroupResult(BaseResult):
    """A post-hoc procedure within each group of instances, adjusted across all groups as one family.

    Attributes
    ----------
    group_by : tuple of str
        The column(s) or index level(s) that define the groups.
    groups : tuple
        The groups, in order of first appearance (a tuple of values for several columns).
    test, p_adjust, control, alpha :
        As :func:`algocompare.posthoc`; ``p_adjust`` was applied once to the raw p-values of
        every group together.
    n_comparisons : int
        The size of the adjusted family (the comparisons of all groups).
    table : pandas.DataFrame
        One row per group and comparison: the group column(s), then ``algorithm_a,
        algorithm_b, statistic, pvalue, pvalue_adj, reject`` as in :class:`PosthocResult`.
    results : tuple of PosthocResult
        Each group's post-hoc result with the across-group ``pvalue_adj`` and ``reject``
        (through :meth:`group`; its critical difference is None, the adjustment being not
        the group's own).

    See Also
    --------
    posthoc_by_group : the function that returns it.
    PosthocResult : one group's comparisons.

    References
    ----------
    .. [1] Calvo, B. & Santafé, G. (2016). scmamp: Statistical comparison of multiple
       algorithms in multiple problems. *The R Journal* 8(1), 248–256. doi:10.32614/RJ-2016-017

    Examples
    --------
    >>> import numpy as np, pandas as pd, algocompare as ac
    >>> rng = np.random.default_rng(1)
    >>> wide = pd.DataFrame(rng.normal(size=(12, 3)) + [0, 0.5, 2], columns=["A", "B", "C"],
    ...                     index=pd.MultiIndex.from_product([[10, 30], range(6)], names=["dimension", "f"]))
    >>> ac.posthoc_by_group(wide, "dimension").n_comparisons
    6
    """

    kind: ClassVar[str] = "posthoc_by_group"

    group_by: tuple
    groups: tuple
    test: str
    p_adjust: str
    control: Any
    alpha: float
    n_comparisons: int
    table: pd.DataFrame
    results: tuple = field(default=(), metadata={"export": False})

    def to_frame(self) -> pd.DataFrame:
        """The long table: one row per group and comparison."""
        return self.table.copy()

    def group(self, key: Any) -> PosthocResult:
        """One group's :class:`PosthocResult`, its p-values adjusted across all groups (e.g. for its CD diagram)."""
        for name, result in zip(self.groups, self.results, strict=True):
            if name == key:
                return result
        raise ValueError(f"group {key!r} is not one of {list(self.groups)}; pass one of them.")

    def __str__(self) -> str:
        lines = [self.method,
                 f"  {len(self.groups)} groups by {', '.join(map(str, self.group_by))}, {self.n_comparisons} "
                 f"comparisons adjusted together ({self.p_adjust}{error_rate_note(self.p_adjust)}), "
                 f"alpha {self.alpha:g}",
                 f"  rejected: {int(self.table['reject'].sum())} of {self.n_comparisons}"]
        shown = self.table.assign(pvalue=self.table["pvalue"].map("{:.4g}".format),
                                  pvalue_adj=self.table["pvalue_adj"].map("{:.4g}".format),
                                  statistic=self.table["statistic"].map("{:.4g}".format))
        lines += ["  " + line for line in shown.to_string(index=False).splitlines()]
        return "\n".join(lines)


def _as_names(group_by: Any) -> tuple:
    names = tuple(group_by) if isinstance(group_by, (list, tuple)) else (group_by,)
    if not names:
        raise ValueError("group_by is empty; name the column (or index level) that defines the groups.")
    return names


def _split_long(long: pd.DataFrame, names: tuple, direction: str) -> list[tuple[Any, Results]]:
    missing = [n for n in names if n not in long.columns]
    if missing:
        extra = [c for c in long.columns if c not in ("instance", "algorithm", "run", "value")]
        raise ValueError(f"group_by={missing[0]!r} is not a column of the data (other columns: {extra}); name a "
                         "factor column such as 'dimension' (Results.from_long keeps the extra columns).")
    if long[list(names)].isna().any().any():
        raise ValueError(f"column(s) {list(names)} have missing values; every run needs a group.")
    out = []
    for key, rows in long.groupby(list(names), sort=False):
        key = key[0] if len(names) == 1 else tuple(key)
        out.append((key, Results.from_long(rows, run="run", direction=direction)))
    return out


def _split_wide(frame: pd.DataFrame, names: tuple) -> list[tuple[Any, pd.DataFrame]]:
    missing = [n for n in names if n not in frame.index.names]
    if missing:
        raise ValueError(f"group_by={missing[0]!r} is not a level of the instances' index {list(frame.index.names)}; "
                         "pass a table whose instances are a MultiIndex with that level, or long data with the column.")
    out = []
    for key, rows in frame.groupby(level=list(names), sort=False):
        key = key[0] if len(names) == 1 else tuple(key)
        rows = rows.droplevel(list(names))
        if isinstance(rows.index, pd.MultiIndex):  # the other levels name the instances within the group
            rows.index = ["/".join(map(str, label)) for label in rows.index]
        out.append((key, rows))
    return out


def _groups(data: Any, names: tuple) -> list[tuple[Any, Any]]:
    if isinstance(data, Results):
        return _split_long(data.to_long(), names, data.direction)
    if isinstance(data, pd.DataFrame) and {"algorithm", "value"} <= set(data.columns) and \
            not isinstance(data.index, pd.MultiIndex):
        res = Results.from_long(data, run="run" if "run" in data.columns else None)
        return _split_long(res.to_long(), names, res.direction)
    if isinstance(data, pd.DataFrame) and isinstance(data.index, pd.MultiIndex):
        return _split_wide(data, names)
    raise TypeError("posthoc_by_group needs a Results or long DataFrame with a group column, or a wide DataFrame "
                    "whose instances are a MultiIndex with the group level.")


def _adjusted_group(result: PosthocResult, table: pd.DataFrame, p_adjust: str, n_groups: int) -> PosthocResult:
    note = f", {p_adjust} adjustment across {n_groups} groups"
    method = result.method.replace(", none adjustment", note) if ", none adjustment" in result.method \
        else result.method + note
    return dataclasses.replace(result, table=table, p_adjust=p_adjust, critical_difference=None, method=method)


def posthoc_by_group(data: Any, group_by: str | Sequence[str], *, test: str = "friedman", control: Any = None,
                     p_adjust: str = "holm", alpha: float = 0.05, direction: str | None = None,
                     nan_policy: str | None = None, **options: Any) -> PosthocByGroupResult:
    """The same post-hoc procedure within each group of instances, adjusted across all groups as one family.

    Parameters
    ----------
    data : Results, pandas.DataFrame
        Long data (a :class:`Results` or a DataFrame with ``algorithm``, ``instance``,
        ``value`` and optionally ``run`` columns) with the group column(s), e.g. what
        :func:`read_experiment_dir` reads with a ``{dimension}`` field; or a wide DataFrame
        (instances × algorithms) whose index is a MultiIndex with the group level(s).
    group_by : str or list of str
        The column(s) or index level(s) that define the groups (``"dimension"``).
    test : str
        The pairwise statistic, a key of the post-hoc registry (as :func:`posthoc`).
    control : optional
        The control algorithm (k - 1 comparisons per group), or None for all pairs.
    p_adjust : str
        An adjustment valid for any family (``"holm"``, ``"hochberg"``, ``"bh"``, ...),
        applied once to the raw p-values of all groups. The procedures that use the logical
        structure of one set of pairwise comparisons (``"shaffer"``, ``"shaffer_dynamic"``,
        ``"bergmann"``) and ``"nemenyi"`` are refused: their family is one group's pairs.
    alpha : float
        Level for ``reject``.
    direction : {"minimize", "maximize"}, optional
        Which way is better; None: the data's own (a :class:`Results`), else minimize.
    nan_policy : {"raise", "omit", "keep"}, optional
        Missing cells, per group, as :func:`posthoc` (None: the test's own default).
    **options
        Passed to :func:`posthoc` for every group (``se=``, ...).

    Returns
    -------
    PosthocByGroupResult
        The long table with the group column(s), and each group's :class:`PosthocResult`
        (``result.group(key)``) with the across-group adjusted p-values.

    See Also
    --------
    posthoc : one group.
    read_experiment_dir : reads the group from the file names.

    Notes
    -----
    As scmamp's ``postHocTest(data, group.by=...)``: each group's raw p-values (the
    comparisons of the algorithms on that group's instances only), then one correction of
    all of them, in order of the groups' first appearance and, within a group, of the
    comparisons. The per-group tests are independent when the groups share no instance, so
    the family-wise error (or, for ``"bh"``, the false discovery rate) of the whole set of
    statements is what the adjustment controls; adjusting within each group would control it
    per group only, and the chance of at least one false claim would grow with the number of
    groups. The result's groups keep their own standard errors and mean ranks, but have no
    critical difference: the across-group adjustment is not a single-step bound of one group.

    References
    ----------
    .. [1] Calvo, B. & Santafé, G. (2016). scmamp: Statistical comparison of multiple
       algorithms in multiple problems. *The R Journal* 8(1), 248–256. doi:10.32614/RJ-2016-017
    .. [2] Holm, S. (1979). A simple sequentially rejective multiple test procedure.
       *Scandinavian Journal of Statistics* 6(2), 65–70. https://www.jstor.org/stable/4615733

    Examples
    --------
    >>> import numpy as np, pandas as pd, algocompare as ac
    >>> rng = np.random.default_rng(1)
    >>> long = pd.DataFrame({"algorithm": np.tile(["A", "B", "C"], 16),
    ...                      "instance": np.repeat([f"f{i}" for i in range(16)], 3),
    ...                      "dimension": np.repeat([10, 30], 24),
    ...                      "value": rng.normal(size=48) + np.tile([0.0, 0.5, 2.0], 16)})
    >>> result = ac.posthoc_by_group(long, "dimension", p_adjust="holm")
    >>> result.groups, result.n_comparisons
    ((10, 30), 6)
    >>> result.table.columns.tolist()
    ['dimension', 'algorithm_a', 'algorithm_b', 'statistic', 'pvalue', 'pvalue_adj', 'reject']
    """
    check_option("p_adjust", p_adjust, FAMILY_CORRECTIONS)
    alpha = check_probability("alpha", alpha)
    names = _as_names(group_by)
    groups = _groups(data, names)
    if len(groups) < 1:
        raise ValueError("the data has no group; pass data with at least one group.")
    raw = [posthoc(sub, test=test, control=control, p_adjust="none", alpha=alpha, direction=direction,
                   nan_policy=nan_policy, **options) for _, sub in groups]
    pvalues = np.concatenate([r.table["pvalue"].to_numpy(dtype=float) for r in raw])
    adjusted = adjust_pvalues(pvalues, p_adjust, alpha=alpha)
    tables, results, start = [], [], 0
    for (key, _), result in zip(groups, raw, strict=True):
        table = result.table.copy()
        stop = start + len(table)
        table["pvalue_adj"] = adjusted[start:stop]
        table["reject"] = table["pvalue_adj"] <= alpha
        start = stop
        results.append(_adjusted_group(result, table, p_adjust, len(groups)))
        keys = key if isinstance(key, tuple) else (key,)
        tables.append(table.assign(**dict(zip(names, keys, strict=True)))[[*names, *table.columns]])
    long = pd.concat(tables, ignore_index=True)
    label = raw[0].label or test
    method = (f"{label} post-hoc within each of {len(groups)} groups by {', '.join(map(str, names))}, "
              f"{p_adjust} adjustment{error_rate_note(p_adjust)} across all {len(long)} comparisons")
    return PosthocByGroupResult(method=method, group_by=names, groups=tuple(k for k, _ in groups), test=test,
                                p_adjust=p_adjust, control=control, alpha=alpha, n_comparisons=len(long),
                                table=long, results=tuple(results))
