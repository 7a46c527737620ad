"""algocompare: statistical comparison of algorithms on sets of problem instances.

The top-level namespace re-exports the public API of every subpackage. Subpackages are
imported lazily on first use so that ``import algocompare`` stays light (it imports
neither matplotlib nor scipy until a function needs them).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

#: The public API: every name of each subpackage's ``__all__`` (tests/test_api.py keeps this
#: table and the subpackages in step). A name is imported with its subpackage on first use.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "data": (
        "Results", "Simulation", "list_datasets", "load_dataset", "read", "read_frame", "simulate_runs",
        "read_experiment_dir",
    ),
    "frequentist": (
        "aligned_ranks", "check_assumptions", "confidence_curve", "convergence_page", "durbin", "friedman",
        "fwer_of_pairwise", "homoscedasticity", "hotelling_t2", "iman_davenport",
        "median_difference_ci", "multiple_sign_test", "multivariate_normality", "normality",
        "omnibus", "page_trend", "paired_ttest", "per_instance", "quade", "rank_sum", "rm_anova",
        "sign_test", "skillings_mack", "wilcoxon",
        "AlignedRanksResult", "AssumptionsResult", "ConfidenceCurveResult", "DurbinResult", "FWERResult",
        "FriedmanResult", "HomoscedasticityResult", "HotellingResult", "ImanDavenportResult", "MedianDifferenceCI",
        "MultipleSignResult", "MultivariateNormalityResult", "NormalityResult", "OmnibusResult", "PageResult",
        "PairedTTestResult", "PerInstanceResult", "QuadeResult", "RMAnovaResult", "RankSumResult",
        "RankTestResult", "SignTestResult", "SkillingsMackResult", "WilcoxonResult",
        "win_tie_loss", "WinTieLossResult",
        "kruskal_wallis", "anderson_darling", "one_way_anova", "welch_anova",
        "KruskalWallisResult", "AndersonDarlingResult", "AnovaResult", "KSampleResult", "PerInstanceTestsResult",
        "corrected_ttest", "CorrectedTTestResult",
        "cochran_q", "mcnemar", "reached_target", "CochranQResult", "McNemarResult",
        "tost", "TOSTResult",
        "simes_test", "fisher_combination", "CombinationResult",
        "mack_wolfe", "MackWolfeResult",
        "osrt", "OSRTResult",
    ),
    "posthoc": (
        "PosthocResult", "adjust_pvalues", "critical_difference", "posthoc",
        "rank_sum_difference_pvalue",
        "compact_letters",
        "RankIntervalsResult", "rank_intervals",
        "posthoc_by_group", "PosthocByGroupResult",
        "StabilityResult", "posthoc_stability",
    ),
    "effects": (
        "ALTERNATIVES", "DESIGNS", "EffectSize", "MAGNITUDE_LABELS",
        "PowerCurve", "cliffs_delta", "cohens_d", "cohens_d_prime", "d_z", "hedges_g", "magnitude",
        "paired_effect_sizes", "power", "power_curve", "rank_biserial", "t_power", "vargha_delaney_a12", "z_power",
        "ContrastEstimationResult", "contrast_estimation",
    ),
    "severity": (
        "SeverityAnalysis", "SeverityResult", "severity", "severity_analysis", "severity_from_se",
    ),
    "samplesize": (
        "BootstrapMeans", "InstancePowerCurve", "InstancesResult", "RepetitionsResult", "SampleSizeResult",
        "StandardErrorResult", "bootstrap_means", "calc_instances", "calc_se", "instance_power_curve", "sample_size",
        "PosthocPowerResult", "posthoc_power",
        "RMAnovaPowerResult", "rm_anova_power",
        "OCBAResult", "ocba",
    ),
    "experiment": (
        "ExperimentResult", "RunFailed", "calc_nreps", "read_log", "run_experiment",
    ),
    "permutation": (
        "MSDResult", "PermutationTestResult", "msd_intervals", "permutation_test",
        "relative_deviation", "zemel_measure",
    ),
    "consensus": (
        "BordaResult", "ConsensusResult", "CriterionResult", "DominanceRelation", "KemenyResult", "as_ranking",
        "borda", "check_iia", "check_majority", "check_pareto", "classify_order", "consensus",
        "dominance", "format_ranking", "instance_rankings", "kemeny", "order_properties",
        "ranking_from_relation", "symdiff_distance",
        "CONSENSUS_RULES", "ConsensusRule", "MajorityRelation", "RankingClusters", "RuleConsensusResult",
        "cluster_rankings", "condorcet", "cook_seiford", "copeland", "majority", "majority_relation",
        "paired_comparison_consensus", "ranking_distance", "ranking_distances",
    ),
    "bayesian": (
        "BayesianFriedmanResult", "BayesianMultipleMeasuresResult", "BayesianPairedResult",
        "BayesianPairwiseResult", "IDPResult", "MultipleMeasuresResult", "bayesian_friedman",
        "bayesian_multiple_measures", "bayesian_pairwise", "bayesian_sign", "bayesian_signed_rank",
        "idp_wilcoxon", "multiple_measures_test",
        "BayesianPlackettLuceResult", "bayesian_plackett_luce",
        "BayesianHierarchicalResult", "bayesian_hierarchical",
        "BayesianHierarchicalPairsResult", "bayesian_hierarchical_pairs",
        "bayesian_correlated_ttest", "BayesianCorrelatedTResult",
    ),
    "anytime": (
        "AnytimeResults", "TargetRuntimes",
        "read_cec", "cec_checkpoints",
        "read_iohprofiler",
        "ert", "ERTResult",
        "read_coco",
        "read_anytime", "detect_format",
        "table_targets", "common_budget", "table_ert",
        "fixed_budget", "FixedBudgetResult", "ert_curve", "ERTCurveResult",
        "performance_profile", "PerformanceProfileResult", "data_profile", "DataProfileResult",
        "read_nevergrad", "read_coco_biobj",
        "logrank_test", "logrank_posthoc", "LogrankResult", "u_scores",
        "compare_over_budgets", "BudgetGridResult", "budget_grid", "area_over_budgets",
        "runtime_ecdf", "ECDFResult", "ecdf_targets", "ecdf_auc",
    ),
    "report": (
        "CAVEATS", "FigureView", "export_figures", "export_tables", "figure_views", "frame_to_html",
        "frame_to_latex", "reading", "register_figure", "render_report", "write_report",
        "ert_table", "ert_table_frame",
        "render_anytime_report", "write_anytime_report",
    ),
}

_SUBPACKAGES = tuple(_EXPORTS)
_API: dict[str, str] = {name: package for package, names in _EXPORTS.items() for name in names}
__all__ = sorted(_API)


def _submodule(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES or name in ("plots", "cli", "ranking", "analysis"):
        return _submodule(name)
    if name in _API:
        return getattr(_submodule(_API[name]), name)
    raise AttributeError(f"module 'algocompare' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API) | set(_SUBPACKAGES))
