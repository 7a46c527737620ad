"""Frequentist tests: omnibus rank tests (also for tables with missing cells), Page's trend
test, pairwise tests, intervals and assumption checks (García et al. 2009; Carrasco et al. 2020)."""

from algocompare.frequentist.assumptions import (
                                                 check_assumptions,
                                                 homoscedasticity,
                                                 hotelling_t2,
                                                 multivariate_normality,
                                                 normality,
)
from algocompare.frequentist.incomplete import durbin, skillings_mack
from algocompare.frequentist.intervals import confidence_curve, median_difference_ci
from algocompare.frequentist.multiple_sign import multiple_sign_test
from algocompare.frequentist.omnibus import aligned_ranks, friedman, iman_davenport, omnibus, quade, rm_anova
from algocompare.frequentist.page import convergence_page, page_trend
from algocompare.frequentist.pairwise import fwer_of_pairwise, paired_ttest, rank_sum, sign_test, wilcoxon
from algocompare.frequentist.single_problem import per_instance

__all__ = ["friedman", "iman_davenport", "aligned_ranks", "quade", "rm_anova", "omnibus",
           "durbin", "skillings_mack",
           "page_trend", "convergence_page",
           "sign_test", "wilcoxon", "paired_ttest", "rank_sum", "multiple_sign_test", "fwer_of_pairwise",
           "median_difference_ci", "confidence_curve",
           "normality", "homoscedasticity", "multivariate_normality", "hotelling_t2", "check_assumptions",
           "per_instance"]
