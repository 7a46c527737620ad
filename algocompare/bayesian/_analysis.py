"""The Bayesian section of ``algocompare analyze`` and of the HTML report."""

from __future__ import annotations

from typing import Any

from algocompare._sections import MAX_ALL_PAIRS, AnalysisOptions, Section
from algocompare.bayesian._pairwise import bayesian_pairwise
from algocompare.bayesian._reading import pairwise_sentence

__all__ = ["SCOPE", "section"]

#: The question the section answers (said in the text and in the reading).
SCOPE = ("Question: how probable is it that one algorithm is better than the other on a new instance like these, "
         "or that the two are practically equivalent (within the rope)? The answers are posterior probabilities, "
         "not p-values; like Friedman's test it treats the instances as a sample of problems.")


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """All-pairs Bayesian signed-rank tests, when ``options.bayesian`` is set and there are at
    most ``MAX_ALL_PAIRS`` algorithms (``size_limits`` says so beyond).

    Uses ``options.rope`` (in the data's units), ``options.n_samples`` and
    ``options.seed``; "left" in every row means ``algorithm_a`` better.
    """
    if not options.bayesian or results.n_algorithms > MAX_ALL_PAIRS:  # all pairs: see size_limits
        return None
    # progress=None (the default): a bar over the pairs or draws on a terminal when they take a while
    pairwise = bayesian_pairwise(results, rope=options.rope, n_samples=options.n_samples, rng=options.seed,
                                 progress=options.progress)
    table = pairwise.to_frame()
    lines = [SCOPE,
             f"Bayesian signed-rank test for every pair (rope = ±{options.rope:g}, {options.n_samples} posterior "
             f"samples, decision at probability {pairwise.threshold:g}); p_left = first algorithm better."]
    decided = table[table["decision"] != "undecided"]
    for row in decided.itertuples(index=False):
        verdict = "equivalent" if row.decision == "rope" else f"{row.decision} better"
        prob = max(row.p_left, row.p_rope, row.p_right)
        lines.append(f"  {row.algorithm_a} vs {row.algorithm_b}: {verdict} (posterior probability {prob:.3f})")
    lines.append(f"  {len(table) - len(decided)} of {len(table)} pairs undecided.")
    return Section(key="bayesian", title="Bayesian pairwise comparisons", text="\n".join(lines),
                   data=pairwise.to_dict(), results={"pairwise": pairwise}, question=SCOPE,
                   reading=(pairwise_sentence(pairwise),))
