"""ecdf_auc: the area under each run's runtime ECDF, against IOHanalyzer's AUC definition."""

from pathlib import Path

import numpy as np
import pytest

import algocompare as ac
from algocompare.anytime import AnytimeResults, read_iohprofiler

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime"


def _area_by_quadrature(runtimes, start, end, log):
    """IOHanalyzer's AUC.ECDF (integrate(ecdf(runtimes), from, to) / (to - from)), restated by a
    dense midpoint rule on the budget axis (log10 or linear) instead of the closed form."""
    edges = np.linspace(np.log10(start), np.log10(end), 200_001) if log else np.linspace(start, end, 200_001)
    middle = (edges[:-1] + edges[1:]) / 2
    budgets = 10 ** middle if log else middle
    reached = (np.asarray(runtimes)[:, None] <= budgets[None, :]).mean(axis=0)
    return float(np.sum(reached * np.diff(edges)) / (edges[-1] - edges[0]))


@pytest.mark.parametrize("scale", ["linear", "log"])
def test_auc_agrees_with_iohanalyzer_definition_on_the_iohprofiler_sample(scale):
    runs = read_iohprofiler(DATA / "iohprofiler")
    ecdf = ac.runtime_ecdf(runs, "log-linear")
    scores = ac.ecdf_auc(ecdf, scale=scale).to_long()
    assert scores.value.between(0, 1).all() and scores.value.gt(0).any() and scores.value.lt(1).any()
    table = ecdf.runtimes
    for (algorithm, instance), cell in table.groupby(["algorithm", "instance"]):
        end = table.loc[table.instance == instance, "budget"].max()  # IOHanalyzer's RT.max of the function
        expected = _area_by_quadrature(cell.runtime.to_numpy(), 1.0, end, scale == "log")
        # the mean of the runs' areas is the area under the algorithm's ECDF on the instance
        ours = scores[(scores.algorithm == algorithm) & (scores.instance == instance)].value.mean()
        assert ours == pytest.approx(expected, abs=2e-5), (algorithm, instance)


def test_auc_by_hand_and_as_results():
    # targets 6 and 3: run 1 reaches 6 at 1 and 3 at 10; run 2 reaches 6 at 1 and 3 at 1000 (> end 100)
    runs = AnytimeResults.from_runs([("A", "f", 1, [1, 10], [5.0, 2.0], 100), ("A", "f", 2, [1, 1000], [5.0, 1.0], 1000),
                                     ("B", "f", 1, [50], [2.0], 100)])
    log = ac.ecdf_auc(runs, [6.0, 3.0], max_budget=100).to_long().set_index(["algorithm", "run"]).value
    assert log[("A", 1)] == pytest.approx((1 + 0.5) / 2)
    assert log[("A", 2)] == pytest.approx((1 + 0) / 2)
    assert log[("B", 1)] == pytest.approx(1 - np.log10(50) / 2)
    linear = ac.ecdf_auc(runs, [6.0, 3.0], scale="linear", max_budget=100).to_long().set_index(["algorithm", "run"])
    assert linear.value[("A", 1)] == pytest.approx((1 + 90 / 99) / 2)
    # default end: the largest budget on the instance (1000); a target reached at the end adds nothing
    default = ac.ecdf_auc(runs, [6.0, 3.0]).to_long().set_index(["algorithm", "run"]).value
    assert default[("A", 2)] == pytest.approx(0.5)
    assert default[("B", 1)] == pytest.approx(1 - np.log10(50) / 3)
    results = ac.ecdf_auc(runs, [6.0, 3.0])
    assert results.direction == "maximize" and any("area under" in note for note in results.notes)


def test_auc_scores_feed_the_package_tests():
    scores = ac.ecdf_auc(read_iohprofiler(DATA / "iohprofiler"), "log-linear")
    assert scores.blocks().shape == (4, 2)
    assert 0 < ac.friedman(scores).pvalue <= 1


def test_auc_options_are_checked():
    runs = AnytimeResults.from_runs([("A", "f", 1, [1, 10], [5.0, 2.0], 100), ("B", "f", 1, [1], [5.0], 100)])
    with pytest.raises(ValueError, match="scale"):
        ac.ecdf_auc(runs, [3.0], scale="ln")
    with pytest.raises(ValueError, match="min_budget"):
        ac.ecdf_auc(runs, [3.0], min_budget=200)
    with pytest.raises(ValueError, match="max_budget"):
        ac.ecdf_auc(runs, [3.0], max_budget={"g": 10})
    with pytest.raises(TypeError, match="AnytimeResults"):
        ac.ecdf_auc([1, 2], [3.0])
    with pytest.raises(ValueError, match="simulated restarts"):
        ac.ecdf_auc(ac.runtime_ecdf(runs, [3.0], restarts=True, n_resamples=10, rng=1))
