"""The one-file HTML report of anytime data: what was read, ERT and success rates, the blocked comparison
at a budget, the comparison over the budget grid, and the anytime figures (ECDF, fixed-budget curves,
the convergence of mean ranks), in the same page style as the analysis report."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from algocompare._tables import frame_to_html, result_frame
from algocompare.report._ert_table import ert_table
from algocompare.report._html import _STYLE, _legible, _mark_long_text

__all__ = ["render_anytime_report", "write_anytime_report"]

#: Headers of the ERT table's columns when each instance has its quantile targets.
_SHARE_LABELS = ("90%", "75%", "50%", "25%", "10%")


def _svg(draw: Any) -> str:
    """The figure of the Axes ``draw()`` returns (the plots functions' return) as inline SVG, legible on
    a phone."""
    from algocompare.report._figures import close, svg_markup

    fig = draw().figure
    try:
        return _legible(svg_markup(fig))
    finally:
        close(fig)


def _figure(draw: Any, caption: str) -> str:
    return (f'<figure><div class="figure-scroll">{_svg(draw)}</div>'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def _read_html(runs: Any) -> str:
    table = runs.runs()
    per_cell = table.groupby(["algorithm", "instance"], sort=False).size()
    frame = table.groupby("algorithm", sort=False).agg(instances=("instance", "nunique"), runs=("run", "size"),
                                                       records=("records", "sum"), min_budget=("budget", "min"),
                                                       max_budget=("budget", "max"))
    frame.columns = ["instances", "runs", "records", "smallest budget", "largest budget"]
    better = "lower" if runs.direction == "minimize" else "higher"
    each = f"{per_cell.min()}" if per_cell.min() == per_cell.max() else f"{per_cell.min()}–{per_cell.max()}"
    return (f"<p>{len(runs.algorithms)} algorithms, {len(runs.instances)} instances, {runs.n_runs} runs "
            f"({each} per algorithm and instance), {runs.n_records} records; "
            f"direction: {runs.direction} ({better} values are better). A run's budget is the evaluations it "
            "used.</p>" + f'<div class="table-wrap">{frame_to_html(frame, caption="What was read")}</div>')


def _comparison_html(runs: Any, budget: float, alpha: float) -> str:
    from algocompare.frequentist import friedman as friedman_test
    from algocompare.posthoc import posthoc as posthoc_test

    results = runs.at_budget(budget)
    friedman = friedman_test(results)
    posthoc = posthoc_test(results, alpha=alpha)
    ranks = friedman.mean_ranks.sort_values().rename("mean rank").to_frame()
    frame, bold = result_frame(posthoc)
    return (f"<p>Each algorithm's value on an instance at {budget:g} evaluations is the mean of its runs' "
            f"best-so-far values there. Friedman: χ² = {friedman.statistic:.4g}, df = {friedman.df}, "
            f"p = {friedman.pvalue:.4g} ({friedman.n_instances} instances).</p>"
            f'<div class="table-wrap">{frame_to_html(ranks, caption="Mean ranks (1 = best)")}</div>'
            f'<div class="table-wrap">{frame_to_html(frame, bold=bold, caption=posthoc.method, index=False)}</div>')


def _grid_html(runs: Any, alpha: float, seed: int, n_resamples: int, figures: bool) -> str:
    from algocompare import compare_over_budgets

    if len(runs.algorithms) < 2:
        return ""
    result = compare_over_budgets(runs, alpha=alpha, rng=seed, n_resamples=n_resamples)
    frame = result.to_frame()
    parts = ['<section id="grid"><h2>Comparison over the budget grid</h2>',
             f"<p>{html.escape(result.method)}. {int(frame['reject'].sum())} of {len(frame)} (budget, pair) "
             f"hypotheses rejected at α = {alpha:g}, the family-wise error controlled over budgets × pairs.</p>"]
    first = pd.DataFrame(result.to_dict().get("first_significant") or [])
    if not first.empty:
        caption = "First budget from which each pair stays significant (empty: not to the end)"
        parts.append(f'<div class="table-wrap">{frame_to_html(first, index=False, caption=caption)}</div>')
    if figures:
        from algocompare.plots import plot_rank_convergence

        caption = "Mean rank of each algorithm over the budget grid (1 = best); marked: significant, adjusted."
        parts.append(_figure(lambda: plot_rank_convergence(result), caption))
    return "\n".join(parts + ["</section>"])


def _auc_html(runs: Any, targets: Any) -> str:
    import algocompare as ac

    scores = ac.ecdf_auc(runs, targets)
    friedman = ac.friedman(scores)
    means = scores.blocks().mean(axis=0).sort_values(ascending=False).rename("mean area").to_frame()
    return ('<section id="auc"><h2>Area under the runtime ECDF</h2>'
            "<p>One anytime score per run: the area under its runtime ECDF over the targets of the ERT table "
            f"(higher is better). Friedman over the instances: χ² = {friedman.statistic:.4g}, df = {friedman.df}, "
            f"p = {friedman.pvalue:.4g}.</p>"
            f'<div class="table-wrap">{frame_to_html(means, caption="Mean area per algorithm")}</div></section>')


def _censored_html(runs: Any, ert: Any, seed: int, n_resamples: int) -> str:
    import algocompare as ac

    reached = ert.table.groupby("target", sort=False)["successes"].sum()
    reached = reached[reached > 0]
    if reached.empty or len(runs.algorithms) < 2:
        return ""
    target = float(reached.index[-1])
    result = ac.logrank_test(runs.at_target(target), n_resamples=n_resamples, rng=seed)
    return (f'<section id="censored"><h2>Runtimes to {target:g}, unsuccessful runs censored</h2>'
            f"<p>{html.escape(result.method)}: χ² = {result.statistic:.4g}, p = {result.pvalue:.4g}; "
            f"{result.n_censored} of {result.n_runs} runs did not reach {target:g} (the hardest target of the "
            "table some run reached) and count as censored at their budget, not imputed.</p>"
            f'<div class="table-wrap">{frame_to_html(result.table, index=False)}</div></section>')


def _figures_html(runs: Any, targets: Any) -> str:
    from algocompare import fixed_budget, runtime_ecdf
    from algocompare.plots import plot_ecdf, plot_fixed_budget

    ecdf = runtime_ecdf(runs, targets)
    fixed = fixed_budget(runs, n_resamples=999, rng=0)
    instance = runs.instances[0]
    parts = [_figure(lambda: plot_ecdf(ecdf, pooled=True),
                     "Runtime ECDF: share of (run, target) pairs reached against evaluations, all instances and "
                     "the targets of the ERT table pooled."),
             _figure(lambda: plot_fixed_budget(fixed, instance=instance),
                     f"Best-so-far value against evaluations on {instance} (median and band).")]
    return '<section id="figures"><h2>Figures</h2>' + "\n".join(parts) + "</section>"


def render_anytime_report(runs: Any, *, targets: Sequence[float] | Mapping[Any, Sequence[float]] | None = None,
                          budget: float | None = None,
                          alpha: float = 0.05, seed: int = 0, n_resamples: int = 9999,
                          title: str = "Anytime performance of algorithms",
                          figures: bool = True) -> str:
    """The HTML report of anytime data as one string.

    Parameters
    ----------
    runs : AnytimeResults
        The runs (:func:`algocompare.read_anytime` and the readers).
    targets : sequence of float or mapping, optional
        Targets of the ERT table, easiest first, for all instances or instance → its own (default:
        :func:`algocompare.table_targets` by instance, the values 90, 75, 50, 25 and 10 % of its
        runs reached; the log-rank section needs one list for all).
    budget : float, optional
        Evaluations at which the algorithms are compared (default
        :func:`algocompare.common_budget`, the largest budget every run reached).
    alpha : float
        Significance level.
    seed : int
        Seed of the resampling tests.
    n_resamples : int
        Resamples of the comparison over the budget grid.
    title : str
    figures : bool
        Embed the figures (SVG).

    Returns
    -------
    str
        A complete HTML5 document: what was read, the ERT table (cocopp's layout), the comparison
        at the budget (Friedman, mean ranks, all-pairs post-hoc), the comparison over the budget
        grid, the area under each run's runtime ECDF, the log-rank test of the runtimes to the
        hardest target reached (unsuccessful runs censored) and the figures (runtime ECDF,
        fixed-budget curve, mean-rank convergence).

    Raises
    ------
    TypeError
        ``runs`` is not :class:`~algocompare.AnytimeResults`.

    See Also
    --------
    write_anytime_report : writes it to a file.
    render_report : the report of a results table.
    ert_table : the ERT table for a paper.

    Notes
    -----
    Same page style as :func:`render_report` (self-contained, no scripts; checked in headless
    Chromium at 390, 768 and 1280 px).

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([(a, f, r, [1, 10, 50], [9.0, 5.0 - s, 2.0 - s], 50)
    ...                                     for a, s in (("A", 0.0), ("B", 0.5)) for f in ("f1", "f2", "f3")
    ...                                     for r in (1, 2)])
    >>> page = ac.render_anytime_report(runs, figures=False)
    >>> page.splitlines()[0], "ERT" in page, "Friedman" in page
    ('<!DOCTYPE html>', True, True)
    """
    import algocompare as ac

    if not isinstance(runs, ac.AnytimeResults):
        raise TypeError(f"render_anytime_report expects AnytimeResults (read_anytime), got {type(runs).__name__}.")
    if targets is None:
        targets = ac.table_targets(runs, by_instance=True)
    own = isinstance(targets, Mapping)  # each instance its own targets
    chosen: dict[Any, list[float]] | list[float] = (
        {i: list(t) for i, t in targets.items()} if isinstance(targets, Mapping) else list(targets))
    budget = ac.common_budget(runs) if budget is None else float(budget)
    ert = ac.table_ert(runs, chosen)
    shown = ("on each instance, the values 90, 75, 50, 25 and 10 % of its runs reached" if own
             else ", ".join(f"{t:g}" for t in chosen))
    sections = [
        ('<section id="read"><h2>What was read</h2>', _read_html(runs)),
        ('<section id="ert"><h2>Expected running time and success</h2>',
         f'<div class="table-wrap">{ert_table(ert, output="html", target_labels=_SHARE_LABELS if own else None)}'
         "</div>"),
        (f'<section id="budget"><h2>Comparison at {budget:g} evaluations</h2>', _comparison_html(runs, budget, alpha)),
    ]
    body = [f"<h1>{html.escape(title)}</h1>",
            f'<p class="meta">algocompare {ac.__version__} · α = {alpha:g} · targets: {html.escape(shown)}</p>']
    body += [head + content + "</section>" for head, content in sections]
    body.append(_grid_html(runs, alpha, seed, n_resamples, figures))
    body.append(_auc_html(runs, chosen))
    if not own:  # the log-rank test needs one target for all instances
        body.append(_censored_html(runs, ert, seed, n_resamples))
    if figures:
        body.append(_figures_html(runs, chosen))
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            + _mark_long_text("\n".join(body)) + "\n</body>\n</html>\n")


def write_anytime_report(runs: Any, path: str | Path, **kwargs: Any) -> Path:
    """Write :func:`render_anytime_report` to ``path`` (UTF-8); returns the path.

    Parameters
    ----------
    runs : AnytimeResults
        The runs.
    path : str or Path
        The HTML file to write (replaced if it exists).
    **kwargs
        Passed to :func:`render_anytime_report` (``targets``, ``budget``, ``alpha``, ``seed``,
        ``n_resamples``, ``title``, ``figures``).

    Returns
    -------
    Path
        ``path``.

    See Also
    --------
    render_anytime_report : the page as a string.

    References
    ----------
    .. [1] Hansen, N., Auger, A., Brockhoff, D., Tušar, T. (2022). Anytime performance assessment
       in blackbox optimization benchmarking. *IEEE Transactions on Evolutionary Computation*
       26(6), 1293–1305. doi:10.1109/TEVC.2022.3210897

    Examples
    --------
    >>> import pathlib, tempfile, algocompare as ac
    >>> runs = ac.AnytimeResults.from_runs([(a, f, 1, [1, 10], [9.0, 5.0 - s], 10)
    ...                                     for a, s in (("A", 0.0), ("B", 0.5)) for f in ("f1", "f2")])
    >>> path = ac.write_anytime_report(runs, pathlib.Path(tempfile.mkdtemp()) / "anytime.html", figures=False)
    >>> path.name
    'anytime.html'
    """
    path = Path(path)
    path.write_text(render_anytime_report(runs, **kwargs), encoding="utf-8")
    return path
