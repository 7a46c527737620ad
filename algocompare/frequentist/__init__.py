"""Frequentist tests: omnibus rank tests (also for tables with missing cells), Page's trend
test, pairwise tests, intervals and assumption checks (García et al. 2009; Carrasco et al. 2020).

Every test returns a result class exported here (``FriedmanResult``, ``WilcoxonResult``, ...;
their fields are listed in the documentation's results page).
"""

from algocompare.frequentist._assumptions import (
    AssumptionsResult,
    HomoscedasticityResult,
    HotellingResult,
    MultivariateNormalityResult,
    NormalityResult,
    check_assumptions,
    homoscedasticity,
    hotelling_t2,
    multivariate_normality,
    normality,
)
from algocompare.frequentist._binary import CochranQResult, McNemarResult, cochran_q, mcnemar, reached_target
from algocompare.frequentist._combination import CombinationResult, fisher_combination, simes_test
from algocompare.frequentist._cross_validation import CorrectedTTestResult, corrected_ttest
from algocompare.frequentist._equivalence import TOSTResult, tost
from algocompare.frequentist._incomplete import DurbinResult, SkillingsMackResult, durbin, skillings_mack
from algocompare.frequentist._intervals import (
    ConfidenceCurveResult,
    MedianDifferenceCI,
    confidence_curve,
    median_difference_ci,
)
from algocompare.frequentist._k_sample import (
    AndersonDarlingResult,
    AnovaResult,
    KruskalWallisResult,
    KSampleResult,
    anderson_darling,
    kruskal_wallis,
    one_way_anova,
    welch_anova,
)
from algocompare.frequentist._multiple_sign import MultipleSignResult, multiple_sign_test
from algocompare.frequentist._omnibus import (
    AlignedRanksResult,
    FriedmanResult,
    ImanDavenportResult,
    OmnibusResult,
    QuadeResult,
    RankTestResult,
    RMAnovaResult,
    aligned_ranks,
    friedman,
    iman_davenport,
    omnibus,
    quade,
    rm_anova,
)
from algocompare.frequentist._ordered import MackWolfeResult, OSRTResult, mack_wolfe, osrt
from algocompare.frequentist._page import PageResult, convergence_page, page_trend
from algocompare.frequentist._pairwise import (
    FWERResult,
    PairedTTestResult,
    RankSumResult,
    SignTestResult,
    WilcoxonResult,
    fwer_of_pairwise,
    paired_ttest,
    rank_sum,
    sign_test,
    wilcoxon,
)
from algocompare.frequentist._single_problem import PerInstanceResult, PerInstanceTestsResult, per_instance
from algocompare.frequentist._win_tie_loss import WinTieLossResult, win_tie_loss

__all__ = [
    # omnibus tests, complete and incomplete tables
    "friedman", "iman_davenport", "aligned_ranks", "quade", "rm_anova", "omnibus", "durbin", "skillings_mack",
    # trend
    "page_trend", "convergence_page",
    # two samples and families of pairs
    "sign_test", "wilcoxon", "paired_ttest", "rank_sum", "multiple_sign_test", "fwer_of_pairwise",
    # intervals
    "median_difference_ci", "confidence_curve",
    # assumptions
    "normality", "homoscedasticity", "multivariate_normality", "hotelling_t2", "check_assumptions",
    # one problem's runs
    "per_instance",
    # k algorithms on one instance's runs
    "kruskal_wallis", "anderson_darling", "one_way_anova", "welch_anova",
    "KruskalWallisResult", "AndersonDarlingResult", "AnovaResult", "KSampleResult", "PerInstanceTestsResult",
    # the +/=/- table of per-instance tests on runs
    "win_tie_loss", "WinTieLossResult",
    # the result classes
    "AlignedRanksResult", "AssumptionsResult", "ConfidenceCurveResult", "DurbinResult", "FWERResult",
    "FriedmanResult", "HomoscedasticityResult", "HotellingResult", "ImanDavenportResult", "MedianDifferenceCI",
    "MultipleSignResult", "MultivariateNormalityResult", "NormalityResult", "OmnibusResult", "PageResult",
    "PairedTTestResult", "PerInstanceResult", "QuadeResult", "RMAnovaResult", "RankSumResult", "RankTestResult",
    "SignTestResult", "SkillingsMackResult", "WilcoxonResult",
    # cross-validation of two learners on one data set
    "corrected_ttest", "CorrectedTTestResult",
    # binary outcomes (reached the target or not)
    "cochran_q", "mcnemar", "reached_target", "CochranQResult", "McNemarResult",
    # global tests of a family of p-values
    "simes_test", "fisher_combination", "CombinationResult",
    # equivalence
    "tost", "TOSTResult",
    # ordered alternatives on one instance's runs
    "mack_wolfe", "MackWolfeResult", "osrt", "OSRTResult",
]
