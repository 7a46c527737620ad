"""The parametric path of ``algocompare analyze`` and of the HTML report.

When :func:`algocompare.check_assumptions` finds the parametric tests appropriate (normal,
homoscedastic data on at least 10 instances), the analysis also reports what a parametric
study would: the repeated-measures ANOVA with its sphericity correction, and paired
t-tests of the pairs with the user's multiplicity adjustment and the effect size d_z.
This is how autorank proceeds (Herbold 2020: RM-ANOVA and Tukey's HSD when normality and
equal variances hold, Friedman and Nemenyi otherwise); here both families are shown and
the text says which one leads.

References
----------
.. [1] S. Herbold, "Autorank: a Python package for automated ranking of classifiers",
   Journal of Open Source Software 5(48), 2079, 2020. doi:10.21105/joss.02173
.. [2] S. García, A. Fernández, J. Luengo, F. Herrera, "A study of statistical techniques
   and performance measures for genetics-based machine learning", Soft Computing 13, 2009,
   §3.1. doi:10.1007/s00500-008-0392-y
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from algocompare._reading import own_or_first_line
from algocompare._results import format_number
from algocompare._sections import MAX_ALL_PAIRS, AnalysisOptions, Section, size_limits
from algocompare.data._convert import as_blocks
from algocompare.frequentist._assumptions import check_assumptions
from algocompare.frequentist._omnibus import rm_anova
from algocompare.frequentist._reading import rm_anova_sentence
from algocompare.posthoc._analysis import (
    Adjustment,
    all_pairs_adjustment,
    control_adjustment,
    describe,
    with_effect_sizes,
)
from algocompare.posthoc._parametric import paired_t_pairs, rm_anova_t_pairs, studentized_range_p
from algocompare.posthoc._procedure import adjust_family, pair_indices
from algocompare.posthoc._reading import section_reading as posthoc_reading
from algocompare.posthoc._result import PosthocResult

__all__ = ["LEADS", "QUESTION", "p_text", "paired_t_posthoc", "section", "sphericity_choice"]

#: Why the parametric family leads when its assumptions hold (said in the text and the reading).
LEADS = ("the assumption checks find normal data with equal variances, so RM-ANOVA and its pairwise tests lead: "
         "they use the sizes of the differences, not only their order, and have more power when the errors are "
         "normal; the rank-based sections remain valid as a robust second opinion")


#: The question the section answers, and its scope.
QUESTION = ("Question: do the algorithms' mean values differ on problems like these? RM-ANOVA and its pairwise tests "
            "treat the {n} instances as a sample of problems, as Friedman's test does, but compare values, not ranks; "
            "the effect size d_z has its 95 % interval (positive: the first algorithm of the pair is better).")


def p_text(p: float) -> str:
    """``"p = 0.0123"`` for text, and ``"p < 1e-300"`` where the p-value underflowed to 0.

    Examples
    --------
    >>> p_text(0.012345), p_text(0.0)
    ('p = 0.0123', 'p < 1e-300')
    """
    if p == 0:
        return "p < 1e-300"
    return f"p = {format_number(p, 4)}"


def sphericity_choice(anova: Any, alpha: float) -> tuple[str, float, str]:
    """(correction, p-value used, why) of an RM-ANOVA: Greenhouse–Geisser when Mauchly's test
    rejects sphericity or cannot be run (N − 1 < k − 1), none for 2 algorithms or when it holds.

    Examples
    --------
    >>> import algocompare as ac
    >>> correction, p, why = sphericity_choice(ac.rm_anova(ac.load_dataset("cec2005_d10")), 0.05)
    >>> correction, why
    ('Greenhouse-Geisser', "Mauchly's test rejects sphericity (W = 2.079e-54, p < 1e-300)")
    """
    if anova.n_algorithms == 2:
        return "none", anova.pvalue, "two algorithms: sphericity holds trivially"
    p_sph = anova.sphericity_pvalue
    if math.isnan(p_sph):
        return ("Greenhouse-Geisser", anova.pvalue_gg,
                "Mauchly's test cannot be run (fewer instances than algorithms), so the conservative correction")
    if p_sph <= alpha:
        return ("Greenhouse-Geisser", anova.pvalue_gg,
                f"Mauchly's test rejects sphericity (W = {format_number(anova.sphericity_w, 4)}, "
                f"{p_text(p_sph)})")
    return "none", anova.pvalue, (f"Mauchly's test does not reject sphericity (W = "
                                  f"{format_number(anova.sphericity_w, 4)}, {p_text(p_sph)})")


def paired_t_posthoc(results: Any, control: Any, p_adjust: str, alpha: float) -> PosthocResult:
    """Paired t-tests of all pairs (``control=None``) or of a control against the others,
    adjusted with ``p_adjust`` (any method of :func:`algocompare.adjust_pvalues`), or Tukey's
    HSD with ``p_adjust="tukey"`` (see :func:`_tukey`).

    For a pair (a, b) the statistic is t = mean(d)/(sd(d)/√N) of d = b − a on the oriented
    values (lower is better), so t > 0 means ``algorithm_a`` is better, as for the rank
    z tests; p is two-sided with N − 1 df (``scipy.stats.ttest_rel``). A pair with constant
    differences has t = ±inf and p = 0 (or t = 0 and p = 1 when they are all zero).
    ``mean_ranks`` are the Friedman mean ranks (they order the algorithms).

    Parameters
    ----------
    results : Results, DataFrame or 2-D array
        A complete table (instances × algorithms; runs are averaged per cell).
    control : str or None
        The control algorithm, or None for all pairs.
    p_adjust : str
        The adjustment, or ``"tukey"``.
    alpha : float
        Level of ``reject``.

    Returns
    -------
    PosthocResult
        ``test="paired_t"`` (or ``"tukey"``), the long table of comparisons.

    Examples
    --------
    >>> import pandas as pd, algocompare as ac
    >>> data = ac.Results.from_wide(pd.DataFrame({"A": [1.0, 2.0, 3.0, 4.5], "B": [2.0, 2.5, 4.0, 5.0]}))
    >>> row = paired_t_posthoc(data, None, "holm", 0.05).table.iloc[0]
    >>> reference = ac.paired_ttest([2.0, 2.5, 4.0, 5.0], [1.0, 2.0, 3.0, 4.5])  # B - A: t > 0, A better
    >>> bool(abs(row.statistic - reference.statistic) < 1e-12), round(float(row.pvalue), 4)
    (True, 0.0138)
    """
    blocks = as_blocks(results)
    values = blocks.values(oriented=True)
    n, k = values.shape
    names = list(blocks.algorithms)
    mean_ranks = blocks.mean_ranks()
    a, b = pair_indices(k, None if control is None else names.index(control))
    if p_adjust == "tukey":
        return _tukey(blocks, values, a, b, control, alpha)
    statistic, pvalue = paired_t_pairs(values, a, b)  # the registry's "paired_t" (posthoc(test="paired_t"))
    # no common standard error: Nemenyi from the p-values, as posthoc() does for such tests
    adjusted = adjust_family(statistic, pvalue, k, p_adjust, alpha, common_se=False, all_pairs=control is None)
    table = pd.DataFrame({"algorithm_a": [names[i] for i in a], "algorithm_b": [names[j] for j in b],
                          "statistic": statistic, "pvalue": pvalue, "pvalue_adj": adjusted,
                          "reject": adjusted <= alpha})
    method = f"Paired t-tests ({n - 1} df), {p_adjust} adjustment, " + \
        ("all pairs" if control is None else f"control {control}")
    return PosthocResult(method=method, test="paired_t", p_adjust=p_adjust, control=control, alpha=alpha,
                         n_instances=n, n_algorithms=k, mean_ranks=mean_ranks, critical_difference=None,
                         table=table, dropped_instances=blocks.dropped_instances)


def _tukey(blocks: Any, values: np.ndarray, a: np.ndarray, b: np.ndarray, control: Any,
           alpha: float) -> PosthocResult:
    """Tukey's HSD for the repeated-measures design: t = (ȳ_b − ȳ_a)/√(2 MSE/N) with the
    residual mean square of the RM-ANOVA (df = (k − 1)(N − 1)), raw p two-sided from t, and
    adjusted p = P(Q_{k,df} ≥ √2 |t|) from the studentized range of k means (also with a
    control, as the Nemenyi procedure; conservative there). It is the parametric analogue of
    Nemenyi's test (Demšar 2006, §3.2.2), and what autorank runs after RM-ANOVA.
    """
    n, k = values.shape
    # the registry's "tukey" (posthoc(test="tukey")): the same t and the same single step
    statistic, pvalue = rm_anova_t_pairs(values, a, b)
    df = (n - 1) * (k - 1)
    adjusted = studentized_range_p(statistic, k, df)
    adjusted = np.maximum(adjusted, pvalue)  # an APV is never below its raw p-value
    names = list(blocks.algorithms)
    table = pd.DataFrame({"algorithm_a": [names[i] for i in a], "algorithm_b": [names[j] for j in b],
                          "statistic": statistic, "pvalue": pvalue, "pvalue_adj": adjusted,
                          "reject": adjusted <= alpha})
    method = f"Tukey's HSD on the RM-ANOVA residual ({df} df), " + \
        ("all pairs" if control is None else f"control {control}")
    return PosthocResult(method=method, test="tukey", p_adjust="tukey", control=control, alpha=alpha,
                         n_instances=n, n_algorithms=k, mean_ranks=blocks.mean_ranks(), critical_difference=None,
                         table=table, dropped_instances=blocks.dropped_instances)


def _adjustment(adjustment: Adjustment) -> Adjustment:
    """The parametric path's adjustment: Tukey's HSD where the user asked for Nemenyi's procedure."""
    if adjustment.used != "nemenyi":
        return adjustment
    return Adjustment(adjustment.requested, "tukey",
                      "on the values, the studentized-range procedure that Nemenyi's test applies to mean ranks "
                      "is Tukey's HSD")


def _control(results: Any, control: Any) -> Any:
    if control is None or control != "best" or "best" in list(results.algorithms):
        return control
    return results.mean_ranks().idxmin()  # the same control as the rank post-hoc section


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """RM-ANOVA with its sphericity correction and paired t (or Tukey) post-hoc tests with d_z, when the
    assumption checks recommend the parametric tests; None otherwise (the frequentist
    section says why) and for tables with missing cells."""
    if getattr(results, "n_missing", 0) or results.n_algorithms < 2:
        return None
    assumptions = check_assumptions(results, alpha=options.alpha)
    if not assumptions.parametric_ok:
        return None
    anova = rm_anova(results)
    correction, p_used, why = sphericity_choice(anova, options.alpha)
    decision = "reject H0" if p_used <= options.alpha else "keep H0"
    lines = [QUESTION.format(n=results.n_instances), f"Leading family: parametric ({LEADS}).",
             f"Repeated-measures ANOVA: F({anova.df1}, {anova.df2}) = {format_number(anova.statistic, 4)}, "
             f"{p_text(anova.pvalue)}; Greenhouse-Geisser epsilon = {format_number(anova.epsilon_gg, 3)}, "
             f"{p_text(anova.pvalue_gg)}",
             f"  sphericity correction used: {correction} ({why}): {p_text(p_used)} ({decision})"]
    adjustments, found = {}, {"rm_anova": anova}
    control = _control(results, options.control)
    if control is not None:
        adjustments["control"] = _adjustment(control_adjustment(options))
        found["control"] = paired_t_posthoc(results, control, adjustments["control"].used, options.alpha)
    if results.n_algorithms <= MAX_ALL_PAIRS:  # k(k-1)/2 pairs: see analysis.size_limits
        adjustments["all_pairs"] = _adjustment(all_pairs_adjustment(options, results.n_algorithms))
        found["all_pairs"] = paired_t_posthoc(results, None, adjustments["all_pairs"].used, options.alpha)
    for key, adjustment in adjustments.items():
        found[key] = with_effect_sizes(found[key], results, "d_z")
        lines += ["", describe(found[key], adjustment)]
    if results.n_algorithms > MAX_ALL_PAIRS:
        lines += ["", f"Note: {size_limits(results.n_algorithms)[0]}."]
    data = {"leading_family": "parametric", "why": LEADS,
            "rm_anova": {**anova.to_dict(), "correction": correction, "correction_reason": why,
                         "pvalue_used": p_used, "decision": decision},
            **{key: {**found[key].to_dict(), "cliques": found[key].cliques()} for key in adjustments},
            "p_adjust": {key: adj.to_dict() for key, adj in adjustments.items()}, "effect_size": "d_z"}
    title = "Parametric path: repeated-measures ANOVA and its pairwise tests"
    return Section(key="parametric", title=title, text="\n".join(lines), data=data, results=found, figures=(),
                   question=lines[0], reading=_reading(title, lines, data, found, options.alpha))


def _reading(title: str, lines: list[str], data: dict, found: dict, alpha: float) -> tuple[str, ...]:
    """The RM-ANOVA's decision, then the pairwise tests' findings (the text's first line when there
    are none, e.g. beyond ``MAX_ALL_PAIRS`` without a control) and the adjustments used."""
    pairs = posthoc_reading(title, found, data["p_adjust"])
    if not any(isinstance(result, PosthocResult) for result in found.values()):
        pairs = tuple(own_or_first_line((), title, "\n".join(lines))) + pairs
    return (rm_anova_sentence(data["rm_anova"], alpha), *pairs)
