"""Stability of post-hoc conclusions: how often each decision flips when one algorithm or one
instance is left out and the same procedure is run again.

Mean-rank post-hoc decisions depend on which other algorithms are in the study (Benavoli,
Corani & Mangili 2016); decisions of any procedure depend on the benchmark set. Both are
measured here by re-running :func:`algocompare.posthoc` with the same test, adjustment, alpha
and options on the table without one algorithm, and without one instance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._progress import progress_bar
from algocompare._results import BaseResult, format_number
from algocompare.posthoc import _registry as registry
from algocompare.posthoc._procedure import posthoc
from algocompare.posthoc._rank_sets import oriented_frame, pair_signs
from algocompare.posthoc._result import PosthocResult

__all__ = ["StabilityResult", "posthoc_stability"]

TABLE_COLUMNS = ("algorithm_a", "algorithm_b", "reject", "better", "flip_algorithm", "flip_instance",
                 "n_algorithm_out", "n_instance_out")


@dataclass(frozen=True, kw_only=True)
class StabilityResult(BaseResult):
    """How often each post-hoc decision flips under leave-one-algorithm-out and leave-one-instance-out.

    Attributes
    ----------
    method : str
        The post-hoc procedure whose decisions are examined.
    test, p_adjust : str
        Its test and adjustment.
    control : str or None
        Its control (None: all pairs).
    alpha : float
        Its level.
    n_instances, n_algorithms : int
    mean_ranks : pandas.Series
        The post-hoc result's mean ranks (1 = best).
    table : pandas.DataFrame
        One row per comparison of the post-hoc result: ``algorithm_a, algorithm_b``,
        ``reject`` and ``better`` (the decision on the whole table: the significantly better
        algorithm of a rejected pair, None for a pair not rejected), ``flip_algorithm``
        and ``flip_instance`` (the shares of re-analyses in which the decision differs; NaN when
        there is no re-analysis of that kind, e.g. two algorithms), ``n_algorithm_out`` and
        ``n_instance_out`` (how many re-analyses the shares are of).
    algorithm_flips : pandas.DataFrame
        Per comparison (rows, ``"a vs b"``) and left-out algorithm (columns): 1.0 where leaving
        it out flips the decision, 0.0 where it does not, NaN where it is one of the pair.
    posthoc : PosthocResult
        The post-hoc result on the whole table (not exported).

    See Also
    --------
    posthoc_stability : Makes it.
    algocompare.plots.cd_diagram : ``stability=`` marks fragile pairs.
    algocompare.plots.pvalue_heatmap : ``stability=`` marks fragile pairs.

    References
    ----------
    .. [1] Benavoli, A., Corani, G. & Mangili, F. (2016). Should we really use post-hoc tests
       based on mean-ranks? Journal of Machine Learning Research 17(5), 1–10.
       https://jmlr.org/papers/v17/benavoli16a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> s = ac.posthoc_stability(ac.load_dataset("ice_cream"), progress=False)
    >>> list(s.table.columns[:4])
    ['algorithm_a', 'algorithm_b', 'reject', 'better']
    """

    kind: ClassVar[str] = "stability"

    test: str
    p_adjust: str
    control: Any
    alpha: float
    n_instances: int
    n_algorithms: int
    mean_ranks: pd.Series
    table: pd.DataFrame
    algorithm_flips: pd.DataFrame
    posthoc: PosthocResult = field(repr=False, compare=False, metadata={"export": False})

    def to_frame(self) -> pd.DataFrame:
        """The table of comparisons with their flip shares (a copy)."""
        return self.table.copy()

    @property
    def algorithms(self) -> list:
        """Algorithms in input order."""
        return list(self.mean_ranks.index)

    def flip_share(self, row: pd.Series | dict) -> float:
        """The larger of a comparison's two flip shares (NaN counted as 0)."""
        return float(np.nanmax([row["flip_algorithm"], row["flip_instance"], 0.0]))

    def fragile(self, threshold: float = 0.0) -> pd.DataFrame:
        """The comparisons whose decision flips in more than ``threshold`` of the leave-one-algorithm-out
        or of the leave-one-instance-out re-analyses.

        Parameters
        ----------
        threshold : float
            A share in [0, 1); 0 (default): any flip at all makes a decision fragile.

        Returns
        -------
        pandas.DataFrame
            The rows of :attr:`table` for the fragile comparisons.
        """
        threshold = float(threshold)
        if not 0.0 <= threshold < 1.0:
            raise ValueError(f"threshold={threshold!r} is a share of re-analyses; give a number in [0, 1).")
        shares = self.table[["flip_algorithm", "flip_instance"]].fillna(0.0).to_numpy(float).max(axis=1)
        return self.table[shares > threshold].reset_index(drop=True)

    def matrix(self, value: str = "flip") -> pd.DataFrame:
        """A k × k view (input order, NaN where not compared): ``"flip"`` (the larger share),
        ``"flip_algorithm"`` or ``"flip_instance"``."""
        if value not in ("flip", "flip_algorithm", "flip_instance"):
            raise ValueError(f"value={value!r}; use 'flip', 'flip_algorithm' or 'flip_instance'.")
        names = self.algorithms
        out = pd.DataFrame(np.nan, index=pd.Index(names, name="algorithm"), columns=pd.Index(names, name="algorithm"))
        for row in self.table.to_dict("records"):
            share = self.flip_share(row) if value == "flip" else row[value]
            out.loc[row["algorithm_a"], row["algorithm_b"]] = share
            out.loc[row["algorithm_b"], row["algorithm_a"]] = share
        return out

    def __str__(self) -> str:
        head = [self.method, f"  test {self.test}, p_adjust {self.p_adjust}, alpha {format_number(self.alpha)}, "
                f"{self.n_algorithms} algorithms on {self.n_instances} instances"
                + (f", control {self.control}" if self.control is not None else ""),
                f"  fragile decisions (any flip): {len(self.fragile())} of {len(self.table)}", "comparisons:"]
        text = self.table.to_string(index=False, float_format=lambda x: format_number(x))
        return "\n".join(head + ["  " + line for line in text.splitlines()])


def posthoc_stability(data: Any, test: str = "friedman", control: Any = None, p_adjust: str | None = None,
                      alpha: float = 0.05, *, se: str | None = None, direction: str | None = None,
                      nan_policy: str | None = None, progress: bool | None = None, **options: Any) -> StabilityResult:
    """Share of leave-one-algorithm-out and leave-one-instance-out re-analyses that flip each post-hoc decision.

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        Instances × algorithms, as :func:`algocompare.posthoc` takes it (a table; the tests of
        one instance's runs are not re-analysed here).
    test, control, p_adjust, alpha, se, direction, nan_policy, **options
        The post-hoc procedure, exactly as for :func:`algocompare.posthoc`. ``control="best"``
        is resolved once, on the whole table, and kept.
    progress : bool, optional
        A progress bar over the k + N re-analyses (None: only on a terminal, after a second).

    Returns
    -------
    StabilityResult
        The table of comparisons with ``flip_algorithm`` and ``flip_instance``, ``fragile()``,
        ``matrix()``, the flips by left-out algorithm, and the post-hoc result.

    See Also
    --------
    algocompare.posthoc : The procedure re-run.
    algocompare.rank_intervals : Which ranks the decisions make certain.

    Notes
    -----
    The decision on a pair (a, b) is one of three: a significantly better, b significantly better,
    not rejected (``pvalue_adj <= alpha``, oriented by the sign of the statistic; for pairwise
    Wilcoxon, whose R⁺ has no sign, by the sign of the signed-rank sum). A re-analysis *flips* it
    when its decision on (a, b) differs.

    * ``flip_algorithm`` = (1/|C|) Σ_{c ∈ C} 1[decision without c ≠ decision], C the algorithms
      other than a and b (and other than the control, which is never left out); it answers
      "does this conclusion depend on which other algorithms were compared?"
    * ``flip_instance`` = (1/N) Σ_i 1[decision without instance i ≠ decision]; "does it rest on
      a single instance?" (a jackknife of the decision).

    The procedure is re-run whole: the mean ranks, the standard error and the multiplicity
    adjustment over the smaller family. Hence ``flip_algorithm`` is exactly 0 when neither the
    pair's statistic nor its adjusted p-value depends on the other algorithms — pairwise tests
    (``test="wilcoxon"``) with ``p_adjust="none"``. With an adjustment the family shrinks by
    k − 1 hypotheses without an algorithm (all pairs) and adjusted p-values fall: a pairwise
    Wilcoxon decision near the line can flip from "not rejected" to "rejected". For the
    mean-rank tests (``"friedman"``, ``"aligned_ranks"``, ``"quade"``) the statistic of a pair
    itself depends on the others (Benavoli et al. 2016): two algorithms that each beat the other
    on half the instances have different mean ranks when a third algorithm falls between them
    on the instances one of them wins, and leaving it out removes the difference.

    References
    ----------
    .. [1] Benavoli, A., Corani, G. & Mangili, F. (2016). Should we really use post-hoc tests
       based on mean-ranks? Journal of Machine Learning Research 17(5), 1–10.
       https://jmlr.org/papers/v17/benavoli16a.html
    .. [2] Efron, B. (1982). The Jackknife, the Bootstrap and Other Resampling Plans. SIAM.
       doi:10.1137/1.9781611970319

    Examples
    --------
    >>> import numpy as np, pandas as pd, algocompare as ac
    >>> m = 30   # A beats B on half the instances; C sits between them only where A wins
    >>> table = pd.DataFrame({"A": np.r_[np.zeros(m), np.ones(m)], "B": np.r_[2 * np.ones(m), np.zeros(m)],
    ...                       "C": np.r_[np.ones(m), 2 * np.ones(m)]})
    >>> s = ac.posthoc_stability(table, progress=False)
    >>> s.table[["algorithm_a", "algorithm_b", "better", "flip_algorithm"]].values.tolist()
    [['A', 'B', 'A', 1.0], ['A', 'C', 'A', 0.0], ['B', 'C', 'B', 1.0]]
    """
    full = posthoc(data, test=test, control=control, p_adjust=p_adjust, alpha=alpha, se=se, direction=direction,
                   nan_policy=nan_policy, **options)
    entry = registry.get(full.test)
    if entry.design != "blocks":
        raise ValueError(f"posthoc_stability re-analyses a table of instances x algorithms; test={full.test!r} "
                         "compares the runs of one instance.")
    frame = oriented_frame(data, direction, nan_policy, entry)
    rerun = _Rerun(full, se, dict(options))
    base = rerun(frame)
    pairs = list(zip(full.table["algorithm_a"], full.table["algorithm_b"], strict=True))
    names, instances = list(frame.columns), list(frame.index)
    left_out = [c for c in names if c != full.control] if len(names) > 2 else []
    flips_a = pd.DataFrame(np.nan, index=[f"{a} vs {b}" for a, b in pairs], columns=pd.Index(left_out, dtype=object))
    flips_i = np.zeros(len(pairs))
    bar = progress_bar(progress, total=len(left_out) + len(instances), desc="leave-one-out post-hocs")
    try:
        for c in left_out:
            decided = rerun(frame.drop(columns=[c]))
            for p, (a, b) in enumerate(pairs):
                if c not in (a, b):
                    flips_a.iloc[p, left_out.index(c)] = float(decided[(a, b)] != base[(a, b)])
            _tick(bar)
        if len(instances) > 2:
            for i in range(len(instances)):
                decided = rerun(frame.drop(index=frame.index[i]))
                flips_i += [decided[pair] != base[pair] for pair in pairs]
                _tick(bar)
    finally:
        if bar is not None:
            bar.close()
    n_out = flips_a.notna().sum(axis=1).to_numpy()
    n_inst = len(instances) if len(instances) > 2 else 0
    table = pd.DataFrame({
        "algorithm_a": [a for a, _ in pairs], "algorithm_b": [b for _, b in pairs],
        "reject": [base[pair] != 0 for pair in pairs],
        "better": [{1: a, -1: b}.get(base[(a, b)]) for a, b in pairs],
        "flip_algorithm": np.where(n_out > 0, flips_a.sum(axis=1).to_numpy() / np.maximum(n_out, 1), np.nan),
        "flip_instance": flips_i / n_inst if n_inst else np.full(len(pairs), np.nan),
        "n_algorithm_out": n_out, "n_instance_out": np.full(len(pairs), n_inst)})
    return StabilityResult(method=f"Stability of {full.method}", test=full.test, p_adjust=full.p_adjust,
                           control=full.control, alpha=full.alpha, n_instances=full.n_instances,
                           n_algorithms=full.n_algorithms, mean_ranks=full.mean_ranks.copy(), table=table,
                           algorithm_flips=flips_a, posthoc=full, dropped_instances=full.dropped_instances)


def _tick(bar: Any) -> None:
    if bar is not None:
        bar.update(1)


@dataclass
class _Rerun:
    """The post-hoc procedure of ``full`` on a sub-table: each pair's decision, +1 (a better), -1, 0."""

    full: PosthocResult
    se: str | None
    options: dict

    def __call__(self, table: pd.DataFrame) -> dict:
        nan_policy = "keep" if registry.get(self.full.test).allows_missing else None
        result = posthoc(table, test=self.full.test, control=self.full.control, p_adjust=self.full.p_adjust,
                         alpha=self.full.alpha, se=self.se, direction="minimize", nan_policy=nan_policy,
                         **self.options)
        signs = pair_signs(result, table)
        rejected = result.table["reject"].to_numpy(bool)
        pairs = zip(result.table["algorithm_a"], result.table["algorithm_b"], signs, rejected, strict=True)
        return {(a, b): int(s) if r else 0 for a, b, s, r in pairs}
