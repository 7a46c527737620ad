"""Effect sizes of all pairs over a table (effects/_paired_table.py) and their magnitude labels.

References: pingouin's ``wilcoxon`` RBC (the matched-pairs rank-biserial correlation, Kerby
2014), computed by the peer on the same hard-coded data; the scalar functions of
algocompare.effects (rank_biserial(paired=True), d_z with brentq) are a second, independent
implementation of the values and intervals; the magnitude thresholds are the sources' printed ones.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pingouin as pg
import pytest

import algocompare as ac
from algocompare.effects import d_z, magnitude, paired_effect_sizes, rank_biserial

# 8 instances x 4 algorithms, with a zero difference (A-B on i3) and tied |differences|
TABLE = pd.DataFrame({"A": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
                      "B": [1.5, 2.5, 3.0, 3.0, 6.5, 5.0, 9.0, 8.5],
                      "C": [0.5, 4.0, 2.0, 6.0, 5.5, 7.5, 6.0, 12.0],
                      "D": [3.0, 3.5, 5.0, 4.5, 8.0, 9.0, 9.5, 10.0]},
                     index=[f"i{j}" for j in range(8)])


def test_rank_biserial_matches_pingouin_wilcoxon_rbc():
    frame = paired_effect_sizes(TABLE)
    for row in frame.itertuples():
        # pingouin's RBC is positive when x - y tends to be positive; minimising, a is better when a < b
        peer = pg.wilcoxon(TABLE[row.algorithm_a], TABLE[row.algorithm_b])["RBC"].iloc[0]
        assert row.effect_size == pytest.approx(-peer, abs=1e-12)


def test_every_pair_equals_the_scalar_effect_sizes():
    for measure, scalar in (("rank_biserial", lambda x, y, **kw: rank_biserial(x, y, paired=True, **kw)),
                            ("d_z", d_z)):
        frame = paired_effect_sizes(TABLE, measure=measure, confidence_level=0.9)
        assert len(frame) == 6 and frame.attrs["measure"] == measure
        for row in frame.itertuples():
            ref = scalar(TABLE[row.algorithm_b], TABLE[row.algorithm_a], confidence_level=0.9)
            assert (row.effect_size, row.ci_low, row.ci_high) == pytest.approx(
                (ref.estimate, ref.ci_low, ref.ci_high), abs=1e-9)


def test_d_z_is_the_mean_difference_over_its_sd():
    diff = TABLE["B"] - TABLE["A"]
    frame = paired_effect_sizes(TABLE, [("A", "B")], measure="d_z")
    assert frame["effect_size"].iloc[0] == pytest.approx(diff.mean() / diff.std(ddof=1), abs=1e-12)


def test_maximising_flips_the_sign_and_positive_means_better():
    low = paired_effect_sizes(TABLE, [("A", "D")])
    res_max = ac.Results.from_wide(TABLE, direction="maximize")
    high = paired_effect_sizes(res_max, [("A", "D")])
    assert low["effect_size"].iloc[0] > 0.9  # A is lower than D everywhere: A better when minimising
    assert high["effect_size"].iloc[0] == pytest.approx(-low["effect_size"].iloc[0])


def test_batches_give_the_same_values(monkeypatch):
    from algocompare.effects import _paired_table as paired_table

    whole = paired_effect_sizes(TABLE, measure="d_z")
    monkeypatch.setattr(paired_table, "_BATCH_CELLS", 8)  # one pair per batch
    pd.testing.assert_frame_equal(paired_effect_sizes(TABLE, measure="d_z"), whole)


def test_all_zero_differences_and_unknown_names():
    same = pd.DataFrame({"A": [1.0, 2.0, 3.0], "B": [1.0, 2.0, 3.0]})
    frame = paired_effect_sizes(same)
    assert frame["effect_size"].iloc[0] == 0 and np.isnan(frame["ci_low"].iloc[0])
    assert np.isnan(paired_effect_sizes(same, measure="d_z")["effect_size"].iloc[0])
    with pytest.raises(ValueError, match="'Z' is not in the table"):
        paired_effect_sizes(TABLE, [("A", "Z")])
    with pytest.raises(ValueError, match="measure"):
        paired_effect_sizes(TABLE, measure="cliff")


@pytest.mark.parametrize(("measure", "values", "labels"), [
    # Romano et al. (2006): negligible < 0.147 <= small < 0.33 <= medium < 0.474 <= large
    ("cliffs_delta", [0.0, 0.146, 0.147, -0.33, 0.473, 0.474, -1.0],
     ["negligible", "negligible", "small", "medium", "medium", "large", "large"]),
    # Cohen (1988): 0.2, 0.5, 0.8
    ("d_z", [0.19, -0.2, 0.49, 0.5, 0.8, 2.0], ["negligible", "small", "small", "medium", "large", "large"]),
    # Vargha & Delaney (2000): A12 0.56, 0.64, 0.71 (and symmetric below 0.5)
    ("a12", [0.5, 0.55, 0.57, 0.36, 0.70, 0.29], ["negligible", "negligible", "small", "medium", "medium",
                                                   "large"]),
])
def test_magnitude_thresholds(measure, values, labels):
    assert list(magnitude(values, measure)) == labels
    assert magnitude(np.nan, measure) == ""


@pytest.mark.parametrize(("measure", "single"), [("rank_biserial", "rank_biserial"), ("d_z", "d_z")])
def test_bootstrap_intervals_of_the_table_are_the_functions_intervals(measure, single):
    data = ac.load_dataset("cec2017_d10")
    blocks = data.blocks()
    table = ac.paired_effect_sizes(data, [("jSO", "EBO")], measure=measure, ci_method="bootstrap",
                                   n_resamples=2000, rng=11)
    kwargs = {"paired": True} if single == "rank_biserial" else {}
    # minimising: positive when jSO is better, i.e. the differences EBO - jSO
    one = getattr(ac, single)(blocks["EBO"], blocks["jSO"], ci_method="bootstrap", n_resamples=2000, rng=11, **kwargs)
    row = table.iloc[0]
    assert row.effect_size == pytest.approx(one.estimate)
    assert (row.ci_low, row.ci_high) == pytest.approx((one.ci_low, one.ci_high), rel=1e-12)
    with pytest.raises(ValueError, match="ci_method"):
        ac.paired_effect_sizes(data, measure=measure, ci_method="noncentral")
