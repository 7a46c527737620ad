"""calc_se against CAISEr 1.0's se_param formulas (restated in base R, tests/reference/caiser_se_nreps.R)."""

import numpy as np
import pytest

from algocompare.samplesize._standard_error import calc_se

X1 = [10.2, 11.5, 9.8, 10.9, 12.1, 10.4]
X2 = [13.1, 12.4, 15.0, 11.8, 14.2, 13.7, 12.9]
X3 = [9.0, 9.5, 8.7, 10.1]

# R (CAISEr 1.0 se_param restated): V <- sapply(Xk, var); M <- sapply(Xk, mean); ...
#   simple: M[a] - M[b], sqrt(V[a]/N[a] + V[b]/N[b])
#   all.vs.first perc: 1 - M[b]/M[a], sqrt(V[a]*(M[b]/M[a]^2)^2/N[a] + V[b]/M[a]^2/N[b])
#   all.vs.all perc: (M[a]-M[b])/mean(M), sqrt(C1*(V[a]/N[a]+V[b]/N[b]) + C2)
TWO = {
    ("simple", "all-vs-all"): (-2.483333333333334, 0.541419357462328),
    ("simple", "all-vs-one"): (-2.483333333333334, 0.541419357462328),
    ("perc", "all-vs-all"): (-0.2059433310297167, 0.0451374292621809),
    ("perc", "all-vs-one"): (-0.2295839753466873, 0.0551925710799401),
}
THREE = {
    ("simple", "all-vs-all"): ([-2.48333333333333, 1.49166666666667, 3.975],
                               [0.541419357462328, 0.466443398971884, 0.513305116726049]),
    ("perc", "all-vs-all"): ([-0.222775978071268, 0.133815100922004, 0.356591078993272],
                             [0.0487464088061628, 0.0419179084518260, 0.0465232558288350]),
    ("perc", "all-vs-one"): ([-0.229583975346687, 0.137904468412943],
                               [0.0551925710799401, 0.0398530147744551]),
}


@pytest.mark.parametrize("key", list(TWO))
def test_two_algorithms(key):
    dif, comparisons = key
    res = calc_se(X1, X2, dif=dif, method="param", comparisons=comparisons)
    assert isinstance(res.phi, float) and isinstance(res.se, float)
    assert res.phi == pytest.approx(TWO[key][0], abs=1e-12)
    assert res.se == pytest.approx(TWO[key][1], abs=1e-12)


@pytest.mark.parametrize("key", list(THREE))
def test_three_algorithms(key):
    dif, comparisons = key
    res = calc_se(X1, X2, X3, dif=dif, comparisons=comparisons)
    np.testing.assert_allclose(res.phi, THREE[key][0], atol=1e-12)
    np.testing.assert_allclose(res.se, THREE[key][1], atol=1e-12)


def test_full_delta_method_vs_thesis_eq13():
    # Thesis eq. 13 drops the covariance term: se = |phi2| sqrt(c1/n1 + c2/n2) with
    # c1 = s1^2 (phi1^-2 + xbar1^-2), c2 = s2^2 phi1^-2. The full delta method adds
    # 2 s1^2 phi1 / (xbar1^3 n1) inside the square (mu_b^2 = mu_a^2 + 2 mu_a phi1 + phi1^2).
    x1, x2 = np.array(X1), np.array(X2)
    m1, m2, v1, v2 = x1.mean(), x2.mean(), x1.var(ddof=1), x2.var(ddof=1)
    phi1 = m2 - m1
    thesis = abs(phi1 / m1) * np.sqrt(v1 * (phi1**-2 + m1**-2) / x1.size + v2 * phi1**-2 / x2.size)
    full = calc_se(X1, X2, dif="perc", comparisons="all-vs-one").se
    assert full**2 == pytest.approx(thesis**2 + 2 * v1 * phi1 / (m1**3 * x1.size), rel=1e-12)


def test_bootstrap_close_to_parametric_and_seeded():
    rng = np.random.default_rng(5)
    x1, x2 = rng.normal(10, 1, 80), rng.normal(12, 2, 120)
    boot = calc_se(x1, x2, dif="simple", method="boot", n_resamples=4000, rng=1)
    param = calc_se(x1, x2, dif="simple")
    assert boot.se == pytest.approx(param.se, rel=0.05)
    assert boot.phi == param.phi
    assert calc_se(x1, x2, method="boot", rng=3).se == calc_se(x1, x2, method="boot", rng=3).se


def test_zero_variance_gives_zero_se():
    assert calc_se([1.0, 1.0, 1.0], [2.0, 2.0]).se == 0.0


@pytest.mark.parametrize("args, kwargs", [(([1.0], [1.0, 2.0]), {}), (([1.0, np.nan], [1.0, 2.0]), {}),
                                          (([1.0, 2.0], [1.0, 2.0]), {"dif": "ratio"}),
                                          (([1.0, 2.0], [1.0, 2.0]), {"method": "exact"}),
                                          (("ab", [1.0, 2.0]), {})])
def test_bad_input(args, kwargs):
    with pytest.raises((ValueError, TypeError)):
        calc_se(*args, **kwargs)


@pytest.mark.parametrize("comparisons, samples", [
    ("all-vs-one", ([1.0, -1.0, 2.0, -2.0], [1.0, 2.0, 3.0])),   # mu_a = 0
    ("all-vs-all", ([1.0, -1.0, 3.0, -3.0], [-2.0, 2.0, -1.0, 1.0])),  # mean of the means = 0
])
@pytest.mark.parametrize("method", ["param", "boot"])
def test_percent_difference_of_a_zero_reference_is_refused(comparisons, samples, method):
    # Before: phi = -inf (or nan) and se reported as 0, i.e. "converged".
    with pytest.raises(ValueError, match="percent difference is undefined"):
        calc_se(*samples, dif="perc", comparisons=comparisons, method=method, rng=1)


def test_calc_nreps_refuses_percent_differences_of_a_zero_reference():
    from algocompare.experiment import calc_nreps

    algorithms = {"zero": lambda instance, rng: 0.0, "b": lambda instance, rng: rng.normal(1, 1)}
    # Before: se = 0 after n0 runs and the sampling stopped as if it had converged.
    with pytest.raises(ValueError, match="percent difference is undefined"):
        calc_nreps("i", algorithms, se_max=0.05, dif="perc", comparisons="all-vs-one", n0=3,
                   progress=False, rng=1)


def test_deprecated_all_vs_first():
    with pytest.warns(DeprecationWarning, match="comparisons='all-vs-one'"):
        old = calc_se(X1, X2, X3, dif="perc", comparisons="all-vs-first")
    new = calc_se(X1, X2, X3, dif="perc", comparisons="all-vs-one")
    np.testing.assert_array_equal(old.se, new.se)
    assert old.comparisons == "all-vs-one"
    from algocompare.experiment import calc_nreps

    def a(instance, rng):
        return rng.normal(10, 1)

    def b(instance, rng):
        return rng.normal(12, 2)

    with pytest.warns(DeprecationWarning, match="all-vs-one"):
        res = calc_nreps("i", [a, b], se_max=0.5, n0=5, comparisons="all-vs-first", rng=1)
    assert res.comparisons == "all-vs-one"
