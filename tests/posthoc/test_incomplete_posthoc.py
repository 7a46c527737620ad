"""posthoc(test="durbin" | "skillings_mack") on tables with missing cells.

References: PMCMRplus 1.9 ``durbinAllPairsTest`` and the Skillings–Mack pairwise z tests,
restated in base R (tests/reference/incomplete.R; values in tests/frequentist/incomplete_tables.py),
and scikit-posthocs 0.17 ``posthoc_durbin``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp

import algocompare as ac
from algocompare.posthoc._adjust import CORRECTIONS, PAIRWISE_CORRECTIONS
from tests.frequentist.incomplete_tables import BRADY, CONOVER, NORMAL20, SMALL, TABLES, TIES12, R

RTOL = 1e-9


@pytest.mark.parametrize("name", ["conover", "moore", "bibd_ties"])
def test_durbin_all_pairs_match_pmcmrplus(name):
    # R: durbinAllPairsTest(y, p.adjust.method = "none") and (..., "holm"); pairs (1,2), (1,3), ...
    raw = ac.posthoc(TABLES[name], test="durbin", p_adjust="none")
    holm = ac.posthoc(TABLES[name], test="durbin", p_adjust="holm")
    np.testing.assert_allclose(raw.table["pvalue"], R[f"{name}.durbin_pairs_p"], rtol=RTOL)
    np.testing.assert_allclose(holm.table["pvalue_adj"], R[f"{name}.durbin_pairs_holm"], rtol=RTOL)
    if f"{name}.durbin_pairs_t" in R:   # PMCMRplus prints |t|; ours is signed (positive: algorithm_a better)
        np.testing.assert_allclose(raw.table["statistic"], R[f"{name}.durbin_pairs_t"], rtol=RTOL, atol=1e-12)


@pytest.mark.parametrize("name", ["conover", "moore", "bibd_ties"])
@pytest.mark.parametrize("p_adjust", [None, "holm"])
def test_durbin_all_pairs_match_scikit_posthocs(name, p_adjust):
    table = TABLES[name]
    frame = pd.DataFrame(table).rename_axis("block").reset_index().melt(
        id_vars="block", var_name="group", value_name="y").dropna()
    frame["block_id"] = frame["block"]
    theirs = sp.posthoc_durbin(frame, y_col="y", group_col="group", block_col="block", block_id_col="block_id",
                               melted=True, sort=True, p_adjust=p_adjust)
    ours = ac.posthoc(table, test="durbin", p_adjust="holm" if p_adjust else "none")
    expected = np.array(ours.matrix("pvalue_adj"), dtype=float)
    np.fill_diagonal(expected, 1.0)
    np.testing.assert_allclose(theirs.sort_index().sort_index(axis=1).to_numpy(), expected, rtol=1e-9)


@pytest.mark.parametrize("name", ["brady", "ties12", "normal20", "small"])
def test_skillings_mack_pairs_match_the_base_r_restatement(name):
    # the R restatement is the untied form, no longer skillings_mack's default (issue 25)
    raw = ac.posthoc(TABLES[name], test="skillings_mack", p_adjust="none", tie_correction=False)
    np.testing.assert_allclose(raw.table["pvalue"], R[f"{name}.sm_pairs_p"], rtol=RTOL)
    if f"{name}.sm_pairs_z" in R:
        np.testing.assert_allclose(raw.table["statistic"], R[f"{name}.sm_pairs_z"], rtol=RTOL)
    if f"{name}.sm_pairs_holm" in R:
        holm = ac.posthoc(TABLES[name], test="skillings_mack", p_adjust="holm", tie_correction=False)
        np.testing.assert_allclose(holm.table["pvalue_adj"], R[f"{name}.sm_pairs_holm"], rtol=RTOL)


def test_skillings_mack_pair_variance_is_the_covariance_of_the_adjusted_sums():
    # On a complete table Var(A_a - A_b) = 2k N: z = (R_b - R_a) sqrt(12/(k+1)) / sqrt(2kN), the
    # untied Friedman post-hoc z (Demšar 2006): posthoc(test="friedman", se="classic"), so the
    # untied form (no longer the default, issue 25).
    sm = ac.posthoc(SMALL, test="skillings_mack", p_adjust="none", tie_correction=False)
    classic = ac.posthoc(SMALL, test="friedman", p_adjust="none", se="classic")
    np.testing.assert_allclose(sm.table["statistic"], classic.table["statistic"], rtol=1e-12)


def test_durbin_pairs_sign_and_control():
    res = ac.posthoc(CONOVER, test="durbin", control=3, p_adjust="holm")
    assert res.control == 3 and len(res.table) == 6
    assert (res.table["statistic"] > 0).all()   # variety 4 has the lowest rank sum: better than every other
    best = ac.posthoc(CONOVER, test="durbin", control="best")
    assert best.control == 3


@pytest.mark.parametrize("correction", CORRECTIONS)
def test_every_correction(correction):
    control = None if correction in PAIRWISE_CORRECTIONS else "best"
    for table, test in ((TIES12, "skillings_mack"), (CONOVER, "durbin")):
        res = ac.posthoc(table, test=test, control=control, p_adjust=correction)
        assert np.all(res.table["pvalue_adj"].to_numpy() >= res.table["pvalue"].to_numpy() - 1e-15)
        assert np.all(res.table["pvalue_adj"] <= 1.0)


def test_method_names_the_test_and_the_missing_cells():
    res = ac.posthoc(NORMAL20, test="skillings_mack")
    assert res.method.startswith("Skillings-Mack post-hoc") and res.method.endswith("23 missing cell(s)")
    assert res.n_instances == 19 and res.critical_difference is None and res.se is None
    assert "Durbin" in ac.posthoc(CONOVER, test="durbin").method
    assert "missing" not in ac.posthoc(SMALL, test="skillings_mack").method
    np.testing.assert_allclose(res.mean_ranks, ac.skillings_mack(NORMAL20).mean_ranks)
    assert res.to_latex(caption=res.method).count("missing cell") == 1


def test_options_and_nan_policy():
    tied = ac.posthoc(TIES12, test="skillings_mack", tie_correction=True, p_adjust="none")
    assert not np.allclose(tied.table["pvalue"], R["ties12.sm_pairs_p"])
    with pytest.raises(TypeError, match="unexpected option"):
        ac.posthoc(TIES12, test="durbin", tie_correction=True)
    with pytest.raises(ValueError, match="se="):
        ac.posthoc(TIES12, test="skillings_mack", se="permutation")
    omitted = ac.posthoc(BRADY, test="skillings_mack", nan_policy="omit")
    assert omitted.n_instances == 7 and "missing" not in omitted.method
    with pytest.raises(ValueError, match="durbin or skillings_mack"):
        ac.posthoc(BRADY, test="skillings_mack", nan_policy="raise")
    with pytest.raises(ValueError, match="nan_policy"):
        ac.posthoc(BRADY, test="friedman", nan_policy="keep")


def test_cd_diagram_of_an_incomplete_table():
    res = ac.posthoc(NORMAL20, test="skillings_mack", p_adjust="holm")
    ax = res.plot()
    labels = [t.get_text() for t in ax.texts if t.get_gid() == "algorithm-label"]
    assert len(labels) == 6 and any(f"({res.mean_ranks.min():.2f})" in text for text in labels)
    import matplotlib.pyplot as plt
    plt.close(ax.figure)
