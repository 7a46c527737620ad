"""k-sample tests on the runs of one instance: kruskal_wallis, anderson_darling, one_way_anova, welch_anova.

Reference values: R 4.2.2 (kruskal.test, oneway.test) and kSamples 1.2-9 (ad.test, ad.pval),
printed by tests/reference/k_sample.R into tests/frequentist/k_sample_reference.py; scipy 1.17
(kruskal, f_oneway, anderson_ksamp) as an independent implementation.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.frequentist._ad_pvalue import ad_asymptotic_pvalue
from tests.frequentist.k_sample_reference import AD_PVAL, AD_SIMULATED, DATASETS, REFERENCE

NAMES = sorted(DATASETS)


@pytest.mark.parametrize("name", NAMES)
def test_kruskal_wallis_equals_r_kruskal_test_and_scipy(name):
    data, ref = DATASETS[name], REFERENCE[name]
    r = ac.kruskal_wallis(data)
    # R: kruskal.test(x) (tie-corrected H, chi-square on k - 1 df)
    assert r.statistic == pytest.approx(ref["kruskal"][0], rel=1e-12)
    assert r.pvalue == pytest.approx(ref["kruskal"][1], rel=1e-10)
    assert r.df == len(data) - 1
    s = stats.kruskal(*data.values())  # scipy.stats.kruskal, the same procedure
    assert r.statistic == pytest.approx(s.statistic, rel=1e-12) and r.pvalue == pytest.approx(s.pvalue, rel=1e-10)


@pytest.mark.parametrize("name", NAMES)
def test_kruskal_wallis_mean_ranks_are_pooled_ranks_one_is_best(name):
    data = DATASETS[name]
    r = ac.kruskal_wallis(data)
    values = np.concatenate([np.asarray(v, float) for v in data.values()])
    ranks = stats.rankdata(values)
    sizes = [len(v) for v in data.values()]
    expected = [chunk.mean() for chunk in np.split(ranks, np.cumsum(sizes)[:-1])]
    np.testing.assert_allclose(r.mean_ranks.to_numpy(), expected, rtol=1e-14)
    assert r.sizes.to_dict() == dict(zip(data, sizes, strict=True))
    # maximising: the same H and p, the ranks reversed (N + 1 - rank)
    up = ac.kruskal_wallis(data, direction="maximize")
    assert up.statistic == pytest.approx(r.statistic, rel=1e-12)
    np.testing.assert_allclose(up.mean_ranks.to_numpy(), len(values) + 1 - np.asarray(expected), rtol=1e-14)


@pytest.mark.parametrize("name", NAMES)
def test_anderson_darling_equals_ksamples_ad_test(name):
    data, ref = DATASETS[name], REFERENCE[name]
    one, two = ac.anderson_darling(data), ac.anderson_darling(data, version=2)
    # kSamples::ad.test(x)$ad prints AD and T.AD to 5 significant digits (version 2's AD to 3)
    assert one.a2 == pytest.approx(ref["ad_v1"][0], rel=6e-5)
    assert one.statistic == pytest.approx(ref["ad_v1"][1], rel=6e-5, abs=1e-5)
    assert one.pvalue == pytest.approx(ref["ad_v1"][2], rel=6e-5)
    assert two.a2 == pytest.approx(ref["ad_v2"][0], rel=6e-3)
    assert two.statistic == pytest.approx(ref["ad_v2"][1], rel=6e-5, abs=1e-5)
    assert two.pvalue == pytest.approx(ref["ad_v2"][2], rel=6e-5)


@pytest.mark.parametrize("name", NAMES)
def test_anderson_darling_statistics_equal_scipy_and_the_pvalue_is_not_capped(name):
    samples = list(DATASETS[name].values())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy warns that its p-value is capped
        for version, variant in ((1, "right"), (2, "midrank")):
            s = stats.anderson_ksamp(samples, variant=variant)
            ours = ac.anderson_darling(DATASETS[name], version=version)
            assert ours.statistic == pytest.approx(s.statistic, rel=1e-10, abs=1e-12)
    assert 0.0 < ac.anderson_darling(DATASETS["d3"]).pvalue != 0.25  # scipy would say ">= 0.25"


@pytest.mark.parametrize(("version", "m", "t", "p"), AD_PVAL)
def test_asymptotic_pvalue_equals_ksamples_ad_pval(version, m, t, p):
    # kSamples::ad.pval(t, m, version): R's own spline fits for m <= 49, refitted beyond
    rel = 1e-7 if m <= 49 else (2e-5 if p > 1e-3 else 3e-3)
    assert ad_asymptotic_pvalue(t, m, version) == pytest.approx(p, rel=rel)


def test_monte_carlo_pvalue_is_b_plus_one_over_m_plus_one_seeded_and_near_the_asymptotic():
    data = DATASETS["d5"]
    a = ac.anderson_darling(data, method="monte_carlo", n_resamples=1999, rng=7)
    b = ac.anderson_darling(data, method="monte_carlo", n_resamples=1999, rng=7)
    assert a.pvalue == b.pvalue and a.n_resamples == 1999 and a.pvalue_method == "monte_carlo"
    assert (a.pvalue * 2000) == pytest.approx(round(a.pvalue * 2000))  # (b + 1)/(m + 1)
    asymptotic = ac.anderson_darling(data).pvalue
    assert abs(a.pvalue - asymptotic) < 4 * np.sqrt(asymptotic * (1 - asymptotic) / 1999) + 0.01
    # every run identical: no evidence (p = 1 by permutation)
    flat = {"a": [1.0] * 4, "b": [1.0] * 5}
    assert ac.anderson_darling(flat, method="monte_carlo", n_resamples=99, rng=1).pvalue == 1.0
    assert ac.anderson_darling(flat).a2 == 0.0


def test_monte_carlo_statistics_of_rearrangements_equal_a_direct_computation():
    # the vectorised statistic of several rearrangements equals one computation per rearrangement
    from algocompare.frequentist._k_sample import _ad_statistics, _ad_variance

    values = np.array([3, 5, 2, 4, 3, 5, 4, 6, 5, 7, 4, 6], float)
    sizes = np.array([5, 4, 3])
    labels = np.repeat(np.arange(3), sizes)
    rng = np.random.default_rng(3)
    rows = np.array([rng.permutation(labels) for _ in range(6)])
    for version in (1, 2):
        batch = _ad_statistics(values, rows, sizes, version)
        one = [_ad_statistics(values, row[None, :], sizes, version)[0] for row in rows]
        np.testing.assert_allclose(batch, one, rtol=1e-13)
        samples = [values[row == g] for row in rows[:1] for g in range(3)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            s = stats.anderson_ksamp(samples, variant="right" if version == 1 else "midrank")
        sigma = np.sqrt(_ad_variance(12, sizes))
        assert (batch[0] - 2) / sigma == pytest.approx(s.statistic, rel=1e-10)


@pytest.mark.parametrize("name", NAMES)
def test_anova_and_welch_equal_r_oneway_test_and_scipy(name):
    data, ref = DATASETS[name], REFERENCE[name]
    f, w = ac.one_way_anova(data), ac.welch_anova(data)
    # R: oneway.test(values ~ group, var.equal = TRUE / FALSE)
    assert f.statistic == pytest.approx(ref["anova"][0], rel=1e-10)
    assert f.df == pytest.approx(tuple(ref["anova"][1:3]), rel=1e-12)
    assert f.pvalue == pytest.approx(ref["anova"][3], rel=1e-9)
    assert w.statistic == pytest.approx(ref["welch"][0], rel=1e-10)
    assert w.df == pytest.approx(tuple(ref["welch"][1:3]), rel=1e-10)
    assert w.pvalue == pytest.approx(ref["welch"][3], rel=1e-9)
    samples = list(data.values())
    assert f.pvalue == pytest.approx(stats.f_oneway(*samples).pvalue, rel=1e-9)
    assert w.pvalue == pytest.approx(stats.f_oneway(*samples, equal_var=False).pvalue, rel=1e-9)
    np.testing.assert_allclose(f.means.to_numpy(), [np.mean(s) for s in samples], rtol=1e-14)
    # means are shown as given, also when maximising
    np.testing.assert_allclose(ac.one_way_anova(data, direction="maximize").means.to_numpy(),
                               [np.mean(s) for s in samples], rtol=1e-14)


def _inputs():
    sim = ac.simulate_runs([10.0, 10.5, 12.0], n_instances=3, n_runs=7, rng=4)
    runs = sim.results.instance_runs("I2")
    as_dict = {a: s.to_numpy() for a, s in runs.items()}
    long = pd.DataFrame([(a, x) for a, v in as_dict.items() for x in v], columns=["algorithm", "value"])
    long_with_instance = sim.results.to_long()
    return sim.results, as_dict, long, long_with_instance


@pytest.mark.parametrize("function", [ac.kruskal_wallis, ac.anderson_darling, ac.one_way_anova, ac.welch_anova])
def test_every_input_form_gives_the_same_test(function):
    results, as_dict, long, long_with_instance = _inputs()
    expected = function(results, instance="I2")
    for other in (function(as_dict), function(long), function(long_with_instance, instance="I2"),
                  function(list(as_dict.values()))):
        assert other.statistic == pytest.approx(expected.statistic, rel=1e-13)
        assert other.pvalue == pytest.approx(expected.pvalue, rel=1e-12)
    assert expected.instance == "I2" and function(as_dict).instance is None
    assert list(function(list(as_dict.values())).sizes.index) == ["1", "2", "3"]


def test_bad_inputs_are_one_line_errors_naming_the_fix():
    results, as_dict, _, _ = _inputs()
    with pytest.raises(ValueError, match="choose one with instance="):
        ac.kruskal_wallis(results)
    with pytest.raises(ValueError, match="unknown instance"):
        ac.kruskal_wallis(results, instance="nope")
    with pytest.raises(TypeError, match="instance= applies"):
        ac.kruskal_wallis(as_dict, instance="I1")
    with pytest.raises(ValueError, match="at least 2 algorithms"):
        ac.kruskal_wallis({"a": [1, 2, 3]})
    with pytest.raises(ValueError, match="algorithm and value"):
        ac.kruskal_wallis(pd.DataFrame({"x": [1, 2]}))
    with pytest.raises(TypeError, match="expected a Results"):
        ac.kruskal_wallis(np.ones((4, 3)))
    with pytest.raises(ValueError, match="missing value"):
        ac.kruskal_wallis({"a": [1, 2, np.nan], "b": [3, 4]})
    with pytest.raises(ValueError, match="no spread"):
        ac.welch_anova({"a": [1, 1, 1], "b": [3, 4, 5]})
    with pytest.raises(ValueError, match="at least 2 runs"):
        ac.welch_anova({"a": [1], "b": [3, 4, 5]})
    with pytest.raises(ValueError, match="at least 4"):
        ac.anderson_darling({"a": [1], "b": [3, 4]})
    with pytest.raises(ValueError, match="version"):
        ac.anderson_darling(as_dict, version=3)


def test_nan_policy_omit_drops_missing_runs_and_records_them():
    r = ac.kruskal_wallis({"a": [1, 2, np.nan, 3], "b": [4, 5, 6]}, nan_policy="omit")
    assert r.sizes.to_dict() == {"a": 3, "b": 3} and r.dropped_values == {"a": (2,)}
    assert r.pvalue == pytest.approx(ac.kruskal_wallis({"a": [1, 2, 3], "b": [4, 5, 6]}).pvalue)


def test_identical_runs_give_no_evidence_and_separated_runs_a_certain_anova():
    same = {"a": [2.0, 2.0, 2.0], "b": [2.0, 2.0]}
    assert (ac.kruskal_wallis(same).statistic, ac.kruskal_wallis(same).pvalue) == (0.0, 1.0)
    assert ac.one_way_anova(same).pvalue == 1.0
    apart = {"a": [1.0, 1.0, 1.0], "b": [2.0, 2.0]}
    assert ac.one_way_anova(apart).statistic == np.inf and ac.one_way_anova(apart).pvalue == 0.0


def test_anderson_darling_is_computed_on_the_values_as_given_whatever_the_direction():
    # kSamples ranks the values as given; with ties version 1 is not symmetric under x -> -x
    data = DATASETS["d4"]
    negated = {a: [-x for x in v] for a, v in data.items()}
    assert ac.anderson_darling(data, direction="maximize").pvalue == ac.anderson_darling(data).pvalue
    assert ac.anderson_darling(negated).pvalue != pytest.approx(ac.anderson_darling(data).pvalue, rel=0.1)
    assert ac.anderson_darling(negated, version=2).pvalue == pytest.approx(ac.anderson_darling(data, version=2).pvalue,
                                                                           rel=1e-12)


def test_per_instance_for_k_algorithms_is_the_test_and_the_posthoc_of_each_instance():
    sim = ac.simulate_runs([10.0, 10.5, 12.0, 11.0], n_instances=3, n_runs=9, rng=11)
    result = ac.per_instance(sim.results, test="welch_anova", posthoc="conover_iman", p_adjust="hommel", control="A2")
    assert isinstance(result, ac.PerInstanceTestsResult) and result.p_adjust == "hommel"
    assert list(result.omnibus["instance"]) == list(sim.results.instances)
    for instance in sim.results.instances:
        omnibus = ac.welch_anova(sim.results, instance=instance)
        row = result.omnibus.set_index("instance").loc[instance]
        assert row["pvalue"] == omnibus.pvalue and row["statistic"] == omnibus.statistic
        pairs = ac.posthoc(sim.results, test="conover_iman", p_adjust="hommel", control="A2", instance=instance)
        mine = result.pairs[result.pairs["instance"] == instance]
        np.testing.assert_array_equal(mine["pvalue_adj"].to_numpy(), pairs.table["pvalue_adj"].to_numpy())
        assert list(mine["algorithm_a"]) == ["A2"] * 3
    assert (result.table["reject"] == (result.table["pvalue_adj"] <= 0.05)).all()
    # the default: Kruskal-Wallis alone, one row per instance
    plain = ac.per_instance(sim.results)
    assert plain.test == "kruskal_wallis" and plain.posthoc is None and len(plain.table) == 3 and plain.pairs.empty


def test_per_instance_keeps_its_two_algorithm_call_and_refuses_half_of_it():
    sim = ac.simulate_runs([10.0, 12.0], n_instances=3, n_runs=8, rng=1)
    assert isinstance(ac.per_instance(sim.results, "A1", "A2"), ac.PerInstanceResult)
    with pytest.raises(TypeError, match="pass a and b"):
        ac.per_instance(sim.results, "A1")
    with pytest.raises(TypeError, match="pass posthoc="):
        ac.per_instance(sim.results, p_adjust="holm")
    with pytest.raises(ValueError, match="test"):
        ac.per_instance(sim.results, test="friedman")
    with pytest.raises(ValueError, match="posthoc"):
        ac.per_instance(sim.results, posthoc="friedman")


@pytest.mark.parametrize("name", sorted(AD_SIMULATED))
@pytest.mark.parametrize("version", [1, 2])
def test_monte_carlo_pvalue_agrees_with_ksamples_simulated_pvalue(name, version):
    # kSamples::ad.test(x, method = "simulated", Nsim = 1e5), set.seed(1): rearrangements of the
    # runs among the samples, conditional on the ties, as ours
    data = DATASETS["d3"] if name == "d3" else {a: DATASETS["d4"][a] for a in ("A", "C")}
    theirs = AD_SIMULATED[name][version - 1]
    ours = ac.anderson_darling(data, version=version, method="monte_carlo", rng=1).pvalue
    se = np.sqrt(theirs * (1 - theirs) / 9999) + np.sqrt(theirs * (1 - theirs) / 1e5)
    assert abs(ours - theirs) <= 4 * se
