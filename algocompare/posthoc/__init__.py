"""Post-hoc procedures: rank-based pairwise statistics, p-value adjustments, critical differences.

* :func:`posthoc` — all-pairs or versus-control comparisons after Friedman, aligned ranks or
  Quade (also exact Friedman rank-sum differences, pairwise Wilcoxon, Nemenyi, Conover)
  with any adjustment;
* :func:`adjust_pvalues` — adjusted p-values for any family, including Shaffer's static and
  dynamic procedures and Bergmann–Hommel for all pairwise comparisons;
* :func:`critical_difference` — Nemenyi and Bonferroni–Dunn critical differences;
* :func:`rank_sum_difference_pvalue` — exact p-values of Friedman rank-sum differences
  (Eisinga et al. 2017), used by ``posthoc(test="friedman_exact")``;
* :class:`PosthocResult` — the result (long table, ``matrix``, ``reject``, ``cliques``);
* :func:`rank_intervals` — simultaneous confidence intervals for ranks and the set that may be best;
  :func:`posthoc_stability` — how often each decision flips without one algorithm or instance;
* :func:`posthoc_by_group` — the same post-hoc within groups of instances, adjusted across them.
"""

from algocompare._callable import make_callable
from algocompare.posthoc import _binary_pairs  # noqa: F401  registers test="mcnemar" in the post-hoc registry
from algocompare.posthoc._adjust import adjust_pvalues
from algocompare.posthoc._by_group import PosthocByGroupResult, posthoc_by_group
from algocompare.posthoc._critical import critical_difference
from algocompare.posthoc._exact_friedman import rank_sum_difference_pvalue
from algocompare.posthoc._letters import compact_letters
from algocompare.posthoc._procedure import posthoc
from algocompare.posthoc._rank_sets import RankIntervalsResult, rank_intervals
from algocompare.posthoc._result import PosthocResult
from algocompare.posthoc._stability import StabilityResult, posthoc_stability

__all__ = ["posthoc", "adjust_pvalues", "critical_difference", "rank_sum_difference_pvalue", "PosthocResult",
           "compact_letters",
           # which ranks are certain, which decisions are fragile
           "RankIntervalsResult", "rank_intervals", "StabilityResult", "posthoc_stability",
           # the same post-hoc within groups of instances, one adjustment across them
           "posthoc_by_group", "PosthocByGroupResult"]

make_callable(__name__)
