"""Samplers shared by the hierarchical models: a vectorised slice sampler (Neal 2003) and
truncated gamma / normal draws by the inverse distribution function.

Everything is vectorised over independent chains (axis 0): one call moves every chain.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy import special

#: A slice's stepping out and shrinking stop after this many rounds (the chain then keeps
#: its current value, which leaves the target invariant); never reached in practice.
MAX_ROUNDS = 60


def truncated_gamma(shape: np.ndarray, rate: np.ndarray, low: np.ndarray | float, high: np.ndarray | float,
                    rng: np.random.Generator) -> np.ndarray:
    """Gamma(shape, rate) draws restricted to ``[low, high]`` (``high`` may be inf), by the
    inverse distribution function, in the tail (survival function) where that is accurate."""
    shape, rate = np.broadcast_arrays(np.asarray(shape, float), np.asarray(rate, float))
    low = np.broadcast_to(np.asarray(low, float) * rate, shape.shape)
    high = np.broadcast_to(np.asarray(high, float) * rate, shape.shape)
    u = rng.random(shape.shape)
    lower_cdf = special.gammainc(shape, low)
    upper = lower_cdf > 0.5          # work with survival probabilities, which keep their digits
    out = np.empty(shape.shape)
    # lower tail: F(low) + u (F(high) - F(low))
    f_low, f_high = lower_cdf[~upper], special.gammainc(shape[~upper], high[~upper])
    out[~upper] = special.gammaincinv(shape[~upper], f_low + u[~upper] * (f_high - f_low))
    # upper tail: S(low) - u (S(low) - S(high))
    s_low, s_high = special.gammaincc(shape[upper], low[upper]), special.gammaincc(shape[upper], high[upper])
    out[upper] = special.gammainccinv(shape[upper], s_low - u[upper] * (s_low - s_high))
    # Far tails (the interval holds < 1e-12 of the mass, its inverse rounds to a bound or fails):
    # exact rejection sampling from the tangent of the concave log density at the bound nearest
    # the mode.
    outside = (shape - 1 > high) | (shape - 1 < low)          # the mode lies outside the interval
    bad = (~((out > low) & (out < high)) | ~np.isfinite(out)) & outside & (shape >= 1) & (low < high)
    if bad.any():
        out[bad] = _tangent_rejection(shape[bad], low[bad], high[bad], rng)
    out = np.clip(out, low, high)
    return out / rate


def _tangent_rejection(shape: np.ndarray, low: np.ndarray, high: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Gamma(shape, 1) on [low, high] by rejection from the exponential tangent to the log
    density x^(a-1) e^-x at the bound nearest the mode (a - 1): exact for a >= 1 (log-concave),
    where the far-tail cases arise (large shapes)."""
    out = np.where(shape - 1 > high, high, low)     # (only kept if 1000 rounds never accept)
    pending = np.arange(shape.size)
    for _ in range(1000):
        a, lo, hi = shape[pending], low[pending], high[pending]
        anchor = np.where(a - 1 > hi, hi, lo)
        slope = (a - 1) / anchor - 1.0                    # d/dx log density at the anchor
        width = hi - lo
        u = rng.random(pending.size)
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            # truncated exponential with rate `slope` on [lo, hi], measured from the anchor
            span = np.where(np.isfinite(width), -np.expm1(-np.abs(slope) * width), 1.0)
            step = -np.log1p(-u * span) / np.abs(slope)
            x = np.where(slope > 0, anchor - step, anchor + step)
            log_ratio = (a - 1) * np.log(x / anchor) - (x - anchor) - slope * (x - anchor)
        accept = np.log(rng.random(pending.size)) <= log_ratio
        out[pending[accept]] = x[accept]
        pending = pending[~accept]
        if pending.size == 0:
            break
    return out


def truncated_normal(mean: np.ndarray, sd: np.ndarray, low: float, high: float,
                     rng: np.random.Generator) -> np.ndarray:
    """Normal draws restricted to ``[low, high]``: plain draws, and for those outside, the
    inverse distribution function on the side of the bound (``log_ndtr`` keeps the tail)."""
    draw = mean + sd * rng.standard_normal(np.shape(mean))
    outside = (draw < low) | (draw > high)
    if outside.any():
        m, s = np.broadcast_to(mean, draw.shape)[outside], np.broadcast_to(sd, draw.shape)[outside]
        a, b = (low - m) / s, (high - m) / s
        flip = a > 0                    # mass in the upper tail: sample -z on (-b, -a)
        a, b = np.where(flip, -b, a), np.where(flip, -a, b)
        log_fa, log_fb = special.log_ndtr(a), special.log_ndtr(b)
        u = rng.random(a.shape)
        # log(F(a) + u (F(b) - F(a))), computed from the logs
        log_p = log_fb + np.log(u + (1 - u) * np.exp(log_fa - log_fb))
        z = np.clip(special.ndtri_exp(log_p), a, b)
        draw[outside] = m + s * np.where(flip, -z, z)
    return draw


def slice_step(x: np.ndarray, log_density: Callable[[np.ndarray, np.ndarray], np.ndarray],
               rng: np.random.Generator, *, width: float = 1.0, low: float = -np.inf,
               high: float = np.inf) -> np.ndarray:
    """One slice-sampling update (Neal 2003, stepping out and shrinkage) of every chain.

    ``log_density(values, chains)`` gives the log target (up to a constant) of ``values``
    for the chains ``chains`` (an index array), so that only the unsettled chains are
    evaluated. Bounded targets start from the whole interval ``[low, high]`` when it is
    finite; otherwise an interval of ``width`` steps out.
    """
    chains = np.arange(x.size)
    level = log_density(x, chains) - rng.exponential(size=x.size)
    if np.isfinite(low) and np.isfinite(high):
        left, right = np.full(x.size, low), np.full(x.size, high)
    else:
        left = x - width * rng.random(x.size)
        right = left + width
        for side, step in ((left, -width), (right, width)):
            pending = chains
            for _ in range(MAX_ROUNDS):
                inside = log_density(side[pending], pending) > level[pending]
                pending = pending[inside]
                if pending.size == 0:
                    break
                side[pending] += step
        np.clip(left, low, high, out=left)
        np.clip(right, low, high, out=right)
    new = x.copy()
    pending = chains
    for _ in range(MAX_ROUNDS):
        proposal = left[pending] + rng.random(pending.size) * (right[pending] - left[pending])
        accepted = log_density(proposal, pending) > level[pending]
        new[pending[accepted]] = proposal[accepted]
        rejected = pending[~accepted]
        below = proposal[~accepted] < x[rejected]
        left[rejected[below]] = proposal[~accepted][below]
        right[rejected[~below]] = proposal[~accepted][~below]
        pending = rejected
        if pending.size == 0:
            break
    return new
