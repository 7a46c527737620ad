"""The rank-consensus section of ``algocompare analyze`` and of the HTML report."""

from __future__ import annotations

from typing import Any

from algocompare.consensus._rankings import format_ranking

#: time limit of the Kemeny consensus in an analysis (seconds): exact within it for the
#: usual tables (k <= 30 takes well under a second), the best order found and its proven
#: gap beyond (the linear-order problem is NP-hard: k = 100 exchangeable algorithms).
#: `algocompare consensus --method kemeny` searches longer.
_TIME_LIMIT = 2.0


#: The question the section answers (said in the text and in the reading).
QUESTION = ("Question: which single order best summarises the per-instance rankings? A description of these "
            "instances, not a test: it says nothing about whether the differences are significant.")


def section(results: Any, options: Any) -> Any:
    """Borda and Kemeny (linear orders) consensus of the per-instance rankings."""
    from algocompare._results import jsonable
    from algocompare._sections import MAX_KEMENY, Section
    from algocompare.consensus._borda import borda
    from algocompare.consensus._kemeny import kemeny
    from algocompare.consensus._reading import consensus_sentence

    if results.n_algorithms < 2 or results.n_instances < 1:
        return None
    borda_res = borda(results)
    if results.n_algorithms > MAX_KEMENY:  # k x k matrices: see analysis.size_limits
        text = "\n".join([QUESTION, f"Borda count:  {format_ranking(borda_res.consensus)}",
                          f"Kemeny consensus skipped: at most {MAX_KEMENY} algorithms (here {results.n_algorithms})."])
        data = {"borda": {"consensus": borda_res.consensus,
                          "scores": {str(k): float(v) for k, v in borda_res.scores.items()}},
                "kemeny": {"skipped": f"more than {MAX_KEMENY} algorithms"}}
        return Section(key="consensus", title="Rank consensus of the per-instance rankings", text=text,
                       data=jsonable(data), results={"borda": borda_res}, figures=(), question=QUESTION,
                       reading=(consensus_sentence(borda_res),))
    kemeny_res = kemeny(results, orders="linear", time_limit=_TIME_LIMIT, max_solutions=20)
    status = "optimal" if kemeny_res.optimal else f"best found in {_TIME_LIMIT:g} s, gap {kemeny_res.gap:.2%}"
    more = "" if kemeny_res.n_optimal == 1 else f" (one of {kemeny_res.n_optimal}" + \
        ("" if kemeny_res.complete else "+") + " optimal rankings)"
    text = "\n".join([
        QUESTION,
        f"Borda count:  {format_ranking(borda_res.consensus)}",
        f"Kemeny (symmetric difference, linear orders; {status}, objective {kemeny_res.objective:g}):",
        f"              {format_ranking(kemeny_res.consensus)}{more}",
    ])
    data = {"borda": {"consensus": borda_res.consensus,
                      "scores": {str(k): float(v) for k, v in borda_res.scores.items()}},
            "kemeny": {"consensus": kemeny_res.consensus, "optimal_rankings": kemeny_res.optimal_rankings,
                       "objective": kemeny_res.objective, "optimal": kemeny_res.optimal, "gap": kemeny_res.gap,
                       "complete": kemeny_res.complete}}
    return Section(key="consensus", title="Rank consensus of the per-instance rankings", text=text,
                   data=jsonable(data), results={"borda": borda_res, "kemeny": kemeny_res},
                   figures=(),  # tables only: the post-hoc figures already show the ranks
                   question=QUESTION, reading=(consensus_sentence(borda_res), consensus_sentence(kemeny_res)))
