"""Nadeau & Bengio's corrected resampled t-test: reference values and calibration."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from tests._refdata import ref_path


def _scores() -> pd.DataFrame:
    return pd.read_csv(ref_path("baycomp_accuracies.csv"), comment="#")


def _pair(data: pd.DataFrame, dataset: str, a: str, b: str) -> tuple[np.ndarray, np.ndarray]:
    block = data[data["dataset"] == dataset]
    return tuple(block[block["classifier"] == c].sort_values("fold")["accuracy"].to_numpy() for c in (a, b))


def test_equal_to_the_base_r_restatement():
    # tests/reference/correlated_t.R: t = mean(d) / (sd(d) sqrt(1/n + rho/(1 - rho))), df = n - 1 (scmamp's scale)
    data = _scores()
    reference = pd.read_csv(ref_path("correlated_t_scmamp.csv"))
    checked = 0
    for row in reference[reference["rope"] == 0].itertuples():
        x, y = _pair(data, row.dataset, row.x, row.y)
        ratio = row.rho / (1 - row.rho)
        r = ac.corrected_ttest(x, y, test_train_ratio=ratio)
        assert r.statistic == pytest.approx(row.t, rel=1e-12)
        assert r.pvalue == pytest.approx(row.p_two_sided, rel=1e-10, abs=1e-300)
        assert r.standard_error == pytest.approx(row.scale, rel=1e-12)
        assert ac.corrected_ttest(x, y, test_train_ratio=ratio, alternative="greater").pvalue == pytest.approx(
            row.p_greater, rel=1e-10, abs=1e-300)
        assert ac.corrected_ttest(x, y, test_train_ratio=ratio, alternative="less").pvalue == pytest.approx(
            row.p_less, rel=1e-10, abs=1e-300)
        checked += 1
    assert checked == 45


def test_runs_give_the_k_fold_ratio():
    data = _scores()
    x, y = _pair(data, "anneal", "nbc", "j48")
    by_runs = ac.corrected_ttest(x, y, runs=10)   # 10 runs of 10 folds: 1/9
    assert by_runs.test_train_ratio == pytest.approx(1 / 9)
    assert by_runs.pvalue == ac.corrected_ttest(x, y, test_train_ratio=1 / 9).pvalue
    assert ac.corrected_ttest(x, y).test_train_ratio == pytest.approx(1 / 99)  # one 100-fold CV


def test_rho_as_scmamp():
    x, y = _pair(_scores(), "anneal", "nbc", "j48")
    assert ac.corrected_ttest(x, y, rho=0.1).pvalue == pytest.approx(ac.corrected_ttest(x, y, runs=10).pvalue)


def test_zero_ratio_is_the_paired_t():
    x, y = _pair(_scores(), "iris", "nbc", "aode")
    mine, plain = ac.corrected_ttest(x, y, test_train_ratio=0), stats.ttest_rel(x, y)
    assert mine.statistic == pytest.approx(plain.statistic) and mine.pvalue == pytest.approx(plain.pvalue)


def test_interval_has_the_test_s_scale():
    x, y = _pair(_scores(), "labor", "nbc", "j48")
    r = ac.corrected_ttest(x, y, runs=10, confidence_level=0.9)
    half = stats.t.ppf(0.95, 99) * r.standard_error
    assert (r.ci_low, r.ci_high) == pytest.approx((r.mean_difference - half, r.mean_difference + half))


def test_equal_differences():
    up = ac.corrected_ttest([2.0, 3.0, 4.0], [1.0, 2.0, 3.0])
    assert up.statistic == np.inf and up.pvalue == 0.0
    same = ac.corrected_ttest([2.0, 3.0, 4.0], [2.0, 3.0, 4.0])
    assert same.statistic == 0.0 and same.pvalue == 1.0


@pytest.mark.parametrize("kwargs, message", [
    ({"runs": 3}, "runs"),
    ({"runs": 10}, "fewer than 2 folds"),
    ({"runs": 2, "test_train_ratio": 0.25}, "one of"),
    ({"rho": 0.1, "runs": 1}, "one of"),
    ({"rho": 1.0}, "rho"),
    ({"test_train_ratio": -1}, "test_train_ratio"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ac.corrected_ttest(np.arange(10.0), np.arange(10.0)[::-1], **kwargs)


def equicorrelated_differences(rng: np.random.Generator, reps: int, n: int, rho: float,
                               mean: float | np.ndarray = 0.0, sd: float = 1.0) -> np.ndarray:
    """Nadeau & Bengio's (2003, sec. 4) model of cross-validated differences: normal, every two
    folds correlated by rho = n_test / (n_test + n_train)."""
    shared = rng.normal(size=(reps, 1))
    own = rng.normal(size=(reps, n))
    return np.reshape(mean, (-1, 1)) + np.reshape(sd, (-1, 1)) * (np.sqrt(rho) * shared + np.sqrt(1 - rho) * own)


def null_rejections(reps: int, seed: int, runs: int = 10, folds: int = 10) -> tuple[float, float]:
    """Rate of p <= 0.05 of the corrected and of the plain paired t under the null (mean difference 0)."""
    rng = np.random.default_rng(seed)
    d = equicorrelated_differences(rng, reps, runs * folds, 1 / folds)
    corrected = np.array([ac.corrected_ttest(row, np.zeros_like(row), runs=runs).pvalue for row in d])
    plain = np.array([ac.corrected_ttest(row, np.zeros_like(row), test_train_ratio=0).pvalue for row in d])
    return float(np.mean(corrected <= 0.05)), float(np.mean(plain <= 0.05))


def test_size_under_correlated_folds_fast():
    corrected, plain = null_rejections(600, seed=3)
    assert abs(corrected - 0.05) < 3 * np.sqrt(0.05 * 0.95 / 600)
    assert plain > 0.4  # the uncorrected t rejects a true null about half of the time (10 x 10-fold)


@pytest.mark.slow
def test_size_under_correlated_folds_full():
    for runs, folds in ((1, 10), (10, 10), (5, 5)):
        corrected, plain = null_rejections(20_000, seed=runs * folds, runs=runs, folds=folds)
        assert abs(corrected - 0.05) < 3 * np.sqrt(0.05 * 0.95 / 20_000)
        assert plain > 0.1
