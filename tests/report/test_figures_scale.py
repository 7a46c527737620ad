"""Figures of many algorithms (issue 19): bounded rasters and no full-resolution images
while the text is fitted."""

from __future__ import annotations

import numpy as np
from PIL import Image

import algocompare as ac
from algocompare.report import _figures as figures


def test_png_export_caps_the_pixels_of_a_huge_figure(tmp_path):
    from algocompare.plots._figure import subplots

    fig, ax = subplots(figsize=(16, 42))
    ax.plot([0, 1], [0, 1])
    figures.save(fig, tmp_path / "tall.png", "png")
    width, height = Image.open(tmp_path / "tall.png").size
    assert width * height <= 1.05 * figures.MAX_PIXELS
    small, ax = subplots(figsize=(4, 3))
    ax.plot([0, 1], [0, 1])
    figures.save(small, tmp_path / "small.png", "png")
    assert Image.open(tmp_path / "small.png").size[0] > 4 * 160  # 200 dpi below the cap (less the tight crop)


def test_heat_maps_keep_their_images_and_embed_the_cells_in_svg():
    rng = np.random.default_rng(0)
    table = rng.normal(size=(40, 30)) + np.linspace(0, 1, 30)
    ax = ac.plots.plot_consensus(ac.borda(table))
    assert [image.get_visible() for image in ax.images] == [True]  # hidden only while fitting text
    svg = figures.svg_markup(ax.figure)
    assert 'width="41" height="30"' in svg or 'width="42" height="30"' in svg  # cells as they are
