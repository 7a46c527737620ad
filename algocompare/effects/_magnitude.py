"""Verbal magnitude of an effect size ("negligible", "small", "medium", "large").

One table, :data:`MAGNITUDE_SCALES`: for each family of effect sizes the thresholds on
``|estimate|`` (on the distance from 0.5 for A12) and the source that proposed them. Tables,
the report and the command line label effect sizes through :func:`magnitude` only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from algocompare._validation import check_option

__all__ = ["MAGNITUDE_LABELS", "MAGNITUDE_SCALES", "MagnitudeScale", "magnitude"]

#: The labels, from the smallest effect to the largest.
MAGNITUDE_LABELS = ("negligible", "small", "medium", "large")


@dataclass(frozen=True)
class MagnitudeScale:
    """Upper bounds of "negligible", "small" and "medium" on ``|estimate - centre|``."""

    thresholds: tuple[float, float, float]
    centre: float
    reference: str


#: Thresholds per effect-size family (key: the measure's name in this package).
MAGNITUDE_SCALES: dict[str, MagnitudeScale] = {
    # Cohen (1988), Statistical Power Analysis for the Behavioral Sciences, 2nd ed., §2.2.3.
    "cohen_d": MagnitudeScale((0.2, 0.5, 0.8), 0.0, "Cohen 1988"),
    # Romano, Kromrey, Coraggio & Skowronek (2006), thresholds for Cliff's delta; the
    # matched-pairs rank-biserial correlation is the same kind of dominance measure (Kerby 2014).
    "cliffs_delta": MagnitudeScale((0.147, 0.33, 0.474), 0.0, "Romano et al. 2006"),
    # Vargha & Delaney (2000), p. 106: A12 of 0.56, 0.64 and 0.71.
    "a12": MagnitudeScale((0.06, 0.14, 0.21), 0.5, "Vargha & Delaney 2000"),
}
MAGNITUDE_SCALES["d_z"] = MAGNITUDE_SCALES["hedges_g"] = MAGNITUDE_SCALES["cohen_d"]
MAGNITUDE_SCALES["rank_biserial"] = MAGNITUDE_SCALES["cliffs_delta"]


def magnitude(estimate, measure: str):
    """The verbal magnitude of ``estimate`` on the scale of ``measure``.

    The thresholds are Cohen's for standardised mean differences [1]_, Romano et al.'s for
    Cliff's delta and the rank-biserial correlation [2]_, and Vargha & Delaney's for A12 [3]_.
    A value exactly on a threshold takes the larger label (Romano et al.: ``|d| < 0.147`` is
    negligible). NaN gives ``""``.

    Parameters
    ----------
    estimate : float or array_like
        Effect size(s).
    measure : str
        A key of :data:`MAGNITUDE_SCALES` (``"cohen_d"``, ``"d_z"``, ``"hedges_g"``,
        ``"cliffs_delta"``, ``"rank_biserial"``, ``"a12"``).

    Returns
    -------
    str or numpy.ndarray of str
        One of :data:`MAGNITUDE_LABELS` per estimate.

    See Also
    --------
    cohens_d, hedges_g, d_z, cliffs_delta, rank_biserial, vargha_delaney_a12 : the
        effect sizes whose magnitude this names.
    paired_effect_sizes : effect sizes of every pair, with their magnitudes.

    References
    ----------
    .. [1] J. Cohen, *Statistical Power Analysis for the Behavioral Sciences*, 2nd ed., 1988.
    .. [2] J. Romano, J. D. Kromrey, J. Coraggio, J. Skowronek, "Appropriate statistics for
       ordinal level data", Florida Association of Institutional Research, 2006.
    .. [3] A. Vargha, H. D. Delaney, "A critique and improvement of the CL common language effect
       size statistics of McGraw and Wong", J. Educ. Behav. Stat. 25(2), 2000.
       doi:10.3102/10769986025002101

    Examples
    --------
    >>> magnitude(0.5, "cohen_d"), magnitude(-0.2, "rank_biserial"), magnitude(0.52, "a12")
    ('medium', 'small', 'negligible')
    """
    check_option("measure", measure, tuple(MAGNITUDE_SCALES))
    scale = MAGNITUDE_SCALES[measure]
    values = np.asarray(estimate, dtype=float)
    distance = np.abs(values - scale.centre)
    labels = np.asarray(MAGNITUDE_LABELS)[np.searchsorted(scale.thresholds, distance, side="right")
                                          .clip(0, len(MAGNITUDE_LABELS) - 1)]
    labels = np.where(np.isnan(values), "", labels)
    return str(labels) if labels.ndim == 0 else labels
