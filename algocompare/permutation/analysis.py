"""The permutation section of ``algocompare analyze`` and of the HTML report (data with runs only)."""

from __future__ import annotations

from typing import Any

from algocompare.data.convert import as_results
from algocompare.analysis import AnalysisOptions, Section
from algocompare.permutation.msd import msd_intervals
from algocompare.permutation.omnibus import permutation_test

__all__ = ["section"]


def _unbalanced(results: Any) -> bool:
    counts = results.run_counts().to_numpy()
    return int(counts.min()) != int(counts.max())


def section(results: Any, options: AnalysisOptions) -> Section | None:
    """Synchronized permutation test (Design 2) and the simultaneous MSD intervals (Fig. 3).

    None for data without runs (one value per algorithm and instance) and for unbalanced
    runs, which synchronized permutations cannot handle (the text says so).
    """
    results = as_results(results)
    if not results.has_runs:
        return None
    if _unbalanced(results):
        text = ("Synchronized permutation test skipped: the number of runs differs between cells "
                "(synchronized permutations need a balanced design).")
        return Section(key="permutation", title="Permutation tests (synchronized permutations)", text=text,
                       data={"skipped": "unbalanced runs"})
    try:
        test = permutation_test(results, n_resamples=options.n_resamples, rng=options.seed)
        msd = msd_intervals(results, alpha=options.alpha, n_resamples=options.n_resamples, rng=options.seed)
    except ValueError as err:  # e.g. values too large to square: say so instead of a wrong decision
        return Section(key="permutation", title="Permutation tests (synchronized permutations)",
                       text=f"Synchronized permutation test skipped: {err}", data={"skipped": str(err)})
    how = "exact" if test.exact else f"Monte Carlo, {int(test.n_resamples)} resamples"
    decision = "reject H0" if test.pvalue <= options.alpha else "keep H0"
    lines = [f"Synchronized permutation test ({test.variant}, {how}): S = {test.sum_squares:.6g}, "
             f"p = {test.pvalue:.4g} ({decision}); smallest attainable p = {test.min_pvalue:.3g}",
             f"Parametric F({test.f_df1:g}, {test.f_df2:g}) = {test.f_statistic:.4g}: p = {test.f_pvalue:.4g} "
             f"(MSE with interaction), p = {test.f_pvalue_additive:.4g} (additive MSE)",
             f"Simultaneous MSD at alpha = {options.alpha:g}: Tukey {msd.msd_tukey:.4g}, "
             f"permutation {msd.msd_permutation:.4g}, rank-based {msd.msd_rank:.4g} (mean ranks)"]
    pairs = msd.to_frame()
    differ = pairs[pairs["reject"]]
    if len(differ):
        lines.append("Pairs differing (permutation MSD): "
                     + ", ".join(f"{a}-{b}" for a, b in zip(differ["algorithm_a"], differ["algorithm_b"])))
    data = {"test": test.to_dict(), "msd": msd.to_dict(), "pairs": pairs.to_dict("records")}
    return Section(key="permutation", title="Permutation tests (synchronized permutations)", text="\n".join(lines),
                   data=data, results={"test": test, "msd": msd})
