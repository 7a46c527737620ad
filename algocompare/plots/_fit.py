"""Making a figure's text fit the figure it is drawn in, whatever size the user chose.

Every figure ends with :func:`finish`: on a figure without a layout engine it switches on
matplotlib's constrained layout (so titles, tick labels, legends and colour bars are kept
inside the figure), then draws once and repairs what the layout cannot: tick labels of
algorithm names that would overlap are thinned, names too long for the figure are
abbreviated (the distinguishing part kept), numbers in cells too small for them are
hidden, titles and axis labels too long for their Axes are wrapped, and a legend made by
:func:`legend_below` is hung under the Axes' labels. Text is never made smaller than
:data:`MIN_POINTS` to fit, names never smaller than :data:`FLOOR_POINTS`.

A figure drawn on one Axes of a grid (``plt.subplots(2, 2)``, with or without constrained
layout) keeps all its text inside that Axes' *cell*, its share of the figure
(:func:`cell_box`): :func:`finish` places the Axes so that its labels, title, legend and
colour bar end at the cell's edges, and takes it out of the layout engine, which would
otherwise move it again when the next panel is drawn.
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Sequence
from typing import Any

import matplotlib
import numpy as np

from algocompare.plots._figure import use_layout

__all__ = ["MIN_POINTS", "FLOOR_POINTS", "abbreviate", "fit_names", "name_ticks", "legend_below", "finish",
           "text_points", "cell_box", "claim_cell", "record_names", "names_key", "panel_inches", "wrap_name",
           "cramped"]

#: Smallest text drawn, in points (what stays readable in a printed journal column).
MIN_POINTS = 7.0
#: Smallest size algorithm names are shrunk to before they are abbreviated, in points.
FLOOR_POINTS = 6.0
#: Space kept between a panel's text and the edge of its cell, in pixels.
_CELL_PAD_PX = 3.0
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


def _truncate(name: str, max_chars: int) -> str:
    """``name`` cut at its end to at most ``max_chars`` characters, "…" included; at a
    space or bracket when one is near the cut, so that whole words remain."""
    if len(name) <= max_chars:
        return name
    head = name[:max_chars - 1]
    cut = max(head.rfind(" "), head.rfind("("), head.rfind("/"))
    if cut >= max(2, max_chars - 6):
        head = head[:cut]
    return head.rstrip(" ,;:/(-") + _ELLIPSIS


def abbreviate(names: Sequence[str], max_chars: int) -> list[str]:
    """Distinct labels of at most ``max_chars`` characters, each the start of its name.

    Names that fit are kept whole. Longer names are cut at their end ("…"), at a word
    where one ends near the cut. When that leaves two labels alike, the part every name
    shares at the start is dropped first (a leading "…"); when even that does not tell
    them apart, the labels are numbers. Never an ellipsis in the middle of a name: the
    label is always a piece of the name a reader can find in a key.

    Examples
    --------
    >>> abbreviate(["CMA-ES (IPOP, restarts)", "L-SHADE (linear pop. reduction)"], 16)
    ['CMA-ES (IPOP…', 'L-SHADE (linear…']
    >>> abbreviate(["DifferentialEvolution-rand-1-bin", "DifferentialEvolution-best-2-exp"], 12)
    ['…rand-1-bin', '…best-2-exp']
    >>> abbreviate(["A", "B"], 3)
    ['A', 'B']
    """
    names = [str(n) for n in names]
    max_chars = max(int(max_chars), 4)
    if all(len(n) <= max_chars for n in names) or len(set(names)) < len(names):
        return names
    labels = [_truncate(n, max_chars) for n in names]
    if len(set(labels)) == len(labels):
        return labels
    prefix = _common_prefix(names) if len(names) > 1 else ""
    if prefix and all(len(n) > len(prefix) for n in names):
        stems = [_truncate(_ELLIPSIS + n[len(prefix):], max_chars) for n in names]
        if len(set(stems)) == len(stems):
            return stems
    return _numbered(names, labels, max_chars)


def _numbered(names: list[str], labels: list[str], max_chars: int) -> list[str]:
    """Labels alike told apart by a number after their ellipsis ("LSHADE…1", "LSHADE…2");
    plain numbers when even that does not fit."""
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    out = list(labels)
    for _label, members in groups.items():
        if len(members) < 2:
            continue
        for j, i in enumerate(members):
            tag = str(j + 1)
            out[i] = _truncate(names[i], max_chars - len(tag)) + tag if len(names[i]) > max_chars - len(tag) \
                else names[i]
    if len(set(out)) == len(out) and all(len(o) <= max_chars for o in out):
        return out
    return [f"{i + 1}" for i in range(len(names))]  # nothing shorter tells them apart


def record_names(ax: Any, names: Sequence[Any], labels: Sequence[str]) -> None:
    """Remember in ``ax.algocompare_names`` (full name -> text shown) how each name is shown."""
    store = dict(getattr(ax, "algocompare_names", None) or {})
    store.update({str(n): str(label) for n, label in zip(names, labels, strict=False)})
    ax.algocompare_names = store


def names_key(ax: Any) -> str:
    """A key for a caption: "shown = full name" for every name the figure on ``ax`` abbreviated
    (wrapped names are not abbreviations); "" when every name is shown whole.

    Parameters
    ----------
    ax : matplotlib Axes
        An Axes drawn by one of :mod:`algocompare.plots` (which records the names it shortened).

    Returns
    -------
    str
        ``"shown = full; shown = full"``, or ``""``.
    See Also
    --------
    algocompare.report.render_report : puts the key in the figure's caption.

    References
    ----------
    .. [1] Cleveland, W. S. (1985). *The Elements of Graphing Data*. Wadsworth, Monterey, CA.


    Examples
    --------
    >>> import matplotlib.figure
    >>> ax = matplotlib.figure.Figure().subplots()
    >>> record_names(ax, ["L-SHADE (linear pop. reduction)", "jSO"], ["L-SHADE (linear…", "jSO"])
    >>> names_key(ax)
    'L-SHADE (linear… = L-SHADE (linear pop. reduction)'
    """
    pairs = [(shown, full) for full, shown in (getattr(ax, "algocompare_names", None) or {}).items()
             if " ".join(shown.split()) != " ".join(full.split())]
    return "; ".join(f"{shown} = {full}" for shown, full in pairs)


#: where a name may break: after a space, before an opening bracket
_BREAKS = re.compile(r"(?<=\s)|(?=[(\[])")


def wrap_name(measure: Any, text: str, size: float, width_pt: float, max_lines: int) -> list[str] | None:
    """``text`` in at most ``max_lines`` lines of at most ``width_pt`` points, broken at spaces
    and before brackets only (filled greedily); None when it does not fit. ``measure(text,
    size)`` gives a line's width in points (:func:`text_points` with a margin, cached)."""
    lines = [""]
    for piece in (p for p in _BREAKS.split(text) if p):
        if lines[-1].strip() and measure((lines[-1] + piece).strip(), size) > width_pt:
            lines.append(piece.lstrip())
        else:
            lines[-1] += piece
    lines = [line.strip() for line in lines]
    if len(lines) > max_lines or any(measure(line, size) > width_pt for line in lines):
        return None
    return lines


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


def name_ticks(ax: Any, axis: str, positions: Sequence[float] | np.ndarray, names: Sequence[Any], *,
               rotation: float = 0.0, share: float = 0.3, stretch: float | None = None) -> None:
    """Label the ``axis`` ("x" or "y") ticks at ``positions`` with algorithm names.

    Names longer than ``share`` of the panel's width (y labels) or height (x labels,
    rotated) are first set smaller (down to :data:`FLOOR_POINTS`), then wrapped over up to
    three lines (where the ticks are far enough apart), then, with ``stretch`` (a larger
    share), given up to that share to stay whole at :data:`FLOOR_POINTS`, and only then
    abbreviated by :func:`abbreviate` (to ``share``); :func:`finish` thins them where they
    would overlap. A name on both axes (a matrix) is abbreviated the same way on both.
    ``ax.algocompare_names`` maps each full name to the label shown.
    """
    fig = ax.figure
    names = [str(n) for n in names]
    width_in, height_in = panel_inches(ax)
    # About 60% of the panel holds the k labels side by side: smaller text where they crowd.
    spacing = 0.6 * (width_in if axis == "x" else height_in) * 72.0 / max(len(names), 1)
    default = _fontsize(matplotlib.rcParams["xtick.labelsize" if axis == "x" else "ytick.labelsize"])
    fontsize = max(min(default, spacing / 1.3), FLOOR_POINTS)
    across = (height_in if axis == "x" else width_in) * 72.0 * share
    ticks = getattr(ax, "_algocompare_ticks", {})
    other = ticks.get("y" if axis == "x" else "x")
    if other is not None and other[1] == names and other[5] < across:
        across = other[5]  # one abbreviation per name: the narrower room decides for both axes
    wide = (height_in if axis == "x" else width_in) * 72.0 * stretch if stretch else None
    fontsize, labels = _fit_size(fig, names, fontsize, across, spacing / 0.6 * 0.8, wide)
    kwargs: dict[str, Any] = {"rotation": rotation, "fontsize": fontsize}
    if axis == "x" and 0 < rotation < 90:
        kwargs.update(ha="right", rotation_mode="anchor")
    setter = ax.set_xticks if axis == "x" else ax.set_yticks
    setter(list(positions), labels, **kwargs)
    ticks[axis] = [list(positions), names, labels, kwargs, 1, across]
    ax._algocompare_ticks = ticks
    if other is not None and other[1] == names and other[2] != labels:  # the other axis again, same labels
        other[2] = labels
        other[3]["fontsize"] = min(other[3]["fontsize"], fontsize)
        kwargs["fontsize"] = other[3]["fontsize"]
        setter(list(positions), labels, **kwargs)
        (ax.set_yticks if axis == "x" else ax.set_xticks)(other[0], labels, **other[3])
    record_names(ax, names, labels)


def cramped(ax: Any, min_inches: float = 0.75) -> bool:
    """Whether the names on ``ax`` squeeze its figure after :func:`finish`: some of them had to
    be blanked so that the rest do not overlap, or the data are left less than ``min_inches``
    high. A figure that gave its names extra room (``stretch``) then labels them again without."""
    if any(entry[4] > 1 for entry in getattr(ax, "_algocompare_ticks", {}).values()):
        return True
    return ax.get_window_extent(ax.figure._get_renderer()).height < min_inches * ax.figure.dpi


def _fit_size(fig: Any, names: Sequence[str], fontsize: float, max_points: float,
              pitch: float = 0.0, wide_points: float | None = None) -> tuple[float, list[str]]:
    """The largest size down to :data:`FLOOR_POINTS` at which the whole names are at most
    ``max_points`` wide; else, where the ticks are ``pitch`` points apart enough for two or
    three lines, the names wrapped over them at spaces and brackets; else, when
    ``wide_points`` allows more room, the same within it (whole names before a small share);
    else the names abbreviated at that floor to ``max_points``."""
    fitted = _whole(fig, names, fontsize, max_points, pitch)
    if fitted is None and wide_points is not None and wide_points > max_points:
        fitted = _whole(fig, names, fontsize, wide_points, pitch)
    return fitted or (FLOOR_POINTS, fit_names(fig, names, FLOOR_POINTS, max_points))


def _whole(fig: Any, names: Sequence[str], fontsize: float, max_points: float,
           pitch: float) -> tuple[float, list[str]] | None:
    """(size, labels) of the whole names within ``max_points``: one line at the largest size
    down to :data:`FLOOR_POINTS`, else over two or three lines where ``pitch`` leaves room
    for them; None when neither fits."""
    widest = max((text_points(fig, n, fontsize)[0] for n in names), default=0.0)
    if widest <= max_points:
        return fontsize, list(names)
    smaller = max(FLOOR_POINTS, fontsize * max_points / widest)
    smaller = math.floor(smaller * 2) / 2  # half points
    # every half point down to the floor: hinting makes widths not proportional to the size
    # (15 names: 112 pt wide at 6.5 pt, 95 pt at 6 pt)
    for size in (float(z) for z in np.arange(smaller, FLOOR_POINTS - 1e-9, -0.5)):
        if max(text_points(fig, n, size)[0] for n in names) <= max_points:
            return size, list(names)
    for lines_max in (2, 3):  # fewer lines first, then smaller text
        for size in (float(z) for z in np.arange(fontsize, FLOOR_POINTS - 1e-9, -0.5)):
            if pitch < lines_max * 1.25 * size:
                continue
            wrapped = [wrap_name(lambda t, z: 1.08 * text_points(fig, t, z)[0], n, size, max_points, lines_max)
                       for n in names]
            if all(lines is not None for lines in wrapped):
                return size, ["\n".join(lines or ()) for lines in wrapped]
    return None


def panel_inches(ax: Any) -> tuple[float, float]:
    """Width and height of the cell of ``ax`` (the whole figure for a single Axes), in inches."""
    box = cell_box(ax)
    if box is None:
        return tuple(ax.figure.get_size_inches())
    return box.width / ax.figure.dpi, box.height / ax.figure.dpi


def _thin(ax: Any, renderer: Any) -> bool:
    """Blank every tick label of algorithm names but each m-th, the smallest m at which none
    overlap (measured on all the labels each time: the Axes may have grown since)."""
    changed = False
    for axis, entry in getattr(ax, "_algocompare_ticks", {}).items():
        positions, _, labels, kwargs, step, _ = entry
        setter = _keeping_view(ax, axis)
        if step > 1:
            setter(positions, labels, **kwargs)
        ticks = (ax.xaxis if axis == "x" else ax.yaxis).get_ticklabels()
        extents = [t.get_window_extent(renderer) for t in ticks if t.get_text() and t.get_visible()]
        gap = next((m for m in range(1, len(extents)) if _apart(extents, m)), max(len(extents), 1))
        if gap > 1:
            setter(positions, [s if i % gap == 0 else "" for i, s in enumerate(labels)], **kwargs)
        changed = changed or gap != step
        entry[4] = gap
    return changed


def _keeping_view(ax: Any, axis: str) -> Any:
    """``ax.set_xticks`` or ``set_yticks`` that leaves the view as it is (setting ticks widens
    it to them: a heat map's triangle would gain its empty first row)."""
    def setter(*args: Any, **kwargs: Any) -> None:
        limits = ax.get_xlim() if axis == "x" else ax.get_ylim()
        (ax.set_xticks if axis == "x" else ax.set_yticks)(*args, **kwargs)
        (ax.set_xlim if axis == "x" else ax.set_ylim)(limits)
    return setter


def _apart(extents: list[Any], m: int) -> bool:
    """Whether labels ``m`` apart never overlap (nor come closer than the gap)."""
    return not any(min(a.x1, b.x1) - max(a.x0, b.x0) > -_GAP_PX and min(a.y1, b.y1) - max(a.y0, b.y0) > -_GAP_PX
                   for a, b in zip(extents, extents[m:], strict=False))


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
    where it covers no data; inside the Axes (where it covers least) when the panel (the
    figure, or the Axes' cell of a grid) is too small to give it a third of its height.
    Labels are wrapped to the Axes' width."""
    if handles is None:
        handles, labels = ax.get_legend_handles_labels()
    kwargs.setdefault("fontsize", "small")
    fig = ax.figure
    panel_w, panel_h = panel_inches(ax)
    size = max(_fontsize(kwargs["fontsize"]), MIN_POINTS)
    kwargs["fontsize"] = size
    kwargs.setdefault("handlelength", 1.5)
    width_pt = panel_w * 72 * 0.9 / max(kwargs.get("ncols", 1), 1) - (kwargs["handlelength"] + 1.5) * size
    labels = [_wrap_string(fig, str(label), size, max(width_pt, 60)) for label in labels]
    height_pt = sum(label.count("\n") + 1 for label in labels) * size * 1.45 / max(kwargs.get("ncols", 1), 1)
    axes_pt = panel_h * 72 * 0.6  # what the Axes keeps of a panel, about
    if height_pt > 0.3 * panel_h * 72:
        widest = max((text_points(fig, line, size)[0] for label in labels for line in label.split("\n")), default=0)
        if height_pt > 0.5 * axes_pt or widest + 30 > 0.9 * width_pt:
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
    # compared with the depth it hangs at (the legend's own edge sits its border pad lower)
    if abs(depth - getattr(legend, "_algocompare_depth", -1e9)) > 1:
        offset = ScaledTranslation(0, -depth / ax.figure.dpi, ax.figure.dpi_scale_trans)
        legend.set_bbox_to_anchor((0.5, 0.0), transform=ax.transAxes + offset)
        legend._algocompare_depth = depth
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


def _cell_fractions(spec: Any) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of a subplot spec's cell in fractions of its figure: the
    grid's rows and columns (their ratios kept) dividing the whole figure, or the cell of
    the spec a nested grid was made in."""
    grid = spec.get_gridspec()
    nrows, ncols = grid.get_geometry()
    parent = getattr(grid, "_subplot_spec", None)  # a grid nested in a cell of another
    left, bottom, right, top = _cell_fractions(parent) if parent is not None else (0.0, 0.0, 1.0, 1.0)
    widths = np.r_[0.0, np.cumsum(grid.get_width_ratios() or [1.0] * ncols)]
    heights = np.r_[0.0, np.cumsum(grid.get_height_ratios() or [1.0] * nrows)]
    widths, heights = widths / widths[-1], heights / heights[-1]
    c0, c1 = spec.colspan.start, spec.colspan.stop
    r0, r1 = spec.rowspan.start, spec.rowspan.stop
    return (left + (right - left) * widths[c0], top - (top - bottom) * heights[r1],
            left + (right - left) * widths[c1], top - (top - bottom) * heights[r0])


def in_grid(ax: Any) -> bool:
    """Whether ``ax`` is one of several cells of a grid (not the only Axes of its figure)."""
    spec = ax.get_subplotspec() if hasattr(ax, "get_subplotspec") else None
    if spec is None:
        return False
    left, bottom, right, top = _cell_fractions(spec)
    return (right - left) * (top - bottom) < 0.999


def cell_box(ax: Any) -> Any:
    """The cell of ``ax`` in display pixels (a :class:`matplotlib.transforms.Bbox`): its share of
    the figure in the grid it was made in; None for an Axes placed by hand."""
    from matplotlib.transforms import Bbox

    spec = ax.get_subplotspec() if hasattr(ax, "get_subplotspec") else None
    if spec is None:
        return None
    left, bottom, right, top = _cell_fractions(spec)
    frame = ax.figure.bbox
    return Bbox.from_extents(frame.x0 + left * frame.width, frame.y0 + bottom * frame.height,
                             frame.x0 + right * frame.width, frame.y0 + top * frame.height)


def claim_cell(ax: Any, top_pt: float = 0.0) -> None:
    """Place ``ax`` over its whole cell (less ``top_pt`` points for a title) and take it out
    of the layout engine: a figure that lays its text out inside its own Axes (the CD
    diagram) is then independent of the panels drawn beside it. Nothing for a single Axes."""
    if not in_grid(ax):
        return
    cell = cell_box(ax)
    pad = _CELL_PAD_PX
    top = cell.y1 - pad - top_pt * ax.figure.dpi / 72.0
    _set_box(ax, cell.x0 + pad, cell.y0 + pad, cell.x1 - pad, max(top, cell.y0 + 2 * pad + 1))


def _set_box(ax: Any, x0: float, y0: float, x1: float, y1: float) -> None:
    """Put ``ax`` at the display box (x0, y0, x1, y1), out of the layout engine."""
    to_figure = ax.figure.transSubfigure.inverted()
    (fx0, fy0), (fx1, fy1) = to_figure.transform([(x0, y0), (x1, y1)])
    ax.set_in_layout(False)
    ax.set_position([fx0, fy0, max(fx1 - fx0, 1e-3), max(fy1 - fy0, 1e-3)])


def _cell_margins(ax: Any, renderer: Any) -> Any:
    """(cell, margins): the cell of ``ax`` (below a suptitle) and how far its text reaches
    beyond the Axes on each side (left, right, bottom, top, pixels); None outside a grid."""
    if not in_grid(ax) or not ax.get_visible():
        return None
    cell = cell_box(ax)
    suptitle = ax.figure._suptitle
    if suptitle is not None and suptitle.get_visible() and suptitle.get_text():  # the grid starts below it
        cell.y1 = min(cell.y1, max(suptitle.get_window_extent(renderer).y0, cell.y0 + 0.5 * cell.height))
    box = ax.get_window_extent(renderer)
    tight = ax.get_tightbbox(renderer)
    if tight is None:
        return None
    # text margins with 8% to spare: hinting makes text wider or narrower at savefig's resolution
    margins = np.array([box.x0 - tight.x0, tight.x1 - box.x1, box.y0 - tight.y0, tight.y1 - box.y1]).clip(0) * 1.08
    # never smaller than on an earlier pass: a tick label that comes and goes as the Axes is
    # resized (the last tick of an axis) would otherwise make the placement swing for ever
    margins = np.maximum(margins, getattr(ax, "_algocompare_margins", margins))
    ax._algocompare_margins = margins
    return cell, margins


def _fit_cells(axes: Sequence[Any], renderer: Any) -> bool:
    """Move each Axes of a grid so that everything it draws (tick and axis labels, title,
    legend, colour bar) ends at the edges of its cell; whether one moved. Panels of one figure
    in one row keep the same top and bottom (their axes line up), in one column the same
    left and right."""
    placed = {ax: found for ax in axes if (found := _cell_margins(ax, renderer)) is not None}
    # panels in the same rows share their bottom and top margins, in the same columns their left and right
    for span, sides in (((1, 3), (2, 3)), ((0, 2), (0, 1))):
        groups: dict[tuple, list] = {}
        for cell, margins in placed.values():
            groups.setdefault(tuple(round(cell.extents[i]) for i in span), []).append(margins)
        for members in groups.values():
            for side in sides:
                widest = max(m[side] for m in members)
                for m in members:
                    m[side] = widest
    moved = False
    for ax, (cell, margins) in placed.items():
        moved = _place_in_cell(ax, cell, margins) or moved
    return moved


def _place_in_cell(ax: Any, cell: Any, margins: Any) -> bool:
    pad = _CELL_PAD_PX
    left, right, bottom, top = margins
    # the margins of the text stay; the Axes takes what is left of the cell (at least a sliver)
    x0, x1 = cell.x0 + pad + left, cell.x1 - pad - right
    y0, y1 = cell.y0 + pad + bottom, cell.y1 - pad - top
    if x1 - x0 < 0.1 * cell.width:
        x0, x1 = (x0 + x1) / 2 - 0.05 * cell.width, (x0 + x1) / 2 + 0.05 * cell.width
    if y1 - y0 < 0.1 * cell.height:
        y0, y1 = (y0 + y1) / 2 - 0.05 * cell.height, (y0 + y1) / 2 + 0.05 * cell.height
    original = ax.get_position(original=True).transformed(ax.figure.transSubfigure)
    target = (x0, y0, x1, y1)
    if not ax.get_in_layout() and all(abs(a - b) <= 0.5 for a, b in zip(original.extents, target, strict=False)):
        return False
    _set_box(ax, *target)
    return True


def _thin_numbers(ax: Any, renderer: Any) -> bool:
    """Fewer ticks on a linear axis of numbers whose labels would overlap (a narrow panel)."""
    from matplotlib.ticker import FixedLocator, MaxNLocator

    changed = False
    for name, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
        if name in getattr(ax, "_algocompare_ticks", {}) or axis.get_scale() != "linear" or not axis.get_visible():
            continue
        low, high = sorted(axis.get_view_interval())
        shown = [(v, t) for v, t in zip(axis.get_majorticklocs(), axis.get_ticklabels(), strict=False)
                 if low - 1e-9 * abs(high - low) <= v <= high + 1e-9 * abs(high - low)
                 and t.get_text() and t.get_visible()]
        extents = [t.get_window_extent(renderer) for _, t in shown]
        if len(extents) < 2 or _apart(extents, 1):
            continue
        if len(extents) > 2:
            axis.set_major_locator(MaxNLocator(nbins=max(len(extents) // 2, 1), min_n_ticks=1))
        else:  # room for one number: the tick nearest the middle
            middle = min((v for v, _ in shown), key=lambda v: abs(v - (low + high) / 2))
            axis.set_major_locator(FixedLocator([middle]))
        changed = True
    return changed


def finish(axes: Any, also: Sequence[Any] = ()) -> Any:
    """Lay out the figure of ``axes`` so that its text stays inside it; returns ``axes``.

    A figure without a layout engine gets constrained layout, unless one of its Axes was
    placed by hand (``fig.add_axes``), which constrained layout would ignore. Then the
    figure is drawn once without rendering to thin overlapping name labels and wrap
    too-wide titles. An Axes that is one cell of a grid is placed so that all its text
    ends at its cell's edges (:func:`cell_box`), out of the layout engine. Every Axes gets
    ``algocompare_names`` (full name -> label shown; empty when it shows no names).
    """
    axes_list = _all_axes(axes) + list(also)
    if not axes_list:
        return axes
    fig = axes_list[0].figure
    for ax in axes_list:
        if getattr(ax, "algocompare_names", None) is None:
            ax.algocompare_names = {}
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
        for _ in range(6):
            fig.draw_without_rendering()
            renderer = fig._get_renderer()
            changed = _wrap_titles(axes_list, renderer)
            changed = any([_thin(ax, renderer) for ax in axes_list]) or changed
            changed = any([_drop_crowded(ax, renderer) for ax in axes_list]) or changed
            changed = any([_place_legend(ax, renderer) for ax in axes_list]) or changed
            thinned = [_thin_numbers(ax, renderer) for ax in axes_list]  # every Axes, not up to the first
            changed = any(thinned) or changed
            changed = _fit_cells(axes_list, renderer) or changed
            if not changed:
                break
    finally:
        for image in images:
            image.set_visible(True)
    return axes
