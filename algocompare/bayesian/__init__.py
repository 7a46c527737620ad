"""Bayesian comparison of algorithms: sign, signed-rank, Friedman, imprecise Dirichlet
process, multiple measures (Carrasco et al. 2020, sections 5, 6, 8.3, 8.4).

Every paired result reports both ``p_left, p_rope, p_right`` (share of posterior draws in
which the region is the most probable; baycomp) and ``mean_left, mean_rope, mean_right``
(posterior means of theta; rNPBST, Carrasco et al. Table 15).
"""

from algocompare.bayesian._correlated_t import BayesianCorrelatedTResult, bayesian_correlated_ttest
from algocompare.bayesian._friedman import BayesianFriedmanResult, bayesian_friedman
from algocompare.bayesian._hierarchical import BayesianHierarchicalResult, bayesian_hierarchical
from algocompare.bayesian._hierarchical_k import BayesianHierarchicalPairsResult, bayesian_hierarchical_pairs
from algocompare.bayesian._idp import IDPResult, idp_wilcoxon
from algocompare.bayesian._multiple_measures import (
    BayesianMultipleMeasuresResult,
    MultipleMeasuresResult,
    bayesian_multiple_measures,
    multiple_measures_test,
)
from algocompare.bayesian._pairwise import BayesianPairwiseResult, bayesian_pairwise
from algocompare.bayesian._plackett_luce import BayesianPlackettLuceResult, bayesian_plackett_luce
from algocompare.bayesian._result import BayesianPairedResult
from algocompare.bayesian._sign import bayesian_sign
from algocompare.bayesian._signed_rank import bayesian_signed_rank

__all__ = ["bayesian_sign", "bayesian_signed_rank", "bayesian_pairwise", "bayesian_friedman", "idp_wilcoxon",
           "multiple_measures_test", "bayesian_multiple_measures", "BayesianPairedResult",
           "BayesianPairwiseResult", "BayesianFriedmanResult", "IDPResult", "MultipleMeasuresResult",
           "BayesianMultipleMeasuresResult"]
__all__ += ["bayesian_plackett_luce", "BayesianPlackettLuceResult"]
__all__ += ["bayesian_hierarchical", "BayesianHierarchicalResult"]
__all__ += ["bayesian_correlated_ttest", "BayesianCorrelatedTResult"]
__all__ += ["bayesian_hierarchical_pairs", "BayesianHierarchicalPairsResult"]
