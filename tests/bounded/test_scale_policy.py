"""One scaling policy (algocompare/_scaling.py): every public statistic that takes samples
gives the same answer on data × 1e300 and × 1e-300 as on the data, or refuses with the reason.

Each number a result reports must be either unchanged (statistics, p-values, ranks,
standardised effect sizes, decisions) or multiplied by the factor (means, differences, sds,
bounds of a difference): on data × 1e300 a p of 1 from an overflowed square, or an sd of 0
from an underflowed one on data × 1e-300, matches neither.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import warnings

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare import _scaling

FACTORS = (1e300, 1e-300)
RNG = np.random.default_rng(20261126)
X = RNG.normal(10.0, 2.0, 14)
Y = X + RNG.normal(0.6, 1.0, 14)
TABLE = RNG.normal(10.0, 2.0, (14, 4)) + np.arange(4) * 0.7
RUNS = TABLE[:, :, None] + RNG.normal(0.0, 1.0, (14, 4, 5))
MEASURES_X = RNG.normal(0.0, 1.0, (16, 3))
MEASURES_Y = MEASURES_X + RNG.normal(0.4, 1.0, (16, 3))


def _table(s: float) -> pd.DataFrame:
    return pd.DataFrame(TABLE * s, columns=list("ABCD"), index=[f"i{i}" for i in range(len(TABLE))])


def _runs(s: float) -> ac.Results:
    return ac.Results.from_array(RUNS * s, algorithms=list("ABCD"))


def _anytime(s: float) -> ac.AnytimeResults:
    """RUNS as anytime runs: each run's value at 10 evaluations, twice it at 1 (budget grid comparisons)."""
    return ac.AnytimeResults.from_runs([(a, f"i{h}", r, [1, 10], [2 * RUNS[h, j, r] * s, RUNS[h, j, r] * s], 10)
                                        for h in range(RUNS.shape[0]) for j, a in enumerate("ABCD")
                                        for r in range(RUNS.shape[2])])


#: public statistic -> a call on data scaled by s (seeded where it draws)
SAMPLE_STATISTICS = {
    "compare_over_budgets": lambda s: ac.compare_over_budgets(_anytime(s), n_resamples=99, rng=1),
    "area_over_budgets": lambda s: ac.area_over_budgets(_anytime(s)),
    # runtimes to a target in the data's units: the log-rank tests and U-scores only order values
    "logrank_test": lambda s: ac.logrank_test(_anytime(s).at_target(10.0 * s)),
    "logrank_posthoc": lambda s: ac.logrank_posthoc(_anytime(s).at_target(10.0 * s)),
    "u_scores": lambda s: ac.u_scores(_anytime(s), 10.0 * s),
    "paired_ttest": lambda s: ac.paired_ttest(X * s, Y * s),
    "ocba": lambda s: ac.ocba({"A": X * s, "B": Y * s, "C": (X + 1.5) * s}, budget=30),
    "sign_test": lambda s: ac.sign_test(X * s, Y * s),
    "wilcoxon": lambda s: ac.wilcoxon(X * s, Y * s),
    "rank_sum": lambda s: ac.rank_sum(X * s, Y * s),
    "cohens_d": lambda s: ac.cohens_d(X * s, Y * s),
    "hedges_g": lambda s: ac.hedges_g(X * s, Y * s),
    "d_z": lambda s: ac.d_z(X * s, Y * s),
    "cohens_d_prime": lambda s: ac.cohens_d_prime(X * s, Y * s),
    "cliffs_delta": lambda s: ac.cliffs_delta(X * s, Y * s),
    "vargha_delaney_a12": lambda s: ac.vargha_delaney_a12(X * s, Y * s),
    "rank_biserial": lambda s: ac.rank_biserial(X * s, Y * s),
    "median_difference_ci": lambda s: ac.median_difference_ci(X * s, Y * s),
    "confidence_curve": lambda s: ac.confidence_curve(X * s, Y * s),
    "severity_analysis": lambda s: ac.severity_analysis(X * s, Y * s, delta=0.5 * s),
    "idp_wilcoxon": lambda s: ac.idp_wilcoxon(X * s, Y * s, n_samples=2000, rng=1),
    "bayesian_sign": lambda s: ac.bayesian_sign(X * s, Y * s, 0.1 * s, n_samples=2000, rng=1),
    "bayesian_signed_rank": lambda s: ac.bayesian_signed_rank(X * s, Y * s, 0.1 * s, n_samples=2000, rng=1),
    "hotelling_t2": lambda s: ac.hotelling_t2(MEASURES_X * s, MEASURES_Y * s),
    "multivariate_normality": lambda s: ac.multivariate_normality(MEASURES_X * s),
    "multiple_measures_test": lambda s: ac.multiple_measures_test(MEASURES_X * s, MEASURES_Y * s),
    "bayesian_multiple_measures": lambda s: ac.bayesian_multiple_measures(MEASURES_X * s, MEASURES_Y * s,
                                                                         n_samples=2000, rng=1),
    "friedman": lambda s: ac.friedman(_table(s)),
    "cochran_q": lambda s: ac.cochran_q(_table(s), target=10.5 * s),
    "mcnemar": lambda s: ac.mcnemar(X * s, Y * s, target=10.5 * s),
    "tost": lambda s: ac.tost(X * s, Y * s, bound=0.8 * s, paired=True),
    "contrast_estimation": lambda s: ac.contrast_estimation(_table(s)),
    "reached_target": lambda s: ac.reached_target(_table(s), 10.5 * s),
    "iman_davenport": lambda s: ac.iman_davenport(_table(s)),
    "quade": lambda s: ac.quade(_table(s)),
    "omnibus": lambda s: ac.omnibus(_table(s)),
    "rm_anova": lambda s: ac.rm_anova(_table(s)),
    "durbin": lambda s: ac.durbin(_table(s)),
    "skillings_mack": lambda s: ac.skillings_mack(_table(s)),
    "page_trend": lambda s: ac.page_trend(_table(s)),
    "aligned_ranks": lambda s: ac.aligned_ranks(_table(s)),
    "posthoc": lambda s: ac.posthoc(_table(s)),
    "posthoc_by_group": lambda s: ac.posthoc_by_group(
        _table(s).set_index(pd.MultiIndex.from_arrays([np.arange(14) % 2, np.arange(14)], names=["g", "i"])), "g",
        test="wilcoxon"),
    "rank_intervals": lambda s: ac.rank_intervals(_table(s)),
    "posthoc_stability": lambda s: ac.posthoc_stability(_table(s), progress=False),
    "multiple_sign_test": lambda s: ac.multiple_sign_test(_table(s), control="A", rng=1),
    "paired_effect_sizes": lambda s: ac.paired_effect_sizes(_table(s)),
    "bayesian_friedman": lambda s: ac.bayesian_friedman(_table(s), rng=1),
    "bayesian_pairwise": lambda s: ac.bayesian_pairwise(_table(s), rope=0.1 * s, n_samples=2000, rng=1),
    "bayesian_plackett_luce": lambda s: ac.bayesian_plackett_luce(_table(s), n_samples=200, warmup=50, rng=1,
                                                                  progress=False),
    "bayesian_hierarchical": lambda s: ac.bayesian_hierarchical(_runs(s), "A", "B", rope=0.1 * s, n_samples=400,
                                                                warmup=200, rng=1),
    "bayesian_hierarchical_pairs": lambda s: ac.bayesian_hierarchical_pairs(_runs(s).select(algorithms=list("ABC")),
                                                                            rope=0.1 * s, n_samples=400, warmup=200,
                                                                            rng=1),
    "normality": lambda s: ac.normality(_runs(s)),
    "homoscedasticity": lambda s: ac.homoscedasticity(_runs(s)),
    "check_assumptions": lambda s: ac.check_assumptions(_runs(s)),
    "dominance": lambda s: ac.dominance(_runs(s), instance=0),
    "per_instance": lambda s: ac.per_instance(_runs(s), "A", "B"),
    "win_tie_loss": lambda s: ac.win_tie_loss(_runs(s), "A", test="welch"),
    "describe": lambda s: _runs(s).describe(),
    "describe_per_instance": lambda s: _runs(s).describe(per_instance=True),
    "describe_table": lambda s: ac.Results.from_array(TABLE * s, algorithms=list("ABCD")).describe(),
    "borda": lambda s: ac.borda(_table(s)),
    "consensus": lambda s: ac.consensus(_table(s)),
    "instance_rankings": lambda s: ac.instance_rankings(_table(s)),
    "copeland": lambda s: ac.copeland(_table(s)),
    "condorcet": lambda s: ac.condorcet(_table(s), cycles="tie"),
    "majority_relation": lambda s: ac.majority_relation(_table(s)),
    "cook_seiford": lambda s: ac.cook_seiford(_table(s)),
    "paired_comparison_consensus": lambda s: ac.paired_comparison_consensus(_table(s), delta="JMB", orders="weak"),
    "ranking_distances": lambda s: ac.ranking_distances(_table(s), "jaccard"),
    "cluster_rankings": lambda s: ac.cluster_rankings(_table(s), n_clusters=2),
    "relative_deviation": lambda s: ac.relative_deviation(_table(s)),
    "zemel_measure": lambda s: ac.zemel_measure(_table(s)),
    "kruskal_wallis": lambda s: ac.kruskal_wallis({"x": X * s, "y": Y * s, "z": X[:9] * s + s}),
    "anderson_darling": lambda s: ac.anderson_darling({"x": X * s, "y": Y * s, "z": X[:9] * s + s}),
    "one_way_anova": lambda s: ac.one_way_anova({"x": X * s, "y": Y * s, "z": X[:9] * s + s}),
    "welch_anova": lambda s: ac.welch_anova({"x": X * s, "y": Y * s, "z": X[:9] * s + s}),
    "mack_wolfe": lambda s: ac.mack_wolfe({"x": X * s, "y": Y * s, "z": X[:9] * s + s}, n_resamples=99, rng=1),
    "osrt": lambda s: ac.osrt({"x": X * s, "y": Y * s, "z": X[:9] * s + s}, n_resamples=99, rng=1),
    "corrected_ttest": lambda s: ac.corrected_ttest(X * s, Y * s, runs=2),
    "bayesian_correlated_ttest": lambda s: ac.bayesian_correlated_ttest(X * s, Y * s, 0.1 * s, runs=2),
}

#: statistics that report sums of squares in the data's squared units: refused with the reason
REFUSED = {
    "permutation_test": lambda s: ac.permutation_test(_table(s), rng=1),
    "msd_intervals": lambda s: ac.msd_intervals(_table(s), rng=1),
}

#: public callables of ``ac.__all__`` that take no samples of results (or only render reports of them)
NOT_SAMPLE_STATISTICS = {
    "adjust_pvalues", "as_ranking", "calc_instances", "calc_nreps", "classify_order", "critical_difference",
    "export_figures", "export_tables", "figure_views", "format_ranking", "frame_to_html", "frame_to_latex",
    "fwer_of_pairwise", "instance_power_curve", "list_datasets", "load_dataset", "magnitude", "order_properties",
    "power", "power_curve", "rank_sum_difference_pvalue", "ranking_from_relation", "read", "read_frame", "reading",
    "register_figure", "render_report", "run_experiment", "sample_size", "severity", "severity_from_se",
    "simulate_runs", "symdiff_distance", "read_log", "t_power", "write_report", "z_power",
    # take samples, checked elsewhere: check_* and kemeny through consensus; bootstrap_means and calc_se
    # draw resamples of one algorithm's runs (tests/samplesize); convergence_page compares curves
    "check_iia", "check_majority", "check_pareto", "kemeny", "bootstrap_means", "calc_se", "convergence_page",
    "compact_letters",  # reads a matrix of decisions (booleans), not samples
    "simes_test", "fisher_combination",  # read p-values, not samples
    "read_experiment_dir",  # reads files
    "ranking_distance",  # two rankings, not samples
    "majority",  # the ranking of majority_relation (listed above), where the relation is one
    "posthoc_power",  # simulates a design (means, sd), takes no samples
    "rm_anova_power",  # a design (f, N, k), takes no samples
    "read_cec", "cec_checkpoints",  # read files / give a competition's checkpoints (anytime data)
    "read_iohprofiler", "read_coco",  # read files (anytime data)
    "read_anytime", "detect_format",  # read files of any anytime format / name the format
    "ert_table", "ert_table_frame",  # render an ERTResult as a paper table
    "render_anytime_report", "write_anytime_report",  # render a report of anytime data
    "table_targets", "common_budget",  # anytime data: targets / a budget chosen from the logs (no sample statistic)
    "table_ert",  # counts evaluations to targets, as ert (anytime data; no sample statistic)
    "read_nevergrad", "read_coco_biobj",  # read files (anytime data: Nevergrad CSVs, COCO bbob-biobj exdata)
    "ert",  # counts evaluations to targets given in the data's units (anytime data; no sample statistic)
    "fixed_budget", "ert_curve",  # anytime data: values summarised in their own units / evaluations to targets
    "performance_profile", "data_profile",  # anytime data: ratios of costs / evaluations to a relative target
    "budget_grid",  # gives budgets (evaluations) where every run has a value, not a statistic of values
    "runtime_ecdf", "ecdf_targets", "ecdf_auc",  # anytime data: fractions of targets reached by budgets, targets
}


def _public_callables() -> set[str]:
    names = set()
    for name in ac.__all__:
        try:
            obj = getattr(ac, name)
        except (AttributeError, ImportError):  # pragma: no cover - a module mid-move in another area
            continue
        if callable(obj) and not inspect.isclass(obj):
            names.add(name)
    return names


def test_every_public_statistic_is_listed():
    listed = set(SAMPLE_STATISTICS) | set(REFUSED) | NOT_SAMPLE_STATISTICS
    missing = sorted(_public_callables() - listed)
    assert not missing, f"add these public callables to a list of tests/bounded/test_scale_policy.py: {missing}"


def _numbers(obj, path: str = "") -> dict[str, float]:
    """Every real number a result reports, by a path naming where it is."""
    out: dict[str, float] = {}
    if isinstance(obj, bool | np.bool_ | str) or obj is None or path.endswith("elapsed"):  # elapsed: a time
        return out
    if isinstance(obj, int | float | np.integer | np.floating):
        out[path] = float(obj)
    elif isinstance(obj, pd.DataFrame):
        for column in obj.columns:
            if pd.api.types.is_numeric_dtype(obj[column]) and not pd.api.types.is_bool_dtype(obj[column]):
                for i, value in enumerate(obj[column].to_numpy(dtype=float)):
                    out[f"{path}[{column}][{i}]"] = float(value)
    elif isinstance(obj, pd.Series):
        if pd.api.types.is_numeric_dtype(obj) and not pd.api.types.is_bool_dtype(obj):
            for i, value in enumerate(obj.to_numpy(dtype=float)):
                out[f"{path}[{i}]"] = float(value)
    elif isinstance(obj, np.ndarray):
        if obj.dtype.kind in "iuf" and obj.size <= 10_000:
            for i, value in enumerate(obj.ravel()):
                out[f"{path}[{i}]"] = float(value)
    elif isinstance(obj, ac.Results):
        out.update(_numbers(obj.values(), path))
    elif isinstance(obj, dict):
        for key, value in obj.items():
            out.update(_numbers(value, f"{path}.{key}"))
    elif isinstance(obj, list | tuple):
        for i, value in enumerate(obj):
            out.update(_numbers(value, f"{path}[{i}]"))
    elif dataclasses.is_dataclass(obj):
        for field in dataclasses.fields(obj):
            out.update(_numbers(getattr(obj, field.name), f"{path}.{field.name}"))
    return out


def _matches(base: float, scaled: float, factor: float) -> bool:
    """``scaled`` is ``base`` (scale-invariant) or ``base × factor`` (in the data's units)."""
    if math.isnan(base):
        return math.isnan(scaled)
    if math.isinf(base):
        return scaled == base
    if base == 0:
        return scaled == 0
    return math.isclose(scaled, base, rel_tol=1e-8) or math.isclose(scaled, base * factor, rel_tol=1e-8)


@pytest.mark.parametrize("factor", FACTORS, ids=["x1e300", "x1e-300"])
@pytest.mark.parametrize("name", sorted(SAMPLE_STATISTICS))
def test_same_answer_on_scaled_data(name, factor):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # an overflow or underflow is a failure, not a warning
        base_result, scaled_result = SAMPLE_STATISTICS[name](1.0), SAMPLE_STATISTICS[name](factor)
    base, scaled = _numbers(base_result), _numbers(scaled_result)
    assert base.keys() == scaled.keys()
    if not base:  # rankings and orders only: the same labels in the same order
        assert repr(scaled_result) == repr(base_result)
        return
    wrong = {path: (base[path], scaled[path]) for path in base if not _matches(base[path], scaled[path], factor)}
    assert not wrong, f"{name} on data x {factor:g}: neither unchanged nor scaled: {wrong}"


@pytest.mark.parametrize("factor", FACTORS, ids=["x1e300", "x1e-300"])
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_squared_units_are_refused_with_the_reason(name, factor):
    REFUSED[name](1.0)  # the data itself is fine
    with pytest.raises(ValueError, match=r"sums of squared values.*power of ten") as info:
        REFUSED[name](factor)
    assert "\n" not in str(info.value)


def test_scaling_is_exact_and_applied_only_outside_the_safe_band():
    values = np.array([3.0, -1.5, 0.25])
    (same,), exponent = _scaling.unit_scaled(values)
    assert exponent == 0 and same is not None and np.array_equal(same, values)
    (unit,), exponent = _scaling.unit_scaled(values * 2.0 ** 600)
    assert exponent == 602 and np.array_equal(unit, values / 4) and np.abs(unit).max() < 1
    (unit,), exponent = _scaling.unit_scaled(values * 2.0 ** -700)
    assert exponent == -698 and np.array_equal(unit, values / 4)
    assert _scaling.scaled_back(0.75, exponent) == 3.0 * 2.0 ** -700
    (tiny_and_huge,), exponent = _scaling.headroom_scaled(np.array([1e308, 1e-300]))
    assert exponent == 3 and tiny_and_huge[1] == 1e-300 / 8  # no unit scale: the small value keeps its digits
    assert _scaling.headroom_scaled(np.array([1e300]))[1] == 0
    assert list(_scaling.unit_exponents([0.0, 1.0, 2.0 ** 300, math.nan])) == [0, 0, 301, 0]


@pytest.mark.parametrize("paired", [False, True])
def test_median_difference_near_the_float_limit(paired):
    """x − y and the Walsh averages of values near 1.8e308 overflowed (RuntimeWarning, an
    infinite or NaN estimate): they are taken on the values divided by 8, then scaled back."""
    x = np.array([1.7e308, -1.6e308, 1.2e308, -1.5e308, 1.0e308, 0.3e308])
    y = -x[::-1] * 0.9
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        near_limit = ac.median_difference_ci(x, y, paired=paired)
        curve = ac.confidence_curve(x, y, paired=paired)
    reference = ac.median_difference_ci(x / 2.0 ** 10, y / 2.0 ** 10, paired=paired)
    assert math.isfinite(near_limit.estimate)
    assert near_limit.estimate == reference.estimate * 2.0 ** 10 == curve.estimate
