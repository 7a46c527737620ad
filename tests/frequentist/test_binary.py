"""Binary outcomes: McNemar, Cochran's Q and the pairwise McNemar post-hoc (issue 28, part D).

Reference values: base R 4.2 (``tests/reference/binary.R``; the exact call is in each comment)
and pingouin 0.7.0 (``chi2_mcnemar``, ``cochran``), run here as an independent implementation.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pingouin as pg
import pytest

import algocompare as ac
from algocompare.frequentist._binary import binomial_discordance_pvalue

X = [1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1]
Y = [0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0]
TABLE = np.array([[1, 1, 0, 1], [1, 0, 0, 1], [1, 1, 1, 1], [1, 0, 0, 0], [0, 1, 0, 1], [1, 1, 0, 1],
                  [1, 0, 0, 0], [0, 0, 0, 1], [1, 1, 0, 0], [1, 1, 1, 0], [0, 0, 0, 0], [1, 0, 1, 1]])


@pytest.mark.parametrize(("method", "statistic", "pvalue"), [
    ("chi2", 6.4, 0.011412036386),      # mcnemar.test(tab, correct = FALSE)
    ("chi2_cc", 4.9, 0.0268566955075),  # mcnemar.test(tab, correct = TRUE)
    ("exact", 9.0, 0.021484375),        # binom.test(9, 10)$p.value
    ("midp", 9.0, 0.01171875),          # 2 * (pbinom(1, 10, .5) - dbinom(1, 10, .5) / 2)
])
def test_mcnemar_matches_r(method, statistic, pvalue):
    result = ac.mcnemar(X, Y, method=method)
    assert (result.n_10, result.n_01, result.n_11, result.n_00) == (9, 1, 6, 4)
    assert result.statistic == pytest.approx(statistic, rel=1e-12)
    assert result.pvalue == pytest.approx(pvalue, rel=1e-9)


@pytest.mark.parametrize("correction", [False, True])
def test_mcnemar_matches_pingouin(correction):
    _, table = pg.chi2_mcnemar(pd.DataFrame({"x": X, "y": Y}), "x", "y", correction=correction)
    result = ac.mcnemar(X, Y, method="chi2_cc" if correction else "chi2")
    assert result.statistic == pytest.approx(table.at["mcnemar", "chi2"], rel=1e-12)
    assert result.pvalue == pytest.approx(table.at["mcnemar", "p_approx"], rel=1e-12)
    assert ac.mcnemar(X, Y, method="exact").pvalue == pytest.approx(table.at["mcnemar", "p_exact"], rel=1e-12)


def test_mcnemar_one_sided_halves_the_binomial_tail_and_follows_the_sign():
    greater, less = ac.mcnemar(X, Y, method="exact", alternative="greater"), ac.mcnemar(X, Y, method="exact",
                                                                                          alternative="less")
    assert greater.pvalue == pytest.approx(11 / 1024)  # P(B >= 9 | 10, 1/2)
    assert less.pvalue == pytest.approx(1 - 1 / 1024)   # P(B <= 9)
    assert ac.mcnemar(X, Y, alternative="greater").pvalue < 0.01 < 0.99 < ac.mcnemar(X, Y, alternative="less").pvalue


def test_mcnemar_target_and_direction():
    x, y = [0.1, 2.0, 0.3, 5.0], [1.0, 0.2, 3.0, 6.0]
    low = ac.mcnemar(x, y, target=0.5)  # successes x: 1,0,1,0; y: 0,1,0,0
    assert (low.n_10, low.n_01, low.n_11, low.n_00) == (2, 1, 0, 1)
    high = ac.mcnemar(x, y, target=0.5, direction="maximize")  # x: 0,1,0,1; y: 1,0,1,1
    assert (high.n_10, high.n_01, high.n_11, high.n_00) == (1, 2, 1, 0)


def test_no_discordant_pair_gives_p_one():
    for method in ("chi2", "chi2_cc", "exact", "midp"):
        result = ac.mcnemar([1, 0, 1], [1, 0, 1], method=method)
        assert result.pvalue == 1.0 and result.n_10 == result.n_01 == 0


@pytest.mark.parametrize(("call", "message"), [
    (lambda: ac.mcnemar([1, 2, 0], [0, 1, 1]), "0/1 successes"),
    (lambda: ac.mcnemar([1, np.nan, 0], [0, 1, 1]), "missing value"),
    (lambda: ac.mcnemar([1, np.inf, 0], [0, 1, 1], target=0.5), "infinite"),
    (lambda: ac.mcnemar([1, 0, 0], [0, 1]), "same length"),
    (lambda: ac.mcnemar([1, 0], [0, 1], method="fisher"), "method"),
    (lambda: ac.cochran_q([[1, 2], [0, 1]]), "0/1 successes"),
    (lambda: ac.cochran_q(TABLE, n_resamples=0), "n_resamples"),
    (lambda: ac.mcnemar([1, 0], [0, 1], target=np.inf), "finite"),
])
def test_bad_input_is_refused_in_one_line(call, message):
    with pytest.raises(ValueError, match=message) as info:
        call()
    assert "\n" not in str(info.value)


def test_cochran_q_matches_r_and_pingouin():
    result = ac.cochran_q(TABLE)
    # Rscript tests/reference/binary.R: Cochran (1950) eq. 6 restated in base R
    assert result.statistic == pytest.approx(6.81818181818, rel=1e-10)
    assert result.pvalue == pytest.approx(0.0779243524103, rel=1e-9)
    long = pd.DataFrame([(i, f"a{j}", TABLE[i, j]) for i in range(TABLE.shape[0]) for j in range(TABLE.shape[1])],
                        columns=["instance", "algorithm", "y"])
    reference = pg.cochran(long, dv="y", within="algorithm", subject="instance")
    assert result.statistic == pytest.approx(reference.at["cochran", "Q"], rel=1e-12)
    assert result.pvalue == pytest.approx(reference.at["cochran", "p_unc"], rel=1e-12)
    assert list(result.success_rates) == pytest.approx(TABLE.mean(axis=0))


def test_cochran_q_is_the_tie_corrected_friedman_statistic_of_binary_data():
    # on 0/1 tables the tie-corrected Friedman chi-square (mid-ranks) reduces algebraically to Q
    assert ac.cochran_q(TABLE).statistic == pytest.approx(ac.friedman(TABLE).statistic, rel=1e-12)


def test_cochran_q_of_two_algorithms_is_mcnemars_chi_square():
    assert ac.cochran_q(np.column_stack([X, Y])).statistic == pytest.approx(ac.mcnemar(X, Y).statistic)


def _exact_permutation_pvalue(table: np.ndarray) -> float:
    """Enumerate every placement of each instance's successes among the algorithms (independent of the package)."""
    k = table.shape[1]
    rows = [sorted(set(itertools.permutations(row))) for row in table.tolist()]
    observed = np.sum(table.sum(axis=0) ** 2)
    count = total = 0
    for choice in itertools.product(*rows):
        total += 1
        count += np.sum(np.sum(choice, axis=0) ** 2) >= observed
    assert k == table.shape[1]
    return count / total


def test_cochran_permutation_pvalue_approaches_the_exact_one():
    small = TABLE[:7, :3]
    exact = _exact_permutation_pvalue(small)
    result = ac.cochran_q(small, method="permutation", n_resamples=40_000, rng=5)
    assert result.pvalue == pytest.approx(exact, abs=4 * np.sqrt(exact * (1 - exact) / 40_000))
    assert result.n_resamples == 40_000 and result.test_method == "permutation"
    assert ac.cochran_q(small, method="permutation", rng=5).pvalue == ac.cochran_q(small, method="permutation",
                                                                                    rng=5).pvalue


def test_cochran_target_reads_the_direction_and_a_table_without_information_has_p_one():
    values = pd.DataFrame({"A": [0.1, 0.2, 3.0, 0.1], "B": [2.0, 0.3, 4.0, 5.0], "C": [0.4, 9.0, 0.2, 0.3]})
    hits = ac.reached_target(values, 0.5)
    assert hits.direction == "maximize"
    assert hits.blocks().to_numpy().tolist() == [[1, 0, 1], [1, 1, 0], [0, 0, 1], [1, 0, 1]]
    assert ac.cochran_q(values, target=0.5).statistic == pytest.approx(ac.cochran_q(hits).statistic)
    maximise = ac.Results.from_wide(values, direction="maximize")
    assert ac.reached_target(maximise, 0.5).blocks().to_numpy().tolist() == [[0, 1, 0], [0, 0, 1], [1, 1, 0],
                                                                              [0, 1, 0]]
    flat = ac.cochran_q(np.array([[1, 1, 1], [0, 0, 0], [1, 1, 1]]))
    assert flat.statistic == 0.0 and flat.pvalue == 1.0


def test_mcnemar_posthoc_is_pairwise_mcnemar_with_the_adjustment():
    frame = pd.DataFrame(TABLE, columns=list("ABCD"))
    hits = ac.Results.from_wide(frame, direction="maximize")
    result = ac.posthoc(hits, test="mcnemar", p_adjust="holm")
    raw = []
    for a, b in itertools.combinations("ABCD", 2):
        pair = ac.mcnemar(frame[a], frame[b])
        row = result.table[(result.table.algorithm_a == a) & (result.table.algorithm_b == b)].iloc[0]
        assert row.pvalue == pytest.approx(pair.pvalue, rel=1e-12)
        assert row.statistic == pair.n_10 - pair.n_01  # positive: a succeeds more often
        raw.append(pair.pvalue)
    expected = ac.adjust_pvalues(np.array(raw), p_adjust="holm")
    assert result.table.pvalue_adj.to_numpy() == pytest.approx(np.asarray(expected), rel=1e-12)
    with pytest.raises(ValueError, match="binary outcomes"):
        ac.posthoc(ac.load_dataset("cec2005_d10"), test="mcnemar")
    exact = ac.posthoc(hits, test="mcnemar", control="A", method="exact", p_adjust="none")
    for b in "BCD":
        row = exact.table[exact.table.algorithm_b == b].iloc[0]
        assert row.pvalue == pytest.approx(ac.mcnemar(frame["A"], frame[b], method="exact").pvalue, rel=1e-12)


# ----------------------------------------------------------------------------- null simulations (fast)

def _null_tables(rng, m: int, n: int, k: int) -> np.ndarray:
    """m null tables: identical algorithms, each instance with its own success probability."""
    p = rng.beta(1.0, 1.5, (m, n, 1))
    return (rng.random((m, n, k)) < p).astype(int)


def test_null_size_of_the_default_mcnemar():
    rng = np.random.default_rng(2811)
    tables = _null_tables(rng, 20_000, 40, 2)
    b = ((tables[:, :, 0] == 1) & (tables[:, :, 1] == 0)).sum(axis=1)
    c = ((tables[:, :, 0] == 0) & (tables[:, :, 1] == 1)).sum(axis=1)
    size = np.mean(binomial_discordance_pvalue(b, c, "chi2") <= 0.05)
    assert abs(size - 0.05) <= 0.015, size
    assert np.mean(binomial_discordance_pvalue(b, c, "exact") <= 0.05) <= 0.05  # exact: never above


def test_null_size_of_cochran_q_and_fwer_of_its_posthoc():
    rng = np.random.default_rng(2812)
    sizes, rejections = [], []
    for table in _null_tables(rng, 400, 30, 4):
        sizes.append(ac.cochran_q(table).pvalue <= 0.05)
        result = ac.posthoc(ac.Results.from_array(table.astype(float), direction="maximize"), test="mcnemar")
        rejections.append(bool(result.table.reject.any()))
    se = np.sqrt(0.05 * 0.95 / 400)
    assert abs(np.mean(sizes) - 0.05) <= max(0.015, 3 * se) + 0.01, np.mean(sizes)  # 400 tables: a coarse check
    assert np.mean(rejections) <= 0.05 + 3 * se, np.mean(rejections)
