"""Registration of the Bayesian tests in the shared conformance checks."""

from __future__ import annotations

import numpy as np

from algocompare.bayesian import (
    bayesian_correlated_ttest,
    bayesian_friedman,
    bayesian_multiple_measures,
    bayesian_pairwise,
    bayesian_sign,
    bayesian_signed_rank,
    idp_wilcoxon,
    multiple_measures_test,
)
from tests.conformance import PAIRED_X, PAIRED_Y, Case


def _probabilities(result):
    return (result.p_left, result.p_rope, result.p_right)


def _friedman_key(result):
    return (*result.mean_ranks.sort_index(), result.statistic)


def _pairwise_key(result):
    """Exact posterior means per unordered pair, oriented by the pair's sorted names
    (invariant to algorithm and instance order, unlike the sampled shares)."""
    key = []
    for row in result.to_frame().itertuples(index=False):
        a_first = row.algorithm_a < row.algorithm_b
        win_first = row.mean_left if a_first else row.mean_right
        key.append((min(row.algorithm_a, row.algorithm_b), max(row.algorithm_a, row.algorithm_b), win_first,
                    row.mean_rope))
    return tuple(value for item in sorted(key) for value in item[2:])


_MX = np.array([[1.0, 2.0], [0.5, 0.7], [3.0, 2.0], [1.0, 1.0], [2.0, 4.0]])
_MY = np.array([[2.0, 3.0], [0.5, 0.9], [1.0, 2.5], [2.0, 0.5], [2.5, 4.5]])

CASES = [
    Case("bayesian_sign", bayesian_sign, kind="paired", kwargs={"rope": 0.2, "n_samples": 4000},
         key=_probabilities, stochastic=True),
    Case("bayesian_signed_rank", bayesian_signed_rank, kind="paired", kwargs={"rope": 0.2, "n_samples": 4000},
         key=_probabilities, stochastic=True),
    Case("bayesian_friedman", bayesian_friedman, kind="blocks", kwargs={"method": "asymptotic"},
         key=_friedman_key, min_instances=2),
    Case("bayesian_friedman_sampling", bayesian_friedman, kind="other", stochastic=True,
         make=lambda: bayesian_friedman(np.column_stack([PAIRED_X, PAIRED_Y, PAIRED_X + 0.3]), method="sampling",
                                        n_samples=2000, rng=1),
         key=_friedman_key),
    Case("bayesian_pairwise", bayesian_pairwise, kind="blocks", kwargs={"rope": 0.2, "n_samples": 2000},
         key=_pairwise_key, stochastic=True),
    Case("idp_wilcoxon", kind="other", make=lambda: idp_wilcoxon(PAIRED_X, PAIRED_Y, n_samples=4000, rng=3),
         key=lambda r: (r.lower, r.upper)),
    Case("multiple_measures_test", kind="other", make=lambda: multiple_measures_test(_MX, _MY)),
    Case("bayesian_multiple_measures", kind="other",
         make=lambda: bayesian_multiple_measures(_MX, _MY, n_samples=4000, rng=3),
         key=lambda r: tuple(r.probabilities)),
    # cross-validation of two learners on one data set (issue 27): exact probabilities, no sampling
    Case("bayesian_correlated_ttest", bayesian_correlated_ttest, kind="paired", kwargs={"rope": 0.2},
         key=_probabilities),
]
