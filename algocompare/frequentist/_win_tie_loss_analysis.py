"""The win/tie/loss section of ``algocompare analyze`` and of the HTML report (data with runs only).

Against the control (``--control``; the best mean rank by default) or, with ``--control none``,
for every pair: per instance the Wilcoxon rank-sum test of the runs, adjusted across the
instances, and the counts of "+", "=" and "−" (:func:`algocompare.win_tie_loss`).
"""

from __future__ import annotations

import math
from typing import Any

from algocompare._results import jsonable
from algocompare._sections import AnalysisOptions, Section
from algocompare.data._convert import as_results
from algocompare.frequentist._win_tie_loss import DEFAULT_P_ADJUST, WinTieLossResult, adjustment_phrase, win_tie_loss
from algocompare.posthoc._adjust import ADJUSTMENTS

__all__ = ["MAX_MATRIX", "SCOPE", "section", "unattainable", "win_tie_loss_sentence"]

#: Most algorithms whose all-pairs matrix the section computes (``--control none``); beyond it the
#: table is against the best mean rank, k - 1 comparisons.
MAX_MATRIX = 20

#: The question the section answers, and its scope (said in the text and in the reading).
SCOPE = ("Question: on which of these {n} instances does each algorithm differ significantly from {against}, "
         "judged from the runs of that instance alone? (the field's +/=/− table; it says nothing about other "
         "problems)")


def _adjustment(requested: str) -> str:
    """The analysis' adjustment when it is defined for a family of instances, else the default (Holm)."""
    from algocompare.posthoc._adjust import FAMILY_CORRECTIONS

    return requested if requested in FAMILY_CORRECTIONS else DEFAULT_P_ADJUST


def unattainable(result: WinTieLossResult, results: Any) -> str | None:
    """Why no mark can be "+" or "−": with few runs the rank-sum test's smallest p, times the number
    of instances (Holm, Bonferroni), exceeds alpha. None when a decision is attainable."""
    if result.test != "rank_sum" or result.p_adjust not in ("holm", "bonferroni"):
        return None
    counts = results.run_counts()
    n_x = int(counts.to_numpy().min())
    smallest = 2.0 / math.comb(2 * n_x, n_x)  # two-sided exact p of complete separation, n_x runs each
    n = len(result.means)
    if n * smallest <= result.alpha:
        return None
    return (f"With {n_x} runs per algorithm the smallest two-sided rank-sum p is {smallest:.4g}, so "
            f"{ADJUSTMENTS[result.p_adjust].label}'s adjustment across {n} instances cannot reach "
            f"alpha = {result.alpha:g}: every mark is '='. More runs (or p_adjust='none', the field's unadjusted "
            "marks) can show differences.")


def win_tie_loss_sentence(result: WinTieLossResult) -> str:
    """The reading of a win/tie/loss result: the counts of each pair in one sentence.

    Parameters
    ----------
    result : WinTieLossResult
        From :func:`algocompare.win_tie_loss`.

    Returns
    -------
    str

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10.0, 14.0, 10.0], n_instances=4, n_runs=10, rng=1)
    >>> sentence = win_tie_loss_sentence(ac.win_tie_loss(sim.results, "A1"))
    >>> sentence[:60]
    'Instance by instance (two-sided Wilcoxon rank-sum test of th'
    >>> sentence[-79:]
    'not different (=) or worse (−) than A2 on 2/2/0 instances and than A3 on 0/3/1.'
    """
    n = len(result.means)
    adjusted = adjustment_phrase(result.p_adjust, f"the {n} instances")
    how = f"two-sided {result.test_label} test of the runs, {adjusted}, alpha = {result.alpha:g}"
    rows = list(result.counts.itertuples(index=False))
    if result.reference is not None:
        parts = [f"than {r.algorithm_b} on {r.wins}/{r.ties}/{r.losses}" + (" instances" if i == 0 else "")
                 for i, r in enumerate(rows)]
        listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return (f"Instance by instance ({how}), {result.reference} is significantly better (+), not different (=) "
                f"or worse (−) {listed}.")
    parts = [f"{r.algorithm_a} against {r.algorithm_b} {r.wins}/{r.ties}/{r.losses}" for r in rows]
    return f"Instance by instance ({how}), significant wins/ties/losses of each pair: " + "; ".join(parts) + "."


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """The +/=/− table against the control (or of every pair); None for data without runs."""
    results = as_results(results)
    if not results.has_runs or results.n_algorithms < 2:
        return None
    reference = options.control
    if reference == "best":
        reference = results.mean_ranks().idxmin()
    title = "Win/tie/loss per instance (+/=/−)"
    instead = None
    if reference is None and results.n_algorithms > MAX_MATRIX:
        # k(k-1)/2 pairs of per-instance tests (100 algorithms: 4,950 pairs) for a matrix nobody can read
        reference = results.mean_ranks().idxmin()
        instead = (f"({results.n_algorithms} algorithms: more than {MAX_MATRIX} for the all-pairs matrix; the table is "
                   f"against the best mean rank, {reference}; name another with --control)")
    p_adjust = _adjustment(options.p_adjust)
    result = win_tie_loss(results, reference, p_adjust=p_adjust, alpha=options.alpha)
    against = str(reference) if reference is not None else "each other algorithm"
    question = SCOPE.format(n=results.n_instances, against=against)
    lines = [question, result.caption] + ([instead] if instead else [])
    if p_adjust != options.p_adjust:
        lines.append(f"({options.p_adjust} adjusts a family of pairs of algorithms; across the instances of a pair "
                     f"{p_adjust} is used)")
    note = unattainable(result, results)
    if note:
        lines.append(note)
    shown = result.counts.assign(**{"+/=/−": [f"{r.wins}/{r.ties}/{r.losses}"
                                              for r in result.counts.itertuples(index=False)]})
    shown = shown[["algorithm_a", "algorithm_b", "+/=/−", "mean_difference", "pvalue"]]
    lines += ["  " + line for line in shown.to_string(index=False, float_format=lambda x: f"{x:.4g}").splitlines()]
    data = {"reference": None if reference is None else str(reference), "test": result.test,
            "adjustment": {"requested": options.p_adjust, "used": p_adjust}, "alpha": result.alpha,
            "counts": jsonable(result.counts),
            "marks": {str(k): v for k, v in result.marks.to_dict("list").items()},
            "instances": [str(i) for i in result.means.index], "unattainable": note}
    return Section(key="win_tie_loss", title=title, text="\n".join(lines), data=data,
                   results={"win_tie_loss": result}, question=question,
                   reading=(win_tie_loss_sentence(result),) + ((note,) if note else ()))
