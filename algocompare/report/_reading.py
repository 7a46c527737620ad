"""A short plain-language reading of an analysis, with the caveats the papers insist on.

Built only from what the sections report (omnibus p-values, post-hoc decisions) and the
data (mean ranks, wins and losses); it recomputes no statistic.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare._reading import first_line
from algocompare._reading import p_value as _p

__all__ = ["reading", "CAVEATS"]

CAVEATS = (
    "Statistical significance is not practical significance. With many instances even tiny "
    "differences become significant; judge from the descriptive table whether the differences in "
    "the measured values matter for your purpose (García et al. 2009; Carrasco et al. 2020).",
    "Not rejecting a hypothesis does not show that two algorithms are equivalent: with few instances "
    "the tests have little power. Severity analysis or Bayesian tests with a region of practical "
    "equivalence speak to equivalence directly.",
    "Ranks ignore how large the differences are, and values that tie after rounding get equal ranks.",
    "Mean-rank comparisons of all pairs depend on which other algorithms are in the study; adding or "
    "removing one can change whether two others differ (Benavoli et al. 2016).",
    "The conclusions hold for this set of instances, this budget and these settings; they generalise "
    "only as far as the instances represent the problems you care about.",
    "Use the adjusted p-values for statements about several comparisons; unadjusted pairwise tests "
    "inflate the family-wise error (García et al. 2009, Sect. 2.2).",
)


def _wins_sentence(data: Any) -> str:
    ranks = data.mean_ranks().sort_values(kind="stable")
    if len(ranks) < 2:
        return ""
    best, second = ranks.index[0], ranks.index[1]
    values = data.blocks(oriented=True)
    diff = values[best].to_numpy(float) - values[second].to_numpy(float)
    diff = diff[~np.isnan(diff)]  # instances where both have a value
    wins, losses = int(np.sum(diff < 0)), int(np.sum(diff > 0))
    ties = len(diff) - wins - losses
    return (f"{best} has the best mean rank ({ranks.iloc[0]:.2f}), ahead of {second} ({ranks.iloc[1]:.2f}); "
            f"head to head {best} is better on {wins}, worse on {losses} and tied on {ties} of "
            f"{len(diff)} instances.")


def _data(section: Any) -> dict:
    """A section's data when it is a dict (sections built by hand may carry none)."""
    return section.data if isinstance(section.data, dict) else {}


def _decision_counts(sections: dict[str, Any], alpha: float) -> dict[str, tuple[str, float, int, int]]:
    """(test, p, pairs differing, pairs) for the families that can disagree."""
    found = {}
    rank, posthoc = sections.get("frequentist"), sections.get("posthoc")
    if rank is not None and posthoc is not None and "all_pairs" in (posthoc.results or {}) \
            and "omnibus" in (rank.results or {}):
        table = posthoc.results["all_pairs"].table
        found["rank"] = ("Friedman's test", float(rank.results["omnibus"]["friedman"].pvalue),
                         int(table["reject"].sum()), len(table))
    perm = sections.get("permutation")
    if perm is not None and "test" in (perm.results or {}):
        pairs = _data(perm).get("pairs", [])
        found["permutation"] = ("the synchronized permutation test", float(perm.results["test"].pvalue),
                                sum(bool(r["reject"]) for r in pairs), len(pairs))
    param = sections.get("parametric")
    if param is not None and "all_pairs" in (param.results or {}) and "rm_anova" in _data(param):
        table = param.results["all_pairs"].table
        found["parametric"] = ("the RM-ANOVA", float(param.data["rm_anova"]["pvalue_used"]),
                               int(table["reject"].sum()), len(table))
    return found


def _why_disagree(data: Any, sections: dict[str, Any], alpha: float) -> list[str]:
    """Why two sections that reach different decisions answer different questions."""
    found = _decision_counts(sections, alpha)

    def summary(key: str) -> str:
        test, p, differ, total = found[key]
        return f"{test} p = {_p(p)}, {differ} of {total} pairs differ"

    def differs(a: str, b: str) -> bool:
        return a in found and b in found and ((found[a][1] <= alpha) != (found[b][1] <= alpha)
                                              or found[a][2] != found[b][2])

    sentences = []
    if differs("rank", "permutation"):
        runs = int(sections["permutation"].results["test"].n_runs)
        sentences.append(
            f"Why the sections disagree ({summary('rank')}; {summary('permutation')}): they answer different "
            f"questions. Friedman's test and its post-hoc tests treat the {data.n_instances} instances as a sample "
            "of problems and ask whether the differences would recur on other problems like them; their evidence is "
            f"one value per instance, so {data.n_instances} instances give them little power. The permutation "
            f"test conditions on these instances and asks whether the differences exceed the run-to-run variation "
            f"of the {runs} runs per cell; it says nothing about other problems. Both can hold at once: the "
            "algorithms differ on these instances, but not consistently enough across instances to generalise. "
            "Quote the one that matches your question.")
    if differs("rank", "parametric"):
        sentences.append(
            f"The rank tests and the parametric tests reach different decisions ({summary('rank')}; "
            f"{summary('parametric')}): ranks keep only the order on each instance, the ANOVA and t-tests the "
            "sizes of the differences. The assumption checks hold here, so the parametric family leads.")
    if "bayesian" in sections:
        sentences.append("The Bayesian section gives posterior probabilities, not p-values: a pair it leaves "
                         "undecided may still be separated by a post-hoc test (and the reverse), because it asks for "
                         "a probability of at least the decision threshold that one algorithm is better on a new "
                         "instance, not for evidence against equality.")
    return sentences


def _leading_sentence(sections: dict[str, Any]) -> str:
    rank = sections.get("frequentist")
    if rank is None or not isinstance(rank.data, dict) or "leading_family" not in rank.data:
        return ""
    if rank.data["leading_family"] == "parametric":
        return ("The assumption checks hold, so the parametric family (RM-ANOVA, its pairwise tests, d_z) leads "
                "this reading; the rank-based results are the robust second opinion.")
    return ("The assumption checks recommend the rank-based family (Friedman and its post-hoc tests), which "
            "leads this reading; RM-ANOVA is shown for comparison only.")


def _question(section: Any) -> str:
    """The section's question, introduced by its title: "Post-hoc comparisons: which pairs ...?"."""
    question = section.question
    if not question:
        return ""
    return f"{section.title}: {question.removeprefix('Question: ')}"


def _section_sentences(section: Any) -> list[str]:
    """The question a section answers, then what it found: its own reading sentences
    (:attr:`Section.reading`, written by the area that provides it), or the first line of its
    text for a section without any (one built by hand, or one that skipped its tests)."""
    return [_question(section), *(section.reading or first_line(section.title, section.text or ""))]


def reading(data: Any, sections: list[Any], alpha: float = 0.05) -> list[str]:
    """Plain-language sentences summarising the analysis (without the caveats).

    For every section: the question it answers and its scope (instances as a sample of
    problems, or these instances with the runs as replicates; p-values or posterior
    probabilities), then what it found, with the p-value adjustment used. Then why
    sections that reach different decisions may both be right, and which family leads.

    Each section writes its own findings (:attr:`Section.reading <algocompare.analysis.Section>`,
    by the area that provides it, e.g. :mod:`algocompare.posthoc._reading`); this function adds
    what concerns the whole analysis: the best algorithm's wins, each section's question,
    disagreements between families and the leading family. A section without sentences of
    its own (one built by hand) is summarised by the first line of its text.

    Parameters
    ----------
    data : Results
        The analysed table (mean ranks, wins and losses of the two best algorithms).
    sections : list of Section
        The analysis (:func:`algocompare.analysis.run_analysis`).
    alpha : float
        The significance level of the cross-section sentences (the sections' own sentences use
        the level they were computed at, the same in an analysis).

    Returns
    -------
    list of str
        The sentences, in report order (without :data:`CAVEATS`).
    See Also
    --------
    CAVEATS : the caveats the report prints after the reading.
    render_report : the report ends with the reading.

    References
    ----------
    .. [1] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [2] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html
    .. [3] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665


    Examples
    --------
    >>> import algocompare as ac
    >>> from algocompare.analysis import run_analysis
    >>> data = ac.load_dataset("ice_cream")
    >>> sentences = reading(data, run_analysis(data))
    >>> any("sample from a population of problems" in s for s in sentences)
    True
    """
    by_key = {section.key: section for section in sections}
    sentences = [_wins_sentence(data)]
    for section in sections:
        sentences += _section_sentences(section)
    sentences += _why_disagree(data, by_key, alpha)
    sentences.append(_leading_sentence(by_key))
    return [s for s in sentences if s]
