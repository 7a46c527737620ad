"""e1 and e2 normalisation (Chiarandini et al. 2005, §2; Zemel 1981)."""

import pandas as pd
import pytest

import algocompare as ac

DF = pd.DataFrame({"A": [100.0, 20.0], "B": [110.0, 25.0], "C": [120.0, 21.0]}, index=["i1", "i2"])


def test_relative_deviation_by_hand():
    e1 = ac.relative_deviation(DF).blocks()
    assert e1.loc["i1"].tolist() == pytest.approx([0.0, 0.1, 0.2])
    assert e1.loc["i2"].tolist() == pytest.approx([0.0, 0.25, 0.05])
    given = ac.relative_deviation(DF, optimum={"i1": 50.0, "i2": 20.0}).blocks()
    assert given.loc["i1", "A"] == pytest.approx(1.0)


def test_zemel_by_hand_and_invariance():
    e2 = ac.zemel_measure(DF).blocks()
    assert e2.loc["i1"].tolist() == pytest.approx([0.0, 0.5, 1.0])
    assert e2.loc["i2"].tolist() == pytest.approx([0.0, 1.0, 0.2])
    # invariant to c -> a c + s on each instance (a > 0)
    moved = ac.zemel_measure(DF.mul([3.0, 0.5], axis=0) + 7.0).blocks()
    assert moved.to_numpy() == pytest.approx(e2.to_numpy())
    heuristic = ac.zemel_measure(DF, best=[90.0, 20.0], worst=[130.0, 30.0]).blocks()
    assert heuristic.loc["i1", "A"] == pytest.approx(0.25)


def test_maximize_and_runs():
    up = ac.zemel_measure(ac.Results.from_wide(-DF, direction="maximize")).blocks()
    assert up.to_numpy() == pytest.approx(ac.zemel_measure(DF).blocks().to_numpy())
    sim = ac.simulate_runs([10.0, 12.0], n_instances=3, n_runs=4, rng=0, sigma_across=0.1, sigma_within=0.5)
    e1 = ac.relative_deviation(sim.results)
    assert e1.has_runs and e1.runs().shape == (3, 2, 4) and e1.runs().min() == pytest.approx(0.0)


def test_bad_references_raise():
    with pytest.raises(ValueError, match="better than the optimum"):
        ac.relative_deviation(DF, optimum=105.0)
    with pytest.raises(ValueError, match="worse than the worst"):
        ac.zemel_measure(DF, worst=[115.0, 30.0])
    with pytest.raises(ValueError, match="undefined"):
        ac.relative_deviation(pd.DataFrame({"A": [0.0, 1.0], "B": [1.0, 2.0]}))
    with pytest.raises(ValueError, match="one per instance"):
        ac.relative_deviation(DF, optimum=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="instance"):
        ac.zemel_measure(DF, best={"i1": 1.0})
