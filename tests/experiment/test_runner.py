"""run_experiment: reproducibility, executors (threads, processes, Dask), resume, failures."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest
from dask import distributed

from algocompare.experiment import RunFailed, read_log, run_experiment
from tests.experiment import algorithms_fixture as fx
from tests.experiment import faults

INSTANCES = list(range(12))
SETTINGS = dict(d=1.0, se_max=0.6, n0=4, nmax=60, power=0.8)


def _data(res):
    return res.runs.to_long().sort_values(["instance", "algorithm", "run"]).reset_index(drop=True)


@pytest.fixture(scope="module")
def reference():
    with ThreadPoolExecutor(1) as pool:
        return run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42, **SETTINGS)


def test_reference_shape(reference):
    res = reference
    assert res.n_star == 10 and res.n_instances == 10 and not res.underpowered
    assert set(res.instances.columns) >= {"phi", "se", "ci_low", "ci_high", "n_a", "n_b", "nmax_reached"}
    assert (res.instances["se"] <= 0.6).all() or res.instances["nmax_reached"].any()
    assert res.total_runs == len(res.runs.to_long())
    # the final test is the one-sample t test of phi_j (scipy.stats.ttest_1samp)
    from scipy import stats
    ref = stats.ttest_1samp(res.instances["phi"], 0.0)
    assert res.test_statistics()[("fast", "slow")] == pytest.approx(ref.statistic)
    assert res.test_pvalues()[("fast", "slow")] == pytest.approx(ref.pvalue)
    assert res.test_pvalues(adjusted=False).tolist() == res.tests["pvalue"].tolist()
    assert res.tests["reject"].iloc[0]
    assert "N* = 10" in str(res)
    assert res.confidence_level == 0.95 and res.to_dict()["confidence_level"] == 0.95


def test_worker_count_independent(reference):
    with ThreadPoolExecutor(4) as pool:
        res = run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42, **SETTINGS)
    pd.testing.assert_frame_equal(_data(res), _data(reference))
    pd.testing.assert_frame_equal(res.instances, reference.instances)


def test_process_pool_same_data(reference):
    res = run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=None, rng=42, **SETTINGS)
    pd.testing.assert_frame_equal(_data(res), _data(reference))


def test_dask_local_cluster_fail_and_resume(reference, tmp_path):
    # processes=False keeps the scheduler and worker in this process (inproc transport, loopback only)
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    path = tmp_path / "runs.csv"
    algorithms = {"fast": fx.fast, "slow": faults.Faulty(tmp_path)}
    try:
        faults.plan(tmp_path, "raise", after=25)
        with pytest.raises(RunFailed, match=r"'slow' failed on instance \d+ \(run \d+, seed \d+\).*injected"):
            run_experiment(INSTANCES, algorithms, executor=client, rng=42, results_file=path, **SETTINGS)
        partial = read_log(path)
        assert 0 < (partial["status"] == "ok").sum() < reference.total_runs
        assert (partial["status"] == "error").sum() == 1
        faults.unplan(tmp_path)  # the cause is fixed outside the algorithm: same code, same fingerprint
        res = run_experiment(INSTANCES, algorithms, executor=client, rng=None, resume=path, **SETTINGS)
    finally:
        client.close()
        cluster.close()
    pd.testing.assert_frame_equal(_data(res), _data(reference))
    ok = read_log(path).query("status == 'ok'")
    assert len(ok) == reference.total_runs  # nothing was run twice
    assert not ok.duplicated(["instance_index", "algorithm_index", "run"]).any()


def test_resume_parquet_and_wrong_seed(reference, tmp_path):
    path = tmp_path / "runs.parquet"
    algorithms = {"fast": fx.fast, "slow": faults.Faulty(tmp_path)}
    with ThreadPoolExecutor(2) as pool:
        faults.plan(tmp_path, "raise", after=10)
        with pytest.raises(RunFailed):
            run_experiment(INSTANCES, algorithms, executor=pool, rng=42, results_file=path, **SETTINGS)
        assert not path.exists() and read_log(path).shape[0] > 0  # journal only
        faults.unplan(tmp_path)
        with pytest.raises(ValueError, match="rng seed: recorded 42, now 7"):
            run_experiment(INSTANCES, algorithms, executor=pool, rng=7, resume=path, **SETTINGS)
        res = run_experiment(INSTANCES, algorithms, executor=pool, rng=42, resume=path, **SETTINGS)
        pd.testing.assert_frame_equal(_data(res), _data(reference))
        assert path.exists() and not (tmp_path / "runs.parquet.partial.csv").exists()
        assert (pd.read_parquet(path)["status"] == "ok").sum() == reference.total_runs
        # a finished Parquet study resumes from its metadata without running anything again
        again = run_experiment(INSTANCES, algorithms, executor=pool, rng=None, resume=path, **SETTINGS)
    pd.testing.assert_frame_equal(_data(again), _data(reference))
    assert read_log(path).attrs["fingerprint"]["seed"] == "42"
    assert (read_log(path)["status"] == "ok").sum() == reference.total_runs


def test_retries_draw_a_fresh_recorded_seed(reference, tmp_path):
    path = tmp_path / "runs.csv"
    algorithms = {"fast": fx.fast, "slow": faults.Faulty(tmp_path)}
    faults.plan(tmp_path, "raise", after=30)
    with ThreadPoolExecutor(2) as pool:
        with pytest.warns(RuntimeWarning, match=r"failed: RuntimeError: injected failure; retrying with the fresh "
                                                r"seed \d+ \(attempt 2 of 2\)"):
            res = run_experiment(INSTANCES, algorithms, executor=pool, rng=42, retries=1, results_file=path,
                                 **SETTINGS)
        log = read_log(path)
        failed = log.query("status == 'error'")
        assert len(failed) == 1 and failed["attempt"].iloc[0] == 0
        i, k, r = (int(failed[c].iloc[0]) for c in ("instance_index", "algorithm_index", "run"))
        retry = log.query(f"instance_index == {i} and algorithm_index == {k} and run == {r} and status == 'ok'")
        assert list(retry["attempt"]) == [1] and retry["seed"].iloc[0] != failed["seed"].iloc[0]
        # the retry's value is slow() with SeedSequence(42, spawn_key=(i, k, r, 1)), as the docstring says
        fresh = np.random.default_rng(np.random.SeedSequence(42, spawn_key=(i, k, r, 1)))
        assert retry["value"].iloc[0] == fx.slow(INSTANCES[i], fresh)
        assert retry["seed"].iloc[0] == np.random.SeedSequence(42, spawn_key=(i, k, r, 1)).generate_state(1)[0]
        # every other instance has exactly the reference's runs (decisions are per instance)
        label = INSTANCES[i]
        mine, ref = _data(res), _data(reference)
        pd.testing.assert_frame_equal(mine[mine["instance"] != label].reset_index(drop=True),
                                      ref[ref["instance"] != label].reset_index(drop=True))
        with pytest.raises(RunFailed, match=r"'bad' failed on instance \d+ \(run \d+, seed \d+\) after 3"):
            with pytest.warns(RuntimeWarning, match="retrying"):
                run_experiment(INSTANCES, {"fast": fx.fast, "bad": fx.always_fails}, executor=pool, rng=1,
                               retries=2, **SETTINGS)


def test_command_line_algorithms():
    awk = pytest.importorskip("shutil").which("awk")
    if awk is None:
        pytest.skip("awk not available")
    # the value is the last output line; {seed} is the run's 32-bit seed
    algs = {name: f"{awk} 'BEGIN {{{{ srand({{seed}}); print \"log line\"; print {mu} + rand() }}}}'"
            for name, mu in (("a", 1.0), ("b", 2.0))}
    kw = dict(d=1.5, se_max=0.5, n0=3, nmax=12, power=0.8, rng=3)
    with ThreadPoolExecutor(1) as one, ThreadPoolExecutor(3) as three:
        res = run_experiment(["p1", "p2", "p3", "p4", "p5", "p6", "p7"], algs, executor=one, **kw)
        again = run_experiment(["p1", "p2", "p3", "p4", "p5", "p6", "p7"], algs, executor=three, **kw)
    pd.testing.assert_frame_equal(_data(res), _data(again))
    assert res.runs.n_algorithms == 2
    values = res.runs.to_long()
    assert values["value"].between(1, 3).all() and values["value"].nunique() > 10


def test_multiple_algorithms_holm():
    with ThreadPoolExecutor(2) as pool:
        res = run_experiment(INSTANCES, [fx.fast, fx.slow, fx.third], comparisons="all-vs-one", test="wilcoxon",
                             executor=pool, rng=5, **SETTINGS)
    assert list(res.tests["algorithm_b"]) == ["slow", "third"]
    p = np.sort(res.tests["pvalue"].to_numpy())
    assert res.tests["pvalue_adj"].min() == pytest.approx(min(1, 2 * p[0]))
    assert res.underpowered == (res.n_star > len(INSTANCES))


@pytest.mark.parametrize("kwargs", [dict(test="z"), dict(alternative="one-sided"), dict(executor="pool"),
                                    dict(retries=-1)])
def test_bad_input(kwargs):
    with pytest.raises((ValueError, TypeError)):
        run_experiment(INSTANCES, [fx.fast, fx.slow], **{**SETTINGS, **kwargs})


def _phi(res, a, b):
    rows = res.instances[(res.instances["algorithm_a"] == a) & (res.instances["algorithm_b"] == b)]
    return rows["phi"].to_numpy(float)


@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
def test_final_tests_are_the_package_tests(alternative):
    # each row of res.tests is ac.paired_ttest / ac.wilcoxon / ac.sign_test of phi_j against 0
    import algocompare as ac

    with ThreadPoolExecutor(2) as pool:
        for test, function in (("t", ac.paired_ttest), ("wilcoxon", ac.wilcoxon), ("sign", ac.sign_test)):
            res = run_experiment(INSTANCES, [fx.fast, fx.slow, fx.third], test=test, alternative=alternative,
                                 executor=pool, rng=5, **SETTINGS)
            for row in res.tests.itertuples():
                phi = _phi(res, row.algorithm_a, row.algorithm_b)
                pinned = {"sign": {"zero_method": "split", "method": "exact"},  # the defaults before issue 28
                          "wilcoxon": {"zero_method": "split"}}.get(test, {})
                ref = function(phi, np.zeros_like(phi), alternative=alternative, **pinned)
                assert (row.statistic, row.pvalue) == (ref.statistic, ref.pvalue), (test, row)
                if test == "t":
                    ci = function(phi, np.zeros_like(phi), alternative=alternative, confidence_level=0.95)
                    assert (row.ci_low, row.ci_high) == (ci.ci_low, ci.ci_high)
            assert res.tests["pvalue_adj"].tolist() == ac.adjust_pvalues(res.tests["pvalue"], "holm").tolist()


def _rounded(instance, rng):  # integer results: some per-instance differences are exactly 0
    return float(round(rng.normal(10.0 + instance, 0.3)))


def _rounded_too(instance, rng):
    return float(round(rng.normal(10.2 + instance, 0.3)))


def test_sign_test_splits_zero_differences():
    # run_experiment(test="sign") counts zero phi_j half for each side (sign_test's default before issue 28)
    import algocompare as ac

    with ThreadPoolExecutor(2) as pool:
        res = run_experiment(INSTANCES, [_rounded, _rounded_too], d=1.0, se_max=0.3, n0=2, nmax=4, test="sign",
                             executor=pool, rng=3)
    phi = res.instances["phi"].to_numpy(float)
    assert (phi == 0).any()
    split = ac.sign_test(phi, np.zeros_like(phi), zero_method="split", method="exact")
    assert res.tests["statistic"].iloc[0] == split.statistic == (phi > 0).sum() + (phi == 0).sum() // 2
    assert res.tests["pvalue"].iloc[0] == split.pvalue


def test_constant_phi_gives_an_undefined_t_test():
    with ThreadPoolExecutor(1) as pool, pytest.warns(RuntimeWarning, match="final t test .* is undefined"):
        res = run_experiment(INSTANCES, {"one": lambda i, rng: 1.0, "two": lambda i, rng: 2.0}, d=1.0, se_max=0.5,
                             n0=2, nmax=4, executor=pool, rng=1)
    assert np.isnan(res.tests["pvalue"].iloc[0]) and not res.tests["reject"].iloc[0]
    assert res.tests["estimate"].iloc[0] == -1.0


def test_direction_defaults_to_minimize(reference):
    assert reference.runs.direction == "minimize"
    with ThreadPoolExecutor(2) as pool:
        res = run_experiment(INSTANCES, {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42,
                             direction="maximize", **SETTINGS)
    assert res.runs.direction == "maximize"
    pd.testing.assert_frame_equal(res.tests, reference.tests)  # phi and the tests are on the values as given
    with pytest.raises(ValueError, match="direction"):
        run_experiment(INSTANCES, [fx.fast, fx.slow], direction="max", **SETTINGS)


def test_n_resamples_default_is_the_inner_rule(tmp_path):
    from algocompare._options import N_RESAMPLES_INNER

    path = tmp_path / "runs.csv"
    with ThreadPoolExecutor(2) as pool:
        run_experiment(INSTANCES, [fx.fast, fx.slow], executor=pool, rng=1, results_file=path, **SETTINGS)
    assert read_log(path).attrs["fingerprint"]["design"]["n_resamples"] == N_RESAMPLES_INNER == 999


def test_deprecated_spellings(reference):
    with pytest.warns(DeprecationWarning, match="test_statistics"):
        assert reference.statistic == reference.tests["statistic"].iloc[0]
    with pytest.warns(DeprecationWarning, match="test_pvalues"):
        assert reference.pvalue == reference.tests["pvalue_adj"].iloc[0]
    with ThreadPoolExecutor(2) as pool, pytest.warns(DeprecationWarning, match="all-vs-one"):
        res = run_experiment(INSTANCES, [fx.fast, fx.slow, fx.third], comparisons="all-vs-first", executor=pool,
                             rng=5, **SETTINGS)
    assert res.comparisons == "all-vs-one" and list(res.tests["algorithm_b"]) == ["slow", "third"]
