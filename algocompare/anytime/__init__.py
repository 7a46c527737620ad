"""Anytime performance: benchmarking platforms' and competitions' logs with a budget axis.

:class:`AnytimeResults` holds the best-so-far value of every run against the evaluations it
had used; at a budget (:meth:`~AnytimeResults.at_budget`) or a target
(:meth:`~AnytimeResults.at_target`) it becomes what the package's tests accept. Readers:
:func:`read_cec` (CEC competition files), :func:`read_iohprofiler` (IOHexperimenter logs),
:func:`read_coco` (COCO ``exdata``, bbob logger).
"""

from algocompare.anytime._auc import ecdf_auc
from algocompare.anytime._budget_grid import BudgetGridResult, area_over_budgets, budget_grid, compare_over_budgets
from algocompare.anytime._cec import cec_checkpoints, read_cec
from algocompare.anytime._censored import LogrankResult, logrank_posthoc, logrank_test
from algocompare.anytime._coco_biobj import read_coco_biobj
from algocompare.anytime._defaults import common_budget, table_ert, table_targets
from algocompare.anytime._detect import detect_format, read_anytime
from algocompare.anytime._ecdf import ECDFResult, ecdf_targets, runtime_ecdf
from algocompare.anytime._ert import ERTResult, ert
from algocompare.anytime._fixed_budget import ERTCurveResult, FixedBudgetResult, ert_curve, fixed_budget
from algocompare.anytime._iohprofiler import read_coco, read_iohprofiler
from algocompare.anytime._model import AnytimeResults, TargetRuntimes
from algocompare.anytime._nevergrad import read_nevergrad
from algocompare.anytime._profiles import DataProfileResult, PerformanceProfileResult, data_profile, performance_profile
from algocompare.anytime._uscore import u_scores

__all__ = ["AnytimeResults", "TargetRuntimes", "read_cec", "cec_checkpoints", "read_iohprofiler", "ert", "ERTResult",
           "read_coco"]
__all__ += ["read_anytime", "detect_format"]
__all__ += ["table_targets", "common_budget", "table_ert"]
__all__ += ["fixed_budget", "FixedBudgetResult", "ert_curve", "ERTCurveResult"]
__all__ += ["read_nevergrad"]
__all__ += ["logrank_test", "logrank_posthoc", "LogrankResult", "u_scores"]
__all__ += ["compare_over_budgets", "BudgetGridResult", "budget_grid", "area_over_budgets"]
__all__ += ["runtime_ecdf", "ECDFResult", "ecdf_targets", "ecdf_auc"]
__all__ += ["read_coco_biobj"]
__all__ += ["performance_profile", "PerformanceProfileResult", "data_profile", "DataProfileResult"]
