"""Result objects of the permutation area."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd

from algocompare._results import BaseResult, TestResult, internal

__all__ = ["PermutationTestResult", "MSDResult"]


@dataclass(frozen=True, kw_only=True)
class PermutationTestResult(TestResult):
    """A permutation test of "all algorithms perform the same" in a block design.

    ``statistic`` is the F ratio or S (``statistic_name``); ``pvalue`` is the permutation
    p-value (exact, or Monte Carlo (b + 1)/(m + 1), see ``procedure``). The parametric
    ANOVA (and, in Design 1, the Friedman test) on the same data are given for comparison.

    Attributes
    ----------
    statistic : float
        The statistic (``statistic_name``: ``"F"`` or ``"sum_squares"``).
    pvalue : float
        Its permutation p-value.
    alternative : str
        ``"two-sided"``: "not all algorithms perform the same" (large values of the
        statistic are the evidence against it).
    statistic_name : str
        ``"F"`` or ``"sum_squares"``.
    design : str
        ``"blocks"`` (Design 1, one value per cell) or ``"runs"`` (Design 2).
    variant : str or None
        ``"constrained"`` or ``"unconstrained"`` synchronized permutations (Design 2).
    procedure : str
        ``"exact"`` or ``"monte_carlo"``; ``exact`` says the same as a bool.
    exact : bool
        Whether every rearrangement was enumerated.
    n_resamples : float
        Rearrangements enumerated or drawn.
    n_permutations : float
        Size of the permutation space.
    min_pvalue : float
        The smallest p-value this procedure can return on this design.
    n_algorithms : int
        Number of algorithms.
    n_instances : int
        Number of instances.
    n_runs : int
        Runs per algorithm and instance (1 in Design 1).
    sum_squares : float
        S' (Design 1) or S (Design 2).
    f_statistic : float
        The parametric F statistic with the MSE named by ``mse``.
    f_df1 : float
        Its numerator degrees of freedom.
    f_df2 : float
        Its denominator degrees of freedom.
    f_pvalue : float
        Its p-value.
    mse : str or None
        ``"interaction"`` or ``"additive"`` (Design 2).
    f_pvalue_additive : float or None
        Parametric p-value with the additive model's MSE (Design 2).
    f_pvalue_interaction : float or None
        Parametric p-value with the within-cell MSE (Design 2).
    friedman_statistic : float or None
        Friedman's statistic on the same table (Design 1).
    friedman_pvalue : float or None
        Its p-value.
    null_distribution : numpy.ndarray or None
        The permutation distribution of the statistic (internal).

    See Also
    --------
    permutation_test : the test that returns it.
    MSDResult : the simultaneous intervals of the same design.

    References
    ----------
    .. [1] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.
    .. [2] Pesarin, F., Salmaso, L. (2010). *Permutation Tests for Complex Data: Theory,
       Applications and Software*. John Wiley & Sons, Chichester.

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10, 10, 12], n_instances=4, n_runs=5, rng=1)
    >>> r = ac.permutation_test(sim.results, rng=0)
    >>> r.statistic_name, r.n_algorithms, r.n_runs
    ('F', 3, 5)
    """

    kind: ClassVar[str] = "permutation"

    statistic_name: str
    #: "blocks" (Design 1, one run per cell) or "runs" (Design 2, synchronized permutations)
    design: str
    #: "constrained" or "unconstrained" synchronized permutations (Design 2), else None
    variant: str | None
    #: "exact" or "monte_carlo"
    procedure: str
    exact: bool
    #: rearrangements enumerated (exact) or drawn (Monte Carlo)
    n_resamples: float
    #: size of the permutation space ((k!)^b, C(2r, r) or sum_nu C(r, nu)^(2b))
    n_permutations: float
    #: the smallest p-value this procedure can return on this design
    min_pvalue: float
    n_algorithms: int
    n_instances: int
    n_runs: int
    #: S' (Design 1) or S (Design 2)
    sum_squares: float
    #: parametric F with the MSE named by ``mse`` (eq. 1 / eq. 2)
    f_statistic: float
    f_df1: float
    f_df2: float
    f_pvalue: float
    mse: str | None
    #: parametric p-values with both MSE variants of eq. 2 (Design 2), else None
    f_pvalue_additive: float | None = None
    f_pvalue_interaction: float | None = None
    #: Friedman test on the same table (Design 1), else None
    friedman_statistic: float | None = None
    friedman_pvalue: float | None = None
    null_distribution: np.ndarray | None = internal()

    def __str__(self) -> str:
        head = super().__str__()
        kind = "exact" if self.exact else f"Monte Carlo, {int(self.n_resamples)} resamples"
        return f"{head}\n  ({kind}; smallest attainable p-value {self.min_pvalue:.4g})"


@dataclass(frozen=True, kw_only=True)
class MSDResult(BaseResult):
    """Simultaneous all-pairwise intervals as minimum significant differences (MSD).

    Two algorithms differ when their estimated effects differ by more than the MSD, i.e.
    when their bars ``effect ± MSD/2`` do not overlap (Chiarandini et al. 2005, Fig. 3).

    Attributes
    ----------
    alpha : float
        Family-wise level.
    design : str
        ``"blocks"`` (Design 1) or ``"runs"`` (Design 2).
    variant : str or None
        The synchronized permutations of Design 2, else None.
    mse : str
        ``"interaction"`` or ``"additive"``: the MSE of the parametric and rank MSDs.
    parametric : str
        Which parametric MSD is drawn: ``"tukey"`` or ``"scheffe"``.
    rank_method : str
        ``"conover"`` or ``"tukey"`` on the ranks.
    effects : pandas.Series
        Mean of each algorithm over instances (and runs), in the data's units.
    mean_ranks : pandas.Series
        Mean within-instance rank of each algorithm (1 = best).
    msd_tukey : float
        Tukey's HSD minimum significant difference.
    msd_scheffe : float
        Scheffé's minimum significant difference.
    msd_permutation : float
        The permutation minimum significant difference.
    msd_rank : float
        The rank-based minimum significant difference (on mean ranks).
    mse_value : float
        The mean squared error of the parametric MSDs, with ``df_error`` degrees of freedom.
    df_error : int
        Degrees of freedom of ``mse_value``.
    permutation_exact : bool
        Whether the permutation MSD enumerated every rearrangement.
    n_resamples : float
        Rearrangements enumerated or drawn.
    direction : str
        Direction of the effects (``"minimize"``: lower is better).
    null_msd : numpy.ndarray or None
        The permutation distribution of the largest difference (internal).

    See Also
    --------
    msd_intervals : the function that returns it.
    algocompare.plots.msd_plot : its figure (``result.plot()``).

    References
    ----------
    .. [1] Chiarandini, M., Basso, D., Stützle, T. (2005). Statistical methods for the
       comparison of stochastic optimizers. In *MIC2005: The Sixth Metaheuristics International
       Conference*, Vienna, Austria, August 22–26, 2005.
    .. [2] Hsu, J. C. (1996). *Multiple Comparisons: Theory and Methods*. Chapman & Hall,
       London.

    Examples
    --------
    >>> import algocompare as ac
    >>> sim = ac.simulate_runs([10, 10, 14], n_instances=4, n_runs=5, rng=1)
    >>> r = ac.msd_intervals(sim.results, rng=0)
    >>> list(r.intervals()["panel"].unique())
    ['Parametric (Tukey HSD)', 'Permutation', 'Rank-based (Friedman)']
    """

    kind: ClassVar[str] = "interval"

    alpha: float
    design: str
    variant: str | None
    mse: str
    #: which parametric MSD is drawn: "tukey" or "scheffe"
    parametric: str
    #: "conover" (t, Conover 1999) or "tukey" (studentized range) on the ranks
    rank_method: str
    #: mean of each algorithm over instances (and runs), in the data's units
    effects: pd.Series
    #: mean within-instance rank of each algorithm (rank 1 = best)
    mean_ranks: pd.Series
    msd_tukey: float
    msd_scheffe: float
    msd_permutation: float
    msd_rank: float
    mse_value: float
    df_error: int
    permutation_exact: bool
    #: rearrangements enumerated (exact) or drawn (Monte Carlo; ``null_msd`` adds the observed one)
    n_resamples: float
    #: direction of the effects ("minimize": lower is better)
    direction: str = "minimize"
    null_msd: np.ndarray | None = internal()

    @property
    def msd_parametric(self) -> float:
        return self.msd_tukey if self.parametric == "tukey" else self.msd_scheffe

    def panels(self) -> list[tuple[str, pd.Series, float]]:
        """(title, effects, MSD) for the three panels of Fig. 3."""
        name = "Tukey HSD" if self.parametric == "tukey" else "Scheffé"
        return [(f"Parametric ({name})", self.effects, self.msd_parametric),
                ("Permutation", self.effects, self.msd_permutation),
                ("Rank-based (Friedman)", self.mean_ranks, self.msd_rank)]

    def intervals(self) -> pd.DataFrame:
        """One row per algorithm and panel: ``estimate`` and the ends ``ci_low``, ``ci_high``
        of its bar ``effect ± MSD/2`` (formerly ``lower``/``upper``)."""
        rows = []
        for title, effects, msd in self.panels():
            for alg, value in effects.items():
                rows.append({"panel": title, "algorithm": alg, "estimate": float(value),
                             "ci_low": float(value - msd / 2), "ci_high": float(value + msd / 2)})
        return pd.DataFrame(rows)

    def to_frame(self) -> pd.DataFrame:
        """All pairs: differences of effects and of mean ranks, and the decisions at ``alpha``.

        ``reject`` is the decision of the permutation MSD, the procedure of the result
        (Algorithm 2: ``|difference| > msd_permutation``); ``permutation``, ``parametric``
        and ``rank`` are each MSD's decision, side by side, as 0.1 named them.
        """
        algs = list(self.effects.index)
        rows = []
        for a in range(len(algs)):
            for b in range(a + 1, len(algs)):
                diff = float(self.effects.iloc[a] - self.effects.iloc[b])
                rdiff = float(self.mean_ranks.iloc[a] - self.mean_ranks.iloc[b])
                rows.append({"algorithm_a": algs[a], "algorithm_b": algs[b], "difference": diff,
                             "rank_difference": rdiff,
                             "reject": abs(diff) > self.msd_permutation,
                             "permutation": abs(diff) > self.msd_permutation,
                             "parametric": abs(diff) > self.msd_parametric,
                             "rank": abs(rdiff) > self.msd_rank})
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        lines = [self.method,
                 f"  alpha {self.alpha:g}; MSD Tukey {self.msd_tukey:.4g}, Scheffé {self.msd_scheffe:.4g}, "
                 f"permutation {self.msd_permutation:.4g} ({'exact' if self.permutation_exact else 'Monte Carlo'}), "
                 f"rank {self.msd_rank:.4g} (on mean ranks)"]
        table = pd.DataFrame({"mean": self.effects, "mean_rank": self.mean_ranks})
        lines += self._dropped_lines()
        lines += ["  " + line for line in table.to_string(float_format=lambda x: f"{x:.4g}").splitlines()]
        return "\n".join(lines)
