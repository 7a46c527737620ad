"""calc_nreps: CAISEr 1.0's sampling loop replayed on fixed sequences (reference tests/reference/caiser_se_nreps.R)."""

import numpy as np
import pytest

from algocompare.experiment import calc_nreps

IDX = np.arange(1, 2001)
# R: s1 <- round(10 + sin(1:2000)*1.5 + cos((1:2000)*0.37), 6)
S1 = np.round(10 + np.sin(IDX) * 1.5 + np.cos(IDX * 0.37), 6)
# R: s2 <- round(12 + sin((1:2000)*1.7)*4 + cos((1:2000)*0.11)*2, 6)
S2 = np.round(12 + np.sin(IDX * 1.7) * 4 + np.cos(IDX * 0.11) * 2, 6)
# R: s3 <- round(11 + sin((1:2000)*2.3)*2.5, 6)
S3 = np.round(11 + np.sin(IDX * 2.3) * 2.5, 6)


class Replay:
    """An algorithm that returns the next value of a fixed sequence and counts its calls."""

    def __init__(self, values):
        self.values, self.calls = values, 0

    def __call__(self, instance, rng):
        assert isinstance(rng, np.random.Generator)
        value = self.values[self.calls]
        self.calls += 1
        return value


# R: nreps(list(s1, s2), se.max, dif, type, nstart, nmax, balanced) in tests/reference/caiser_se_nreps.R,
# which restates CAISEr 1.0's calc_nreps loop (worst SE pair; first member if r <= ropt).
CASES = [
    ((S1, S2), dict(se_max=0.3, dif="simple", n0=10, nmax=1000), [66, 159], [-1.87198279245283],
     [0.298878099894108]),
    ((S1, S2), dict(se_max=0.02, dif="perc", n0=5, nmax=1000), [119, 294], [-0.186621913645642],
     [0.01997543005953]),
    ((S1, S2), dict(se_max=0.03, dif="perc", n0=5, nmax=1000, comparisons="all-vs-one"), [82, 166],
     [-0.19671519816551], [0.0299606857196855]),
    ((S1, S2), dict(se_max=0.3, dif="simple", n0=10, nmax=60), [18, 42], [-1.60130374603175],
     [0.590542994620307]),
    ((S1, S2), dict(se_max=0.3, dif="simple", n0=10, nmax=1000, force_balanced=True), [131, 131],
     [-2.17994809160305], [0.298920046588154]),
    ((S1, S2, S3), dict(se_max=0.35, dif="simple", n0=8, nmax=1000), [39, 130, 73],
     [-2.05638822820513, -0.898717922725677, 1.15767030547945],
     [0.348655259778485, 0.296361149963698, 0.34909847362154]),
    ((S1, S2, S3), dict(se_max=0.025, dif="perc", n0=8, nmax=1000, comparisons="all-vs-one"), [118, 240, 71],
     [-0.207166591046226, -0.100352876606746], [0.0249868538107878, 0.0248229671270913]),
]


@pytest.mark.parametrize("seqs, kwargs, n, phi, se", CASES)
def test_replay_caiser_loop(seqs, kwargs, n, phi, se):
    algs = [Replay(s) for s in seqs]
    res = calc_nreps("inst", algs, method="param", rng=0, **kwargs)
    np.testing.assert_array_equal(res.n_runs, n)
    assert [a.calls for a in algs] == n  # called exactly as often as needed
    np.testing.assert_allclose(np.atleast_1d(res.phi), phi, atol=1e-12)
    np.testing.assert_allclose(np.atleast_1d(res.se), se, atol=1e-12)
    assert res.nmax_reached == (sum(n) >= kwargs["nmax"] and max(se) > kwargs["se_max"])


def test_call_order_is_caiser_order():
    log = []

    def make(name):
        def alg(instance, rng):
            log.append(name)
            return rng.normal(0, 1 if name == "a" else 3)
        alg.__name__ = name
        return alg

    res = calc_nreps("i", [make("a"), make("b")], se_max=0.5, n0=4, rng=2)
    assert log[:8] == ["a"] * 4 + ["b"] * 4
    assert res.algorithms == ["a", "b"]
    assert sum(res.n_runs) == len(log)


def test_seeded_and_reproducible():
    def a(instance, rng):
        return rng.normal(5, 1)

    def b(instance, rng):
        return rng.exponential(6)

    r1 = calc_nreps(None, {"a": a, "b": b}, se_max=0.4, n0=5, rng=7)
    r2 = calc_nreps(None, {"a": a, "b": b}, se_max=0.4, n0=5, rng=7)
    np.testing.assert_array_equal(r1.observations["b"], r2.observations["b"])
    assert r1.se <= 0.4 and not r1.nmax_reached


@pytest.mark.parametrize("kwargs", [dict(se_max=0), dict(se_max=0.1, n0=1), dict(se_max=0.1, n0=10, nmax=15),
                                    dict(se_max=0.1, dif="x")])
def test_bad_input(kwargs):
    with pytest.raises((ValueError, TypeError)):
        calc_nreps(None, [Replay(S1), Replay(S2)], **kwargs)


def test_bad_algorithm_output():
    def nan_alg(instance, rng):
        return float("nan")

    def ok(instance, rng):
        return 1.0

    with pytest.raises(ValueError, match="nan_alg"):
        calc_nreps(None, [nan_alg, ok], se_max=0.1, n0=2)
    with pytest.raises(ValueError):
        calc_nreps(None, [ok], se_max=0.1)
