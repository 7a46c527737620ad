"""performance_profile and data_profile: Dolan–Moré and Moré–Wild, against their MATLAB codes restated."""

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.anytime import AnytimeResults, data_profile, ert, performance_profile, read_iohprofiler

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime"


def perf_profile_m(T):
    """Moré & Wild's perf_profile.m restated (loops, NaN for failures): sorted ratios, failures at 2 × max."""
    T = np.array(T, dtype=float)
    n_p, n_s = T.shape
    r = np.empty_like(T)
    for p in range(n_p):
        row = T[p]
        minperf = np.nanmin(row) if not np.isnan(row).all() else np.nan
        for s in range(n_s):
            r[p, s] = row[s] / minperf
    max_ratio = np.nanmax(r)
    r[np.isnan(r)] = 2 * max_ratio
    return np.sort(r, axis=0)


def rho_from_sorted(sorted_ratios, tau):
    """The stairs of perf_profile.m: ρ_s(τ) = #(ratios ≤ τ) / n_p."""
    return (sorted_ratios <= tau).mean(axis=0)


def data_profile_m(H, N, gate):
    """Moré & Wild's data_profile.m restated: H[evaluation, problem, solver], N dimensions, gate τ."""
    H = np.array(H, dtype=float)
    nf, n_p, n_s = H.shape
    for s in range(n_s):
        for i in range(1, nf):
            H[i, :, s] = np.minimum(H[i, :, s], H[i - 1, :, s])
    prob_min = H.min(axis=(0, 2))
    prob_max = H[0, :, 0]
    T = np.full((n_p, n_s), np.nan)
    for p in range(n_p):
        cutoff = prob_min[p] + gate * (prob_max[p] - prob_min[p])
        for s in range(n_s):
            hit = np.flatnonzero(H[:, p, s] <= cutoff)
            if hit.size:
                T[p, s] = (hit[0] + 1) / (N[p] + 1)
    return T


def test_performance_profile_by_hand_with_failures():
    # p1: A 10, B 20, C fails; p2: A 40, B 10, C 10; p3: nobody solves it
    inf = np.inf
    costs = pd.DataFrame({"A": [10.0, 40.0, inf], "B": [20.0, 10.0, inf], "C": [inf, 10.0, inf]},
                         index=["p1", "p2", "p3"])
    result = performance_profile(costs)
    assert result.ratios.loc["p1"].tolist() == [1.0, 2.0, inf]
    assert result.ratios.loc["p2"].tolist() == [4.0, 1.0, 1.0]
    assert np.isinf(result.ratios.loc["p3"]).all()
    assert result.rho(1.0) == {"A": 1 / 3, "B": 1 / 3, "C": 1 / 3}  # ties count for each
    assert result.rho(2.0) == {"A": 1 / 3, "B": 2 / 3, "C": 1 / 3}
    assert result.rho(1e9) == {"A": 2 / 3, "B": 2 / 3, "C": 1 / 3}  # the limit: fraction solved
    steps = result.profile
    assert steps[steps["algorithm"] == "A"][["tau", "rho"]].values.tolist() == [[1.0, 1 / 3], [4.0, 2 / 3]]


def test_performance_profile_equals_perf_profile_m_on_random_costs():
    rng = np.random.default_rng(4)
    for _ in range(20):
        T = rng.lognormal(3, 1, size=(15, 4)).round(1)
        T[rng.random(T.shape) < 0.2] = np.nan  # failures
        sorted_ratios = perf_profile_m(T)
        costs = pd.DataFrame(np.where(np.isnan(T), np.inf, T), columns=list("abcd"))
        result = performance_profile(costs)
        for tau in [1.0, 1.5, 2.0, 4.0, 10.0, 100.0] + list(np.unique(result.ratios.to_numpy())):
            if not np.isfinite(tau) or tau >= 2 * np.nanmax(sorted_ratios[sorted_ratios < np.inf]) / 2.0001:
                continue  # perf_profile.m plots failures at 2 × max ratio; below it the two must agree
            mine = np.array(list(result.rho(tau).values()))
            np.testing.assert_allclose(mine, rho_from_sorted(sorted_ratios, tau), atol=1e-15)
        # the listed steps are the profile: right-continuous, non-decreasing, from tau = 1
        for _, steps in result.profile.groupby("algorithm"):
            assert (np.diff(steps["tau"]) > 0).all() and (np.diff(steps["rho"]) > 0).all()
            assert steps["tau"].min() >= 1.0
            for tau, rho in zip(steps["tau"], steps["rho"], strict=True):
                assert rho == pytest.approx(result.rho(tau)[steps["algorithm"].iloc[0]])


def test_performance_profile_of_runs_uses_ert_or_median():
    runs = read_iohprofiler(DATA / "iohprofiler")
    result = performance_profile(runs, target=1.0)
    table = ert(runs, [1.0]).table.set_index(["instance", "algorithm"])["ert"].unstack("algorithm")
    pd.testing.assert_frame_equal(result.costs, table[result.costs.columns], check_names=False)
    # at 1.0 (cocopp values in test_ert): F1_D2 OnePlusOne 26 vs RandomSearch 38; F1_D5 58 vs inf; F2: inf for both
    assert result.ratios.loc["F1_D2", "RandomSearch"] == pytest.approx(38 / 26)
    assert result.rho(1.0) == {"OnePlusOne": 0.5, "RandomSearch": 0.0}
    assert result.rho(np.inf) == result.rho(1e12)
    median = performance_profile(runs, target={"F1_D2": 1.0, "F1_D5": 1.0, "F2_D2": 10.0, "F2_D5": 10.0},
                                 cost="median")
    runtimes = runs.runtimes([1.0, 10.0])
    labels = runs.runs()
    for (instance, algorithm), rows in labels.groupby(["instance", "algorithm"]).indices.items():
        column = 0 if instance.startswith("F1") else 1
        assert median.costs.loc[instance, algorithm] == np.median(runtimes[rows, column])


def test_data_profile_equals_data_profile_m():
    # every run logs every evaluation from one starting value per problem, as data_profile.m assumes
    rng = np.random.default_rng(8)
    n_f, n_p, n_s = 40, 6, 3
    f0 = rng.uniform(50, 100, n_p)
    H = f0[None, :, None] * np.exp(-rng.exponential(0.08, size=(n_f, n_p, n_s)).cumsum(axis=0))
    H[0] = f0[:, None]  # common x0
    N = rng.integers(2, 10, n_p)
    records = [(f"s{s}", f"p{p}", 1, np.arange(1, n_f + 1), H[:, p, s], n_f) for s in range(n_s) for p in range(n_p)]
    runs = AnytimeResults.from_runs(records)
    for gate in (1e-1, 1e-3):
        T = data_profile_m(H, N, gate)
        result = data_profile(runs, tolerance=gate, scale={f"p{p}": N[p] + 1 for p in range(n_p)})
        for s in range(n_s):
            mine = result.runs[result.runs["algorithm"] == f"s{s}"].set_index("instance")["units"]
            expected = np.where(np.isnan(T[:, s]), np.inf, T[:, s])
            np.testing.assert_allclose(mine.loc[[f"p{p}" for p in range(n_p)]].to_numpy(), expected, rtol=1e-15)
        for kappa in (1, 2, 5, 10, 40):
            fraction = result.fraction(kappa)
            for s in range(n_s):
                assert fraction[f"s{s}"] == pytest.approx(np.mean(T[:, s] <= kappa))
        assert max(result.fraction(np.inf).values()) <= 1.0
        assert sum(np.isfinite(T).any(axis=1)) == n_p  # f_L is reached by someone on every problem


def test_data_profile_by_hand_several_runs_and_maximization():
    # maximize: start 0, best anyone found 10; tolerance 0.5 -> cutoff 5
    runs = AnytimeResults.from_runs([("A", "p", 1, [1, 4, 8], [0.0, 6.0, 10.0], 8),
                                     ("A", "p", 2, [1, 2], [0.0, 1.0], 8),
                                     ("B", "p", 1, [1, 3], [0.0, 5.0], 8),
                                     ("B", "q", 1, [1, 2], [2.0, 3.0], 2),
                                     ("A", "q", 1, [1, 5], [2.0, 4.0], 5)], direction="maximize")
    result = data_profile(runs, tolerance=0.5, scale=2.0)
    table = result.runs.set_index(["algorithm", "instance", "run"])
    assert table.loc[("A", "p", 1), "cutoff"] == 5.0 and table.loc[("A", "p", 1), "evaluations"] == 4.0
    assert np.isinf(table.loc[("A", "p", 2), "evaluations"])
    assert table.loc[("B", "p", 1), "evaluations"] == 3.0
    assert table.loc[("A", "q", 1), "cutoff"] == 3.0 and table.loc[("A", "q", 1), "evaluations"] == 5.0
    # A: p half its runs by 2 units (4 evaluations), q by 2.5 units; B: p by 1.5, q by 1
    assert result.fraction(2.0) == {"A": 0.25, "B": 1.0}
    assert result.fraction(2.5) == {"A": 0.75, "B": 1.0}
    steps = result.profile[result.profile["algorithm"] == "A"]
    assert steps[["kappa", "fraction"]].values.tolist() == [[2.0, 0.25], [2.5, 0.75]]


def test_data_profile_scale_from_the_instance_label_and_invariants():
    runs = read_iohprofiler(DATA / "iohprofiler")
    result = data_profile(runs, scale=lambda instance: int(instance.split("_D")[1]) + 1)
    assert set(result.runs["scale"]) == {3.0, 6.0}
    for _, steps in result.profile.groupby("algorithm"):
        assert (np.diff(steps["kappa"]) > 0).all() and (np.diff(steps["fraction"]) > 0).all()
    # the run that found f_L passes the test on its instance
    for _instance, rows in result.runs.groupby("instance"):
        assert np.isfinite(rows["evaluations"]).any()
    json.dumps(result.to_dict())
    json.dumps(performance_profile(runs, target=10.0).to_dict())
    assert ac.performance_profile is performance_profile and ac.data_profile is data_profile


@pytest.mark.parametrize("call, error", [
    (lambda runs: performance_profile([1, 2]), TypeError),
    (lambda runs: performance_profile(runs), ValueError),
    (lambda runs: performance_profile(runs, 1.0, cost="mean"), ValueError),
    (lambda runs: performance_profile(runs, {"other": 1.0}), ValueError),
    (lambda runs: performance_profile(pd.DataFrame({"A": [1.0, np.nan]})), ValueError),
    (lambda runs: performance_profile(pd.DataFrame({"A": [1.0, 0.0]})), ValueError),
    (lambda runs: data_profile(pd.DataFrame()), TypeError),
    (lambda runs: data_profile(runs, tolerance=1.0), ValueError),
    (lambda runs: data_profile(runs, scale={"other": 3}), ValueError),
    (lambda runs: data_profile(runs, scale=-1), ValueError),
])
def test_bad_input(call, error):
    runs = AnytimeResults.from_runs([("A", "f1", 1, [1, 10], [5.0, 2.0], 100)])
    with pytest.raises(error, match="."):
        call(runs)
