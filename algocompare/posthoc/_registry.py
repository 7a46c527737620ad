"""The registry of post-hoc tests: one entry per test, read by everything that needs to know one.

:func:`algocompare.posthoc` looks the test up here and runs it; the critical-difference
diagram, the Bonferroni–Dunn chart and the report take its display label and properties
from the result (:attr:`PosthocResult.label`, :attr:`~PosthocResult.common_se`, filled from
the entry); ``algocompare analyze --posthoc-test`` offers the registered keys.

Each entry (:class:`PosthocTest`) holds the key, the display label, the method text, the
pair statistic, the options with their defaults, the properties the figures and the report
need (a common standard error, holes allowed in the table, ``se=`` accepted) and the
reference.

How to add a post-hoc test
--------------------------
1. Write its pair statistic, with the one signature every test has::

       def my_pairs(values, a, b, context):
           # values: oriented instances x algorithms array (lower = better; NaN in the
           #         missing cells of a test that allows holes)
           # a, b:   index arrays, the pairs (algorithm_a, algorithm_b) to compare
           # context.options: the test's options, defaults filled in
           # context.summary: what its ``summarise`` computed (mean ranks, ...)
           return statistic, pvalue   # arrays of len(a); statistic > 0: algorithm_a better
                                      # (else declare signed=False)

   Put it here, or in a module of its own (``algocompare/posthoc/my_test.py``) that this
   module imports at the top: that module must not import this one at run time (it is
   imported by it; annotate ``context`` under ``typing.TYPE_CHECKING``).
2. Register it at the end of this module (or from that module)::

       register(PosthocTest(key="my_test", label="My", description="My post-hoc (t test on ...)",
                            statistic=my_pairs, options={"continuity": False},
                            reference="Author (year). Title. Journal. doi:..."))

   ``summarise`` (default: Friedman mean ranks) gives the mean ranks that order the
   algorithms; ``common_se=True`` only for z tests whose pairs share one standard error
   (the critical difference and the Bonferroni–Dunn chart need one; a ``summarise`` may say
   it per data set in ``Summary.common_se``); ``allows_missing=True`` for tests made for
   tables with holes; ``uses_se=True`` for tests that take ``se=``. A test of independent
   samples (the runs of k algorithms on one instance) declares ``design="groups"``: its
   ``values`` are runs × algorithms, NaN below each algorithm's last run, ``context.results``
   the :class:`~algocompare.data._convert.Groups`, and it is listed in :data:`GROUP_TESTS`
   rather than :data:`POSTHOC_TESTS` (``analyze --posthoc-test`` offers the block tests only).
   ``p_adjust`` is the adjustment ``posthoc(p_adjust=None)`` uses; ``single_step`` the test's
   own ``p_adjust="nemenyi"`` when it is not the studentized range with infinite df read from
   the normal p-values (:mod:`algocompare.posthoc._independent`).
3. Add its tests (a reference value from the paper or another package) and a line in
   ``docs/posthoc.md``. ``posthoc(test="my_test")``, the figures, the report and
   ``analyze --posthoc-test my_test`` then know it; nothing else needs an edit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
from scipy.stats import norm
from scipy.stats import t as t_dist

from algocompare._registry import Registry
from algocompare._scaling import standardised
from algocompare.frequentist._incomplete import durbin, skillings_mack
from algocompare.posthoc._exact_friedman import pairwise_exact
from algocompare.posthoc._friedman_family import control_z_pairs, miller_pairs, normal_dunnett_single_step
from algocompare.posthoc._incomplete import incomplete_pairs
from algocompare.posthoc._independent import (
    conover_iman_pairs,
    conover_iman_single_step,
    dscf_pairs,
    dunn_pairs,
    group_ranks,
    kruskal_nemenyi_pairs,
    kruskal_nemenyi_single_step,
    mannwhitney_pairs,
    z_standard_error,
)
from algocompare.posthoc._parametric import (
    dunnett_pairs,
    dunnett_single_step,
    paired_t_pairs,
    rm_anova_t_pairs,
    tukey_single_step,
)
from algocompare.posthoc._statistics import pair_z, rank_scores
from algocompare.ranking import within_instance_ranks

__all__ = ["PosthocTest", "PairContext", "Summary", "REGISTRY", "register", "unregister", "get", "shares_one_se",
           "POSTHOC_TESTS", "RANK_TESTS", "INCOMPLETE_TESTS", "SE_TESTS", "GROUP_TESTS", "DESIGNS", "CONTROL_TESTS"]


@dataclass(frozen=True)
class Summary:
    """What a test computes once for all its pairs."""

    #: per algorithm (input order), rank 1 = best: the scores that order the algorithms
    mean_ranks: np.ndarray
    #: instances the test used
    n_instances: int
    #: the standard error of a difference of two ``mean_ranks`` when every pair shares one
    standard_error: float | None = None
    #: cells missing in the table the test used
    n_missing: int = 0
    #: anything else the pair statistic needs (rank scores, an omnibus result)
    detail: Any = None
    #: whether every pair shares ``standard_error`` on these data, when the entry cannot say it
    #: alone (Dunn's z on runs: only with equal run counts); None: the entry's ``common_se``
    common_se: bool | None = None


@dataclass(frozen=True)
class PairContext:
    """What a pair statistic may use beyond the values and the pairs."""

    #: the table as read (:class:`algocompare.Results`: instances, algorithms, missing cells), or
    #: for the independent-sample tests (``design="groups"``) the runs as
    #: :class:`algocompare.data._convert.Groups`
    results: Any
    #: the test's options, defaults filled in
    options: Mapping[str, Any]
    #: ``"permutation"`` or ``"classic"`` for the tests with ``uses_se``, else None
    se: str | None = None
    #: filled in by :func:`algocompare.posthoc` after the entry's ``summarise``
    summary: Summary | None = None

    @property
    def detail(self) -> Any:
        """``summary.detail``: what the entry's ``summarise`` kept for the pairs."""
        if self.summary is None:
            raise RuntimeError("the pair statistic was called before the test's summary was computed.")
        return self.summary.detail


#: what a post-hoc test compares (:attr:`PosthocTest.design`)
DESIGNS = ("blocks", "groups")

Statistic = Callable[[np.ndarray, np.ndarray, np.ndarray, PairContext], tuple[np.ndarray, np.ndarray]]
Summarise = Callable[[np.ndarray, PairContext], Summary]


def friedman_summary(values: np.ndarray, context: PairContext) -> Summary:
    """Friedman mean ranks (no standard error): the order of the algorithms for tests without scores of their own."""
    scores = rank_scores(values, "friedman", "permutation")
    return Summary(mean_ranks=scores.scores, n_instances=values.shape[0], detail=scores)


@dataclass(frozen=True)
class PosthocTest:
    """One post-hoc test: what :func:`algocompare.posthoc` runs and what figures and report show."""

    #: the name users pass (``posthoc(test=key)``, ``analyze --posthoc-test key``)
    key: str
    #: short display name: CD diagram captions ("{label} tests"), titles, the report, the CLI
    label: str
    #: the start of the result's ``method`` text
    description: str
    #: ``statistic(values, a, b, context) -> (statistic, pvalue)``, see the module's docstring
    statistic: Statistic
    #: the test's own keyword options and their defaults
    options: Mapping[str, Any] = field(default_factory=dict)
    #: computes the mean ranks (and whatever the pairs share) once
    summarise: Summarise = friedman_summary
    #: one standard error for every pair (z tests on mean ranks): critical difference, Bonferroni–Dunn chart
    common_se: bool = False
    #: made for tables with missing cells (kept by default: ``nan_policy="keep"``)
    allows_missing: bool = False
    #: takes ``se="permutation" | "classic"``
    uses_se: bool = False
    #: the statistic is positive when algorithm_a is better (False: its sign says nothing, e.g. Wilcoxon's R+)
    signed: bool = True
    #: where the statistic comes from (with its DOI)
    reference: str = ""
    #: what the test compares: ``"blocks"``, algorithms on an instances × algorithms table
    #: (values handed over: instances × algorithms); ``"groups"``, independent samples, the
    #: runs of k algorithms on one instance (values: runs × algorithms, NaN below each
    #: algorithm's last run). Only the block tests are offered by ``analyze --posthoc-test``.
    design: str = "blocks"
    #: the adjustment ``posthoc(p_adjust=None)`` uses: "holm", or "nemenyi" for the tests
    #: defined with their single-step studentized-range adjustment (DSCF, Nemenyi)
    p_adjust: str = "holm"
    #: the test's own single-step adjustment for ``p_adjust="nemenyi"``, ``(statistic, k,
    #: context) -> adjusted p``, when it is not the studentized range of k means with infinite
    #: df read from the two-sided normal p-values (e.g. Conover–Iman's t on N − k df)
    single_step: Callable[..., np.ndarray] | None = None
    #: compares each algorithm with a control only (Dunnett's many-to-one): ``control=None`` is refused,
    #: and ``analyze`` runs its comparisons with the control without the all-pairs family
    control_only: bool = False
    #: the name of the test's own single step, which its default ``p_adjust`` stands for (captions:
    #: "pairs that Tukey's HSD does not separate"); "" when the default is a general adjustment
    single_step_label: str = ""
    #: a warning :func:`algocompare.posthoc` gives whenever the test runs, when the calibration study
    #: found it liberal (what, how much, what to use instead); "" when it keeps its error rate
    caution: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        if self.design not in DESIGNS:
            raise ValueError(f"design={self.design!r}; a post-hoc test compares {' or '.join(DESIGNS)}.")

    def with_defaults(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The test's options: its defaults updated by ``given``; an unknown name is a TypeError."""
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            allowed = ", ".join(self.options) or "none"
            raise TypeError(f"posthoc(test={self.key!r}) got unexpected option(s) {', '.join(unknown)}; "
                            f"its options are: {allowed}.")
        return {**self.options, **given}


REGISTRY: Registry[PosthocTest] = Registry("test")
#: every registered test on an instances × algorithms table (a live view); ``analyze --posthoc-test``'s choices
POSTHOC_TESTS = REGISTRY.keys(lambda t: t.design == "blocks")
#: the tests for independent samples: the runs of k algorithms on one instance
GROUP_TESTS = REGISTRY.keys(lambda t: t.design == "groups")
#: the z tests on mean ranks, whose pairs share one standard error
RANK_TESTS = REGISTRY.keys(lambda t: t.common_se)
#: the tests made for tables with missing cells
INCOMPLETE_TESTS = REGISTRY.keys(lambda t: t.allows_missing)
#: the tests that take ``se=``
SE_TESTS = REGISTRY.keys(lambda t: t.uses_se)
#: the many-to-one tests: comparisons with a control only
CONTROL_TESTS = REGISTRY.keys(lambda t: t.control_only)


def register(test: PosthocTest, *, replace: bool = False) -> PosthocTest:
    """Add a post-hoc test to the registry (``replace=True`` to replace one with the same key)."""
    return REGISTRY.register(test, replace=replace)


def unregister(key: str) -> PosthocTest:
    """Remove a post-hoc test from the registry and return its entry."""
    return REGISTRY.unregister(key)


def get(key: str) -> PosthocTest:
    """The entry of ``key``; an unknown key is a ValueError listing the registered ones."""
    return REGISTRY[key]


#: tests of the parametric path of ``analyze`` (its results carry no label): unknown to :func:`shares_one_se`
_PARAMETRIC_PATH_TESTS = ("paired_t", "tukey")


def shares_one_se(result: Any) -> bool | None:
    """Whether the pairs of a post-hoc result share one standard error (a critical difference, one
    Bonferroni–Dunn cut line): the ``common_se`` of a post-hoc result that :func:`~algocompare.posthoc`
    made (it has the registry's ``label``), else the registry's for a result of a registered test
    (an older pickle, a hand-made result), else None: unknown (e.g. the parametric paired t tests).

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.load_dataset("ice_cream")
    >>> shares_one_se(ac.posthoc(data)), shares_one_se(ac.posthoc(data, test="wilcoxon"))
    (True, False)
    """
    if getattr(result, "kind", None) == "posthoc" and result.label:  # made by posthoc(): it says so
        return bool(result.common_se)
    test = getattr(result, "test", None)
    if test in _PARAMETRIC_PATH_TESTS:  # made by the analysis' parametric path, which predates their entries
        return None
    return REGISTRY[test].common_se if isinstance(test, str) and test in REGISTRY else None


# ----------------------------------------------------------------------------- the z tests on mean ranks

def _rank_summary(test: str) -> Summarise:
    def summarise(values: np.ndarray, context: PairContext) -> Summary:
        scores = rank_scores(values, test, context.se or "permutation")
        return Summary(mean_ranks=scores.scores, n_instances=values.shape[0], standard_error=scores.se,
                       detail=scores)
    return summarise


def rank_z_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                 context: PairContext) -> tuple[np.ndarray, np.ndarray]:
    """z = (s_b - s_a) / se on the scores of :mod:`algocompare.posthoc._statistics`, two-sided normal p."""
    statistic = pair_z(context.detail, a, b)
    return statistic, np.minimum(1.0, 2.0 * norm.sf(np.abs(statistic)))


# ----------------------------------------------------------------------------- other complete-table tests

def conover_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                  context: PairContext) -> tuple[np.ndarray, np.ndarray]:
    """Conover (1999, p. 371) t statistics and two-sided p-values on Friedman rank sums.

    t = (R_b - R_a) / sqrt(2 (N A - sum_j R_j^2) / ((N-1)(k-1))), df = (N-1)(k-1), with
    A = sum of squared ranks (tie-aware). When every instance ranks the algorithms alike
    the denominator is 0: a difference of rank sums is then certain (t = ±inf, p = 0) and
    no difference is none (t = 0, p = 1), as for Durbin's pairs and scikit-posthocs.

    The same procedure as scikit-posthocs ``posthoc_conover_friedman(p_adjust=None)``: same
    p-values to 2e-14 relative on 100 x 50 tables with and without ties (the cross-check in
    tests/posthoc/test_posthoc.py). Computed here because scikit-posthocs always builds the
    k x k matrix: for the k - 1 comparisons with a control it took 8.1 ms against 0.9 ms at
    k = 50, and 1.5 s and 216 MB against 29 ms and 3 MB at k = 2,000 (N = 100); it also
    returns no statistic, and importing it loads matplotlib and seaborn.
    """
    n, k = values.shape
    ranks = within_instance_ranks(values)
    sums = ranks.sum(axis=0)
    df = (n - 1) * (k - 1)
    scale = np.sqrt(2.0 * (n * np.sum(ranks ** 2) - np.sum(sums ** 2)) / df)
    difference = sums[b] - sums[a]  # sums of half-integer ranks: exact, so equal differences are equal
    statistic = standardised(difference, scale)  # scale 0: every instance ranks alike
    return statistic, 2.0 * t_dist.sf(np.abs(statistic), df)


def wilcoxon_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                   context: PairContext) -> tuple[np.ndarray, np.ndarray]:
    """R+ of d = value_b - value_a (oriented: large R+ = algorithm_a better) and its p-value,
    by :func:`algocompare.wilcoxon` (options ``zero_method``, ``use_continuity``, ``method``,
    ``alternative``)."""
    from algocompare.frequentist._pairwise import wilcoxon

    options = dict(context.options)
    options["correction"] = options.pop("use_continuity")  # wilcoxon()'s name, as scipy's
    results = [wilcoxon(values[:, j], values[:, i], **options) for i, j in zip(a, b, strict=True)]
    return (np.array([r.statistic for r in results], dtype=float),
            np.array([r.pvalue for r in results], dtype=float))


def exact_friedman_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                         context: PairContext) -> tuple[np.ndarray, np.ndarray]:
    """Friedman rank-sum differences with exact p-values (:mod:`algocompare.posthoc._exact_friedman`)."""
    return pairwise_exact(values, context.detail.totals, a, b, instances=list(context.results.instances),
                          ties=context.options["ties"])


# ----------------------------------------------------------------------------- tables with holes

def _incomplete_summary(omnibus: Callable[..., Any]) -> Summarise:
    def summarise(values: np.ndarray, context: PairContext) -> Summary:
        result = omnibus(context.results, **context.options)
        return Summary(mean_ranks=result.mean_ranks.to_numpy(float), n_instances=result.n_instances,
                       n_missing=result.n_missing, detail=result)
    return summarise


def incomplete_table_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                           context: PairContext) -> tuple[np.ndarray, np.ndarray]:
    """Durbin's t or Skillings–Mack's z of each pair from the omnibus result
    (:mod:`algocompare.posthoc._incomplete`)."""
    return incomplete_pairs(context.detail, a, b)


# ----------------------------------------------------------------------------- the entries

_GARCIA_2010 = ("García, S., Fernández, A., Luengo, J. & Herrera, F. (2010). Advanced nonparametric tests for "
                "multiple comparisons in the design of experiments in computational intelligence and data mining. "
                "Information Sciences 180, 2044-2064. doi:10.1016/j.ins.2009.12.010")

register(PosthocTest(
    key="friedman", label="Friedman", description="Friedman rank post-hoc (z test on mean ranks)",
    statistic=rank_z_pairs, summarise=_rank_summary("friedman"), common_se=True, uses_se=True,
    reference="Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. JMLR 7, 1-30 "
              "(§3.2.2); García, S. & Herrera, F. (2008). JMLR 9, 2677-2694."))
register(PosthocTest(
    key="aligned_ranks", label="aligned-ranks",
    description="Friedman aligned ranks post-hoc (z test on mean aligned ranks)",
    statistic=rank_z_pairs, summarise=_rank_summary("aligned_ranks"), common_se=True, uses_se=True,
    reference=_GARCIA_2010))
register(PosthocTest(
    key="quade", label="Quade", description="Quade post-hoc (z test on weighted mean ranks)",
    statistic=rank_z_pairs, summarise=_rank_summary("quade"), common_se=True, uses_se=True,
    reference=_GARCIA_2010))
register(PosthocTest(
    key="friedman_exact", label="exact Friedman",
    description="Friedman rank-sum differences with exact p-values (Eisinga et al. 2017)",
    statistic=exact_friedman_pairs, options={"ties": "raise"},
    reference="Eisinga, R., Heskes, T., Pelzer, B. & Te Grotenhuis, M. (2017). Exact p-values for pairwise "
              "comparison of Friedman rank sums. BMC Bioinformatics 18, 68. doi:10.1186/s12859-017-1486-2"))
register(PosthocTest(
    key="wilcoxon", label="Wilcoxon signed-rank", description="pairwise Wilcoxon signed-rank tests",
    statistic=wilcoxon_pairs, signed=False,
    options={"zero_method": "split", "use_continuity": False, "method": "auto", "alternative": "two-sided"},
    reference="Wilcoxon, F. (1945). Individual comparisons by ranking methods. Biometrics Bulletin 1, 80-83. "
              "doi:10.2307/3001968"))
register(PosthocTest(
    key="conover", label="Conover", description="Conover's Friedman post-hoc (t test on rank sums)",
    statistic=conover_pairs,
    caution=("test='conover' is liberal when some algorithms differ: its pooled error term shrinks as the other "
             "algorithms' differences grow (per-pair size 0.059-0.110 at alpha = 0.05 under partial nulls in "
             "algocompare's null simulations); use test='friedman' (the default) or 'wilcoxon'."),
    reference="Conover, W. J. (1999). Practical Nonparametric Statistics, 3rd ed., Wiley, p. 371. "
              "ISBN 978-0-471-16068-7"))
register(PosthocTest(
    key="durbin", label="Durbin", description="Durbin all-pairs post-hoc (Conover's t test on rank sums)",
    statistic=incomplete_table_pairs, summarise=_incomplete_summary(durbin), allows_missing=True,
    reference="Durbin, J. (1951). Incomplete blocks in ranking experiments. British Journal of Statistical "
              "Psychology 4, 85-90. doi:10.1111/j.2044-8317.1951.tb00310.x; Conover (1999), p. 388"))
register(PosthocTest(
    key="skillings_mack", label="Skillings–Mack",
    description="Skillings-Mack post-hoc (z test on adjusted rank sums)",
    statistic=incomplete_table_pairs, summarise=_incomplete_summary(skillings_mack),
    options={"tie_correction": True}, allows_missing=True,
    reference="Skillings, J. H. & Mack, G. A. (1981). On the use of a Friedman-type statistic in balanced and "
              "unbalanced block designs. Technometrics 23, 171-177. doi:10.1080/00401706.1981.10486261"))

# ----------------------------------------------------------------------------- more blocked post-hoc tests (issue 28)

register(PosthocTest(
    key="miller", label="Miller", description="Miller's Friedman post-hoc (z on mean ranks, chi-square p)",
    statistic=miller_pairs, summarise=_rank_summary("friedman"), common_se=True, uses_se=True, p_adjust="none",
    single_step_label="Miller's χ² bound",
    reference="Miller, R. G. (1966). Simultaneous Statistical Inference. McGraw-Hill; Bortz, J., Lienert, G. A. & "
              "Boehnke, K. (1990). Verteilungsfreie Methoden in der Biostatistik. Springer. "
              "doi:10.1007/978-1-4613-8122-8"))
register(PosthocTest(
    key="siegel", label="Siegel–Castellan", description="Siegel-Castellan Friedman post-hoc (z on mean ranks)",
    statistic=rank_z_pairs, summarise=_rank_summary("friedman"), common_se=True, uses_se=True,
    reference="Siegel, S. & Castellan, N. J. (1988). Nonparametric Statistics for the Behavioral Sciences, 2nd ed. "
              "McGraw-Hill, §7.2. ISBN 978-0-07-057357-4"))
register(PosthocTest(
    key="friedman_dunnett", label="Dunnett (Friedman ranks)",
    description="Many-to-one Friedman post-hoc (z on mean ranks, Dunnett's single step)",
    statistic=control_z_pairs, summarise=_rank_summary("friedman"), uses_se=True, p_adjust="nemenyi",
    single_step=normal_dunnett_single_step, control_only=True, single_step_label="Dunnett's test",
    reference="Hollander, M., Wolfe, D. A. & Chicken, E. (2014). Nonparametric Statistical Methods, 3rd ed. Wiley, "
              "§7.3. doi:10.1002/9781119196037; Dunnett, C. W. (1955). JASA 50, 1096-1121. "
              "doi:10.1080/01621459.1955.10501294"))
register(PosthocTest(
    key="paired_t", label="paired t", description="Paired t-tests",
    statistic=paired_t_pairs,
    reference="Student (1908). The probable error of a mean. Biometrika 6, 1-25. doi:10.1093/biomet/6.1.1"))
register(PosthocTest(
    key="tukey", label="Tukey", description="Tukey test (t on the RM-ANOVA residual, studentized-range single step)",
    statistic=rm_anova_t_pairs, p_adjust="nemenyi", single_step=tukey_single_step, single_step_label="Tukey's HSD",
    reference="Tukey, J. W. (1953). The problem of multiple comparisons. Unpublished manuscript; Hochberg, Y. & "
              "Tamhane, A. C. (1987). Multiple Comparison Procedures. Wiley. doi:10.1002/9780470316672"))
register(PosthocTest(
    key="dunnett", label="Dunnett",
    description="Dunnett's many-to-one test (t on the RM-ANOVA residual, multivariate-t single step)",
    statistic=dunnett_pairs, p_adjust="nemenyi", single_step=dunnett_single_step, control_only=True,
    single_step_label="Dunnett's test",
    reference="Dunnett, C. W. (1955). A multiple comparison procedure for comparing several treatments with a "
              "control. JASA 50, 1096-1121. doi:10.1080/01621459.1955.10501294"))

# ----------------------------------------------------------------------------- independent samples (runs)

def group_summary(values: np.ndarray, context: PairContext) -> Summary:
    """Kruskal–Wallis mean ranks of the runs (1..N scale of all N runs, 1 = best): the order of the
    algorithms for the independent-sample tests (:mod:`algocompare.posthoc._independent`); no shared
    standard error."""
    shared = group_ranks(values)
    return Summary(mean_ranks=shared.mean_ranks, n_instances=1, detail=shared, common_se=False)


def z_group_summary(values: np.ndarray, context: PairContext) -> Summary:
    """:func:`group_summary` for the z tests on those mean ranks (Dunn, Nemenyi's Tukey form): with
    equal run counts every pair has the same standard error (``common_se`` True, a critical
    difference); with unequal counts, or Nemenyi's chi-square form, none."""
    shared = group_ranks(values)
    standard_error = z_standard_error(shared, context.options)
    return Summary(mean_ranks=shared.mean_ranks, n_instances=1, standard_error=standard_error, detail=shared,
                   common_se=standard_error is not None)


register(PosthocTest(
    key="dunn", label="Dunn", description="Dunn's test (z on Kruskal-Wallis mean ranks, tie-corrected)",
    statistic=dunn_pairs, summarise=z_group_summary, design="groups",
    reference="Dunn, O. J. (1964). Multiple comparisons using rank sums. Technometrics 6, 241-252. "
              "doi:10.1080/00401706.1964.10490181"))
register(PosthocTest(
    key="conover_iman", label="Conover-Iman",
    description="Conover-Iman test (t on Kruskal-Wallis mean ranks, N - k df)",
    statistic=conover_iman_pairs, summarise=group_summary, design="groups", single_step=conover_iman_single_step,
    reference="Conover, W. J. & Iman, R. L. (1979). On multiple-comparisons procedures. Technical report "
              "LA-7677-MS, Los Alamos Scientific Laboratory. doi:10.2172/6057803"))
register(PosthocTest(
    key="dscf", label="Dwass-Steel-Critchlow-Fligner",
    description="Dwass-Steel-Critchlow-Fligner test (pairwise rank-sum z)",
    statistic=dscf_pairs, summarise=group_summary, design="groups", p_adjust="nemenyi",
    reference="Critchlow, D. E. & Fligner, M. A. (1991). On distribution-free multiple comparisons in the "
              "one-way analysis of variance. Communications in Statistics - Theory and Methods 20, 127-139. "
              "doi:10.1080/03610929108830487"))
register(PosthocTest(
    key="kruskal_nemenyi", label="Nemenyi (Kruskal-Wallis)",
    description="Nemenyi's test on Kruskal-Wallis mean ranks (Tukey-Kramer type z)",
    statistic=kruskal_nemenyi_pairs, summarise=z_group_summary, design="groups",
    options={"dist": "tukey", "tie_correction": None}, p_adjust="nemenyi",
    single_step=kruskal_nemenyi_single_step,
    reference="Nemenyi, P. (1963). Distribution-free multiple comparisons. PhD thesis, Princeton University; "
              "Sachs, L. (1997). Angewandte Statistik, 8th ed., Springer, 395-397. doi:10.1007/978-3-662-05746-7"))
register(PosthocTest(
    key="mannwhitney", label="Mann-Whitney", description="pairwise Wilcoxon-Mann-Whitney rank-sum tests",
    statistic=mannwhitney_pairs, summarise=group_summary, signed=False, design="groups",
    options={"use_continuity": True, "method": "auto"},
    reference="Mann, H. B. & Whitney, D. R. (1947). On a test of whether one of two random variables is "
              "stochastically larger than the other. Annals of Mathematical Statistics 18, 50-60. "
              "doi:10.1214/aoms/1177730491"))
