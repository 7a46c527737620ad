"""The study fingerprint: what changes an algorithm's code hash, and what must not."""

import subprocess
import sys
import textwrap

import numpy as np
import pandas as pd

from algocompare.experiment._fingerprint import algorithm_tag, differences, instance_tag, setting_tags

SOURCE = """
import numpy as np
MU = {mu}
{pad}
def helper(i):
    return i + MU  # {comment}

def algorithm(instance, rng, scale={scale}):
    if instance in {{"x", "y", "z"}}:
        return 0.0
    return rng.normal(helper(instance), scale)

class Solver:
    def __init__(self, level):
        self.level, self.options = level, {{"b": 1, "a": 2}}

    def __call__(self, instance, rng):
        return rng.normal(instance, self.level)
"""


def _namespace(mu=1.0, scale=1.0, pad="", comment="c"):
    namespace = {"__name__": "study"}
    exec(compile(SOURCE.format(mu=mu, scale=scale, pad=pad, comment=comment), "<study>", "exec"), namespace)
    return namespace


def test_code_hash_ignores_layout_but_sees_what_changes_results():
    base = algorithm_tag(_namespace()["algorithm"])
    assert base.startswith("code:")
    assert algorithm_tag(_namespace(pad="\n\n# moved down", comment="other")["algorithm"]) == base
    assert algorithm_tag(_namespace(mu=2.0)["algorithm"]) != base  # a module constant it uses
    assert algorithm_tag(_namespace(scale=2.0)["algorithm"]) != base  # a default
    solver = _namespace()["Solver"]
    assert algorithm_tag(solver(1.0)) == algorithm_tag(solver(1.0)) != algorithm_tag(solver(2.0))
    assert algorithm_tag(lambda i, rng: rng.normal(i, 1)) != algorithm_tag(lambda i, rng: rng.normal(i, 2))
    assert algorithm_tag("prog --seed {seed}") != algorithm_tag("prog --seed {seed} --fast")
    assert algorithm_tag(_namespace()["algorithm"], version="2.1") == "version:2.1"


def test_hashes_do_not_depend_on_the_session():
    # sets and dicts (hash-randomised order) in code and state: the same tags in another process
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = {sys.path!r}
        from tests.experiment.test_runner_fingerprint import _namespace
        from algocompare.experiment._fingerprint import algorithm_tag, instance_tag
        ns = _namespace()
        print(algorithm_tag(ns["algorithm"]), algorithm_tag(ns["Solver"](1.0)), instance_tag({{"a", "b", "c"}}))
    """)
    here = _namespace()
    expected = (f"{algorithm_tag(here['algorithm'])} {algorithm_tag(here['Solver'](1.0))} "
                f"{instance_tag({'a', 'b', 'c'})}")
    for hash_seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                              env={"PYTHONHASHSEED": hash_seed, "PATH": ""})
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected


def test_instance_content_tags():
    assert instance_tag([1, 2.5, "x"]) == instance_tag([1, 2.5, "x"]) != instance_tag([1, 2.5, "y"])
    assert instance_tag(np.arange(4.0)) != instance_tag(np.arange(4.0) + 1e-12)
    assert instance_tag({"n": 3, "w": np.ones(2)}) != instance_tag({"n": 4, "w": np.ones(2)})
    assert instance_tag(pd.DataFrame({"a": [1, 2]})) != instance_tag(pd.DataFrame({"a": [1, 3]}))  # pickled


def test_differences_in_words():
    def fingerprint(**change):
        base = {"format": 1, "seed": "1", "package": "0.1.0", "python": "3.11",
                "algorithms": [["a", "code:1"], ["b", "code:2"]], "instances": [[0, "x"], [1, "y"]],
                "design": {"se_max": 0.5, "n0": 10}}
        return {**base, **change}

    assert differences(fingerprint(), fingerprint()) == []
    assert differences(fingerprint(), fingerprint(python="3.12")) == []  # only matters with a code difference
    assert differences(fingerprint(), fingerprint(algorithms=[["b", "code:2"], ["a", "code:1"]])) == [
        "algorithm order: recorded ['a', 'b'], now ['b', 'a'] (pass them in the recorded order)"]
    changed = differences(fingerprint(), fingerprint(algorithms=[["a", "code:1"], ["b", "code:3"]], python="3.12"))
    assert changed[0].startswith("code of algorithm 'b' differs") and changed[1].startswith("Python version")
    assert differences(fingerprint(), fingerprint(instances=[[0, "x"], [1, "z"]])) == [
        "content of instance(s) [1] (1) differs from the recorded one"]
    assert differences(fingerprint(), fingerprint(design={"se_max": 0.5, "n0": 12}, seed="2")) == [
        "rng seed: recorded 1, now 2 (pass rng=None to use the recorded seed)", "n0: recorded 10, now 12"]


# -- issue 30: the settings an algorithm reads from mutable globals ----------------------------
SETTINGS_SOURCE = """
import dataclasses
import functools
import numpy as np
import pandas as pd

PARAMS = {"sd": 2.0, "levels": [1, 2, {"deep": np.arange(3.0)}], "tags": {"a", "b"}}
WEIGHTS = [0.5, 0.5]
SHIFT = np.array([1.0, 2.0])
TABLE = pd.DataFrame({"x": [1.0, 2.0]})
OPTIONS = (1, [2, 3])

@dataclasses.dataclass
class Config:
    scale: float = 1.0

CONFIG = Config()

class Defaults:
    restarts = 3

def helper(instance):
    return instance * WEIGHTS[0] + SHIFT[1]

def algorithm(instance, rng):
    return rng.normal(helper(instance) + OPTIONS[1][0] + Defaults.restarts + TABLE["x"].iloc[0],
                      PARAMS["sd"] * CONFIG.scale * len(PARAMS["levels"]))

def tuned(instance, rng, sd):
    return rng.normal(instance, sd * PARAMS["sd"])

class Solver:
    def __init__(self):
        self.options = {"budget": [100, 200]}

    def __call__(self, instance, rng):
        return rng.normal(instance, PARAMS["sd"] + self.options["budget"][0])

partial_algorithm = functools.partial(tuned, sd={"inner": [1.0]})
"""


def _settings_namespace():
    namespace = {"__name__": "settings_study"}
    exec(compile(SETTINGS_SOURCE, "<settings_study>", "exec"), namespace)  # noqa: S102 - a notebook's globals
    return namespace


def _changed(mutate, which="algorithm"):
    ns = _settings_namespace()
    algorithm = ns[which]
    before = (algorithm_tag(algorithm), setting_tags(algorithm))
    mutate(ns)
    after = (algorithm_tag(algorithm), setting_tags(algorithm))
    assert after[0] != before[0], "the code hash did not see the change"
    return sorted(name for name in set(before[1]) | set(after[1]) if before[1].get(name) != after[1].get(name))


def test_mutable_globals_are_part_of_the_code_hash():
    # the script pattern of issue 30: one entry of a module-level dict/list/array changes between runs
    assert _changed(lambda ns: ns["PARAMS"].update(sd=2.5)) == ["global PARAMS"]
    assert _changed(lambda ns: ns["PARAMS"]["levels"][2]["deep"].__setitem__(1, 7.0)) == ["global PARAMS"]
    assert _changed(lambda ns: ns["PARAMS"]["tags"].add("c")) == ["global PARAMS"]
    assert _changed(lambda ns: ns["WEIGHTS"].__setitem__(0, 0.6)) == ["global WEIGHTS"]  # read by a helper
    assert _changed(lambda ns: ns["SHIFT"].__setitem__(1, 2.5)) == ["global SHIFT"]
    assert _changed(lambda ns: ns["OPTIONS"][1].append(4)) == ["global OPTIONS"]  # a list inside a tuple
    assert _changed(lambda ns: ns["TABLE"].__setitem__("x", [1.0, 3.0])) == ["global TABLE"]
    assert _changed(lambda ns: setattr(ns["CONFIG"], "scale", 2.0)) == ["global CONFIG"]
    assert _changed(lambda ns: setattr(ns["Defaults"], "restarts", 4)) == ["global Defaults"]
    assert _changed(lambda ns: ns["SHIFT"].__setitem__(0, 9.0) or ns["PARAMS"].update(sd=1.0),
                    which="partial_algorithm") == ["global PARAMS"]  # SHIFT is not read by tuned
    assert _changed(lambda ns: ns["partial_algorithm"].keywords["sd"]["inner"].append(2.0),
                    which="partial_algorithm") == ["partial argument sd"]


def test_callable_object_state_is_named():
    ns = _settings_namespace()
    solver = ns["Solver"]()
    before = (algorithm_tag(solver), setting_tags(solver))
    solver.options["budget"][0] = 150
    assert algorithm_tag(solver) != before[0]
    assert [k for k, v in setting_tags(solver).items() if before[1].get(k) != v] == ["attribute options"]
    ns["PARAMS"]["sd"] = 3.0
    assert "global PARAMS" in [k for k, v in setting_tags(solver).items() if before[1].get(k) != v]


def test_settings_hash_is_canonical():
    # the same content built in another order, or in another session, gives the same hashes
    one, two = _settings_namespace(), _settings_namespace()
    two["PARAMS"].clear()
    two["PARAMS"].update({"tags": {"b", "a"}, "levels": [1, 2, {"deep": np.arange(3.0)}], "sd": 2.0})
    assert algorithm_tag(one["algorithm"]) == algorithm_tag(two["algorithm"])
    assert setting_tags(one["algorithm"]) == setting_tags(two["algorithm"])
    two["SHIFT"] = two["SHIFT"].astype(np.float32)  # same numbers, another dtype: another setting
    assert setting_tags(one["algorithm"])["global SHIFT"] != setting_tags(two["algorithm"])["global SHIFT"]
    cyclic = {"a": 1}
    cyclic["self"] = cyclic
    assert instance_tag(cyclic) == instance_tag(cyclic)  # a container that holds itself: no RecursionError
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = {sys.path!r}
        from tests.experiment.test_runner_fingerprint import _settings_namespace
        from algocompare.experiment._fingerprint import algorithm_tag, setting_tags
        ns = _settings_namespace()
        print(algorithm_tag(ns["algorithm"]), sorted(setting_tags(ns["algorithm"]).items()))
    """)
    expected = f"{algorithm_tag(one['algorithm'])} {sorted(setting_tags(one['algorithm']).items())}"
    for hash_seed in ("3", "4"):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                              env={"PYTHONHASHSEED": hash_seed, "PATH": ""}, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected


def test_a_changed_setting_is_named_in_the_refusal():
    def fingerprint(tag, settings):
        return {"format": 1, "seed": "1", "package": "0.1.0", "python": "3.11",
                "algorithms": [["a", "code:1", {}], ["b", tag, settings]], "instances": [[0, "x"]], "design": {}}

    was = fingerprint("code:2", {"global PARAMS": "p1", "default scale": "s1"})
    now = fingerprint("code:3", {"global PARAMS": "p2", "default scale": "s1"})
    [message] = differences(was, now)
    assert message.startswith("code of algorithm 'b' differs from the recorded one (its global PARAMS changed; "
                              "code:2 vs code:3)")
    [message] = differences(was, fingerprint("code:3", was["algorithms"][1][2]))
    assert "(its code or what it calls changed;" in message
    old_file = {**was, "algorithms": [["a", "code:1"], ["b", "code:2"]]}  # written before settings were named
    assert differences(old_file, fingerprint("code:2", {})) == []
    assert "its code or what it calls changed" in differences(old_file, now)[0]


def test_settings_of_the_users_own_module_are_seen(tmp_path, monkeypatch):
    # `import config` then `config.PARAMS["sd"]`: the user's module, not a library's
    (tmp_path / "study_config.py").write_text("PARAMS = {'sd': 1.0}\nLEVELS = [1, 2]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    namespace = {"__name__": "study_main"}
    exec("import numpy as np\nimport study_config\n"  # noqa: S102 - a notebook's globals
         "def algorithm(instance, rng):\n    return rng.normal(np.pi, study_config.PARAMS['sd'])\n", namespace)
    try:
        algorithm, config = namespace["algorithm"], namespace["study_config"]
        before = (algorithm_tag(algorithm), setting_tags(algorithm))
        assert list(before[1]) == ["global study_config.PARAMS"]  # not LEVELS (unread), not np.pi (a library)
        config.LEVELS.append(3)
        assert algorithm_tag(algorithm) == before[0]
        config.PARAMS["sd"] = 2.0
        assert algorithm_tag(algorithm) != before[0]
        assert setting_tags(algorithm)["global study_config.PARAMS"] != before[1]["global study_config.PARAMS"]
    finally:
        sys.modules.pop("study_config", None)
