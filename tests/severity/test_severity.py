"""Severity against Bartz-Beielstein et al. (chapter numbers), SPOT's test values and base R."""

import json

import numpy as np
import pytest
from scipy import stats

import algocompare as ac
from algocompare.severity import severity, severity_analysis

REF = {  # tests/data/published_values.json, "bartz_beielstein_severity" (hard-coded here)
    "spot_golden": {"200": 0.007253771, "100": 0.4120704, "50": 0.8129686, "10": 0.9622798},
}


def test_cg_vs_nm():
    # Sect. 5.6.1/5.7.2: n = 100, mean 9.02, sd 30.73, alpha 0.025: d(y) = 2.93, p = 0.0017, reject,
    # severity 0.37 at Delta = 10, differences below 7 well supported
    res = severity(9.02, 30.73, 100, alpha=0.025, delta=10)
    assert res.statistic == pytest.approx(2.93, abs=0.01)
    assert res.pvalue == pytest.approx(0.0017, abs=5e-5)
    assert res.reject is True
    assert res.severity_at_delta == pytest.approx(0.37, abs=0.005)
    assert res.supported < 7 and res.severity(7) > 0.7
    # t version (published_values note): p = 0.0021
    assert severity(9.02, 30.73, 100, alpha=0.025, test="t").pvalue == pytest.approx(0.0021, abs=5e-5)


def test_spot_golden_values_mayo_p345():
    # SPOT tests/testthat/test.severityPower.R: spotSeverity(90, 0, mu1, 200, 450, 0.025, tdist=FALSE, paired=FALSE)
    res = severity(90, 450, 200, alpha=0.025, paired=False, test="z")
    mu1 = np.array([200, 100, 50, 10], float)
    expected = [REF["spot_golden"][k] for k in ("200", "100", "50", "10")]
    assert res.severity(mu1) == pytest.approx(expected, abs=1e-7)
    assert res.se == pytest.approx(45.0)


def test_spot_mayo_p348_non_rejection():
    # SPOT test.severityPower.R: xbar = 1.5 sigma/sqrt(n), n 100, sigma 10, alpha 0.025, paired, z:
    # severity 0.1586553 at mu1 = 0.5 and 0.8413447 at mu1 = 2.5 (Mayo reports 0.16 and 0.84)
    res = severity(1.5, 10, 100, alpha=0.025)
    assert res.reject is False
    assert res.severity([0.5, 2.5]) == pytest.approx([0.1586553, 0.8413447], abs=1e-7)


def test_high_power_example():
    # Sect. 5.7.1: SE 45, observed 90, alpha 0.025: printed p 0.0231 and severity 0.0075 at 200 are the t
    # values with df = 398 (R: 1 - pt(2, 398) = 0.02309, pt((90-200)/45, 398) = 0.007470291077)
    # the printed severity is the shifted central t's (sampling="shifted" since the non-central t became
    # the default of both curves, issue 25)
    res = severity(90, 450, 200, alpha=0.025, paired=False, test="t", delta=200, sampling="shifted")
    assert res.df == 398
    assert res.pvalue == pytest.approx(0.0231, abs=5e-5)
    assert res.severity_at_delta == pytest.approx(0.007470291077, abs=1e-10)
    assert res.severity(90) == pytest.approx(0.5)  # tau = ybar has severity 0.5 (Fig. 5.5)
    # power at 200 is the planned 0.99 (exact non-central t, n = 200 per arm > 186)
    exact = severity(90, 450, 200, alpha=0.025, paired=False, test="t", delta=200)
    assert exact.power_at_delta > 0.99
    # with df = 398 the two models nearly agree: R 1 - pt(2, 398, ncp = 200/45) = 0.007352...
    assert exact.severity_at_delta == pytest.approx(stats.nct.cdf(2, 398, 200 / 45), rel=1e-9)
    assert exact.severity_at_delta == pytest.approx(res.severity_at_delta, abs=2e-4)


def test_data_set_one_non_rejection():
    # Sect. 5.7.3, data set I: ybar = 1.0889, sd 10, n 100, alpha 0.05: p = 0.1381046, crosses 0.8 near tau = 2
    # ybar is printed to 4 decimals; +-5e-5 in ybar moves p by +-1.1e-5 (dp/dybar = phi(1.09) / se = 0.22)
    res = severity(1.0889, 10, 100, alpha=0.05, delta=2.5)
    assert res.pvalue == pytest.approx(0.1381046, abs=1.2e-5)
    assert res.reject is False
    assert res.severity(0.0) == pytest.approx(res.pvalue)      # S_nr(0) = p
    assert res.severity(1.0889) == pytest.approx(0.5)         # S_nr(ybar) = 0.5
    assert res.supported == pytest.approx(2.0, abs=0.1)
    assert res.severity(res.supported) == pytest.approx(0.8)


def test_data_set_two_rejection():
    # Sect. 5.7.3, data set II: 1 - p = 99.56 %, 80.84 % at tau = 1.75, 54.85 % at 2.5; 80 % reached near 1.75
    # ybar is printed as 2.62; the percentages imply 2.622 (published_values note), known to ~1e-3, which
    # moves the severities by up to ~4e-4
    res = severity(2.622, 10, 100, alpha=0.05)
    assert res.reject is True
    assert 1 - res.pvalue == pytest.approx(0.9956, abs=5e-5)
    assert res.severity([1.75, 2.5]) == pytest.approx([0.8084, 0.5485], abs=1e-4)
    assert res.severity(0.0) == pytest.approx(1 - res.pvalue)  # S_r(0) = 1 - p
    assert res.supported == pytest.approx(1.78, abs=0.01)


def test_t_test_pvalues_match_r_t_test():
    x = np.array([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5, 2.2, 3.9, 4.4, 0.7])
    y = np.array([2.5, 1.9, 4.1, 3.3, 2.6, 1.1, 8.2, 1.4, 2.9, 4.6, 4.0, 1.3])
    # R: t.test(x, y, paired=TRUE, alternative="greater") -> t = -2.1528029093, p = 0.9728094233
    res = severity_analysis(x, y, paired=True)
    assert (res.statistic, res.pvalue) == pytest.approx((-2.1528029093, 0.9728094233), abs=1e-9)
    # R: t.test(x, y, var.equal=TRUE, alternative="greater") -> t = -0.4631068045, p = 0.6760818288
    res = severity_analysis(x, y, paired=False)
    assert (res.statistic, res.pvalue) == pytest.approx((-0.4631068045, 0.6760818288), abs=1e-9)
    assert res.df == 22 and res.n == 12


def test_power_is_exact_non_central_t():
    res = severity(0.4, 1.0, 25, alpha=0.03, test="t")
    # power.t.test(n=25, delta=0.6, sd=1, sig.level=0.03, type="one.sample", alternative="one.sided")$power
    expected = stats.nct.sf(stats.t.isf(0.03, 24), 24, 0.6 * 5)
    assert res.power(0.6) == pytest.approx(expected, rel=1e-12)
    assert res.power(0.0) == pytest.approx(0.03)
    unpaired = severity(0.4, 1.0, 25, alpha=0.03, test="t", paired=False)
    assert unpaired.power(0.6) == pytest.approx(ac.power(0.6, 1.0, 25, alpha=0.03, design="two-sample"))


@pytest.mark.parametrize("test", ["z", "t"])
def test_less_mirrors_greater(test):
    up = severity(2.0, 3.0, 20, alternative="greater", test=test)
    down = severity(-2.0, 3.0, 20, alternative="less", test=test)
    assert down.pvalue == pytest.approx(up.pvalue)
    assert down.reject == up.reject
    tau = np.linspace(-1, 4, 11)
    assert down.severity(-tau) == pytest.approx(up.severity(tau))
    assert down.power(-tau) == pytest.approx(up.power(tau))
    assert down.supported == pytest.approx(-up.supported)


def test_two_sided_convention():
    res = severity(2.622, 10, 100, alternative="two-sided")
    assert res.pvalue == pytest.approx(2 * stats.norm.sf(2.622))
    assert res.severity(0.0) == pytest.approx(1 - res.pvalue)
    # symmetric in the discrepancy |tau - mu0|, decreasing in it
    assert res.severity(-1.5) == pytest.approx(res.severity(1.5))
    assert res.severity(2.0) < res.severity(1.0)
    assert res.severity(res.supported) == pytest.approx(0.8)
    keep = severity(0.5, 10, 100, alternative="two-sided", test="t")
    assert keep.reject is False
    assert keep.severity(0.0) == pytest.approx(keep.pvalue)


def test_curve_result_object_and_plot(tmp_path):
    import matplotlib
    matplotlib.use("Agg")
    res = severity(9.02, 30.73, 100, alpha=0.025, delta=10)
    curve = res.curve()
    assert list(curve.columns) == ["tau", "severity", "power"]
    assert np.all(np.diff(curve["severity"]) <= 1e-12)  # S_r decreases in tau
    json.dumps(res.to_dict(), allow_nan=False)
    assert "mean_difference" in res.to_frame().columns
    axes = res.plot()
    axes[0].figure.savefig(tmp_path / "severity.png")
    ax = severity(1.0889, 10, 100, delta=2.5, alternative="two-sided").plot(kind="curve")
    assert ax.get_xlabel().startswith("τ")


def test_top_level_call():
    assert ac.severity(9.02, 30.73, 100, alpha=0.025).pvalue == pytest.approx(0.0016664358907756158)


@pytest.mark.parametrize("bad", [dict(sd=0), dict(n=0), dict(alpha=2), dict(alternative="bigger"),
                                 dict(test="f"), dict(xbar=np.inf), dict(threshold=1)])
def test_bad_input(bad):
    kwargs = dict(xbar=1.0, sd=1.0, n=10) | bad
    with pytest.raises(ValueError):
        severity(**kwargs)


def test_analysis_table_and_input_checks():
    x = [3.1, 2.8, 4.0, 3.5, 2.9, 3.7, 3.3, 3.0]
    y = [2.5, 2.6, 3.1, 3.4, 2.2, 3.0, 3.1, 2.4]
    res = severity_analysis(x, y, delta=0.5)
    table = res.table()
    for row in ("mean difference", "sd", "n", "p-value", "decision", "Cohen's d", "power at Delta",
                "severity at Delta"):
        assert row in table.index
    assert res.cohens_d == pytest.approx(ac.cohens_d(x, y).estimate)
    assert res.d_z == pytest.approx(ac.d_z(x, y).estimate)
    with pytest.raises(ValueError, match="length"):
        severity_analysis(x, y[:-1])
    with pytest.raises(ValueError, match="missing"):
        severity_analysis(x[:-1] + [np.nan], y)
    unpaired = severity_analysis(x, y[:-2], paired=False, test="z")
    assert unpaired.n == pytest.approx(2 / (1 / 8 + 1 / 6))


# ------------------------------------------------------------------ issue 25, item 6: one sampling model
FEW = {"xbar": 2.0, "sd": 1.5, "n": 5, "alpha": 0.05, "test": "t", "delta": 1.5}  # 5 paired runs: df = 4, se = 0.6708


@pytest.mark.parametrize("alternative, xbar", [("greater", 2.0), ("less", -2.0), ("greater", 0.5)])
def test_severity_and_power_share_the_noncentral_t_by_default(alternative, xbar):
    res = severity(**{**FEW, "xbar": xbar}, alternative=alternative)
    assert res.sampling == "noncentral" and res.model == "noncentral t"
    se, df, d = res.se, res.df, res.statistic
    tau = np.linspace(-3, 4, 29)
    # both curves are probabilities of d(Y) = (Ybar - mu0)/se, non-central t with ncp = tau/se
    tail = stats.nct.cdf(d, df, tau / se) if alternative == "greater" else stats.nct.sf(d, df, tau / se)
    np.testing.assert_allclose(res.severity(tau), tail if res.reject else 1 - tail, rtol=1e-10, atol=1e-14)
    np.testing.assert_allclose(res.power(tau), ac.t_power(tau / se, df, 0.05, alternative=alternative), rtol=1e-12)
    # tau with severity 0.8: the root of the non-central t severity, found independently
    from scipy.optimize import brentq
    root = brentq(lambda t: float(res.severity(t)) - 0.8, -20, 20, xtol=1e-13)
    assert res.supported == pytest.approx(root, abs=1e-9)


def test_spot_shifted_t_stays_available_for_both_curves():
    res = severity(**FEW, sampling="shifted")
    se = res.se
    # SPOT: severity of tau > tau' is pt((ybar - tau)/se, df); its crossing ybar - qt(0.8, df) se
    assert res.supported == pytest.approx(2.0 - stats.t.ppf(0.8, 4) * se, rel=1e-12)
    assert res.severity(1.5) == pytest.approx(stats.t.cdf((2.0 - 1.5) / se, 4), rel=1e-12)
    assert res.power(1.5) == pytest.approx(stats.t.sf(stats.t.isf(0.05, 4) - 1.5 / se, 4), rel=1e-12)
    assert res.model == "shifted central t (SPOT)"
    # the taus with severity 0.8 under the two models: far apart with few runs (0.45 se here), which the
    # figure mixed before (shifted severity beside non-central power)
    default = severity(**FEW)
    assert res.supported == pytest.approx(1.36878, abs=1e-5) and default.supported == pytest.approx(1.06737, abs=1e-5)
    with pytest.raises(ValueError, match="sampling"):
        severity(**FEW, sampling="central")


def test_z_test_is_normal_under_either_model():
    a, b = severity(2.0, 1.5, 5, delta=1.5), severity(2.0, 1.5, 5, delta=1.5, sampling="shifted")
    assert a.supported == b.supported and a.severity_at_delta == b.severity_at_delta and a.model == "normal"


@pytest.mark.parametrize("sampling", ["noncentral", "shifted"])
def test_the_figure_draws_both_curves_and_densities_under_the_stated_model(sampling):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    res = severity(**FEW, sampling=sampling)
    density, curves = ac.plots.plot_severity(res)
    lines = {line.get_label(): line for line in curves.get_lines()}
    sev = next(line for label, line in lines.items() if label.startswith("severity ("))
    tau = np.asarray(sev.get_xdata(), float)
    np.testing.assert_allclose(sev.get_ydata(), res.severity(tau), rtol=1e-12)
    power = np.asarray(lines["power"].get_ydata(), float)
    keep = np.isfinite(power)
    np.testing.assert_allclose(power[keep], res.power(tau[keep]), rtol=1e-12)
    named = {"noncentral": "noncentral\u00a0t", "shifted": "shifted\u00a0t (SPOT)"}[sampling]
    for title in (curves.get_title(), density.get_title()):  # the model is kept whole (no-break space)
        assert title.replace("\n", " ").endswith("; " + named)
    # the density of ybar under tau = Delta is the model's (whose tail beyond the critical value is the power)
    h1 = next(line for line in density.get_lines() if line.get_label().startswith("τ = "))
    y, f = np.asarray(h1.get_xdata(), float), np.asarray(h1.get_ydata(), float)
    se, ncp = res.se, res.delta / res.se
    expected = stats.nct.pdf(y / se, res.df, ncp) / se if sampling == "noncentral" else \
        stats.t.pdf((y - res.delta) / se, res.df) / se
    np.testing.assert_allclose(f, expected, rtol=1e-9)
    tail = stats.nct.sf(res.critical_value, res.df, ncp) if sampling == "noncentral" else \
        stats.t.sf(res.critical_value - ncp, res.df)
    assert tail == pytest.approx(res.power_at_delta, rel=1e-9)
    plt.close("all")
