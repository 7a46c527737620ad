"""Power of the one-way repeated-measures ANOVA (k algorithms measured on the same N instances).

The convention is G*Power's "ANOVA: repeated measures, within factors" and pingouin's
``power_rm_anova``: Cohen's f = σ_μ/σ (σ_μ the population sd of the k means, σ the sd of one
algorithm's values across instances), ρ the correlation between two algorithms' values on an
instance (compound symmetry), ε the sphericity correction; the F test has noncentrality
λ = f² N k ε/(1 − ρ) on (k − 1)ε and (N − 1)(k − 1)ε degrees of freedom. Under compound
symmetry (ε = 1) this is the exact distribution of the F statistic of
:func:`algocompare.rm_anova`: with y_ij = μ_j + u_i + e_ij, Var(e) = σ²(1 − ρ), λ = N Σ(μ_j − μ̄)²/Var(e).

pingouin computes the same numbers (tests compare them), but importing pingouin imports
matplotlib and seaborn, which a statistical module must not; the formula is five lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from scipy import optimize, stats

from algocompare import _options
from algocompare import _validation as v
from algocompare._results import BaseResult

__all__ = ["rm_anova_power", "RMAnovaPowerResult"]

_N_MAX = 1e6


def _power(f: float, n: float, k: float, alpha: float, corr: float, epsilon: float) -> float:
    df1 = (k - 1) * epsilon
    df2 = (n - 1) * df1
    noncentrality = f * f * n * k * epsilon / (1.0 - corr)
    critical = stats.f.isf(alpha, df1, df2)
    if noncentrality == 0.0:
        return float(stats.f.sf(critical, df1, df2))
    return float(stats.ncf.sf(critical, df1, df2, noncentrality))


@dataclass(frozen=True, kw_only=True)
class RMAnovaPowerResult(BaseResult):
    """Power, number of instances or effect size of a repeated-measures ANOVA.

    Attributes
    ----------
    power : float
        The power of the F test.
    n_instances : float
        N (unrounded when it was solved for; ``n_required`` is its ceiling).
    n_required : int or None
        ceil(N) when N was solved for, else None.
    f, eta_squared : float
        Cohen's f and η² = f²/(1 + f²).
    k, alpha, corr, epsilon : int or float
        Number of algorithms, level, correlation among the algorithms' values, sphericity ε.
    solved_for : str
        ``"power"``, ``"n_instances"`` or ``"f"``.

    See Also
    --------
    algocompare.rm_anova_power : the function that returns it.

    References
    ----------
    .. [1] Faul, F., Erdfelder, E., Lang, A.-G., Buchner, A. (2007). G*Power 3: a flexible statistical
       power analysis program. *Behavior Research Methods* 39, 175–191. doi:10.3758/BF03193146

    Examples
    --------
    >>> from algocompare import rm_anova_power
    >>> round(rm_anova_power(eta_squared=0.1, k=3, n_instances=20).power, 4)
    0.8913
    """

    kind: ClassVar[str] = "power"

    power: float
    n_instances: float
    n_required: int | None
    f: float
    eta_squared: float
    k: int
    alpha: float
    corr: float
    epsilon: float
    solved_for: str


def rm_anova_power(f: float | None = None, *, k: int, n_instances: float | None = None, power: float | None = None,
                   eta_squared: float | None = None, alpha: float = 0.05, corr: float = 0.5,
                   epsilon: float = 1.0) -> RMAnovaPowerResult:
    """Power, N or effect size of the one-way repeated-measures ANOVA of k algorithms on N instances.

    Give the effect (``f`` or ``eta_squared``) and ``n_instances`` for the power; the effect and
    ``power`` for N; ``n_instances`` and ``power`` for the smallest detectable f.

    Parameters
    ----------
    f : float, optional
        Cohen's f = σ_μ/σ: the population sd of the k means over the sd of one algorithm's values
        across instances (G*Power's convention).
    k : int
        Number of algorithms (repeated measures, >= 2).
    n_instances : float, optional
        Number of instances N (> 1).
    power : float, optional
        Target power.
    eta_squared : float, optional
        The effect as η² = f²/(1 + f²) (pingouin's ``eta_squared``; a population quantity, not the
        sample's partial η² of :func:`algocompare.rm_anova`, which is biased upwards).
    alpha : float
        Level of the F test.
    corr : float
        Correlation ρ between two algorithms' values on an instance (−1 < ρ < 1): the instance
        effect's share of the variance, τ²/(τ² + σ_e²) in y = μ_j + u_i + e_ij.
    epsilon : float
        Sphericity correction ε in (0, 1] (1: compound symmetry).

    Returns
    -------
    RMAnovaPowerResult
        ``power``, ``n_instances`` (``n_required`` = its ceiling when solved for), ``f``, ``eta_squared``.

    See Also
    --------
    algocompare.rm_anova : the test.
    posthoc_power : the power of the pairwise comparisons after it, by simulation.

    Notes
    -----
    λ = f² N k ε/(1 − ρ), F on ((k − 1)ε, (N − 1)(k − 1)ε) df (G*Power [1]_; pingouin's
    ``power_rm_anova`` [2]_ gives the same values). With ε = 1 it is the exact power of
    :func:`algocompare.rm_anova`'s uncorrected F test under compound symmetry (checked by simulation
    in the tests); ε < 1 follows G*Power's convention.

    References
    ----------
    .. [1] Faul, F., Erdfelder, E., Lang, A.-G., Buchner, A. (2007). G*Power 3: a flexible statistical
       power analysis program. *Behavior Research Methods* 39, 175–191. doi:10.3758/BF03193146
    .. [2] Vallat, R. (2018). Pingouin: statistics in Python. *Journal of Open Source Software* 3(31),
       1026. doi:10.21105/joss.01026

    Examples
    --------
    pingouin's examples: N for power 0.8 with η² = 0.1 and 3 algorithms, and the power with 20 instances:

    >>> res = rm_anova_power(eta_squared=0.1, k=3, power=0.8)
    >>> round(res.n_instances, 4), res.n_required
    (15.9979, 16)
    """
    k = v.check_positive_int("k (the number of algorithms)", k, minimum=2)
    alpha = _options.check_alpha(alpha)
    corr = float(corr)
    if not -1.0 < corr < 1.0:
        raise ValueError(f"corr must lie in (-1, 1) (the correlation of two algorithms' values), got {corr}.")
    epsilon = float(epsilon)
    if not 0.0 < epsilon <= 1.0:
        raise ValueError(f"epsilon must lie in (0, 1] (1 under sphericity), got {epsilon}.")
    if f is not None and eta_squared is not None:
        raise TypeError("give the effect as f= or as eta_squared=, not both.")
    if eta_squared is not None:
        eta_squared = v.check_probability("eta_squared", eta_squared)
        f = math.sqrt(eta_squared / (1.0 - eta_squared))
    if f is not None:
        f = v.check_positive("f (Cohen's f)", f)
    given = {"effect": f is not None, "n_instances": n_instances is not None, "power": power is not None}
    if sum(given.values()) != 2:
        raise TypeError("give exactly two of: the effect (f= or eta_squared=), n_instances=, power=; "
                        f"the third is computed (given: {[name for name, g in given.items() if g] or 'none'}).")
    if n_instances is not None:
        n_instances = float(n_instances)
        if not n_instances > 1:
            raise ValueError(f"n_instances must be > 1, got {n_instances}.")
    if power is not None:
        power = v.check_probability("power", power)
        if power <= alpha:
            raise ValueError(f"power must exceed alpha = {alpha:g} (the power of a null effect), got {power:g}.")
    n_required = None
    if f is not None and n_instances is not None:
        solved, effect, n_value = "power", f, n_instances
        power = _power(effect, n_value, k, alpha, corr, epsilon)
    elif f is not None and power is not None:
        solved, effect, target = "n_instances", f, power
        if _power(effect, _N_MAX, k, alpha, corr, epsilon) < target:
            raise ValueError(f"no N up to {_N_MAX:g} reaches power {target:g} for f = {effect:g}; give a larger "
                             "effect.")
        if _power(effect, 2.0, k, alpha, corr, epsilon) >= target:  # the search range starts at 2, as pingouin's
            n_value = 2.0
        else:
            n_value = optimize.brentq(lambda n: _power(effect, n, k, alpha, corr, epsilon) - target, 2.0, _N_MAX,
                                      xtol=1e-10)
        n_required = max(2, math.ceil(n_value - 1e-9))
    else:
        assert n_instances is not None and power is not None
        solved, n_value, target = "f", n_instances, power
        effect = optimize.brentq(lambda x: _power(x, n_value, k, alpha, corr, epsilon) - target, 1e-10, 1e3,
                                 xtol=1e-12)
    return RMAnovaPowerResult(
        method=f"Power of the repeated-measures ANOVA (G*Power convention; {k} algorithms, rho = {corr:g}, "
               f"epsilon = {epsilon:g})", power=float(power), n_instances=float(n_value), n_required=n_required,
        f=float(effect), eta_squared=float(effect**2 / (1.0 + effect**2)), k=k, alpha=alpha, corr=corr, epsilon=epsilon,
        solved_for=solved)

