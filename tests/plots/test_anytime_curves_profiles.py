"""Figures of fixed-budget curves, ERT curves, performance and data profiles: what is drawn is the result's numbers."""

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.plots import plot_data_profile, plot_ert_curve, plot_fixed_budget, plot_performance_profile

DATA = Path(__file__).resolve().parents[1] / "data" / "anytime" / "iohprofiler"


@pytest.fixture(scope="module")
def runs():
    return ac.read_iohprofiler(DATA)


def test_fixed_budget_draws_the_median_as_steps_on_log_axes(runs):
    result = ac.fixed_budget(runs, [1, 10, 50, 100, 250], n_resamples=99, rng=0)
    ax = plot_fixed_budget(result, instance="F1_D5")
    line = ax.get_lines()[0]
    rows = result.table[(result.table["instance"] == "F1_D5") & (result.table["algorithm"] == "OnePlusOne")]
    assert line.get_drawstyle() == "steps-post"
    np.testing.assert_array_equal(line.get_ydata(), rows["median"])
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert "F1_D5" in ax.get_title() and len(ax.collections) == 2  # one band per algorithm
    mean = plot_fixed_budget(result, instance="F1_D5", statistic="mean", band=False)
    np.testing.assert_array_equal(mean.get_lines()[0].get_ydata(), rows["mean"])
    assert not mean.collections


def test_ert_curve_stops_where_no_run_reached_and_reverses_the_targets(runs):
    result = ac.ert_curve(runs, [10.0, 1.0, 0.1, 0.01], n_resamples=99, rng=0)
    ax = plot_ert_curve(result, instance="F1_D2")
    xs, ys = ax.get_lines()[2].get_data()  # RandomSearch's steps: ERT 3, 38, 248, then inf at 0.01
    finite = ~np.isnan(ys)
    assert set(ys[finite]) == {3.0, 38.0, 248.0}
    assert xs[finite].min() == 0.1  # nothing is drawn towards 0.01, which no run reached
    assert ax.xaxis_inverted() and ax.get_yscale() == "log"
    with pytest.raises(ValueError, match="instance"):
        plot_ert_curve(result, instance="F9_D9")


def test_performance_profile_starts_at_the_wins_and_ends_at_the_fraction_solved():
    costs = pd.DataFrame({"A": [10.0, 40.0, np.inf], "B": [20.0, 10.0, 5.0]})
    result = ac.performance_profile(costs)
    ax = plot_performance_profile(result)
    for line, algorithm in zip(ax.get_lines(), ["A", "B"], strict=True):
        xs, ys = line.get_data()
        assert xs[0] == 1.0 and ys[1] == pytest.approx(result.rho(1.0)[algorithm])
        assert ys[-1] == pytest.approx(result.rho(np.inf)[algorithm])
        assert (np.diff(ys) >= 0).all() and line.get_drawstyle() == "steps-post"
    assert ax.get_xscale() == "log" and ax.get_xlim()[1] == 8.0  # twice the largest ratio, 4


def test_data_profile_draws_the_fractions(runs):
    result = ac.data_profile(runs, scale=lambda i: int(i.split("_D")[1]) + 1)
    ax = plot_data_profile(result)
    for line in ax.get_lines():
        xs, ys = line.get_data()
        algorithm = line.get_label()
        for x, y in zip(xs[1:-1], ys[1:-1], strict=True):
            assert y == pytest.approx(result.fraction(x)[algorithm])
    assert "budget units" in ax.get_xlabel()


def test_results_draw_their_figure_and_figures_refuse_other_results(runs):
    results = [ac.fixed_budget(runs, [10, 100], n_resamples=9, rng=0), ac.ert_curve(runs, [1.0], n_resamples=9, rng=0),
               ac.performance_profile(runs, target=10.0), ac.data_profile(runs)]
    for result in results:
        assert result.plot() is not None
    for draw in (plot_fixed_budget, plot_ert_curve, plot_performance_profile, plot_data_profile):
        with pytest.raises(TypeError, match="expects"):
            draw(ac.friedman(ac.load_dataset("ice_cream")))
    with pytest.raises(ValueError, match="statistic"):
        plot_fixed_budget(results[0], statistic="mode")


def test_a_two_by_two_grid_at_paper_width(runs, tmp_path):
    fig, axes = plt.subplots(2, 2, figsize=(7.16, 5.0), layout="constrained")
    plot_fixed_budget(ac.fixed_budget(runs, n_resamples=99, rng=0), axes[0, 0])
    plot_ert_curve(ac.ert_curve(runs, n_resamples=99, rng=0), axes[0, 1])
    plot_performance_profile(ac.performance_profile(runs, target=1.0), axes[1, 0])
    plot_data_profile(ac.data_profile(runs), axes[1, 1])
    fig.savefig(tmp_path / "grid.png", dpi=80)
    assert (tmp_path / "grid.png").stat().st_size > 10_000


@pytest.mark.parametrize("constrained", [False, True], ids=["no-layout", "constrained"])
def test_the_four_anytime_figure_kinds_keep_their_text_in_their_cell(runs, constrained):
    """ECDF, fixed-budget curve, data profile and rank convergence in a user's 2 × 2 grid at 7.16 in,
    with and without constrained layout: the older figures' check (tests/plots/test_layout.py)."""
    from algocompare.anytime._budget_null import null_runs
    from algocompare.plots import plot_ecdf, plot_rank_convergence
    from tests.plots import layout_cases as cases

    fig, axes = cases.grid((2, 2), 7.16, constrained)
    plot_ecdf(ac.runtime_ecdf(runs, "log-linear"), ax=axes[0, 0])
    plot_fixed_budget(ac.fixed_budget(runs, [1, 10, 50, 100, 250], n_resamples=99, rng=0), ax=axes[0, 1])
    plot_data_profile(ac.data_profile(runs, tolerance=0.1), ax=axes[1, 0])
    grid = ac.compare_over_budgets(null_runs(k=3, n_instances=8, seed=1), n_resamples=99, rng=1)
    plot_rank_convergence(grid, ax=axes[1, 1])
    assert cases.cell_problems(fig, (2, 2)) == []
    plt.close(fig)
