"""plot_ecdf: the runtime ECDF figure (one step line per algorithm, log budgets, readable legend)."""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

import algocompare as ac  # noqa: E402
from algocompare.anytime import read_iohprofiler  # noqa: E402
from algocompare.plots import customary_figure, plot_ecdf  # noqa: E402

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "anytime" / "iohprofiler"


@pytest.fixture(scope="module")
def ecdf():
    return ac.runtime_ecdf(read_iohprofiler(SAMPLE), "log-linear")


def test_lines_are_the_ecdf_values(ecdf):
    ax = plot_ecdf(ecdf)
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {"OnePlusOne", "RandomSearch"} and ax.get_xscale() == "log"
    for name, line in lines.items():
        x, y = line.get_xdata(), line.get_ydata()
        np.testing.assert_allclose(y, ecdf.values(x).loc[name].to_numpy())
    # legend first: the larger area under the curve over log budgets: RandomSearch, higher up to
    # 30 evaluations, though OnePlusOne ends higher (0.85 against 0.5)
    x = ax.get_lines()[0].get_xdata()
    widths = np.diff(np.log10(x), append=0.0)
    areas = (ecdf.values(x) * widths).sum(axis=1)
    assert areas["RandomSearch"] > areas["OnePlusOne"] and ecdf.values(x).iloc[:, -1]["OnePlusOne"] > 0.8
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["RandomSearch", "OnePlusOne"]
    plt.close(ax.figure)


def test_one_instance_and_customary_figure(ecdf):
    ax = plot_ecdf(ecdf, instance="F2_D5")
    assert "F2_D5" in ax.get_title()
    y = ax.get_lines()[0].get_ydata()
    assert np.all(np.diff(y) >= 0) and 0 <= y.min() and y.max() <= 1
    plt.close(ax.figure)
    assert customary_figure(ecdf).draw is plot_ecdf
    ax = ecdf.plot()
    assert len(ax.get_lines()) == 2
    plt.close(ax.figure)


def test_column_and_two_by_two_grid_keep_text_inside(ecdf):
    for size, cells in (((3.3, 2.6), 1), ((7.16, 5.2), 4)):
        fig, axes = plt.subplots(2 if cells == 4 else 1, 2 if cells == 4 else 1, figsize=size, layout="constrained")
        for ax in np.atleast_1d(axes).ravel():
            plot_ecdf(ecdf, ax)
        fig.canvas.draw()
        frame = fig.bbox
        renderer = fig.canvas.get_renderer()
        for ax in np.atleast_1d(axes).ravel():
            box = ax.get_tightbbox(renderer)
            assert box.x0 >= frame.x0 - 1 and box.x1 <= frame.x1 + 1 and box.y0 >= frame.y0 - 1, size
        plt.close(fig)


def test_refuses_other_results():
    with pytest.raises(TypeError, match="ECDFResult"):
        plot_ecdf("not an ecdf")


def test_one_group_draws_the_groups_aggregate_over_its_budgets():
    grouped = ac.runtime_ecdf(read_iohprofiler(SAMPLE), "log-linear", by="dimension")
    ax = plot_ecdf(grouped, group=2)
    assert ax.get_title().startswith("dimension 2")
    for line in ax.get_lines():
        x, y = line.get_xdata(), line.get_ydata()
        np.testing.assert_allclose(y, grouped.values(x, group=2).loc[line.get_label()].to_numpy())
    in_group = grouped.runtimes[grouped.runtimes["group"] == 2]
    assert ax.get_xlim()[1] == in_group["budget"].max() < grouped.runtimes["budget"].max()
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="no group 3"):
        plot_ecdf(grouped, group=3)
