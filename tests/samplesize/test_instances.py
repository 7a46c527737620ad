"""calc_instances and instance_power_curve against base R's power.t.test with CAISEr 1.0's rules."""

import numpy as np
import pytest

from algocompare.samplesize._instances import calc_instances, instance_power_curve


@pytest.mark.parametrize("power, expected", [(0.7, 7), (0.8, 8), (0.9, 11)])
def test_thesis_section_4_2_2(power, expected):
    # Campelo & Takahashi thesis Sec. 4.2.2: d* = 1 gives 7, 8 and 11 instances; reproduced
    # with a one-sided paired t test at alpha = 0.05. R: ceiling(power.t.test(delta=1, sd=1,
    # sig.level=0.05, power=p, type="paired", alternative="one.sided")$n) -> 7, 8, 11
    # (unrounded 6.2738233522, 7.7276218386, 10.0810704050).
    res = calc_instances(1.0, power=power, alpha=0.05, alternative="greater")
    assert res.n_instances == expected
    assert isinstance(res.n_instances, int)


def test_single_comparison_unrounded_n():
    # R: power.t.test(delta=0.5, sd=1, sig.level=0.05, power=0.9, type="paired")$n = 43.9955247057433
    res = calc_instances(0.5, power=0.9, power_target="worst_case")
    # power.t.test solves with uniroot(tol = .Machine$double.eps^0.25 ~ 1.2e-4); we solve exactly.
    assert res.n_t == pytest.approx(43.9955247057433, abs=1.2e-4)
    assert res.n_instances == 44


# Reference: tests/reference/caiser_instances.R, CAISEr 1.0's calc_instances rules restated with
# base R, e.g.
#   N <- power.t.test(delta=d, sd=1, sig.level=alpha, power=power, type="paired")$n - 1
#   while (mean(p) < power) { N <- ceiling(N) + 1; p <- sapply(1:K, function(i)
#     power.t.test(delta=d, sd=1, n=N, sig.level=alpha/(K-i+1), type="paired")$power) }
#   ceiling(N * (1/0.86))                                    # and so on per target
CASES = [
    (dict(n_comparisons=10, d=0.5, power=0.9), 63,
     [0.849601163459, 0.858108982470, 0.867315755522, 0.877356655865, 0.888412768997,
      0.900735457601, 0.914689805049, 0.930838373084, 0.950117454408, 0.974201207684]),
    (dict(n_comparisons=10, d=0.5, power=0.9, test="wilcoxon"), 74, None),
    (dict(n_comparisons=10, d=0.5, power=0.9, test="wilcoxon", power_target="worst_case"), 83,
     [0.900888808665, 0.907181887340, 0.913926501690, 0.921201867671, 0.929111752357,
      0.937796227705, 0.947451428872, 0.958364241435, 0.970972453213, 0.985905556772]),
    (dict(n_comparisons=10, d=0.5, power=0.9, test="wilcoxon", power_target="median"), 76,
     [0.864163991816, 0.872087053503, 0.880639794464, 0.889941162343, 0.900149647464,
      0.911483787820, 0.924258268239, 0.938952192317, 0.956347692257, 0.977783065369]),
    (dict(n_comparisons=3, d=0.8, power=0.8, alternative="greater", test="sign"), 24,
     [0.762631538142, 0.821309977012, 0.902976151933]),
    (dict(n_comparisons=6, d=0.3, power=0.85, alpha=0.01, power_target="median"), 188,
     [0.819895269215, 0.834113766467, 0.850756289311, 0.870910450891, 0.896689525777, 0.933316730429]),
    (dict(n_comparisons=2, d=1.2, power=0.7, power_target="worst_case", test="sign"), 13,
     [0.702098566504, 0.827919755948]),
]


@pytest.mark.parametrize("kwargs, n, powers", CASES)
def test_against_r_caiser_rules(kwargs, n, powers):
    res = calc_instances(**kwargs)
    assert res.n_instances == n
    if powers is not None:
        np.testing.assert_allclose(res.power, powers, atol=1e-9)
        assert res.mean_power == pytest.approx(np.mean(powers), abs=1e-9)


def test_power_profile_fixed_benchmark():
    # R: sapply(1:10, function(i) power.t.test(delta=0.5, sd=1, n=ceiling(45/(1/0.86)),
    #    sig.level=0.05/(10-i+1), type="paired")$power)
    ref = [0.561092834087, 0.575993895118, 0.592684601455, 0.611614134130, 0.633422372654,
           0.659065761594, 0.690068412938, 0.729087245329, 0.781430885075, 0.860533496536]
    curve = instance_power_curve(45, [0.5], n_comparisons=10, test="wilcoxon")
    np.testing.assert_allclose(curve.power[0], ref, atol=1e-9)
    # R: power.t.test(n=10, delta=0.5, sd=1, sig.level=0.05, type="paired")$power = 0.292828567266819
    assert instance_power_curve(10, [0.5]).power[0, 0] == pytest.approx(0.292828567266819, abs=1e-10)
    # strict=TRUE counts both tails: 0.293175606514385
    assert instance_power_curve(10, [0.5], strict=True).power[0, 0] == pytest.approx(0.293175606514385, abs=1e-10)
    frame = instance_power_curve(30).to_frame()
    assert frame["mean_power"].is_monotonic_increasing


@pytest.mark.parametrize("kwargs", [dict(d=0), dict(d=-1), dict(d=0.5, power=1.2), dict(d=0.5, test="z"),
                                    dict(d=0.5, n_comparisons=0), dict(d=0.5, power_target="max"),
                                    dict(d=0.5, alternative="one.sided")])
def test_bad_input(kwargs):
    with pytest.raises((ValueError, TypeError)):
        calc_instances(**kwargs)


def test_result_object():
    res = calc_instances(0.5, n_comparisons=4)
    assert len(res.to_frame()) == 4
    assert "N* =" in str(res)
    assert res.to_dict()["n_instances"] == res.n_instances


def test_less_and_greater_are_the_one_sided_plan():
    for kwargs in (dict(), dict(n_comparisons=4, test="sign", power_target="median")):
        greater = calc_instances(0.6, alternative="greater", **kwargs)
        less = calc_instances(0.6, alternative="less", **kwargs)
        assert less.n_instances == greater.n_instances and less.alternative == "less"
        np.testing.assert_array_equal(less.power, greater.power)
    np.testing.assert_array_equal(instance_power_curve(20, [0.3, 0.6], alternative="less").power,
                                  instance_power_curve(20, [0.3, 0.6], alternative="greater").power)


def test_deprecated_spellings():
    with pytest.warns(DeprecationWarning, match="n_comparisons="):
        old = calc_instances(0.5, comparisons=3)
    assert old.n_instances == calc_instances(0.5, n_comparisons=3).n_instances
    with pytest.warns(DeprecationWarning, match=r"\.n_comparisons"):
        assert old.comparisons == 3
    assert "comparisons" not in old.to_dict() and old.to_dict()["n_comparisons"] == 3
    with pytest.warns(DeprecationWarning, match="alternative='greater'"):
        one = calc_instances(1.0, alternative="one-sided")
    assert one.alternative == "greater" and one.n_instances == 8
    with pytest.warns(DeprecationWarning):
        curve = instance_power_curve(30, [0.5], alternative="one-sided", comparisons=2)
    assert curve.alternative == "greater" and curve.n_comparisons == 2
    with pytest.warns(DeprecationWarning, match=r"\.n_comparisons"):
        assert curve.comparisons == 2
