"""Severity of rejecting or not rejecting H0 (Mayo & Spanos; Bartz-Beielstein et al. Sect. 5.7–5.8).

The subpackage itself is callable — ``algocompare.severity(xbar, sd, n, ...)`` is
:func:`algocompare.severity.severity` — because the top-level name ``severity`` is both
this subpackage and its main function.
"""

from algocompare._callable import make_callable
from algocompare.severity._analysis_table import SeverityAnalysis, severity_analysis
from algocompare.severity._evaluation import SeverityResult, severity, severity_from_se

__all__ = ["severity", "severity_from_se", "severity_analysis", "SeverityResult", "SeverityAnalysis"]

make_callable(__name__)
