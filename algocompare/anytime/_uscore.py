"""Trial-based dominance and U-scores (Price, Kumar & Suganthan 2023), the ranking of the CEC 2022-2024
competitions.

On one function, a trial (run) beats another when

1. it reached the target and the other did not;
2. both reached it and it needed fewer evaluations;
3. neither reached it and its final best value is better.

Equal evaluations (both successful) or equal final values (both unsuccessful) tie. This orders
all trials of a function totally, so the Mann–Whitney count applies: a trial's *U-score* is the
number of trials of the *other* algorithms it beats, ties counting one half. An algorithm's
U-score on a function is the sum over its trials (the Mann–Whitney U of its trials against all
the others'); the competitions then rank algorithms by their U-scores summed over functions,
and the package's rank tests (Friedman and its post-hoc) apply to the per-function scores.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from algocompare.anytime._model import AnytimeResults
from algocompare.data import Results

__all__ = ["u_scores"]


def u_scores(runs: AnytimeResults, target: float) -> Results:
    """Each trial's U-score by trial-based dominance (first by time to the target, then by final value).

    Parameters
    ----------
    runs : AnytimeResults
        The runs' logs; each instance (function) is compared on its own.
    target : float
        The value to reach (in the runs' direction: at or below it when minimising, at or
        above when maximising).

    Returns
    -------
    Results
        One value per (algorithm, instance, run), higher = better (``direction="maximize"``):
        the number of trials of the other algorithms on the same instance that this trial beats,
        plus one half per tie. ``blocks()`` gives each algorithm's mean trial U-score per
        instance (its Mann–Whitney U against the others divided by its number of trials), which
        :func:`algocompare.friedman` and :func:`algocompare.posthoc` rank.

    Notes
    -----
    Trial A beats trial B when A reached the target and B did not; when both reached it and A
    needed fewer evaluations; or when neither reached it and A's final best-so-far value is
    better. The two remaining cases tie (one half each): both reached the target at the same
    evaluation, or neither did and their final values are equal. A trial's final value is its
    best-so-far value at its last record. Trials of the same algorithm are not compared with each
    other (their count would be the same for every algorithm with the same number of trials).
    The definition follows Price, Kumar & Suganthan [1]_; the sum of an algorithm's trial
    U-scores on a function is the U statistic of the Mann–Whitney test of its trials against
    all other trials under that order.

    References
    ----------
    .. [1] Price, K. V., Kumar, A., Suganthan, P. N. (2023). Trial-based dominance for comparing
       both the speed and accuracy of stochastic optimizers with standard non-parametric tests.
       *Swarm and Evolutionary Computation* 78, 101287. doi:10.1016/j.swevo.2023.101287

    See Also
    --------
    logrank_test : a censoring-aware test of the runtimes alone.
    algocompare.friedman : the rank test of the per-instance scores.

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([
    ...     ("A", "f1", 1, [1, 10], [5.0, 1.0], 100),   # reached the target 2 at 10 evaluations
    ...     ("A", "f1", 2, [1, 100], [5.0, 3.0], 100),  # did not: final value 3
    ...     ("B", "f1", 1, [1, 50], [5.0, 2.0], 100),   # reached it at 50
    ...     ("B", "f1", 2, [1, 100], [5.0, 4.0], 100)]) # did not: final value 4
    >>> ac.anytime.u_scores(runs, 2.0).to_long()["value"].tolist()
    [2.0, 1.0, 1.0, 0.0]
    """
    if not isinstance(runs, AnytimeResults):
        raise TypeError(f"runs must be an AnytimeResults (the runs' logs), got {type(runs).__name__}.")
    target = float(target)
    if not np.isfinite(target):
        raise ValueError(f"target must be a finite number, got {target!r}.")
    table = runs.runs()
    first_hit = runs.runtimes([target])[:, 0]
    final = runs.values_at([float(table["last_evaluations"].max())])[:, 0]
    oriented_final = final if runs.direction == "minimize" else -final
    key = _dominance_key(first_hit, oriented_final)
    score = np.empty(key.size)
    algorithm = table["algorithm"].to_numpy()
    for rows in table.groupby("instance", sort=False).indices.values():
        score[rows] = _trial_u(key[rows], algorithm[rows])
    long = pd.DataFrame({"algorithm": table["algorithm"], "instance": table["instance"], "run": table["run"],
                         "value": score})
    notes = (f"U-scores (trial-based dominance, Price, Kumar & Suganthan 2023) at target {target:g}: time to "
             "the target, then the final value; higher is better.",)
    return Results.from_long(long, run="run", direction="maximize").with_notes(*notes)


def _dominance_key(first_hit: np.ndarray, oriented_final: np.ndarray) -> np.ndarray:
    """One number per trial, lower = better, ordering as trial-based dominance does.

    A successful trial's key is its first-hit evaluations; an unsuccessful trial's key lies above
    every successful one, in the order of its final value (equal values, equal keys).
    """
    reached = np.isfinite(first_hit)
    offset = (first_hit[reached].max() if reached.any() else 0.0) + 1.0
    value_rank = stats.rankdata(oriented_final, method="dense")  # ties keep equal ranks
    return np.where(reached, first_hit, offset + value_rank)


def _trial_u(key: np.ndarray, algorithm: np.ndarray) -> np.ndarray:
    """Trials of other algorithms each trial beats (+ 1/2 per tie): its count among all trials minus
    its count among its own algorithm's trials; a count is (trials) - (its mid-rank, 1 = best)."""
    among_all = key.size - stats.rankdata(key)
    own = np.empty(key.size)
    for rows in pd.Series(range(key.size)).groupby(pd.factorize(algorithm)[0]).indices.values():
        own[rows] = rows.size - stats.rankdata(key[rows])
    return among_all - own
