"""The reading sentence of the Bayesian section (:mod:`algocompare.bayesian._analysis`)."""

from __future__ import annotations

from algocompare.bayesian._pairwise import BayesianPairwiseResult

__all__ = ["pairwise_sentence"]


def pairwise_sentence(result: BayesianPairwiseResult) -> str:
    """How many pairs the Bayesian test decides, and how: a better algorithm, practical
    equivalence, or undecided (and, with ``rope = 0``, that it cannot find equivalence).

    Parameters
    ----------
    result : BayesianPairwiseResult
        The Bayesian comparisons of every pair (:func:`algocompare.bayesian_pairwise`), one
        ``decision`` per pair.

    Returns
    -------
    str

    Examples
    --------
    >>> import algocompare as ac
    >>> result = ac.bayesian_pairwise(ac.load_dataset("ice_cream"), rope=0.1, n_samples=500, rng=0)
    >>> pairwise_sentence(result)[:54]
    'The Bayesian test (signed-rank, rope ±0.1) names a bet'
    """
    decisions = result.table["decision"].astype(str)
    rope, threshold = float(result.rope), float(result.threshold)
    equivalent = int((decisions == "rope").sum())
    undecided = int((decisions == "undecided").sum())
    winners = len(decisions) - equivalent - undecided
    text = (f"The Bayesian test ({result.test.replace('_', '-')}, rope ±{rope:g}) "
            f"names a better algorithm with probability ≥ {threshold:g} in {winners} of {len(decisions)} pairs, "
            f"practical equivalence in {equivalent}, and leaves {undecided} undecided.")
    if rope == 0:
        text += " With rope = 0 it cannot find equivalence: set a rope to ask whether differences matter."
    return text
