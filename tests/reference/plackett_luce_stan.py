"""The Bayesian Plackett–Luce posterior sampled by Stan (PyStan 3.10 / httpstan 4.13, NUTS), as
scmamp's bPlackettLuceModel does with rstan: Dirichlet(1) prior on the weights, the Plackett–Luce
likelihood of each ranking. The Stan program below is written from the model's definition
(Calvo et al. 2018); scmamp's inst/stan/pl_model.stan has the same likelihood (its instance weights,
all 1 there, are left out).

Reference for tests/bayesian/test_plackett_luce.py::test_posterior_agrees_with_stan and the Stan
timings in benchmarks/results_plackett_luce.md. Never imported by a test (PyStan needs a C++
compiler); run it in the venv that has PyStan, from the repository root:

    stan-venv/bin/python tests/reference/plackett_luce_stan.py

Input: tests/data/plackett_luce_blum100_ranks.csv (scmamp's vignette data, data.blum.2015 with
Size == 100, maximised, its ties broken at random once by algocompare's rank_orders with seed 0, so
that both samplers see the same strict rankings) and tests/data/plackett_luce_rankings.csv.
"""

import time

import numpy as np
import pandas as pd
import stan

MODEL = """
data { int<lower=1> n; int<lower=2> m; array[n, m] int order; vector[m] alpha; }
parameters { simplex[m] w; }
model {
  w ~ dirichlet(alpha);
  for (s in 1:n) for (i in 1:(m - 1)) {
    real rest = 0;
    for (j in i:m) rest += w[order[s, j]];
    target += log(w[order[s, i]]) - log(rest);
  }
}
"""

for path in ("tests/data/plackett_luce_blum100_ranks.csv", "tests/data/plackett_luce_rankings.csv"):
    ranks = pd.read_csv(path)
    ranks = ranks.drop(columns=[c for c in ranks.columns if c == "instance"])
    order = np.argsort(ranks.to_numpy(), axis=1) + 1            # Stan indexes from 1
    data = {"n": order.shape[0], "m": order.shape[1], "order": order.tolist(), "alpha": [1.0] * order.shape[1]}
    started = time.perf_counter()
    model = stan.build(MODEL, data=data, random_seed=1)        # compiles (cached after the first data set)
    built = time.perf_counter() - started
    started = time.perf_counter()
    fit = model.sample(num_chains=4, num_samples=1000, num_warmup=1000)
    sampled = time.perf_counter() - started
    w = fit["w"].T                                             # (draws, m)
    best = (w == w.max(axis=1, keepdims=True)).mean(axis=0)
    print(f"{path}: {order.shape[0]} rankings; build {built:.1f} s, sampling 4 chains x 1000 draws {sampled:.1f} s")
    print("algorithms:", ", ".join(ranks.columns))
    print("mean:  ", ", ".join(f"{v:.6f}" for v in w.mean(axis=0)))
    print("sd:    ", ", ".join(f"{v:.6f}" for v in w.std(axis=0, ddof=1)))
    print("p_best:", ", ".join(f"{v:.4f}" for v in best))
