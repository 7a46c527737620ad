"""Timings of the hierarchical Bayesian test (Corani et al. 2017): algocompare's sampler against a
bare-numpy floor (plain Gibbs sweeps of the same model: no collapsed steps, no diagnostics, no result)
and baycomp's HierarchicalTest (PyStan: compile + sampling), on the same data in the same run.

Run: python benchmarks/bench_hierarchical.py [--stan stan-venv/bin/python]
Writes benchmarks/results_hierarchical.md. ``--stan PYTHON`` runs baycomp in that Python
(benchmarks/_baycomp_hierarchical_timing.py) with an empty httpstan cache, so that its first
data set includes the C++ compilation of the model.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from _timing import best_of  # noqa: E402  (benchmarks/ is on sys.path when run as a script)

import algocompare as ac
from algocompare.bayesian._diagnostics import diagnose
from algocompare.bayesian._hierarchical import _standardised

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).with_name("results_hierarchical.md")
CHAINS, PER_CHAIN, WARMUP = 4, 1000, 500


def bare_gibbs(x: np.ndarray, rho: float, seed: int = 0) -> dict[str, np.ndarray]:
    """The floor: the model's plain Gibbs sweeps (lam, delta, delta0, std0, sigma, nu by a
    random-walk Metropolis step on log(nu - 1), alpha and beta fixed at their prior means),
    vectorised over chains; no collapsed steps, truncations ignored (bounds 1000 x spread)."""
    rng = np.random.default_rng(seed)
    q, n = x.shape
    xbar, ss = x.mean(axis=1), ((x - x.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    c, r = 1 + (n - 1) * rho, 1 - rho
    delta = np.tile(xbar, (CHAINS, 1))
    prec = np.ones((CHAINS, q))
    delta0, std0, nu = np.zeros(CHAINS), np.ones(CHAINS), np.full(CHAINS, 10.0)
    alpha, beta = 1.5, 0.055
    out = np.empty((CHAINS, PER_CHAIN))
    from scipy.special import gammaln
    for sweep in range(WARMUP + PER_CHAIN):
        z2 = ((delta - delta0[:, None]) / std0[:, None]) ** 2
        lam = rng.gamma((nu[:, None] + 1) / 2) / ((nu[:, None] + z2) / 2)
        pd_, pp = n * prec / c, lam / std0[:, None] ** 2
        delta = (xbar * pd_ + delta0[:, None] * pp) / (pd_ + pp) + rng.standard_normal((CHAINS, q)) / np.sqrt(pd_ + pp)
        delta0 = (lam * delta).sum(1) / lam.sum(1) + std0 / np.sqrt(lam.sum(1)) * rng.standard_normal(CHAINS)
        std0 = 1 / np.sqrt(rng.gamma((q - 1) / 2) / ((lam * (delta - delta0[:, None]) ** 2).sum(1) / 2))
        prec = rng.gamma((n - 1) / 2, size=(CHAINS, q)) / ((ss / r + n * (xbar - delta) ** 2 / c) / 2)
        u = np.log(nu - 1)
        prop = u + 0.5 * rng.standard_normal(CHAINS)

        def logp(v, lam=lam):
            nu_ = 1 + np.exp(v)
            return alpha * v - beta * (nu_ - 1) + (q * (nu_ / 2 * np.log(nu_ / 2) - gammaln(nu_ / 2))
                                                   + (nu_ / 2 - 1) * np.log(lam).sum(1) - nu_ / 2 * lam.sum(1))
        accept = np.log(rng.random(CHAINS)) < logp(prop) - logp(u)
        nu = 1 + np.exp(np.where(accept, prop, u))
        if sweep >= WARMUP:
            out[:, sweep - WARMUP] = delta0
    return {"delta0": out}


def data_sets() -> dict[str, tuple[np.ndarray, np.ndarray, float, int]]:
    """name -> (runs of a, runs of b, rope, baycomp runs); rho = runs / n as baycomp."""
    rng = np.random.default_rng(27)
    q, n = 50, 10
    effect = rng.normal(0.2, 0.5, q)
    a = rng.normal(10, 1, (q, n))
    b = a - effect[:, None] + rng.normal(0, 1, (q, n)) * rng.uniform(0.5, 2, q)[:, None]
    frame = pd.read_csv(ROOT / "tests/data/baycomp_hierarchical_accuracies.csv", comment="#")
    cols = [f"s{i}" for i in range(100)]
    nbc = frame[frame.classifier == "nbc"].sort_values("row")[cols].to_numpy(float)
    j48 = frame[frame.classifier == "j48"].sort_values("row")[cols].to_numpy(float)
    return {"simulated, 50 instances x 10 runs": (a, b, 0.1, 1),
            "baycomp docs: nbc vs j48, 54 data sets x 100 (10 x 10-fold)": (nbc, j48, 1.0, 10)}


def as_results(a: np.ndarray, b: np.ndarray) -> ac.Results:
    rows = [(name, f"i{i}", r, v) for name, values in (("A", a), ("B", b))
            for i, row in enumerate(values) for r, v in enumerate(row)]
    return ac.Results.from_long(pd.DataFrame(rows, columns=["algorithm", "instance", "run", "value"]), run="run")


def stan_times(python: str, sets: dict) -> list[str]:
    tmp = Path(tempfile.mkdtemp())
    specs = []
    for k, (a, b, rope, runs) in enumerate(sets.values()):
        np.save(tmp / f"x{k}.npy", a)
        np.save(tmp / f"y{k}.npy", b)
        specs.append(f"set{k + 1}={tmp / f'x{k}.npy'},{tmp / f'y{k}.npy'},{rope},{runs}")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp / "cache"))     # empty httpstan cache: compile
    run = subprocess.run([python, str(ROOT / "benchmarks/_baycomp_hierarchical_timing.py"), str(PER_CHAIN), *specs],
                         capture_output=True, text=True, env=env)
    if run.returncode:
        raise RuntimeError(f"baycomp timing failed: {run.stderr[-2000:]}")
    return re.findall(r"^.*build\+sampling.*$", run.stdout, flags=re.MULTILINE)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stan", metavar="PYTHON", help="a Python with PyStan 3 and baycomp: time HierarchicalTest")
    args = parser.parse_args()
    sets = data_sets()
    lines = ["# Hierarchical Bayesian test: timings", "",
             f"Machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
             f"numpy {np.__version__}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores. "
             f"{CHAINS} chains x {PER_CHAIN} draws after {WARMUP} warm-up sweeps; best of 3 runs. ESS: the smallest "
             "bulk/tail effective sample size over every parameter (ours) or of delta0 (floor).", "",
             "| data | algocompare (s) | its min ESS | bare Gibbs floor (s) | floor's ESS of delta0 |",
             "|---|---|---|---|---|"]
    for name, (a, b, rope, runs) in sets.items():
        data = as_results(a, b)
        rho = runs / a.shape[1]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            call = lambda data=data, rope=rope, rho=rho: ac.bayesian_hierarchical(  # noqa: E731
                data, "A", "B", rope=rope, rho=rho, n_samples=CHAINS * PER_CHAIN, chains=CHAINS, warmup=WARMUP,
                rng=0, progress=False)
            ours = best_of(call, 3)
            result = call()
        x = _standardised(a - b, rope, np.random.default_rng(0))[0]    # the same data the sampler sees
        floor = best_of(lambda x=x, rho=rho: bare_gibbs(x, rho), 3)
        d = diagnose(bare_gibbs(x, rho)["delta0"])
        lines.append(f"| {name} | {ours:.2f} | {result.min_ess:.0f} | {floor:.2f} | "
                     f"{min(float(d.ess_bulk), float(d.ess_tail)):.0f} |")
    lines += ["", "The floor runs the same number of sweeps of the plainest Gibbs sampler of the model (alpha and beta "
              "fixed, nu by random-walk Metropolis, no collapsed steps, no bounds): the cost of the sweeps "
              "themselves. algocompare adds the collapsed steps (slice sampling of std0 and nu), the exact "
              "truncations, R-hat/ESS of every parameter and the posterior summaries."]
    if args.stan:
        lines += ["", f"baycomp 1.0.3 HierarchicalTest with PyStan 3.10 (NUTS, 4 chains x {PER_CHAIN} draws after "
                  "1000 warm-up), same data, same run; the first line includes the model's compilation:", ""]
        lines += [f"* {line}" for line in stan_times(args.stan, sets)]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
