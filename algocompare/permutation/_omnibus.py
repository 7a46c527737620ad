"""``permutation_test``: the omnibus permutation test for both designs of Chiarandini et al. (2005)."""

from __future__ import annotations

from typing import Any

import numpy as np

from algocompare import _validation as v
from algocompare._options import N_RESAMPLES
from algocompare.permutation import _resampling as rs
from algocompare.permutation._design1 import anova_blocks, design1_null, friedman_blocks, sum_squares_statistic
from algocompare.permutation._input import prepare
from algocompare.permutation._result import PermutationTestResult
from algocompare.permutation._synchronized import MSE_VARIANTS, VARIANTS, anova_runs, pair_statistic, synchronized_null

__all__ = ["permutation_test", "STATISTICS"]

STATISTICS = ("F", "sum_squares")


def permutation_test(data: Any, *, method: str = "auto", statistic: str = "F", n_resamples: int = N_RESAMPLES,
                     variant: str = "constrained", mse: str = "interaction", design: str = "auto",
                     max_exact: int | None = None, rng: Any = None, progress: bool | None = None,
                     direction: str | None = None, nan_policy: str = "raise") -> PermutationTestResult:
    """Permutation test that all algorithms perform the same on a set of instances.

    Chiarandini, Basso & Stützle (2005), §2. With one value per algorithm and instance
    (a wide table) this is **Design 1**: the k values of each instance are permuted, all
    (k!)^b rearrangements equally likely under H0. With several runs per algorithm and
    instance (a long table) it is **Design 2**: synchronized permutations (Algorithm 1;
    Pesarin 2001; Basso et al. 2009), with the statistic of the paper's *text*,
    S = sum_{i<j} (sum_h S_ij|h)^2, S_ij|h = sum_t X_hit - sum_t X_hjt. (The
    pseudo-code of Algorithm 1 squares inside the instance loop, which mixes the
    instance x algorithm interaction into the statistic; see :mod:`.synchronized`.)

    Parameters
    ----------
    data : Results, wide DataFrame or 2-D array
        Converted with :func:`algocompare.data._convert.as_results`.
    method : {"auto", "exact", "monte_carlo"}
        ``"exact"`` enumerates every rearrangement (Design 1: the distribution is the
        convolution over instances of the permuted rows, evaluated by meet in the middle;
        Design 2: the C(2r, r) constrained or sum_nu C(r, nu)^(2b) unconstrained
        outcomes) and raises when that needs more than ``max_exact`` evaluations;
        ``"monte_carlo"`` draws ``n_resamples`` rearrangements, p = (b + 1)/(m + 1);
        ``"auto"`` is exact when feasible and Monte Carlo otherwise. The result's
        ``procedure`` says which was used.
    statistic : {"F", "sum_squares"}
        The reported statistic: the F ratio of eq. (1) (Design 2: with the MSE of eq. 2
        named by ``mse``) or S' = sum_i (sum_h X_hi)^2 (Design 1) / S (Design 2). In
        Design 1, F is an increasing function of S' under within-instance permutations;
        in Design 2, MSA = S / (k b r (k - 1)) and the synchronized rearrangements never
        rebuild a whole data set from which a permuted MSE could be computed, so F is
        referred through S. Both statistics therefore give the same permutation p-value.
    n_resamples : int
        Monte Carlo rearrangements (default 9999, :data:`algocompare._options.N_RESAMPLES`:
        the p-value (b + 1)/(m + 1) then lies on a grid of 1/10000).
    variant : {"constrained", "unconstrained"}
        Design 2 only: constrained synchronized permutations (CSP, the paper's Algorithm 1:
        one choice of r of the 2r pooled labels for every pair and instance) or
        unconstrained ones (USP, Basso et al. 2009: the same number of exchanged labels,
        chosen independently in each instance), which reach alpha = 0.05 with r <= 4.
    mse : {"interaction", "additive"}
        Design 2: the MSE of eq. (2) for the parametric F: within cells (model with
        instance x algorithm interaction, df bk(r - 1)) or residuals of the additive
        model (df bkr - b - k + 1). Both p-values are reported.
    design : {"auto", "blocks", "runs"}
        ``"auto"``: Design 2 when some cell has several runs. ``"blocks"`` forces Design 1
        on the cell means.
    max_exact : int, optional
        Largest exact enumeration (merged state pairs evaluated). Default: 2e6 with
        ``method="auto"`` (Monte Carlo beyond it), 3e8 (about a minute) with
        ``method="exact"``.
    rng : None, int or numpy.random.Generator
        Seed or generator of the Monte Carlo rearrangements.
    progress : bool, optional
        A progress bar over the Monte Carlo batches: ``None`` (default) on a terminal once the
        work has lasted a second, ``True`` always, ``False`` never.
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a Results knows it; a DataFrame or an array is
        taken as "minimize").
    nan_policy : {"raise", "omit"}
        Missing cells raise, or (``"omit"``) drop their instances, recorded in the result's
        ``dropped_instances``.

    Returns
    -------
    PermutationTestResult
        ``statistic``, ``pvalue``, ``procedure``, ``min_pvalue`` (the smallest attainable
        p-value), the parametric F p-values and, in Design 1, the Friedman test.

    See Also
    --------
    msd_intervals : which pairs differ (simultaneous intervals).
    friedman, rm_anova : the rank-based and the parametric omnibus tests.
    relative_deviation, zemel_measure : put instances of different scales on one scale first.

    References
    ----------
    .. [1] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.
    .. [2] Pesarin, F., Salmaso, L. (2010). *Permutation Tests for Complex Data: Theory,
       Applications and Software*. John Wiley & Sons, Chichester.
    .. [3] Basso, D., Pesarin, F., Salmaso, L., Solari, A. (2009). *Permutation Tests for
       Stochastic Ordering and ANOVA: Theory and Applications with R*. Lecture Notes in
       Statistics 194, Springer, New York.

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10, 10, 12], n_instances=4, n_runs=5, rng=1)
    >>> res = ac.permutation_test(sim.results, rng=0)
    >>> res.design, res.procedure, round(res.pvalue, 4)
    ('runs', 'exact', 0.0317)
    """
    method, n_resamples, max_exact = rs.check_method(method, n_resamples, max_exact)
    v.check_option("statistic", statistic, STATISTICS)
    v.check_option("variant", variant, VARIANTS)
    v.check_option("mse", mse, MSE_VARIANTS)
    prepared = prepare(data, design=design, direction=direction, nan_policy=nan_policy)
    gen = np.random.default_rng(rng)
    b, k, r = prepared.shape
    if prepared.kind == "blocks":
        values = prepared.runs[:, :, 0]
        outcome = design1_null(values, method=method, n_resamples=n_resamples, rng=gen, max_exact=max_exact,
                               progress=progress)
        f, df1, df2, fp = anova_blocks(values)
        fried, fried_p = friedman_blocks(values)
        extra: dict[str, Any] = dict(sum_squares=sum_squares_statistic(values), mse=None, variant=None,
                     friedman_statistic=fried, friedman_pvalue=fried_p)
        title = "Permutation test, Design 1 (within-instance permutations)"
    else:
        runs = prepared.runs
        outcome = synchronized_null(runs, variant=variant, method=method, n_resamples=n_resamples, rng=gen,
                                    max_exact=max_exact, progress=progress)
        f, df1, df2, fp = anova_runs(runs, mse)
        totals = runs.sum(axis=(0, 2))
        extra = dict(sum_squares=float(pair_statistic(totals, totals)), mse=mse, variant=variant,
                     f_pvalue_additive=anova_runs(runs, "additive")[3],
                     f_pvalue_interaction=anova_runs(runs, "interaction")[3])
        title = f"Synchronized permutation test, Design 2 ({variant})"
    procedure = "exact" if outcome.exact else "monte_carlo"
    return PermutationTestResult(
        method=f"{title}, {procedure.replace('_', ' ')}",
        statistic=f if statistic == "F" else extra["sum_squares"], pvalue=outcome.pvalue,
        statistic_name=statistic, design=prepared.kind, procedure=procedure, exact=outcome.exact,
        n_resamples=outcome.n_resamples, n_permutations=outcome.n_permutations, min_pvalue=outcome.min_pvalue,
        n_algorithms=k, n_instances=b, n_runs=r, f_statistic=f, f_df1=df1, f_df2=df2, f_pvalue=fp,
        null_distribution=outcome.null, dropped_instances=prepared.dropped, **extra)
