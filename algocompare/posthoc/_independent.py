"""Post-hoc tests for k independent samples: the runs of k algorithms on one instance.

The pair statistics of ``posthoc(runs, test="dunn" | "conover_iman" | "dscf" |
"kruskal_nemenyi" | "mannwhitney")``, registered in :mod:`algocompare.posthoc._registry` with
``design="groups"``. Each gets the runs as a runs × algorithms array, oriented (lower = better)
and NaN below each algorithm's last run, and returns (statistic, p-value) for the pairs
(a, b) at once, the statistic positive when algorithm_a is better.

All are computed here in numpy, vectorised over the pairs, rather than by scikit-posthocs,
which builds the k × k matrix, returns p-values only and imports matplotlib and seaborn; the
tests cross-check every p-value against scikit-posthocs and against PMCMRplus' definitions
restated in base R (``tests/reference/k_sample.R``).

Conventions (checked against PMCMRplus 1.9, scikit-posthocs 0.11 and the papers):

* ranks are the mid-ranks of all N runs (Kruskal–Wallis ranks), except for ``dscf`` and
  ``mannwhitney``, which rank each pair's two samples alone;
* p-values are two-sided; no continuity correction except Mann–Whitney's (scipy's default,
  as scikit-posthocs ``posthoc_mannwhitney``);
* ``p_adjust="nemenyi"`` is each test's single-step adjustment over the studentized range
  of k means: P(Q_{k,∞} >= √2|z|) for the z tests (PMCMRplus ``dscfAllPairsTest``,
  ``kwAllPairsNemenyiTest(dist = "Tukey")``), P(Q_{k,N−k} >= √2|t|) for Conover–Iman
  (PMCMRplus ``kwAllPairsConoverTest(p.adjust.method = "single-step")``), and for
  ``kruskal_nemenyi(dist="chisquare")`` Nemenyi's chi-square criterion P(χ²_{k−1} >= z²)
  (PMCMRplus ``dist = "Chisquare"``, scikit-posthocs ``posthoc_nemenyi`` default).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats
from scipy.stats import norm

from algocompare._scaling import standardised
from algocompare.posthoc._adjust import studentized_range_sf

__all__ = ["GroupRanks", "group_ranks", "z_standard_error", "dunn_pairs", "conover_iman_pairs", "dscf_pairs",
           "kruskal_nemenyi_pairs", "mannwhitney_pairs", "conover_iman_single_step", "kruskal_nemenyi_single_step"]


@dataclass(frozen=True)
class GroupRanks:
    """What the pairs share: the Kruskal–Wallis ranks of all N runs and their summaries."""

    #: runs × algorithms, the rank of each run among all N (NaN where there is no run)
    ranks: np.ndarray
    #: runs per algorithm
    sizes: np.ndarray
    #: mean rank per algorithm (1..N scale, 1 = best)
    mean_ranks: np.ndarray
    #: N, all runs
    n: int
    #: Σ (t³ − t) over the groups of tied values
    tie_sum: float

    @property
    def tie_correction(self) -> float:
        """C = 1 − Σ(t³ − t)/(N³ − N), 1 without ties."""
        return 1.0 - self.tie_sum / (self.n ** 3 - self.n)

    def z_scale(self, a: np.ndarray, b: np.ndarray, *, ties: bool = True) -> np.ndarray:
        """sqrt(Var(R̄_a − R̄_b)) = sqrt((N(N+1)/12 − Σ(t³−t)/(12(N−1))) (1/n_a + 1/n_b)) (Dunn 1964)."""
        variance = self.n * (self.n + 1.0) / 12.0 - (self.tie_sum / (12.0 * (self.n - 1.0)) if ties else 0.0)
        return np.sqrt(max(variance, 0.0) * (1.0 / self.sizes[a] + 1.0 / self.sizes[b]))


def z_standard_error(shared: GroupRanks, options: Any) -> float | None:
    """The standard error every pair of Dunn's or Nemenyi's (Tukey) z shares when the run counts
    are equal (a critical difference exists), else None: unequal counts, or Nemenyi's chi-square form."""
    if not np.all(shared.sizes == shared.sizes[0]) or options.get("dist", "tukey") != "tukey":
        return None
    ties = _ties(options) if "dist" in options else True
    return float(shared.z_scale(np.array([0]), np.array([1]), ties=ties)[0])


def group_ranks(values: np.ndarray) -> GroupRanks:
    """The Kruskal–Wallis ranks of the runs × algorithms array (NaN: no run)."""
    present = ~np.isnan(values)
    flat = values[present]
    ranks = np.full(values.shape, np.nan)
    ranks[present] = stats.rankdata(flat)
    _, counts = np.unique(flat, return_counts=True)
    sizes = present.sum(axis=0)
    if flat.size <= sizes.size:
        raise ValueError(f"{flat.size} runs for {sizes.size} algorithms; the rank post-hoc tests need more runs "
                         "than algorithms.")
    return GroupRanks(ranks=ranks, sizes=sizes, mean_ranks=np.nansum(ranks, axis=0) / sizes, n=int(flat.size),
                      tie_sum=float(np.sum(counts.astype(float) ** 3 - counts)))


def _two_sided_normal(z: np.ndarray) -> np.ndarray:
    return np.minimum(1.0, 2.0 * norm.sf(np.abs(z)))


def dunn_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
               context: Any) -> tuple[np.ndarray, np.ndarray]:
    """Dunn's (1964) z = (R̄_b − R̄_a) / sqrt((N(N+1)/12 − Σ(t³−t)/(12(N−1))) (1/n_a + 1/n_b)).

    Tie-corrected, two-sided normal p-values: PMCMRplus ``kwAllPairsDunnTest`` /
    ``kwManyOneDunnTest`` and scikit-posthocs ``posthoc_dunn``.
    """
    g: GroupRanks = context.detail
    z = standardised(g.mean_ranks[b] - g.mean_ranks[a], g.z_scale(a, b))
    return z, _two_sided_normal(z)


def conover_iman_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                       context: Any) -> tuple[np.ndarray, np.ndarray]:
    """Conover & Iman's (1979) t = (R̄_b − R̄_a) / sqrt(S² (N − 1 − H)/(N − k) (1/n_a + 1/n_b)).

    S² = (Σ r² − N(N+1)²/4)/(N − 1) (N(N+1)/12 without ties), H the tie-corrected
    Kruskal–Wallis statistic, two-sided t p-values on N − k df: PMCMRplus
    ``kwAllPairsConoverTest`` with a ``p.adjust.method`` of ``p.adjust`` and scikit-posthocs
    ``posthoc_conover``.
    """
    g: GroupRanks = context.detail
    k = g.sizes.size
    t, _ = _conover_t(g, a, b)
    return t, 2.0 * stats.t.sf(np.abs(t), g.n - k)


def _conover_t(g: GroupRanks, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, int]:
    n, k = g.n, g.sizes.size
    ranks = g.ranks[~np.isnan(g.ranks)]
    s2 = (np.sum(ranks ** 2) - n * (n + 1.0) ** 2 / 4.0) / (n - 1.0)
    sums = g.mean_ranks * g.sizes
    h = 12.0 / (n * (n + 1.0)) * np.sum(sums ** 2 / g.sizes) - 3.0 * (n + 1.0)
    h = h / g.tie_correction if g.tie_correction > 0 else 0.0
    scale = np.sqrt(max(s2 * (n - 1.0 - h) / (n - k), 0.0) * (1.0 / g.sizes[a] + 1.0 / g.sizes[b]))
    return standardised(g.mean_ranks[b] - g.mean_ranks[a], scale), n - k


def conover_iman_single_step(statistic: np.ndarray, k: int, context: Any) -> np.ndarray:
    """P(Q_{k, N−k} >= √2 |t|): PMCMRplus ``kwAllPairsConoverTest``'s default ``"single-step"``."""
    g: GroupRanks = context.detail
    q = np.sqrt(2.0) * np.abs(statistic)
    out = np.zeros_like(q)
    finite = np.isfinite(q)
    out[finite] = stats.studentized_range.sf(q[finite], k, g.n - k)
    return np.clip(out, 0.0, 1.0)


def dscf_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
               context: Any) -> tuple[np.ndarray, np.ndarray]:
    """Dwass–Steel–Critchlow–Fligner: the rank-sum z of each pair, its two samples ranked alone.

    z = (U_ab − n_a n_b/2) / sqrt(n_a n_b/(S(S−1)) ((S³ − S)/12 − Σ(t³ − t)/12)), S = n_a + n_b,
    U_ab = #(run of a < run of b) + #ties/2 (tie-corrected, no continuity correction), with
    the two-sided normal p-value. ``p_adjust="nemenyi"`` gives Critchlow & Fligner's (1991)
    single-step test P(Q_{k,∞} >= √2|z|): PMCMRplus ``dscfAllPairsTest`` and scikit-posthocs
    ``posthoc_dscf``, whose statistic is √2 (U_min − n_a n_b/2)/σ, −√2|z|.
    """
    u = _u_matrix(values)[a, b]
    sizes = (~np.isnan(values)).sum(axis=0).astype(float)
    na, nb = sizes[a], sizes[b]
    s = na + nb
    variance = na * nb / (s * (s - 1.0)) * ((s ** 3 - s) / 12.0 - _pair_tie_sums(values)[a, b] / 12.0)
    z = standardised(u - na * nb / 2.0, np.sqrt(np.maximum(variance, 0.0)))
    return z, _two_sided_normal(z)


def _u_matrix(values: np.ndarray) -> np.ndarray:
    """U[i, j] = Σ over runs y of j of (#runs of i below y + #runs of i equal to y / 2)."""
    k = values.shape[1]
    columns = [np.sort(values[~np.isnan(values[:, i]), i]) for i in range(k)]
    u = np.zeros((k, k))
    for i, column in enumerate(columns):
        below = np.searchsorted(column, values, side="left")
        at_or_below = np.searchsorted(column, values, side="right")
        counts = np.where(np.isnan(values), 0.0, 0.5 * (below + at_or_below))
        u[i] = counts.sum(axis=0)
    return u


def _pair_tie_sums(values: np.ndarray) -> np.ndarray:
    """T[i, j] = Σ_v ((c_i(v) + c_j(v))³ − (c_i(v) + c_j(v))), c_i(v) = runs of i equal to v."""
    present = ~np.isnan(values)
    distinct, where, total = np.unique(values[present], return_inverse=True, return_counts=True)
    k = values.shape[1]
    shared = total > 1  # a value seen once in all the runs is never tied within a pair: it adds 1 - 1 = 0
    keep = shared[where]
    columns = np.nonzero(present)[1][keep]
    counts = np.zeros((k, int(shared.sum())))
    np.add.at(counts, (columns, np.cumsum(shared)[where[keep]] - 1), 1.0)
    cubes, squares, sizes = (counts ** 3).sum(axis=1), counts ** 2, counts.sum(axis=1)  # over the shared values
    cross = 3.0 * (squares @ counts.T + counts @ squares.T)
    return cubes[:, None] + cubes[None, :] + cross - sizes[:, None] - sizes[None, :]


def kruskal_nemenyi_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                          context: Any) -> tuple[np.ndarray, np.ndarray]:
    """Nemenyi's (Tukey–Kramer type) z = (R̄_b − R̄_a) / sqrt(N(N+1)/12 (1/n_a + 1/n_b)).

    Without the tie correction unless ``tie_correction=True`` (PMCMRplus ``kwAllPairsNemenyiTest``
    and scikit-posthocs ``posthoc_nemenyi`` leave the Tukey version uncorrected and divide
    the chi-square version by C: ``tie_correction=None``, the default, does the same).
    The ``pvalue`` column is the two-sided normal p of z; ``p_adjust="nemenyi"`` (this
    test's default) gives the single-step simultaneous p-values of ``dist``.
    """
    g: GroupRanks = context.detail
    ties = _ties(context.options)
    z = standardised(g.mean_ranks[b] - g.mean_ranks[a], g.z_scale(a, b, ties=ties))
    return z, _two_sided_normal(z)


def _ties(options: Any) -> bool:
    """Nemenyi's tie correction: as asked, else (None) only in the chi-square form (PMCMRplus, scikit-posthocs)."""
    ties = options["tie_correction"]
    return options["dist"] == "chisquare" if ties is None else bool(ties)


def kruskal_nemenyi_single_step(statistic: np.ndarray, k: int, context: Any) -> np.ndarray:
    """Tukey: P(Q_{k,∞} >= √2|z|); chi-square: P(χ²_{k−1} >= z²) (Nemenyi's criterion)."""
    if context.options["dist"] == "chisquare":
        return stats.chi2.sf(np.asarray(statistic, dtype=float) ** 2, k - 1)
    return studentized_range_sf(np.sqrt(2.0) * np.abs(statistic), k)


def mannwhitney_pairs(values: np.ndarray, a: np.ndarray, b: np.ndarray,
                      context: Any) -> tuple[np.ndarray, np.ndarray]:
    """U of algorithm_b over algorithm_a (#(b > a) + ties/2: large = algorithm_a better) and the
    two-sided p-value of ``scipy.stats.mannwhitneyu`` (options ``use_continuity`` and ``method``,
    scipy's defaults as scikit-posthocs ``posthoc_mannwhitney``: the continuity correction, exact
    for fewer than 9 runs in both samples without ties)."""
    options = dict(context.options)
    columns = [values[~np.isnan(values[:, j]), j] for j in range(values.shape[1])]
    u = _u_matrix(values)  # U[i, j]: runs of j above runs of i
    pvalues = np.array([stats.mannwhitneyu(columns[i], columns[j], alternative="two-sided", **options).pvalue
                        if np.ptp(np.r_[columns[i], columns[j]]) > 0 else 1.0 for i, j in zip(a, b, strict=True)])
    return u[a, b], pvalues
