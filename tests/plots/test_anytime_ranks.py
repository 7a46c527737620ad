"""plot_rank_convergence: mean ranks against the budget, significant checkpoints shaded, readable."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import algocompare as ac  # noqa: E402
from algocompare.anytime._budget_null import null_runs  # noqa: E402
from algocompare.plots import customary_figure, plot_rank_convergence  # noqa: E402


@pytest.fixture(scope="module")
def result():
    return ac.compare_over_budgets(null_runs(k=4, n_instances=12, n_budgets=9, faster=0.8, seed=4),
                                   n_resamples=499, rng=1)


def test_lines_are_the_mean_ranks_and_shading_is_where_the_omnibus_rejects(result):
    ax = plot_rank_convergence(result)
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == set(result.algorithms) and ax.get_xscale() == "log"
    for name, line in lines.items():
        np.testing.assert_allclose(line.get_xdata(), result.budgets)
        np.testing.assert_allclose(line.get_ydata(), result.mean_ranks[name].to_numpy())
    reject = result.omnibus["reject"].to_numpy()
    assert 0 < reject.sum() < reject.size  # the check below sees shaded and plain checkpoints
    spans = [patch.get_extents() for patch in ax.patches]
    shaded = [any(box.x0 <= x <= box.x1 for box in spans)
              for x in ax.transData.transform(np.column_stack([result.budgets, np.ones(reject.size)]))[:, 0]]
    assert shaded == reject.tolist()
    # best first in the legend, rank 1 at the top
    last = result.mean_ranks.iloc[-1].sort_values(kind="stable").index.tolist()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == last
    assert ax.get_ylim()[0] > ax.get_ylim()[1]
    plt.close(ax.figure)


def test_customary_figure_of_the_result(result):
    assert customary_figure(result).draw is plot_rank_convergence
    ax = result.plot()
    assert len(ax.get_lines()) == 4
    plt.close(ax.figure)


def test_column_and_two_by_two_grid_keep_text_and_legend_inside(result):
    for size, cells in (((3.3, 2.6), 1), ((7.16, 5.2), 4)):
        fig, axes = plt.subplots(2 if cells == 4 else 1, 2 if cells == 4 else 1, figsize=size, layout="constrained")
        for ax in np.atleast_1d(axes).ravel():
            plot_rank_convergence(result, ax)
        fig.canvas.draw()
        frame = fig.bbox
        renderer = fig.canvas.get_renderer()
        for ax in np.atleast_1d(axes).ravel():
            assert ax.get_legend() is not None, size
            box = ax.get_tightbbox(renderer)
            assert box.x0 >= frame.x0 - 1 and box.x1 <= frame.x1 + 1 and box.y0 >= frame.y0 - 1, size
            assert box.y1 <= frame.y1 + 1, size
        plt.close(fig)


def test_refuses_other_results():
    with pytest.raises(TypeError, match="BudgetGridResult"):
        plot_rank_convergence("not a result")
