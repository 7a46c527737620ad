"""Figures of issue 28, part G: rank intervals, the hypothesis graph, fragile decisions in the CD diagram
and the p-value heatmap."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

import algocompare as ac

CEC = ac.load_dataset("cec2005_d10")
PH = ac.posthoc(CEC)
STABILITY = ac.posthoc_stability(CEC, progress=False)


def _inside_figure(ax) -> bool:
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    frame = fig.bbox
    return all(frame.x0 - 1 <= t.get_window_extent(renderer).x0 and t.get_window_extent(renderer).x1 <= frame.x1 + 1
               and frame.y0 - 1 <= t.get_window_extent(renderer).y0 and t.get_window_extent(renderer).y1 <= frame.y1 + 1
               for t in ax.texts if t.get_visible())


def _non_transitive() -> pd.DataFrame:
    """A ~ B and B ~ C under Holm while A and C differ (mean ranks 1.6, 2.0, 2.4 on 40 instances: z = 1.79,
    1.79, 3.58): what a CD bar cannot show and the graph does."""
    rows = [(1, 2, 3)] * 16 + [(2, 1, 3)] * 8 + [(1, 3, 2)] * 8 + [(3, 2, 1)] * 8
    return pd.DataFrame(np.array(rows, dtype=float), columns=list("ABC"))


def test_rank_interval_bars_follow_the_intervals():
    r = ac.rank_intervals(PH)
    ax = ac.plots.plot_rank_intervals(r)
    best = [c for c in ax.collections if c.get_gid() == "rank-interval-best"]
    other = [c for c in ax.collections if c.get_gid() == "rank-interval"]
    assert len(best[0].get_segments()) == len(r.best_set())
    assert len(best[0].get_segments()) + len(other[0].get_segments()) == r.n_algorithms
    first = best[0].get_segments()[0]  # G-CMA-ES, top row: [1, 6] drawn from 0.7 to 6.3
    assert first[0][0] == pytest.approx(r.ci_low["G-CMA-ES"] - 0.3) and first[1][0] == pytest.approx(6.3)
    assert [t.get_text() for t in ax.get_yticklabels()][0] == "G-CMA-ES"
    assert r.plot().get_title().startswith("95% simultaneous rank intervals")


def test_hypothesis_graph_draws_an_edge_per_non_rejected_pair():
    data = _non_transitive()
    ph = ac.posthoc(data)
    rejected = ph.reject()
    assert not rejected.loc["A", "B"] and not rejected.loc["B", "C"] and rejected.loc["A", "C"]
    ax = ac.plots.plot_hypothesis_graph(ph)
    edges = [line for line in ax.lines if line.get_gid() == "edge"]
    assert len(edges) == 2  # A-B and B-C, no A-C: not transitive
    assert len([line for line in ac.plots.plot_hypothesis_graph(PH).lines if line.get_gid() == "edge"]) == int(
        (~PH.table["reject"]).sum())
    with pytest.raises(ValueError, match="all pairwise"):
        ac.plots.plot_hypothesis_graph(ac.posthoc(CEC, control="G-CMA-ES"))


@pytest.mark.parametrize("size", [(3.3, 3.3), (7.16 / 2, 3.0)])
def test_hypothesis_graph_keeps_its_labels_inside_a_column(size):
    fig, ax = plt.subplots(figsize=size, layout="constrained")
    ac.plots.plot_hypothesis_graph(PH, ax=ax, stability=STABILITY)
    fig.canvas.draw()
    assert _inside_figure(ax)
    fragile = {(a, b) for a, b in zip(STABILITY.fragile()["algorithm_a"], STABILITY.fragile()["algorithm_b"],
                                       strict=True)}
    marked = [line for line in ax.lines if line.get_gid() in ("edge-fragile", "rejection-fragile")]
    assert len(marked) == len(fragile) > 0


def test_cd_diagram_and_heatmap_mark_the_fragile_decisions():
    n = len(STABILITY.fragile())
    ax = ac.plots.cd_diagram(PH, stability=STABILITY)
    assert sum(1 for line in ax.lines if line.get_gid() == "fragile") == n > 0
    assert "Red dotted" in next(t.get_text() for t in ax.texts if t.get_gid() == "caption")
    assert not any(line.get_gid() == "fragile" for line in ac.plots.cd_diagram(PH).lines)
    heat = ac.plots.pvalue_heatmap(PH, stability=STABILITY)
    hatched = [c for c in heat.collections if c.get_gid() == "fragile"]
    assert len(hatched) == 1 and len(hatched[0].get_paths()) == n and "hatched: fragile" in heat.get_title()
    # a threshold above every share: nothing fragile
    top = float(STABILITY.table[["flip_algorithm", "flip_instance"]].max().max())
    assert not any(line.get_gid() == "fragile"
                   for line in ac.plots.cd_diagram(PH, stability=STABILITY, fragile=top).lines)
    assert sum(1 for line in STABILITY.plot().lines if line.get_gid() == "fragile") == n


def test_stability_of_another_procedure_is_refused():
    with pytest.raises(ValueError, match="another post-hoc procedure"):
        ac.plots.cd_diagram(ac.posthoc(CEC, p_adjust="nemenyi"), stability=STABILITY)
    with pytest.raises(ValueError, match="another post-hoc procedure"):
        ac.plots.pvalue_heatmap(ac.posthoc(CEC, test="wilcoxon"), stability=STABILITY)
    with pytest.raises(TypeError, match="posthoc_stability"):
        ac.plots.cd_diagram(PH, stability=PH)


def test_hypothesis_graph_cuts_names_too_long_for_a_column_and_gives_a_key():
    names = [f"A very long algorithm name number {i} (with options)" for i in range(12)]
    data = pd.DataFrame(np.random.default_rng(2).normal(size=(20, 12)), columns=names)
    fig, ax = plt.subplots(figsize=(3.3, 3.3), layout="constrained")
    ac.plots.plot_hypothesis_graph(ac.posthoc(data), ax=ax)
    fig.canvas.draw()
    assert _inside_figure(ax)
    shown = [t.get_text() for t in ax.texts if t.get_gid() == "algorithm-label"]
    assert all(len(s) < len(n) for s, n in zip(shown, names, strict=True))  # cut at their end, with a key
    assert set(ax.algocompare_names) == set(names) and ac.plots.names_key(ax)
