"""Effect sizes against the chapter, pingouin, base R and effsize's published test values."""

import numpy as np
import pingouin as pg
import pytest

import algocompare as ac
from algocompare.effects._effect_size import hedges_correction

X = [3, 4, 6, 7, 5, 6, 7, 3, 5, 4, 2]  # pingouin's compute_esci example
Y = [4, 6, 6, 7, 6, 5, 5, 2, 3, 4, 1]
PX = np.array([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5, 2.2, 3.9, 4.4, 0.7])
PY = np.array([2.5, 1.9, 4.1, 3.3, 2.6, 1.1, 8.2, 1.4, 2.9, 4.6, 4.0, 1.3])
TREATMENT = [10, 10, 20, 20, 20, 30, 30, 30, 40, 50]  # effsize tests/testthat/testCliff.R
CONTROL = [10, 20, 30, 40, 40, 50]


def test_cohens_d_matches_pingouin_and_normal_ci():
    res = ac.cohens_d(X, Y, ci_method="normal")
    assert res.estimate == pytest.approx(pg.compute_effsize(X, Y, eftype="cohen"), rel=1e-12)
    ci = pg.compute_esci(res.estimate, nx=11, ny=11, eftype="cohen", decimals=12)
    assert (res.ci_low, res.ci_high) == pytest.approx(tuple(ci), abs=1e-10)


def test_cohens_d_noncentral_ci_matches_base_r():
    # base R: t <- t.test(a, b, var.equal=TRUE)$statistic; uniroot(function(ncp) pt(t, 20, ncp,
    # lower.tail=FALSE) - 0.025 (resp. 0.975), c(-10, 10), tol=1e-12)$root * sqrt(1/11 + 1/11)
    res = ac.cohens_d(X, Y)
    assert (res.ci_low, res.ci_high) == pytest.approx((-0.6851997241, 0.9889435785), abs=1e-8)


def test_hedges_g_eq_5_13_and_exact_j():
    assert ac.hedges_g(X, Y).estimate == pytest.approx(pg.compute_effsize(X, Y, eftype="hedges"), rel=1e-12)
    # chapter, CG vs NM, 100 runs each: d = 0.415 -> g = 0.4134 with J of eq. 5.13
    assert hedges_correction(198) * 0.415 == pytest.approx(0.4134, abs=5e-5)
    # exact J (Hedges 1981) is close to, and slightly different from, the approximation
    assert hedges_correction(20, "exact") == pytest.approx(hedges_correction(20), abs=1e-4)
    assert hedges_correction(20, "exact") != hedges_correction(20)
    exact = ac.hedges_g(X, Y, bias_correction="exact")
    assert exact.estimate / ac.cohens_d(X, Y).estimate == pytest.approx(hedges_correction(20, "exact"))


def test_d_z_and_d_prime():
    t = pg.ttest(PX, PY, paired=True)["T"].iloc[0]
    dz = ac.d_z(PX, PY)
    assert dz.estimate == pytest.approx(t / np.sqrt(12), rel=1e-12)
    # base R: d <- x - y; uniroot on pt(mean(d)/sd(d)*sqrt(12), 11, ncp, lower.tail=FALSE) = 0.025 / 0.975
    assert (dz.ci_low, dz.ci_high) == pytest.approx((-1.23115247411, 0.01134867974), abs=1e-7)
    assert ac.cohens_d_prime(PX, PY).estimate == pytest.approx(dz.estimate)
    # R: t.test(x, y, var.equal=TRUE)$statistic = -0.4631068045, n = 12 per algorithm
    unpaired = ac.cohens_d_prime(PX, PY, paired=False)
    assert unpaired.estimate == pytest.approx(-0.4631068045 / np.sqrt(12), abs=1e-9)
    assert unpaired.ci_low < unpaired.estimate < unpaired.ci_high


def test_cliffs_delta_effsize_reference():
    res = ac.cliffs_delta(TREATMENT, CONTROL)
    assert res.estimate == -0.25
    # effsize's testCliff.R prints the interval [-0.7265846, 0.3890062] for this example; it is
    # Cliff's interval with the unbiased (Cliff 1993) variance and a t critical value (effsize's defaults)
    assert (res.ci_low, res.ci_high) == pytest.approx((-0.7265846, 0.3890062), abs=5e-8)
    # effsize's comments give the consistent-variance terms 0.2669753, 0.447 and 1.0055556
    consistent = ac.cliffs_delta(TREATMENT, CONTROL, variance="consistent")
    expected_var = (5 * 0.2669753 + 9 * 0.447 + 1.0055556) / 60
    from algocompare.effects._effect_size import _cliff_variance
    assert _cliff_variance(np.array(TREATMENT, float), np.array(CONTROL, float), "consistent")[1] == pytest.approx(
        expected_var, abs=1e-7)
    assert consistent.ci_low < -0.25 < consistent.ci_high
    # effsize "Negligible differences": -0.06666
    assert ac.cliffs_delta([10, 20, 20, 20, 30, 30, 30, 40, 50, 100], CONTROL).estimate == pytest.approx(-1 / 15)


def test_cliffs_delta_matches_brute_force_and_disjoint_samples():
    rng = np.random.default_rng(7)
    a, b = rng.integers(0, 6, 40).astype(float), rng.integers(1, 7, 33).astype(float)
    assert ac.cliffs_delta(a, b).estimate == pytest.approx(np.sign(a[:, None] - b[None, :]).mean())
    res = ac.cliffs_delta([1, 2, 3], [7, 8, 9])
    assert res.estimate == -1 and res.ci_low == -1 and res.ci_high < 1


def test_a12_and_rank_biserial_match_pingouin():
    a12 = ac.vargha_delaney_a12(PX, PY)
    assert a12.estimate == pytest.approx(pg.wilcoxon(PX, PY)["CLES"].iloc[0])
    assert ac.vargha_delaney_a12(TREATMENT, CONTROL).estimate == pytest.approx(0.375)
    rbc = ac.rank_biserial(PX, PY, paired=True)
    assert rbc.estimate == pytest.approx(pg.wilcoxon(PX, PY)["RBC"].iloc[0], rel=1e-12)
    assert rbc.ci_low < rbc.estimate < rbc.ci_high
    mwu = pg.mwu(TREATMENT, CONTROL)
    # pingouin 0.7's mwu RBC has the same sign convention (x larger = positive)
    assert ac.rank_biserial(TREATMENT, CONTROL).estimate == pytest.approx(mwu["RBC"].iloc[0])


@pytest.mark.parametrize("func", [ac.cohens_d, ac.hedges_g, ac.cliffs_delta, ac.vargha_delaney_a12])
def test_independent_bad_input(func):
    with pytest.raises(ValueError, match="missing"):
        func([1.0, np.nan, 3.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        func([1.0], [1.0, 2.0])
    with pytest.raises(TypeError):
        func("abc", [1.0, 2.0])


def test_degenerate_inputs_raise():
    with pytest.raises(ValueError, match="standard deviation 0"):
        ac.cohens_d([1, 1, 1], [1, 1])
    with pytest.raises(ValueError, match="zero"):
        ac.rank_biserial([1, 2, 3], [1, 2, 3], paired=True)
    with pytest.raises(ValueError, match="ci_method"):
        ac.cohens_d(X, Y, ci_method="jackknife")  # "bootstrap" is an interval since issue 28


def test_confidence_level_sets_the_interval():
    wide, narrow = ac.cohens_d(X, Y, confidence_level=0.99), ac.cohens_d(X, Y, confidence_level=0.8)
    assert wide.confidence_level == 0.99 and narrow.confidence_level == 0.8
    assert wide.ci_low < narrow.ci_low < narrow.ci_high < wide.ci_high
    with pytest.raises(ValueError, match="confidence_level"):
        ac.d_z(PX, PY, confidence_level=95)


def test_vargha_delaney_a12_shows_cliffs_options():
    import inspect

    params = inspect.signature(ac.vargha_delaney_a12).parameters
    assert {"variance", "ci_distribution", "confidence_level"} <= set(params)
    assert all(p.kind is not p.VAR_KEYWORD for p in params.values())
    consistent = ac.vargha_delaney_a12(TREATMENT, CONTROL, variance="consistent", ci_distribution="normal")
    delta = ac.cliffs_delta(TREATMENT, CONTROL, variance="consistent", ci_distribution="normal")
    assert consistent.ci_low == pytest.approx((1 + delta.ci_low) / 2)


@pytest.mark.parametrize("func", [ac.cohens_d, ac.hedges_g, ac.d_z, ac.cohens_d_prime, ac.cliffs_delta,
                                  ac.vargha_delaney_a12, ac.rank_biserial])
def test_deprecated_confidence_parameter(func):
    with pytest.warns(DeprecationWarning, match="confidence_level="):
        old = func(PX, PY, confidence=0.9)
    new = func(PX, PY, confidence_level=0.9)
    assert (old.ci_low, old.ci_high, old.confidence_level) == (new.ci_low, new.ci_high, 0.9)
    with pytest.raises(TypeError, match="both"):
        func(PX, PY, confidence=0.9, confidence_level=0.9)


def test_deprecated_correction_parameter_and_confidence_field():
    with pytest.warns(DeprecationWarning, match="bias_correction="):
        old = ac.hedges_g(X, Y, correction="exact")
    assert old.estimate == ac.hedges_g(X, Y, bias_correction="exact").estimate
    res = ac.cohens_d(X, Y)
    with pytest.warns(DeprecationWarning, match=r"\.confidence_level"):
        assert res.confidence == 0.95
    assert "confidence" not in res.to_dict() and res.to_dict()["confidence_level"] == 0.95
    with pytest.raises(ValueError, match="bias_correction"):
        ac.hedges_g(X, Y, bias_correction="none")
