"""The multi-comparison matrix of a win/tie/loss result: at 3.3 in and in a 2 x 2 grid at 7.16 in."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pytest

import algocompare as ac
from tests.plots.layout_cases import REAL_NAMES, cell_problems, grid, problems


def _runs(k: int, names=None) -> ac.Results:
    rng = np.random.default_rng(4)
    scale = 10.0 ** rng.uniform(-2, 3, size=(12, 1, 1))
    values = scale * np.exp(rng.normal(np.arange(k)[None, :, None] * 0.15, 0.5, size=(12, k, 15)))
    return ac.Results.from_array(values, algorithms=names or [f"A{i + 1}" for i in range(k)])


def test_cells_say_mean_difference_wtl_and_p_of_the_row_against_the_column():
    result = ac.win_tie_loss(ac.simulate_runs([10.0, 14.0, 10.0], n_instances=6, n_runs=12, rng=1).results)
    ax = result.plot()
    row = result.counts.set_index(["algorithm_a", "algorithm_b"]).loc[("A1", "A2")]
    at = {t.get_position(): t.get_text().splitlines() for t in ax.texts}  # (column, row) -> lines
    wins, ties, losses = int(row.wins), int(row.ties), int(row.losses)
    assert wins > 0
    assert at[(1, 0)][1] == f"{wins}/{ties}/{losses}"  # A1's row, A2's column
    assert at[(0, 1)][1] == f"{losses}/{ties}/{wins}"  # the mirror cell
    assert at[(1, 0)][0] == f"{row.mean_difference:.3g}" and at[(0, 1)][0] == f"{-row.mean_difference:.3g}"
    assert at[(1, 0)][2] == at[(0, 1)][2]  # the signed-rank p of the instance means is symmetric
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A1", "A2", "A3"]
    assert ac.plots.customary_figure(result).draw is ac.plots.plot_win_tie_loss


@pytest.mark.parametrize("reference", [None, REAL_NAMES[1]])
def test_reads_at_column_width_with_long_names(reference):
    result = ac.win_tie_loss(_runs(5, REAL_NAMES[:5]), reference)
    fig, ax = plt.subplots(figsize=(3.3, 3.3), layout="constrained")
    ac.plots.plot_win_tie_loss(result, ax=ax)
    assert not problems(fig), problems(fig)
    if reference is not None:  # one cell per competitor, every count shown
        assert sum(t.get_visible() for t in ax.texts) == 4


def test_reads_in_a_two_by_two_grid():
    res = _runs(6, REAL_NAMES[:6])
    fig, axes = grid((2, 2), 7.16, True)
    ac.plots.plot_win_tie_loss(ac.win_tie_loss(res), ax=axes[0, 0])
    ac.plots.plot_win_tie_loss(ac.win_tie_loss(res, REAL_NAMES[0]), ax=axes[0, 1])
    ac.plots.plot_win_tie_loss(ac.win_tie_loss(res.select(algorithms=REAL_NAMES[:3])), ax=axes[1, 0])
    ac.plots.plot_win_tie_loss(ac.win_tie_loss(res, REAL_NAMES[3], test="welch"), ax=axes[1, 1])
    assert not cell_problems(fig, (2, 2)), cell_problems(fig, (2, 2))
    for ax in axes.flat:  # a cell either shows its text in every cell or in none (colour only)
        shown = {t.get_visible() for t in ax.texts}
        assert len(shown) == 1


def test_order_must_name_every_algorithm():
    with pytest.raises(ValueError, match="order must list the algorithms"):
        ac.plots.plot_win_tie_loss(ac.win_tie_loss(_runs(3)), order=["A1", "A2"])


def test_one_vs_one_scatter_marks_each_instance_and_reads_in_a_column():
    from tests.report.test_win_tie_loss_output import competition

    result = ac.win_tie_loss(competition())
    ax = ac.plots.plot_win_tie_loss_scatter(result, "PSO", algorithm_a="jSO")
    assert ax.get_xscale() == "log" and "0 drawn at" in ax.get_xlabel()  # floored errors over 17 decades
    counts = result.counts.set_index(["algorithm_a", "algorithm_b"]).loc[("jSO", "PSO")]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0] == f"jSO better ({int(counts.wins)})" and labels[2] == f"PSO better ({int(counts.losses)})"
    assert sum(len(c.get_offsets()) for c in ax.collections) == 30
    assert not problems(ax.figure), problems(ax.figure)
    # the same pair seen from the other side: the marks turn round
    back = ac.plots.plot_win_tie_loss_scatter(result, "jSO", algorithm_a="PSO")
    assert [t.get_text() for t in back.get_legend().get_texts()][2] == f"jSO better ({int(counts.wins)})"
    with pytest.raises(ValueError, match="is not a pair of this result"):
        ac.plots.plot_win_tie_loss_scatter(result, "nope")
