"""Run by bench_hierarchical.py with a Python that has PyStan 3 and baycomp (not the package's):
times baycomp's HierarchicalTest (build + sampling) on the data sets given as .npy pairs.

Usage: python _baycomp_hierarchical_timing.py NSAMPLES name=x.npy,y.npy,rope,runs ...
Prints one line per data set: ``<name>: build+sampling <s> s, probs <l> <r> <r>``. The first
set includes the model's compilation when the httpstan cache is empty (XDG_CACHE_HOME).
"""

import os
import sys
import tempfile
import time

import numpy as np
from baycomp import HierarchicalTest

nsamples = int(sys.argv[1])
os.chdir(tempfile.mkdtemp())           # baycomp caches its last sample in ./last-sample.pickle
for spec in sys.argv[2:]:
    name, rest = spec.split("=", 1)
    x_path, y_path, rope, runs = rest.split(",")
    x, y = np.load(x_path), np.load(y_path)
    start = time.perf_counter()
    sample = HierarchicalTest.sample(x, y, float(rope), runs=int(runs), chains=4, nsamples=nsamples, random_state=0)
    seconds = time.perf_counter() - start
    probs = np.bincount(np.argmax(sample, axis=1), minlength=3) / len(sample)
    print(f"{name}: build+sampling {seconds:.1f} s, probs {probs[0]:.4f} {probs[1]:.4f} {probs[2]:.4f}", flush=True)
