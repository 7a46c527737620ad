"""Sample size and the Campelo–Takahashi study design: instances, runs per instance, standard errors.

* :func:`sample_size` — instances for one paired comparison (z or t);
* :func:`calc_instances`, :func:`instance_power_curve` — N* for several comparisons, and the
  power of a fixed benchmark set;
* :func:`calc_se` — standard errors of simple and percent differences (delta method or
  bootstrap); :func:`bootstrap_means` — bootstrap sample means;
* :class:`~algocompare.samplesize._repetitions.SamplingPlan` — the sequential sampling rule
  of Algorithm 1 (runs per algorithm on one instance) and its :class:`RepetitionsResult`.

Running algorithms is :mod:`algocompare.experiment`'s job: ``calc_nreps`` (one instance)
and ``run_experiment`` (a study). The old names ``algocompare.samplesize.calc_nreps``,
``run_experiment``, ``ExperimentResult`` and ``RunFailed`` still resolve, with a
DeprecationWarning, until 0.4. Effect sizes and the power of z and t tests, which this subpackage
builds on, are in :mod:`algocompare.effects` (until 0.2 they were here: the old names
``algocompare.samplesize.cohens_d``, ``algocompare.samplesize.effect_size``, ... still
resolve, with a DeprecationWarning, for one release).
"""

from typing import Any

from algocompare.samplesize._bootstrap import BootstrapMeans, bootstrap_means
from algocompare.samplesize._instances import InstancePowerCurve, InstancesResult, calc_instances, instance_power_curve
from algocompare.samplesize._ocba import OCBAResult, ocba
from algocompare.samplesize._posthoc_power import PosthocPowerResult, posthoc_power
from algocompare.samplesize._repetitions import RepetitionsResult
from algocompare.samplesize._rm_anova_power import RMAnovaPowerResult, rm_anova_power
from algocompare.samplesize._sample_size import SampleSizeResult, sample_size
from algocompare.samplesize._standard_error import StandardErrorResult, calc_se

__all__ = ["BootstrapMeans", "InstancePowerCurve", "InstancesResult", "RepetitionsResult", "SampleSizeResult",
           "StandardErrorResult", "bootstrap_means", "calc_instances", "calc_se",
           "instance_power_curve", "sample_size"]
__all__ += ["PosthocPowerResult", "posthoc_power"]
__all__ += ["RMAnovaPowerResult", "rm_anova_power"]
__all__ += ["OCBAResult", "ocba"]

#: Names that moved to :mod:`algocompare.effects` in 0.2 (the two modules and their public names).
_MOVED = ("effect_size", "power", "ALTERNATIVES", "DESIGNS", "EffectSize", "PowerCurve", "cliffs_delta", "cohens_d",
          "cohens_d_prime", "d_z", "hedges_g", "power_curve", "rank_biserial", "t_power", "vargha_delaney_a12",
          "z_power")
#: Names that moved to :mod:`algocompare.experiment` (issue 26): the runner is an execution engine, not statistics.
_TO_EXPERIMENT = ("calc_nreps", "run_experiment", "ExperimentResult", "RunFailed")


def __getattr__(name: str) -> Any:
    import importlib

    from algocompare._deprecation import warn_renamed

    if name in _TO_EXPERIMENT:
        warn_renamed(f"algocompare.samplesize.{name}", f"algocompare.experiment.{name}", "algocompare.samplesize")
        return getattr(importlib.import_module("algocompare.experiment"), name)
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    where = "algocompare.effects._effect_size" if name == "effect_size" else f"algocompare.effects.{name}"
    warn_renamed(f"algocompare.samplesize.{name}", where, "algocompare.samplesize")
    if name == "effect_size":
        return importlib.import_module(where)
    return getattr(importlib.import_module("algocompare.effects"), name)
