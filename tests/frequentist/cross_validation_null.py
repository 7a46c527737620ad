"""Null simulations of the corrected resampled t-test and SBC of the Bayesian correlated t-test.

Run: python3 -m tests.frequentist.cross_validation_null   (prints the tables of docs/validation.md and
writes docs/_static/correlated_t_sbc.png; seed 2027, about a minute).

Two kinds of cross-validation-like data under the null (equal expected score):

* the model of Nadeau & Bengio (2003, sec. 4) and Corani & Benavoli (2015): n = r·k normal
  differences, every two correlated by rho = 1/k (= n_test / (n_test + n_train));
* real r × k-fold cross-validation of two learners with equal expected loss on a data set of 60
  points y ~ N(0, 1): each predicts a held-out point by the mean of its own half of the training
  set (the even- or odd-numbered points), squared error per fold.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

import algocompare as ac
from tests.frequentist.test_cross_validation import equicorrelated_differences

ALPHA = 0.05


def rejection_rates(d: np.ndarray, ratio: float) -> tuple[float, float]:
    """Rates of p <= ALPHA of the corrected t (n_test/n_train = ratio) and the paired t, per row of d."""
    n = d.shape[1]
    mean, sd = d.mean(axis=1), d.std(axis=1, ddof=1)
    corrected = 2 * stats.t.sf(np.abs(mean / (sd * np.sqrt(1 / n + ratio))), n - 1)
    plain = 2 * stats.t.sf(np.abs(mean / (sd / np.sqrt(n))), n - 1)
    return float(np.mean(corrected <= ALPHA)), float(np.mean(plain <= ALPHA))


def learners_cv(rng: np.random.Generator, reps: int, runs: int, folds: int, n_points: int = 60) -> np.ndarray:
    """Per-fold loss differences of the two half-sample-mean learners (equal expected loss)."""
    y = rng.normal(size=(reps, n_points))
    even = np.arange(n_points) % 2 == 0
    out = np.empty((reps, runs * folds))
    for r in range(runs):
        perm = rng.permuted(np.tile(np.arange(n_points), (reps, 1)), axis=1)
        for f, positions in enumerate(np.array_split(np.arange(n_points), folds)):
            test_idx = perm[:, positions]
            train = np.ones((reps, n_points), bool)
            np.put_along_axis(train, test_idx, False, axis=1)
            pred_a = (y * (train & even)).sum(1) / (train & even).sum(1)
            pred_b = (y * (train & ~even)).sum(1) / (train & ~even).sum(1)
            test = np.take_along_axis(y, test_idx, axis=1)
            out[:, r * folds + f] = ((test - pred_a[:, None]) ** 2).mean(1) - ((test - pred_b[:, None]) ** 2).mean(1)
    return out


def main(reps: int = 20_000, seed: int = 2027) -> None:
    rng = np.random.default_rng(seed)
    print("| data | runs × folds | n | corrected t | paired t | reps |")
    print("|---|---|---|---|---|---|")
    for runs, folds in ((1, 10), (10, 10), (5, 5), (1, 5)):
        d = equicorrelated_differences(rng, reps, runs * folds, 1 / folds)
        for row in d[:3]:  # the bulk formula is the function's
            assert np.isclose(ac.corrected_ttest(row, np.zeros_like(row), runs=runs).pvalue,
                              2 * stats.t.sf(abs(row.mean() / (row.std(ddof=1) * np.sqrt(1 / row.size + 1 / (folds - 1)))),
                                             row.size - 1))
        corrected, plain = rejection_rates(d, 1 / (folds - 1))
        print(f"| model, rho = 1/{folds} | {runs} × {folds} | {runs * folds} | {corrected:.4f} | {plain:.4f} | {reps} |")
    for runs, folds in ((1, 10), (10, 10), (5, 5)):
        d = learners_cv(rng, reps // 4, runs, folds)
        corrected, plain = rejection_rates(d, 1 / (folds - 1))
        print(f"| two learners, 60 points | {runs} × {folds} | {runs * folds} | {corrected:.4f} | {plain:.4f} "
              f"| {reps // 4} |")
    # SBC of the posterior under the model: mu ~ N(0, 2^2), sd ~ Gamma(2, 0.5), 30 differences, rho = 0.1
    n, rho, m = 30, 0.1, reps
    mu, sd = rng.normal(0.0, 2.0, m), rng.gamma(2.0, 0.5, m)
    d = equicorrelated_differences(rng, m, n, rho, mean=mu, sd=sd)
    location = d.mean(axis=1)
    scale = d.std(axis=1, ddof=1) * np.sqrt(1 / n + rho / (1 - rho))
    for i in range(3):  # the bulk posterior is the function's
        r = ac.bayesian_correlated_ttest(d[i], np.zeros(n), rho=rho)
        assert np.isclose(r.location, location[i]) and np.isclose(r.scale, scale[i])
    ranks = stats.t.cdf((mu - location) / scale, n - 1)
    counts = np.histogram(ranks, bins=20, range=(0, 1))[0]
    coverage = np.mean((ranks > 0.025) & (ranks < 0.975))
    print(f"\nSBC: {m} draws, 20 bins, chi-square p = {stats.chisquare(counts).pvalue:.3f}, "
          f"95% interval coverage {coverage:.4f}, counts {counts.min()}-{counts.max()} (expected {m / 20:.0f})")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3.3, 2.2), layout="constrained")
    ax.bar(np.arange(20) / 20 + 0.025, counts, width=0.05, color="#7570b3", edgecolor="white")
    band = stats.binom.ppf([0.005, 0.995], m, 1 / 20)
    ax.axhspan(*band, color="0.85", zorder=0, label="99% band of a uniform histogram")
    ax.set_xlabel("posterior CDF at the true mean", fontsize=8)
    ax.set_ylabel("count", fontsize=8)
    ax.tick_params(labelsize=7)
    ax.set_title("Bayesian correlated t: SBC", fontsize=8)
    ax.legend(fontsize=7, loc="lower center")
    fig.savefig("docs/_static/correlated_t_sbc.png", dpi=150)


if __name__ == "__main__":
    main()
