"""Report figures rendered by forked workers equal the ones rendered in process."""

import re

import algocompare as ac
from algocompare.analysis import run_analysis
from algocompare.report import _figures as figures


def _jobs():
    res = ac.load_dataset("cec2005_d10")
    jobs = []
    for section in run_analysis(res):
        for name, result in section.results.items():
            if section.figures is None or name in section.figures:
                jobs += [(view, result) for view in figures.figure_views(result)]
    return jobs


def _shape(svg: str) -> str:
    # matplotlib salts the SVG element ids per process; compare everything else
    return re.sub(r'id="[^"]*"|#[A-Za-z0-9_]+\b|xlink:href="[^"]*"', "", svg)


def test_forked_workers_give_the_same_figures_in_the_same_order(monkeypatch):
    # Other tests may have loaded pyplot, which keeps rendering in process; pretend not.
    import algocompare.plots._figure as figure_module

    monkeypatch.setattr(figure_module, "pyplot_in_use", lambda: False)
    forks = []
    import multiprocessing

    real = multiprocessing.get_context
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: forks.append(method) or real(method))
    jobs = _jobs()
    assert len(jobs) >= 3
    serial = figures.render_svgs(jobs, workers=1)
    forked = figures.render_svgs(jobs, workers=2)
    assert forks == ["fork"]
    assert [s.startswith("<svg") for s in forked] == [True] * len(jobs)
    assert [len(_shape(s)) for s in serial] == [len(_shape(s)) for s in forked]
