"""P-value heatmap and sign plot agree with the post-hoc table they come from."""

import itertools

import numpy as np
import pytest

import algocompare as ac
from algocompare.plots._posthoc import pvalue_heatmap, sign_plot
from tests.plots.fakes import fake


def _pvalues(k, seed=3):
    rng = np.random.default_rng(seed)
    names = [f"Alg{i:02d}" for i in range(k)]
    return {(a, b): float(rng.uniform(0, 0.12) ** 2 * 10) for a, b in itertools.combinations(names, 2)}


@pytest.mark.parametrize("k", [2, 5, 12])
def test_heatmap_lower_triangle_with_bold_rejections(k):
    pv = _pvalues(k)
    result = fake(k, cd=1.0, pvalues=pv)
    ax = pvalue_heatmap(result)
    cells = [t for t in ax.texts if t.get_gid() == "pvalue-label"]
    assert len(cells) == k * (k - 1) // 2
    bold = [t for t in cells if t.get_fontweight() == "bold"]
    assert len(bold) == sum(p <= 0.05 for p in pv.values())
    (frames,) = [c for c in ax.collections if c.get_gid() == "rejected"]
    assert len(frames.get_paths()) == len(bold)
    order = list(result.mean_ranks.sort_values().index)
    for t in cells:  # below the diagonal, i.e. row index > column index
        col, row = t.get_position()
        assert row > col
        p = pv.get((order[row], order[col]), pv.get((order[col], order[row])))
        assert t.get_text() == ("<.001" if p < 0.001 else f"{p:.3f}".lstrip("0"))
    labels = {t.get_text() for t in ax.get_yticklabels()} | {t.get_text() for t in ax.get_xticklabels()}
    assert set(order) <= labels


def test_sign_plot_signs_follow_mean_ranks():
    result = fake(6, cd=1.0, pvalues=_pvalues(6))
    ax = sign_plot(result)
    signs = [t.get_text() for t in ax.texts]
    assert len(signs) == 6 * 5 and signs.count("+") == signs.count("−") == 15
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["p ≤ 0.001", "p ≤ 0.01", "p ≤ 0.05", "NS"]


def test_views_of_a_real_posthoc_result_with_and_without_control():
    data = ac.load_dataset("cec2005_d10")
    pairs = ac.posthoc(data, p_adjust="holm")
    ax = pvalue_heatmap(pairs)
    cells = [t for t in ax.texts if t.get_gid() == "pvalue-label"]
    assert len(cells) == 55
    assert sum(t.get_fontweight() == "bold" for t in cells) == int(pairs.table["reject"].sum())
    control = ac.posthoc(data, control="G-CMA-ES", p_adjust="holm")
    ax = pvalue_heatmap(control)
    assert len([t for t in ax.texts if t.get_gid() == "pvalue-label"]) == 10
    assert len(sign_plot(control).texts) == 20


def test_power_curve_of_three_effect_sizes_is_smooth_and_passes_through_them():
    curve = ac.instance_power_curve(30, [0.2, 0.5, 0.8])
    ax = ac.plots.plot_power_curve(curve)
    line, points = ax.lines[0], ax.lines[1]
    assert len(line.get_xdata()) >= 100
    assert np.allclose(points.get_ydata(), curve.to_frame()["mean_power"])
    assert np.allclose(np.interp([0.2, 0.5, 0.8], line.get_xdata(), line.get_ydata()), points.get_ydata())


def test_experiment_plot_in_natural_order_with_every_pair():
    from tests.plots.layout_cases import _cached_experiment

    result = _cached_experiment()
    ax = ac.plots.plot_experiment(result)
    assert [t.get_text() for t in ax.get_yticklabels()] == [f"I{i}" for i in range(1, 13)]
    labels = ax.get_legend_handles_labels()[1]
    assert sum(" vs " in label for label in labels) == 3  # three algorithms, three pairs
