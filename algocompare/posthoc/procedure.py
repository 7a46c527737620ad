"""``posthoc``: pairwise comparisons (all pairs or against a control) with adjusted p-values."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import norm
from scipy.stats import t as t_dist

from algocompare._deprecation import warn_renamed
from algocompare._options import check_alpha
from algocompare._validation import NAN_POLICIES, check_algorithm, check_option, check_table_nan_policy
from algocompare.data.convert import as_blocks
from algocompare.frequentist.incomplete import durbin, skillings_mack
from algocompare.posthoc.adjust import (
    CORRECTIONS,
    PAIRWISE_CORRECTIONS,
    adjust_pairwise,
    adjust_vector,
    nemenyi_from_z,
    tie_consistent,
)
from algocompare.posthoc.critical import critical_value
from algocompare.posthoc.exact_friedman import pairwise_exact
from algocompare.posthoc.incomplete import incomplete_pairs
from algocompare.posthoc.result import PosthocResult
from algocompare.posthoc.statistics import RANK_TESTS, SE_METHODS, pair_z, rank_scores
from algocompare.ranking import within_instance_ranks

__all__ = ["posthoc", "POSTHOC_TESTS"]

#: tests made for tables with missing cells (the others need every cell)
INCOMPLETE_TESTS = ("durbin", "skillings_mack")
POSTHOC_TESTS = RANK_TESTS + ("friedman_exact", "wilcoxon", "nemenyi", "conover") + INCOMPLETE_TESTS
#: keyword options each test accepts through ``**test_options``
_TEST_OPTIONS = {"wilcoxon": None, "friedman_exact": {"ties"},  # None: passed through to wilcoxon()
                 "skillings_mack": {"tie_correction"}}

_TEST_NAMES = {
    "friedman": "Friedman rank post-hoc (z test on mean ranks)",
    "aligned_ranks": "Friedman aligned ranks post-hoc (z test on mean aligned ranks)",
    "quade": "Quade post-hoc (z test on weighted mean ranks)",
    "friedman_exact": "Friedman rank-sum differences with exact p-values (Eisinga et al. 2017)",
    "wilcoxon": "pairwise Wilcoxon signed-rank tests",
    "conover": "Conover's Friedman post-hoc (t test on rank sums)",
    "durbin": "Durbin all-pairs post-hoc (Conover's t test on rank sums)",
    "skillings_mack": "Skillings-Mack post-hoc (z test on adjusted rank sums)",
}


_SE_NAMES = {"permutation": ", permutation standard error", "classic": ", classic standard error"}


def _check_se(se: str | None, test: str) -> str | None:
    """The standard error of the z tests ("permutation" by default); None for the other tests."""
    if test not in RANK_TESTS:
        if se is not None:
            raise ValueError(f"se={se!r} applies to the z tests (friedman, aligned_ranks, quade), "
                             f"not to test={test!r}; leave se unset.")
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


def _pairs(k: int, control_index: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (a, b): row-major upper triangle, or (control, other) in input order."""
    if control_index is None:
        return np.triu_indices(k, 1)
    others = np.array([j for j in range(k) if j != control_index], dtype=int)
    return np.full(others.size, control_index), others


def _conover(values: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Conover (1999, p. 371) t statistics and two-sided p-values on Friedman rank sums.

    t = (R_b - R_a) / sqrt(2 (N A - sum_j R_j^2) / ((N-1)(k-1))), df = (N-1)(k-1), with
    A = sum of squared ranks (tie-aware). Checked against scikit-posthocs 0.17
    ``posthoc_conover_friedman(p_adjust=None)`` in the tests.
    """
    n, k = values.shape
    ranks = within_instance_ranks(values)
    sums = ranks.sum(axis=0)
    df = (n - 1) * (k - 1)
    scale = np.sqrt(2.0 * (n * np.sum(ranks ** 2) - np.sum(sums ** 2)) / df)
    with np.errstate(divide="ignore", invalid="ignore"):
        stat = (sums[b] - sums[a]) / scale
    stat = np.where(np.isfinite(stat), stat, 0.0)
    return stat, 2.0 * t_dist.sf(np.abs(stat), df)


def _wilcoxon(values: np.ndarray, a: np.ndarray, b: np.ndarray, options: dict) -> tuple[np.ndarray, np.ndarray]:
    """R+ of d = value_b - value_a (oriented: large R+ = algorithm_a better) and its p-value."""
    from algocompare.frequentist import wilcoxon

    results = [wilcoxon(values[:, j], values[:, i], **options) for i, j in zip(a, b, strict=False)]
    return (np.array([r.statistic for r in results], dtype=float),
            np.array([r.pvalue for r in results], dtype=float))


def _resolve_control(results: Any, control: Any, mean_ranks: pd.Series) -> int | None:
    if control is None:
        return None
    if isinstance(control, str) and control == "best" and "best" not in results.algorithms:
        return int(np.argmin(mean_ranks.to_numpy()))
    check_algorithm(results, control, role="control algorithm")
    return list(results.algorithms).index(control)


def _critical_difference(test: str, p_adjust: str, k: int, m: int, alpha: float, se: float) -> float | None:
    """CD in score units for single-step corrections of the rank z tests."""
    if test not in RANK_TESTS:
        return None
    if p_adjust == "nemenyi":
        return critical_value(k, alpha, "nemenyi") * se
    if p_adjust == "bonferroni":
        return float(norm.isf(alpha / (2.0 * m))) * se
    return None


_INCOMPLETE = {"durbin": durbin, "skillings_mack": skillings_mack}


def posthoc(data: Any, test: str = "friedman", control: Any = None, p_adjust: str = "holm",
            alpha: float = 0.05, *, se: str | None = None, direction: str | None = None,
            nan_policy: str | None = None, **test_options: Any) -> PosthocResult:
    """Post-hoc comparisons of k algorithms on N instances with adjusted p-values.

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        Instances × algorithms (lower is better unless ``direction="maximize"``).
    test : str
        ``"friedman"``: z = (R_b - R_a)/se on mean ranks (Demšar 2006; García et al.
        2009, App. A.3). ``"aligned_ranks"``: z on mean aligned ranks. ``"quade"``: z on
        T_j = W_j/(N(N+1)/2) (García et al. 2010, §3; scmamp's ``friedmanPost``,
        ``friedmanAlignedRanksPost``, ``quadePost``); se as chosen by ``se``. ``"wilcoxon"``:
        pairwise signed-rank tests (:func:`algocompare.wilcoxon`, options passed through
        ``test_options``, e.g. ``zero_method="wilcox"`` or ``correction=True`` for the
        continuity correction). ``"nemenyi"`` (deprecated: it is the Friedman statistic with
        ``p_adjust="nemenyi"``, which gives the same values as scikit-posthocs
        ``posthoc_nemenyi_friedman`` with ``se="classic"``, and without ties with the
        default). ``"conover"``: Conover's t test on
        rank sums (same raw p-values as scikit-posthocs ``posthoc_conover_friedman``).
        Calibrated under the complete null, but liberal for the equal pairs when other
        algorithms truly differ (per-pair size 0.059-0.110, Holm FWER up to 0.17 at
        alpha = 0.05 in the Validation study): its residual variance shrinks as the
        differences grow.
        ``"friedman_exact"``: statistic D = R_b - R_a, the difference of Friedman rank
        sums, with its exact two-sided p-value P(|D| >= |d|) under H0 (Eisinga et al.
        2017; same p-values as PMCMRplus ``frdAllPairsExactTest`` /
        ``frdManyOneExactTest``); see :mod:`algocompare.posthoc.exact_friedman`. The
        exact distribution assumes no ties within an instance: tied data raise unless
        ``ties="midranks"`` is passed, which uses the untied distribution at the mid-rank
        difference as an (approximately conservative) approximation.
        For tables with missing cells: ``"durbin"``: Conover's (1999, p. 388) t statistics
        on the rank sums of a balanced incomplete block design (same p-values as
        PMCMRplus ``durbinAllPairsTest`` and scikit-posthocs ``posthoc_durbin``);
        ``"skillings_mack"``: z = (A_b − A_a)/sqrt(Var(A_b − A_a)) on the Skillings–Mack
        adjusted rank sums, the variance taken from the test's null covariance matrix, for
        any pattern of missing cells (option ``tie_correction`` as in
        :func:`algocompare.skillings_mack`). Their ``mean_ranks`` are on the 1..k scale
        (see :meth:`algocompare.Results.mean_ranks`) and the method says how many cells
        were missing.
    control : None, algorithm name or "best"
        None compares all k(k-1)/2 pairs; a name compares it with each other algorithm;
        ``"best"`` picks the algorithm with the best mean rank (or score).
    p_adjust : str
        The multiplicity adjustment: any method of :func:`algocompare.adjust_pvalues`
        (formerly ``correction=``, still accepted with a string value for one release;
        ``correction=`` with a bool is Wilcoxon's continuity correction). ``"shaffer"``,
        ``"shaffer_dynamic"`` and ``"bergmann"`` need all pairs. ``"nemenyi"`` uses the
        studentized range of k means on the z statistics (with a control too).
    alpha : float
        Level for ``reject`` (and for Rom's constants).
    se : {"permutation", "classic"}, optional
        Standard error of a score difference for the z tests (``"friedman"``,
        ``"aligned_ranks"``, ``"quade"``); not accepted by the other tests.
        ``"permutation"`` (default): the exact null variance when the k values of each
        instance are exchangeable, conditional on the observed scores,
        Var(s_a - s_b) = (2k/(k-1)) Σ_i v_i / c² (v_i the variance of instance i's
        scores, c = N or N(N+1)/2). Without ties it equals Demšar's sqrt(k(k+1)/(6N)) for
        Friedman; it is tie-aware, and calibrated for aligned ranks and Quade.
        ``"classic"``: the closed forms of the papers and scmamp — Friedman
        sqrt(k(k+1)/(6N)), aligned ranks sqrt(k(kN+1)/6), Quade
        sqrt(k(k+1)(2N+1)(k-1)/(18N(N+1))) — to reproduce published tables. Under the
        null (identical algorithms, random instance effects) the classic aligned-ranks
        post-hoc rejects 35-61 % of true pairs at alpha = 0.05 and the classic Quade
        post-hoc almost none for k >= 5 (docs "Validation" page and
        :mod:`algocompare.posthoc.statistics`).
    direction : {"minimize", "maximize"}, optional
        Which way is better, when ``data`` does not say (default: the data's own, else
        ``"minimize"``).
    nan_policy : {"raise", "omit"}, optional
        ``"omit"`` drops instances with a missing value; ``"raise"`` is the default of
        the complete-table tests. ``"durbin"`` and ``"skillings_mack"`` keep the missing
        cells by default (``"omit"`` drops them too).

    Returns
    -------
    PosthocResult

    Examples
    --------
    >>> import algocompare as ac
    >>> data = ac.load_dataset("cec2005_d10")
    >>> res = ac.posthoc(data, control="G-CMA-ES", p_adjust="holm")
    >>> res.se, round(res.standard_error, 4)
    ('permutation', 0.8871)
    >>> print(res.table.head(3).round(4).to_string(index=False))
    algorithm_a algorithm_b  statistic  pvalue  pvalue_adj  reject
       G-CMA-ES    BLX-GL50     2.2095  0.0271      0.0814   False
       G-CMA-ES      BLX-MA     4.2838  0.0000      0.0002    True
       G-CMA-ES       CoEVO     5.7493  0.0000      0.0000    True

    García et al. (2009), Table 10 (untied standard error; the table has ties at 1e-9):

    >>> classic = ac.posthoc(data, control="G-CMA-ES", p_adjust="holm", se="classic")
    >>> round(float(classic.matrix("statistic")["CoEVO"]), 5), f"{classic.matrix('pvalue_adj')['CoEVO']:.5e}"
    (5.43662, '5.43013e-07')
    """
    p_adjust = _deprecated_correction(p_adjust, test_options)
    check_option("test", test, POSTHOC_TESTS)
    if test == "nemenyi":
        warn_renamed("test='nemenyi'", "test='friedman', p_adjust='nemenyi'", "posthoc()")
        test, p_adjust = "friedman", "nemenyi"
    check_option("p_adjust", p_adjust, CORRECTIONS)
    se = _check_se(se, test)
    alpha = check_alpha(alpha)
    allowed = _TEST_OPTIONS.get(test, set())
    if allowed is not None and set(test_options) - allowed:
        raise TypeError(f"unexpected option(s) {sorted(set(test_options) - allowed)} for test={test!r}.")
    if test in INCOMPLETE_TESTS:
        nan_policy = check_table_nan_policy("keep" if nan_policy is None else nan_policy)
    else:
        nan_policy = check_option("nan_policy", "raise" if nan_policy is None else nan_policy, NAN_POLICIES)
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    values = results.values(oriented=True)
    n, k = values.shape
    names = list(results.algorithms)
    if control is None and k * (k - 1) // 2 > MAX_PAIRS:  # refused before any k x k work starts
        raise ValueError(f"{k} algorithms make {k * (k - 1) // 2:,} pairs: all pairs are compared for at most "
                         f"{MAX_PAIRS:,} (about {_max_k()} algorithms; its table alone would take "
                         f"{k * (k - 1) // 2 * 80 / 1e9:.1f} GB); compare each with a control (control='best') "
                         "or a subset of the algorithms.")

    if test in INCOMPLETE_TESTS:
        omnibus = _INCOMPLETE[test](results, **test_options)
        scores, mean_ranks, n = None, omnibus.mean_ranks, omnibus.n_instances
    else:
        scores = rank_scores(values, test if test in RANK_TESTS else "friedman", se or "permutation")
        mean_ranks = pd.Series(scores.scores, index=pd.Index(names, name="algorithm"), name="mean_rank")
    control_index = _resolve_control(results, control, mean_ranks)
    if control_index is not None and p_adjust in PAIRWISE_CORRECTIONS:
        raise ValueError(
            f"p_adjust={p_adjust!r} is defined for the family of all pairwise comparisons; "
            "use control=None, or a general adjustment such as 'holm' or 'finner' with a control."
        )
    a, b = _pairs(k, control_index)

    missing_note = ""
    if test in INCOMPLETE_TESTS:
        statistic, pvalue = incomplete_pairs(omnibus, a, b)
        missing_note = f", {omnibus.n_missing} missing cell(s)" if omnibus.n_missing else ""
    elif test == "wilcoxon":
        statistic, pvalue = _wilcoxon(values, a, b, test_options)
    elif test == "conover":
        statistic, pvalue = _conover(values, a, b)
    elif test == "friedman_exact":
        statistic, pvalue = pairwise_exact(values, scores.totals, a, b, instances=list(results.instances),
                                           **test_options)
    else:
        statistic = pair_z(scores, a, b)
        pvalue = np.minimum(1.0, 2.0 * norm.sf(np.abs(statistic)))

    if p_adjust == "nemenyi" and test in RANK_TESTS:
        adjusted = tie_consistent(pvalue, nemenyi_from_z(statistic, k))
    elif control_index is None or p_adjust == "nemenyi":
        adjusted = adjust_pairwise(pvalue, k, p_adjust, alpha)
    else:
        adjusted = adjust_vector(pvalue, p_adjust, alpha)

    table = pd.DataFrame({
        "algorithm_a": [names[i] for i in a], "algorithm_b": [names[j] for j in b],
        "statistic": statistic, "pvalue": pvalue, "pvalue_adj": adjusted,
        "reject": adjusted <= alpha,
    })
    cd = None if scores is None else _critical_difference(test, p_adjust, k, len(a), alpha, scores.se)
    control_name = None if control_index is None else names[control_index]
    method = f"{_TEST_NAMES[test]}{_SE_NAMES.get(se, '')}, {p_adjust} adjustment" + (
        f", control {control_name}" if control_name is not None else ", all pairs") + missing_note
    return PosthocResult(method=method, test=test, p_adjust=p_adjust, control=control_name, alpha=alpha,
                         n_instances=n, n_algorithms=k, mean_ranks=mean_ranks, critical_difference=cd,
                         se=se, standard_error=None if se is None or scores is None else scores.se, table=table,
                         dropped_instances=results.dropped_instances)


def _deprecated_correction(p_adjust: str, test_options: dict) -> str:
    """``p_adjust="holm"`` (a string) is the old name of ``p_adjust``; a bool ``correction``
    stays in ``test_options`` (Wilcoxon's continuity correction)."""
    if isinstance(test_options.get("correction"), str):
        if p_adjust != "holm":
            raise TypeError("posthoc() got both correction= (deprecated) and p_adjust=; pass only p_adjust=.")
        warn_renamed("the parameter correction= (the multiplicity adjustment)", "p_adjust=", "posthoc()")
        return test_options.pop("correction")
    return p_adjust
