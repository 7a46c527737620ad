"""Contrast estimation based on medians (García et al. 2010, §3.3): reference values from its
definition restated in base R (tests/reference/contrast_estimation.R) on the bundled CEC 2005 table."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import algocompare as ac

CEC = ac.load_dataset("cec2005_d10")

# Rscript tests/reference/contrast_estimation.R: m = rowMeans(Z), Z[u, v] = median(x_u - x_v)
R_M = {"BLX-GL50": -0.5553127334472727, "BLX-MA": 0.0816018197245454, "CoEVO": 9.0012727270909085,
       "DE": -1.3420263636363636, "DMS-L-PSO": -1.9176281692872728, "EDA": -0.2750627301781818,
       "G-CMA-ES": -4.2131285678109087, "K-PCX": 0.0923072726363636, "L-CMA-ES": 0.9720945456363637,
       "L-SaDE": -1.9415187098190909, "SPC-PNX": 0.0974009090909091}
# estimates[c("G-CMA-ES", "DE", "K-PCX"), c("BLX-GL50", "L-SaDE", "SPC-PNX")]
R_ESTIMATES = [[-3.657815834363636, -2.271609857991818, -4.31052947690181743],
               [-0.786713630189091, 0.599492346182727, -1.43942727272727278],
               [0.647620006083636, 2.033825982455455, -0.00509363645454548]]


def test_contrast_estimation_matches_the_base_r_restatement():
    result = ac.contrast_estimation(CEC)
    assert result.m.to_dict() == pytest.approx(R_M, rel=1e-12, abs=1e-15)
    block = result.estimates.loc[["G-CMA-ES", "DE", "K-PCX"], ["BLX-GL50", "L-SaDE", "SPC-PNX"]]
    assert block.to_numpy() == pytest.approx(np.array(R_ESTIMATES), rel=1e-12, abs=1e-15)
    assert (result.n_instances, result.n_algorithms) == (25, 11)


def test_estimates_are_consistent_antisymmetric_and_follow_the_medians():
    values = np.array([[1.0, 2.0, 4.0, 0.0], [2.0, 2.5, 3.0, 9.0], [0.5, 2.0, 6.0, 1.0], [3.0, 1.0, 2.0, 2.0]])
    result = ac.contrast_estimation(values)
    e = result.estimates.to_numpy()
    assert np.allclose(e, -e.T) and np.all(np.diag(e) == 0)
    assert e[0, 2] == pytest.approx(e[0, 1] + e[1, 2])  # u - w = (u - v) + (v - w)
    z01 = np.median(values[:, 0] - values[:, 1])
    assert result.unadjusted.iloc[0, 1] == z01 and result.unadjusted.iloc[1, 0] == -z01
    assert result.m.iloc[0] == pytest.approx(result.unadjusted.iloc[0].mean())


def test_one_outlying_instance_moves_the_estimate_little():
    rng = np.random.default_rng(2815)
    values = rng.normal(0.0, 1.0, (21, 3)) + [0.0, 1.0, 2.0]
    spoiled = values.copy()
    spoiled[0, 2] = 1e6
    before, after = ac.contrast_estimation(values), ac.contrast_estimation(spoiled)
    assert abs(after.estimates.iloc[2, 0] - before.estimates.iloc[2, 0]) < 0.5


def test_table_outputs_and_missing_cells():
    result = ac.contrast_estimation(CEC)
    assert list(result.to_frame().columns) == list(CEC.algorithms)
    assert "G-CMA-ES" in result.to_latex() and "G-CMA-ES" in result.to_html() and "G-CMA-ES" in str(result)
    assert result.to_dict()["estimates"]
    holes = pd.DataFrame({"A": [1.0, 2.0, np.nan, 4.0], "B": [2.0, 2.0, 3.0, 5.0]})
    with pytest.raises(ValueError, match="missing"):
        ac.contrast_estimation(holes)
    omitted = ac.contrast_estimation(holes, nan_policy="omit")
    assert omitted.n_instances == 3 and omitted.dropped_instances == (2,)
