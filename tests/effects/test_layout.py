"""The floor plan of effects, severity and samplesize: who imports whom, and real signatures."""

import importlib
import inspect
import subprocess
import sys

import pytest

import algocompare as ac

AREA = ("effects", "severity", "samplesize")


def test_effects_is_a_top_level_subpackage():
    import algocompare.effects as effects

    assert "effects" in ac._SUBPACKAGES and ac.effects is effects
    for name in effects.__all__:
        assert getattr(ac, name) is getattr(effects, name), name
    for gone in ("cohens_d", "power", "EffectSize", "ALTERNATIVES"):
        assert gone not in importlib.import_module("algocompare.samplesize").__all__


def test_severity_imports_effects_not_samplesize():
    code = ("import sys, algocompare.severity; "
            "print(sorted(m for m in sys.modules if m.startswith('algocompare.samplesize')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("package", AREA)
def test_public_functions_show_their_real_parameters(package):
    module = importlib.import_module(f"algocompare.{package}")
    for name in module.__all__:
        obj = getattr(module, name)
        if not inspect.isfunction(obj):
            continue
        params = inspect.signature(obj).parameters.values()
        assert not any(p.kind is p.VAR_KEYWORD for p in params), name
        varargs = [p.name for p in params if p.kind is p.VAR_POSITIONAL]
        assert varargs in ([], ["more"]), name  # calc_se(x1, x2, *more): the samples of further algorithms


def test_old_samplesize_names_resolve_with_a_warning():
    import algocompare.effects._effect_size as effect_size
    import algocompare.samplesize as samplesize

    with pytest.warns(DeprecationWarning, match="algocompare.effects.cohens_d"):
        assert samplesize.cohens_d is ac.cohens_d
    with pytest.warns(DeprecationWarning, match="algocompare.effects._effect_size"):
        from algocompare.samplesize import effect_size as old
    assert old is effect_size
    with pytest.raises(AttributeError):
        samplesize.no_such_name  # noqa: B018 (the attribute access is the test)
