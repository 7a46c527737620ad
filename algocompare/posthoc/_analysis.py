"""The post-hoc section of ``algocompare analyze`` and of the HTML report.

Each post-hoc table carries, beside its p-values, the effect size of every pair with its
confidence interval and verbal magnitude (:func:`algocompare.effects.paired_effect_sizes`;
positive = the first algorithm better), and the section records the multiplicity
adjustment actually used for each family, with the reason when it is not the one asked for.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pandas as pd

from algocompare._results import format_number
from algocompare._sections import MAX_ALL_PAIRS, AnalysisOptions, Section, size_limits
from algocompare.effects._paired_table import PAIRED_MEASURES, paired_effect_sizes
from algocompare.posthoc._adjust import CORRECTIONS, PAIRWISE_CORRECTIONS
from algocompare.posthoc._bergmann import MAX_EXACT_K
from algocompare.posthoc._procedure import posthoc
from algocompare.posthoc._reading import section_reading
from algocompare.posthoc._registry import CONTROL_TESTS, INCOMPLETE_TESTS, POSTHOC_TESTS, PosthocTest
from algocompare.posthoc._registry import get as posthoc_test

# POSTHOC_TESTS and CORRECTIONS: what the section accepts (the choices of analyze's --posthoc-test and --p-adjust)
__all__ = ["QUESTION", "Adjustment", "all_pairs_adjustment", "chosen_test", "complete_table_test", "control_adjustment",
           "describe", "question", "section", "with_effect_sizes", "POSTHOC_TESTS", "CORRECTIONS"]

#: The question the section answers, and its scope.
QUESTION = ("Question: which pairs of algorithms differ on problems like these? The z tests on mean ranks treat the "
            "instances as a sample of problems, as Friedman's test does, with p-values adjusted for the number of "
            "comparisons; the effect size (matched-pairs rank-biserial r, with its 95 % interval; positive: the first "
            "algorithm of the pair is better) says how consistently one beats the other.")



def question(test: str) -> str:
    """The section's question naming the chosen test by its label (:data:`QUESTION` for the default, Friedman's).

    Examples
    --------
    >>> question("wilcoxon")[67:126]
    'The Wilcoxon signed-rank post-hoc tests treat the instances'
    """
    if test == AnalysisOptions().posthoc_test:
        return QUESTION
    return QUESTION.replace("The z tests on mean ranks", f"The {posthoc_test(test).label} post-hoc tests", 1)


def chosen_test(test: str) -> PosthocTest:
    """The registry entry of ``options.posthoc_test``; an unknown key is a one-line error naming it
    by its option and listing the registered ones."""
    if test not in POSTHOC_TESTS:
        raise ValueError(f"posthoc_test={test!r} is not a post-hoc test; choose one of "
                         f"{', '.join(POSTHOC_TESTS)}.")
    return posthoc_test(test)


def complete_table_test(test: str) -> PosthocTest:
    """The registry entry of ``test`` for a table without missing cells; the tests made for
    tables with holes are refused with a one-line error naming the others."""
    entry = chosen_test(test)
    if entry.allows_missing:
        others = ", ".join(key for key in POSTHOC_TESTS if key not in INCOMPLETE_TESTS)
        raise ValueError(f"the {entry.label} post-hoc test (posthoc_test={test!r}) is made for tables with missing "
                         f"cells and this table has none; choose one of {others}.")
    return entry


#: Differences (pairs × instances) held at once by the effect sizes and the paired t-tests: an
#: analysis stays within a few times the memory of its table (tests/test_analysis_memory.py).
BATCH_CELLS = 250_000

#: the columns the effect sizes add to a post-hoc table
EFFECT_COLUMNS = ("effect_size", "ci_low", "ci_high", "magnitude")


@dataclass(frozen=True)
class Adjustment:
    """The multiplicity adjustment of one family of comparisons: asked for, used, and why they differ."""

    requested: str
    used: str
    reason: str = ""

    def describe(self) -> str:
        """``"holm"``, or ``"holm (bergmann was asked for: ...)"`` when the request could not be used."""
        if self.used == self.requested:
            return self.used
        return f"{self.used} ({self.requested} was asked for: {self.reason})"

    def to_dict(self) -> dict[str, str]:
        return {"requested": self.requested, "used": self.used, "reason": self.reason}


def all_pairs_adjustment(options: AnalysisOptions, k: int) -> Adjustment:
    """The adjustment of the k(k-1)/2 pairs: the user's, with or without a control, except
    Bergmann-Hommel above its exact limit, which becomes Shaffer's static procedure.

    Examples
    --------
    >>> all_pairs_adjustment(AnalysisOptions(p_adjust="bergmann"), 14).used
    'shaffer'
    >>> all_pairs_adjustment(AnalysisOptions(p_adjust="hochberg"), 14).describe()
    'hochberg'
    """
    if options.p_adjust == "bergmann" and k > MAX_EXACT_K:
        return Adjustment("bergmann", "shaffer",
                          f"the exact Bergmann-Hommel procedure is offered for at most {MAX_EXACT_K} algorithms "
                          f"(its exhaustive sets grow as the Bell numbers; here k = {k}); Shaffer's static "
                          "procedure is the closest one that controls the same error")
    return Adjustment(options.p_adjust, options.p_adjust)


def control_adjustment(options: AnalysisOptions) -> Adjustment:
    """The adjustment of the k - 1 comparisons with a control: the user's, or Holm in place
    of the procedures defined only for the family of all pairs.

    Examples
    --------
    >>> adjustment = control_adjustment(AnalysisOptions(p_adjust="shaffer"))
    >>> adjustment.used, adjustment.reason.split(";")[0]
    ('holm', 'shaffer is defined only for the family of all pairs')
    """
    if options.p_adjust in PAIRWISE_CORRECTIONS:
        return Adjustment(options.p_adjust, "holm",
                          f"{options.p_adjust} is defined only for the family of all pairs; the comparisons "
                          "with a control use Holm's step-down procedure")
    return Adjustment(options.p_adjust, options.p_adjust)


def with_effect_sizes(result: Any, data: Any, measure: str) -> Any:
    """``result`` (a post-hoc result) whose table also has the effect size of each pair,
    its interval and magnitude (columns :data:`EFFECT_COLUMNS`), in the orientation of the
    table (positive = ``algorithm_a`` better); ``table.attrs["effect_size"]`` names the measure.

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.load_dataset("cec2017_d10")
    >>> result = with_effect_sizes(ac.posthoc(data, control="EBO"), data, "rank_biserial")
    >>> print(result.table[["algorithm_b", "effect_size", "magnitude"]].round(3).head(2).to_string(index=False))
    algorithm_b  effect_size magnitude
            DES        0.803     large
          DYYPO        0.788     large
    """
    table = result.table
    pairs = list(zip(table["algorithm_a"], table["algorithm_b"], strict=False))
    if getattr(data, "n_missing", 0):
        effects = _pairwise_complete_effects(data, pairs, measure)
    else:
        step = max(1, BATCH_CELLS // max(result.n_instances, 1))
        effects = pd.concat([paired_effect_sizes(data, pairs[start:start + step], measure=measure)
                             for start in range(0, len(pairs), step)]
                            or [paired_effect_sizes(data, [], measure=measure)], ignore_index=True)
    table = pd.concat([table.reset_index(drop=True), effects[list(EFFECT_COLUMNS)]], axis=1)
    table.attrs["effect_size"] = measure  # "rank_biserial" or "d_z": what the effect_size column holds
    method = f"{result.method}; effect size {PAIRED_MEASURES[measure]}"
    return dataclasses.replace(result, table=table, method=method)


def _pairwise_complete_effects(data: Any, pairs: list, measure: str) -> pd.DataFrame:
    """Effect sizes of a table with missing cells: each pair on the instances where both have a value."""
    blocks = data.blocks()
    rows = []
    for a, b in pairs:
        both = blocks[[a, b]].dropna()
        if len(both) < 2:  # nothing to estimate from
            rows.append({"effect_size": float("nan"), "ci_low": float("nan"), "ci_high": float("nan"),
                         "magnitude": ""})
            continue
        rows.append(paired_effect_sizes(both, [(a, b)], measure=measure, direction=data.direction).iloc[0])
    return pd.DataFrame(rows, columns=list(EFFECT_COLUMNS)).reset_index(drop=True)


def run_posthoc(results: Any, options: AnalysisOptions, test: str, **test_options: Any) -> dict[str, Any]:
    """The comparisons with the control (if any) and of all pairs, with their effect sizes and adjustments."""
    found: dict[str, Any] = {}
    adjustments: dict[str, Adjustment] = {}
    if options.control is not None:
        adjustments["control"] = control_adjustment(options)
        found["control"] = posthoc(results, test=test, control=options.control, p_adjust=adjustments["control"].used,
                                   alpha=options.alpha, **test_options)
    if results.n_algorithms > MAX_ALL_PAIRS:  # k(k-1)/2 pairs: see size_limits
        return {"results": found, "adjustments": adjustments}
    if test in CONTROL_TESTS:  # a many-to-one test (Dunnett's) has no all-pairs family
        return {"results": found, "adjustments": adjustments}
    adjustments["all_pairs"] = all_pairs_adjustment(options, results.n_algorithms)
    found["all_pairs"] = posthoc(results, test=test, control=None, p_adjust=adjustments["all_pairs"].used,
                                 alpha=options.alpha, **test_options)
    return {"results": found, "adjustments": adjustments}


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """The post-hoc test ``options.posthoc_test`` (default Friedman's) against ``options.control``
    (if any) and for all pairs.

    ``results["control"]`` holds the comparison with the control (``options.control``:
    an algorithm name or ``"best"``), ``results["all_pairs"]`` all pairwise comparisons,
    both with ``options.p_adjust`` where it is defined for the family (see
    :func:`control_adjustment` and :func:`all_pairs_adjustment`; ``data["p_adjust"]`` says
    what was used and why) and with the matched-pairs rank-biserial r of every pair.
    Returns None with fewer than 2 instances or algorithms. A test made for tables with
    missing cells (``"durbin"``, ``"skillings_mack"``) is refused here: this section is for
    complete tables (see :mod:`algocompare.posthoc._incomplete_analysis`).
    """
    entry = complete_table_test(options.posthoc_test)
    if results.n_algorithms < 2 or results.n_instances < 2:
        return None
    run = run_posthoc(results, options, entry.key, **({"se": options.se} if entry.uses_se else {}))
    found = {key: with_effect_sizes(result, results, "rank_biserial") for key, result in run["results"].items()}
    limits = size_limits(results.n_algorithms)
    asked = question(entry.key)
    text = "\n\n".join([asked] + [describe(result, run["adjustments"][key]) for key, result in found.items()]
                        + [f"Note: {limit}." for limit in limits[:1]])
    data: dict[str, Any] = {key: {**result.to_dict(), "cliques": result.cliques()} for key, result in found.items()}
    data["p_adjust"] = {key: adj.to_dict() for key, adj in run["adjustments"].items()}
    data["effect_size"] = "rank_biserial"
    if limits:
        data["skipped"] = limits[0]
    return Section(key="posthoc", title="Post-hoc comparisons", text=text, data=data, results=found,
                   figures=() if limits else None, question=asked,
                   reading=section_reading("Post-hoc comparisons", found, data["p_adjust"]))


def _effect(row: Any) -> str:
    if row.effect_size != row.effect_size:
        return ""
    low = "" if row.ci_low != row.ci_low else f" [{row.ci_low:+.2f}, {row.ci_high:+.2f}]"
    return f"{row.effect_size:+.2f}{low} {row.magnitude}"


def _control_table(result: Any) -> list[str]:
    """The comparisons with the control as aligned columns (names left, numbers right), best-ranked first."""
    rank = result.mean_ranks
    table = result.table.iloc[rank.loc[result.table["algorithm_b"]].to_numpy().argsort(kind="stable")]
    header = ["versus " + str(result.control), "statistic", "p-value", "adjusted p", "decision"]
    rows = [[str(r.algorithm_b), format_number(r.statistic, 4), format_number(r.pvalue, 4),
             format_number(r.pvalue_adj, 4), "differs" if r.reject else "-"]
            + ([_effect(r)] if "effect_size" in table else []) for r in table.itertuples(index=False)]
    if "effect_size" in table:
        header.append("effect size [95 % CI]")
    widths = [max(len(row[j]) for row in [header] + rows) for j in range(len(header))]
    align = ["<"] + [">"] * 3 + ["<", "<"]
    return ["  " + "  ".join(f"{cell:{a}{w}}" for cell, a, w in zip(row, align, widths, strict=False)).rstrip()
            for row in [header] + rows]


def _first_better(result: Any, table: pd.DataFrame) -> Any:
    """Whether ``algorithm_a`` is the better of each pair: the sign of a signed statistic (z, t,
    rank-sum difference); for a test whose statistic has no sign (Wilcoxon's R+), the sign of the
    matched-pairs rank-biserial effect size when the table has it, else the mean ranks."""
    if result.test not in POSTHOC_TESTS or posthoc_test(result.test).signed:
        return table["statistic"].to_numpy(float) > 0
    if result.table.attrs.get("effect_size") == "rank_biserial":
        return table["effect_size"].to_numpy(float) > 0
    ranks = result.mean_ranks
    return ranks.loc[table["algorithm_a"]].to_numpy(float) < ranks.loc[table["algorithm_b"]].to_numpy(float)


def describe(result: Any, adjustment: Adjustment | None = None) -> str:
    """A terminal summary of a post-hoc result; the full table is in ``--json`` and in the report."""
    head = f"{result.method.split(';')[0]}, alpha = {result.alpha:g}"
    if result.critical_difference is not None:
        head += f", critical difference {result.critical_difference:.3f}"
    lines = [head]
    if adjustment is not None:
        lines.append(f"  p-value adjustment used: {adjustment.describe()}")
    if result.control is not None:
        return "\n".join(lines + _control_table(result))
    table = result.table
    rejected = table[table["reject"]]
    lines.append(f"  {len(rejected)} of {len(table)} pairs differ significantly")
    beats: dict[Any, list[Any]] = {}
    for a, b, first in zip(rejected["algorithm_a"], rejected["algorithm_b"], _first_better(result, rejected),
                           strict=True):
        winner, loser = (a, b) if first else (b, a)
        beats.setdefault(winner, []).append(loser)
    width = max((len(str(a)) for a in beats), default=0)
    for name in result.mean_ranks.sort_values(kind="stable").index:
        if name in beats:
            lines.append(f"  {str(name):<{width}}  better than {', '.join(map(str, beats[name]))}")
    groups = ["{" + ", ".join(map(str, g)) + "}" for g in result.cliques()]
    lines.append("  groups without significant differences: " + ("; ".join(groups) or "none"))
    sizes = table["effect_size"].abs().dropna() if "effect_size" in table else pd.Series(dtype=float)
    if len(sizes):  # none where no pair shares two instances (a sparse incomplete table)
        largest = table.loc[sizes.idxmax()]
        a, b = (largest.algorithm_a, largest.algorithm_b) if largest.effect_size >= 0 else \
            (largest.algorithm_b, largest.algorithm_a)
        lines.append(f"  largest effect: {a} over {b}, {abs(largest.effect_size):.2f} ({largest.magnitude}); "
                     "every pair's effect size is in --json and the report")
    return "\n".join(lines)
