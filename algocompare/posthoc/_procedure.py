"""``posthoc``: pairwise comparisons (all pairs or against a control) with adjusted p-values.

The tests themselves are entries of :mod:`algocompare.posthoc._registry`; :func:`posthoc`
looks one up, reads the table, runs it on the pairs and adjusts the p-values.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import norm

from algocompare._deprecation import warn_renamed
from algocompare._options import check_alpha
from algocompare._validation import NAN_POLICIES, check_algorithm, check_option, check_table_nan_policy
from algocompare.data._convert import as_blocks, as_groups
from algocompare.posthoc import _registry as registry
from algocompare.posthoc._adjust import (
    ADJUSTMENTS,
    CORRECTIONS,
    adjust_pairwise,
    adjust_vector,
    error_rate_note,
    nemenyi_from_z,
    tie_consistent,
)
from algocompare.posthoc._cautions import warn_if_liberal
from algocompare.posthoc._critical import critical_value
from algocompare.posthoc._registry import POSTHOC_TESTS, PairContext, PosthocTest
from algocompare.posthoc._result import PosthocResult
from algocompare.posthoc._statistics import SE_METHODS

__all__ = ["posthoc", "POSTHOC_TESTS"]

_SE_NAMES = {"permutation": ", permutation standard error", "classic": ", classic standard error"}


def _check_se(se: str | None, entry: PosthocTest) -> str | None:
    """The standard error of the z tests ("permutation" by default); None for the other tests."""
    if not entry.uses_se:
        if se is not None:
            raise ValueError(f"se={se!r} applies to the z tests ({', '.join(registry.SE_TESTS)}), "
                             f"not to test={entry.key!r}; leave se unset.")
        return None
    if se is None:
        return "permutation"
    check_option("se", se, SE_METHODS)
    return se


#: Most pairs compared at once by ``control=None``: about 3,000 algorithms, a 0.4 GB table
#: (10,000 algorithms are 50 million pairs, several GB).
MAX_PAIRS = 5_000_000


def _max_k() -> int:
    """The largest k whose k(k-1)/2 pairs stay within ``MAX_PAIRS``."""
    return int((1 + (1 + 8 * MAX_PAIRS) ** 0.5) // 2)


def pair_indices(k: int, control_index: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (a, b): row-major upper triangle, or (control, other) in input order."""
    if control_index is None:
        return np.triu_indices(k, 1)
    others = np.array([j for j in range(k) if j != control_index], dtype=int)
    return np.full(others.size, control_index), others


def _resolve_control(results: Any, control: Any, mean_ranks: pd.Series) -> int | None:
    if control is None:
        return None
    if isinstance(control, str) and control == "best" and "best" not in results.algorithms:
        return int(np.argmin(mean_ranks.to_numpy()))
    check_algorithm(results, control, role="control algorithm")
    return list(results.algorithms).index(control)


def _critical_difference(p_adjust: str, k: int, m: int, alpha: float, se: float | None) -> float | None:
    """CD in score units for single-step corrections of the z tests with a common standard error."""
    if se is None:
        return None
    if p_adjust == "nemenyi":
        return critical_value(k, alpha, "nemenyi") * se
    if p_adjust == "bonferroni":
        return float(norm.isf(alpha / (2.0 * m))) * se
    return None


def posthoc(data: Any, test: str = "friedman", control: Any = None, p_adjust: str | None = None,
            alpha: float = 0.05, *, instance: Any = None, se: str | None = None, direction: str | None = None,
            nan_policy: str | None = None, **options: Any) -> PosthocResult:
    """Post-hoc comparisons of k algorithms, on N instances or on one instance's runs, with adjusted p-values.

    Looks ``test`` up in the registry of post-hoc tests (:mod:`algocompare.posthoc._registry`),
    computes its statistic for every pair (all k(k-1)/2, or the k - 1 with ``control``) and
    adjusts the p-values with ``p_adjust``; ``reject = pvalue_adj <= alpha``.

    Parameters
    ----------
    data : Results, wide DataFrame, 2-D array; long DataFrame, dict or list (independent samples)
        Instances × algorithms (lower is better unless ``direction="maximize"``). The tests for
        independent samples (``"dunn"``, ``"conover_iman"``, ``"dscf"``, ``"kruskal_nemenyi"``,
        ``"mannwhitney"``) read the runs of one instance instead, as
        :func:`algocompare.kruskal_wallis` does: a ``Results`` with runs (and ``instance=``), a
        long DataFrame (``algorithm``, ``value``), a dict ``{algorithm: runs}`` or a list of
        1-D arrays; run counts may differ.
    test : str
        A key of the registry (:data:`~algocompare.posthoc._registry.POSTHOC_TESTS`):

        * ``"friedman"`` (default): z = (R_b - R_a)/se on the mean ranks (Demšar 2006;
          García et al. 2009, App. A.3); ``"aligned_ranks"``: z on the mean aligned ranks;
          ``"quade"``: z on T_j = W_j/(N(N+1)/2) (García et al. 2010, §3; scmamp's
          ``friedmanPost``, ``friedmanAlignedRanksPost``, ``quadePost``); se as chosen by ``se``.
        * ``"friedman_exact"``: D = R_b - R_a, the difference of Friedman rank sums, with its
          exact two-sided p-value P(|D| >= |d|) (Eisinga et al. 2017; same p-values as
          PMCMRplus ``frdAllPairsExactTest`` / ``frdManyOneExactTest``). The exact
          distribution assumes no ties within an instance: tied data raise unless
          ``ties="midranks"`` (the untied distribution at the mid-rank difference, an
          approximately conservative approximation).
        * ``"wilcoxon"``: pairwise signed-rank tests (:func:`algocompare.wilcoxon`); the
          statistic is R+ of d = value_b - value_a (oriented: large R+ = algorithm_a better).
        * ``"conover"``: Conover's (1999, p. 371) t test on rank sums (same p-values as
          scikit-posthocs ``posthoc_conover_friedman``). Calibrated under the complete null
          but liberal for the equal pairs when other algorithms truly differ (per-pair size
          0.059-0.110, Holm FWER up to 0.17 at alpha = 0.05, Validation study): its residual
          variance shrinks as the differences grow. It warns (``UserWarning``) when called.
        * For tables with missing cells: ``"durbin"``: Conover's (1999, p. 388) t statistics on
          the rank sums of a balanced incomplete block design (same p-values as PMCMRplus
          ``durbinAllPairsTest`` and scikit-posthocs ``posthoc_durbin``);
          ``"skillings_mack"``: z = (A_b − A_a)/sqrt(Var(A_b − A_a)) on the Skillings–Mack
          adjusted rank sums, the variance from the test's null covariance matrix, for any
          pattern of missing cells. Their ``mean_ranks`` are on the 1..k scale and the result
          counts the missing cells (``n_missing``).
        * ``"miller"``: the Friedman z with Miller's single-step chi-square bound
          P(chi2_{k-1} >= z^2) (PMCMRplus ``frdAllPairsMillerTest``; default ``p_adjust="none"``:
          the bound is already simultaneous); ``"siegel"``: Siegel & Castellan's z on the rank
          sums (PMCMRplus ``frdAllPairsSiegelTest``; Holm); ``"friedman_dunnett"``: the Friedman
          z against a ``control`` with Dunnett's single step (correlation 1/2; PMCMRplus
          ``frdManyOneNemenyiTest``).
        * Parametric, for the repeated-measures design: ``"paired_t"`` (paired t tests; Holm),
          ``"tukey"`` (Tukey's HSD on the RM-ANOVA residual, R ``TukeyHSD(aov(y ~ alg + inst))``)
          and ``"dunnett"`` (the same t against a ``control``, multivariate-t single step, R
          ``multcomp`` ``mcp(alg = "Dunnett")``).
        * ``"mcnemar"``: pairwise McNemar tests of 0/1 outcomes (:func:`algocompare.reached_target`),
          Cochran's Q's post-hoc.
        * ``"nemenyi"`` (deprecated): the Friedman statistic with ``p_adjust="nemenyi"``.
        * For k independent samples (the runs of one instance; keys of
          :data:`~algocompare.posthoc._registry.GROUP_TESTS`; ``mean_ranks`` are then the
          Kruskal–Wallis mean ranks, on the 1..N scale of all N runs, 1 = best):
          ``"dunn"``: z = (R̄_b − R̄_a)/sqrt((N(N+1)/12 − Σ(t³−t)/(12(N−1)))(1/n_a + 1/n_b))
          (Dunn 1964; PMCMRplus ``kwAllPairsDunnTest``, scikit-posthocs ``posthoc_dunn``);
          ``"conover_iman"``: t = (R̄_b − R̄_a)/sqrt(S²(N−1−H)/(N−k)(1/n_a + 1/n_b)) on N − k df
          (Conover & Iman 1979; ``kwAllPairsConoverTest``, ``posthoc_conover``);
          ``"dscf"``: the rank-sum z of each pair ranked alone, tie-corrected (Critchlow &
          Fligner 1991; default ``p_adjust="nemenyi"``, which is ``dscfAllPairsTest`` and
          ``posthoc_dscf``); ``"kruskal_nemenyi"``: the untied z of Dunn's form (option
          ``tie_correction``) with default ``p_adjust="nemenyi"`` and option ``dist``:
          ``"tukey"`` (default), P(Q_{k,∞} >= √2|z|) as ``kwAllPairsNemenyiTest`` and
          ``posthoc_nemenyi(dist="tukey")``, or ``"chisquare"``, P(χ²_{k−1} >= z²/C) as
          ``kwAllPairsNemenyiTest(dist = "Chisquare")`` and ``posthoc_nemenyi`` (its default);
          ``"mannwhitney"``: ``scipy.stats.mannwhitneyu`` on each pair (options
          ``use_continuity`` (True) and ``method`` ("auto"), as ``posthoc_mannwhitney``).
          All are two-sided. ``common_se`` is True only for ``"dunn"`` and ``"kruskal_nemenyi"``
          (Tukey) with equal run counts.
    control : None, algorithm name or "best"
        None compares all k(k-1)/2 pairs; a name compares it with each other algorithm;
        ``"best"`` picks the algorithm with the best mean rank (or score).
    p_adjust : str, optional
        The multiplicity adjustment, a key of :data:`algocompare.posthoc._adjust.ADJUSTMENTS`
        (any method of :func:`algocompare.adjust_pvalues`). ``"shaffer"``,
        ``"shaffer_dynamic"`` and ``"bergmann"`` need all pairs. ``"nemenyi"`` uses the
        studentized range of k means on the z statistics (with a control too); for
        ``"conover_iman"`` the studentized range on N − k df (PMCMRplus' ``"single-step"``),
        for ``"kruskal_nemenyi"`` the single step of its ``dist``. Default (None): the test's
        own, ``"holm"`` for all but ``"dscf"`` and ``"kruskal_nemenyi"``, which are defined with
        their single-step adjustment (``"nemenyi"``); any other adjustment applies to their
        per-pair normal p-values (the ``pvalue`` column), each a valid two-sided test.
    alpha : float
        Level for ``reject`` (and for Rom's constants).
    instance : object, optional
        For the independent-sample tests on a ``Results`` with several instances: the
        instance whose runs are compared (:func:`algocompare.per_instance` does every one).
    se : {"permutation", "classic"}, optional
        Standard error of a score difference for the z tests (``"friedman"``,
        ``"aligned_ranks"``, ``"quade"``); not accepted by the other tests.
        ``"permutation"`` (default): the exact null variance when the k values of each
        instance are exchangeable, conditional on the observed scores,
        Var(s_a - s_b) = (2k/(k-1)) Σ_i v_i / c² (v_i the variance of instance i's scores,
        c = N or N(N+1)/2). Without ties it equals Demšar's sqrt(k(k+1)/(6N)) for Friedman;
        it is tie-aware, and calibrated for aligned ranks and Quade. ``"classic"``: the
        closed forms of the papers and scmamp, to reproduce published tables (see Notes).
    direction : {"minimize", "maximize"}, optional
        Which way is better, when ``data`` does not say (default: the data's own, else
        ``"minimize"``).
    nan_policy : {"raise", "omit", "keep"}, optional
        ``"omit"`` drops instances with a missing value; ``"raise"`` is the default of the
        complete-table tests. The tests for tables with missing cells (``"durbin"``,
        ``"skillings_mack"``) keep the missing cells by default (``"keep"``).
    **options
        The test's own options, declared with their defaults in the registry; any other
        name is a TypeError listing them. ``"wilcoxon"``: ``zero_method`` (``"split"``),
        ``use_continuity`` (False; Wilcoxon's continuity correction, the ``correction`` of
        :func:`algocompare.wilcoxon`), ``method`` (``"auto"``), ``alternative``
        (``"two-sided"``); ``"friedman_exact"``: ``ties`` (``"raise"``);
        ``"skillings_mack"``: ``tie_correction`` (True, as :func:`algocompare.skillings_mack`).
        ``correction=`` is deprecated: a string is read as ``p_adjust``, a bool as
        ``use_continuity``.

    Returns
    -------
    PosthocResult
        The long table (``algorithm_a, algorithm_b, statistic, pvalue, pvalue_adj,
        reject``), the mean ranks, the critical difference where one exists, and the
        registry's ``label``, ``common_se`` and ``n_missing``.

    See Also
    --------
    algocompare.adjust_pvalues : The adjustments, for any family of p-values.
    algocompare.critical_difference : Nemenyi and Bonferroni–Dunn critical differences.
    algocompare.plots.cd_diagram : The critical-difference diagram of the result.
    algocompare.posthoc._registry : The post-hoc tests, and how to add one.

    Notes
    -----
    The classic standard errors (``se="classic"``): Friedman sqrt(k(k+1)/(6N)), aligned
    ranks sqrt(k(kN+1)/6), Quade sqrt(k(k+1)(2N+1)(k-1)/(18N(N+1))). Under the null
    (identical algorithms, random instance effects) the classic aligned-ranks post-hoc
    rejects 35-61 % of true pairs at alpha = 0.05 and the classic Quade post-hoc almost none
    for k >= 5 (docs "Validation" page and :mod:`algocompare.posthoc._statistics`).
    ``p_adjust="nemenyi"`` with ``test="friedman", se="classic"`` gives the values of
    scikit-posthocs ``posthoc_nemenyi_friedman`` (and, without ties, the default ``se``).

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       Journal of Machine Learning Research 7, 1-30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] García, S., Molina, D., Lozano, M. & Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case
       study on the CEC'2005 special session on real parameter optimization. Journal of
       Heuristics 15, 617-644. doi:10.1007/s10732-008-9080-4
    .. [3] García, S., Fernández, A., Luengo, J. & Herrera, F. (2010). Advanced nonparametric
       tests for multiple comparisons in the design of experiments in computational
       intelligence and data mining. Information Sciences 180, 2044-2064.
       doi:10.1016/j.ins.2009.12.010
    .. [4] Eisinga, R., Heskes, T., Pelzer, B. & Te Grotenhuis, M. (2017). Exact p-values for
       pairwise comparison of Friedman rank sums. BMC Bioinformatics 18, 68.
       doi:10.1186/s12859-017-1486-2
    .. [5] Conover, W. J. (1999). Practical Nonparametric Statistics, 3rd ed. Wiley.
    .. [6] Skillings, J. H. & Mack, G. A. (1981). On the use of a Friedman-type statistic in
       balanced and unbalanced block designs. Technometrics 23, 171-177.
       doi:10.1080/00401706.1981.10486261
    .. [7] Dunn, O. J. (1964). Multiple comparisons using rank sums. Technometrics 6, 241-252.
       doi:10.1080/00401706.1964.10490181
    .. [8] Critchlow, D. E. & Fligner, M. A. (1991). On distribution-free multiple comparisons
       in the one-way analysis of variance. Communications in Statistics - Theory and Methods
       20, 127-139. doi:10.1080/03610929108830487

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.load_dataset("cec2005_d10")
    >>> res = ac.posthoc(data, control="G-CMA-ES", p_adjust="holm")
    >>> res.se, round(res.standard_error, 4), res.label
    ('permutation', 0.8871, 'Friedman')
    >>> print(res.table.head(3).round(4).to_string(index=False))
    algorithm_a algorithm_b  statistic  pvalue  pvalue_adj  reject
       G-CMA-ES    BLX-GL50     2.2095  0.0271      0.0814   False
       G-CMA-ES      BLX-MA     4.2838  0.0000      0.0002    True
       G-CMA-ES       CoEVO     5.7493  0.0000      0.0000    True

    García et al. (2009), Table 10 (untied standard error; the table has ties at 1e-9):

    >>> classic = ac.posthoc(data, control="G-CMA-ES", p_adjust="holm", se="classic")
    >>> round(float(classic.matrix("statistic")["CoEVO"]), 5), f"{classic.matrix('pvalue_adj')['CoEVO']:.5e}"
    (5.43662, '5.43013e-07')

    Pairwise Wilcoxon signed-rank tests with the continuity correction:

    >>> w = ac.posthoc(data, test="wilcoxon", control="G-CMA-ES", use_continuity=True, method="approx")
    >>> w.label, w.common_se, w.critical_difference
    ('Wilcoxon signed-rank', False, None)

    Dunn's test on the runs of one instance (Kruskal–Wallis mean ranks, 1..N):

    >>> runs = {"A": [2.9, 3.0, 2.5, 2.6, 3.2], "B": [3.8, 2.7, 4.0, 2.4], "C": [2.8, 3.4, 3.7, 2.2, 2.0]}
    >>> d = ac.posthoc(runs, test="dunn", p_adjust="holm")
    >>> d.mean_ranks.round(2).to_dict(), d.common_se
    ({'A': 7.2, 'B': 9.0, 'C': 6.6}, False)
    >>> print(d.table.round(4).to_string(index=False))
    algorithm_a algorithm_b  statistic  pvalue  pvalue_adj  reject
              A           B     0.6414  0.5212         1.0   False
              A           C    -0.2268  0.8206         1.0   False
              B           C    -0.8552  0.3924         1.0   False
    """
    p_adjust = _deprecated_correction(p_adjust, options)
    if test == "nemenyi":
        warn_renamed("test='nemenyi'", "test='friedman', p_adjust='nemenyi'", "posthoc()")
        test, p_adjust = "friedman", "nemenyi"
    entry = registry.get(test)
    p_adjust = entry.p_adjust if p_adjust is None else p_adjust
    check_option("p_adjust", p_adjust, CORRECTIONS)
    se, alpha = _check_se(se, entry), check_alpha(alpha)
    context = PairContext(results=_read_data(data, entry, instance, direction, nan_policy),
                          options=entry.with_defaults(options), se=se)
    values = context.results.padded() if entry.design == "groups" else context.results.values(oriented=True)
    names, k = list(context.results.algorithms), values.shape[1]
    _check_pair_count(k, control)
    summary = entry.summarise(values, context)
    context = replace(context, summary=summary)
    common_se = entry.common_se if summary.common_se is None else summary.common_se
    mean_ranks = pd.Series(summary.mean_ranks, index=pd.Index(names, name="algorithm"), name="mean_rank")
    control_index = _resolve_control(context.results, control, mean_ranks)
    warn_if_liberal(entry, ADJUSTMENTS[p_adjust], control_index is not None)  # what the calibration found liberal
    if control_index is not None and ADJUSTMENTS[p_adjust].needs_all_pairs:
        raise ValueError(f"p_adjust={p_adjust!r} is defined for the family of all pairwise comparisons; "
                         "use control=None, or a general adjustment such as 'holm' or 'finner' with a control.")
    a, b = pair_indices(k, control_index)
    statistic, pvalue = entry.statistic(values, a, b, context)
    if p_adjust == "nemenyi" and entry.single_step is not None:  # the test's own single-step adjustment
        adjusted = tie_consistent(pvalue, entry.single_step(statistic, k, context))
    else:
        adjusted = adjust_family(statistic, pvalue, k, p_adjust, alpha, common_se, control_index is None)
    table = pd.DataFrame({"algorithm_a": [names[i] for i in a], "algorithm_b": [names[j] for j in b],
                          "statistic": statistic, "pvalue": pvalue, "pvalue_adj": adjusted,
                          "reject": adjusted <= alpha})
    standard_error = summary.standard_error if common_se else None
    control_name = None if control_index is None else names[control_index]
    groups = entry.design == "groups"
    return PosthocResult(method=_method(entry, se, p_adjust, control_name, summary.n_missing, context.results),
                         test=entry.key, label=entry.label, common_se=common_se, n_missing=summary.n_missing,
                         own_step=(entry.p_adjust, entry.single_step_label) if entry.single_step_label else None,
                         p_adjust=p_adjust, control=control_name, alpha=alpha, n_instances=summary.n_instances,
                         n_algorithms=k, mean_ranks=mean_ranks,
                         critical_difference=_critical_difference(p_adjust, k, len(a), alpha, standard_error),
                         se=se, standard_error=standard_error, table=table,
                         dropped_instances=None if groups else context.results.dropped_instances,
                         dropped_values=context.results.dropped if groups else None)


def _read_data(data: Any, entry: PosthocTest, instance: Any, direction: str | None, nan_policy: str | None) -> Any:
    """The blocks of a block test, or the runs of one instance as k samples for an independent-sample test."""
    if entry.design == "groups":
        return as_groups(data, instance=instance, direction=direction,
                         nan_policy=check_option("nan_policy", nan_policy or "raise", NAN_POLICIES))
    if instance is not None:
        raise TypeError(f"instance= applies to the tests on one instance's runs ({', '.join(registry.GROUP_TESTS)}); "
                        f"test={entry.key!r} compares the algorithms across the instances of a table.")
    return _read_table(data, entry, direction, nan_policy)


def _read_table(data: Any, entry: PosthocTest, direction: str | None, nan_policy: str | None) -> Any:
    """The table as blocks: missing cells kept by default for the tests made for them, else refused."""
    if entry.allows_missing:
        nan_policy = check_table_nan_policy("keep" if nan_policy is None else nan_policy)
    else:
        nan_policy = check_option("nan_policy", "raise" if nan_policy is None else nan_policy, NAN_POLICIES)
    return as_blocks(data, direction=direction, nan_policy=nan_policy)


def _check_pair_count(k: int, control: Any) -> None:
    """All pairs of more than ``MAX_PAIRS`` are refused before any k x k work starts."""
    if control is None and k * (k - 1) // 2 > MAX_PAIRS:
        raise ValueError(f"{k} algorithms make {k * (k - 1) // 2:,} pairs: all pairs are compared for at most "
                         f"{MAX_PAIRS:,} (about {_max_k()} algorithms; its table alone would take "
                         f"{k * (k - 1) // 2 * 80 / 1e9:.1f} GB); compare each with a control (control='best') "
                         "or a subset of the algorithms.")


def adjust_family(statistic: np.ndarray, pvalue: np.ndarray, k: int, p_adjust: str, alpha: float, common_se: bool,
              all_pairs: bool) -> np.ndarray:
    """The adjusted p-values; Nemenyi's of z tests with a common standard error from the z values themselves."""
    if p_adjust == "nemenyi" and common_se:
        return tie_consistent(pvalue, nemenyi_from_z(statistic, k))
    if all_pairs or p_adjust == "nemenyi":
        return adjust_pairwise(pvalue, k, p_adjust, alpha)
    return adjust_vector(pvalue, p_adjust, alpha)


def _method(entry: PosthocTest, se: str | None, p_adjust: str, control: Any, n_missing: int, data: Any) -> str:
    """The result's ``method`` text: the test, its standard error, the adjustment, the family, the missing
    cells; for runs, how many and of which instance."""
    family = f", control {control}" if control is not None else ", all pairs"
    missing = f", {n_missing} missing cell(s)" if n_missing else ""
    runs = ""
    if entry.design == "groups":
        where = f" of instance {data.instance}" if data.instance is not None else ""
        runs = f", {int(data.sizes.sum())} runs{where}"
    rate = error_rate_note(p_adjust)  # an FDR adjustment says so: the decisions are not family-wise
    adjustment = f"{p_adjust} adjustment{rate}"
    if entry.single_step_label and p_adjust == entry.p_adjust:  # the test's own step (Tukey's HSD), not Nemenyi's
        adjustment = entry.single_step_label
    return f"{entry.description}{_SE_NAMES.get(se or '', '')}, {adjustment}{family}{missing}{runs}"


def _deprecated_correction(p_adjust: str | None, options: dict) -> str | None:
    """``correction=`` is deprecated with either meaning it had: a string was the multiplicity
    adjustment (now ``p_adjust=``), a bool Wilcoxon's continuity correction (now ``use_continuity=``)."""
    if "correction" not in options:
        return p_adjust
    correction = options.pop("correction")
    if isinstance(correction, str):
        if p_adjust is not None:
            raise TypeError("posthoc() got both correction= (deprecated) and p_adjust=; pass only p_adjust=.")
        warn_renamed("the parameter correction= (the multiplicity adjustment)", "p_adjust=", "posthoc()")
        return correction
    if "use_continuity" in options:
        raise TypeError("posthoc() got both correction= (deprecated) and use_continuity=; pass only use_continuity=.")
    warn_renamed("the parameter correction= (Wilcoxon's continuity correction)", "use_continuity=", "posthoc()")
    options["use_continuity"] = correction
    return p_adjust
