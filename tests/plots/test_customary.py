"""The customary figure of each result type (issue 16): one registry, found along the MRO,
asked by ``result.plot()``, the report and ``--figures`` alike."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import pytest

import algocompare as ac
from algocompare import plots
from algocompare._results import BaseResult
from algocompare.report import _figures as figures

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name, draw", [
    ("PosthocResult", "cd_diagram"), ("MSDResult", "msd_plot"), ("BordaResult", "plot_consensus"),
    ("KemenyResult", "plot_consensus"), ("SeverityResult", "plot_severity"), ("SeverityAnalysis", "plot_severity"),
    ("InstancePowerCurve", "plot_power_curve"), ("PowerCurve", "plot_power_by_delta"),
    ("BootstrapMeans", "plot_bootstrap_qq"), ("ExperimentResult", "plot_experiment"),
    ("BayesianPairwiseResult", "plot_pairwise_matrix"), ("BayesianPairedResult", "plot_simplex"),
])
def test_every_result_type_with_a_figure_finds_it_by_type(name, draw):
    figure = plots.customary_figure(getattr(ac, name))
    assert figure.draw is getattr(plots, draw) and figure.title


def test_results_without_a_figure_have_none_and_plot_says_so():
    result = ac.friedman(ac.load_dataset("ice_cream"))
    assert plots.customary_figure(result) is None
    assert [v.key for v in figures.figure_views(result)] == []
    with pytest.raises(NotImplementedError, match="no customary figure"):
        result.plot()


def test_a_subclass_keeps_its_parents_figure_until_it_registers_its_own():
    @dataclass(frozen=True, kw_only=True)
    class Scores(BaseResult):
        scores: dict

    @dataclass(frozen=True, kw_only=True)
    class WeightedScores(Scores):
        weight: float = 1.0

    def bars(result, ax=None):
        from algocompare.plots._figure import axes_or_new

        ax = axes_or_new(ax, (3, 2))
        ax.bar(list(result.scores), list(result.scores.values()))
        return ax

    def line(result, ax=None):
        from algocompare.plots._figure import axes_or_new

        ax = axes_or_new(ax, (3, 2))
        ax.plot(list(result.scores.values()))
        return ax

    plots.register_customary_figure(Scores, bars, title="Scores")
    weighted = WeightedScores(method="w", scores={"A": 1, "B": 2})
    assert plots.customary_figure(weighted).draw is bars
    assert len(weighted.plot().patches) == 2
    assert [(v.key, figures.view_title(v, weighted)) for v in figures.figure_views(weighted)] == [("figure", "Scores")]
    plots.register_customary_figure(WeightedScores, line, title="Weighted scores")
    assert len(weighted.plot().lines) == 1
    assert plots.customary_figure(Scores(method="s", scores={})).draw is bars


def test_registering_something_else_than_a_class_or_a_function_is_refused():
    with pytest.raises(TypeError, match="result_type must be a class"):
        plots.register_customary_figure("PosthocResult", plots.cd_diagram, title="CD")
    with pytest.raises(TypeError, match="draw must be a function"):
        plots.register_customary_figure(ac.PosthocResult, "cd_diagram", title="CD")


def test_no_result_class_names_its_figure_and_no_figure_is_chosen_by_words():
    # the figure of a result is found by its type only: no class attribute naming a plotting
    # function, and the report chooses no figure by the words of `method`
    # (``BaseResult._plot_function`` and ``customary_figure``'s reading of it remain for one
    # release, deprecated, for result classes written for 0.1: no class of the package sets it)
    for path in (ROOT / "algocompare").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                targets = [t for stmt in node.body if isinstance(stmt, (ast.Assign, ast.AnnAssign))
                           for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])]
                assert "_plot_function" not in {getattr(t, "id", None) for t in targets}, (path, node.name)


def test_plotting_imports_matplotlib_only_when_drawing():
    code = ("import sys, algocompare as ac; r = ac.posthoc(ac.load_dataset('ice_cream')); "
            "assert 'matplotlib' not in sys.modules; ax = r.plot(); print(type(ax).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "Axes", out.stderr


def test_a_result_class_of_01_that_names_its_figure_still_draws_it():
    """Deprecated for one release: a user's result class with ``_plot_function = "cd_diagram"``
    gets that figure (and the report's post-hoc views), with a warning."""
    import dataclasses

    import pandas as pd

    import algocompare as ac
    from algocompare._results import BaseResult
    from algocompare.plots import customary_figure

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class OldStyle(BaseResult):
        _plot_function = "cd_diagram"
        mean_ranks: pd.Series
        critical_difference: float | None = 1.0

    old = OldStyle(method="old", mean_ranks=pd.Series([1.0, 2.5], index=["a", "b"]))
    with pytest.warns(DeprecationWarning, match="register_customary_figure"):
        assert customary_figure(old).title == "Critical-difference diagram"
    with pytest.warns(DeprecationWarning, match="customary_figure"):
        assert ac.posthoc(ac.load_dataset("ice_cream"))._plot_function == "cd_diagram"
