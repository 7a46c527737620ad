"""Power of z and t tests (Bartz-Beielstein et al. eq. 5.9; non-central t).

The two primitives here are the single place where test power is computed; the power and
sample-size functions of the severity chapter and the Campelo–Takahashi instance
calculations are both built on them.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from algocompare import _validation as v

__all__ = ["z_power", "t_power", "ALTERNATIVES"]

ALTERNATIVES = ("two-sided", "greater", "less")


def z_power(shift, alpha: float, alternative: str = "two-sided"):
    """Power of a z test whose statistic is N(shift, 1) under the alternative.

    ``shift`` = delta / se (array-like allowed). Two-sided power counts both rejection
    tails.
    """
    v.check_option("alternative", alternative, ALTERNATIVES)
    alpha = v.check_probability("alpha", alpha)
    shift = np.asarray(shift, dtype=float)
    if alternative == "greater":
        out = stats.norm.sf(stats.norm.isf(alpha) - shift)
    elif alternative == "less":
        out = stats.norm.cdf(-stats.norm.isf(alpha) - shift)
    else:
        crit = stats.norm.isf(alpha / 2)
        out = stats.norm.sf(crit - shift) + stats.norm.cdf(-crit - shift)
    return out[()] if out.ndim == 0 else out


def t_power(ncp, df, alpha: float, alternative: str = "two-sided"):
    """Exact power of a t test: the statistic is non-central t(df, ncp) under the alternative.

    Two-sided power counts both rejection tails (R's ``power.t.test(strict=TRUE)``).
    ``ncp`` and ``df`` broadcast.
    """
    v.check_option("alternative", alternative, ALTERNATIVES)
    alpha = v.check_probability("alpha", alpha)
    ncp, df = np.broadcast_arrays(np.asarray(ncp, dtype=float), np.asarray(df, dtype=float))
    if alternative == "greater":
        out = stats.nct.sf(stats.t.isf(alpha, df), df, ncp)
    elif alternative == "less":
        out = stats.nct.cdf(-stats.t.isf(alpha, df), df, ncp)
    else:
        crit = stats.t.isf(alpha / 2, df)
        out = stats.nct.sf(crit, df, ncp) + stats.nct.cdf(-crit, df, ncp)
    out = np.asarray(out, dtype=float)
    return out[()] if out.ndim == 0 else out
