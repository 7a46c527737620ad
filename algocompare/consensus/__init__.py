"""Rank consensus: dominance relations and order properties, Borda, Kemeny (Bartz-Beielstein et al., §2–3),
the other rules of R's relations (Copeland, Condorcet, majority, Cook–Seiford, CKS, PC), distances
between rankings and clustering of rankings.

The subpackage itself is callable — ``algocompare.consensus(data, method=...)`` is
:func:`algocompare.consensus.consensus` — because the top-level name ``consensus`` is both
this subpackage and its main function.
"""

from algocompare._callable import make_callable
from algocompare.consensus._aggregate import consensus
from algocompare.consensus._borda import borda
from algocompare.consensus._clustering import RankingClusters, cluster_rankings
from algocompare.consensus._cook_seiford import cook_seiford
from algocompare.consensus._copeland import copeland
from algocompare.consensus._distance import symdiff_distance
from algocompare.consensus._kemeny import kemeny
from algocompare.consensus._majority import MajorityRelation, condorcet, majority, majority_relation
from algocompare.consensus._paired import paired_comparison_consensus
from algocompare.consensus._properties import CriterionResult, check_iia, check_majority, check_pareto
from algocompare.consensus._ranking_distances import ranking_distance, ranking_distances
from algocompare.consensus._rankings import as_ranking, format_ranking, instance_rankings
from algocompare.consensus._relations import (
    DominanceRelation,
    classify_order,
    dominance,
    order_properties,
    ranking_from_relation,
)
from algocompare.consensus._results import BordaResult, ConsensusResult, KemenyResult, RuleConsensusResult
from algocompare.consensus._rules import CONSENSUS_RULES, ConsensusRule

__all__ = [
    "BordaResult", "ConsensusResult", "CriterionResult", "DominanceRelation", "KemenyResult", "as_ranking",
    "borda", "check_iia", "check_majority", "check_pareto", "classify_order", "consensus", "dominance",
    "format_ranking", "instance_rankings", "kemeny", "order_properties", "ranking_from_relation", "symdiff_distance",
    "CONSENSUS_RULES", "ConsensusRule", "MajorityRelation", "RankingClusters", "RuleConsensusResult",
    "cluster_rankings", "condorcet", "cook_seiford", "copeland", "majority", "majority_relation",
    "paired_comparison_consensus", "ranking_distance", "ranking_distances",
]

make_callable(__name__)
