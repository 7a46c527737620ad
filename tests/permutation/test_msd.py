"""Simultaneous MSD intervals (Chiarandini et al. 2005, Algorithm 2 and Fig. 3)."""

import itertools

import numpy as np
import pytest
from scipy import stats

import algocompare as ac
from tests.permutation.test_design1 import TABLE
from tests.permutation.test_synchronized import TINY, Y2, as_results


def test_parametric_msd_design1_matches_r():
    res = ac.msd_intervals(TABLE, rng=0)
    # R: TukeyHSD(aov(y ~ alg + inst)): B-A diff 0.68, upr 1.648163523933
    assert res.msd_tukey == pytest.approx(1.648163523933 - 0.68, abs=1e-10)
    # R: sqrt(2*qf(.95,2,8)*2*0.287/5)
    assert res.msd_scheffe == pytest.approx(1.01181991317, abs=1e-10)
    assert res.df_error == 8 and res.mse_value == pytest.approx(0.287)


def test_parametric_msd_design2_both_mse_match_r():
    add = ac.msd_intervals(as_results(Y2), mse="additive", rng=0)
    inter = ac.msd_intervals(as_results(Y2), mse="interaction", rng=0)
    # R: TukeyHSD(aov(y ~ alg + inst), "alg"): B-A diff 0.666666666667, upr 1.000437875802
    assert add.msd_tukey == pytest.approx(1.000437875802 - 0.666666666667, abs=1e-10)
    # R: TukeyHSD(aov(y ~ alg * inst), "alg"): upr 1.022280508402
    assert inter.msd_tukey == pytest.approx(1.022280508402 - 0.666666666667, abs=1e-10)
    # R: sqrt(2*qf(.95,2,30)*2*0.10998148148/12)
    assert add.msd_scheffe == pytest.approx(0.348654480757, abs=1e-9)


def test_rank_msd_is_conovers_formula():
    res = ac.msd_intervals(TABLE, rng=0)
    ranks = stats.rankdata(TABLE, axis=1)
    b, k = ranks.shape
    a1 = np.sum(ranks ** 2)
    c1 = b * k * (k + 1) ** 2 / 4
    r = ranks.sum(axis=0)
    t1 = (k - 1) * (np.sum(r ** 2) - b * c1) / (a1 - c1)
    # Conover (1999, §5.8): |R_i - R_j| > t_{1-a/2,(b-1)(k-1)} [2b(A1 - C1)(1 - T1/(b(k-1)))/((b-1)(k-1))]^(1/2)
    rank_sums = 2.3060041352 * np.sqrt(2 * b * (a1 - c1) * (1 - t1 / (b * (k - 1))) / ((b - 1) * (k - 1)))
    assert res.msd_rank == pytest.approx(rank_sums / b, rel=1e-9)  # qt(.975, 8) = 2.3060041352
    assert res.mean_ranks.to_numpy() == pytest.approx(ranks.mean(axis=0))


def _family_rejection_rate_design2(x, d):
    """Algorithm 2 written plainly: shift i to X_hit - Xbar_hi + Xbar_hj - d, pool with j, apply every
    label choice (the same for all pairs and instances); fraction of choices for which some pair's
    S*(d) <= S0(d) (or, with -d, S*(-d) >= S0(-d))."""
    b, k, r = x.shape
    rejected = 0
    choices = list(itertools.combinations(range(2 * r), r))
    for chosen in choices:
        rest = [t for t in range(2 * r) if t not in chosen]
        hit = False
        for i in range(k):
            for j in range(i + 1, k):
                for shift in (d, -d):
                    s0 = s_star = 0.0
                    for h in range(b):
                        xi = x[h, i] - x[h, i].mean() + x[h, j].mean() - shift
                        pool = list(xi) + list(x[h, j])
                        s0 += xi.mean() - x[h, j].mean()
                        s_star += np.mean([pool[t] for t in chosen]) - np.mean([pool[t] for t in rest])
                    tol = 1e-9
                    if (shift > 0 and s_star <= s0 + tol) or (shift < 0 and s_star >= s0 - tol):
                        hit = True
        rejected += hit
    return rejected / len(choices)


def test_permutation_msd_solves_algorithm_2():
    x = Y2[:, :, :3]
    res = ac.msd_intervals(as_results(x), alpha=0.2, method="exact")
    assert res.permutation_exact
    msd = res.msd_permutation
    assert _family_rejection_rate_design2(x, msd * 1.0001) <= 0.2
    assert _family_rejection_rate_design2(x, msd * 0.999) > 0.2


def test_permutation_msd_design1_exact_and_monte_carlo():
    exact = ac.msd_intervals(TABLE, method="exact")
    assert exact.permutation_exact and exact.n_resamples == 2 ** 5
    mc = ac.msd_intervals(TABLE, method="monte_carlo", n_resamples=4000, rng=5)
    assert not mc.permutation_exact
    assert mc.msd_permutation == pytest.approx(exact.msd_permutation, rel=0.1)


def test_unconstrained_msd_and_result_object():
    res = ac.msd_intervals(as_results(TINY), variant="unconstrained", n_resamples=500, rng=1)
    assert res.variant == "unconstrained" and not res.permutation_exact and res.msd_permutation > 0
    frame = res.to_frame()
    assert len(frame) == 3 and {"reject", "permutation", "parametric", "rank"} <= set(frame.columns)
    assert list(frame["reject"]) == list(frame["difference"].abs() > res.msd_permutation)
    assert list(frame["permutation"]) == list(frame["reject"])
    assert list(frame["rank"]) == list(frame["rank_difference"].abs() > res.msd_rank)
    intervals = res.intervals()
    assert set(intervals["panel"]) == {p[0] for p in res.panels()}
    widths = intervals["ci_high"] - intervals["ci_low"]
    msd_of = {title: msd for title, _, msd in res.panels()}
    np.testing.assert_allclose(widths, intervals["panel"].map(msd_of))
    assert "MSD" in str(res)


def test_effects_in_data_units_for_maximize():
    res = ac.msd_intervals(ac.Results.from_array(-Y2, direction="maximize", algorithms=["a0", "a1", "a2"]), rng=0)
    assert res.effects.to_numpy() == pytest.approx(-Y2.mean(axis=(0, 2)))
    base = ac.msd_intervals(as_results(Y2), rng=0)
    assert res.msd_permutation == pytest.approx(base.msd_permutation)
    assert res.mean_ranks.to_numpy() == pytest.approx(base.mean_ranks.to_numpy())


def test_plot_three_panels(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    res = ac.msd_intervals(as_results(Y2), rng=0)
    axes = res.plot()
    assert len(axes) == 3
    assert [ax.get_xlabel().split(" ")[0] for ax in axes] == ["mean", "mean", "mean"]
    axes[0].figure.savefig(tmp_path / "msd.png")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    assert res.plot(ax=ax, panel="rank") is ax
    plt.close("all")


def test_bad_options():
    with pytest.raises(ValueError, match="alpha"):
        ac.msd_intervals(TABLE, alpha=1.5)
    with pytest.raises(ValueError, match="parametric"):
        ac.msd_intervals(TABLE, parametric="bonferroni")
