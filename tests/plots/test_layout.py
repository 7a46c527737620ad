"""Visual test set: every figure kind on a user's Axes at a journal column (3.3 in) and a
full page (7 in) with 3, 14 and 30 algorithms of 40-character names, and on its own figure
saved with a plain ``savefig``. Checked on the renderer's text extents: no text outside
the figure, no two texts overlapping, none below 7 pt.

The normal run draws a representative subset (every kind once, the name-heavy ones at
k = 30); ``--run-slow`` draws the whole matrix.
"""

import itertools
import warnings

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

    _, ax = plt.subplots(figsize=(3.3, 1.8))  # too short even for two columns of labels a side
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
    assert any(p.startswith("below 7 pt") for p in found)


def test_abbreviations_keep_names_apart():
    names = cases.long_names(30)
    for chars in (40, 24, 16, 10, 6):
        short = abbreviate(names, chars)
        assert len(set(short)) == 30
        assert all(len(s) <= max(chars, 4) for s in short)
    assert abbreviate(["DE", "PSO"], 10) == ["DE", "PSO"]  # short names stay whole
    assert abbreviate(["jDE-long-variant-1", "jDE-long-variant-2"], 8) == ["…1", "…2"]  # the shared start goes
