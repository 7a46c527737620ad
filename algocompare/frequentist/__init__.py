"""Frequentist tests: omnibus rank tests, Page's trend test, pairwise tests, intervals and
assumption checks (García et al. 2009; Carrasco et al. 2020)."""

from algocompare.frequentist.pairwise import (fwer_of_pairwise, paired_ttest, rank_sum, sign_test,
                                              wilcoxon)

__all__ = ["sign_test", "wilcoxon", "paired_ttest", "rank_sum", "fwer_of_pairwise"]
