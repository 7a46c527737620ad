"""Stratified weighted log-rank tests of runtimes (unsuccessful runs censored): R survdiff, Gehan's
pair scores restated independently, the permutation version, errors, and a fast null calibration."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.anytime import TargetRuntimes, logrank_posthoc, logrank_test

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime" / "censored_runtimes.csv"

# Rscript tests/reference/survdiff.R (R 4.2, survival 3.5.3): survdiff(Surv(time, status) ~
# algorithm + strata(instance), rho = 0 (log-rank) / 1 (Peto-Peto)) on censored_runtimes.csv
R_SURVDIFF = {
    ("logrank", None): (5.41351673340402, 0.0667528446118458, [26, 25, 30],
                        [25.6643196915407, 32.9317946916009, 22.4038856168584]),
    ("logrank", ("A", "B")): (1.3267267188652, 0.249388373712024, None, None),
    ("logrank", ("A", "C")): (1.74820616657493, 0.186102401213947, None, None),
    ("logrank", ("B", "C")): (4.96051691335792, 0.0259324543510767, None, None),
    ("peto", None): (5.54884711773824, 0.0623854278533954, [16.9166666666667, 13.25, 19.7083333333333],
                     [16.0416666666667, 19.125, 14.7083333333333]),
    ("peto", ("A", "B")): (2.5797300103079, 0.108240122762013, None, None),
    ("peto", ("A", "C")): (1.09849796574451, 0.294595974469657, None, None),
    ("peto", ("B", "C")): (4.77622459297563, 0.0288553170274626, None, None),
}


def _runtimes(frame: pd.DataFrame, target: float = 1.0) -> TargetRuntimes:
    return TargetRuntimes(method="runtimes", target=target, direction="minimize",
                          algorithm=frame["algorithm"].to_numpy(object), instance=frame["instance"].to_numpy(object),
                          run=frame["run"].to_numpy(object), evaluations=frame["evaluations"].to_numpy(float),
                          budget=frame["budget"].to_numpy(float))


@pytest.fixture(scope="module")
def data() -> pd.DataFrame:
    return pd.read_csv(DATA)


@pytest.mark.parametrize("weights", ["logrank", "peto"])
def test_k_sample_matches_r_survdiff(data, weights):
    res = logrank_test(_runtimes(data), weights=weights)
    chisq, p, obs, exp = R_SURVDIFF[(weights, None)]
    assert res.statistic == pytest.approx(chisq, abs=1e-10)
    assert res.pvalue == pytest.approx(p, abs=1e-10)
    assert res.df == 2 and res.n_strata == 4 and res.n_runs == 96
    assert res.n_censored == int(np.isinf(data["evaluations"]).sum()) == 15
    np.testing.assert_allclose(res.table["observed"], obs, atol=1e-10)
    np.testing.assert_allclose(res.table["expected"], exp, atol=1e-10)


@pytest.mark.parametrize("weights", ["logrank", "peto"])
def test_pairwise_matches_r_survdiff_and_holm(data, weights):
    ph = logrank_posthoc(_runtimes(data), weights=weights, p_adjust="holm")
    for row in ph.table.itertuples():
        chisq, p, _, _ = R_SURVDIFF[(weights, (row.algorithm_a, row.algorithm_b))]
        assert row.statistic ** 2 == pytest.approx(chisq, abs=1e-10)
        assert row.pvalue == pytest.approx(p, abs=1e-10)
    raw = ph.table["pvalue"].to_numpy()
    holm = np.minimum(1, np.maximum.accumulate(np.sort(raw) * np.array([3, 2, 1])))
    np.testing.assert_allclose(np.sort(ph.table["pvalue_adj"]), holm, atol=1e-12)
    # B is the slowest (its O - E < 0): z of B against C is negative, of A against B positive
    z = ph.table.set_index(["algorithm_a", "algorithm_b"])["statistic"]
    assert z[("B", "C")] < 0 < z[("A", "B")]
    assert ph.mean_ranks.idxmax() == "B"


def _gehan_pairs(time, event, group):
    """Gehan's (1965) pair score of every run of group 0 against every run of group 1, by a double loop:
    +1 when the run is surely faster (it succeeded before the other run's time, or at the time the
    other stopped unsuccessful), -1 when surely slower, 0 when censoring leaves it open or both succeed
    together; and each run's score against the whole pooled sample (Mantel 1967)."""
    n = time.size

    def surely_faster(i, j):
        return event[i] and (time[i] < time[j] or (time[i] == time[j] and not event[j]))

    phi = np.array([[int(surely_faster(i, j)) - int(surely_faster(j, i)) for j in range(n)] for i in range(n)])
    a, b = group == 0, group == 1
    return phi[np.ix_(a, b)].sum(), phi.sum(axis=1)


def test_gehan_two_sample_equals_gehan_and_mantel_restated(data):
    one = data[(data["instance"] == "f3") & data["algorithm"].isin(["A", "B"])]
    rt = _runtimes(one)
    event = np.isfinite(one["evaluations"].to_numpy())
    time = np.where(event, one["evaluations"], one["budget"]).astype(float)
    group = (one["algorithm"] == "B").to_numpy().astype(int)
    gehan_u, pooled = _gehan_pairs(time, event, group)
    assert gehan_u != 0
    res = logrank_test(rt, weights="gehan", method="asymptotic")
    assert res.table["o_minus_e"].iloc[0] == pytest.approx(gehan_u, abs=1e-9)
    # Mantel's permutation variance n_A n_B / (n (n - 1)) Σ U_i²: the permutation test's statistic
    n_a, n_b = int((group == 0).sum()), int((group == 1).sum())
    n = n_a + n_b
    mantel_z2 = gehan_u ** 2 / (n_a * n_b / (n * (n - 1)) * np.sum(pooled.astype(float) ** 2))
    perm = logrank_test(rt, weights="gehan", method="permutation", n_resamples=999, rng=1)
    assert perm.statistic == pytest.approx(mantel_z2, rel=1e-12)
    # Breslow's weighted hypergeometric variance, by a loop over the distinct success times
    var = 0.0
    for tau in np.unique(time[event]):
        risk = time >= tau
        nt, n1 = risk.sum(), (risk & (group == 0)).sum()
        dt = (event & (time == tau)).sum()
        if nt > 1:
            var += nt ** 2 * dt * (nt - dt) / (nt - 1) * n1 / nt * (1 - n1 / nt)
    assert res.statistic == pytest.approx(gehan_u ** 2 / var, rel=1e-12)


def test_permutation_p_value_agrees_with_the_chi_square_here_and_is_seeded(data):
    rt = _runtimes(data)
    a = logrank_test(rt, method="permutation", n_resamples=2000, rng=7)
    b = logrank_test(rt, method="permutation", n_resamples=2000, rng=7)
    assert a.pvalue == b.pvalue and a.n_resamples == 2000
    # 32 runs per stratum: the permutation p-value is near the survdiff one (MC s.e. 0.006)
    assert a.pvalue == pytest.approx(R_SURVDIFF[("logrank", None)][1], abs=0.03)
    assert a.pvalue >= 1 / 2001


def test_stratification_matters(data):
    # the instances' budgets and difficulties differ: pooled (one stratum) survdiff gives 8.66628442427951
    pooled = data.assign(instance="all")
    assert logrank_test(_runtimes(pooled)).statistic == pytest.approx(8.66628442427951, abs=1e-10)
    assert logrank_test(_runtimes(data)).statistic == pytest.approx(5.41351673340402, abs=1e-10)


def test_from_anytime_results_at_target():
    runs = ac.AnytimeResults.from_runs(
        [("A", "f1", r, [1, 10 * r], [5.0, 1.0], 100) for r in range(1, 6)]
        + [("B", "f1", r, [1, 30 * r], [5.0, 1.0 if r < 4 else 3.0], 150) for r in range(1, 6)])
    res = logrank_test(runs.at_target(2.0), rng=0)
    assert res.n_censored == 2 and res.table["successes"].tolist() == [5, 3]
    assert res.to_dict()["df"] == 1 and 0 < res.pvalue < 0.05
    # 8 successes: the default permutes (the chi-square was liberal with so few)
    assert res.test_method == "permutation" and res.n_resamples == 9999


def test_bad_input_says_what_to_do(data):
    with pytest.raises(TypeError, match="TargetRuntimes"):
        logrank_test(data)
    with pytest.raises(ValueError, match="weights"):
        logrank_test(_runtimes(data), weights="wilcoxon")
    with pytest.raises(ValueError, match="method"):
        logrank_test(_runtimes(data), method="exact")
    with pytest.raises(ValueError, match="two or more algorithms"):
        logrank_test(_runtimes(data[data["algorithm"] == "A"]))
    no_budget = data.assign(budget=np.inf)
    with pytest.raises(ValueError, match="budget"):
        logrank_test(_runtimes(no_budget))


# ------------------------------------------------------------------ null calibration (fast version)

def simulate_null(n_tables, n_instances, n_runs, k, censoring, rng):
    """Tables of runtimes where every algorithm shares one log-normal runtime law per instance, censored
    at the budget that leaves the given fraction of runs unsuccessful (the law's quantile)."""
    scale = rng.lognormal(5, 1, size=(n_tables, n_instances, 1, 1))
    runtime = np.ceil(scale * rng.lognormal(0, 1, size=(n_tables, n_instances, k, n_runs)))
    budget = np.ceil(scale[..., 0, 0] * np.exp(stats.norm.ppf(1 - censoring))) if censoring > 0 else \
        np.full((n_tables, n_instances), np.inf)
    return runtime, budget


def _as_runtimes(runtime, budget):
    n_instances, k, n_runs = runtime.shape
    alg = np.repeat(np.arange(k), n_runs)
    algorithm = np.tile(np.array([f"A{a}" for a in alg], dtype=object), n_instances)
    instance = np.repeat(np.array([f"f{i}" for i in range(n_instances)], dtype=object), k * n_runs)
    b = np.repeat(np.where(np.isfinite(budget), budget, runtime.reshape(n_instances, -1).max(axis=1)), k * n_runs)
    t = runtime.reshape(-1)
    return TargetRuntimes(method="sim", target=0.0, direction="minimize", algorithm=algorithm, instance=instance,
                          run=np.tile(np.arange(n_runs), n_instances * k).astype(object),
                          evaluations=np.where(t <= b, t, np.inf), budget=b)


@pytest.mark.parametrize(("censoring", "weights"), [(0.0, "logrank"), (0.4, "logrank"), (0.6, "logrank"),
                                                     (0.6, "gehan")])
def test_null_size_of_the_default_test_within_the_band(censoring, weights):
    rng = np.random.default_rng(2029)
    runtime, budget = simulate_null(400, 10, 5, 3, censoring, rng)
    p = np.array([logrank_test(_as_runtimes(runtime[i], budget[i]), weights=weights).pvalue for i in range(400)])
    size = float(np.mean(p <= 0.05))
    band = max(0.015, 3 * np.sqrt(0.05 * 0.95 / 400))
    assert abs(size - 0.05) <= band, size


def test_mid_p_permutation_on_one_small_instance():
    # one instance, 2 x 5 runs: few distinct permuted statistics; the mid-p counts ties with the
    # observed statistic one half, so p is not the conservative (b + 1)/(m + 1)
    frame = pd.DataFrame({"algorithm": ["A"] * 5 + ["B"] * 5, "instance": "f", "run": list(range(10)),
                          "evaluations": [10, 20, 30, 40, np.inf, 15, 25, 35, np.inf, np.inf], "budget": 50.0})
    res = logrank_test(_runtimes(frame), n_resamples=4999, rng=3)
    assert res.test_method == "permutation"
    # exact mid-p by enumerating the 252 splits of the ten scores
    from itertools import combinations

    from algocompare.anytime._censored import _quadratic, _scores, _Stratum

    stratum = _Stratum(np.array([10, 20, 30, 40, 50, 15, 25, 35, 50, 50.0]), np.isfinite(frame["evaluations"])
                       .to_numpy(), np.repeat([0, 1], 5))
    a = _scores(stratum, 2, "logrank")
    var = np.sum(a ** 2) / 9 * 25 / 10
    observed = a[:5].sum() ** 2 / var
    splits = np.array([a[list(c)].sum() ** 2 / var for c in combinations(range(10), 5)])
    mid_p = np.mean(splits > observed + 1e-9) + 0.5 * np.mean(np.abs(splits - observed) <= 1e-9)
    assert res.statistic == pytest.approx(observed, rel=1e-12)
    assert res.pvalue == pytest.approx(mid_p, abs=3 * np.sqrt(mid_p * (1 - mid_p) / 4999) + 1e-3)
    assert _quadratic(np.array([1.0, -1.0]), np.array([[2.0, -2.0], [-2.0, 2.0]]))[1] == 1


@pytest.mark.parametrize("censoring", [0.0, 0.4])
def test_null_size_of_the_default_on_one_small_instance(censoring):
    rng = np.random.default_rng(4100)
    runtime, budget = simulate_null(300, 1, 5, 2, censoring, rng)
    p = np.array([logrank_test(_as_runtimes(runtime[i], budget[i]), n_resamples=999, rng=i).pvalue
                  for i in range(300)])
    size = float(np.mean(p <= 0.05))
    assert abs(size - 0.05) <= max(0.015, 3 * np.sqrt(0.05 * 0.95 / 300)), size
