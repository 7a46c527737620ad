"""Conformance registration for the sample size and the Campelo–Takahashi study design."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from algocompare.experiment import calc_nreps, run_experiment
from algocompare.samplesize._bootstrap import bootstrap_means
from algocompare.samplesize._instances import calc_instances, instance_power_curve
from algocompare.samplesize._sample_size import sample_size
from algocompare.samplesize._standard_error import calc_se
from tests.conformance import Case

X1 = [10.2, 11.5, 9.8, 10.9, 12.1, 10.4]
X2 = [13.1, 12.4, 15.0, 11.8, 14.2, 13.7, 12.9]
X3 = [9.0, 9.5, 8.7, 10.1]


def _se_key(res):
    return (float(np.sum(res.phi)), float(np.sum(res.se)))


def _make_nreps(rng=0):
    def a(instance, gen):
        return gen.normal(10, 1)

    def b(instance, gen):
        return gen.normal(12, 2)

    return calc_nreps("i1", [a, b], se_max=0.5, n0=5, rng=rng)


def _make_experiment(rng=0):
    from tests.experiment import algorithms_fixture as fx

    with ThreadPoolExecutor(2) as pool:
        return run_experiment(list(range(12)), [fx.fast, fx.slow], d=1.0, se_max=0.8, n0=4, nmax=30,
                              executor=pool, rng=rng)


CASES = [
    # calc_se takes independent samples of different sizes (not paired): kind "other".
    Case("calc_se", kind="other", make=lambda: calc_se(X1, X2, dif="simple"), key=_se_key),
    Case("calc_se_perc", kind="other", make=lambda: calc_se(X1, X2, X3, dif="perc"), key=_se_key),
    Case("calc_se_boot", kind="other", make=lambda rng=0: calc_se(X1, X2, method="boot", n_resamples=200, rng=rng),
         key=_se_key),
    Case("calc_instances", kind="other", make=lambda: calc_instances(0.5, n_comparisons=3),
         key=lambda r: (r.n_instances, float(r.mean_power))),
    Case("instance_power_curve", kind="other", make=lambda: instance_power_curve(30, [0.3, 0.6]),
         key=lambda r: tuple(r.mean_power)),
    Case("bootstrap_means", kind="other", make=lambda: bootstrap_means([1.2, 0.8, 5.0, 3.3, 2.1], rng=1),
         key=lambda r: (r.se, r.qq_correlation)),
    Case("calc_nreps", kind="other", make=_make_nreps, key=lambda r: (tuple(r.n_runs), r.phi, r.se)),
    Case("run_experiment", kind="other", make=_make_experiment,
         key=lambda r: (*r.test_statistics(), *r.test_pvalues())),
    Case("sample_size", kind="other", make=lambda: sample_size(10, 30.73, alpha=0.025, method="exact")),
]
