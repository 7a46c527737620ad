"""Every figure of algocompare. Importing this subpackage imports matplotlib.

Figures return the matplotlib Axes (or Figure) and never call ``plt.show()``. Each area
adds its figures in its own module; :mod:`algocompare.plots._customary` says which of them
is the customary figure of each result type (the one ``result.plot()`` draws and the
report shows).
"""

from algocompare.plots._anytime_ecdf import plot_ecdf
from algocompare.plots._bayesian import plot_pairwise_matrix, plot_posterior_t, plot_simplex
from algocompare.plots._cd_diagram import bonferroni_dunn_chart, cd_diagram, clique_levels, names_key
from algocompare.plots._consensus import plot_consensus
from algocompare.plots._customary import CustomaryFigure, customary_figure, register_customary_figure
from algocompare.plots._distribution import distribution_plot, histogram_qq, normality_plots, runs_distribution
from algocompare.plots._frequentist import confidence_curve, normality_plot
from algocompare.plots._permutation import msd_plot
from algocompare.plots._plackett_luce import plot_plackett_luce
from algocompare.plots._posthoc import pvalue_heatmap, sign_plot
from algocompare.plots._samplesize import plot_bootstrap_qq, plot_experiment, plot_power_curve, qq_plot
from algocompare.plots._severity import plot_power_by_delta, plot_severity
from algocompare.plots._win_tie_loss import plot_win_tie_loss, plot_win_tie_loss_scatter

__all__ = [
    "CustomaryFigure", "bonferroni_dunn_chart", "cd_diagram", "clique_levels", "confidence_curve",
    "customary_figure", "distribution_plot", "histogram_qq", "msd_plot", "names_key", "normality_plot",
    "normality_plots", "plot_bootstrap_qq", "plot_consensus", "plot_experiment", "plot_pairwise_matrix",
    "plot_power_by_delta", "plot_power_curve", "plot_severity", "plot_simplex", "pvalue_heatmap", "qq_plot",
    "register_customary_figure", "runs_distribution", "sign_plot",
    "plot_win_tie_loss", "plot_win_tie_loss_scatter",
]
__all__ += ["plot_plackett_luce"]
__all__ += ["plot_posterior_t"]
from algocompare.plots._bayesian import plot_shrinkage  # noqa: E402

__all__ += ["plot_shrinkage"]
from algocompare.plots._consensus import plot_ranking_dendrogram  # noqa: E402

__all__ += ["plot_ranking_dendrogram"]
from algocompare.plots._cd_diagram import plot_stability  # noqa: E402
from algocompare.plots._hypothesis_graph import plot_hypothesis_graph  # noqa: E402
from algocompare.plots._rank_sets import plot_rank_intervals  # noqa: E402

__all__ += ["plot_hypothesis_graph", "plot_rank_intervals", "plot_stability"]
from algocompare.plots._samplesize import plot_posthoc_power  # noqa: E402

__all__ += ["plot_posthoc_power"]
__all__ += ["plot_ecdf"]
from algocompare.plots._anytime_curves import plot_ert_curve, plot_fixed_budget  # noqa: E402
from algocompare.plots._anytime_profiles import plot_data_profile, plot_performance_profile  # noqa: E402

__all__ += ["plot_fixed_budget", "plot_ert_curve", "plot_performance_profile", "plot_data_profile"]
from algocompare.plots._anytime_ranks import plot_rank_convergence  # noqa: E402

__all__ += ["plot_rank_convergence"]
