"""Power of z and t tests against base R's power.t.test and eq. 5.9 (Bartz-Beielstein et al.)."""

import numpy as np
import pytest
from scipy import stats

import algocompare as ac
from algocompare.effects._power import power, power_curve, t_power, z_power

# (kwargs, R value); each from base R 4.x, options(digits=10)
R_POWER = [
    # power.t.test(n=20, delta=1, sd=2, sig.level=0.05, type="two.sample", alternative="two.sided", strict=TRUE)
    (dict(delta=1, sd=2, n=20, alternative="two-sided", design="two-sample"), 0.3379390289),
    # power.t.test(n=15, delta=0.8, sd=1.5, sig.level=0.05, type="paired", alternative="one.sided")
    (dict(delta=0.8, sd=1.5, n=15, alternative="greater", design="paired"), 0.6253119895),
    # power.t.test(n=12, delta=0.5, sd=1, sig.level=0.01, type="one.sample", alternative="two.sided", strict=TRUE)
    (dict(delta=0.5, sd=1, n=12, alpha=0.01, alternative="two-sided", design="one-sample"), 0.1373470614),
    # power.t.test(n=50, delta=0.3, sd=1, sig.level=0.025, type="two.sample", alternative="one.sided")
    (dict(delta=0.3, sd=1, n=50, alpha=0.025, alternative="greater", design="two-sample"), 0.317517119),
    # power.t.test(n=8, delta=0.1, sd=1, sig.level=0.05, type="two.sample", alternative="two.sided", strict=TRUE)
    (dict(delta=0.1, sd=1, n=8, alternative="two-sided", design="two-sample"), 0.05400141102),
]


@pytest.mark.parametrize("kwargs, expected", R_POWER)
def test_t_power_matches_r_power_t_test(kwargs, expected):
    assert power(test="t", **kwargs) == pytest.approx(expected, abs=1e-9)


def test_less_mirrors_greater():
    assert power(-0.8, 1.5, 15, alternative="less", design="paired") == pytest.approx(0.6253119895, abs=1e-9)


def test_z_power_is_eq_5_9():
    # eq. 5.9: 1 - Phi(u_{1-alpha} - (mu1 - mu0) / (sigma / sqrt(n))); CG vs NM planning values
    expected = 1 - stats.norm.cdf(stats.norm.ppf(0.975) - 10 / (30.73 / np.sqrt(100)))
    assert power(10, 30.73, 100, alpha=0.025, test="z", design="one-sample") == pytest.approx(expected, rel=1e-12)


def test_spot_power_formula_two_arms():
    # SPOT spotPower(alpha, mu0, mu1, n, sigma) = 1 - pnorm(qnorm(1-alpha) + (mu0-mu1)*sqrt(n)/sigma) with the
    # sd of the difference sigma*sqrt(2): high-power example (alpha 0.025, n 186 per arm, sigma 450, Delta 200)
    got = power(200, 450, 186.02125, alpha=0.025, test="z", design="two-sample")
    assert got == pytest.approx(0.99, abs=1e-6)


def test_vectorised_and_primitives_agree():
    deltas = np.array([0.0, 0.5, 1.0])
    out = power(deltas, 1.0, [10, 20, 30], design="paired", alternative="two-sided")
    assert out.shape == (3,)
    assert out[0] == pytest.approx(0.05, abs=1e-12)
    assert out[2] == pytest.approx(t_power(np.sqrt(30), 29, 0.05, alternative="two-sided"))
    assert z_power(0.0, 0.05, alternative="greater") == pytest.approx(0.05)


def test_power_curve_table_and_figure(tmp_path):
    pc = power_curve(sd=450, n=(40, 80, 160), alpha=0.05)
    mat = pc.matrix()
    assert list(mat.columns) == [40, 80, 160]
    assert (np.diff(mat.to_numpy(), axis=0) >= -1e-12).all()  # power grows with delta
    assert (mat[160] >= mat[40] - 1e-12).all()                # and with n
    import matplotlib
    matplotlib.use("Agg")
    ax = pc.plot()
    ax.figure.savefig(tmp_path / "power.png")
    assert ac.power_curve(sd=1, n=30, delta=[0.5], design="paired").to_frame().shape == (1, 3)


@pytest.mark.parametrize("bad", [dict(sd=0), dict(n=0.5), dict(alpha=1.5), dict(alternative="two.sided"),
                                 dict(test="f"), dict(design="paired-ish"), dict(delta=np.nan)])
def test_bad_input(bad):
    kwargs = dict(delta=1, sd=1, n=10) | bad
    with pytest.raises(ValueError):
        power(**kwargs)


def test_one_sided_by_definition_defaults():
    # the power of the severity test T(alpha) is one-sided by default; the primitives are two-sided
    import inspect

    for func in (ac.power, ac.power_curve, ac.sample_size, ac.severity.severity, ac.severity_from_se,
                 ac.severity_analysis):
        assert inspect.signature(func).parameters["alternative"].default == "greater", func.__name__
    for func in (ac.z_power, ac.t_power, ac.calc_instances, ac.instance_power_curve, ac.run_experiment):
        assert inspect.signature(func).parameters["alternative"].default == "two-sided", func.__name__
    from algocompare._options import ALTERNATIVES

    assert ac.ALTERNATIVES == ALTERNATIVES
    with pytest.raises(ValueError, match="alternative"):
        z_power(1.0, 0.05, alternative="one-sided")
