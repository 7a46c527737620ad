"""Severity functions registered for the shared conformance checks."""

from algocompare.severity import severity, severity_analysis
from tests.conformance import PAIRED_X, PAIRED_Y, Case

CASES = [
    Case("severity_analysis_paired", severity_analysis, kind="paired", kwargs={"delta": 0.5}),
    Case("severity_analysis_two_sided_z", severity_analysis, kind="paired",
         kwargs={"delta": 0.5, "alternative": "two-sided", "test": "z"}),
    Case("severity_z", kind="other", make=lambda: severity(9.02, 30.73, 100, alpha=0.025, delta=10)),
    Case("severity_t_unpaired", kind="other",
         make=lambda: severity(90, 450, 200, alpha=0.025, test="t", paired=False, delta=200)),
    Case("severity_analysis_unpaired", kind="other",
         make=lambda: severity_analysis(PAIRED_X, PAIRED_Y[:-2], paired=False, delta=0.5)),
]
