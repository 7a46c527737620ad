"""All-pairs Bayesian comparisons of a results table (Carrasco et al. 2020, Figs. 7-10)."""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from algocompare._parallel import map_ordered
from algocompare._progress import progress_bar
from algocompare._results import BaseResult
from algocompare._validation import check_nonnegative, check_option, check_positive_int, check_probability
from algocompare.bayesian._common import working_units
from algocompare.bayesian._large_sample import LARGE_SAMPLE_FROM, normal_posterior, region_shares
from algocompare.bayesian._result import decide, report_shares
from algocompare.bayesian._sign import bayesian_sign
from algocompare.bayesian._signed_rank import bayesian_signed_rank, signed_rank_means, signed_rank_win_shares
from algocompare.data._convert import as_blocks

__all__ = ["bayesian_pairwise", "BayesianPairwiseResult"]

TESTS = {"signed_rank": bayesian_signed_rank, "sign": bayesian_sign}
METHODS = ("auto", "sample", "normal")


@dataclass(frozen=True, kw_only=True)
class BayesianPairwiseResult(BaseResult):
    """One row per pair (algorithm_a, algorithm_b) of the Bayesian test on a - b.

    Values are oriented so that lower is better: ``p_left`` is the probability that
    ``algorithm_a`` is better by more than the rope (a wins), ``p_right`` that
    ``algorithm_b`` is better, ``p_rope`` practical equivalence. ``decision`` names the
    winner, ``"rope"`` or ``"undecided"`` at ``threshold``.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per pair: ``algorithm_a, algorithm_b``, ``p_left, p_rope, p_right``, the
        posterior means and ``decision``.
    algorithms : list of str
        The algorithms, in the table's column order.
    test : str
        ``"signed_rank"`` or ``"sign"``.
    rope : float
        Half-width of the region of practical equivalence.
    threshold : float
        Probability a decision needs.

    See Also
    --------
    bayesian_pairwise : the function that returns it.
    algocompare.plots.plot_pairwise_matrix : the decisions as a matrix (``result.plot()``).

    References
    ----------
    .. [1] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("cec2005_d10").select(algorithms=["G-CMA-ES", "DE"])
    >>> pw = ac.bayesian_pairwise(res, rope=0.1, n_samples=2000, rng=0)
    >>> pw.test, len(pw.table)
    ('signed_rank', 1)
    """

    kind: ClassVar[str] = "bayesian_pairs"

    table: pd.DataFrame
    algorithms: list[str]
    test: str
    rope: float
    threshold: float

    def to_frame(self) -> pd.DataFrame:
        return self.table.copy()

    def matrix(self, value: str = "best") -> pd.DataFrame:
        """Square view: cell (row a, column b) from a's point of view.

        ``value="best"`` gives the probability of the most probable region; ``"p_win"``
        the probability that the row algorithm is better; ``"p_rope"`` equivalence;
        ``"region"`` the most probable region as ``"win"``, ``"rope"`` or ``"loss"``.
        """
        check_option("value", value, ("best", "p_win", "p_rope", "region"))
        labels = self.algorithms
        out = pd.DataFrame(np.nan if value != "region" else "", index=labels, columns=labels,
                           dtype=object if value == "region" else float)
        for row in self.table.itertuples(index=False):
            probs = {"left": row.p_left, "rope": row.p_rope, "right": row.p_right}
            best = max(probs, key=lambda k: (probs[k], k == "rope"))
            for a, b, win, loss in ((row.algorithm_a, row.algorithm_b, "left", "right"),
                                    (row.algorithm_b, row.algorithm_a, "right", "left")):
                out.loc[a, b] = {"best": probs[best], "p_win": probs[win], "p_rope": probs["rope"],
                                 "region": {win: "win", loss: "loss", "rope": "rope"}[best]}[value]
        return out


#: Most pairs tested at once: each pair takes about 5-10 ms (50,000 posterior samples, 10-30
#: instances), so 20,000 pairs (200 algorithms) take minutes; 1,000 algorithms (499,500 pairs)
#: would take about an hour, 10,000 days.
MAX_PAIRS = 20_000


def _check_pairs(k: int) -> None:
    """Refuse, before any draw, a number of algorithms whose pairs would take hours."""
    n_pairs = k * (k - 1) // 2
    if n_pairs > MAX_PAIRS:
        raise ValueError(f"{k} algorithms make {n_pairs:,} pairs: the Bayesian tests of all pairs take about 5-10 ms "
                         f"each, so at most {MAX_PAIRS:,} pairs (200 algorithms) are tested at once; pass a subset "
                         "of the algorithms (e.g. the best-ranked ones).")


def bayesian_pairwise(data: Any, *, test: str = "signed_rank", rope: float = 0.0,
                      prior_strength: float | None = None, n_samples: int = 50_000, threshold: float = 0.95,
                      direction: str | None = None, nan_policy: str = "raise", rng: Any = None,
                      progress: bool | None = None, method: str = "auto", precision: float | None = 0.0005,
                      executor: Any = None) -> BayesianPairwiseResult:
    """Bayesian sign or signed-rank test for every pair of algorithms.

    For each pair (a, b), in the table's column order with a before b, the test is run on
    the oriented values (lower = better) of a and b, so "left" means a better.

    Parameters
    ----------
    data : Results, DataFrame or 2-D array
        Instances × algorithms.
    test : {"signed_rank", "sign"}
        The test of each pair (default ``"signed_rank"``, as Carrasco et al. Figs. 7-10).
    rope : float
        Half-width of the region of practical equivalence, in the data's units.
    prior_strength : float, optional
        Default of the chosen test when None (0.5 signed-rank, 1 sign).
    n_samples, threshold
        As in :func:`bayesian_signed_rank`; ``n_samples`` is the most draws a pair gets
        (see ``precision``).
    direction : {"minimize", "maximize"}, optional
        ``None`` (default): the data's own (a DataFrame or an array is taken as "minimize").
    nan_policy : {"raise", "omit"}
        ``"omit"`` drops the instances with a missing value, recorded in
        ``dropped_instances``.
    rng : None, int or numpy.random.Generator
        One generator is shared by all pairs.
    progress : bool, optional
        A tqdm bar over the posterior draws or the pairs: ``None`` (default) on a
        terminal once the work has lasted a second, ``True`` always, ``False`` never.
    method : {"auto", "sample", "normal"}
        Signed-rank test only. ``"sample"``: Monte Carlo draws of the exact
        posterior. ``"normal"``: its large-sample normal form, no sampling
        (:mod:`algocompare.bayesian._large_sample`; its probabilities differ from the
        sampled ones by at most 0.005 from 500 instances on, shrinking as 1/n, about
        the Monte Carlo error of 50,000 draws). ``"auto"`` (default): normal from
        ``LARGE_SAMPLE_FROM`` = 500 instances on, sampled below.
    precision : float or None
        A sampled pair stops drawing once two Monte Carlo standard errors of
        each of its probabilities are at most this (default 0.0005, the three printed
        decimals: a clearly decided pair needs about 4,000 draws); ``None`` always draws
        ``n_samples``.
    executor : optional
        None (here) or a ``concurrent.futures`` executor or
        ``dask.distributed.Client`` to share the pairs among workers, as
        :func:`algocompare.run_experiment` takes it. Every piece of pairs regenerates the
        same Dirichlet weights from ``rng``, so the result is identical on 1 or N workers.

    Returns
    -------
    BayesianPairwiseResult
        One row per pair with the three probabilities and the decision.

    See Also
    --------
    bayesian_signed_rank, bayesian_sign : one pair, with its posterior draws.
    posthoc : the frequentist all-pairs comparison.

    Notes
    -----
    For the signed-rank test all pairs are sampled together: each batch of Dirichlet
    weights is drawn once and reused for every pair (common random numbers; each pair's
    posterior is exact, the pairs' estimates are dependent), and posterior draws are not
    kept. Use :func:`bayesian_signed_rank` on a pair for its samples and simplex plot.

    References
    ----------
    .. [1] Benavoli, A., Corani, G., Mangili, F., Zaffalon, M., Ruggeri, F. (2014). A Bayesian
       Wilcoxon signed-rank test based on the Dirichlet process. *Proceedings of the 31st
       International Conference on Machine Learning (ICML)*, PMLR 32(2), 1026–1034.
       https://proceedings.mlr.press/v32/benavoli14.html
    .. [2] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine
       Learning Research* 18(77), 1–36. https://jmlr.org/papers/v18/16-305.html
    .. [3] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665

    Examples
    --------
    >>> import algocompare as ac
    >>> res = ac.load_dataset("cec2005_d10").select(algorithms=["G-CMA-ES", "DE", "BLX-MA"])
    >>> pw = ac.bayesian_pairwise(res, rope=0.1, n_samples=2000, rng=0)
    >>> pw.to_frame()[["algorithm_a", "algorithm_b", "decision"]]
      algorithm_a algorithm_b   decision
    0    G-CMA-ES          DE   G-CMA-ES
    1    G-CMA-ES      BLX-MA   G-CMA-ES
    2          DE      BLX-MA  undecided
    """
    check_option("test", test, tuple(TESTS))
    check_option("method", method, METHODS)
    if precision is not None:
        precision = check_probability("precision", precision)
    results = as_blocks(data, direction=direction, nan_policy=nan_policy)
    values = results.values(oriented=True)
    labels = [str(a) for a in results.algorithms]
    generator = np.random.default_rng(rng)
    _check_pairs(len(labels))
    pairs = list(itertools.combinations(range(len(labels)), 2))
    if test == "signed_rank":
        rows = _signed_rank_rows(values, labels, pairs, rope, prior_strength, n_samples, threshold, generator,
                                 progress, method, precision, executor)
    else:
        rows = _sign_rows(values, labels, pairs, rope, prior_strength, n_samples, threshold, generator, progress)
    return BayesianPairwiseResult(method=f"Bayesian {test.replace('_', '-')} test, all pairs",
                                  table=pd.DataFrame(rows), algorithms=labels, test=test, rope=float(rope),
                                  threshold=threshold, dropped_instances=results.dropped_instances)


def _row(labels: list[str], i: int, j: int, shares: tuple[float, float, float], means: tuple, threshold: float) -> dict:
    decision = decide(*shares, threshold)
    winner = {"left": labels[i], "right": labels[j]}.get(decision, decision)
    return {"algorithm_a": labels[i], "algorithm_b": labels[j], "p_left": shares[0], "p_rope": shares[1],
            "p_right": shares[2], "mean_left": means[0], "mean_rope": means[1], "mean_right": means[2],
            "decision": winner}


def _signed_rank_rows(values, labels, pairs, rope, prior_strength, n_samples, threshold, rng, progress, method,
                      precision, executor):
    """All pairs, sampled with shared Dirichlet draws (``signed_rank_win_shares``) or normal."""
    rope = check_nonnegative("rope", rope)
    s = 0.5 if prior_strength is None else check_nonnegative("prior_strength", prior_strength)
    n_samples = check_positive_int("n_samples", n_samples)
    check_probability("threshold", threshold)
    (values,), rope = working_units((values,), rope)  # differences of values near 1e308 stay finite
    diffs = np.array([values[:, i] - values[:, j] for i, j in pairs])
    normal = method == "normal" or (method == "auto" and values.shape[0] >= LARGE_SAMPLE_FROM)
    many = executor is not None or normal
    size = max(1, -(-len(pairs) // (4 * _workers(executor)))) if many else len(pairs)
    size = min(size, 16) if normal else size  # normal pieces are cheap: a finer progress bar
    pieces = [(diffs[start:start + size], rope, s, n_samples, normal, precision, copy.deepcopy(rng),
               False if many else progress) for start in range(0, len(pairs), size)]
    # one bar: over the pieces when there are several, else over one piece's posterior draws
    found = map_ordered(_pairs_piece, pieces, executor=executor, progress=progress if many else False,
                        desc="pairs", unit="piece")
    shares = np.vstack([f[0] for f in found])
    means = np.vstack([f[1] for f in found])
    return [_row(labels, i, j, report_shares(shares[k], rope), tuple(means[k]), threshold)
            for k, (i, j) in enumerate(pairs)]


def _workers(executor: Any) -> int:
    if executor is None:
        return 1
    count = getattr(executor, "_max_workers", None)
    if count is None and hasattr(executor, "nthreads"):  # a dask Client
        count = sum(executor.nthreads().values())
    return max(1, int(count or 1))


def _pairs_piece(piece: tuple) -> tuple[np.ndarray, np.ndarray]:
    """Win shares and exact posterior means of some pairs (one piece of the work)."""
    diffs, rope, s, n_samples, normal, precision, rng, progress = piece
    if normal:
        posteriors = [normal_posterior(z, rope, s) for z in diffs]
        return (np.array([region_shares(*posterior, rope) for posterior in posteriors]),
                np.array([means for means, _ in posteriors]))
    shares = signed_rank_win_shares(diffs, rope, s, n_samples, rng, precision=precision, progress=progress)
    return shares, np.array([signed_rank_means(z, rope, s) for z in diffs])


def _sign_rows(values, labels, pairs, rope, prior_strength, n_samples, threshold, rng, progress):
    kwargs = {} if prior_strength is None else {"prior_strength": prior_strength}
    bar = progress_bar(progress, total=len(pairs), desc="pairs")
    rows = []
    try:
        for i, j in pairs:
            r = bayesian_sign(values[:, i], values[:, j], rope, n_samples=n_samples, threshold=threshold,
                              names=(labels[i], labels[j]), rng=rng, **kwargs)
            rows.append(_row(labels, i, j, r.probabilities, r.posterior_mean, threshold))
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return rows
