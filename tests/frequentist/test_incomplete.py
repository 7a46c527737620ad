"""Durbin and Skillings–Mack tests for tables with missing cells, and the Results that keep them.

References: PMCMRplus 1.9 ``durbinTest`` / ``skillingsMackTest`` restated in base R
(tests/reference/incomplete.R, values in tests/frequentist/incomplete_tables.py), the
numbers printed for Conover's (1999, p. 391) ice-cream example, and stats::friedman.test.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import algocompare as ac
from tests.frequentist.incomplete_tables import BIBD_TIES, BRADY, CONOVER, NORMAL20, SACHS, SMALL, TABLES, TIES12, R

RTOL = 1e-9


# ------------------------------------------------------------------------- Durbin
@pytest.mark.parametrize("name", ["conover", "moore", "bibd_ties"])
def test_durbin_matches_pmcmrplus(name):
    # R: durbinTest(y); T2 and the all-pairs se as in durbinAllPairsTest (tests/reference/incomplete.R)
    res = ac.durbin(TABLES[name])
    t1, p, t2, p_f, se = R[f"{name}.durbin"]
    np.testing.assert_allclose([res.statistic, res.pvalue, res.f_statistic, res.f_pvalue, res.rank_sum_se],
                               [t1, p, t2, p_f, se], rtol=RTOL)
    np.testing.assert_allclose(res.rank_sums, R[f"{name}.rank_sums"], rtol=RTOL)
    assert res.df == res.df1 == res.n_algorithms - 1


def test_durbin_conover_example_published_numbers():
    # Conover (1999, p. 391): T1 = 12.00 (chi-square, 6 df, p = 0.0619688 as agricolae's
    # durbin.test prints it), T2 = 8.00 (F with 6 and 8 df), rank sums 8, 9, 4, 3, 5, 6, 7;
    # least significant difference of two rank sums t(0.975, 8) * se = 2.824267.
    res = ac.durbin(CONOVER)
    assert res.statistic == pytest.approx(12.0, abs=0.005)
    assert res.pvalue == pytest.approx(0.0619688, abs=5e-8)
    assert res.f_statistic == pytest.approx(8.0, abs=0.005)
    assert (res.df1, res.df2) == (6, 8)
    assert res.rank_sums.tolist() == [8, 9, 4, 3, 5, 6, 7]
    assert (res.n_instances, res.block_size, res.replications, res.concurrences) == (7, 3, 3, 1)
    from scipy.stats import t as t_dist
    assert t_dist.ppf(0.975, res.df2) * res.rank_sum_se == pytest.approx(2.824267, abs=5e-7)


def test_durbin_f_form():
    res = ac.durbin(CONOVER, form="f")
    assert (res.statistic, res.pvalue) == (res.f_statistic, res.f_pvalue)
    assert res.chi2_statistic == 12.0 and "F form" in res.method
    with pytest.raises(ValueError, match="form"):
        ac.durbin(CONOVER, form="t")


def test_durbin_on_a_complete_table_is_the_tie_corrected_friedman():
    # Conover's T1 uses A = sum of squared ranks, so it carries the tie correction: on a
    # complete table it is Friedman's tie-corrected statistic (friedman's default, R friedman.test).
    for table in (SMALL, SACHS):
        res, fried = ac.durbin(table), ac.friedman(table)
        assert res.statistic == pytest.approx(fried.statistic, rel=1e-12)
        assert res.pvalue == pytest.approx(fried.pvalue, rel=1e-10)
    np.testing.assert_allclose([ac.durbin(SMALL).statistic, ac.durbin(SMALL).pvalue], R["small.friedman_tied"],
                               rtol=RTOL)


def test_durbin_rejects_designs_that_are_not_balanced():
    with pytest.raises(ValueError, match="balanced incomplete block design.*skillings_mack"):
        ac.durbin(TIES12)
    with pytest.raises(ValueError, match="algorithms appear in 3 to 4 instances"):
        ac.durbin(np.vstack([CONOVER, CONOVER[:1]]))   # algorithms 1, 2, 4 appear 4 times, the others 3
    with pytest.raises(ValueError, match="pairs of algorithms meet in 0 to 2 instances"):
        ac.durbin(_lambda_unequal())


def _lambda_unequal() -> np.ndarray:
    """Blocks of 2 of 4 algorithms, each algorithm 3 times, but pair (1, 2) twice and (1, 4) never."""
    blocks = [(0, 1), (0, 1), (2, 3), (2, 3), (0, 2), (1, 3)]
    table = np.full((6, 4), np.nan)
    for i, cols in enumerate(blocks):
        table[i, list(cols)] = [1.0, 2.0]
    return table


def test_durbin_equals_skillings_mack_on_bibd_without_ties():
    for table in (TABLES["conover"], TABLES["moore"]):
        assert ac.durbin(table).statistic == pytest.approx(ac.skillings_mack(table).statistic, rel=1e-12)


# ------------------------------------------------------------------ Skillings-Mack
@pytest.mark.parametrize("name", list(TABLES))
def test_skillings_mack_matches_pmcmrplus(name):
    # R: skillingsMackTest(y) (tests/reference/incomplete.R), which assumes untied ranks:
    # tie_correction=False since the default became the tie-corrected form (issue 25)
    res = ac.skillings_mack(TABLES[name], tie_correction=False)
    np.testing.assert_allclose([res.statistic, res.pvalue], R[f"{name}.sm"], rtol=RTOL)
    assert res.df == res.n_algorithms - 1
    key = f"{name}.adjusted_rank_sums"
    if key in R:
        np.testing.assert_allclose(res.adjusted_rank_sums, R[key], rtol=RTOL, atol=1e-12)


@pytest.mark.parametrize("name", [n for n in TABLES if f"{n}.sm_tied" in R])
def test_skillings_mack_tie_corrected_matches_its_base_r_restatement(name):
    res = ac.skillings_mack(TABLES[name], tie_correction=True)
    np.testing.assert_allclose([res.statistic, res.pvalue], R[f"{name}.sm_tied"], rtol=RTOL)
    assert res.tie_correction and "tie-corrected" in res.method


def test_skillings_mack_on_a_complete_table_is_friedman():
    # Skillings & Mack (1981): on a complete table SM is Friedman's statistic. Its covariance
    # assumes untied ranks, so it is the *untied* Friedman statistic (friedman's
    # tie_correction=False); tie_correction=True gives the tie-corrected one, friedman's
    # default and R's friedman.test. SACHS has no ties: all agree.
    for table in (SMALL, SACHS):
        assert ac.skillings_mack(table, tie_correction=False).statistic == pytest.approx(
            ac.friedman(table, tie_correction=False).statistic, rel=1e-12)
        assert ac.skillings_mack(table).statistic == pytest.approx(ac.friedman(table).statistic, rel=1e-12)
    np.testing.assert_allclose([ac.skillings_mack(SACHS).statistic, ac.skillings_mack(SACHS).pvalue],
                               R["sachs.friedman_tied"], rtol=RTOL)
    assert ac.skillings_mack(SMALL, tie_correction=False).statistic != pytest.approx(
        ac.friedman(SMALL).statistic, rel=1e-3)


def test_skillings_mack_defaults_to_the_tie_corrected_form_as_friedman_and_analyze():
    # issue 25: the default was the untied form (76.06 against analyze's 78.31 on one table)
    table = np.array(TIES12, dtype=float)
    default, untied = ac.skillings_mack(table), ac.skillings_mack(table, tie_correction=False)
    assert default.tie_correction and "tie-corrected" in default.method
    assert default.statistic == pytest.approx(ac.skillings_mack(table, tie_correction=True).statistic, rel=1e-15)
    assert default.statistic > untied.statistic  # ties shrink the variance the untied form assumes


def test_skillings_mack_leaves_out_instances_with_one_value():
    res = ac.skillings_mack(NORMAL20)
    assert res.n_instances == 19 and res.n_missing == 23
    assert "23 missing cell(s); 1 instance(s) with fewer than 2 values left out" in res.method
    assert ac.skillings_mack(np.delete(NORMAL20, 5, axis=0)).statistic == pytest.approx(res.statistic, rel=1e-12)


def test_mean_ranks_are_on_the_one_to_k_scale():
    res = ac.skillings_mack(CONOVER)
    # rank sums 8, 9, 4, 3, 5, 6, 7 over 3 instances of 3 stretched from 1..3 to 1..7
    assert res.mean_ranks.tolist() == [6.0, 7.0, 2.0, 1.0, 3.0, 4.0, 5.0]
    np.testing.assert_allclose(ac.skillings_mack(SMALL).mean_ranks, ac.friedman(SMALL).mean_ranks)
    res = ac.Results.from_array(TIES12, nan_policy="keep")
    np.testing.assert_allclose(res.mean_ranks(), ac.skillings_mack(TIES12).mean_ranks)


def test_design_errors_are_named():
    table = TIES12.copy()
    table[:, 2] = np.nan
    with pytest.raises(ValueError, match="algorithm.*2.*no value"):
        ac.skillings_mack(table)
    apart = np.array([[1, 2, np.nan, np.nan], [2, 1, np.nan, np.nan], [np.nan, np.nan, 1, 2],
                      [np.nan, np.nan, 3, 1]], dtype=float)
    with pytest.raises(ValueError, match="disconnect"):
        ac.skillings_mack(apart)
    with pytest.raises(ValueError, match="instance"):
        ac.skillings_mack(BRADY[:1])
    with pytest.raises(ValueError, match="algorithm"):
        ac.skillings_mack(BRADY[:, :1])


# --------------------------------------------------------------- input handling
def _forms(table: np.ndarray) -> list:
    frame = pd.DataFrame(table, index=[f"i{n}" for n in range(len(table))],
                         columns=[f"a{n}" for n in range(table.shape[1])])
    long = frame.reset_index(names="instance").melt(id_vars="instance", var_name="algorithm").dropna()
    return [table, frame, ac.Results.from_wide(frame, nan_policy="keep"), ac.Results.from_long(long, nan_policy="keep"),
            ac.Results.from_wide(-frame, direction="maximize", nan_policy="keep")]


@pytest.mark.parametrize("test", [ac.skillings_mack, ac.durbin])
def test_input_forms_direction_and_order_agree(test):
    table = TIES12 if test is ac.skillings_mack else BIBD_TIES
    base = test(table)
    for form in _forms(table):
        res = test(form)
        assert (res.statistic, res.pvalue) == pytest.approx((base.statistic, base.pvalue), rel=1e-12)
    rng = np.random.default_rng(3)
    shuffled = table[rng.permutation(len(table))][:, rng.permutation(table.shape[1])]
    assert test(shuffled).statistic == pytest.approx(base.statistic, rel=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_skillings_mack_is_rank_based(seed):
    rng = np.random.default_rng(seed)
    table = rng.normal(size=(9, 4))
    table[rng.random(table.shape) < 0.25] = np.nan
    table[0], table[1] = [0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1]   # keeps the design connected
    res = ac.skillings_mack(table)
    assert 0.0 <= res.pvalue <= 1.0
    assert ac.skillings_mack(np.exp(3 * table) - 5).statistic == pytest.approx(res.statistic, rel=1e-9, abs=1e-12)


# ------------------------------------------------------------- Results keeping cells
def test_results_keep_records_missing_cells():
    frame = pd.DataFrame(BRADY, index=[f"s{i}" for i in range(8)], columns=["R", "A", "B"])
    res = ac.Results.from_wide(frame, nan_policy="keep")
    assert res.missing_cells == (("s3", "A"),) and res.n_missing == 1
    assert "1 missing cell(s)" in repr(res) and "1 run(s) per cell" in repr(res)
    assert np.isnan(res.blocks().loc["s3", "A"]) and np.isnan(res.ranks().loc["s3", "A"])
    assert res.ranks().loc["s3"].dropna().tolist() == [1.0, 2.0]
    assert res.run_counts().loc["s3", "A"] == 0
    assert res.describe().loc["A", "n"] == 7
    assert res.select(algorithms=["R", "B"]).n_missing == 0
    assert res.select(instances=["s2", "s3"]).missing_cells == (("s3", "A"),)
    omitted = res.omit_missing()
    assert omitted.dropped_instances == ("s3",) and omitted.n_missing == 0 and omitted.n_instances == 7
    assert res.with_notes("read from x").missing_cells == res.missing_cells


def test_results_keep_from_long_with_absent_rows_and_nan_runs():
    long = pd.DataFrame({"algorithm": ["A", "A", "B", "B", "A", "A", "B", "B", "C", "C", "C", "C"],
                         "instance": ["f1", "f1", "f1", "f1", "f2", "f2", "f2", "f2", "f1", "f1", "f3", "f3"],
                         "value": [1.0, 2, 3, 4, 5, 6, 7, np.nan, 1, 1, 2, 2]})
    res = ac.Results.from_long(long, nan_policy="keep")
    # f2/B has a NaN run (the whole cell counts as missing); f2/C, f3/A and f3/B have no rows
    assert res.missing_cells == (("f2", "B"), ("f2", "C"), ("f3", "A"), ("f3", "B"))
    assert res.run_counts().loc["f2", "B"] == 0 and res.run_counts().loc["f1", "A"] == 2
    with pytest.raises(ValueError, match="missing"):
        ac.Results.from_long(long)


def test_complete_table_tests_keep_raising_and_name_the_alternatives():
    res = ac.Results.from_array(TIES12, nan_policy="keep")
    for test in (ac.friedman, ac.iman_davenport, ac.quade, ac.aligned_ranks, ac.rm_anova, ac.posthoc, ac.omnibus,
                 ac.check_assumptions, ac.page_trend, ac.multiple_sign_test, ac.bayesian_friedman,
                 ac.bayesian_pairwise, ac.permutation_test):
        with pytest.raises(ValueError, match="durbin or skillings_mack") as err:
            test(res)
        assert "nan_policy='omit'" in str(err.value)
    with pytest.raises(ValueError, match="durbin or skillings_mack"):
        ac.friedman(TIES12)
    # nan_policy='omit' where a test takes it drops the instances with a missing cell
    kept = ac.posthoc(res, nan_policy="omit")
    assert kept.n_instances == 6   # 6 of the 12 instances have a missing cell
    assert ac.posthoc(ac.Results.from_array(TIES12, nan_policy="omit")).table.equals(kept.table)


def test_nan_policy_keep_is_only_for_tables():
    with pytest.raises(ValueError, match="nan_policy"):
        ac.Results.from_array(TIES12, nan_policy="drop")
    with pytest.raises(ValueError, match="nan_policy"):
        ac.wilcoxon([1.0, 2.0, 3.0], [2.0, 1.0, 4.0], nan_policy="keep")
