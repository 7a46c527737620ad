"""Exact p-values of Friedman rank-sum differences (Eisinga et al. 2017) and posthoc(test="friedman_exact")."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm

import algocompare as ac
from algocompare.posthoc import adjust_pvalues, posthoc, rank_sum_difference_pvalue
from algocompare.posthoc._exact_friedman import _lower_cumulative_counts, eisinga_upper_count


def brute_force_distribution(n: int, k: int) -> dict[int, Fraction]:
    """P(D = d) for D = R_0 - R_1 by enumerating all (k!)^n within-instance rankings."""
    rankings = list(itertools.permutations(range(1, k + 1)))
    counts = Counter()
    for assignment in itertools.product(rankings, repeat=n):
        counts[sum(r[0] - r[1] for r in assignment)] += 1
    total = len(rankings) ** n
    return {d: Fraction(c, total) for d, c in counts.items()}


@pytest.mark.parametrize("n, k", [(3, 3), (4, 3), (2, 4), (1, 5)])
def test_matches_brute_force_enumeration(n, k):
    mass = brute_force_distribution(n, k)
    d_values = np.arange(-n * (k - 1) - 1, n * (k - 1) + 2)
    two_sided = [sum(p for d, p in mass.items() if abs(d) >= abs(x)) for x in d_values]
    greater = [sum(p for d, p in mass.items() if d >= x) for x in d_values]
    less = [sum(p for d, p in mass.items() if d <= x) for x in d_values]
    # both sides are exact fractions rounded once to the nearest double: equal bit for bit
    assert rank_sum_difference_pvalue(d_values, n, k).tolist() == [float(p) for p in two_sided]
    assert rank_sum_difference_pvalue(d_values, n, k, alternative="greater").tolist() == [float(p) for p in greater]
    assert rank_sum_difference_pvalue(d_values, n, k, alternative="less").tolist() == [float(p) for p in less]


@pytest.mark.parametrize("n, k", [(1, 2), (5, 2), (3, 3), (6, 6), (12, 7), (30, 10), (8, 25)])
def test_recurrence_equals_paper_closed_form(n, k):
    """The fixed-length recurrence and the closed form of Eisinga et al. give the same integers."""
    cumulative = _lower_cumulative_counts(n, k)
    half = n * (k - 1)
    assert 2 * cumulative[half] - (cumulative[half] - cumulative[half - 1]) == (k * (k - 1)) ** n
    for d in range(1, half + 2):
        assert eisinga_upper_count(d, n, k) == (cumulative[half - d] if d <= half else 0)


def test_published_value_additional_file():
    # Eisinga et al. (2017), Additional file (pexactfrsd.R), Example 1: d = k = n = 100
    # "returns a p-value of 0.8085251".
    assert rank_sum_difference_pvalue(100, 100, 100) == pytest.approx(0.8085251, abs=5e-8)
    assert 2 * eisinga_upper_count(100, 100, 100) / (100 * 99) ** 100 == pytest.approx(0.8085251, abs=5e-8)


# Sachs (1997, p. 675), the example of PMCMRplus frdAllPairsExactTest: 6 persons (instances)
# x 6 diuretics A-F, Na concentration; no ties within a person.
SACHS = pd.DataFrame(np.array([
    [3.88, 30.58, 25.24, 4.44, 29.41, 38.87],
    [5.64, 30.14, 33.52, 7.94, 30.72, 33.12],
    [5.76, 16.92, 25.45, 4.04, 32.92, 39.15],
    [4.25, 23.19, 18.85, 4.40, 28.23, 28.06],
    [5.91, 26.74, 20.45, 4.23, 23.35, 38.23],
    [4.33, 10.91, 26.67, 4.36, 12.00, 26.65],
]), columns=list("ABCDEF"))

# Base R 4.x, an independent exact computation (counts below 2^53, so doubles are exact):
#   R <- colSums(t(apply(y, 1, rank)))          # 8 23 25 10 27 33
#   g <- k - abs(-(k-1):(k-1)); g[k] <- 0; f <- 1
#   for (i in 1:n) f <- <open convolution of f and g by a double loop>
#   p <- function(d) if (d == 0) 1 else sum(f[abs(D) >= abs(d)]) / (k*(k-1))^n
#   sprintf("%.17g", p(R[a] - R[b]))
SACHS_R = {
    ("A", "B"): (-15, 0.022733975308641977), ("A", "C"): (-17, 0.0085982825788751722),
    ("A", "D"): (-2, 0.82067421124828532), ("A", "E"): (-19, 0.0027290919067215363),
    ("A", "F"): (-25, 1.6877914951989025e-05), ("B", "C"): (-2, 0.82067421124828532),
    ("B", "D"): (13, 0.05211651851851852), ("B", "E"): (-4, 0.59626695473251023),
    ("B", "F"): (-10, 0.14492828532235941), ("C", "D"): (15, 0.022733975308641977),
    ("C", "E"): (-2, 0.82067421124828532), ("C", "F"): (-8, 0.25268514677640602),
    ("D", "E"): (-17, 0.0085982825788751722), ("D", "F"): (-23, 0.00013129218106995886),
    ("E", "F"): (-6, 0.40370137448559673),
}


def test_posthoc_all_pairs_matches_base_r():
    result = posthoc(SACHS, test="friedman_exact", p_adjust="bonferroni")
    table = result.table.set_index(["algorithm_a", "algorithm_b"])
    for (a, b), (r_difference, p) in SACHS_R.items():
        # our statistic is R_b - R_a (positive when a is better); R prints R_a - R_b
        assert table.loc[(a, b), "statistic"] == -r_difference
        assert table.loc[(a, b), "pvalue"] == pytest.approx(p, rel=1e-14)
    np.testing.assert_allclose(table["pvalue_adj"], np.minimum(1, 15 * table["pvalue"]), rtol=1e-14)
    assert result.reject().loc["A", "F"] and not result.reject().loc["A", "B"]


def test_posthoc_reuses_the_friedman_machinery():
    exact = posthoc(SACHS, test="friedman_exact", control="A", p_adjust="holm")
    approx = posthoc(SACHS, test="friedman", control="A", p_adjust="holm")
    n, k = SACHS.shape
    # same pairs and orientation; D = z * se * n
    np.testing.assert_allclose(exact.table["statistic"],
                               approx.table["statistic"] * np.sqrt(n * k * (k + 1) / 6.0), rtol=1e-12)
    np.testing.assert_allclose(exact.table["pvalue_adj"], adjust_pvalues(exact.table["pvalue"].to_numpy(), "holm"))
    pd.testing.assert_series_equal(exact.mean_ranks, approx.mean_ranks)
    assert list(exact.matrix("pvalue_adj").index) == list("BCDEF")
    assert posthoc(SACHS, test="friedman_exact", p_adjust="bergmann").matrix().shape == (6, 6)
    best = posthoc(SACHS, test="friedman_exact", control="best")
    assert best.control == "A"


def test_normal_approximation_agrees_for_many_instances():
    """The z test of test="friedman" (no continuity correction) is close away from the far tail."""
    rows, cols = np.arange(300)[:, None], np.arange(6)[None, :]
    values = np.sin(1000.0 * rows + 37.0 * cols) + 0.15 * cols  # deterministic, untied, graded effects
    exact = posthoc(values, test="friedman_exact", p_adjust="none").table["pvalue"].to_numpy()
    approx = posthoc(values, test="friedman", p_adjust="none").table["pvalue"].to_numpy()
    keep = exact > 1e-4
    assert keep.sum() >= 10
    assert np.max(np.abs(exact - approx)) < 0.01
    np.testing.assert_allclose(approx[keep], exact[keep], rtol=0.05)
    # with a continuity correction the normal law matches the exact tail within 2% (n = 500, k = 6)
    n, k = 500, 6
    sd = np.sqrt(n * k * (k + 1) / 6.0)
    d = np.arange(1, int(4 * sd))
    np.testing.assert_allclose(2 * norm.sf((d - 0.5) / sd), rank_sum_difference_pvalue(d, n, k), rtol=0.02)


def test_ties_raise_with_advice_or_use_midranks():
    tied = SACHS.copy()
    tied.loc[2, "B"] = tied.loc[2, "C"]
    with pytest.raises(ValueError, match=r"1 instance\(s\) have ties \(2\).*test='friedman'"):
        posthoc(tied, test="friedman_exact")
    result = posthoc(tied, test="friedman_exact", ties="midranks", p_adjust="none")
    row = result.table.set_index(["algorithm_a", "algorithm_b"]).loc[("A", "B")]
    assert row["statistic"] == 15.5  # mid-rank sums 23.5 - 8
    assert row["pvalue"] == rank_sum_difference_pvalue(16, 6, 6)  # P(|D| >= 15.5) = P(|D| >= 16)
    with pytest.raises(ValueError, match="ties"):
        posthoc(tied, test="friedman_exact", ties="average")
    with pytest.raises(TypeError, match="zero_method"):
        posthoc(SACHS, test="friedman_exact", zero_method="wilcox")
    with pytest.raises(TypeError, match="ties"):
        posthoc(SACHS, test="friedman", ties="midranks")


def test_standalone_function_inputs():
    assert rank_sum_difference_pvalue(0, 5, 4) == 1.0
    assert rank_sum_difference_pvalue(16, 5, 4) == 0.0  # beyond n(k-1) = 15
    assert rank_sum_difference_pvalue(-15, 5, 4) == rank_sum_difference_pvalue(15, 5, 4) == 2 / 12 ** 5
    assert rank_sum_difference_pvalue(-15, 5, 4, alternative="greater") == 1.0
    assert isinstance(rank_sum_difference_pvalue(3, 5, 4), float)
    assert rank_sum_difference_pvalue([[1, 2], [3, 4]], 5, 4).shape == (2, 2)
    with pytest.raises(ValueError, match="integers"):
        rank_sum_difference_pvalue(2.5, 5, 4)
    with pytest.raises(ValueError, match="n_algorithms"):
        rank_sum_difference_pvalue(1, 5, 1)
    with pytest.raises(ValueError, match="alternative"):
        rank_sum_difference_pvalue(1, 5, 4, alternative="two_sided")
    with pytest.raises(ValueError, match="d >= 1"):
        eisinga_upper_count(0, 5, 4)
    assert ac.rank_sum_difference_pvalue is rank_sum_difference_pvalue


def test_extreme_tail_is_exact_not_zero():
    # D = n(k-1) needs ranks (1, k) in every instance: 2 of (k(k-1))^n ordered rank pairs
    n, k = 200, 5
    assert rank_sum_difference_pvalue(n * (k - 1), n, k) == 2 / 20 ** 200 > 0
