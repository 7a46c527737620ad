"""Pairwise McNemar tests of binary outcomes: the post-hoc of Cochran's Q, in the post-hoc registry.

``posthoc(reached_target(data, target), test="mcnemar", p_adjust="holm")`` compares the success
rates of every pair of algorithms (or each against a control) on a 0/1 table (1 = the instance's
target was reached) with McNemar's test (:func:`algocompare.mcnemar`) and any adjustment: the
pairwise post-hoc that follows Cochran's Q. The table must be read with ``direction="maximize"``
(as :func:`algocompare.reached_target` returns it) for the mean ranks and the statistic's sign to
call the more successful algorithm better; the p-values do not depend on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from algocompare.frequentist._binary import binomial_discordance_pvalue
from algocompare.posthoc._registry import PosthocTest, register

if TYPE_CHECKING:  # pragma: no cover
    from algocompare.posthoc._registry import PairContext

__all__ = ["mcnemar_pairs"]


def mcnemar_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                  context: PairContext) -> tuple[np.ndarray, np.ndarray]:
    """n_a − n_b (instances where only algorithm_a, only algorithm_b did better: positive when a is
    better) and McNemar's p-value of each pair (option ``method`` as :func:`algocompare.mcnemar`).

    ``values`` are oriented (lower is better), so on a 0/1 success table read as ``direction=
    "maximize"`` a success is −1; the table must hold two values at most (binary outcomes)."""
    levels = np.unique(values[~np.isnan(values)])
    if levels.size > 2:
        raise ValueError(f"test='mcnemar' compares binary outcomes, but the table holds {levels.size} distinct "
                         "values; turn values into successes with reached_target(data, target) first.")
    better_a = (values[:, a] < values[:, b]).sum(axis=0)
    better_b = (values[:, b] < values[:, a]).sum(axis=0)
    pvalue = binomial_discordance_pvalue(better_a, better_b, context.options["method"])
    return (better_a - better_b).astype(float), pvalue


register(PosthocTest(
    key="mcnemar", label="McNemar", description="pairwise McNemar tests of success rates (binary outcomes)",
    statistic=mcnemar_pairs, options={"method": "chi2"},
    reference="McNemar, Q. (1947). Note on the sampling error of the difference between correlated proportions "
              "or percentages. Psychometrika 12, 153-157. doi:10.1007/BF02295996"))
