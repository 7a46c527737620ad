"""The study fingerprint: what changes an algorithm's code hash, and what must not."""

import subprocess
import sys
import textwrap

import numpy as np
import pandas as pd

from algocompare.samplesize.fingerprint import algorithm_tag, differences, instance_tag

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
        from tests.samplesize.test_runner_fingerprint import _namespace
        from algocompare.samplesize.fingerprint import algorithm_tag, instance_tag
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
