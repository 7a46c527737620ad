"""The reading sentences of the rank-consensus section (:mod:`algocompare.consensus._analysis`)."""

from __future__ import annotations

from algocompare.consensus._results import ConsensusResult

__all__ = ["consensus_sentence"]


def consensus_sentence(result: ConsensusResult) -> str:
    """``"<method>: A > B = C."``: the consensus order a rule found, ties joined by "=".

    Parameters
    ----------
    result : ConsensusResult
        A consensus ranking (:func:`algocompare.borda`, :func:`algocompare.kemeny`, ...).

    Returns
    -------
    str

    Examples
    --------
    >>> import algocompare as ac
    >>> consensus_sentence(ac.borda(ac.load_dataset("ice_cream")))
    'Borda count consensus: strawberry > vanilla > cherry > chocolate > blueberry.'
    """
    order = " > ".join(" = ".join(map(str, group)) for group in result.consensus)
    return f"{result.method}: {order}."
