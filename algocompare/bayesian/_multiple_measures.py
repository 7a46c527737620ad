"""Multiple-measures tests over dominance configurations (de Campos & Benavoli 2016,
New Generation Computing 35:69-86; Carrasco et al. 2020, sections 6.2, 6.3, 8.4)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd
from scipy import stats
from scipy.special import xlogy

from algocompare import _validation as v
from algocompare._batching import batches
from algocompare._results import BaseResult, TestResult, internal
from algocompare._validation import check_nonnegative, check_positive_int
from algocompare.bayesian._dirichlet import dirichlet

__all__ = ["multiple_measures_test", "bayesian_multiple_measures", "MultipleMeasuresResult",
           "BayesianMultipleMeasuresResult"]


def _as_measures(x: Any, y: Any) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Two (benchmarks x measures) tables of equal shape, finite numbers."""
    frames = [v.as_matrix(table, name, rows="benchmarks", columns="measures") for name, table in (("x", x), ("y", y))]
    a, b = frames
    if a.shape != b.shape:
        raise ValueError(f"x and y must have the same (benchmarks x measures) shape, got {a.shape} and {b.shape}.")
    if a.shape[0] < 2:
        raise ValueError(f"only {a.shape[0]} benchmark(s); at least 2 are needed.")
    if a.shape[1] > 12:
        raise ValueError(f"{a.shape[1]} measures give 2^{a.shape[1]} configurations; "
                         "at most 12 measures are supported.")
    measures = [str(c) for c in x.columns] if isinstance(x, pd.DataFrame) else [f"M{j + 1}" for j in range(a.shape[1])]
    return a, b, measures


def configuration_labels(n_measures: int) -> list[str]:
    """``"< < <"``, ``"< < >"``, ...: entry j is ``<`` when x < y on measure j.

    Index order: measure 1 is the most significant bit, ``>`` is bit 1 (rNPBST's order).
    """
    return [" ".join(">" if bit else "<" for bit in bits) for bits in itertools.product((0, 1), repeat=n_measures)]


def dominance_counts(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Occurrences of each dominance configuration, ties split fractionally.

    A benchmark with t tied measures adds 1/2^t to each of the 2^t configurations it is
    compatible with (Carrasco et al. 2020, Table 17, "the weight of an observation is
    divided between the possible configurations when there is a tie").
    """
    n_measures = x.shape[1]
    # Probability that bit j is 1 (x > y): 1, 0 or 1/2 for a tie.
    bit_one = np.where(x > y, 1.0, np.where(x < y, 0.0, 0.5))
    bits = np.array(list(itertools.product((0, 1), repeat=n_measures)), dtype=bool)  # configs x measures
    # weight of configuration c for benchmark i = prod_j P(bit_j = c_j)
    weights = np.where(bits[None, :, :], bit_one[:, None, :], 1.0 - bit_one[:, None, :]).prod(axis=2)
    return weights.sum(axis=0)


@dataclass(frozen=True, kw_only=True)
class MultipleMeasuresResult(TestResult):
    """GLRT over dominance configurations.

    ``statistic`` is lambda = m^(a+b) / (a^a b^b), m = (a+b)/2, with a and b the two
    largest configuration counts; ``pvalue`` = P(chi2_1 >= -2 log lambda).
    ``alternative`` is ``"greater"``: the most observed configuration's probability is
    greater than the second's (H0: theta_(1) <= theta_(2)).
    ``counts`` has one row per configuration (``<`` = x lower on that measure).

    Attributes
    ----------
    statistic : float
        lambda, the generalised likelihood ratio.
    pvalue : float
        P(chi2_1 >= -2 log lambda).
    alternative : str
        ``"greater"``.
    counts : pandas.Series
        Benchmarks per dominance configuration (ties split their weight).
    most_observed : str
        The configuration with the largest count.
    second_observed : str
        The configuration with the second largest count.
    n_benchmarks : int
        Number of benchmarks (rows).

    See Also
    --------
    multiple_measures_test : the test that returns it.
    BayesianMultipleMeasuresResult : the Bayesian version's result.

    References
    ----------
    .. [1] de Campos, C. P., Benavoli, A. (2016). Joint analysis of multiple algorithms and
       performance measures. *New Generation Computing* 35(1), 69–86.
       doi:10.1007/s00354-016-0005-8
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> x = np.array([[1, 1], [1, 2], [2, 1], [0, 0], [1, 1]])
    >>> r = ac.multiple_measures_test(x, x + 1)
    >>> r.most_observed, r.n_benchmarks
    ('< <', 5)
    """

    kind: ClassVar[str] = "test"

    counts: pd.Series
    most_observed: str
    second_observed: str
    n_benchmarks: int

    def to_frame(self) -> pd.DataFrame:
        frame = self.counts.rename("count").rename_axis("configuration").reset_index()
        return frame.assign(statistic=self.statistic, pvalue=self.pvalue)


@dataclass(frozen=True, kw_only=True)
class BayesianMultipleMeasuresResult(BaseResult):
    """Posterior probability that each configuration is the most probable one.

    Attributes
    ----------
    probabilities : pandas.Series
        Per dominance configuration, the share of posterior draws in which its theta is
        the largest.
    counts : pandas.Series
        Benchmarks per configuration (as :class:`MultipleMeasuresResult`).
    most_probable : str
        The configuration with the largest probability.
    prior : float
        Prior weight on each configuration.
    n_samples : int
        Posterior draws.
    samples : numpy.ndarray
        The draws of theta (n_samples x configurations).

    See Also
    --------
    bayesian_multiple_measures : the test that returns it.
    MultipleMeasuresResult : the frequentist version's result.

    References
    ----------
    .. [1] Benavoli, A., de Campos, C. P. (2015). Statistical tests for joint analysis of
       performance measures. In *Advanced Methodologies for Bayesian Networks (AMBN 2015)*,
       Springer, 76–92. doi:10.1007/978-3-319-28379-1_6
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> x = np.array([[1, 1], [1, 2], [2, 1], [0, 0], [1, 1]])
    >>> r = ac.bayesian_multiple_measures(x, x + 1, rng=0)
    >>> r.most_probable, round(float(r.probabilities.sum()), 6)
    ('< <', 1.0)
    """

    kind: ClassVar[str] = "bayesian"

    probabilities: pd.Series
    counts: pd.Series
    most_probable: str
    prior: float
    n_samples: int
    samples: np.ndarray = internal()

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame({"configuration": self.probabilities.index, "count": self.counts.to_numpy(),
                             "probability": self.probabilities.to_numpy()})


def multiple_measures_test(x: Any, y: Any) -> MultipleMeasuresResult:
    """Non-parametric multiple-measures test (generalised likelihood ratio test).

    de Campos & Benavoli (2016); Carrasco et al. (2020), sec. 6.2 and Table 17. Each
    benchmark gives a dominance configuration (x lower or higher on each measure; ties
    split their weight); with a and b the two largest configuration counts, the GLRT of
    H0: theta_(1) <= theta_(2) has::

        lambda = ((a + b) / 2)^(a + b) / (a^a b^b),   p = P(chi2_1 >= -2 log lambda)

    The p-value is computed in closed form (deterministic, no sampling), as rNPBST's
    ``multipleMeasuresGLRT``; this reproduces Table 17 (lambda = 0.6917945, p = 0.3906).

    Parameters
    ----------
    x, y : (benchmarks x measures) tables of two algorithms (same shape). Lower is
        "<": orient measures (e.g. negate accuracies) so that the comparison is the one
        you mean.

    Returns
    -------
    MultipleMeasuresResult
        lambda, its p-value and the configuration counts.

    See Also
    --------
    bayesian_multiple_measures : the Bayesian version.
    sign_test : one measure, two algorithms.

    References
    ----------
    .. [1] de Campos, C. P., Benavoli, A. (2016). Joint analysis of multiple algorithms and
       performance measures. *New Generation Computing* 35(1), 69–86.
       doi:10.1007/s00354-016-0005-8
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> x = np.array([[1, 1], [1, 2], [2, 1], [0, 0], [1, 1]])
    >>> y = np.array([[2, 2], [2, 3], [3, 2], [1, 1], [0, 0]])
    >>> r = ac.multiple_measures_test(x, y)
    >>> r.most_observed, float(r.counts["< <"])
    ('< <', 4.0)
    """
    a, b, measures = _as_measures(x, y)
    counts = pd.Series(dominance_counts(a, b), index=configuration_labels(a.shape[1]), name="count")
    order = np.argsort(-counts.to_numpy(), kind="stable")
    first, second = counts.iloc[order[0]], counts.iloc[order[1]]
    log_lambda = xlogy(first + second, (first + second) / 2) - xlogy(first, first) - xlogy(second, second)
    pvalue = float(stats.chi2.sf(-2.0 * log_lambda, 1))
    return MultipleMeasuresResult(
        method="GLRT multiple measures", statistic=float(np.exp(log_lambda)), pvalue=pvalue,
        alternative="greater",
        counts=counts, most_observed=counts.index[order[0]], second_observed=counts.index[order[1]],
        n_benchmarks=a.shape[0])


def bayesian_multiple_measures(x: Any, y: Any, *, prior: float | None = None, n_samples: int = 50_000,
                               rng: Any = None) -> BayesianMultipleMeasuresResult:
    """Bayesian multiple-measures test (Carrasco et al. 2020, sec. 6.3, Table 18).

    theta ~ Dirichlet(counts + prior), one cell per dominance configuration (counts as in
    :func:`multiple_measures_test`); the reported probability of a configuration is the
    share of posterior draws in which its theta is the largest. The default prior puts
    2^-m on each of the 2^m configurations (total weight 1), as rNPBST's
    ``bayesianMultipleConditions.test``.

    Parameters
    ----------
    x, y : array_like or DataFrame
        (benchmarks x measures) tables of two algorithms (same shape); lower is "<" on
        every measure.
    prior : float, optional
        Prior weight on each of the 2^m configurations (default 2^-m, total weight 1).
    n_samples : int
        Posterior draws.
    rng : None, int or numpy.random.Generator
        Seed or generator of the draws.

    Returns
    -------
    BayesianMultipleMeasuresResult
        Probability of each configuration being the most probable one.

    See Also
    --------
    multiple_measures_test : the frequentist GLRT on the same counts.
    bayesian_sign : one measure.

    References
    ----------
    .. [1] Benavoli, A., de Campos, C. P. (2015). Statistical tests for joint analysis of
       performance measures. In *Advanced Methodologies for Bayesian Networks (AMBN 2015)*,
       Springer, 76–92. doi:10.1007/978-3-319-28379-1_6
    .. [2] de Campos, C. P., Benavoli, A. (2016). Joint analysis of multiple algorithms and
       performance measures. *New Generation Computing* 35(1), 69–86.
       doi:10.1007/s00354-016-0005-8
    .. [3] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import numpy as np, algocompare as ac
    >>> x = np.array([[1, 1], [1, 2], [2, 1], [0, 0], [1, 1]])
    >>> y = np.array([[2, 2], [2, 3], [3, 2], [1, 1], [0, 0]])
    >>> ac.bayesian_multiple_measures(x, y, rng=0).most_probable
    '< <'
    """
    a, b, _ = _as_measures(x, y)
    n_configs = 2 ** a.shape[1]
    prior = 1.0 / n_configs if prior is None else check_nonnegative("prior", prior)
    n_samples = check_positive_int("n_samples", n_samples)
    labels = configuration_labels(a.shape[1])
    counts = dominance_counts(a, b)
    generator = np.random.default_rng(rng)
    alpha = np.maximum(counts + prior, 1e-12)  # a configuration never seen and prior 0 stays ~0
    samples = np.empty((n_samples, n_configs))
    for part in batches(n_samples, 8192):
        samples[part] = dirichlet(alpha, part.stop - part.start, generator)
    wins = np.bincount(np.argmax(samples, axis=1), minlength=n_configs) / n_samples
    probabilities = pd.Series(wins, index=labels, name="probability")
    return BayesianMultipleMeasuresResult(
        method="Bayesian multiple measures test", probabilities=probabilities,
        counts=pd.Series(counts, index=labels, name="count"), most_probable=labels[int(np.argmax(wins))],
        prior=prior, n_samples=n_samples, samples=samples)
