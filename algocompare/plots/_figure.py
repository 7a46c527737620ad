"""Creating figures: with pyplot where it is in use, without it elsewhere.

In a notebook or a script that imported ``matplotlib.pyplot``, figures are created through
pyplot so that they display and ``plt.show()`` finds them. Elsewhere (the command line,
the HTML report) a standalone :class:`matplotlib.figure.Figure` is enough and saves
loading pyplot and a GUI backend (about a third of a second per command).
"""

from __future__ import annotations

import sys
from typing import Any

_FIGURE_KEYWORDS = ("figsize", "dpi", "layout", "constrained_layout", "facecolor", "edgecolor")


def pyplot_in_use() -> bool:
    return "matplotlib.pyplot" in sys.modules or "IPython" in sys.modules


def subplots(nrows: int = 1, ncols: int = 1, **kwargs: Any) -> tuple[Any, Any]:
    """``plt.subplots`` with the same arguments, through pyplot only when it is in use."""
    if pyplot_in_use():
        import matplotlib.pyplot as plt

        return plt.subplots(nrows, ncols, **kwargs)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(**{key: kwargs.pop(key) for key in _FIGURE_KEYWORDS if key in kwargs})
    # an Agg canvas keeps one renderer while the size stays: the bare canvas of a Figure made
    # a new one (width × height × 4 bytes) for every text measured and every layout pass,
    # 44 for a 100-item consensus map and 250 MB before the garbage collector ran
    FigureCanvasAgg(figure)
    return figure, figure.subplots(nrows, ncols, **kwargs)


def use_layout(figure: Any) -> None:
    """Switch on constrained layout for a figure that has no layout engine, so that what is
    drawn next (tick labels, colour bars, outside legends) is kept inside the figure.

    Not when one of its Axes was placed by hand (``fig.add_axes``): constrained layout
    would ignore it, and the user's placement is theirs.
    """
    if figure.get_layout_engine() is None and all(a.get_subplotspec() is not None for a in figure.axes):
        figure.set_layout_engine("constrained")


def close(figure: Any) -> None:
    """Release a figure (only pyplot keeps a reference to it)."""
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close(figure)


def split_axes(ax: Any, n: int, nrows: int = 1) -> Any:
    """``n`` Axes side by side (``nrows`` rows of ``n``) in the place of ``ax``: a figure of
    several panels drawn where the caller offered one Axes; ``ax`` itself is removed. A
    1-D array for one row, else ``nrows`` × ``n``."""
    import numpy as np

    figure = ax.figure
    spec = ax.get_subplotspec()
    if spec is not None:
        grid = spec.subgridspec(nrows, n)
        axes = [[figure.add_subplot(grid[r, i]) for i in range(n)] for r in range(nrows)]
    else:
        box = ax.get_position()
        width, height = box.width / n, box.height / nrows
        axes = [[figure.add_axes((box.x0 + i * width, box.y1 - (r + 1) * height, 0.85 * width, 0.85 * height))
                 for i in range(n)] for r in range(nrows)]
    ax.remove()
    array = np.array(axes, dtype=object)
    return array[0] if nrows == 1 else array


def axes_or_new(ax: Any, figsize: tuple[float, float], nrows: int = 1, ncols: int = 1, **kwargs: Any) -> Any:
    """``ax`` itself when the caller gave one, else the Axes of a new figure of ``figsize``
    inches (an array of Axes for several panels); ``kwargs`` go to :func:`subplots`."""
    if ax is not None:
        for one in getattr(ax, "flat", [ax]):
            use_layout(one.figure)
        return ax
    kwargs.setdefault("layout", "constrained")
    _, axes = subplots(nrows, ncols, figsize=figsize, **kwargs)
    return axes
