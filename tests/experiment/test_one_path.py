"""One execution path, one seeding rule, keyword-only wiring, and the runner's input edges (issue 26)."""

import json
import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.experiment import calc_nreps, read_log, run_experiment
from algocompare.experiment._executors import InlineBackend
from algocompare.experiment._results_file import RunLog
from algocompare.experiment._scheduler import Study
from algocompare.experiment._seeds import bootstrap_seed, instance_order_seed, integer_seed, run_seed
from tests.experiment import algorithms_fixture as fx

SETTINGS = dict(d=1.0, se_max=0.6, n0=4, nmax=60, power=0.8)
PLAN = dict(se_max=0.6, n0=4, nmax=60)


# -- one seeding rule -----------------------------------------------------------------------
def test_every_stream_has_its_own_key():
    keys = {run_seed(42, i, k, r, attempt=a).spawn_key for i in range(3) for k in range(3) for r in range(3)
            for a in range(3)}
    keys |= {bootstrap_seed(42, i, 3).spawn_key for i in range(3)} | {instance_order_seed(42).spawn_key}
    assert len(keys) == 3 * 3 * 3 * 3 + 3 + 1
    assert run_seed(42, 1, 2, 3).spawn_key == (1, 2, 3) and run_seed(42, 1, 2, 3, attempt=1).spawn_key == (1, 2, 3, 1)
    assert run_seed(42, 1, 2, 3).entropy == 42


def test_calc_nreps_draws_the_documented_seeds():
    seen = []

    def record(instance, rng):
        value = rng.normal()
        seen.append(value)
        return value

    res = calc_nreps(0, {"a": record, "b": fx.fast}, se_max=0.5, n0=3, rng=11)
    expected = [np.random.default_rng(run_seed(11, 0, 0, r)).normal() for r in range(int(res.n_runs[0]))]
    np.testing.assert_array_equal(res.observations["a"], expected)
    assert seen[:3] == expected[:3]  # the first n0 calls are algorithm a's


# -- one execution path ---------------------------------------------------------------------
def test_calc_nreps_is_instance_zero_of_a_study(tmp_path):
    """calc_nreps and run_experiment share the scheduler and the seeds: the runs calc_nreps makes on an
    instance are the runs a study makes on it when it is the study's first instance."""
    instances = [3, 5, 7]  # fewer than N* = 10: every instance is studied
    algorithms = {"fast": fx.fast, "slow": fx.slow}
    with ThreadPoolExecutor(2) as pool:
        study = run_experiment(instances, algorithms, executor=pool, rng=42, results_file=tmp_path / "r.csv",
                               **SETTINGS)
    alone = calc_nreps(3, algorithms, rng=42, **PLAN)
    runs = study.runs.to_long()
    for name in algorithms:
        mine = runs[(runs["instance"] == 3) & (runs["algorithm"] == name)].sort_values("run")["value"]
        np.testing.assert_array_equal(mine.to_numpy(), alone.observations[name])
    first = study.instances[study.instances["instance"] == 3].iloc[0]
    assert (first["phi"], first["se"]) == pytest.approx((alone.phi, alone.se), abs=0)
    log = read_log(tmp_path / "r.csv").query("instance_index == 0 and attempt == 0")
    assert all(seed == integer_seed(run_seed(42, 0, k, r))
               for seed, k, r in zip(log["seed"], log["algorithm_index"], log["run"], strict=True))


def test_calc_nreps_without_timeout_raises_what_the_run_raises():
    def broken(instance, rng):
        raise KeyError("no such instance")

    with pytest.raises(KeyError, match="no such instance"):
        calc_nreps("i", [broken, fx.fast], se_max=0.5, n0=3, rng=1)


def test_study_is_built_with_keywords_only():
    options = dict(se_max=0.5, dif="simple", comparisons="all-vs-all", method="param", n0=3, nmax=100,
                   force_balanced=False)
    with pytest.raises(TypeError, match="positional"):
        Study(InlineBackend(), [fx.fast, fx.slow], ["fast", "slow"], [3], [3], 7, options, RunLog(None, {}))
    study = Study(backend=InlineBackend(), algorithms=[fx.fast, fx.slow], names=["fast", "slow"], items=[3],
                  labels=[3], entropy=7, plan_options=options, log=RunLog(None, {}))
    study.run([0])
    assert study.finished == 1
    np.testing.assert_array_equal(study.plans[0].values[1],
                                  calc_nreps(3, {"fast": fx.fast, "slow": fx.slow}, se_max=0.5, n0=3, nmax=100,
                                             rng=7).observations["slow"])


# -- the runner's edges ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def recorded_study(tmp_path_factory):
    path = tmp_path_factory.mktemp("study") / "runs.csv"
    with ThreadPoolExecutor(2) as pool:
        run_experiment(list(range(12)), {"fast": fx.fast, "slow": fx.slow}, executor=pool, rng=42,
                       results_file=path, **SETTINGS)
    return path


def _with_fingerprint(path, tmp_path, change):
    lines = path.read_text().split("\n")
    mark = "# algocompare study "
    fingerprint = json.loads(lines[0][len(mark):])
    change(fingerprint)
    lines[0] = mark + json.dumps(fingerprint, separators=(",", ":"))
    copy = tmp_path / "edited.csv"
    copy.write_text("\n".join(lines))
    return copy


@pytest.mark.parametrize("key", ["seed", "package", "algorithms", "instances", "design"])
def test_resume_with_a_fingerprint_missing_a_key_is_refused_in_one_line(recorded_study, tmp_path, key):
    edited = _with_fingerprint(recorded_study, tmp_path, lambda fingerprint: fingerprint.pop(key))
    with pytest.raises(ValueError, match=rf"damaged study fingerprint on its first line \(the study fingerprint "
                                         rf"lacks '{key}'\), so it cannot be resumed") as err:
        run_experiment(list(range(12)), {"fast": fx.fast, "slow": fx.slow}, rng=None, resume=edited, **SETTINGS)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("change, message", [
    (lambda f: f.update(design=[1, 2]), "'design' is list, not dict"),
    (lambda f: f.update(seed="forty-two"), "seed 'forty-two' is not a non-negative integer"),
    (lambda f: f.update(instances=[[0]]), "'instances' are not \\[label, hash\\] entries"),
    (lambda f: f["algorithms"][0].__setitem__(2, "x"), "'algorithms' are not \\[label, hash\\] entries"),
])
def test_resume_with_a_malformed_fingerprint_is_refused(recorded_study, tmp_path, change, message):
    edited = _with_fingerprint(recorded_study, tmp_path, change)
    with pytest.raises(ValueError, match=message):
        run_experiment(list(range(12)), {"fast": fx.fast, "slow": fx.slow}, rng=None, resume=edited, **SETTINGS)


def test_a_fingerprint_that_is_not_an_object_is_refused(tmp_path):
    path = tmp_path / "runs.csv"
    path.write_text("# algocompare study [1, 2]\n")
    with pytest.raises(ValueError, match="is a JSON object, not list"):
        read_log(path)


#: os.listdir's name for the Latin-1 file name b"caf\xe9.tsp" (not UTF-8): a lone surrogate stands for the byte
CAFE = b"caf\xe9.tsp".decode("utf-8", "surrogateescape")
VERSIONS = {"a": "1", "b": "1"}  # alg's closure (what it received) changes between the run and its resume


def test_instances_named_after_non_utf8_file_names(tmp_path):
    assert CAFE == "caf\udce9.tsp"
    received = set()

    def alg(instance, rng):
        received.add(instance)
        return rng.normal(len(instance))

    def other(instance, rng):
        return rng.normal(len(instance) + 1)

    instances = [CAFE, "b.tsp", "c.tsp"]
    path = tmp_path / "runs.csv"
    with ThreadPoolExecutor(2) as pool:
        res = run_experiment(instances, {"a": alg, "b": other}, executor=pool, rng=3, results_file=path,
                             versions=VERSIONS, **SETTINGS)
    assert received == set(instances)  # the algorithm receives the name as given (it opens that file)
    label = "caf\\udce9.tsp"  # reported with the byte escaped: text every output can hold
    assert set(res.runs.to_long()["instance"]) == {label, "b.tsp", "c.tsp"}
    path.read_text(encoding="utf-8")  # the file is UTF-8
    log = read_log(path)
    assert set(log["instance"]) == {label, "b.tsp", "c.tsp"}  # read back as the study reported it
    with ThreadPoolExecutor(2) as pool:
        again = run_experiment(instances, {"a": alg, "b": other}, executor=pool, rng=None, resume=path,
                               versions=VERSIONS, **SETTINGS)
    pd.testing.assert_frame_equal(again.runs.to_long(), res.runs.to_long())


def test_algorithm_names_that_collide_once_escaped_are_refused():
    with pytest.raises(ValueError, match="repeat once the bytes that are not UTF-8 are escaped"):
        run_experiment([1, 2], {CAFE: fx.fast, "caf\\udce9.tsp": fx.slow}, **SETTINGS)


def test_a_non_utf8_error_message_is_recorded_escaped(tmp_path):
    def fails(instance, rng):
        raise FileNotFoundError(f"no file {CAFE!s}")

    path = tmp_path / "runs.csv"
    with ThreadPoolExecutor(1) as pool, pytest.raises(ac.RunFailed):
        run_experiment([1, 2], {"fails": fails, "fast": fx.fast}, executor=pool, rng=1, results_file=path,
                       **SETTINGS)
    assert read_log(path)["message"].iloc[0] == "FileNotFoundError: no file caf\\udce9.tsp"


# -- the old import paths -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["run_experiment", "calc_nreps", "ExperimentResult", "RunFailed"])
def test_old_samplesize_paths_warn_and_resolve(monkeypatch, name):
    monkeypatch.setenv("ALGOCOMPARE_DEPRECATIONS", "warn")
    import algocompare.samplesize as samplesize

    with pytest.warns(DeprecationWarning, match=rf"algocompare.samplesize.{name} is deprecated .* removed in "
                                                rf"algocompare 0.4; use algocompare.experiment.{name}"):
        assert getattr(samplesize, name) is getattr(ac.experiment, name)
    assert name not in samplesize.__all__


def test_new_paths_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from algocompare.experiment import calc_nreps as new  # noqa: F401

        assert ac.calc_nreps is ac.experiment.calc_nreps and ac.run_experiment is ac.experiment.run_experiment
