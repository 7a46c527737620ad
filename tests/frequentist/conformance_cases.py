"""Registers every public frequentist test with the shared conformance checks."""

import numpy as np

import algocompare as ac
from tests.conformance import Case
from tests.frequentist.incomplete_tables import CONOVER, NORMAL20


def _table_key(column, by=None):
    def key(result):
        frame = result.to_frame()
        frame = frame.sort_values(by, kind="stable") if by else frame
        return tuple(frame[column].to_numpy(dtype=float))
    return key


def _runs_results():
    return ac.simulate_runs([10.0, 10.5, 12.0], n_instances=4, n_runs=8, rng=7).results


_MV = np.random.default_rng(5).normal(size=(20, 3))

CASES = [
    Case("friedman", ac.friedman),
    Case("friedman_ties", ac.friedman, kwargs={"tie_correction": True}),
    Case("iman_davenport", ac.iman_davenport),
    Case("aligned_ranks", ac.aligned_ranks),
    Case("quade", ac.quade),
    Case("quade_ties", ac.quade, kwargs={"tie_correction": True}),
    Case("rm_anova", ac.rm_anova),
    # on a complete table Durbin is the tie-corrected Friedman test; a missing cell breaks the
    # balanced design, so it raises (naming the missing cell) as the blocks checks expect
    Case("durbin", ac.durbin),
    Case("durbin_f", ac.durbin, kwargs={"form": "f"}),
    # Skillings-Mack analyses missing cells instead of raising: result-object checks here, the
    # blocks checks (input forms, orders, direction) in tests/frequentist/test_incomplete.py
    Case("skillings_mack_incomplete", kind="other", make=lambda: ac.skillings_mack(NORMAL20)),
    Case("durbin_incomplete", kind="other", make=lambda: ac.durbin(CONOVER)),
    Case("omnibus", ac.omnibus, key=_table_key("pvalue")),
    Case("page_trend", ac.page_trend, algorithm_order_invariant=False),
    Case("multiple_sign_test", ac.multiple_sign_test, kwargs={"n_resamples": 999},
         key=_table_key("pvalue_adj", ["algorithm"]), stochastic=True, data="cec2005"),
    Case("normality", ac.normality, key=_table_key("pvalue", ["algorithm", "test"]), min_instances=2),
    Case("homoscedasticity", ac.homoscedasticity, key=_table_key("pvalue")),
    Case("check_assumptions", ac.check_assumptions, key=lambda r: (r.recommendation == "parametric",)),
    Case("sign_test", ac.sign_test, kind="paired"),
    Case("wilcoxon", ac.wilcoxon, kind="paired"),
    Case("paired_ttest", ac.paired_ttest, kind="paired"),
    Case("median_difference_ci_paired", ac.median_difference_ci, kind="paired", kwargs={"paired": True},
         key=lambda r: (r.ci_low, r.ci_high)),
    Case("per_instance", lambda res: ac.per_instance(res, res.algorithms[0], res.algorithms[1]), kind="runs",
         key=lambda r: tuple(r.table["pvalue_wilcoxon"])),
    Case("rank_sum", kind="other", make=lambda: ac.rank_sum([1.0, 2.5, 3.1, 4.2], [2.2, 5.1, 6.3, 7.0])),
    Case("median_difference_ci", kind="other",
         make=lambda: ac.median_difference_ci([5.1, 6.3, 7.2, 8.0, 9.4], [1.2, 2.2, 3.1, 4.4, 5.0])),
    Case("confidence_curve", kind="other", make=lambda: ac.confidence_curve([5.1, 6.3, 7.2, 8.0], [1.2, 2.2, 3.1])),
    Case("fwer_of_pairwise", kind="other", make=lambda: ac.fwer_of_pairwise([0.01, 0.04, 0.2])),
    Case("convergence_page", kind="other",
         make=lambda: ac.convergence_page(np.array([[9., 7, 5, 4], [8, 6, 5, 5], [7, 6, 4, 3]]),
                                          np.array([[9., 6, 3, 1], [8, 5, 3, 2], [7, 5, 2, 0]]))),
    Case("multivariate_normality", kind="other", make=lambda: ac.multivariate_normality(_MV)),
    Case("hotelling_t2", kind="other", make=lambda: ac.hotelling_t2(_MV, _MV + np.arange(3) * 0.1 + 0.3 * _MV[::-1])),
    # k algorithms on one instance's runs (issue 27)
    Case("kruskal_wallis", lambda res: ac.kruskal_wallis(res, instance="I1"), kind="runs"),
    Case("anderson_darling", lambda res: ac.anderson_darling(res, instance="I2"), kind="runs"),
    Case("anderson_darling_monte_carlo", lambda res, rng: ac.anderson_darling(res, instance="I2", method="monte_carlo",
                                                                              n_resamples=199, rng=rng),
         kind="runs", stochastic=True),
    Case("one_way_anova", lambda res: ac.one_way_anova(res, instance="I3"), kind="runs"),
    Case("welch_anova", lambda res: ac.welch_anova(res, instance="I3"), kind="runs"),
    Case("per_instance_k", lambda res: ac.per_instance(res, posthoc="dunn"), kind="runs",
         key=_table_key("pvalue_adj")),
    # the +/=/− table (issue 27)
    Case("win_tie_loss", lambda res: ac.win_tie_loss(res, res.algorithms[0]), kind="runs",
         key=lambda r: tuple(r.table["pvalue_adj"])),
    Case("win_tie_loss_pairs", lambda res: ac.win_tie_loss(res), kind="runs", key=lambda r: tuple(r.table["pvalue"])),
    # cross-validation of two learners on one data set (issue 27)
    Case("corrected_ttest", ac.corrected_ttest, kind="paired"),
    # binary outcomes and equivalence (issue 28, part D)
    Case("mcnemar", ac.mcnemar, kind="paired", kwargs={"target": 2.5}, min_instances=1),
    Case("tost", ac.tost, kind="paired", kwargs={"bound": 1.0, "paired": True}),
    Case("tost_wilcoxon", ac.tost, kind="paired", kwargs={"bound": 1.0, "paired": True, "method": "wilcoxon"}),
    Case("cochran_q", kind="other", make=lambda: ac.cochran_q(ac.reached_target(np.arange(40.0).reshape(10, 4) % 7,
                                                                                 3.0))),
    Case("cochran_q_permutation", kind="other", make=lambda: ac.cochran_q(
        ac.reached_target(np.arange(40.0).reshape(10, 4) % 7, 3.0), method="permutation", n_resamples=199, rng=3)),
]
