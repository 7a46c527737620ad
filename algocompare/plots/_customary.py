"""The customary figure of each result type: one table, looked up by type.

``result.plot()``, the HTML report and ``--figures`` all ask :func:`customary_figure`
which figure a result has. A figure is registered for a result class and found for the
class and its subclasses (along the method resolution order, the nearest registration
first), so a subclass of a result keeps its parent's figure unless it registers its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import algocompare as ac
from algocompare._deprecation import warn_renamed
from algocompare.frequentist._assumptions import NormalityResult
from algocompare.frequentist._intervals import ConfidenceCurveResult
from algocompare.plots._bayesian import plot_pairwise_matrix, plot_posterior_t, plot_simplex
from algocompare.plots._cd_diagram import cd_diagram, plot_stability
from algocompare.plots._consensus import plot_consensus, plot_ranking_dendrogram
from algocompare.plots._frequentist import confidence_curve, normality_plot
from algocompare.plots._permutation import msd_plot
from algocompare.plots._rank_sets import plot_rank_intervals
from algocompare.plots._samplesize import plot_bootstrap_qq, plot_experiment, plot_posthoc_power, plot_power_curve
from algocompare.plots._severity import plot_power_by_delta, plot_severity

__all__ = ["CustomaryFigure", "customary_figure", "register_customary_figure"]


@dataclass(frozen=True)
class CustomaryFigure:
    """The figure that ``result.plot()`` draws for results of ``result_type``.

    Attributes
    ----------
    result_type : type
        The result class (and its subclasses) the figure is for.
    draw : callable
        ``draw(result, ax=None, **kwargs)``: returns the Axes (or an array of Axes).
    title : str
        What the figure shows, for captions (the report).
    algorithms : callable or None
        For a figure that lists algorithms in an order it takes as ``order=``: the labels it
        lists, ``algorithms(result)``; the report then draws them in its own order (by mean
        rank). None for figures that take no order.

    See Also
    --------
    register_customary_figure : makes an entry.
    customary_figure : finds the entry of a result.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html

    Examples
    --------
    >>> import algocompare as ac
    >>> entry = customary_figure(ac.MSDResult)
    >>> entry.result_type is ac.MSDResult, entry.draw.__name__, entry.algorithms is not None
    (True, 'msd_plot', True)
    """

    result_type: type
    draw: Callable[..., Any]
    title: str
    algorithms: Callable[[Any], list[Any]] | None = None


_FIGURES: dict[type, CustomaryFigure] = {}


def register_customary_figure(result_type: type, draw: Callable[..., Any], *, title: str,
                              algorithms: Callable[[Any], list[Any]] | None = None) -> CustomaryFigure:
    """Make ``draw`` the figure of ``result_type`` and its subclasses (replacing any before).

    Parameters
    ----------
    result_type : type
        A result class (a :class:`~algocompare._results.BaseResult` subclass).
    draw : callable
        ``draw(result, ax=None, **kwargs)``, returning the Axes (or an array of Axes).
    title : str
        What the figure shows, for captions (the report).
    algorithms : callable, optional
        For a figure that lists algorithms in an order it takes as ``order=``: the labels it
        lists, ``algorithms(result)``, so that the report can draw them by mean rank.

    Returns
    -------
    CustomaryFigure
        The entry registered.
    See Also
    --------
    customary_figure : looks the entry up.
    CustomaryFigure : the entry.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665


    Examples
    --------
    A result class of one's own gets a figure, and ``plot()`` draws it:

    >>> from dataclasses import dataclass
    >>> from algocompare._results import BaseResult
    >>> @dataclass(frozen=True, kw_only=True)
    ... class Scores(BaseResult):
    ...     scores: dict
    >>> def bars(result, ax=None):
    ...     from algocompare.plots._figure import axes_or_new
    ...     ax = axes_or_new(ax, (4, 3))
    ...     ax.bar(list(result.scores), list(result.scores.values()))
    ...     return ax
    >>> entry = register_customary_figure(Scores, bars, title="Scores")
    >>> ax = Scores(method="my scores", scores={"A": 2, "B": 3}).plot()
    >>> len(ax.patches), customary_figure(Scores).title
    (2, 'Scores')
    """
    if not isinstance(result_type, type):
        raise TypeError(f"result_type must be a class, got {result_type!r}.")
    if not callable(draw):
        raise TypeError(f"draw must be a function (result, ax=None, **kwargs) -> Axes, got {draw!r}.")
    entry = CustomaryFigure(result_type, draw, title, algorithms)
    _FIGURES[result_type] = entry
    return entry


def customary_figure(result: Any) -> CustomaryFigure | None:
    """The customary figure of a result (or result class), None if it has none.

    Found by type: the entry registered for the class or its nearest registered base class
    (:func:`register_customary_figure`), never from the result's attributes or text.

    Parameters
    ----------
    result : BaseResult or type
        A result object or a result class.

    Returns
    -------
    CustomaryFigure or None
    See Also
    --------
    register_customary_figure : gives a result type its figure.
    algocompare.report.figure_views : the figures the report draws of a result.

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
       *Journal of Machine Learning Research* 7, 1–30. https://jmlr.org/papers/v7/demsar06a.html
    .. [2] Carrasco, J., García, S., Rueda, M. M., Das, S., Herrera, F. (2020). Recent trends in
       the use of statistical tests for comparing swarm and evolutionary computing algorithms:
       practical guidelines and a critical review. *Swarm and Evolutionary Computation* 54,
       100665. doi:10.1016/j.swevo.2020.100665


    Examples
    --------
    >>> import algocompare as ac
    >>> figure = customary_figure(ac.posthoc(ac.load_dataset("ice_cream")))
    >>> figure.draw.__name__, figure.title
    ('cd_diagram', 'Critical-difference diagram')
    >>> customary_figure(ac.SeverityAnalysis).title   # a subclass of SeverityResult
    'Severity curve'
    >>> customary_figure(ac.friedman(ac.load_dataset("ice_cream"))) is None
    True
    """
    cls = result if isinstance(result, type) else type(result)
    found = next((_FIGURES[klass] for klass in cls.__mro__ if klass in _FIGURES), None)
    return found if found is not None else _named_figure(cls)


def _named_figure(cls: type) -> CustomaryFigure | None:
    """A result class of 0.1 that names its figure in a ``_plot_function`` string (deprecated
    for one release: register the type with :func:`register_customary_figure`)."""
    name = getattr(cls, "_plot_function", None)
    if not isinstance(name, str):
        return None
    warn_renamed(f"naming the figure in {cls.__name__}._plot_function",
                 "algocompare.plots.register_customary_figure(ResultType, draw, title=...)", cls.__name__)
    known = next((entry for entry in _FIGURES.values() if entry.draw.__name__ == name), None)
    return None if known is None else CustomaryFigure(cls, known.draw, known.title, None)


#: The package's own results and their figures.
_OWN_FIGURES: list[tuple[type, Callable[..., Any], str, Callable[[Any], list[Any]] | None]] = [
    (ac.PosthocResult, cd_diagram, "Critical-difference diagram", None),
    (ConfidenceCurveResult, confidence_curve, "Confidence curve", None),
    (NormalityResult, normality_plot, "Normality plot", None),
    (ac.MSDResult, msd_plot, "Simultaneous minimum-significant-difference intervals",
     lambda result: list(result.effects.index)),
    (ac.BayesianPairedResult, plot_simplex, "Posterior on the simplex", None),
    (ac.BayesianHierarchicalResult, plot_simplex, "Posterior on the simplex", None),
    (ac.BayesianCorrelatedTResult, plot_posterior_t, "Posterior of the mean difference", None),
    (ac.BayesianPairwiseResult, plot_pairwise_matrix, "Bayesian all-pairs matrix",
     lambda result: list(result.algorithms)),
    (ac.BordaResult, plot_consensus, "Rankings and their consensus", None),
    (ac.KemenyResult, plot_consensus, "Rankings and their consensus", None),
    (ac.RuleConsensusResult, plot_consensus, "Rankings and their consensus", None),
    (ac.RankingClusters, plot_ranking_dendrogram, "Dendrogram of the rankings", None),
    (ac.SeverityResult, plot_severity, "Severity curve", None),
    (ac.PowerCurve, plot_power_by_delta, "Power against the difference", None),
    (ac.InstancePowerCurve, plot_power_curve, "Power curve", None),
    (ac.PosthocPowerResult, plot_posthoc_power, "Power of the post-hoc analysis against N", None),
    (ac.BootstrapMeans, plot_bootstrap_qq, "Q-Q plot of the bootstrap means", None),
    (ac.ExperimentResult, plot_experiment, "Estimates per instance and runs", None),
    (ac.RankIntervalsResult, plot_rank_intervals, "Simultaneous rank intervals", None),
    (ac.StabilityResult, plot_stability, "Critical-difference diagram with fragile decisions", None),
]
for _type, _draw, _title, _algorithms in _OWN_FIGURES:
    register_customary_figure(_type, _draw, title=_title, algorithms=_algorithms)
