"""Running a comparative study: the execution engine behind the Campelo–Takahashi designs.

* :func:`run_experiment` — a whole study (thesis Algorithm 2): N* instances, each run with
  the sequential plan of Algorithm 1, then the final tests; reproducible, resumable, on a
  local worker pool, threads, any :class:`concurrent.futures.Executor` or Dask;
* :func:`calc_nreps` — runs of each algorithm on one instance until the standard errors of
  their differences reach ``se_max`` (Algorithm 1): a study of one instance, run by the same
  scheduler with the same seeds;
* :class:`ExperimentResult` — the finished study (final tests, per-instance estimates, runs);
* :class:`RunFailed` — a run kept failing (the message names the run and its seed);
* :func:`read_log` — the records of a study's results file as a DataFrame.

The statistics these run (sample sizes, standard errors, the sampling rule, the final
tests) are in :mod:`algocompare.samplesize`; the seeding rule of every run is in
:mod:`algocompare.experiment._seeds`.
"""

from algocompare.experiment._nreps import calc_nreps
from algocompare.experiment._results_file import read_log
from algocompare.experiment._runner import ExperimentResult, run_experiment
from algocompare.experiment._workers import RunFailed

__all__ = ["run_experiment", "calc_nreps", "ExperimentResult", "RunFailed", "read_log"]
