"""The Bayesian area speaks the package's vocabulary (algocompare._options); old spellings warn."""

from __future__ import annotations

import inspect

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare._options import ALTERNATIVES

TABLE_FUNCTIONS = [ac.bayesian_pairwise, ac.bayesian_friedman]
RNG_FUNCTIONS = [ac.bayesian_sign, ac.bayesian_signed_rank, ac.bayesian_pairwise, ac.bayesian_friedman,
                 ac.idp_wilcoxon, ac.bayesian_multiple_measures]
CLEAR = np.random.default_rng(0).normal(size=(40, 4)) + np.array([0, 1, 2, 3])


@pytest.mark.parametrize("function", TABLE_FUNCTIONS, ids=lambda f: f.__name__)
def test_table_functions_take_the_shared_options_keyword_only(function):
    parameters = inspect.signature(function).parameters
    for name, default in (("rng", None), ("nan_policy", "raise"), ("direction", None)):
        assert parameters[name].kind is inspect.Parameter.KEYWORD_ONLY, name
        assert parameters[name].default == default, name


@pytest.mark.parametrize("function", RNG_FUNCTIONS, ids=lambda f: f.__name__)
def test_rng_is_keyword_only(function):
    assert inspect.signature(function).parameters["rng"].kind is inspect.Parameter.KEYWORD_ONLY


def test_friedman_alpha_and_its_deprecated_gamma():
    new = ac.bayesian_friedman(CLEAR, alpha=0.01)
    assert new.alpha == 0.01 and "alpha" in new.to_dict() and "gamma" not in new.to_dict()
    with pytest.warns(DeprecationWarning, match="gamma=.*alpha="):
        old = ac.bayesian_friedman(CLEAR, gamma=0.01)
    assert old.to_dict() == new.to_dict()
    with pytest.raises(TypeError, match="both"):
        ac.bayesian_friedman(CLEAR, gamma=0.01, alpha=0.01)
    with pytest.raises(ValueError, match="alpha"):
        ac.bayesian_friedman(CLEAR, alpha=1.5)


def test_friedman_deprecated_fields_return_the_new_ones():
    result = ac.bayesian_friedman(CLEAR)
    with pytest.warns(DeprecationWarning, match=r"\.gamma.*\.alpha"):
        assert result.gamma == result.alpha
    with pytest.warns(DeprecationWarning, match=r"\.credible_level.*\.null_level"):
        assert result.credible_level == result.null_level
    assert "credible_level" not in result.to_dict() and "null_level" in result.to_dict()


@pytest.mark.parametrize("method", ["asymptotic", "sampling"])
def test_friedman_rejects_when_the_null_point_is_beyond_the_credible_level(method):
    balanced = np.array([np.roll([1.0, 2, 3, 4], k) for k in range(4)] * 5)
    for data in (CLEAR, balanced, CLEAR[:12] * [1, 0.2, 0.1, 0.05]):
        result = ac.bayesian_friedman(data, method=method, n_samples=4000, rng=1)
        assert 0.0 <= result.null_level <= 1.0
        if abs(result.null_level - (1 - result.alpha)) > 1e-3:  # away from the boundary
            assert result.reject == (result.null_level > 1 - result.alpha)


def test_idp_p_lower_p_upper_and_deprecated_lower_upper():
    result = ac.idp_wilcoxon([1.0, 2.0, 1.5, 0.5, 1.2, 0.8], [2.5, 3.0, 2.2, 1.9, 2.8, 3.1], n_samples=2000, rng=0)
    assert result.p_lower <= result.p_upper
    assert {"p_lower", "p_upper"} <= set(result.to_dict()) and "lower" not in result.to_dict()
    with pytest.warns(DeprecationWarning, match=r"\.lower.*\.p_lower"):
        assert result.lower == result.p_lower
    with pytest.warns(DeprecationWarning, match=r"\.upper.*\.p_upper"):
        assert result.upper == result.p_upper


def test_idp_nan_policy_records_the_dropped_values():
    x = pd.Series([1.0, np.nan, 1.5, 0.5, 1.2, 0.8], index=[f"a{i}" for i in range(6)])
    y = pd.Series([2.5, 3.0, 2.2, np.nan, 2.8, np.nan], index=[f"b{i}" for i in range(6)])
    with pytest.raises(ValueError, match="nan_policy='omit'"):
        ac.idp_wilcoxon(x, y, n_samples=500, rng=0)
    result = ac.idp_wilcoxon(x, y, n_samples=500, rng=0, nan_policy="omit")
    assert result.dropped_values == {"x": ("a1",), "y": ("b3", "b5")}
    assert result.to_dict()["dropped_values"] == {"x": ["a1"], "y": ["b3", "b5"]}
    by_hand = ac.idp_wilcoxon(x.dropna(), y.dropna(), n_samples=500, rng=0)
    assert by_hand.to_dict() == dict(result.to_dict(), dropped_values={"x": [], "y": []})


def test_glrt_alternative_is_in_the_vocabulary():
    x = np.array([[1, 1], [1, 2], [2, 1], [0, 0], [1, 1]])
    y = np.array([[2, 2], [2, 3], [3, 2], [1, 1], [0, 0]])
    assert ac.multiple_measures_test(x, y).alternative == "greater" in ALTERNATIVES


def test_plot_simplex_rng_opacity_and_deprecated_seed_alpha():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    result = ac.bayesian_signed_rank(np.arange(12.0), np.arange(12.0) + np.linspace(-1, 2, 12), rope=0.5,
                                     n_samples=3000, rng=0)
    new = ac.plots.plot_simplex(result, n_points=200, rng=4, opacity=0.5)
    with pytest.warns(DeprecationWarning, match="seed=.*rng="):
        old = ac.plots.plot_simplex(result, n_points=200, seed=4)
    with pytest.warns(DeprecationWarning, match="alpha=.*opacity="):
        faded = result.plot(n_points=200, alpha=0.5)
    points = [ax.collections[0].get_offsets() for ax in (new, old)]
    np.testing.assert_array_equal(*points)
    assert new.collections[0].get_alpha() == faded.collections[0].get_alpha() == 0.5
    plt.close("all")
