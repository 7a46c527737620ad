"""CD diagram and Bonferroni–Dunn chart: geometry checked on the artists."""

import itertools
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import algocompare as ac
from algocompare.plots._cd_diagram import (
    _CLIQUE_GAP,
    _CLIQUE_OVERHANG,
    bonferroni_dunn_chart,
    cd_diagram,
    clique_levels,
)
from tests.plots.fakes import FakePosthoc, fake


def _by_gid(ax, gid, kind="lines"):
    return [a for a in getattr(ax, kind) if a.get_gid() == gid]


def _bars(ax):
    return [(min(line.get_xdata()), max(line.get_xdata()), line.get_ydata()[0]) for line in _by_gid(ax, "clique")]


def _check_diagram(ax, result):
    names = list(result.mean_ranks.index)
    labels = [t.get_text() for t in _by_gid(ax, "algorithm-label", "texts")]
    # Every algorithm once, with its mean rank to two decimals.
    for name, rank in result.mean_ranks.items():
        hits = [t for t in labels if name in t.split() or t.startswith(f"{name} (") or t.endswith(f") {name}")]
        assert len(hits) == 1, (name, labels)
        assert f"({rank:.2f})" in hits[0]
    # Clique bars: one per clique of two or more, spanning its members, no overlap on a level.
    cliques = [c for c in result.cliques(result.alpha) if len(c) > 1]
    bars = _bars(ax)
    assert len(bars) == len(cliques)
    spans = sorted((round(lo, 9), round(hi, 9)) for lo, hi, _ in bars)
    expected = sorted((round(result.mean_ranks[c].min() - _CLIQUE_OVERHANG, 9),
                       round(result.mean_ranks[c].max() + _CLIQUE_OVERHANG, 9)) for c in cliques)
    assert spans == expected
    for (lo1, hi1, y1), (lo2, hi2, y2) in itertools.combinations(bars, 2):
        if y1 == y2:
            assert hi1 < lo2 or hi2 < lo1
    # Nothing is cut off: every text inside the figure, labels do not overlap each other.
    fig = ax.figure
    fig.canvas.draw()
    box = fig.bbox
    extents = [t.get_window_extent() for t in ax.texts]
    for e in extents:
        assert e.x0 >= box.x0 - 1 and e.x1 <= box.x1 + 1 and e.y0 >= box.y0 - 1 and e.y1 <= box.y1 + 1
    label_boxes = [t.get_window_extent() for t in _by_gid(ax, "algorithm-label", "texts")]
    for a, b in itertools.combinations(label_boxes, 2):
        assert not a.overlaps(b)
    assert len(names) == len(label_boxes)


@pytest.mark.parametrize("k", [2, 3, 7, 14, 30])
def test_cd_diagram_geometry(k):
    result = fake(k, cd=0.25 * k + 0.5, seed=k)
    ax = cd_diagram(result)
    _check_diagram(ax, result)
    (cd_bar,) = _by_gid(ax, "cd-bar")
    x = cd_bar.get_xdata()
    assert x[1] - x[0] == pytest.approx(result.critical_difference)  # rank units = axis units
    assert "CD = " + f"{result.critical_difference:.2f}" in [t.get_text() for t in ax.texts]


def test_rank_axis_has_rank_one_on_the_left_and_reverse_flips_it():
    result = fake(5, cd=1.0)
    ax = cd_diagram(result)
    lo, hi = ax.get_xlim()
    assert lo < 1 < 5 < hi
    best = next(t for t in ax.texts if t.get_text().startswith(f"{result.mean_ranks.index[0]} ("))
    ax.figure.canvas.draw()
    axis = _by_gid(ax, "rank-axis")[0]
    axis_x = ax.transData.transform(np.c_[axis.get_xdata(), axis.get_ydata()])[:, 0]
    assert best.get_window_extent().x1 <= axis_x.min()
    ax = cd_diagram(result, reverse=True)
    lo, hi = ax.get_xlim()
    assert lo > hi
    best = next(t for t in ax.texts if t.get_text().endswith(f") {result.mean_ranks.index[0]}")
                or t.get_text().startswith(f"{result.mean_ranks.index[0]} ("))
    ax.figure.canvas.draw()
    axis_x = ax.transData.transform(np.c_[axis.get_xdata(), axis.get_ydata()])[:, 0]
    assert best.get_window_extent().x0 >= axis_x.max() - 1


def test_long_names_are_not_truncated():
    names = ["A", "B", "C", "Differential-Evolution-with-a-very-long-configuration-name(F=0.5,CR=0.9)"]
    result = FakePosthoc(method="m", mean_ranks=pd.Series([1.2, 2.0, 3.1, 3.7], index=names),
                         critical_difference=1.0)
    ax = cd_diagram(result)
    _check_diagram(ax, result)
    assert any(names[-1] in t.get_text() for t in ax.texts)


def test_no_cd_bar_without_a_single_critical_difference():
    ranks = pd.Series([1.5, 2.0, 3.0, 3.5], index=list("ABCD"))
    result = FakePosthoc(method="Holm", mean_ranks=ranks, groups=[["A", "B"], ["B", "C", "D"]], p_adjust="holm")
    ax = cd_diagram(result)
    assert _by_gid(ax, "cd-bar") == []
    _check_diagram(ax, result)
    assert len({y for *_, y in _bars(ax)}) == 2  # the two overlapping cliques sit on two levels


def test_non_contiguous_clique_is_dashed_with_member_dots():
    ranks = pd.Series([1.0, 2.0, 3.0], index=list("ABC"))
    result = FakePosthoc(method="Holm", mean_ranks=ranks, groups=[["A", "C"]], p_adjust="holm")
    ax = cd_diagram(result)
    (bar,) = _by_gid(ax, "clique")
    assert bar.get_linestyle() != "-"
    assert any(list(line.get_xdata()) == [1.0, 3.0] and line.get_marker() == "o" for line in ax.lines)


def test_cd_diagram_into_a_given_axes_and_bad_input():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(8, 3))
    assert cd_diagram(fake(6, cd=2.0), ax=ax) is ax
    with pytest.raises(TypeError, match="post-hoc result"):
        cd_diagram(object())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 30), st.floats(0, 5)), min_size=0, max_size=25))
def test_clique_levels_never_overlap_and_are_optimal(raw):
    spans = [(a, a + w) for a, w in raw]
    levels = clique_levels(spans)
    for (i, a), (j, b) in itertools.combinations(enumerate(spans), 2):
        if levels[i] == levels[j]:
            assert a[1] + _CLIQUE_GAP <= b[0] or b[1] + _CLIQUE_GAP <= a[0]
    # Greedy colouring of an interval graph uses no more levels than the deepest overlap.
    depth = max((sum(s[0] - _CLIQUE_GAP < x[0] + 1e-12 <= s[1] + _CLIQUE_GAP for s in spans) for x in spans), default=0)
    assert max(levels, default=-1) + 1 <= max(depth, 0) or not spans


def test_bonferroni_dunn_chart_cut_lines_match_garcia_table_8():
    from algocompare.posthoc import critical_difference  # noqa: F401  (needed by the chart)

    # García et al. (2009), Table 8, f1-f25: mean ranks (CoEVO typo corrected to 8.44, see
    # tests/data/README.md); Bonferroni-Dunn CD = 2.633 (alpha 0.05) and 2.417 (alpha 0.10).
    ranks = pd.Series({"BLX-GL50": 5.3, "BLX-MA": 7.14, "CoEVO": 8.44, "DE": 5.66, "DMS-L-PSO": 5.02,
                       "EDA": 6.74, "G-CMA-ES": 3.34, "K-PCX": 6.8, "L-CMA-ES": 6.22, "L-SaDE": 4.92,
                       "SPC-PNX": 6.42})
    result = FakePosthoc(method="m", mean_ranks=ranks, n_instances=25, control="G-CMA-ES")
    ax = bonferroni_dunn_chart(result)
    heights = sorted(line.get_ydata()[0] for line in _by_gid(ax, "cut-line"))
    # 2.417 is z_0.995 = 2.576 (3 decimals, Demšar Table 5b) times sqrt(11*12/150); exact 2.4163.
    assert heights == pytest.approx([3.34 + 2.417, 3.34 + 2.633], abs=1e-3)
    # by default in mean-rank order, as every figure and table (issue 25); sort=False keeps the input order
    bars = [p for p in ax.patches if p.get_gid() == "rank-bar"] or list(ax.containers[0])
    assert [b.get_height() for b in bars] == pytest.approx(sorted(ranks))
    assert [t.get_text() for t in ax.get_xticklabels()] == list(ranks.sort_values().index)
    ax = bonferroni_dunn_chart(result, sort=False)
    bars = [p for p in ax.patches if p.get_gid() == "rank-bar"] or list(ax.containers[0])
    assert [b.get_height() for b in bars] == pytest.approx(list(ranks))
    assert [t.get_text() for t in ax.get_xticklabels()] == list(ranks.index)


@pytest.mark.parametrize("test", ["friedman", "aligned_ranks", "quade"])
@pytest.mark.parametrize("se", ["permutation", "classic"])
def test_bonferroni_dunn_chart_uses_the_standard_error_of_the_result(test, se):
    from scipy.stats import norm

    result = ac.posthoc(ac.load_dataset("cec2005_d10"), test=test, control="G-CMA-ES", p_adjust="bonferroni",
                        se=se)
    ax = bonferroni_dunn_chart(result, alphas=(0.05,))
    (height,) = [line.get_ydata()[0] for line in _by_gid(ax, "cut-line")]
    cd = norm.isf(0.05 / 20) * result.standard_error
    assert height == pytest.approx(result.mean_ranks["G-CMA-ES"] + cd)
    assert result.critical_difference == pytest.approx(cd)  # the same CD as the p-values use
    caption = " ".join(t.get_text() for t in result.plot().texts)
    assert f"{se} standard error" in caption


@pytest.mark.parametrize("p_adjust", ["nemenyi", "holm", "shaffer"])
def test_plot_of_a_real_posthoc_result_agrees_with_its_table(p_adjust):
    data = ac.load_dataset("cec2005_d10")
    result = ac.posthoc(data, p_adjust=p_adjust)
    ax = result.plot()
    _check_diagram(ax, result)
    rejected = result.reject()
    for lo, hi, _ in _bars(ax):  # algorithms under one bar: no rejected pair among them
        members = [n for n, r in result.mean_ranks.items() if lo <= r <= hi]
        assert not rejected.loc[members, members].to_numpy().any()
    cd_bars = _by_gid(ax, "cd-bar")
    if result.critical_difference is None:
        assert cd_bars == []
    else:
        assert np.ptp(cd_bars[0].get_xdata()) == pytest.approx(result.critical_difference)


def test_incomplete_table_posthoc_caption_and_no_bonferroni_dunn_chart():
    values = np.random.default_rng(1).normal(size=(12, 5))
    values[0, 1] = values[3, 2] = np.nan
    kept = ac.Results.from_array(values, nan_policy="keep")
    result = ac.posthoc(kept, test="skillings_mack")
    assert "(Skillings–Mack tests)" in " ".join(t.get_text() for t in result.plot().texts)
    with_control = ac.posthoc(kept, test="skillings_mack", control=result.algorithms[0])
    with pytest.raises(ValueError, match="one standard error for every pair"):
        bonferroni_dunn_chart(with_control)


def test_bonferroni_dunn_legend_names_the_bar_colours_and_numbers_sit_above_the_lines():
    result = ac.posthoc(ac.load_dataset("cec2005_d10"), control="G-CMA-ES", p_adjust="holm")
    ax = bonferroni_dunn_chart(result)
    legend = [t.get_text().replace("\n", " ") for t in ax.get_legend().get_texts()]
    assert legend[-4:] == ["control (G-CMA-ES)", "not worse than the control at any level",
                           "worse at the larger α only", "worse at every α"]
    numbers = [t for t in ax.texts if t.get_gid() == "bar-label"]
    lines = _by_gid(ax, "cut-line")
    assert len(numbers) == 11 and all(t.get_zorder() > line.get_zorder() for t in numbers for line in lines)
    assert all(t.get_bbox_patch().get_facecolor()[:3] == (1.0, 1.0, 1.0) for t in numbers)  # white ground


def test_own_cd_diagram_of_30_long_names_stays_page_wide():
    from tests.plots.layout_cases import long_names

    names = long_names(30)
    result = FakePosthoc(method="m", mean_ranks=pd.Series(np.linspace(2, 29, 30), index=names),
                         critical_difference=3.0)
    ax = cd_diagram(result)
    assert ax.figure.get_figwidth() <= 10.0 + 1e-9  # a report shows it at full size
    _check_diagram(ax, result)


def test_cd_diagram_on_small_user_axes_no_longer_crashes():
    import matplotlib.pyplot as plt

    from tests.plots.layout_cases import long_names

    for k, size in ((14, (4, 3)), (14, (6, 3)), (14, (8, 4)), (20, (6, 3))):
        names = [n[:30] for n in long_names(k)]
        result = FakePosthoc(method="m", mean_ranks=pd.Series(np.linspace(1.5, k - 0.5, k), index=names),
                             critical_difference=2.0)
        _, ax = plt.subplots(figsize=size)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # they all fit: no warning about the height
            cd_diagram(result, ax=ax)
        ticks = [t.get_text() for t in ax.texts if t.get_text().isdigit()]
        assert ticks[0] == "1" and len(set(ticks)) == len(ticks)  # "1" and "20" not on top of each other



def test_many_algorithms_measure_their_labels_on_one_canvas(monkeypatch):
    """Issue 19: each label measured without a renderer made a canvas of the whole (wide)
    figure; with 100 algorithms the report's CD diagram took 2.5 GB and 7 s."""
    import matplotlib.figure

    made = []
    original = matplotlib.figure.Figure._get_renderer
    monkeypatch.setattr(matplotlib.figure.Figure, "_get_renderer",
                        lambda self: made.append(1) or original(self))
    rng = np.random.default_rng(0)
    table = pd.DataFrame(rng.normal(size=(30, 60)) + np.linspace(0, 2, 60),
                         columns=[f"algorithm {j}" for j in range(60)])
    ax = cd_diagram(ac.posthoc(table, control=None))
    assert len(_by_gid(ax, "algorithm-label", "texts")) == 60
    assert len(made) <= 3, len(made)
