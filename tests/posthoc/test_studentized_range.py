"""The studentized-range tail behind the Nemenyi adjustment (infinite degrees of freedom)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import norm, studentized_range

from algocompare.posthoc._adjust import nemenyi_from_z, studentized_range_sf


@pytest.mark.parametrize("k", [2, 3, 5, 10, 14, 30])
def test_agrees_with_scipy_where_scipy_is_accurate(k):
    q = np.linspace(0.0, 8.0, 81)
    expected = studentized_range.sf(q, k, np.inf)  # scipy: 1 - cdf, accurate above ~1e-9
    keep = expected > 1e-9
    np.testing.assert_allclose(studentized_range_sf(q, k)[keep], expected[keep], rtol=5e-7)


def test_two_means_is_the_normal_tail_far_into_it():
    # k = 2: the range of two standard normals is |N(0, 2)|, so P(Q >= q) = 2 Phi(-q / sqrt 2)
    q = np.linspace(0.0, 50.0, 201)
    np.testing.assert_allclose(studentized_range_sf(q, 2), 2 * norm.sf(q / np.sqrt(2)), rtol=1e-12)


def test_deep_tail_keeps_relative_precision():
    # 120-digit mpmath integration of k ∫ φ(x)[Φ(x)^m − (Φ(x) − Φ(x − q))^m] dx (mpmath 1.3):
    # k = 14, q = 20 -> 1.9005237012239103e-43; k = 50, q = 30 -> 8.835917861252728e-97
    assert studentized_range_sf(20.0, 14) == pytest.approx(1.9005237012239103e-43, rel=1e-12)
    assert studentized_range_sf(30.0, 50) == pytest.approx(8.835917861252728e-97, rel=1e-12)


def test_nemenyi_shape_and_bounds():
    assert np.shape(nemenyi_from_z(3.0, 5)) == ()
    values = nemenyi_from_z(np.array([0.0, 1.0, 4.0, 20.0, np.inf]), 6)
    assert values[0] == pytest.approx(1.0) and np.all(np.diff(values) <= 0) and values[2] < values[1]
    assert 0 < values[3] < 1e-80 and values[4] == 0.0
