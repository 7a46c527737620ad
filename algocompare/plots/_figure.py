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
    from matplotlib.figure import Figure

    figure = Figure(**{key: kwargs.pop(key) for key in _FIGURE_KEYWORDS if key in kwargs})
    return figure, figure.subplots(nrows, ncols, **kwargs)


def close(figure: Any) -> None:
    """Release a figure (only pyplot keeps a reference to it)."""
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close(figure)


def axes_or_new(ax: Any, figsize: tuple[float, float], nrows: int = 1, ncols: int = 1, **kwargs: Any) -> Any:
    """``ax`` itself when the caller gave one, else the Axes of a new figure of ``figsize``
    inches (an array of Axes for several panels); ``kwargs`` go to :func:`subplots`."""
    if ax is not None:
        return ax
    _, axes = subplots(nrows, ncols, figsize=figsize, **kwargs)
    return axes
