"""Severity and effect-size functions registered for the shared conformance checks."""

from algocompare.samplesize.effect_size import (cliffs_delta, cohens_d, cohens_d_prime, d_z, hedges_g,
                                                rank_biserial, vargha_delaney_a12)
from algocompare.samplesize.power import power_curve
from algocompare.samplesize.sample_size import sample_size
from algocompare.severity import severity, severity_analysis
from tests.conformance import PAIRED_X, PAIRED_Y, Case


def _estimate(result):
    return (result.estimate, result.ci_low, result.ci_high)


CASES = [
    Case("severity_analysis_paired", severity_analysis, kind="paired", kwargs={"delta": 0.5}),
    Case("severity_analysis_two_sided_z", severity_analysis, kind="paired",
         kwargs={"delta": 0.5, "alternative": "two-sided", "test": "z"}),
    Case("d_z", d_z, kind="paired", key=_estimate),
    Case("cohens_d_prime", cohens_d_prime, kind="paired", key=_estimate),
    Case("rank_biserial_paired", rank_biserial, kind="paired", kwargs={"paired": True}, key=_estimate),
    Case("severity_z", kind="other", make=lambda: severity(9.02, 30.73, 100, alpha=0.025, delta=10)),
    Case("severity_t_unpaired", kind="other",
         make=lambda: severity(90, 450, 200, alpha=0.025, test="t", paired=False, delta=200)),
    Case("severity_analysis_unpaired", kind="other",
         make=lambda: severity_analysis(PAIRED_X, PAIRED_Y[:-2], paired=False, delta=0.5)),
    Case("cohens_d", kind="other", make=lambda: cohens_d(PAIRED_X, PAIRED_Y[:-1])),
    Case("hedges_g", kind="other", make=lambda: hedges_g(PAIRED_X, PAIRED_Y[:-1], correction="exact")),
    Case("cliffs_delta", kind="other", make=lambda: cliffs_delta(PAIRED_X, PAIRED_Y[:-1])),
    Case("vargha_delaney_a12", kind="other", make=lambda: vargha_delaney_a12(PAIRED_X, PAIRED_Y[:-1])),
    Case("sample_size", kind="other", make=lambda: sample_size(10, 30.73, alpha=0.025, method="exact")),
    Case("power_curve", kind="other", make=lambda: power_curve(sd=1.0, n=(10, 20), delta=[0.0, 0.5, 1.0])),
]
