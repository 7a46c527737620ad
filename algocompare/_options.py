"""The package's vocabulary: one spelling and one meaning for every shared option.

Every public function that takes one of these options takes it under the name below, with
the meaning below, checked by the function below (so the error wording is the same
everywhere). ``tests/test_vocabulary.py`` inspects every public signature against this table.

``alternative``
    ``"two-sided"``, ``"less"`` or ``"greater"``, always about the first sample (``x``, the
    control, the first algorithm of a pair) minus the second, on the values as given:
    ``"less"`` means the first tends to be smaller. Default ``"two-sided"``, except in the
    procedures that are one-sided by definition (severity and the power of its test,
    ``power``/``sample_size``/``power_curve``; the multiple sign test).
``alpha``
    Significance level in (0, 1), default 0.05; ``reject`` is always ``pvalue_adj <= alpha``
    (or ``pvalue <= alpha`` for a single test).
``confidence_level``
    Coverage of an interval in (0, 1), default 0.95; bounds are ``ci_low``/``ci_high``.
``rng``
    ``None``, an int seed or a ``numpy.random.Generator`` (SPEC 7), keyword-only.
``nan_policy``
    ``"raise"`` (default) or ``"omit"`` (drop whole instances or pairs, recorded in the
    result's ``dropped_*`` field); tables may also ``"keep"`` their missing cells for the
    tests made for incomplete tables.
``direction``
    ``"minimize"`` or ``"maximize"``; ``None`` (default) takes the data's own (a ``Results``
    knows it; a DataFrame or an array is taken as ``"minimize"``).
``control``
    ``None``: no control, every pair is compared; a label: that algorithm against every
    other; ``"best"``: the algorithm with the best mean rank.
``p_adjust``
    The multiplicity adjustment of a family of p-values (``"holm"``, ``"bergmann"``, ...:
    :data:`algocompare.posthoc._adjust.METHODS`). Continuity and bias corrections have their
    own names (``correction`` in :func:`~algocompare.wilcoxon`, as in scipy;
    ``use_continuity`` in :func:`~algocompare.rank_sum`, as in scipy's ``mannwhitneyu``;
    ``bias_correction`` in :func:`~algocompare.hedges_g`).
``n_resamples``
    Number of Monte Carlo resamples, by one rule: :data:`N_RESAMPLES` (9999, scipy's
    default, so that a p-value (b + 1)/(m + 1) is on a grid of 1/10000) where the resampling
    gives a reported p-value or interval; :data:`N_RESAMPLES_INNER` (999) where it estimates
    a standard error inside a sequential procedure that repeats it many times
    (``calc_se``, ``calc_nreps``, ``run_experiment``, ``bootstrap_means``).
``progress``
    A tqdm bar over long work: ``None`` (default) shows it on standard error when that is a
    terminal, once the work has lasted a second (short work, logs, pipes and notebooks stay
    silent); ``True`` always (a widget in notebooks); ``False`` never
    (:mod:`algocompare._progress`).
``comparisons``
    Which pairs a sample-size procedure compares: ``"all-vs-all"`` or ``"all-vs-one"``; a
    number of comparisons is ``n_comparisons``.
"""

from __future__ import annotations

from typing import Any

from algocompare._validation import DIRECTIONS, NAN_POLICIES, TABLE_NAN_POLICIES, check_option, check_probability

__all__ = [
    "ALTERNATIVES", "COMPARISONS", "DIRECTIONS", "NAN_POLICIES", "N_RESAMPLES",
    "N_RESAMPLES_INNER", "TABLE_NAN_POLICIES", "check_alpha", "check_alternative",
    "check_comparisons", "check_confidence_level", "documented_table_options",
]

ALTERNATIVES = ("two-sided", "less", "greater")
COMPARISONS = ("all-vs-all", "all-vs-one")
#: Resamples for a reported Monte Carlo p-value or interval (scipy's default).
N_RESAMPLES = 9999
#: Resamples for a standard error estimated again and again inside a sequential procedure.
N_RESAMPLES_INNER = 999


def check_alternative(alternative: Any) -> str:
    return check_option("alternative", alternative, ALTERNATIVES)


def check_comparisons(comparisons: Any) -> str:
    return check_option("comparisons", comparisons, COMPARISONS)


def check_alpha(alpha: float) -> float:
    return check_probability("alpha", alpha)


def check_confidence_level(confidence_level: float) -> float:
    return check_probability("confidence_level", confidence_level)


#: The docstring entries of ``direction`` and ``nan_policy`` for a function that takes a table,
#: by the default of its ``nan_policy`` (``{table_options}`` in the docstring stands for them).
TABLE_OPTIONS_DOC = {
    "raise": """direction : {"minimize", "maximize"}, optional
        Which values are best; default the data's own (``"minimize"`` for a DataFrame or an
        array).
    nan_policy : {"raise", "omit"}
        ``"raise"`` (default) refuses missing values; ``"omit"`` drops the instances that
        have one and records them in ``dropped_instances``.""",
    "keep": """direction : {"minimize", "maximize"}, optional
        Which values are best; default the data's own (``"minimize"`` for a DataFrame or an
        array).
    nan_policy : {"keep", "raise", "omit"}
        ``"keep"`` (default) keeps the missing cells, what this test is made for;
        ``"raise"`` refuses them; ``"omit"`` drops the instances that have one and records
        them in ``dropped_instances``.""",
    "rankings": """direction : {"minimize", "maximize"}, optional
        Whether lower or higher values of a table are better. ``None`` (default): the data's
        own (a Results knows it; a DataFrame or an array is taken as "minimize"). A list of
        rankings is already ordered best first: ``direction`` does not apply to it.
    nan_policy : {"raise", "omit"}
        Missing cells of a table raise, or (``"omit"``) drop their instances, recorded in
        ``dropped_instances``. ``"keep"`` is refused: every ranking must rank every algorithm.""",
}


def documented_table_options(function: Any) -> Any:
    """Put the shared ``direction``/``nan_policy`` entries where the docstring says
    ``{table_options}`` (the wording follows the function's ``nan_policy`` default) or
    ``{ranking_options}`` (a consensus input: a table or a list of rankings), as scipy
    documents its shared ``nan_policy`` once."""
    import inspect

    if function.__doc__:  # None under python -OO
        default = inspect.signature(function).parameters["nan_policy"].default
        function.__doc__ = (function.__doc__.replace("{table_options}", TABLE_OPTIONS_DOC[default])
                            .replace("{ranking_options}", TABLE_OPTIONS_DOC["rankings"]))
    return function
