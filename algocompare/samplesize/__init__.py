"""Effect sizes, power, sample size and the Campelo–Takahashi study design."""

from algocompare.samplesize.power import t_power, z_power

__all__ = ["t_power", "z_power"]
