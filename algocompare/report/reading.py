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
    return [(str(t), float(p)) for t, p in zip(frame["test"], frame["pvalue"])
            if any(w in str(t).lower() for w in _OMNIBUS)]


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
                sentences.append(f"{_names(kept)} {'do' if len(kept) > 1 else 'does'} not reject it; "
                                 "where the tests disagree, follow the one whose assumptions hold "
                                 "(see the assumption checks).")
    return sentences


def _p(p: float) -> str:
    return f"{p:.2e}" if p < 1e-4 else f"{p:.4f}"


def _control_sentence(result: Any, alpha: float) -> str:
    table = result.table
    control = str(result.control)
    rows = table[(table["algorithm_a"].astype(str) == control) | (table["algorithm_b"].astype(str) == control)]
    other = np.where(rows["algorithm_a"].astype(str) == control, rows["algorithm_b"], rows["algorithm_a"])
    rank = {str(a): float(r) for a, r in result.mean_ranks.items()}  # names in mean-rank order, as elsewhere
    rejected = sorted((str(o) for o, r in zip(other, rows["reject"]) if r), key=lambda n: rank.get(n, 0.0))
    kept = sorted((str(o) for o, r in zip(other, rows["reject"]) if not r), key=lambda n: rank.get(n, 0.0))
    procedure = getattr(result, "p_adjust", "") or result.method
    parts = [f"With {control} as control ({procedure}, α = {alpha:g})"]
    parts.append(f"it differs significantly from {_names(rejected)}" if rejected else "it differs from no algorithm")
    if kept:
        parts.append(f"and cannot be distinguished from {_names(kept)}")
    return " ".join([parts[0] + ","] + parts[1:]) + "."


def _all_pairs_sentence(result: Any, alpha: float) -> str:
    table = result.table
    n_rejected, n_pairs = int(np.sum(table["reject"])), len(table)
    procedure = getattr(result, "p_adjust", "") or result.method
    best = str(result.mean_ranks.idxmin())
    top = next((c for c in result.cliques(alpha) if best in map(str, c)), [best])
    group = [str(n) for n in top if str(n) != best]
    text = (f"Of the {n_pairs} pairs, {n_rejected} differ significantly ({procedure}, α = {alpha:g}). ")
    text += (f"The best-ranked {best} is not separated from {_names(group)}." if group
             else f"The best-ranked {best} is separated from every other algorithm.")
    return text


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


def reading(data: Any, sections: list[Any], alpha: float = 0.05) -> list[str]:
    """Plain-language sentences summarising the analysis (without the caveats): one or more
    for every section of the report."""
    sentences = [_wins_sentence(data)]
    omnibus = _omnibus_sentences(sections, alpha)
    sentences += omnibus
    for section in sections:
        own = [s for s in (_result_sentence(r, alpha) for r in (section.results or {}).values()) if s]
        covered = own or (omnibus and any(_omnibus_rows(r) for r in (section.results or {}).values()))
        if not covered and section.text:  # a section without a sentence of its own: its first line
            first = next((line.strip() for line in section.text.splitlines() if line.strip()), "")
            own = [f"{section.title}: {first}"] if first else []
        sentences += own
    return [s for s in sentences if s]
