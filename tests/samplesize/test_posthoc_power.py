"""posthoc_power: the simulated procedure is posthoc's, its power matches an independent simulation,
and with k = 2 its N agrees with calc_instances(test="wilcoxon")."""

import numpy as np
import pandas as pd
import pytest
from scipy import integrate, stats

import algocompare as ac
from algocompare.samplesize._posthoc_power import (
    _Design,
    _least_favourable,
    _Procedure,
    means_for_mean_ranks,
    posthoc_power,
)

NAMES = ["A1", "A2", "A3", "A4", "A5"]


def _tables(seed=7, n_sim=60, n=12):
    return _Design(np.array([0, 0, 0.5, 1, 1.0]), 1.0, 1.0, 1, "normal", None, seed, n_sim).tables(n)


@pytest.mark.parametrize("p_adjust", [None, "holm", "bonferroni", "nemenyi", "shaffer", "bergmann", "hochberg"])
@pytest.mark.parametrize("control", [None, "A1"])
@pytest.mark.parametrize("rounded", [False, True])
def test_vectorised_friedman_takes_posthocs_decisions(p_adjust, control, rounded):
    if control is not None and p_adjust in ("shaffer", "bergmann"):
        pytest.skip("all-pairs adjustments")
    tables = _tables()
    if rounded:  # ties within instances: the permutation standard error's tie-aware branch
        tables = np.round(tables)
    procedure = _Procedure("friedman", control, p_adjust, 0.05, None, {})
    assert procedure.vectorised
    fast = procedure.decisions(tables, NAMES)
    loop = np.stack([ac.posthoc(pd.DataFrame(t, columns=NAMES), test="friedman", control=control,
                                p_adjust=p_adjust).table["reject"].to_numpy(bool) for t in tables])
    np.testing.assert_array_equal(fast, loop)
    assert 0 < fast.mean() < 1  # the comparison means something


def test_omnibus_gate_is_friedman_first():
    tables = _tables(n_sim=60)
    gated = _Procedure("friedman", None, "holm", 0.05, "friedman", {}).decisions(tables, NAMES)
    expected = []
    for t in tables:
        frame = pd.DataFrame(t, columns=NAMES)
        reject = ac.posthoc(frame).table["reject"].to_numpy(bool)
        expected.append(reject & (ac.friedman(frame).pvalue <= 0.05))
    np.testing.assert_array_equal(gated, np.stack(expected))


def test_common_random_numbers_across_n():
    design = _Design(np.array([0, 1.0, 2.0]), 1.0, 0.5, 3, "least_favourable", None, 11, 50)
    np.testing.assert_array_equal(design.tables(30)[:, :17], design.tables(17))


def _brute_force(means, n, n_sim, test, seed):
    """Our own draws (not the package's design), posthoc on each table: all-pairs and any-pair power."""
    rng = np.random.default_rng(seed)
    names = [f"A{j + 1}" for j in range(len(means))]
    a, b = np.triu_indices(len(means), 1)
    true = means[a] != means[b]
    all_hits = any_hits = 0
    for _ in range(n_sim):
        table = means + rng.normal(size=(n, 1)) + rng.normal(size=(n, len(means)))
        reject = ac.posthoc(pd.DataFrame(table, columns=names), test=test).table["reject"].to_numpy()[true]
        all_hits += reject.all()
        any_hits += reject.any()
    return all_hits / n_sim, any_hits / n_sim


@pytest.mark.parametrize("test, n_sim", [
    ("friedman", 600),
    pytest.param("wilcoxon", 1000, marks=pytest.mark.slow),
])
def test_power_agrees_with_an_independent_brute_force_simulation(test, n_sim):
    means, n = np.array([0.0, 0.0, 0.6, 0.6]), 15
    all_power, any_power = _brute_force(means, n, n_sim, test, 2024)
    res = posthoc_power(means, n_instances=n, test=test, n_sim=n_sim, rng=5)
    se = np.sqrt(2 * 0.25 / n_sim)  # s.e. of a difference of two independent estimates, at most
    assert abs(res.all_power[0] - all_power) < 3 * se
    assert abs(res.any_power[0] - any_power) < 3 * se


def test_null_design_fwer_is_at_most_alpha():
    res = posthoc_power([0, 0, 0, 0], n_instances=[10, 30], n_sim=2000, rng=3)
    assert np.all(np.isnan(res.all_power)) and np.all(np.isnan(res.any_power))
    se = np.sqrt(0.05 * 0.95 / 2000)
    assert np.all(res.fwer <= 0.05 + 3 * se)
    assert np.all(res.fwer > 0.01)  # Holm on Friedman z: conservative, but not dead


def test_search_finds_the_first_n_reaching_the_target():
    res = posthoc_power([0, 1, 2], target_power=0.8, n_sim=300, rng=9)
    frame = res.to_frame().set_index("n_instances")
    assert frame.loc[res.n_required, "all_power"] >= 0.8
    assert frame.loc[res.n_required - 1, "all_power"] < 0.8  # bisection ends on neighbours


def test_unreachable_target_gives_none():
    res = posthoc_power([0, 0.01], target_power=0.9, n_max=8, n_sim=50, rng=1)
    assert res.n_required is None
    assert "no N up to 8" in str(res)


@pytest.mark.slow
def test_two_algorithms_agree_with_calc_instances_wilcoxon():
    # calc_instances(test="wilcoxon") inflates the t test's N by 1/0.86, the Wilcoxon test's least
    # efficiency (Hodges & Lehmann 1956); on those least favourable errors the simulated Wilcoxon N
    # agrees within one instance. The unrounded rule (power_target="worst_case", the same for one
    # comparison) is compared: the default "mean" rule rounds the t test's N up before inflating it,
    # one instance more here (18 against 17 for d = 0.8).
    d = 0.8
    expected = ac.calc_instances(d, power=0.8, test="wilcoxon", power_target="worst_case").n_instances
    means = [0.0, d * np.sqrt(2.0)]  # d = (mean_b - mean_a) / (sd sqrt(2)), sd = 1
    res = posthoc_power(means, target_power=0.8, test="wilcoxon", errors="least_favourable", n_sim=2000, rng=1)
    assert abs(res.n_required - expected) <= 1


@pytest.mark.slow
def test_two_algorithms_normal_errors_need_fewer_instances():
    # On normal errors the Wilcoxon test is more efficient (3/pi) than calc_instances assumes (0.86).
    expected = ac.calc_instances(1.0, power=0.8, test="wilcoxon").n_instances  # 12
    res = posthoc_power([0.0, np.sqrt(2.0)], n_instances=[expected - 2, expected], test="wilcoxon",
                        n_sim=600, rng=4)
    assert res.all_power[1] > 0.8 + 2 * res.mc_se(res.all_power[1])


def test_least_favourable_errors_have_the_stated_density():
    x = _least_favourable(np.random.default_rng(0).random(200_000))
    root5 = np.sqrt(5.0)

    def cdf(t):
        return integrate.quad(lambda u: 3 * (5 - u * u) / (20 * root5), -root5, min(max(t, -root5), root5))[0]

    assert stats.kstest(x[:5000], np.vectorize(cdf)).pvalue > 0.01
    assert np.var(x) == pytest.approx(1.0, abs=0.01)
    assert np.max(np.abs(x)) <= root5


def test_mean_ranks_pattern_gives_those_expected_ranks():
    target = np.array([1.6, 2.2, 2.8, 3.4])
    means = means_for_mean_ranks(target, sd=1.0, runs=2)
    rng = np.random.default_rng(1)
    table = means + rng.normal(size=(200_000, 1)) + rng.normal(size=(200_000, 4, 2)).mean(axis=2)
    np.testing.assert_allclose(stats.rankdata(table, axis=1).mean(axis=0), target, atol=0.01)


def test_generator_and_differs():
    def generator(rng, n):
        return rng.exponential(size=(n, 3)) * np.array([1.0, 1.0, 3.0])

    differs = np.array([[0, 0, 1], [0, 0, 1], [1, 1, 0]], dtype=bool)
    res = posthoc_power(generator=generator, k=3, differs=differs, n_instances=25, n_sim=100, rng=2)
    assert list(res.pair_power.columns) == ["A1 vs A2", "A1 vs A3", "A2 vs A3"]
    assert res.pair_power.iloc[0, 1] > 0.5 and res.fwer[0] < 0.2


def test_result_exports():
    res = posthoc_power([0, 0.5, 1], n_instances=[8, 16], n_sim=50, rng=1, algorithms=["a", "b", "c"])
    assert res.kind == "power"
    assert list(res.to_frame().columns) == ["n_instances", "any_power", "any_se", "all_power", "all_se", "fwer",
                                            "fwer_se"]
    assert "simulated tables per N" in str(res)
    assert res.to_dict()["algorithms"] == ["a", "b", "c"]


@pytest.mark.parametrize("kwargs, error, words", [
    ({}, TypeError, "exactly one effect pattern"),
    ({"means": [0, 1], "mean_ranks": [1.5, 1.5]}, TypeError, "exactly one"),
    ({"means": [0, 1]}, TypeError, "n_instances= "),
    ({"means": [0, 1], "n_instances": 1}, ValueError, ">= 2"),
    ({"means": [0, 1], "n_instances": 5, "control": "best"}, ValueError, "fixed family"),
    ({"means": [0, 1], "n_instances": 5, "errors": "cauchy"}, ValueError, "errors"),
    ({"mean_ranks": [1.0, 3.0], "n_instances": 5}, ValueError, "k(k+1)/2"),
    ({"generator": lambda rng, n: rng.normal(size=(n, 2)), "n_instances": 5}, TypeError, "k="),
    ({"means": [0, 1], "n_instances": 5, "test": "nope"}, ValueError, "nope"),
    ({"means": [0, 1], "n_instances": 5, "omnibus": "anova"}, ValueError, "omnibus"),
    ({"means": [0, 1], "n_instances": 5, "test": "dunn"}, ValueError, "block test"),
])
def test_bad_input(kwargs, error, words):
    with pytest.raises(error, match=None) as info:
        posthoc_power(**kwargs)
    assert words in str(info.value)
