"""Dunnett's two-sided exceedance P(max_j |T_j| >= c) for m statistics with correlation 1/2,
by nested adaptive quadrature (scipy.integrate.quad, relative tolerance 1e-12 inside, 1e-10
outside), written from the definition and independently of algocompare's fixed-grid rule:

    P = ∫ f_S(s) · 2 ∫_0^∞ φ(w) (1 − [Φ(w + √2 c s) − Φ(w − √2 c s)]^m) dw ds,  S = √(χ²_df/df).

Prints the values hard-coded in tests/posthoc/test_blocked_posthoc.py
(``test_dunnett_sf_matches_nested_quadrature``). About two minutes:
``python3 tests/reference/dunnett_quad.py``.
"""

import numpy as np
from scipy import integrate, stats


def z_exceedance(a, m):
    def integrand(w):
        outside = min(1.0, stats.norm.cdf(w - np.sqrt(2) * a) + stats.norm.sf(w + np.sqrt(2) * a))
        return stats.norm.pdf(w) * -np.expm1(m * np.log1p(-outside)) if outside < 1 else stats.norm.pdf(w)
    return 2 * integrate.quad(integrand, 0, np.inf, epsabs=0, epsrel=1e-12, limit=200)[0]


def t_exceedance(c, m, df):
    def integrand(s):
        return stats.chi.pdf(s * np.sqrt(df), df) * np.sqrt(df) * z_exceedance(c * s, m)
    return integrate.quad(integrand, 0, np.inf, epsabs=0, epsrel=1e-10, limit=200)[0]


if __name__ == "__main__":
    for c, m, df in ((2.0, 4, 30), (20.0, 4, 20), (4.0, 4, 5), (9.0, 5, np.inf)):
        value = z_exceedance(c, m) if np.isinf(df) else t_exceedance(c, m, df)
        print(f"({c}, {m}, {df}): {value!r},")
