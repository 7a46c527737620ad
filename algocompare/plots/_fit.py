"""Making a figure's text fit the figure it is drawn in, whatever size the user chose.

Every figure ends with :func:`finish`: on a figure without a layout engine it switches on
matplotlib's constrained layout (so titles, tick labels, legends and colour bars are kept
inside the figure), then draws once and repairs what the layout cannot: tick labels of
algorithm names that would overlap are thinned, names too long for the figure are
abbreviated (the distinguishing part kept), numbers in cells too small for them are
hidden, titles and axis labels too long for their Axes are wrapped, and a legend made by
:func:`legend_below` is hung under the Axes' labels. Text is never made smaller than
:data:`MIN_POINTS` to fit.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import matplotlib
import numpy as np

from algocompare.plots._figure import use_layout

__all__ = ["MIN_POINTS", "abbreviate", "fit_names", "name_ticks", "legend_below", "finish", "text_points"]

#: Smallest text drawn, in points (what stays readable in a printed journal column).
MIN_POINTS = 7.0
#: Gap kept between neighbouring tick labels and from the figure edge, in pixels.
_GAP_PX = 1.5
_ELLIPSIS = "…"
#: ``gid`` of the numbers written in the cells of a matrix figure (hidden when cells are too small).
CELL_LABELS = ("cell-label", "pvalue-label", "bar-label")


def _common_prefix(names: Sequence[str]) -> str:
    first, last = min(names), max(names)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return first[:n]


def abbreviate(names: Sequence[str], max_chars: int) -> list[str]:
    """Distinct labels of at most ``max_chars`` characters that keep what tells names apart.

    Names that fit are kept whole. Otherwise the part every name shares at the start is
    dropped (shown as "…"), then the middle of what remains is elided, keeping its start
    and its end; the split moves until the labels are distinct again.

    Examples
    --------
    >>> abbreviate(["DifferentialEvolution-rand-1-bin", "DifferentialEvolution-best-2-exp"], 12)
    ['…rand-1-bin', '…best-2-exp']
    >>> abbreviate(["A", "B"], 3)
    ['A', 'B']
    """
    names = [str(n) for n in names]
    max_chars = max(int(max_chars), 4)
    if all(len(n) <= max_chars for n in names) or len(set(names)) < len(names):
        return names
    prefix = _common_prefix(names) if len(names) > 1 else ""
    cut = len(prefix)
    # Keep the shared prefix only when dropping it leaves some name empty.
    stems = [n[cut:] for n in names] if cut and all(len(n) > cut for n in names) else names
    lead = _ELLIPSIS if stems is not names else ""
    room = max_chars - len(lead)
    for head in range(room // 2, -1, -1):
        tail = room - 1 - head
        labels = [lead + (s if len(s) <= room else s[:head] + _ELLIPSIS + (s[-tail:] if tail > 0 else ""))
                  for s in stems]
        if len(set(labels)) == len(labels):
            return labels
    return [f"{i + 1}" for i in range(len(names))]  # nothing shorter tells them apart


def text_points(fig: Any, text: str, fontsize: float) -> tuple[float, float]:
    """Width and height of ``text`` at ``fontsize`` in points, as the renderer measures it."""
    from matplotlib.font_manager import FontProperties

    renderer = fig._get_renderer()
    width, height, _ = renderer.get_text_width_height_descent(text, FontProperties(size=fontsize), ismath=False)
    scale = 72.0 / fig.dpi
    return width * scale, height * scale


def fit_names(fig: Any, names: Sequence[str], fontsize: float, max_points: float) -> list[str]:
    """``names`` abbreviated until the widest is at most ``max_points`` wide."""
    longest = max(len(str(n)) for n in names)
    for chars in range(longest, 3, -1):
        labels = abbreviate(names, chars)
        if max(text_points(fig, s, fontsize)[0] for s in labels) <= max_points:
            return labels
    return abbreviate(names, 4)


def _fontsize(value: Any) -> float:
    from matplotlib.font_manager import FontProperties

    return float(FontProperties(size=value).get_size_in_points())


def name_ticks(ax: Any, axis: str, positions: Sequence[float], names: Sequence[Any], *,
               rotation: float = 0.0, share: float = 0.3) -> None:
    """Label the ``axis`` ("x" or "y") ticks at ``positions`` with algorithm names.

    Names longer than ``share`` of the panel's width (y labels) or height (x labels,
    rotated) are abbreviated by :func:`abbreviate`; :func:`finish` thins them where they
    would overlap. The full names stay available as ``ax.algocompare_names[axis][1]``
    (positions, names, labels shown, tick keywords, thinning step).
    """
    fig = ax.figure
    names = [str(n) for n in names]
    width_in, height_in = fig.get_size_inches()
    spec = ax.get_subplotspec()
    if spec is not None:  # one panel of a grid: its share of the figure
        rows, cols = spec.get_gridspec().get_geometry()
        width_in, height_in = width_in / cols, height_in / rows
    # About 60% of the panel holds the k labels side by side: smaller text where they crowd.
    spacing = 0.6 * (width_in if axis == "x" else height_in) * 72.0 / max(len(names), 1)
    default = _fontsize(matplotlib.rcParams[f"{axis}tick.labelsize"])
    fontsize = max(min(default, spacing / 1.3), MIN_POINTS)
    across = (height_in if axis == "x" else width_in) * 72.0 * share
    labels = fit_names(fig, names, fontsize, across)
    kwargs: dict[str, Any] = {"rotation": rotation, "fontsize": fontsize}
    if axis == "x" and 0 < rotation < 90:
        kwargs.update(ha="right", rotation_mode="anchor")
    setter = ax.set_xticks if axis == "x" else ax.set_yticks
    setter(list(positions), labels, **kwargs)
    store = getattr(ax, "algocompare_names", {})
    store[axis] = [list(positions), names, labels, kwargs, 1]
    ax.algocompare_names = store


def _thin(ax: Any, renderer: Any) -> bool:
    """Blank every tick label of algorithm names but each m-th, the smallest m at which none overlap."""
    changed = False
    for axis, entry in getattr(ax, "algocompare_names", {}).items():
        positions, _, labels, kwargs, step = entry
        ticks = (ax.xaxis if axis == "x" else ax.yaxis).get_ticklabels()
        extents = [t.get_window_extent(renderer) for t in ticks if t.get_text() and t.get_visible()]
        if len(extents) < 2:
            continue
        gap = next((m for m in range(1, len(extents)) if _apart(extents, m)), len(extents))
        if gap <= 1:
            continue
        entry[4] = step = step * gap
        kept = [s if i % step == 0 else "" for i, s in enumerate(labels)]
        (ax.set_xticks if axis == "x" else ax.set_yticks)(positions, kept, **kwargs)
        changed = True
    return changed


def _apart(extents: list[Any], m: int) -> bool:
    """Whether labels ``m`` apart never overlap (nor come closer than the gap)."""
    return not any(min(a.x1, b.x1) - max(a.x0, b.x0) > -_GAP_PX and min(a.y1, b.y1) - max(a.y0, b.y0) > -_GAP_PX
                   for a, b in zip(extents, extents[m:]))


def _drop_crowded(ax: Any, renderer: Any) -> bool:
    """Hide the numbers written in cells or on bars (``gid`` in :data:`CELL_LABELS`) when two
    of them would touch: the colours and the axis still tell the values."""
    changed = False
    for gid in CELL_LABELS:
        texts = [t for t in ax.texts if t.get_gid() == gid and t.get_visible()]
        if len(texts) < 2:
            continue
        boxes = np.array([t.get_window_extent(renderer).bounds for t in texts])  # x0, y0, width, height
        x0, y0 = boxes[:, 0], boxes[:, 1]
        x1, y1 = x0 + boxes[:, 2], y0 + boxes[:, 3]
        across = np.minimum(x1[:, None], x1[None, :]) - np.maximum(x0[:, None], x0[None, :])
        up = np.minimum(y1[:, None], y1[None, :]) - np.maximum(y0[:, None], y0[None, :])
        touching = (across > -_GAP_PX / 2) & (up > -_GAP_PX / 2)
        np.fill_diagonal(touching, False)
        legend = ax.get_legend()
        if legend is not None:  # a legend inside the Axes hides the numbers it would cover
            box = legend.get_window_extent(renderer)
            touching[0, 0] = bool(np.any((np.minimum(x1, box.x1) > np.maximum(x0, box.x0))
                                         & (np.minimum(y1, box.y1) > np.maximum(y0, box.y0))))
        if touching.any():
            for t in texts:
                t.set_visible(False)
            changed = True
    return changed


def legend_below(ax: Any, handles: Any = None, labels: Any = None, **kwargs: Any) -> Any:
    """A legend under the Axes, below its tick and axis labels (placed by :func:`finish`),
    where it covers no data; inside the Axes (where it covers least) when the figure is too
    small to give it a third of its height. Labels are wrapped to the Axes' width."""
    if handles is None:
        handles, labels = ax.get_legend_handles_labels()
    kwargs.setdefault("fontsize", "small")
    fig = ax.figure
    size = _fontsize(kwargs["fontsize"])
    width_pt = fig.get_figwidth() * 72 * ax.get_position().width / max(kwargs.get("ncols", 1), 1) - 30
    labels = [_wrap_string(fig, str(label), size, max(width_pt, 60)) for label in labels]
    height_pt = sum(label.count("\n") + 1 for label in labels) * size * 1.45 / max(kwargs.get("ncols", 1), 1)
    axes_pt = fig.get_figheight() * 72 * ax.get_position().height
    if height_pt > 0.3 * fig.get_figheight() * 72:
        widest = max((text_points(fig, line, size)[0] for label in labels for line in label.split("\n")), default=0)
        if height_pt > 0.7 * axes_pt or widest + 30 > 0.9 * width_pt:
            return None  # a panel too small to hold its key anywhere: left without one
        return ax.legend(handles, labels, loc="best", framealpha=0.8, **kwargs)
    kwargs.setdefault("frameon", False)
    legend = ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, -0.1), **kwargs)
    ax.algocompare_legend_below = legend
    return legend


def _wrap_string(fig: Any, text: str, size: float, width_pt: float) -> str:
    """``text`` broken at spaces into lines of at most ``width_pt`` points (where words allow)."""
    if text_points(fig, text, size)[0] <= width_pt or " " not in text:
        return text
    for chars in range(len(text) - 1, 7, -1):
        lines = textwrap.wrap(text, chars, break_long_words=False, break_on_hyphens=False)
        if max(text_points(fig, line, size)[0] for line in lines) <= width_pt:
            break
    return "\n".join(lines)


def _place_legend(ax: Any, renderer: Any) -> bool:
    """Move a legend made by :func:`legend_below` just under the Axes' labels."""
    legend = getattr(ax, "algocompare_legend_below", None)
    if legend is None or legend is not ax.get_legend():
        return False
    from matplotlib.transforms import ScaledTranslation

    # The labels' depth below the Axes does not change when the layout resizes them, so the
    # legend hangs at a fixed distance under the Axes' bottom edge.
    depth = ax.get_window_extent(renderer).y0 - ax.get_tightbbox(renderer, bbox_extra_artists=[]).y0 + 2
    if abs(legend.get_window_extent(renderer).y1 - (ax.get_window_extent(renderer).y0 - depth)) > 1:
        offset = ScaledTranslation(0, -depth / ax.figure.dpi, ax.figure.dpi_scale_trans)
        legend.set_bbox_to_anchor((0.5, 0.0), transform=ax.transAxes + offset)
        return True
    return False


def _wrap(text: Any, room: float, renderer: Any) -> bool:
    """Break ``text`` into lines (at spaces) until it is at most ``room`` pixels long; whether it changed."""
    words = text.get_text().replace("\n", " ")
    vertical = abs(text.get_rotation() % 180 - 90) < 1
    length = lambda: getattr(text.get_window_extent(renderer), "height" if vertical else "width")  # noqa: E731
    if not words or length() <= room or " " not in words:
        return False
    for chars in range(len(words) - 1, 7, -1):
        text.set_text("\n".join(textwrap.wrap(words, chars, break_long_words=False, break_on_hyphens=False)))
        if length() <= room:
            break
    return True


def _wrap_titles(axes: Sequence[Any], renderer: Any) -> bool:
    """Wrap titles and axis labels longer than their Axes (a name in the title of a narrow panel)."""
    changed = False
    for ax in axes:
        box = ax.get_window_extent(renderer)
        fig_box = ax.figure.bbox
        centre = (box.x0 + box.x1) / 2
        inside = 2 * min(centre - fig_box.x0, fig_box.x1 - centre) - 2 * _GAP_PX  # centred title within the figure
        changed = _wrap(ax.title, max(min(box.width, inside), 40), renderer) or changed
        changed = _wrap(ax.xaxis.label, max(box.width, 40), renderer) or changed
        changed = _wrap(ax.yaxis.label, max(min(box.height * 1.1, fig_box.height * 0.9), 30), renderer) or changed
    suptitle = axes[0].figure._suptitle if axes else None
    if suptitle is not None:
        changed = _wrap(suptitle, axes[0].figure.bbox.width * 0.95, renderer) or changed
    return changed


def _all_axes(axes: Any) -> list[Any]:
    if hasattr(axes, "figure") and not isinstance(axes, np.ndarray):
        return [axes]
    return [a for a in np.asarray(axes, dtype=object).ravel() if a is not None]


def finish(axes: Any, also: Sequence[Any] = ()) -> Any:
    """Lay out the figure of ``axes`` so that its text stays inside it; returns ``axes``.

    A figure without a layout engine gets constrained layout, unless one of its Axes was
    placed by hand (``fig.add_axes``), which constrained layout would ignore. Then the
    figure is drawn once without rendering to thin overlapping name labels and wrap
    too-wide titles.
    """
    axes_list = _all_axes(axes) + list(also)
    if not axes_list:
        return axes
    fig = axes_list[0].figure
    use_layout(fig)
    engine = fig.get_layout_engine()
    if hasattr(engine, "set") and "w_pad" in engine.get():
        # A little more than the default 0.04 in: text measured before the last layout pass
        # (thinned or wrapped labels) can end a pixel or two further out.
        engine.set(w_pad=max(engine.get()["w_pad"], 0.07), h_pad=max(engine.get()["h_pad"], 0.07))
    # images are hidden while the text is fitted: a draw, even without rendering, resamples
    # them at the figure's full resolution (a 100-item map: 250 MB per pass), and they take
    # no part in the layout
    images = [image for ax in fig.axes for image in ax.images if image.get_visible()]
    for image in images:
        image.set_visible(False)
    try:
        for _ in range(4):
            fig.draw_without_rendering()
            renderer = fig._get_renderer()
            changed = _wrap_titles(axes_list, renderer)
            changed = any([_thin(ax, renderer) for ax in axes_list]) or changed
            changed = any([_drop_crowded(ax, renderer) for ax in axes_list]) or changed
            changed = any([_place_legend(ax, renderer) for ax in axes_list]) or changed
            if not changed:
                break
    finally:
        for image in images:
            image.set_visible(True)
    return axes
