"""Visual test set: every figure kind on a user's Axes at a journal column (3.3 in) and a
full page (7 in) with 3, 14 and 30 algorithms of 40-character names, and on its own figure
saved with a plain ``savefig``. Checked on the renderer's text extents: no text outside
the figure, no two texts overlapping, none below 7 pt.

The normal run draws a representative subset (every kind once, the name-heavy ones at
k = 30); ``--run-slow`` draws the whole matrix.
"""

import itertools
import warnings

import numpy as np
import pytest

from algocompare.plots._fit import abbreviate
from tests.plots import layout_cases as cases

WIDTHS = (3.3, 7.0)
SIZES = (3, 14, 30)
#: Figures whose labels are algorithm names, drawn at k = 30 on a full page in the normal run.
NAME_HEAVY = ("cd_diagram", "pvalue_heatmap", "plot_pairwise_matrix", "bonferroni_dunn_chart", "msd_plot")


def _draw_on_user_axes(kind, k, width):
    fig, axes = cases.user_axes(kind, width, k)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a layout that gives up warns; that is a failure too
        cases.FIGURES[kind][1](k, axes)
    return fig


def _matrix():
    for kind, (needs_k, _) in cases.FIGURES.items():
        for k, width in itertools.product(SIZES if needs_k else (3,), WIDTHS):
            yield kind, k, width


def _subset():
    for kind, (needs_k, _) in cases.FIGURES.items():
        yield kind, 14 if needs_k else 3, 3.3
    for kind in NAME_HEAVY:
        yield kind, 30, 7.0


@pytest.mark.parametrize("kind, k, width", list(_subset()))
def test_figure_fits_a_user_axes(kind, k, width):
    fig = _draw_on_user_axes(kind, k, width)
    assert cases.problems(fig) == []


@pytest.mark.slow
@pytest.mark.parametrize("kind, k, width", list(_matrix()))
def test_figure_fits_a_user_axes_full_matrix(kind, k, width):
    fig = _draw_on_user_axes(kind, k, width)
    assert cases.problems(fig) == []


@pytest.mark.parametrize("kind", list(cases.FIGURES))
def test_own_figure_saves_whole_with_a_plain_savefig(kind, tmp_path):
    needs_k, draw = cases.FIGURES[kind]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        drawn = draw(14 if needs_k else 3, None)
    fig = getattr(drawn, "figure", None) or next(iter(drawn.flat)).figure
    fig.savefig(tmp_path / "figure.png")  # no bbox_inches="tight": the figure itself must hold its text
    assert cases.problems(fig) == []


def test_cd_diagram_on_axes_too_short_for_its_labels_says_so():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(3.3, 1.3))  # too short even for two columns of 6-pt labels a side
    with pytest.warns(UserWarning, match=r"needs Axes about \d\.\d in high"):
        from algocompare import plots

        plots.cd_diagram(cases.result("pairs", 30), ax=ax)


def test_the_checks_can_fail():
    """The checks see clipping and overlap where a plain matplotlib figure has them."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3.3, 2.6))
    names = cases.long_names(30)
    ax.set_xticks(range(30), names, rotation=90)
    ax.set_yticks(range(30), names, fontsize=5)
    found = cases.problems(fig)
    assert any(p.startswith("outside the figure") for p in found)
    assert any(p.startswith("overlap") for p in found)
    assert any(p.startswith("below 6 pt") for p in found)


def test_abbreviations_keep_names_apart():
    names = cases.long_names(30)
    for chars in (40, 24, 16, 10, 6):
        short = abbreviate(names, chars)
        assert len(set(short)) == 30
        assert all(len(s) <= max(chars, 4) for s in short)
    assert abbreviate(["DE", "PSO"], 10) == ["DE", "PSO"]  # short names stay whole
    assert abbreviate(["jDE-long-variant-1", "jDE-long-variant-2"], 8) == ["…1", "…2"]  # the shared start goes


# --- issue 25: full names at column width, grids of figures with real names, the 6-pt floor ---

@pytest.mark.parametrize("width, height", [(3.3, 3.6), (3.5, 3.6), (3.3, 2.6)])
@pytest.mark.parametrize("dataset", ["real", "cec2005_d10", "cec2017_d10"])
def test_cd_diagram_at_column_width_shows_every_full_name(dataset, width, height):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cases.GRID_FIGURES["cd_diagram"](ax, dataset)
    result = cases.real_result("nemenyi", dataset)
    names = [str(n) for n in result.mean_ranks.index]
    shown = cases.shown_text(fig)
    assert [n for n in names if n not in shown] == []  # whole, on one line or wrapped at a space
    assert all(ax.algocompare_names[n].replace("\n", " ") == n for n in names)
    assert cases.problems(fig) == []
    # the rank axis keeps a third of the width, not an inch
    axis = next(line for line in ax.lines if line.get_gid() == "rank-axis")
    ends = ax.transData.transform(np.column_stack([axis.get_xdata(), axis.get_ydata()]))
    assert abs(ends[1, 0] - ends[0, 0]) >= 0.33 * width * fig.dpi


def test_cd_diagram_abbreviates_from_the_end_only_when_names_cannot_fit():
    """30 names of 40 characters at 3.3 in: cut at their end (no ellipsis inside a name), every
    label distinct, and a key that gives the full names."""
    import matplotlib.pyplot as plt

    from algocompare.plots import names_key

    fig, ax = plt.subplots(figsize=(3.3, 3.6))
    plots_ = cases.plots
    plots_.cd_diagram(cases.result("pairs", 30), ax=ax)
    shown = ax.algocompare_names
    assert len(set(shown.values())) == 30
    for full, label in shown.items():
        stem = label.strip("…")  # cut at the end, and at the start where all names share it
        assert "…" not in stem and stem in full and (full.startswith(stem) or label.startswith("…")), (full, label)
    assert all(full in names_key(ax) for full, label in shown.items() if label != full)
    assert cases.problems(fig) == []


#: Four figures of the issue in each grid, different ones in each cell.
GRID_SETS = {(2, 2): ("cd_diagram", "pvalue_heatmap", "bonferroni_dunn_chart", "violins"),
             (1, 3): ("cd_diagram", "bonferroni_dunn_chart", "violins")}


def _draw_grid(shape, kinds, constrained, width=7.16):
    """The figures ``kinds`` drawn one after the other into a user's grid; also where the first
    panel was right after it was drawn."""
    fig, axes = cases.grid(shape, width, constrained)
    first = None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for ax, kind in zip(axes.flat, kinds, strict=False):
            cases.GRID_FIGURES[kind](ax)
            first = first or axes.flat[0].get_position().bounds
    return fig, axes, first


@pytest.mark.parametrize("constrained", [False, True], ids=["no-layout", "constrained"])
@pytest.mark.parametrize("shape", list(GRID_SETS), ids=["2x2", "1x3"])
def test_figures_in_a_grid_keep_their_text_in_their_cell(shape, constrained):
    fig, axes, first = _draw_grid(shape, GRID_SETS[shape], constrained)
    assert cases.cell_problems(fig, shape) == []
    for ax in axes.flat:
        assert isinstance(ax.algocompare_names, dict)
    # the CD diagram lays its text out inside its Axes: the panels drawn after it leave it in place
    assert axes.flat[0].get_position().bounds == pytest.approx(first)


def test_the_cell_check_can_fail():
    """Long tick labels of a plain matplotlib panel reach into the next cell: the check sees it."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(7.16, 2.6))
    axes[1].set_yticks(range(3), ["a very long name of an algorithm, spilling left"] * 3)
    assert any(p.startswith("outside its cell (0, 1)") for p in cases.cell_problems(fig, (1, 3)))


def _grid_matrix():
    kinds = list(cases.GRID_FIGURES)
    for shape in ((2, 2), (1, 3)):
        n = shape[0] * shape[1]
        for start in range(0, len(kinds), n):
            chosen = tuple((kinds[start:] + kinds)[:n])
            for constrained in (False, True):
                yield shape, chosen, constrained


@pytest.mark.slow
@pytest.mark.parametrize("shape, kinds, constrained", list(_grid_matrix()))
def test_every_issue_figure_in_every_grid(shape, kinds, constrained):
    fig, _, _ = _draw_grid(shape, kinds, constrained)
    assert cases.cell_problems(fig, shape) == []


@pytest.mark.slow
@pytest.mark.parametrize("width", [3.3, 3.5, 7.16])
@pytest.mark.parametrize("kind", list(cases.GRID_FIGURES))
def test_every_issue_figure_alone(kind, width):
    fig, axes = cases.grid((1, 1), width, constrained=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cases.GRID_FIGURES[kind](axes[0, 0])
    assert cases.problems(fig) == []


def _no_ellipsis_inside(label: str) -> bool:
    return "…" not in label.strip("…").rstrip("0123456789")


@pytest.mark.parametrize("kind", list(cases.GRID_FIGURES))
def test_every_figure_records_the_names_it_shows_none_cut_in_the_middle(kind):
    """ax.algocompare_names (full name -> shown) on every figure; a shown name is the whole name
    (perhaps over lines) or its start cut at the end, never with an ellipsis inside."""
    _, axes = cases.grid((1, 1), 3.3, constrained=False)
    drawn = cases.GRID_FIGURES[kind](axes[0, 0])
    panels = [drawn] if hasattr(drawn, "figure") else list(np.ravel(drawn))
    for ax in panels:
        assert isinstance(ax.algocompare_names, dict)
        for full, shown in ax.algocompare_names.items():
            flat = " ".join(shown.split())
            assert flat == full or (_no_ellipsis_inside(shown) and full.startswith(flat.split("…")[0])), (full, shown)
    if kind in ("cd_diagram", "bonferroni_dunn_chart", "pvalue_heatmap", "violins", "plot_simplex"):
        assert len(panels[0].algocompare_names) >= 2


def test_a_name_is_abbreviated_the_same_way_on_both_axes_of_a_heatmap():
    _, axes = cases.grid((2, 2), 7.16, constrained=False)
    ax = cases.GRID_FIGURES["pvalue_heatmap"](axes[0, 1])
    x = {t.get_text() for t in ax.get_xticklabels() if t.get_text()}
    y = {t.get_text() for t in ax.get_yticklabels() if t.get_text()}
    shown = set(ax.algocompare_names.values())
    assert x <= shown and y <= shown and len(shown) == len(cases.REAL_NAMES)
    assert any(s.endswith("…") for s in shown)  # this panel is too small for the whole names


def test_report_heatmap_keeps_long_names_whole_and_inside():
    from algocompare.report import _figures as views

    result = cases.real_result("pairs")
    view = next(v for v in views.figure_views(result) if v.key == "pvalue_heatmap")
    fig = views.draw(view, result)
    assert cases.problems(fig) == []
    ax = fig.axes[0]
    assert {t.get_text() for t in ax.get_yticklabels()} | {t.get_text() for t in ax.get_xticklabels()} \
        == set(cases.REAL_NAMES)


def test_tick_names_wrap_over_two_lines_before_being_cut():
    """Six competition names under violins at 3.3 in: whole, over two lines where one is too
    long (cut only when not even that fits)."""
    import matplotlib.pyplot as plt

    import algocompare as ac

    res = ac.Results.from_wide(cases.real_table().blocks().iloc[:, :6])
    fig, ax = plt.subplots(figsize=(3.3, 2.6))
    cases.plots.distribution_plot(res, kind="violin", ax=ax)
    shown = ax.algocompare_names
    assert all(" ".join(label.split()) == full for full, label in shown.items())
    assert any("\n" in label for label in shown.values())
    assert cases.problems(fig) == []


def _drawn_ticks(fig, axis) -> set:
    """The tick labels of ``axis`` the renderer draws, each with its lines joined by spaces."""
    ticks = set(axis.get_ticklabels())
    return {" ".join(t.get_text().split()) for t, _ in cases.drawn_texts(fig) if t in ticks}


@pytest.mark.parametrize("width", [3.3, 3.5])
@pytest.mark.parametrize("kind", ["pvalue_heatmap", "bonferroni_dunn_chart", "violins"])
def test_name_axes_at_column_width_show_every_full_name(kind, width):
    """Heat map, Bonferroni–Dunn chart and violins of 15 competition names (up to 31 characters)
    alone at a column's width: every name whole (perhaps over lines), on every axis it labels,
    none thinned away; text >= 6 pt, inside the figure, nothing overlapping."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, width))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cases.GRID_FIGURES[kind](ax)
    names = [str(n) for n in cases.real_result("pairs").mean_ranks.sort_values(kind="stable").index]
    assert sorted(names) == sorted(cases.REAL_NAMES)
    assert {n: " ".join(ax.algocompare_names[n].split()) for n in names} == {n: n for n in names}
    assert cases.plots.names_key(ax) == ""
    shown = cases.shown_text(fig)
    assert [n for n in names if n not in shown] == []
    if kind == "pvalue_heatmap":  # the lower triangle: columns 1..k-1, rows 2..k
        assert _drawn_ticks(fig, ax.xaxis) == set(names[:-1])
        assert _drawn_ticks(fig, ax.yaxis) == set(names[1:])
    else:
        assert _drawn_ticks(fig, ax.xaxis) == set(names)
    assert cases.problems(fig) == []


def test_tick_names_wrap_over_three_lines_where_two_do_not_fit():
    """Few names on a tall, narrow axis: a name too wide for two lines goes over three, at its
    spaces and before its bracket, rather than being cut."""
    import matplotlib.pyplot as plt

    from algocompare.plots._fit import name_ticks, text_points

    names = ["MVMO (mean-variance mapping)", "jSO", "EBOwithCMAR"]
    fig, ax = plt.subplots(figsize=(2.0, 6.0))
    fig.canvas.draw()
    room = 1.15 * 1.08 * text_points(fig, "(mean-variance", 6.0)[0]  # the longest piece, not two of them
    assert room < 1.08 * text_points(fig, "MVMO (mean-variance", 6.0)[0]
    name_ticks(ax, "y", range(3), names, share=room / (2.0 * 72))
    label = ax.algocompare_names[names[0]]
    assert label.split("\n") == ["MVMO", "(mean-variance", "mapping)"]
    assert ax.algocompare_names["jSO"] == "jSO"


@pytest.mark.parametrize("kind", ["pvalue_heatmap", "bonferroni_dunn_chart"])
def test_too_short_for_whole_names_every_name_is_still_labelled(kind):
    """At 3.3 x 2.6 in the 15 whole names would leave rows too thin for them (heat map) or no
    chart (B–D): every name is labelled, cut at its end with a key, rather than every second
    one blanked."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3.3, 2.6))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cases.GRID_FIGURES[kind](ax)
    shown = {full: " ".join(label.split()) for full, label in ax.algocompare_names.items()}
    names = [str(n) for n in cases.real_result("pairs").mean_ranks.sort_values(kind="stable").index]
    if kind == "pvalue_heatmap":  # every label drawn, none blanked (the lower triangle: columns 1..k-1, rows 2..k)
        assert _drawn_ticks(fig, ax.xaxis) == {shown[n] for n in names[:-1]}
        assert _drawn_ticks(fig, ax.yaxis) == {shown[n] for n in names[1:]}
    else:
        assert _drawn_ticks(fig, ax.xaxis) == {shown[n] for n in names}
    key = cases.plots.names_key(ax)
    assert all(full in key for full, label in shown.items() if " ".join(label.split()) != full)
    assert cases.problems(fig) == []


def test_bayesian_matrix_at_column_width_labels_every_row_and_keeps_its_key_below():
    """The all-pairs Bayesian matrix of 15 competition names alone at 3.5 in: its key goes under
    the matrix (beside it, it took the room of the names) and every row and column is labelled,
    none blanked; names that cannot be whole are cut at their end, with a key."""
    import matplotlib.pyplot as plt

    import algocompare as ac

    res = cases.real_table()
    order = [str(n) for n in res.mean_ranks().sort_values(kind="stable").index]
    fig, ax = plt.subplots(figsize=(3.5, 3.5))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cases.plots.plot_pairwise_matrix(ac.bayesian_pairwise(res, rope=0.5, n_samples=300, rng=0), ax=ax,
                                         order=order)
    shown = {full: " ".join(label.split()) for full, label in ax.algocompare_names.items()}
    assert _drawn_ticks(fig, ax.xaxis) == _drawn_ticks(fig, ax.yaxis) == {shown[n] for n in order}
    key = cases.plots.names_key(ax)
    assert all(full in key for full in order if shown[full] != full)
    renderer = fig._get_renderer()
    assert ax.get_legend().get_window_extent(renderer).y1 < ax.get_window_extent(renderer).y0
    assert cases.problems(fig) == []
