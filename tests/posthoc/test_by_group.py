"""posthoc_by_group: scmamp's postHocTest(group.by=) restated in base R, shapes of input, errors, FWER across groups."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import algocompare as ac
from algocompare.posthoc._by_group import posthoc_by_group

VALUES = np.array([-1.21, 0.53, 0.67, 0.98, 0.29, 1.33, 0.89, 0.32, 0.41, -0.06, 1.9, 1.16, 0.71, -0.76, 2.61, 0.7,
                   -0.57, 0.75, 3.24, 1.43, 0.22, -1.84, 1.82, 1.19, 0.69, 2.14, -0.76, 1.16, 1.22, 1.8, 1.27, 0.51,
                   -0.81, -0.35, 1.12, 1.99, 0.18, 0.55, 1.26, 0.71, 0.03, -1.61, 0.06, 2.26, 0.49, 1.68, -0.7, 2.27,
                   -1.05, 1.08, -1.13, 0.74, -0.37, -1.28, -0.15, 3.44, 1.02, 0.76, 0.48, 1.01, -0.49, 2.92, 1.38,
                   2.25]).reshape(16, 4)
ALGORITHMS = ["A", "B", "C", "D"]
PAIRS = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D")]
# Rscript tests/reference/posthoc_by_group.R (scmamp postHocTest(group.by="dimension", test="friedman",
# correct=...) restated): raw p-values of dimension 10 then 30, pairs in PAIRS order; holm; BH
R_RAW = [0.33292160806556592, 0.020136751550346332, 0.17524424540000605, 0.17524424540000605, 0.69853535830333868,
         0.33292160806556592, 0.43857802608099994, 0.56127583613457777, 0.011821137836622198, 0.84645059687659052,
         0.081361129234075458, 0.052807511416113506]
R_HOLM = [1, 0.22150426705380966, 1, 1, 1, 1, 1, 1, 0.14185365403946637, 1, 0.73225016310667912, 0.52807511416113506]
R_BH = [0.49938241209834888, 0.12082050930207799, 0.3504884908000121, 0.3504884908000121, 0.76203857269455122,
        0.49938241209834888, 0.58477070144133325, 0.6735310033614933, 0.12082050930207799, 0.84645059687659052,
        0.24408338770222637, 0.21123004566445402]


def _wide() -> pd.DataFrame:
    index = pd.MultiIndex.from_arrays([np.repeat([10, 30], 8), [f"f{i}" for i in range(16)]],
                                      names=["dimension", "instance"])
    return pd.DataFrame(VALUES, index=index, columns=ALGORITHMS)


def _long() -> pd.DataFrame:
    wide = _wide()
    return wide.stack().rename("value").reset_index().rename(columns={"level_2": "algorithm"})


def _in_r_order(result, column: str) -> list[float]:
    table = result.table.set_index(["dimension", "algorithm_a", "algorithm_b"])[column]
    out = []
    for dim in (10, 30):
        for a, b in PAIRS:
            out.append(table.get((dim, a, b), table.get((dim, b, a))))
    return out


@pytest.mark.parametrize("shape", ["wide", "long", "results"])
def test_reproduces_scmamp_posthoctest_group_by(shape: str) -> None:
    data = {"wide": _wide(), "long": _long(), "results": ac.Results.from_long(_long())}[shape]
    holm = posthoc_by_group(data, "dimension", se="classic", p_adjust="holm")
    np.testing.assert_allclose(_in_r_order(holm, "pvalue"), R_RAW, rtol=1e-12)
    np.testing.assert_allclose(_in_r_order(holm, "pvalue_adj"), R_HOLM, rtol=1e-12)
    bh = posthoc_by_group(data, "dimension", se="classic", p_adjust="bh")
    np.testing.assert_allclose(_in_r_order(bh, "pvalue_adj"), R_BH, rtol=1e-12)
    assert holm.groups == (10, 30) and holm.n_comparisons == 12
    assert "false discovery rate" in bh.method and "false discovery rate" not in holm.method


def test_groups_are_the_posthoc_of_each_group_adjusted_together() -> None:
    result = posthoc_by_group(_wide(), "dimension", control="A")
    alone = ac.posthoc(_wide().xs(30, level="dimension"), control="A", p_adjust="none")
    group = result.group(30)
    np.testing.assert_allclose(group.table["pvalue"], alone.table["pvalue"])
    all_raw = result.table["pvalue"].to_numpy()
    np.testing.assert_allclose(result.table["pvalue_adj"], ac.adjust_pvalues(all_raw, "holm"))
    assert group.critical_difference is None and group.p_adjust == "holm" and "across 2 groups" in group.method
    assert (result.table["reject"] == (result.table["pvalue_adj"] <= 0.05)).all()
    assert result.to_frame().shape == (6, 7) and "2 groups by dimension" in str(result)
    assert result.to_dict()["n_comparisons"] == 6
    with pytest.raises(ValueError, match="group 20 is not one of"):
        result.group(20)


def test_errors() -> None:
    with pytest.raises(ValueError, match="p_adjust='shaffer' is not valid"):
        posthoc_by_group(_wide(), "dimension", p_adjust="shaffer")
    with pytest.raises(ValueError, match="not a level of the instances' index"):
        posthoc_by_group(_wide(), "suite")
    with pytest.raises(ValueError, match="'suite' is not a column"):
        posthoc_by_group(_long(), "suite")
    with pytest.raises(TypeError, match="group column"):
        posthoc_by_group(VALUES, "dimension")


def test_fwer_across_groups_is_controlled_and_per_group_adjustment_is_not() -> None:
    """Null tables, 4 groups of 10 instances x 4 algorithms; classic Friedman z, vectorised."""
    rng = np.random.default_rng(7)
    reps, groups, n, k = 2000, 4, 10, 4
    ranks = stats.rankdata(rng.standard_normal((reps, groups, n, k)), axis=3).mean(axis=2)
    a, b = np.triu_indices(k, 1)
    p = 2 * stats.norm.sf(np.abs(ranks[..., a] - ranks[..., b]) / np.sqrt(k * (k + 1) / (6 * n)))
    one = posthoc_by_group(pd.DataFrame(rng.standard_normal((groups * n, k)), index=pd.MultiIndex.from_arrays(
        [np.repeat(range(groups), n), range(groups * n)], names=["g", "i"])), "g", se="classic", p_adjust="none")
    assert one.n_comparisons == p.shape[1] * p.shape[2]  # the family the function adjusts: every group's pairs
    across = np.array([ac.adjust_pvalues(row.ravel(), "holm").min() <= 0.05 for row in p]).mean()
    within = np.array([min(ac.adjust_pvalues(g, "holm").min() for g in row) <= 0.05 for row in p]).mean()
    se = np.sqrt(0.05 * 0.95 / reps)
    assert across <= 0.05 + 3 * se
    assert within > 0.05 + 3 * se  # adjusting per group: 0.110 here (across groups 0.033)
