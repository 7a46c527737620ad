"""Every figure kind drawn from real results with k algorithms and long names, and the
checks a user would make by eye: no text outside the figure, no two texts on top of each
other, no text below 7 pt (measured on the renderer's text extents)."""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import numpy as np
import pandas as pd

import algocompare as ac
from algocompare import plots

#: Smallest readable text in a printed figure, in points.
MIN_POINTS = 7.0


def long_names(k: int, length: int = 40) -> list[str]:
    """k distinct names of exactly ``length`` characters, differing in the middle and at the end."""
    names = []
    for i in range(k):
        name = f"Variant{i:02d}-DifferentialEvolution-CR{(i * 7) % 10}-F{i % 3}"
        names.append((name + "-" + "x" * length)[:length])
    return names


@lru_cache(maxsize=None)
def data(k: int, long: bool = True) -> ac.Results:
    """A runs table (10 instances x k algorithms x 4 runs) with real differences between algorithms."""
    rng = np.random.default_rng(k)
    names = long_names(k) if long else [f"A{i}" for i in range(k)]
    rows = [(name, f"I{j:02d}", r, 10.0 + 0.4 * i + j + rng.normal(0, 1.5))
            for i, name in enumerate(names) for j in range(10) for r in range(4)]
    frame = pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"])
    return ac.Results.from_long(frame, algorithm="algorithm", instance="instance", run="run", value="value")


@lru_cache(maxsize=None)
def result(kind: str, k: int):
    res = data(k)
    names = list(res.algorithms)
    if kind == "pairs":
        return ac.posthoc(res, p_adjust="holm")
    if kind == "nemenyi":
        return ac.posthoc(res, p_adjust="nemenyi")
    if kind == "control":
        return ac.posthoc(res, control=names[0], p_adjust="holm")
    if kind == "bayes_pairs":
        return ac.bayesian_pairwise(res, rope=0.5, n_samples=500, rng=0)
    if kind == "bayes_pair":
        blocks = res.blocks()
        return ac.bayesian_signed_rank(blocks[names[0]], blocks[names[-1]], rope=0.5, n_samples=2000,
                                       names=(names[0], names[-1]), rng=0)
    if kind == "borda":
        return ac.borda(res)
    if kind == "msd":
        return ac.msd_intervals(res, n_resamples=99, rng=0)
    if kind == "normality":
        return ac.normality(res, test="shapiro")
    raise KeyError(kind)


def _experiment():
    def slow(instance, rng):
        return rng.normal(instance, 1.0)

    def fast(instance, rng):
        return rng.normal(instance + 0.5, 2.0)

    algorithms = dict(zip(long_names(3), [slow, fast, slow]))
    with ThreadPoolExecutor(1) as pool:
        return ac.run_experiment({f"I{i}": i for i in range(1, 13)}, algorithms, d=1.0, se_max=0.5, n0=5, nmax=20,
                                 executor=pool, rng=1)


#: name -> (needs k algorithms, draw(k, ax)) for every figure kind of algocompare.plots.
FIGURES = {
    "cd_diagram": (True, lambda k, ax: plots.cd_diagram(result("nemenyi", k), ax=ax)),
    "cd_diagram_holm": (True, lambda k, ax: plots.cd_diagram(result("pairs", k), ax=ax)),
    "bonferroni_dunn_chart": (True, lambda k, ax: plots.bonferroni_dunn_chart(result("control", k), ax=ax)),
    "pvalue_heatmap": (True, lambda k, ax: plots.pvalue_heatmap(result("pairs", k), ax=ax)),
    "sign_plot": (True, lambda k, ax: plots.sign_plot(result("pairs", k), ax=ax)),
    "distribution_box": (True, lambda k, ax: plots.distribution_plot(data(k), ax=ax, kind="box")),
    "distribution_violin_ranks": (True, lambda k, ax: plots.distribution_plot(data(k), ax=ax, kind="violin",
                                                                               scale="ranks")),
    "distribution_instance": (True, lambda k, ax: plots.distribution_plot(data(k), ax=ax, instance="I03")),
    "plot_pairwise_matrix": (True, lambda k, ax: plots.plot_pairwise_matrix(result("bayes_pairs", k), ax=ax)),
    "plot_consensus": (True, lambda k, ax: plots.plot_consensus(result("borda", k), ax=ax)),
    "msd_plot": (True, lambda k, ax: plots.msd_plot(result("msd", k), ax=ax)),
    "plot_simplex": (False, lambda k, ax: plots.plot_simplex(result("bayes_pair", 3), ax=ax)),
    "normality_plot": (False, lambda k, ax: plots.normality_plot(result("normality", 3), ax=ax,
                                                                 sample=long_names(3)[1])),
    "histogram_qq": (False, lambda k, ax: plots.histogram_qq(data(3).blocks().iloc[:, 0], ax,
                                                             name=long_names(3)[0])),
    "confidence_curve": (False, lambda k, ax: plots.confidence_curve(
        ac.confidence_curve([5.1, 6.3, 7.2, 8.0, 9.4, 6.6], [1.2, 2.2, 3.1, 4.4, 5.0, 7.1]), ax=ax)),
    "plot_severity_curve": (False, lambda k, ax: plots.plot_severity(
        ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10), ax=ax, kind="curve")),
    "plot_severity_density": (False, lambda k, ax: plots.plot_severity(
        ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10), ax=ax, kind="density")),
    "plot_severity": (False, lambda k, ax: plots.plot_severity(
        ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10), ax=ax)),
    "plot_power_by_delta": (False, lambda k, ax: plots.plot_power_by_delta(
        ac.power_curve(sd=450, n=(40, 80, 160), alpha=0.05), ax=ax)),
    "plot_power_curve": (False, lambda k, ax: plots.plot_power_curve(
        ac.instance_power_curve(30, [0.2, 0.5, 0.8], n_comparisons=3), ax=ax)),
    "qq_plot": (False, lambda k, ax: plots.qq_plot([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5], ax=ax)),
    "plot_bootstrap_qq": (False, lambda k, ax: plots.plot_bootstrap_qq(
        ac.bootstrap_means([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5], rng=1), ax=ax)),
    "plot_experiment": (False, lambda k, ax: plots.plot_experiment(_cached_experiment(), ax=ax)),
    "runs_distribution": (True, lambda k, ax: plots.runs_distribution(data(k), ax=ax,
                                                                      instances=["I00", "I01", "I02", "I03"])),
    "normality_plots": (False, lambda k, ax: plots.normality_plots(data(3), ax=ax,
                                                                   algorithms=[long_names(3)[2]])),
}

#: The figure kinds that need two or three Axes when drawn on the user's own.
PANELS = {"normality_plot": 2, "histogram_qq": 2, "plot_severity": 2, "msd_plot": 3}


@lru_cache(maxsize=None)
def _cached_experiment():
    return _experiment()


def user_height(kind: str, width: float, k: int) -> float:
    """3/4 of the width, at least 2.6 in (a CD diagram of 30 algorithms then sets its labels in
    two columns a side; it warns below about 2 in)."""
    return max(2.6, 0.75 * width)


def user_axes(kind: str, width: float, k: int = 3):
    """A user's figure ``width`` inches wide (see :func:`user_height`) with plain ``subplots``
    Axes: one, or a row of the panels the kind needs."""
    import matplotlib.pyplot as plt

    n = PANELS.get(kind, 1)
    fig, axes = plt.subplots(1, n, figsize=(width, user_height(kind, width, k)))
    return fig, axes


def drawn_texts(fig) -> list:
    """Every non-empty text the renderer draws (titles, tick labels, legends, annotations), each
    with its extent in pixels, recorded while the figure is drawn."""
    from matplotlib.text import Text

    drawn = []
    original = Text.draw

    def record(self, renderer):
        original(self, renderer)
        if self.get_visible() and self.get_text().strip():
            drawn.append((self, self.get_window_extent(renderer)))

    Text.draw = record
    try:
        fig.canvas.draw()
    finally:
        Text.draw = original
    return list({id(t): (t, e) for t, e in drawn}.values())


def problems(fig, tolerance: float = 0.5) -> list[str]:
    """What a reader would see wrong: text outside the figure, overlapping texts, text below 7 pt."""
    box = fig.bbox
    found = []
    drawn = drawn_texts(fig)
    texts, extents = [t for t, _ in drawn], [e for _, e in drawn]
    for text, e in zip(texts, extents):
        if e.x0 < box.x0 - tolerance or e.x1 > box.x1 + tolerance or e.y0 < box.y0 - tolerance \
                or e.y1 > box.y1 + tolerance:
            found.append(f"outside the figure: {text.get_text()!r} {e.bounds}")
        if text.get_fontsize() < MIN_POINTS - 1e-9:
            found.append(f"below {MIN_POINTS:g} pt ({text.get_fontsize():.1f}): {text.get_text()!r}")
    for (t1, e1), (t2, e2) in itertools.combinations(zip(texts, extents), 2):
        overlap_x = min(e1.x1, e2.x1) - max(e1.x0, e2.x0)
        overlap_y = min(e1.y1, e2.y1) - max(e1.y0, e2.y0)
        if overlap_x > tolerance and overlap_y > tolerance:
            found.append(f"overlap: {t1.get_text()!r} and {t2.get_text()!r}")
    return found
