"""Public tests of the permutation area, registered for the shared conformance checks."""


import algocompare as ac
from tests.conformance import SMALL, Case


def _msd_key(result):
    return (result.msd_tukey, result.msd_permutation, result.msd_rank)


def _make_msd():
    sim = ac.simulate_runs([10.0, 10.5, 12.0], n_instances=4, n_runs=5, rng=2024)
    return ac.msd_intervals(sim.results, rng=1)


def _make_msd_blocks():
    return ac.msd_intervals(SMALL, method="monte_carlo", n_resamples=500, rng=1)


CASES = [
    # Design 1 on the 8 x 4 table: (4!)^8 rearrangements, Monte Carlo.
    Case("permutation_test_design1_monte_carlo", ac.permutation_test, kind="blocks",
         kwargs={"method": "monte_carlo", "n_resamples": 2000}, stochastic=True),
    Case("permutation_test_design1_auto", ac.permutation_test, kind="blocks",
         kwargs={"n_resamples": 1000, "statistic": "sum_squares"}, stochastic=True),
    Case("permutation_test_synchronized_constrained", ac.permutation_test, kind="runs",
         kwargs={"variant": "constrained"}),
    Case("permutation_test_synchronized_unconstrained", ac.permutation_test, kind="runs",
         kwargs={"variant": "unconstrained", "n_resamples": 2000}, stochastic=True),
    Case("msd_intervals_runs", kind="other", make=_make_msd, key=_msd_key),
    Case("msd_intervals_blocks", kind="other", make=_make_msd_blocks, key=_msd_key),
]

