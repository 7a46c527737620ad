"""Permutation tests for block designs (Chiarandini, Basso & Stützle 2005).

* :func:`permutation_test` — Design 1 (one run per algorithm and instance, permutations
  within instances, exact or Monte Carlo) and Design 2 (several runs, synchronized
  permutations, constrained or unconstrained);
* :func:`msd_intervals` — simultaneous all-pairwise minimum significant differences:
  parametric (Tukey HSD, Scheffé), permutation (Algorithm 2) and rank-based (Friedman),
  drawn as the paper's Fig. 3 by ``plot()``;
* :func:`relative_deviation` (e1) and :func:`zemel_measure` (e2) — normalisation of
  costs across instances (§2).
"""

from algocompare.permutation._msd import msd_intervals
from algocompare.permutation._normalize import relative_deviation, zemel_measure
from algocompare.permutation._omnibus import permutation_test
from algocompare.permutation._result import MSDResult, PermutationTestResult

__all__ = ["permutation_test", "msd_intervals", "relative_deviation", "zemel_measure",
           "PermutationTestResult", "MSDResult"]
