"""Consensus results registered for the shared result-object checks."""

import algocompare as ac
from tests.conformance import Case

_ICE = [["chocolate", "vanilla", "strawberry", "cherry", "blueberry"],
        ["vanilla", "strawberry", "cherry", "blueberry", "chocolate"],
        ["strawberry", "cherry", "blueberry", "chocolate", "vanilla"]]
_RUNS = {"A": [1.0, 1.2, 0.9, 1.1], "B": [2.0, 2.1, 1.9, 2.2], "C": [2.0, 2.3, 1.8, 2.1]}

CASES = [
    Case("kemeny_linear", kind="other", make=lambda: ac.kemeny(_ICE)),
    Case("kemeny_weak", kind="other", make=lambda: ac.kemeny(_ICE, orders="weak")),
    Case("borda", kind="other", make=lambda: ac.borda(_ICE)),
    Case("consensus", kind="other", make=lambda: ac.consensus(ac.load_dataset("ice_cream"), method="borda")),
    Case("dominance", kind="other", make=lambda: ac.dominance(_RUNS, "test")),
    Case("check_iia", kind="other", make=lambda: ac.check_iia(_ICE, "blueberry")),
    Case("check_majority", kind="other", make=lambda: ac.check_majority(_ICE)),
    Case("check_pareto", kind="other", make=lambda: ac.check_pareto(_ICE)),
    Case("copeland", kind="other", make=lambda: ac.copeland(_ICE)),
    Case("condorcet_tied", kind="other", make=lambda: ac.condorcet(_ICE, cycles="tie")),
    Case("majority_relation", kind="other", make=lambda: ac.majority_relation(_ICE)),
    Case("cook_seiford", kind="other", make=lambda: ac.cook_seiford(_ICE)),
    Case("pc_weak", kind="other", make=lambda: ac.paired_comparison_consensus(_ICE, delta="JMB", orders="weak")),
    Case("cluster_rankings", kind="other",
         make=lambda: ac.cluster_rankings(ac.load_dataset("cec2005_d10"), n_clusters=3)),
]
