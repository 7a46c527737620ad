"""A stand-in post-hoc result with the interface of algocompare.posthoc.PosthocResult.

The figures only read fields of the result; the stand-in lets the figure tests fix the
mean ranks, the CD and the cliques exactly (including non-contiguous cliques that real
data rarely produce).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._results import BaseResult
from algocompare.plots import cd_diagram, register_customary_figure


def cd_cliques(mean_ranks: pd.Series, cd: float) -> list[list[str]]:
    """Maximal groups whose mean ranks lie within ``cd`` (Nemenyi-style)."""
    ranks = mean_ranks.sort_values()
    names, values = list(ranks.index), ranks.to_numpy()
    groups = []
    for i in range(len(names)):
        j = int(np.searchsorted(values, values[i] + cd, side="right"))
        group = names[i:j]
        if not groups or not set(group) <= set(groups[-1]):
            groups.append(group)
    return groups


@dataclass(frozen=True, kw_only=True)
class FakePosthoc(BaseResult):
    kind: ClassVar[str] = "posthoc"  # what the figures ask before they read the fields of PosthocResult

    mean_ranks: pd.Series
    critical_difference: float | None = None
    groups: list[list[str]] | None = None
    alpha: float = 0.05
    n_instances: int = 25
    control: str | None = None
    p_adjust: str = "nemenyi"
    test: str = "friedman"
    label: str = ""
    se: str | None = None
    standard_error: float | None = None
    n_missing: int = 0
    procedure_label: str | None = None  # PosthocResult's: the test's own single step when it used it
    pvalues: dict[tuple[str, str], float] = field(default_factory=dict)

    @property
    def n_algorithms(self) -> int:
        return len(self.mean_ranks)

    def cliques(self, alpha: float | None = None) -> list[list[str]]:
        if self.groups is not None:
            return self.groups
        return cd_cliques(self.mean_ranks, self.critical_difference)

    def matrix(self, value: str = "pvalue_adj") -> pd.DataFrame:
        names = list(self.mean_ranks.index)
        m = pd.DataFrame(np.nan, index=names, columns=names)
        for (a, b), p in self.pvalues.items():
            m.loc[a, b] = m.loc[b, a] = p
        return m

    def to_frame(self) -> pd.DataFrame:
        return self.table

    @property
    def table(self) -> pd.DataFrame:
        rows = [dict(algorithm_a=a, algorithm_b=b, statistic=0.0, pvalue=p, pvalue_adj=p, reject=p <= self.alpha)
                for (a, b), p in self.pvalues.items()]
        return pd.DataFrame(rows, columns=["algorithm_a", "algorithm_b", "statistic", "pvalue", "pvalue_adj",
                                           "reject"])


# the stand-in draws the post-hoc result's figure, as a result class of a user's own would
register_customary_figure(FakePosthoc, cd_diagram, title="Critical-difference diagram")


def fake(k: int, cd: float | None = 1.5, seed: int = 0, names: list[str] | None = None, **kw: Any) -> FakePosthoc:
    rng = np.random.default_rng(seed)
    names = names or [f"Alg{i:02d}" for i in range(k)]
    ranks = pd.Series(np.sort(rng.uniform(1, k, k)), index=names)
    ranks *= (k + 1) / 2 / ranks.mean()  # mean ranks average (k+1)/2
    kw.setdefault("method", "Friedman post-hoc (Nemenyi)")
    return FakePosthoc(mean_ranks=ranks, critical_difference=cd, **kw)
