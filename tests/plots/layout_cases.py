"""Every figure kind drawn from real results with k algorithms and long names, and the
checks a user would make by eye: no text outside the figure, no two texts on top of each
other, no text below 6 pt (measured on the renderer's text extents)."""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np
import pandas as pd

import algocompare as ac
from algocompare import plots

#: Smallest readable text in a printed figure, in points (the issue-25 floor for names).
MIN_POINTS = 6.0


def long_names(k: int, length: int = 40) -> list[str]:
    """k distinct names of exactly ``length`` characters, differing in the middle and at the end."""
    names = []
    for i in range(k):
        name = f"Variant{i:02d}-DifferentialEvolution-CR{(i * 7) % 10}-F{i % 3}"
        names.append((name + "-" + "x" * length)[:length])
    return names


@cache
def data(k: int, long: bool = True) -> ac.Results:
    """A runs table (10 instances x k algorithms x 4 runs) with real differences between algorithms."""
    rng = np.random.default_rng(k)
    names = long_names(k) if long else [f"A{i}" for i in range(k)]
    rows = [(name, f"I{j:02d}", r, 10.0 + 0.4 * i + j + rng.normal(0, 1.5))
            for i, name in enumerate(names) for j in range(10) for r in range(4)]
    frame = pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"])
    return ac.Results.from_long(frame, algorithm="algorithm", instance="instance", run="run", value="value")


#: The comparisons both sets of cases draw: post-hoc tests and one Bayesian pair.
COMPARISONS = ("pairs", "nemenyi", "control", "bayes_pair")


def comparison(res: ac.Results, kind: str, first: str, second: str):
    """A post-hoc result (``first`` the control) or the Bayesian signed-rank test of ``first`` and ``second``."""
    if kind == "pairs":
        return ac.posthoc(res, p_adjust="holm")
    if kind == "nemenyi":
        return ac.posthoc(res, p_adjust="nemenyi")
    if kind == "control":
        return ac.posthoc(res, control=first, p_adjust="holm")
    if kind == "bayes_pair":
        blocks = res.blocks()
        return ac.bayesian_signed_rank(blocks[first], blocks[second], rope=0.5, n_samples=2000,
                                       names=(first, second), rng=0)
    raise KeyError(kind)


@cache
def result(kind: str, k: int):
    res = data(k)
    names = list(res.algorithms)
    if kind in COMPARISONS:
        return comparison(res, kind, names[0], names[-1])
    if kind == "bayes_pairs":
        return ac.bayesian_pairwise(res, rope=0.5, n_samples=500, rng=0)
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

    algorithms = dict(zip(long_names(3), [slow, fast, slow], strict=False))
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
    "plot_ranking_dendrogram": (False, lambda k, ax: plots.plot_ranking_dendrogram(
        ac.cluster_rankings(data(14), n_clusters=2), ax=ax)),
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


@cache
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
    """What a reader would see wrong: text outside the figure, overlapping texts, text below 6 pt."""
    box = fig.bbox
    found = []
    drawn = drawn_texts(fig)
    texts, extents = [t for t, _ in drawn], [e for _, e in drawn]
    for text, e in zip(texts, extents, strict=False):
        if e.x0 < box.x0 - tolerance or e.x1 > box.x1 + tolerance or e.y0 < box.y0 - tolerance \
                or e.y1 > box.y1 + tolerance:
            found.append(f"outside the figure: {text.get_text()!r} {e.bounds}")
        if text.get_fontsize() < MIN_POINTS - 1e-9:
            found.append(f"below {MIN_POINTS:g} pt ({text.get_fontsize():.1f}): {text.get_text()!r}")
    for (t1, e1), (t2, e2) in itertools.combinations(zip(texts, extents, strict=False), 2):
        overlap_x = min(e1.x1, e2.x1) - max(e1.x0, e2.x0)
        overlap_y = min(e1.y1, e2.y1) - max(e1.y0, e2.y0)
        if overlap_x > tolerance and overlap_y > tolerance:
            found.append(f"overlap: {t1.get_text()!r} and {t2.get_text()!r}")
    return found


# --- Figures in a user's grid (issue 25): real competition names, cells of a 2 x 2 or 1 x 3 grid ---

#: Fifteen names as competitions print them, up to 31 characters, with spaces, brackets and slashes.
REAL_NAMES = ['CMA-ES (IPOP, restarts)', 'L-SHADE (linear pop. reduction)', 'BIPOP-aCMA-ES w/ surrogate', 'jSO',
              'LSHADE-cnEpSin', 'EBOwithCMAR', 'SHADE (success-history DE)', 'DE/rand/1/bin (F=0.5, CR=0.9)',
              'PSO (constriction, ring topo)', 'HSES (hybrid sampling ES)', 'ELSHADE-SPACMA',
              'MVMO (mean-variance mapping)', 'LSHADE-SPACMA (hybrid)', 'GA (SBX + polynomial mut.)',
              'ABC (artificial bee colony)']


@cache
def real_table(k: int = 15) -> ac.Results:
    """25 instances x k algorithms with the names of :data:`REAL_NAMES` and real differences,
    values spanning five decades (as errors on benchmark functions do)."""
    rng = np.random.default_rng(k)
    scale = 10.0 ** rng.uniform(-2, 3, size=(25, 1))
    values = scale * np.exp(rng.normal(np.arange(k) * 0.12, 0.6, size=(25, k)))
    return ac.Results.from_wide(pd.DataFrame(values, columns=REAL_NAMES[:k]))


@cache
def real_result(kind: str, dataset: str = "real"):
    res = real_table() if dataset == "real" else ac.load_dataset(dataset)
    names = list(res.mean_ranks().sort_values().index)
    return comparison(res, kind, names[0], names[1])


#: The figures the issue names, drawn from real names on one Axes (or one cell of a grid).
GRID_FIGURES = {
    "cd_diagram": lambda ax, d="real": plots.cd_diagram(real_result("nemenyi", d), ax=ax),
    "bonferroni_dunn_chart": lambda ax, d="real": plots.bonferroni_dunn_chart(real_result("control", d), ax=ax),
    "pvalue_heatmap": lambda ax, d="real": plots.pvalue_heatmap(real_result("pairs", d), ax=ax),
    "violins": lambda ax, d="real": plots.distribution_plot(real_table() if d == "real" else ac.load_dataset(d),
                                                            kind="violin", ax=ax),
    "plot_simplex": lambda ax, d="real": plots.plot_simplex(real_result("bayes_pair", d), ax=ax),
    "plot_severity": lambda ax, d="real": plots.plot_severity(ac.severity(9.02, 30.73, 100, alpha=0.025, delta=10),
                                                              ax=ax),
    "plot_power_curve": lambda ax, d="real": plots.plot_power_curve(
        ac.instance_power_curve(30, [0.2, 0.5, 0.8], n_comparisons=3), ax=ax),
}


def grid(shape: tuple[int, int], width: float, constrained: bool):
    """A user's ``plt.subplots`` grid ``width`` inches wide, 0.8 in of height per inch of a
    column's width (2 x 2 at 7.16 in: 7.16 x 5.7 in), with or without constrained layout."""
    import matplotlib.pyplot as plt

    rows, cols = shape
    height = max(2.6, 0.8 * width / cols * rows)
    return plt.subplots(rows, cols, figsize=(width, height), layout="constrained" if constrained else None,
                        squeeze=False)


def _owners(fig) -> dict:
    """id of every text drawn for an Axes of the grid (tick labels, titles, legends, texts, its
    insets such as a colour bar) -> the (row, column) of that Axes' cell in the user's grid."""
    from matplotlib.text import Text

    owners = {}
    for ax in fig.axes:
        spec = ax.get_subplotspec()
        if spec is None:
            continue
        top = spec.get_topmost_subplotspec()
        for text in ax.findobj(match=Text):
            owners[id(text)] = (top.rowspan.start, top.colspan.start)
    return owners


def cell_problems(fig, shape: tuple[int, int], tolerance: float = 0.5) -> list[str]:
    """:func:`problems` plus: every text drawn for one cell of the grid lies inside that cell,
    the figure divided evenly into ``shape`` rows and columns, and no legend is taller than
    its chart."""
    rows, cols = shape
    box = fig.bbox
    found = problems(fig, tolerance)
    owners = _owners(fig)
    for text, e in drawn_texts(fig):
        owner = owners.get(id(text))
        if owner is None:
            continue
        r, c = owner
        x0, x1 = box.x0 + box.width * c / cols, box.x0 + box.width * (c + 1) / cols
        y1, y0 = box.y1 - box.height * r / rows, box.y1 - box.height * (r + 1) / rows
        if e.x0 < x0 - tolerance or e.x1 > x1 + tolerance or e.y0 < y0 - tolerance or e.y1 > y1 + tolerance:
            found.append(f"outside its cell {owner}: {text.get_text()!r} {e.bounds}")
    renderer = fig._get_renderer()
    for ax in fig.axes:
        legend = ax.get_legend()
        if legend is not None and legend.get_visible() \
                and legend.get_window_extent(renderer).height > ax.get_window_extent(renderer).height:
            found.append(f"a legend taller than its chart: {ax.get_title()!r}")
    return found


def shown_text(fig) -> str:
    """Every text the figure draws, lines joined by spaces (a name wrapped over lines reads whole)."""
    return " | ".join(" ".join(t.get_text().split()) for t, _ in drawn_texts(fig))
