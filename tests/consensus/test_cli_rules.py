"""``algocompare consensus --method`` offers every rule of the registry, with each rule's own options."""

from __future__ import annotations

import json

import pytest

import algocompare as ac
from algocompare.cli import main


@pytest.mark.parametrize("rule", [rule.key for rule in ac.CONSENSUS_RULES if rule.key != "majority"])
def test_every_registered_rule_is_a_method_of_the_command(rule, capsys):
    extra = ["--cycles", "tie"] if rule == "condorcet" else []
    assert main(["consensus", "--dataset", "ice_cream", "--method", rule, "--json", *extra]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = ac.consensus(ac.load_dataset("ice_cream"), method=rule, **({"cycles": "tie"} if extra else {}))
    assert data["consensus"] == expected.consensus


def test_the_command_passes_each_rules_options(capsys):
    assert main(["consensus", "--dataset", "ice_cream", "--method", "copeland", "--variant", "pairwise"]) == 0
    assert "pairwise contests" in capsys.readouterr().out
    assert main(["consensus", "--dataset", "ice_cream", "--method", "pc", "--delta", "JMB", "--orders", "weak"]) == 0
    assert "delta=JMB, weak orders" in capsys.readouterr().out
    assert main(["consensus", "--dataset", "ice_cream", "--method", "condorcet"]) == 2
    assert "no Condorcet ordering" in capsys.readouterr().err


def test_the_command_refuses_another_rules_option(capsys):
    assert main(["consensus", "--dataset", "ice_cream", "--method", "kemeny", "--delta", "JMB"]) == 2
    assert "--delta is an option of another rule" in capsys.readouterr().err
