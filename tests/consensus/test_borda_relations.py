"""Borda count, dominance relations, order properties and the consensus criteria."""

import numpy as np
import pytest

import algocompare as ac
from algocompare.consensus import (
    borda,
    check_iia,
    check_majority,
    check_pareto,
    classify_order,
    consensus,
    dominance,
    instance_rankings,
    order_properties,
    ranking_from_relation,
)


def test_chapter_score_examples():
    # Bartz-Beielstein et al. §3: A1>A2>A3 and A3>A2>A1.
    profile = [["A1", "A2", "A3"], ["A3", "A2", "A1"]]
    winner = borda(profile, score="winner")
    assert winner.scores.tolist() == [1, 0, 1]                  # s1 = 1, s2 = 0, s3 = 1
    assert winner.consensus == [["A1", "A3"], ["A2"]]
    strict = borda(profile, ties="strict")
    assert strict.scores.tolist() == [2, 2, 2]                  # s1 = s2 = s3 = 2
    assert strict.consensus == [["A1", "A2", "A3"]]


def test_borda_ties_conventions():
    # relations' Borda/Kendall score: #{y: y <= x} incl. x itself (colSums of the incidence);
    # chapter: #{j: x > j}. For ranking {a, b} > c: relations a = b = 3, c = 1; strict a = b = 1, c = 0.
    res = borda([[["a", "b"], "c"]])
    assert res.scores.tolist() == [3, 3, 1]
    assert borda([[["a", "b"], "c"]], ties="strict").scores.tolist() == [1, 1, 0]
    weighted = borda([["a", "b"], ["b", "a"]], weights=[2, 1])
    assert weighted.scores.tolist() == [5, 4] and weighted.consensus == [["a"], ["b"]]


def test_ice_cream_borda_fruit_gang_trap_and_mean_ranks():
    ice = ac.load_dataset("ice_cream")
    res = borda(ice)
    # Borda falls into the fruit-gang trap: strawberry first (§3).
    assert res.consensus[0] == ["strawberry"]
    assert res.scores.to_dict() == {"chocolate": 8, "vanilla": 10, "strawberry": 12, "cherry": 9, "blueberry": 6}
    # Mean ranks (5.1) order the flavours as Borda does; cherry is above chocolate ...
    assert list(ice.mean_ranks().sort_values().index) == [g[0] for g in res.consensus]
    # ... and dropping blueberry reverses cherry and chocolate (5.2).
    iia = check_iia(ice, "blueberry", method="mean_rank")
    assert not iia.satisfied
    assert iia.violations[["item_a", "item_b"]].values.tolist() == [["chocolate", "cherry"]]
    assert iia.reduced_consensus == [["strawberry"], ["vanilla"], ["chocolate"], ["cherry"]]


def test_ice_cream_without_cherry_has_a_majority_cycle():
    # (5.3) prints vanilla ~ strawberry ~ chocolate once cherry is removed: these three form
    # a Condorcet cycle (each beats the next 2:1), so no pairwise-majority order separates them.
    ice = ac.load_dataset("ice_cream")
    reduced = ice.select(algorithms=["chocolate", "vanilla", "strawberry", "blueberry"])
    ranks = reduced.ranks()
    beats = lambda a, b: int((ranks[a] < ranks[b]).sum())  # noqa: E731
    assert beats("vanilla", "strawberry") == 2 and beats("strawberry", "chocolate") == 2
    assert beats("chocolate", "vanilla") == 2
    assert not check_majority(reduced, "kemeny").satisfied


def test_majority_and_pareto():
    ice = ac.load_dataset("ice_cream")
    assert check_pareto(ice, "borda").satisfied and check_pareto(ice, "kemeny").satisfied
    maj = check_majority(ice, "borda")
    assert ("vanilla", "strawberry") in set(map(tuple, maj.violations[["item_a", "item_b"]].values.tolist()))


def test_order_properties_and_classification():
    linear = np.triu(np.ones((3, 3), bool))
    assert classify_order(linear) == "linear order"
    weak = linear.copy()
    weak[1, 0] = True  # a ~ b
    assert classify_order(weak) == "weak order"
    assert ranking_from_relation(weak, ["a", "b", "c"]) == [["a", "b"], ["c"]]
    partial = np.eye(3, dtype=bool)
    partial[0, 1] = True
    assert classify_order(partial) == "partial order"
    pre = np.eye(3, dtype=bool)
    pre[0, 1] = pre[1, 0] = True
    assert classify_order(pre) == "preorder"
    cyclic = np.eye(3, dtype=bool) | np.roll(np.eye(3, dtype=bool), 1, axis=1)
    props = order_properties(cyclic)
    assert props["reflexive"] and not props["transitive"]
    with pytest.raises(ValueError, match="not transitive"):
        ranking_from_relation(cyclic | cyclic.T * 0 | np.eye(3, dtype=bool) | _complete(cyclic))


def _complete(rel):
    return rel  # the 3-cycle a>=b, b>=c, c>=a is complete but not transitive


def test_dominance_by_statistics_and_test():
    runs = {"A1": [1.0, 1.2, 0.9, 1.1, 1.0, 1.05], "A2": [2.0, 2.1, 1.9, 2.2, 2.05, 1.95],
            "A3": [2.0, 2.3, 1.8, 2.1, 2.0, 2.02], "A4": [3.0, 3.1, 2.9, 3.2, 3.0, 3.05]}
    by_mean = dominance(runs)
    assert by_mean.classification == "linear order"
    assert by_mean.ranking() == [["A1"], ["A2"], ["A3"], ["A4"]]
    by_test = dominance(runs, "test")
    # A2 and A3 are not significantly different (Mann-Whitney, Holm): similar, a weak order.
    assert by_test.classification == "weak order"
    assert by_test.ranking() == [["A1"], ["A2", "A3"], ["A4"]]
    assert dominance(runs, "best", direction="maximize").ranking()[0] == ["A4"]
    assert dominance(runs, "variance").classification in ("linear order", "weak order")


def test_instance_rankings_and_consensus_on_results():
    ice = ac.load_dataset("ice_cream")
    ranks = instance_rankings(ice)
    assert ranks["child 1"] == [["chocolate"], ["vanilla"], ["strawberry"], ["cherry"], ["blueberry"]]
    assert consensus(ice, method="borda").consensus[0] == ["strawberry"]
    assert consensus(ice, method="kemeny").consensus[0] == ["vanilla"]
    tied = ac.Results.from_wide(__import__("pandas").DataFrame({"x": [1.0, 2.0], "y": [1.0, 1.0]}))
    assert instance_rankings(tied)[0] == [["x", "y"]]


def test_cli_consensus(capsys):
    from algocompare.cli import main

    assert main(["consensus", "--dataset", "ice_cream", "--method", "borda"]) == 0
    assert "strawberry > vanilla" in capsys.readouterr().out
    assert main(["consensus", "--dataset", "ice_cream", "--json"]) == 0


def test_analysis_section_and_plot(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    from algocompare.analysis import AnalysisOptions
    from algocompare.consensus._analysis import section

    sec = section(ac.load_dataset("ice_cream"), AnalysisOptions())
    assert sec.key == "consensus" and "vanilla > strawberry" in sec.text
    ax = sec.results["kemeny"].plot()
    ax.figure.savefig(tmp_path / "consensus.png")
