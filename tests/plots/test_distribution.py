"""Distribution views: box/violin per algorithm and per instance, histogram + Q-Q."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.plots._distribution import distribution_plot, histogram_qq, normality_plots, runs_distribution


@pytest.fixture(scope="module")
def runs():
    return ac.simulate_runs([0.0, 1.0, 2.0], n_instances=4, n_runs=10, rng=7).results


@pytest.mark.parametrize("kind", ["box", "violin"])
@pytest.mark.parametrize("scale", ["raw", "ranks"])
def test_distribution_per_algorithm(kind, scale):
    data = ac.load_dataset("cec2017_d10")
    ax = distribution_plot(data, kind=kind, scale=scale)
    order = list(data.mean_ranks().sort_values(kind="stable").index)
    assert [t.get_text() for t in ax.get_xticklabels()] == order
    if scale == "raw":
        assert ax.get_yscale() == "symlog"  # zeros among values spanning many decades


def test_runs_per_instance(runs):
    ax = distribution_plot(runs, instance=runs.instances[0], sort=False)
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(a) for a in runs.algorithms]
    fig = runs_distribution(runs, kind="violin", ncols=3)
    assert sum(a.get_visible() for a in fig.axes) == runs.n_instances
    with pytest.raises(ValueError, match="runs"):
        distribution_plot(ac.load_dataset("cec2005_d10"), instance="f1")
    with pytest.raises(ValueError, match="kind"):
        distribution_plot(runs, kind="bar")


def test_histogram_qq_points_are_the_normal_probability_plot():
    x = np.array([0.3, 1.2, -0.4, 2.2, 0.9, 1.1, -1.5, 0.05, 0.7, 3.1])
    ax_hist, ax_qq = histogram_qq(x, name="A")
    (osm, osr), _ = stats.probplot(x, dist="norm")
    points = ax_qq.lines[0]
    assert np.allclose(points.get_xdata(), osm) and np.allclose(points.get_ydata(), osr)
    assert sum(p.get_height() * p.get_width() for p in ax_hist.patches) == pytest.approx(1.0)
    fig = normality_plots(ac.load_dataset("cec2005_d10"), algorithms=["BLX-GL50", "BLX-MA"])
    assert len(fig.axes) == 4


def test_symlog_axis_of_non_negative_values_has_no_negative_half():
    data = ac.load_dataset("cec2017_d10")  # zeros among values spanning many decades
    ax = distribution_plot(data, kind="box")
    assert ax.get_yscale() == "symlog" and ax.get_ylim()[0] == 0


def test_violin_density_is_matplotlibs_kernel_density():
    """The violins' density sums over distinct values (issue 19: 100 violins of 25,000 ranks
    took 4.5 s): equal to matplotlib's own GaussianKDE (Scott's bandwidth) to rounding, and
    within 0.1 % of its peak when more than 2,048 distinct values are binned."""
    from matplotlib import mlab

    from algocompare.plots._distribution import _density

    rng = np.random.default_rng(0)
    for values, tolerance in ((rng.normal(size=40), 1e-14), (np.round(rng.normal(size=500)), 1e-14),
                              (rng.integers(1, 10, size=3000).astype(float), 1e-14),
                              (rng.normal(size=30_000), 1e-3)):
        coords = np.linspace(values.min(), values.max(), 100)
        expected = mlab.GaussianKDE(values).evaluate(coords)
        assert np.max(np.abs(_density(values, coords) - expected)) <= tolerance * expected.max()


def test_violins_on_a_log_axis_take_the_density_of_the_logarithms():
    """Values spanning decades get a log axis; their violins are widest where the values
    are densest on that axis (the median decade), not at one end as a linear-space density
    drawn on a log axis would be."""
    rng = np.random.default_rng(2)
    table = pd.DataFrame({"A": 10.0 ** rng.normal(0.0, 2.0, 400), "B": 10.0 ** rng.normal(1.0, 1.5, 400)})
    ax = distribution_plot(ac.Results.from_wide(table), kind="violin", sort=False)
    assert ax.get_yscale() == "log"
    bodies = [c for c in ax.collections if len(c.get_paths()) == 1 and len(c.get_paths()[0].vertices) > 50]
    assert len(bodies) == 2
    for body, centre in zip(bodies, (0.0, 1.0), strict=False):
        x, y = body.get_paths()[0].vertices.T
        widest = y[np.argmax(np.abs(x - np.median(x)))]
        assert abs(np.log10(widest) - centre) < 0.6, (centre, widest)


def test_violins_on_a_symlog_axis_take_the_density_in_the_symlog_space():
    """Values with zeros spanning decades get a symlog axis (issue 25): each violin's outline is
    the kernel density of the symlog-transformed values (Scott's bandwidth), not a linear-space
    density drawn on a symlog axis (a flat slab over the small values)."""
    from matplotlib.scale import SymmetricalLogTransform
    from scipy import stats

    rng = np.random.default_rng(3)
    a = np.r_[0.0, 0.0, 10.0 ** rng.normal(2.0, 1.0, 300)]
    b = np.r_[0.0, 10.0 ** rng.normal(3.0, 0.8, 301)]
    ax = distribution_plot(ac.Results.from_wide(pd.DataFrame({"A": a, "B": b})), kind="violin", sort=False)
    assert ax.get_yscale() == "symlog"
    forward = SymmetricalLogTransform(10, ax.yaxis.get_transform().linthresh, 1.0)
    bodies = [c for c in ax.collections if len(c.get_paths()) == 1 and len(c.get_paths()[0].vertices) > 50]
    assert len(bodies) == 2
    for body, values in zip(bodies, (a, b), strict=False):
        x, y = body.get_paths()[0].vertices.T
        keep = x >= np.median(x)  # the right half of the outline: width against height
        width, t = x[keep] - np.median(x), forward.transform(y[keep].reshape(-1, 1)).ravel()
        expected = stats.gaussian_kde(forward.transform(values.reshape(-1, 1)).ravel())(t)
        assert np.max(np.abs(width / width.max() - expected / expected.max())) < 0.05
