"""Mack–Wolfe umbrella test (issue 28, part B): reference values, the permutation p-value, null size."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest

import algocompare as ac

sp = pytest.importorskip("scikit_posthocs")  # an independent implementation (PMCMRplus' formulas)


def _frame(samples):
    return pd.DataFrame({"v": np.concatenate(samples), "g": np.repeat(np.arange(len(samples)), [len(s) for s in samples])})


@pytest.mark.parametrize("seed", [0, 1])
def test_known_peak_matches_scikit_posthocs_without_ties(seed):
    rng = np.random.default_rng(seed)
    samples = [rng.normal(mu, 1.0, n) for mu, n in zip((0, 0.5, 1.2, 0.4, 0.1), (6, 5, 7, 4, 6), strict=True)]
    runs = {f"c{i}": s for i, s in enumerate(samples)}
    for p in range(5):
        ref_p, ref_z = sp.test_mackwolfe(_frame(samples), val_col="v", group_col="g", p=p)
        res = ac.mack_wolfe(runs, peak=f"c{p}", method="approx")
        assert res.statistic == pytest.approx(ref_z, rel=1e-12)
        assert res.pvalue == pytest.approx(ref_p, rel=1e-10)
    # unknown peak: Chen's A*max is the largest standardised A_p, as scikit-posthocs' statistic
    _, ref_max = sp.test_mackwolfe(_frame(samples), val_col="v", group_col="g", n_perm=10)
    unknown = ac.mack_wolfe(runs, n_resamples=99, rng=0)
    assert unknown.statistic == pytest.approx(ref_max, rel=1e-12)
    assert unknown.peak == unknown.z_by_peak.idxmax()


def _enumerated_pvalue(samples, peak_index):
    """P(A*_p >= observed) over every distinct assignment of the pooled runs to the groups."""
    values = np.concatenate(samples)
    sizes = [len(s) for s in samples]
    observed = ac.mack_wolfe({str(i): s for i, s in enumerate(samples)}, peak=str(peak_index), method="approx").statistic
    hits = total = 0
    for order in set(itertools.permutations(np.repeat(np.arange(len(samples)), sizes))):
        arranged = [values[np.array(order) == g] for g in range(len(samples))]
        z = ac.mack_wolfe({str(i): s for i, s in enumerate(arranged)}, peak=str(peak_index), method="approx").statistic
        hits += z >= observed - 1e-9
        total += 1
    return hits / total


def test_permutation_pvalue_converges_to_the_enumerated_one_with_ties():
    samples = [np.array([1.0, 2.0]), np.array([3.0, 3.0]), np.array([2.0, 4.0]), np.array([1.0, 0.0])]
    exact = _enumerated_pvalue(samples, 2)
    res = ac.mack_wolfe({str(i): s for i, s in enumerate(samples)}, peak="2", n_resamples=20000, rng=3)
    assert abs(res.pvalue - exact) <= 4 * np.sqrt(exact * (1 - exact) / 20000) + 1e-4
    assert res.pvalue_method == "permutation" and res.n_resamples == 20000


def test_bad_options_say_what_to_do():
    runs = {"a": [1.0, 2.0], "b": [3.0, 4.0], "c": [2.0, 1.0]}
    with pytest.raises(ValueError, match="peak='z' is not one of"):
        ac.mack_wolfe(runs, peak="z")
    with pytest.raises(ValueError, match="needs a known peak"):
        ac.mack_wolfe(runs, method="approx")


@pytest.mark.parametrize("peak", ["c1", None])
def test_null_size_with_tied_runs(peak):
    """Identical configurations, runs rounded to a coarse grid (many ties): the permutation
    p-value keeps the size at alpha (seeded; 600 data sets, MC s.e. 0.009)."""
    rng = np.random.default_rng(28)
    pvalues = []
    for _ in range(600):
        runs = {f"c{i}": np.round(rng.normal(size=6)) for i in range(4)}
        pvalues.append(ac.mack_wolfe(runs, peak=peak, n_resamples=199, rng=rng).pvalue)
    size = float(np.mean(np.array(pvalues) <= 0.05))
    assert abs(size - 0.05) <= max(0.015, 3 * np.sqrt(0.05 * 0.95 / 600)), size


# ------------------------------------------------------------------ Hayter's OSRT


def test_hayter_distribution_for_two_configurations_is_the_one_sided_t():
    from scipy import stats

    from algocompare.frequentist._ordered import hayter_sf
    for df in (4, 30):
        for h in (0.5, 2.0, 4.0):
            assert hayter_sf(h, 2, df) == pytest.approx(stats.t.sf(h / np.sqrt(2), df), rel=1e-8)
    assert hayter_sf(2.0, 2, np.inf) == pytest.approx(stats.norm.sf(2.0 / np.sqrt(2)), rel=1e-8)


def test_hayter_distribution_matches_a_simulation_of_its_definition():
    """P(max_{i<j} (Z_j − Z_i)/U >= h), simulated directly (400,000 draws, seed 0)."""
    from algocompare.frequentist._ordered import hayter_sf
    rng = np.random.default_rng(0)
    k, df, m = 4, 12, 400_000
    z, u = rng.standard_normal((m, k)), np.sqrt(rng.chisquare(df, m) / df)
    i, j = np.triu_indices(k, 1)
    h_sim = (z[:, j] - z[:, i]).max(axis=1) / u
    for h in (2.0, 3.0, 3.6):
        target = float(np.mean(h_sim >= h))
        assert abs(hayter_sf(h, k, df) - target) <= 4 * np.sqrt(target * (1 - target) / m)


def test_osrt_statistic_is_pmcmrplus_and_scikit_posthocs_when_the_largest_step_rises():
    # balanced: (mean_j - mean_i) / (s / sqrt(n)), PMCMRplus osrtTest; scikit-posthocs' test_osrt
    # takes |mean_j - mean_i| over all pairs, the same number when the largest step rises
    runs = {"a": [1.0, 2.0, 3.0, 2.5], "b": [2.5, 3.5, 4.0, 3.0], "c": [4.0, 5.0, 6.5, 5.5]}
    res = ac.osrt(runs)
    _, ref_stat, ref_df = sp.test_osrt(_frame(list(runs.values())), val_col="v", group_col="g")
    assert res.statistic == pytest.approx(ref_stat, rel=1e-12) and res.df == ref_df == 9
    means = {k: np.mean(v) for k, v in runs.items()}
    s = np.sqrt(sum(np.var(v, ddof=1) * 3 for v in runs.values()) / 9)
    assert res.statistic == pytest.approx((means["c"] - means["a"]) / (s / 2), rel=1e-12)
    assert res.pair == ("a", "c")
    # direction="maximize" orients the values (lower is better): negated values, same test
    flipped = ac.osrt({k: -np.asarray(v) for k, v in runs.items()}, direction="maximize")
    assert flipped.statistic == pytest.approx(res.statistic) and flipped.pvalue == pytest.approx(res.pvalue)


def test_osrt_unequal_sizes_monte_carlo_is_close_to_the_balanced_distribution():
    rng = np.random.default_rng(5)
    runs = {f"c{i}": rng.normal(0.4 * i, 1.0, n) for i, n in enumerate((10, 10, 11))}
    res = ac.osrt(runs, n_resamples=20000, rng=1)
    from algocompare.frequentist._ordered import hayter_sf
    assert res.pvalue_method == "monte_carlo"
    assert res.pvalue == pytest.approx(hayter_sf(res.statistic, 3, res.df), abs=0.01)


@pytest.mark.slow
def test_osrt_null_size():
    rng = np.random.default_rng(282)
    p = [ac.osrt({f"c{i}": rng.normal(size=5) for i in range(4)}).pvalue for _ in range(1000)]
    size = float(np.mean(np.array(p) <= 0.05))
    assert abs(size - 0.05) <= max(0.015, 3 * np.sqrt(0.05 * 0.95 / 1000)), size
