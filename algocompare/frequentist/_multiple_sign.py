"""Rhyne & Steel's multiple sign test: a control against k − 1 algorithms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats

from algocompare import _validation as v
from algocompare._deprecation import renamed_value, warn_renamed
from algocompare._options import N_RESAMPLES, check_alternative
from algocompare._progress import progress_bar
from algocompare._results import BaseResult
from algocompare.data._convert import as_blocks, drop_record

__all__ = ["multiple_sign_test", "MultipleSignResult"]

#: the former spellings of ``alternative`` (deprecated), in terms of the better algorithm
_FORMER_ALTERNATIVES = ("control-better", "control-worse")


@dataclass(frozen=True, kw_only=True)
class MultipleSignResult(BaseResult):
    """One row per algorithm compared with the control.

    ``r`` is the count of the test statistic (see :func:`multiple_sign_test`), ``pvalue``
    the marginal exact binomial p-value, ``pvalue_adj`` the family-wise (single-step)
    p-value P(min_l R_l <= r_j) by Monte Carlo with its standard error ``pvalue_adj_se``.

    Attributes
    ----------
    control : str
        The control algorithm.
    alternative : str
        ``"less"``, ``"greater"`` or ``"two-sided"`` (control minus each other algorithm).
    alpha : float
        Family-wise level of ``reject``.
    n_resamples : int
        Random permutations behind ``pvalue_adj``.
    table : pandas.DataFrame
        One row per other algorithm: ``algorithm``, ``r``, ``pvalue``, ``pvalue_adj``,
        ``pvalue_adj_se``, ``reject``.

    See Also
    --------
    multiple_sign_test : the test that returns it.

    References
    ----------
    .. [1] Rhyne, A. L., Steel, R. G. D. (1965). Tables for a treatments versus control
       multiple comparisons sign test. *Technometrics* 7(3), 293–306.
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.multiple_sign_test(ac.load_dataset("cec2005_d10"), control="G-CMA-ES", rng=1)
    >>> r.control, r.alternative, len(r.table)
    ('G-CMA-ES', 'less', 10)
    """

    kind: ClassVar[str] = "many_to_one"

    control: str
    alternative: str
    alpha: float
    n_resamples: int
    table: pd.DataFrame

    def to_frame(self) -> pd.DataFrame:
        return self.table.copy()


def multiple_sign_test(data: Any, *, control: Any = "best", alternative: str | None = None,
                       alpha: float = 0.05, n_resamples: int = N_RESAMPLES, rng: Any = None,
                       progress: bool | None = None, direction: str | None = None,
                       nan_policy: str = "raise") -> MultipleSignResult:
    """Multiple sign test of Rhyne & Steel (1965) (García et al. 2009, Appendix A).

    ``alternative`` is about the control's values minus each other algorithm's, as
    everywhere in the package: ``"less"`` (the control's values tend to be smaller),
    ``"greater"`` or ``"two-sided"``. The published procedure is one-sided, towards the
    control being *better*, and that is the default (``None``): ``"less"`` when
    minimising, ``"greater"`` when maximising. In terms of the better algorithm, with
    d_ij = x_ij − x_i,control on oriented values (lower is better):

    * control better (the default): r_j = number of instances where algorithm j beats the
      control (d_ij < 0); small r_j supports "the control is better than j";
    * control worse: r_j = number of instances where the control beats j;
    * ``"two-sided"``: r_j = the count of the less frequent sign.

    The former values ``"control-better"`` and ``"control-worse"`` are deprecated aliases.

    Zero differences count for neither sign. The decision uses the distribution of
    min_l R_l under the null hypothesis that the k values of each instance are
    exchangeable (Rhyne & Steel's tables give its critical values for small N; here its
    p-values come from ``n_resamples`` random permutations within instances, vectorised,
    (b + 1)/(m + 1), with standard error sqrt(p(1 − p)/m)). ``reject = pvalue_adj <= alpha``.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    control : label or "best"
        The control algorithm; ``"best"`` (default) is the best mean rank.
    alternative : {"two-sided", "less", "greater"}, optional
        See above; default one-sided towards the control being better.
    alpha : float
        Family-wise significance level of ``reject``.
    n_resamples : int
        Random permutations for the family-wise p-values (default 9999, the package's
        rule for reported Monte Carlo p-values).
    rng : None, int or numpy.random.Generator
        Seed or generator of the permutations.
    progress : bool, optional
        A progress bar over the permutations: ``None`` (default) on a terminal once the
        work has lasted a second, ``True`` always, ``False`` never.
    direction : {"minimize", "maximize"}, optional
        Which values are best; default the data's own (``"minimize"`` for a DataFrame or an
        array).
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing value (``dropped_instances``).

    Returns
    -------
    MultipleSignResult
        One row per algorithm compared with the control.

    See Also
    --------
    sign_test : one pair of algorithms.
    posthoc : rank-based comparisons with a control (``control=``).

    References
    ----------
    .. [1] Rhyne, A. L., Steel, R. G. D. (1965). Tables for a treatments versus control
       multiple comparisons sign test. *Technometrics* 7(3), 293–306.
    .. [2] García, S., Molina, D., Lozano, M., Herrera, F. (2009). A study on the use of
       non-parametric tests for analyzing the evolutionary algorithms' behaviour: a case study on
       the CEC'2005 Special Session on Real Parameter Optimization. *Journal of Heuristics* 15(6),
       617–644. doi:10.1007/s10732-008-9080-4
    .. [3] Derrac, J., García, S., Molina, D., Herrera, F. (2011). A practical tutorial on the
       use of nonparametric statistical tests as a methodology for comparing evolutionary and
       swarm intelligence algorithms. *Swarm and Evolutionary Computation* 1(1), 3–18.
       doi:10.1016/j.swevo.2011.02.002

    Examples
    --------
    >>> import algocompare as ac
    >>> r = ac.multiple_sign_test(ac.load_dataset("cec2005_d10"), control="G-CMA-ES", rng=1)
    >>> int(r.table.set_index("algorithm").loc["CoEVO", "r"])
    1
    """
    v.check_probability("alpha", alpha)
    n_resamples = v.check_positive_int("n_resamples", n_resamples)
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    alternative, toward = _oriented_alternative(alternative, results.direction)
    table = results.blocks(oriented=True)
    if control is None:
        warn_renamed("control=None (the best algorithm)", "control='best'", "multiple_sign_test()")
        control = "best"
    if isinstance(control, str) and control == "best" and "best" not in results.algorithms:
        control = results.mean_ranks().idxmin()
    v.check_algorithm(results, control, "control")
    original_order = list(table.columns)
    # a canonical (value-sorted) order of rows and columns: the same seed gives the same
    # p-values whatever the order or labels of the instances and algorithms
    raw = table.to_numpy()
    row_keys, col_keys = np.sort(raw, axis=1), np.sort(raw, axis=0)  # order-free descriptions
    table = table.iloc[np.lexsort(row_keys.T[::-1]), np.lexsort(col_keys[::-1])]
    values = table.to_numpy()
    c = list(table.columns).index(control)
    others = [j for j in range(values.shape[1]) if j != c]
    observed = _counts(values[None], c, others, toward)[0]
    generator = np.random.default_rng(rng)
    exceed = np.zeros(len(others))
    chunk = max(1, int(2_000_000 // values.size))
    done = 0
    bar = progress_bar(progress, total=n_resamples, desc="multiple sign test")
    while done < n_resamples:
        m = min(chunk, n_resamples - done)
        permuted = generator.permuted(np.broadcast_to(values, (m,) + values.shape), axis=2)
        minimum = _counts(permuted, c, others, toward).min(axis=1)
        exceed += (minimum[:, None] <= observed[None, :]).sum(axis=0)
        done += m
        if bar is not None:
            bar.update(m)
    if bar is not None:
        bar.close()
    p_adj = (exceed + 1) / (n_resamples + 1)
    d = values[:, others] - values[:, [c]]
    trials = (d != 0).sum(axis=0)
    p_marginal = [_binomial_p(int(r), int(t), toward) for r, t in zip(observed, trials, strict=False)]
    frame = pd.DataFrame({
        "algorithm": [table.columns[j] for j in others], "control": control,
        "n_minus": (d < 0).sum(axis=0), "n_plus": (d > 0).sum(axis=0), "n_ties": (d == 0).sum(axis=0),
        "r": observed, "pvalue": p_marginal, "pvalue_adj": p_adj,
        "pvalue_adj_se": np.sqrt(p_adj * (1 - p_adj) / n_resamples), "reject": p_adj <= alpha})
    frame = frame.set_index("algorithm").reindex([a for a in original_order if a != control]).reset_index()
    return MultipleSignResult(method="Multiple sign test (Rhyne & Steel)", control=str(control),
                              alternative=alternative, alpha=alpha, n_resamples=n_resamples, table=frame,
                              dropped_instances=drop_record(results, nan_policy))


def _oriented_alternative(alternative: str | None, direction: str) -> tuple[str, str]:
    """The public ``alternative`` (about the control's values as given) and the internal
    one on oriented values ("control-better", "control-worse" or "two-sided")."""
    if alternative in _FORMER_ALTERNATIVES:
        former = alternative
        better = "less" if direction == "minimize" else "greater"
        worse = "greater" if better == "less" else "less"
        alternative = renamed_value("multiple_sign_test", "alternative", former,
                                    {"control-better": better, "control-worse": worse})
    if alternative is None:
        alternative = "less" if direction == "minimize" else "greater"
    check_alternative(alternative)
    if alternative == "two-sided":
        return alternative, "two-sided"
    control_smaller = alternative == "less"
    return alternative, "control-better" if control_smaller == (direction == "minimize") else "control-worse"


def _counts(values: np.ndarray, c: int, others: list[int], alternative: str) -> np.ndarray:
    d = values[..., others] - values[..., [c]]
    minus, plus = (d < 0).sum(axis=-2), (d > 0).sum(axis=-2)
    if alternative == "control-better":
        return minus
    if alternative == "control-worse":
        return plus
    return np.minimum(minus, plus)


def _binomial_p(r: int, n: int, alternative: str) -> float:
    if n == 0:
        return 1.0
    if alternative == "two-sided":
        return float(min(1.0, 2 * stats.binom.cdf(r, n, 0.5)))
    return float(stats.binom.cdf(r, n, 0.5))

