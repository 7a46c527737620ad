"""Frequentist tests: omnibus rank tests, Page's trend test, pairwise tests, intervals and
assumption checks (García et al. 2009; Carrasco et al. 2020)."""

from algocompare.frequentist.omnibus import aligned_ranks, friedman, iman_davenport, omnibus, quade, rm_anova
from algocompare.frequentist.page import convergence_page, page_trend
from algocompare.frequentist.pairwise import (fwer_of_pairwise, paired_ttest, rank_sum, sign_test,
                                              wilcoxon)

__all__ = ["friedman", "iman_davenport", "aligned_ranks", "quade", "rm_anova", "omnibus",
           "page_trend", "convergence_page",
           "sign_test", "wilcoxon", "paired_ttest", "rank_sum", "fwer_of_pairwise"]
