"""Effect-size and power functions registered for the shared conformance checks."""

from algocompare.effects._contrast import contrast_estimation
from algocompare.effects._effect_size import (
    cliffs_delta,
    cohens_d,
    cohens_d_prime,
    d_z,
    hedges_g,
    rank_biserial,
    vargha_delaney_a12,
)
from algocompare.effects._power import power_curve
from tests.conformance import PAIRED_X, PAIRED_Y, SMALL, Case


def _estimate(result):
    return (result.estimate, result.ci_low, result.ci_high)


CASES = [
    Case("d_z", d_z, kind="paired", key=_estimate),
    Case("cohens_d_prime", cohens_d_prime, kind="paired", key=_estimate),
    Case("rank_biserial_paired", rank_biserial, kind="paired", kwargs={"paired": True}, key=_estimate),
    Case("cohens_d", kind="other", make=lambda: cohens_d(PAIRED_X, PAIRED_Y[:-1])),
    Case("hedges_g", kind="other", make=lambda: hedges_g(PAIRED_X, PAIRED_Y[:-1], bias_correction="exact")),
    Case("cliffs_delta", kind="other", make=lambda: cliffs_delta(PAIRED_X, PAIRED_Y[:-1])),
    Case("vargha_delaney_a12", kind="other", make=lambda: vargha_delaney_a12(PAIRED_X, PAIRED_Y[:-1])),
    Case("power_curve", kind="other", make=lambda: power_curve(sd=1.0, n=(10, 20), delta=[0.0, 0.5, 1.0])),
    # issue 28, part D: bootstrap intervals (seeded) and contrast estimation
    Case("d_z_bootstrap", d_z, kind="paired", key=_estimate, stochastic=True,
         kwargs={"ci_method": "bootstrap", "n_resamples": 500}),
    Case("rank_biserial_bootstrap", rank_biserial, kind="paired", key=_estimate, stochastic=True,
         kwargs={"paired": True, "ci_method": "bootstrap", "bootstrap_method": "percentile", "n_resamples": 500}),
    Case("cliffs_delta_bootstrap", kind="other",
         make=lambda: cliffs_delta(PAIRED_X, PAIRED_Y[:-1], ci_method="bootstrap", n_resamples=500, rng=1)),
    Case("contrast_estimation", kind="other", make=lambda: contrast_estimation(SMALL)),
]
