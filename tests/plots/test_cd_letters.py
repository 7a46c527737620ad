"""The CD diagram's compact letters option (letters=True | "mean_rank")."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import algocompare as ac  # noqa: E402


def _labels(ax) -> list[str]:
    return [t.get_text().replace("\n", " ") for t in ax.texts if t.get_gid() == "algorithm-label"]


def test_letters_follow_each_name_in_its_own_figure_and_in_a_grid():
    ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="holm")  # no critical difference
    ax = ac.plots.cd_diagram(ph, letters=True)  # named from the best algorithm, as the tables
    assert _labels(ax)[0] == "G-CMA-ES [a] (3.34)"
    assert _labels(ax)[-1].endswith(f"[{ph.letters(order='mean_rank')['CoEVO']}]")
    plt.close(ax.figure)
    ax = ac.plots.cd_diagram(ph, letters="input")  # multcompView's naming, result.letters()
    assert _labels(ax)[0] == f"G-CMA-ES [{ph.letters()['G-CMA-ES']}] (3.34)"
    assert "sharing a letter" in next(t.get_text() for t in ax.texts if t.get_gid() == "caption")
    plt.close(ax.figure)
    fig, axes = plt.subplots(2, 2, figsize=(7.16, 5))
    ranked = ph.letters(order="mean_rank")
    ac.plots.cd_diagram(ph, ax=axes[0, 0], letters="mean_rank")
    for label in _labels(axes[0, 0]):
        name = next(n for n in ranked.index if label.startswith(n) or label.endswith(n)
                    or f" {n} [" in f" {label}")
        assert f"[{ranked[name]}]" in label
    plt.close(fig)


def test_no_letters_by_default_and_refused_for_a_control():
    ph = ac.posthoc(ac.load_dataset("cec2005_d10"), p_adjust="nemenyi")
    ax = ac.plots.cd_diagram(ph)
    assert not any("[" in label for label in _labels(ax))
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="letters"):
        ac.plots.cd_diagram(ph, letters="alphabetical")
    with pytest.raises(ValueError, match="all pairwise"):
        ac.plots.cd_diagram(ac.posthoc(ac.load_dataset("cec2005_d10"), control="G-CMA-ES"), letters=True)
