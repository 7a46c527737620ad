"""Rhyne & Steel's multiple sign test against independent references.

With one comparison (k = 2) the family is a single sign test: under within-instance
exchangeability R ~ Binomial(N, 1/2), so the Monte Carlo family-wise p-value must match the
exact binomial probability P(R <= r) (scipy.stats.binom) within Monte Carlo error, and the
marginal p-value must equal scipy.stats.binomtest's one-sided p-value.
"""

import numpy as np
import pytest
from scipy import stats

import algocompare as ac

# Hard-coded paired values (N = 14, no zero differences): the control wins 11 times.
CONTROL = [1.2, 0.8, 2.1, 3.3, 0.4, 1.5, 2.2, 0.9, 1.1, 3.0, 0.5, 2.6, 1.9, 0.7]
OTHER = [1.9, 1.0, 2.5, 3.1, 0.9, 1.8, 2.9, 1.4, 1.0, 3.6, 0.8, 2.4, 2.3, 1.5]


def test_single_comparison_is_the_exact_sign_test():
    data = np.column_stack([CONTROL, OTHER])
    result = ac.multiple_sign_test(data, control=0, n_resamples=20_000, rng=7)
    row = result.table.iloc[0]
    r = int(row["r"])
    assert r == int(np.sum(np.array(OTHER) < np.array(CONTROL)))  # instances where the other wins
    exact = stats.binom.cdf(r, len(CONTROL), 0.5)
    assert row["pvalue"] == pytest.approx(stats.binomtest(r, len(CONTROL), 0.5, alternative="less").pvalue,
                                          rel=1e-12)
    assert abs(row["pvalue_adj"] - exact) <= 4 * row["pvalue_adj_se"] + 1e-4
