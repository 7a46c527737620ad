"""The exported tables in the papers they are written for: ``\\input`` into IEEEtran (conference),
acmart (sigconf), a two-column and a one-column article, pdflatex must exit 0 with no overfull
box above 1 pt and no "Float too large", and every algorithm must be in the PDF's text.

A handful of documents run by default; the whole battery (k = 3 to 30, names of up to 40
characters, page width) is marked slow.
"""

import re
import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest

import algocompare as ac
from algocompare.analysis import AnalysisOptions, run_analysis
from tests._refdata import ref_path


def _have(*files):
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    found = subprocess.run(["kpsewhich", *files], check=False, capture_output=True, text=True).stdout.split()
    return len(found) == len(files)


needs_tex = pytest.mark.skipif(not _have("IEEEtran.cls", "acmart.cls", "booktabs.sty"),
                               reason="pdflatex with IEEEtran, acmart and booktabs is not installed")
needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler) is not installed")

PREAMBLES = {
    "ieee": r"\documentclass[conference]{IEEEtran}",
    "acm": r"\documentclass[sigconf]{acmart}" "\n" r"\settopmatter{printacmref=false}\setcopyright{none}"
           r"\renewcommand\footnotetextcopyrightpermission[1]{}",
    "twocolumn": r"\documentclass[twocolumn]{article}",
    "article": r"\documentclass{article}",
}

#: Realistic long names (up to 40 characters), one of them without a space to wrap at.
NAMES = ["CMA-ES (IPOP, restarts)", "L-SHADE (linear pop. reduction)", "BIPOP-aCMA-ES w/ surrogate", "jSO",
         "DE/rand/1/bin", "Particle swarm optimisation (SPSO 2011)", "NSGA-II",
         "BIPOP-aCMA-ES-with-surrogate-model-v2.1x", "random_search_v2 (50% budget)", "GA with adaptive mutation and elitism",
         "EBO with CMAR-type restarts", "Differential evolution, success-history"]


def _names(k):
    return [NAMES[i % len(NAMES)] if i < len(NAMES) else f"{NAMES[i % len(NAMES)][:30]} (v{i})" for i in range(k)]


def synthetic(k, n=15, *, seed=0, maximize=False, missing=False):
    """A k-algorithm table with long names, a few ties (values rounded), optionally missing cells."""
    rng = np.random.default_rng(seed)
    values = np.round(rng.normal(size=(n, k)) + np.linspace(0, 1.5, k), 2)
    frame = pd.DataFrame(values, columns=_names(k), index=[f"f{i + 1}" for i in range(n)])
    if missing:
        frame.iloc[1, 2] = np.nan
        frame.iloc[4, 0] = np.nan
    if maximize:  # an accuracy in [0.5, 1]
        frame = 0.5 + (frame - np.nanmin(values)) / (np.nanmax(values) - np.nanmin(values)) * 0.5
    return ac.Results.from_wide(frame, direction="maximize" if maximize else "minimize", nan_policy="keep")


def compile_tables(directory, data, sections, preamble, width="column"):
    """Export the tables of ``sections``, ``\\input`` them all into a document; (problems, text)."""
    paths = ac.export_tables(data, sections, directory, width=width)
    inputs = "\n".join(rf"\input{{{p.stem}}}" for p in paths if p.stem != "tables")
    title = r"\title{Tables}\maketitle" if "acmart" in PREAMBLES[preamble] else ""
    (directory / "paper.tex").write_text("\n".join([PREAMBLES[preamble], r"\usepackage{booktabs}",
                                                    r"\usepackage{array}", r"\begin{document}", title, inputs,
                                                    r"\end{document}", ""]))
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=directory,
                         check=False, capture_output=True, text=True, timeout=240)
    log = (directory / "paper.log").read_text(errors="replace")
    problems = []
    if run.returncode != 0:
        problems.append("pdflatex failed: " + " ".join(line for line in run.stdout.splitlines() if line.startswith("!")))
    overfull = [float(w) for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)]
    if any(w > 1.0 for w in overfull):
        problems.append(f"overfull boxes {overfull}")
    if "Float too large" in log:
        problems.append("Float too large")
    text = ""
    if run.returncode == 0:
        text = subprocess.run(["pdftotext", "paper.pdf", "-"], cwd=directory, check=False, capture_output=True,
                              text=True).stdout
    text = " ".join(text.split())
    absent = [a for a in data.algorithms if " ".join(str(a).split()) not in text]
    if absent:
        problems.append(f"not in the PDF's text: {absent}")
    return problems, text


def _analysis(data, bayesian):
    return run_analysis(data, AnalysisOptions(bayesian=bayesian, rope=0.1, n_samples=500, n_resamples=200))


@needs_tex
@needs_pdftotext
@pytest.mark.parametrize("preamble", ["ieee", "acm"])
def test_long_names_fit_the_column_of_ieee_and_acm_papers(preamble, tmp_path):
    data = synthetic(9, seed=9)
    problems, text = compile_tables(tmp_path, data, _analysis(data, bayesian=True), preamble)
    assert not problems, problems
    assert not any("longtable" in p.read_text() for p in tmp_path.glob("*.tex"))
    assert "APV (Holm)" in text and "P(left)" in text and "mean rank" in text


@needs_tex
@needs_pdftotext
def test_cec2017_all_pairs_in_a_two_column_article(tmp_path):
    # the case: \input{posthoc_all-pairs} of cec2017_d10 failed with "longtable not in 1-column mode"
    data = ac.load_dataset("cec2017_d10")
    problems, _ = compile_tables(tmp_path, data, _analysis(data, bayesian=False), "twocolumn")
    assert not problems, problems


@needs_tex
@needs_pdftotext
def test_thirty_algorithms_at_page_width_in_ieee(tmp_path):
    data = synthetic(30, seed=30)
    problems, _ = compile_tables(tmp_path, data, _analysis(data, bayesian=False), "ieee", width="page")
    assert not problems, problems
    assert r"\begin{table*}" in (tmp_path / "summary.tex").read_text()


CASES = {
    "cec2005_d10": lambda: ac.load_dataset("cec2005_d10"),
    "ice_cream": lambda: ac.load_dataset("ice_cream"),
    "long": lambda: ac.read(ref_path("results_long.csv")),
    "k3": lambda: synthetic(3, seed=3),
    "k14": lambda: synthetic(14, seed=14),
    "k20": lambda: synthetic(20, seed=20),
    "k30": lambda: synthetic(30, seed=30),
    "accuracy": lambda: synthetic(8, seed=8, maximize=True),
    "missing": lambda: synthetic(6, seed=6, missing=True),
}


@pytest.mark.slow
@needs_tex
@needs_pdftotext
@pytest.mark.parametrize("case", sorted(CASES))
def test_battery(case, tmp_path):
    data = CASES[case]()
    sections = _analysis(data, bayesian=data.n_algorithms <= 20 and not data.n_missing)
    failures = {}
    for width, preambles in (("column", PREAMBLES), ("page", ("ieee", "acm", "twocolumn"))):
        for preamble in preambles:
            directory = tmp_path / f"{width}-{preamble}"
            problems, _ = compile_tables(directory, data, sections, preamble, width)
            if problems:
                failures[(width, preamble)] = problems
    assert not failures, failures
