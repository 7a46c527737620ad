"""Convergence diagnostics of Markov chains: rank-normalised split R-hat and bulk / tail
effective sample sizes (Vehtari, Gelman, Simpson, Carpenter & Bürkner 2021), vectorised
over parameters, and the one warning every MCMC result gives when they are poor.

Every function takes ``draws`` of shape ``(chains, draws, *parameters)`` (any number of
trailing parameter axes, or none) and returns one value per parameter (shape
``parameters``). The formulas follow the paper and its reference implementations
(posterior, ArviZ): chains are split in halves, draws are replaced by the normal scores of
their pooled ranks, R-hat is the larger of the bulk and the folded (tail) R-hat, and the
effective sample size uses Geyer's initial monotone sequence of autocorrelations.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import fft, special, stats

#: R-hat above this means the chains have not mixed (Vehtari et al. 2021, section 4).
RHAT_MAX = 1.01
#: Bulk or tail effective sample size below this is too few for stable tail quantities
#: (Vehtari et al. 2021 recommend at least 100 per chain with 4 chains).
ESS_MIN = 400.0


@dataclass(frozen=True)
class ChainDiagnostics:
    """R-hat and effective sample sizes, one value per parameter.

    Attributes
    ----------
    rhat : numpy.ndarray
        Rank-normalised split R-hat, max of bulk and tail (folded) R-hat.
    ess_bulk : numpy.ndarray
        Bulk effective sample size (of the rank-normalised split chains).
    ess_tail : numpy.ndarray
        Tail effective sample size: the smaller of those of the 5 % and 95 % quantiles.
    """

    rhat: np.ndarray
    ess_bulk: np.ndarray
    ess_tail: np.ndarray

    def worst(self) -> tuple[float, float]:
        """The largest R-hat and the smallest effective sample size (bulk or tail)."""
        return float(np.nanmax(self.rhat)), float(np.nanmin(np.minimum(self.ess_bulk, self.ess_tail)))


def _as_draws(draws: Any) -> np.ndarray:
    array = np.asarray(draws, dtype=float)
    if array.ndim < 2:
        raise ValueError(f"draws must have shape (chains, draws, ...), got shape {array.shape}; "
                         "pass one row per chain.")
    if array.shape[1] < 4:
        raise ValueError(f"draws must have at least 4 draws per chain, got {array.shape[1]}; "
                         "sample more.")
    return array


def split_chains(draws: np.ndarray) -> np.ndarray:
    """Each chain cut into its first and last halves (the middle draw of an odd length
    dropped): shape ``(2 * chains, draws // 2, ...)``. A trend inside a chain then shows
    as a difference between chains."""
    half = draws.shape[1] // 2
    return np.concatenate([draws[:, :half], draws[:, draws.shape[1] - half:]], axis=0)


def rank_normalize(draws: np.ndarray) -> np.ndarray:
    """Normal scores of the ranks pooled over chains and draws, per parameter:
    ``Phi^-1((r - 3/8) / (S + 1/4))``, ties given their average rank (Blom's offset,
    Vehtari et al. 2021, eq. 14)."""
    chains, n = draws.shape[:2]
    flat = draws.reshape(chains * n, -1)
    ranks = stats.rankdata(flat, method="average", axis=0)
    scores = special.ndtri((ranks - 0.375) / (flat.shape[0] + 0.25))
    return scores.reshape(draws.shape)


def _rhat(draws: np.ndarray) -> np.ndarray:
    """Classic potential scale reduction of the given chains (no split, no ranks)."""
    n = draws.shape[1]
    between = n * np.var(draws.mean(axis=1), axis=0, ddof=1)
    within = np.mean(np.var(draws, axis=1, ddof=1), axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.sqrt((between / within + n - 1) / n)


def split_rhat(draws: Any) -> np.ndarray:
    """Rank-normalised split R-hat: the larger of the bulk R-hat (ranks of the draws) and
    the tail R-hat (ranks of the draws folded around their median).

    Parameters
    ----------
    draws : array_like, shape (chains, draws, ...)
        At least two chains (or one, split in halves) of at least 4 draws.

    Returns
    -------
    numpy.ndarray
        One R-hat per parameter; near 1 when the chains agree (>= 1.01 is poor).

    References
    ----------
    Vehtari, A., Gelman, A., Simpson, D., Carpenter, B. & Bürkner, P.-C. (2021).
    Rank-normalization, folding, and localization: an improved R-hat for assessing
    convergence of MCMC. Bayesian Analysis 16(2), 667-718. https://doi.org/10.1214/20-BA1221
    """
    draws = split_chains(_as_draws(draws))
    bulk = _rhat(rank_normalize(draws))
    folded = np.abs(draws - np.median(draws.reshape(-1, *draws.shape[2:]), axis=0))
    tail = _rhat(rank_normalize(folded))
    return _constant_as(draws, np.fmax(bulk, tail), 1.0)


def _autocovariance(draws: np.ndarray) -> np.ndarray:
    """Biased autocovariance of each chain at every lag (FFT), axis 1 = lag."""
    n = draws.shape[1]
    centred = draws - draws.mean(axis=1, keepdims=True)
    size = fft.next_fast_len(2 * n)
    spectrum = fft.rfft(centred, n=size, axis=1)
    return fft.irfft(spectrum * np.conjugate(spectrum), n=size, axis=1)[:, :n] / n


def _ess(draws: np.ndarray) -> np.ndarray:
    """Effective sample size of the given (already split) chains, Geyer's initial monotone
    sequence estimator as in Vehtari et al. (2021, eq. 10) and ArviZ, vectorised.

    ``draws`` has shape ``(chains, n, p)``; returns shape ``(p,)``.
    """
    chains, n, _ = draws.shape
    acov = _autocovariance(draws)
    mean_var = acov[:, 0].mean(axis=0) * n / (n - 1.0)
    var_plus = mean_var * (n - 1.0) / n
    if chains > 1:
        var_plus = var_plus + np.var(draws.mean(axis=1), axis=0, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        rho = 1.0 - (mean_var - acov.mean(axis=0)) / var_plus      # (n, p); rho[0] = 1
    rho[0] = 1.0
    # Pairs Gamma_k = rho_2k + rho_2k+1, k = 0 .. K; Geyer stops at the first k >= 1 with
    # Gamma_k <= 0 (and at most at the last pair whose lags stay below n - 1, as ArviZ).
    last = max((n - 2 + 1) // 2 - 1, 0)
    pairs = rho[0:2 * last + 2].reshape(last + 1, 2, -1)
    gamma = pairs.sum(axis=1)                                       # (K + 1, p)
    positive = np.vstack([gamma[1:] > 0, np.zeros((1, gamma.shape[1]), dtype=bool)])
    stop = np.minimum(np.argmin(positive, axis=0) + 1, last)     # k*: first k >= 1 with Gamma_k <= 0
    stop = np.where(gamma[0] > 0, stop, 0)
    k = np.arange(last + 1)[:, None]
    # Geyer's monotone sequence: each pair sum no larger than the one before it.
    monotone = np.minimum.accumulate(np.where(k < stop, gamma, np.inf), axis=0)
    head = np.where(k < stop, monotone, 0.0).sum(axis=0)
    # The first pair not kept still adds its even lag when positive (ArviZ's "improve").
    even = np.take_along_axis(pairs[:, 0], stop[None, :], axis=0)[0]
    odd = np.take_along_axis(pairs[:, 1], stop[None, :], axis=0)[0]
    kept_last = (stop == last) & (even + odd > 0)
    extra = np.where((even > 0) | kept_last, even, 0.0)
    extra = np.where(stop == 0, 1.0, extra)
    tau = -1.0 + 2.0 * head + extra
    total = chains * n
    tau = np.maximum(tau, 1.0 / np.log10(total))
    return total / tau


def _constant_as(draws: np.ndarray, values: np.ndarray, constant: float) -> np.ndarray:
    """``values`` with ``constant`` where a parameter's draws are all equal (nothing to
    diagnose; R-hat and ESS would be 0/0)."""
    flat = draws.reshape(-1, *draws.shape[2:])
    same = np.ptp(flat, axis=0) < np.finfo(float).resolution * np.maximum(1.0, np.abs(flat).max(axis=0))
    return np.where(same, constant, values)


def _per_parameter(draws: np.ndarray) -> tuple[np.ndarray, tuple[int, ...]]:
    shape = draws.shape[2:]
    return draws.reshape(*draws.shape[:2], -1), shape


def ess_bulk(draws: Any) -> np.ndarray:
    """Bulk effective sample size: that of the rank-normalised split chains.

    Parameters
    ----------
    draws : array_like, shape (chains, draws, ...)
        Chains of at least 4 draws.

    Returns
    -------
    numpy.ndarray
        One effective sample size per parameter (about ``chains * draws`` for independent
        draws; ``chains * draws`` for a constant parameter).

    References
    ----------
    Vehtari, A. et al. (2021). Bayesian Analysis 16(2), 667-718, section 3.2.
    https://doi.org/10.1214/20-BA1221
    """
    draws, shape = _per_parameter(split_chains(_as_draws(draws)))
    values = _constant_as(draws, _ess(rank_normalize(draws)), float(draws.shape[0] * draws.shape[1]))
    return values.reshape(shape)


def ess_tail(draws: Any, quantiles: tuple[float, float] = (0.05, 0.95)) -> np.ndarray:
    """Tail effective sample size: the smaller of the effective sample sizes of the
    indicators ``draw <= q`` for the 5 % and 95 % quantiles ``q`` (split chains).

    Parameters
    ----------
    draws : array_like, shape (chains, draws, ...)
        Chains of at least 4 draws.
    quantiles : tuple of float
        The two tail probabilities.

    Returns
    -------
    numpy.ndarray
        One effective sample size per parameter.

    References
    ----------
    Vehtari, A. et al. (2021). Bayesian Analysis 16(2), 667-718, section 4.3.
    https://doi.org/10.1214/20-BA1221
    """
    raw, shape = _per_parameter(_as_draws(draws))
    pooled = raw.reshape(-1, raw.shape[2])
    sizes = []
    for q in quantiles:
        indicator = split_chains((raw <= np.quantile(pooled, q, axis=0)).astype(float))
        sizes.append(_constant_as(indicator, _ess(indicator), float(indicator.shape[0] * indicator.shape[1])))
    return np.minimum(*sizes).reshape(shape)


def diagnose(draws: Any) -> ChainDiagnostics:
    """R-hat, bulk and tail effective sample size of every parameter.

    Parameters
    ----------
    draws : array_like, shape (chains, draws, ...)
        Chains of at least 4 draws.

    Returns
    -------
    ChainDiagnostics
        ``rhat``, ``ess_bulk``, ``ess_tail``, each of shape ``draws.shape[2:]``.

    Examples
    --------
    >>> import numpy as np
    >>> draws = np.random.default_rng(1).normal(size=(4, 1000, 2))
    >>> d = diagnose(draws)
    >>> bool(np.all(d.rhat < 1.01)), bool(np.all(d.ess_bulk > 3000))
    (True, True)
    """
    return ChainDiagnostics(rhat=split_rhat(draws), ess_bulk=ess_bulk(draws), ess_tail=ess_tail(draws))


def warn_if_poor(diagnostics: ChainDiagnostics, names: Any, *, what: str = "the posterior",
                 stacklevel: int = 3) -> bool:
    """Give one ``UserWarning`` when any R-hat exceeds :data:`RHAT_MAX` or any effective
    sample size (bulk or tail) is below :data:`ESS_MIN`, naming the worst parameter, its
    R-hat and ESS, and the fix. Returns whether it warned.

    Parameters
    ----------
    diagnostics : ChainDiagnostics
        From :func:`diagnose`.
    names : sequence of str
        One name per parameter (flattened in C order).
    what : str
        What was sampled, for the message.
    stacklevel : int
        Passed to :func:`warnings.warn` (3 = the caller of the function that calls this).

    Returns
    -------
    bool
        True if a warning was given.
    """
    rhat = np.ravel(diagnostics.rhat)
    ess = np.ravel(np.minimum(diagnostics.ess_bulk, diagnostics.ess_tail))
    names = [str(n) for n in np.ravel(np.asarray(names, dtype=object))]
    if len(names) != rhat.size:
        raise ValueError(f"names must give one name per parameter ({rhat.size}), got {len(names)}.")
    poor = (rhat > RHAT_MAX) | (ess < ESS_MIN) | ~np.isfinite(rhat) | ~np.isfinite(ess)
    if not poor.any():
        return False
    # The worst: the largest R-hat if any is too large, else the smallest ESS.
    bad_rhat = (rhat > RHAT_MAX) | ~np.isfinite(rhat)
    worst = int(np.nanargmax(np.where(bad_rhat, np.nan_to_num(rhat, nan=np.inf), -np.inf))) if bad_rhat.any() \
        else int(np.nanargmin(ess))
    others = int(poor.sum()) - 1
    also = f" (and {others} other parameter{'s' if others != 1 else ''})" if others else ""
    warnings.warn(
        f"MCMC sampling of {what} may not have converged: parameter {names[worst]!r}{also} has "
        f"R-hat = {rhat[worst]:.3f} (want <= {RHAT_MAX}) and effective sample size = {ess[worst]:.0f} "
        f"(want >= {ESS_MIN:.0f}); its probabilities are unreliable. Draw more samples "
        f"(n_samples) or run more chains (chains).",
        UserWarning, stacklevel=stacklevel)
    return True
