"""A short plain-language reading of an analysis, with the caveats the papers insist on.

Built only from what the sections report (omnibus p-values, post-hoc decisions) and the
data (mean ranks, wins and losses); it recomputes no statistic.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

__all__ = ["reading", "CAVEATS"]

#: Words that mark an omnibus test (all algorithms perform alike) among a section's results.
_OMNIBUS = ("friedman", "iman", "davenport", "quade", "aligned", "anova", "omnibus", "skillings", "durbin")

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


def _is_posthoc(result: Any) -> bool:
    return all(hasattr(result, name) for name in ("mean_ranks", "table", "cliques"))


def _omnibus_rows(result: Any) -> list[tuple[str, float]]:
    """(test name, p-value) of an omnibus result: a single test or a table of tests."""
    method = str(getattr(result, "method", ""))
    pvalue = getattr(result, "pvalue", None)
    if isinstance(pvalue, (float, int, np.floating)):
        return [(method, float(pvalue))] if any(w in method.lower() for w in _OMNIBUS) else []
    if not hasattr(result, "to_frame"):
        return []
    frame = result.to_frame()
    if "pvalue" not in frame or "test" not in frame:
        return []
    return [(str(t), float(p)) for t, p in zip(frame["test"], frame["pvalue"], strict=False)
            if any(w in str(t).lower() for w in _OMNIBUS)]


#: Why omnibus tests on the same table can disagree.
_OMNIBUS_DIFFER = ("The omnibus tests weigh the evidence differently: Friedman's test uses only the order within each "
                   "instance, the aligned-ranks and Quade tests also how large the differences are across instances, "
                   "and RM-ANOVA the values themselves (a few extreme values can dominate it), so they can reach "
                   "different decisions on one table. ")


def _omnibus_sentences(sections: list[Any], alpha: float) -> list[str]:
    sentences = []
    for section in sections:
        for result in (section.results or {}).values():
            if _is_posthoc(result):
                continue
            rows = _omnibus_rows(result)
            rejected = [f"{t} (p = {_p(p)})" for t, p in rows if p <= alpha]
            kept = [f"{t} (p = {_p(p)})" for t, p in rows if p > alpha]
            if rejected:
                sentences.append(f"At α = {alpha:g}, {_names(rejected)} reject the hypothesis that all "
                                 "algorithms perform alike." if len(rejected) > 1 else
                                 f"At α = {alpha:g}, {rejected[0]} rejects the hypothesis that all "
                                 "algorithms perform alike.")
            if kept:
                sentences.append(f"{_names(kept)} {'do' if len(kept) > 1 else 'does'} not reject it. "
                                 + (_OMNIBUS_DIFFER if rejected else "") + "Where the tests disagree, follow the "
                                 "family whose assumptions hold (the leading family, below).")
    return sentences


def _p(p: float) -> str:
    return f"{p:.2e}" if p < 1e-4 else f"{p:.4f}"


def _control_sentence(result: Any, alpha: float) -> str:
    table = result.table
    control = str(result.control)
    rows = table[(table["algorithm_a"].astype(str) == control) | (table["algorithm_b"].astype(str) == control)]
    other = np.where(rows["algorithm_a"].astype(str) == control, rows["algorithm_b"], rows["algorithm_a"])
    rank = {str(a): float(r) for a, r in result.mean_ranks.items()}  # names in mean-rank order, as elsewhere
    rejected = sorted((str(o) for o, r in zip(other, rows["reject"], strict=False) if r), key=lambda n: rank.get(n, 0.0))
    kept = sorted((str(o) for o, r in zip(other, rows["reject"], strict=False) if not r), key=lambda n: rank.get(n, 0.0))
    procedure = _procedure(result)
    parts = [f"With {control} as control ({procedure}, α = {alpha:g})"]
    parts.append(f"it differs significantly from {_names(rejected)}" if rejected else "it differs from no algorithm")
    if kept:
        parts.append(f"and cannot be distinguished from {_names(kept)}")
    return " ".join([parts[0] + ","] + parts[1:]) + "."


def _all_pairs_sentence(result: Any, alpha: float) -> str:
    table = result.table
    n_rejected, n_pairs = int(np.sum(table["reject"])), len(table)
    procedure = _procedure(result)
    best = str(result.mean_ranks.idxmin())
    top = next((c for c in result.cliques(alpha) if best in map(str, c)), [best])
    group = [str(n) for n in top if str(n) != best]
    text = (f"Of the {n_pairs} pairs, {n_rejected} differ significantly ({procedure}, α = {alpha:g}). ")
    text += (f"The best-ranked {best} is not separated from {_names(group)}." if group
             else f"The best-ranked {best} is separated from every other algorithm.")
    return text


#: How the reading names the post-hoc tests.
_TEST_LABELS = {"friedman": "Friedman post-hoc", "paired_t": "paired t-tests", "tukey": "Tukey's HSD",
                "skillings_mack": "Skillings-Mack post-hoc",
                "durbin": "Durbin post-hoc"}


def _procedure(result: Any) -> str:
    """"Friedman post-hoc, holm adjustment": the test and the adjustment actually used."""
    test = _TEST_LABELS.get(str(getattr(result, "test", "")), str(getattr(result, "test", "")))
    adjustment = getattr(result, "p_adjust", "")
    if adjustment == getattr(result, "test", None):  # Tukey's HSD is its own adjustment
        adjustment = ""
    return ", ".join(part for part in (test, f"{adjustment} adjustment" if adjustment else "") if part) or result.method


def _names(names: list[str], limit: int = 8) -> str:
    if len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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


def _bayesian_sentence(result: Any) -> str:
    """How many pairs the Bayesian test decides, and how (a table with ``decision`` per pair)."""
    table = result.table
    decisions = table["decision"].astype(str)
    rope, threshold = float(result.rope), float(getattr(result, "threshold", 0.95))
    equivalent = int((decisions == "rope").sum())
    undecided = int((decisions == "undecided").sum())
    winners = len(decisions) - equivalent - undecided
    text = (f"The Bayesian test ({getattr(result, 'test', 'signed_rank').replace('_', '-')}, rope ±{rope:g}) "
            f"names a better algorithm with probability ≥ {threshold:g} in {winners} of {len(decisions)} pairs, "
            f"practical equivalence in {equivalent}, and leaves {undecided} undecided.")
    if rope == 0:
        text += " With rope = 0 it cannot find equivalence: set a rope to ask whether differences matter."
    return text


def _consensus_sentence(result: Any) -> str:
    order = " > ".join(" = ".join(map(str, group)) for group in result.consensus)
    return f"{result.method}: {order}."


def _is_bayesian_table(result: Any) -> bool:
    table = getattr(result, "table", None)
    return hasattr(result, "rope") and isinstance(table, pd.DataFrame) and "decision" in table


def _result_sentence(result: Any, alpha: float) -> str | None:
    """The sentence a result gets in the reading, or None when it has none of its own."""
    if _is_posthoc(result):
        level = float(getattr(result, "alpha", alpha))
        control = getattr(result, "control", None)
        return _control_sentence(result, level) if control is not None else _all_pairs_sentence(result, level)
    if _is_bayesian_table(result):
        return _bayesian_sentence(result)
    if hasattr(result, "consensus") and hasattr(result, "profile"):
        return _consensus_sentence(result)
    if hasattr(result, "recommendation"):
        reasons = list(getattr(result, "reasons", []) or [])
        because = f" ({reasons[0]}{' …' if len(reasons) > 1 else ''})" if reasons else ""
        return f"The assumption checks recommend the {result.recommendation} tests{because}."
    return None


def _data(section: Any) -> dict:
    """A section's data when it is a dict (sections built by hand may carry none)."""
    return section.data if isinstance(section.data, dict) else {}


def _adjustment_sentences(section: Any) -> list[str]:
    """Where the adjustment used differs from the one asked for: which, and why."""
    used = _data(section).get("p_adjust", {})
    return [f"{section.title}: the {key.replace('_', ' ')} comparisons use {adj['used']}, not the requested "
            f"{adj['requested']}: {adj['reason']}." for key, adj in used.items() if adj["used"] != adj["requested"]]


def _parametric_sentence(section: Any, alpha: float) -> str:
    """RM-ANOVA with the sphericity correction used, from the parametric section's data."""
    anova = section.data["rm_anova"]
    verdict = "rejects" if anova["pvalue_used"] <= alpha else "does not reject"
    correction = "without a sphericity correction" if anova["correction"] == "none" else \
        f"with the {anova['correction']} correction"
    return (f"The repeated-measures ANOVA {correction} ({anova['correction_reason']}) {verdict} the hypothesis of "
            f"equal means at α = {alpha:g} (p = {_p(anova['pvalue_used'])}).")


def _permutation_sentence(section: Any, alpha: float) -> str:
    test, pairs = section.results["test"], _data(section).get("pairs", [])
    verdict = "rejects" if test.pvalue <= alpha else "does not reject"
    differ = sum(bool(row["reject"]) for row in pairs)
    return (f"On these instances, the synchronized permutation test {verdict} the hypothesis that all algorithms "
            f"perform alike ({test.statistic_name} = {test.statistic:.4f}, p = {_p(test.pvalue)}); the permutation "
            f"MSD separates {differ} of {len(pairs)} pairs.")


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
    question = getattr(section, "question", "")
    if not question:
        return ""
    return f"{section.title}: {question.removeprefix('Question: ')}"


def _section_sentences(section: Any, omnibus: list[str], alpha: float) -> list[str]:
    """The question a section answers, then what it found."""
    sentences = [_question(section)]
    results = section.results or {}
    if section.key == "parametric" and "rm_anova" in _data(section):
        sentences.append(_parametric_sentence(section, alpha))
        results = {k: r for k, r in results.items() if k != "rm_anova"}
    elif section.key == "permutation" and "test" in results:
        return sentences + [_permutation_sentence(section, alpha)]
    else:
        sentences += omnibus
    own = [s for s in (_result_sentence(r, alpha) for r in results.values()) if s]
    if not own and not omnibus and section.text:  # a section without a sentence of its own: its first line
        first = next((line.strip() for line in section.text.splitlines() if line.strip()), "")
        own = [f"{section.title}: {first}"] if first else []
    return sentences + own + _adjustment_sentences(section)


def reading(data: Any, sections: list[Any], alpha: float = 0.05) -> list[str]:
    """Plain-language sentences summarising the analysis (without the caveats).

    For every section: the question it answers and its scope (instances as a sample of
    problems, or these instances with the runs as replicates; p-values or posterior
    probabilities), then what it found, with the p-value adjustment used. Then why
    sections that reach different decisions may both be right, and which family leads.

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
        omnibus = _omnibus_sentences([section], alpha) if section.key != "parametric" else []
        sentences += _section_sentences(section, omnibus, alpha)
    sentences += _why_disagree(data, by_key, alpha)
    sentences.append(_leading_sentence(by_key))
    return [s for s in sentences if s]
