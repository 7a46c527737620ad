"""Issue 30: no effect size loops without end on extreme values; each returns or refuses with a reason."""

import signal

import numpy as np
import pandas as pd
import pytest

from algocompare.effects import cohens_d, cohens_d_prime, d_z, hedges_g
from algocompare.effects._effect_size import _noncentral_t_interval
from algocompare.effects._paired_table import paired_effect_sizes

X = np.array([1.0, 2.0, 3.0, 4.5, 2.2])
Y = np.array([0.5, 1.0, 1.0, 1.0, 0.3])


@pytest.fixture(autouse=True)
def _deadline():
    """Fail (rather than hang the suite) if a call does not return within 20 s."""
    def fail(*_):
        raise TimeoutError("did not return within 20 s")
    previous = signal.signal(signal.SIGALRM, fail)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("scale", [1e-170, 1e-200, 1e-300, 5e-324 * 2 ** 40, 1e150, 1e300])
@pytest.mark.parametrize("function", [d_z, cohens_d, hedges_g, cohens_d_prime])
def test_standardised_effects_are_scale_free(function, scale):
    # d_z did not return for values around 1e-170 (their squares underflow: sd 0, d infinite)
    reference = function(X, Y)
    scaled = function(X * scale, Y * scale)
    assert scaled.estimate == pytest.approx(reference.estimate, rel=1e-9)
    assert scaled.ci_low == pytest.approx(reference.ci_low, rel=1e-6)
    assert scaled.ci_high == pytest.approx(reference.ci_high, rel=1e-6)


@pytest.mark.parametrize("scale", [1e-170, 1e-300, 1e300])
def test_paired_table_d_z_is_scale_free(scale):
    frame = pd.DataFrame({"a": X, "b": Y})
    reference = paired_effect_sizes(frame, [("a", "b")], measure="d_z").iloc[0]
    scaled = paired_effect_sizes(frame * scale, [("a", "b")], measure="d_z").iloc[0]
    assert np.isfinite(scaled["effect_size"])
    assert scaled["effect_size"] == pytest.approx(reference["effect_size"], rel=1e-9)
    assert scaled["ci_low"] == pytest.approx(reference["ci_low"], rel=1e-6)


@pytest.mark.parametrize("t_obs", [np.inf, -np.inf, np.nan])
def test_noncentral_inversion_refuses_non_finite_t(t_obs):
    with pytest.raises(ValueError, match="ci_method='normal'"):
        _noncentral_t_interval(t_obs, 4, 0.95)


def test_noncentral_inversion_of_huge_t_returns_or_refuses():
    try:
        low, high = _noncentral_t_interval(1e200, 4, 0.95)
    except ValueError as err:
        assert "ci_method='normal'" in str(err)
    else:
        assert low <= high
