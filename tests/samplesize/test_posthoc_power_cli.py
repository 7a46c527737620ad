"""``algocompare samplesize --posthoc TEST``: the power of a post-hoc analysis from the command line."""

import json

import algocompare as ac
from algocompare.cli import main


def test_cli_posthoc_mode_gives_posthoc_powers_answer(capsys, tmp_path):
    figure = tmp_path / "power.png"
    argv = ["samplesize", "--posthoc", "friedman", "--means", "0,0,1", "--power", "0.8", "--n-sim", "200",
            "--seed", "3", "--instances", "10", "--json", "--figure", str(figure)]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    direct = ac.posthoc_power([0, 0, 1], target_power=0.8, n_instances=10, n_sim=200, rng=3)
    assert out["n_required"] == direct.n_required
    assert [row["all_power"] for row in out["curve"]] == direct.all_power.tolist()
    assert figure.stat().st_size > 0


def test_cli_posthoc_mode_refuses_paired_options(capsys):
    assert main(["samplesize", "--posthoc", "friedman", "--means", "0,1", "--d", "0.5"]) == 2
    assert "--means" in capsys.readouterr().err
    assert main(["samplesize", "--power", "0.8"]) == 2
    assert "--posthoc" in capsys.readouterr().err
    assert main(["samplesize", "--posthoc", "friedman", "--means", "0,x"]) == 2
    assert "comma-separated" in capsys.readouterr().err
