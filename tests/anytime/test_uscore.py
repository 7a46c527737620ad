"""U-scores by trial-based dominance (Price, Kumar & Suganthan 2023): hand-computed cases, an
independent pairwise restatement, maximisation, and the package's tests on the scores."""

from __future__ import annotations

import numpy as np
import pytest

import algocompare as ac
from algocompare.anytime import AnytimeResults, u_scores


def _run(algorithm, instance, run, hit_at, final, budget=100, start=10.0):
    """A run that drops from ``start`` to ``final`` at ``hit_at`` evaluations (its last record)."""
    return (algorithm, instance, run, [1, hit_at], [start, final], budget)


def test_hand_computed_case_with_every_rule_and_both_ties():
    # target 1: A1 hits at 20, A2 at 50, A3 misses (final 3); B1 hits at 20 (tie with A1), B2 misses
    # (final 3, tie with A3), B3 misses (final 5)
    runs = AnytimeResults.from_runs([
        _run("A", "f", 1, 20, 0.5), _run("A", "f", 2, 50, 1.0), _run("A", "f", 3, 100, 3.0),
        _run("B", "f", 1, 20, 0.1), _run("B", "f", 2, 100, 3.0), _run("B", "f", 3, 100, 5.0)])
    got = u_scores(runs, 1.0).to_long().set_index(["algorithm", "run"])["value"]
    # A1 vs B: tie with B1 (same time; its better final value does not count), beats B2, B3: 2.5
    # A2: loses to B1 (slower), beats B2, B3: 2; A3: loses to B1, ties B2, beats B3: 1.5
    # B1: ties A1, beats A2, A3: 2.5; B2: loses to A1, A2, ties A3: 0.5; B3: 0
    expected = {("A", 1): 2.5, ("A", 2): 2.0, ("A", 3): 1.5, ("B", 1): 2.5, ("B", 2): 0.5, ("B", 3): 0.0}
    assert got.to_dict() == expected
    # the Mann-Whitney U of A against B, and U_A + U_B = n_A n_B
    assert got["A"].sum() == 6.0 and got["A"].sum() + got["B"].sum() == 9


def _brute_force(runs: AnytimeResults, target: float) -> np.ndarray:
    """Every pair of trials of different algorithms on the same instance, from the runs' own records."""
    table = runs.runs()
    records = runs.to_long()
    sign = 1 if runs.direction == "minimize" else -1
    outcome = []
    for row in table.itertuples():
        mine = records[(records["algorithm"] == row.algorithm) & (records["instance"] == row.instance)
                       & (records["run"] == row.run)].sort_values("evaluations")
        best = np.minimum.accumulate(sign * mine["value"].to_numpy())
        hit = np.flatnonzero(best <= sign * target)
        outcome.append((mine["evaluations"].to_numpy()[hit[0]] if hit.size else None, best[-1]))
    score = np.zeros(len(table))
    for i, a in enumerate(table.itertuples()):
        for j, b in enumerate(table.itertuples()):
            if a.instance != b.instance or a.algorithm == b.algorithm:
                continue
            (ti, fi), (tj, fj) = outcome[i], outcome[j]
            if ti is not None and tj is not None:
                score[i] += 1.0 if ti < tj else 0.5 if ti == tj else 0.0
            elif ti is not None or tj is not None:
                score[i] += 1.0 if ti is not None else 0.0
            else:
                score[i] += 1.0 if fi < fj else 0.5 if fi == fj else 0.0
    return score


@pytest.mark.parametrize("direction", ["minimize", "maximize"])
def test_equals_the_pairwise_definition_on_random_runs(direction):
    rng = np.random.default_rng(3)
    runs = []
    for f in ("f1", "f2"):
        for a in ("A", "B", "C"):
            for r in range(6):
                e = np.unique(rng.integers(1, 60, size=8)) * 5          # ties in evaluations across runs
                y = np.round(rng.uniform(0, 4, size=e.size), 0)         # ties in final values
                runs.append((a, f, r, e, y if direction == "minimize" else -y, 400))
    logs = AnytimeResults.from_runs(runs, direction=direction)
    target = 1.0 if direction == "minimize" else -1.0
    got = u_scores(logs, target).to_long()["value"].to_numpy()
    np.testing.assert_array_equal(got, _brute_force(logs, target))
    # some successful and some unsuccessful trials, so every rule was exercised
    hits = np.isfinite(logs.runtimes([target])[:, 0])
    assert 0 < hits.sum() < hits.size


def test_scores_are_a_results_that_every_test_takes():
    rng = np.random.default_rng(11)
    runs = []
    for f in range(8):
        for a, speed in (("fast", 20), ("mid", 40), ("slow", 80)):
            for r in range(5):
                hit = int(rng.integers(speed, 3 * speed))
                runs.append(_run(a, f"f{f}", r, min(hit, 200), 0.5 if hit <= 150 else 2.0 + rng.random(), budget=200))
    scores = u_scores(AnytimeResults.from_runs(runs), 1.0)
    assert scores.direction == "maximize"
    blocks = scores.blocks()
    # per instance, the mean trial U-scores of the three algorithms sum to (number of pairs of trials of
    # different algorithms) / 5 runs = 3 * 25 / 5
    np.testing.assert_allclose(blocks.sum(axis=1), 15.0)
    fr = ac.friedman(scores)
    assert fr.mean_ranks.idxmin() == "fast" and fr.pvalue < 0.01


def test_bad_input():
    with pytest.raises(TypeError, match="AnytimeResults"):
        u_scores([1, 2], 1.0)
    runs = AnytimeResults.from_runs([_run("A", "f", 1, 20, 0.5), _run("B", "f", 1, 20, 0.5)])
    with pytest.raises(ValueError, match="target"):
        u_scores(runs, float("nan"))


def test_null_size_of_u_scores_with_friedman_under_censoring():
    """All algorithms share one runtime law per instance; 40 % of the runs stopped unsuccessful (final
    value ordered as the runtime they would have needed): Friedman on the mean U-scores holds the level."""
    from scipy import stats

    from algocompare.anytime._uscore import _dominance_key, _trial_u

    rng = np.random.default_rng(290)
    n_tables, n_instances, k, n_runs = 300, 10, 3, 5
    scale = rng.lognormal(5, 1, size=(n_tables, n_instances, 1, 1))
    runtime = np.ceil(scale * rng.lognormal(0, 1, size=(n_tables, n_instances, k, n_runs)))
    budget = np.ceil(scale[..., 0, 0] * np.exp(stats.norm.ppf(0.6)))
    algorithm = np.repeat(np.arange(k), n_runs)
    p = np.empty(n_tables)
    for t in range(n_tables):
        blocks = np.empty((n_instances, k))
        for i in range(n_instances):
            latent = runtime[t, i].reshape(-1)
            hit = np.where(latent <= budget[t, i], latent, np.inf)
            blocks[i] = _trial_u(_dominance_key(hit, latent), algorithm).reshape(k, n_runs).mean(axis=1)
        p[t] = ac.friedman(blocks, direction="maximize").pvalue
    size = float(np.mean(p <= 0.05))
    assert abs(size - 0.05) <= max(0.015, 3 * np.sqrt(0.05 * 0.95 / n_tables)), size
