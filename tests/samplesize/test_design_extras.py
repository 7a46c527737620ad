"""bootstrap_means, the samplesize CLI and the study-design figures."""

import json

import matplotlib
import numpy as np
import pytest

from algocompare.cli import main
from algocompare.samplesize._bootstrap import bootstrap_means
from algocompare.samplesize._instances import instance_power_curve


def test_bootstrap_means_matches_loop():
    x = np.array([1.2, 0.8, 5.0, 3.3, 2.1, 0.4, 7.7, 1.5])
    res = bootstrap_means(x, n_resamples=500, rng=3)
    gen = np.random.default_rng(3)
    idx = gen.integers(0, x.size, size=(500, x.size))
    np.testing.assert_allclose(res.means, [x[i].mean() for i in idx])
    assert res.se == pytest.approx(x.std(ddof=1) / np.sqrt(x.size), rel=0.15)
    assert 0.9 < res.qq_correlation <= 1
    with pytest.raises(ValueError):
        bootstrap_means([1.0])


def test_cli_samplesize(capsys):
    assert main(["samplesize", "--d", "1", "--power", "0.8", "--alternative", "one-sided", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["n_instances"] == 8  # thesis Sec. 4.2.2
    assert main(["samplesize", "--d", "0.5", "--comparisons", "10", "--power", "0.9", "--test", "wilcoxon"]) == 0
    assert "N* = 74" in capsys.readouterr().out  # CAISEr rules, see test_instances.py
    assert main(["samplesize", "--d", "0"]) == 2


def test_cli_power_curve(tmp_path, capsys):
    out = tmp_path / "curve.svg"
    assert main(["power-curve", "--instances", "200", "--figure", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert "200 instances" in capsys.readouterr().out
    assert main(["power-curve", "--instances", "30", "--json"]) == 0
    curve = json.loads(capsys.readouterr().out)
    assert curve["n_instances"] == 30


def test_figures(tmp_path):
    matplotlib.use("Agg")
    ax = instance_power_curve(30, n_comparisons=4).plot()
    assert len(ax.lines) >= 1
    ax = bootstrap_means([1.2, 0.8, 5.0, 3.3, 2.1, 0.4], rng=1).plot()
    assert ax.get_title().startswith("Bootstrap")
    import matplotlib.pyplot as plt

    plt.close("all")
