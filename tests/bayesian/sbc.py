"""Simulation-based calibration (Talts, Betancourt, Simpson, Vehtari & Gelman 2018) for the
package's MCMC samplers.

For each replication: draw theta from the prior, data from the model given theta, then
``L`` posterior draws made near-independent by thinning (by the chains' bulk effective
sample size), and record the rank of theta among them (0 .. L). If the sampler draws from
the exact posterior, each rank is uniform on {0, ..., L} (Talts et al., theorem 1).

Uniformity check (deterministic for a fixed seed): the ranks are grouped into ``bins``
equal bins ((L + 1) divisible by ``bins``) and Pearson's chi-square statistic is compared
with its chi-square(bins - 1) distribution; a parameter passes when its p-value is at least
``alpha / n_parameters`` (Bonferroni over the parameters checked, ``alpha = 0.001`` by
default; with a correct sampler the whole check then fails in at most 1 run in 1000). The
same seed gives the same ranks, so a test built on it is deterministic.

Usage::

    result = run_sbc(prior=..., simulate=..., posterior=..., names=[...],
                     n_replications=200, n_draws=99, rng=1)
    assert result.passed, result.summary()

``prior(rng) -> theta`` (1-D array, one value per checked parameter), ``simulate(theta,
rng) -> data`` and ``posterior(data, rng) -> draws`` with ``draws`` of shape ``(chains,
draws, n_parameters)`` (post warm-up; the parameters in the order of ``theta``).

References
----------
Talts, S., Betancourt, M., Simpson, D., Vehtari, A. & Gelman, A. (2018). Validating Bayesian
inference algorithms with simulation-based calibration. arXiv:1804.06788.
https://arxiv.org/abs/1804.06788
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats

from algocompare.bayesian._diagnostics import ess_bulk

#: Family-wise level of the uniformity check (Bonferroni over the parameters).
SBC_ALPHA = 0.001


@dataclass(frozen=True)
class SBCResult:
    """Ranks of the prior draws among the posterior draws, and their uniformity check."""

    names: tuple[str, ...]
    ranks: np.ndarray          # (n_replications, n_parameters), integers 0 .. n_draws
    n_draws: int
    bins: int
    alpha: float

    @property
    def counts(self) -> np.ndarray:
        """Rank histogram: (bins, n_parameters)."""
        width = (self.n_draws + 1) // self.bins
        binned = self.ranks // width
        return np.stack([np.bincount(binned[:, j], minlength=self.bins) for j in range(self.ranks.shape[1])],
                        axis=1)

    @property
    def chi2(self) -> np.ndarray:
        """Pearson's statistic of each parameter's histogram against uniform."""
        counts = self.counts
        expected = self.ranks.shape[0] / self.bins
        return ((counts - expected) ** 2 / expected).sum(axis=0)

    @property
    def pvalues(self) -> np.ndarray:
        return stats.chi2.sf(self.chi2, self.bins - 1)

    @property
    def passed(self) -> bool:
        return bool(np.all(self.pvalues >= self.alpha / len(self.names)))

    def summary(self) -> str:
        lines = [f"SBC: {self.ranks.shape[0]} replications, L = {self.n_draws}, {self.bins} bins, "
                 f"pass if p >= {self.alpha}/{len(self.names)}"]
        for name, chi2, p, hist in zip(self.names, self.chi2, self.pvalues, self.counts.T, strict=True):
            lines.append(f"  {name}: chi2 = {chi2:.1f}, p = {p:.4f}, histogram = {hist.tolist()}")
        return "\n".join(lines)

    def plot(self, path: str | None = None, *, columns: int = 4, width: float = 7.16) -> Any:
        """Rank histograms with the 99 % band of a uniform histogram (Talts et al., fig. 3)."""
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        n = len(self.names)
        rows = math.ceil(n / columns)
        cols = min(columns, n)
        fig, axes = plt.subplots(rows, cols, figsize=(width, 1.45 * rows + 0.3), squeeze=False)
        replications = self.ranks.shape[0]
        low, high = stats.binom.ppf([0.005, 0.995], replications, 1 / self.bins)
        for ax, name, hist in zip(axes.flat, self.names, self.counts.T, strict=False):
            ax.axhspan(low, high, color="0.85", lw=0)
            ax.axhline(replications / self.bins, color="0.5", lw=0.8)
            ax.bar(np.arange(self.bins), hist, width=1.0, color="#4c72b0", edgecolor="white", lw=0.3)
            ax.set_title(name, fontsize=8)
            ax.set_xticks([])
            ax.tick_params(labelsize=7)
        for ax in list(axes.flat)[n:]:
            ax.axis("off")
        fig.tight_layout()
        if path is not None:
            fig.savefig(path, dpi=150)
            plt.close(fig)
        return fig


def thinned(draws: np.ndarray, n_draws: int) -> np.ndarray:
    """``n_draws`` near-independent draws per parameter: every chain thinned by
    ``ceil(total / min bulk ESS)`` (Talts et al., section 5.1), then evenly chosen.

    Raises ValueError if fewer than ``n_draws`` remain (sample more)."""
    chains, length, n_params = draws.shape
    ess = float(np.min(ess_bulk(draws)))
    step = max(1, math.ceil(chains * length / max(ess, 1.0)))
    kept = draws[:, ::step].reshape(-1, n_params)
    if kept.shape[0] < n_draws:
        raise ValueError(f"only {kept.shape[0]} draws left after thinning by {step} (ESS {ess:.0f}); "
                         f"the posterior must give at least {n_draws} near-independent draws: sample more.")
    index = np.linspace(0, kept.shape[0] - 1, n_draws).round().astype(int)
    return kept[index]


def sbc_rank(theta: np.ndarray, draws: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Number of draws below theta, per parameter; ties with theta broken at random."""
    below = (draws < theta).sum(axis=0)
    ties = (draws == theta).sum(axis=0)
    return below + np.array([rng.integers(0, t + 1) for t in ties])


def run_sbc(*, prior: Callable[[np.random.Generator], np.ndarray],
            simulate: Callable[[np.ndarray, np.random.Generator], Any],
            posterior: Callable[[Any, np.random.Generator], np.ndarray],
            names: Sequence[str], n_replications: int, n_draws: int = 99, bins: int = 10,
            rng: int = 0, alpha: float = SBC_ALPHA) -> SBCResult:
    """Run ``n_replications`` simulation-based calibration replications (see module doc)."""
    if (n_draws + 1) % bins:
        raise ValueError(f"n_draws + 1 = {n_draws + 1} must be divisible by bins = {bins}.")
    generator = np.random.default_rng(rng)
    ranks = np.empty((n_replications, len(names)), dtype=int)
    for i in range(n_replications):
        theta = np.atleast_1d(np.asarray(prior(generator), dtype=float))
        data = simulate(theta, generator)
        draws = np.asarray(posterior(data, generator), dtype=float)
        ranks[i] = sbc_rank(theta, thinned(draws, n_draws), generator)
    return SBCResult(names=tuple(names), ranks=ranks, n_draws=n_draws, bins=bins, alpha=alpha)
