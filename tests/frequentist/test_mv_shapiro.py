"""The multivariate Shapiro–Wilk test (Villasenor-Alva & González-Estrada 2009) against an
independent implementation: with one variable, W* is the Shapiro–Wilk W of the sample (W is
invariant to standardisation) and the p-value reduces to Royston's (1995) normal
approximation for n >= 12, both of which scipy.stats.shapiro computes."""

import numpy as np
import pytest
from scipy import stats

import algocompare as ac

# Hard-coded sample (n = 20, skewed): gamma-like values, rounded.
X = np.array([2.91, 1.42, 4.87, 3.05, 0.96, 2.23, 6.41, 1.87, 2.65, 3.78,
              1.11, 5.26, 2.47, 0.74, 3.39, 2.02, 8.13, 1.64, 2.88, 4.21])


def test_one_variable_equals_scipy_shapiro():
    ours = ac.multivariate_normality(X[:, None])
    reference = stats.shapiro(X)  # scipy.stats.shapiro (Royston's algorithm AS R94)
    assert ours.statistic == pytest.approx(reference.statistic, rel=1e-12)
    assert ours.pvalue == pytest.approx(reference.pvalue, rel=1e-6)

