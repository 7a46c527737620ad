from tests.plots.conftest import _close_figures  # noqa: F401  (Agg backend, figures closed)
