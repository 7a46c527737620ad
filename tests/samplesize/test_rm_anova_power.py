"""rm_anova_power against pingouin's power_rm_anova (G*Power's convention) and a simulation of rm_anova."""

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.samplesize._rm_anova_power import rm_anova_power


def test_pingouin_docstring_values():
    # pingouin 0.5-0.7 power_rm_anova docstring: power 0.8913 (eta2 0.1, m 3, n 20), n 15.9979 (power 0.8),
    # eta-squared 0.0680 (n 20, m 4, power 0.8), power 0.99 and 0.771 (eta2 0.346, m 4, n 9, eps 0.694, corr -0.1996)
    assert rm_anova_power(eta_squared=0.1, k=3, n_instances=20).power == pytest.approx(0.8913, abs=5e-5)
    assert rm_anova_power(eta_squared=0.1, k=3, power=0.8).n_instances == pytest.approx(15.9979, abs=5e-5)
    assert rm_anova_power(k=4, n_instances=20, power=0.8).eta_squared == pytest.approx(0.0680, abs=5e-5)
    assert rm_anova_power(eta_squared=0.346, k=4, n_instances=9, epsilon=0.694).power == pytest.approx(0.99, abs=5e-3)
    assert rm_anova_power(eta_squared=0.346, k=4, n_instances=9, epsilon=0.694,
                          corr=-0.1996).power == pytest.approx(0.771, abs=5e-4)


@pytest.mark.parametrize("eta, k, n, corr, eps", [(0.05, 3, 30, 0.5, 1.0), (0.02, 5, 50, 0.8, 0.7),
                                                  (0.2, 2, 8, 0.0, 1.0), (0.1, 10, 12, 0.3, 0.4)])
def test_same_as_pingouin(eta, k, n, corr, eps):
    pingouin = pytest.importorskip("pingouin")
    expected = pingouin.power_rm_anova(eta_squared=eta, m=k, n=n, corr=corr, epsilon=eps)
    assert rm_anova_power(eta_squared=eta, k=k, n_instances=n, corr=corr, epsilon=eps).power == pytest.approx(
        expected, rel=1e-9)
    n_pg = pingouin.power_rm_anova(eta_squared=eta, m=k, power=0.8, corr=corr, epsilon=eps)
    assert rm_anova_power(eta_squared=eta, k=k, power=0.8, corr=corr, epsilon=eps).n_instances == pytest.approx(
        n_pg, rel=1e-6)


@pytest.mark.parametrize("means, n, tau, power_expected_range", [
    (np.array([0.0, 0.3, 0.6, 0.6]), 12, 1.0, (0.15, 0.95)),
    (np.zeros(3), 10, 2.0, None),  # the null: size alpha
])
def test_power_is_rm_anovas_rejection_rate(means, n, tau, power_expected_range):
    # y_ij = mu_j + tau u_i + e_ij, e ~ N(0, 1): sigma^2 = tau^2 + 1, rho = tau^2 / (tau^2 + 1), f = sd(mu)/sigma.
    rng = np.random.default_rng(28)
    n_sim, k = 800, means.size
    sigma = np.sqrt(tau**2 + 1.0)
    tables = means + tau * rng.normal(size=(n_sim, n, 1)) + rng.normal(size=(n_sim, n, k))
    rate = np.mean([ac.rm_anova(pd.DataFrame(t)).pvalue <= 0.05 for t in tables])
    f = float(np.std(means) / sigma)
    if f == 0:
        expected = 0.05
    else:
        expected = rm_anova_power(f, k=k, n_instances=n, corr=tau**2 / sigma**2).power
        assert power_expected_range[0] < expected < power_expected_range[1]
    assert abs(rate - expected) < 3 * np.sqrt(expected * (1 - expected) / n_sim)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"k": 3, "n_instances": 10}, TypeError, "exactly two"),
    ({"f": 0.2, "eta_squared": 0.1, "k": 3, "n_instances": 10}, TypeError, "not both"),
    ({"f": 0.2, "k": 3, "n_instances": 10, "corr": 1.0}, ValueError, "corr"),
    ({"f": 0.2, "k": 3, "n_instances": 10, "epsilon": 0.0}, ValueError, "epsilon"),
    ({"f": 0.2, "k": 3, "power": 0.01}, ValueError, "exceed alpha"),
    ({"f": 0.2, "k": 1, "power": 0.8}, ValueError, "k"),
])
def test_bad_input(kwargs, error, words):
    with pytest.raises(error) as info:
        rm_anova_power(**kwargs)
    assert words in str(info.value)
