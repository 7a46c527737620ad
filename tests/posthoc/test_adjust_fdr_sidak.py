"""Šidák, Holm–Šidák, Benjamini–Hochberg and Benjamini–Yekutieli: reference values, wording, null simulations.

Reference values: base R ``p.adjust`` (tests/reference/p_adjust.R, R 4.2; printed values restated
below), statsmodels ``multipletests`` and pingouin ``multicomp`` (installed, independent code).
The null simulations are the fast version of benchmarks/bench_adjust_fdr.py (docs/validation.md,
"Šidák, Holm–Šidák and FDR adjustments").
"""

from __future__ import annotations

import numpy as np
import pingouin as pg
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests

import algocompare as ac
from algocompare.posthoc._adjust import ADJUSTMENTS, CORRECTIONS, FAMILY_CORRECTIONS, FDR_CORRECTIONS

P = np.array([0.0012, 0.0430, 0.0210, 0.3300, 0.0049, 0.0210, 0.7700, 0.0003, 0.0910, 0.0160])
TIES = np.array([0.04, 0.04, 0.04, 0.001, 1, 0.5])
# Rscript tests/reference/p_adjust.R: p.adjust(P, "BH"), p.adjust(P, "BY"), and the same for TIES
R_BH = [0.0059999999999999993, 0.061428571428571423, 0.035000000000000003, 0.3666666666666667,
        0.016333333333333335, 0.035000000000000003, 0.77000000000000002, 0.0029999999999999996,
        0.11374999999999999, 0.035000000000000003]
R_BY = [0.017573809523809523, 0.17992233560090701, 0.10251388888888889, 1, 0.047839814814814807,
        0.10251388888888889, 1, 0.0087869047619047614, 0.33317013888888886, 0.10251388888888889]
R_BH_TIES = [0.06, 0.06, 0.06, 0.006, 1, 0.6]
R_BY_TIES = [0.147, 0.147, 0.147, 0.0147, 1, 1]


def test_bh_by_match_r_p_adjust() -> None:
    np.testing.assert_allclose(ac.adjust_pvalues(P, "bh"), R_BH, rtol=1e-14)
    np.testing.assert_allclose(ac.adjust_pvalues(P, "by"), R_BY, rtol=1e-14)
    np.testing.assert_allclose(ac.adjust_pvalues(TIES, "bh"), R_BH_TIES, rtol=1e-14)
    np.testing.assert_allclose(ac.adjust_pvalues(TIES, "by"), R_BY_TIES, rtol=1e-14)


@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")  # statsmodels' Šidák at p = 1
@pytest.mark.parametrize("key,sm", [("sidak", "sidak"), ("holm_sidak", "holm-sidak"), ("bh", "fdr_bh"),
                                    ("by", "fdr_by")])
@pytest.mark.parametrize("p", [P, TIES], ids=["P", "ties"])
def test_match_statsmodels(key: str, sm: str, p: np.ndarray) -> None:
    # statsmodels.stats.multitest.multipletests(p, method=sm)[1]
    np.testing.assert_allclose(ac.adjust_pvalues(p, key), multipletests(p, method=sm)[1], rtol=1e-12)


@pytest.mark.parametrize("key,pingouin", [("sidak", "sidak"), ("bh", "fdr_bh"), ("by", "fdr_by")])
def test_match_pingouin(key: str, pingouin: str) -> None:
    # pingouin.multicomp(P, method=pingouin)[1] (its "sidak" is the single-step one)
    np.testing.assert_allclose(ac.adjust_pvalues(P, key), pg.multicomp(P, method=pingouin)[1], rtol=1e-12)


def test_sidak_formulas_and_holm_sidak_is_holland() -> None:
    m, order = P.size, np.argsort(P)
    np.testing.assert_allclose(ac.adjust_pvalues(P, "sidak"), 1 - (1 - P) ** m, rtol=1e-12)
    stepdown = np.maximum.accumulate(1 - (1 - P[order]) ** (m - np.arange(m)))
    np.testing.assert_allclose(ac.adjust_pvalues(P, "holm_sidak")[order], stepdown, rtol=1e-12)
    np.testing.assert_array_equal(ac.adjust_pvalues(P, "holm_sidak"), ac.adjust_pvalues(P, "holland"))
    # tiny p-values keep their relative precision (1 - (1 - p)^m loses it)
    assert ac.adjust_pvalues([1e-20, 0.5], "sidak")[0] == pytest.approx(2e-20, rel=1e-12)


def test_registry_entries() -> None:
    for key in ("sidak", "holm_sidak", "bh", "by"):
        assert key in CORRECTIONS and key in FAMILY_CORRECTIONS and "doi:" in ADJUSTMENTS[key].reference
    assert tuple(FDR_CORRECTIONS) == ("bh", "by")
    assert ADJUSTMENTS["bh"].error_rate == "false discovery rate"
    assert ADJUSTMENTS["sidak"].error_rate == "family-wise error"
    assert ADJUSTMENTS["none"].controls == "none"
    assert ADJUSTMENTS["bh"].procedure == "step-up" and ADJUSTMENTS["holm_sidak"].procedure == "step-down"


def test_pairwise_shapes_and_posthoc_use_them() -> None:
    data = ac.load_dataset("cec2005_d10")
    raw = ac.posthoc(data, p_adjust="none")
    for key in ("sidak", "holm_sidak", "bh", "by"):
        result = ac.posthoc(data, p_adjust=key)
        np.testing.assert_allclose(result.table["pvalue_adj"], ac.adjust_pvalues(raw.table["pvalue"].to_numpy(), key))
        matrix = ac.adjust_pvalues(raw.matrix("pvalue"), key)  # square matrix = the pairwise family
        assert np.allclose(matrix.to_numpy()[np.triu_indices(11, 1)], result.matrix("pvalue_adj").to_numpy()[
            np.triu_indices(11, 1)])


def test_fdr_adjustments_say_so_where_named() -> None:
    from algocompare.frequentist._win_tie_loss import adjustment_phrase
    from algocompare.plots._cd_diagram import _caption_text

    data = ac.load_dataset("cec2005_d10")
    bh = ac.posthoc(data, p_adjust="bh")
    assert "bh adjustment (false discovery rate)" in bh.method
    assert "false discovery rate" not in ac.posthoc(data, p_adjust="holm").method
    assert _caption_text(bh, True, 0.05, "") == ("Bars join algorithms that Benjamini–Hochberg (false discovery rate, "
                                                 "α = 0.05) does not separate.")
    holm = ac.posthoc(data, p_adjust="holm")
    assert _caption_text(holm, True, 0.05, "") == "Bars join algorithms that Holm (α = 0.05) does not separate."
    assert adjustment_phrase("by") == "Benjamini–Yekutieli-adjusted (false discovery rate) across the instances"
    assert adjustment_phrase("sidak") == "Šidák-adjusted across the instances"


def test_cli_accepts_the_new_keys() -> None:
    from algocompare.cli._entry_point import build_parser

    for key in ("sidak", "holm_sidak", "bh", "by"):
        assert build_parser().parse_args(["analyze", "x.csv", "--p-adjust", key]).p_adjust == key


# ----------------------------------------------------------------------------- null simulations (fast)

def _rates(pvalues: np.ndarray, true_null: np.ndarray, key: str) -> tuple[float, float, float, float]:
    reject = np.vstack([ac.adjust_pvalues(row, key) <= 0.05 for row in pvalues])
    false = reject[:, true_null].sum(axis=1)
    share = false / np.maximum(reject.sum(axis=1), 1)
    n = len(pvalues)
    return (false > 0).mean(), np.sqrt(0.05 * 0.95 / n), share.mean(), share.std() / np.sqrt(n)


def _normal_family(m0: int, rho: float, reps: int, seed: int, m: int = 10) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    z = np.sqrt(rho) * rng.standard_normal((reps, 1)) + np.sqrt(1 - rho) * rng.standard_normal((reps, m))
    z[:, m0:] += 3.0
    return 2 * stats.norm.sf(np.abs(z)), np.arange(m) < m0


def test_sidak_size_is_alpha_for_independent_nulls() -> None:
    p, true_null = _normal_family(10, 0.0, 3000, seed=1)
    for key in ("sidak", "holm_sidak"):
        fwer, se, _, _ = _rates(p, true_null, key)
        assert abs(fwer - 0.05) <= max(0.015, 3 * se), (key, fwer)


@pytest.mark.parametrize("rho", [0.0, 0.5])
def test_bh_by_control_fdr_not_fwer_under_partial_null(rho: float) -> None:
    p, true_null = _normal_family(5, rho, 3000, seed=2)
    for key in ("bh", "by"):
        _, _, fdr, se = _rates(p, true_null, key)
        assert fdr <= 0.05 + 3 * se, (key, fdr)
    # BH's bound is alpha m0/m = 0.025 here for independent p-values; its FWER is higher than that
    fwer, se, fdr, _ = _rates(p, true_null, "bh")
    assert fwer > fdr + 3 * se


def _friedman_classic_pvalues(tables: np.ndarray) -> np.ndarray:
    """All-pairs two-sided p-values of the classic Friedman z (Demšar 2006), one row per table."""
    n, k = tables.shape[1:]
    ranks = stats.rankdata(tables, axis=2).mean(axis=1)
    a, b = np.triu_indices(k, 1)
    z = (ranks[:, a] - ranks[:, b]) / np.sqrt(k * (k + 1) / (6 * n))
    return 2 * stats.norm.sf(np.abs(z))


def test_bh_fdr_on_friedman_posthoc_partial_null() -> None:
    rng = np.random.default_rng(3)
    k, n = 5, 30
    tables = rng.standard_normal((1500, n, k)) + rng.normal(0, 1000, (1500, n, 1)) / 1000 + [0, 0, 0, 0.8, 0.8]
    raw = _friedman_classic_pvalues(tables)
    one = ac.posthoc(tables[0], p_adjust="none", se="classic")
    np.testing.assert_allclose(one.matrix("pvalue").to_numpy()[np.triu_indices(k, 1)], raw[0], rtol=1e-10)
    a, b = np.triu_indices(k, 1)
    true_null = (a < 3) == (b < 3)  # pairs within {0, 1, 2} and within {3, 4}
    for key in ("bh", "by"):
        _, _, fdr, se = _rates(raw, true_null, key)
        assert fdr <= 0.05 + 3 * se, (key, fdr)
