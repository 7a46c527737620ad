"""Sample size: eq. 5.14 (SPOT getSampleSize) and the exact t iteration (R power.t.test)."""

import pytest

import algocompare as ac
from algocompare.samplesize._sample_size import sample_size

# Bartz-Beielstein et al.: Sect. 5.6.5 (148, 63), Sect. 5.7.1 (186), Sect. 5.8.1 (65), Sect. 5.8.3 (112)
CHAPTER = [
    (dict(delta=10, sd=30.73, alpha=0.025, power=0.8), 148.24, 149),
    (dict(delta=200, sd=450, alpha=0.05, power=0.8), 62.60, 63),
    (dict(delta=200, sd=450, alpha=0.025, power=0.99), 186.02, 187),
    (dict(delta=0.5, sd=1.14, alpha=0.05, power=0.8), 64.28, 65),   # "approximately 65 runs"
    (dict(delta=0.5, sd=1.5, alpha=0.05, power=0.8), 111.29, 112),  # "approximately 112 runs"
]


@pytest.mark.parametrize("kwargs, unrounded, required", CHAPTER)
def test_eq_5_14_chapter_values(kwargs, unrounded, required):
    res = sample_size(**kwargs)
    assert res.n == pytest.approx(unrounded, abs=0.005)
    assert res.n_required == required
    assert res.n_total == 2 * required
    assert res.achieved_power >= kwargs["power"]


def test_two_sided_uses_half_alpha_and_design_factor():
    two = sample_size(200, 450, alpha=0.05, power=0.8, alternative="two-sided")
    one = sample_size(200, 450, alpha=0.025, power=0.8)
    assert two.n == pytest.approx(one.n)
    paired = sample_size(200, 450, alpha=0.025, power=0.8, design="paired")
    assert paired.n == pytest.approx(one.n / 2)


def test_exact_matches_r_power_t_test():
    # power.t.test(power=0.9, delta=1, sd=2, sig.level=0.05, strict=TRUE, tol=1e-10)$n
    assert sample_size(1, 2, alpha=0.05, power=0.9, alternative="two-sided", method="exact").n == pytest.approx(
        85.03128414, abs=1e-6)
    # power.t.test(power=0.8, delta=0.5, sd=1.14, sig.level=0.05, type="paired", alternative="one.sided", tol=1e-10)$n
    res = sample_size(0.5, 1.14, alpha=0.05, power=0.8, method="exact", design="paired")
    assert res.n == pytest.approx(33.53445688, abs=1e-6)
    assert res.n_required == 34 and res.n_total == 34
    # power.t.test(delta=200, sd=450, sig.level=0.05, power=0.8, alternative="one.sided")$n = 63.28575612
    assert sample_size(200, 450, method="exact").n == pytest.approx(63.28575612, abs=1e-3)


def test_exact_is_smallest_n_reaching_power():
    res = sample_size(0.5, 1.5, method="exact")
    at = ac.power(0.5, 1.5, res.n_required)
    below = ac.power(0.5, 1.5, res.n_required - 1)
    assert at >= 0.8 > below
    assert res.achieved_power == pytest.approx(at)


def test_less_equals_greater():
    assert sample_size(-3, 4, alternative="less", method="exact").n == pytest.approx(sample_size(3, 4, method="exact").n)


@pytest.mark.parametrize("bad", [dict(delta=0), dict(sd=-1), dict(power=0.01), dict(method="spot"),
                                 dict(alpha=0), dict(alternative="one-sided")])
def test_bad_input(bad):
    kwargs = dict(delta=1, sd=1) | bad
    with pytest.raises(ValueError):
        sample_size(**kwargs)


def test_deprecated_sigma():
    with pytest.warns(DeprecationWarning, match="sd="):
        old = sample_size(200, sigma=450)
    new = sample_size(200, sd=450)
    assert old.n == new.n == sample_size(200, 450).n
    with pytest.warns(DeprecationWarning, match=r"\.sd"):
        assert new.sigma == 450
    assert "sigma" not in new.to_dict() and new.to_dict()["sd"] == 450
