"""The permutation section of ``algocompare analyze`` and of the HTML report (data with runs only)."""

from __future__ import annotations

from typing import Any

from algocompare._results import format_number
from algocompare._sections import AnalysisOptions, Section
from algocompare.data._convert import as_results
from algocompare.permutation._msd import msd_intervals
from algocompare.permutation._omnibus import permutation_test
from algocompare.permutation._reading import permutation_sentence

__all__ = ["SCOPE", "section"]

#: The question the section answers, and its scope (said in the text and in the reading).
SCOPE = ("Question: do the algorithms differ on these {n} instances, beyond run-to-run variation? The test "
         "conditions on the instances (they are fixed, not a sample of problems) and uses the {r} runs per cell "
         "as replicates; it says nothing about other problems.")


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
        test = permutation_test(results, n_resamples=options.n_resamples, rng=options.seed,
                                progress=options.progress)
        msd = msd_intervals(results, alpha=options.alpha, n_resamples=options.n_resamples, rng=options.seed,
                            progress=options.progress)
    except ValueError as err:  # e.g. values too large to square: say so instead of a wrong decision
        return Section(key="permutation", title="Permutation tests (synchronized permutations)",
                       text=f"Synchronized permutation test skipped: {err}", data={"skipped": str(err)})
    how = "exact" if test.exact else f"Monte Carlo, {int(test.n_resamples)} resamples"
    decision = "reject H0" if test.pvalue <= options.alpha else "keep H0"
    lines = [SCOPE.format(n=test.n_instances, r=test.n_runs),
             f"Synchronized permutation test ({test.variant}, {how}): {test.statistic_name} = "
             f"{format_number(test.statistic, 4)}, p = {format_number(test.pvalue, 4)} ({decision}); "
             f"smallest attainable p = {format_number(test.min_pvalue, 4)}",
             f"  (the sum of squares S = {format_number(test.sum_squares, 4)} gives the same permutation p-value)",
             f"Parametric F({test.f_df1:g}, {test.f_df2:g}) = {format_number(test.f_statistic, 4)}: "
             f"p = {format_number(test.f_pvalue, 4)} (MSE with interaction), "
             f"p = {format_number(test.f_pvalue_additive, 4)} (additive MSE)",
             f"Simultaneous MSD at alpha = {options.alpha:g}: Tukey {format_number(msd.msd_tukey, 4)}, "
             f"permutation {format_number(msd.msd_permutation, 4)}, rank-based {format_number(msd.msd_rank, 4)} "
             "(mean ranks)"]
    pairs = msd.to_frame()
    differ = pairs[pairs["reject"]]
    lines.append(f"{len(differ)} of {len(pairs)} pairs differ (permutation MSD)"
                 + (": " + ", ".join(f"{a}-{b}" for a, b in zip(differ["algorithm_a"], differ["algorithm_b"],
                                                                  strict=True))
                    if len(differ) else ""))
    data = {"test": test.to_dict(), "msd": msd.to_dict(), "pairs": pairs.to_dict("records")}
    return Section(key="permutation", title="Permutation tests (synchronized permutations)", text="\n".join(lines),
                   data=data, results={"test": test, "msd": msd}, question=lines[0],
                   reading=(permutation_sentence(test, data["pairs"], options.alpha),))
