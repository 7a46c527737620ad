"""One policy for reading two samples (algocompare/_samples.py): every public function that
takes samples x and y declares paired or independent once, documents ``nan_policy`` the same
way, and records what ``nan_policy="omit"`` dropped in ``dropped_pairs`` / ``dropped_values``."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare import _samples
from algocompare._samples import BY_ARGUMENT, DECLARED, INDEPENDENT, PAIRED, read_samples, with_parameter

X = [3.1, 2.8, np.nan, 3.5, 2.9, 3.7, 3.3, 3.0, 4.1, 2.6]
Y = [2.5, 2.6, 3.1, 3.4, np.nan, 3.0, 3.1, 2.4, 3.3, 2.9]


def _sample_functions() -> dict[str, object]:
    """Public callables whose first parameters are the samples x, y and which take nan_policy."""
    found = {}
    for name in ac.__all__:
        try:
            obj = getattr(ac, name)
        except (AttributeError, ImportError):  # pragma: no cover - a module mid-move in another area
            continue
        if callable(obj) and not inspect.isclass(obj):
            parameters = list(inspect.signature(obj).parameters)
            if parameters[:2] == ["x", "y"] and "nan_policy" in parameters:
                found[name] = obj
    return found


SAMPLE_FUNCTIONS = _sample_functions()


def test_the_sample_functions_are_found():
    assert {"paired_ttest", "rank_sum", "cohens_d", "idp_wilcoxon", "severity_analysis",
            "median_difference_ci", "bayesian_signed_rank"} <= set(SAMPLE_FUNCTIONS)


@pytest.mark.parametrize("name", sorted(SAMPLE_FUNCTIONS))
def test_every_sample_function_declares_and_documents_nan_policy(name):
    function = SAMPLE_FUNCTIONS[name]
    assert name in DECLARED, f"{name}: declare how it reads x and y with algocompare._samples.takes_two_samples"
    doc = inspect.getdoc(function)
    parameters = doc.split("Parameters\n----------\n", 1)
    assert len(parameters) == 2, f"{name}: no Parameters section"
    section = parameters[1].split("\n\n", 1)[0] if "\n\n" in parameters[1] else parameters[1]
    assert 'nan_policy : {"raise", "omit"}, default "raise"' in section
    field = "dropped_pairs" if DECLARED[name] == PAIRED else "dropped_values"
    assert field in section


def _call(name: str, x, y, **options):
    accepted = inspect.signature(SAMPLE_FUNCTIONS[name]).parameters  # the exact ones (correlated t) do not sample; tost needs its bound
    extra = {key: value for key, value in {"n_samples": 500, "rng": 0, "bound": 1.0}.items() if key in accepted}
    return SAMPLE_FUNCTIONS[name](x, y, **extra, **options)


@pytest.mark.parametrize("name", sorted(SAMPLE_FUNCTIONS))
def test_omit_records_what_it_dropped_as_declared(name):
    paired_modes = {PAIRED: [None], INDEPENDENT: [None], BY_ARGUMENT: [True, False]}[DECLARED[name]]
    for paired in paired_modes:
        options = {} if paired is None else {"paired": paired}
        result = _call(name, pd.Series(X, index=list("abcdefghij")), Y, nan_policy="omit", **options)
        if DECLARED[name] == PAIRED or paired:
            assert result.dropped_pairs == ("c", "e")  # a pair goes when either value is missing
        else:
            assert result.dropped_values == {"x": ("c",), "y": (4,)}  # each sample's own


@pytest.mark.parametrize("name", sorted(SAMPLE_FUNCTIONS))
def test_raise_refuses_in_one_line_naming_the_fix(name):
    with pytest.raises(ValueError, match="nan_policy='omit'") as info:
        _call(name, X, Y)
    assert "\n" not in str(info.value)


def test_read_samples_paired_and_independent():
    paired = read_samples(X, Y, paired=True, nan_policy="omit")
    assert paired.x.size == paired.y.size == 8 and paired.recorded == {"dropped_pairs": (2, 4)}
    independent = read_samples(X, Y, paired=False, nan_policy="omit")
    assert (independent.x.size, independent.y.size) == (9, 9)
    assert independent.recorded == {"dropped_values": {"x": (2,), "y": (4,)}}
    with pytest.raises(ValueError, match=r"2 pair\(s\) have a missing value \(NaN\), the first at position 2"):
        read_samples(X, Y, paired=True, nan_policy="raise")
    with pytest.raises(ValueError, match=r"x contains 1 missing value\(s\)"):
        read_samples(X, Y, paired=False, nan_policy="raise")
    with pytest.raises(ValueError, match="equal length"):
        read_samples([1.0, 2.0], [1.0, 2.0, 3.0], paired=True, nan_policy="raise")
    assert read_samples([1.0, 2.0], [1.0, 2.0, 3.0], paired=False, nan_policy="raise").y.size == 3


def test_dropping_changes_nothing_else():
    """omit = the same result as on the complete pairs / values, only the record added."""
    keep = ~(np.isnan(X) | np.isnan(Y))
    omitted = ac.paired_ttest(X, Y, nan_policy="omit")
    complete = ac.paired_ttest(np.array(X)[keep], np.array(Y)[keep])
    assert math.isclose(omitted.statistic, complete.statistic) and omitted.pvalue == complete.pvalue
    omitted = ac.rank_sum(X, Y, nan_policy="omit")
    complete = ac.rank_sum(np.array(X)[~np.isnan(X)], np.array(Y)[~np.isnan(Y)])
    assert omitted.pvalue == complete.pvalue and complete.dropped_values == {"x": (), "y": ()}


DOC_WITH = '''Summary.

    Parameters
    ----------
    x : array
        The values.
    nan_policy : str
        Old text,
        two lines.
    rng : int
        Seed.

    Examples
    --------
    >>> 1
    1
    '''


def test_with_parameter_replaces_an_entry_in_place():
    doc = with_parameter(DOC_WITH, "nan_policy", "nan_policy : {\"raise\"}\n    New text.")
    assert "Old text" not in doc and "two lines" not in doc
    assert doc.index("x : array") < doc.index('    nan_policy : {"raise"}\n        New text.\n') < doc.index("rng : int")
    assert doc.endswith("    Examples\n    --------\n    >>> 1\n    1\n    ")


def test_with_parameter_appends_or_creates_the_section():
    appended = with_parameter(DOC_WITH.replace("    nan_policy : str\n        Old text,\n        two lines.\n", ""),
                              "nan_policy", "nan_policy : str\n    New.")
    assert "    rng : int\n        Seed.\n    nan_policy : str\n        New.\n\n    Examples" in appended
    created = with_parameter("Summary.\n\n    Examples\n    --------\n    >>> 1\n    1\n    ", "nan_policy",
                             "nan_policy : str\n    New.")
    assert created == ("Summary.\n\n    Parameters\n    ----------\n    nan_policy : str\n        New.\n\n"
                       "    Examples\n    --------\n    >>> 1\n    1\n    ")


def test_an_unknown_declaration_is_refused():
    with pytest.raises(ValueError, match="how"):
        _samples.takes_two_samples("sometimes")


def test_a_declaration_that_does_not_fit_its_function_is_refused():
    def by_paired(x, y, *, nan_policy="raise"):
        """Summary."""

    with pytest.raises(TypeError, match="by_paired is declared to take two samples .* no parameter paired"):
        _samples.takes_two_samples(BY_ARGUMENT)(by_paired)
    with pytest.raises(TypeError, match="no parameter nan_policy"):
        _samples.takes_two_samples(PAIRED)(lambda x, y: None)
