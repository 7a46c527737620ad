"""One vocabulary (algocompare/_options.py): every public signature and result class checked.

Each shared option has one spelling and one meaning across the package: the checks below
inspect the signature of every top-level callable and the fields of every result class, so
a new function that spells an option differently fails here.
"""

from __future__ import annotations

import dataclasses
import inspect
import pydoc
import warnings

import numpy as np
import pytest

import algocompare as ac
from algocompare import _options
from algocompare._results import BaseResult

CALLABLES = {name: getattr(ac, name) for name in ac.__all__
             if callable(getattr(ac, name)) and not inspect.isclass(getattr(ac, name))}
RESULT_CLASSES = {name: getattr(ac, name) for name in ac.__all__
                  if inspect.isclass(getattr(ac, name)) and issubclass(getattr(ac, name), BaseResult)}


def _parameters(function):
    return inspect.signature(function).parameters


def _with(parameter: str):
    return {name: f for name, f in CALLABLES.items() if parameter in _parameters(f)}


#: procedures that are one-sided by definition (documented in each docstring)
ONE_SIDED = {"severity": "greater", "severity_analysis": "greater", "severity_from_se": "greater",
             "power": "greater", "power_curve": "greater", "sample_size": "greater",
             "multiple_sign_test": None}
#: names that the vocabulary retired (the new name in the message); a parameter of that name
#: is allowed only where the brackets say why
RETIRED = {"sigma": "sd", "confidence": "confidence_level", "credible_level": "confidence_level",
           "method_adjust": "p_adjust"}
#: the first parameter of a function that takes a table of instances × algorithms
TABLE_FIRST = ("data", "results")
#: functions that take a table to render analyses made with their own options (the report's
#: AnalysisOptions carry the choices; the direction is the table's own)
RENDERERS = {"export_figures", "export_tables", "reading", "render_report", "write_report"}


def test_every_callable_shows_its_parameters_in_help() -> None:
    for name, function in CALLABLES.items():
        signature = inspect.signature(function)
        if not signature.parameters:
            continue
        kinds = {p.kind for p in signature.parameters.values()}
        assert kinds - {inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD}, name
        shown = pydoc.render_doc(function, renderer=pydoc.plaintext)
        first = next(iter(signature.parameters))
        assert first in shown, f"help({name}) does not show its parameters"


@pytest.mark.parametrize("name", sorted(_with("alternative")))
def test_alternative_has_one_vocabulary_and_default(name: str) -> None:
    parameter = _parameters(CALLABLES[name])["alternative"]
    expected = ONE_SIDED.get(name, "two-sided")
    assert parameter.default == expected, f"{name}: alternative={parameter.default!r}, expected {expected!r}"
    assert parameter.default is None or parameter.default in _options.ALTERNATIVES


@pytest.mark.parametrize("name", sorted(_with("alternative")))
def test_alternative_is_keyword_only(name: str) -> None:
    assert _parameters(CALLABLES[name])["alternative"].kind is inspect.Parameter.KEYWORD_ONLY, name


def test_positional_alternative_still_works_for_one_release() -> None:
    with pytest.warns(DeprecationWarning, match="passing alternative, test, paired by position"):
        old = ac.severity(9.02, 30.73, 100, 0.0, 0.025, "greater", "z", True)
    assert old.to_dict() == ac.severity(9.02, 30.73, 100, 0.0, 0.025, alternative="greater", test="z").to_dict()
    with pytest.warns(DeprecationWarning, match="by position"):
        assert ac.t_power(2.0, 19, 0.05, "greater") == ac.t_power(2.0, 19, 0.05, alternative="greater")
    with pytest.raises(TypeError, match="multiple values for argument 'alternative'"):
        ac.z_power(1.0, 0.05, "greater", alternative="less")


@pytest.mark.parametrize("parameter,new", sorted(RETIRED.items()))
def test_retired_names_are_gone_from_signatures(parameter: str, new: str) -> None:
    assert not _with(parameter), f"{sorted(_with(parameter))} still take {parameter}= (use {new}=)"


def test_zero_differences_are_zero_method() -> None:
    """Zero differences are ``zero_method`` in the sign test as in Wilcoxon (scipy's name);
    ``ties`` is left to the treatment of tied values (Borda, the exact Friedman test)."""
    assert "zero_method" in _parameters(ac.sign_test) and "ties" not in _parameters(ac.sign_test)
    assert _parameters(ac.sign_test)["zero_method"].default == _parameters(ac.wilcoxon)["zero_method"].default


def test_correction_means_continuity_only() -> None:
    """The multiplicity adjustment is ``p_adjust`` everywhere; ``correction`` is Wilcoxon's
    continuity correction (scipy's name) and nothing else."""
    assert set(_with("correction")) <= {"wilcoxon"}
    assert _parameters(ac.wilcoxon)["correction"].default is False
    for name in ("posthoc", "adjust_pvalues", "critical_difference"):
        assert "p_adjust" in _parameters(CALLABLES[name]), name


@pytest.mark.parametrize("name", sorted(_with("direction")))
def test_direction_defaults_to_the_datas_own(name: str) -> None:
    parameter = _parameters(CALLABLES[name])["direction"]
    assert parameter.default is None, f"{name}: direction={parameter.default!r}"
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, name


def test_every_table_function_takes_direction_and_nan_policy() -> None:
    tables = {name for name, f in CALLABLES.items()
              if next(iter(_parameters(f)), None) in TABLE_FIRST and name not in RENDERERS}
    lacking = sorted(name for name in tables
                     if not {"direction", "nan_policy"} <= set(_parameters(CALLABLES[name])))
    assert not lacking, f"take a table but not direction= and nan_policy=: {lacking}"


@pytest.mark.parametrize("name", sorted(_with("nan_policy")))
def test_nan_policy_is_keyword_only_with_a_known_default(name: str) -> None:
    parameter = _parameters(CALLABLES[name])["nan_policy"]
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, name
    assert parameter.default in ("raise", "keep", None), name


@pytest.mark.parametrize("name", sorted(_with("rng")))
def test_rng_is_keyword_only(name: str) -> None:
    parameter = _parameters(CALLABLES[name])["rng"]
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default is None, name


@pytest.mark.parametrize("name", sorted(_with("n_resamples")))
def test_n_resamples_defaults_follow_one_rule(name: str) -> None:
    default = _parameters(CALLABLES[name])["n_resamples"].default
    assert default in (_options.N_RESAMPLES, _options.N_RESAMPLES_INNER), f"{name}: n_resamples={default}"


@pytest.mark.parametrize("name", sorted(_with("comparisons")))
def test_comparisons_is_the_family_of_pairs(name: str) -> None:
    assert _parameters(CALLABLES[name])["comparisons"].default in _options.COMPARISONS, name


@pytest.mark.parametrize("name", sorted(_with("control")))
def test_control_default(name: str) -> None:
    """None compares all pairs; a procedure that needs a control defaults to "best"."""
    assert _parameters(CALLABLES[name])["control"].default in (None, "best"), name


@pytest.mark.parametrize("name", sorted(_with("alpha")))
def test_alpha_default(name: str) -> None:
    default = _parameters(CALLABLES[name])["alpha"].default
    assert default is inspect.Parameter.empty or default == 0.05, name


@pytest.mark.parametrize("name", sorted(_with("confidence_level")))
def test_confidence_level_default(name: str) -> None:
    assert _parameters(CALLABLES[name])["confidence_level"].default == 0.95, name


@pytest.mark.parametrize("name", sorted(RESULT_CLASSES))
def test_result_fields_share_names(name: str) -> None:
    fields = {f.name for f in dataclasses.fields(RESULT_CLASSES[name])}
    retired = {"low", "high", "lower", "upper", "ci_lower", "ci_upper", "confidence", "credible_level",
               "cohen_d", "correction_method"}
    assert not fields & retired, f"{name} has {sorted(fields & retired)}: use ci_low/ci_high/confidence_level/cohens_d"
    decides_by_table = name in {"PosthocResult"}  # reject column, and reject(alpha) for another level
    if not decides_by_table:
        assert not callable(getattr(RESULT_CLASSES[name], "reject", None)), f"{name}.reject is a method, not a field"
    assert not callable(getattr(RESULT_CLASSES[name], "statistic", None)), f"{name}.statistic is a method"


# --------------------------------------------------------------------- the deprecation aliases
CEC05 = ac.load_dataset("cec2005_d10")


@pytest.mark.parametrize("call,new", [
    (lambda: ac.posthoc(CEC05, correction="holm"), lambda: ac.posthoc(CEC05, p_adjust="holm")),
    (lambda: ac.posthoc(CEC05, test="nemenyi"), lambda: ac.posthoc(CEC05, p_adjust="nemenyi")),
    (lambda: ac.adjust_pvalues([0.01, 0.04, 0.03], method="hommel"),
     lambda: ac.adjust_pvalues([0.01, 0.04, 0.03], p_adjust="hommel")),
    (lambda: ac.critical_difference(11, 11, 0.05, method="bonferroni_dunn"),
     lambda: ac.critical_difference(11, 11, 0.05, p_adjust="bonferroni_dunn")),
    (lambda: ac.sign_test([3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 9], ties="drop"),
     lambda: ac.sign_test([3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 9], zero_method="wilcox")),
    (lambda: ac.rank_sum([1, 2, 3, 4], [5, 6, 7, 9], correction=False, method="approx"),
     lambda: ac.rank_sum([1, 2, 3, 4], [5, 6, 7, 9], use_continuity=False, method="approx")),
    (lambda: ac.multiple_sign_test(CEC05, alternative="control-better", n_resamples=99, rng=1),
     lambda: ac.multiple_sign_test(CEC05, alternative="less", n_resamples=99, rng=1)),
    (lambda: ac.multiple_sign_test(CEC05, control=None, n_resamples=99, rng=1),
     lambda: ac.multiple_sign_test(CEC05, control="best", n_resamples=99, rng=1)),
], ids=["posthoc-correction", "posthoc-nemenyi", "adjust-method", "cd-method", "sign-ties", "ranksum-correction",
        "msign-control-better", "msign-control-none"])
def test_old_spellings_warn_and_give_the_same_result(call, new) -> None:
    with pytest.warns(DeprecationWarning, match="deprecated"):
        old = call()
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        current = new()
    if isinstance(old, BaseResult):
        assert _comparable(old) == _comparable(current)
    else:
        np.testing.assert_allclose(old, current)


def _comparable(result: BaseResult) -> dict:
    data = result.to_dict()
    data.pop("method", None)  # "(test nemenyi)" vs "(friedman, nemenyi adjustment)" wording
    data.pop("test", None)
    return data


def test_old_field_names_warn() -> None:
    ph = ac.posthoc(CEC05)
    with pytest.warns(DeprecationWarning, match=r"\.p_adjust"):
        assert ph.correction == ph.p_adjust == "holm"
    ci = ac.median_difference_ci([1.0, 2, 3, 4, 6], [0.5, 1, 1.5, 2, 2.5], paired=True)
    with pytest.warns(DeprecationWarning, match="ci_low"):
        assert ci.low == ci.ci_low
    t = ac.paired_ttest([2, 4, 6, 9], [1, 2, 3, 5])
    with pytest.warns(DeprecationWarning, match="cohens_d"):
        assert t.cohen_d == t.cohens_d


def test_wilcoxons_continuity_correction_through_posthoc_is_use_continuity() -> None:
    """posthoc(correction=...) had two meanings (a string: the multiplicity adjustment, now
    p_adjust=; a bool: Wilcoxon's continuity correction); the bool is now use_continuity=, and
    either old meaning warns (issue 26)."""
    corrected = ac.posthoc(CEC05, test="wilcoxon", control="G-CMA-ES", use_continuity=True, method="approx")
    plain = ac.posthoc(CEC05, test="wilcoxon", control="G-CMA-ES", use_continuity=False, method="approx")
    x, y = CEC05.blocks()["BLX-GL50"], CEC05.blocks()["G-CMA-ES"]
    # the post-hoc entry keeps zero_method="split" (wilcoxon()'s own default is "wilcox" since issue 28)
    expected = ac.wilcoxon(x, y, zero_method="split", correction=True, method="approx").pvalue
    row = corrected.table.set_index("algorithm_b").loc["BLX-GL50"]
    assert row["pvalue"] == pytest.approx(expected, rel=1e-12)
    assert not np.allclose(corrected.table["pvalue"], plain.table["pvalue"])
    with pytest.warns(DeprecationWarning, match="continuity correction.*use use_continuity="):
        old = ac.posthoc(CEC05, test="wilcoxon", control="G-CMA-ES", correction=True, method="approx")
    np.testing.assert_array_equal(old.table["pvalue"], corrected.table["pvalue"])
    with pytest.raises(TypeError, match="pass only use_continuity="):
        ac.posthoc(CEC05, test="wilcoxon", control="G-CMA-ES", correction=True, use_continuity=True)


def test_multiple_sign_alternative_is_about_the_values_as_given() -> None:
    """'less' means the control's values are smaller, whatever the direction: on the
    negated table with direction='maximize', 'greater' asks the same question."""
    table = CEC05.blocks()
    low = ac.multiple_sign_test(table, control="G-CMA-ES", alternative="less", n_resamples=199, rng=3)
    high = ac.multiple_sign_test(-table, control="G-CMA-ES", alternative="greater", direction="maximize",
                                 n_resamples=199, rng=3)
    np.testing.assert_allclose(low.table["pvalue"], high.table["pvalue"])
    default = ac.multiple_sign_test(-table, control="G-CMA-ES", direction="maximize", n_resamples=199, rng=3)
    assert default.alternative == "greater"


def test_the_base_class_name_of_01_still_resolves_for_one_release() -> None:
    with pytest.warns(DeprecationWarning, match="BaseResult"):
        from algocompare._results import Result
    assert Result is BaseResult


@pytest.mark.parametrize("name", sorted(_with("progress")))
def test_progress_defaults_to_the_automatic_bar(name: str) -> None:
    """progress=None everywhere: a bar on a terminal once the work lasts (algocompare._progress)."""
    parameter = _parameters(CALLABLES[name])["progress"]
    assert parameter.default is None, f"{name}: progress={parameter.default!r}"
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, name
