"""The Bayesian section of ``algocompare analyze`` and of the HTML report."""

from __future__ import annotations

from typing import Any

from algocompare.analysis import AnalysisOptions, Section
from algocompare.bayesian.pairwise import bayesian_pairwise


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """All-pairs Bayesian signed-rank tests, when ``options.bayesian`` is set.

    Uses ``options.rope`` (in the data's units), ``options.n_samples`` and
    ``options.seed``; "left" in every row means ``algorithm_a`` better.
    """
    if not options.bayesian:
        return None
    # progress=None: a bar over the pairs or draws on a terminal when they take a while
    pairwise = bayesian_pairwise(results, rope=options.rope, n_samples=options.n_samples, rng=options.seed)
    table = pairwise.to_frame()
    lines = [f"Bayesian signed-rank test for every pair (rope = ±{options.rope:g}, {options.n_samples} posterior "
             f"samples, decision at probability {pairwise.threshold:g}); p_left = first algorithm better."]
    decided = table[table["decision"] != "undecided"]
    for row in decided.itertuples(index=False):
        verdict = "equivalent" if row.decision == "rope" else f"{row.decision} better"
        prob = max(row.p_left, row.p_rope, row.p_right)
        lines.append(f"  {row.algorithm_a} vs {row.algorithm_b}: {verdict} (p = {prob:.3f})")
    lines.append(f"  {len(table) - len(decided)} of {len(table)} pairs undecided.")
    return Section(key="bayesian", title="Bayesian pairwise comparisons", text="\n".join(lines),
                   data=pairwise.to_dict(), results={"pairwise": pairwise})
