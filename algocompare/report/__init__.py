"""Publication output: the one-file HTML report, LaTeX tables and figure files.

``algocompare analyze PATH --report out.html --latex DIR --figures DIR`` uses these
functions. Importing this subpackage does not import matplotlib (figures are drawn only
when a report or figure file is written).
"""

from algocompare._tables import frame_to_html, frame_to_latex
from algocompare.report._anytime import render_anytime_report, write_anytime_report
from algocompare.report._ert_table import ert_table, ert_table_frame
from algocompare.report._export import export_figures, export_tables
from algocompare.report._figures import FigureView, figure_views, register_figure
from algocompare.report._html import render_report, write_report
from algocompare.report._reading import CAVEATS, reading

__all__ = ["render_report", "write_report", "export_tables", "export_figures", "register_figure",
           "figure_views", "FigureView", "frame_to_html", "frame_to_latex", "reading", "CAVEATS"]
__all__ += ["ert_table", "ert_table_frame"]
__all__ += ["render_anytime_report", "write_anytime_report"]
