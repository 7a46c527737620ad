"""Positional consensus: Borda count and the winner-takes-one score (Bartz-Beielstein et al., §3).

The consensus orders the items by their total score, equal scores tied:
A_i ≻ A_j iff s_i > s_j and A_i ~ A_j iff s_i = s_j, with s_i = sum_k w_k s(A_i, r_k).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._results import BaseResult, internal
from algocompare._validation import check_option
from algocompare.consensus.rankings import as_profile, format_ranking, levels_to_groups

__all__ = ["borda", "BordaResult"]

_SCORES = ("borda", "winner")
_TIES = ("relations", "strict")


@dataclass(frozen=True, kw_only=True)
class BordaResult(BaseResult):
    """Scores per item and the consensus ranking (a list of groups, best first)."""

    items: tuple
    scores: pd.Series
    consensus: list
    score: str
    ties: str
    profile: Any = internal()

    _plot_function: ClassVar[str] = "plot_consensus"

    @property
    def rankings(self) -> list:
        """The consensus as a one-element list, like :class:`KemenyResult.rankings`."""
        return [self.consensus]

    def to_frame(self) -> pd.DataFrame:
        rank = {item: k + 1 for k, group in enumerate(self.consensus) for item in group}
        return pd.DataFrame({"item": list(self.scores.index), "score": self.scores.to_numpy(),
                             "consensus_rank": [rank[i] for i in self.scores.index]})

    def __str__(self) -> str:
        lines = [f"{self.method}: {format_ranking(self.consensus)}"]
        lines += [f"  {item!s:<20} {value:g}" for item, value in self.scores.sort_values(ascending=False).items()]
        return "\n".join(lines)


def borda(rankings: Any, *, weights: Any = None, score: str = "borda", ties: str = "relations",
          agg: str = "mean") -> BordaResult:
    """Borda count consensus (de Borda 1781) of rankings, or the winner-takes-one score.

    Parameters
    ----------
    rankings : list of rankings (each a list of items or of groups of tied items, best
        first), a Results (one ranking per instance) or a table of ranks.
    weights : one non-negative weight per ranking (default 1).
    score : "borda", or "winner" (one point to the best group of each ranking, zero
        otherwise; the chapter's counter-example, shown for contrast).
    ties : how the Borda score counts tied items.

        * "relations" (default): s(A_i, r) = #{j : A_j ≼ A_i}, reflexive, so tied items
          count for each other and the best of n untied items scores n — the Borda/Kendall
          score of the R package relations (``relation_scores(x, "Borda")``, summed with
          the weights, as ``relation_consensus(x, "Borda")``).
        * "strict": s^BC(A_i, r) = #{j != i : A_i ≻ A_j} (Bartz-Beielstein et al., §3);
          without ties it is the relations score minus one per ranking, giving the same
          consensus.

    Examples
    --------
    >>> res = borda([["a", "b", "c"], ["c", "b", "a"]], ties="strict")
    >>> res.scores.tolist(), res.consensus
    ([2.0, 2.0, 2.0], [['a', 'b', 'c']])
    """
    check_option("score", score, _SCORES)
    check_option("ties", ties, _TIES)
    profile = as_profile(rankings, weights, agg=agg)
    levels = profile.levels
    if score == "winner":
        per_ranking = (levels == 0).astype(float)
        name = "winner-takes-one"
    elif ties == "relations":
        per_ranking = (levels[:, None, :] >= levels[:, :, None]).sum(axis=2).astype(float)
        name = "Borda count"
    else:
        per_ranking = (levels[:, None, :] > levels[:, :, None]).sum(axis=2).astype(float)
        name = "Borda count (strict)"
    totals = profile.weights @ per_ranking
    scale = max(1.0, float(np.abs(totals).max()))
    rounded = np.round(totals / scale, 12)  # equal up to rounding error: tied
    consensus = levels_to_groups(profile.items, np.unique(-rounded, return_inverse=True)[1].ravel())
    return BordaResult(method=f"{name} consensus", items=profile.items,
                       scores=pd.Series(totals, index=list(profile.items), name="score"),
                       consensus=consensus, score=score, ties=ties, profile=profile)
