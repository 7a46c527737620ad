"""Effect sizes with confidence intervals, and the power of z and t tests.

General tools, used by the severity analysis (:mod:`algocompare.severity`) and the study
design (:mod:`algocompare.samplesize`) alike:

* standardised mean differences (:func:`cohens_d`, :func:`hedges_g`, :func:`d_z`,
  :func:`cohens_d_prime`) and dominance effect sizes (:func:`cliffs_delta`,
  :func:`vargha_delaney_a12`, :func:`rank_biserial`), each an :class:`EffectSize` with
  ``estimate``, ``ci_low``, ``ci_high`` and ``confidence_level``;
* :func:`magnitude` — verbal magnitude labels (negligible … large) with the thresholds of
  Cohen, Romano et al. and Vargha & Delaney (:data:`MAGNITUDE_LABELS`);
* :func:`paired_effect_sizes` — the effect size of every pair of algorithms over a table's
  instances (what the summary and post-hoc tables print);
* the power primitives :func:`z_power` and :func:`t_power`, and :func:`power` /
  :func:`power_curve` of a mean difference.
"""

from algocompare.effects._contrast import ContrastEstimationResult, contrast_estimation
from algocompare.effects._effect_size import (
    EffectSize,
    cliffs_delta,
    cohens_d,
    cohens_d_prime,
    d_z,
    hedges_g,
    rank_biserial,
    vargha_delaney_a12,
)
from algocompare.effects._magnitude import MAGNITUDE_LABELS, magnitude
from algocompare.effects._paired_table import paired_effect_sizes
from algocompare.effects._power import ALTERNATIVES, DESIGNS, PowerCurve, power, power_curve, t_power, z_power

__all__ = [
    "ALTERNATIVES", "DESIGNS", "EffectSize", "MAGNITUDE_LABELS", "PowerCurve",
    "cliffs_delta", "cohens_d", "cohens_d_prime", "d_z", "hedges_g", "magnitude", "paired_effect_sizes", "power",
    "power_curve", "rank_biserial", "t_power", "vargha_delaney_a12", "z_power",
    "ContrastEstimationResult", "contrast_estimation",
]
